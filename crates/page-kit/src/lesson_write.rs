//! A lesson being written in a page, for any ruleset that can be taught
//! ([`Teach`]): its title and summary, a starting position in the
//! ruleset's own written form, then the steps recorded by playing them —
//! each played action a step the page plays or the learner must make
//! (with a hint and a "that is not it" sentence), a step that only talks,
//! the places to highlight — and the texts in English (the lesson's own)
//! and German (its translation). The lesson is checked as `tabula lesson
//! check` checks it ([`Writing::check`]) and saved in the one lesson
//! format (`docs/lessons.md`). It is kept in the browser between visits
//! as a [`Kept`].
//!
//! This holds no DOM, so it is tested natively; the screen around it is
//! [`crate::lesson_writer`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tabula_engine::lesson::{
    LESSON_FORMAT, LESSON_VERSION, LearnerMove, Lesson, Move, Step, StepTranslation, Teach,
    Translation, play_lesson, read_lesson, read_lesson_untranslated,
};
use tabula_engine::{Seat, ToMove};

use crate::i18n::{t, tf};
use crate::lesson_run::{open_error, step_error};

/// The languages a lesson's texts are written in: its own (English) and
/// its translation into German.
pub const TEXT_LANGS: [&str; 2] = ["en", "de"];

/// The title a new lesson starts with: lesson text, English (the
/// lesson's own texts are English; a translation is written beside them).
pub const DEFAULT_TITLE: &str = "My lesson";
/// The default hint of a step the learner plays: lesson text, English.
pub const DEFAULT_HINT: &str = "Look at the highlighted places.";
/// The default wrong-move message: lesson text, English.
pub const DEFAULT_WRONG: &str = "Not this one: try again, or ask for a hint.";

/// A text of the lesson the author writes (in the language chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    /// The lesson's title.
    Title,
    /// What it teaches.
    Summary,
    /// The last step's narration.
    Say,
    /// The last step's hint (a step the learner plays).
    Hint,
    /// The last step's message for a wrong move.
    Wrong,
}

/// Steps recorded from a position.
#[derive(Clone, Debug)]
pub struct Recording<G> {
    /// The position recorded from, as the lesson writes it.
    pub position: String,
    /// The state before each step and after the last (the first is the
    /// start).
    pub states: Vec<G>,
    /// The steps so far.
    pub steps: Vec<Step>,
    /// Whether picks on the board mark places for the last step.
    pub marking: bool,
}

/// A lesson being written on ruleset `G`.
#[derive(Clone, Debug)]
pub struct Writing<G> {
    /// The lesson's title (English).
    pub title: String,
    /// One sentence on what it teaches (English).
    pub summary: String,
    /// The starting position being written (before recording).
    pub position: String,
    /// The lesson's texts in other languages.
    pub translations: BTreeMap<String, Translation>,
    /// The language the text fields write: `en` (the lesson's own
    /// texts) or `de` (their translation).
    pub text_lang: String,
    /// The recording, once started.
    pub recording: Option<Recording<G>>,
    /// What to tell the author.
    pub message: Option<String>,
    /// The seat whose actions are recorded when several decide at once.
    pub chosen: Seat,
}

impl<G: Teach> Writing<G> {
    /// A new lesson starting from `position`.
    pub fn new(position: &str) -> Writing<G> {
        Writing {
            title: DEFAULT_TITLE.into(),
            summary: String::new(),
            position: position.to_string(),
            translations: BTreeMap::new(),
            text_lang: "en".into(),
            recording: None,
            message: None,
            chosen: 0,
        }
    }

    /// A text of the lesson in `lang` (`en`: the lesson's own; else its
    /// translation, empty where it has none).
    pub fn text_in(&self, field: TextField, lang: &str) -> String {
        let step = self
            .recording
            .as_ref()
            .and_then(|r| r.steps.len().checked_sub(1).map(|i| (i, &r.steps[i])));
        if lang == "en" {
            return match field {
                TextField::Title => self.title.clone(),
                TextField::Summary => self.summary.clone(),
                TextField::Say => step.map(|(_, s)| s.say.clone()).unwrap_or_default(),
                TextField::Hint => step
                    .and_then(|(_, s)| s.learner.as_ref())
                    .map(|l| l.hint.clone())
                    .unwrap_or_default(),
                TextField::Wrong => step
                    .and_then(|(_, s)| s.learner.as_ref())
                    .map(|l| l.wrong.clone())
                    .unwrap_or_default(),
            };
        }
        let Some(tr) = self.translations.get(lang) else {
            return String::new();
        };
        let st = step.and_then(|(i, _)| tr.steps.get(i));
        match field {
            TextField::Title => tr.title.clone(),
            TextField::Summary => tr.summary.clone(),
            TextField::Say => st.and_then(|s| s.say.clone()),
            TextField::Hint => st.and_then(|s| s.hint.clone()),
            TextField::Wrong => st.and_then(|s| s.wrong.clone()),
        }
        .unwrap_or_default()
    }

    /// A text of the lesson in the language chosen ([`Writing::text_lang`]).
    pub fn text(&self, field: TextField) -> String {
        self.text_in(field, &self.text_lang)
    }

    /// Write a text of the lesson in the language chosen: the lesson's
    /// own (English) or its translation (an empty one shows the English).
    pub fn set_text(&mut self, field: TextField, value: String) {
        if self.text_lang == "en" {
            match field {
                TextField::Title => self.title = value,
                TextField::Summary => self.summary = value,
                TextField::Say => {
                    if let Some(s) = self.last_step() {
                        s.say = value;
                    }
                }
                TextField::Hint | TextField::Wrong => {
                    if let Some(l) = self.last_step().and_then(|s| s.learner.as_mut()) {
                        if field == TextField::Hint {
                            l.hint = value;
                        } else {
                            l.wrong = value;
                        }
                    }
                }
            }
            return;
        }
        let steps = self.recording.as_ref().map_or(0, |r| r.steps.len());
        let learner = self
            .recording
            .as_ref()
            .and_then(|r| r.steps.last())
            .is_some_and(|s| s.learner.is_some());
        let tr = self.translations.entry(self.text_lang.clone()).or_default();
        let value = (!value.trim().is_empty()).then_some(value);
        match field {
            TextField::Title => tr.title = value,
            TextField::Summary => tr.summary = value,
            TextField::Say | TextField::Hint | TextField::Wrong => {
                if steps == 0 || (field != TextField::Say && !learner) {
                    return;
                }
                if tr.steps.len() < steps {
                    tr.steps.resize(steps, StepTranslation::default());
                }
                let st = &mut tr.steps[steps - 1];
                match field {
                    TextField::Say => st.say = value,
                    TextField::Hint => st.hint = value,
                    _ => st.wrong = value,
                }
            }
        }
    }

    /// The position's problems, as the ruleset reads it, in plain words.
    pub fn read_position(&self) -> Result<G, String> {
        let mut g = G::read_position(&self.position).map_err(|p| {
            let list: Vec<String> =
                p.0.iter()
                    .map(|p| match p.line {
                        Some(l) => tf(
                            "lesson-author-position-line",
                            &[("line", &l.to_string()), ("why", &p.message)],
                        ),
                        None => p.message.clone(),
                    })
                    .collect();
            tf(
                "lesson-author-position-problems",
                &[("why", &list.join("; "))],
            )
        })?;
        tabula_engine::settle_chance(&mut g).map_err(|e| {
            tf(
                "lesson-author-position-problems",
                &[("why", &e.to_string())],
            )
        })?;
        Ok(g)
    }

    /// Start recording steps from the position (read by the ruleset).
    pub fn start(&mut self) -> Result<(), String> {
        let g = self.read_position()?;
        self.start_at(self.position.clone(), g);
        Ok(())
    }

    /// Start recording steps from `game`, which `position` writes (a page
    /// that reads positions itself, in its own words).
    pub fn start_at(&mut self, position: String, mut game: G) {
        tabula_engine::settle_chance(&mut game).ok();
        self.position = position.clone();
        self.recording = Some(Recording {
            position,
            states: vec![game],
            steps: Vec::new(),
            marking: false,
        });
        self.message = None;
    }

    /// Back to the position (the steps are dropped, and their
    /// translations).
    pub fn stop(&mut self) {
        self.recording = None;
        for tr in self.translations.values_mut() {
            tr.steps.clear();
        }
    }

    /// The state now (after the steps recorded).
    pub fn game(&self) -> Option<&G> {
        self.recording.as_ref().and_then(|r| r.states.last())
    }

    /// The seat that acts now. When several decide at once, the one
    /// chosen ([`Writing::chosen`]) if it is among them, else the first.
    pub fn seat(&self) -> Option<Seat> {
        match self.game()?.to_move() {
            ToMove::Seat(s) => Some(s),
            ToMove::Simultaneous(set) => {
                if set.contains(self.chosen) {
                    Some(self.chosen)
                } else {
                    set.iter().next()
                }
            }
            _ => None,
        }
    }

    /// The seats deciding at once now, when there are two or more: the
    /// writer chooses whose actions to record.
    pub fn deciding(&self) -> Vec<Seat> {
        match self.game().map(|g| g.to_move()) {
            Some(ToMove::Simultaneous(set)) if set.iter().nth(1).is_some() => set.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Record `action` of the seat acting now ([`Writing::seat`]): played
    /// through the checked path (chance settled after it), and written
    /// as the step `play` with `seat_word` and `action_text` (the
    /// ruleset's words, which must read back as the same action). A
    /// refusal in plain words (`why` says the rules' reason).
    pub fn play(
        &mut self,
        seat_word: &str,
        action: &G::Action,
        action_text: &str,
        why: impl FnOnce(&G::Error) -> String,
    ) -> Result<(), String> {
        let seat = self.seat().ok_or_else(|| t("lesson-author-nobody"))?;
        let rec = self
            .recording
            .as_mut()
            .ok_or_else(|| t("lesson-author-not-recording"))?;
        let mut g = rec
            .states
            .last()
            .cloned()
            .ok_or_else(|| t("lesson-author-not-recording"))?;
        if g.read_seat(seat_word) != Some(seat) || g.read_action(action_text).as_ref() != Ok(action)
        {
            return Err(tf("lesson-author-unwritable", &[("action", action_text)]));
        }
        g.apply(seat, action)
            .map_err(|e| tf("lesson-author-refused", &[("why", &why(&e))]))?;
        tabula_engine::settle_chance(&mut g)
            .map_err(|e| tf("lesson-author-refused", &[("why", &e.to_string())]))?;
        rec.states.push(g);
        rec.steps.push(Step {
            play: Some(Move {
                seat: seat_word.to_string(),
                action: action_text.to_string(),
            }),
            ..Step::default()
        });
        Ok(())
    }

    /// Add a step that only talks (no action).
    pub fn add_talk(&mut self) {
        if let Some(rec) = self.recording.as_mut()
            && let Some(g) = rec.states.last().cloned()
        {
            rec.states.push(g);
            rec.steps.push(Step::default());
        }
    }

    /// Take back the last step (its translations go with it).
    pub fn undo(&mut self) {
        if let Some(rec) = self.recording.as_mut()
            && rec.steps.pop().is_some()
        {
            rec.states.pop();
            let n = rec.steps.len();
            for tr in self.translations.values_mut() {
                tr.steps.truncate(n);
            }
        }
    }

    /// The last step, to write its narration and options.
    pub fn last_step(&mut self) -> Option<&mut Step> {
        self.recording.as_mut()?.steps.last_mut()
    }

    /// Make the last step the learner's (or the page's again).
    pub fn set_learner(&mut self, on: bool) {
        let Some(step) = self.last_step() else {
            return;
        };
        match (on, step.play.take(), step.learner.take()) {
            (true, Some(a), _) => {
                step.learner = Some(LearnerMove {
                    seat: a.seat,
                    action: a.action,
                    hint: DEFAULT_HINT.into(),
                    wrong: DEFAULT_WRONG.into(),
                })
            }
            (false, _, Some(l)) => {
                step.play = Some(Move {
                    seat: l.seat,
                    action: l.action,
                })
            }
            (_, play, learner) => {
                step.play = play;
                step.learner = learner;
            }
        }
    }

    /// Mark or unmark a place (as lessons name it) for the last step.
    pub fn toggle_mark(&mut self, place: &str) {
        if let Some(step) = self.last_step() {
            match step.highlight.iter().position(|q| q == place) {
                Some(i) => {
                    step.highlight.remove(i);
                }
                None => step.highlight.push(place.to_string()),
            }
        }
    }

    /// The lesson written so far, with its translations fitted to its
    /// steps, checked as a lesson file is when a page opens it (every
    /// text, then by playing it); the first problem in the page's
    /// language. The German may still be missing ([`Writing::check`]
    /// says so).
    pub fn lesson(&self) -> Result<Lesson, String> {
        let rec = self
            .recording
            .as_ref()
            .ok_or_else(|| t("lesson-author-record-first"))?;
        if rec.steps.is_empty() {
            return Err(t("lesson-author-one-step"));
        }
        let mut lesson = Lesson {
            format: LESSON_FORMAT.into(),
            version: LESSON_VERSION,
            ruleset: G::NAME.into(),
            title: self.title.trim().to_string(),
            summary: self.summary.trim().to_string(),
            source: None,
            position: rec.position.clone(),
            steps: rec.steps.clone(),
            translations: self.translations.clone(),
        };
        fit_translations(&mut lesson);
        if lesson.title.is_empty() {
            return Err(t("lesson-author-need-title"));
        }
        if lesson.summary.is_empty() {
            return Err(t("lesson-author-need-summary"));
        }
        for (i, step) in lesson.steps.iter().enumerate() {
            let n = (i + 1).to_string();
            if step.say.trim().is_empty() {
                let translated = lesson
                    .translations
                    .values()
                    .any(|tr| tr.steps.get(i).is_some_and(|s| s.say.is_some()));
                let key = if translated {
                    "lesson-author-need-english"
                } else {
                    "lesson-author-need-say"
                };
                return Err(tf(key, &[("n", &n)]));
            }
            if let Some(l) = &step.learner {
                if l.hint.trim().is_empty() {
                    return Err(tf("lesson-author-need-hint", &[("n", &n)]));
                }
                if l.wrong.trim().is_empty() {
                    return Err(tf("lesson-author-need-wrong", &[("n", &n)]));
                }
            }
        }
        // Everything else a lesson file is checked for, as when it opens.
        let json = lesson_json(&lesson);
        read_lesson_untranslated(&json).map_err(|e| open_error(&e))?;
        play_lesson::<G>(&lesson).map_err(|e| step_error(&e))?;
        Ok(lesson)
    }

    /// The lesson checked as `tabula lesson check` checks a shipped one:
    /// every step played and every fact checked, and every text
    /// translated. The first problem in the page's language.
    pub fn check(&self) -> Result<Lesson, String> {
        let lesson = self.lesson()?;
        read_lesson(&lesson_json(&lesson))
            .map_err(|e| tf("lesson-author-untranslated", &[("why", &open_error(&e))]))?;
        Ok(lesson)
    }

    /// The lesson as kept in the browser.
    pub fn to_kept(&self) -> Kept {
        Kept {
            title: self.title.clone(),
            summary: self.summary.clone(),
            position: self.position.clone(),
            recording: self
                .recording
                .as_ref()
                .map(|r| (r.position.clone(), r.steps.clone())),
            translations: self.translations.clone(),
        }
    }

    /// Read a kept lesson back, replaying its steps (the position read
    /// by `read`, the page's way of reading it); a draft that no longer
    /// plays says which step failed.
    pub fn from_kept(
        k: Kept,
        read: impl FnOnce(&str) -> Result<G, String>,
    ) -> Result<Writing<G>, String> {
        let mut w = Writing::new(&k.position);
        w.title = k.title;
        w.summary = k.summary;
        w.translations = k.translations;
        if let Some((position, steps)) = k.recording {
            let g = read(&position)?;
            w.start_at(position, g);
            for (i, step) in steps.into_iter().enumerate() {
                let kept = |e: String| {
                    tf(
                        "lesson-author-kept-step",
                        &[("n", &(i + 1).to_string()), ("why", &e)],
                    )
                };
                let mv = step
                    .play
                    .as_ref()
                    .map(|p| (p.seat.clone(), p.action.clone()))
                    .or_else(|| {
                        step.learner
                            .as_ref()
                            .map(|l| (l.seat.clone(), l.action.clone()))
                    });
                match mv {
                    Some((seat_word, text)) => {
                        let g = w.game().ok_or_else(|| kept(t("lesson-author-nobody")))?;
                        let action = g.read_action(&text).map_err(|_| {
                            kept(tf("lesson-author-unreadable-action", &[("action", &text)]))
                        })?;
                        if let Some(s) = g.read_seat(&seat_word) {
                            w.chosen = s;
                        }
                        w.play(&seat_word, &action, &text, |e| e.to_string())
                            .map_err(kept)?;
                    }
                    None => w.add_talk(),
                }
                if let Some(last) = w.last_step() {
                    *last = step;
                }
            }
        }
        Ok(w)
    }
}

/// The lesson as its file holds it (JSON, as the lesson player and
/// `tabula lesson check` read it).
pub fn lesson_json(lesson: &Lesson) -> String {
    serde_json::to_string_pretty(lesson).unwrap_or_default()
}

/// Fit the translations to the steps after the steps changed: each
/// translation's steps padded or cut to the lesson's, hints and wrong
/// messages dropped where the learner does not play, blank texts dropped
/// (so they show in English), and translations that translate nothing
/// dropped.
pub fn fit_translations(lesson: &mut Lesson) {
    let n = lesson.steps.len();
    let blank = |t: &mut Option<String>| {
        if t.as_deref().is_some_and(|s| s.trim().is_empty()) {
            *t = None;
        }
    };
    for tr in lesson.translations.values_mut() {
        blank(&mut tr.title);
        blank(&mut tr.summary);
        blank(&mut tr.source);
        if lesson.source.is_none() {
            tr.source = None;
        }
        if !tr.steps.is_empty() {
            tr.steps.resize(n, StepTranslation::default());
        }
        for (st, step) in tr.steps.iter_mut().zip(&lesson.steps) {
            blank(&mut st.say);
            blank(&mut st.hint);
            blank(&mut st.wrong);
            if step.learner.is_none() {
                st.hint = None;
                st.wrong = None;
            }
        }
        if tr.steps.iter().all(StepTranslation::is_empty) {
            tr.steps.clear();
        }
    }
    lesson.translations.retain(|_, t| !t.is_empty());
}

/// A lesson being written, as kept in the browser between visits: the
/// position and the recorded steps (the states are rebuilt by playing the
/// steps again when it is read back).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    title: String,
    summary: String,
    /// The position being written.
    position: String,
    /// The position recorded from and the steps, once recording started.
    recording: Option<(String, Vec<Step>)>,
    /// The lesson's translations.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    translations: BTreeMap<String, Translation>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson_run::LessonRun;
    use tabula_catan::Catan;
    use tabula_engine::Game;

    fn catan_lesson(name: &str) -> Lesson {
        let path = format!("{}/../../lessons/catan/{name}", env!("CARGO_MANIFEST_DIR"));
        read_lesson(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// Record the legal action of the seat to act that `pick` chooses.
    fn record(w: &mut Writing<Catan>, pick: impl Fn(&str) -> bool) -> String {
        let g = w.game().unwrap().clone();
        let seat = w.seat().unwrap();
        let action = g
            .legal_actions(seat)
            .into_iter()
            .find(|a| pick(&a.text(&g.topo)))
            .unwrap();
        let text = action.text(&g.topo);
        w.play(&(seat + 1).to_string(), &action, &text, |e| e.to_string())
            .unwrap();
        text
    }

    #[test]
    fn a_catan_lesson_is_recorded_by_playing_it_and_passes_the_check() {
        let start = catan_lesson("02-roads-settlements-cities.json").position;
        let mut w = Writing::<Catan>::new(&start);
        assert!(w.lesson().is_err(), "not recording yet");
        w.start().unwrap();
        w.summary = "Build a road.".into();
        let road = record(&mut w, |t| t.starts_with("BUILD Road"));
        w.set_text(TextField::Say, "Build the road.".into());
        w.set_learner(true);
        w.toggle_mark("side 9:SW");
        w.toggle_mark("5:SE");
        w.toggle_mark("5:SE");
        w.add_talk();
        w.set_text(TextField::Say, "That is a road.".into());
        let lesson = w.lesson().unwrap();
        assert_eq!(lesson.ruleset, "catan");
        assert_eq!(lesson.steps[0].learner.as_ref().unwrap().action, road);
        assert_eq!(lesson.steps[0].highlight, ["side 9:SW"]);
        // The German is missing: the check says so.
        let e = w.check().unwrap_err();
        assert!(e.contains("de"), "{e}");
        // Step 2 taken back takes its German with it.
        w.text_lang = "de".into();
        w.set_text(TextField::Say, "Weg damit.".into());
        w.undo();
        w.add_talk();
        assert_eq!(w.text(TextField::Say), "");
        w.text_lang = "en".into();
        w.undo();
        // Step 1 in German, then step 2 in both.
        w.text_lang = "de".into();
        w.set_text(TextField::Title, "Meine Lektion".into());
        w.set_text(TextField::Summary, "Eine Straße bauen.".into());
        w.set_text(TextField::Say, "Baue die Straße.".into());
        w.set_text(TextField::Hint, "Sieh dir die markierten Orte an.".into());
        w.set_text(TextField::Wrong, "Nicht diese.".into());
        assert_eq!(w.text_in(TextField::Say, "en"), "Build the road.");
        w.add_talk();
        w.set_text(TextField::Say, "Das ist eine Straße.".into());
        w.text_lang = "en".into();
        assert_eq!(
            w.lesson().unwrap_err(),
            tf("lesson-author-need-english", &[("n", "2")])
        );
        w.set_text(TextField::Say, "That is a road.".into());
        let checked = w.check().unwrap();
        // The file passes the native check and the lesson player teaches it.
        let json = lesson_json(&checked);
        let read = read_lesson(&json).unwrap();
        play_lesson::<Catan>(&read).unwrap();
        let mut run = LessonRun::<Catan>::open(&json).unwrap();
        let (_, expected) = run.task().unwrap();
        assert!(run.attempt(&expected));
        // Kept in the browser and read back: the same lesson.
        let kept = serde_json::to_string(&w.to_kept()).unwrap();
        let back = Writing::<Catan>::from_kept(serde_json::from_str(&kept).unwrap(), |p| {
            Catan::read_position(p).map_err(|_| "bad".to_string())
        })
        .unwrap();
        assert_eq!(back.check().unwrap(), checked);
        assert_eq!(
            back.game().unwrap().state_hash(),
            w.game().unwrap().state_hash()
        );
    }

    #[test]
    fn a_bad_position_or_action_is_refused_in_plain_words() {
        let mut w = Writing::<Catan>::new("players 9\n");
        let e = w.start().unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        let start = catan_lesson("02-roads-settlements-cities.json").position;
        let mut w = Writing::<Catan>::new(&start);
        w.start().unwrap();
        let g = w.game().unwrap().clone();
        let seat = w.seat().unwrap();
        let a = g.legal_actions(seat).remove(0);
        // Words that do not say the action are refused, nothing recorded.
        assert!(w.play("1", &a, "ROLL_DIES NOW", |e| e.to_string()).is_err());
        assert!(
            w.play("9", &a, &a.text(&g.topo), |e| e.to_string())
                .is_err()
        );
        assert_eq!(w.recording.as_ref().unwrap().steps.len(), 0);
        assert_eq!(w.lesson().unwrap_err(), t("lesson-author-one-step"));
    }
}
