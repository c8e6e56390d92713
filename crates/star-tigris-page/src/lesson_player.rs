//! The lesson player's state: a lesson played through natively (every
//! step's position and expectations checked when it opens), the step shown,
//! and the learner's attempt at a step that is theirs to play. No DOM here,
//! so it is tested natively.

use tabula_engine::Game;
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::lesson::{
    Lesson, LessonError, LessonFault, MAX_LESSON_BYTES, parse_lesson, play_lesson, step_action,
};
use tabula_star_tigris::{Action, Kind, Pos, StarTigris};

use crate::session::{Selection, targets};

/// A lesson being taught.
#[derive(Clone, Debug)]
pub struct LessonPlayer {
    /// The lesson.
    pub lesson: Lesson,
    /// The position before each step, then after the last.
    pub states: Vec<StarTigris>,
    /// The step shown.
    pub step: usize,
    /// Steps the learner has played (or been shown).
    pub done: Vec<bool>,
    /// The piece the learner has picked up.
    pub selection: Option<Selection>,
    /// What to tell the learner (a wrong move, well done…).
    pub message: Option<String>,
    /// Whether the message is about a wrong move.
    pub wrong: bool,
    /// Whether the hint is shown.
    pub hint: bool,
}

/// What the learner is asked to do at a step: the seat, the action.
pub type Task = (u8, Action);

impl LessonPlayer {
    /// Open a lesson's text: parsed and played through, every expectation
    /// checked, or the first problem named (with its step).
    pub fn open(text: &str) -> Result<LessonPlayer, String> {
        let lesson = parse_lesson(text).map_err(|e| error_words(&e))?;
        LessonPlayer::new(lesson)
    }

    /// Prepare a parsed lesson.
    pub fn new(lesson: Lesson) -> Result<LessonPlayer, String> {
        let states = play_lesson(&lesson).map_err(|e| error_words(&e))?;
        let n = lesson.steps.len();
        Ok(LessonPlayer {
            lesson,
            states,
            step: 0,
            done: vec![false; n],
            selection: None,
            message: None,
            wrong: false,
            hint: false,
        })
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.lesson.steps.len()
    }

    /// Whether the lesson has no steps.
    pub fn is_empty(&self) -> bool {
        self.lesson.steps.is_empty()
    }

    /// The learner's task at the step shown, while it is not done.
    pub fn task(&self) -> Option<Task> {
        if self.done.get(self.step).copied().unwrap_or(true) {
            return None;
        }
        match step_action(&self.lesson, self.step) {
            Ok(Some((seat, action, true))) => Some((seat, action)),
            _ => None,
        }
    }

    /// The position shown: before the step while the learner has yet to
    /// play it, else after it.
    pub fn shown(&self) -> &StarTigris {
        if self.task().is_some() {
            &self.states[self.step]
        } else {
            &self.states[(self.step + 1).min(self.states.len() - 1)]
        }
    }

    /// Whether "Next" may be pressed.
    pub fn can_go_on(&self) -> bool {
        self.task().is_none() && self.step + 1 < self.len()
    }

    fn arrive(&mut self, step: usize) {
        self.step = step.min(self.len().saturating_sub(1));
        self.selection = None;
        self.message = None;
        self.wrong = false;
        self.hint = false;
    }

    /// The next step (not past a task the learner has still to do).
    pub fn next(&mut self) {
        if self.can_go_on() {
            let s = self.step + 1;
            self.arrive(s);
        }
    }

    /// The step before.
    pub fn back(&mut self) {
        if self.step > 0 {
            let s = self.step - 1;
            self.arrive(s);
        }
    }

    /// The learner tries an action: the lesson's goes on, anything else is
    /// explained (the lesson's message and its hint).
    pub fn attempt(&mut self, action: Action) -> bool {
        let Some((_, expected)) = self.task() else {
            return false;
        };
        self.selection = None;
        if action == expected {
            self.done[self.step] = true;
            self.message = Some(t("lesson-well-done"));
            self.wrong = false;
            true
        } else {
            self.message = Some(
                self.lesson
                    .wrong_in(self.step, lang())
                    .map(str::to_string)
                    .unwrap_or_else(|| t("lesson-not-this")),
            );
            self.wrong = true;
            self.hint = true;
            false
        }
    }

    /// "Show me": play the lesson's action for the learner.
    pub fn show_me(&mut self) {
        if let Some((_, a)) = self.task() {
            self.done[self.step] = true;
            self.message = Some(tf("lesson-the-move-was", &[("move", &move_words(&a))]));
            self.wrong = false;
        }
    }

    /// The cells the learner may click with the piece picked up.
    pub fn targets(&self) -> Vec<(Pos, Action)> {
        let Some((seat, _)) = self.task() else {
            return Vec::new();
        };
        let g = &self.states[self.step];
        match self.selection {
            Some(sel) => targets(g, seat, sel),
            None => g
                .legal_actions(seat)
                .into_iter()
                .filter_map(|a| match a {
                    Action::TakeArtifact { at } => Some((at, a)),
                    _ => None,
                })
                .collect(),
        }
    }

    /// The learner's legal actions that are not about a cell (commit,
    /// resolve, pass, withdraw), as buttons; a swap only when the lesson
    /// asks for that swap.
    pub fn other_actions(&self) -> Vec<Action> {
        let Some((seat, expected)) = self.task() else {
            return Vec::new();
        };
        let swap = matches!(expected, Action::Swap(_)).then_some(expected);
        other_actions(&self.states[self.step], seat, swap)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_star_tigris::lesson::play_lesson;

    fn lessons() -> Vec<(String, String)> {
        crate::add_words();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lessons/star-tigris");
        let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .map(|p| {
                (
                    p.display().to_string(),
                    std::fs::read_to_string(&p).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn every_shipped_lesson_can_be_taught_to_the_end() {
        let all = lessons();
        assert!(!all.is_empty());
        for (name, text) in all {
            let mut p = LessonPlayer::open(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(p.states.len(), p.len() + 1);
            let mut learner_steps = 0;
            while p.step + 1 < p.len() || p.task().is_some() {
                if let Some((_, expected)) = p.task() {
                    learner_steps += 1;
                    // A wrong move first (pass, when it is not the lesson's).
                    if expected != Action::Pass && p.other_actions().contains(&Action::Pass) {
                        assert!(!p.attempt(Action::Pass), "{name}");
                        assert!(p.wrong && p.hint);
                        assert_eq!(p.shown().state_hash(), p.states[p.step].state_hash());
                    }
                    assert!(p.attempt(expected), "{name}");
                    assert_eq!(p.shown().state_hash(), p.states[p.step + 1].state_hash());
                }
                if p.step + 1 >= p.len() {
                    break;
                }
                p.next();
            }
            assert!(learner_steps > 0, "{name} has a step for the learner");
            let _ = play_lesson(&p.lesson).unwrap();
        }
    }

    #[test]
    fn next_waits_for_the_learner_and_show_me_plays_it() {
        let (name, text) = lessons()
            .into_iter()
            .find(|(_, t)| t.contains("\"learner\""))
            .unwrap();
        let mut p = LessonPlayer::open(&text).unwrap();
        while p.task().is_none() {
            p.next();
        }
        let at = p.step;
        p.next();
        assert_eq!(p.step, at, "{name}: Next waits for the learner");
        p.show_me();
        assert!(p.task().is_none());
        assert!(p.message.as_deref().unwrap().starts_with("The move was"));
        p.back();
        p.next();
        assert_eq!(p.step, at);
        assert!(p.task().is_none(), "a step done stays done");
    }

    #[test]
    fn a_broken_lesson_is_refused_with_its_problem() {
        assert!(LessonPlayer::open("{").is_err());
        assert!(LessonPlayer::open("[]").is_err());
    }

    /// In German the lesson shows its German narration, hint and wrong
    /// message, and the page's own words are German.
    #[test]
    fn a_lesson_is_taught_in_german() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        let (_, text) = lessons()
            .into_iter()
            .find(|(n, _)| n.ends_with("02-internal-conflict.json"))
            .unwrap();
        use_lang(Some(Lang::De));
        assert_eq!(lang(), "de");
        let mut p = LessonPlayer::open(&text).unwrap();
        assert_eq!(p.lesson.title_in(lang()), "Revolte");
        while p.task().is_none() {
            p.next();
        }
        let step = p.step;
        assert!(
            p.lesson
                .say_in(step, lang())
                .starts_with("Spieler 1, setz deinen Handels-Anführer auf C2 ein.")
        );
        assert!(!p.attempt(Action::Pass));
        assert!(
            p.message
                .as_deref()
                .unwrap()
                .starts_with("Das ist nicht der Befehl aus diesem Beispiel.")
        );
        assert!(
            p.lesson
                .hint_in(step, lang())
                .unwrap()
                .starts_with("Setz den Handels-Anführer auf C2")
        );
        p.show_me();
        assert_eq!(
            p.message.as_deref(),
            Some("Gesucht war: den Handels-Anführer auf C2 einsetzen.")
        );
        // Every move in words, and the choices' buttons, are German.
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
            said.push(crate::lesson_view::action_label(&a));
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
        // A broken lesson names its step in German, and what kind of
        // problem it has; an English page says what the reader found.
        let bad = text.replace("\"strengths\": [5, 1]", "\"strengths\": [5, 2]");
        let e = LessonPlayer::open(&bad).err().unwrap();
        assert_eq!(
            e,
            "Schritt 4: Die Stellung nach diesem Schritt ist nicht die, die die Lektion beschreibt (1 Unterschied)"
        );
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
        let e = LessonPlayer::open(&bad).err().unwrap();
        assert_eq!(e, "step 4: defender strength is 1, the lesson says 2");
        assert_eq!(
            move_words(&"place merchant C2".parse().unwrap()),
            "place the merchant leader on C2"
        );
    }
}
