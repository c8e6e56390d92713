//! Lessons for every ruleset: a starting position written in the
//! ruleset's own form, then steps — narration, places to highlight, an
//! action the page plays or one the learner must make, and named facts
//! that must hold afterwards. One format (`docs/lessons.md`), one checker
//! ([`play_lesson`]), generic over the game contract: a ruleset takes
//! part by implementing [`Teach`] (how it reads a position, a seat, an
//! action and a place, and the facts it can tell), never by a special
//! case here.
//!
//! - [`format`]: the lesson file (JSON) and how it is read.
//! - [`play`]: playing a lesson's steps and checking every fact.

pub mod format;
pub mod play;
pub mod text_places;

pub use format::{
    LESSON_FORMAT, LESSON_VERSION, LearnerMove, Lesson, LessonError, MAX_LESSON_BYTES, Move, Step,
    StepTranslation, Translation, read_lesson, read_lesson_untranslated,
};
pub use play::{StepError, play_lesson, state_before_step};

use crate::{Problems, Ruleset, Seat};

/// A fact a ruleset can tell about a state, by name, for lessons to
/// check (`"points"`, `"robber"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Its name in a lesson's `expect`.
    pub name: &'static str,
    /// What its value means, in plain words (listed when a lesson names
    /// an unknown fact, and in `docs/lessons.md`).
    pub meaning: &'static str,
}

/// What a ruleset provides so that lessons can be written for it.
pub trait Teach: Ruleset {
    /// The state a position written in the ruleset's own form describes
    /// (Star Tigris set-up lines, a Catan position, a Vector position, a
    /// Domains setup), or every problem found in it.
    fn read_position(text: &str) -> Result<Self, Problems>;

    /// The seat a lesson names (`"1"`, `"E"`, …), as the ruleset's own
    /// written forms name seats.
    fn read_seat(&self, word: &str) -> Option<Seat>;

    /// An action in the ruleset's own words (as `tabula apply` reads
    /// them), or why it cannot be read.
    fn read_action(&self, words: &str) -> Result<Self::Action, String>;

    /// Whether `place` names a place of this state (a highlight), or why
    /// not.
    fn read_place(&self, place: &str) -> Result<(), String>;

    /// Every fact the ruleset can tell.
    fn facts() -> &'static [Fact];

    /// The value of the fact `name` now, or `None` when the ruleset has
    /// no such fact.
    fn fact(&self, name: &str) -> Option<serde_json::Value>;

    /// Check the fact `name` against what a lesson says (`want`): `None`
    /// when the ruleset has no such fact, else `Ok` or what differs in
    /// plain words. By default [`Teach::fact`] compared with `want` (an
    /// object `want` checks only the keys it lists); a ruleset whose
    /// facts are relations (two cells in one region) checks them itself.
    fn check_fact(&self, name: &str, want: &serde_json::Value) -> Option<Result<(), String>> {
        let got = self.fact(name)?;
        Some(match play::differs(want, &got, name) {
            Some(d) => Err(d),
            None => Ok(()),
        })
    }
}
