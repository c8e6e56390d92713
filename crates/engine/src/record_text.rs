//! Writing a game record as text: compact JSON, on one line.
//!
//! Pretty-printing nests every action over several indented lines and made
//! records three times as large as they need be (1,000 random Catan games
//! took 1.4 GB). Measured over 100 random four-seat Catan records (BENCHMARKS
//! "Game records, size"): one action a line with an indent is 0.357 of the
//! pretty bytes, without the indent 0.336, compact JSON 0.331: only the last
//! meets a third, so records are compact. The text is ordinary JSON, so every
//! reader of records (the command line, the pages,
//! [`crate::record::parse_record`]) reads it unchanged, and records written
//! pretty-printed before still open.

use crate::record::GameRecord;

impl GameRecord {
    /// The record as compact JSON text, ending with a newline.
    pub fn to_text(&self) -> String {
        // Every value in a record is plain data (strings, numbers, maps with
        // string keys), which serde_json always writes; the fallback keeps
        // this total anyway.
        let mut text = serde_json::to_string(self).unwrap_or_default();
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use crate::record::parse_record;
    use crate::record::{GameRecord, RECORD_FORMAT, RECORD_VERSION, RecordedAction, SeatInfo};
    use crate::{Seat, StateHash};

    fn sample(actions: usize) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            ruleset: "example".into(),
            options: serde_json::json!({"players": 2, "deep": {"list": [1, 2]}}),
            map: Some("line one\n\"quoted\"\ttab\n".into()),
            seed: 42,
            seats: vec![
                SeatInfo {
                    name: "Ada \u{e9}".into(),
                    player: "human".into(),
                },
                SeatInfo {
                    name: "Bot".into(),
                    player: "bot:random".into(),
                },
            ],
            actions: (0..actions)
                .map(|i| RecordedAction {
                    seat: (i % 2) as Seat,
                    action: serde_json::json!({"build": {"at": format!("{i}:NE"), "n": i}}),
                })
                .collect(),
            final_hash: StateHash(0x00c0_ffee_00c0_ffee),
            notes: Default::default(),
        }
    }

    #[test]
    fn the_text_reads_back_as_the_same_record() {
        for n in [0, 1, 5] {
            let record = sample(n);
            let text = record.to_text();
            assert_eq!(parse_record(&text).unwrap(), record, "{text}");
            assert!(text.ends_with("}\n"));
        }
    }

    #[test]
    fn the_text_is_under_half_of_pretty_printing() {
        let record = sample(1000);
        let pretty = serde_json::to_string_pretty(&record).unwrap();
        let text = record.to_text();
        assert!(
            text.len() * 2 < pretty.len(),
            "{} bytes against {} pretty",
            text.len(),
            pretty.len()
        );
    }
}
