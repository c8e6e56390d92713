//! The shipped lessons (`lessons/star-tigris/*.json`) load and play to their
//! end with every expectation met, and state the numbers their sources
//! give; the lesson format's errors and `write_setup` round trips.

use std::path::{Path, PathBuf};

use tabula_star_tigris::lesson::{
    Expectations, Lesson, check_expectations, learner_check, lesson_start, parse_lesson,
    play_lesson, step_action, write_setup,
};
use tabula_star_tigris::{Kind, Phase, StarTigris, parse_setup};

fn lesson_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons/star-tigris")
}

/// Every shipped lesson file, sorted by name.
fn lesson_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(lesson_dir())
        .expect("lessons/star-tigris exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The shipped lesson whose file name starts with `prefix`.
fn lesson(prefix: &str) -> Lesson {
    let path = lesson_files()
        .into_iter()
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no lesson {prefix}*"));
    let text = std::fs::read_to_string(&path).unwrap();
    parse_lesson(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The expectations of every step, in order.
fn expects(l: &Lesson) -> Vec<&Expectations> {
    l.steps.iter().map(|s| &s.expect).collect()
}

#[test]
fn every_shipped_lesson_plays_to_its_end() {
    let files = lesson_files();
    assert!(!files.is_empty());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let l = parse_lesson(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let states = play_lesson(&l).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(states.len(), l.steps.len() + 1, "{name}");
        assert!(
            l.steps.iter().any(|s| s.learner.is_some()),
            "{name} has no learner step"
        );
        for (i, s) in l.steps.iter().enumerate() {
            if let Some(a) = &s.learner {
                assert!(!a.hint.trim().is_empty() && !a.wrong.trim().is_empty());
                assert!(step_action(&l, i).unwrap().unwrap().2);
            }
            assert!(!s.say.trim().is_empty(), "{name} step {}", i + 1);
        }
        // The file name: a number for the order, then a short name.
        assert!(
            name.len() < 40 && name.as_bytes()[..2].iter().all(u8::is_ascii_digit),
            "{name}"
        );
    }
}

#[test]
fn lesson_01_basic_round_states_the_example_numbers() {
    let l = lesson("01-");
    let e = expects(&l);
    assert!(e.iter().any(
        |x| x.scores.get(&1) == Some(&[0, 0, 0, 1]) && x.scores.get(&2) == Some(&[0, 0, 0, 0])
    ));
    assert!(e.iter().any(|x| x.scores.get(&2) == Some(&[0, 0, 0, 1])));
    let states = play_lesson(&l).unwrap();
    let end = states.last().unwrap();
    assert_eq!(end.score(0), [0, 0, 0, 1]);
    assert_eq!(end.score(1), [0, 0, 0, 1]);
}

#[test]
fn lesson_02_internal_conflict_states_2_1_then_5_1() {
    let l = lesson("02-");
    let strengths: Vec<(u32, u32)> = expects(&l).iter().filter_map(|e| e.strengths).collect();
    assert!(strengths.contains(&(2, 1)), "initial strengths 2 and 1");
    assert!(strengths.contains(&(5, 1)), "final strengths 5 and 1");
    let e = expects(&l);
    assert!(
        e.iter().any(|x| x.scores.get(&1) == Some(&[0, 1, 0, 0])),
        "1 technology for winning"
    );
    assert!(
        e.iter().any(|x| x.scores.get(&1) == Some(&[0, 1, 1, 0])),
        "then 1 money"
    );
    // The learner places the attacking leader.
    let (seat, action, learner) = step_action(&l, 1).unwrap().unwrap();
    assert_eq!(
        (seat, action.to_string(), learner),
        (0, "place merchant C2".into(), true)
    );
    let states = play_lesson(&l).unwrap();
    let end = states.last().unwrap();
    let at = |c: &str| end.index(c.parse().unwrap());
    assert_eq!(end.leader(0, Kind::Merchant), at("C2"));
    assert_eq!(
        end.leader(1, Kind::Merchant),
        at("G4"),
        "no conflict after the split"
    );
    assert!(end.cell(at("E3").unwrap()).is_destroyed());
}

#[test]
fn lesson_03_external_conflict_follows_from_the_rules() {
    let l = lesson("03-");
    let e = expects(&l);
    let strengths: Vec<(u32, u32)> = e.iter().filter_map(|x| x.strengths).collect();
    assert!(
        strengths.contains(&(3, 5)),
        "the stated initial strengths 3 and 5"
    );
    assert!(
        strengths.contains(&(6, 5)),
        "the attacker wins outright, no tie"
    );
    assert!(
        e.iter().all(|x| x.attacker.is_none_or(|a| a == 2)),
        "Player 2 attacks"
    );
    assert!(
        e.iter().any(|x| x.scores.get(&2) == Some(&[1, 0, 6, 0])),
        "5 colonies + the leader"
    );
    assert!(
        e.iter().any(|x| x.scores.get(&2) == Some(&[2, 0, 6, 0])),
        "then 1 people"
    );
    assert!(
        e.iter().any(|x| x.artifacts.get(&2) == Some(&1)),
        "an artifact harvested"
    );
    // The narration says what the original text got wrong.
    let said: String = l.steps.iter().map(|s| s.say.as_str()).collect();
    for word in ["original", "attacker", "tie goes to the defender"] {
        assert!(said.contains(word), "{word}");
    }
    let states = play_lesson(&l).unwrap();
    // Five merchant colonies of Player 1's former region were removed.
    let start = &states[0];
    let end = states.last().unwrap();
    assert_eq!(start.colonies_on_board()[Kind::Merchant.index()], 8);
    assert_eq!(end.colonies_on_board()[Kind::Merchant.index()], 3);
    assert_eq!(end.leader(0, Kind::Merchant), None);
}

#[test]
fn lesson_04_leaders_stand_beside_scientists_and_join_no_regions() {
    let l = lesson("04-");
    let e = expects(&l);
    let refused: Vec<&String> = e.iter().flat_map(|x| &x.refused).collect();
    for a in ["place settler A1", "place merchant C2", "place merchant D3"] {
        assert!(refused.iter().any(|r| *r == a), "{a}");
    }
    let allowed: Vec<&String> = e.iter().flat_map(|x| &x.allowed).collect();
    assert!(allowed.iter().any(|a| *a == "place merchant E2"));
    let end = play_lesson(&l).unwrap().pop().unwrap();
    let at = |c: &str| end.index(c.parse().unwrap());
    assert_eq!(end.leader(0, Kind::Settler), at("A2"), "moved from B1");
    assert_eq!(
        end.leader(1, Kind::Merchant),
        at("B5"),
        "beside an artifact"
    );
}

#[test]
fn lesson_05_the_government_leader_collects_when_no_leader_matches() {
    let l = lesson("05-");
    let e = expects(&l);
    // A merchant colony settled by Player 1 scores for Player 2's merchant leader.
    assert!(e.iter().any(
        |x| x.scores.get(&1) == Some(&[0, 0, 0, 0]) && x.scores.get(&2) == Some(&[0, 0, 1, 0])
    ));
    // A mining robot with no mining leader: Player 1's government leader.
    assert!(e.iter().any(|x| x.scores.get(&1) == Some(&[0, 0, 0, 1])));
    // Scientists settled by Player 2 score technology for Player 1.
    assert!(e.iter().any(|x| x.scores.get(&1) == Some(&[0, 1, 0, 1])));
    let end = play_lesson(&l).unwrap().pop().unwrap();
    assert_eq!((end.score(0), end.score(1)), ([0, 1, 0, 1], [0, 0, 1, 0]));
}

#[test]
fn lesson_06_the_merchant_harvests_artifacts_down_to_one() {
    let l = lesson("06-");
    let e = expects(&l);
    assert!(e.iter().any(|x| x.artifacts.get(&1) == Some(&1)));
    assert!(e.iter().any(|x| x.artifacts.get(&1) == Some(&2)));
    assert!(
        e.iter().any(|x| x.final_score.get(&1) == Some(&1)),
        "before"
    );
    assert!(e.iter().any(|x| x.final_score.get(&1) == Some(&2)), "after");
    let end = play_lesson(&l).unwrap().pop().unwrap();
    assert_eq!((end.artifacts_held(0), end.artifacts_on_board()), (2, 4));
}

#[test]
fn lesson_07_bombers_split_a_region_and_send_a_leader_home() {
    let l = lesson("07-");
    let e = expects(&l);
    assert!(e.iter().any(|x| !x.different_regions.is_empty()));
    assert!(e.iter().any(|x| {
        x.bombers.get(&1) == Some(&1)
            && x.cells
                .get(&"H3".parse().unwrap())
                .is_some_and(|c| c == ".")
    }));
    let end = play_lesson(&l).unwrap().pop().unwrap();
    assert_eq!((end.bombers(0), end.bombers(1)), (1, 1));
    assert_eq!(end.leader(1, Kind::Merchant), None);
    assert!(end.leader(0, Kind::Merchant).is_some());
}

#[test]
fn lesson_08_the_game_ends_and_the_weakest_kind_decides() {
    let l = lesson("08-");
    let e = expects(&l);
    // Seed 001's example: 4 raw, 10 money, 2 technology, 12 people score 2;
    // 3 of each score 3.
    assert_eq!(e[0].final_score.get(&1), Some(&2));
    assert_eq!(e[0].final_score.get(&2), Some(&3));
    assert_eq!(e.last().unwrap().winners, Some(vec![1]));
    let end = play_lesson(&l).unwrap().pop().unwrap();
    assert!(end.phase().is_over());
    assert_eq!(end.artifacts_on_board(), 2);
    assert_eq!(
        (end.final_scores(0), end.final_scores(1)),
        ([3, 4, 10, 12], [3, 3, 3, 3])
    );
}

const SMALL: &str = r#"{
  "format": "tabula-lesson",
  "version": 1,
  "title": "Small",
  "summary": "A small lesson.",
  "setup": ["players 2", "hand 1 settler 6", "hand 2 settler 6", "board", "t . .", ". . .", "A A A"],
  "steps": [
    { "say": "Settle.", "learner": { "player": 1, "action": "colonize settler B1",
      "hint": "B1", "wrong": "No." }, "expect": { "cells": { "B1": "p" } } },
    { "say": "Again.", "play": { "player": 1, "action": "colonize settler C1" },
      "expect": { "active": 2, "scores": { "1": [0, 0, 0, 0] } } }
  ]
}"#;

#[test]
fn a_small_lesson_reads_plays_and_writes_back() {
    let l = parse_lesson(SMALL).unwrap();
    assert_eq!(
        l.setup,
        "players 2\nhand 1 settler 6\nhand 2 settler 6\nboard\nt . .\n. . .\nA A A\n"
    );
    let states = play_lesson(&l).unwrap();
    assert_eq!(states.len(), 3);
    assert_eq!(states[0], lesson_start(&l).unwrap());
    // Written back (setup as lines) and read again: the same lesson.
    let json = serde_json::to_string_pretty(&l).unwrap();
    assert!(json.contains("\"hand 1 settler 6\""), "{json}");
    assert_eq!(parse_lesson(&json).unwrap(), l);
    // The setup may also be one string.
    let one = SMALL.replace(
        r#"["players 2", "hand 1 settler 6", "hand 2 settler 6", "board", "t . .", ". . .", "A A A"]"#,
        r#""players 2\nhand 1 settler 6\nhand 2 settler 6\nboard\nt . .\n. . .\nA A A\n""#,
    );
    assert_eq!(parse_lesson(&one).unwrap(), l);
    // The learner's check.
    let right = "colonize settler B1".parse().unwrap();
    let other = "colonize settler A2".parse().unwrap();
    assert_eq!(learner_check(&l, 0, 0, &right), Ok(()));
    assert_eq!(learner_check(&l, 0, 0, &other), Err("No.".into()));
    assert_eq!(learner_check(&l, 0, 1, &right), Err("No.".into()));
    assert!(
        learner_check(&l, 1, 0, &right).is_err(),
        "step 2 is the app's"
    );
}

fn parse_err(text: &str) -> String {
    parse_lesson(text).unwrap_err().to_string()
}

#[test]
fn parse_errors_are_named() {
    // JSON syntax: line and column.
    let broken = SMALL.replacen("\"Small\",", "\"Small\"", 1);
    assert_eq!(parse_err(&broken), "line 5, column 3: expected `,` or `}`");
    assert!(parse_err("").starts_with("line 1, column 0: EOF"));
    // Unknown and missing fields.
    assert!(parse_err(&SMALL.replacen("\"say\"", "\"sai\"", 1)).contains("unknown field `sai`"));
    assert!(
        parse_err(&SMALL.replacen("\"summary\": \"A small lesson.\",", "", 1))
            .contains("missing field `summary`")
    );
    // Format, version and texts, all listed.
    let e = parse_err(
        &SMALL
            .replace("tabula-lesson", "tabula-map")
            .replace("\"version\": 1", "\"version\": 7")
            .replace("\"Small\"", "\" \""),
    );
    assert!(e.contains("format is \"tabula-map\""), "{e}");
    assert!(e.contains("version 7 is not known"), "{e}");
    assert!(e.contains("the title is empty"), "{e}");
    // One problem: its step is set, and shown counted from 1.
    let e = parse_lesson(&SMALL.replace("colonize settler C1", "colonise wizard C1")).unwrap_err();
    assert_eq!(e.step, Some(1));
    assert!(
        e.to_string()
            .starts_with("step 2: cannot read the action \"colonise wizard C1\""),
        "{e}"
    );
    let e = parse_err(&SMALL.replace(
        "\"play\": { \"player\": 1,",
        "\"learner\": { \"player\": 1, \"hint\": \"h\", \"wrong\": \"w\", \"action\": \"pass\" }, \"play\": { \"player\": 1,",
    ));
    assert!(e.starts_with("step 2: a step has either"), "{e}");
    assert!(
        parse_err(&SMALL.replace(
            "\"player\": 1, \"action\": \"colonize settler C1\"",
            "\"player\": 3, \"action\": \"colonize settler C1\""
        ))
        .starts_with("step 2: player 3 is not one of the 2 players")
    );
    // Setup problems keep their line and column.
    let e = parse_err(&SMALL.replace("\"t . .\"", "\"t Q .\""));
    assert!(
        e.contains("the setup has problems") && e.contains("5:3:"),
        "{e}"
    );
    // Cells off the board and bad tokens.
    let e = parse_err(&SMALL.replace("\"B1\": \"p\"", "\"Z9\": \"p\""));
    assert!(e.starts_with("step 1: Z9 is not on the 3×3 board"), "{e}");
    let e = parse_err(&SMALL.replace("\"B1\": \"p\"", "\"B1\": \"pp\""));
    assert!(e.contains("\"pp\" is not a cell token"), "{e}");
    assert!(
        parse_err(&SMALL.replace("\"active\": 2", "\"phase\": \"lunch\""))
            .contains("\"lunch\" is not a phase")
    );
    // No steps; too large.
    let e = parse_err(
        r#"{"format":"tabula-lesson","version":1,"title":"t","summary":"s","setup":"players 2\nboard\nt .\n","steps":[]}"#,
    );
    assert_eq!(e, "the lesson has no steps");
    let big = format!("{}{}", " ".repeat(300 * 1024), SMALL);
    assert!(parse_err(&big).contains("at most 262144"));
}

#[test]
fn check_expectations_names_each_difference() {
    let l = lesson("02-");
    let states = play_lesson(&l).unwrap();
    let in_conflict = &states[2]; // after "place merchant C2"
    let mut e = Expectations {
        strengths: Some((3, 1)),
        attacker: Some(2),
        ..Default::default()
    };
    e.scores.insert(1, [0, 0, 1, 0]);
    e.cells.insert("C2".parse().unwrap(), "M2".into());
    e.phase = Some("order".into());
    let diffs = check_expectations(in_conflict, &e).unwrap_err();
    assert_eq!(
        diffs,
        [
            "attacker strength is 2, the lesson says 3",
            "the attacker is player 1, the lesson says player 2",
            "player 1 has 0 people, 0 technology, 0 money, 0 raw materials, the lesson says 0 people, 0 technology, 1 money, 0 raw materials",
            "C2 holds player 1's merchant leader (M1), the lesson says player 2's merchant leader (M2)",
            "the phase is conflict, the lesson says order",
        ]
    );
    // No conflict: strengths cannot be checked.
    let e = Expectations {
        strengths: Some((5, 1)),
        ..Default::default()
    };
    assert_eq!(
        check_expectations(states.last().unwrap(), &e).unwrap_err(),
        ["there is no conflict being fought, the lesson says strengths 5 and 1"]
    );
    assert_eq!(
        check_expectations(in_conflict, &Expectations::default()),
        Ok(())
    );
    // A lesson with a wrong number fails at that step, with that message.
    let text = std::fs::read_to_string(lesson_dir().join("02-internal-conflict.json")).unwrap();
    let bad =
        parse_lesson(&text.replace("\"strengths\": [5, 1]", "\"strengths\": [5, 2]")).unwrap();
    let err = play_lesson(&bad).unwrap_err();
    assert_eq!(err.step, Some(3));
    assert_eq!(
        err.to_string(),
        "step 4: defender strength is 1, the lesson says 2"
    );
    // An action by the wrong player.
    let good = "{\"seat\": \"2\", \"action\": \"commit 0\"}";
    assert!(text.contains(good));
    let bad =
        parse_lesson(&text.replace(good, "{\"seat\": \"1\", \"action\": \"commit 0\"}")).unwrap();
    assert_eq!(
        play_lesson(&bad).unwrap_err().to_string(),
        "step 5: player 1 cannot play \"commit 0\" now: player 2 must act"
    );
}

/// Everything a setup describes is equal in the two states.
fn same_position(a: &StarTigris, b: &StarTigris) {
    assert_eq!(
        (a.width(), a.height(), a.players()),
        (b.width(), b.height(), b.players())
    );
    assert_eq!(a.cells_slice(), b.cells_slice());
    assert_eq!(a.regions(), b.regions());
    for p in 0..a.players() as u8 {
        for k in Kind::ALL {
            assert_eq!(a.leader(p, k), b.leader(p, k));
        }
        assert_eq!(a.hand(p), b.hand(p));
        assert_eq!(a.score(p), b.score(p));
        assert_eq!(a.artifacts_held(p), b.artifacts_held(p));
        assert_eq!(a.bombers(p), b.bombers(p));
    }
    assert_eq!(a.pool(), b.pool());
    assert_eq!(
        (a.active(), a.orders_left(), a.phase()),
        (b.active(), b.orders_left(), b.phase())
    );
    assert_eq!(a.open_scores(), b.open_scores());
}

#[test]
fn write_setup_round_trips_random_mid_game_states() {
    use tabula_engine::{Game, GameRng, ToMove};
    let mut checked = 0;
    let (mut destroyed, mut harvested, mut second_order) = (false, false, false);
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let options = tabula_star_tigris::Options {
            open_scores: seed % 2 == 0,
            ..Default::default()
        };
        let mut g =
            StarTigris::new(&options, tabula_star_tigris::DEFAULT_MAP, players, seed).unwrap();
        let mut rng = GameRng::seeded(seed ^ 0x5eed);
        let stop = 20 + rng.below(400);
        let mut n = 0;
        while n < stop {
            match g.to_move() {
                ToMove::Seat(s) => {
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply(s, &a).unwrap();
                }
                ToMove::Chance => g.apply_chance().unwrap(),
                _ => break,
            }
            n += 1;
            if g.phase() == Phase::Order && n % 37 == 0 {
                let text = write_setup(&g);
                let back = parse_setup(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                same_position(&g, &back);
                assert_eq!(write_setup(&back), text);
                checked += 1;
                destroyed |= text.contains('X');
                harvested |= text.contains("\nartifacts ");
                second_order |= text.contains("order 2");
            }
        }
    }
    assert!(checked > 50, "{checked}");
    assert!(
        destroyed && harvested && second_order,
        "the states cover bombers, artifacts and second orders"
    );
}

#[test]
fn write_setup_of_a_fresh_setup_is_equal() {
    for l in lesson_files() {
        let l = parse_lesson(&std::fs::read_to_string(&l).unwrap()).unwrap();
        let g = lesson_start(&l).unwrap();
        let back = parse_setup(&write_setup(&g)).unwrap();
        same_position(&g, &back);
    }
    let text = "players 3\nactive 2\norder 2\nseed 0\nopen-scores yes\nhand 1 settler 2 mining 1\nhand 2\nhand 3 merchant 6\nscore 2 money 7\nartifacts 3 2\nbombers 1 0\nboard\n. t P1 M t\nA X XM m* T2\n. . . M r\n";
    let g = parse_setup(text).unwrap();
    let written = write_setup(&g);
    assert_eq!(parse_setup(&written).unwrap(), g, "{written}");
    assert!(written.contains("m* T2"), "{written}");
    // A state mid-conflict is written at its next order, with a comment.
    let l = lesson("02-");
    let states = play_lesson(&l).unwrap();
    assert!(write_setup(&states[2]).starts_with("# written during the conflict phase"));
}

#[test]
fn the_format_document_example_plays() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/star-tigris/lesson-format.md"),
    )
    .unwrap();
    let start = doc.find("```json\n").expect("a JSON example") + "```json\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let l = parse_lesson(&doc[start..end]).unwrap_or_else(|e| panic!("{e}"));
    let states = play_lesson(&l).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(states.len(), 3);
}

#[test]
fn every_cell_a_narration_names_is_highlighted() {
    for path in lesson_files() {
        let l = parse_lesson(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for (i, step) in l.steps.iter().enumerate() {
            for word in step.say.split(|c: char| !c.is_ascii_alphanumeric()) {
                let b = word.as_bytes();
                let is_cell = (2..=3).contains(&b.len())
                    && b[0].is_ascii_uppercase()
                    && b[1..].iter().all(u8::is_ascii_digit);
                if is_cell {
                    let pos: tabula_star_tigris::Pos = word.parse().unwrap();
                    assert!(
                        step.highlight.contains(&pos),
                        "{name} step {}: {word} is named but not highlighted",
                        i + 1
                    );
                }
            }
            if step.play.is_some() || step.learner.is_some() {
                assert!(!step.highlight.is_empty(), "{name} step {}", i + 1);
            }
        }
    }
}

#[test]
fn a_snapshot_of_any_state_is_met_by_it() {
    use tabula_engine::{Game, GameRng, ToMove};
    use tabula_star_tigris::lesson::snapshot_expectations;
    let mut conflicts = 0;
    for seed in 0..6u64 {
        let mut g = StarTigris::new(
            &Default::default(),
            tabula_star_tigris::DEFAULT_MAP,
            3,
            seed,
        )
        .unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..300 {
            let e = snapshot_expectations(&g);
            assert_eq!(check_expectations(&g, &e), Ok(()));
            conflicts += e.strengths.is_some() as usize;
            match g.to_move() {
                ToMove::Seat(s) => {
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply(s, &a).unwrap();
                }
                ToMove::Chance => g.apply_chance().unwrap(),
                _ => break,
            }
        }
    }
    assert!(conflicts > 0);
    // In the internal-conflict lesson, after the attacker commits: 5 and 1.
    let l = lesson("02-");
    let states = play_lesson(&l).unwrap();
    let e = snapshot_expectations(&states[4]);
    assert_eq!(
        (e.strengths, e.attacker, e.defender),
        (Some((5, 1)), Some(1), Some(2))
    );
    assert_eq!(e.conflict.as_deref(), Some("internal merchant"));
    // Written to JSON and read back, it is the same.
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(serde_json::from_str::<Expectations>(&json).unwrap(), e);
}

/// One vocabulary with the page and the rules: a player's six pieces are
/// colonists in a hand (not ships in a fleet), and artifacts are drawn as
/// gold stars (not marked with a letter).
#[test]
fn lessons_speak_the_page_s_words() {
    let banned = [
        "fleet",
        "civilian ship",
        "6 ships",
        "pool of ships",
        "the ships",
        "marked A",
    ];
    for path in lesson_files() {
        let text = std::fs::read_to_string(&path).expect("readable lesson");
        for word in banned {
            assert!(
                !text.contains(word),
                "{} says “{word}”: the page says hand, colonists and ★",
                path.display()
            );
        }
    }
}

#[test]
fn a_lesson_written_in_the_common_format_reads_back_the_same() {
    use tabula_star_tigris::lesson::parse_lesson;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lessons/star-tigris");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let lesson = parse_lesson(&text).unwrap();
        let common = lesson.to_common_json();
        let v: serde_json::Value = serde_json::from_str(&common).unwrap();
        assert_eq!(v["version"], 3);
        assert_eq!(v["ruleset"], "star-tigris");
        assert!(v.get("setup").is_none() && v.get("position").is_some());
        let back = parse_lesson(&common).unwrap();
        assert_eq!(back.steps, lesson.steps);
        assert_eq!(back.setup, lesson.setup);
        assert_eq!(back.translations, lesson.translations);
        // It passes the checker for every ruleset too.
        let common_lesson = tabula_engine::lesson::read_lesson(&common).unwrap();
        tabula_engine::lesson::play_lesson::<tabula_star_tigris::StarTigris>(&common_lesson)
            .unwrap();
    }
}
