//! Why something was refused, in the page's words: the rules' refusals of
//! an order, a game's options or board, and a game record or link (the
//! page kit's `error_words`, with what only Domains knows).

use tabula_domains::{Domains, OrderError, RuleError};
use tabula_engine::{GameRecord, Problem, Problems, RecordError};
use tabula_page_kit::error_words::{self, RulesetWords};

use crate::words::{t, tf};

/// Why the rules refuse an order, in the page's words.
pub fn rule_error(e: &RuleError) -> String {
    match e {
        RuleError::Over => t("domains-rule-over"),
        RuleError::NotToMove(seat) => {
            tf("domains-rule-not-to-move", &[("seat", &seat.to_string())])
        }
        RuleError::NoChance => t("domains-rule-no-chance"),
        RuleError::Illegal(o) => order_error(o),
    }
}

/// Why an order is not allowed, in the page's words.
pub fn order_error(e: &OrderError) -> String {
    let unit = |key: &str, u: &u16| tf(key, &[("unit", &u.to_string())]);
    match e {
        OrderError::NoUnit(u) => unit("domains-illegal-no-unit", u),
        OrderError::NotYours { unit, seat } => tf(
            "domains-illegal-not-yours",
            &[("unit", &unit.to_string()), ("seat", &seat.to_string())],
        ),
        OrderError::Twice(u) => unit("domains-illegal-twice", u),
        OrderError::AttackNeedsDirection => t("domains-illegal-attack-direction"),
        OrderError::Diagonal(u) => unit("domains-illegal-diagonal", u),
        OrderError::OffBoard(u) => unit("domains-illegal-off-board", u),
        OrderError::NotUpgraded(u) => unit("domains-illegal-not-upgraded", u),
    }
}

/// A problem of a game's options or board, in the page's words (with
/// its line and column, where it has them).
pub fn problem(p: &Problem) -> String {
    let numbers = tabula_page_kit::i18n::numbers(&p.message);
    let words = match (p.rule.as_str(), numbers.as_slice()) {
        ("option-out-of-range" | "ability-size-even" | "energy-range", _) => {
            crate::rule_options::in_words(p, &tabula_domains::Options::default())
                .trim_end_matches('.')
                .to_string()
        }
        ("board-too-small", [.., rows, cols]) => {
            tf("domains-setup-too-small", &[("rows", rows), ("cols", cols)])
        }
        _ => t("domains-setup-other"),
    };
    match (p.line, p.col) {
        (Some(l), Some(c)) => format!(
            "{}: {words}",
            tf(
                "domains-line-col",
                &[("line", &l.to_string()), ("column", &c.to_string())]
            )
        ),
        (Some(l), None) => format!(
            "{}: {words}",
            tf("domains-line", &[("line", &l.to_string())])
        ),
        _ => words,
    }
}

/// The words the page kit asks of Domains to tell a refused record.
pub struct Words;

impl RulesetWords for Words {
    type Game = Domains;

    fn rule(e: &RuleError) -> String {
        rule_error(e)
    }

    fn problems(problems: &Problems) -> String {
        error_words::problems_joined(problems, problem)
    }
}

/// A record error of the engine in the page's words (the page kit's, with
/// what Domains says of its rules and boards). A refused action is named
/// without its reason; [`record_error_in`] finds the reason again.
pub fn record_error(e: &RecordError) -> String {
    error_words::record_of::<Words>(e, None)
}

/// A record error in the page's words, with the reason of a refused
/// action found again from `record`, the record refused.
pub fn record_error_in(e: &RecordError, record: &GameRecord) -> String {
    error_words::record_of::<Words>(e, Some(record))
}

/// The record's JSON from a `game=DATA` fragment, with why it cannot be
/// read in the page's words (the kit's `records::from_fragment`). `None`
/// when it is not a game link.
pub fn record_text_of_fragment(fragment: &str) -> Option<Result<String, String>> {
    tabula_page_kit::records::from_fragment::<Words>(fragment)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::use_code;
    use tabula_page_kit::i18n;

    #[test]
    fn a_record_error_is_said_in_the_page_s_words_without_english() {
        use_code("de");
        let json = record_error(&RecordError::Json {
            line: 3,
            column: 7,
            message: "expected value".into(),
        });
        let step = record_error(&RecordError::Step {
            index: 12,
            seat: 1,
            reason: "there is no unit 99".into(),
        });
        let order = rule_error(&RuleError::Illegal(OrderError::NotYours {
            unit: 3,
            seat: 1,
        }));
        let setup = Words::problems(
            &tabula_domains::Options {
                max_units: 0,
                ..tabula_domains::Options::default()
            }
            .check(),
        );
        i18n::use_lang(None);
        assert!(
            json.contains("Zeile 3, Spalte 7") && !json.contains("expected"),
            "{json}"
        );
        assert_eq!(step, "Aktion 12 (Platz 1) lässt sich nicht spielen");
        assert_eq!(order, "Einheit 3 gehört nicht Platz 1");
        assert!(setup.contains("max_units ist 0"), "{setup}");
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
            german.starts_with("Dieser Link ist beschädigt: Er ist"),
            "{german}"
        );
        assert!(record_text_of_fragment("map=AAAA").is_none());
    }
}
