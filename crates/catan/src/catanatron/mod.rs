//! Catanatron (bcollazo/catanatron, a Python Catan simulator) as seen by
//! Tabula: its board, positions and actions in Tabula's terms, so that a
//! Tabula bot can play in Catanatron's games over its line protocol for
//! outside bots (`tabula catanatron-bot`, docs/catan/catanatron.md).
//!
//! - [`geometry`]: its tile coordinates, node ids and edges as Tabula's
//!   hexes, corners and sides (worked out once per map);
//! - [`position`]: a state document of its protocol as a Tabula game;
//! - [`actions`]: its actions as Tabula's (one, or a short path of one
//!   seat's decisions) and back, and a bot's choice among its playable
//!   actions.

pub mod actions;
pub mod geometry;
pub mod position;

pub use actions::Path;
pub use geometry::Geometry;
pub use position::Table;
