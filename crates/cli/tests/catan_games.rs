//! Catan on the command line: games between bots whose records verify,
//! the base game through `--options`, the benchmark, and clear refusals.

mod common;
use common::{s, scratch, tabula};

#[test]
fn random_catan_games_write_records_that_verify() {
    let dir = scratch("catan-play");
    let records = dir.join("records");
    for options in [None, Some(r#"{"cities_and_knights":false}"#)] {
        let mut args = vec![
            "play".to_string(),
            "--ruleset".into(),
            "catan".into(),
            "--seats".into(),
            "random,random,random,random".into(),
            "--games".into(),
            "3".into(),
            "--seed".into(),
            "7".into(),
            "--records".into(),
            s(&records),
        ];
        if let Some(o) = options {
            args.push("--options".into());
            args.push(o.into());
        }
        let r = tabula(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(
            r.stdout.lines().count(),
            4,
            "3 games and a summary: {}",
            r.stdout
        );
        for g in 1..=3 {
            let file = records.join(format!("game-{g:04}.json"));
            let v = tabula(&["record", "verify", &s(&file)]);
            assert_eq!(v.code, 0, "{}", v.stderr);
        }
        if let Some(o) = options {
            let text = std::fs::read_to_string(records.join("game-0001.json")).unwrap();
            assert!(
                text.contains("\"cities_and_knights\":false"),
                "{o}: {text:.300}"
            );
        }
    }
}

#[test]
fn the_catan_benchmark_reports_games_per_second() {
    let r = tabula(&[
        "bench",
        "--ruleset",
        "catan",
        "--seats",
        "4",
        "--games",
        "5",
        "--json",
        "--options",
        r#"{"cities_and_knights":false,"trades_between_players":false}"#,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\"games_per_second\""), "{}", r.stdout);
    assert!(
        r.stdout.contains("\"cities_and_knights\":false"),
        "{}",
        r.stdout
    );
}

#[test]
fn bad_options_are_refused_in_plain_words() {
    let r = tabula(&[
        "play",
        "--ruleset",
        "catan",
        "--options",
        r#"{"colour":"red"}"#,
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not Catan options"), "{}", r.stderr);
    let r = tabula(&[
        "play",
        "--ruleset",
        "catan",
        "--seats",
        "random,random",
        "--options",
        r#"{"points":99}"#,
    ]);
    assert_ne!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("points to win"), "{}", r.stderr);
    // Domains' options: checked as a record's are, each problem named.
    let r = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--options",
        r#"{"rounds":0}"#,
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("--options:") && r.stderr.contains("rounds"),
        "{}",
        r.stderr
    );
    let r = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--options",
        r#"{"colour":1}"#,
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not Domains options"), "{}", r.stderr);
    let r = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--options",
        r#"{"rows":12,"cols":12,"rounds":3}"#,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\"summary\":true"), "{}", r.stdout);
}

#[test]
fn apply_plays_actions_on_a_catan_position() {
    let dir = scratch("catan-apply");
    let position = dir.join("harbor.txt");
    std::fs::write(
        &position,
        "players 3\nhand 1 GRAIN 2\nprogress 1 COMMERCIAL_HARBOR\nhand 2 COIN 1 CLOTH 1\nhand 3 LUMBER 2 PAPER 1\n",
    )
    .unwrap();
    let actions = dir.join("actions.txt");
    std::fs::write(
        &actions,
        "PLAY COMMERCIAL_HARBOR\nOFFER 3 GRAIN\nCHOOSE PAPER   # Charly\nOFFER 2 GRAIN\n2: CHOOSE COIN\n",
    )
    .unwrap();
    let r = tabula(&[
        "apply",
        "--ruleset",
        "catan",
        "--setup",
        &s(&position),
        "--actions",
        &s(&actions),
        "--seat-view",
        "1",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["state"]["players"][0]["hand"],
        serde_json::json!([0, 0, 0, 0, 0, 1, 0, 1])
    );
    assert_eq!(
        v["state"]["players"][1]["hand"],
        serde_json::json!([0, 0, 0, 0, 0, 0, 0, 0]),
        "hidden"
    );
    std::fs::write(&actions, "PLAY COMMERCIAL_HARBOR\nOFFER 3 ORE\n").unwrap();
    let r = tabula(&[
        "apply",
        "--ruleset",
        "catan",
        "--setup",
        &s(&position),
        "--actions",
        &s(&actions),
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("actions.txt:2: action 1 (\"OFFER 3 ORE\")"),
        "{}",
        r.stderr
    );
}
