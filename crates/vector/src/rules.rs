//! The rules (docs/vector/rules.md): a round's order and lost turns,
//! directions one seat at a time, magnitudes all at once, then each
//! seat's move carried out in order with its landing square.

use serde::{Deserialize, Serialize};
use tabula_engine::{Seat, SeatSet};
use thiserror::Error;

use crate::board::{Payee, SharedBoard, Square};
use crate::geometry::{Dir, Pos, corner_for, goal_at, partners, travel};
use crate::state::{Cause, GoalRule, MAX_MAGNITUDE, Options, Phase, SEATS, Segment, Vector};

/// A seat's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `DIRECTION: NE` — public at once.
    Direction(Dir),
    /// `MAGNITUDE: 2` — secret until every active seat has chosen.
    Magnitude(u8),
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Direction(d) => write!(f, "DIRECTION: {}", d.short()),
            Action::Magnitude(m) => write!(f, "MAGNITUDE: {m}"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["DIRECTION:", d] => Dir::parse(d)
                .map(Action::Direction)
                .ok_or_else(|| format!("`{d}` is not a direction (N, NE, E, SE, S, SW, W, NW)")),
            ["MAGNITUDE:", m] => match m.parse::<u8>() {
                Ok(m @ 0..=MAX_MAGNITUDE) => Ok(Action::Magnitude(m)),
                _ => Err(format!("`{m}` is not a magnitude (0 to 3)")),
            },
            _ => Err("write `DIRECTION: NE` or `MAGNITUDE: 2`".into()),
        }
    }
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Not this seat's decision now.
    #[error("it is not seat {0}'s turn to choose")]
    NotYourTurn(Seat),
    /// A magnitude asked for when a direction is due, or the reverse.
    #[error("a {0} is chosen now")]
    WrongKind(&'static str),
    /// Out of range.
    #[error("a magnitude is 0 to 3, not {0}")]
    Magnitude(u8),
    /// Already chosen.
    #[error("seat {0} has already chosen its magnitude this round")]
    Chosen(Seat),
}

impl Vector {
    /// A new game on `board`.
    pub fn new(options: &Options, board: SharedBoard) -> Vector {
        let mut g = Vector {
            options: options.clone(),
            board,
            pos: Pos::START,
            round: 0,
            first: 0,
            order: Vec::new(),
            phase: Phase::Over,
            dirs: [None; SEATS],
            mags: [None; SEATS],
            lost: [0; SEATS],
            lost_new: [0; SEATS],
            struck: [false; SEATS],
            scores: [0; SEATS],
            goal: None,
            segments: Vec::new(),
            played: Vec::new(),
        };
        if options.rounds > 0 {
            g.start_round(true);
        }
        g
    }

    /// Begin the current round again, as if `last_first` had been the
    /// last round's first seat (`None`: as the game's first round) — for
    /// positions written as text.
    pub(crate) fn restart_round(&mut self, last_first: Option<Seat>) {
        match last_first {
            Some(s) => {
                self.first = s;
                self.start_round(false);
            }
            None => self.start_round(true),
        }
    }

    /// Begin a round: lost turns of the last round count now; the first
    /// seat is North in the first round, else the seat after the last
    /// round's first, skipping seats that sit out; seats with a lost turn
    /// sit out and use one up (when all four have one, each gives one up
    /// until someone can play).
    fn start_round(&mut self, first_round: bool) {
        for s in 0..SEATS {
            self.lost[s] += self.lost_new[s];
            self.lost_new[s] = 0;
        }
        self.struck = [false; SEATS];
        while self.lost.iter().all(|&l| l > 0) {
            for l in &mut self.lost {
                *l -= 1;
            }
        }
        let mut first = if first_round { 0 } else { (self.first + 1) % 4 };
        while self.lost[first as usize] > 0 {
            first = (first + 1) % 4;
        }
        self.first = first;
        self.order = (0..4)
            .map(|k| (first + k) % 4)
            .filter(|&s| self.lost[s as usize] == 0)
            .collect();
        for s in 0..SEATS {
            if self.lost[s] > 0 {
                self.lost[s] -= 1;
            }
        }
        self.dirs = [None; SEATS];
        self.mags = [None; SEATS];
        self.phase = Phase::Directions { next: 0 };
    }

    /// The seats still to choose a magnitude.
    pub fn waiting(&self) -> SeatSet {
        let mut set = SeatSet::default();
        for &s in &self.order {
            if self.mags[s as usize].is_none() {
                set = set.with(s);
            }
        }
        set
    }

    /// Every legal action of `seat` now.
    pub fn actions(&self, seat: Seat) -> Vec<Action> {
        match self.phase {
            Phase::Directions { next } if self.order.get(next as usize) == Some(&seat) => {
                Dir::ALL.into_iter().map(Action::Direction).collect()
            }
            Phase::Magnitudes if self.waiting().contains(seat) => {
                (0..=MAX_MAGNITUDE).map(Action::Magnitude).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Why `action` is refused for `seat`, or `None` when it is legal.
    pub fn check(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        match (self.phase, action) {
            (Phase::Over, _) => Some(Refusal::Over),
            (Phase::Directions { next }, Action::Direction(_)) => {
                (self.order.get(next as usize) != Some(&seat)).then_some(Refusal::NotYourTurn(seat))
            }
            (Phase::Directions { .. }, Action::Magnitude(_)) => {
                Some(Refusal::WrongKind("direction"))
            }
            (Phase::Magnitudes, Action::Direction(_)) => Some(Refusal::WrongKind("magnitude")),
            (Phase::Magnitudes, Action::Magnitude(m)) => {
                if *m > MAX_MAGNITUDE {
                    Some(Refusal::Magnitude(*m))
                } else if !self.order.contains(&seat) {
                    Some(Refusal::NotYourTurn(seat))
                } else if self.mags[seat as usize].is_some() {
                    Some(Refusal::Chosen(seat))
                } else {
                    None
                }
            }
        }
    }

    /// Apply a legal action (checked by the caller).
    pub(crate) fn perform(&mut self, seat: Seat, action: &Action) {
        match (self.phase, action) {
            (Phase::Directions { next }, Action::Direction(d)) => {
                self.dirs[seat as usize] = Some(*d);
                let next = next + 1;
                self.phase = if (next as usize) < self.order.len() {
                    Phase::Directions { next }
                } else {
                    Phase::Magnitudes
                };
            }
            (Phase::Magnitudes, Action::Magnitude(m)) => {
                self.mags[seat as usize] = Some(*m);
                if self.waiting().is_empty() {
                    self.play_round();
                }
            }
            _ => {}
        }
    }

    /// Carry out the round's moves in order, then end the round (or the game).
    fn play_round(&mut self) {
        self.segments.clear();
        self.played.clear();
        let order = self.order.clone();
        for (k, &seat) in order.iter().enumerate() {
            let (Some(dir), Some(mag)) = (self.dirs[seat as usize], self.mags[seat as usize])
            else {
                continue;
            };
            self.played.push((seat, dir, mag));
            self.move_piece(seat, dir, mag, k == 0);
            if self.goal.is_some() {
                self.phase = Phase::Over;
                return;
            }
        }
        self.round += 1;
        if self.round >= self.options.rounds {
            self.phase = Phase::Over;
        } else {
            self.start_round(false);
        }
    }

    /// A straight move by `seat` (its card pair, or a push it set off):
    /// clipped one square off the board; a goal ends the game; off
    /// elsewhere goes to the corner and costs the seat its next turn.
    /// Whether the Vector is still on the board where it should be
    /// resolved (not after a relocation).
    fn travel_checked(&mut self, seat: Seat, dir: Dir, steps: u8, cause: Cause) -> bool {
        let from = self.pos;
        let to = travel(from, dir, steps);
        self.segments.push(Segment {
            seat,
            cause,
            from,
            to,
        });
        if to.on_board() {
            self.pos = to;
            return true;
        }
        if let Some(owner) = goal_at(to, dir) {
            self.goal = Some(owner);
            self.pos = to;
            if self.options.goal == GoalRule::DoubleAndEnd {
                self.scores[owner as usize] *= 2;
            }
            return false;
        }
        let corner = corner_for(to);
        self.segments.push(Segment {
            seat,
            cause: Cause::Relocation,
            from: to,
            to: corner,
        });
        self.pos = corner;
        self.lost_new[seat as usize] += 1;
        false
    }

    fn move_piece(&mut self, seat: Seat, dir: Dir, mag: u8, first_mover: bool) {
        if !self.travel_checked(seat, dir, mag, Cause::Card) {
            return;
        }
        // The landing square (a magnitude of 0 lands where the Vector stands).
        match self.board.at(self.pos) {
            Square::Blank => {}
            Square::Points { yellow: true, .. } if first_mover => {}
            Square::Points { value, to, .. } => match to {
                Payee::All => self.scores[seat as usize] += value,
                Payee::Seat(s) => self.scores[s as usize] += value,
                Payee::Pair(a, b) => {
                    let ours = if partners(a, seat) { a } else { b };
                    let theirs = if partners(a, seat) { b } else { a };
                    if value > 0 {
                        self.scores[ours as usize] += value;
                    } else if value < 0 {
                        self.scores[theirs as usize] += value;
                    }
                }
            },
            Square::NoTurn(s) => {
                if !self.struck[s as usize] {
                    self.struck[s as usize] = true;
                    self.lost_new[s as usize] += 1;
                }
            }
            Square::Move { .. } if first_mover => {}
            Square::Move { dir, steps } => {
                // The push is checked like a move; its landing is not resolved.
                self.travel_checked(seat, dir, steps, Cause::Push);
            }
        }
    }
}
