//! Catan on the game contract: whose move it is, checked actions, the
//! dice as chance, the outcome, the state hash, and new games from
//! options, a map and a seed.

use std::ops::RangeInclusive;
use std::rc::Rc;

use tabula_engine::{
    Game, GameRng, Outcome, Problem, Problems, Ruleset, Seat, SeatSet, StateHash, StateHasher,
    ToMove,
};

use super::action::{Action, Piece};
use super::cards::{Card, cost};
use super::options::Options;
use super::state::{Answer, Building, Catan, Phase, Step};
use super::view::View;
use crate::CheckedBoard;
use tabula_engine::map_cache::LastMap;

pub use super::refusal::{Refusal, Unplayable, Waiting};

impl Catan {
    /// The seat a decision step waits for (`None` for a step every seat
    /// in a set answers, or one done at once).
    pub fn step_seat(&self, step: &Step) -> Option<Seat> {
        match *step {
            Step::SetupBuilding { seat, .. }
            | Step::SetupRoad { seat, .. }
            | Step::MoveRobber { seat, .. }
            | Step::Steal { seat }
            | Step::Pillage { seat }
            | Step::DefenderDraw { seat }
            | Step::ReturnProgress { seat }
            | Step::Metropolis { seat, .. }
            | Step::Aqueduct { seat }
            | Step::Displaced { seat, .. }
            | Step::HarborAnswer { seat, .. }
            | Step::DesertKnight { seat }
            | Step::FreeRoads { seat, .. }
            | Step::Plenty { seat, .. }
            | Step::Monopoly { seat } => Some(seat),
            Step::Card { .. } | Step::CloseTrade { .. } => Some(self.current),
            _ => None,
        }
    }

    /// Why `action` is not legal for `seat` now, as precisely as can be said.
    pub fn why_not(&self, seat: Seat, action: &Action) -> Refusal {
        if self.phase == Phase::Over {
            return Refusal::GameOver;
        }
        if seat as usize >= self.seat_count() {
            return Refusal::NoSuchPlayer(seat);
        }
        let waiting = match self.to_move() {
            ToMove::Seat(s) if s != seat => Some(Waiting::Player(s)),
            ToMove::Simultaneous(set) if !set.contains(seat) => Some(Waiting::Others),
            ToMove::Chance => Some(Waiting::Dice),
            _ => None,
        };
        if let Some(w) = waiting {
            return Refusal::NotYourMove(w);
        }
        if let Some(step) = self.steps.last() {
            return Refusal::NotTheAnswer {
                action: action.text(&self.topo),
                step: step.clone(),
            };
        }
        let p = &self.players[seat as usize];
        match *action {
            Action::RollDice if self.phase == Phase::Main => Refusal::Rolled,
            Action::Build { piece, at } => {
                if at as usize >= self.places(piece) {
                    return Refusal::NoSuchPlace;
                }
                if self.phase != Phase::Main {
                    return Refusal::RollFirst;
                }
                let (price, left) = match piece {
                    Piece::Road => (cost::ROAD, p.roads_left),
                    Piece::Settlement => (cost::SETTLEMENT, p.settlements_left),
                    Piece::City => (cost::CITY, p.cities_left),
                    Piece::CityWall => (cost::WALL, p.walls_left),
                    Piece::Knight => (cost::KNIGHT, p.knights_left[0]),
                };
                if matches!(piece, Piece::CityWall | Piece::Knight) && !self.ck() {
                    return Refusal::NoKnightsInBase;
                }
                if left == 0 {
                    return Refusal::NoneLeft(piece);
                }
                if !p.hand.covers(&price) {
                    return Refusal::Costs {
                        piece,
                        price,
                        hand: p.hand,
                    };
                }
                Refusal::NoPlace(piece)
            }
            Action::Play { card } => match self.progress_playable(seat, card) {
                Err(why) => Refusal::Card(why),
                Ok(()) => Refusal::NotNow(action.text(&self.topo)),
            },
            Action::Trade { give, take } => {
                let rate = self.rate(seat, give);
                if give == take {
                    Refusal::SameKind
                } else if p.hand.get(give) < rate {
                    Refusal::Rate {
                        give,
                        rate,
                        have: p.hand.get(give),
                    }
                } else if self.bank.get(take) == 0 {
                    Refusal::BankOut(take)
                } else {
                    Refusal::TradeAfterRoll
                }
            }
            Action::UpgradeProgress { track } => {
                if !self.ck() {
                    Refusal::NoImprovementsInBase
                } else {
                    Refusal::Improvement {
                        track,
                        cost: self.improvement_cost(seat, track),
                    }
                }
            }
            Action::EndTurn if p.progress.len() > self.options.progress_limit() => {
                Refusal::TooManyProgress
            }
            _ => Refusal::NotNow(action.text(&self.topo)),
        }
    }
}

/// A step in a few words, for refusals.
pub fn step_words(step: &Step) -> &'static str {
    match step {
        Step::SetupBuilding { .. } => "place a starting building",
        Step::SetupRoad { .. } => "place a road beside it",
        Step::Give { .. } => "give up cards",
        Step::MoveRobber { .. } => "move the robber",
        Step::Steal { .. } => "choose whom to rob",
        Step::Pillage { .. } => "choose the city the barbarians take",
        Step::DefenderDraw { .. } => "choose a progress deck",
        Step::ReturnProgress { .. } => "put a progress card back",
        Step::Metropolis { .. } => "choose the city for the metropolis",
        Step::Aqueduct { .. } => "choose a resource (Aqueduct)",
        Step::Displaced { .. } => "move the displaced knight",
        Step::Card { .. } => "answer the progress card",
        Step::HarborAnswer { .. } => "choose a commodity to give",
        Step::DesertKnight { .. } => "remove one of your knights",
        Step::FreeRoads { .. } => "place a free road",
        Step::Plenty { .. } => "take a resource",
        Step::Monopoly { .. } => "name a resource",
        Step::Answers { .. } => "answer the trade offer",
        Step::CloseTrade { .. } => "close the trade",
        _ => "wait",
    }
}

impl Catan {
    /// Apply an action taken from [`Game::legal_actions`] without checking
    /// it again (what a search or a benchmark that just listed the actions
    /// does). An action that was not listed leaves the state undefined;
    /// [`Game::apply`] is the checked way.
    pub fn apply_listed(&mut self, seat: Seat, action: &Action) {
        self.perform(seat, action);
    }
}

impl Game for Catan {
    type Action = Action;
    type Error = Refusal;
    type View = View;

    fn seats(&self) -> usize {
        self.seat_count()
    }

    fn to_move(&self) -> ToMove {
        if self.phase == Phase::Over {
            return ToMove::Over;
        }
        match self.steps.last() {
            Some(Step::Give { owed, .. }) => {
                let mut set = SeatSet::EMPTY;
                for (s, n) in owed.iter().enumerate().take(self.seat_count()) {
                    if *n > 0 {
                        set = set.with(s as Seat);
                    }
                }
                ToMove::Simultaneous(set)
            }
            Some(Step::Answers { answers, .. }) => {
                let mut set = SeatSet::EMPTY;
                for (s, a) in answers.iter().enumerate().take(self.seat_count()) {
                    if *a == Answer::Waiting {
                        set = set.with(s as Seat);
                    }
                }
                ToMove::Simultaneous(set)
            }
            Some(step) => ToMove::Seat(self.step_seat(step).unwrap_or(self.current)),
            None => match self.phase {
                Phase::Rolling => ToMove::Chance,
                _ => ToMove::Seat(self.current),
            },
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.actions(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if !self.is_legal(seat, action) {
            return Err(self.why_not(seat, action));
        }
        self.perform(seat, action);
        Ok(())
    }

    fn apply_chance(&mut self) -> Result<(), Refusal> {
        if self.phase != Phase::Rolling || !self.steps.is_empty() {
            return Err(Refusal::NoDiceDue);
        }
        self.roll_dice();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let n = self.seat_count() as Seat;
        let scores: Vec<i64> = (0..n).map(|s| i64::from(self.points(s))).collect();
        let keys: Vec<(bool, i64)> = (0..n)
            .map(|s| (self.winner == Some(s), scores[s as usize]))
            .collect();
        Some(Outcome {
            ranks: Outcome::ranks_from_keys(&keys),
            scores,
        })
    }

    /// What a watcher sees: the view from no seat (every hand, secret
    /// choice and hidden score of every seat removed).
    fn public_view(&self) -> Option<View> {
        Some(self.player_view(tabula_engine::seat::NO_SEAT))
    }

    fn player_view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn write_view(&self, seat: Seat, view: &mut View) {
        view.write(self, seat);
    }

    fn state_hash(&self) -> StateHash {
        let mut h = StateHasher::new();
        h.u32(self.turn).u8(self.current).u8(self.phase as u8);
        for n in &self.numbers {
            h.u8(*n);
        }
        for b in &self.buildings {
            match *b {
                Building::None => h.u8(0),
                Building::Settlement { owner } => h.u8(1).u8(owner),
                Building::City {
                    owner,
                    wall,
                    metropolis,
                } => h
                    .u8(2)
                    .u8(owner)
                    .u8(wall as u8)
                    .u8(metropolis.map_or(9, |t| t as u8)),
            };
        }
        for k in &self.knights {
            match k {
                None => h.u8(0),
                Some(k) => h
                    .u8(1)
                    .u8(k.owner)
                    .u8(k.level)
                    .u8(k.active as u8)
                    .u32(k.activated_on)
                    .u32(k.promoted_on),
            };
        }
        for r in &self.roads {
            h.u8(r.map_or(9, |s| s));
        }
        h.u16(self.robber);
        match self.merchant {
            Some((hex, s)) => h.u16(hex).u8(s),
            None => h.u8(255),
        };
        for p in &self.players {
            h.bytes(&p.hand.0);
            for c in &p.progress {
                h.u8(*c as u8);
            }
            h.u8(0xff);
            for c in &p.shown {
                h.u8(*c as u8);
            }
            h.u8(p.defender).bytes(&p.levels).u8(p.settlements_left);
            h.u8(p.cities_left).u8(p.roads_left).u8(p.walls_left);
            h.bytes(&p.knights_left);
            for (d, t) in &p.dev {
                h.u8(*d as u8).u32(*t);
            }
            h.u8(p.knights_played).u8(0xfe);
        }
        h.bytes(&self.bank.0);
        for d in &self.decks {
            for c in d {
                h.u8(*c as u8);
            }
            h.u8(0xff);
        }
        for d in &self.dev_deck {
            h.u8(*d as u8);
        }
        h.u32(self.progress_total)
            .u8(self.defender_left)
            .u8(self.barbarians);
        h.u8(self.robber_awake as u8);
        for m in &self.metropolis {
            match m {
                Some((s, c)) => h.u8(*s).u16(*c),
                None => h.u8(255),
            };
        }
        h.u8(self.longest_road.map_or(9, |s| s));
        h.u8(self.largest_army.map_or(9, |s| s));
        h.u8(self.dev_played as u8);
        if let Some(r) = self.roll {
            h.u8(r.red).u8(r.white).u8(r.event.map_or(9, |t| t as u8));
        }
        if let Some((r, w)) = self.chosen_dice {
            h.u8(r).u8(w);
        }
        if let Some(e) = self.fixed_event {
            h.u8(0xee).u8(e.map_or(9, |t| t as u8));
        }
        h.u8(self.crane as u8).u8(self.fleet.map_or(9, |c| c as u8));
        h.u8(self.harbor_offered.0)
            .u8(self.offers_made)
            .u8(self.setup_done);
        h.u8(self.winner.map_or(9, |s| s));
        if !self.steps.is_empty() {
            h.bytes(&serde_json::to_vec(&self.steps).unwrap_or_default());
        }
        for x in self.rng.fingerprint() {
            h.u64(x);
        }
        h.finish()
    }

    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        super::legal::with_scratch(|actions| {
            self.actions_into(seat, actions);
            if actions.is_empty() {
                None
            } else {
                Some(actions[rng.index(actions.len())])
            }
        })
    }
}

thread_local! {
    /// The board a thread read last: every game of a run reads the same
    /// map text.
    static LAST_BOARD: LastMap<Rc<CheckedBoard>> = const { LastMap::new() };
}

impl Ruleset for Catan {
    const NAME: &'static str = "catan";
    type Options = Options;

    fn seat_range() -> RangeInclusive<usize> {
        2..=4
    }

    fn default_map() -> Option<&'static str> {
        Some(crate::STANDARD_BOARD)
    }

    fn new_game(
        options: &Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Result<Catan, Problems> {
        if let Some(position) = &options.position {
            return Catan::from_position(position, options, map, seats, seed);
        }
        let text = map.unwrap_or(crate::STANDARD_BOARD);
        let board = LAST_BOARD
            .with(|last| last.read(text, |t| CheckedBoard::from_text(t).map(Rc::new)))
            .map_err(|problems| {
                Problems(
                    problems
                        .into_iter()
                        .filter(|p| p.severity == crate::Severity::Error)
                        .map(|p| {
                            let mut q = Problem::error(p.rule.name(), p.message.clone());
                            q.line = p.line;
                            q.col = p.col;
                            q
                        })
                        .collect(),
                )
            })?;
        Catan::new(options, &board, seats, seed)
    }
}

impl Catan {
    /// A game that starts from a position (option `position`): the
    /// position read on the map, its seat count checked against the
    /// game's, the decks shuffled again with the game's seed.
    fn from_position(
        text: &str,
        options: &Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Result<Catan, Problems> {
        let mut g = super::position::read_position_with(text, map, options.clone())?;
        if g.seat_count() != seats {
            return Err(Problem::error(
                "position-players",
                format!(
                    "the position is for {} players, the game has {seats}",
                    g.seat_count()
                ),
            )
            .into());
        }
        g.rng = tabula_engine::GameRng::seeded(seed);
        for deck in g.decks.iter_mut() {
            super::setup::shuffle(deck, &mut g.rng);
        }
        super::setup::shuffle(&mut g.dev_deck, &mut g.rng);
        g.options.position = None;
        Ok(g)
    }
}

/// The cards in hand, for conservation checks: what the bank and every
/// player hold together.
pub fn cards_in_play(game: &Catan) -> [u32; 8] {
    let mut total = [0u32; 8];
    for c in Card::ALL {
        total[c.index()] = u32::from(game.bank.get(c))
            + game
                .players
                .iter()
                .map(|p| u32::from(p.hand.get(c)))
                .sum::<u32>();
    }
    total
}
