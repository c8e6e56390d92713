//! Vector (1970, Plan B): four players — North and South against East and
//! West — steer one piece across a 21×21 board. Each round the seats lay
//! a direction one at a time, in the open, then a magnitude 0–3 all at
//! once, in secret; then each seat's move is carried out in turn and its
//! landing square scores, costs a turn or pushes the piece. Twelve rounds
//! or a goal. The board files are the 2009 Vector Supervisor Engine's own
//! format (seed 004). The rules, with every decision where the sources
//! are silent, are in `docs/vector/rules.md`.

pub mod board;
pub mod contract;
pub mod geometry;
pub mod position;
pub mod rules;
pub mod state;
pub mod teach;

pub use board::{Board, Payee, Square, read_board, starter_board, write_board};
pub use contract::View;
pub use geometry::{Dir, Pos};
pub use rules::{Action, Refusal};
pub use state::{GoalRule, Options, Phase, Vector};

/// The starter board's file (`maps/vector/starter.txt`).
pub const STARTER_BOARD: &str = include_str!("../../../maps/vector/starter.txt");
