//! The game in progress kept in the browser's storage, so a reload (or a
//! closed tab) resumes it: the game so far as the worker saved it
//! ([`crate::runner::Report::Saved`]), the code of the seats written in the
//! page, and their time per round. Domains hides nothing from anyone, so
//! the whole record is kept.
//!
//! One game is kept per browser. Each tab has an id; the game started or
//! resumed last claims the place, and a tab writes or forgets the kept
//! game only while it holds the place ([`held_by`]), so two tabs never
//! overwrite each other's game.

use serde::{Deserialize, Serialize};
use tabula_domains::{Domains, Options};
use tabula_engine::GameRecord;
use tabula_engine::record::parse_record;

use crate::refusals::{record_error, record_text_of_fragment};
use crate::runner::{SeatKind, SeatSpec, seats_of};
use crate::words::{t, tf};

/// The storage key of the game in progress.
pub const STORAGE_KEY: &str = "tabula.domains.game";
/// Where a kept game that could not be resumed is set aside (never
/// deleted without the person's say): this, then `.` and the time.
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
    /// The seats skipped so far: (seat, actions in the record then).
    pub skips: Vec<(u8, usize)>,
    /// The id of the tab that keeps it.
    pub tab: String,
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
    /// The seats skipped so far.
    pub skips: Vec<(u8, usize)>,
}

/// The text to keep for a game.
pub fn keep(kept: &Kept) -> String {
    serde_json::to_string(kept).unwrap_or_default()
}

/// The tab that holds the kept game (`None` when nothing readable is
/// kept).
pub fn held_by(stored: Option<&str>) -> Option<String> {
    #[derive(Deserialize)]
    struct Holder {
        tab: String,
    }
    serde_json::from_str::<Holder>(stored?).ok().map(|h| h.tab)
}

/// Read a kept game; every way it can fail says what is wrong.
pub fn read_kept(text: &str) -> Result<Resumable, String> {
    let kept: Kept = serde_json::from_str(text).map_err(|e| {
        let at = tabula_page_kit::error_words::json_at(e.line(), e.column());
        tf("domains-kept-unreadable", &[("error", &at)])
    })?;
    if kept.version != VERSION {
        return Err(tf(
            "domains-kept-version",
            &[
                ("found", &kept.version.to_string()),
                ("supported", &VERSION.to_string()),
            ],
        ));
    }
    let damaged = |e: &str| tf("domains-kept-damaged", &[("error", e)]);
    let record_text = record_text_of_fragment(&kept.game)
        .ok_or_else(|| t("domains-kept-no-game"))?
        .map_err(|e| damaged(&e))?;
    let record = parse_record(&record_text).map_err(|e| damaged(&record_error(&e)))?;
    if record.ruleset != <Domains as tabula_engine::Ruleset>::NAME {
        return Err(tf(
            "domains-kept-ruleset",
            &[(
                "found",
                &tabula_page_kit::error_words::game_name(&record.ruleset),
            )],
        ));
    }
    let options: Options =
        tabula_engine::plain::from_value(&record.options).map_err(|(path, what)| {
            let why = tabula_page_kit::error_words::options(&path, &what);
            tf("domains-kept-options", &[("error", &why)])
        })?;
    let problems = options.check();
    if !problems.0.is_empty() {
        let all: Vec<String> = problems
            .0
            .iter()
            .map(|p| {
                let words = crate::rule_options::in_words(p, &options);
                words.trim_end_matches('.').to_string()
            })
            .collect();
        return Err(tf(
            "domains-kept-options-wrong",
            &[("error", &all.join("; "))],
        ));
    }
    let seats = seats_of(&record)?;
    if kept.codes.len() != seats.len() {
        return Err(tf(
            "domains-kept-codes",
            &[
                ("codes", &kept.codes.len().to_string()),
                ("seats", &seats.len().to_string()),
            ],
        ));
    }
    for (i, (s, code)) in seats.iter().zip(&kept.codes).enumerate() {
        if s.kind == SeatKind::Script && code.is_none() {
            return Err(tf(
                "domains-kept-lost-code",
                &[("seat", &(i + 1).to_string()), ("name", &s.name)],
            ));
        }
    }
    if !(5.0..=5000.0).contains(&kept.limit) {
        return Err(tf(
            "domains-kept-limit",
            &[("limit", &kept.limit.to_string())],
        ));
    }
    if let Some((seat, at)) = kept
        .skips
        .iter()
        .find(|(s, at)| *s as usize >= seats.len() || *at > record.actions.len())
    {
        return Err(tf(
            "domains-kept-skip",
            &[("seat", &(seat + 1).to_string()), ("at", &at.to_string())],
        ));
    }
    Ok(Resumable {
        record_text,
        record,
        options,
        seats,
        codes: kept.codes,
        limit: kept.limit,
        skips: kept.skips,
    })
}
