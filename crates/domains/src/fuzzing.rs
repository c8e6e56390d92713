//! Entry points for fuzzing the Domains readers (see `fuzz/` at the top of
//! the repository): setup text, game records and files of the original
//! program. Each must never panic on any input; the hostile-input suite
//! (`crates/hostile`) runs the same readers on thousands of inputs.

use tabula_engine::record::{parse_record, replay};

use crate::original::parse_original;
use crate::{Domains, Options};

/// Read arbitrary bytes as setup text, for every number of seats.
pub fn fuzz_setup(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for seats in 2..=4 {
        if let Ok(g) = crate::game_from_text(&Options::default(), &text, seats, 1) {
            let _ = g.to_text();
        }
    }
}

/// Load arbitrary bytes as a Domains game record.
pub fn fuzz_record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = parse_record(&text) {
        let _ = replay::<Domains>(&record);
    }
}

/// Read arbitrary bytes as a file of the original program; every frame of
/// what reads is rebuilt.
pub fn fuzz_original(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(g) = parse_original(&text) {
        for f in 0..g.frames() {
            assert_eq!(g.cells_at(f).len(), g.rows * g.cols);
            assert_eq!(g.points_at(f).len(), g.names.len());
        }
    }
}
