//! The game in progress kept in the browser's storage, so a reload (or a
//! closed tab) resumes it: the game so far as the worker saved it
//! ([`crate::runner::Report::Saved`]), the code of the seats written in the
//! page, and their time per round. Domains hides nothing from anyone, so
//! the whole record is kept.

use serde::{Deserialize, Serialize};
use tabula_domains::{Domains, Options};
use tabula_engine::GameRecord;
use tabula_engine::link::record_text_from_fragment;
use tabula_engine::record::parse_record;

use crate::runner::{SeatKind, SeatSpec, seats_of};

/// The storage key of the game in progress.
pub const STORAGE_KEY: &str = "tabula.domains.game";
/// Where a kept game that could not be resumed is set aside (never
/// deleted without the person's say).
pub const ASIDE_KEY: &str = "tabula.domains.game.unreadable";
/// The version of the kept form.
pub const VERSION: u32 = 1;

/// What is kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    /// [`VERSION`].
    pub version: u32,
    /// The game so far, a `game=DATA` fragment.
    pub game: String,
    /// The code of each seat written in the page (`None` for the others).
    pub codes: Vec<Option<String>>,
    /// The bots' time per round, in ms.
    pub limit: f64,
}

/// A kept game, read and checked, ready to resume.
#[derive(Clone, Debug)]
pub struct Resumable {
    /// The record's JSON (what the worker is sent).
    pub record_text: String,
    /// The record.
    pub record: GameRecord,
    /// Its options.
    pub options: Options,
    /// Its seats.
    pub seats: Vec<SeatSpec>,
    /// The code of each seat written in the page.
    pub codes: Vec<Option<String>>,
    /// The bots' time per round, in ms.
    pub limit: f64,
}

/// The text to keep for a game.
pub fn keep(game: &str, codes: &[Option<String>], limit: f64) -> String {
    serde_json::to_string(&Kept {
        version: VERSION,
        game: game.to_string(),
        codes: codes.to_vec(),
        limit,
    })
    .unwrap_or_default()
}

/// Read a kept game; every way it can fail says what is wrong.
pub fn read_kept(text: &str) -> Result<Resumable, String> {
    let kept: Kept = serde_json::from_str(text).map_err(|e| format!("it does not read ({e})"))?;
    if kept.version != VERSION {
        return Err(format!(
            "it was kept by another version (form {}, this one reads {VERSION})",
            kept.version
        ));
    }
    let record_text = record_text_from_fragment::<Domains>(&kept.game)
        .ok_or("it holds no game")?
        .map_err(|e| format!("its game is damaged ({e})"))?;
    let record = parse_record(&record_text).map_err(|e| format!("its game is damaged ({e})"))?;
    let options: Options = serde_json::from_value(record.options.clone())
        .map_err(|e| format!("its options do not read ({e})"))?;
    let seats = seats_of(&record)?;
    if kept.codes.len() != seats.len() {
        return Err(format!(
            "it has code for {} seats, but the game has {}",
            kept.codes.len(),
            seats.len()
        ));
    }
    for (i, (s, code)) in seats.iter().zip(&kept.codes).enumerate() {
        if s.kind == SeatKind::Script && code.is_none() {
            return Err(format!("seat {} ({}) has lost its code", i + 1, s.name));
        }
    }
    if !(5.0..=5000.0).contains(&kept.limit) {
        return Err(format!(
            "its time per round, {} ms, is not from 5 to 5000",
            kept.limit
        ));
    }
    Ok(Resumable {
        record_text,
        record,
        options,
        seats,
        codes: kept.codes,
        limit: kept.limit,
    })
}
