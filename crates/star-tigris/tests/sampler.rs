//! The fast random-action sampler is uniform over the legal actions.

use std::collections::HashMap;

use tabula_engine::{Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::{Action, DEFAULT_MAP, Options, StarTigris};

/// A mid-game position reached by random play, with leaders on the board.
fn mid_game(seed: u64, steps: usize) -> StarTigris {
    let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    for _ in 0..steps {
        let ToMove::Seat(s) = g.to_move() else { break };
        let a = g.legal_actions(s)[rng.index(g.legal_actions(s).len())];
        g.apply(s, &a).unwrap();
        settle_chance(&mut g).unwrap();
    }
    g
}

/// A position of the simultaneous variant reached by random play, with
/// seat 0 having given one order of its submission.
fn mid_simultaneous(seed: u64, steps: usize) -> StarTigris {
    let options = Options {
        turns: tabula_star_tigris::Turns::Simultaneous,
        ..Options::default()
    };
    let mut g = StarTigris::new(&options, DEFAULT_MAP, 2, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    for _ in 0..steps {
        let ToMove::Simultaneous(set) = g.to_move() else {
            break;
        };
        let s = set.iter().next().unwrap();
        let a = g.legal_actions(s)[rng.index(g.legal_actions(s).len())];
        g.apply(s, &a).unwrap();
        settle_chance(&mut g).unwrap();
    }
    // Seat 0 gives one order (not the seal), if it still decides.
    while g.phase() == tabula_star_tigris::Phase::Submit
        && g.simultaneous().unwrap().orders_of(0).next().is_none()
    {
        let legal = g.legal_actions(0);
        let orders: Vec<&Action> = legal.iter().filter(|a| **a != Action::Pass).collect();
        if orders.is_empty() {
            break;
        }
        g.apply(0, orders[rng.index(orders.len())]).unwrap();
    }
    g
}

#[test]
fn sampler_is_uniform_over_the_legal_list() {
    let positions = [(3, 0), (5, 40), (11, 90)]
        .map(|(seed, steps)| (seed, mid_game(seed, steps), 0u8))
        .into_iter()
        .chain([(7, 0), (13, 60)].map(|(seed, steps)| (seed, mid_simultaneous(seed, steps), 1u8)));
    for (seed, g, given) in positions {
        if given == 1 {
            let sim = g.simultaneous().unwrap();
            assert_eq!(sim.orders_of(0).count(), 1, "seed {seed}: one order given");
        }
        let s = match g.to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) if set.contains(0) => 0,
            other => panic!("game over too early: {other:?}"),
        };
        let legal = g.legal_actions(s);
        let k = legal.len();
        let draws = 400 * k;
        let mut counts: HashMap<Action, usize> = HashMap::new();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..draws {
            let a = g.random_action(s, &mut rng).unwrap();
            *counts.entry(a).or_default() += 1;
        }
        assert_eq!(
            counts.len(),
            k,
            "every legal action is drawn, and nothing else"
        );
        assert!(counts.keys().all(|a| legal.contains(a)));
        // Chi-square against uniform; for k-1 degrees of freedom the mean is
        // k-1 and the standard deviation sqrt(2(k-1)): allow 6 of them.
        let expected = draws as f64 / k as f64;
        let chi2: f64 = counts
            .values()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let df = (k - 1) as f64;
        assert!(
            chi2 < df + 6.0 * (2.0 * df).sqrt(),
            "seed {seed}: chi2 {chi2:.1} for {k} actions"
        );
    }
}
