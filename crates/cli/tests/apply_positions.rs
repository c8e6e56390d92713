//! `tabula apply --ruleset vector|domains`: positions written as text,
//! actions in the rules' words, the state as JSON, refusals with the
//! rules' reason and the line.

mod common;

use common::{s, scratch, tabula};
use serde_json::Value;

/// Run `tabula apply` on `position` and `actions` written into a scratch
/// folder, with `extra` arguments; (exit code, JSON or error text).
fn apply(
    name: &str,
    ruleset: &str,
    position: &str,
    actions: &str,
    extra: &[&str],
) -> (i32, String) {
    let dir = scratch(name);
    let p = dir.join("position.txt");
    let a = dir.join("actions.txt");
    std::fs::write(&p, position).unwrap();
    std::fs::write(&a, actions).unwrap();
    let mut args = vec![
        "apply".to_string(),
        "--ruleset".into(),
        ruleset.into(),
        "--setup".into(),
        s(&p),
        "--actions".into(),
        s(&a),
    ];
    args.extend(extra.iter().map(|x| x.to_string()));
    let r = tabula(&args);
    (r.code, if r.code == 0 { r.stdout } else { r.stderr })
}

fn json(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// Every seat to N, E, S, W order: directions, then magnitudes.
const FOUR_EAST_ONE: &str = "DIRECTION: E\nDIRECTION: E\nDIRECTION: E\nDIRECTION: E\n\
N: MAGNITUDE: 1\nE: MAGNITUDE: 1\nS: MAGNITUDE: 1\nW: MAGNITUDE: 1\n";

#[test]
fn vector_points_squares_pay_the_mover_a_seat_or_a_pair() {
    let (code, out) = apply(
        "vector-points",
        "vector",
        "square 10 11 POINTS 5 ALL\nsquare 10 12 POINTS 2 NORTH EAST\n\
         square 10 13 POINTS -4 SOUTH WEST\nsquare 10 14 POINTS 3 NORTH\n",
        FOUR_EAST_ONE,
        &[],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert_eq!(v["scores"], serde_json::json!([8, 2, 0, -4]));
    assert_eq!(v["pos"], serde_json::json!({"row": 10, "col": 14}));
}

#[test]
fn vector_a_push_moves_the_vector_on_and_yellow_squares_skip_the_first_mover() {
    let (code, out) = apply(
        "vector-push",
        "vector",
        "square 10 11 POINTS 10 ALL YELLOW\nsquare 10 12 MOVE NORTH 2\nsquare 8 12 POINTS 5 ALL\n",
        "DIRECTION: E\nDIRECTION: N\nDIRECTION: E\nDIRECTION: S\n\
         MAGNITUDE: 1\nMAGNITUDE: 0\nMAGNITUDE: 1\nMAGNITUDE: 0\n",
        &[],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert_eq!(v["scores"], serde_json::json!([0, 10, 0, 5]));
    assert_eq!(v["pos"], serde_json::json!({"row": 8, "col": 12}));
}

#[test]
fn vector_a_noturn_square_costs_the_mover_its_next_turn() {
    let (code, out) = apply(
        "vector-noturn",
        "vector",
        "square 10 11 NOTURN WEST\n",
        "DIRECTION: E\nDIRECTION: S\nDIRECTION: S\nDIRECTION: S\n\
         MAGNITUDE: 1\nMAGNITUDE: 0\nMAGNITUDE: 0\nMAGNITUDE: 0\n",
        &[],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    // N's move lands on West's no-turn square: West sits out the next
    // round, which East starts.
    assert_eq!(v["order"], serde_json::json!([1, 2, 0]), "{out}");
}

#[test]
fn vector_off_the_board_goes_to_a_corner_and_costs_a_turn() {
    let (code, out) = apply(
        "vector-off",
        "vector",
        "vector 1 3\n",
        "DIRECTION: N\nDIRECTION: W\nDIRECTION: E\nDIRECTION: E\n\
         MAGNITUDE: 3\nMAGNITUDE: 2\nMAGNITUDE: 1\nMAGNITUDE: 1\n",
        &[],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert_eq!(v["pos"], serde_json::json!({"row": 0, "col": 2}));
    assert_eq!(v["order"], serde_json::json!([2, 3]), "N and E sit out");
}

#[test]
fn vector_a_goal_doubles_its_owner_and_ends_the_game() {
    let (code, out) = apply(
        "vector-goal",
        "vector",
        "vector 1 10\nscore N 7\nscore E 9\n",
        "DIRECTION: N\nDIRECTION: S\nDIRECTION: S\nDIRECTION: S\n\
         N: MAGNITUDE: 3\nE: MAGNITUDE: 1\nS: MAGNITUDE: 1\nW: MAGNITUDE: 1\n",
        &[],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert_eq!(v["goal"], 0);
    assert_eq!(v["scores"], serde_json::json!([14, 9, 0, 0]));
    assert_eq!(v["phase"], "over", "{out}");
}

#[test]
fn vector_positions_start_from_a_board_file() {
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/vector/gauntlet.txt"
    );
    let (code, out) = apply(
        "vector-board",
        "vector",
        "vector 10 10\n",
        "",
        &["--map", board],
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(json(&out)["board"]["name"], "Gauntlet");
}

#[test]
fn vector_refusals_give_the_rules_reason_and_the_line() {
    let (code, err) = apply(
        "vector-refused",
        "vector",
        "",
        "DIRECTION: E\nMAGNITUDE: 2\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("actions.txt:2: action 1 (\"MAGNITUDE: 2\")"),
        "{err}"
    );
    assert!(err.contains("a direction is chosen now"), "{err}");
    let (code, err) = apply("vector-bad-seat", "vector", "", "Q: MAGNITUDE: 2\n", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("\"Q\" is not a seat"), "{err}");
    let (code, err) = apply("vector-bad-line", "vector", "vector 30 1\n", "", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("position.txt:1"), "{err}");
}

/// Domains options with nothing appearing by chance.
const QUIET: &str = r#"{"rounds_per_respawn":1000,"rounds_per_bubble":1000,"rounds_per_bubble_move":1000,"max_bonuses":0}"#;

#[test]
fn domains_an_unfair_fight_is_won_by_the_attacker_who_moves_in() {
    let (code, out) = apply(
        "domains-fight",
        "domains",
        "players 2\nunit a 0 energy=7\nunit b 1 energy=20\nboard\n\
         ... ... ... ...\n... 0.a ... ...\n... ... 0.b ...\n... ... ... ...\n",
        "0: move 0 down-right\n0: end\n1: end\n",
        &["--options", QUIET],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    let setup = v["setup"].as_str().unwrap();
    assert!(setup.contains("... ... 0.a ..."), "{setup}");
    assert!(!setup.contains("unit b"), "b is gone: {setup}");
    assert_eq!(v["board"]["players"][0]["score"], 502);
}

#[test]
fn domains_walking_home_paints_the_enclosed_area() {
    let mut actions = String::new();
    for d in [
        "right", "right", "right", "down", "down", "left", "left", "left",
    ] {
        actions.push_str(&format!("0: move 0 {d}\n0: end\n1: end\n"));
    }
    let (code, out) = apply(
        "domains-paint",
        "domains",
        "players 2\nunit a 0\nunit b 1\nboard\n\
         ... ... ... ... ... ... ... ...\n\
         ... 0.. 0.. 0.a ... ... ... ...\n\
         ... 0.. 0.. 0.. 1.. .bb ... ...\n\
         ... 0.. 0.. 0.. ... ... ... ...\n\
         ... ... ... ... ... ... ... ...\n",
        &actions,
        &["--options", QUIET],
    );
    assert_eq!(code, 0, "{out}");
    let setup = json(&out)["setup"].as_str().unwrap().to_string();
    let grid: Vec<&str> = setup
        .lines()
        .skip_while(|l| *l != "board")
        .skip(1)
        .collect();
    assert_eq!(
        grid.join("\n"),
        "... ... ... ... ... ... ... ...\n\
         ... 0.. 0.. 0.. 0.. 0.. 0.. ...\n\
         ... 0.. 0.. 0.. 0.. 0.b 0.. ...\n\
         ... 0.. 0.. 0.a 0.. 0.. 0.. ...\n\
         ... ... ... ... ... ... ... ..."
    );
}

#[test]
fn domains_refusals_give_the_rules_reason_and_the_line() {
    let position = "players 2\nunit a 0\nunit b 1\nboard\n0.a ... 1.b\n... ... ...\n";
    let (code, err) = apply(
        "domains-refused",
        "domains",
        position,
        "1: move 0 right\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("actions.txt:1: action 0 (\"1: move 0 right\")"),
        "{err}"
    );
    assert!(err.contains("unit 0 is not seat 1's"), "{err}");
    let (code, err) = apply(
        "domains-unreadable",
        "domains",
        position,
        "0: jump 0\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(err.contains("write `move UNIT DIRECTION`"), "{err}");
    let (code, err) = apply(
        "domains-options",
        "domains",
        position,
        "",
        &["--options", "{\"x\":1}"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--options"), "{err}");
}
