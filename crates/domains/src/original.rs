//! Game files of the original Domains program, in both of its formats
//! (documented with a sample game in `crates/domains/tests/fixtures/`):
//! read into frames (the board after setup and after every round, with the
//! points), and written from Tabula boards in the new (changes-only)
//! format, so that a file round-trips.
//!
//! Such a file holds boards, not orders: it becomes a replay of frames, not
//! a Tabula record.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use tabula_engine::record::{RecordError, apply_recorded, initial_state};
use tabula_engine::{Game, GameRecord, Problem};

use crate::board::{Board, NO_PLAYER, NONE, Thing};
use crate::history::CellHistory;
use crate::rules::Domains;

/// Square codes (offset from `:`) above this are errors.
const SQUARE_CODES: u8 = 25;
/// Unit codes (offset from `:`) above this are errors.
const UNIT_CODES: u8 = 14;
/// Largest board side accepted.
const MAX_SIDE: usize = 200;
/// Most rounds accepted.
const MAX_ROUNDS: usize = 100_000;

/// Which of the program's two formats a file uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Every cell every round; points are running totals.
    Old,
    /// Only changed cells; points are changes.
    New,
}

/// A game file of the original program: the board after setup and after
/// every round, kept as changes ([`CellHistory`]), with the points.
///
/// Memory: at most [`CHANGE_BYTES`](crate::history::CHANGE_BYTES) plus 2
/// bytes per cell change in the file, 8 bytes per player per round, and two
/// boards of 2 bytes a square: a few times the file's size, never rounds ×
/// squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginalGame {
    /// The format it was read from.
    pub format: Format,
    /// Rounds.
    pub rounds: u32,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The players' names.
    pub names: Vec<String>,
    /// The board after setup (frame 0), then after every round; codes are
    /// offsets from `:` (see [`square_code`] and [`unit_code`]).
    pub cells: CellHistory,
    /// Each player's points after each frame, frame by frame.
    pub points: Vec<i64>,
    /// The settings block, as (name, value).
    pub settings: Vec<(String, u64)>,
    /// The scores on the last line.
    pub scores: Vec<i64>,
}

impl OriginalGame {
    /// The number of frames (rounds + 1).
    pub fn frames(&self) -> usize {
        self.cells.len()
    }

    /// Each player's points after frame `frame`.
    pub fn points_at(&self, frame: usize) -> &[i64] {
        let n = self.names.len();
        self.points.get(frame * n..(frame + 1) * n).unwrap_or(&[])
    }

    /// Each cell's codes after frame `frame` (empty past the last frame).
    pub fn cells_at(&self, frame: usize) -> Vec<(u8, u8)> {
        self.cells.frame(frame).unwrap_or_default()
    }
}

/// The square code of a square: 0 empty; 1–4 painted by player 0–3; 5–8
/// zone of player 0–3; 9–12 drawn by player 0–3 on unpainted ground; 13–24
/// painted by one player and drawn by another (13–15: painted by 0, drawn
/// by 1, 2, 3; 16–18: painted by 1, drawn by 0, 2, 3; …).
pub fn square_code(painter: Option<u8>, zone: bool, drawer: Option<u8>) -> u8 {
    match (painter, zone, drawer) {
        (Some(p), true, _) => 5 + p,
        (None, _, Some(d)) => 9 + d,
        (Some(p), _, Some(d)) if d != p => 13 + 3 * p + if d < p { d } else { d - 1 },
        (Some(p), _, _) => 1 + p,
        (None, _, None) => 0,
    }
}

/// The unit code of what stands on a square: 0–3 a unit of player 0–3,
/// 4–7 an upgraded one, 8–11 a bubble of that colour, 12 a bonus, 13
/// nothing.
pub fn unit_code(board: &Board, thing: Thing) -> u8 {
    match thing {
        Thing::Empty => 13,
        Thing::Unit(u) => {
            let u = &board.units[u as usize];
            u.player + if u.upgraded { 4 } else { 0 }
        }
        Thing::Bubble(x) => 8 + board.bubbles[x as usize].map_or(0, |b| b.player),
        Thing::Bonus(_) => 12,
    }
}

/// Every cell's codes on a Tabula board.
pub fn board_cells(board: &Board) -> Vec<(u8, u8)> {
    board
        .squares
        .iter()
        .map(|s| {
            let drawer = (s.drawer != NONE).then(|| board.units[s.drawer as usize].player);
            (
                square_code(
                    (s.paint != NO_PLAYER).then_some(s.paint),
                    s.zone > 0,
                    drawer,
                ),
                unit_code(board, s.thing),
            )
        })
        .collect()
}

/// The program's settings block for Tabula options (names as the program
/// writes them, quirks included).
fn settings_lines(board: &Board) -> Vec<(&'static str, &'static str, u64)> {
    let o = &board.options;
    vec![
        ("NUMBER_OF_PLAYERS", "\t", board.players.len() as u64),
        ("UNITS_AT_START", "\t\t", 1),
        ("MAX_NUMBER_OF_UNITS", "\t", o.max_units as u64),
        ("MIN_NUMBER_OF_UNITS", "\t", 5),
        ("MAX_NUMBER_OF_BONUSES", "\t", o.max_bonuses as u64),
        ("MAX_BONUSES_PER_PLAYER", "\t", o.bonuses_per_player as u64),
        ("ROUNDS_PER_RESPAWN", "\t", o.rounds_per_respawn as u64),
        ("ROUNDS_PER_BUBBLE", "\t", o.rounds_per_bubble as u64),
        (
            "ROUNDS_PER_BUBBLE_MOVE",
            "",
            o.rounds_per_bubble_move as u64,
        ),
        ("MAX_ROUNDS_PER_BONUS", "\t", o.max_rounds_per_bonus as u64),
        ("POINTS_PER_UNIT", "\t\t", o.points_per_unit as u64),
        ("POINTS_PER_BUBBLE", "\t", o.points_per_bubble as u64),
        ("POINTS_PER_POP", "\t\t", o.points_per_pop as u64),
        ("POINTS_PER_SQUARE", "\t", o.points_per_square as u64),
        ("ENERGY_AT_START", "\t\t", o.energy_start as u64),
        ("MAX_ENERGY", "\t\t", o.energy_max as u64),
        ("MIN_ENERGY", "\t\t", o.energy_min as u64),
        ("ABILITY SIZE", "\t\t", o.ability_size as u64),
        ("ABILITY DURATION", "\t", o.ability_duration as u64),
        ("BOARD_WIDTH", "\t\t", board.cols as u64),
        ("BOARD_HEIGHT", "\t\t", board.rows as u64),
        ("ROUNDS_TO_POP", "\t", o.rounds_to_pop as u64),
    ]
}

/// A seat's name as the program's files write it: one word (spaces
/// become `_`, as the format separates names with spaces).
pub fn original_name(name: &str) -> String {
    let joined = name.split_whitespace().collect::<Vec<_>>().join("_");
    if joined.is_empty() {
        "_".into()
    } else {
        joined
    }
}

/// Write a game in the program's new format: `boards` is the board after
/// setup, then after every round (so one more than the rounds played).
pub fn write_new_format(names: &[String], boards: &[&Board]) -> String {
    let mut w = NewFormatWriter::default();
    for b in boards {
        w.push(b);
    }
    w.finish(names)
}

/// A Tabula record's game in the program's new format, its seats' names
/// made one word each ([`original_name`]). The record is replayed through
/// the checked path and its final hash compared first; the boards are
/// written one at a time, so memory stays that of the text written. Also
/// the game as it ends (it may not be over: a stopped game's record).
pub fn record_to_new_format(record: &GameRecord) -> Result<(String, Domains), RecordError> {
    let mut game = initial_state::<Domains>(record)?;
    let mut writer = NewFormatWriter::default();
    writer.push(&game.board);
    let mut round = game.board.round;
    for (index, step) in record.actions.iter().enumerate() {
        apply_recorded(&mut game, index, step)?;
        if game.board.round != round {
            round = game.board.round;
            writer.push(&game.board);
        }
    }
    let found = game.state_hash();
    if found != record.final_hash {
        return Err(RecordError::Hash {
            expected: record.final_hash,
            found,
        });
    }
    let names: Vec<String> = record
        .seats
        .iter()
        .map(|s| original_name(&s.name))
        .collect();
    Ok((writer.finish(&names), game))
}

/// Writes a game in the program's new format one board at a time, so that
/// only the text written and the latest board are held (not every board).
#[derive(Default)]
pub struct NewFormatWriter {
    body: String,
    size: (u8, u8),
    boards: usize,
    prev_cells: Vec<(u8, u8)>,
    prev_points: Vec<i64>,
    settings: Vec<(&'static str, &'static str, u64)>,
}

impl NewFormatWriter {
    /// Add the next board: after setup first, then after each round.
    pub fn push(&mut self, b: &Board) {
        if self.boards == 0 {
            self.size = (b.rows, b.cols);
            self.prev_cells = vec![(0u8, 13u8); b.squares.len()];
            self.prev_points = vec![0; b.players.len()];
        }
        let t = &mut self.body;
        let _ = write!(t, "{} ", self.boards.saturating_sub(1));
        for (p, prev) in self.prev_points.iter_mut().enumerate() {
            let score = b.players.get(p).map_or(0, |p| p.score);
            let _ = write!(t, "{} ", score.saturating_sub(*prev));
            *prev = score;
        }
        let cells = board_cells(b);
        let mut skip = 0;
        for (&c, old) in cells.iter().zip(self.prev_cells.iter()) {
            if c != *old {
                let _ = write!(t, "{skip}{}{}", (b':' + c.0) as char, (b':' + c.1) as char);
                skip = 0;
            }
            skip += 1;
        }
        t.push('\n');
        self.prev_cells = cells;
        self.settings = settings_lines(b);
        self.boards += 1;
    }

    /// The whole file, with `names` for the players.
    pub fn finish(self, names: &[String]) -> String {
        if self.boards == 0 {
            return String::new();
        }
        let mut t = String::with_capacity(self.body.len() + 1024);
        let rounds = self.boards - 1;
        let _ = writeln!(t, "{rounds} {} {}", self.size.0, self.size.1);
        let _ = writeln!(t, "{} {}", names.len(), names.join(" "));
        t.push_str(&self.body);
        for (name, sep, value) in &self.settings {
            let _ = writeln!(t, "{name}{sep}{value}");
        }
        for (p, name) in names.iter().enumerate() {
            let _ = write!(
                t,
                "{name} {} ",
                self.prev_points.get(p).copied().unwrap_or(0)
            );
        }
        t.push('\n');
        t
    }
}

/// A reader of the file, keeping the line number for problems.
struct Lines<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Split<'a, char>>>,
}

impl<'a> Lines<'a> {
    fn next(&mut self, what: &str) -> Result<(usize, &'a str), Problem> {
        match self.lines.next() {
            Some((i, l)) => Ok((i + 1, l.strip_suffix('\r').unwrap_or(l))),
            None => Err(Problem::error(
                "truncated",
                format!("the file ends where {what} was expected"),
            )),
        }
    }
}

fn number<T: std::str::FromStr>(
    line: usize,
    col: usize,
    word: &str,
    what: &str,
) -> Result<T, Problem> {
    word.parse().map_err(|_| {
        Problem::at(
            "not-a-number",
            line,
            col,
            format!("{what}: expected a number, found {word:?}"),
        )
    })
}

/// Split a line into words with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        if ch == ' ' {
            if let Some(s) = start.take() {
                out.push((s + 1, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &line[s..]));
    }
    out
}

/// Read a game file of the original program (either format), or the first
/// problem with its line and column.
pub fn parse_original(text: &str) -> Result<OriginalGame, Problem> {
    let mut lines = Lines {
        lines: text.split('\n').enumerate().peekable(),
    };
    let (ln, head) = lines.next("the header `ROUNDS ROWS COLS`")?;
    let w = words(head);
    if w.len() != 3 {
        return Err(Problem::at("header", ln, 1, "expected `ROUNDS ROWS COLS`"));
    }
    let rounds: usize = number(ln, w[0].0, w[0].1, "rounds")?;
    let rows: usize = number(ln, w[1].0, w[1].1, "rows")?;
    let cols: usize = number(ln, w[2].0, w[2].1, "columns")?;
    if rounds == 0
        || rounds > MAX_ROUNDS
        || rows == 0
        || cols == 0
        || rows > MAX_SIDE
        || cols > MAX_SIDE
    {
        return Err(Problem::at(
            "header",
            ln,
            1,
            format!("{rounds} rounds on {rows}×{cols}: out of range"),
        ));
    }
    let (ln, names_line) = lines.next("the players line `N NAME…`")?;
    let w = words(names_line);
    let n: usize = match w.first() {
        Some(&(c, x)) => number(ln, c, x, "number of players")?,
        None => return Err(Problem::at("players", ln, 1, "expected `N NAME…`")),
    };
    if !(1..=4).contains(&n) || w.len() != n + 1 {
        return Err(Problem::at(
            "players",
            ln,
            1,
            format!("expected {n} names after the number of players (1 to 4)"),
        ));
    }
    let names: Vec<String> = w[1..].iter().map(|(_, x)| x.to_string()).collect();
    let cells_n = rows * cols;
    let mut history = CellHistory::new(cells_n);
    let mut all_points: Vec<i64> = Vec::new();
    let mut format = None;
    let mut row = vec![(0u8, 13u8); cells_n];
    let mut points = vec![0i64; n];
    for i in 0..=rounds {
        let (ln, line) = lines.next("a board line")?;
        // The label and the points, each followed by one space.
        let mut pos = 0;
        let mut field = |what: &str| -> Result<i64, Problem> {
            let rest = &line[pos..];
            let Some(end) = rest.find(' ') else {
                return Err(Problem::at(
                    "board-line",
                    ln,
                    pos + 1,
                    format!("expected {what} followed by a space"),
                ));
            };
            let v = number(ln, pos + 1, &rest[..end], what)?;
            pos += end + 1;
            Ok(v)
        };
        let label = field("the round label")?;
        let expected = i.saturating_sub(1) as i64;
        if label != expected {
            return Err(Problem::at(
                "board-line",
                ln,
                1,
                format!("the round label is {label}; {expected} was expected"),
            ));
        }
        let mut pts = Vec::with_capacity(n);
        for p in 0..n {
            pts.push(field(&format!("player {p}'s points"))?);
        }
        let body = &line[pos..];
        let f = *format.get_or_insert(
            if body.len() == 2 * cells_n && !body.bytes().any(|c| c.is_ascii_digit()) {
                Format::Old
            } else {
                Format::New
            },
        );
        let code = |c: u8, col: usize, limit: u8| -> Result<u8, Problem> {
            match c.checked_sub(b':') {
                Some(x) if x <= limit => Ok(x),
                _ => Err(Problem::at(
                    "bad-code",
                    ln,
                    col,
                    format!("{:?} is not a cell code", c as char),
                )),
            }
        };
        let bytes = body.as_bytes();
        match f {
            Format::Old => {
                if bytes.len() != 2 * cells_n {
                    return Err(Problem::at(
                        "board-line",
                        ln,
                        pos + 1,
                        format!(
                            "{} cell characters; a full board has {}",
                            bytes.len(),
                            2 * cells_n
                        ),
                    ));
                }
                for (k, cell) in row.iter_mut().enumerate() {
                    let col = pos + 2 * k + 1;
                    *cell = (
                        code(bytes[2 * k], col, SQUARE_CODES)?,
                        code(bytes[2 * k + 1], col + 1, UNIT_CODES)?,
                    );
                    if cell.0 == SQUARE_CODES || cell.1 == UNIT_CODES {
                        return Err(error_code(ln, col));
                    }
                }
                history.set_all(&row);
                points = pts;
            }
            Format::New => {
                let mut k = 0usize;
                let mut at = 0usize;
                let mut first = true;
                while k < bytes.len() {
                    let start = k;
                    while k < bytes.len() && bytes[k].is_ascii_digit() {
                        k += 1;
                    }
                    if k == start || k - start > 7 {
                        return Err(Problem::at(
                            "board-line",
                            ln,
                            pos + start + 1,
                            "expected an offset (a decimal number)",
                        ));
                    }
                    let skip: usize = body[start..k].parse().unwrap_or(usize::MAX);
                    at = if first { skip } else { at.saturating_add(skip) };
                    first = false;
                    if at >= cells_n || k + 2 > bytes.len() {
                        return Err(Problem::at(
                            "board-line",
                            ln,
                            pos + start + 1,
                            "the change is past the board's end or cut short",
                        ));
                    }
                    let cell = (
                        code(bytes[k], pos + k + 1, SQUARE_CODES)?,
                        code(bytes[k + 1], pos + k + 2, UNIT_CODES)?,
                    );
                    if cell.0 == SQUARE_CODES || cell.1 == UNIT_CODES {
                        return Err(error_code(ln, pos + k + 1));
                    }
                    history.set(at, cell);
                    k += 2;
                }
                for (p, d) in points.iter_mut().zip(&pts) {
                    *p = p.saturating_add(*d);
                }
            }
        }
        history.end_frame();
        all_points.extend_from_slice(&points);
    }
    let mut settings = Vec::new();
    for _ in 0..22 {
        let (ln, line) = lines.next("a settings line")?;
        let digits = line.len() - line.bytes().rev().take_while(u8::is_ascii_digit).count();
        let (name, value) = line.split_at(digits);
        let name = name.trim_end();
        if value.is_empty() || name.is_empty() || name.bytes().any(|c| c.is_ascii_digit()) {
            return Err(Problem::at(
                "settings",
                ln,
                1,
                "expected a setting: a name, then its value",
            ));
        }
        settings.push((name.to_string(), number(ln, digits + 1, value, name)?));
    }
    let (ln, last) = lines.next("the scores line")?;
    let w = words(last);
    if w.len() != 2 * n {
        return Err(Problem::at(
            "scores",
            ln,
            1,
            format!("expected {n} names with their scores"),
        ));
    }
    let mut scores = Vec::with_capacity(n);
    for p in 0..n {
        if w[2 * p].1 != names[p] {
            return Err(Problem::at(
                "scores",
                ln,
                w[2 * p].0,
                format!("expected the name {:?}", names[p]),
            ));
        }
        let (c, x) = w[2 * p + 1];
        scores.push(number(ln, c, x, "a score")?);
    }
    if scores != points {
        return Err(Problem::at(
            "scores",
            ln,
            1,
            format!("the final scores {scores:?} differ from the last board's points {points:?}"),
        ));
    }
    for (i, rest) in lines.lines.by_ref() {
        if !rest.trim().is_empty() {
            return Err(Problem::at(
                "trailing",
                i + 1,
                1,
                "text after the scores line",
            ));
        }
    }
    Ok(OriginalGame {
        format: format.unwrap_or(Format::New),
        rounds: rounds as u32,
        rows,
        cols,
        names,
        cells: history,
        points: all_points,
        settings,
        scores,
    })
}

/// The problem of a cell holding one of the program's error codes.
fn error_code(line: usize, col: usize) -> Problem {
    Problem::at(
        "bad-code",
        line,
        col,
        "the board holds an error code (the program wrote it for a square it could not show)",
    )
}
