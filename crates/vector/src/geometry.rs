//! The board's geometry: 21×21 squares, rows 0–20 from north to south and
//! columns 0–20 from west to east; the four seats and their goals (the
//! middle three squares of their own edge); the eight directions; a move
//! clipped to one square off the board; where a piece that leaves the
//! board elsewhere than a goal goes.

use serde::{Deserialize, Serialize};
use tabula_engine::Seat;

/// Squares a side.
pub const SIDE: i8 = 21;
/// The middle row and column (the start, and the middle of each goal).
pub const MIDDLE: i8 = 10;

/// The seats, in the order N, E, S, W (seat numbers 0–3).
pub const SEAT_LETTERS: [&str; 4] = ["N", "E", "S", "W"];
/// The seats' names in board files.
pub const SEAT_WORDS: [&str; 4] = ["NORTH", "EAST", "SOUTH", "WEST"];

/// The seat named by a board file's word (`NORTH`).
pub fn seat_of_word(w: &str) -> Option<Seat> {
    SEAT_WORDS.iter().position(|s| *s == w).map(|i| i as Seat)
}

/// Whether two seats are partners (N+S, E+W).
pub fn partners(a: Seat, b: Seat) -> bool {
    a % 2 == b % 2
}

/// One of the eight directions, N = 0 clockwise to NW = 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
#[allow(missing_docs)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// All eight, N first, clockwise.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// Its number, N = 0 clockwise.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The protocol's word (`NE`).
    pub fn short(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self.index()]
    }

    /// The board file's word (`NORTHEAST`).
    pub fn word(self) -> &'static str {
        [
            "NORTH",
            "NORTHEAST",
            "EAST",
            "SOUTHEAST",
            "SOUTH",
            "SOUTHWEST",
            "WEST",
            "NORTHWEST",
        ][self.index()]
    }

    /// The direction a protocol word (`NE`) names, and only that.
    pub fn from_short(w: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.short() == w)
    }

    /// The direction a protocol word (`NE`) or a board word (`NORTHEAST`) names.
    pub fn parse(w: &str) -> Option<Dir> {
        Dir::from_short(w).or_else(|| Dir::ALL.into_iter().find(|d| d.word() == w))
    }

    /// One step: (rows, columns).
    pub fn delta(self) -> (i8, i8) {
        [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
        ][self.index()]
    }

    /// Turned clockwise by `eighths` eighths of a turn.
    pub fn turned(self, eighths: usize) -> Dir {
        Dir::ALL[(self.index() + eighths) % 8]
    }
}

/// A square, or a place one square off the board: (row, column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    /// Row, 0 north to 20 south (−1 or 21 just off).
    pub row: i8,
    /// Column, 0 west to 20 east (−1 or 21 just off).
    pub col: i8,
}

impl Pos {
    /// The start, in the middle.
    pub const START: Pos = Pos {
        row: MIDDLE,
        col: MIDDLE,
    };

    /// Whether it is on the board.
    pub fn on_board(self) -> bool {
        (0..SIDE).contains(&self.row) && (0..SIDE).contains(&self.col)
    }

    /// Its index in row-major order (on the board only).
    pub fn index(self) -> usize {
        self.row as usize * SIDE as usize + self.col as usize
    }

    /// The square of a row-major index.
    pub fn of_index(i: usize) -> Pos {
        Pos {
            row: (i / SIDE as usize) as i8,
            col: (i % SIDE as usize) as i8,
        }
    }

    fn within_one(self) -> bool {
        (-1..=SIDE).contains(&self.row) && (-1..=SIDE).contains(&self.col)
    }

    /// Turned a quarter clockwise about the middle: (r, c) → (c, 20 − r).
    pub fn turned(self) -> Pos {
        Pos {
            row: self.col,
            col: SIDE - 1 - self.row,
        }
    }
}

/// Where a straight move of `steps` in `dir` from `from` ends, cut short
/// so that it ends at most one square off the board (rule 4).
pub fn travel(from: Pos, dir: Dir, steps: u8) -> Pos {
    let (dr, dc) = dir.delta();
    let mut at = from;
    for _ in 0..steps {
        let next = Pos {
            row: at.row + dr,
            col: at.col + dc,
        };
        if !next.within_one() {
            break;
        }
        at = next;
        if !at.on_board() {
            break;
        }
    }
    at
}

/// The seat whose goal a piece that left the board at `off`, moving in
/// `dir`, went through: it left through the middle three squares of an
/// edge, and not diagonally from outside them (the square it left from is
/// one of the three).
pub fn goal_at(off: Pos, dir: Dir) -> Option<Seat> {
    let (dr, dc) = dir.delta();
    let from = Pos {
        row: off.row - dr,
        col: off.col - dc,
    };
    let mid = |x: i8| (MIDDLE - 1..=MIDDLE + 1).contains(&x);
    if !from.on_board() {
        return None;
    }
    let (seat, along_off, along_from) = if off.row == -1 {
        (0, off.col, from.col)
    } else if off.col == SIDE {
        (1, off.row, from.row)
    } else if off.row == SIDE {
        (2, off.col, from.col)
    } else if off.col == -1 {
        (3, off.row, from.row)
    } else {
        return None;
    };
    // A corner off two edges is never a goal.
    let corner = (off.row == -1 || off.row == SIDE) && (off.col == -1 || off.col == SIDE);
    (!corner && mid(along_off) && mid(along_from)).then_some(seat)
}

/// The corner a piece that left the board at `off` (not through a goal)
/// is put on: the nearest corner on the edge it crossed.
pub fn corner_for(off: Pos) -> Pos {
    let end = SIDE - 1;
    let pick = |x: i8| if x < MIDDLE { 0 } else { end };
    if off.row == -1 || off.row == SIDE {
        Pos {
            row: if off.row == -1 { 0 } else { end },
            col: pick(off.col.clamp(0, end)),
        }
    } else {
        Pos {
            row: pick(off.row.clamp(0, end)),
            col: if off.col == -1 { 0 } else { end },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: i8, col: i8) -> Pos {
        Pos { row, col }
    }

    #[test]
    fn moves_stop_one_square_off_the_board() {
        assert_eq!(travel(p(10, 10), Dir::N, 3), p(7, 10));
        assert_eq!(travel(p(1, 5), Dir::N, 3), p(-1, 5));
        assert_eq!(travel(p(0, 0), Dir::NW, 3), p(-1, -1));
        assert_eq!(travel(p(1, 19), Dir::NE, 3), p(-1, 21));
        assert_eq!(travel(p(5, 5), Dir::SE, 0), p(5, 5));
    }

    #[test]
    fn goals_are_the_middle_three_squares_not_entered_diagonally_from_outside() {
        // North: row −1, columns 9–11.
        assert_eq!(goal_at(p(-1, 10), Dir::N), Some(0));
        assert_eq!(goal_at(p(-1, 10), Dir::NE), Some(0), "from (0, 9), inside");
        assert_eq!(goal_at(p(-1, 9), Dir::N), Some(0));
        assert_eq!(goal_at(p(-1, 9), Dir::NE), None, "from (0, 8), outside");
        assert_eq!(goal_at(p(-1, 9), Dir::NW), Some(0));
        assert_eq!(goal_at(p(-1, 11), Dir::NW), None, "from (0, 12), outside");
        assert_eq!(goal_at(p(-1, 12), Dir::NE), None, "beside the goal");
        // The other edges.
        assert_eq!(goal_at(p(10, 21), Dir::E), Some(1));
        assert_eq!(goal_at(p(9, 21), Dir::SE), None);
        assert_eq!(goal_at(p(21, 11), Dir::S), Some(2));
        assert_eq!(goal_at(p(21, 11), Dir::SW), None);
        assert_eq!(goal_at(p(11, -1), Dir::W), Some(3));
        assert_eq!(goal_at(p(11, -1), Dir::NW), None);
        assert_eq!(goal_at(p(-1, -1), Dir::NW), None);
    }

    #[test]
    fn off_elsewhere_goes_to_the_corner_of_the_crossed_edge() {
        assert_eq!(corner_for(p(-1, 4)), p(0, 0));
        assert_eq!(corner_for(p(-1, 15)), p(0, 20));
        assert_eq!(corner_for(p(21, 3)), p(20, 0));
        assert_eq!(corner_for(p(14, 21)), p(20, 20));
        assert_eq!(corner_for(p(2, -1)), p(0, 0));
        assert_eq!(corner_for(p(-1, -1)), p(0, 0));
        assert_eq!(corner_for(p(21, 21)), p(20, 20));
    }

    #[test]
    fn a_quarter_turn_maps_the_north_edge_on_the_east() {
        assert_eq!(p(0, 10).turned(), p(10, 20));
        assert_eq!(p(10, 10).turned(), p(10, 10));
        assert_eq!(Dir::S.turned(2), Dir::W);
        assert_eq!(Dir::parse("NORTHEAST"), Some(Dir::NE));
        assert_eq!(Dir::parse("SW"), Some(Dir::SW));
    }
}
