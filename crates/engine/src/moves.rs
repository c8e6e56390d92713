//! A short form of a game record for links: each action is written as its
//! index in the acting seat's list of legal actions (the list is the
//! engine's, in its fixed order), so a move costs a byte or two instead of
//! a JSON object. When several seats may act at once the seat is written
//! before the index. Expanding replays the game through the checked path,
//! so a damaged move list is refused at the step where it goes wrong.
//!
//! ```json
//! {"format": "tabula-moves", "version": 1, "ruleset": "star-tigris",
//!  "options": {}, "map": "....\n", "seed": 7, "seats": [...],
//!  "moves": [12, 0, 431], "final_hash": "00c0ffee00c0ffee"}
//! ```

use serde::{Deserialize, Serialize};

use crate::link::{FragmentError, MoveProblem};
use crate::record::{
    GameRecord, RECORD_FORMAT, RECORD_VERSION, RecordError, RecordedAction, apply_recorded,
    initial_state, read_action,
};
use crate::{Ruleset, SeatInfo, StateHash, ToMove};

/// The `format` field of a short record.
pub const MOVES_FORMAT: &str = "tabula-moves";

/// A game record with its actions as indices into the legal lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveList {
    /// Always [`MOVES_FORMAT`].
    pub format: String,
    /// The format version (the record version it expands to).
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
    /// For each action: its index in the legal list (preceded by the seat
    /// when several seats may act).
    pub moves: Vec<u32>,
    /// The state hash after the last action.
    pub final_hash: StateHash,
    /// The record's notes, by move ([`GameRecord::notes`]).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub notes: std::collections::BTreeMap<usize, String>,
}

/// Write a checked record as a move list.
pub fn to_moves<G: Ruleset>(record: &GameRecord) -> Result<MoveList, RecordError> {
    let mut game: G = initial_state(record)?;
    let mut moves = Vec::with_capacity(record.actions.len());
    for (index, step) in record.actions.iter().enumerate() {
        let fail = |reason: String| RecordError::Step {
            index,
            seat: step.seat,
            reason,
        };
        let action = read_action::<G>(index, step)?;
        if let ToMove::Simultaneous(_) = game.to_move() {
            moves.push(step.seat as u32);
        }
        let legal = game.legal_actions(step.seat);
        let i = legal
            .iter()
            .position(|a| *a == action)
            .ok_or_else(|| fail("not a legal action".into()))?;
        moves.push(i as u32);
        apply_recorded(&mut game, index, step)?;
    }
    Ok(MoveList {
        format: MOVES_FORMAT.into(),
        version: record.version,
        ruleset: record.ruleset.clone(),
        options: record.options.clone(),
        map: record.map.clone(),
        seed: record.seed,
        seats: record.seats.clone(),
        moves,
        final_hash: record.final_hash,
        notes: record.notes.clone(),
    })
}

/// Expand a move list into the full record, replaying every move.
pub fn from_moves<G: Ruleset>(list: &MoveList) -> Result<GameRecord, FragmentError> {
    if list.format != MOVES_FORMAT {
        return Err(RecordError::Format(list.format.clone()).into());
    }
    if list.version != RECORD_VERSION {
        return Err(RecordError::Version {
            found: list.version,
            supported: RECORD_VERSION,
        }
        .into());
    }
    let mut record = GameRecord {
        format: RECORD_FORMAT.into(),
        version: RECORD_VERSION,
        ruleset: list.ruleset.clone(),
        options: list.options.clone(),
        map: list.map.clone(),
        seed: list.seed,
        seats: list.seats.clone(),
        actions: Vec::new(),
        final_hash: list.final_hash,
        notes: Default::default(),
    };
    let mut game: G = initial_state(&record)?;
    let mut it = list.moves.iter().copied();
    while let Some(first) = it.next() {
        let index = record.actions.len();
        let fail = |seat: u8, problem: MoveProblem| FragmentError::Move {
            index,
            seat,
            problem,
        };
        let (seat, pick) = match game.to_move() {
            ToMove::Seat(s) => (s, first),
            ToMove::Simultaneous(_) => {
                let seat = u8::try_from(first).unwrap_or(u8::MAX);
                let pick = it
                    .next()
                    .ok_or_else(|| fail(seat, MoveProblem::EndsAfterSeat))?;
                (seat, pick)
            }
            ToMove::Over => return Err(fail(0, MoveProblem::AfterEnd)),
            ToMove::Chance => return Err(fail(0, MoveProblem::ChancePending)),
        };
        let legal = game.legal_actions(seat);
        let action = legal.get(pick as usize).ok_or_else(|| {
            fail(
                seat,
                MoveProblem::NoSuchMove {
                    pick,
                    legal: legal.len(),
                },
            )
        })?;
        let step = RecordedAction {
            seat,
            action: serde_json::to_value(action).map_err(|e| RecordError::Step {
                index,
                seat,
                reason: e.to_string(),
            })?,
        };
        apply_recorded(&mut game, index, &step)?;
        record.actions.push(step);
    }
    record.notes = list.notes.clone();
    crate::record::check_notes(&record)?;
    Ok(record)
}
