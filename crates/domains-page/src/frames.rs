//! What the viewer draws: one frame per round (the board after setup, then
//! after every round), whether the game was played here, opened from a
//! Tabula record, or read from a file of the original program. A frame
//! holds each square's codes as the original program writes them (so both
//! sources meet in one form), each unit's energy when it is known, and
//! the points.

use serde::{Deserialize, Serialize};
use tabula_domains::history::CellHistory;
use tabula_domains::original::{OriginalGame, board_cells};
use tabula_domains::{Board, Domains};
use tabula_engine::record::{apply_recorded, initial_state};
use tabula_engine::{Game, GameRecord, RecordError, Ruleset};

/// Square code of an empty square.
pub const EMPTY: u8 = 0;
/// Unit code of a square with nothing on it.
pub const NOTHING: u8 = 13;

/// The board after setup (round 0) or after a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// Rounds played.
    pub round: u32,
    /// Each player's points.
    pub points: Vec<i64>,
    /// Each square's (square code, unit code), row by row, written two
    /// characters a square from `:` as the original program does.
    pub cells: String,
    /// (square, energy) of each unit, when known (a file of the original
    /// program does not hold energies).
    pub energies: Vec<(u16, u8)>,
    /// Owned squares per player, when known.
    pub squares: Vec<u32>,
}

impl Frame {
    /// The frame of a Tabula board.
    pub fn of_board(board: &Board) -> Frame {
        Frame {
            round: board.round,
            points: board.players.iter().map(|p| p.score).collect(),
            cells: write_cells(&board_cells(board)),
            energies: board
                .units
                .iter()
                .filter(|u| u.alive())
                .map(|u| (u.at, u.energy))
                .collect(),
            squares: (0..board.player_count())
                .map(|p| board.painted_by(p as u8) as u32)
                .collect(),
        }
    }

    /// The codes of square `index`: (square code, unit code), or empty
    /// when out of range.
    pub fn cell(&self, index: usize) -> (u8, u8) {
        let b = self.cells.as_bytes();
        match (b.get(2 * index), b.get(2 * index + 1)) {
            (Some(&s), Some(&u)) => (s.wrapping_sub(b':'), u.wrapping_sub(b':')),
            _ => (EMPTY, NOTHING),
        }
    }

    /// The energy of the unit on square `index`, when known.
    pub fn energy_at(&self, index: usize) -> Option<u8> {
        self.energies
            .iter()
            .find(|(at, _)| *at as usize == index)
            .map(|&(_, e)| e)
    }
}

/// Write cell codes two characters a cell.
pub fn write_cells(cells: &[(u8, u8)]) -> String {
    let mut s = String::with_capacity(cells.len() * 2);
    for &(a, b) in cells {
        s.push((b':' + a) as char);
        s.push((b':' + b) as char);
    }
    s
}

/// A whole game as frames, with the seats' names and the board's size.
///
/// The boards are kept as changes ([`CellHistory`]): memory grows with
/// what changes, not with rounds × squares; a frame's board is rebuilt
/// when it is shown ([`Film::frame`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Film {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Rounds the game lasts (frames are one more once it is over).
    pub rounds: u32,
    /// The seats' names.
    pub names: Vec<String>,
    /// The frames so far, without their boards (`cells` is empty: the
    /// boards are in `boards`).
    pub frames: Vec<Frame>,
    /// The frames' boards, as changes.
    pub boards: CellHistory,
}

impl Film {
    /// A film with no frame yet.
    pub fn new(rows: usize, cols: usize, rounds: u32, names: Vec<String>) -> Film {
        Film {
            rows,
            cols,
            rounds,
            names,
            frames: Vec::new(),
            boards: CellHistory::new(rows * cols),
        }
    }

    /// Add the next frame (its board goes into `boards`).
    pub fn push(&mut self, mut frame: Frame) {
        let b = frame.cells.as_bytes();
        for at in 0..self.boards.squares() {
            if let (Some(&s), Some(&u)) = (b.get(2 * at), b.get(2 * at + 1)) {
                self.boards
                    .set(at, (s.wrapping_sub(b':'), u.wrapping_sub(b':')));
            }
        }
        self.boards.end_frame();
        frame.cells = String::new();
        self.frames.push(frame);
    }

    /// Frame `index` with its board.
    pub fn frame(&self, index: usize) -> Option<Frame> {
        let mut f = self.frames.get(index)?.clone();
        f.cells = write_cells(&self.boards.frame(index)?);
        Some(f)
    }

    /// The frames of a file of the original program.
    pub fn of_original(game: &OriginalGame) -> Film {
        let mut film = Film::new(game.rows, game.cols, game.rounds, game.names.clone());
        film.boards = game.cells.clone();
        film.frames = (0..game.frames())
            .map(|i| Frame {
                round: i as u32,
                points: game.points_at(i).to_vec(),
                cells: String::new(),
                energies: Vec::new(),
                squares: Vec::new(),
            })
            .collect();
        film
    }

    /// Replay a Tabula record through the checked path, keeping the board
    /// after setup and after every round.
    pub fn of_record(record: &GameRecord) -> Result<(Film, Domains), RecordError> {
        let mut film: Option<Film> = None;
        let game = replay_rounds(record, |b| {
            let f = film.get_or_insert_with(|| {
                Film::new(
                    b.rows as usize,
                    b.cols as usize,
                    b.options.rounds,
                    shown_names(record),
                )
            });
            f.push(Frame::of_board(b));
        })?;
        if game.state_hash() != record.final_hash {
            return Err(RecordError::Hash {
                expected: record.final_hash,
                found: game.state_hash(),
            });
        }
        let film = film.unwrap_or_else(|| {
            Film::new(
                game.board.rows as usize,
                game.board.cols as usize,
                game.board.options.rounds,
                shown_names(record),
            )
        });
        Ok((film, game))
    }

    /// Whether every round has its frame.
    pub fn is_complete(&self) -> bool {
        self.frames.len() as u32 > self.rounds
    }

    /// The seats with the most points at the last frame, and those
    /// points (the winners, once the film is complete).
    pub fn leaders(&self) -> Option<(Vec<u8>, i64)> {
        let last = self.frames.last()?;
        let best = last.points.iter().copied().max()?;
        let seats = (0..last.points.len())
            .filter(|&i| last.points[i] == best)
            .map(|i| i as u8)
            .collect();
        Some((seats, best))
    }

    /// The highest points of any frame (for the chart's scale), at least 1.
    pub fn top_points(&self) -> i64 {
        self.frames
            .iter()
            .flat_map(|f| f.points.iter().copied())
            .max()
            .unwrap_or(1)
            .max(1)
    }
}

/// The actions played when each round's frame was reached (0 for the
/// board after setup): the move of the teacher's note shown at a frame.
pub fn round_ends(record: &GameRecord) -> Result<Vec<usize>, RecordError> {
    let mut ends = Vec::new();
    replay_rounds_at(record, |_, at| ends.push(at))?;
    Ok(ends)
}

/// Replay a record through the checked path, calling `each` with the
/// board after setup and after every round; the game at the end.
fn replay_rounds(
    record: &GameRecord,
    mut each: impl FnMut(&Board),
) -> Result<Domains, RecordError> {
    replay_rounds_at(record, |b, _| each(b))
}

/// [`replay_rounds`], telling `each` the actions played too.
fn replay_rounds_at(
    record: &GameRecord,
    mut each: impl FnMut(&Board, usize),
) -> Result<Domains, RecordError> {
    if record.ruleset != Domains::NAME {
        return Err(RecordError::Ruleset {
            found: record.ruleset.clone(),
            expected: Domains::NAME.into(),
        });
    }
    let mut game: Domains = initial_state(record)?;
    each(&game.board, 0);
    for (index, step) in record.actions.iter().enumerate() {
        let round = game.board.round;
        apply_recorded(&mut game, index, step)?;
        if game.board.round != round {
            each(&game.board, index + 1);
        }
    }
    Ok(game)
}

/// The record's seats' names as the page says them (a default name given
/// in either language in the page's: `You` is `Du` on a German page).
fn shown_names(record: &GameRecord) -> Vec<String> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| tabula_page_kit::players::shown_name(&s.name, i))
        .collect()
}
