//! Rulesets: how a game is set up from options, a map and a seed.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::Game;

/// One problem found in a map, setup, options or record, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// A short, stable name of the rule that was broken (e.g. `too-few-artifacts`).
    pub rule: String,
    /// What is wrong, in plain language.
    pub message: String,
    /// 1-based line in the source text, where there is one.
    pub line: Option<usize>,
    /// 1-based column in the source text, where there is one.
    pub col: Option<usize>,
    /// Whether the problem prevents play (an error) or is advice (a warning).
    pub severity: Severity,
}

/// How serious a [`Problem`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used, but a designer should know.
    Warning,
}

impl Problem {
    /// An error with no location.
    pub fn error(rule: &str, message: impl Into<String>) -> Self {
        Problem {
            rule: rule.into(),
            message: message.into(),
            line: None,
            col: None,
            severity: Severity::Error,
        }
    }

    /// An error at a 1-based line and column.
    pub fn at(rule: &str, line: usize, col: usize, message: impl Into<String>) -> Self {
        Problem {
            line: Some(line),
            col: Some(col),
            ..Problem::error(rule, message)
        }
    }

    /// The same problem, as a warning.
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    /// Whether this problem prevents play.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (Some(l), Some(c)) => write!(f, "{l}:{c}: ")?,
            (Some(l), None) => write!(f, "{l}: ")?,
            _ => {}
        }
        if self.severity == Severity::Warning {
            write!(f, "warning: ")?;
        }
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

/// Most problems listed for one input; past this, the last one says that
/// more follow. A map of 65,000 bad characters then costs a few kilobytes
/// of messages, not megabytes.
pub const MAX_PROBLEMS: usize = 200;

/// Add `problem` to `list` unless [`MAX_PROBLEMS`] are already there; the
/// first one past the limit becomes a note that more follow.
pub fn push_capped(list: &mut Vec<Problem>, problem: Problem) {
    match list.len() {
        n if n < MAX_PROBLEMS => list.push(problem),
        n if n == MAX_PROBLEMS => list.push(Problem {
            rule: "more-problems".into(),
            message: format!(
                "more problems follow (only the first {MAX_PROBLEMS} are listed); fix these first"
            ),
            ..problem
        }),
        _ => {}
    }
}

/// Every problem found in one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Problem::is_error)
    }
    /// `Ok(())` when there are no errors, else `Err(self)`.
    pub fn into_result(self) -> Result<(), Problems> {
        if self.has_errors() { Err(self) } else { Ok(()) }
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

impl From<Problem> for Problems {
    fn from(p: Problem) -> Self {
        Problems(vec![p])
    }
}

/// A ruleset: a [`Game`] that can be set up from options, a map and a seed.
pub trait Ruleset: Game + Sized {
    /// The ruleset's name in records and on the command line (e.g. `star-tigris`).
    const NAME: &'static str;
    /// Options chosen at the start of a game; unknown fields must be rejected.
    type Options: Clone + fmt::Debug + Default + Serialize + DeserializeOwned;

    /// How many seats the ruleset allows.
    fn seat_range() -> RangeInclusive<usize>;

    /// The map used when none is given, as text.
    fn default_map() -> Option<&'static str>;

    /// A new game, or every problem found in the options and map.
    fn new_game(
        options: &Self::Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Result<Self, Problems>;
}
