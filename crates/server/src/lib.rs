//! Tabula's game servers: one core and a face per protocol.
//!
//! - [`core`]: listening, a connection's reader (its own deadline and
//!   line limit) and writer (a bounded queue), records written whole.
//! - [`vector`]: the 2009 Vector tournament protocol (seed 004).
//! - [`online`]: Tabula's own protocol over WebSocket, beside the
//!   static site: rooms of any ruleset.
//! - [`catan`]: the Catan course server (seed 002): lobby lines, then JSON.

pub mod catan;
pub mod core;
pub mod online;
pub mod vector;
