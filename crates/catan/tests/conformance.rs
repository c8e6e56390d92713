//! The shared random-play conformance suite for Catan: over a thousand
//! seeded games of Cities & Knights and of the base game, 2 to 4 players,
//! with the test game's extra cards too. Every step checks that listed
//! actions apply, unlisted ones are refused with the state unchanged,
//! every card and piece is accounted for and road lengths are right; every
//! game's record replays to the same hash.

use tabula_catan::{Catan, Options};
use tabula_engine::conformance::{Config, random_games};

fn run(options: Options, games: usize, seats: Vec<usize>, seed: u64) {
    let cfg = Config {
        games,
        seats,
        seed,
        max_actions: 60_000,
        full_check_every: 50,
        illegal_per_step: 1,
        options: serde_json::to_value(options).unwrap(),
        map: None,
    };
    match random_games::<Catan>(&cfg) {
        Ok(r) => eprintln!(
            "{} games, {} actions, {} refused",
            r.games, r.actions, r.refused
        ),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn cities_and_knights_random_games_conform() {
    run(Options::default(), 250, vec![3, 4], 1);
}

#[test]
fn base_game_random_games_conform() {
    run(Options::base(), 250, vec![3, 4], 2);
}

#[test]
fn two_player_and_test_games_conform() {
    run(Options::default(), 50, vec![2], 3);
    run(Options::base(), 50, vec![2], 4);
    run(
        Options {
            testgame: true,
            ..Options::default()
        },
        50,
        vec![4],
        5,
    );
}

#[test]
fn games_on_every_shipped_board_conform() {
    for (i, map) in [
        include_str!("../../../maps/catan/three.txt"),
        include_str!("../../../maps/catan/small.txt"),
        include_str!("../../../maps/catan/lagoon.txt"),
    ]
    .into_iter()
    .enumerate()
    {
        let cfg = Config {
            games: 20,
            seats: vec![3],
            seed: 100 + i as u64,
            max_actions: 60_000,
            full_check_every: 50,
            illegal_per_step: 1,
            options: serde_json::Value::Null,
            map: Some(map.to_string()),
        };
        if let Err(e) = random_games::<Catan>(&cfg) {
            panic!("board {i}: {e}");
        }
    }
}
