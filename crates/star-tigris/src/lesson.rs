//! Lessons: a starting position and steps that teach the rules one action
//! at a time. Each step has narration, cells to highlight, an action the app
//! plays or one the learner must make, and expectations about the state
//! after it (strengths, scores, cells…) that [`play_lesson`] checks, so a
//! lesson whose narration states a number is verified to reach it.
//!
//! The format (JSON) is described in `docs/star-tigris/lesson-format.md`;
//! the shipped lessons are in `lessons/star-tigris/`. A lesson's texts are
//! English; its `translations` carry them in other languages (see
//! [`Translation`], [`Lesson::title_in`], [`Lesson::say_in`]).
//!
//! Players are counted from 1 everywhere in a lesson file (as in setup
//! files); seats returned by [`step_action`] count from 0 (as in the engine).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_engine::{Problems, ToMove};

use crate::action::Action;
use crate::error::RuleError;
use crate::events::Event;
use crate::kind::{Kind, total};
use crate::pos::Pos;
use crate::regions::Regions;
use crate::setup::parse_setup;
use crate::state::{Content, MAX_PLAYERS, Phase, StarTigris};

mod translation;
pub use translation::{StepTranslation, Translation, Translations, is_language_code};

/// The value of [`Lesson::format`].
pub const LESSON_FORMAT: &str = "tabula-lesson";
/// The lesson format version this crate writes (version 2 adds
/// `translations`).
pub const LESSON_VERSION: u32 = 2;
/// The oldest lesson format version this crate reads.
pub const OLDEST_LESSON_VERSION: u32 = 1;
/// Largest lesson file accepted, in bytes.
pub const MAX_LESSON_BYTES: usize = 256 * 1024;
/// Most steps in a lesson.
pub const MAX_STEPS: usize = 500;
/// Longest narration, hint or message, in characters.
pub const MAX_TEXT_CHARS: usize = 4000;

/// A lesson: a position (setup text) and the steps played from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Always `"tabula-lesson"`.
    pub format: String,
    /// 1 or 2 ([`LESSON_VERSION`]); translations need 2.
    pub version: u32,
    /// The lesson's title, shown in the list of lessons.
    pub title: String,
    /// One or two sentences on what the lesson teaches.
    pub summary: String,
    /// Where the lesson comes from (e.g. a rulebook example), if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The starting position, in the setup format
    /// (`docs/star-tigris/setup-format.md`). In JSON either one string or
    /// an array of lines (written as an array of lines).
    #[serde(with = "setup_lines")]
    pub setup: String,
    /// The steps, in order.
    pub steps: Vec<LessonStep>,
    /// The lesson's texts in other languages, by language code (`"de"`);
    /// the texts above are English.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: Translations,
}

/// The setup text in JSON: read from a string or an array of lines,
/// written as an array of lines (easier to read and to edit by hand).
mod setup_lines {
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
                "the setup must be a string or an array of lines (strings)",
            )),
        }
    }
}

/// One step of a lesson: narration, highlights, at most one action, and
/// what the state must be after the action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonStep {
    /// The narration shown beside the board.
    pub say: String,
    /// Cells to highlight (e.g. the colonies counted in a strength).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlight: Vec<Pos>,
    /// An action the app plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<LessonAction>,
    /// An action the learner must make (a step has at most one of `play`
    /// and `learner`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learner: Option<LearnerAction>,
    /// What the state must be after the step's action (or, for a step
    /// without an action, at the step).
    #[serde(default, skip_serializing_if = "Expectations::is_empty")]
    pub expect: Expectations,
}

/// An action the app plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonAction {
    /// The player acting, from 1 as in setup files.
    pub player: u8,
    /// The action text (`place settler C2`, `colonize mining D2`, `commit 3`).
    pub action: String,
}

/// An action the learner must make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnerAction {
    /// The player the learner plays, from 1.
    pub player: u8,
    /// The expected action, as action text.
    pub action: String,
    /// A hint shown on request or after a wrong try.
    pub hint: String,
    /// Shown when the learner tries something else.
    pub wrong: String,
}

/// What the state must be after a step. Every field is optional; an absent
/// (or empty) field is not checked. Players are counted from 1; arrays of
/// four are by kind: settler (people), scientist (technology), merchant
/// (money), mining (raw materials).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Expectations {
    /// Attacker and defender strengths of the conflict being fought: base
    /// strength plus the reinforcements committed so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strengths: Option<(u32, u32)>,
    /// The attacking player of the conflict being fought.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker: Option<u8>,
    /// The defending player of the conflict being fought.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender: Option<u8>,
    /// The conflict being fought: `"internal KIND"` or `"external KIND"`
    /// (e.g. `"internal merchant"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
    /// Points by kind of each listed player (artifacts not included).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub scores: BTreeMap<u8, [u16; 4]>,
    /// The final score (the weakest kind once artifacts are added to the
    /// weakest kinds) of each listed player, as if the game ended now.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub final_score: BTreeMap<u8, u16>,
    /// The players who share first place; the game must be over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<u8>>,
    /// Cells and what stands on them, as setup-format tokens (`.`, `M`,
    /// `X`, `A`, `p`, `t*`, `M1`…).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub cells: BTreeMap<Pos, String>,
    /// Artifacts each listed player holds.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub artifacts: BTreeMap<u8, u8>,
    /// Artifacts still on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifacts_on_board: Option<usize>,
    /// Hands by kind of each listed player.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub hands: BTreeMap<u8, [u8; 4]>,
    /// Number of colonists in each listed player's hand.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub hand_sizes: BTreeMap<u8, u8>,
    /// Bombers each listed player has left.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub bombers: BTreeMap<u8, u8>,
    /// The phase: `order`, `conflict`, `choose-conflict`, `choose-artifact`
    /// or `over` (see [`phase_name`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// The player whose turn it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active: Option<u8>,
    /// The player who must act next.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<u8>,
    /// Which order of the turn is next: 1 or 2 (in the order phase).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<u8>,
    /// Pairs of cells that must be in one region.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub same_region: Vec<[Pos; 2]>,
    /// Pairs of cells that must not be in one region (or not in any).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub different_regions: Vec<[Pos; 2]>,
    /// Actions (as text) the player to move may make now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<String>,
    /// Actions (as text) the rules refuse now, for the player to move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<String>,
}

impl Expectations {
    /// Whether nothing is expected.
    pub fn is_empty(&self) -> bool {
        *self == Expectations::default()
    }
}

/// A problem with a lesson: where (the step, if one) and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonError {
    /// The step, as an index into [`Lesson::steps`] (from 0); shown counted
    /// from 1 ("step 1" is the first step).
    pub step: Option<usize>,
    /// What is wrong, in plain words.
    pub message: String,
    /// What kind of problem it is, as a value: what a page needs to say
    /// it in its own words (`message` says it in English).
    #[serde(skip)]
    pub fault: LessonFault,
}

/// What kind of problem a lesson has (see [`LessonError::fault`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LessonFault {
    /// The file is larger than [`MAX_LESSON_BYTES`]: its size.
    TooLarge(usize),
    /// The file is not JSON of a lesson's shape, from a 1-based line and
    /// column on.
    Json {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
    },
    /// The lesson is not written as a lesson should be (its format,
    /// version, texts, translations, players, actions, cells): how many
    /// problems.
    Structure(usize),
    /// The setup does not read.
    Setup(Problems),
    /// The step does not exist.
    NoStep,
    /// The step has an action the app plays and one the learner makes.
    BothActions,
    /// The step's player is not a player (from 1).
    NoPlayer(u8),
    /// The step's action does not read: its text.
    Unreadable(String),
    /// Another player must act (players from 1).
    NotYourMove {
        /// The step's player.
        player: u8,
        /// The player who must act.
        to_move: u8,
        /// The action.
        action: Action,
    },
    /// The game is over.
    Over(Action),
    /// No player may act now.
    NobodyActs,
    /// The rules refuse the action.
    Refused {
        /// The action.
        action: Action,
        /// Why.
        why: RuleError,
    },
    /// A draw after the action failed.
    DrawFailed(RuleError),
    /// The position after the step is not what it expects: how many
    /// differences.
    Expectations(usize),
    /// Anything else.
    #[default]
    Other,
}

impl LessonError {
    fn new(step: Option<usize>, message: impl Into<String>) -> Self {
        LessonError {
            step,
            message: message.into(),
            fault: LessonFault::Other,
        }
    }

    fn of(mut self, fault: LessonFault) -> Self {
        self.fault = fault;
        self
    }
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(s) => write!(f, "step {}: {}", s + 1, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LessonError {}

/// Read a lesson from JSON and check its structure: the format and version,
/// non-empty texts, at most one action per step, readable action texts,
/// player numbers, cell tokens and the setup. JSON errors name the line and
/// column; other problems are all listed, each with its step.
pub fn parse_lesson(text: &str) -> Result<Lesson, LessonError> {
    if text.len() > MAX_LESSON_BYTES {
        return Err(LessonError::new(
            None,
            format!(
                "the lesson is {} bytes; at most {MAX_LESSON_BYTES} are accepted",
                text.len()
            ),
        )
        .of(LessonFault::TooLarge(text.len())));
    }
    let lesson: Lesson = read_any_version(text).map_err(|e| {
        let full = e.to_string();
        let what = match full.rfind(" at line ") {
            Some(i) => &full[..i],
            None => &full,
        };
        // A version 3 lesson's shape is checked after reading: no line.
        let message = if e.line() == 0 {
            what.to_string()
        } else {
            format!("line {}, column {}: {what}", e.line(), e.column())
        };
        LessonError::new(None, message).of(LessonFault::Json {
            line: e.line(),
            column: e.column(),
        })
    })?;
    let problems = lesson_problems(&lesson);
    let fault = match (problems.len(), parse_setup(&lesson.setup)) {
        (1, Err(setup)) => LessonFault::Setup(setup),
        (n, _) => LessonFault::Structure(n),
    };
    match problems.len() {
        0 => Ok(lesson),
        1 => {
            let (step, message) = problems.into_iter().next().unwrap_or_default();
            Err(LessonError::new(step, message).of(fault))
        }
        _ => Err(LessonError::new(
            None,
            problems
                .iter()
                .map(|(s, m)| match s {
                    Some(s) => format!("step {}: {m}", s + 1),
                    None => m.clone(),
                })
                .collect::<Vec<_>>()
                .join("\n"),
        )
        .of(fault)),
    }
}

impl Lesson {
    /// The lesson in the format for every ruleset (version 3,
    /// `docs/lessons.md`): its setup as `position`, each step's player as
    /// `seat`, `"ruleset": "star-tigris"`; what the lesson writer saves.
    pub fn to_common_json(&self) -> String {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            let mut out = serde_json::Map::new();
            for (k, x) in std::mem::take(o) {
                match k.as_str() {
                    "version" => {
                        out.insert("version".into(), 3.into());
                        out.insert("ruleset".into(), "star-tigris".into());
                    }
                    "setup" => {
                        out.insert("position".into(), x);
                    }
                    _ => {
                        out.insert(k, x);
                    }
                }
            }
            if let Some(steps) = out.get_mut("steps").and_then(|s| s.as_array_mut()) {
                for step in steps {
                    for key in ["play", "learner"] {
                        if let Some(a) = step.get_mut(key).and_then(|a| a.as_object_mut())
                            && let Some(p) = a.remove("player")
                        {
                            a.insert("seat".into(), p.to_string().into());
                        }
                    }
                }
            }
            *o = out;
        }
        serde_json::to_string_pretty(&v).unwrap_or_default()
    }
}

/// Read a lesson of any version: versions 1 and 2 as they are; version 3
/// (the format for every ruleset, `tabula_engine::lesson`, `docs/lessons.md`)
/// turned into this crate's shape — its `position` is the setup, each
/// step's `seat` its player — so that every page and check reads both.
fn read_any_version(text: &str) -> Result<Lesson, serde_json::Error> {
    use serde::de::Error as _;
    let mut v: serde_json::Value = serde_json::from_str(text)?;
    if v.get("version").and_then(|x| x.as_u64()) != Some(3) {
        // Read from the text, so that every error names its line.
        return serde_json::from_str(text);
    }
    let Some(o) = v.as_object_mut() else {
        return serde_json::from_value(v);
    };
    match o.remove("ruleset") {
        Some(serde_json::Value::String(r)) if r == "star-tigris" => {}
        _ => {
            return Err(serde_json::Error::custom(
                "this lesson is not for Star Tigris (its \"ruleset\" is not \"star-tigris\")",
            ));
        }
    }
    if let Some(p) = o.remove("position") {
        o.insert("setup".into(), p);
    }
    o.insert("version".into(), LESSON_VERSION.into());
    if let Some(steps) = o.get_mut("steps").and_then(|s| s.as_array_mut()) {
        for (k, step) in steps.iter_mut().enumerate() {
            for key in ["play", "learner"] {
                let Some(a) = step.get_mut(key).and_then(|a| a.as_object_mut()) else {
                    continue;
                };
                if let Some(seat) = a.remove("seat") {
                    let n = seat.as_str().and_then(|w| w.trim().parse::<u8>().ok()).ok_or_else(|| {
                        serde_json::Error::custom(format!(
                            "step {}: the seat {seat} is not a player number (players count from 1)",
                            k + 1
                        ))
                    })?;
                    a.insert("player".into(), n.into());
                }
            }
        }
    }
    serde_json::from_value(v)
}

/// Every structural problem of a lesson, with its step.
fn lesson_problems(lesson: &Lesson) -> Vec<(Option<usize>, String)> {
    let mut out: Vec<(Option<usize>, String)> = Vec::new();
    if lesson.format != LESSON_FORMAT {
        out.push((
            None,
            format!(
                "format is {:?}; a lesson says \"{LESSON_FORMAT}\"",
                lesson.format
            ),
        ));
    }
    if !(OLDEST_LESSON_VERSION..=LESSON_VERSION).contains(&lesson.version) {
        out.push((
            None,
            format!(
                "version {} is not known (this program reads versions {OLDEST_LESSON_VERSION} to {LESSON_VERSION})",
                lesson.version
            ),
        ));
    }
    let mut text = |step: Option<usize>, what: &str, s: &str| {
        if s.trim().is_empty() {
            out.push((step, format!("the {what} is empty")));
        } else if s.chars().count() > MAX_TEXT_CHARS {
            out.push((
                step,
                format!("the {what} is longer than {MAX_TEXT_CHARS} characters"),
            ));
        }
    };
    text(None, "title", &lesson.title);
    text(None, "summary", &lesson.summary);
    for (i, step) in lesson.steps.iter().enumerate() {
        text(Some(i), "narration (say)", &step.say);
        if let Some(l) = &step.learner {
            text(Some(i), "learner's hint", &l.hint);
            text(Some(i), "learner's wrong message", &l.wrong);
        }
    }
    out.extend(translation::translation_problems(lesson));
    if lesson.steps.is_empty() {
        out.push((None, "the lesson has no steps".into()));
    }
    if lesson.steps.len() > MAX_STEPS {
        out.push((
            None,
            format!(
                "the lesson has {} steps; at most {MAX_STEPS}",
                lesson.steps.len()
            ),
        ));
    }
    let game = match parse_setup(&lesson.setup) {
        Ok(g) => Some(g),
        Err(problems) => {
            out.push((
                None,
                format!(
                    "the setup has problems (lines counted from the setup's first line):\n{problems}"
                ),
            ));
            None
        }
    };
    let players = game.as_ref().map_or(MAX_PLAYERS, |g| g.players());
    let player_ok = |p: u8| (1..=players).contains(&(p as usize));
    for (i, step) in lesson.steps.iter().enumerate() {
        let s = Some(i);
        if step.play.is_some() && step.learner.is_some() {
            out.push((
                s,
                "a step has either an action the app plays or one the learner makes, not both"
                    .into(),
            ));
        }
        let actions = step
            .play
            .iter()
            .map(|a| (a.player, &a.action))
            .chain(step.learner.iter().map(|a| (a.player, &a.action)));
        for (p, a) in actions {
            if !player_ok(p) {
                out.push((s, format!("player {p} is not one of the {players} players")));
            }
            if let Err(e) = a.parse::<Action>() {
                out.push((s, format!("cannot read the action {a:?}: {e}")));
            }
        }
        let e = &step.expect;
        let mut listed: Vec<u8> = Vec::new();
        listed.extend(e.scores.keys());
        listed.extend(e.final_score.keys());
        listed.extend(e.artifacts.keys());
        listed.extend(e.hands.keys());
        listed.extend(e.hand_sizes.keys());
        listed.extend(e.bombers.keys());
        listed.extend(e.winners.iter().flatten());
        listed.extend(e.attacker.iter().chain(&e.defender).chain(&e.active));
        listed.extend(e.to_move.iter());
        listed.sort_unstable();
        listed.dedup();
        for p in listed {
            if !player_ok(p) {
                out.push((
                    s,
                    format!("the expectations name player {p}, not one of the {players} players"),
                ));
            }
        }
        for (pos, token) in &e.cells {
            if let Err(m) = normal_token(token) {
                out.push((s, format!("expected cell {pos}: {m}")));
            }
        }
        if let Some(ph) = &e.phase
            && !PHASES.contains(&ph.as_str())
        {
            out.push((s, format!("{ph:?} is not a phase ({})", PHASES.join(", "))));
        }
        if let Some(c) = &e.conflict
            && parse_conflict(c).is_none()
        {
            out.push((
                s,
                format!("{c:?} is not a conflict (write \"internal KIND\" or \"external KIND\")"),
            ));
        }
        if let Some(o) = e.order
            && !(1..=2).contains(&o)
        {
            out.push((s, format!("order {o}: an order is 1 or 2")));
        }
        for a in e.allowed.iter().chain(&e.refused) {
            if let Err(m) = a.parse::<Action>() {
                out.push((s, format!("cannot read the action {a:?}: {m}")));
            }
        }
        if let Some(g) = &game {
            let cells = step
                .highlight
                .iter()
                .chain(e.cells.keys())
                .chain(e.same_region.iter().flatten())
                .chain(e.different_regions.iter().flatten());
            for pos in cells {
                if g.index(*pos).is_none() {
                    out.push((
                        s,
                        format!("{pos} is not on the {}×{} board", g.width(), g.height()),
                    ));
                }
            }
        }
    }
    out
}

/// The phase names used by [`Expectations::phase`].
pub const PHASES: [&str; 10] = [
    "order",
    "conflict",
    "choose-conflict",
    "choose-artifact",
    "swap-draw",
    "refill",
    "over",
    "submit",
    "execute",
    "combat",
];

/// The name of a game's phase, as in [`Expectations::phase`].
pub fn phase_name(game: &StarTigris) -> &'static str {
    match game.phase() {
        Phase::Order => "order",
        Phase::Conflict(_) => "conflict",
        Phase::ChooseConflict { .. } => "choose-conflict",
        Phase::ChooseArtifact { .. } => "choose-artifact",
        Phase::SwapDraw { .. } => "swap-draw",
        Phase::Refill => "refill",
        Phase::Over(_) => "over",
        Phase::Submit => "submit",
        Phase::Execute { .. } => "execute",
        Phase::Combat(_) => "combat",
    }
}

fn parse_conflict(text: &str) -> Option<(bool, Kind)> {
    let mut words = text.split_whitespace();
    let external = match words.next()? {
        "internal" => false,
        "external" => true,
        _ => return None,
    };
    let kind: Kind = words.next()?.parse().ok()?;
    words.next().is_none().then_some((external, kind))
}

/// A cell token in its usual spelling (`t*` is written `A`), or why it is
/// not one.
fn normal_token(token: &str) -> Result<String, String> {
    let t = token.trim();
    let ok = match t {
        "." | "M" | "X" | "XM" | "A" => true,
        "t*" => return Ok("A".into()),
        _ => {
            let mut chars = t.chars();
            match (chars.next(), chars.as_str()) {
                (Some(c), rest) if "ptmr".contains(c) => rest.is_empty() || rest == "*",
                (Some(c), rest) if "PTMR".contains(c) => {
                    matches!(rest, "1" | "2" | "3" | "4")
                }
                _ => false,
            }
        }
    };
    if ok {
        Ok(t.to_string())
    } else {
        Err(format!(
            "{token:?} is not a cell token (., M, X, XM, A, p t m r with an optional *, or a leader like M1)"
        ))
    }
}

/// The setup-format token of cell `i`: `.`, `M`, `X`, `XM`, `A` (a
/// scientist colony with an artifact), `p`/`t`/`m`/`r` (a colony, with `*`
/// if it holds an artifact) or a leader such as `M1`.
pub fn cell_token(game: &StarTigris, i: usize) -> String {
    let c = game.cell(i);
    if c.is_destroyed() {
        return if c.is_uninhabitable() { "XM" } else { "X" }.into();
    }
    match c.content() {
        Content::Empty => if c.is_uninhabitable() { "M" } else { "." }.into(),
        Content::Colony(Kind::Scientist) if c.has_artifact() => "A".into(),
        Content::Colony(k) => {
            let mut s = k.letter().to_string();
            if c.has_artifact() {
                s.push('*');
            }
            s
        }
        Content::Leader(p, k) => format!("{}{}", k.letter().to_ascii_uppercase(), p + 1),
    }
}

/// The state at the start of a lesson: its setup, read.
pub fn lesson_start(lesson: &Lesson) -> Result<StarTigris, LessonError> {
    parse_setup(&lesson.setup).map_err(|problems| {
        LessonError::new(
            None,
            format!(
                "the setup has problems (lines counted from the setup's first line):\n{problems}"
            ),
        )
        .of(LessonFault::Setup(problems))
    })
}

/// The action of step `step`, if it has one: the seat acting (from 0), the
/// action, and whether the learner must make it (else the app plays it).
pub fn step_action(
    lesson: &Lesson,
    step: usize,
) -> Result<Option<(u8, Action, bool)>, LessonError> {
    let s = lesson.steps.get(step).ok_or_else(|| {
        LessonError::new(
            None,
            format!(
                "there is no step {} (the lesson has {})",
                step + 1,
                lesson.steps.len()
            ),
        )
        .of(LessonFault::NoStep)
    })?;
    let (player, text, learner) = match (&s.play, &s.learner) {
        (Some(_), Some(_)) => {
            return Err(LessonError::new(
                Some(step),
                "a step has either an action the app plays or one the learner makes, not both",
            )
            .of(LessonFault::BothActions));
        }
        (Some(a), None) => (a.player, &a.action, false),
        (None, Some(a)) => (a.player, &a.action, true),
        (None, None) => return Ok(None),
    };
    if !(1..=MAX_PLAYERS as u8).contains(&player) {
        return Err(LessonError::new(
            Some(step),
            format!("player {player} is not a player (players count from 1)"),
        )
        .of(LessonFault::NoPlayer(player)));
    }
    let action: Action = text.parse().map_err(|e| {
        LessonError::new(Some(step), format!("cannot read the action {text:?}: {e}"))
            .of(LessonFault::Unreadable(text.clone()))
    })?;
    Ok(Some((player - 1, action, learner)))
}

/// Whether `action` by `seat` (from 0) is what the learner step `step`
/// asks for: `Ok(())`, or the step's `wrong` message (with its hint).
/// A step that is not a learner step accepts nothing.
pub fn learner_check(
    lesson: &Lesson,
    step: usize,
    seat: u8,
    action: &Action,
) -> Result<(), String> {
    let Some(learner) = lesson.steps.get(step).and_then(|s| s.learner.as_ref()) else {
        return Err("this step is not the learner's".into());
    };
    match step_action(lesson, step) {
        Ok(Some((s, a, true))) if s == seat && a == *action => Ok(()),
        _ => Err(learner.wrong.clone()),
    }
}

/// Apply step `step` to `game` (the state after the previous step): its
/// action, if any, through the checked path, then every chance event
/// (draws) it leads to; then check the step's expectations. Returns the
/// events the action produced.
pub fn play_step(
    lesson: &Lesson,
    step: usize,
    game: &mut StarTigris,
) -> Result<Vec<Event>, LessonError> {
    let mut events = Vec::new();
    if let Some((seat, action, _)) = step_action(lesson, step)? {
        let err = |m: String, fault: LessonFault| LessonError::new(Some(step), m).of(fault);
        let deciding = match game.whose_move() {
            // Seats deciding at once (the simultaneous variant): the
            // step's player must be one of them.
            ToMove::Simultaneous(set) if set.contains(seat) => ToMove::Seat(seat),
            ToMove::Simultaneous(set) => ToMove::Seat(set.iter().next().unwrap_or(seat)),
            other => other,
        };
        match deciding {
            ToMove::Seat(s) if s == seat => {}
            ToMove::Seat(s) => {
                return Err(err(
                    format!(
                        "player {} cannot play \"{action}\" now: player {} must act",
                        seat + 1,
                        s + 1
                    ),
                    LessonFault::NotYourMove {
                        player: seat + 1,
                        to_move: s + 1,
                        action,
                    },
                ));
            }
            ToMove::Over => {
                return Err(err(
                    format!("the game is over; \"{action}\" cannot be played"),
                    LessonFault::Over(action),
                ));
            }
            other => {
                return Err(err(
                    format!("no player may act now ({other:?})"),
                    LessonFault::NobodyActs,
                ));
            }
        }
        game.apply_logged(seat, &action, &mut events).map_err(|e| {
            err(
                format!("\"{action}\" is refused: {e}"),
                LessonFault::Refused {
                    action,
                    why: e.clone(),
                },
            )
        })?;
        while game.whose_move() == ToMove::Chance {
            game.chance_logged(&mut events).map_err(|e| {
                err(
                    format!("a draw after \"{action}\" failed: {e}"),
                    LessonFault::DrawFailed(e.clone()),
                )
            })?;
        }
    }
    check_expectations(game, &lesson.steps[step].expect).map_err(|diffs| {
        LessonError::new(Some(step), diffs.join("; ")).of(LessonFault::Expectations(diffs.len()))
    })?;
    Ok(events)
}

/// Play a whole lesson: `states[0]` is the start, `states[i + 1]` the state
/// after step `i`. Every action goes through the checked path, draws are
/// made, and every step's expectations are checked; the first problem is
/// returned with its step.
pub fn play_lesson(lesson: &Lesson) -> Result<Vec<StarTigris>, LessonError> {
    let mut game = lesson_start(lesson)?;
    let mut states = Vec::with_capacity(lesson.steps.len() + 1);
    states.push(game.clone());
    for step in 0..lesson.steps.len() {
        play_step(lesson, step, &mut game)?;
        states.push(game.clone());
    }
    Ok(states)
}

/// Check a state against expectations: `Ok`, or every difference in plain
/// words ("attacker strength is 3, the lesson says 2").
pub fn check_expectations(game: &StarTigris, expect: &Expectations) -> Result<(), Vec<String>> {
    let mut out = Vec::new();
    let players = game.players();
    let seat = |p: u8| -> Option<u8> { (1..=players).contains(&(p as usize)).then(|| p - 1) };
    let conflict = match game.phase() {
        Phase::Conflict(c) => Some(c),
        _ => None,
    };
    let no_conflict = "there is no conflict being fought";
    if let Some((a, d)) = expect.strengths {
        match conflict {
            Some(c) => {
                let att = c.attacker_base as u32 + c.attacker_commit as u32;
                let def = c.defender_base as u32 + c.defender_commit as u32;
                if att != a {
                    out.push(format!("attacker strength is {att}, the lesson says {a}"));
                }
                if def != d {
                    out.push(format!("defender strength is {def}, the lesson says {d}"));
                }
            }
            None => out.push(format!(
                "{no_conflict}, the lesson says strengths {a} and {d}"
            )),
        }
    }
    for (what, want, got) in [
        ("attacker", expect.attacker, conflict.map(|c| c.attacker)),
        ("defender", expect.defender, conflict.map(|c| c.defender)),
    ] {
        if let Some(want) = want {
            match got {
                Some(g) if g + 1 == want => {}
                Some(g) => out.push(format!(
                    "the {what} is player {}, the lesson says player {want}",
                    g + 1
                )),
                None => out.push(format!(
                    "{no_conflict}, the lesson says player {want} is the {what}"
                )),
            }
        }
    }
    if let Some(text) = &expect.conflict {
        let name = |external: bool, kind: Kind| {
            format!("{} {kind}", if external { "external" } else { "internal" })
        };
        match (conflict, parse_conflict(text)) {
            (_, None) => out.push(format!("{text:?} is not a conflict")),
            (Some(c), Some((e, k))) if (c.external, c.kind) == (e, k) => {}
            (Some(c), Some(_)) => out.push(format!(
                "the conflict is {}, the lesson says {text}",
                name(c.external, c.kind)
            )),
            (None, Some(_)) => out.push(format!("{no_conflict}, the lesson says {text}")),
        }
    }
    let kinds = |v: [u16; 4]| -> String {
        Kind::ALL
            .iter()
            .map(|k| format!("{} {}", v[k.index()], k.resource()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (&p, &want) in &expect.scores {
        if let Some(s) = seat(p) {
            let got = game.score(s);
            if got != want {
                out.push(format!(
                    "player {p} has {}, the lesson says {}",
                    kinds(got),
                    kinds(want)
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    for (&p, &want) in &expect.final_score {
        if let Some(s) = seat(p) {
            let got = game.final_scores(s)[0];
            if got != want {
                out.push(format!(
                    "player {p}'s final score (weakest kind) is {got}, the lesson says {want}"
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    if let Some(want) = &expect.winners {
        let list = |v: &[u8]| {
            v.iter()
                .map(|p| format!("player {p}"))
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match game.game_outcome() {
            Some(o) => {
                let got: Vec<u8> = o.winners().into_iter().map(|s| s + 1).collect();
                let mut w = want.clone();
                w.sort_unstable();
                if got != w {
                    out.push(format!(
                        "the winner is {}, the lesson says {}",
                        list(&got),
                        list(&w)
                    ));
                }
            }
            None => out.push(format!(
                "the game is not over, the lesson says {} won",
                list(want)
            )),
        }
    }
    for (pos, want) in &expect.cells {
        match game.index(*pos) {
            None => out.push(format!("{pos} is not on the board")),
            Some(i) => {
                let got = cell_token(game, i);
                match normal_token(want) {
                    Ok(w) if w == got => {}
                    Ok(w) => out.push(format!(
                        "{pos} holds {} ({got}), the lesson says {} ({w})",
                        describe_token(&got),
                        describe_token(&w)
                    )),
                    Err(m) => out.push(m),
                }
            }
        }
    }
    for (&p, &want) in &expect.artifacts {
        if let Some(s) = seat(p) {
            let got = game.artifacts_held(s);
            if got != want {
                out.push(format!(
                    "player {p} holds {got} artifact(s), the lesson says {want}"
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    if let Some(want) = expect.artifacts_on_board {
        let got = game.artifacts_on_board();
        if got != want {
            out.push(format!(
                "{got} artifact(s) are on the board, the lesson says {want}"
            ));
        }
    }
    let hand = |h: [u8; 4]| -> String {
        Kind::ALL
            .iter()
            .map(|k| format!("{} {k}", h[k.index()]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (&p, &want) in &expect.hands {
        if let Some(s) = seat(p) {
            let got = game.hand(s);
            if got != want {
                out.push(format!(
                    "player {p}'s hand is {}, the lesson says {}",
                    hand(got),
                    hand(want)
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    for (&p, &want) in &expect.hand_sizes {
        if let Some(s) = seat(p) {
            let got = total(&game.hand(s));
            if got != want as u32 {
                out.push(format!(
                    "player {p} holds {got} colonist(s), the lesson says {want}"
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    for (&p, &want) in &expect.bombers {
        if let Some(s) = seat(p) {
            let got = game.bombers(s);
            if got != want {
                out.push(format!(
                    "player {p} has {got} bomber(s) left, the lesson says {want}"
                ));
            }
        } else {
            out.push(format!("there is no player {p}"));
        }
    }
    if let Some(want) = &expect.phase {
        let got = phase_name(game);
        if got != want {
            out.push(format!("the phase is {got}, the lesson says {want}"));
        }
    }
    if let Some(want) = expect.active {
        let got = game.active() + 1;
        if got != want {
            out.push(format!(
                "it is player {got}'s turn, the lesson says player {want}'s"
            ));
        }
    }
    let to_move = match game.whose_move() {
        ToMove::Seat(s) => Some(s),
        ToMove::Simultaneous(set) => set.iter().next(),
        _ => None,
    };
    if let Some(want) = expect.to_move {
        match to_move {
            Some(s) if s + 1 == want => {}
            Some(s) => out.push(format!(
                "player {} must act, the lesson says player {want}",
                s + 1
            )),
            None => out.push(format!(
                "no player may act ({}), the lesson says player {want}",
                phase_name(game)
            )),
        }
    }
    if let Some(want) = expect.order {
        if game.phase() != Phase::Order {
            out.push(format!(
                "the phase is {}, the lesson says order {want} of the turn is next",
                phase_name(game)
            ));
        } else {
            let got = 3 - game.orders_left().min(2);
            if got != want {
                out.push(format!(
                    "order {got} of the turn is next, the lesson says order {want}"
                ));
            }
        }
    }
    if !expect.same_region.is_empty() || !expect.different_regions.is_empty() {
        let regions = Regions::compute(game, None);
        let region = |p: Pos| game.index(p).and_then(|i| regions.of(i));
        for [a, b] in &expect.same_region {
            let (ra, rb) = (region(*a), region(*b));
            if ra.is_none() || ra != rb {
                out.push(format!(
                    "{a} and {b} are not in one region, the lesson says they are"
                ));
            }
        }
        for [a, b] in &expect.different_regions {
            let (ra, rb) = (region(*a), region(*b));
            if ra.is_some() && ra == rb {
                out.push(format!(
                    "{a} and {b} are in one region, the lesson says they are not"
                ));
            }
        }
    }
    if !expect.allowed.is_empty() || !expect.refused.is_empty() {
        let legal = to_move.map(|s| game.legal(s)).unwrap_or_default();
        let who = to_move.map_or("nobody".to_string(), |s| format!("player {}", s + 1));
        for text in &expect.allowed {
            match text.parse::<Action>() {
                Ok(a) if legal.contains(&a) => {}
                Ok(_) => out.push(format!(
                    "\"{text}\" is not allowed for {who}, the lesson says it is"
                )),
                Err(m) => out.push(format!("cannot read the action {text:?}: {m}")),
            }
        }
        for text in &expect.refused {
            match text.parse::<Action>() {
                Ok(a) if legal.contains(&a) => out.push(format!(
                    "\"{text}\" is allowed for {who}, the lesson says the rules refuse it"
                )),
                Ok(_) => {}
                Err(m) => out.push(format!("cannot read the action {text:?}: {m}")),
            }
        }
    }
    if out.is_empty() { Ok(()) } else { Err(out) }
}

/// Expectations that `game` meets, for a lesson being written by playing:
/// the phase, whose turn and who acts, every player's scores, artifacts
/// held and on the board, bombers used, and the conflict being fought
/// (kind, sides and strengths). Cells are left out (an author adds the
/// ones the narration talks about). `check_expectations(game, &e)` holds.
pub fn snapshot_expectations(game: &StarTigris) -> Expectations {
    let mut e = Expectations {
        phase: Some(phase_name(game).to_string()),
        active: Some(game.active() + 1),
        artifacts_on_board: Some(game.artifacts_on_board()),
        ..Default::default()
    };
    if let ToMove::Seat(s) = game.whose_move() {
        e.to_move = Some(s + 1);
    }
    if game.phase() == Phase::Order {
        e.order = Some(3 - game.orders_left().clamp(1, 2));
    }
    for p in 0..game.players() as u8 {
        e.scores.insert(p + 1, game.score(p));
        if game.artifacts_held(p) > 0 {
            e.artifacts.insert(p + 1, game.artifacts_held(p));
        }
        if game.bombers(p) != crate::state::BOMBERS {
            e.bombers.insert(p + 1, game.bombers(p));
        }
    }
    if let Phase::Conflict(c) = game.phase() {
        e.conflict = Some(format!(
            "{} {}",
            if c.external { "external" } else { "internal" },
            c.kind
        ));
        e.attacker = Some(c.attacker + 1);
        e.defender = Some(c.defender + 1);
        e.strengths = Some((
            c.attacker_base as u32 + c.attacker_commit as u32,
            c.defender_base as u32 + c.defender_commit as u32,
        ));
    }
    e
}

/// A cell token in words, for messages.
fn describe_token(token: &str) -> String {
    let mut chars = token.chars();
    let first = chars.next().unwrap_or('.');
    let rest = chars.as_str();
    match token {
        "." => "an empty system".into(),
        "M" => "an empty uninhabitable system".into(),
        "X" | "XM" => "a destroyed system".into(),
        "A" => "a scientist colony with an artifact".into(),
        _ => match Kind::from_letter(first) {
            Some(k) if first.is_ascii_lowercase() => format!(
                "a {k} colony{}",
                if rest == "*" { " with an artifact" } else { "" }
            ),
            Some(k) => format!("player {rest}'s {k} leader"),
            None => token.into(),
        },
    }
}

/// A setup text describing `game`'s position: board, hands, scores,
/// artifacts held, bombers, pool, whose turn, which order and the
/// open-scores option. [`parse_setup`] reads it back to a state with the
/// same position (with `seed 0`; a state read from a setup with `seed 0`
/// and not played since comes back equal).
///
/// The setup format cannot say that a decision is pending (a conflict,
/// the choice of a conflict or an artifact) nor hold the turn number or
/// the colonists that left the game: a state in another phase than the
/// order phase is written as at its next order, with a comment saying so.
pub fn write_setup(game: &StarTigris) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let players = game.players();
    let sim = game.simultaneous();
    // A simultaneous turn before anyone has given an order is the
    // variant's equivalent of the order phase.
    let fresh = match sim {
        Some(sim) => {
            game.phase() == Phase::Submit
                && sim.queue().is_empty()
                && (0..players as u8)
                    .all(|p| !sim.has_sealed(p) && sim.orders_of(p).next().is_none())
        }
        None => game.phase() == Phase::Order,
    };
    if !fresh {
        let _ = writeln!(
            s,
            "# written during the {} phase, which setups cannot hold",
            phase_name(game)
        );
    }
    let _ = writeln!(s, "players {players}");
    let _ = writeln!(s, "active {}", game.active() + 1);
    let order = if game.phase() == Phase::Order {
        3 - game.orders_left().clamp(1, 2)
    } else {
        1
    };
    let _ = writeln!(s, "order {order}");
    let _ = writeln!(s, "seed 0");
    if game.open_scores() {
        let _ = writeln!(s, "open-scores yes");
    }
    if let Some(sim) = sim {
        let mode = match sim.mode() {
            crate::game::TurnOrder::Rotating => "rotating",
            crate::game::TurnOrder::Shuffled => "shuffled",
        };
        let _ = writeln!(s, "turns simultaneous {mode}");
    }
    let pairs = |v: [u16; 4]| -> String {
        Kind::ALL
            .iter()
            .filter(|k| v[k.index()] > 0)
            .map(|k| format!(" {k} {}", v[k.index()]))
            .collect()
    };
    for p in 0..players as u8 {
        let _ = writeln!(s, "hand {}{}", p + 1, pairs(game.hand(p).map(u16::from)));
    }
    for p in 0..players as u8 {
        let sc = game.score(p);
        if sc != [0; 4] {
            let _ = writeln!(s, "score {}{}", p + 1, pairs(sc));
        }
        if game.artifacts_held(p) > 0 {
            let _ = writeln!(s, "artifacts {} {}", p + 1, game.artifacts_held(p));
        }
        if game.bombers(p) != crate::state::BOMBERS {
            let _ = writeln!(s, "bombers {} {}", p + 1, game.bombers(p));
        }
    }
    let pool = game.pool();
    let _ = writeln!(
        s,
        "pool{}",
        Kind::ALL
            .iter()
            .map(|k| format!(" {k} {}", pool[k.index()]))
            .collect::<String>()
    );
    let _ = writeln!(s, "board");
    let w = game.width();
    for r in 0..game.height() {
        let row: Vec<String> = (0..w)
            .map(|c| format!("{:<2}", cell_token(game, r * w + c)))
            .collect();
        let _ = writeln!(s, "{}", row.join(" ").trim_end());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_normalised() {
        assert_eq!(normal_token("t*").unwrap(), "A");
        assert_eq!(normal_token("M2").unwrap(), "M2");
        assert_eq!(normal_token("m*").unwrap(), "m*");
        assert!(normal_token("M5").is_err());
        assert!(normal_token("q").is_err());
        assert_eq!(
            parse_conflict("external merchant"),
            Some((true, Kind::Merchant))
        );
        assert_eq!(parse_conflict("internal"), None);
    }
}
