//! Scenario tests: a position written as text (`tabula_vector::position`),
//! cards played, the result checked — one or more for every rule of
//! docs/vector/rules.md.

use tabula_engine::conformance::{Config, random_games};
use tabula_engine::{Game, Seat, ToMove};
use tabula_vector::geometry::Pos;
use tabula_vector::position::read_position;
use tabula_vector::state::{Cause, Phase};
use tabula_vector::{Action, Dir, Refusal, Vector};

const N: Seat = 0;
const E: Seat = 1;
const S: Seat = 2;
const W: Seat = 3;

fn game(text: &str) -> Vector {
    read_position(text).unwrap_or_else(|e| panic!("{e}"))
}

fn at(row: i8, col: i8) -> Pos {
    Pos { row, col }
}

/// Play a round: each active seat's (direction, magnitude), directions
/// in the round's order, then the magnitudes.
fn round(g: &mut Vector, cards: &[(Seat, Dir, u8)]) {
    let card = |s: Seat| {
        *cards
            .iter()
            .find(|c| c.0 == s)
            .expect("a card for every active seat")
    };
    for &s in &g.order.clone() {
        assert_eq!(g.to_move(), ToMove::Seat(s));
        g.apply(s, &Action::Direction(card(s).1)).unwrap();
    }
    for &s in &g.order.clone() {
        g.apply(s, &Action::Magnitude(card(s).2)).unwrap();
    }
}

#[test]
fn r3_a_round_moves_each_seat_in_turn_and_the_next_starts_one_seat_on() {
    let mut g = game("");
    assert_eq!(g.order, vec![N, E, S, W]);
    round(
        &mut g,
        &[
            (N, Dir::E, 1),
            (E, Dir::S, 2),
            (S, Dir::W, 3),
            (W, Dir::N, 0),
        ],
    );
    assert_eq!(g.pos, at(12, 8));
    assert_eq!(g.played.len(), 4);
    assert_eq!(g.round, 1);
    assert_eq!(g.order, vec![E, S, W, N]);
    assert_eq!(g.first, E);
}

#[test]
fn r3_directions_are_public_at_once_and_magnitudes_secret_until_all_are_in() {
    let mut g = game("");
    g.apply(N, &Action::Direction(Dir::E)).unwrap();
    assert_eq!(g.player_view(E).state.dirs[N as usize], Some(Dir::E));
    for s in [E, S, W] {
        g.apply(s, &Action::Direction(Dir::N)).unwrap();
    }
    assert!(matches!(g.to_move(), ToMove::Simultaneous(_)));
    g.apply(S, &Action::Magnitude(3)).unwrap();
    let v = g.player_view(N);
    assert_eq!(
        v.state.mags[S as usize], None,
        "S's magnitude is hidden from N"
    );
    assert!(v.chosen[S as usize], "only that S has chosen shows");
    assert_eq!(g.player_view(S).state.mags[S as usize], Some(3));
    // Refusals leave the state as it was.
    let before = g.state_hash();
    assert_eq!(g.apply(S, &Action::Magnitude(1)), Err(Refusal::Chosen(S)));
    assert_eq!(
        g.apply(N, &Action::Magnitude(4)),
        Err(Refusal::Magnitude(4))
    );
    assert_eq!(
        g.apply(N, &Action::Direction(Dir::S)),
        Err(Refusal::WrongKind("magnitude"))
    );
    assert_eq!(g.state_hash(), before);
}

#[test]
fn r5_points_squares_pay_the_mover_a_seat_or_one_of_a_pair() {
    let mut g = game(
        "square 10 11 POINTS 5 ALL
         square 10 12 POINTS 2 NORTH EAST
         square 10 13 POINTS -4 SOUTH WEST
         square 10 14 POINTS 3 NORTH",
    );
    round(
        &mut g,
        &[
            (N, Dir::E, 1),
            (E, Dir::E, 1),
            (S, Dir::E, 1),
            (W, Dir::E, 1),
        ],
    );
    // N +5 (ALL); E +2 (the pair's seat on E's team); S lands on −4 of
    // S/W: the loss goes to the pair's seat on the other team, W; W's
    // move pays NORTH 3.
    assert_eq!(g.scores, [5 + 3, 2, 0, -4]);
    assert_eq!(g.team_score(N), 8);
    assert_eq!(g.team_score(E), -2);
}

#[test]
fn r5_yellow_squares_and_pushes_do_nothing_for_the_first_mover_and_magnitude_0_lands_again() {
    let mut g = game(
        "square 10 11 POINTS 10 ALL YELLOW
         square 10 12 MOVE NORTH 2
         square 8 12 POINTS 5 ALL",
    );
    round(
        &mut g,
        &[
            (N, Dir::E, 1),
            (E, Dir::N, 0),
            (S, Dir::E, 1),
            (W, Dir::S, 0),
        ],
    );
    // N first: the yellow square does nothing. E's 0 lands there again: +10.
    // S is pushed from (10, 12) to (8, 12), whose square is not resolved.
    // W's 0 lands on (8, 12): +5.
    assert_eq!(g.scores, [0, 10, 0, 5]);
    assert_eq!(g.pos, at(8, 12));
    assert!(
        g.segments
            .iter()
            .any(|s| s.cause == Cause::Push && s.seat == S)
    );
    // Next round E is first: the push square would do nothing for it.
    let mut h = game("square 10 11 MOVE NORTH 2\nfirst N");
    assert_eq!(h.order[0], E);
    round(
        &mut h,
        &[
            (E, Dir::E, 1),
            (S, Dir::N, 0),
            (W, Dir::N, 0),
            (N, Dir::N, 0),
        ],
    );
    assert_eq!(h.pos, at(8, 11), "E first: no push; S, second, is pushed");
}

#[test]
fn r4_a_goal_entered_diagonally_from_outside_is_no_goal_and_costs_a_turn() {
    let mut g = game("vector 0 8");
    round(
        &mut g,
        &[
            (N, Dir::NE, 1),
            (E, Dir::S, 1),
            (S, Dir::S, 1),
            (W, Dir::S, 1),
        ],
    );
    assert_eq!(g.goal, None);
    assert!(
        g.segments
            .iter()
            .any(|s| s.cause == Cause::Relocation && s.to == at(0, 0))
    );
    assert_eq!(
        g.pos,
        at(3, 0),
        "put on the corner (0, 0), then three moves south"
    );
    // N sits out the next round, which E starts.
    assert_eq!(g.order, vec![E, S, W]);
}

#[test]
fn r4_a_goal_doubles_its_owner_and_ends_the_game_at_once() {
    let mut g = game("vector 1 10\nscore N 7\nscore E 9");
    round(
        &mut g,
        &[
            (N, Dir::N, 3),
            (E, Dir::S, 1),
            (S, Dir::S, 1),
            (W, Dir::S, 1),
        ],
    );
    assert_eq!(g.goal, Some(N));
    assert_eq!(g.scores, [14, 9, 0, 0]);
    assert_eq!(g.played.len(), 1, "the rest of the round is not played");
    assert_eq!(g.phase, Phase::Over);
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks, vec![0, 2, 0, 2], "N+S 14 against E+W 9");
    // Option: a goal wins outright, whatever the points.
    let mut h = game("vector 1 10\nscore E 90\ngoal win");
    round(
        &mut h,
        &[
            (N, Dir::N, 3),
            (E, Dir::S, 1),
            (S, Dir::S, 1),
            (W, Dir::S, 1),
        ],
    );
    assert_eq!(h.outcome().unwrap().ranks, vec![0, 2, 0, 2]);
}

#[test]
fn r5_a_push_onto_a_goal_is_a_goal_for_the_goals_owner() {
    let mut g = game("vector 4 10\nsquare 1 10 MOVE NORTH 3\nscore N 4");
    round(
        &mut g,
        &[
            (N, Dir::N, 0),
            (E, Dir::N, 3),
            (S, Dir::S, 1),
            (W, Dir::S, 1),
        ],
    );
    assert_eq!(g.goal, Some(N), "E's move, pushed off through North's goal");
    assert_eq!(g.scores[N as usize], 8);
    assert_eq!(g.phase, Phase::Over);
}

#[test]
fn r4_off_the_board_twice_in_one_round_costs_both_movers_a_turn() {
    let mut g = game("vector 1 3");
    round(
        &mut g,
        &[
            (N, Dir::N, 3),
            (E, Dir::W, 2),
            (S, Dir::E, 1),
            (W, Dir::E, 1),
        ],
    );
    // N leaves north of column 3: corner (0, 0); E then leaves west: (0, 0) again.
    let relocations = g
        .segments
        .iter()
        .filter(|s| s.cause == Cause::Relocation)
        .count();
    assert_eq!(relocations, 2);
    assert_eq!(g.pos, at(0, 2));
    // The next round would start with E, who sits out with N: S starts.
    assert_eq!(g.order, vec![S, W]);
    assert_eq!(g.first, S);
    round(&mut g, &[(S, Dir::S, 1), (W, Dir::S, 1)]);
    assert_eq!(
        g.order,
        vec![W, N, E, S],
        "the turn after S's, everyone back"
    );
}

#[test]
fn r3_when_all_four_have_lost_turns_each_gives_one_up_until_someone_can_play() {
    let g = game("lost N 1\nlost E 1\nlost S 1\nlost W 2");
    assert_eq!(g.order, vec![N, E, S], "W still sits out");
    assert_eq!(g.lost, [0, 0, 0, 0], "W used up its last lost turn");
}

#[test]
fn r5_a_noturn_square_strikes_a_seat_once_a_round() {
    let mut g = game("square 10 11 NOTURN WEST\nsquare 10 12 NOTURN WEST");
    round(
        &mut g,
        &[
            (N, Dir::E, 1),
            (E, Dir::E, 1),
            (S, Dir::S, 1),
            (W, Dir::S, 1),
        ],
    );
    assert_eq!(g.order, vec![E, S, N], "W sits out one round only");
    round(&mut g, &[(E, Dir::S, 1), (S, Dir::S, 1), (N, Dir::S, 1)]);
    assert_eq!(g.order, vec![S, W, N, E]);
}

#[test]
fn r7_after_the_last_round_the_team_sums_decide_and_equal_sums_tie() {
    let mut g = game("rounds 1\nscore N 3\nscore S -1\nscore E 2");
    round(
        &mut g,
        &[
            (N, Dir::N, 1),
            (E, Dir::N, 1),
            (S, Dir::N, 1),
            (W, Dir::N, 1),
        ],
    );
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(
        g.outcome().unwrap().ranks,
        vec![0, 0, 0, 0],
        "2 against 2: a tie"
    );
    assert!(g.legal_actions(N).is_empty());
    assert_eq!(g.apply(N, &Action::Direction(Dir::N)), Err(Refusal::Over));
}

#[test]
fn a_position_with_a_bad_line_is_refused_with_its_line() {
    let e = read_position("vector 5 5\nsquare 30 1 BLANK\nsquare 1 1 MOVE UP 2\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("2:1: `30` is not a row or column"), "{e}");
    let e = read_position("square 1 1 MOVE UP 2\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("is not a direction"), "{e}");
}

#[test]
fn thousands_of_random_games_conform() {
    let cfg = Config {
        games: 2000,
        seats: vec![4],
        seed: 11,
        max_actions: 200,
        full_check_every: 5,
        ..Config::default()
    };
    let report = random_games::<Vector>(&cfg).unwrap();
    assert_eq!(report.games, 2000);
    assert!(report.refused > 0);
}
