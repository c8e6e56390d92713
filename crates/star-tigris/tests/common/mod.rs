//! Helpers for scenario tests: positions written as text, actions as text.
#![allow(dead_code)]

use tabula_engine::{Game, ToMove};
use tabula_star_tigris::{Action, Event, RuleError, StarTigris, parse_setup};

/// A position from setup text (panics with every problem found).
pub fn setup(text: &str) -> StarTigris {
    parse_setup(text).unwrap_or_else(|e| panic!("bad setup:\n{e}"))
}

/// The seat that must act.
pub fn seat(g: &StarTigris) -> u8 {
    match g.to_move() {
        ToMove::Seat(s) => s,
        other => panic!("no seat to move: {other:?}"),
    }
}

/// Apply an action written as text for the seat to move, then make any
/// draws; returns the events.
pub fn act(g: &mut StarTigris, text: &str) -> Vec<Event> {
    let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let s = seat(g);
    assert!(
        g.legal_actions(s).contains(&a),
        "{text} is not listed as legal for seat {s}"
    );
    let mut ev = Vec::new();
    g.apply_logged(s, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    while g.to_move() == ToMove::Chance {
        g.chance_logged(&mut ev).unwrap();
    }
    ev
}

/// Try an illegal action: it must be refused, unlisted, and leave the state unchanged.
pub fn refuse(g: &StarTigris, text: &str) -> RuleError {
    let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let s = seat(g);
    assert!(
        !g.legal_actions(s).contains(&a),
        "{text} is listed as legal"
    );
    let mut copy = g.clone();
    let err = copy.apply(s, &a).expect_err(text);
    assert_eq!(&copy, g, "a refused action changed the state");
    err
}

/// The points a seat scored, by kind (settler, scientist, merchant, mining).
pub fn score(g: &StarTigris, p: u8) -> [u16; 4] {
    g.score(p)
}
