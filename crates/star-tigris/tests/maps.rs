//! Maps: every shipped map passes `check_map` and plays to the end in 200
//! seeded random games; and what the map checks claim holds in the engine.

mod common;

use std::path::Path;

use common::{act, refuse, setup};
use tabula_engine::conformance::{Config, random_games};
use tabula_engine::{Game, GameRng, Problem, ToMove, settle_chance};
use tabula_star_tigris::map::parse_map;
use tabula_star_tigris::state::Content;
use tabula_star_tigris::{Action, Options, Phase, RuleError, StarTigris, check_map};

/// Every `maps/star-tigris/*.txt`, read now: (file stem, text), by name.
fn shipped_maps() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/star-tigris");
    let mut maps: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            (stem, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    maps.sort();
    maps
}

/// The seat counts, and games for each, that a shipped map is played with:
/// 200 games in all.
fn seat_plan(name: &str) -> Vec<(usize, usize)> {
    match name {
        "four" => vec![(4, 200)],
        _ => vec![(2, 120), (3, 40), (4, 40)],
    }
}

#[test]
fn every_shipped_map_passes_the_check_and_says_what_it_is() {
    let maps = shipped_maps();
    let names: Vec<&str> = maps.iter().map(|(n, _)| n.as_str()).collect();
    for want in ["default", "four", "open", "rift", "small"] {
        assert!(names.contains(&want), "{want}.txt is missing: {names:?}");
    }
    for (name, text) in &maps {
        let problems = check_map(text);
        assert!(!problems.has_errors(), "{name}.txt:\n{problems}");
        assert!(
            text.starts_with("# "),
            "{name}.txt starts with a comment naming it"
        );
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name}: map names are shown in the page; keep them short and lowercase"
        );
    }
    let rules = |name: &str| -> Vec<String> {
        let text = &maps.iter().find(|(n, _)| n == name).unwrap().1;
        check_map(text)
            .0
            .into_iter()
            .map(|p: Problem| p.rule)
            .collect()
    };
    assert_eq!(rules("open"), ["no-uninhabitable"], "the board with no M");
    assert!(rules("default").is_empty());
    assert!(rules("four").is_empty());
    assert!(rules("rift").is_empty());
    let four = parse_map(&maps.iter().find(|(n, _)| n == "four").unwrap().1).unwrap();
    let default = parse_map(tabula_star_tigris::DEFAULT_MAP).unwrap();
    assert!(
        four.stats().cells() > default.stats().cells(),
        "four is larger"
    );
}

#[test]
fn two_hundred_random_games_end_normally_on_every_shipped_map() {
    let maps = shipped_maps();
    // One thread per map: the games are independent.
    let results: Vec<(String, Result<usize, String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = maps
            .iter()
            .map(|(name, text)| {
                s.spawn(move || {
                    let (mut games, mut actions) = (0, 0);
                    for (seats, n) in seat_plan(name) {
                        let cfg = Config {
                            games: n,
                            seats: vec![seats],
                            seed: 1,
                            map: Some(text.clone()),
                            full_check_every: 50,
                            illegal_per_step: 1,
                            ..Config::default()
                        };
                        let report = random_games::<StarTigris>(&cfg)
                            .map_err(|e| format!("{name}.txt: {e}"))?;
                        games += report.games;
                        actions += report.actions;
                    }
                    eprintln!("{name}.txt: {games} games, {actions} actions");
                    Ok(games)
                })
            })
            .collect();
        maps.iter()
            .map(|(n, _)| n.clone())
            .zip(handles.into_iter().map(|h| h.join().unwrap()))
            .collect()
    });
    for (name, result) in results {
        assert_eq!(result, Ok(200), "{name}.txt");
    }
}

/// A board with three open cells walled in by uninhabitable cells: A1, E4
/// and G8.
const WALLED: &str = "\
.M...A..
M.......
...MMM..
.A.M.M..
...MMM.A
........
..A...M.
.....M.M
";

#[test]
fn no_leader_ever_stands_on_an_open_cell_the_check_calls_isolated() {
    let flagged: Vec<(usize, usize)> = check_map(WALLED)
        .0
        .iter()
        .filter(|p| p.rule == "isolated-open-cell")
        .map(|p| (p.line.unwrap(), p.col.unwrap()))
        .collect();
    assert_eq!(flagged, [(1, 1), (4, 5), (8, 7)]);
    // line = row + 1, col = column + 1: cell indices on the 8-wide board.
    let cells: Vec<usize> = flagged.iter().map(|&(l, c)| (l - 1) * 8 + c - 1).collect();
    let (mut leaders_placed, mut colonies_there) = (0, 0);
    for seed in 0..80 {
        let mut g = StarTigris::new(&Options::default(), WALLED, 2, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        while let ToMove::Seat(s) = g.to_move() {
            for a in g.legal_actions(s) {
                if let Action::PlaceLeader { at, .. } | Action::MoveLeader { to: at, .. } = a {
                    let i = at.row as usize * 8 + at.col as usize;
                    assert!(!cells.contains(&i), "seed {seed}: {a} is listed as legal");
                }
            }
            let a = g.random_action(s, &mut rng).unwrap();
            leaders_placed += matches!(a, Action::PlaceLeader { .. }) as usize;
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
            for &i in &cells {
                match g.cell(i).content() {
                    Content::Leader(..) => panic!("seed {seed}: a leader on {}", g.pos(i)),
                    Content::Colony(_) => colonies_there += 1,
                    Content::Empty => {}
                }
            }
        }
    }
    assert!(leaders_placed > 100, "leaders were placed elsewhere");
    assert!(colonies_there > 0, "colonists do settle the walled cells");
    // Even with every neighbour settled (mining robots: the only colonies an
    // uninhabitable cell takes), A1 has no scientist beside it.
    let mut g = setup(
        "players 2
hand 1 scientist 3 mining 3
board
.  r  .  .
r  .  .  t
.  .  .  .
",
    );
    assert!(matches!(
        refuse(&g, "place merchant A1"),
        RuleError::NoScientist(_)
    ));
    act(&mut g, "place merchant C2");
    assert_eq!(g.leader(0, tabula_star_tigris::Kind::Merchant), Some(6));
}

#[test]
fn a_map_with_no_leader_cell_cannot_start_a_game() {
    let text = ".MAM\nMMMM\nAM.M\nMMMA\n";
    let err = StarTigris::new(&Options::default(), text, 2, 1).unwrap_err();
    assert!(
        err.0
            .iter()
            .any(|p| p.rule == "no-leader-cell" && p.is_error()),
        "{err}"
    );
}

#[test]
fn a_walled_in_artifact_is_ruled_once_a_mining_robot_links_it() {
    // The map the position comes from: A1 has only uninhabitable neighbours.
    // The check warns, naming one mining robot; it is not an error.
    let map = "AM..A\nMM...\n....A\n.....\n";
    let problems = check_map(map);
    assert!(!problems.has_errors(), "{problems}");
    let p = problems
        .0
        .iter()
        .find(|p| p.rule == "artifact-no-leader-cell")
        .expect("A1 is flagged");
    assert_eq!((p.line, p.col), (Some(1), Some(1)));
    assert!(p.message.contains("at least 1 mining robot on"), "{p}");
    // In play: P1's merchant stands beside E1. A mining robot on B1 and a
    // settler on C1 bring A1 into its region, and A1 is harvested.
    let mut g = setup(
        "players 2
hand 1 mining 1 settler 1
board
A  M  .  M1 A
M  M  .  .  .
.  .  .  .  A
.  .  .  .  .
",
    );
    act(&mut g, "colonize mining B1");
    act(&mut g, "colonize settler C1");
    assert!(matches!(g.phase(), Phase::ChooseArtifact { seat: 0, .. }));
    act(&mut g, "take A1");
    assert_eq!(g.artifacts_held(0), 1);
    assert!(!g.at("A1".parse().unwrap()).has_artifact());
}
