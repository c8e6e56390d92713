//! Bots that play in teams (Vector: North and South against East and
//! West) count a partner's evaluation as their own side's, never as a
//! rival's.

use std::sync::Arc;

use tabula_ai::value::{lead, rewards};
use tabula_engine::Game;
use tabula_vector::Vector;
use tabula_vector::board::starter_board;
use tabula_vector::state::Options;

fn scored(scores: [i32; 4]) -> Vector {
    let mut g = Vector::new(&Options::default(), Arc::new(starter_board()));
    g.scores = scores;
    g
}

#[test]
fn a_team_ahead_has_a_lead_and_its_partner_is_no_rival() {
    // North 3 and South 2 against East 0 and West 0: the Vector in the
    // middle, so only the scores differ.
    let g = scored([3, 0, 2, 0]);
    assert_eq!(g.team(0), g.team(2));
    assert_ne!(g.team(0), g.team(1));
    let north = lead(&g, 0);
    let east = lead(&g, 1);
    assert!(north > 4.9, "North's side leads by 5, got {north}");
    assert!((lead(&g, 2) - north).abs() < 1e-9, "partners lead alike");
    assert!(
        (east + north).abs() < 1e-9,
        "East trails by what North leads"
    );
    let mut r = Vec::new();
    rewards(&g, &mut r);
    assert!(
        r[0] > 0.5 && r[2] > 0.5 && r[1] < 0.5 && r[3] < 0.5,
        "{r:?}"
    );
}

#[test]
fn level_teams_have_no_lead() {
    let g = scored([4, 1, 0, 3]);
    for seat in 0..4 {
        assert!(lead(&g, seat).abs() < 1e-9, "seat {seat}");
    }
}
