//! Carrying out a legal action. Only [`Catan::perform`] changes the state
//! in play; the caller has checked the action is listed by
//! [`Catan::actions`].

use tabula_engine::{Seat, SeatSet};

use super::action::{Action, Choice, Piece, Target};
use super::cards::{Card, Dev, Hand, Progress, Track, cost};
use super::log::Event;
use super::state::{Answer, Building, CardStage, Catan, Giving, Knight, MAX_SEATS, Phase, Step};
use super::topology::{CornerId, HexId, SideId};

impl Catan {
    /// Pay `price` from the seat's hand into the bank.
    pub(crate) fn pay(&mut self, seat: Seat, price: &Hand) {
        self.players[seat as usize].hand.take_all(price);
        self.bank.add_all(price);
    }

    /// Move up to `n` of `card` from the bank to the seat; how many moved.
    pub(crate) fn take_from_bank(&mut self, seat: Seat, card: Card, n: u8) -> u8 {
        let n = n.min(self.bank.get(card));
        self.bank.take(card, n);
        self.players[seat as usize].hand.add(card, n);
        n
    }

    /// Move up to `n` of `card` from one seat to another; how many moved.
    pub(crate) fn hand_over(&mut self, from: Seat, to: Seat, card: Card, n: u8) -> u8 {
        let n = n.min(self.players[from as usize].hand.get(card));
        self.players[from as usize].hand.take(card, n);
        self.players[to as usize].hand.add(card, n);
        n
    }

    /// A uniformly random card from `from`'s hand to `to`.
    pub(crate) fn steal_random(&mut self, from: Seat, to: Seat) {
        let total = self.players[from as usize].hand.total();
        if total == 0 {
            return;
        }
        let k = self.rng.below(u64::from(total)) as u32;
        if let Some(card) = self.players[from as usize].hand.nth(k) {
            self.hand_over(from, to, card, 1);
            self.note(Event::Stole {
                thief: to,
                victim: from,
                card: Some(card),
            });
        }
    }

    /// Carry out a legal action.
    pub(crate) fn perform(&mut self, seat: Seat, action: &Action) {
        if let Some(step) = self.steps.last().cloned() {
            self.perform_step(step, seat, action);
        } else {
            self.perform_turn(seat, action);
        }
        self.run_steps();
        self.check_victory();
    }

    fn perform_turn(&mut self, seat: Seat, action: &Action) {
        match *action {
            Action::RollDice => self.phase = Phase::Rolling,
            Action::Build { piece, at } => self.build(seat, piece, at, true),
            Action::UpgradeProgress { track } => self.improve(seat, track),
            Action::ActivateKnight { at } => {
                self.pay(seat, &cost::ACTIVATE);
                if let Some(k) = &mut self.knights[at as usize] {
                    k.active = true;
                    k.activated_on = self.turn;
                }
            }
            Action::UpgradeKnight { at } => {
                self.pay(seat, &cost::KNIGHT);
                self.promote(seat, at);
            }
            Action::UseKnight { at, target } => self.use_knight(seat, at, target),
            Action::Play { card } => self.play_progress(seat, card),
            Action::Trade { give, take } => {
                let rate = self.rate(seat, give);
                self.pay(seat, &Hand::of(&[(give, rate)]));
                self.take_from_bank(seat, take, 1);
            }
            Action::Propose { offer } => {
                self.offers_made += 1;
                let mut answers = [Answer::Decline; MAX_SEATS];
                for (s, a) in answers.iter_mut().enumerate().take(self.seat_count()) {
                    if s != seat as usize {
                        *a = Answer::Waiting;
                    }
                }
                self.steps.push(Step::Answers { offer, answers });
            }
            Action::Return { card } => self.return_progress(seat, card),
            Action::BuyDevelopment => {
                self.pay(seat, &cost::DEVELOPMENT);
                if let Some(d) = self.dev_deck.pop() {
                    self.players[seat as usize].dev.push((d, self.turn));
                }
            }
            Action::PlayDevelopment { card } => self.play_dev(seat, card),
            Action::EndTurn => self.end_turn(),
            _ => {}
        }
    }

    /// Build a piece (paying for it when `paid` is set).
    pub(crate) fn build(&mut self, seat: Seat, piece: Piece, at: u16, paid: bool) {
        let i = at as usize;
        let p = &mut self.players[seat as usize];
        match piece {
            Piece::Road => {
                p.roads_left -= 1;
                self.roads[i] = Some(seat);
                if paid {
                    self.pay(seat, &cost::ROAD);
                }
            }
            Piece::Settlement => {
                p.settlements_left -= 1;
                self.buildings[i] = Building::Settlement { owner: seat };
                if paid {
                    self.pay(seat, &cost::SETTLEMENT);
                }
            }
            Piece::City => {
                if matches!(self.buildings[i], Building::Settlement { .. }) {
                    p.settlements_left += 1;
                }
                p.cities_left -= 1;
                self.buildings[i] = Building::City {
                    owner: seat,
                    wall: false,
                    metropolis: None,
                };
                if paid {
                    self.pay(seat, &cost::CITY);
                }
            }
            Piece::CityWall => {
                p.walls_left -= 1;
                if let Building::City { wall, .. } = &mut self.buildings[i] {
                    *wall = true;
                }
                if paid {
                    self.pay(seat, &cost::WALL);
                }
            }
            Piece::Knight => {
                p.knights_left[0] -= 1;
                self.knights[i] = Some(Knight {
                    owner: seat,
                    level: 1,
                    active: false,
                    activated_on: 0,
                    promoted_on: 0,
                });
                if paid {
                    self.pay(seat, &cost::KNIGHT);
                }
            }
        }
        match piece {
            Piece::Road => self.refresh_roads(SeatSet::one(seat)),
            // A seat's own piece never cuts its roads.
            Piece::Settlement | Piece::Knight => {
                self.refresh_roads(self.road_owners_at(at).without(seat))
            }
            _ => {}
        }
    }

    fn promote(&mut self, seat: Seat, at: CornerId) {
        let turn = self.turn;
        if let Some(k) = &mut self.knights[at as usize] {
            let p = &mut self.players[seat as usize];
            p.knights_left[k.level as usize - 1] += 1;
            p.knights_left[k.level as usize] -= 1;
            k.level += 1;
            k.promoted_on = turn;
        }
    }

    fn improve(&mut self, seat: Seat, track: Track) {
        let price = self.improvement_cost(seat, track);
        self.crane = false;
        self.pay(seat, &Hand::of(&[(track.commodity(), price)]));
        let level = {
            let p = &mut self.players[seat as usize];
            p.levels[track.index()] += 1;
            p.levels[track.index()]
        };
        let t = track.index();
        let takes = match self.metropolis[t] {
            None => level >= 4,
            Some((holder, _)) => {
                holder != seat && level == 5 && self.players[holder as usize].levels[t] < 5
            }
        };
        if takes {
            self.steps.push(Step::Metropolis { seat, track });
        }
    }

    fn use_knight(&mut self, seat: Seat, at: CornerId, target: Target) {
        let Some(mut k) = self.knights[at as usize] else {
            return;
        };
        k.active = false;
        match target {
            Target::Robber => {
                self.knights[at as usize] = Some(k);
                self.steps.push(Step::MoveRobber {
                    seat,
                    bishop: false,
                });
            }
            Target::Corner(to) => {
                self.knights[at as usize] = None;
                let displaced = self.knights[to as usize].take();
                self.knights[to as usize] = Some(k);
                if let Some(d) = displaced {
                    self.displace(d, to);
                }
                let seats = SeatSet(self.road_owners_at(at).0 | self.road_owners_at(to).0);
                self.refresh_roads(seats);
            }
        }
    }

    /// A knight pushed off `from`: its owner moves it, or it goes home.
    pub(crate) fn displace(&mut self, knight: Knight, from: CornerId) {
        if self.retreats(knight.owner, from).is_empty() {
            self.players[knight.owner as usize].knights_left[knight.level as usize - 1] += 1;
        } else {
            self.steps.push(Step::Displaced {
                seat: knight.owner,
                knight,
                from,
            });
        }
    }

    fn return_progress(&mut self, seat: Seat, card: Progress) {
        let p = &mut self.players[seat as usize];
        if let Some(i) = p.progress.iter().position(|c| *c == card) {
            p.progress.remove(i);
            self.decks[card.track().index()].insert(0, card);
        }
    }

    /// A progress card drawn from `track`'s deck by `seat`.
    pub(crate) fn draw_progress(&mut self, seat: Seat, track: Track) {
        let Some(card) = self.decks[track.index()].pop() else {
            return;
        };
        self.note(Event::Drew {
            seat,
            track,
            card: Some(card),
        });
        let limit = self.options.progress_limit();
        let p = &mut self.players[seat as usize];
        if card.is_point() {
            p.shown.push(card);
        } else {
            p.progress.push(card);
            if p.progress.len() > limit && seat != self.current {
                self.steps.push(Step::ReturnProgress { seat });
            }
        }
    }

    fn play_dev(&mut self, seat: Seat, card: Dev) {
        self.dev_played = true;
        let turn = self.turn;
        let p = &mut self.players[seat as usize];
        if let Some(i) = p.dev.iter().position(|(d, t)| *d == card && *t < turn) {
            p.dev.remove(i);
        }
        match card {
            Dev::Knight => {
                p.knights_played += 1;
                let n = p.knights_played;
                let holder = self
                    .largest_army
                    .map_or(2, |h| self.players[h as usize].knights_played);
                if n >= 3 && n > holder && self.largest_army != Some(seat) {
                    self.largest_army = Some(seat);
                    self.note(Event::LargestArmy { holder: Some(seat) });
                }
                self.steps.push(Step::MoveRobber {
                    seat,
                    bishop: false,
                });
            }
            Dev::RoadBuilding => self.steps.push(Step::FreeRoads { seat, left: 2 }),
            Dev::YearOfPlenty => {
                if Card::RESOURCES.iter().any(|c| self.bank.get(*c) > 0) {
                    self.steps.push(Step::Plenty { seat, left: 2 });
                }
            }
            Dev::Monopoly => self.steps.push(Step::Monopoly { seat }),
            Dev::VictoryPoint => {}
        }
    }

    fn end_turn(&mut self) {
        self.crane = false;
        self.fleet = None;
        self.harbor_offered = SeatSet::EMPTY;
        self.offers_made = 0;
        self.dev_played = false;
        self.chosen_dice = None;
        self.current = (self.current + 1) % self.seat_count() as Seat;
        self.turn += 1;
        self.phase = Phase::BeforeRoll;
        let limit = u32::from(self.options.round_limit);
        if limit > 0 && self.turn > limit * self.seat_count() as u32 {
            self.phase = Phase::Over;
        }
    }

    /// The game ends when the current player has the points to win.
    pub(crate) fn check_victory(&mut self) {
        if matches!(self.phase, Phase::Setup | Phase::Over) {
            return;
        }
        // Development cards in hand are counted only when they could
        // make up the points missing (every one a victory point).
        let seat = self.current;
        let others = self.points_but_development(seat);
        let cards = self.players[seat as usize].dev.len() as u32;
        if others + cards >= self.goal() && self.points(seat) >= self.goal() {
            self.phase = Phase::Over;
            self.winner = Some(self.current);
            self.note(Event::Won { seat: self.current });
            // A knight waiting to retreat goes back to its owner's supply.
            for step in std::mem::take(&mut self.steps) {
                if let Step::Displaced { seat, knight, .. } = step {
                    self.players[seat as usize].knights_left[knight.level as usize - 1] += 1;
                }
            }
        }
    }

    fn perform_step(&mut self, step: Step, seat: Seat, action: &Action) {
        let chosen = match action {
            Action::Choose { choice } => Some(*choice),
            _ => None,
        };
        match step {
            Step::SetupBuilding { city, .. } => {
                self.steps.pop();
                let Action::Build { at, .. } = *action else {
                    return;
                };
                let piece = if city { Piece::City } else { Piece::Settlement };
                self.current = seat;
                self.build(seat, piece, at, false);
                self.setup_done += 1;
                if self.setup_done as usize > self.seat_count() {
                    self.starting_cards(seat, at, city);
                }
                self.steps.push(Step::SetupRoad { seat, from: at });
            }
            Step::SetupRoad { .. } => {
                self.steps.pop();
                if let Action::Build { at, .. } = *action {
                    self.build(seat, Piece::Road, at, false);
                }
                if self.steps.is_empty() {
                    self.phase = Phase::BeforeRoll;
                    self.current = 0;
                    self.turn = 1;
                }
            }
            Step::Give {
                to,
                mut owed,
                mut chosen,
            } => {
                let Action::Discard { card } = *action else {
                    return;
                };
                chosen[seat as usize].add(card, 1);
                owed[seat as usize] -= 1;
                self.steps.pop();
                if owed.iter().all(|n| *n == 0) {
                    for (s, hand) in chosen.iter().enumerate().take(self.seat_count()) {
                        self.players[s].hand.take_all(hand);
                        match to {
                            Giving::Discard => self.bank.add_all(hand),
                            Giving::To(t) => self.players[t as usize].hand.add_all(hand),
                        }
                    }
                } else {
                    self.steps.push(Step::Give { to, owed, chosen });
                }
            }
            Step::MoveRobber { bishop, .. } => {
                self.steps.pop();
                if let Some(Choice::Hex(h)) = chosen {
                    self.robber = h;
                    if bishop {
                        for v in self.neighbours_of_hex(h, seat) {
                            self.steal_random(v, seat);
                        }
                    } else if !self.steal_candidates(seat).is_empty() {
                        self.steps.push(Step::Steal { seat });
                    }
                }
            }
            Step::Steal { .. } => {
                self.steps.pop();
                if let Some(Choice::Seat(v)) = chosen {
                    self.steal_random(v, seat);
                }
            }
            Step::Pillage { .. } => {
                self.steps.pop();
                if let Some(Choice::Corner(c)) = chosen {
                    self.pillage(seat, c);
                }
            }
            Step::DefenderDraw { .. } => {
                self.steps.pop();
                if let Some(Choice::Track(t)) = chosen {
                    self.draw_progress(seat, t);
                }
            }
            Step::ReturnProgress { .. } => {
                self.steps.pop();
                if let Action::Return { card } = *action {
                    self.return_progress(seat, card);
                }
                if self.players[seat as usize].progress.len() > self.options.progress_limit() {
                    self.steps.push(Step::ReturnProgress { seat });
                }
            }
            Step::Metropolis { track, .. } => {
                self.steps.pop();
                if let Some(Choice::Corner(c)) = chosen {
                    let t = track.index();
                    if let Some((_, old)) = self.metropolis[t]
                        && let Building::City { metropolis, .. } = &mut self.buildings[old as usize]
                    {
                        *metropolis = None;
                    }
                    if let Building::City { metropolis, .. } = &mut self.buildings[c as usize] {
                        *metropolis = Some(track);
                    }
                    self.metropolis[t] = Some((seat, c));
                }
            }
            Step::Aqueduct { .. } => {
                self.steps.pop();
                if let Some(Choice::Card(card)) = chosen {
                    self.take_from_bank(seat, card, 1);
                }
            }
            Step::Displaced { knight, .. } => {
                self.steps.pop();
                if let Some(Choice::Corner(c)) = chosen {
                    self.knights[c as usize] = Some(knight);
                    self.refresh_roads(self.road_owners_at(c));
                }
            }
            Step::HarborAnswer { card, .. } => {
                self.steps.pop();
                if let Some(Choice::Card(commodity)) = chosen {
                    let current = self.current;
                    self.hand_over(current, seat, card, 1);
                    self.hand_over(seat, current, commodity, 1);
                }
                self.harbor_continues();
            }
            Step::DesertKnight { .. } => {
                self.steps.pop();
                if let Some(Choice::Corner(c)) = chosen
                    && let Some(k) = self.knights[c as usize].take()
                {
                    self.players[seat as usize].knights_left[k.level as usize - 1] += 1;
                    self.refresh_roads(self.road_owners_at(c));
                    let current = self.current;
                    let left = self.players[current as usize].knights_left;
                    let any_spot =
                        (0..self.buildings.len() as CornerId).any(|c| self.knight_spot(current, c));
                    if (0..k.level as usize).any(|l| left[l] > 0) && any_spot {
                        self.steps.push(Step::Card {
                            card: Progress::Deserter,
                            stage: CardStage::PlaceDeserter {
                                level: k.level,
                                active: k.active,
                            },
                        });
                    }
                }
            }
            Step::FreeRoads { left, .. } => {
                self.steps.pop();
                if let Some(Choice::Side(s)) = chosen {
                    self.build(seat, Piece::Road, s, false);
                    let more = left - 1;
                    if more > 0
                        && self.players[seat as usize].roads_left > 0
                        && (0..self.roads.len()).any(|x| self.road_spot(seat, x as SideId))
                    {
                        self.steps.push(Step::FreeRoads { seat, left: more });
                    }
                }
            }
            Step::Plenty { left, .. } => {
                self.steps.pop();
                if let Some(Choice::Card(card)) = chosen {
                    self.take_from_bank(seat, card, 1);
                    if left > 1 && Card::RESOURCES.iter().any(|c| self.bank.get(*c) > 0) {
                        self.steps.push(Step::Plenty {
                            seat,
                            left: left - 1,
                        });
                    }
                }
            }
            Step::Monopoly { .. } => {
                self.steps.pop();
                if let Some(Choice::Card(card)) = chosen {
                    for v in 0..self.seat_count() as Seat {
                        if v != seat {
                            self.hand_over(v, seat, card, u8::MAX);
                        }
                    }
                }
            }
            Step::Card { card, stage } => {
                self.steps.pop();
                self.card_step(seat, card, stage, action);
            }
            Step::Answers { offer, mut answers } => {
                self.steps.pop();
                answers[seat as usize] = match *action {
                    Action::Accept => Answer::Accept,
                    Action::Counter { offer } => Answer::Counter(offer),
                    _ => Answer::Decline,
                };
                if answers.contains(&Answer::Waiting) {
                    self.steps.push(Step::Answers { offer, answers });
                } else if answers
                    .iter()
                    .any(|a| matches!(a, Answer::Accept | Answer::Counter(_)))
                {
                    self.steps.push(Step::CloseTrade { offer, answers });
                }
            }
            Step::CloseTrade { offer, answers } => {
                self.steps.pop();
                if let Action::TradeWith { seat: other } = *action {
                    let terms = match answers[other as usize] {
                        Answer::Counter(o) => o,
                        _ => offer,
                    };
                    self.hand_over(seat, other, terms.give.0, terms.give.1);
                    self.hand_over(other, seat, terms.take.0, terms.take.1);
                    self.note(Event::Traded {
                        seat,
                        with: other,
                        gave: terms.give,
                        got: terms.take,
                    });
                }
            }
            Step::Event(_) | Step::Produce(_) | Step::Seven | Step::SevenRobber => {}
        }
    }

    /// The cards for a second set-up building: one per producing hex
    /// (and, with the variant, a commodity for a city).
    fn starting_cards(&mut self, seat: Seat, at: CornerId, city: bool) {
        let hexes = self.topo.corners[at as usize].hexes.clone();
        for h in hexes {
            if let Some(r) = self.topo.hexes[h as usize].resource {
                self.take_from_bank(seat, Card::of(r), 1);
                if city
                    && self.options.starting_commodities
                    && let Some(c) = Card::commodity_of(r)
                {
                    self.take_from_bank(seat, c, 1);
                }
            }
        }
    }

    /// The barbarians reduce the seat's city on `c` to a settlement (or
    /// remove it when no settlement piece is left).
    fn pillage(&mut self, seat: Seat, c: CornerId) {
        let p = &mut self.players[seat as usize];
        if let Building::City { wall, .. } = self.buildings[c as usize] {
            if wall {
                p.walls_left += 1;
            }
            p.cities_left += 1;
            if p.settlements_left > 0 {
                p.settlements_left -= 1;
                self.buildings[c as usize] = Building::Settlement { owner: seat };
            } else {
                self.buildings[c as usize] = Building::None;
                self.refresh_roads(self.road_owners_at(c));
            }
        }
    }

    /// After a Commercial Harbor answer: more offers while someone is left.
    fn harbor_continues(&mut self) {
        let seat = self.current;
        let p = &self.players[seat as usize];
        let has_resource = Card::RESOURCES.iter().any(|c| p.hand.get(*c) > 0);
        let anyone = self
            .others_holding(seat, true)
            .iter()
            .any(|s| !self.harbor_offered.contains(*s));
        if has_resource && anyone {
            self.steps.push(Step::Card {
                card: Progress::CommercialHarbor,
                stage: CardStage::More {
                    left: 0,
                    victim: None,
                },
            });
        }
    }

    fn play_progress(&mut self, seat: Seat, card: Progress) {
        {
            let p = &mut self.players[seat as usize];
            if let Some(i) = p.progress.iter().position(|c| *c == card) {
                p.progress.remove(i);
            }
        }
        self.decks[card.track().index()].insert(0, card);
        let start = |card| Step::Card {
            card,
            stage: CardStage::Start,
        };
        let more = |card, left| Step::Card {
            card,
            stage: CardStage::More { left, victim: None },
        };
        match card {
            Progress::Crane => self.crane = true,
            Progress::Irrigation | Progress::Mining => {
                let (kind, card) = if card == Progress::Irrigation {
                    (crate::Resource::Grain, Card::Grain)
                } else {
                    (crate::Resource::Ore, Card::Ore)
                };
                let hexes: Vec<HexId> = (0..self.topo.hexes.len() as HexId)
                    .filter(|h| {
                        self.topo.hexes[*h as usize].resource == Some(kind)
                            && self.touches_hex(seat, *h)
                    })
                    .collect();
                self.take_from_bank(seat, card, 2 * hexes.len() as u8);
            }
            Progress::RoadBuilding => self.steps.push(Step::FreeRoads { seat, left: 2 }),
            Progress::Smith => self.steps.push(more(card, 2)),
            Progress::CommercialHarbor => self.steps.push(more(card, 0)),
            Progress::Warlord => {
                let turn = self.turn;
                for k in self.knights.iter_mut().flatten() {
                    if k.owner == seat && !k.active {
                        k.active = true;
                        k.activated_on = turn;
                    }
                }
            }
            Progress::Bishop => self.steps.push(Step::MoveRobber { seat, bishop: true }),
            Progress::Saboteur => {
                let mine = self.public_points(seat);
                let mut owed = [0u8; MAX_SEATS];
                for (s, o) in owed.iter_mut().enumerate().take(self.seat_count()) {
                    if s != seat as usize && self.public_points(s as Seat) >= mine {
                        *o = (self.players[s].hand.total() / 2) as u8;
                    }
                }
                self.push_give(Giving::Discard, owed);
            }
            Progress::Wedding => {
                let mine = self.public_points(seat);
                let mut owed = [0u8; MAX_SEATS];
                for (s, o) in owed.iter_mut().enumerate().take(self.seat_count()) {
                    if s != seat as usize && self.public_points(s as Seat) > mine {
                        *o = self.players[s].hand.total().min(2) as u8;
                    }
                }
                self.push_give(Giving::To(seat), owed);
            }
            _ => self.steps.push(start(card)),
        }
    }

    /// Queue a [`Step::Give`] unless nobody owes anything.
    pub(crate) fn push_give(&mut self, to: Giving, owed: [u8; MAX_SEATS]) {
        if owed.iter().any(|n| *n > 0) {
            self.steps.push(Step::Give {
                to,
                owed,
                chosen: [Hand::EMPTY; MAX_SEATS],
            });
        }
    }

    fn card_step(&mut self, seat: Seat, card: Progress, stage: CardStage, action: &Action) {
        let chosen = match action {
            Action::Choose { choice } => Some(*choice),
            _ => None,
        };
        if *action == Action::EndPlay {
            return;
        }
        match (card, stage, chosen) {
            (Progress::Alchemist, _, Some(Choice::Dice(r, w))) => self.chosen_dice = Some((r, w)),
            (Progress::Engineer, _, Some(Choice::Corner(c))) => {
                self.build(seat, Piece::CityWall, c, false)
            }
            (Progress::Inventor, CardStage::Start, Some(Choice::Hex(h))) => {
                self.steps.push(Step::Card {
                    card,
                    stage: CardStage::SecondHex { first: h },
                })
            }
            (Progress::Inventor, CardStage::SecondHex { first }, Some(Choice::Hex(h))) => {
                self.numbers.swap(first as usize, h as usize);
            }
            (Progress::Medicine, _, Some(Choice::Corner(c))) => {
                self.pay(seat, &cost::MEDICINE_CITY);
                self.build(seat, Piece::City, c, false);
            }
            (Progress::Smith, CardStage::More { left, .. }, Some(Choice::Corner(c))) => {
                self.promote(seat, c);
                let fortress = self.players[seat as usize].levels[Track::Politics.index()] >= 3;
                if left > 1
                    && (0..self.knights.len() as CornerId)
                        .any(|k| self.promotable(seat, k, fortress))
                {
                    self.steps.push(Step::Card {
                        card,
                        stage: CardStage::More {
                            left: left - 1,
                            victim: None,
                        },
                    });
                }
            }
            (Progress::CommercialHarbor, _, _) => {
                if let Action::Offer { to, card: r } = *action {
                    self.harbor_offered = self.harbor_offered.with(to);
                    self.steps.push(Step::HarborAnswer { seat: to, card: r });
                }
            }
            (Progress::MasterMerchant, CardStage::Start, Some(Choice::Seat(v))) => {
                self.steps.push(Step::Card {
                    card,
                    stage: CardStage::More {
                        left: 2,
                        victim: Some(v),
                    },
                });
            }
            (
                Progress::MasterMerchant,
                CardStage::More {
                    left,
                    victim: Some(v),
                },
                Some(Choice::Card(c)),
            ) => {
                self.hand_over(v, seat, c, 1);
                if left > 1 && self.players[v as usize].hand.total() > 0 {
                    self.steps.push(Step::Card {
                        card,
                        stage: CardStage::More {
                            left: left - 1,
                            victim: Some(v),
                        },
                    });
                }
            }
            (Progress::Merchant, _, Some(Choice::Hex(h))) => self.merchant = Some((h, seat)),
            (Progress::MerchantFleet, _, Some(Choice::Card(c))) => self.fleet = Some(c),
            (Progress::ResourceMonopoly, _, Some(Choice::Card(c))) => {
                for v in 0..self.seat_count() as Seat {
                    if v != seat {
                        self.hand_over(v, seat, c, 2);
                    }
                }
            }
            (Progress::TradeMonopoly, _, Some(Choice::Card(c))) => {
                for v in 0..self.seat_count() as Seat {
                    if v != seat {
                        self.hand_over(v, seat, c, 1);
                    }
                }
            }
            (Progress::Deserter, CardStage::Start, Some(Choice::Seat(v))) => {
                self.steps.push(Step::DesertKnight { seat: v });
            }
            (
                Progress::Deserter,
                CardStage::PlaceDeserter { level, active },
                Some(Choice::Corner(c)),
            ) => {
                let p = &mut self.players[seat as usize];
                let Some(l) = (1..=level)
                    .rev()
                    .find(|l| p.knights_left[*l as usize - 1] > 0)
                else {
                    return;
                };
                p.knights_left[l as usize - 1] -= 1;
                self.knights[c as usize] = Some(Knight {
                    owner: seat,
                    level: l,
                    active,
                    activated_on: 0,
                    promoted_on: 0,
                });
                self.refresh_roads(self.road_owners_at(c));
            }
            (Progress::Diplomat, CardStage::Start, Some(Choice::Side(s))) => {
                let owner = self.roads[s as usize].take();
                if let Some(o) = owner {
                    self.players[o as usize].roads_left += 1;
                    self.refresh_roads(SeatSet::one(o));
                }
                if owner == Some(seat)
                    && (0..self.roads.len()).any(|x| self.road_spot(seat, x as SideId))
                {
                    self.steps.push(Step::Card {
                        card,
                        stage: CardStage::Rebuild,
                    });
                }
            }
            (Progress::Diplomat, CardStage::Rebuild, Some(Choice::Side(s))) => {
                self.build(seat, Piece::Road, s, false)
            }
            (Progress::Intrigue, _, Some(Choice::Corner(c))) => {
                if let Some(k) = self.knights[c as usize].take() {
                    self.displace(k, c);
                    self.refresh_roads(self.road_owners_at(c));
                }
            }
            (Progress::Spy, CardStage::Start, Some(Choice::Seat(v))) => {
                self.steps.push(Step::Card {
                    card,
                    stage: CardStage::SpyOn { victim: v },
                });
            }
            (Progress::Spy, CardStage::SpyOn { victim }, Some(Choice::Progress(p))) => {
                let vp = &mut self.players[victim as usize].progress;
                if let Some(i) = vp.iter().position(|c| *c == p) {
                    vp.remove(i);
                    self.players[seat as usize].progress.push(p);
                }
            }
            _ => {}
        }
    }
}
