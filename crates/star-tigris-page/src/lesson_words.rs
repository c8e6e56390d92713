//! The words of Star Tigris's lessons and lesson writer: a move in words
//! (`place the merchant leader on C2`), a move's button, the game's
//! kinds in words, and a lesson's problem in the page's language.

use tabula_engine::Game;
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::lesson::{LessonError, LessonFault, MAX_LESSON_BYTES};
use tabula_star_tigris::{Action, Kind, StarTigris};

/// The page's language, as the code of a lesson's translation (`de`).
pub fn lang() -> &'static str {
    tabula_page_kit::i18n::lang().code()
}

/// A kind's word from the game's vocabulary: `word("leader", k)` is the
/// catalogue's `leader-merchant` (merchant leader, Handels-Anführer).
pub fn word(prefix: &str, k: Kind) -> String {
    t(&format!("{prefix}-{}", k.name()))
}

/// A text with its first letter a capital (for a button).
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

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
        LessonFault::Setup(problems) => crate::lesson_author::setup_problems_words(problems),
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
