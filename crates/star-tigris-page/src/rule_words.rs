//! Why the rules refuse something, in the page's language: the rules'
//! errors ([`RuleError`]), the problems of a game's options and map, and
//! the words the page kit asks of a ruleset to tell a refused record or
//! link ([`Words`]).

use tabula_engine::{GameRecord, Problem, Problems, RecordError};
use tabula_page_kit::error_words::{self, RulesetWords};
use tabula_page_kit::i18n::{count, t, tf, tn};
use tabula_star_tigris::StarTigris;
use tabula_star_tigris::error::{Attempt, Awaited, RuleError};

use crate::editor::problem_at;
use crate::kind_words::word;

/// Why the rules refuse an action, in the page's language (to follow
/// “Not allowed:” or “cannot be played:”).
pub fn rule(e: &RuleError) -> String {
    let at = |key: &str, p: &tabula_star_tigris::Pos| tf(key, &[("at", &p.to_string())]);
    match e {
        RuleError::GameOver => t("rule-game-over"),
        RuleError::ChancePending => t("rule-chance-pending"),
        RuleError::NoChance => t("rule-no-chance"),
        RuleError::NotYourMove { seat, to_move } => tf(
            "rule-not-your-move",
            &[
                ("seat", &seat.to_string()),
                ("to_move", &to_move.to_string()),
            ],
        ),
        RuleError::WrongPhase { action, expected } => t(match (action, expected) {
            (_, Awaited::Commit) => "rule-phase-commit",
            (_, Awaited::ChooseConflict) => "rule-phase-choose-conflict",
            (_, Awaited::ChooseArtifact) => "rule-phase-choose-artifact",
            (_, Awaited::NoConflict) | (Attempt::Commit, _) => "rule-phase-no-conflict",
            (_, Awaited::NoConflictWaiting) | (Attempt::ChooseConflict, _) => {
                "rule-phase-no-conflict-waiting"
            }
            (_, Awaited::NoArtifact) => "rule-phase-no-artifact",
            (_, Awaited::Orders) => "rule-phase-orders",
        }),
        RuleError::OffBoard(p) => at("rule-off-board", p),
        RuleError::NotInHand(k) => tf("rule-not-in-hand", &[("kind", &word("kind", *k))]),
        RuleError::Occupied(p) => at("rule-occupied", p),
        RuleError::Destroyed(p) => at("rule-destroyed", p),
        RuleError::Uninhabitable(p) => at("rule-uninhabitable", p),
        RuleError::MiningNeedsUninhabitable(p) => at("rule-mining-needs-uninhabitable", p),
        RuleError::JoinsTooMany(p, n) => {
            tn("rule-joins-too-many", *n as i64, &[("at", &p.to_string())])
        }
        RuleError::LeaderJoins(p, n) => {
            tn("rule-leader-joins", *n as i64, &[("at", &p.to_string())])
        }
        RuleError::NoScientist(p) => at("rule-no-scientist", p),
        RuleError::LeaderOnBoard(k) => {
            tf("rule-leader-on-board", &[("leader", &word("leader", *k))])
        }
        RuleError::LeaderOffBoard(k) => {
            tf("rule-leader-off-board", &[("leader", &word("leader", *k))])
        }
        RuleError::SameCell(k, p) => tf(
            "rule-same-cell",
            &[("leader", &word("leader", *k)), ("at", &p.to_string())],
        ),
        RuleError::NoBombers => t("rule-no-bombers"),
        RuleError::EmptySwap => t("rule-empty-swap"),
        RuleError::SwapTooMany { kind, have, asked } => tf(
            "rule-swap-too-many",
            &[
                ("kind", &word("kind", *kind)),
                ("have", &have.to_string()),
                ("asked", &asked.to_string()),
            ],
        ),
        RuleError::PoolTooSmall { pool, asked } => tf(
            "rule-pool-too-small",
            &[("pool", &pool.to_string()), ("asked", &asked.to_string())],
        ),
        RuleError::CommitTooMany { kind, have, asked } => tf(
            "rule-commit-too-many",
            &[
                ("kind", &word("kind", *kind)),
                ("have", &have.to_string()),
                ("asked", &asked.to_string()),
            ],
        ),
        RuleError::NoSuchConflict(k) => tf(
            "rule-no-such-conflict",
            &[("leaders", &word("leaders", *k))],
        ),
        RuleError::NotTakeable(p) => at("rule-not-takeable", p),
        RuleError::NotDeciding(seat) => tf("rule-not-deciding", &[("seat", &seat.to_string())]),
        RuleError::TwoOrdersGiven => t("rule-two-orders-given"),
        RuleError::LeaderOrdered(k) => {
            tf("rule-leader-ordered", &[("leader", &word("leader", *k))])
        }
        RuleError::SystemOrdered(p) => at("rule-system-ordered", p),
    }
}

/// A problem of a game's options or map, with its place, in the page's
/// language: the options' problems here, the map's as the map editor
/// says them.
pub fn problem(p: &Problem) -> String {
    let numbers = tabula_page_kit::i18n::numbers(&p.message);
    match (p.rule.as_str(), numbers.as_slice()) {
        ("pool", [n, max]) if p.message.starts_with("pool.") => {
            let kind = p.message["pool.".len()..]
                .split_whitespace()
                .next()
                .and_then(|k| k.parse::<tabula_star_tigris::Kind>().ok());
            match kind {
                Some(k) => tf(
                    "rule-pool-kind",
                    &[("kinds", &word("kinds", k)), ("n", n), ("max", max)],
                ),
                None => problem_at(p, false),
            }
        }
        ("pool", [total, players, _]) => tn(
            "rule-pool-few",
            count(total),
            &[("n", total), ("players", players)],
        ),
        ("players", [n, ..]) => tn("rule-players", count(n), &[("n", n)]),
        _ => problem_at(p, false),
    }
}

/// Every problem of a game's options and map, joined into one sentence.
pub fn problems(problems: &Problems) -> String {
    error_words::problems_joined(problems, problem)
}

/// The words the page kit asks of Star Tigris.
pub struct Words;

impl RulesetWords for Words {
    type Game = StarTigris;

    fn rule(e: &RuleError) -> String {
        rule(e)
    }

    fn problems(p: &Problems) -> String {
        problems(p)
    }
}

/// A refused record, in the page's language; `record` is the record
/// refused when the caller has it (a refused action's reason is found
/// again from it).
pub fn record_error(e: &RecordError, record: Option<&GameRecord>) -> String {
    error_words::record_of::<Words>(e, record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_page_kit::i18n::{Lang, use_lang};
    use tabula_star_tigris::{Kind, Pos};

    #[test]
    fn every_rule_error_is_said_in_german_without_english() {
        crate::add_words();
        let at = Pos { row: 2, col: 3 };
        let all = [
            RuleError::GameOver,
            RuleError::ChancePending,
            RuleError::NoChance,
            RuleError::NotYourMove {
                seat: 1,
                to_move: 0,
            },
            RuleError::WrongPhase {
                action: Attempt::Order,
                expected: Awaited::Commit,
            },
            RuleError::WrongPhase {
                action: Attempt::Order,
                expected: Awaited::ChooseConflict,
            },
            RuleError::WrongPhase {
                action: Attempt::Order,
                expected: Awaited::ChooseArtifact,
            },
            RuleError::WrongPhase {
                action: Attempt::Commit,
                expected: Awaited::NoConflict,
            },
            RuleError::WrongPhase {
                action: Attempt::ChooseConflict,
                expected: Awaited::NoConflictWaiting,
            },
            RuleError::WrongPhase {
                action: Attempt::TakeArtifact,
                expected: Awaited::NoArtifact,
            },
            RuleError::OffBoard(at),
            RuleError::NotInHand(Kind::Merchant),
            RuleError::Occupied(at),
            RuleError::Destroyed(at),
            RuleError::Uninhabitable(at),
            RuleError::MiningNeedsUninhabitable(at),
            RuleError::JoinsTooMany(at, 3),
            RuleError::LeaderJoins(at, 2),
            RuleError::NoScientist(at),
            RuleError::LeaderOnBoard(Kind::Scientist),
            RuleError::LeaderOffBoard(Kind::Mining),
            RuleError::SameCell(Kind::Settler, at),
            RuleError::NoBombers,
            RuleError::EmptySwap,
            RuleError::SwapTooMany {
                kind: Kind::Settler,
                have: 1,
                asked: 3,
            },
            RuleError::PoolTooSmall { pool: 2, asked: 4 },
            RuleError::CommitTooMany {
                kind: Kind::Scientist,
                have: 0,
                asked: 2,
            },
            RuleError::NoSuchConflict(Kind::Merchant),
            RuleError::NotTakeable(at),
            RuleError::WrongPhase {
                action: Attempt::Commit,
                expected: Awaited::Orders,
            },
            RuleError::NotDeciding(1),
            RuleError::TwoOrdersGiven,
            RuleError::LeaderOrdered(Kind::Merchant),
            RuleError::SystemOrdered(at),
        ];
        use_lang(Some(Lang::De));
        let german: Vec<String> = all.iter().map(rule).collect();
        use_lang(None);
        for (e, de) in all.iter().zip(&german) {
            assert!(!de.starts_with("rule-"), "no words for {e:?}");
            for w in [
                " the ", " is ", " not ", " no ", " has ", " a ", " leader", " hand ",
            ] {
                assert!(!de.contains(w), "English {w:?} in {de:?} ({e:?})");
            }
        }
        assert!(german[10].contains("D3"), "{}", german[10]);
        let english = rule(&RuleError::Occupied(at));
        assert_eq!(english, RuleError::Occupied(at).to_string());
    }

    #[test]
    fn the_options_problems_are_said_in_german() {
        crate::add_words();
        let options = tabula_star_tigris::Options {
            pool: tabula_star_tigris::PoolOption {
                settler: 1000,
                scientist: 1,
                merchant: 1,
                mining: 1,
            },
            ..Default::default()
        };
        let found = options.check(4);
        use_lang(Some(Lang::De));
        let de = problems(&found);
        use_lang(None);
        assert!(
            de.contains("Siedler") && de.contains("1000") && de.contains("999"),
            "{de}"
        );
        assert!(!de.contains("pool") && !de.contains("colonists"), "{de}");
    }
}
