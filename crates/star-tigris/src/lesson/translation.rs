//! A lesson's translations: its title, summary, source and every step's
//! narration, hint and wrong-move message in another language, carried in
//! the lesson file under `"translations"` (lesson format version 2).
//!
//! The lesson's own texts are English. A translation gives any of its
//! fields; a field it leaves out is shown in English. Its `steps`, when
//! given, has one entry per step of the lesson (`{}` for a step not
//! translated), so a translation can never drift onto the wrong step.

use std::collections::BTreeMap;

use super::{Lesson, MAX_TEXT_CHARS};

/// The translations of a lesson, by language code (`"de"`).
pub type Translations = BTreeMap<String, Translation>;

// A translation's shape is the one of every ruleset's lessons
// (`tabula_engine::lesson`): Star Tigris's lessons read and write it as is.
pub use tabula_engine::lesson::{StepTranslation, Translation};

/// Whether `code` may name a translation: two lowercase ASCII letters
/// (ISO 639-1), and not `en` (the lesson's own language).
pub fn is_language_code(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|b| b.is_ascii_lowercase()) && code != "en"
}

/// Every problem of a lesson's translations, with its step (from 0).
pub(super) fn translation_problems(lesson: &Lesson) -> Vec<(Option<usize>, String)> {
    let mut out = Vec::new();
    if lesson.translations.is_empty() {
        return out;
    }
    if lesson.version < 2 {
        out.push((
            None,
            format!(
                "translations need lesson format version 2 (this lesson says version {})",
                lesson.version
            ),
        ));
    }
    let n = lesson.steps.len();
    for (code, tr) in &lesson.translations {
        if !is_language_code(code) {
            out.push((
                None,
                if code == "en" {
                    "a translation into \"en\" is not needed: the lesson's own texts are English"
                        .to_string()
                } else {
                    format!("{code:?} is not a language code (two lowercase letters, e.g. \"de\")")
                },
            ));
            continue;
        }
        let mut text = |step: Option<usize>, what: &str, s: &Option<String>| {
            let Some(s) = s else {
                return;
            };
            if s.trim().is_empty() {
                out.push((
                    step,
                    format!("the {what} of the {code:?} translation is empty (leave it out to show the English)"),
                ));
            } else if s.chars().count() > MAX_TEXT_CHARS {
                out.push((
                    step,
                    format!(
                        "the {what} of the {code:?} translation is longer than {MAX_TEXT_CHARS} characters"
                    ),
                ));
            }
        };
        text(None, "title", &tr.title);
        text(None, "summary", &tr.summary);
        text(None, "source", &tr.source);
        for (i, st) in tr.steps.iter().enumerate() {
            text(Some(i), "narration (say)", &st.say);
            text(Some(i), "learner's hint", &st.hint);
            text(Some(i), "learner's wrong message", &st.wrong);
        }
        if tr.source.is_some() && lesson.source.is_none() {
            out.push((
                None,
                format!("the {code:?} translation has a source, but the lesson has none"),
            ));
        }
        if !tr.steps.is_empty() && tr.steps.len() != n {
            out.push((
                None,
                format!(
                    "the {code:?} translation does not give one entry per step (it gives {}, the lesson has {n} steps; write {{}} for a step not translated)",
                    tr.steps.len()
                ),
            ));
            continue;
        }
        for (i, (st, step)) in tr.steps.iter().zip(&lesson.steps).enumerate() {
            if step.learner.is_none() {
                for (what, field) in [("hint", &st.hint), ("wrong message", &st.wrong)] {
                    if field.is_some() {
                        out.push((
                            Some(i),
                            format!(
                                "the {code:?} translation has a {what}, but the learner does not play this step"
                            ),
                        ));
                    }
                }
            }
        }
    }
    out
}

fn pick<'a>(translated: Option<&'a Option<String>>, english: &'a str) -> &'a str {
    translated
        .and_then(|t| t.as_deref())
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(english)
}

impl Lesson {
    /// The translation into `lang`, if the lesson has one.
    pub fn translation(&self, lang: &str) -> Option<&Translation> {
        self.translations.get(lang)
    }

    fn step_translation(&self, step: usize, lang: &str) -> Option<&StepTranslation> {
        self.translation(lang)?.steps.get(step)
    }

    /// The title in `lang` (English where it is not translated).
    pub fn title_in(&self, lang: &str) -> &str {
        pick(self.translation(lang).map(|t| &t.title), &self.title)
    }

    /// The summary in `lang` (English where it is not translated).
    pub fn summary_in(&self, lang: &str) -> &str {
        pick(self.translation(lang).map(|t| &t.summary), &self.summary)
    }

    /// The source in `lang` (English where it is not translated), if any.
    pub fn source_in(&self, lang: &str) -> Option<&str> {
        let english = self.source.as_deref()?;
        Some(pick(self.translation(lang).map(|t| &t.source), english))
    }

    /// Step `step`'s narration in `lang` (English where it is not
    /// translated; empty if there is no such step).
    pub fn say_in(&self, step: usize, lang: &str) -> &str {
        let english = self.steps.get(step).map_or("", |s| s.say.as_str());
        pick(self.step_translation(step, lang).map(|t| &t.say), english)
    }

    /// Step `step`'s hint in `lang`, if the learner plays it.
    pub fn hint_in(&self, step: usize, lang: &str) -> Option<&str> {
        let english = self.steps.get(step)?.learner.as_ref()?.hint.as_str();
        Some(pick(
            self.step_translation(step, lang).map(|t| &t.hint),
            english,
        ))
    }

    /// Step `step`'s wrong-move message in `lang`, if the learner plays it.
    pub fn wrong_in(&self, step: usize, lang: &str) -> Option<&str> {
        let english = self.steps.get(step)?.learner.as_ref()?.wrong.as_str();
        Some(pick(
            self.step_translation(step, lang).map(|t| &t.wrong),
            english,
        ))
    }

    /// The lesson with its texts in `lang`, English where a field is not
    /// translated (its translations are kept as they are).
    pub fn localized(&self, lang: &str) -> Lesson {
        let mut l = self.clone();
        l.title = self.title_in(lang).to_string();
        l.summary = self.summary_in(lang).to_string();
        l.source = self.source_in(lang).map(str::to_string);
        for (i, step) in l.steps.iter_mut().enumerate() {
            step.say = self.say_in(i, lang).to_string();
            if let Some(learner) = step.learner.as_mut() {
                learner.hint = self.hint_in(i, lang).unwrap_or_default().to_string();
                learner.wrong = self.wrong_in(i, lang).unwrap_or_default().to_string();
            }
        }
        l
    }

    /// Fit the translations to the steps after the steps changed (a lesson
    /// being written): each translation's steps padded or cut to the
    /// lesson's, hints and wrong messages dropped where the learner does
    /// not play, blank texts dropped (so they show in English), and
    /// translations that translate nothing dropped. `parse_lesson` accepts
    /// the result whenever it accepts the lesson without translations
    /// (given language codes it accepts).
    pub fn fit_translations(&mut self) {
        let n = self.steps.len();
        let blank = |t: &mut Option<String>| {
            if t.as_deref().is_some_and(|s| s.trim().is_empty()) {
                *t = None;
            }
        };
        for tr in self.translations.values_mut() {
            blank(&mut tr.title);
            blank(&mut tr.summary);
            blank(&mut tr.source);
            if self.source.is_none() {
                tr.source = None;
            }
            if !tr.steps.is_empty() {
                tr.steps.resize(n, StepTranslation::default());
            }
            for (st, step) in tr.steps.iter_mut().zip(&self.steps) {
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
        self.translations.retain(|_, t| !t.is_empty());
        if !self.translations.is_empty() && self.version < 2 {
            self.version = 2;
        }
    }
}
