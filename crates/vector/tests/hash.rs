//! The state hash: the board's squares are hashed as their words, written
//! once per board and kept; what is kept never stands in for another
//! board's squares, and records written before still replay to their hash.

use std::sync::Arc;

use tabula_engine::Game;
use tabula_engine::record::{parse_record, replay};
use tabula_vector::{Options, Square, Vector, starter_board};

/// A record `tabula play` wrote before the board's words were kept per
/// board (seed 1, four random seats, the starter board): its stored final
/// hash was computed square by square.
#[test]
fn a_record_written_before_replays_to_its_stored_hash() {
    let text = include_str!("../../../tests/fixtures/vector/game-seed-1.json");
    let record = parse_record(text).unwrap();
    let game = replay::<Vector>(&record).expect("the final hash is unchanged");
    assert_eq!(game.state_hash(), record.final_hash);
}

#[test]
fn the_hash_reads_the_squares_of_the_board_the_state_holds() {
    let o = Options::default();
    let a = Vector::new(&o, Arc::new(starter_board()));
    let h = a.state_hash();
    assert_eq!(a.state_hash(), h, "hashed again from the kept words");
    // The same squares on another board hash alike.
    let b = Vector::new(&o, Arc::new(starter_board()));
    assert_eq!(b.state_hash(), h);
    // Another square: another hash, and the first board's is unchanged.
    let mut other = starter_board();
    other.squares[1] = Square::NoTurn(1);
    let c = Vector::new(&o, Arc::new(other));
    assert_ne!(c.state_hash(), h);
    assert_eq!(a.state_hash(), h);
    // A board changed after it was hashed is hashed as it is now: the
    // game's board is copied on the change (the hash keeps the old one).
    let mut d = a.clone();
    Arc::make_mut(&mut d.board).squares[1] = Square::NoTurn(1);
    assert_eq!(d.state_hash(), c.state_hash());
    assert_eq!(a.state_hash(), h);
    // With no other reference to the board, changing it in place still
    // changes the hash.
    let mut e = Vector::new(&o, Arc::new(starter_board()));
    assert_eq!(e.state_hash(), h);
    let f = Vector::new(&o, Arc::new(starter_board()));
    assert_eq!(f.state_hash(), h, "now f's board is the one kept");
    Arc::get_mut(&mut e.board)
        .expect("e's board is no longer kept")
        .squares[1] = Square::NoTurn(1);
    assert_eq!(e.state_hash(), c.state_hash());
}
