//! Why a game record was refused, in the page's language: the
//! engine's errors (the same for every game) told with the site's
//! catalogue. Details that only the ruleset knows (an action's or an
//! option's reason) are passed on as they come.

use tabula_engine::RecordError;

use crate::i18n::{t, tf};

/// A refused record, in plain words.
pub fn record(e: &RecordError) -> String {
    match e {
        RecordError::TooLarge { bytes, limit } => tf(
            "record-too-large",
            &[("bytes", &bytes.to_string()), ("limit", &limit.to_string())],
        ),
        RecordError::Json { line, column, .. } => tf(
            "record-not-json",
            &[("line", &line.to_string()), ("column", &column.to_string())],
        ),
        RecordError::Format(_) => t("record-format"),
        RecordError::Version { found, supported } => tf(
            "record-version",
            &[
                ("found", &found.to_string()),
                ("supported", &supported.to_string()),
            ],
        ),
        RecordError::Ruleset { found, .. } => tf("record-ruleset", &[("found", found)]),
        RecordError::Options(why) => tf("record-options", &[("why", why)]),
        RecordError::Field { field, message } => {
            tf("record-field", &[("field", field), ("why", message)])
        }
        RecordError::Setup(problems) => tf("record-map", &[("why", &problems.to_string())]),
        RecordError::Step {
            index,
            seat,
            reason,
        } => tf(
            "record-step",
            &[
                ("n", &index.to_string()),
                ("seat", &seat.to_string()),
                ("why", reason),
            ],
        ),
        RecordError::Hash { .. } => t("record-hash"),
    }
}
