#![no_main]
//! Fuzz target: see `tabula_catan::game::fuzzing::fuzz_position`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabula_catan::game::fuzzing::fuzz_position(data));
