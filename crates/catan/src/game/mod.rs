//! The rules of Catan and Cities & Knights on the game contract.
//!
//! - [`topology`]: corners and sides of the board, numbered.
//! - [`cards`]: resources, commodities, progress and development cards, costs.
//! - [`state`]: the state; [`options`]: the options.
//! - [`action`]: actions in the course server's words.
//! - [`setup`]: a new game; [`legal`]: every legal action; [`perform`]:
//!   carrying one out; [`events`]: dice, barbarians, production.
//! - [`contract`]: the [`tabula_engine::Game`] implementation.
//! - [`view`]: what a seat sees, and determinization for bots.

pub mod action;
pub mod bench;
pub mod board_rules;
pub mod cards;
pub mod conformance;
pub mod contract;
pub mod copy;
pub mod eval;
pub mod events;
pub mod fuzzing;
mod id_bits;
pub mod legal;
pub mod log;
pub mod options;
pub mod perform;
pub mod position;
pub mod refusal;
pub mod roads;
pub mod setup;
pub mod state;
pub mod teach;
pub mod topology;
pub mod view;
