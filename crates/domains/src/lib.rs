//! Domains: two to four programs order their units every round at once;
//! units paint the board, fight, pop bubbles and take bonuses, and the
//! highest score after the last round wins.
//!
//! The rules, and every decision taken where the sources are silent or
//! disagree, are in `docs/domains/rules.md` at the top of the repository;
//! the text format of a position is in `docs/domains/setup-format.md`.
//!
//! Rounds are simultaneous: while a round is open every seat with a unit
//! is in [`tabula_engine::ToMove::Simultaneous`] and gives one order per
//! action ([`Action`]), ending with [`Action::End`]; once every seat has
//! ended, a chance step ([`tabula_engine::ToMove::Chance`]) runs the round
//! with the state's own seeded RNG.

pub mod action_text;
pub mod ai;
pub mod bench;
pub mod board;
pub mod bots;
pub mod conformance;
pub mod dummy;
pub mod fuzzing;
pub mod game;
pub mod history;
pub mod options;
pub mod original;
pub mod rules;
pub mod setup;
pub mod setup_text;
pub mod shared;
pub mod teach;

pub use board::{Board, Dir, Square, Thing};
pub use bots::{BOT_NAMES, DemoBot, DummyBot, PainterBot, domains_bot};
pub use game::View;
pub use options::Options;
pub use rules::{Action, Domains, FightMode, OrderError, RuleError};
pub use setup::{Places, Setup};
pub use setup_text::{game_from_text, parse_setup};
