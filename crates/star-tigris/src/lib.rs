//! Star Tigris: the space adaptation of Tigris & Euphrates.
//!
//! The rules, and every decision taken where the sources are silent, are in
//! `docs/star-tigris/rules.md` at the top of the repository.

pub mod action;
pub mod conformance;
pub mod determinize;
pub mod error;
pub mod eval;
pub mod events;
pub mod explain;
pub mod fuzzing;
pub mod game;
pub mod kind;
pub mod legal;
pub mod lesson;
pub mod map;
pub mod pos;
pub mod regions;
pub mod rows;
pub mod rules;
pub mod sample;
pub mod setup;
pub mod simultaneous;
pub mod state;
pub mod teach;
pub mod text;
pub mod view;

pub use action::{Action, SwapSet};
pub use error::RuleError;
pub use events::{Event, EventSink};
pub use game::{Options, PoolOption, TurnOrder, Turns};
pub use kind::Kind;
pub use lesson::{Lesson, LessonError, parse_lesson, play_lesson, write_setup};
pub use map::{DEFAULT_MAP, MapStats, check_map, map_stats};
pub use pos::Pos;
pub use setup::parse_setup;
pub use state::{Phase, StarTigris};
pub use view::View;
