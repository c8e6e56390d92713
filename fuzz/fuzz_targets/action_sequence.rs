#![no_main]
//! Fuzz target: see `tabula_star_tigris::fuzzing::fuzz_actions`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabula_star_tigris::fuzzing::fuzz_actions(data));
