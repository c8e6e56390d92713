//! Every legal action of a seat. [`Catan::apply`](super) accepts exactly
//! these, so this file is where the rules say what may be done.

use std::cell::RefCell;

use tabula_engine::{Seat, SeatSet};

use super::action::{Action, Choice, Piece, Target};
use super::cards::{Card, Dev, Progress, Track, cost};
use super::refusal::Unplayable;
use super::state::{Answer, Building, CardStage, Catan, Giving, Offer, Phase, Step};
use super::topology::{CornerId, HexId, SideId};

/// Most offers to other players per turn.
pub const OFFERS_PER_TURN: u8 = 3;
/// Most cards of one kind in an offer between players.
pub const MOST_IN_OFFER: u8 = 3;

/// The groups of main-phase actions, in the order they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Roads,
    Settlements,
    Cities,
    NewKnights,
    Knights,
    Improvements,
    Cards,
    BankTrades,
    Offers,
    End,
}

impl Group {
    const ALL: [Group; 10] = [
        Group::Roads,
        Group::Settlements,
        Group::Cities,
        Group::NewKnights,
        Group::Knights,
        Group::Improvements,
        Group::Cards,
        Group::BankTrades,
        Group::Offers,
        Group::End,
    ];
}

thread_local! {
    /// A list of actions kept per thread for the checks and random picks
    /// that list actions only to look at them.
    static SCRATCH: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

/// Run `f` on an empty list of actions kept per thread (a new list when
/// the kept one is in use further up the stack).
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut Vec<Action>) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut list) => {
            list.clear();
            f(&mut list)
        }
        Err(_) => f(&mut Vec::new()),
    })
}

impl Catan {
    /// Every legal action of `seat` (empty when it is not to act).
    pub fn actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.actions_into(seat, &mut out);
        out
    }

    /// [`Catan::actions`] appended to `out`.
    pub fn actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.phase == Phase::Over || seat as usize >= self.seat_count() {
            return;
        }
        match self.steps.last() {
            Some(step) => self.step_actions(step, seat, out),
            None => {
                if seat != self.current {
                    return;
                }
                match self.phase {
                    Phase::BeforeRoll => self.before_roll_actions(seat, out),
                    Phase::Main => self.main_actions(seat, out),
                    _ => {}
                }
            }
        }
    }

    /// Whether `seat` has a legal action: `!actions(seat).is_empty()`,
    /// answered without listing them for the steps most often asked.
    pub fn has_action(&self, seat: Seat) -> bool {
        if self.phase == Phase::Over || seat as usize >= self.seat_count() {
            return false;
        }
        match self.steps.last() {
            Some(&Step::MoveRobber { seat: s, .. }) => {
                s == seat && (0..self.topo.hexes.len()).any(|h| h != self.robber as usize)
            }
            Some(&Step::Steal { seat: s }) => s == seat && !self.steal_set(seat).is_empty(),
            Some(&Step::SetupRoad { seat: s, from }) => {
                s == seat
                    && self.topo.corners[from as usize]
                        .sides
                        .iter()
                        .any(|side| self.roads[*side as usize].is_none())
            }
            Some(&Step::SetupBuilding { seat: s, .. }) => {
                s == seat && (0..self.buildings.len()).any(|c| self.settlement_room(c as CornerId))
            }
            _ => with_scratch(|out| {
                self.actions_into(seat, out);
                !out.is_empty()
            }),
        }
    }

    fn before_roll_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::RollDice);
        let p = &self.players[seat as usize];
        if self.ck() && self.chosen_dice.is_none() && p.progress.contains(&Progress::Alchemist) {
            out.push(Action::Play {
                card: Progress::Alchemist,
            });
        }
        if !self.ck() && self.dev_playable(seat, Dev::Knight) {
            out.push(Action::PlayDevelopment { card: Dev::Knight });
        }
    }

    fn dev_playable(&self, seat: Seat, card: Dev) -> bool {
        !self.dev_played
            && card != Dev::VictoryPoint
            && self.players[seat as usize]
                .dev
                .iter()
                .any(|(d, t)| *d == card && *t < self.turn)
            && match card {
                Dev::RoadBuilding => {
                    self.players[seat as usize].roads_left > 0
                        && (0..self.roads.len()).any(|s| self.road_spot(seat, s as SideId))
                }
                _ => true,
            }
    }

    fn main_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let ck = self.ck();
        let offers = self.options.trades_between_players && self.offers_made < OFFERS_PER_TURN;
        for group in Group::ALL {
            // Groups that list nothing in this game or this turn are
            // not asked.
            let empty = match group {
                Group::NewKnights | Group::Knights | Group::Improvements => !ck,
                Group::Offers => !offers,
                _ => false,
            };
            if !empty {
                self.group_actions(seat, group, out);
            }
        }
    }

    /// Whether `action` is legal for `seat`: in the main phase only its
    /// group of actions is listed, which is what makes `apply` quick.
    pub fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        if let Some(ok) = self.answer_check(seat, action) {
            return ok;
        }
        if let Some(ok) = self.step_check(seat, action) {
            return ok;
        }
        if self.phase != Phase::Main
            || !self.steps.is_empty()
            || seat != self.current
            || seat as usize >= self.seat_count()
        {
            return with_scratch(|out| {
                self.actions_into(seat, out);
                out.contains(action)
            });
        }
        if let Some(ok) = self.quick_check(seat, action) {
            return ok;
        }
        let group = match action {
            Action::Build { piece, .. } => match piece {
                Piece::Road => Group::Roads,
                Piece::Settlement => Group::Settlements,
                Piece::City | Piece::CityWall => Group::Cities,
                Piece::Knight => Group::NewKnights,
            },
            Action::ActivateKnight { .. }
            | Action::UpgradeKnight { .. }
            | Action::UseKnight { .. } => Group::Knights,
            Action::UpgradeProgress { .. } => Group::Improvements,
            Action::Play { .. } | Action::BuyDevelopment | Action::PlayDevelopment { .. } => {
                Group::Cards
            }
            Action::Trade { .. } => Group::BankTrades,
            Action::Propose { .. } => Group::Offers,
            Action::Return { .. } | Action::EndTurn => Group::End,
            _ => return false,
        };
        with_scratch(|out| {
            self.group_actions(seat, group, out);
            out.contains(action)
        })
    }

    /// The answers to the steps most often waited for (set-up, discards,
    /// the robber, the steal) and the roll checked directly, exactly as
    /// [`Catan::step_actions`] and the roll's list give them; `None` for
    /// the others.
    fn step_check(&self, seat: Seat, action: &Action) -> Option<bool> {
        if self.phase == Phase::Over || seat as usize >= self.seat_count() {
            return None;
        }
        let chosen = match *action {
            Action::Choose { choice } => Some(choice),
            _ => None,
        };
        let Some(step) = self.steps.last() else {
            return match (self.phase, *action) {
                (Phase::BeforeRoll, Action::RollDice) => Some(seat == self.current),
                (Phase::BeforeRoll, Action::PlayDevelopment { card }) => Some(
                    seat == self.current
                        && !self.ck()
                        && card == Dev::Knight
                        && self.dev_playable(seat, Dev::Knight),
                ),
                _ => None,
            };
        };
        Some(match *step {
            Step::SetupBuilding { seat: s, city } => match *action {
                Action::Build { piece, at } => {
                    s == seat
                        && piece == if city { Piece::City } else { Piece::Settlement }
                        && (at as usize) < self.buildings.len()
                        && self.settlement_room(at)
                }
                _ => false,
            },
            Step::SetupRoad { seat: s, from } => match *action {
                Action::Build {
                    piece: Piece::Road,
                    at,
                } => {
                    s == seat
                        && self.topo.corners[from as usize].sides.contains(&at)
                        && self.roads[at as usize].is_none()
                }
                _ => false,
            },
            Step::Give { owed, chosen, .. } => match *action {
                Action::Discard { card } => {
                    owed[seat as usize] > 0 && {
                        let mut left = self.players[seat as usize].hand;
                        left.take_all(&chosen[seat as usize]);
                        left.get(card) > 0
                    }
                }
                _ => false,
            },
            Step::MoveRobber { seat: s, .. } => match chosen {
                Some(Choice::Hex(h)) => {
                    s == seat && (h as usize) < self.topo.hexes.len() && h != self.robber
                }
                _ => false,
            },
            Step::Steal { seat: s } => match chosen {
                Some(Choice::Seat(v)) => s == seat && self.steal_set(seat).contains(v),
                _ => false,
            },
            _ => return None,
        })
    }

    /// An answer to an offer between players checked directly, exactly as
    /// the answers step lists them (hundreds of counter-offers); `None`
    /// for other actions or when no offer awaits answers.
    fn answer_check(&self, seat: Seat, action: &Action) -> Option<bool> {
        let Some(&Step::Answers { offer, answers }) = self.steps.last() else {
            return None;
        };
        if !matches!(
            action,
            Action::Accept | Action::Decline | Action::Counter { .. }
        ) {
            return None;
        }
        if self.phase == Phase::Over
            || seat as usize >= self.seat_count()
            || answers[seat as usize] != Answer::Waiting
        {
            return Some(false);
        }
        let hand = self.players[seat as usize].hand;
        Some(match *action {
            Action::Accept => hand.get(offer.take.0) >= offer.take.1,
            Action::Counter { offer: c } => {
                let ((give, gn), (take, tn)) = (c.give, c.take);
                self.card_in_play(give)
                    && self.card_in_play(take)
                    && give != take
                    && (1..=hand.get(take).min(MOST_IN_OFFER)).contains(&tn)
                    && (1..=MOST_IN_OFFER).contains(&gn)
                    && c != offer
            }
            _ => true,
        })
    }

    /// The sides (for a road) or corners (for the other pieces) of the board.
    pub fn places(&self, piece: Piece) -> usize {
        if piece == Piece::Road {
            self.roads.len()
        } else {
            self.buildings.len()
        }
    }

    /// Whether `card` is in this game (commodities only with Cities & Knights).
    pub fn card_in_play(&self, card: Card) -> bool {
        self.ck() || !card.is_commodity()
    }

    /// The main phase's most frequent actions checked directly, exactly as
    /// [`Catan::group_actions`] lists them (the conformance suite holds
    /// the two together); `None` for the others.
    fn quick_check(&self, seat: Seat, action: &Action) -> Option<bool> {
        let p = &self.players[seat as usize];
        let hand = p.hand;
        let ck = self.ck();
        Some(match *action {
            Action::Build { piece, at } => {
                if at as usize >= self.places(piece) {
                    return Some(false);
                }
                match piece {
                    Piece::Road => {
                        p.roads_left > 0 && hand.covers(&cost::ROAD) && self.road_spot(seat, at)
                    }
                    Piece::Settlement => {
                        p.settlements_left > 0
                            && hand.covers(&cost::SETTLEMENT)
                            && self.settlement_spot(seat, at)
                    }
                    Piece::City => {
                        p.cities_left > 0
                            && hand.covers(&cost::CITY)
                            && self.buildings[at as usize] == (Building::Settlement { owner: seat })
                    }
                    Piece::CityWall => {
                        ck && p.walls_left > 0
                            && hand.covers(&cost::WALL)
                            && matches!(self.buildings[at as usize],
                                Building::City { owner, wall: false, .. } if owner == seat)
                    }
                    Piece::Knight => {
                        ck && p.knights_left[0] > 0
                            && hand.covers(&cost::KNIGHT)
                            && self.knight_spot(seat, at)
                    }
                }
            }
            Action::Trade { give, take } => {
                self.card_in_play(give)
                    && self.card_in_play(take)
                    && give != take
                    && self.bank.get(take) > 0
                    && hand.get(give) >= 2
                    // No rate is above 4.
                    && (hand.get(give) >= 4 || hand.get(give) >= self.rate(seat, give))
            }
            Action::Propose { offer } => {
                let ((give, gn), (take, tn)) = (offer.give, offer.take);
                self.options.trades_between_players
                    && self.offers_made < OFFERS_PER_TURN
                    && self.card_in_play(give)
                    && self.card_in_play(take)
                    && give != take
                    && (1..=hand.get(give).min(MOST_IN_OFFER)).contains(&gn)
                    && (1..=MOST_IN_OFFER).contains(&tn)
            }
            Action::EndTurn => p.progress.len() <= self.options.progress_limit(),
            Action::BuyDevelopment => {
                !ck && self.dev_deck_left() && hand.covers(&cost::DEVELOPMENT)
            }
            Action::PlayDevelopment { card } => !ck && self.dev_playable(seat, card),
            _ => return None,
        })
    }

    fn group_actions(&self, seat: Seat, group: Group, out: &mut Vec<Action>) {
        let p = &self.players[seat as usize];
        let hand = p.hand;
        let ck = self.ck();
        let corners = self.buildings.len() as CornerId;
        let kinds: &[Card] = if ck { &Card::ALL } else { &Card::RESOURCES };
        match group {
            Group::Roads => {
                if p.roads_left > 0 && hand.covers(&cost::ROAD) {
                    self.road_spots(seat, |s| {
                        out.push(Action::Build {
                            piece: Piece::Road,
                            at: s,
                        })
                    });
                }
            }
            Group::Settlements => {
                if p.settlements_left > 0 && hand.covers(&cost::SETTLEMENT) {
                    for c in self.network_corner_bits(seat).iter() {
                        let c = c as CornerId;
                        if self.settlement_spot(seat, c) {
                            out.push(Action::Build {
                                piece: Piece::Settlement,
                                at: c,
                            });
                        }
                    }
                }
            }
            Group::Cities => {
                let city_ok = p.cities_left > 0 && hand.covers(&cost::CITY);
                let wall_ok = ck && p.walls_left > 0 && hand.covers(&cost::WALL);
                if !city_ok && !wall_ok {
                    return;
                }
                for c in 0..corners {
                    match self.buildings[c as usize] {
                        Building::Settlement { owner } if owner == seat && city_ok => {
                            out.push(Action::Build {
                                piece: Piece::City,
                                at: c,
                            })
                        }
                        Building::City {
                            owner, wall: false, ..
                        } if owner == seat && wall_ok => out.push(Action::Build {
                            piece: Piece::CityWall,
                            at: c,
                        }),
                        _ => {}
                    }
                }
            }
            Group::NewKnights => {
                if ck && p.knights_left[0] > 0 && hand.covers(&cost::KNIGHT) {
                    for c in self.network_corner_bits(seat).iter() {
                        let c = c as CornerId;
                        if self.knight_spot(seat, c) {
                            out.push(Action::Build {
                                piece: Piece::Knight,
                                at: c,
                            });
                        }
                    }
                }
            }
            Group::Knights => {
                if ck {
                    self.knight_actions(seat, out);
                }
            }
            Group::Improvements => {
                if ck {
                    for t in Track::ALL {
                        if self.can_improve(seat, t) {
                            out.push(Action::UpgradeProgress { track: t });
                        }
                    }
                }
            }
            Group::Cards => {
                if ck {
                    let mut seen: Vec<Progress> = Vec::new();
                    for &card in &p.progress {
                        if !seen.contains(&card) {
                            seen.push(card);
                            if self.progress_playable(seat, card).is_ok() {
                                out.push(Action::Play { card });
                            }
                        }
                    }
                } else {
                    if self.dev_deck_left() && hand.covers(&cost::DEVELOPMENT) {
                        out.push(Action::BuyDevelopment);
                    }
                    for card in [
                        Dev::Knight,
                        Dev::RoadBuilding,
                        Dev::YearOfPlenty,
                        Dev::Monopoly,
                    ] {
                        if self.dev_playable(seat, card) {
                            out.push(Action::PlayDevelopment { card });
                        }
                    }
                }
            }
            Group::BankTrades => {
                // No rate is below 2.
                if kinds.iter().all(|&k| hand.get(k) < 2) {
                    return;
                }
                // No rate is above 4: the rates matter only for a kind
                // held 2 or 3 times.
                let rates = if kinds.iter().any(|&k| (2..4).contains(&hand.get(k))) {
                    self.rates(seat)
                } else {
                    [4; 8]
                };
                for &give in kinds {
                    if hand.get(give) >= rates[give.index()] {
                        for &take in kinds {
                            if take != give && self.bank.get(take) > 0 {
                                out.push(Action::Trade { give, take });
                            }
                        }
                    }
                }
            }
            Group::Offers => {
                if self.options.trades_between_players && self.offers_made < OFFERS_PER_TURN {
                    for &give in kinds {
                        for gn in 1..=hand.get(give).min(MOST_IN_OFFER) {
                            for &take in kinds {
                                if take == give {
                                    continue;
                                }
                                for tn in 1..=MOST_IN_OFFER {
                                    out.push(Action::Propose {
                                        offer: Offer {
                                            give: (give, gn),
                                            take: (take, tn),
                                        },
                                    });
                                }
                            }
                        }
                    }
                }
            }
            Group::End => {
                // Progress cards over the limit go back first.
                if p.progress.len() > self.options.progress_limit() {
                    self.return_actions(seat, out);
                } else {
                    out.push(Action::EndTurn);
                }
            }
        }
    }

    fn return_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let mut seen: Vec<Progress> = Vec::new();
        for &card in &self.players[seat as usize].progress {
            if !seen.contains(&card) {
                seen.push(card);
                out.push(Action::Return { card });
            }
        }
    }

    fn knight_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = &self.players[seat as usize];
        let fortress = p.levels[Track::Politics.index()] >= 3;
        let promote_ok = self.players[seat as usize].hand.covers(&cost::KNIGHT);
        let grain = p.hand.covers(&cost::ACTIVATE);
        for (i, k) in self.knights.iter().enumerate() {
            let Some(k) = k else { continue };
            if k.owner != seat {
                continue;
            }
            let c = i as CornerId;
            if !k.active && grain {
                out.push(Action::ActivateKnight { at: c });
            }
            if promote_ok && self.promotable(seat, c, fortress) {
                out.push(Action::UpgradeKnight { at: c });
            }
            if k.active && k.activated_on != self.turn {
                for to in self.reachable(seat, c) {
                    match self.knights[to as usize] {
                        None => out.push(Action::UseKnight {
                            at: c,
                            target: Target::Corner(to),
                        }),
                        Some(o) if o.level < k.level => out.push(Action::UseKnight {
                            at: c,
                            target: Target::Corner(to),
                        }),
                        _ => {}
                    }
                }
                if self.robber_awake && self.topo.corners[i].hexes.contains(&self.robber) {
                    out.push(Action::UseKnight {
                        at: c,
                        target: Target::Robber,
                    });
                }
            }
        }
    }

    /// Whether the seat's knight on `c` may be promoted (cost aside).
    pub fn promotable(&self, seat: Seat, c: CornerId, fortress: bool) -> bool {
        let Some(k) = self.knights[c as usize] else {
            return false;
        };
        let p = &self.players[seat as usize];
        k.owner == seat
            && k.promoted_on != self.turn
            && match k.level {
                1 => p.knights_left[1] > 0,
                2 => fortress && p.knights_left[2] > 0,
                _ => false,
            }
    }

    /// The commodities the next level of `track` costs the seat now.
    pub fn improvement_cost(&self, seat: Seat, track: Track) -> u8 {
        let next = self.players[seat as usize].levels[track.index()] + 1;
        if self.crane { next - 1 } else { next }
    }

    /// Whether the seat may build the next city improvement of `track`.
    pub fn can_improve(&self, seat: Seat, track: Track) -> bool {
        let p = &self.players[seat as usize];
        let level = p.levels[track.index()];
        if level >= 5 {
            return false;
        }
        let cities = self
            .buildings
            .iter()
            .any(|b| matches!(b, Building::City { owner, .. } if *owner == seat));
        if !cities {
            return false;
        }
        if level >= 3 {
            let holds = matches!(self.metropolis[track.index()], Some((s, _)) if s == seat);
            if !holds && self.plain_cities(seat).is_empty() {
                return false;
            }
        }
        p.hand.get(track.commodity()) >= self.improvement_cost(seat, track)
    }

    fn step_actions(&self, step: &Step, seat: Seat, out: &mut Vec<Action>) {
        let corners = self.buildings.len() as CornerId;
        let choose = |choice| Action::Choose { choice };
        match *step {
            Step::SetupBuilding { seat: s, city } if s == seat => {
                let piece = if city { Piece::City } else { Piece::Settlement };
                for c in 0..corners {
                    if self.settlement_room(c) {
                        out.push(Action::Build { piece, at: c });
                    }
                }
            }
            Step::SetupRoad { seat: s, from } if s == seat => {
                for &side in &self.topo.corners[from as usize].sides {
                    if self.roads[side as usize].is_none() {
                        out.push(Action::Build {
                            piece: Piece::Road,
                            at: side,
                        });
                    }
                }
            }
            Step::Give { owed, chosen, .. } if owed[seat as usize] > 0 => {
                let mut left = self.players[seat as usize].hand;
                left.take_all(&chosen[seat as usize]);
                for card in left.kinds() {
                    out.push(Action::Discard { card });
                }
            }
            Step::MoveRobber { seat: s, .. } if s == seat => {
                for h in 0..self.topo.hexes.len() as HexId {
                    if h != self.robber {
                        out.push(choose(Choice::Hex(h)));
                    }
                }
            }
            Step::Steal { seat: s } if s == seat => {
                for v in self.steal_candidates(seat) {
                    out.push(choose(Choice::Seat(v)));
                }
            }
            Step::Pillage { seat: s } if s == seat => {
                for c in self.plain_cities(seat) {
                    out.push(choose(Choice::Corner(c)));
                }
            }
            Step::DefenderDraw { seat: s } if s == seat => {
                for t in Track::ALL {
                    if self.deck_left(t) {
                        out.push(choose(Choice::Track(t)));
                    }
                }
            }
            Step::ReturnProgress { seat: s } if s == seat => self.return_actions(seat, out),
            Step::Metropolis { seat: s, .. } if s == seat => {
                for c in self.plain_cities(seat) {
                    out.push(choose(Choice::Corner(c)));
                }
            }
            Step::Aqueduct { seat: s } if s == seat => {
                for card in Card::RESOURCES {
                    if self.bank.get(card) > 0 {
                        out.push(choose(Choice::Card(card)));
                    }
                }
            }
            Step::Displaced { seat: s, from, .. } if s == seat => {
                for c in self.retreats(seat, from) {
                    out.push(choose(Choice::Corner(c)));
                }
            }
            Step::HarborAnswer { seat: s, .. } if s == seat => {
                for card in Card::COMMODITIES {
                    if self.players[seat as usize].hand.get(card) > 0 {
                        out.push(choose(Choice::Card(card)));
                    }
                }
            }
            Step::DesertKnight { seat: s } if s == seat => {
                for (i, k) in self.knights.iter().enumerate() {
                    if k.is_some_and(|k| k.owner == seat) {
                        out.push(choose(Choice::Corner(i as CornerId)));
                    }
                }
            }
            Step::FreeRoads { seat: s, .. } if s == seat => {
                for side in 0..self.roads.len() as SideId {
                    if self.road_spot(seat, side) {
                        out.push(choose(Choice::Side(side)));
                    }
                }
                out.push(Action::EndPlay);
            }
            Step::Plenty { seat: s, .. } if s == seat => {
                for card in Card::RESOURCES {
                    if self.bank.get(card) > 0 {
                        out.push(choose(Choice::Card(card)));
                    }
                }
            }
            Step::Monopoly { seat: s } if s == seat => {
                for card in Card::RESOURCES {
                    out.push(choose(Choice::Card(card)));
                }
            }
            Step::Card { card, stage } if seat == self.current => {
                self.card_actions(seat, card, stage, out)
            }
            Step::Answers { offer, answers } if answers[seat as usize] == Answer::Waiting => {
                let hand = self.players[seat as usize].hand;
                if hand.get(offer.take.0) >= offer.take.1 {
                    out.push(Action::Accept);
                }
                out.push(Action::Decline);
                let kinds: &[Card] = if self.ck() {
                    &Card::ALL
                } else {
                    &Card::RESOURCES
                };
                for &take in kinds {
                    for tn in 1..=hand.get(take).min(MOST_IN_OFFER) {
                        for &give in kinds {
                            if give == take {
                                continue;
                            }
                            for gn in 1..=MOST_IN_OFFER {
                                let counter = Offer {
                                    give: (give, gn),
                                    take: (take, tn),
                                };
                                if counter != offer {
                                    out.push(Action::Counter { offer: counter });
                                }
                            }
                        }
                    }
                }
            }
            Step::CloseTrade { offer, answers } if seat == self.current => {
                for (s, a) in answers.iter().enumerate() {
                    let terms = match a {
                        Answer::Accept => offer,
                        Answer::Counter(o) => *o,
                        _ => continue,
                    };
                    // The other side could pay when it answered, and
                    // nothing has happened since: only the offerer's own
                    // hand is checked (so the check needs no hidden cards).
                    if self.players[seat as usize].hand.get(terms.give.0) >= terms.give.1 {
                        out.push(Action::TradeWith { seat: s as Seat });
                    }
                }
                out.push(Action::CancelTrade);
            }
            _ => {}
        }
    }

    /// The players the seat may rob at the robber: a building beside it and a card in hand.
    pub fn steal_candidates(&self, seat: Seat) -> Vec<Seat> {
        self.steal_set(seat).iter().collect()
    }

    /// [`Catan::steal_candidates`] as a set.
    pub(crate) fn steal_set(&self, seat: Seat) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for &c in &self.topo.hexes[self.robber as usize].corners {
            if let Some(o) = self.buildings[c as usize].owner()
                && o != seat
                && self.hand_total(o) > 0
            {
                set = set.with(o);
            }
        }
        set
    }

    /// Opponents that hold at least one card of `kinds`.
    pub fn others_holding(&self, seat: Seat, commodity: bool) -> Vec<Seat> {
        (0..self.seat_count() as Seat)
            .filter(|s| *s != seat)
            .filter(|s| {
                if commodity {
                    self.holds_commodity(*s)
                } else {
                    self.hand_total(*s) > 0
                }
            })
            .collect()
    }

    fn card_actions(&self, seat: Seat, card: Progress, stage: CardStage, out: &mut Vec<Action>) {
        let choose = |choice| Action::Choose { choice };
        let corners = self.buildings.len() as CornerId;
        match (card, stage) {
            (Progress::Alchemist, CardStage::Start) => {
                for r in 1..=6 {
                    for w in 1..=6 {
                        out.push(choose(Choice::Dice(r, w)));
                    }
                }
            }
            (Progress::Engineer, CardStage::Start) => {
                for c in 0..corners {
                    if matches!(self.buildings[c as usize], Building::City { owner, wall: false, .. } if owner == seat)
                    {
                        out.push(choose(Choice::Corner(c)));
                    }
                }
            }
            (Progress::Inventor, CardStage::Start) => {
                for h in self.inventor_hexes() {
                    out.push(choose(Choice::Hex(h)));
                }
            }
            (Progress::Inventor, CardStage::SecondHex { first }) => {
                for h in self.inventor_hexes() {
                    if h != first {
                        out.push(choose(Choice::Hex(h)));
                    }
                }
            }
            (Progress::Medicine, CardStage::Start) => {
                for c in 0..corners {
                    if self.buildings[c as usize] == (Building::Settlement { owner: seat }) {
                        out.push(choose(Choice::Corner(c)));
                    }
                }
            }
            (Progress::Smith, CardStage::More { .. }) => {
                let fortress = self.players[seat as usize].levels[Track::Politics.index()] >= 3;
                for c in 0..corners {
                    if self.promotable(seat, c, fortress) {
                        out.push(choose(Choice::Corner(c)));
                    }
                }
                out.push(Action::EndPlay);
            }
            (Progress::CommercialHarbor, _) => {
                let hand = self.players[seat as usize].hand;
                for to in self.others_holding(seat, true) {
                    if self.harbor_offered.contains(to) {
                        continue;
                    }
                    for r in Card::RESOURCES {
                        if hand.get(r) > 0 {
                            out.push(Action::Offer { to, card: r });
                        }
                    }
                }
                out.push(Action::EndPlay);
            }
            (Progress::MasterMerchant, CardStage::Start) => {
                for v in self.richer_with_cards(seat) {
                    out.push(choose(Choice::Seat(v)));
                }
            }
            (
                Progress::MasterMerchant,
                CardStage::More {
                    victim: Some(v), ..
                },
            ) => {
                for c in self.players[v as usize].hand.kinds() {
                    out.push(choose(Choice::Card(c)));
                }
            }
            (Progress::Merchant, CardStage::Start) => {
                for h in self.merchant_hexes(seat) {
                    out.push(choose(Choice::Hex(h)));
                }
            }
            (Progress::MerchantFleet, CardStage::Start) => {
                for c in Card::ALL {
                    out.push(choose(Choice::Card(c)));
                }
            }
            (Progress::ResourceMonopoly, CardStage::Start) => {
                for c in Card::RESOURCES {
                    out.push(choose(Choice::Card(c)));
                }
            }
            (Progress::TradeMonopoly, CardStage::Start) => {
                for c in Card::COMMODITIES {
                    out.push(choose(Choice::Card(c)));
                }
            }
            (Progress::Deserter, CardStage::Start) => {
                for v in self.knight_owners(seat) {
                    out.push(choose(Choice::Seat(v)));
                }
            }
            (Progress::Deserter, CardStage::PlaceDeserter { .. }) => {
                for c in 0..corners {
                    if self.knight_spot(seat, c) {
                        out.push(choose(Choice::Corner(c)));
                    }
                }
                out.push(Action::EndPlay);
            }
            (Progress::Diplomat, CardStage::Start) => {
                for s in 0..self.roads.len() as SideId {
                    if self.road_is_open(s) {
                        out.push(choose(Choice::Side(s)));
                    }
                }
            }
            (Progress::Diplomat, CardStage::Rebuild) => {
                for s in 0..self.roads.len() as SideId {
                    if self.road_spot(seat, s) {
                        out.push(choose(Choice::Side(s)));
                    }
                }
                out.push(Action::EndPlay);
            }
            (Progress::Intrigue, CardStage::Start) => {
                for c in self.intrigue_targets(seat) {
                    out.push(choose(Choice::Corner(c)));
                }
            }
            (Progress::Spy, CardStage::Start) => {
                for v in 0..self.seat_count() as Seat {
                    if v != seat && self.holds_progress(v) {
                        out.push(choose(Choice::Seat(v)));
                    }
                }
            }
            (Progress::Spy, CardStage::SpyOn { victim }) => {
                let mut seen: Vec<Progress> = Vec::new();
                for &p in &self.players[victim as usize].progress {
                    if !seen.contains(&p) {
                        seen.push(p);
                        out.push(choose(Choice::Progress(p)));
                    }
                }
            }
            _ => {}
        }
    }

    /// Hexes Inventor may swap: numbered, and not 2, 12, 6 or 8.
    pub fn inventor_hexes(&self) -> Vec<HexId> {
        (0..self.topo.hexes.len() as HexId)
            .filter(|h| matches!(self.numbers[*h as usize], 3..=5 | 9..=11))
            .collect()
    }

    /// Producing hexes beside one of the seat's buildings (Merchant).
    pub fn merchant_hexes(&self, seat: Seat) -> Vec<HexId> {
        (0..self.topo.hexes.len() as HexId)
            .filter(|h| {
                self.topo.hexes[*h as usize].resource.is_some() && self.touches_hex(seat, *h)
            })
            .collect()
    }

    /// Opponents with more points than the seat and a card in hand.
    pub fn richer_with_cards(&self, seat: Seat) -> Vec<Seat> {
        let mine = self.public_points(seat);
        (0..self.seat_count() as Seat)
            .filter(|s| *s != seat)
            .filter(|s| self.public_points(*s) > mine && self.hand_total(*s) > 0)
            .collect()
    }

    /// Opponents with a knight on the board.
    pub fn knight_owners(&self, seat: Seat) -> Vec<Seat> {
        let mut out: Vec<Seat> = self
            .knights
            .iter()
            .flatten()
            .map(|k| k.owner)
            .filter(|o| *o != seat)
            .collect();
        tabula_engine::small_sort::sort(&mut out);
        out.dedup();
        out
    }

    /// Opponents' knights on corners where the seat's roads end (Intrigue).
    pub fn intrigue_targets(&self, seat: Seat) -> Vec<CornerId> {
        (0..self.knights.len() as CornerId)
            .filter(|c| {
                self.knights[*c as usize].is_some_and(|k| k.owner != seat)
                    && self.has_road_at(seat, *c)
            })
            .collect()
    }

    /// Whether the seat may play `card` now, or why not.
    pub fn progress_playable(&self, seat: Seat, card: Progress) -> Result<(), Unplayable> {
        let p = &self.players[seat as usize];
        if !p.progress.contains(&card) {
            return Err(Unplayable::NotHeld(card));
        }
        let before_roll = self.phase == Phase::BeforeRoll;
        if card == Progress::Alchemist {
            return if before_roll && self.chosen_dice.is_none() {
                Ok(())
            } else {
                Err(Unplayable::AlchemistBeforeRoll)
            };
        }
        if self.phase != Phase::Main {
            return Err(Unplayable::AfterRoll);
        }
        let fortress = p.levels[Track::Politics.index()] >= 3;
        let corners = self.buildings.len() as CornerId;
        let ok = |b: bool, why: Unplayable| if b { Ok(()) } else { Err(why) };
        match card {
            Progress::Alchemist | Progress::Printer | Progress::Constitution => {
                Err(Unplayable::NeverPlayed(card))
            }
            Progress::Crane => ok(!self.crane, Unplayable::CraneAtWork),
            Progress::Engineer => ok(
                p.walls_left > 0
                    && self.buildings.iter().any(|b| {
                        matches!(b, Building::City { owner, wall: false, .. } if *owner == seat)
                    }),
                Unplayable::NoWallPlace,
            ),
            Progress::Inventor => ok(
                self.inventor_hexes().len() >= 2,
                Unplayable::NoSwap,
            ),
            Progress::Irrigation | Progress::Mining | Progress::ResourceMonopoly | Progress::TradeMonopoly => Ok(()),
            Progress::Medicine => ok(
                p.cities_left > 0
                    && p.hand.covers(&cost::MEDICINE_CITY)
                    && self.buildings.contains(&Building::Settlement { owner: seat }),
                Unplayable::MedicineNeeds,
            ),
            Progress::RoadBuilding => ok(
                p.roads_left > 0 && (0..self.roads.len()).any(|s| self.road_spot(seat, s as SideId)),
                Unplayable::NoRoadPlace,
            ),
            Progress::Smith => ok(
                (0..corners).any(|c| self.promotable(seat, c, fortress)),
                Unplayable::NoPromotion,
            ),
            Progress::CommercialHarbor => {
                if Card::RESOURCES.iter().all(|c| p.hand.get(*c) == 0) {
                    return Err(Unplayable::NoResourceToOffer);
                }
                ok(
                    self.others_holding(seat, true)
                        .iter()
                        .any(|s| !self.harbor_offered.contains(*s)),
                    Unplayable::NoCommodityHolder,
                )
            }
            Progress::MasterMerchant => ok(
                !self.richer_with_cards(seat).is_empty(),
                Unplayable::NoRicherWithCards,
            ),
            Progress::Merchant => ok(
                !self.merchant_hexes(seat).is_empty(),
                Unplayable::NoMerchantField,
            ),
            Progress::MerchantFleet => ok(self.fleet.is_none(), Unplayable::FleetSails),
            Progress::Bishop => ok(self.robber_awake, Unplayable::RobberSleeps),
            Progress::Deserter => ok(!self.knight_owners(seat).is_empty(), Unplayable::NoOtherKnight),
            Progress::Diplomat => ok(
                (0..self.roads.len()).any(|s| self.road_is_open(s as SideId)),
                Unplayable::NoOpenRoad,
            ),
            Progress::Intrigue => ok(
                !self.intrigue_targets(seat).is_empty(),
                Unplayable::NoIntrigueTarget,
            ),
            Progress::Saboteur => ok(
                (0..self.seat_count() as Seat)
                    .any(|s| s != seat && self.public_points(s) >= self.public_points(seat)),
                Unplayable::NoSaboteurTarget,
            ),
            Progress::Spy => ok(
                (0..self.seat_count() as Seat).any(|s| s != seat && self.holds_progress(s)),
                Unplayable::NoSpyTarget,
            ),
            Progress::Warlord => ok(
                self.knights.iter().flatten().any(|k| k.owner == seat && !k.active),
                Unplayable::NoInactiveKnight,
            ),
            Progress::Wedding => ok(
                (0..self.seat_count() as Seat)
                    .any(|s| s != seat && self.public_points(s) > self.public_points(seat)),
                Unplayable::NoWeddingGuest,
            ),
        }
    }

    /// The seat's points as everyone sees them (hidden victory point
    /// cards of the base game aside).
    pub fn public_points(&self, seat: Seat) -> u32 {
        self.points(seat) - u32::from(self.players[seat as usize].dev_points())
    }

    /// Giving step helper: where the cards of a [`Step::Give`] go.
    pub fn giving_to(step: &Step) -> Option<Giving> {
        match step {
            Step::Give { to, .. } => Some(*to),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::{Game, GameRng, Seat, ToMove};

    use super::super::action::{Action, Choice, Piece};
    use super::super::cards::{Card, Dev};
    use super::super::options::Options;
    use super::super::state::{Catan, Offer, Phase};
    use super::MOST_IN_OFFER;
    use crate::CheckedBoard;

    /// Every action the direct checks decide: builds of each piece on
    /// every corner or side (and one past the end), bank trades of every
    /// pair, offers and counter-offers of every size from 0 to one over
    /// the most, answers and the end of the turn, the roll, development
    /// cards bought and played, discards of every card, and every hex
    /// and seat chosen (one past the end too).
    fn probes(g: &Catan) -> Vec<Action> {
        let mut out = vec![
            Action::EndTurn,
            Action::Accept,
            Action::Decline,
            Action::RollDice,
            Action::BuyDevelopment,
        ];
        for (card, _) in Dev::DECK {
            out.push(Action::PlayDevelopment { card });
        }
        for card in Card::ALL {
            out.push(Action::Discard { card });
        }
        for h in 0..=g.topo.hexes.len() {
            out.push(Action::Choose {
                choice: Choice::Hex(h as u16),
            });
        }
        for v in 0..=g.seat_count() {
            out.push(Action::Choose {
                choice: Choice::Seat(v as Seat),
            });
        }
        for piece in [
            Piece::Road,
            Piece::Settlement,
            Piece::City,
            Piece::CityWall,
            Piece::Knight,
        ] {
            let places = if piece == Piece::Road {
                g.roads.len()
            } else {
                g.buildings.len()
            };
            for at in 0..=places {
                out.push(Action::Build {
                    piece,
                    at: at as u16,
                });
            }
        }
        for give in Card::ALL {
            for take in Card::ALL {
                out.push(Action::Trade { give, take });
                for gn in 0..=MOST_IN_OFFER + 1 {
                    for tn in 0..=MOST_IN_OFFER + 1 {
                        let offer = Offer {
                            give: (give, gn),
                            take: (take, tn),
                        };
                        out.push(Action::Propose { offer });
                        out.push(Action::Counter { offer });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_direct_checks_agree_with_the_lists() {
        let board = CheckedBoard::from_text(crate::STANDARD_BOARD).unwrap();
        let mut answers_seen = 0;
        let mut main_seen = 0;
        for seed in 0..12u64 {
            let options = if seed % 3 == 0 {
                Options::base()
            } else {
                Options::default()
            };
            let mut g = Catan::new(&options, &board, 3 + (seed % 2) as usize, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            for step in 0..3_000 {
                let seat = match g.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        g.apply_chance().unwrap();
                        continue;
                    }
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                };
                if step % 7 == 0 {
                    let answering = matches!(g.steps.last(), Some(super::Step::Answers { .. }));
                    answers_seen += usize::from(answering);
                    main_seen += usize::from(g.phase == Phase::Main && g.steps.is_empty());
                    for s in 0..g.seat_count() as Seat {
                        assert_eq!(g.points(s), g.point_sources(s).total());
                        assert_eq!(g.has_action(s), !g.actions(s).is_empty());
                        let listed = g.actions(s);
                        for a in probes(&g) {
                            assert_eq!(
                                g.is_legal(s, &a),
                                listed.contains(&a),
                                "seed {seed}, step {step}, seat {s}: {a:?}"
                            );
                        }
                    }
                }
                let a = g.random_action(seat, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
            }
        }
        assert!(answers_seen > 20, "answers steps probed: {answers_seen}");
        assert!(main_seen > 100, "main phase probed: {main_seen}");
    }
}
