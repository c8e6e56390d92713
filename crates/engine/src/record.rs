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

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{MAX_ACTIONS, MAX_RECORD_BYTES, MAX_SEED, check_name};
use crate::{Game, Problems, Ruleset, Seat, StateHash, ToMove, settle_chance};

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
}

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
    /// The options are not valid for the ruleset (the message names the
    /// option: `option rows: …`).
    #[error("{0}")]
    Options(String),
    /// A field of the envelope is out of range (seed, seats, names, action count).
    #[error("{field}: {message}")]
    Field {
        /// The field, e.g. `seats[1].name`.
        field: String,
        /// What is wrong with it.
        message: String,
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
                message: "missing or not a number".into(),
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
            message: format!("{} is larger than {MAX_SEED}", record.seed),
        });
    }
    let range = G::seat_range();
    if !range.contains(&record.seats.len()) {
        return Err(RecordError::Field {
            field: "seats".into(),
            message: format!(
                "{} seats; {} needs {} to {}",
                record.seats.len(),
                G::NAME,
                range.start(),
                range.end()
            ),
        });
    }
    for (i, seat) in record.seats.iter().enumerate() {
        check_name(&seat.name).map_err(|message| RecordError::Field {
            field: format!("seats[{i}].name"),
            message,
        })?;
        check_player(&seat.player).map_err(|message| RecordError::Field {
            field: format!("seats[{i}].player"),
            message,
        })?;
    }
    if record.actions.len() > MAX_ACTIONS {
        return Err(RecordError::Field {
            field: "actions".into(),
            message: format!("{} actions; at most {MAX_ACTIONS}", record.actions.len()),
        });
    }
    let options = if record.options.is_null() {
        G::Options::default()
    } else {
        crate::plain::from_value(&record.options).map_err(|(path, what)| {
            RecordError::Options(if path.is_empty() {
                format!("options: {what}")
            } else {
                format!("option {path}: {what}")
            })
        })?
    };
    Ok(options)
}

/// Longest `player` field of a seat, in bytes.
const MAX_PLAYER_BYTES: usize = 200;

/// Check a seat's `player` field: `human` or `bot:SPEC`, short, and free of
/// control characters (it is shown to people, like the seat's name).
fn check_player(player: &str) -> Result<(), String> {
    if player.len() > MAX_PLAYER_BYTES {
        return Err(format!(
            "the player is {} bytes; at most {MAX_PLAYER_BYTES} are allowed",
            player.len()
        ));
    }
    if let Some(c) = player.chars().find(|c| c.is_control()) {
        return Err(format!("the player holds the control character {c:?}"));
    }
    if player != "human" && !player.starts_with("bot:") {
        return Err(format!("{player:?} is neither \"human\" nor \"bot:SPEC\""));
    }
    Ok(())
}

/// The game a record starts from, before any action.
pub fn initial_state<G: Ruleset>(record: &GameRecord) -> Result<G, RecordError> {
    let options = check_envelope::<G>(record)?;
    let mut game = G::new_game(
        &options,
        record.map.as_deref(),
        record.seats.len(),
        record.seed,
    )
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
        RecordError::Step {
            index,
            seat: step.seat,
            reason: format!("the action {shown} cannot be read: {what}"),
        }
    })
}

/// Apply one recorded action (index `index`) to `game` through the checked
/// path, then resolve chance events.
pub fn apply_recorded<G: Game>(
    game: &mut G,
    index: usize,
    step: &RecordedAction,
) -> Result<(), RecordError> {
    let fail = |reason: String| RecordError::Step {
        index,
        seat: step.seat,
        reason,
    };
    if step.seat as usize >= game.seats() {
        return Err(fail(format!(
            "there is no seat {} in a {}-seat game",
            step.seat,
            game.seats()
        )));
    }
    match game.to_move() {
        ToMove::Seat(s) if s == step.seat => {}
        ToMove::Simultaneous(set) if set.contains(step.seat) => {}
        ToMove::Over => return Err(fail("the game is already over".into())),
        ToMove::Seat(s) => return Err(fail(format!("it is seat {s}'s move, not this seat's"))),
        ToMove::Simultaneous(_) => {
            return Err(fail("this seat has nothing to decide now".into()));
        }
        ToMove::Chance => return Err(fail("a chance event is pending".into())),
    }
    let action = read_action::<G>(index, step)?;
    game.apply(step.seat, &action)
        .map_err(|e| fail(e.to_string()))?;
    settle_chance(game).map_err(|e| fail(e.to_string()))
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

/// A game in progress together with its record, kept in step.
#[derive(Clone, Debug)]
pub struct Match<G: Ruleset> {
    game: G,
    record: GameRecord,
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
            options: serde_json::to_value(options)
                .map_err(|e| RecordError::Options(format!("options: {e}")))?,
            map: map.map(str::to_owned),
            seed,
            seats,
            actions: Vec::new(),
            final_hash: StateHash(0),
        };
        let game = initial_state::<G>(&record)?;
        let mut m = Match { game, record };
        m.record.final_hash = m.game.state_hash();
        Ok(m)
    }

    /// The current state.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The record so far (its `final_hash` is the current state's).
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Apply an action for a seat through the checked path; on success it is
    /// recorded and chance events are resolved. On error nothing changes.
    pub fn play(&mut self, seat: Seat, action: &G::Action) -> Result<(), RecordError> {
        let step = RecordedAction {
            seat,
            action: serde_json::to_value(action).map_err(|e| RecordError::Step {
                index: self.record.actions.len(),
                seat,
                reason: e.to_string(),
            })?,
        };
        let mut next = self.game.clone();
        apply_recorded(&mut next, self.record.actions.len(), &step)?;
        self.game = next;
        self.record.actions.push(step);
        self.record.final_hash = self.game.state_hash();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::check_player;

    #[test]
    fn players_are_human_or_bots_without_control_characters() {
        assert!(check_player("human").is_ok());
        assert!(check_player("bot:random").is_ok());
        assert!(check_player("robot").is_err());
        assert!(check_player("bot:\u{1b}[2J").is_err());
        assert!(check_player(&format!("bot:{}", "x".repeat(300))).is_err());
    }
}
