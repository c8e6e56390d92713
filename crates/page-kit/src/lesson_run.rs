//! A lesson being taught, for any ruleset that can be taught
//! ([`Teach`]): the states before and after every step (all checked when
//! the lesson opens), the step shown, whether the learner has made the
//! step's move, tried a wrong one, or asked for the hint, and the texts in
//! the page's language. The screen around it is [`crate::lesson_screen`];
//! this holds no DOM, so it is tested natively.
//!
//! What the board shows: before a learner's step is made, the state
//! before the step; after it (and at every other step) the state after
//! the step's action — the narration of a step the page plays tells what
//! was played.

use tabula_engine::Seat;
use tabula_engine::lesson::{
    Lesson, LessonError, Step, read_lesson_untranslated, state_before_step,
};

use crate::i18n::{Lang, tf};

/// A lesson being taught on ruleset `G`.
#[derive(Clone, Debug)]
pub struct LessonRun<G: tabula_engine::lesson::Teach> {
    /// The lesson.
    pub lesson: Lesson,
    /// The state before each step, and after the last (`steps + 1`).
    states: Vec<G>,
    /// The step shown, from 0.
    pub step: usize,
    /// Whether the learner has made the shown step's move.
    pub made: bool,
    /// Whether the learner's last try at the shown step was wrong.
    pub wrong: bool,
    /// Whether the hint is shown.
    pub hint: bool,
    /// Whether the learner asked to be shown the step's move ("Show me"),
    /// which the page then made for them.
    pub showed: bool,
}

/// Why a lesson cannot be taught, in plain words naming the step (the
/// page's language).
pub fn open_error(e: &LessonError) -> String {
    match e {
        LessonError::TooLarge(n) => tf("lesson-too-large", &[("bytes", &n.to_string())]),
        LessonError::Json {
            line,
            column,
            message,
        } => tf(
            "lesson-bad-json",
            &[
                ("line", &line.to_string()),
                ("column", &column.to_string()),
                ("why", message),
            ],
        ),
        LessonError::Invalid(m) => m.clone(),
    }
}

impl<G: tabula_engine::lesson::Teach> LessonRun<G> {
    /// Read `text` and play every step of it (each checked by the rules);
    /// what is wrong in plain words naming the step. A lesson not (or not
    /// wholly) translated is taught: its untranslated texts show in its
    /// own language (a teacher's own lesson).
    pub fn open(text: &str) -> Result<LessonRun<G>, String> {
        let lesson = read_lesson_untranslated(text).map_err(|e| open_error(&e))?;
        Self::of(lesson)
    }

    /// Teach `lesson` (every step checked first).
    pub fn of(lesson: Lesson) -> Result<LessonRun<G>, String> {
        if lesson.ruleset != G::NAME {
            return Err(tf(
                "lesson-other-game",
                &[("game", &crate::error_words::game_name(&lesson.ruleset))],
            ));
        }
        // Every step played and checked once (naming the first that fails),
        // then the state before each kept.
        tabula_engine::lesson::play_lesson::<G>(&lesson).map_err(|e| step_error(&e))?;
        let mut states = Vec::with_capacity(lesson.steps.len() + 1);
        for k in 0..=lesson.steps.len() {
            states.push(state_before_step::<G>(&lesson, k).map_err(|e| step_error(&e))?);
        }
        Ok(LessonRun {
            lesson,
            states,
            step: 0,
            made: false,
            wrong: false,
            hint: false,
            showed: false,
        })
    }

    /// How many steps the lesson has.
    pub fn len(&self) -> usize {
        self.lesson.steps.len()
    }

    /// Whether the lesson has no steps (never: a lesson is refused
    /// without one).
    pub fn is_empty(&self) -> bool {
        self.lesson.steps.is_empty()
    }

    fn current(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// The state the board shows.
    pub fn shown(&self) -> &G {
        if self.task().is_some() {
            &self.states[self.step]
        } else {
            &self.states[self.step + 1]
        }
    }

    /// The state before the shown step's action.
    pub fn before(&self) -> &G {
        &self.states[self.step]
    }

    /// The move the learner must still make at the shown step: the seat
    /// and the expected action.
    pub fn task(&self) -> Option<(Seat, G::Action)> {
        if self.made {
            return None;
        }
        let l = self.current().learner.as_ref()?;
        let before = &self.states[self.step];
        let seat = before.read_seat(&l.seat)?;
        let action = before.read_action(&l.action).ok()?;
        Some((seat, action))
    }

    /// The learner tries `action`: made when it is the step's, else
    /// refused (the wrong-move sentence and the hint shown). Whether it
    /// was the one.
    pub fn attempt(&mut self, action: &G::Action) -> bool {
        let Some((_, expected)) = self.task() else {
            return false;
        };
        if *action == expected {
            self.made = true;
            self.showed = false;
            self.wrong = false;
        } else {
            self.wrong = true;
            self.hint = true;
        }
        self.made
    }

    /// "Show me": the step's move made for the learner (the board shows
    /// it, Next goes on). The move shown, when one was due.
    pub fn show_me(&mut self) -> Option<(Seat, G::Action)> {
        let task = self.task()?;
        self.made = true;
        self.wrong = false;
        self.showed = true;
        Some(task)
    }

    /// The learner tried something that is no move at all (a place where
    /// the seat can do nothing): refused as a wrong move.
    pub fn refuse(&mut self) {
        if self.task().is_some() {
            self.wrong = true;
            self.hint = true;
        }
    }

    /// The learner's legal actions now that `place_of` puts at `place`
    /// (`None`: the actions made at no place, shown as buttons).
    pub fn choices(
        &self,
        place: Option<&str>,
        place_of: impl Fn(&G, &G::Action) -> Option<String>,
    ) -> Vec<G::Action> {
        let Some((seat, _)) = self.task() else {
            return Vec::new();
        };
        let g = self.shown();
        g.legal_actions(seat)
            .into_iter()
            .filter(|a| place_of(g, a).as_deref() == place)
            .collect()
    }

    /// Go on to the next step (not while the learner's move is due, nor
    /// past the last). Whether it moved.
    pub fn forward(&mut self) -> bool {
        if self.task().is_some() || self.step + 1 >= self.len() {
            return false;
        }
        self.go(self.step + 1);
        true
    }

    /// Back one step (its move undone). Whether it moved.
    pub fn back(&mut self) -> bool {
        if self.step == 0 {
            return false;
        }
        self.go(self.step - 1);
        true
    }

    /// Show step `k` from its start (a learner's move not yet made).
    pub fn go(&mut self, k: usize) {
        self.step = k.min(self.len().saturating_sub(1));
        self.made = false;
        self.wrong = false;
        self.hint = false;
        self.showed = false;
    }

    /// Whether the last step is shown and nothing is left to do in it.
    pub fn finished(&self) -> bool {
        self.step + 1 >= self.len() && self.task().is_none()
    }

    /// The title in `lang`.
    pub fn title(&self, lang: Lang) -> &str {
        title_in(&self.lesson, lang)
    }

    /// The shown step's narration in `lang`.
    pub fn say(&self, lang: Lang) -> &str {
        let t = self.translated(lang).and_then(|s| s.say.as_deref());
        t.unwrap_or(&self.current().say)
    }

    /// The shown step's hint in `lang`, when it is the learner's.
    pub fn hint_text(&self, lang: Lang) -> Option<&str> {
        let l = self.current().learner.as_ref()?;
        let t = self.translated(lang).and_then(|s| s.hint.as_deref());
        Some(t.unwrap_or(&l.hint))
    }

    /// The shown step's "that is not it" in `lang`, when it is the
    /// learner's.
    pub fn wrong_text(&self, lang: Lang) -> Option<&str> {
        let l = self.current().learner.as_ref()?;
        let t = self.translated(lang).and_then(|s| s.wrong.as_deref());
        Some(t.unwrap_or(&l.wrong))
    }

    /// The shown step's places to highlight.
    pub fn highlight(&self) -> &[String] {
        &self.current().highlight
    }

    fn translated(&self, lang: Lang) -> Option<&tabula_engine::lesson::StepTranslation> {
        if lang == Lang::En {
            return None;
        }
        self.lesson
            .translations
            .get(lang.code())?
            .steps
            .get(self.step)
    }
}

/// A lesson's title in `lang`.
pub fn title_in(lesson: &Lesson, lang: Lang) -> &str {
    translation(lesson, lang)
        .and_then(|t| t.title.as_deref())
        .unwrap_or(&lesson.title)
}

/// Where a lesson comes from in `lang` (a rulebook's example), when it
/// says.
pub fn source_in(lesson: &Lesson, lang: Lang) -> Option<&str> {
    translation(lesson, lang)
        .and_then(|t| t.source.as_deref())
        .or(lesson.source.as_deref())
}

/// A lesson's summary in `lang`.
pub fn summary_in(lesson: &Lesson, lang: Lang) -> &str {
    translation(lesson, lang)
        .and_then(|t| t.summary.as_deref())
        .unwrap_or(&lesson.summary)
}

fn translation(lesson: &Lesson, lang: Lang) -> Option<&tabula_engine::lesson::Translation> {
    if lang == Lang::En {
        return None;
    }
    lesson.translations.get(lang.code())
}

/// A step that does not play as its lesson says, in plain words naming
/// the step.
pub fn step_error(e: &tabula_engine::lesson::StepError) -> String {
    if e.step == 0 {
        tf("lesson-bad-position", &[("why", &e.message)])
    } else {
        tf(
            "lesson-bad-step",
            &[("step", &e.step.to_string()), ("why", &e.message)],
        )
    }
}

/// The lessons a learner has finished, as kept in the browser: one name a
/// line.
pub fn finished_names(kept: &str) -> Vec<&str> {
    kept.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

/// `kept` with `name` added (once).
pub fn with_finished(kept: &str, name: &str) -> String {
    let mut v = finished_names(kept);
    if !v.contains(&name) {
        v.push(name);
    }
    v.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::Game;
    use tabula_vector::Vector;

    fn lessons(ruleset: &str) -> Vec<(String, String)> {
        let dir = format!("{}/../../lessons/{ruleset}", env!("CARGO_MANIFEST_DIR"));
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

    /// Every shipped lesson of `G` taught to its end: at each learner's
    /// step a wrong try first (refused, the board unchanged, the hint
    /// shown), then the expected move.
    fn teach_all<G: tabula_engine::lesson::Teach>(ruleset: &str) {
        let all = lessons(ruleset);
        assert!(!all.is_empty());
        for (name, text) in all {
            let mut run = LessonRun::<G>::open(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut learner = 0;
            loop {
                if let Some((seat, expected)) = run.task() {
                    learner += 1;
                    let before = run.shown().state_hash();
                    let other = run
                        .shown()
                        .legal_actions(seat)
                        .into_iter()
                        .find(|a| *a != expected);
                    if let Some(other) = other {
                        assert!(!run.attempt(&other), "{name}");
                        assert!(run.wrong && run.hint, "{name}");
                        assert_eq!(run.shown().state_hash(), before, "{name}");
                    }
                    assert!(!run.forward(), "{name}: next waits for the move");
                    assert!(run.attempt(&expected), "{name}");
                    assert!(!run.wrong, "{name}");
                    assert_ne!(run.hint_text(Lang::De), run.hint_text(Lang::En));
                }
                if !run.forward() {
                    break;
                }
            }
            assert!(run.finished(), "{name}");
            assert!(learner > 0, "{name} has a step for the learner");
        }
    }

    #[test]
    fn every_shipped_lesson_of_every_game_can_be_taught_to_its_end() {
        teach_all::<Vector>("vector");
        teach_all::<tabula_domains::Domains>("domains");
        teach_all::<tabula_catan::Catan>("catan");
        teach_all::<tabula_star_tigris::StarTigris>("star-tigris");
    }

    #[test]
    fn a_damaged_lesson_is_refused_naming_the_step() {
        let (_, text) = lessons("vector").remove(0);
        let bad = text.replacen("\"DIRECTION: E\"", "\"DIRECTION: Q\"", 1);
        let e = LessonRun::<Vector>::open(&bad).unwrap_err();
        assert!(e.contains("2") && e.contains("Q"), "{e}");
        let e = LessonRun::<Vector>::open(&text[..text.len() / 2]).unwrap_err();
        assert!(e.contains("line"), "{e}");
        let e = LessonRun::<tabula_domains::Domains>::open(&text).unwrap_err();
        assert!(e.contains("Vector"), "{e}");
    }

    /// A teacher's own lesson without its German is taught (the English
    /// shows on a German page); the shipped lessons' reader refuses it.
    #[test]
    fn a_lesson_not_translated_is_taught_in_its_own_words() {
        let (_, text) = lessons("vector").remove(0);
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v.as_object_mut().unwrap().remove("translations");
        let bare = v.to_string();
        let e = tabula_engine::lesson::read_lesson(&bare).unwrap_err();
        assert!(format!("{e:?}").contains("translation"), "{e:?}");
        let run = LessonRun::<Vector>::open(&bare).unwrap();
        assert_eq!(run.say(Lang::De), run.lesson.steps[0].say);
        assert_eq!(run.title(Lang::De), run.lesson.title);
    }

    #[test]
    fn the_shown_state_follows_the_learner() {
        let (_, text) = lessons("vector").remove(0);
        let mut run = LessonRun::<Vector>::open(&text).unwrap();
        assert!(run.task().is_none());
        let start = run.shown().state_hash();
        assert!(run.forward());
        let (_, expected) = run.task().expect("step 2 is the learner's");
        assert_eq!(run.shown().state_hash(), start, "before the move");
        run.refuse();
        assert!(run.wrong && run.hint);
        assert!(run.attempt(&expected));
        assert_ne!(run.shown().state_hash(), start, "after the move");
        run.go(1);
        assert!(run.task().is_some() && !run.hint, "try again");
        assert_eq!(run.show_me().map(|(_, a)| a), Some(expected));
        assert!(
            run.showed && run.task().is_none(),
            "shown, and Next goes on"
        );
        assert_ne!(run.shown().state_hash(), start, "the board shows the move");
        run.go(1);
        assert!(!run.showed);
        assert!(run.back());
        assert_eq!(run.step, 0);
        assert!(!run.back());
    }

    #[test]
    fn finished_lessons_are_kept_once() {
        let k = with_finished("", "a");
        let k = with_finished(&k, "b");
        assert_eq!(with_finished(&k, "a"), "a\nb");
        assert_eq!(finished_names("a\n\nb\n"), vec!["a", "b"]);
    }
}
