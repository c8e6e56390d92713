//! What one seat may see, and the states a bot imagines from it.
//!
//! A seat sees the board, the bank, every public count, its own cards,
//! and of every other player: how many resource cards and how many
//! commodity cards it holds (commodity cards have their own backs), how
//! many progress cards of each deck (the backs are coloured by deck),
//! and, in the base game, how many development cards and when each was
//! bought. The decks' order, other hands, hidden victory points, other
//! seats' secret answers and the random generator are removed. While a
//! card makes another hand visible to it (Master Merchant, Spy), it sees
//! that hand.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use tabula_engine::pick_listed_in_view;
use tabula_engine::{Determinize, GameRng, Seat, TrustedView};

use super::action::Action;
use super::cards::{Card, Dev, Hand, Progress, Track};
use super::setup::shuffle;
use super::state::{Answer, CardStage, Catan, HiddenCounts, MAX_SEATS, Step};
use super::topology::Topology;

/// What one seat knows of another player's hidden cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Backs {
    /// Resource cards in hand.
    pub resources: u32,
    /// Commodity cards in hand.
    pub commodities: u32,
    /// Progress cards in hand, per deck (trade, politics, science).
    pub progress: [u8; 3],
    /// Base game: the turn each development card in hand was bought.
    pub dev_bought: Vec<u32>,
    /// Whether the hand is shown to the viewer now (then `state` holds it).
    pub hand_shown: bool,
    /// Whether the progress cards are shown to the viewer now.
    pub progress_shown: bool,
}

/// One seat's view of a game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct View {
    /// The viewing seat.
    pub seat: Seat,
    /// The game with everything hidden from the seat removed: other
    /// hands empty (unless shown), the decks empty, the generator reset.
    pub state: Catan,
    /// Per seat, the backs of its hidden cards (the viewer's own: empty).
    pub backs: Vec<Backs>,
    /// Cards left in each progress deck.
    pub deck_sizes: [u8; 3],
    /// Base game: cards left in the development deck.
    pub dev_deck_size: u8,
    #[serde(skip)]
    topo: OnceLock<Arc<Topology>>,
}

impl View {
    /// What `seat` sees of `game`.
    pub fn of(game: &Catan, seat: Seat) -> View {
        let mut view = View {
            seat,
            state: game.clone(),
            backs: Vec::with_capacity(game.seat_count()),
            deck_sizes: [0; 3],
            dev_deck_size: 0,
            topo: OnceLock::new(),
        };
        view.hide(game);
        view
    }

    /// Make `self` what `seat` sees of `game` (equal to [`View::of`]),
    /// reusing the storage of the view it held before.
    pub fn write(&mut self, game: &Catan, seat: Seat) {
        self.seat = seat;
        self.state.copy_from(game);
        self.hide(game);
    }

    /// With `self.state` a copy of `game` and `self.seat` set: remove what
    /// the seat may not see and fill in the rest of the view.
    fn hide(&mut self, game: &Catan) {
        let seat = self.seat;
        let state = &mut self.state;
        state.rng = GameRng::seeded(0);
        let (hand_shown, progress_shown) = shown_to(game, seat);
        let backs = &mut self.backs;
        backs.truncate(game.seat_count());
        backs.resize_with(game.seat_count(), Backs::default);
        for (s, (p, b)) in state.players.iter_mut().zip(backs.iter_mut()).enumerate() {
            let mut dev_bought = std::mem::take(&mut b.dev_bought);
            dev_bought.clear();
            if s == seat as usize {
                *b = Backs {
                    dev_bought,
                    ..Backs::default()
                };
                continue;
            }
            *b = Backs {
                resources: Card::RESOURCES
                    .iter()
                    .map(|c| u32::from(p.hand.get(*c)))
                    .sum(),
                commodities: Card::COMMODITIES
                    .iter()
                    .map(|c| u32::from(p.hand.get(*c)))
                    .sum(),
                hand_shown: hand_shown == Some(s as Seat),
                progress_shown: progress_shown == Some(s as Seat),
                dev_bought,
                ..Backs::default()
            };
            for c in &p.progress {
                b.progress[c.track().index()] += 1;
            }
            b.dev_bought.extend(p.dev.iter().map(|(_, t)| *t));
            if !b.hand_shown {
                p.hand = Hand::EMPTY;
            }
            if !b.progress_shown {
                p.progress.clear();
            }
            p.dev.clear();
        }
        self.deck_sizes = [0, 1, 2].map(|t| state.decks[t].len() as u8);
        for d in &mut state.decks {
            d.clear();
        }
        self.dev_deck_size = state.dev_deck.len() as u8;
        state.dev_deck.clear();
        // Secret answers of other seats.
        if let Some(step) = state.steps.last_mut() {
            match step {
                Step::Give { chosen, .. } => {
                    for (s, c) in chosen.iter_mut().enumerate() {
                        if s != seat as usize {
                            *c = Hand::EMPTY;
                        }
                    }
                }
                Step::Answers { answers, .. } => {
                    // The offerer (the current player) is not asked; the
                    // others' answers stay secret until all have answered.
                    let current = game.current as usize;
                    for (s, a) in answers.iter_mut().enumerate() {
                        if s != seat as usize && s != current && *a != Answer::Waiting {
                            *a = Answer::Sealed;
                        }
                    }
                }
                _ => {}
            }
        }
        self.state.hidden = Some(self.hidden_counts());
        let topo = OnceLock::new();
        let _ = topo.set(game.topo.clone());
        self.topo = topo;
    }

    /// The counts of what the seat cannot see, from the backs and deck
    /// sizes (see [`HiddenCounts`]).
    fn hidden_counts(&self) -> HiddenCounts {
        let mut counts = HiddenCounts {
            decks: self.deck_sizes,
            dev_deck: self.dev_deck_size,
            ..HiddenCounts::default()
        };
        for (s, b) in self.backs.iter().enumerate().take(MAX_SEATS) {
            if s == self.seat as usize {
                continue;
            }
            if !b.hand_shown {
                counts.hands[s] = Some((b.resources, b.commodities));
            }
            if !b.progress_shown {
                counts.progress[s] = Some(b.progress.iter().map(|&n| u32::from(n)).sum());
            }
        }
        counts
    }

    /// The board, numbered (rebuilt once when the view was read from JSON).
    pub fn topology(&self) -> Arc<Topology> {
        self.topo
            .get_or_init(|| {
                if self.state.topo.hexes.is_empty() {
                    Arc::new(Topology::new(&self.state.board))
                } else {
                    self.state.topo.clone()
                }
            })
            .clone()
    }
}

/// Whose hand (cards, progress cards) a card shows `seat` right now.
fn shown_to(game: &Catan, seat: Seat) -> (Option<Seat>, Option<Seat>) {
    if seat != game.current {
        return (None, None);
    }
    match game.steps.last() {
        Some(Step::Card {
            card: Progress::MasterMerchant,
            stage: CardStage::More { victim, .. },
        }) => (*victim, None),
        Some(Step::Card {
            card: Progress::Spy,
            stage: CardStage::SpyOn { victim },
        }) => (None, Some(*victim)),
        _ => (None, None),
    }
}

/// Every progress card of the game, per deck.
fn progress_composition(game: &Catan) -> [Vec<Progress>; 3] {
    let mut out: [Vec<Progress>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    if !game.ck() {
        return out;
    }
    for (p, t, n) in Progress::DECKS {
        for _ in 0..n {
            out[t.index()].push(p);
        }
        if game.options.testgame && !p.is_point() {
            for _ in 0..game.seat_count() {
                out[t.index()].push(p);
            }
        }
    }
    out
}

fn remove_one<T: PartialEq>(v: &mut Vec<T>, x: &T) -> bool {
    match v.iter().position(|y| y == x) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

impl Determinize for Catan {
    fn determinize(view: &View, rng: &mut GameRng) -> Result<Catan, String> {
        let mut g = view.state.clone();
        fill_hidden(&mut g, view, rng)?;
        Ok(g)
    }

    fn determinize_into(view: &View, rng: &mut GameRng, out: &mut Catan) -> Result<(), String> {
        out.copy_from(&view.state);
        fill_hidden(out, view, rng)
    }

    /// Listed in the view's state, which holds the counts of what the
    /// seat cannot see ([`HiddenCounts`]): its legal actions depend on how
    /// many cards the others and the decks hold, never on which (a hand
    /// Master Merchant or a Spy shows is in the view). A view read from
    /// JSON lacks the counts: its state is copied into `scratch` and given
    /// them.
    fn legal_actions_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        _rng: &mut GameRng,
        scratch: &mut Option<Self>,
    ) -> Vec<Action> {
        if view.state.hidden.is_some() {
            return view.state.actions(seat);
        }
        let game = match scratch {
            Some(game) => {
                game.copy_from(&view.state);
                game
            }
            None => scratch.insert(view.state.clone()),
        };
        game.topo = view.topology();
        game.hidden = Some(view.hidden_counts());
        game.actions(seat)
    }

    fn random_action_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<Self>,
    ) -> Option<Action> {
        pick_listed_in_view(view, seat, rng, scratch)
    }
}

/// With `g` a copy of the view's state: deal the hidden cards (see
/// [`Determinize::determinize`]).
fn fill_hidden(g: &mut Catan, view: &View, rng: &mut GameRng) -> Result<(), String> {
    {
        let n = g.seat_count();
        if n > MAX_SEATS || view.backs.len() != n || view.seat as usize >= n {
            return Err("the view's seats do not match its game".into());
        }
        g.topo = view.topology();
        g.hidden = None;
        g.rng = GameRng::seeded(rng.next_u64());
        // Resources and commodities: what no one visible holds is in the
        // hidden hands; deal it by the backs' counts.
        let mut unseen: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
        let supply = |c: Card| -> u32 {
            if c.is_commodity() {
                if g.ck() {
                    u32::from(super::state::COMMODITY_SUPPLY)
                } else {
                    0
                }
            } else {
                u32::from(super::state::RESOURCE_SUPPLY)
            }
        };
        for c in Card::ALL {
            let seen: u32 = u32::from(g.bank.get(c))
                + g.players
                    .iter()
                    .map(|p| u32::from(p.hand.get(c)))
                    .sum::<u32>();
            let Some(left) = supply(c).checked_sub(seen) else {
                return Err(format!("the view shows more {c} than the game has"));
            };
            for _ in 0..left {
                unseen[usize::from(c.is_commodity())].push(c);
            }
        }
        for pile in &mut unseen {
            shuffle(pile, rng);
        }
        for (s, b) in view.backs.iter().enumerate() {
            if s == view.seat as usize || b.hand_shown {
                continue;
            }
            for (kind, count) in [(0usize, b.resources), (1, b.commodities)] {
                for _ in 0..count {
                    let card = unseen[kind]
                        .pop()
                        .ok_or("the view's hand counts exceed the cards in the game")?;
                    g.players[s].hand.add(card, 1);
                }
            }
        }
        if unseen.iter().any(|p| !p.is_empty()) {
            return Err("the view's hand counts do not add up".into());
        }
        // Progress cards: per deck, the unseen ones are in other hands and the deck.
        let mut pool = progress_composition(g);
        for p in &g.players {
            for c in p.progress.iter().chain(&p.shown) {
                if !remove_one(&mut pool[c.track().index()], c) {
                    return Err(format!("the view shows a {c} too many"));
                }
            }
        }
        for pile in &mut pool {
            shuffle(pile, rng);
        }
        for (s, b) in view.backs.iter().enumerate() {
            if s == view.seat as usize || b.progress_shown {
                continue;
            }
            for t in Track::ALL {
                for _ in 0..b.progress[t.index()] {
                    let card = pool[t.index()]
                        .pop()
                        .ok_or("the view's progress counts exceed the decks")?;
                    g.players[s].progress.push(card);
                }
            }
        }
        for t in Track::ALL {
            if pool[t.index()].len() != usize::from(view.deck_sizes[t.index()]) {
                return Err("the view's deck sizes do not add up".into());
            }
        }
        g.decks = pool;
        // Development cards (base game).
        if !g.ck() {
            let mut devs: Vec<Dev> = Vec::new();
            for (d, k) in Dev::DECK {
                for _ in 0..k {
                    devs.push(d);
                }
            }
            let me = &g.players[view.seat as usize];
            for (d, _) in &me.dev {
                remove_one(&mut devs, d);
            }
            let played: Vec<u8> = g.players.iter().map(|p| p.knights_played).collect();
            for k in played {
                for _ in 0..k {
                    remove_one(&mut devs, &Dev::Knight);
                }
            }
            shuffle(&mut devs, rng);
            for (s, b) in view.backs.iter().enumerate() {
                if s == view.seat as usize {
                    continue;
                }
                for &t in &b.dev_bought {
                    let d = devs
                        .pop()
                        .ok_or("the view's development cards do not add up")?;
                    g.players[s].dev.push((d, t));
                }
            }
            // Cards played other than knights are not tracked in the view:
            // the deck gets what is left, cut to its known size.
            devs.truncate(usize::from(view.dev_deck_size));
            g.dev_deck = devs;
        }
        // Other seats' sealed answers are unknown: imagine a refusal.
        if let Some(Step::Answers { answers, .. }) = g.steps.last_mut() {
            for a in answers.iter_mut() {
                if *a == Answer::Sealed {
                    *a = Answer::Decline;
                }
            }
        }
        Ok(())
    }
}
