//! `tabula catanatron-bot`: Catanatron's line protocol (version 1) on
//! standard input and output, with messages written by Catanatron
//! (crates/catan/tests/fixtures/catanatron, see scripts/catanatron_fixtures.py).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const POSITIONS: &str = include_str!("../../catan/tests/fixtures/catanatron/positions.jsonl");

/// Run the bot on these lines; its reply lines and its standard error.
fn talk(args: &[&str], lines: &[String]) -> (Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("catanatron-bot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs");
    let mut input = child.stdin.take().unwrap();
    for l in lines {
        writeln!(input, "{l}").unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replies = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each reply is one JSON line"))
        .collect();
    (replies, String::from_utf8(out.stderr).unwrap())
}

fn positions() -> Vec<Value> {
    POSITIONS
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn it_answers_hello_and_every_decision_with_a_playable_action() {
    let mut lines = vec![json!({"type": "hello", "protocol_version": 1}).to_string()];
    let ps = positions();
    for p in &ps {
        lines.push(p["before"].to_string());
        lines.push(p["decide"].to_string());
        lines.push(json!({"type": "after", "winning_color": null}).to_string());
    }
    let (replies, stderr) = talk(&["--bot", "search:iterations=50"], &lines);
    assert_eq!(replies.len(), 1 + ps.len(), "{stderr}");
    assert_eq!(replies[0]["protocol_version"], 1);
    assert_eq!(replies[0]["observe"], false);
    for (p, r) in ps.iter().zip(&replies[1..]) {
        let playable = p["decide"]["playable_actions"].as_array().unwrap();
        assert!(playable.contains(&r["action"]), "{}: {r}", p["kind"]);
    }
    // Only a choice Catanatron's rules lack (stopping Road Building
    // early) may have been said and answered otherwise.
    for line in stderr.lines() {
        assert!(line.contains("END_PLAY has no counterpart"), "{stderr}");
    }
}

#[test]
fn garbage_and_unknown_messages_are_said_and_skipped() {
    let p = &positions()[5];
    let lines = vec![
        "{not json".to_string(),
        json!({"type": "gossip"}).to_string(),
        // A decide before any before: the map is unknown.
        p["decide"].to_string(),
        p["before"].to_string(),
        p["decide"].to_string(),
    ];
    let (replies, stderr) = talk(&["--bot", "greedy"], &lines);
    assert_eq!(replies.len(), 2, "{stderr}");
    let playable = p["decide"]["playable_actions"].as_array().unwrap();
    for r in &replies {
        assert!(playable.contains(&r["action"]), "{r}");
    }
    assert!(stderr.contains("line 1 is not JSON"), "{stderr}");
    assert!(stderr.contains("\"gossip\""), "{stderr}");
    assert!(stderr.contains("no board known"), "{stderr}");
}

#[test]
fn check_mode_lists_tabulas_legal_actions_in_catanatrons_words() {
    let p = positions()
        .into_iter()
        .find(|p| p["kind"].as_str().unwrap().contains("MOVE_ROBBER"))
        .unwrap();
    let lines = vec![p["before"].to_string(), p["decide"].to_string()];
    let (replies, _) = talk(&["--check"], &lines);
    let mut ours: Vec<String> = replies[0]["tabula"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.to_string())
        .collect();
    let mut theirs: Vec<String> = p["decide"]["playable_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.to_string())
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
    assert_eq!(replies[0]["errors"], json!([]));
}

#[test]
fn a_bad_bot_spec_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["catanatron-bot", "--bot", "wizard"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bot"));
}
