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
use tabula_engine::Problem;

use crate::board::{Board, NO_PLAYER, NONE, Thing};

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

/// One frame: the board after setup (the first) or after a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The label written in the file (`0` twice, then 1, 2, …).
    pub label: u32,
    /// Each player's points so far.
    pub points: Vec<i64>,
    /// Each cell's (square code, unit code), row by row; codes are offsets
    /// from `:` (see [`square_code`] and [`unit_code`]).
    pub cells: Vec<(u8, u8)>,
}

/// A game file of the original program.
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
    /// The board after setup, then after every round.
    pub frames: Vec<Frame>,
    /// The settings block, as (name, value).
    pub settings: Vec<(String, u64)>,
    /// The scores on the last line.
    pub scores: Vec<i64>,
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

/// Write a game in the program's new format: `boards` is the board after
/// setup, then after every round (so one more than the rounds played).
pub fn write_new_format(names: &[String], boards: &[&Board]) -> String {
    let mut t = String::new();
    let Some(first) = boards.first() else {
        return t;
    };
    let rounds = boards.len().saturating_sub(1);
    let _ = writeln!(t, "{rounds} {} {}", first.rows, first.cols);
    let _ = writeln!(t, "{} {}", names.len(), names.join(" "));
    let players = first.players.len();
    let mut prev_cells = vec![(0u8, 13u8); first.squares.len()];
    let mut prev_points = vec![0i64; players];
    for (i, b) in boards.iter().enumerate() {
        let label = i.saturating_sub(1);
        let _ = write!(t, "{label} ");
        for (p, prev) in prev_points.iter_mut().enumerate() {
            let _ = write!(t, "{} ", b.players[p].score - *prev);
            *prev = b.players[p].score;
        }
        let cells = board_cells(b);
        let mut skip = 0;
        for (&c, old) in cells.iter().zip(prev_cells.iter()) {
            if c != *old {
                let _ = write!(t, "{skip}{}{}", (b':' + c.0) as char, (b':' + c.1) as char);
                skip = 0;
            }
            skip += 1;
        }
        t.push('\n');
        prev_cells = cells;
    }
    if let Some(last) = boards.last() {
        for (name, sep, value) in settings_lines(last) {
            let _ = writeln!(t, "{name}{sep}{value}");
        }
        for (p, name) in names.iter().enumerate() {
            let _ = write!(t, "{name} {} ", last.players[p].score);
        }
        t.push('\n');
    }
    t
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
    let mut frames: Vec<Frame> = Vec::with_capacity(rounds + 1);
    let mut format = None;
    let mut cells = vec![(0u8, 13u8); cells_n];
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
                for (k, cell) in cells.iter_mut().enumerate() {
                    let col = pos + 2 * k + 1;
                    *cell = (
                        code(bytes[2 * k], col, SQUARE_CODES)?,
                        code(bytes[2 * k + 1], col + 1, UNIT_CODES)?,
                    );
                }
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
                    cells[at] = (
                        code(bytes[k], pos + k + 1, SQUARE_CODES)?,
                        code(bytes[k + 1], pos + k + 2, UNIT_CODES)?,
                    );
                    k += 2;
                }
                for (p, d) in points.iter_mut().zip(&pts) {
                    *p += d;
                }
            }
        }
        if cells
            .iter()
            .any(|&(s, u)| s == SQUARE_CODES || u == UNIT_CODES)
        {
            return Err(Problem::at(
                "bad-code",
                ln,
                pos + 1,
                "the board holds an error code",
            ));
        }
        frames.push(Frame {
            label: label as u32,
            points: points.clone(),
            cells: cells.clone(),
        });
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
        frames,
        settings,
        scores,
    })
}
