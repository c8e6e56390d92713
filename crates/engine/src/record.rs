//! The versioned game record: everything needed to replay a game exactly.
//!
//! A record is JSON:
//!
//! ```json
//! {
//!   "format": "tabula-record", "version": 1,
//!   "ruleset": "star-tigris", "options": {}, "map": "....\n",
//!   "seed": 7,
//!   "seats": [{"name": "Ada", "player": "human"}, {"name": "Bot", "player": "bot:random"}],
//!   "actions": [{"seat": 0, "action": {"colonize": {"kind": "settler", "at": "B3"}}}],
//!   "final_hash": "00c0ffee00c0ffee"
//! }
//! ```
//!
//! Loading ([`replay`]) checks the envelope, builds the game through the
//! ruleset's checked constructor, replays every action through the checked
//! [`Game::apply`] (resolving chance events after each one), and compares the
//! final state hash. The first problem is reported with where it is.

use std::cell::{Cell, Ref, RefCell};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{MAX_ACTIONS, MAX_RECORD_BYTES, MAX_SEED, NameProblem, name_problem};
use crate::{Game, GameRng, Problems, Ruleset, Seat, StateHash, ToMove, settle_chance};

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "tabula-record";
/// The record format version this build writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatInfo {
    /// The name shown for the seat.
    pub name: String,
    /// `human`, or `bot:SPEC` for a bot (e.g. `bot:random`).
    pub player: String,
}

/// One action in a record, by the seat that took it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedAction {
    /// The seat that acted.
    pub seat: Seat,
    /// The action, in the ruleset's JSON form.
    pub action: serde_json::Value,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The format version, [`RECORD_VERSION`].
    pub version: u32,
    /// The ruleset's name.
    pub ruleset: String,
    /// The ruleset's options.
    #[serde(default)]
    pub options: serde_json::Value,
    /// The map as text, when the ruleset uses one.
    #[serde(default)]
    pub map: Option<String>,
    /// The seed of the game's RNG.
    pub seed: u64,
    /// The seats, in turn order.
    pub seats: Vec<SeatInfo>,
    /// Every action taken, in order.
    pub actions: Vec<RecordedAction>,
    /// The state hash after the last action.
    pub final_hash: StateHash,
    /// A teacher's notes on the game, by move: the key is the number of
    /// actions played when the note is shown (0: before the first), the
    /// value plain text. Replays show each when they reach its move.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub notes: std::collections::BTreeMap<usize, String>,
}

/// Longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 2000;

/// Why a record could not be loaded.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RecordError {
    /// The input is larger than [`MAX_RECORD_BYTES`].
    #[error("the record is {bytes} bytes; at most {limit} are accepted")]
    TooLarge {
        /// Size of the input.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The input is not valid JSON of the record's shape.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// The `format` field is not `tabula-record`.
    #[error("this is not a Tabula game record (format is {0:?}, expected \"tabula-record\")")]
    Format(String),
    /// The record's version is not one this build reads.
    #[error("record format version {found} is not supported (this version reads {supported})")]
    Version {
        /// The version in the record.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The record is for another ruleset.
    #[error("the record is for ruleset {found:?}, not {expected:?}")]
    Ruleset {
        /// The ruleset named in the record.
        found: String,
        /// The ruleset asked for.
        expected: String,
    },
    /// The options are not valid for the ruleset (shown as `option rows:
    /// …`, or `options: …` for the options as a whole).
    #[error("{}", options_text(.path, .what))]
    Options {
        /// The option's path (`rows`, `colours[2]`); empty for the options
        /// as a whole (an unknown option is named in `what`).
        path: String,
        /// What is wrong with it, in plain English words.
        what: String,
    },
    /// A field of the envelope is out of range (seed, seats, names, action count).
    #[error("{field}: {problem}")]
    Field {
        /// The field, e.g. `seats[1].name`.
        field: String,
        /// What is wrong with it.
        problem: FieldProblem,
    },
    /// The map or setup failed validation.
    #[error("map: {0}")]
    Setup(Problems),
    /// An action could not be read or applied.
    #[error("action {index} (seat {seat}): {reason}")]
    Step {
        /// 0-based index into `actions`.
        index: usize,
        /// The seat that took it.
        seat: Seat,
        /// Why it was rejected.
        reason: String,
    },
    /// Every action applied but the final state differs from the record's.
    #[error("the replayed game ends in state {found}, but the record says {expected}")]
    Hash {
        /// The hash in the record.
        expected: StateHash,
        /// The hash of the replayed state.
        found: StateHash,
    },
}

fn options_text(path: &str, what: &str) -> String {
    if path.is_empty() {
        format!("options: {what}")
    } else {
        format!("option {path}: {what}")
    }
}

/// What is wrong with a field of a record's envelope.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FieldProblem {
    /// The field is missing or not of its kind (the version).
    #[error("missing or not a number")]
    Missing,
    /// The seed is larger than [`MAX_SEED`].
    #[error("{0} is larger than {MAX_SEED}")]
    SeedTooLarge(u64),
    /// The number of seats is not one the ruleset allows.
    #[error("{found} seats; {ruleset} needs {min} to {max}")]
    Seats {
        /// Seats in the record.
        found: usize,
        /// The ruleset.
        ruleset: String,
        /// Fewest seats allowed.
        min: usize,
        /// Most seats allowed.
        max: usize,
    },
    /// A seat's name is refused.
    #[error("{problem}")]
    Name {
        /// The seat (from 0).
        seat: usize,
        /// Why.
        problem: NameProblem,
    },
    /// A seat's `player` is refused.
    #[error("{problem}")]
    Player {
        /// The seat (from 0).
        seat: usize,
        /// Why.
        problem: PlayerProblem,
    },
    /// More actions than [`MAX_ACTIONS`].
    #[error("{0} actions; at most {MAX_ACTIONS}")]
    TooManyActions(usize),
    /// A note is for a move the record does not have, too long, or holds
    /// control characters.
    #[error("{0}")]
    Note(String),
    /// Another problem, said by whoever found it.
    #[error("{0}")]
    Other(String),
}

/// What is wrong with a seat's `player` field.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerProblem {
    /// Longer than the limit, in bytes.
    #[error("the player is {0} bytes; at most {MAX_PLAYER_BYTES} are allowed")]
    TooLong(usize),
    /// A control character.
    #[error("the player holds the control character {0:?}")]
    Control(char),
    /// Neither `human` nor `bot:SPEC`.
    #[error("{0:?} is neither \"human\" nor \"bot:SPEC\"")]
    Unknown(String),
}

/// Why a recorded action cannot be played: the engine's own checks, or
/// the ruleset's error `E`. [`RecordError::Step`] carries it in English;
/// [`step_problem`] finds it again as a value, for a page to put in its
/// own words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StepProblem<E> {
    /// The seat does not exist.
    #[error("there is no seat {seat} in a {seats}-seat game")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// Seats in the game.
        seats: usize,
    },
    /// The game is over.
    #[error("the game is already over")]
    Over,
    /// Another seat must act.
    #[error("it is seat {0}'s move, not this seat's")]
    NotThisSeat(Seat),
    /// Several seats decide at once, and this one has decided.
    #[error("this seat has nothing to decide now")]
    NothingToDecide,
    /// A chance event is due.
    #[error("a chance event is pending")]
    ChancePending,
    /// The action is not one of the ruleset's actions.
    #[error("the action {shown} cannot be read: {what}")]
    Unreadable {
        /// The action's JSON, cut to 80 characters.
        shown: String,
        /// What is wrong, in plain English words.
        what: String,
    },
    /// The rules refuse the action (or the chance event after it).
    #[error("{0}")]
    Rules(E),
}

/// Parse a record's envelope from text: size, JSON, format and version.
pub fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            bytes: text.len(),
            limit: MAX_RECORD_BYTES,
        });
    }
    // Check the envelope before the full shape so an old or foreign file gets
    // a message about its format rather than about a missing field.
    let value: serde_json::Value = crate::plain::from_str(text).map_err(json_error)?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(RECORD_FORMAT) => {}
        Some(other) => return Err(RecordError::Format(other.into())),
        None => return Err(RecordError::Format(String::new())),
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == RECORD_VERSION as u64 => {}
        Some(v) => {
            return Err(RecordError::Version {
                found: v.min(u32::MAX as u64) as u32,
                supported: RECORD_VERSION,
            });
        }
        None => {
            return Err(RecordError::Field {
                field: "version".into(),
                problem: FieldProblem::Missing,
            });
        }
    }
    crate::plain::from_str(text).map_err(json_error)
}

fn json_error((line, column, message): (usize, usize, String)) -> RecordError {
    RecordError::Json {
        line,
        column,
        message,
    }
}

/// Check the envelope fields that do not depend on the ruleset's types.
fn check_envelope<G: Ruleset>(record: &GameRecord) -> Result<G::Options, RecordError> {
    if record.ruleset != G::NAME {
        return Err(RecordError::Ruleset {
            found: record.ruleset.clone(),
            expected: G::NAME.into(),
        });
    }
    if record.seed > MAX_SEED {
        return Err(RecordError::Field {
            field: "seed".into(),
            problem: FieldProblem::SeedTooLarge(record.seed),
        });
    }
    let range = G::seat_range();
    if !range.contains(&record.seats.len()) {
        return Err(RecordError::Field {
            field: "seats".into(),
            problem: FieldProblem::Seats {
                found: record.seats.len(),
                ruleset: G::NAME.into(),
                min: *range.start(),
                max: *range.end(),
            },
        });
    }
    for (i, seat) in record.seats.iter().enumerate() {
        if let Some(problem) = name_problem(&seat.name) {
            return Err(RecordError::Field {
                field: format!("seats[{i}].name"),
                problem: FieldProblem::Name { seat: i, problem },
            });
        }
        check_player(&seat.player).map_err(|problem| RecordError::Field {
            field: format!("seats[{i}].player"),
            problem: FieldProblem::Player { seat: i, problem },
        })?;
    }
    if record.actions.len() > MAX_ACTIONS {
        return Err(RecordError::Field {
            field: "actions".into(),
            problem: FieldProblem::TooManyActions(record.actions.len()),
        });
    }
    check_notes(record)?;
    let options = if record.options.is_null() {
        G::Options::default()
    } else {
        crate::plain::from_value(&record.options)
            .map_err(|(path, what)| RecordError::Options { path, what })?
    };
    Ok(options)
}

/// Check a record's notes: each for a move the record has (or before
/// the first), at most [`MAX_NOTE_CHARS`] characters, no control
/// characters but line ends.
pub fn check_notes(record: &GameRecord) -> Result<(), RecordError> {
    for (&at, text) in &record.notes {
        let problem = if at > record.actions.len() {
            Some(format!(
                "a note for move {at}, but the record has {} actions",
                record.actions.len()
            ))
        } else if text.chars().count() > MAX_NOTE_CHARS {
            Some(format!("the note is over {MAX_NOTE_CHARS} characters"))
        } else if text.chars().any(|c| c.is_control() && c != '\n') {
            Some("the note holds control characters".into())
        } else {
            None
        };
        if let Some(p) = problem {
            return Err(RecordError::Field {
                field: format!("notes[{at}]"),
                problem: FieldProblem::Note(p),
            });
        }
    }
    Ok(())
}

/// Longest `player` field of a seat, in bytes.
const MAX_PLAYER_BYTES: usize = 200;

/// Check a seat's `player` field: `human` or `bot:SPEC`, short, and free of
/// control characters (it is shown to people, like the seat's name).
fn check_player(player: &str) -> Result<(), PlayerProblem> {
    if player.len() > MAX_PLAYER_BYTES {
        return Err(PlayerProblem::TooLong(player.len()));
    }
    if let Some(c) = player.chars().find(|c| c.is_control()) {
        return Err(PlayerProblem::Control(c));
    }
    if player != "human" && !player.starts_with("bot:") {
        return Err(PlayerProblem::Unknown(player.into()));
    }
    Ok(())
}

/// The game a record starts from, before any action.
pub fn initial_state<G: Ruleset>(record: &GameRecord) -> Result<G, RecordError> {
    let options = check_envelope::<G>(record)?;
    start_state(&options, record, record.seed)
}

/// The game that `record`'s map and seats start with `options` and
/// `seed`, chance events at the start resolved.
fn start_state<G: Ruleset>(
    options: &G::Options,
    record: &GameRecord,
    seed: u64,
) -> Result<G, RecordError> {
    let mut game = G::new_game(options, record.map.as_deref(), record.seats.len(), seed)
        .map_err(RecordError::Setup)?;
    settle_chance(&mut game).map_err(|e| RecordError::Step {
        index: 0,
        seat: 0,
        reason: e.to_string(),
    })?;
    Ok(game)
}

/// Read recorded action `index` as the ruleset's action type; the error
/// names the step.
pub fn read_action<G: Game>(index: usize, step: &RecordedAction) -> Result<G::Action, RecordError> {
    read_step::<G>(step).map_err(|p| RecordError::Step {
        index,
        seat: step.seat,
        reason: p.to_string(),
    })
}

/// Read a recorded action as the ruleset's action type.
fn read_step<G: Game>(step: &RecordedAction) -> Result<G::Action, StepProblem<G::Error>> {
    crate::plain::from_value(&step.action).map_err(|(path, what)| {
        let what = if path.is_empty() {
            what
        } else {
            format!("{path}: {what}")
        };
        let mut shown = step.action.to_string();
        if shown.chars().count() > 80 {
            shown = shown.chars().take(80).collect::<String>() + "…";
        }
        StepProblem::Unreadable { shown, what }
    })
}

/// Whether `seat` may act now in `game`; if not, why.
fn turn_problem<G: Game>(game: &G, seat: Seat) -> Result<(), StepProblem<G::Error>> {
    if seat as usize >= game.seats() {
        return Err(StepProblem::NoSuchSeat {
            seat,
            seats: game.seats(),
        });
    }
    match game.to_move() {
        ToMove::Seat(s) if s == seat => Ok(()),
        ToMove::Simultaneous(set) if set.contains(seat) => Ok(()),
        ToMove::Over => Err(StepProblem::Over),
        ToMove::Seat(s) => Err(StepProblem::NotThisSeat(s)),
        ToMove::Simultaneous(_) => Err(StepProblem::NothingToDecide),
        ToMove::Chance => Err(StepProblem::ChancePending),
    }
}

/// Play one recorded action through the checked path, then resolve
/// chance events; on error, why.
fn play_step<G: Game>(game: &mut G, step: &RecordedAction) -> Result<(), StepProblem<G::Error>> {
    turn_problem(game, step.seat)?;
    let action = read_step::<G>(step)?;
    game.apply(step.seat, &action).map_err(StepProblem::Rules)?;
    settle_chance(game).map_err(StepProblem::Rules)
}

/// Apply one recorded action (index `index`) to `game` through the checked
/// path, then resolve chance events.
pub fn apply_recorded<G: Game>(
    game: &mut G,
    index: usize,
    step: &RecordedAction,
) -> Result<(), RecordError> {
    play_step(game, step).map_err(|p| RecordError::Step {
        index,
        seat: step.seat,
        reason: p.to_string(),
    })
}

/// Why action `index` of `record` cannot be played, as a value: what a
/// [`RecordError::Step`] says in English, found again by replaying the
/// record up to that action (so a page can say it in its own words).
/// `None` when the record's start or an earlier action fails, or the
/// action plays.
pub fn step_problem<G: Ruleset>(
    record: &GameRecord,
    index: usize,
) -> Option<StepProblem<G::Error>> {
    let options = check_envelope::<G>(record).ok()?;
    let mut game = G::new_game(
        &options,
        record.map.as_deref(),
        record.seats.len(),
        record.seed,
    )
    .ok()?;
    if let Err(e) = settle_chance(&mut game) {
        return (index == 0).then_some(StepProblem::Rules(e));
    }
    for step in record.actions.iter().take(index) {
        play_step(&mut game, step).ok()?;
    }
    play_step(&mut game, record.actions.get(index)?).err()
}

/// Replay a record: every action through the checked path, then the hash.
pub fn replay<G: Ruleset>(record: &GameRecord) -> Result<G, RecordError> {
    let mut game = initial_state::<G>(record)?;
    for (index, step) in record.actions.iter().enumerate() {
        apply_recorded(&mut game, index, step)?;
    }
    let found = game.state_hash();
    if found != record.final_hash {
        return Err(RecordError::Hash {
            expected: record.final_hash,
            found,
        });
    }
    Ok(game)
}

/// The record of a game between `seats` random players (`P0`, `P1`, …,
/// each `bot:random`): every action uniform among the legal ones, drawn
/// from a generator seeded with `seed` (the game's own seed too), until
/// the game ends or `max` actions are played. For tests of what reads
/// records (replays, viewers), which need games of any length.
pub fn random_record<G: Ruleset>(
    options: &G::Options,
    map: Option<&str>,
    seats: usize,
    seed: u64,
    max: usize,
) -> Result<GameRecord, RecordError> {
    let infos = (0..seats)
        .map(|i| SeatInfo {
            name: format!("P{i}"),
            player: "bot:random".into(),
        })
        .collect();
    let mut m = Match::<G>::new(options, map, infos, seed)?;
    let mut rng = GameRng::seeded(seed);
    for _ in 0..max {
        let seat = match m.game().to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            _ => break,
        };
        let Some(action) = m.game().random_action(seat, &mut rng) else {
            break;
        };
        m.play(seat, &action)?;
    }
    Ok(m.record().clone())
}

/// A game's state at some point of a [`Match`], to go back to
/// ([`Match::mark`], [`Match::rewind`]).
#[derive(Clone, Debug)]
pub struct MatchMark<G: Ruleset> {
    game: G,
    actions: usize,
}

impl<G: Ruleset> MatchMark<G> {
    /// How many actions had been played at the mark.
    pub fn actions(&self) -> usize {
        self.actions
    }
}

/// A game in progress together with its record, kept in step.
///
/// Playing an action costs the action alone: the state is not copied
/// (the contract leaves it unchanged when an action is refused), and the
/// actions are written into the record and the state hashed only when the
/// record is read ([`Match::record`]).
#[derive(Clone, Debug)]
pub struct Match<G: Ruleset> {
    game: G,
    /// The options as read back from the record (what a replay starts
    /// with), for [`Match::restart`].
    options: G::Options,
    record: RefCell<GameRecord>,
    /// Actions played since the record was last read, not yet written
    /// into it.
    unwritten: RefCell<Vec<(Seat, G::Action)>>,
    /// Whether the record's `final_hash` is behind the state.
    stale: Cell<bool>,
}

impl<G: Ruleset> Match<G> {
    /// Start a game; chance events at the start are resolved.
    pub fn new(
        options: &G::Options,
        map: Option<&str>,
        seats: Vec<SeatInfo>,
        seed: u64,
    ) -> Result<Self, RecordError> {
        let record = GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            ruleset: G::NAME.into(),
            options: serde_json::to_value(options).map_err(|e| RecordError::Options {
                path: String::new(),
                what: e.to_string(),
            })?,
            map: map.map(str::to_owned),
            seed,
            seats,
            actions: Vec::new(),
            final_hash: StateHash(0),
            notes: Default::default(),
        };
        let options = check_envelope::<G>(&record)?;
        let game = start_state(&options, &record, seed)?;
        Ok(Match {
            game,
            options,
            record: RefCell::new(record),
            unwritten: RefCell::new(Vec::new()),
            stale: Cell::new(true),
        })
    }

    /// Start the next game of a run in this match: the same ruleset,
    /// options, map and seats, seed `seed`, no actions and no notes —
    /// what [`Match::new`] with this match's arguments and `seed` gives,
    /// without writing and checking the options and seats again, and
    /// keeping the record's storage (a run of many short games, as
    /// `tabula play` plays, then costs the games). On an error nothing
    /// changes.
    pub fn restart(&mut self, seed: u64) -> Result<(), RecordError> {
        if seed > MAX_SEED {
            return Err(RecordError::Field {
                field: "seed".into(),
                problem: FieldProblem::SeedTooLarge(seed),
            });
        }
        let record = self.record.get_mut();
        self.game = start_state(&self.options, record, seed)?;
        record.seed = seed;
        record.actions.clear();
        record.notes.clear();
        record.final_hash = StateHash(0);
        self.unwritten.get_mut().clear();
        self.stale.set(true);
        Ok(())
    }

    /// The current state.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The record so far, its `final_hash` the current state's (hashed
    /// now if actions were played since it was last read).
    pub fn record(&self) -> Ref<'_, GameRecord> {
        if self.stale.get() {
            let mut record = self.record.borrow_mut();
            // An action that cannot be written as JSON (none of Tabula's)
            // is written as null: reading the record back refuses it.
            record
                .actions
                .extend(
                    self.unwritten
                        .borrow_mut()
                        .drain(..)
                        .map(|(seat, a)| RecordedAction {
                            seat,
                            action: serde_json::to_value(&a).unwrap_or(serde_json::Value::Null),
                        }),
                );
            record.final_hash = self.game.state_hash();
            self.stale.set(false);
        }
        self.record.borrow()
    }

    /// How many actions have been played (without writing or hashing
    /// anything).
    pub fn actions_played(&self) -> usize {
        self.record.borrow().actions.len() + self.unwritten.borrow().len()
    }

    /// Why `seat` may not play `action` now, as a value (`None` when it
    /// may): what [`Match::play`] refuses it for, for a page to say in its
    /// own words.
    pub fn why_not(&self, seat: Seat, action: &G::Action) -> Option<StepProblem<G::Error>> {
        let step = RecordedAction {
            seat,
            action: serde_json::to_value(action).ok()?,
        };
        play_step(&mut self.game.clone(), &step).err()
    }

    /// The game as it stands, to come back to with [`Match::rewind`]: a
    /// copy of the state and the number of actions played, never of the
    /// record (so keeping one per action costs the state alone, however
    /// long the game).
    pub fn mark(&self) -> MatchMark<G> {
        MatchMark {
            game: self.game.clone(),
            actions: self.actions_played(),
        }
    }

    /// Go back to `mark`, made by this match: the state as it was then,
    /// the record cut to the actions played then (notes on later moves
    /// go with them). A mark of more actions than have been played (not
    /// this match's) changes nothing and gives `false`.
    pub fn rewind(&mut self, mark: MatchMark<G>) -> bool {
        let played = self.actions_played();
        if mark.actions > played {
            return false;
        }
        let record = self.record.get_mut();
        let unwritten = self.unwritten.get_mut();
        if mark.actions <= record.actions.len() {
            record.actions.truncate(mark.actions);
            unwritten.clear();
        } else {
            unwritten.truncate(mark.actions - record.actions.len());
        }
        record.notes.retain(|&at, _| at <= mark.actions);
        self.game = mark.game;
        self.stale.set(true);
        true
    }

    /// Apply an action for a seat through the checked path; on success it is
    /// recorded and chance events are resolved. When the action is refused
    /// nothing changes. (Should resolving a chance event after it fail,
    /// the action stays played and recorded, and the error is returned: a
    /// replay of the record meets the same failure.)
    pub fn play(&mut self, seat: Seat, action: &G::Action) -> Result<(), RecordError> {
        let index = self.record.get_mut().actions.len() + self.unwritten.get_mut().len();
        let fail = |p: StepProblem<G::Error>| RecordError::Step {
            index,
            seat,
            reason: p.to_string(),
        };
        turn_problem(&self.game, seat).map_err(fail)?;
        self.game
            .apply(seat, action)
            .map_err(|e| fail(StepProblem::Rules(e)))?;
        self.unwritten.get_mut().push((seat, action.clone()));
        self.stale.set(true);
        settle_chance(&mut self.game).map_err(|e| fail(StepProblem::Rules(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_human_or_bots_without_control_characters() {
        assert_eq!(
            check_player("robot").unwrap_err().to_string(),
            "\"robot\" is neither \"human\" nor \"bot:SPEC\""
        );
        assert!(check_player("human").is_ok());
        assert!(check_player("bot:random").is_ok());
        assert!(check_player("robot").is_err());
        assert!(check_player("bot:\u{1b}[2J").is_err());
        assert!(check_player(&format!("bot:{}", "x".repeat(300))).is_err());
    }
}
