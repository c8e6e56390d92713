//! The generic game contract of Tabula.
//!
//! Every ruleset (Star Tigris, Domains, Catan: Cities & Knights, Vector)
//! implements [`Game`]: whose move it is ([`ToMove`]), the legal actions of a
//! seat, a checked [`Game::apply`] that leaves the state unchanged when it
//! returns an error, chance steps driven by a seeded portable RNG stored in the
//! state ([`GameRng`]), the outcome, a player view that hides what a seat may
//! not see, and a stable state hash. [`record`] holds the versioned game
//! record that replays a game deterministically.
//!
//! This crate has no web dependencies: it builds natively and for wasm32.

pub mod ai;
pub mod conformance;
pub mod game;
pub mod hash;
pub mod lesson;
pub mod limits;
pub mod link;
pub mod map_cache;
pub mod moves;
pub mod plain;
pub mod record;
pub mod record_text;
pub mod rng;
pub mod ruleset;
pub mod seat;
pub mod seat_view;
pub mod small_sort;

pub use ai::{Determinize, Evaluate};
pub use game::{Game, Outcome, ToMove, settle_chance};
pub use hash::{StateHash, StateHasher};
pub use record::{GameRecord, RecordError, RecordedAction, SeatInfo};
pub use rng::GameRng;
pub use ruleset::{MAX_PROBLEMS, Problem, Problems, Ruleset, push_capped};
pub use seat::{Seat, SeatSet};
pub use seat_view::{SeatViews, TrustedView, pick_listed_in_view};
