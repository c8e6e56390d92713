//! Random-play conformance: thousands of seeded games with 2, 3 and 4
//! players on small boards, and a few full-size games.

use tabula_domains::{Domains, Options};
use tabula_engine::conformance::{Config, random_games};
use tabula_engine::record::Match;
use tabula_engine::{Game, GameRng, SeatInfo, ToMove};

fn small(size: u8, rounds: u32) -> serde_json::Value {
    serde_json::to_value(Options::small(size, rounds)).unwrap()
}

#[test]
fn random_games_conform_on_small_boards() {
    let cfg = Config {
        games: 700,
        options: small(8, 40),
        full_check_every: 10,
        ..Config::default()
    };
    let report = random_games::<Domains>(&cfg).unwrap();
    assert_eq!(report.games, 2100);
    assert!(report.refused > 10_000, "{report:?}");
    eprintln!("{report:?}");
}

#[test]
fn random_games_conform_on_medium_boards() {
    let cfg = Config {
        games: 30,
        seed: 99,
        options: small(16, 150),
        max_actions: 100_000,
        ..Config::default()
    };
    let report = random_games::<Domains>(&cfg).unwrap();
    assert_eq!(report.games, 90);
}

#[test]
fn full_size_games_conform() {
    let cfg = Config {
        games: 1,
        seed: 7,
        seats: vec![2, 4],
        max_actions: 200_000,
        full_check_every: 200,
        illegal_per_step: 1,
        ..Config::default()
    };
    let report = random_games::<Domains>(&cfg).unwrap();
    assert_eq!(report.games, 2);
}

/// Scores never fall, the round only moves forward, and squares are
/// counted right, along random games.
#[test]
fn scores_never_fall_and_squares_are_counted() {
    for seats in 2..=4 {
        for seed in 0..40u64 {
            let infos = (0..seats)
                .map(|i| SeatInfo {
                    name: format!("P{i}"),
                    player: "bot:random".into(),
                })
                .collect();
            let mut m = Match::<Domains>::new(&Options::small(10, 60), None, infos, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            let mut last: Vec<i64> = vec![0; seats];
            let mut round = 0;
            while let ToMove::Simultaneous(set) = m.game().to_move() {
                let s = set.iter().next().unwrap();
                let a = m.game().random_action(s, &mut rng).unwrap();
                m.play(s, &a).unwrap();
                let b = &m.game().board;
                assert!(b.round >= round);
                if b.round > round {
                    round = b.round;
                    for (p, last) in last.iter_mut().enumerate() {
                        assert!(b.players[p].score >= *last);
                        *last = b.players[p].score;
                        assert_eq!(b.players[p].squares as usize, b.painted_by(p as u8));
                    }
                }
            }
            assert!(m.game().is_over());
            assert_eq!(m.game().board.round, 60);
        }
    }
}

/// A state rebuilt from a seat's view looks the same to that seat, has the
/// same legal actions, and hides the other seats' orders.
#[test]
fn determinized_states_agree_with_the_view() {
    use tabula_engine::Determinize;
    let mut rng = GameRng::seeded(4);
    let mut g = Domains::start(&Options::small(12, 30), 3, 4).unwrap();
    let mut checked = 0;
    while !g.is_over() {
        match g.to_move() {
            ToMove::Simultaneous(set) => {
                for s in set.iter() {
                    let view = g.player_view(s);
                    let d = Domains::determinize(&view, &mut rng).unwrap();
                    assert_eq!(d.player_view(s), view);
                    assert_eq!(d.legal_actions(s), g.legal_actions(s));
                    checked += 1;
                }
                let s = set.iter().next().unwrap();
                let a = g.random_action(s, &mut rng).unwrap();
                g.apply(s, &a).unwrap();
            }
            ToMove::Chance => g.apply_chance().unwrap(),
            ToMove::Seat(_) | ToMove::Over => unreachable!(),
        }
    }
    assert!(checked > 100);
    // A view from an untrusted page is refused, not a panic.
    let mut view = g.player_view(0);
    view.board.squares.truncate(3);
    assert!(Domains::determinize(&view, &mut rng).is_err());
}
