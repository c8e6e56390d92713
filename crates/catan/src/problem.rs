//! What can be wrong with a board: every rule by its stable name, and the
//! problems found, each with its rule, severity, field and place in the file.

use serde::{Deserialize, Serialize};

/// How serious a [`Problem`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The board cannot be used.
    Error,
    /// The board can be used, but a designer should know.
    Warning,
}

macro_rules! rules {
    ($($(#[$doc:meta])* $v:ident = $name:literal,)*) => {
        /// Every rule a board is checked against. [`Rule::name`] is the
        /// stable name printed in `[brackets]` and documented in
        /// `docs/catan/maps.md`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum Rule {
            $($(#[$doc])* #[serde(rename = $name)] $v,)*
        }

        impl Rule {
            /// Every rule.
            pub const ALL: &'static [Rule] = &[$(Rule::$v,)*];

            /// The rule's stable name (`min-land-fields`, …).
            pub fn name(self) -> &'static str {
                match self {
                    $(Rule::$v => $name,)*
                }
            }
        }
    };
}

rules! {
    /// The text is larger than [`crate::MAX_BOARD_BYTES`].
    TooLarge = "too-large",
    /// More fields than [`crate::MAX_FIELDS`].
    TooManyFields = "too-many-fields",
    /// More problems than [`crate::MAX_PROBLEMS`]: the last one says so.
    TooManyProblems = "too-many-problems",
    /// The file has no field lines.
    NoFields = "no-fields",
    /// A header line is wrong or given twice (`VERSION: 2`, two names).
    BadHeader = "bad-header",
    /// The name, `VERSION` or `OWNER` is missing (warning).
    MissingHeader = "missing-header",
    /// A field line does not have an id, a type, a rotation and a link.
    FieldCount = "field-count",
    /// A field line does not end with `;` (warning).
    MissingSemicolon = "missing-semicolon",
    /// An id that is empty, too long or not only letters and digits.
    BadId = "bad-id",
    /// Two field lines with the same id.
    DuplicateId = "duplicate-id",
    /// A type that is not one of the fifteen.
    UnknownType = "unknown-type",
    /// A rotation that is not a whole number from 0 to 5.
    BadRotation = "bad-rotation",
    /// A rotation other than 0 on a field where it means nothing (warning).
    RotationIgnored = "rotation-ignored",
    /// A link that is not `DIRECTION,ID`.
    BadLink = "bad-link",
    /// A direction that is not N, NE, SE, S, SW or NW.
    UnknownDirection = "unknown-direction",
    /// The direction `NR`, read as NE (warning).
    NrDirection = "nr-direction",
    /// One line lists the same direction twice.
    DuplicateDirection = "duplicate-direction",
    /// A field links to itself.
    SelfLink = "self-link",
    /// A link to an id no line defines.
    LinkToMissing = "link-to-missing",
    /// A links to B, but B does not link back to A.
    UnreturnedLink = "unreturned-link",
    /// A links to B in one direction, B links back in a direction that is not the opposite.
    MismatchedLink = "mismatched-link",
    /// The links would put one field in two places.
    PlacedTwice = "placed-twice",
    /// The links would put two fields in one place.
    SamePlace = "same-place",
    /// A field not linked (both ways) to the first field, so it has no place.
    NotLinked = "not-linked",
    /// Two fields next to each other with no link between them.
    UnlinkedNeighbours = "unlinked-neighbours",
    /// A `# tabula:` line that cannot be read.
    BadTabulaLine = "bad-tabula-line",
    /// A `# tabula:` line this reader does not know (warning).
    UnknownTabulaLine = "unknown-tabula-line",
    /// A fixed number token that is not 2–6 or 8–12, is on a field that
    /// produces nothing, or is given twice.
    BadNumber = "bad-number",
    /// Fewer than 18 land fields.
    MinLandFields = "min-land-fields",
    /// `BARBARIAN_START` or `BARBARIAN_END` missing, or more than one.
    BarbarianFields = "barbarian-fields",
    /// `BARBARIAN_END` is not directly south of `BARBARIAN_START`.
    BarbarianLink = "barbarian-link",
    /// No desert.
    DesertRequired = "desert-required",
    /// A desert next to water, a harbour or a barbarian field.
    DesertBySea = "desert-by-sea",
    /// The most and least common resource fields differ by more than 1.
    ResourceBalance = "resource-balance",
    /// Two harbours next to each other.
    AdjacentHarbours = "adjacent-harbours",
    /// A water or harbour field touching no land.
    SeaTouchesLand = "sea-touches-land",
    /// A land field on the edge of the board (a side with no field).
    LandOnEdge = "land-on-edge",
    /// Land not connected to the rest of the land.
    Islands = "islands",
    /// A harbour whose rotation turns it away from land (warning).
    HarbourFacesNoLand = "harbour-faces-no-land",
    /// Fixed number tokens 6 and 8 (or two of either) on neighbouring fields (warning).
    RedNumbersAdjacent = "red-numbers-adjacent",
    /// Some producing fields have a fixed number and some have none (warning).
    NumbersIncomplete = "numbers-incomplete",
    /// Too few corners for every player's settlements under the distance rule (warning).
    TooFewCorners = "too-few-corners",
}

impl Rule {
    /// Whether a problem of this rule is an error or a warning.
    pub fn severity(self) -> Severity {
        match self {
            Rule::MissingHeader
            | Rule::MissingSemicolon
            | Rule::RotationIgnored
            | Rule::NrDirection
            | Rule::UnknownTabulaLine
            | Rule::HarbourFacesNoLand
            | Rule::RedNumbersAdjacent
            | Rule::NumbersIncomplete
            | Rule::TooFewCorners => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One problem with a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    /// The rule broken.
    pub rule: Rule,
    /// Error or warning: the rule's [`Rule::severity`] (`too-many-problems`
    /// is an error when any problem left out is one).
    pub severity: Severity,
    /// The field concerned, by id, when there is one.
    pub field: Option<String>,
    /// 1-based line in the file, when the board was read from text.
    pub line: Option<usize>,
    /// 1-based column (in characters) in the file.
    pub col: Option<usize>,
    /// What is wrong, in plain English.
    pub message: String,
}

impl Problem {
    /// A problem with the board as a whole.
    pub fn new(rule: Rule, message: impl Into<String>) -> Problem {
        Problem {
            rule,
            severity: rule.severity(),
            field: None,
            line: None,
            col: None,
            message: message.into(),
        }
    }

    /// A problem at a line and column of the text.
    pub fn at(rule: Rule, line: usize, col: usize, message: impl Into<String>) -> Problem {
        Problem {
            line: Some(line),
            col: Some(col),
            ..Problem::new(rule, message)
        }
    }

    /// The same problem, concerning field `id`.
    pub fn field(mut self, id: &str) -> Problem {
        self.field = Some(id.to_string());
        self
    }

    /// Whether the problem prevents play.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl std::fmt::Display for Problem {
    /// `LINE:COL: message [rule]`, `warning: ` before warnings' messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.col) {
            (Some(l), Some(c)) => write!(f, "{l}:{c}: ")?,
            (Some(l), None) => write!(f, "{l}: ")?,
            _ => {}
        }
        if !self.is_error() {
            f.write_str("warning: ")?;
        }
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

/// Whether any of the problems is an error.
pub fn has_errors(problems: &[Problem]) -> bool {
    problems.iter().any(Problem::is_error)
}

/// Sort problems by place in the file (those without a place last, in the
/// order found) and keep at most [`crate::MAX_PROBLEMS`], the last saying
/// that more follow.
pub(crate) fn finish(problems: Vec<Problem>) -> Vec<Problem> {
    let total = problems.len();
    let keep = if total > crate::MAX_PROBLEMS {
        crate::MAX_PROBLEMS - 1
    } else {
        total
    };
    // The first `keep` by place, equal places in the order found: each
    // problem's (line, column, index) put into a short sorted list. (A
    // hostile map may hold thousands of problems; the list stays short,
    // and the page's code carries no general-purpose sort for this.)
    let mut first: Vec<(usize, usize, usize)> = Vec::with_capacity(keep + 1);
    for (i, p) in problems.iter().enumerate() {
        let k = (p.line.unwrap_or(usize::MAX), p.col.unwrap_or(0), i);
        let at = first.partition_point(|f| *f <= k);
        if at < keep {
            first.insert(at, k);
            first.truncate(keep);
        }
    }
    let errors = problems.iter().any(Problem::is_error);
    let mut slots: Vec<Option<Problem>> = problems.into_iter().map(Some).collect();
    let mut problems: Vec<Problem> = first
        .iter()
        .filter_map(|&(_, _, i)| slots[i].take())
        .collect();
    if total > crate::MAX_PROBLEMS {
        let more = total - (crate::MAX_PROBLEMS - 1);
        let mut last = Problem::new(
            Rule::TooManyProblems,
            format!("{more} more problems are not listed"),
        );
        if !errors {
            last.severity = Severity::Warning;
        }
        problems.push(last);
    }
    problems
}
