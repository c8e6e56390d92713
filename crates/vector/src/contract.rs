//! Vector on the shared game contract: who acts (one seat for a
//! direction, the active seats at once for magnitudes), the checked
//! `apply`, the outcome by team, the player view (others' magnitudes
//! hidden until all are in), the state hash, and what the bots and the
//! conformance suite need.

use std::cell::RefCell;
use std::ops::RangeInclusive;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tabula_engine::conformance::Conformance;
use tabula_engine::map_cache::LastMap;
use tabula_engine::pick_listed_in_view;
use tabula_engine::{
    Determinize, Evaluate, Game, GameRng, Outcome, Problems, Ruleset, Seat, StateHash, StateHasher,
    ToMove, TrustedView,
};

use crate::board::{Board, read_board, squares_text, starter_board, write_board};
use crate::geometry::{Dir, MIDDLE, Pos};
use crate::rules::{Action, Refusal};
use crate::state::{GoalRule, MAX_MAGNITUDE, Options, Phase, SEATS, Vector};

/// What a seat may see: the game with the other seats' magnitudes of
/// this round hidden (only whether they have chosen).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The viewing seat.
    pub seat: Seat,
    /// The game, others' magnitudes removed.
    pub state: Vector,
    /// Which seats have chosen their magnitude.
    pub chosen: [bool; SEATS],
}

impl PartialEq for Vector {
    fn eq(&self, other: &Vector) -> bool {
        self.state_hash() == other.state_hash()
    }
}

impl Game for Vector {
    type Action = Action;
    type Error = Refusal;
    type View = View;

    fn seats(&self) -> usize {
        SEATS
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Over => ToMove::Over,
            Phase::Directions { next } => ToMove::Seat(self.order[next as usize]),
            Phase::Magnitudes => ToMove::Simultaneous(self.waiting()),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.actions(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if let Some(r) = self.check(seat, action) {
            return Err(r);
        }
        self.perform(seat, action);
        Ok(())
    }

    /// N+S (team 0) against E+W (team 1).
    fn team(&self, seat: Seat) -> usize {
        seat as usize % 2
    }

    fn apply_chance(&mut self) -> Result<(), Refusal> {
        Err(Refusal::Over)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let team = |s: Seat| self.team_score(s);
        let keys: Vec<i64> = match (self.goal, self.options.goal) {
            (Some(owner), GoalRule::Win) => (0..4)
                .map(|s: Seat| i64::from(s % 2 == owner % 2))
                .collect(),
            _ => (0..4).map(team).collect(),
        };
        Some(Outcome {
            ranks: Outcome::ranks_from_keys(&keys),
            scores: self.scores.iter().map(|&x| i64::from(x)).collect(),
        })
    }

    /// What a watcher sees: the view from no seat (every hand, secret
    /// choice and hidden score of every seat removed).
    fn public_view(&self) -> Option<View> {
        Some(self.player_view(tabula_engine::seat::NO_SEAT))
    }

    fn player_view(&self, seat: Seat) -> View {
        let mut state = self.clone();
        let chosen = [0, 1, 2, 3].map(|s| self.mags[s].is_some());
        if self.phase == Phase::Magnitudes {
            for s in 0..SEATS {
                if s != seat as usize {
                    state.mags[s] = None;
                }
            }
        }
        View {
            seat,
            state,
            chosen,
        }
    }

    fn state_hash(&self) -> StateHash {
        let mut h = StateHasher::new();
        h.bytes(b"vector")
            .u8(self.options.rounds)
            .u8(self.options.goal as u8)
            .u8(self.pos.row as u8)
            .u8(self.pos.col as u8)
            .u8(self.round)
            .u8(self.first)
            .u8(self.order.len() as u8);
        for &s in &self.order {
            h.u8(s);
        }
        match self.phase {
            Phase::Directions { next } => h.u8(0).u8(next),
            Phase::Magnitudes => h.u8(1),
            Phase::Over => h.u8(2),
        };
        for s in 0..SEATS {
            h.u8(self.dirs[s].map_or(9, |d| d.index() as u8))
                .u8(self.mags[s].map_or(9, |m| m))
                .u8(self.lost[s])
                .u8(self.lost_new[s])
                .u8(self.struck[s] as u8)
                .u32(self.scores[s] as u32);
        }
        h.u8(self.goal.map_or(9, |g| g));
        HASHED_BOARD.with(|kept| {
            let mut kept = kept.borrow_mut();
            match &*kept {
                Some((board, text)) if Arc::ptr_eq(board, &self.board) => {
                    h.bytes(text.as_bytes());
                }
                _ => {
                    let text = squares_text(&self.board);
                    h.bytes(text.as_bytes());
                    *kept = Some((Arc::clone(&self.board), text));
                }
            }
        });
        h.finish()
    }
}

thread_local! {
    /// The board a thread read last: every game of a run reads the same
    /// board text.
    static LAST_BOARD: LastMap<Arc<Board>> = const { LastMap::new() };
}

thread_local! {
    /// The board a thread hashed last and its squares as the hash reads
    /// them (`squares_text`), written once for every game on that board.
    /// The kept `Arc` keeps the board alive and shared, so it can be
    /// neither freed (its address taken by another board) nor changed in
    /// place: a state whose board is the same allocation has the same
    /// squares.
    static HASHED_BOARD: RefCell<Option<(Arc<Board>, String)>> = const { RefCell::new(None) };
}

impl Ruleset for Vector {
    const NAME: &'static str = "vector";
    type Options = Options;

    fn seat_range() -> RangeInclusive<usize> {
        4..=4
    }

    fn default_map() -> Option<&'static str> {
        Some(crate::STARTER_BOARD)
    }

    fn new_game(
        options: &Options,
        map: Option<&str>,
        seats: usize,
        _seed: u64,
    ) -> Result<Vector, Problems> {
        if seats != SEATS {
            return Err(tabula_engine::Problem::error(
                "seats",
                format!("Vector is for 4 players (N+S against E+W), not {seats}"),
            )
            .into());
        }
        if options.rounds == 0 || options.rounds > 100 {
            return Err(tabula_engine::Problem::error(
                "rounds",
                format!("a game has 1 to 100 rounds, not {}", options.rounds),
            )
            .into());
        }
        let board = match map {
            Some(text) => {
                LAST_BOARD.with(|last| last.read(text, |t| read_board(t).map(Arc::new)))?
            }
            None => Arc::new(starter_board()),
        };
        Ok(Vector::new(options, board))
    }
}

impl Determinize for Vector {
    fn determinize(view: &View, rng: &mut GameRng) -> Result<Vector, String> {
        let mut g = view.state.clone();
        if view.seat as usize >= SEATS {
            return Err(format!("seat {} is not a seat of Vector", view.seat));
        }
        if g.order.iter().any(|&s| s as usize >= SEATS) || g.order.len() > SEATS {
            return Err("the view's turn order is not one of seats 0–3".into());
        }
        if let Phase::Directions { next } = g.phase
            && next as usize >= g.order.len()
        {
            return Err("the view's direction phase is past its turn order".into());
        }
        // Others' hidden magnitudes: any of 0–3.
        for s in 0..SEATS {
            if view.chosen[s] && g.mags[s].is_none() {
                g.mags[s] = Some(rng.below(u64::from(MAX_MAGNITUDE) + 1) as u8);
            }
        }
        Ok(g)
    }

    /// Read from the view's state: a seat's own actions depend only on
    /// the turn order and whether it has chosen its magnitude.
    fn legal_actions_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        _rng: &mut GameRng,
        _scratch: &mut Option<Self>,
    ) -> Vec<Action> {
        view.state.actions(seat)
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

impl Evaluate for Vector {
    /// The team's lead in points, and a little for the Vector's nearness
    /// to the team's goals rather than the other team's.
    fn evaluate(&self, seat: Seat) -> f64 {
        let lead = (self.team_score(seat) - self.team_score(seat + 1)) as f64;
        if self.phase == Phase::Over {
            return lead * 10.0
                + match self.outcome() {
                    Some(o) if o.ranks[seat as usize] == 0 && o.winners().len() < 4 => 1000.0,
                    Some(o) if o.winners().len() == 4 => 0.0,
                    _ => -1000.0,
                };
        }
        let goal = |s: Seat| -> Pos {
            match s % 4 {
                0 => Pos {
                    row: 0,
                    col: MIDDLE,
                },
                1 => Pos {
                    row: MIDDLE,
                    col: 20,
                },
                2 => Pos {
                    row: 20,
                    col: MIDDLE,
                },
                _ => Pos {
                    row: MIDDLE,
                    col: 0,
                },
            }
        };
        let dist = |p: Pos| -> f64 {
            f64::from(
                (self.pos.row - p.row)
                    .abs()
                    .max((self.pos.col - p.col).abs()),
            )
        };
        let ours = dist(goal(seat)).min(dist(goal(seat + 2)));
        let theirs = dist(goal(seat + 1)).min(dist(goal(seat + 3)));
        lead + 0.6 * (theirs - ours)
    }
}

impl Conformance for Vector {
    fn check_invariants(&self) -> Result<(), String> {
        if self.phase != Phase::Over && !self.pos.on_board() {
            return Err(format!(
                "the Vector is off the board at {:?} in play",
                self.pos
            ));
        }
        if self.goal.is_some() && self.phase != Phase::Over {
            return Err("a goal was scored and the game goes on".into());
        }
        if self.round > self.options.rounds {
            return Err(format!("round {} of {}", self.round, self.options.rounds));
        }
        if self.phase != Phase::Over && self.order.is_empty() {
            return Err("a round with nobody to play".into());
        }
        Ok(())
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        if rng.below(2) == 0 {
            Action::Direction(Dir::ALL[rng.index(8)])
        } else {
            Action::Magnitude(rng.below(6) as u8)
        }
    }
}

/// The starter board's text, as shipped (`maps/vector/starter.txt`).
pub fn starter_text() -> String {
    write_board(&starter_board())
}
