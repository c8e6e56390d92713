//! Vector on the command line: board files checked, bot games whose
//! records verify, a tournament whose record replays to the same results
//! (and a tampered one refused), and clear refusals.

mod common;
use common::{s, scratch, tabula};

#[test]
fn boards_games_and_records_of_vector() {
    let maps = concat!(env!("CARGO_MANIFEST_DIR"), "/../../maps/vector/starter.txt");
    let r = tabula(&["map", "check", "--ruleset", "vector", maps]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("48 squares that are not blank"),
        "{}",
        r.stdout
    );
    let dir = scratch("vector-play");
    let records = dir.join("records");
    let r = tabula(&[
        "play",
        "--ruleset",
        "vector",
        "--seats",
        "random,greedy,random,greedy",
        "--games",
        "3",
        "--records",
        &s(&records),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = tabula(&["record", "verify", &s(&records.join("game-0002.json"))]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "BLANK\nMOVE NORTH 9\n").unwrap();
    let r = tabula(&["map", "check", "--ruleset", "vector", &s(&bad)]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("bad.txt:2:1: a push is 1 to 3 squares"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_tournament_announces_its_seatings_plays_and_its_record_verifies() {
    let dir = scratch("vector-tournament");
    let record = dir.join("t.json");
    let r = tabula(&[
        "tournament",
        "--ruleset",
        "vector",
        "--bots",
        "greedy,random,greedy,random",
        "--games",
        "13",
        "--seed",
        "3",
        "--record",
        &s(&record),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout.lines().filter(|l| l.starts_with("GAME ")).count(),
        13
    );
    assert_eq!(
        r.stdout.lines().filter(|l| l.starts_with("game ")).count(),
        13
    );
    assert!(r.stdout.contains("TOURNAMENT SCORES: ") && r.stdout.contains("WINNER: "));
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    assert!(v.stdout.contains("tournament of 13 games"), "{}", v.stdout);
    // Tampered standings are refused.
    let text = std::fs::read_to_string(&record).unwrap();
    let mut t: serde_json::Value = serde_json::from_str(&text).unwrap();
    t["standings"][0]["points"] = serde_json::json!(99.0);
    std::fs::write(&record, t.to_string()).unwrap();
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 1);
    assert!(v.stderr.contains("standings do not follow"), "{}", v.stderr);
    // Three entrants for a four-player game.
    let r = tabula(&[
        "tournament",
        "--ruleset",
        "vector",
        "--bots",
        "random,random,random",
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("vector is for 4 players: 3 were given"),
        "{}",
        r.stderr
    );
}
