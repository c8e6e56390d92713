//! Board files in the 2009 engine's own format (seed 004): plain text,
//! one square per line in words, row by row, 21 to a row, 441 in all;
//! `#` starts a comment and blank lines are skipped. The squares:
//!
//! ```text
//! BLANK
//! POINTS 5 ALL            # the mover gains 5
//! POINTS -3 NORTH         # North loses 3, whoever moved
//! POINTS 2 SOUTH EAST     # +2 to the listed seat on the mover's team (−: the other team's)
//! POINTS 10 ALL YELLOW    # yellow: nothing for the round's first mover
//! NOTURN WEST             # West loses its next turn
//! MOVE NORTH 3            # push 1–3 squares (nothing for the first mover)
//! ```
//!
//! [`read_board`] lists every problem with its line; [`write_board`]
//! writes a board back; [`starter_board`] is the rules document's starter.

use std::fmt::Write as _;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tabula_engine::{Problem, Problems, Seat};

use crate::geometry::{Dir, Pos, SEAT_WORDS, SIDE, partners, seat_of_word};

/// Squares on a board.
pub const SQUARES: usize = (SIDE as usize) * (SIDE as usize);
/// Largest points value a square may carry (either sign).
pub const MAX_POINTS: i32 = 20;
/// Largest board file accepted, in bytes.
pub const MAX_BOARD_BYTES: usize = 256 * 1024;

/// Who a points square pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payee {
    /// The mover.
    All,
    /// This seat, whoever moved.
    Seat(Seat),
    /// One N/S seat and one E/W seat: a gain goes to the one on the
    /// mover's team, a loss to the one on the other team.
    Pair(Seat, Seat),
}

/// What a square does when the Vector lands on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Square {
    /// Nothing.
    #[default]
    Blank,
    /// Points.
    Points {
        /// The value (may be negative).
        value: i32,
        /// Who gets it.
        to: Payee,
        /// Yellow: nothing for the round's first mover.
        yellow: bool,
    },
    /// The seat loses its next turn.
    NoTurn(Seat),
    /// A push (nothing for the round's first mover).
    Move {
        /// Where to.
        dir: Dir,
        /// 1–3 squares.
        steps: u8,
    },
}

impl Square {
    /// The square in the board file's words.
    pub fn words(&self) -> String {
        let mut out = String::new();
        self.write_words(&mut out);
        out
    }

    /// Append the square in the board file's words to `out` (what
    /// [`Square::words`] gives, without a string of its own).
    pub fn write_words(&self, out: &mut String) {
        match *self {
            Square::Blank => out.push_str("BLANK"),
            Square::Points { value, to, yellow } => {
                // Writing to a String cannot fail.
                let _ = write!(out, "POINTS {value} ");
                match to {
                    Payee::All => out.push_str("ALL"),
                    Payee::Seat(s) => out.push_str(SEAT_WORDS[s as usize]),
                    Payee::Pair(a, b) => {
                        out.push_str(SEAT_WORDS[a as usize]);
                        out.push(' ');
                        out.push_str(SEAT_WORDS[b as usize]);
                    }
                }
                if yellow {
                    out.push_str(" YELLOW");
                }
            }
            Square::NoTurn(s) => {
                out.push_str("NOTURN ");
                out.push_str(SEAT_WORDS[s as usize]);
            }
            Square::Move { dir, steps } => {
                out.push_str("MOVE ");
                out.push_str(dir.word());
                let _ = write!(out, " {steps}");
            }
        }
    }

    /// The square turned a quarter clockwise (seats N→E→S→W, directions
    /// a quarter on), a pair written N/S seat first.
    pub fn turned(&self) -> Square {
        let seat = |s: Seat| (s + 1) % 4;
        match *self {
            Square::Blank => Square::Blank,
            Square::Points { value, to, yellow } => Square::Points {
                value,
                yellow,
                to: match to {
                    Payee::All => Payee::All,
                    Payee::Seat(s) => Payee::Seat(seat(s)),
                    Payee::Pair(a, b) => {
                        let (a, b) = (seat(a), seat(b));
                        if a % 2 == 0 {
                            Payee::Pair(a, b)
                        } else {
                            Payee::Pair(b, a)
                        }
                    }
                },
            },
            Square::NoTurn(s) => Square::NoTurn(seat(s)),
            Square::Move { dir, steps } => Square::Move {
                dir: dir.turned(2),
                steps,
            },
        }
    }
}

/// A board: 441 squares, row-major, and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The board's name (from a `# name:` comment; may be empty).
    pub name: String,
    /// The squares, row by row.
    pub squares: Vec<Square>,
}

impl Board {
    /// The square at `p` (on the board).
    pub fn at(&self, p: Pos) -> Square {
        self.squares[p.index()]
    }
}

fn parse_square(words: &[&str]) -> Result<Square, (String, &'static str)> {
    let bad = |m: String, rule| Err((m, rule));
    match words {
        ["BLANK"] => Ok(Square::Blank),
        ["NOTURN", s] => match seat_of_word(s) {
            Some(seat) => Ok(Square::NoTurn(seat)),
            None => bad(
                format!("`{s}` is not a seat (NORTH, EAST, SOUTH or WEST)"),
                "bad-seat",
            ),
        },
        ["MOVE", d, n] => {
            let Some(dir) = Dir::ALL.into_iter().find(|x| x.word() == *d) else {
                return bad(
                    format!("`{d}` is not a direction (NORTH, NORTHEAST, … NORTHWEST)"),
                    "bad-direction",
                );
            };
            match n.parse::<u8>() {
                Ok(steps @ 1..=3) => Ok(Square::Move { dir, steps }),
                _ => bad(format!("a push is 1 to 3 squares, not `{n}`"), "bad-push"),
            }
        }
        ["POINTS", v, rest @ ..] => {
            let Ok(value) = v.parse::<i32>() else {
                return bad(
                    format!("`{v}` is not a whole number of points"),
                    "bad-points",
                );
            };
            if value.abs() > MAX_POINTS {
                return bad(
                    format!("{value} points is too many: at most {MAX_POINTS} either way"),
                    "bad-points",
                );
            }
            let (rest, yellow) = match rest {
                [r @ .., "YELLOW"] => (r, true),
                r => (r, false),
            };
            let to = match rest {
                ["ALL"] => Payee::All,
                [s] => match seat_of_word(s) {
                    Some(seat) => Payee::Seat(seat),
                    None => {
                        return bad(
                            format!("`{s}` is not ALL or a seat (NORTH, EAST, SOUTH, WEST)"),
                            "bad-seat",
                        );
                    }
                },
                [a, b] => match (seat_of_word(a), seat_of_word(b)) {
                    (Some(x), Some(y)) if !partners(x, y) => {
                        if x % 2 == 0 {
                            Payee::Pair(x, y)
                        } else {
                            Payee::Pair(y, x)
                        }
                    }
                    (Some(_), Some(_)) => {
                        return bad(
                            format!(
                                "a two-seat square names one of NORTH and SOUTH and one of EAST and WEST, not {a} and {b}"
                            ),
                            "bad-pair",
                        );
                    }
                    _ => {
                        return bad(format!("`{a} {b}` are not two seats"), "bad-seat");
                    }
                },
                [] => {
                    return bad(
                        "say who gets the points: ALL or one or two seats".into(),
                        "bad-points",
                    );
                }
                _ => {
                    return bad(
                        "too many words: POINTS value, then ALL or one or two seats, then YELLOW"
                            .into(),
                        "bad-points",
                    );
                }
            };
            Ok(Square::Points { value, to, yellow })
        }
        [] => bad("an empty square".into(), "bad-square"),
        [w, ..] => bad(
            format!("`{w}` is not a square: BLANK, POINTS, NOTURN or MOVE"),
            "bad-square",
        ),
    }
}

/// Read a board file: the board, or every problem found, each with its
/// line (`12: a push is 1 to 3 squares, not 4 [bad-push]`).
pub fn read_board(text: &str) -> Result<Board, Problems> {
    if text.len() > MAX_BOARD_BYTES {
        return Err(Problem::error(
            "too-large",
            format!(
                "the board file is {} bytes; at most {MAX_BOARD_BYTES} are accepted",
                text.len()
            ),
        )
        .into());
    }
    let mut problems = Vec::new();
    let mut squares = Vec::with_capacity(SQUARES);
    let mut lines = Vec::with_capacity(SQUARES);
    let mut name = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if let Some(n) = raw.trim().strip_prefix("# name:") {
            name = n
                .trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(60)
                .collect();
        }
        let body = raw.split('#').next().unwrap_or("");
        let words: Vec<&str> = body.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        if squares.len() == SQUARES {
            problems.push(Problem::at(
                "too-many-squares",
                line,
                1,
                format!("a board has {SQUARES} squares (21 rows of 21); this is one more"),
            ));
            break;
        }
        match parse_square(&words) {
            Ok(sq) => squares.push(sq),
            Err((message, rule)) => {
                problems.push(Problem::at(rule, line, 1, message));
                squares.push(Square::Blank);
            }
        }
        lines.push(line);
        if problems.len() >= 50 {
            break;
        }
    }
    if squares.len() < SQUARES && problems.len() < 50 {
        problems.push(Problem::error(
            "too-few-squares",
            format!(
                "a board has {SQUARES} squares (21 rows of 21, one a line); this file has {}",
                squares.len()
            ),
        ));
    }
    if problems.is_empty() {
        let blank = [
            (Pos::START, "the start (10, 10)"),
            (Pos { row: 0, col: 0 }, "the corner (0, 0)"),
            (Pos { row: 0, col: 20 }, "the corner (0, 20)"),
            (Pos { row: 20, col: 0 }, "the corner (20, 0)"),
            (Pos { row: 20, col: 20 }, "the corner (20, 20)"),
        ];
        for (p, what) in blank {
            if squares[p.index()] != Square::Blank {
                problems.push(Problem::at(
                    "must-be-blank",
                    lines[p.index()],
                    1,
                    format!("{what} must be BLANK: the Vector starts there or is put there"),
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(Board { name, squares })
    } else {
        Err(Problems(problems))
    }
}

/// Write a board file: a header, then one line per square with each
/// row's start marked.
pub fn write_board(b: &Board) -> String {
    let mut out = String::new();
    if !b.name.is_empty() {
        out.push_str(&format!("# name: {}\n", b.name));
    }
    out.push_str("# A Vector board: 21 rows of 21 squares, one square a line, row by row.\n");
    for (i, sq) in b.squares.iter().enumerate() {
        if i % SIDE as usize == 0 {
            out.push_str(&format!("# row {}\n", i / SIDE as usize));
        }
        sq.write_words(&mut out);
        out.push('\n');
    }
    out
}

/// The squares as the state hash reads them: each square's words and a
/// line end, row by row.
pub fn squares_text(b: &Board) -> String {
    let mut out = String::with_capacity(SQUARES * 8);
    for sq in &b.squares {
        sq.write_words(&mut out);
        out.push('\n');
    }
    out
}

/// A board four times over: `wedge` holds the north quarter's squares
/// (row < column < 20 − row); each is turned a quarter, a half and three
/// quarters about the middle for the east, south and west quarters.
pub fn symmetric_board(name: &str, wedge: &[((i8, i8), Square)]) -> Board {
    let mut squares = vec![Square::Blank; SQUARES];
    for &((row, col), sq) in wedge {
        let mut p = Pos { row, col };
        let mut s = sq;
        for _ in 0..4 {
            squares[p.index()] = s;
            p = p.turned();
            s = s.turned();
        }
    }
    Board {
        name: name.into(),
        squares,
    }
}

/// The rules document's starter board (`docs/vector/rules.md`; shipped as
/// `maps/vector/starter.txt`).
pub fn starter_board() -> Board {
    use Payee::*;
    let pts = |value, to, yellow| Square::Points { value, to, yellow };
    symmetric_board(
        "Starter",
        &[
            (
                (2, 10),
                Square::Move {
                    dir: Dir::S,
                    steps: 3,
                },
            ),
            (
                (1, 4),
                Square::Move {
                    dir: Dir::E,
                    steps: 3,
                },
            ),
            (
                (1, 16),
                Square::Move {
                    dir: Dir::W,
                    steps: 3,
                },
            ),
            ((4, 8), pts(5, All, false)),
            ((4, 12), pts(5, All, true)),
            ((2, 13), pts(10, All, true)),
            ((8, 11), pts(1, All, false)),
            ((3, 6), pts(-5, All, false)),
            ((6, 10), pts(3, Seat(0), false)),
            ((5, 10), pts(-3, Seat(0), false)),
            ((7, 9), pts(2, Pair(0, 1), false)),
            ((3, 14), Square::NoTurn(0)),
        ],
    )
}

/// A board shared by every game that uses it.
pub type SharedBoard = Arc<Board>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_board_reads_back_as_written_and_is_symmetric() {
        let b = starter_board();
        let text = write_board(&b);
        assert_eq!(read_board(&text).unwrap(), b);
        assert_eq!(
            b.squares.iter().filter(|s| **s != Square::Blank).count(),
            48
        );
        // North's −3 square turns into East's at (10, 14).
        assert_eq!(
            b.at(Pos { row: 10, col: 15 }),
            Square::Points {
                value: -3,
                to: Payee::Seat(1),
                yellow: false
            }
        );
        assert_eq!(
            b.at(Pos { row: 10, col: 18 }),
            Square::Move {
                dir: Dir::W,
                steps: 3
            }
        );
        // A pair turned keeps the N/S seat first.
        assert_eq!(
            b.at(Pos { row: 9, col: 13 }),
            Square::Points {
                value: 2,
                to: Payee::Pair(2, 1),
                yellow: false
            }
        );
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let mut lines: Vec<String> = vec!["BLANK".into(); SQUARES];
        lines[3] = "MOVE NORTH 4".into();
        lines[4] = "POINTS 2 NORTH SOUTH".into();
        lines[5] = "POINTS 50 ALL".into();
        lines[6] = "TELEPORT".into();
        lines[7] = "NOTURN UP".into();
        lines[0] = "POINTS 1 ALL".into();
        let text = format!("# a comment\n{}\n", lines.join("\n"));
        let e = read_board(&text).unwrap_err().to_string();
        for want in [
            "5:1: a push is 1 to 3 squares, not `4` [bad-push]",
            "6:1: a two-seat square names one of NORTH and SOUTH",
            "7:1: 50 points is too many",
            "8:1: `TELEPORT` is not a square",
            "9:1: `UP` is not a seat",
        ] {
            assert!(e.contains(want), "{want} in:\n{e}");
        }
        // Too few squares, and a corner that is not blank.
        let e = read_board("BLANK\nBLANK\n").unwrap_err().to_string();
        assert!(e.contains("this file has 2"), "{e}");
        let e = read_board(&format!("{}\n", lines_with(0, "POINTS 1 ALL"))).unwrap_err();
        assert!(
            e.to_string()
                .contains("1:1: the corner (0, 0) must be BLANK"),
            "{e}"
        );
        let e = read_board(&"BLANK\n".repeat(442)).unwrap_err().to_string();
        assert!(e.contains("442:1:") && e.contains("one more"), "{e}");
        assert!(read_board(&"x".repeat(MAX_BOARD_BYTES + 1)).is_err());
    }

    fn lines_with(i: usize, sq: &str) -> String {
        let mut lines: Vec<&str> = vec!["BLANK"; SQUARES];
        lines[i] = sq;
        lines.join("\n")
    }
}
