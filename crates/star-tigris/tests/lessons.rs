//! The shipped lessons (`lessons/star-tigris/*.json`) load and play to their
//! end with every expectation met, and state the numbers their sources
//! give; the lesson format's errors and `write_setup` round trips.

use std::path::{Path, PathBuf};

use tabula_star_tigris::lesson::{
    Expectations, Lesson, check_expectations, lesson_start, parse_lesson, play_lesson, step_action,
    write_setup,
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
