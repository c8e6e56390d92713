//! The page's words: its own catalogue pair (`www/i18n/domains/en.txt`,
//! `de.txt`) over the site's, through the page kit's `i18n`. In the window
//! the language is the page's; the game worker is told the page's
//! language with each game ([`use_code`]); the native tests speak English
//! unless they choose otherwise.

use std::cell::Cell;

use tabula_domains::Domains;
use tabula_engine::RecordError;
use tabula_engine::limits::MAX_RECORD_BYTES;
use tabula_engine::link::{LinkError, MAX_LINK_CHARS, record_text_from_fragment, unpack};
use tabula_page_kit::i18n;

/// The page's English words.
pub const EN: &str = include_str!("../../../www/i18n/domains/en.txt");
/// The page's German words.
pub const DE: &str = include_str!("../../../www/i18n/domains/de.txt");

thread_local! {
    static ADDED: Cell<bool> = const { Cell::new(false) };
}

/// Add the page's catalogues to the site's (once).
pub fn add() {
    if !ADDED.with(Cell::get) {
        i18n::add(EN, DE);
        ADDED.with(|a| a.set(true));
    }
}

/// Speak the language of `code` (`en`, `de`, …): what the game worker
/// does with the code the page sends.
pub fn use_code(code: &str) {
    i18n::use_lang(Some(i18n::Lang::of_code(code)));
}

/// The code of the language spoken.
pub fn code() -> &'static str {
    i18n::lang().code()
}

/// The words of `key`.
pub fn t(key: &str) -> String {
    add();
    i18n::t(key)
}

/// The words of `key` with each `{name}` filled in from `args`, in one
/// pass (the kit's [`i18n::tf`]).
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    add();
    i18n::tf(key, args)
}

/// [`tf`] with `{n}` set to `n`, choosing the key for one (`one`) or any
/// other number (`many`).
pub fn tn(n: u64, one: &str, many: &str, args: &[(&str, &str)]) -> String {
    let count = n.to_string();
    let mut all: Vec<(&str, &str)> = vec![("n", count.as_str())];
    all.extend_from_slice(args);
    tf(if n == 1 { one } else { many }, &all)
}

/// Items joined as a person would list them: `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => tf(
            "domains-list-and",
            &[("first", &init.join(", ")), ("last", last)],
        ),
    }
}

/// A record error of the engine in the page's words: each kind of error
/// its own sentence; the details the engine gives only as text (a JSON
/// parser's message, a rule's reason, a field's problem) stay as they are.
pub fn record_error(e: &RecordError) -> String {
    match e {
        RecordError::TooLarge { bytes, limit } => tf(
            "domains-record-too-large",
            &[("bytes", &bytes.to_string()), ("max", &limit.to_string())],
        ),
        RecordError::Json {
            line,
            column,
            message,
        } => format!(
            "{}: {message}",
            tf(
                "domains-line-col",
                &[("line", &line.to_string()), ("column", &column.to_string())]
            )
        ),
        RecordError::Format(found) => {
            tf("domains-record-format", &[("found", &format!("{found:?}"))])
        }
        RecordError::Version { found, supported } => tf(
            "domains-record-version",
            &[
                ("found", &found.to_string()),
                ("supported", &supported.to_string()),
            ],
        ),
        RecordError::Ruleset { found, expected } => tf(
            "domains-record-ruleset",
            &[
                ("found", &format!("{found:?}")),
                ("expected", &format!("{expected:?}")),
            ],
        ),
        RecordError::Options(message) => tf("domains-record-options", &[("error", message)]),
        RecordError::Field { field, message } => format!("{field}: {message}"),
        RecordError::Setup(problems) => {
            tf("domains-record-setup", &[("error", &problems.to_string())])
        }
        RecordError::Step {
            index,
            seat,
            reason,
        } => tf(
            "domains-record-step",
            &[
                ("index", &index.to_string()),
                ("seat", &seat.to_string()),
                ("error", reason),
            ],
        ),
        RecordError::Hash { expected, found } => tf(
            "domains-record-hash",
            &[
                ("found", &found.to_string()),
                ("expected", &expected.to_string()),
            ],
        ),
    }
}

/// Why a link's data does not unpack (the engine's [`LinkError`]), in
/// the page's words; what the engine says only as text (a wrong character)
/// stays as it is.
pub fn link_error(e: &LinkError) -> String {
    match e {
        LinkError::TooLong(n) => tf(
            "domains-link-too-long",
            &[("n", &n.to_string()), ("max", &MAX_LINK_CHARS.to_string())],
        ),
        LinkError::Base64(detail) => tf("domains-link-damaged", &[("detail", detail)]),
        LinkError::Inflate(detail) if detail == "cut short" => t("domains-link-cut"),
        LinkError::Inflate(_) => t("domains-link-altered"),
        LinkError::TooLarge => tf(
            "domains-link-too-large",
            &[("max", &MAX_RECORD_BYTES.to_string())],
        ),
        LinkError::NotText => t("domains-link-not-text"),
    }
}

/// The record's JSON from a `game=DATA` fragment, as
/// [`record_text_from_fragment`] reads it, but with data that does not
/// unpack said in the page's words. `None` when it is not a game link.
pub fn record_text_of_fragment(fragment: &str) -> Option<Result<String, String>> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let data = f.strip_prefix("game=")?;
    if let Err(e) = unpack(data) {
        return Some(Err(link_error(&e)));
    }
    record_text_from_fragment::<Domains>(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_once_and_plurals_chosen() {
        assert_eq!(
            tf("domains-seat-named", &[("seat", "2"), ("name", "{seat}")]),
            "Seat 2 ({seat})"
        );
        assert_eq!(
            tn(1, "domains-rounds-one", "domains-rounds-many", &[]),
            "1 round"
        );
        assert_eq!(
            tn(3, "domains-rounds-one", "domains-rounds-many", &[]),
            "3 rounds"
        );
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(list(&names(&["a", "b", "c"])), "a, b and c");
        assert_eq!(list(&names(&["a"])), "a");
    }

    #[test]
    fn german_is_spoken_when_chosen() {
        use_code("de");
        let german = tn(3, "domains-rounds-one", "domains-rounds-many", &[]);
        let both = list(&["a".to_string(), "b".to_string()]);
        i18n::use_lang(None);
        assert_eq!(german, "3 Runden");
        assert_eq!(both, "a und b");
    }

    #[test]
    fn a_record_error_keeps_the_engine_s_english_words() {
        // In English the page says what the engine says.
        for e in [
            RecordError::TooLarge { bytes: 9, limit: 5 },
            RecordError::Json {
                line: 3,
                column: 7,
                message: "expected value".into(),
            },
            RecordError::Version {
                found: 9,
                supported: 1,
            },
            RecordError::Step {
                index: 12,
                seat: 1,
                reason: "there is no unit 99".into(),
            },
            RecordError::Hash {
                expected: tabula_engine::StateHash(1),
                found: tabula_engine::StateHash(2),
            },
        ] {
            assert_eq!(record_error(&e), e.to_string());
        }
        use_code("de");
        let german = record_error(&RecordError::Json {
            line: 3,
            column: 7,
            message: "expected value".into(),
        });
        i18n::use_lang(None);
        assert_eq!(german, "Zeile 3, Spalte 7: expected value");
    }

    #[test]
    fn a_damaged_link_is_said_in_the_page_s_words() {
        let english = record_text_of_fragment("#game=AAAA").unwrap().unwrap_err();
        assert!(
            english.starts_with("this link is damaged: it is"),
            "{english}"
        );
        use_code("de");
        let german = record_text_of_fragment("game=AAAA").unwrap().unwrap_err();
        i18n::use_lang(None);
        assert!(
            german.starts_with("dieser Link ist beschädigt: Er ist"),
            "{german}"
        );
        assert!(record_text_of_fragment("map=AAAA").is_none());
    }
}
