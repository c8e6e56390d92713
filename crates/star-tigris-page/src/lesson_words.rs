//! The words of Star Tigris's lessons and lesson writer: a move in words
//! (`place the merchant leader on C2`), a move's button, the game's
//! kinds in words, and a lesson's problem in the page's language.

use tabula_engine::{Game, Problem, Problems};
use tabula_page_kit::i18n::{count, t, tf, tn};
use tabula_star_tigris::lesson::{LessonError, LessonFault, MAX_LESSON_BYTES};
use tabula_star_tigris::{Action, Kind, StarTigris};

/// The page's language, as the code of a lesson's translation (`de`).
pub fn lang() -> &'static str {
    tabula_page_kit::i18n::lang().code()
}

pub use crate::kind_words::{capitalised, word};

/// An action in words, in the page's language (`place the merchant leader
/// on C2`), to follow “The move was:” or a player's name.
pub fn move_words(a: &Action) -> String {
    match a {
        Action::Colonize { kind, at } => tf(
            "lesson-do-colonize",
            &[("kind", &word("kind", *kind)), ("at", &at.to_string())],
        ),
        Action::PlaceLeader { kind, at } => tf(
            "lesson-do-place",
            &[("leader", &word("leader", *kind)), ("at", &at.to_string())],
        ),
        Action::MoveLeader { kind, to } => tf(
            "lesson-do-move",
            &[("leader", &word("leader", *kind)), ("at", &to.to_string())],
        ),
        Action::WithdrawLeader { kind } => {
            tf("lesson-do-withdraw", &[("leader", &word("leader", *kind))])
        }
        Action::Destroy { at } => tf("lesson-do-destroy", &[("at", &at.to_string())]),
        Action::Swap(s) if s.total() == 1 => t("lesson-do-swap-one"),
        Action::Swap(s) => tf("lesson-do-swap-many", &[("n", &s.total().to_string())]),
        Action::Pass => t("lesson-do-pass"),
        Action::Commit { count } => tf("lesson-do-commit", &[("n", &count.to_string())]),
        Action::ResolveConflict { kind } => {
            tf("lesson-do-resolve", &[("kind", &word("kind", *kind))])
        }
        Action::TakeArtifact { at } => tf("lesson-do-take", &[("at", &at.to_string())]),
    }
}

/// A lesson's problem in the page's language: the step it names (`step 4:`,
/// `Schritt 4:`) and what the lesson reader found, from its kind
/// ([`LessonFault`]). The reader's own message is English (it is what
/// `tabula lesson check` prints): an English page shows it where it says
/// more than the kind (which expectation differs, which text is empty);
/// another language says the kind and how many.
pub fn error_words(e: &LessonError) -> String {
    let english = tabula_page_kit::i18n::lang() == tabula_page_kit::i18n::Lang::En;
    if english
        && matches!(
            e.fault,
            LessonFault::Structure(_) | LessonFault::Expectations(_) | LessonFault::Other
        )
    {
        return reader_words(e);
    }
    let what = match &e.fault {
        LessonFault::TooLarge(bytes) => tf(
            "lesson-fault-too-large",
            &[
                ("bytes", &bytes.to_string()),
                ("max", &MAX_LESSON_BYTES.to_string()),
            ],
        ),
        LessonFault::Json { line, column } => tf(
            "lesson-fault-json",
            &[("at", &tabula_page_kit::error_words::json_at(*line, *column))],
        ),
        LessonFault::Structure(1) => t("lesson-fault-structure-one"),
        LessonFault::Structure(n) => tf("lesson-fault-structure-many", &[("n", &n.to_string())]),
        LessonFault::Setup(problems) => setup_problems_words(problems),
        LessonFault::NoStep => t("lesson-fault-no-step"),
        LessonFault::BothActions => t("lesson-fault-both"),
        LessonFault::NoPlayer(p) => tf("lesson-fault-no-player", &[("n", &p.to_string())]),
        LessonFault::Unreadable(text) => tf("lesson-author-unreadable-action", &[("action", text)]),
        LessonFault::NotYourMove {
            player,
            to_move,
            action: a,
        } => tf(
            "lesson-fault-not-your-move",
            &[
                ("n", &player.to_string()),
                ("to_move", &to_move.to_string()),
                ("action", &move_words(a)),
            ],
        ),
        LessonFault::Over(a) => tf("lesson-fault-over", &[("action", &move_words(a))]),
        LessonFault::NobodyActs => t("lesson-fault-nobody"),
        LessonFault::Refused { action: a, why } => tf(
            "lesson-fault-refused",
            &[
                ("action", &move_words(a)),
                ("why", &crate::rule_words::rule(why)),
            ],
        ),
        LessonFault::DrawFailed(why) => tf(
            "lesson-fault-draw",
            &[("why", &crate::rule_words::rule(why))],
        ),
        LessonFault::Expectations(1) => t("lesson-fault-expectations-one"),
        LessonFault::Expectations(n) => {
            tf("lesson-fault-expectations-many", &[("n", &n.to_string())])
        }
        LessonFault::Other => t("lesson-fault-other"),
    };
    match e.step {
        Some(s) => tf(
            "lesson-at-step",
            &[("step", &(s + 1).to_string()), ("what", &what)],
        ),
        None => what,
    }
}

/// A lesson's problem as the reader says it (English), each step named
/// as the page names steps.
fn reader_words(e: &LessonError) -> String {
    let at = |step: usize, what: &str| {
        tf(
            "lesson-at-step",
            &[("step", &step.to_string()), ("what", what)],
        )
    };
    match e.step {
        Some(s) => at(s + 1, &e.message),
        None => e
            .message
            .lines()
            .map(|line| {
                let numbered = line
                    .strip_prefix("step ")
                    .and_then(|r| r.split_once(": "))
                    .and_then(|(n, what)| n.parse::<usize>().ok().map(|n| (n, what)));
                match numbered {
                    Some((n, what)) => at(n, what),
                    None => line.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// A seat's legal actions that are not about a cell (commit, resolve,
/// pass, withdraw), plus `extra` (a swap, which has too many forms to list).
pub fn other_actions(g: &StarTigris, seat: u8, extra: Option<Action>) -> Vec<Action> {
    let mut v: Vec<Action> = g
        .legal_actions(seat)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Commit { .. }
                    | Action::ResolveConflict { .. }
                    | Action::Pass
                    | Action::WithdrawLeader { .. }
            )
        })
        .collect();
    v.extend(extra);
    v
}

/// The label of a choice that is not about a cell.
pub fn action_label(a: &Action) -> String {
    match a {
        Action::Commit { count } => tf("lesson-commit", &[("n", &count.to_string())]),
        Action::ResolveConflict { kind } => {
            tf("lesson-resolve-first", &[("kind", &word("kind", *kind))])
        }
        Action::Pass => t("lesson-pass"),
        Action::WithdrawLeader { kind } => {
            tf("lesson-withdraw", &[("leader", &word("leader", *kind))])
        }
        Action::Swap(s) if s.total() == 1 => t("lesson-swap-one"),
        Action::Swap(s) => tf("lesson-swap-many", &[("n", &s.total().to_string())]),
        other => capitalised(&move_words(other)),
    }
}

/// A setup problem in the page's language: the parser's rule and the
/// values of its message put into the catalogue's sentence; what only the
/// setup's syntax can say (its English keywords) stays English, inside a
/// sentence that says so.
pub fn setup_problem_words(p: &Problem) -> String {
    let msg = p.message.as_str();
    let n = tabula_page_kit::i18n::numbers(msg);
    let num = |i: usize| n.get(i).copied();
    let kind_in = |words: &str| -> Option<Kind> {
        words
            .split_whitespace()
            .find_map(|w| w.parse::<Kind>().ok())
    };
    let known: Option<String> = match p.rule.as_str() {
        "too-large" => num(0)
            .zip(num(1))
            .map(|(b, m)| tf("lesson-setup-too-large", &[("bytes", b), ("max", m)])),
        "setup-repeated" => match msg.split_once(" is given twice") {
            Some((what, rest)) if rest.contains("first on line") => num(n.len().wrapping_sub(1))
                .map(|line| {
                    tf(
                        "lesson-setup-repeated-line",
                        &[("what", what.trim_matches('`')), ("line", line)],
                    )
                }),
            Some((kind, _)) => Some(tf("lesson-setup-repeated-kind", &[("kind", kind)])),
            None => None,
        },
        "hand-size" => Some(t("lesson-setup-hand-size")),
        "size" => match (num(0), num(1), num(2), num(3)) {
            (Some(w), Some(h), Some(lo), Some(hi)) => Some(tf(
                "lesson-setup-size",
                &[("width", w), ("height", h), ("min", lo), ("max", hi)],
            )),
            _ => None,
        },
        "bad-cell" => {
            if let Some((token, _)) = msg.split_once(" is not a cell") {
                Some(tf("lesson-setup-bad-cell", &[("token", token)]))
            } else {
                match (
                    msg.split_once(": player "),
                    num(n.len().wrapping_sub(2)),
                    n.last(),
                ) {
                    (Some((token, _)), Some(p), Some(players)) => Some(tf(
                        "lesson-setup-no-player",
                        &[("token", token), ("n", p), ("players", players)],
                    )),
                    _ => None,
                }
            }
        }
        "not-rectangular" => num(0).zip(num(1)).map(|(c, w)| {
            tn(
                "lesson-setup-not-rectangular",
                count(c),
                &[("n", c), ("width", w)],
            )
        }),
        "duplicate-leader" => num(0).zip(kind_in(msg)).map(|(p, k)| {
            tf(
                "lesson-setup-duplicate-leader",
                &[("n", p), ("leader", &word("leader", k))],
            )
        }),
        "leader-without-scientist" => Some(t("lesson-setup-leader-without-scientist")),
        "unresolved-conflict" => kind_in(msg).map(|k| {
            tf(
                "lesson-setup-unresolved-conflict",
                &[("leader", &word("leader", k))],
            )
        }),
        "pool" => match (num(0), kind_in(msg), num(1)) {
            (Some(used), Some(k), Some(max)) => Some(tf(
                "lesson-setup-pool",
                &[("n", used), ("kinds", &word("kinds", k)), ("max", max)],
            )),
            _ => None,
        },
        "more-problems" => num(0).map(|m| tf("editor-problem-more", &[("max", m)])),
        "setup-syntax" => setup_syntax_words(msg, &n),
        _ => None,
    };
    known.unwrap_or_else(|| tf("lesson-setup-other", &[("what", msg)]))
}

/// A syntax problem of a setup line in the page's language: what was
/// expected, from the reader's fixed list; the setup's keywords stay as
/// they are written.
fn setup_syntax_words(msg: &str, n: &[&str]) -> Option<String> {
    let want = |what: &str| -> Option<String> {
        let key = match what {
            "a player number from 1 to 4" => "lesson-setup-want-player",
            "a kind (settler, scientist, merchant, mining)" => "lesson-setup-want-kind",
            "a count" => "lesson-setup-want-count",
            "a count up to 999" => "lesson-setup-want-count-max",
            "a number of players (2 to 4)" | "a number of players from 2 to 4" => {
                "lesson-setup-want-players"
            }
            "1 or 2" => "lesson-setup-want-order",
            "a seed" => "lesson-setup-want-seed",
            "yes or no" => "lesson-setup-want-yes-no",
            "a number of artifacts" | "a number of artifacts up to 99" => {
                "lesson-setup-want-artifacts"
            }
            "0, 1 or 2" => "lesson-setup-want-bombers",
            _ => return None,
        };
        Some(t(key))
    };
    if let Some((token, what)) = msg
        .strip_prefix('"')
        .and_then(|r| r.split_once("\": expected "))
    {
        return want(what).map(|w| tf("lesson-setup-token", &[("token", token), ("want", &w)]));
    }
    if let Some(what) = msg.strip_prefix("expected ") {
        return want(what).map(|w| tf("lesson-setup-missing", &[("want", &w)]));
    }
    if let Some(rest) = msg.strip_prefix("unknown line \"") {
        return rest
            .split_once('"')
            .map(|(line, _)| tf("lesson-setup-unknown-line", &[("line", line)]));
    }
    match n {
        _ if msg.starts_with("the setup does not say how many players") => {
            Some(t("lesson-setup-no-players"))
        }
        _ if msg.starts_with("the setup has no `board` section") => {
            Some(t("lesson-setup-no-board"))
        }
        [a, players] if msg.starts_with("active player ") => Some(tf(
            "lesson-setup-active-not-player",
            &[("n", a), ("players", players)],
        )),
        [p, players] if msg.starts_with("player ") => Some(tf(
            "lesson-setup-not-player",
            &[("n", p), ("players", players)],
        )),
        _ => None,
    }
}

/// Every setup problem with its place (`line:column: …`), in the page's
/// language, in the sentence that says the position has problems.
pub fn setup_problems_words(problems: &Problems) -> String {
    let list: Vec<String> = problems
        .0
        .iter()
        .map(|p| match (p.line, p.col) {
            (Some(l), Some(c)) => format!("{l}:{c}: {}", setup_problem_words(p)),
            _ => setup_problem_words(p),
        })
        .collect();
    tf("lesson-author-problems", &[("problems", &list.join("; "))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_star_tigris::lesson::parse_lesson;

    /// In German every move in words, and every move's button, is
    /// German; a broken lesson names its step in German, and what kind of
    /// problem it has; an English page says what the reader found.
    #[test]
    fn moves_and_problems_are_said_in_german() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        crate::add_words();
        use_lang(Some(Lang::De));
        assert_eq!(lang(), "de");
        let moves = [
            "colonize mining D2",
            "place settler C2",
            "move scientist B1",
            "withdraw merchant",
            "destroy E3",
            "swap settler mining",
            "swap settler",
            "pass",
            "commit 3",
            "resolve merchant",
            "take G3",
        ];
        let mut said = Vec::new();
        for m in moves {
            let a: Action = m.parse().unwrap();
            said.push(move_words(&a));
            said.push(action_label(&a));
        }
        assert_eq!(said[0], "einen Bergbauroboter auf D2 ansiedeln");
        assert_eq!(said[15], "Passen");
        assert_eq!(said[17], "3 einsetzen");
        assert_eq!(said[19], "Zuerst den Händler-Konflikt austragen");
        for s in &said {
            for english in [
                "the ", "settle", "place", " on ", "leader", "merchant", "colonist",
            ] {
                assert!(!s.contains(english), "{s}");
            }
        }
        let refused = error_words(&LessonError {
            step: Some(2),
            message: "\"place merchant C2\" is refused: C2 is already occupied".into(),
            fault: LessonFault::Refused {
                action: "place merchant C2".parse().unwrap(),
                why: tabula_star_tigris::RuleError::Occupied("C2".parse().unwrap()),
            },
        });
        assert_eq!(
            refused,
            "Schritt 3: „den Handels-Anführer auf C2 einsetzen“ ist nicht erlaubt: C2 ist schon besetzt"
        );
        let json = error_words(&parse_lesson("{\"format\": ").unwrap_err());
        assert!(
            json.starts_with("Das ist keine Lektion: Ab Zeile 1, Spalte "),
            "{json}"
        );
        use_lang(None);
        assert_eq!(
            move_words(&"place merchant C2".parse().unwrap()),
            "place the merchant leader on C2"
        );
    }
}
