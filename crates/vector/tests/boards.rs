//! The shipped boards: each reads without a problem, and the starter is
//! exactly the rules document's (`starter_board`).

use tabula_vector::{read_board, starter_board, write_board};

#[test]
fn the_shipped_starter_is_the_documented_one() {
    let shipped = include_str!("../../../maps/vector/starter.txt");
    assert_eq!(shipped, write_board(&starter_board()));
    assert_eq!(read_board(shipped).unwrap(), starter_board());
}

#[test]
#[ignore = "writes the starter board to standard output, to ship it"]
fn print_the_starter() {
    print!("{}", write_board(&starter_board()));
}
