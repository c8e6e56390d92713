//! A game of Vector: where the Vector stands, the round and its order,
//! the directions chosen (public at once), the magnitudes chosen (secret
//! until all are in), lost turns, scores, and the moves of the last round
//! for a page to draw.

use serde::{Deserialize, Serialize};
use tabula_engine::Seat;

use crate::board::SharedBoard;
use crate::geometry::{Dir, Pos};

/// Seats in a game.
pub const SEATS: usize = 4;
/// Largest magnitude.
pub const MAX_MAGNITUDE: u8 = 3;

/// What a goal does (rule 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalRule {
    /// The goal owner's score is doubled and the game ends (the 2009 engine).
    #[default]
    DoubleAndEnd,
    /// The goal owner's team wins outright (the original game as BGG tells it).
    Win,
}

/// Options of a Vector game (unknown fields are refused).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Rounds in a game (12).
    pub rounds: u8,
    /// What a goal does.
    pub goal: GoalRule,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rounds: 12,
            goal: GoalRule::DoubleAndEnd,
        }
    }
}

/// Where a round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat at `order[next]` chooses a direction.
    Directions {
        /// Index into the round's order.
        next: u8,
    },
    /// The active seats choose magnitudes, all at once.
    Magnitudes,
    /// The game is over.
    Over,
}

/// Why the Vector moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A seat's own card pair.
    Card,
    /// A MOVE square pushed it.
    Push,
    /// It left the board and was put on a corner.
    Relocation,
}

/// One stretch of the Vector's travel in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Segment {
    /// The seat whose move it was (a push or a relocation is the mover's).
    pub seat: Seat,
    /// Why.
    pub cause: Cause,
    /// From.
    pub from: Pos,
    /// To (one square off the board when it left).
    pub to: Pos,
}

/// A game of Vector.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Vector {
    /// The options.
    pub options: Options,
    /// The board.
    pub board: SharedBoard,
    /// Where the Vector stands.
    pub pos: Pos,
    /// The round being played (0-based).
    pub round: u8,
    /// The round's first seat (it may sit out the next round's start).
    pub first: Seat,
    /// The seats that play this round, in order.
    pub order: Vec<Seat>,
    /// Where the round is.
    pub phase: Phase,
    /// Directions chosen this round (public).
    pub dirs: [Option<Dir>; SEATS],
    /// Magnitudes chosen this round (secret until all are in).
    pub mags: [Option<u8>; SEATS],
    /// Turns each seat still has to sit out.
    pub lost: [u8; SEATS],
    /// Turns lost during this round (they count from the next round).
    pub lost_new: [u8; SEATS],
    /// Seats a NOTURN square has struck this round (once a round each).
    pub struck: [bool; SEATS],
    /// Each seat's points.
    pub scores: [i32; SEATS],
    /// The goal the Vector went through, if it did (its owner).
    pub goal: Option<Seat>,
    /// The last round's travel, for drawing.
    pub segments: Vec<Segment>,
    /// The last round's cards, in order: (seat, direction, magnitude).
    pub played: Vec<(Seat, Dir, u8)>,
}

impl Vector {
    /// The team score of `seat`'s team (the partners' sum).
    pub fn team_score(&self, seat: Seat) -> i64 {
        i64::from(self.scores[seat as usize % 2]) + i64::from(self.scores[seat as usize % 2 + 2])
    }
}
