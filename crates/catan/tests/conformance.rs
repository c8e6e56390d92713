//! The shared random-play conformance suite for Catan: Cities & Knights
//! and the base game, 2 to 4 players.

use tabula_catan::{Catan, Options};
use tabula_engine::conformance::{Config, random_games};

fn run(options: Options, games: usize, seats: Vec<usize>, seed: u64) {
    let cfg = Config {
        games,
        seats,
        seed,
        max_actions: 60_000,
        full_check_every: 40,
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
    run(Options::default(), 20, vec![3, 4], 1);
}

#[test]
fn base_game_random_games_conform() {
    run(Options::base(), 20, vec![3, 4], 2);
}
