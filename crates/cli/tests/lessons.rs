//! `tabula lesson check` over the lessons of every ruleset in the one
//! format (`docs/lessons.md`), and damaged lessons refused in plain words
//! that name the step.

mod common;
use std::fs;
use std::path::{Path, PathBuf};

use common::{s, scratch, tabula};

fn lessons(ruleset: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../lessons")
        .join(ruleset)
}

fn count(ruleset: &str) -> usize {
    fs::read_dir(lessons(ruleset))
        .map(|d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
            })
            .count()
        })
        .unwrap_or(0)
}

#[test]
fn every_shipped_lesson_of_every_ruleset_plays_as_it_says() {
    for (ruleset, at_least) in [
        ("vector", 5),
        ("domains", 4),
        ("catan", 10),
        ("star-tigris", 9),
    ] {
        let n = count(ruleset);
        assert!(
            n >= at_least,
            "{ruleset}: {n} lessons, at least {at_least} wanted"
        );
        let r = tabula(&["lesson", "check", &s(&lessons(ruleset))]);
        assert_eq!(r.code, 0, "{ruleset}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), n, "{}", r.stdout);
        assert!(
            r.stdout.lines().all(|l| l.contains(": ok (")),
            "{}",
            r.stdout
        );
    }
}

/// A copy of the first Vector lesson with `from` replaced by `to`.
fn damaged(name: &str, from: &str, to: &str) -> PathBuf {
    let text =
        fs::read_to_string(lessons("vector").join("01-directions-and-magnitudes.json")).unwrap();
    assert!(text.contains(from), "{from}");
    let path = scratch(&format!("lesson-{name}")).join(name);
    fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path
}

fn refused(path: &Path) -> String {
    let r = tabula(&["lesson", "check", &s(path)]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    r.stderr.trim_end().to_string()
}

#[test]
fn a_damaged_lesson_is_refused_naming_the_step() {
    let p = damaged("score.json", "\"N\": 5, \"E\": 0", "\"N\": 4, \"E\": 0");
    assert_eq!(
        refused(&p),
        format!("{}: step 9: scores N is 5, the lesson says 4", s(&p))
    );
    let p = damaged(
        "action.json",
        "\"action\": \"DIRECTION: E\"",
        "\"action\": \"DIRECTION: Q\"",
    );
    assert_eq!(
        refused(&p),
        format!(
            "{}: step 2: the action \"DIRECTION: Q\": `Q` is not a direction (N, NE, E, SE, S, SW, W, NW)",
            s(&p)
        )
    );
    let p = damaged("out-of-turn.json", "\"seat\": \"N\"", "\"seat\": \"S\"");
    assert!(
        refused(&p).starts_with(&format!(
            "{}: step 2: the action \"DIRECTION: E\" is refused: ",
            s(&p)
        )),
        "{}",
        refused(&p)
    );
    let p = damaged("seat.json", "\"seat\": \"N\"", "\"seat\": \"X\"");
    assert_eq!(
        refused(&p),
        format!("{}: step 2: \"X\" is not a seat of this game", s(&p))
    );
    let p = damaged("fact.json", "\"round\": 0", "\"rounds\": 0");
    let e = refused(&p);
    assert!(
        e.starts_with(&format!(
            "{}: step 1: \"rounds\" is not a fact of vector; its facts are vector, scores",
            s(&p)
        )),
        "{e}"
    );
    let p = damaged(
        "place.json",
        "\"highlight\": [\"10 10\"",
        "\"highlight\": [\"10 30\"",
    );
    assert_eq!(
        refused(&p),
        format!(
            "{}: step 1: highlight \"10 30\": a square is written ROW COLUMN, each 0 to 20",
            s(&p)
        )
    );
    // A place named in a text ({{ROW COLUMN}}, shown in the board's
    // words) is read like a highlight; one never closed is named too.
    let p = damaged(
        "text-place.json",
        "\"say\": \"The Vector stands in the middle of the board",
        "\"say\": \"The Vector stands on {{10 30}} of the board",
    );
    assert_eq!(
        refused(&p),
        format!(
            "{}: step 1: the narration: the place {{{{10 30}}}}: a square is written ROW COLUMN, each 0 to 20",
            s(&p)
        )
    );
    let p = damaged(
        "text-open.json",
        "\"say\": \"The Vector stands in the middle of the board",
        "\"say\": \"The Vector stands on {{10 10",
    );
    assert!(
        refused(&p).starts_with(&format!(
            "{}: step 1: the narration: a place opened with {{{{ is never closed",
            s(&p)
        )),
        "{}",
        refused(&p)
    );
    let p = damaged("position.json", "\"vector 10 10\"", "\"vector 10 99\"");
    assert!(
        refused(&p).starts_with(&format!("{}: position: line 2: ", s(&p))),
        "{}",
        refused(&p)
    );
}

#[test]
fn a_lesson_without_its_german_texts_or_of_an_unknown_ruleset_is_refused() {
    let p = damaged(
        "untranslated.json",
        "\"hint\": \"Die 5 Punkte liegen genau",
        "\"hnt\": \"Die 5 Punkte liegen genau",
    );
    assert!(
        refused(&p).contains("translations.de.steps[1].hnt: unknown field \"hnt\""),
        "{}",
        refused(&p)
    );
    let text =
        fs::read_to_string(lessons("vector").join("01-directions-and-magnitudes.json")).unwrap();
    let start = text.find("\"translations\"").unwrap();
    let cut = format!("{}\"source\": \"x\"\n}}\n", &text[..start]);
    let p = scratch("lesson-untranslated").join("no-german.json");
    fs::write(&p, cut).unwrap();
    assert_eq!(
        refused(&p),
        format!("{}: the lesson has no \"de\" translation", s(&p))
    );
    let p = damaged(
        "ruleset.json",
        "\"ruleset\": \"vector\"",
        "\"ruleset\": \"chess\"",
    );
    assert_eq!(
        refused(&p),
        format!(
            "{}: lessons are written for vector, domains, catan or star-tigris, not \"chess\"",
            s(&p)
        )
    );
    let p = damaged(
        "both.json",
        "\"learner\": {\n        \"seat\": \"N\",\n        \"action\": \"DIRECTION: E\",",
        "\"play\": { \"seat\": \"N\", \"action\": \"DIRECTION: E\" }, \"learner\": {\n        \"seat\": \"N\",\n        \"action\": \"DIRECTION: E\",",
    );
    assert_eq!(
        refused(&p),
        format!(
            "{}: step 2: a step has a \"play\" or a \"learner\" action, not both",
            s(&p)
        )
    );
}
