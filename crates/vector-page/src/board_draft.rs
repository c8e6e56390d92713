//! A Vector board being drawn in the editor: the 21×21 squares on the
//! page kit's grid (its tools and undo), painting four times over (each
//! square turned a quarter about the middle for the other seats, as the
//! shipped boards are made), the board file's text both ways, and the
//! problems `tabula map check --ruleset vector` finds (the same
//! `read_board`), each placed on its square and said in the page's words.
//! Plain functions, tested natively.

use tabula_engine::Problem;
use tabula_page_kit::grid::{Grid, Place};
use tabula_page_kit::i18n::{t, tf};
use tabula_vector::board::{MAX_BOARD_BYTES, MAX_POINTS, SQUARES};
use tabula_vector::{Board, Pos, Square, read_board, write_board};

/// Squares across.
const SIDE: usize = 21;

/// A board being drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// Its name (the file's `# name:` line).
    pub name: String,
    /// Its squares.
    pub grid: Grid<Square>,
}

/// A problem of a board: where (a square, when it is one) and what, in
/// the page's words with the line of the board file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flaw {
    /// The square it is about.
    pub at: Option<Pos>,
    /// What is wrong.
    pub words: String,
}

/// The grid place of a board square.
pub fn place(p: Pos) -> Place {
    (p.row as usize, p.col as usize)
}

/// The board square of a grid place.
pub fn pos(p: Place) -> Pos {
    Pos {
        row: p.0 as i8,
        col: p.1 as i8,
    }
}

impl Draft {
    /// An empty board.
    pub fn blank(name: &str) -> Draft {
        Draft {
            name: name.into(),
            grid: Grid::filled(SIDE, SIDE, Square::Blank),
        }
    }

    /// A board to draw on.
    pub fn from_board(b: &Board) -> Draft {
        Draft {
            name: b.name.clone(),
            grid: Grid {
                width: SIDE,
                height: SIDE,
                cells: b.squares.clone(),
            },
        }
    }

    /// The board as it stands (checked or not).
    pub fn board(&self) -> Board {
        Board {
            name: self.name.clone(),
            squares: self.grid.cells.clone(),
        }
    }

    /// The board file's text.
    pub fn text(&self) -> String {
        write_board(&self.board())
    }

    /// Read a board file: the draft, or every problem with its line.
    pub fn read(text: &str) -> Result<Draft, Vec<Flaw>> {
        match read_board(text) {
            Ok(b) => Ok(Draft::from_board(&b)),
            Err(problems) => Err(problems.0.iter().map(|p| flaw(text, p)).collect()),
        }
    }

    /// What `tabula map check --ruleset vector` would say of the board
    /// (nothing: it can be played).
    pub fn problems(&self) -> Vec<Flaw> {
        let text = self.text();
        match read_board(&text) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.0.iter().map(|p| flaw(&text, p)).collect(),
        }
    }
}

/// After a change from `before`: every square that changed is set on the
/// other three quarters too, turned (painting four times over; the
/// editor's echo of a stroke).
pub fn four_fold_since(grid: &mut Grid<Square>, before: &Grid<Square>) {
    let changed: Vec<Place> = (0..SIDE * SIDE)
        .map(|i| (i / SIDE, i % SIDE))
        .filter(|p| before.at(*p) != grid.at(*p))
        .collect();
    for p in changed {
        let mut at = pos(p);
        let mut sq = grid.at(p);
        for _ in 0..3 {
            at = at.turned();
            sq = sq.turned();
            grid.paint(place(at), sq);
        }
    }
}

/// The square a line of a board file holds (its place among the lines
/// that are squares).
pub fn square_of_line(text: &str, line: usize) -> Option<Pos> {
    let mut n = 0;
    for (i, raw) in text.lines().enumerate() {
        let body = raw.split('#').next().unwrap_or("");
        if body.trim().is_empty() {
            continue;
        }
        if i + 1 == line {
            return (n < SQUARES).then(|| Pos::of_index(n));
        }
        n += 1;
    }
    None
}

/// The first word between backticks in a message (the offending word).
fn quoted(message: &str) -> String {
    message
        .split('`')
        .nth(1)
        .map(str::to_string)
        .unwrap_or_default()
}

/// A problem of `text` in the page's words, placed on its square.
pub fn flaw(text: &str, p: &Problem) -> Flaw {
    let at = p.line.and_then(|l| square_of_line(text, l));
    let word = quoted(&p.message);
    let numbers = tabula_page_kit::i18n::numbers(&p.message);
    let what = match p.rule.as_str() {
        "bad-seat" => tf("v-board-bad-seat", &[("word", &word)]),
        "bad-direction" => tf("v-board-bad-direction", &[("word", &word)]),
        "bad-push" => tf("v-board-bad-push", &[("word", &word)]),
        "bad-points" => tf("v-board-bad-points", &[("max", &MAX_POINTS.to_string())]),
        "bad-pair" => t("v-board-bad-pair"),
        "bad-square" => tf("v-board-bad-square", &[("word", &word)]),
        "too-many-squares" => t("v-board-too-many"),
        "too-few-squares" => tf(
            "v-board-too-few",
            &[("n", numbers.last().copied().unwrap_or("0"))],
        ),
        "must-be-blank" => t("v-board-must-be-blank"),
        "too-large" => tf(
            "v-board-too-large",
            &[
                ("bytes", numbers.first().copied().unwrap_or("?")),
                ("max", &MAX_BOARD_BYTES.to_string()),
            ],
        ),
        _ => p.message.clone(),
    };
    let place = match (p.line, at) {
        (Some(line), Some(sq)) => tf(
            "v-board-line-square",
            &[
                ("line", &line.to_string()),
                ("row", &sq.row.to_string()),
                ("col", &sq.col.to_string()),
            ],
        ),
        (Some(line), None) => tf("v-board-line", &[("line", &line.to_string())]),
        _ => String::new(),
    };
    Flaw {
        at,
        words: if place.is_empty() {
            what
        } else {
            format!("{place}: {what}")
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_vector::{Dir, Payee, starter_board};

    fn words() {
        crate::add_words();
    }

    #[test]
    fn a_board_goes_to_text_and_back() {
        words();
        let d = Draft::from_board(&starter_board());
        let again = Draft::read(&d.text()).unwrap();
        assert_eq!(again, d);
        assert!(d.problems().is_empty());
    }

    #[test]
    fn painting_four_times_over_turns_the_square_for_each_seat() {
        let mut d = Draft::blank("x");
        let before = d.grid.clone();
        let push = Square::Move {
            dir: Dir::S,
            steps: 2,
        };
        d.grid.paint((2, 5), push);
        four_fold_since(&mut d.grid, &before);
        // North's square (2, 5) pushing south: East's at (5, 18) pushes
        // west, South's at (18, 15) north, West's at (15, 2) east.
        assert_eq!(
            d.grid.at((5, 18)),
            Square::Move {
                dir: Dir::W,
                steps: 2
            }
        );
        assert_eq!(
            d.grid.at((18, 15)),
            Square::Move {
                dir: Dir::N,
                steps: 2
            }
        );
        assert_eq!(
            d.grid.at((15, 2)),
            Square::Move {
                dir: Dir::E,
                steps: 2
            }
        );
        let pay = Square::Points {
            value: 4,
            to: Payee::Seat(0),
            yellow: false,
        };
        let before = d.grid.clone();
        d.grid.paint((1, 10), pay);
        four_fold_since(&mut d.grid, &before);
        assert_eq!(
            d.grid.at((10, 19)),
            Square::Points {
                value: 4,
                to: Payee::Seat(1),
                yellow: false
            }
        );
        assert_eq!(
            d.grid.cells.iter().filter(|s| **s != Square::Blank).count(),
            8
        );
    }

    #[test]
    fn problems_are_placed_on_their_square_and_said_by_line() {
        words();
        let mut d = Draft::blank("x");
        d.grid.paint((0, 0), Square::NoTurn(2));
        let flaws = d.problems();
        assert_eq!(flaws.len(), 1);
        assert_eq!(flaws[0].at, Some(Pos { row: 0, col: 0 }));
        assert_eq!(
            flaws[0].words,
            "line 4 (row 0, column 0): this square must be BLANK: the piece starts there or is put there"
        );
        // A file with a bad square: refused by line, in the page's words.
        let mut text = Draft::blank("x").text();
        text = text.replacen("BLANK", "MOVE NORTH 4", 13);
        text = text.replacen("MOVE NORTH 4", "BLANK", 12);
        let flaws = Draft::read(&text).unwrap_err();
        assert_eq!(flaws.len(), 1, "{flaws:?}");
        assert_eq!(flaws[0].at, Some(Pos { row: 0, col: 12 }));
        assert_eq!(
            flaws[0].words,
            "line 16 (row 0, column 12): a push is 1 to 3 squares, not “4”"
        );
        let short = "BLANK\n".repeat(10);
        let flaws = Draft::read(&short).unwrap_err();
        assert_eq!(
            flaws[0].words,
            "a board has 441 squares (21 rows of 21, one a line); this file has 10"
        );
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let german = Draft::read("POINTS 5 UP\n").unwrap_err()[0].words.clone();
        tabula_page_kit::i18n::use_lang(None);
        assert!(
            german.starts_with("Zeile 1 (Zeile 0, Spalte 0): „UP“"),
            "{german}"
        );
    }
}
