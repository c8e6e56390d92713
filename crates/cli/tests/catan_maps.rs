//! `tabula map check --ruleset catan`: every shipped board passes; a bad
//! board prints `FILE:LINE:COL: message [rule]` and exits 1; warnings alone
//! pass.

use std::path::{Path, PathBuf};

mod common;
use common::{s, scratch, tabula};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn catan_fixture(name: &str) -> String {
    s(&repo(&format!("crates/catan/tests/fixtures/{name}.txt")))
}

#[test]
fn every_shipped_catan_map_passes() {
    let dir = repo("maps/catan");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .filter(|p| p.ends_with(".txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut args = vec![
        "map".to_string(),
        "check".into(),
        "--ruleset".into(),
        "catan".into(),
    ];
    args.extend(files.iter().cloned());
    let r = tabula(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "", "no warnings on shipped maps");
    for f in &files {
        assert!(r.stdout.contains(&format!("{f}: ok (")), "{}", r.stdout);
    }
    assert!(
        r.stdout.contains(
            "19 land (4 pasture, 3 hill, 3 mountain, 4 field, 4 forest, 1 desert), 9 harbours"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn an_error_names_file_line_column_and_rule_and_fails() {
    let file = catan_fixture("unknown-type");
    let r = tabula(&["map", "check", "--ruleset", "catan", &file]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let line = r
        .stderr
        .lines()
        .find(|l| l.ends_with("[unknown-type]"))
        .unwrap_or_else(|| panic!("{}", r.stderr));
    assert!(line.starts_with(&format!("{file}:")), "{line}");
    let rest = &line[file.len() + 1..];
    let mut parts = rest.splitn(3, ':');
    let (l, c) = (parts.next().unwrap(), parts.next().unwrap());
    assert!(
        l.parse::<usize>().is_ok() && c.parse::<usize>().is_ok(),
        "{line}"
    );
    assert!(line.contains("\"HILLS\" is not a field type"), "{line}");
    assert!(!r.stdout.contains("ok"), "{}", r.stdout);
}

#[test]
fn a_board_rule_without_a_line_is_printed_after_the_file_name() {
    let file = catan_fixture("min-land-fields");
    let r = tabula(&["map", "check", "--ruleset", "catan", &file]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(&format!(
            "{file}: the board has 17 land fields; it needs at least 18 [min-land-fields]"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn warnings_alone_pass_and_nr_is_accepted() {
    let file = catan_fixture("nr-direction");
    let r = tabula(&["map", "check", "--ruleset", "catan", &file]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains(": warning: NR is read as NE"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("[nr-direction]"), "{}", r.stderr);
    assert!(r.stdout.contains(", 1 warning)"), "{}", r.stdout);
}

#[test]
fn one_bad_file_among_good_ones_fails_the_run() {
    let good = s(&repo("maps/catan/standard.txt"));
    let bad = catan_fixture("islands");
    let r = tabula(&["map", "check", "--ruleset", "catan", &good, &bad]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains(&format!("{good}: ok")), "{}", r.stdout);
    assert!(r.stderr.contains("[islands]"), "{}", r.stderr);
}

#[test]
fn unreadable_and_oversized_files_are_refused_with_their_name() {
    let dir = scratch("catan-maps");
    let big = dir.join("big.txt");
    std::fs::write(&big, "#".repeat(70_000)).unwrap();
    let r = tabula(&["map", "check", "--ruleset", "catan", &s(&big)]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("at most 65536 are accepted"),
        "{}",
        r.stderr
    );
    let missing = dir.join("nothing.txt");
    let r = tabula(&["map", "check", "--ruleset", "catan", &s(&missing)]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("there is no such file"), "{}", r.stderr);
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [0x31, 0x3b, 0xff, 0xfe]).unwrap();
    let r = tabula(&["map", "check", "--ruleset", "catan", &s(&binary)]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("not UTF-8"), "{}", r.stderr);
}
