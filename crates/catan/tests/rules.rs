//! One failing board per rule (`tests/fixtures/RULE.txt`, made by
//! `make_fixtures.py` from `maps/catan/small.txt`): each is reported with
//! its rule, severity and place; boards with only warnings still pass.
//! The rules that need a huge input are checked on inline text.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tabula_catan::{Rule, Severity, check_text, read_board};

fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the fixtures folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                std::fs::read_to_string(&p).expect("a readable fixture"),
            )
        })
        .collect();
    out.sort();
    out
}

/// The rules checked on inline text below rather than on a fixture file.
const INLINE: [Rule; 3] = [Rule::TooLarge, Rule::TooManyFields, Rule::TooManyProblems];

#[test]
fn every_rule_has_a_failing_board() {
    let named: BTreeSet<String> = fixtures().into_iter().map(|(n, _)| n).collect();
    for rule in Rule::ALL {
        assert!(
            named.contains(rule.name()) || INLINE.contains(rule),
            "no fixture for rule {}",
            rule.name()
        );
    }
}

#[test]
fn each_failing_board_reports_its_rule_at_its_place() {
    for (name, text) in fixtures() {
        let first = text.lines().next().unwrap_or_default();
        let expect: Vec<&str> = first
            .strip_prefix("# expect: ")
            .unwrap_or_else(|| panic!("{name}: no expect line"))
            .split_whitespace()
            .collect();
        let [rule_name, place] = expect[..] else {
            panic!("{name}: the expect line is `# expect: RULE LINE:COL`")
        };
        let rule = *Rule::ALL
            .iter()
            .find(|r| r.name() == rule_name)
            .unwrap_or_else(|| panic!("{name}: no rule {rule_name}"));
        let at: Option<(usize, usize)> = place
            .split_once(':')
            .map(|(l, c)| (l.parse().unwrap(), c.parse().unwrap()));
        let checked = check_text(&text);
        let shown: Vec<String> = checked.problems.iter().map(|p| p.to_string()).collect();
        let found = checked.problems.iter().find(|p| {
            p.rule == rule && at.is_none_or(|(l, c)| p.line == Some(l) && p.col == Some(c))
        });
        let Some(found) = found else {
            panic!("{name}: expected [{rule_name}] at {place}, found {shown:#?}")
        };
        assert_eq!(found.severity, rule.severity(), "{name}");
        assert!(!found.message.is_empty());
        match rule.severity() {
            Severity::Error => {
                assert!(checked.has_errors(), "{name}");
                assert!(
                    tabula_catan::CheckedBoard::from_text(&text).is_err(),
                    "{name}: refused"
                );
            }
            // A warning alone: the board reads and may be played.
            Severity::Warning => {
                assert!(!checked.has_errors(), "{name}: {shown:#?}");
                assert!(checked.board.is_some(), "{name}");
                assert!(
                    tabula_catan::CheckedBoard::from_text(&text).is_ok(),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn nr_is_read_as_north_east() {
    let text = fixtures()
        .into_iter()
        .find(|(n, _)| n == "nr-direction")
        .unwrap()
        .1;
    let nr = read_board(&text).expect("NR is accepted").board;
    let base = read_board(include_str!("../../../maps/catan/small.txt"))
        .unwrap()
        .board;
    assert_eq!(nr.fields, base.fields);
}

#[test]
fn a_text_over_the_limit_is_refused_unread() {
    let text = "#".repeat(tabula_catan::MAX_BOARD_BYTES + 1);
    let problems = read_board(&text).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, Rule::TooLarge);
}

#[test]
fn too_many_fields_stops_reading() {
    let mut text = String::from("### BIG\nVERSION: 1\nOWNER: T\n");
    for i in 0..=tabula_catan::MAX_FIELDS {
        let up = if i > 0 {
            format!("N,f{};", i - 1)
        } else {
            String::new()
        };
        text.push_str(&format!("f{i};WATER;0;{up}S,f{};\n", i + 1));
    }
    assert!(text.len() < tabula_catan::MAX_BOARD_BYTES);
    let problems = check_text(&text).problems;
    let p = problems
        .iter()
        .find(|p| p.rule == Rule::TooManyFields)
        .expect("too many fields");
    assert_eq!(p.line, Some(4 + tabula_catan::MAX_FIELDS));
}

#[test]
fn problems_stop_at_the_limit_and_say_more_follow() {
    let mut text = String::new();
    for i in 0..500 {
        text.push_str(&format!("x{i};NOPE;0;S,y;\n"));
    }
    let problems = check_text(&text).problems;
    assert_eq!(problems.len(), tabula_catan::MAX_PROBLEMS);
    let last = problems.last().unwrap();
    assert_eq!(last.rule, Rule::TooManyProblems);
    assert!(last.is_error());
    assert!(last.message.contains("more problems"), "{}", last.message);
}

#[test]
fn problems_print_as_line_col_message_rule() {
    let text = fixtures()
        .into_iter()
        .find(|(n, _)| n == "unknown-type")
        .unwrap()
        .1;
    let p = check_text(&text)
        .problems
        .into_iter()
        .find(|p| p.rule == Rule::UnknownType)
        .unwrap();
    let shown = p.to_string();
    assert!(
        shown.starts_with(&format!("{}:{}: ", p.line.unwrap(), p.col.unwrap())),
        "{shown}"
    );
    assert!(shown.ends_with(" [unknown-type]"), "{shown}");
    assert!(shown.contains("\"HILLS\" is not a field type"), "{shown}");
    assert_eq!(p.field.as_deref(), Some("4"));
}

#[test]
fn garbage_never_panics() {
    // Bytes of the shipped maps and fixtures, cut, repeated and mixed by a
    // small seeded generator: every input gets an answer.
    let mut inputs: Vec<String> = fixtures().into_iter().map(|(_, t)| t).collect();
    inputs.push(include_str!("../../../maps/catan/standard.txt").to_string());
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n.max(1) as u64) as usize
    };
    let pieces = [
        ";",
        ",",
        "\n",
        "NR,",
        "S,1;",
        "###",
        "# tabula: number 5 ",
        "\r",
        "é",
        "\u{202E}",
        "VERSION: ",
        "99999999999999999999",
        "-1",
    ];
    for round in 0..3000 {
        let base = &inputs[round % inputs.len()];
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..1 + next(8) {
            let at = next(chars.len() + 1);
            match next(3) {
                0 if !chars.is_empty() => {
                    let end = (at + next(20)).min(chars.len());
                    chars.drain(at.min(end)..end);
                }
                _ => {
                    let piece = pieces[next(pieces.len())];
                    for (k, c) in piece.chars().enumerate() {
                        chars.insert((at + k).min(chars.len()), c);
                    }
                }
            }
        }
        let text: String = chars.into_iter().collect();
        let checked = check_text(&text);
        for p in &checked.problems {
            assert!(!p.message.is_empty());
            assert!(p.line.is_none() || p.line.unwrap() >= 1);
        }
        if let Some(board) = checked.board {
            // Whatever reads writes back to something that reads the same.
            let again = read_board(&tabula_catan::write_board(&board));
            if let Ok(again) = again {
                assert_eq!(again.board.fields, board.fields);
            }
        }
    }
}

#[test]
fn a_field_apart_from_the_board_is_not_linked() {
    // A board drawn in memory (the editor) can hold a field that touches
    // nothing; its file could not link it, so the check says so.
    let mut board = tabula_catan::read_board(tabula_catan::STANDARD_BOARD)
        .unwrap()
        .board;
    assert!(tabula_catan::check_board(&board).is_empty());
    let mut lone = board.fields.last().unwrap().clone();
    lone.id = "lone".into();
    lone.hex = tabula_catan::tabula_hex::Hex::new(40, 40);
    lone.kind = tabula_catan::FieldKind::Water;
    lone.rotation = 0;
    board.fields.push(lone);
    let problems = tabula_catan::check_board(&board);
    assert!(
        problems
            .iter()
            .any(|p| p.rule == tabula_catan::Rule::NotLinked && p.field.as_deref() == Some("lone")),
        "{problems:?}"
    );
}
