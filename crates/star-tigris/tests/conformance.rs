//! Random-play conformance: thousands of seeded games with 2, 3 and 4 players.

use tabula_engine::GameRng;
use tabula_engine::conformance::{Config, random_games};
use tabula_engine::record::Match;
use tabula_engine::{Game, Ruleset, SeatInfo, ToMove};
use tabula_star_tigris::StarTigris;

#[test]
fn random_games_conform() {
    let cfg = Config {
        games: 400,
        ..Config::default()
    };
    let report = random_games::<StarTigris>(&cfg).unwrap();
    assert_eq!(report.games, 1200);
    assert!(report.refused > 1000);
    eprintln!("{report:?}");
}

#[test]
fn colonists_and_artifacts_are_conserved() {
    for seats in 2..=4 {
        for seed in 0..60u64 {
            let infos = (0..seats)
                .map(|i| SeatInfo {
                    name: format!("P{i}"),
                    player: "bot:random".into(),
                })
                .collect();
            let mut m = Match::<StarTigris>::new(&Default::default(), None, infos, seed).unwrap();
            let start = m.game().colonists_accounted();
            let artifacts = m.game().artifacts_accounted();
            assert_eq!(
                start,
                [30, 57 + 10, 30, 36],
                "the pool plus the 10 artifact colonies"
            );
            let mut rng = GameRng::seeded(seed);
            while let ToMove::Seat(s) = m.game().to_move() {
                let a = m.game().random_action(s, &mut rng).unwrap();
                m.play(s, &a).unwrap();
                assert_eq!(m.game().colonists_accounted(), start);
                assert_eq!(m.game().artifacts_accounted(), artifacts);
            }
            assert!(m.game().is_over());
            assert!(StarTigris::NAME == "star-tigris");
        }
    }
}
