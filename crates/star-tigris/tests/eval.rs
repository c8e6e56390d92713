//! The bots' evaluation of Star Tigris positions.

use tabula_engine::{Evaluate, Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris, parse_setup};

fn setup(lines: &str, board: &str) -> StarTigris {
    parse_setup(&format!("players 2\n{lines}\nboard\n{board}")).unwrap_or_else(|e| panic!("{e}"))
}

const BOARD: &str = ". . . . .\n. t . . .\n. . . A .\n. A . . .\n. . . . A\n";

#[test]
fn every_seat_at_once_agrees_with_one_at_a_time() {
    for players in 2..=4 {
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, 7).unwrap();
        let mut rng = GameRng::seeded(3);
        let mut all = Vec::new();
        let mut checked = 0;
        loop {
            g.evaluate_all(&mut all);
            assert_eq!(all.len(), players);
            for s in 0..players as u8 {
                assert_eq!(all[s as usize], g.evaluate(s));
                assert!(all[s as usize].is_finite());
            }
            checked += 1;
            let ToMove::Seat(s) = g.to_move() else { break };
            let a = g.random_action(s, &mut rng).unwrap();
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
        }
        assert!(checked > 20);
    }
}

#[test]
fn a_point_in_the_weakest_kind_is_worth_most() {
    let base = setup("score 1 people 2 technology 4 money 4 mining 4", BOARD);
    let weak = setup("score 1 people 3 technology 4 money 4 mining 4", BOARD);
    let strong = setup("score 1 people 2 technology 5 money 4 mining 4", BOARD);
    let v = base.evaluate(0);
    assert!(weak.evaluate(0) - v > 0.9, "{} {v}", weak.evaluate(0));
    let gain = strong.evaluate(0) - v;
    assert!(gain > 0.0 && gain < 0.5, "{gain}");
}

#[test]
fn artifacts_go_to_the_weakest_kind() {
    let without = setup("score 1 people 2 technology 4 money 4 mining 4", BOARD);
    let with = setup(
        "score 1 people 2 technology 4 money 4 mining 4\nartifacts 1 2",
        BOARD,
    );
    assert!((with.evaluate(0) - without.evaluate(0) - 2.0).abs() < 1e-9);
}

#[test]
fn guarded_leaders_and_bombers_count() {
    let alone = setup(
        "",
        ". . . . .\n. t P1 . .\n. . . A .\n. A . . .\n. . . . A\n",
    );
    let guarded = setup(
        "",
        ". . t . .\n. t P1 t .\n. . . A .\n. A . . .\n. . . . A\n",
    );
    let none = setup("", BOARD);
    assert!(alone.evaluate(0) > none.evaluate(0));
    assert!(guarded.evaluate(0) > alone.evaluate(0));
    let spent = setup("bombers 1 1", BOARD);
    assert!(none.evaluate(0) > spent.evaluate(0));
}
