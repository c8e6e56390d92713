//! The lesson file: JSON, described in `docs/lessons.md`.
//!
//! ```json
//! { "format": "tabula-lesson", "version": 3, "ruleset": "vector",
//!   "title": "…", "summary": "…",
//!   "position": ["vector 5 10", "round 0"],
//!   "steps": [ { "say": "…", "highlight": ["5 10"],
//!                "learner": { "seat": "N", "action": "DIRECTION: E",
//!                             "hint": "…", "wrong": "…" },
//!                "expect": { "vector": [5, 12] } } ],
//!   "translations": { "de": { "title": "…", "steps": [ { "say": "…" } ] } } }
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The value of [`Lesson::format`].
pub const LESSON_FORMAT: &str = "tabula-lesson";
/// The version of the format for every ruleset (versions 1 and 2 were
/// Star Tigris's own, without `ruleset`).
pub const LESSON_VERSION: u32 = 3;
/// Largest lesson file accepted, in bytes.
pub const MAX_LESSON_BYTES: usize = 256 * 1024;
/// Most steps in a lesson.
pub const MAX_STEPS: usize = 500;
/// Longest narration, hint or message, in characters.
pub const MAX_TEXT_CHARS: usize = 4000;
/// The languages every lesson is written in besides English.
pub const LANGUAGES: [&str; 1] = ["de"];

/// A lesson: a position and the steps played from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Always `"tabula-lesson"`.
    pub format: String,
    /// [`LESSON_VERSION`].
    pub version: u32,
    /// The ruleset's name, as in records (`catan`, `vector`, `domains`,
    /// `star-tigris`).
    pub ruleset: String,
    /// The title, shown in the list of lessons.
    pub title: String,
    /// One or two sentences on what the lesson teaches.
    pub summary: String,
    /// Where the lesson comes from (a rulebook example, a seed), if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The starting position in the ruleset's own written form; in JSON
    /// one string or an array of lines (written as lines).
    #[serde(with = "lines")]
    pub position: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The texts in other languages, by language code (`"de"`); the texts
    /// above are English.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, Translation>,
}

/// One step: narration, highlights, at most one action, and the facts
/// that hold after it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The narration.
    pub say: String,
    /// Places to highlight, in the ruleset's place names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlight: Vec<String>,
    /// An action the page plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<Move>,
    /// An action the learner must make (a step has at most one of `play`
    /// and `learner`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learner: Option<LearnerMove>,
    /// Facts after the step's action (or at the step, without one), by
    /// name; an object value checks only the keys it lists.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub expect: BTreeMap<String, serde_json::Value>,
}

/// An action the page plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The seat acting, as the ruleset names seats.
    pub seat: String,
    /// The action in the ruleset's words.
    pub action: String,
}

/// An action the learner must make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnerMove {
    /// The seat the learner plays.
    pub seat: String,
    /// The expected action in the ruleset's words.
    pub action: String,
    /// A hint, shown on request or after a wrong try.
    pub hint: String,
    /// Shown when the learner tries something else.
    pub wrong: String,
}

/// A lesson's texts in one language; a field left out is shown in English.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// The title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// The source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// One entry per step, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepTranslation>,
}

/// One step's texts in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepTranslation {
    /// The narration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub say: Option<String>,
    /// The learner's hint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The learner's wrong-move message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrong: Option<String>,
}

impl StepTranslation {
    /// Whether the entry translates nothing.
    pub fn is_empty(&self) -> bool {
        self.say.is_none() && self.hint.is_none() && self.wrong.is_none()
    }
}

impl Translation {
    /// Whether the translation translates nothing.
    pub fn is_empty(&self) -> bool {
        self.title.is_none()
            && self.summary.is_none()
            && self.source.is_none()
            && self.steps.iter().all(StepTranslation::is_empty)
    }
}

/// Why a lesson file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LessonError {
    /// Over [`MAX_LESSON_BYTES`].
    #[error("the lesson is {0} bytes; at most {MAX_LESSON_BYTES} are accepted")]
    TooLarge(usize),
    /// Not JSON of the lesson's shape.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// Something the shape allows but a lesson may not be.
    #[error("{0}")]
    Invalid(String),
}

/// Read a lesson file and check what can be checked without its ruleset:
/// the format and version, the limits, one action at most a step, and
/// that every language of [`LANGUAGES`] translates every text.
pub fn read_lesson(text: &str) -> Result<Lesson, LessonError> {
    let lesson = read_lesson_untranslated(text)?;
    for lang in LANGUAGES {
        let Some(tr) = lesson.translations.get(lang) else {
            return Err(LessonError::Invalid(format!(
                "the lesson has no \"{lang}\" translation"
            )));
        };
        missing(&lesson, tr)
            .map_err(|m| LessonError::Invalid(format!("translation \"{lang}\": {m}")))?;
    }
    Ok(lesson)
}

/// Read a lesson as [`read_lesson`] does, but without asking for every
/// text in every language: a teacher's own lesson, written in one
/// language, is taught in the pages (a text not translated shows in the
/// lesson's own); shipped lessons are read with [`read_lesson`].
pub fn read_lesson_untranslated(text: &str) -> Result<Lesson, LessonError> {
    if text.len() > MAX_LESSON_BYTES {
        return Err(LessonError::TooLarge(text.len()));
    }
    let lesson: Lesson =
        crate::plain::from_str(text).map_err(|(line, column, message)| LessonError::Json {
            line,
            column,
            message,
        })?;
    let bad = |m: String| Err(LessonError::Invalid(m));
    if lesson.format != LESSON_FORMAT {
        return bad(format!(
            "this is not a Tabula lesson (format is {:?}, expected {LESSON_FORMAT:?})",
            lesson.format
        ));
    }
    if lesson.version != LESSON_VERSION {
        return bad(format!(
            "lesson format version {} is not read here (this version reads {LESSON_VERSION})",
            lesson.version
        ));
    }
    if lesson.steps.is_empty() || lesson.steps.len() > MAX_STEPS {
        return bad(format!(
            "a lesson has 1 to {MAX_STEPS} steps; this one has {}",
            lesson.steps.len()
        ));
    }
    let long = |t: &str| t.chars().count() > MAX_TEXT_CHARS;
    for (k, s) in lesson.steps.iter().enumerate() {
        let n = k + 1;
        if s.play.is_some() && s.learner.is_some() {
            return bad(format!(
                "step {n}: a step has a \"play\" or a \"learner\" action, not both"
            ));
        }
        let texts = [
            Some(&s.say),
            s.learner.as_ref().map(|l| &l.hint),
            s.learner.as_ref().map(|l| &l.wrong),
        ];
        if texts.into_iter().flatten().any(|t| long(t)) {
            return bad(format!(
                "step {n}: a text is over {MAX_TEXT_CHARS} characters"
            ));
        }
        if s.say.trim().is_empty() {
            return bad(format!("step {n}: \"say\" is empty"));
        }
    }
    Ok(lesson)
}

/// The first text `tr` leaves untranslated.
fn missing(lesson: &Lesson, tr: &Translation) -> Result<(), String> {
    if tr.title.is_none() {
        return Err("the title is not translated".into());
    }
    if tr.summary.is_none() {
        return Err("the summary is not translated".into());
    }
    if lesson.source.is_some() != tr.source.is_some() {
        return Err("the source is not translated (or there is none to translate)".into());
    }
    if tr.steps.len() != lesson.steps.len() {
        return Err(format!(
            "it has {} steps; the lesson has {}",
            tr.steps.len(),
            lesson.steps.len()
        ));
    }
    for (k, (s, t)) in lesson.steps.iter().zip(&tr.steps).enumerate() {
        let n = k + 1;
        if t.say.is_none() {
            return Err(format!("step {n}: \"say\" is not translated"));
        }
        if s.learner.is_some() && (t.hint.is_none() || t.wrong.is_none()) {
            return Err(format!(
                "step {n}: the hint and the wrong-move message are translated too"
            ));
        }
        if s.learner.is_none() && (t.hint.is_some() || t.wrong.is_some()) {
            return Err(format!(
                "step {n}: there is no learner's move to give a hint for"
            ));
        }
    }
    Ok(())
}

/// A text in JSON as one string or an array of lines, written as lines.
mod lines {
    use serde::{Deserialize, Deserializer, Serializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Text {
        One(String),
        Lines(Vec<String>),
    }

    pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(text.lines())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        match Text::deserialize(d) {
            Ok(Text::One(s)) => Ok(s),
            Ok(Text::Lines(v)) => Ok(v.join("\n") + "\n"),
            Err(_) => Err(serde::de::Error::custom(
                "the position must be a string or an array of lines (strings)",
            )),
        }
    }
}
