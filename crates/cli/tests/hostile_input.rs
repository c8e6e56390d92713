//! The hostile inputs found by hand, each at the command line: pipes and
//! devices, ragged and out-of-range setups, tampered records, and messages
//! that name the file, the line and the option.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::{domains_record, s, scratch, tabula};

/// A JSON file, read.
fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    s(&p)
}

#[test]
fn a_named_pipe_with_no_writer_is_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.txt");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|st| st.success()) {
        eprintln!("mkfifo is not available: skipped");
        return;
    }
    let start = Instant::now();
    let r = tabula(&["map", "check", &s(&fifo)]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "it waited for a writer"
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("pipe.txt: is not an ordinary file"),
        "{}",
        r.stderr
    );
    let r = tabula(&["record", "verify", "/dev/zero"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("/dev/zero: is not an ordinary file"),
        "{}",
        r.stderr
    );
    let r = tabula(&["apply", "--setup", &s(&dir), "--actions", &s(&dir)]);
    assert_ne!(r.code, 0);
    assert!(r.stderr.contains("is a folder, not a file"), "{}", r.stderr);
    assert!(!r.stderr.contains("file file"), "{}", r.stderr);
}

#[test]
fn a_ragged_domains_setup_is_refused_with_its_line_everywhere() {
    let dir = scratch("ragged");
    let map = write(&dir, "ragged.txt", "players 2\nunit b 1\nboard\n.\n. .bb\n");
    let r = tabula(&["map", "check", "--ruleset", "domains", &map]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(
        r.stderr.contains("ragged.txt:5:1: row 1 has 2 squares"),
        "{}",
        r.stderr
    );
    let p = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--seats",
        "demo,dummy",
        "--map",
        &map,
    ]);
    assert_eq!(p.code, 1, "{}", p.stderr);
    assert!(
        p.stderr.contains("ragged.txt:5:1:"),
        "the file is named: {}",
        p.stderr
    );
}

#[test]
fn domains_setup_problems_point_at_the_line_and_column() {
    let dir = scratch("domains-places");
    let map = write(
        &dir,
        "places.txt",
        "players 2\nscores 1 9223372036854775807\nunit a 0 energy=99\nunit b 3\nzone 9,9 left=3\nround 1\nround 2\nboard\n... 0.a ...\n... ... ..b\n",
    );
    let r = tabula(&["map", "check", "--ruleset", "domains", &map]);
    assert_eq!(r.code, 1);
    for want in [
        "places.txt:7:1: `round` is given twice (first on line 6)",
        "places.txt:5:1: no ability zone (ground A–D) is at 9,9",
    ] {
        assert!(r.stderr.contains(want), "{want}\n{}", r.stderr);
    }
    // Once the text reads, the checks of the position name the lines too.
    let map = write(
        &dir,
        "places2.txt",
        "players 2\nscores 1 9223372036854775807\nunit a 0 energy=99\nunit b 3\nboard\n... 0.a ...\n... ... ..b\n",
    );
    let r = tabula(&["map", "check", "--ruleset", "domains", &map]);
    for want in [
        "places2.txt:3:1: unit a has energy 99",
        "places2.txt:4:1: unit b belongs to player 3, who is not playing",
        "places2.txt:2:1: player 1's score 9223372036854775807 is out of range",
    ] {
        assert!(r.stderr.contains(want), "{want}\n{}", r.stderr);
    }
}

#[test]
fn star_tigris_setups_refuse_what_they_used_to_ignore() {
    let dir = scratch("tigris-setups");
    let cases = [
        (
            "players 2\nhand 3 settler 1\nboard\n. .\n. .\n",
            "2:6: player 3 is not one of the 2 players",
        ),
        (
            "players 2\nartifacts 1 300\nboard\n. .\n. .\n",
            "2:13: \"300\": expected a number of artifacts up to 99",
        ),
        (
            "players 2\nplayers 3\nboard\n. .\n. .\n",
            "2:1: `players` is given twice (first on line 1)",
        ),
        (
            "players 2\nhand 1 settler 1 settler 2\nboard\n. .\n. .\n",
            "2:18: settler is given twice on this line",
        ),
        (
            "players 2\nboard\n.\n",
            "3:1: the board is 1×1; a setup needs at least 2 cells",
        ),
        (
            "players 2\nactive 3\nboard\n. .\n. .\n",
            "2:8: active player 3 is not one of the 2 players",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let setup = write(&dir, &format!("setup{i}.txt"), text);
        let actions = write(&dir, &format!("actions{i}.json"), "[]");
        let r = tabula(&["apply", "--setup", &setup, "--actions", &actions]);
        assert_eq!(r.code, 1, "{text}");
        assert!(r.stderr.contains(want), "{want}\n{}", r.stderr);
    }
}

#[test]
fn record_options_and_actions_are_named_in_plain_words() {
    let dir = scratch("record-words");
    let path = domains_record(&dir);
    let mut record: serde_json::Value = json(&path);
    record["options"]["max_units"] = 65536.into();
    let bad = write(&dir, "bad-option.json", &record.to_string());
    let r = tabula(&["record", "verify", &bad]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("option max_units: the number 65536 is not a whole number from 0 to 255"),
        "{}",
        r.stderr
    );
    // Options out of range are refused even when a map sets the size.
    let mut sized: serde_json::Value = json(&path);
    sized["options"]["rows"] = 0.into();
    sized["map"] = "players 2\nunit a 0\nunit b 1\nboard\n0.a ... ...\n... ... 1.b\n".into();
    let r = tabula(&[
        "record",
        "verify",
        &write(&dir, "rows0.json", &sized.to_string()),
    ]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("option rows is 0"), "{}", r.stderr);
    // Unknown fields in a Domains action are refused, as in Star Tigris.
    let mut extra: serde_json::Value = json(&path);
    let step = extra["actions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["action"].is_object())
        .expect("an order");
    let order = step["action"]
        .as_object_mut()
        .unwrap()
        .values_mut()
        .next()
        .unwrap();
    order["sneaky"] = true.into();
    let r = tabula(&[
        "record",
        "verify",
        &write(&dir, "extra.json", &extra.to_string()),
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("unknown field \"sneaky\""),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("`"), "no decoder quoting: {}", r.stderr);
}

#[test]
fn export_refuses_a_record_whose_final_state_differs() {
    let dir = scratch("export-hash");
    let path = domains_record(&dir);
    let mut record: serde_json::Value = json(&path);
    record["final_hash"] = "0123456789abcdef".into();
    let tampered = write(&dir, "tampered.json", &record.to_string());
    let e = tabula(&["export", "domains", &tampered]);
    assert_eq!(e.code, 1);
    assert!(e.stdout.is_empty(), "nothing is written");
    assert!(e.stderr.contains("tampered.json"), "{}", e.stderr);
    // Cut short: the last actions gone, the hash kept.
    let actions = record["actions"].as_array_mut().unwrap();
    actions.truncate(actions.len() / 2);
    record["final_hash"] = json(&path)["final_hash"].clone();
    let cut = write(&dir, "cut.json", &record.to_string());
    let e = tabula(&["export", "domains", &cut]);
    assert_eq!(e.code, 1, "{}", e.stdout.len());
}

#[test]
fn file_names_that_turn_text_around_are_shown_escaped() {
    let dir = scratch("bidi");
    let name = "evil\u{202e}txt.json";
    let p = dir.join(name);
    fs::write(&p, "{").unwrap();
    let r = tabula(&["record", "verify", &s(&p)]);
    assert_eq!(r.code, 1);
    assert!(!r.stderr.contains('\u{202e}'), "{}", r.stderr);
    assert!(r.stderr.contains("evil\\u{202e}txt.json"), "{}", r.stderr);
    assert!(r.stderr.contains("cut short"), "{}", r.stderr);
}
