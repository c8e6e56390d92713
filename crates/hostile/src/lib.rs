//! Hostile inputs for every reader, made from the shipped samples, and the
//! harness that feeds them: no reader may panic, hang, or hold more memory
//! than its stated bound (a multiple of the input's size plus a constant).
//!
//! The generators are deterministic (a seed gives the same inputs on every
//! machine), so a failure found here is found again.

pub mod generate;
pub mod measure;
