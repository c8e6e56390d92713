//! Every shipped map passes every check, is written back byte for byte,
//! and round-trips through the writer and the reader.

use std::path::PathBuf;

use tabula_catan::{Severity, check_text, read_board, write_board};

fn shipped() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../maps/catan");
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .expect("maps/catan exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a readable map");
            (p, text)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn there_are_at_least_four_shipped_maps() {
    let names: Vec<String> = shipped()
        .iter()
        .map(|(p, _)| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in ["standard", "three", "small", "lagoon"] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} missing from {names:?}"
        );
    }
}

#[test]
fn every_shipped_map_passes_every_check_without_a_warning() {
    for (path, text) in shipped() {
        let checked = check_text(&text);
        let shown: Vec<String> = checked.problems.iter().map(|p| p.to_string()).collect();
        assert!(checked.board.is_some(), "{}: {shown:#?}", path.display());
        assert!(
            checked
                .problems
                .iter()
                .all(|p| p.severity == Severity::Warning),
            "{}: {shown:#?}",
            path.display()
        );
        assert!(
            checked.problems.is_empty(),
            "{}: {shown:#?}",
            path.display()
        );
    }
}

#[test]
fn every_shipped_map_round_trips() {
    for (path, text) in shipped() {
        let read = read_board(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let written = write_board(&read.board);
        assert_eq!(written, text, "{} is written back as it is", path.display());
        let again = read_board(&written).expect("the written board reads");
        assert_eq!(again.board, read.board, "{}", path.display());
        // Through serde too (the page keeps boards as JSON).
        let json = serde_json::to_string(&read.board).unwrap();
        let back: tabula_catan::Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, read.board);
    }
}

#[test]
fn the_standard_board_is_the_base_game() {
    let board = read_board(tabula_catan::STANDARD_BOARD).unwrap().board;
    let counts = board.counts();
    assert_eq!(counts.land, 19);
    assert_eq!(counts.harbours, 9);
    assert_eq!(counts.barbarian, 2);
    assert_eq!(counts.land_corners, 54);
    assert_eq!(counts.land_sides, 72);
    assert_eq!(counts.numbers, 18);
    use tabula_catan::FieldKind as K;
    for (k, n) in [
        (K::Forest, 4),
        (K::Pasture, 4),
        (K::Field, 4),
        (K::Hill, 3),
        (K::Mountain, 3),
        (K::Desert, 1),
        (K::Port3To1, 4),
        (K::PortLumber, 1),
        (K::PortOre, 1),
        (K::PortBrick, 1),
        (K::PortWool, 1),
        (K::PortGrain, 1),
    ] {
        assert_eq!(counts.by_kind.get(&k), Some(&n), "{k}");
    }
    let mut tokens: Vec<u8> = board.fields.iter().filter_map(|f| f.number).collect();
    tokens.sort();
    assert_eq!(
        tokens,
        [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    );
    // Every harbour's two corners are land corners.
    let land = board.land_corners();
    for (_, _, corners) in board.harbours() {
        assert!(corners.iter().all(|c| land.contains(c)));
    }
    assert_eq!(board.names.get("de").map(String::as_str), Some("Standard"));
}
