#![no_main]
//! Fuzz target: see `tabula_domains::fuzzing::fuzz_setup`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabula_domains::fuzzing::fuzz_setup(data));
