//! Catan: Cities & Knights for Tabula: its boards and its rules.
//!
//! The rules (base game and Cities & Knights) are in [`game`]; [`Catan`]
//! implements the engine's game contract.
//!
//! A board is written in the format of the course server of seed 002
//! (`docs/catan/maps.md`): one line per field, `{id};{type};{rotation};`
//! and its links to its neighbours `{direction},{id};`. This crate reads
//! it ([`check_text`], [`read_board`]), lays the field graph out on hex
//! coordinates ([`tabula_hex`]), checks it against every rule of the
//! course server and Tabula's own designer checks ([`check_board`]), and
//! writes it back ([`write_board`]). Every problem names its rule, its
//! severity, its field and (when read from text) its line and column.
//!
//! ```
//! let text = tabula_catan::STANDARD_BOARD;
//! let checked = tabula_catan::check_text(text);
//! assert!(checked.problems.is_empty(), "{:?}", checked.problems);
//! let board = checked.board.unwrap();
//! assert_eq!(board.counts().land, 19);
//! let again = tabula_catan::read_board(&tabula_catan::write_board(&board)).unwrap();
//! assert_eq!(again.board, board);
//! ```

mod board;
pub mod catanatron;
mod check;
pub mod game;
mod kind;
mod layout;
mod problem;
mod read;
mod text;
mod write;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use board::{Board, Counts, DEFAULT_PLAYERS, Field, Players};
pub use check::{MIN_LAND_FIELDS, SETTLEMENTS_PER_PLAYER, check_board, distance_rule_room};
pub use game::action::{Action, Choice, Piece, Target};
pub use game::cards::{Card, Dev, Hand, Progress, Track};
pub use game::contract::Refusal;
pub use game::log::Event;
pub use game::options::{Numbers, Options};
pub use game::refusal::{Unplayable, Waiting};
pub use game::state::{Catan, PointSources};
pub use game::view::{Backs, View};
pub use kind::{FieldKind, Resource};
pub use problem::{Problem, Rule, Severity, has_errors};
pub use read::Place;
pub use tabula_hex;
pub use write::write_board;

/// Largest map text accepted, in bytes (as for every map in Tabula).
pub const MAX_BOARD_BYTES: usize = 64 * 1024;
/// Most fields a board may have.
pub const MAX_FIELDS: usize = 1000;
/// Longest field id, in characters.
pub const MAX_ID_CHARS: usize = 32;
/// Most problems listed for one board; the last then says more follow.
pub const MAX_PROBLEMS: usize = 200;

/// The standard board shipped as `maps/catan/standard.txt`.
pub const STANDARD_BOARD: &str = include_str!("../../../maps/catan/standard.txt");

/// A board read from text, and where each field's line is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadBoard {
    /// The board.
    pub board: Board,
    /// Each field's line (column 1), by id.
    pub places: BTreeMap<String, Place>,
    /// Warnings found while reading (never errors).
    pub warnings: Vec<Problem>,
}

/// Everything found in a map text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// The board, when the text reads and lays out without error (it may
    /// still break rules: see `problems`).
    pub board: Option<Board>,
    /// Each field's line (column 1), by id.
    pub places: BTreeMap<String, Place>,
    /// Every problem, in the order of the file (those of the whole board
    /// last), at most [`MAX_PROBLEMS`].
    pub problems: Vec<Problem>,
}

impl Checked {
    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        has_errors(&self.problems)
    }
}

/// Read a map text and lay it out: the board with its warnings, or every
/// problem found (at least one an error). The board's rules are not
/// checked here: see [`check_text`] and [`check_board`].
pub fn read_board(text: &str) -> Result<ReadBoard, Vec<Problem>> {
    let (board, places, problems) = read_and_lay_out(text);
    match board {
        Some(board) if !has_errors(&problems) => Ok(ReadBoard {
            board,
            places,
            warnings: problem::finish(problems),
        }),
        _ => Err(problem::finish(problems)),
    }
}

/// Read a map text, lay it out and check every rule: what
/// `tabula map check --ruleset catan` prints and the editor shows.
/// The board's rules are checked once the text reads and lays out
/// without error (before that, they would only repeat its errors).
pub fn check_text(text: &str) -> Checked {
    let (board, places, mut problems) = read_and_lay_out(text);
    let board = board.filter(|_| !has_errors(&problems));
    if let Some(b) = &board {
        for mut p in check_board(b) {
            if let Some(at) = p.field.as_ref().and_then(|id| places.get(id)) {
                p.line = Some(at.line);
                p.col = Some(at.col);
            }
            problems.push(p);
        }
    }
    Checked {
        board,
        places,
        problems: problem::finish(problems),
    }
}

/// A board with no errors (it may have warnings): what a game is set up
/// from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckedBoard {
    board: Board,
    warnings: Vec<Problem>,
    #[serde(skip)]
    topo: TopologyCache,
}

/// The board's corners and sides, worked out once for all the games set
/// up from one [`CheckedBoard`].
#[derive(Clone, Default)]
struct TopologyCache(std::sync::OnceLock<std::sync::Arc<game::topology::Topology>>);

impl PartialEq for TopologyCache {
    /// Always equal: the cache follows from the board.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for TopologyCache {}

impl std::fmt::Debug for TopologyCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TopologyCache")
    }
}

impl CheckedBoard {
    /// Check `board`: the board, or every problem found (at least one an
    /// error; the fields named by id).
    pub fn new(board: Board) -> Result<CheckedBoard, Vec<Problem>> {
        let problems = problem::finish(check_board(&board));
        if has_errors(&problems) {
            Err(problems)
        } else {
            Ok(CheckedBoard {
                board,
                warnings: problems,
                topo: TopologyCache::default(),
            })
        }
    }

    /// A board laid out by another program (Catanatron's random maps, see
    /// [`catanatron`]) that the base game can be played on but that may
    /// break Tabula's designer rules (a desert on the coast, no barbarian
    /// fields): only its structure is checked (fields on distinct hexes,
    /// land with corners), not the rules a designer's map must follow.
    pub(crate) fn foreign(board: Board) -> CheckedBoard {
        CheckedBoard {
            board,
            warnings: Vec::new(),
            topo: TopologyCache::default(),
        }
    }

    /// Read and check a map text: the board, or every problem (with lines).
    pub fn from_text(text: &str) -> Result<CheckedBoard, Vec<Problem>> {
        let checked = check_text(text);
        match checked.board {
            Some(board) if !has_errors(&checked.problems) => Ok(CheckedBoard {
                board,
                warnings: checked.problems,
                topo: TopologyCache::default(),
            }),
            _ => Err(checked.problems),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Its warnings.
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }

    /// Its corners and sides, shared by every game set up from it.
    pub(crate) fn topology(&self) -> std::sync::Arc<game::topology::Topology> {
        self.topo
            .0
            .get_or_init(|| std::sync::Arc::new(game::topology::Topology::new(&self.board)))
            .clone()
    }
}

/// The format and layout stage: the board if every field has a place.
fn read_and_lay_out(text: &str) -> (Option<Board>, BTreeMap<String, Place>, Vec<Problem>) {
    if text.len() > MAX_BOARD_BYTES {
        let p = Problem::new(
            Rule::TooLarge,
            format!(
                "the map is {} bytes; at most {MAX_BOARD_BYTES} are accepted",
                text.len()
            ),
        );
        return (None, BTreeMap::new(), vec![p]);
    }
    let lines = read::read_lines(text);
    let mut problems = lines.problems;
    // Inserted, not collected: a collect sorts with a sort compiled per type.
    let mut places: BTreeMap<String, Place> = BTreeMap::new();
    places.extend(lines.fields.iter().map(|f| (f.id.clone(), f.at)));
    if lines.fields.is_empty() {
        problems.push(Problem::new(
            Rule::NoFields,
            "the map has no field lines (`id;TYPE;rotation;DIRECTION,id;…`)",
        ));
        return (None, places, problems);
    }
    let (hexes, layout_problems) = layout::lay_out(&lines.fields);
    problems.extend(layout_problems);
    let mut numbers: BTreeMap<&str, u8> = BTreeMap::new();
    numbers.extend(lines.numbers.iter().map(|n| (n.id.as_str(), n.number)));
    let fields: Option<Vec<Field>> = lines
        .fields
        .iter()
        .zip(&hexes)
        .map(|(f, h)| {
            Some(Field {
                id: f.id.clone(),
                kind: f.kind?,
                rotation: f.rotation,
                hex: (*h)?,
                number: numbers.get(f.id.as_str()).copied(),
            })
        })
        .collect();
    let board = fields.map(|fields| Board {
        name: lines.name.unwrap_or_default(),
        owner: lines.owner.unwrap_or_default(),
        names: lines.names,
        players: lines.players,
        comments: lines.comments,
        fields,
    });
    (board, places, problems)
}
