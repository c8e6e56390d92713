//! Positions written as text, for scenario tests and lessons: a board of
//! blank squares with the squares a test needs, where the Vector stands,
//! and the game's counters, then the round starts as the rules start it.
//!
//! ```text
//! square 4 8 POINTS 5 ALL     # row 4, column 8
//! square 2 10 MOVE SOUTH 3
//! vector 5 10                 # where the Vector stands
//! round 3                     # the round about to start (0-based)
//! first E                     # the last round's first seat (this round starts after it)
//! lost W 1                    # turns W still has to sit out
//! score N 7
//! rounds 12
//! goal win                    # option: a goal wins outright
//! ```

use std::sync::Arc;

use tabula_engine::{Problem, Problems, Seat};

use crate::board::{Board, SQUARES, read_board};
use crate::geometry::{Pos, SEAT_LETTERS, SIDE};
use crate::state::{GoalRule, Options, Vector};

fn seat(w: &str) -> Result<Seat, String> {
    SEAT_LETTERS
        .iter()
        .position(|s| *s == w)
        .map(|i| i as Seat)
        .ok_or_else(|| format!("`{w}` is not a seat (N, E, S or W)"))
}

fn coord(w: &str) -> Result<i8, String> {
    w.parse::<i8>()
        .ok()
        .filter(|x| (0..SIDE).contains(x))
        .ok_or_else(|| format!("`{w}` is not a row or column (0 to 20)"))
}

fn number<T: std::str::FromStr>(w: &str) -> Result<T, String> {
    w.parse().map_err(|_| format!("`{w}` is not a number"))
}

/// Read a position: the game at the start of its round, or every problem
/// with its line.
pub fn read_position(text: &str) -> Result<Vector, Problems> {
    read_position_on(text, None)
}

/// [`read_position`] on `base`'s squares instead of a blank board: the
/// position's `square` lines then change single squares of it (a board
/// file, as `tabula apply --ruleset vector --map FILE` reads one).
pub fn read_position_on(text: &str, base: Option<&Board>) -> Result<Vector, Problems> {
    let mut squares = match base {
        Some(b) => b.squares.iter().map(|s| s.words()).collect(),
        None => vec!["BLANK".to_string(); SQUARES],
    };
    let mut options = Options::default();
    let mut pos = Pos::START;
    let mut round = 0u8;
    let mut first: Option<Seat> = None;
    let mut lost = [0u8; 4];
    let mut scores = [0i32; 4];
    let mut problems = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let words: Vec<&str> = raw
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let r: Result<(), String> = (|| {
            match words.as_slice() {
                [] => {}
                ["square", r, c, rest @ ..] => {
                    let p = Pos {
                        row: coord(r)?,
                        col: coord(c)?,
                    };
                    squares[p.index()] = rest.join(" ");
                }
                ["vector", r, c] => {
                    pos = Pos {
                        row: coord(r)?,
                        col: coord(c)?,
                    }
                }
                ["round", n] => round = number(n)?,
                ["first", s] => first = Some(seat(s)?),
                ["lost", s, n] => lost[seat(s)? as usize] = number(n)?,
                ["score", s, n] => scores[seat(s)? as usize] = number(n)?,
                ["rounds", n] => options.rounds = number(n)?,
                ["goal", "win"] => options.goal = GoalRule::Win,
                ["goal", "double"] => options.goal = GoalRule::DoubleAndEnd,
                [w, ..] => return Err(format!("`{w}` does not start a position line")),
            }
            Ok(())
        })();
        if let Err(m) = r {
            problems.push(Problem::at("bad-line", line, 1, m));
        }
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let mut board: Board = read_board(&squares.join("\n"))?;
    if let Some(b) = base {
        board.name = b.name.clone();
    }
    let mut g = Vector::new(&options, Arc::new(board));
    g.pos = pos;
    g.round = round;
    g.scores = scores;
    g.lost_new = lost;
    g.lost = [0; 4];
    // Start the round again from these counters, after `first`.
    g.restart_round(first);
    if round >= options.rounds {
        return Err(Problem::error(
            "round",
            format!("round {round} is past the game's {} rounds", options.rounds),
        )
        .into());
    }
    Ok(g)
}
