//! The dice and what they set off: the event die (barbarians and progress
//! cards), production, and the 7.

use tabula_engine::Seat;

use super::cards::{Card, Hand, Track};
use super::log::Event;
use super::state::{BARBARIAN_TRACK, Building, Catan, Giving, MAX_SEATS, Phase, Roll, Step};

/// What the barbarians would do if they landed now (see
/// [`Catan::barbarian_outlook`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// Their strength: the cities on the board.
    pub barbarians: u32,
    /// Each seat's active knights' strength.
    pub knights: Vec<u32>,
    /// Whether the knights would hold them off.
    pub repelled: bool,
    /// Who would lose a city (the weakest defenders with a city that is
    /// no metropolis), in turn order from the current seat.
    pub losers: Vec<Seat>,
    /// Who would become Defender of Catan (the one strongest defender).
    pub defender: Option<Seat>,
    /// Who would each draw a progress card instead (the strongest tied).
    pub drawers: Vec<Seat>,
}

impl Catan {
    /// Roll the dice (Alchemist's, if chosen, for red and white) and queue
    /// what follows: the event die first, then production or the 7.
    pub(crate) fn roll_dice(&mut self) {
        let (red, white) = match self.chosen_dice.take() {
            Some(d) => d,
            None => (self.die(), self.die()),
        };
        let fixed = self.fixed_event.take();
        let event = if self.ck() {
            let face = match fixed {
                Some(None) => 1,
                Some(Some(Track::Trade)) => 4,
                Some(Some(Track::Politics)) => 5,
                Some(Some(Track::Science)) => 6,
                None => self.die(),
            };
            match face {
                4 => Some(Some(Track::Trade)),
                5 => Some(Some(Track::Politics)),
                6 => Some(Some(Track::Science)),
                _ => Some(None),
            }
        } else {
            None
        };
        self.roll = Some(Roll {
            red,
            white,
            event: event.flatten(),
        });
        self.note(Event::Rolled { red, white, event });
        self.phase = Phase::Main;
        let sum = red + white;
        self.steps.push(if sum == 7 {
            Step::Seven
        } else {
            Step::Produce(sum)
        });
        if let Some(e) = event {
            self.steps.push(Step::Event(e));
        }
        self.run_steps();
        self.check_victory();
    }

    fn die(&mut self) -> u8 {
        self.rng.below(6) as u8 + 1
    }

    /// Run the steps that need no decision, until one does or none is left.
    pub(crate) fn run_steps(&mut self) {
        while let Some(step) = self.steps.last() {
            match *step {
                Step::Event(e) => {
                    self.steps.pop();
                    match e {
                        None => self.sail(),
                        Some(t) => self.gate(t),
                    }
                }
                Step::Produce(sum) => {
                    self.steps.pop();
                    self.produce(sum);
                }
                Step::Seven => {
                    self.steps.pop();
                    self.steps.push(Step::SevenRobber);
                    let mut owed = [0u8; MAX_SEATS];
                    for (s, o) in owed.iter_mut().enumerate().take(self.seat_count()) {
                        let n = self.players[s].hand.total();
                        // No limit is below 7: walls are counted only past it.
                        if n > 7 && n > self.hand_limit(s as Seat) {
                            *o = (n / 2) as u8;
                        }
                    }
                    self.push_give(Giving::Discard, owed);
                }
                Step::SevenRobber => {
                    self.steps.pop();
                    if self.robber_awake {
                        self.steps.push(Step::MoveRobber {
                            seat: self.current,
                            bishop: false,
                        });
                    }
                }
                Step::Give { owed, .. } if owed.iter().all(|n| *n == 0) => {
                    self.steps.pop();
                }
                _ => {
                    if self.to_move_step_is_stuck() {
                        self.steps.pop();
                    } else {
                        break;
                    }
                }
            }
        }
    }

    /// A decision step with nothing to choose from is skipped (say, a
    /// displaced knight whose every retreat was taken meanwhile).
    fn to_move_step_is_stuck(&self) -> bool {
        let seats = match self.steps.last() {
            Some(Step::Give { .. } | Step::Answers { .. }) | None => return false,
            Some(
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
                | Step::Monopoly { seat },
            ) => *seat,
            Some(Step::Card { .. } | Step::CloseTrade { .. }) => self.current,
            Some(_) => return false,
        };
        !self.has_action(seats)
    }

    /// What the barbarians would do if they landed now: their strength
    /// against the knights', and who loses a city or wins the defence.
    /// The barbarians' panel and the attack itself (see `sail`) both
    /// read it, so what the panel says is what happens.
    pub fn barbarian_outlook(&self) -> Outlook {
        let n = self.seat_count();
        let barbarians = self
            .buildings
            .iter()
            .filter(|b| matches!(b, Building::City { .. }))
            .count() as u32;
        let knights: Vec<u32> = (0..n as Seat).map(|s| self.knight_strength(s)).collect();
        let defence: u32 = knights.iter().sum();
        let order: Vec<Seat> = (0..n as Seat)
            .map(|k| (self.current + k) % n as Seat)
            .collect();
        let mut out = Outlook {
            barbarians,
            repelled: defence >= barbarians,
            knights: knights.clone(),
            losers: Vec::new(),
            defender: None,
            drawers: Vec::new(),
        };
        if out.repelled {
            let top = knights.iter().copied().max().unwrap_or(0);
            let best: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|s| knights[*s as usize] == top)
                .collect();
            if top > 0 {
                if best.len() == 1 {
                    out.defender = Some(best[0]);
                } else {
                    out.drawers = best;
                }
            }
        } else {
            let exposed: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|s| !self.plain_cities(*s).is_empty())
                .collect();
            let low = exposed.iter().map(|s| knights[*s as usize]).min();
            out.losers = exposed
                .into_iter()
                .filter(|s| Some(knights[*s as usize]) == low)
                .collect();
        }
        out
    }

    /// A ship on the event die: the barbarians sail one space, and attack
    /// when they land.
    fn sail(&mut self) {
        self.barbarians += 1;
        if self.barbarians < BARBARIAN_TRACK {
            return;
        }
        self.barbarians = 0;
        let outlook = self.barbarian_outlook();
        self.note(Event::Attack {
            barbarians: outlook.barbarians,
            knights: outlook.knights.clone(),
            repelled: outlook.repelled,
            losers: outlook.losers.clone(),
            defender: outlook.defender,
            drawers: outlook.drawers.clone(),
        });
        if let Some(d) = outlook.defender {
            self.players[d as usize].defender += 1;
            self.defender_left = self.defender_left.saturating_sub(1);
        }
        // Steps run last-pushed first: push in reverse turn order.
        for s in outlook.drawers.iter().rev() {
            self.steps.push(Step::DefenderDraw { seat: *s });
        }
        for s in outlook.losers.iter().rev() {
            self.steps.push(Step::Pillage { seat: *s });
        }
        for k in self.knights.iter_mut().flatten() {
            k.active = false;
        }
        self.robber_awake = true;
    }

    /// A city gate on the event die: players whose level in the track is
    /// high enough for the red die draw a card, the roller first.
    fn gate(&mut self, track: Track) {
        let red = self.roll.map_or(7, |r| r.red);
        let n = self.seat_count() as Seat;
        let mut drawers = Vec::new();
        for k in 0..n {
            let s = (self.current + k) % n;
            let level = self.players[s as usize].levels[track.index()];
            if level >= 1 && red <= level + 1 {
                drawers.push(s);
            }
        }
        // Draw in order; the steps a draw queues (a card to put back) must
        // come after every draw, so collect them and push them at the end.
        let before = self.steps.len();
        for s in drawers {
            self.draw_progress(s, track);
        }
        self.steps[before..].reverse();
    }

    /// Production for a roll of `sum`.
    fn produce(&mut self, sum: u8) {
        let n = self.seat_count();
        let mut owed = [Hand::EMPTY; MAX_SEATS];
        for (h, hex) in self.topo.hexes.iter().enumerate() {
            if self.numbers[h] != sum || self.robber as usize == h {
                continue;
            }
            let Some(r) = hex.resource else { continue };
            for &c in &hex.corners {
                match self.buildings[c as usize] {
                    Building::Settlement { owner } => owed[owner as usize].add(Card::of(r), 1),
                    Building::City { owner, .. } => {
                        owed[owner as usize].add(Card::of(r), 1);
                        match Card::commodity_of(r) {
                            Some(c) if self.ck() => owed[owner as usize].add(c, 1),
                            _ => owed[owner as usize].add(Card::of(r), 1),
                        }
                    }
                    Building::None => {}
                }
            }
        }
        let mut got = [false; MAX_SEATS];
        let before: Option<Vec<Hand>> = self
            .log
            .is_some()
            .then(|| self.players.iter().map(|p| p.hand).collect());
        for card in Card::ALL {
            let total: u32 = owed.iter().map(|h| u32::from(h.get(card))).sum();
            if total == 0 {
                continue;
            }
            let takers = owed.iter().filter(|h| h.get(card) > 0).count();
            if total <= u32::from(self.bank.get(card)) || takers == 1 {
                for s in 0..n {
                    let want = owed[s].get(card);
                    if want > 0 && self.take_from_bank(s as Seat, card, want) > 0 {
                        got[s] = true;
                    }
                }
            } else {
                self.note(Event::Shortage { card });
            }
        }
        if let Some(before) = before {
            for (s, was) in before.into_iter().enumerate() {
                let mut cards = self.players[s].hand;
                cards.take_all(&was);
                if cards.total() > 0 {
                    self.note(Event::Produced {
                        seat: s as Seat,
                        cards,
                    });
                }
            }
        }
        if self.ck() {
            for k in (0..n as Seat).rev() {
                let s = ((self.current as usize + k as usize) % n) as Seat;
                if !got[s as usize] && self.players[s as usize].levels[Track::Science.index()] >= 3
                {
                    self.steps.push(Step::Aqueduct { seat: s });
                }
            }
        }
    }
}
