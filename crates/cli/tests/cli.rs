//! End-to-end tests of the `tabula` binary: every command, good and bad input.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::{domains_record, fixture, s, scratch, tabula};

/// Play one 2-seat game into `dir`; the record's path.
fn one_record(dir: &Path) -> PathBuf {
    let r = tabula(&["play", "--games", "1", "--seed", "11", "--records", &s(dir)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let path = dir.join("game-0001.json");
    assert!(path.exists());
    path
}

/// A copy of the record at `src`, changed by `edit`, written to `dst`.
fn edited(src: &Path, dst: &Path, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut record: Value = serde_json::from_str(&fs::read_to_string(src).unwrap()).unwrap();
    edit(&mut record);
    fs::write(dst, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    dst.to_path_buf()
}

/// A broken record: a name, how to break a good record, the expected message.
type Case = (&'static str, fn(&mut Value), &'static str);

/// The index and body of the first `colonize` action of a record.
fn first_colonize(record: &mut Value) -> (usize, &mut Value) {
    let actions = record["actions"].as_array_mut().unwrap();
    actions
        .iter_mut()
        .enumerate()
        .find(|(_, a)| a["action"].get("colonize").is_some())
        .map(|(i, a)| (i, &mut a["action"]["colonize"]))
        .expect("the game has a colonize action")
}

fn check_play_and_verify(seats: usize) {
    let dir = scratch(&format!("play-{seats}"));
    let spec = vec!["random"; seats].join(",");
    let seed = 40;
    let r = tabula(&[
        "play",
        "--ruleset",
        "star-tigris",
        "--seats",
        &spec,
        "--games",
        "20",
        "--seed",
        &seed.to_string(),
        "--records",
        &s(&dir),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 21, "{}", r.stdout);
    let mut hashes = Vec::new();
    let mut actions = 0;
    for (g, line) in lines[..20].iter().enumerate() {
        assert_eq!(line["game"], g);
        assert_eq!(line["seed"], seed + g as u64);
        assert_eq!(line["scores"].as_array().unwrap().len(), seats);
        let finals = line["final"].as_array().unwrap();
        assert_eq!(finals.len(), seats);
        for (seat, f) in finals.iter().enumerate() {
            let f: Vec<u64> = f
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            assert_eq!(f.len(), 4);
            assert!(f.windows(2).all(|w| w[0] <= w[1]), "{f:?} is sorted");
            assert_eq!(line["scores"][seat], f[0], "the weakest kind scores");
        }
        let winners = line["winners"].as_array().unwrap();
        assert!(!winners.is_empty());
        assert!(["pool_exhausted", "artifacts_gone"].contains(&line["end"].as_str().unwrap()));
        assert!(line["turns"].as_u64().unwrap() >= 1);
        let hash = line["hash"].as_str().unwrap();
        assert_eq!(hash.len(), 16);
        hashes.push(hash.to_string());
        actions += line["actions"].as_u64().unwrap();
        let record = dir.join(format!("game-{:04}.json", g + 1));
        assert!(record.exists(), "{}", record.display());
    }
    let summary = &lines[20];
    assert_eq!(summary["summary"], true);
    assert_eq!(summary["games"], 20);
    let wins: f64 = summary["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_f64().unwrap())
        .sum();
    assert_eq!(summary["wins"].as_array().unwrap().len(), seats);
    assert!(
        (wins - 20.0).abs() < 1e-9,
        "every game is won by someone: {wins}"
    );
    assert!((summary["mean_actions"].as_f64().unwrap() - actions as f64 / 20.0).abs() < 1e-9);
    assert!(summary["seconds"].as_f64().unwrap() >= 0.0);

    // Every record replays to the hash the game ended with.
    let mut args = vec!["record".to_string(), "verify".to_string()];
    args.extend((1..=20).map(|g| s(&dir.join(format!("game-{g:04}.json")))));
    let v = tabula(&args);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let oks: Vec<&str> = v.stdout.lines().collect();
    assert_eq!(oks.len(), 20);
    for (line, hash) in oks.iter().zip(&hashes) {
        assert!(
            line.contains(": ok (") && line.contains(&format!("hash {hash}")),
            "{line}"
        );
    }
}

#[test]
fn play_two_seats_writes_records_that_verify() {
    check_play_and_verify(2);
}

#[test]
fn play_four_seats_writes_records_that_verify() {
    check_play_and_verify(4);
}

#[test]
fn play_is_reproducible_from_its_seed() {
    let run = || {
        let r = tabula(&[
            "play",
            "--games",
            "3",
            "--seed",
            "900",
            "--seats",
            "random,random,random",
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
            .lines()
            .take(3)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn play_rejects_bad_usage_with_a_clear_message() {
    let r = tabula(&["play", "--ruleset", "chess"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("unknown ruleset \"chess\"") && r.stderr.contains("star-tigris"),
        "{}",
        r.stderr
    );
    let r = tabula(&["play", "--seats", "random,genius"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("seat 2") && r.stderr.contains("\"genius\""),
        "{}",
        r.stderr
    );
    let r = tabula(&["play", "--seats", "random,random,random,random,random"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("2 to 4"), "{}", r.stderr);
    let r = tabula(&["play", "--map", &s(&fixture("maps/few-artifacts.txt"))]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("few-artifacts.txt: the map has 2 artifacts"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
}

#[test]
fn play_on_a_map_file_records_the_map() {
    let dir = scratch("play-map");
    let map = fixture("maps/adjacent-artifacts.txt");
    let r = tabula(&[
        "play",
        "--games",
        "2",
        "--map",
        &s(&map),
        "--records",
        &s(&dir),
        "--open-scores",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("warning: two artifacts touch"),
        "{}",
        r.stderr
    );
    let record: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("game-0002.json")).unwrap()).unwrap();
    assert!(record["map"].as_str().unwrap().contains("..MAA..."));
    assert_eq!(record["options"]["open_scores"], true);
    assert_eq!(record["seats"][1]["name"], "Seat 2");
    assert_eq!(record["seats"][1]["player"], "bot:random");
    let v = tabula(&["record", "verify", &s(&dir.join("game-0002.json"))]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}

#[test]
fn verify_names_the_step_of_an_altered_cell() {
    let dir = scratch("altered-cell");
    let good = one_record(&dir);
    let mut index = 0;
    let bad = edited(&good, &dir.join("bad.json"), |r| {
        let (i, colonize) = first_colonize(r);
        index = i;
        colonize["at"] = "Z99".into();
    });
    let v = tabula(&["record", "verify", &s(&good), &s(&bad)]);
    assert_eq!(v.code, 1);
    assert!(v.stdout.contains("game-0001.json: ok ("), "{}", v.stdout);
    let expected = format!("bad.json: step {index} (seat ");
    assert!(
        v.stderr.contains(&expected) && v.stderr.contains("Z99 is not on the board"),
        "{}",
        v.stderr
    );
}

#[test]
fn verify_names_the_step_of_an_altered_kind() {
    let dir = scratch("altered-kind");
    let good = one_record(&dir);
    let mut index = 0;
    let bad = edited(&good, &dir.join("bad.json"), |r| {
        let (i, colonize) = first_colonize(r);
        index = i;
        // Mining robots settle only uninhabitable cells, everyone else only
        // habitable ones: swapping the two can never be legal.
        let kind = if colonize["kind"] == "mining" {
            "settler"
        } else {
            "mining"
        };
        colonize["kind"] = kind.into();
    });
    let v = tabula(&["record", "verify", &s(&bad)]);
    assert_eq!(v.code, 1);
    assert!(
        v.stderr.contains(&format!("step {index} (seat ")),
        "{}",
        v.stderr
    );
    assert!(v.stdout.is_empty());
}

#[test]
fn verify_reports_a_different_final_state() {
    let dir = scratch("final-hash");
    let good = one_record(&dir);
    let bad = edited(&good, &dir.join("bad.json"), |r| {
        r["final_hash"] = "0123456789abcdef".into()
    });
    let v = tabula(&["record", "verify", &s(&bad)]);
    assert_eq!(v.code, 1);
    assert!(
        v.stderr.contains("the record says 0123456789abcdef"),
        "{}",
        v.stderr
    );
}

#[test]
fn verify_reports_line_and_column_of_a_truncated_record() {
    let dir = scratch("truncated");
    let good = one_record(&dir);
    let text = fs::read_to_string(&good).unwrap();
    // Records are compact JSON on one line: cut it two thirds of the way.
    let at = (0..=text.len() * 2 / 3)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap();
    let bad = dir.join("cut.json");
    fs::write(&bad, &text[..at]).unwrap();
    let v = tabula(&["record", "verify", &s(&bad)]);
    assert_eq!(v.code, 1);
    let expected = format!("{}:1:", s(&bad));
    assert!(
        v.stderr.starts_with(&expected) && v.stderr.contains("cut short"),
        "{}",
        v.stderr
    );
}

#[test]
fn verify_rejects_an_oversized_file() {
    let dir = scratch("oversized");
    let big = dir.join("big.json");
    let limit = tabula_engine::limits::MAX_RECORD_BYTES;
    fs::write(&big, vec![b' '; limit + 1]).unwrap();
    let v = tabula(&["record", "verify", &s(&big)]);
    assert_eq!(v.code, 1);
    assert!(
        v.stderr.contains(&format!("at most {limit}")),
        "{}",
        v.stderr
    );
}

#[test]
fn verify_rejects_unknown_ruleset_version_and_options() {
    let dir = scratch("envelope");
    let good = one_record(&dir);
    let cases: [Case; 4] = [
        (
            "ruleset",
            |r| r["ruleset"] = "chess".into(),
            "unknown ruleset \"chess\" (known rulesets: star-tigris, domains, catan, vector)",
        ),
        (
            "version",
            |r| r["version"] = 2.into(),
            "record format version 2 is not supported",
        ),
        (
            "option",
            |r| r["options"] = serde_json::json!({"turbo": true}),
            "options: unknown field \"turbo\" (known fields: one of \"pool\", \"open_scores\", \"turns\", \"order\")",
        ),
        (
            "format",
            |r| r["format"] = "chess-pgn".into(),
            "this is not a Tabula game record",
        ),
    ];
    for (name, edit, message) in cases {
        let bad = edited(&good, &dir.join(format!("{name}.json")), edit);
        let v = tabula(&["record", "verify", &s(&bad)]);
        assert_eq!(v.code, 1, "{name}");
        assert!(
            v.stderr.contains(&format!("{name}.json: {message}")),
            "{name}: {}",
            v.stderr
        );
    }
}

#[test]
fn verify_rejects_hostile_seat_names_and_players() {
    let dir = scratch("hostile");
    let good = one_record(&dir);
    let cases: [Case; 4] = [
        (
            "escape",
            |r| r["seats"][0]["name"] = "Eve\u{1b}[2J".into(),
            "seats[0].name: the name holds the control character",
        ),
        (
            "newline",
            |r| r["seats"][1]["name"] = "a\nb".into(),
            "seats[1].name: the name holds the control character",
        ),
        (
            "long",
            |r| r["seats"][1]["name"] = "x".repeat(500).into(),
            "seats[1].name: the name has 500 characters",
        ),
        (
            "player",
            |r| r["seats"][0]["player"] = "bot:\u{7}".into(),
            "seats[0].player: the player holds the control character",
        ),
    ];
    for (name, edit, message) in cases {
        let bad = edited(&good, &dir.join(format!("{name}.json")), edit);
        let v = tabula(&["record", "verify", &s(&bad)]);
        assert_eq!(v.code, 1, "{name}");
        assert!(v.stderr.contains(message), "{name}: {}", v.stderr);
        assert!(
            !v.stderr.contains('\u{1b}') && !v.stderr.contains('\u{7}'),
            "{name}: raw control characters printed"
        );
        assert_eq!(v.stderr.lines().count(), 1, "{name}: {}", v.stderr);
    }
}

#[test]
fn map_check_passes_the_default_map() {
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/star-tigris/default.txt");
    let r = tabula(&["map", "check", &s(&map)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("default.txt: ok (16x11, 125 open, 41 uninhabitable, 10 artifacts)\n"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn map_check_passes_every_shipped_map() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/star-tigris");
    let mut maps: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| s(&p))
        .collect();
    maps.sort();
    assert!(maps.len() >= 5, "{maps:?}");
    let mut args = vec!["map".to_string(), "check".into()];
    args.extend(maps.iter().cloned());
    let r = tabula(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ok: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(ok.len(), maps.len(), "{}", r.stdout);
    for (line, map) in ok.iter().zip(&maps) {
        assert!(line.starts_with(&format!("{map}: ok (")), "{line}");
    }
    // Only warnings are printed, and the no-uninhabitable board has its own.
    assert!(
        r.stderr.lines().all(|l| l.contains(": warning: ")),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("open.txt: ok (12x11, 124 open, 0 uninhabitable, 8 artifacts, 1 warning)"),
        "{}",
        r.stdout
    );
}

#[test]
fn map_check_reports_broken_maps_with_line_and_column() {
    let (bad_char, ragged, few) = (
        s(&fixture("maps/bad-char.txt")),
        s(&fixture("maps/ragged.txt")),
        s(&fixture("maps/few-artifacts.txt")),
    );
    let r = tabula(&["map", "check", &bad_char, &ragged, &few]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert!(
        lines.contains(
            &format!("{bad_char}:3:5: 'x' is not a map cell (use '.', 'M' or 'A') [bad-character]")
                .as_str()
        ),
        "{}",
        r.stderr
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{bad_char}:4:6: '?'"))),
        "{}",
        r.stderr
    );
    assert!(
        lines.contains(
            &format!(
                "{ragged}:4:7: this row has 6 cells but the first row has 8 [not-rectangular]"
            )
            .as_str()
        ),
        "{}",
        r.stderr
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{few}: the map has 2 artifacts"))),
        "{}",
        r.stderr
    );
    // The broken map's warnings are printed too.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{few}: warning: the map has 2 uninhabitable"))),
        "{}",
        r.stderr
    );
    assert_eq!(lines.len(), 6, "{}", r.stderr);
}

#[test]
fn map_check_passes_a_map_with_only_warnings() {
    let map = s(&fixture("maps/adjacent-artifacts.txt"));
    let r = tabula(&["map", "check", "--ruleset", "star-tigris", &map]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with(&format!("{map}:4:5: warning: two artifacts touch")),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("ok (8x4, 26 open, 2 uninhabitable, 4 artifacts, 3 warnings)"),
        "{}",
        r.stdout
    );
    let r = tabula(&["map", "check", "--ruleset", "go", &map]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown ruleset \"go\""), "{}", r.stderr);
}

#[test]
fn apply_scores_colonies_from_a_setup() {
    let r = tabula(&[
        "apply",
        "--setup",
        &s(&fixture("setups/two-colonies.txt")),
        "--actions",
        &s(&fixture("setups/two-colonies.actions")),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let state: Value = serde_json::from_str(&r.stdout).unwrap();
    let p1 = &state["players"][0];
    assert_eq!(
        p1["score"],
        serde_json::json!({"settler": 1, "scientist": 1, "merchant": 0, "mining": 0})
    );
    assert_eq!(p1["leaders"]["settler"], "C3");
    assert_eq!(p1["leaders"]["merchant"], Value::Null);
    assert_eq!(state["board"][2], ".  t  P1 p  .  M");
    assert_eq!(state["board"][1], ".  t  .  .  .  .");
    // The turn ended and player 2 (seat 1) is to move.
    assert_eq!(state["turn"], 2);
    assert_eq!(state["active"], 1);
    assert_eq!(
        state["to_move"],
        serde_json::json!({"kind": "seat", "seats": 1})
    );
    assert_eq!(state["outcome"], Value::Null);
    let events: Vec<&str> = state["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events,
        [
            "colonized",
            "scored",
            "colonized",
            "scored",
            "turn_ended",
            "drew"
        ]
    );
    assert_eq!(state["events"][3]["reason"], "settler_fallback");
    assert_eq!(state["hash"].as_str().unwrap().len(), 16);
}

#[test]
fn apply_names_the_index_of_an_illegal_action() {
    let actions = fixture("setups/illegal.actions");
    let r = tabula(&[
        "apply",
        "--setup",
        &s(&fixture("setups/two-colonies.txt")),
        "--actions",
        &s(&actions),
    ]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.is_empty());
    assert_eq!(
        r.stderr.trim_end(),
        format!(
            "{}:4: action 1 (\"colonize merchant C3\"): C3 is already occupied",
            s(&actions)
        )
    );
}

#[test]
fn apply_names_the_index_of_an_unreadable_action() {
    let dir = scratch("apply-unreadable");
    let actions = dir.join("a.txt");
    fs::write(&actions, "# comment\ncolonize settler D3\n\nfly to F7\n").unwrap();
    let r = tabula(&[
        "apply",
        "--setup",
        &s(&fixture("setups/two-colonies.txt")),
        "--actions",
        &s(&actions),
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(&format!(
            "{}:4: action 1 (\"fly to F7\"): unknown action",
            s(&actions)
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn apply_reports_setup_problems_with_line_and_column() {
    let dir = scratch("apply-setup");
    let setup = dir.join("bad.txt");
    fs::write(&setup, "players 2\nboard\n.  t  Q  .\n.  .  .  .\n").unwrap();
    let r = tabula(&["apply", "--setup", &s(&setup)]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(&format!("{}:3:7: ", s(&setup))),
        "{}",
        r.stderr
    );
}

#[test]
fn apply_seat_view_shows_only_what_the_seat_may_see() {
    let setup = s(&fixture("setups/two-colonies.txt"));
    let r = tabula(&["apply", "--setup", &setup, "--seat-view", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let view: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(view["seat"], 1);
    assert_eq!(view["players"][0]["hand"], Value::Null);
    assert_eq!(view["players"][1]["hand"], serde_json::json!([1, 3, 1, 1]));
    let r = tabula(&["apply", "--setup", &setup, "--seat-view", "3"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("the setup has 2 players"), "{}", r.stderr);
}

#[test]
fn bench_reports_speed_and_state_size() {
    let r = tabula(&["bench", "--games", "3", "--seed", "5", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(b["games"], 3);
    assert_eq!(b["seats"], 2);
    assert!(b["actions_per_game"].as_f64().unwrap() > 10.0);
    assert!(b["state_bytes"].as_u64().unwrap() > 1000);
    // Picking from the full legal list plays other games of the same kind.
    let r = tabula(&["bench", "--list", "--games", "3", "--seed", "5", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(l["games"], 3);
    assert!(l["actions_per_game"].as_f64().unwrap() > 10.0);
    let r = tabula(&["bench", "--games", "1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("games/s:")
            && r.stdout.contains("µs/action:")
            && r.stdout.contains("bytes per state:")
    );
}

#[test]
fn bench_plays_the_games_play_plays_without_a_record() {
    // The same games as `tabula play --seats`: the same actions, game by game.
    let play = tabula(&[
        "play",
        "--seats",
        "random,greedy",
        "--games",
        "3",
        "--seed",
        "9",
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    let played: u64 = play
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v["actions"].as_u64())
        .sum();
    let r = tabula(&[
        "bench",
        "--bots",
        "random,greedy",
        "--games",
        "3",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(b["games"], 3);
    assert_eq!(b["actions"].as_u64(), Some(played));
    assert!(b["ms_per_game"].as_f64().unwrap() > 0.0);
    let r = tabula(&["bench", "--bots", "random,nobody"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--bots"), "{}", r.stderr);
}

#[test]
fn missing_files_are_named() {
    let r = tabula(&["record", "verify", "no-such-record.json"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("no-such-record.json: cannot open:"),
        "{}",
        r.stderr
    );
    let r = tabula(&["map", "check", "no-such-map.txt"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("no-such-map.txt: cannot open:"),
        "{}",
        r.stderr
    );
}

#[test]
fn play_accepts_every_kind_of_bot_and_its_records_verify() {
    let dir = scratch("play-bots");
    let r = tabula(&[
        "play",
        "--seats",
        "search:iterations=15:depth=4,greedy,random",
        "--games",
        "1",
        "--seed",
        "21",
        "--records",
        &s(&dir),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let path = dir.join("game-0001.json");
    let record: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        record["seats"][0]["player"],
        "bot:search:iterations=15:depth=4"
    );
    assert_eq!(record["seats"][1]["player"], "bot:greedy");
    let r = tabula(&["record", "verify", &s(&path)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = tabula(&["play", "--seats", "greedy,search:iterations=x"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("seat 2") && r.stderr.contains("iterations=x"),
        "{}",
        r.stderr
    );
}

#[test]
fn arena_prints_one_json_object_per_pair() {
    let r = tabula(&[
        "arena",
        "--ruleset",
        "star-tigris",
        "--bots",
        "search:iterations=8:depth=3,greedy,random",
        "--games",
        "2",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let pairs: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l["a"].as_str().unwrap(), l["b"].as_str().unwrap()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("search:iterations=8:depth=3", "greedy"),
            ("search:iterations=8:depth=3", "random"),
            ("greedy", "random")
        ]
    );
    for l in &lines {
        assert_eq!(l.as_object().unwrap().len(), 6, "{l}");
        assert_eq!(l["games"], 2);
        let sum = l["a_wins"].as_u64().unwrap()
            + l["b_wins"].as_u64().unwrap()
            + l["draws"].as_u64().unwrap();
        assert_eq!(sum, 2, "{l}");
    }
    // Not a terminal: progress comes as whole lines.
    assert!(r.stderr.contains("6/6 games"), "{}", r.stderr);
    assert!(!r.stderr.contains('\r'));
}

#[test]
fn arena_prints_a_table_with_intervals_and_elo() {
    let r = tabula(&[
        "arena",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--seed",
        "2",
        "--seats",
        "3",
        "--threads",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("95% interval"), "{}", r.stdout);
    assert!(r.stdout.contains("Elo"), "{}", r.stdout);
    let row = r
        .stdout
        .lines()
        .find(|l| l.starts_with("greedy  random"))
        .unwrap_or_else(|| panic!("{}", r.stdout));
    assert!(row.contains('%') && row.contains('–'), "{row}");
    // The same seed gives the same results, whatever the threads.
    let again = tabula(&[
        "arena",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--seed",
        "2",
        "--seats",
        "3",
    ]);
    let row_again = again
        .stdout
        .lines()
        .find(|l| l.starts_with("greedy  random"))
        .unwrap();
    assert_eq!(row, row_again);
}

#[test]
fn arena_rejects_bad_bots_and_seats() {
    let r = tabula(&["arena", "--bots", "greedy,genius"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("bot 2") && r.stderr.contains("unknown bot \"genius\""),
        "{}",
        r.stderr
    );
    let r = tabula(&["arena", "--bots", "greedy"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("two or more"), "{}", r.stderr);
    let r = tabula(&["arena", "--bots", "greedy,random", "--seats", "5"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("2 to 4"), "{}", r.stderr);
    let r = tabula(&["arena", "--ruleset", "chess", "--bots", "greedy,random"]);
    assert_eq!(r.code, 2);
}

#[test]
fn bench_measures_a_bot() {
    let r = tabula(&[
        "bench",
        "--bot",
        "search:iterations=20",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(b["bot"], "search:iterations=20");
    assert_eq!(b["positions"], 2);
    assert!(b["iterations_per_second"].as_f64().unwrap() > 0.0);
    assert!(b["ms_per_move"].as_f64().unwrap() > 0.0);
    let r = tabula(&["bench", "--bot", "greedy", "--games", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("ms/move:") && !r.stdout.contains("iterations/s"));
    let r = tabula(&["bench", "--bot", "deep-blue"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--bot: unknown bot"), "{}", r.stderr);
}

fn lesson_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../lessons/star-tigris")
        .join(name)
}

#[test]
fn lesson_check_passes_the_shipped_lessons() {
    let mut files: Vec<String> = fs::read_dir(lesson_file(""))
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .filter(|p| p.ends_with(".json"))
        .collect();
    files.sort();
    let mut args = vec!["lesson".to_string(), "check".to_string()];
    args.extend(files.iter().cloned());
    let r = tabula(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), files.len(), "{}", r.stdout);
    let internal = s(&lesson_file("02-internal-conflict.json"));
    assert!(
        r.stdout.contains(&format!("{internal}: ok (9 steps)")),
        "{}",
        r.stdout
    );
    // A folder stands for its lessons, in name order.
    let folder = tabula(&["lesson", "check", &s(&lesson_file(""))]);
    assert_eq!(folder.code, 0, "{}", folder.stderr);
    assert_eq!(
        folder.stdout.lines().count(),
        files.len(),
        "{}",
        folder.stdout
    );
    let empty = scratch("lesson-empty-folder");
    let r = tabula(&["lesson", "check", &s(&empty)]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("is a folder, not a file"), "{}", r.stderr);
}

#[test]
fn lesson_check_names_the_step_and_the_wrong_number() {
    let dir = scratch("lesson-wrong-number");
    let text = fs::read_to_string(lesson_file("02-internal-conflict.json")).unwrap();
    assert!(text.contains("\"strengths\": [5, 1]"));
    let bad = dir.join("bad.json");
    fs::write(
        &bad,
        text.replace("\"strengths\": [5, 1]", "\"strengths\": [4, 1]"),
    )
    .unwrap();
    let good = s(&lesson_file("01-basic-round.json"));
    let r = tabula(&["lesson", "check", &s(&bad), &good]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr.trim_end(),
        format!(
            "{}: step 4: attacker strength is 5, the lesson says 4",
            s(&bad)
        )
    );
    assert!(
        r.stdout.contains(&format!("{good}: ok (7 steps)")),
        "{}",
        r.stdout
    );
    // An action the rules refuse is named with its step.
    let refused = dir.join("refused.json");
    fs::write(
        &refused,
        text.replace("place merchant G4", "place merchant A1"),
    )
    .unwrap();
    let r = tabula(&["lesson", "check", &s(&refused)]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(&format!(
            "{}: step 9: \"place merchant A1\" is refused: A1 has no scientist colony next to it",
            s(&refused)
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn lesson_check_reports_line_and_column_of_malformed_json() {
    let dir = scratch("lesson-malformed");
    let bad = dir.join("bad.json");
    fs::write(
        &bad,
        "{\n  \"format\": \"tabula-lesson\",\n  \"version\": 1,\n  \"title\": \"x\" \"summary\": \"y\"\n}\n",
    )
    .unwrap();
    let r = tabula(&["lesson", "check", &s(&bad)]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(&format!(
            "{}: line 4, column 16: expected `,` or `}}`",
            s(&bad)
        )),
        "{}",
        r.stderr
    );
    // Unknown fields and missing files are named too.
    let unknown = dir.join("unknown.json");
    let text = fs::read_to_string(lesson_file("01-basic-round.json")).unwrap();
    fs::write(&unknown, text.replacen("\"say\"", "\"sya\"", 1)).unwrap();
    let r = tabula(&[
        "lesson",
        "check",
        &s(&unknown),
        &s(&dir.join("missing.json")),
    ]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("unknown field \"sya\""), "{}", r.stderr);
    assert!(
        r.stderr.contains("missing.json: cannot open"),
        "{}",
        r.stderr
    );
    let r = tabula(&["lesson", "check"]);
    assert_eq!(r.code, 2);
}

#[test]
fn domains_plays_verifies_and_runs_an_arena() {
    let dir = scratch("domains");
    let p = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--seats",
        "dummy,demo",
        "--games",
        "1",
        "--seed",
        "3",
        "--records",
        &s(&dir),
    ]);
    assert_eq!(p.code, 0, "{}", p.stderr);
    let line: serde_json::Value = serde_json::from_str(p.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(line["winners"], serde_json::json!([0]), "dummy beats demo");
    let v = tabula(&["record", "verify", &s(&dir.join("game-0001.json"))]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let a = tabula(&[
        "arena",
        "--ruleset",
        "domains",
        "--bots",
        "dummy,demo",
        "--games",
        "2",
    ]);
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert!(a.stdout.contains("dummy"), "{}", a.stdout);
    let bad = tabula(&["play", "--ruleset", "domains", "--seats", "dummy:fast,demo"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("dummy: unknown parameter"),
        "{}",
        bad.stderr
    );
    let unknown = tabula(&["play", "--ruleset", "domains", "--seats", "nobody,demo"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown
            .stderr
            .contains("and this ruleset's demo, dummy, painter"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn domains_files_of_the_original_program_import_and_export() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../domains/tests/fixtures/playerdemo4-seed3.new.txt");
    let i = tabula(&["import", "domains", &s(&fixture)]);
    assert_eq!(i.code, 0, "{}", i.stderr);
    assert!(
        i.stdout.contains("500 rounds on 50×50, 4 players"),
        "{}",
        i.stdout
    );
    assert!(
        i.stdout.contains("PlayerDemo 38528\nPlayerDemo 43340\n"),
        "{}",
        i.stdout
    );
    let dir = scratch("domains-files");
    let broken = dir.join("broken.txt");
    let text = std::fs::read_to_string(&fixture).unwrap();
    std::fs::write(&broken, text.replacen("\n2 9 9 9 9 ", "\n7 9 9 9 9 ", 1)).unwrap();
    let b = tabula(&["import", "domains", &s(&broken)]);
    assert_eq!(b.code, 1);
    assert!(
        b.stderr.contains("broken.txt:6:1: the round label is 7"),
        "{}",
        b.stderr
    );
    let e = tabula(&["export", "domains", &s(&domains_record(&dir))]);
    assert_eq!(e.code, 0, "{}", e.stderr);
    let exported = dir.join("exported.txt");
    std::fs::write(&exported, &e.stdout).unwrap();
    let back = tabula(&["import", "domains", &s(&exported)]);
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert!(back.stdout.contains("Seat_1 "), "{}", back.stdout);
    let st = tabula(&["import", "star-tigris", &s(&fixture)]);
    assert_eq!(st.code, 2);
}

#[test]
fn domains_bench_times_bots_and_engine() {
    let b = tabula(&[
        "bench",
        "--ruleset",
        "domains",
        "--seats",
        "2",
        "--games",
        "1",
        "--json",
    ]);
    assert_eq!(b.code, 0, "{}", b.stderr);
    let v: serde_json::Value = serde_json::from_str(b.stdout.trim()).unwrap();
    assert_eq!(v["bot"], "demo");
    assert!(v["engine_share"].as_f64().unwrap() > 0.0);
    let bad = tabula(&["bench", "--ruleset", "domains", "--bot", "nobody"]);
    assert_eq!(bad.code, 2);
}

/// `tabula bench --bots` plays, for Catan and Vector too, the games `tabula
/// play` plays between the same bots (the same actions), with no record.
#[test]
fn bench_bots_plays_the_games_play_plays_in_catan_and_vector() {
    let base = r#"{"cities_and_knights":false,"trades_between_players":false}"#;
    for (ruleset, seats, options) in [
        ("catan", "random,random,random", Some(base)),
        ("vector", "random,random,random,random", None),
    ] {
        let mut play_args = vec!["play", "--ruleset", ruleset, "--seats", seats];
        let mut bench_args = vec!["bench", "--ruleset", ruleset, "--bots", seats];
        let n = seats.split(',').count().to_string();
        bench_args.extend(["--seats", n.as_str()]);
        if let Some(o) = options {
            play_args.extend(["--options", o]);
            bench_args.extend(["--options", o]);
        }
        play_args.extend(["--games", "2", "--seed", "5"]);
        bench_args.extend(["--games", "2", "--seed", "5", "--json"]);
        let play = tabula(&play_args);
        assert_eq!(play.code, 0, "{ruleset}: {}", play.stderr);
        let played: u64 = play
            .stdout
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["actions"].as_u64())
            .sum();
        let r = tabula(&bench_args);
        assert_eq!(r.code, 0, "{ruleset}: {}", r.stderr);
        let b: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(b["ruleset"], ruleset);
        assert_eq!(b["games"], 2);
        assert_eq!(b["actions"].as_u64(), Some(played), "{ruleset}");
    }
}

/// A run of several games (one match restarted for each) prints and
/// records what a run of each game alone prints and records: the same
/// actions, scores, winners and final hash, the same record.
#[test]
fn a_run_of_games_plays_each_game_as_it_plays_alone() {
    let catan = r#"{"cities_and_knights":false,"trades_between_players":false}"#;
    for (ruleset, seats, options) in [
        ("star-tigris", "random,greedy", None),
        ("catan", "random,random,random", Some(catan)),
        ("vector", "random,greedy,random,random", None),
        ("domains", "random,random", None),
    ] {
        let dir = scratch(&format!("run-of-games-{ruleset}"));
        let run = |games: &str, seed: &str, records: &Path| {
            let mut args = vec!["play", "--ruleset", ruleset, "--seats", seats];
            if let Some(o) = options {
                args.extend(["--options", o]);
            }
            let records = s(records);
            args.extend(["--games", games, "--seed", seed, "--records", &records]);
            let r = tabula(&args);
            assert_eq!(r.code, 0, "{ruleset}: {}", r.stderr);
            r.stdout
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .collect::<Vec<Value>>()
        };
        let all = run("3", "4", &dir.join("all"));
        assert_eq!(all.len(), 4, "{ruleset}: three games and the summary");
        for (g, line) in all.iter().take(3).enumerate() {
            let seed = (4 + g).to_string();
            let alone = run("1", &seed, &dir.join(format!("alone-{g}")));
            let mut expected = alone[0].clone();
            expected["game"] = Value::from(g);
            expected["record"] = line["record"].clone();
            assert_eq!(line, &expected, "{ruleset}: game {g}");
            let recorded = |path: PathBuf| fs::read_to_string(path).unwrap();
            assert_eq!(
                recorded(dir.join("all").join(format!("game-000{}.json", g + 1))),
                recorded(dir.join(format!("alone-{g}")).join("game-0001.json")),
                "{ruleset}: game {g}'s record"
            );
        }
    }
}

/// The lines of `tabula play` for Vector are those written before one
/// match was restarted for each game and the board's words were kept for
/// the hash (28 November 2026): the same games, the same final hashes.
#[test]
fn vector_play_prints_the_lines_it_printed_before() {
    let r = tabula(&[
        "play",
        "--ruleset",
        "vector",
        "--seats",
        "random,random,random,random",
        "--games",
        "3",
        "--seed",
        "3",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[..3],
        [
            r#"{"game":0,"seed":3,"actions":96,"scores":[-6,10,0,0],"winners":[1,3],"hash":"c787dc71e2e3ed10"}"#,
            r#"{"game":1,"seed":4,"actions":86,"scores":[2,0,10,2],"winners":[0,2],"hash":"fd610f2b00095ce6"}"#,
            r#"{"game":2,"seed":5,"actions":92,"scores":[1,1,1,5],"winners":[1,3],"hash":"2916b91a6ce7d39e"}"#,
        ]
    );
    let summary: Value = serde_json::from_str(lines[3]).unwrap();
    assert_eq!(summary["games"], 3);
    assert_eq!(summary["draws"], 3);
    assert_eq!(summary["wins"], serde_json::json!([0.5, 1.0, 0.5, 1.0]));
}
