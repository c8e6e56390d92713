//! The shipped boards: each reads without a problem, and the starter is
//! exactly the rules document's (`starter_board`).

use tabula_vector::board::{Board, Payee, symmetric_board};
use tabula_vector::{Dir, Square, read_board, starter_board, write_board};

fn pts(value: i32, to: Payee, yellow: bool) -> Square {
    Square::Points { value, to, yellow }
}

fn push(dir: Dir, steps: u8) -> Square {
    Square::Move { dir, steps }
}

/// Crossfire: pushes funnel the Vector back to the middle column and away
/// from each goal; the points lie beside the column.
fn crossfire() -> Board {
    use Payee::*;
    symmetric_board(
        "Crossfire",
        &[
            ((3, 10), push(Dir::S, 2)),
            ((2, 7), push(Dir::E, 2)),
            ((2, 13), push(Dir::W, 2)),
            ((5, 9), pts(4, All, false)),
            ((5, 11), pts(4, All, true)),
            ((7, 10), pts(-2, All, false)),
            ((1, 8), pts(6, Seat(0), false)),
            ((1, 12), pts(-6, Seat(0), false)),
            ((6, 7), pts(3, Pair(0, 1), false)),
            ((4, 15), Square::NoTurn(1)),
            ((8, 10), Square::NoTurn(2)),
        ],
    )
}

/// Gauntlet: big prizes out on the diagonals, a push toward each goal
/// from the fourth row, and lost turns on the way.
fn gauntlet() -> Board {
    use Payee::*;
    symmetric_board(
        "Gauntlet",
        &[
            ((1, 2), pts(8, All, true)),
            ((2, 5), pts(-4, All, false)),
            ((3, 9), pts(2, All, false)),
            ((3, 11), pts(2, All, false)),
            ((4, 10), push(Dir::N, 1)),
            ((6, 12), Square::NoTurn(0)),
            ((7, 8), pts(5, Pair(0, 3), false)),
            ((9, 10), pts(1, All, true)),
            ((5, 14), push(Dir::W, 3)),
            ((2, 16), pts(10, All, false)),
        ],
    )
}

#[test]
fn the_shipped_starter_is_the_documented_one() {
    let shipped = include_str!("../../../maps/vector/starter.txt");
    assert_eq!(shipped, write_board(&starter_board()));
    assert_eq!(read_board(shipped).unwrap(), starter_board());
}

#[test]
fn the_shipped_designs_are_the_ones_written_here() {
    for (text, board) in [
        (
            include_str!("../../../maps/vector/crossfire.txt"),
            crossfire(),
        ),
        (
            include_str!("../../../maps/vector/gauntlet.txt"),
            gauntlet(),
        ),
    ] {
        assert_eq!(text, write_board(&board));
        assert_eq!(read_board(text).unwrap(), board);
    }
}

#[test]
#[ignore = "writes a board to standard output, to ship it: BOARD=starter|crossfire|gauntlet"]
fn print_a_board() {
    let b = match std::env::var("BOARD").as_deref() {
        Ok("crossfire") => crossfire(),
        Ok("gauntlet") => gauntlet(),
        _ => starter_board(),
    };
    print!("{}", write_board(&b));
}
