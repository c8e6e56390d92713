//! Determinization: a state rebuilt from one seat's view agrees with
//! everything that seat can see.

use tabula_engine::{Determinize, Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::view::View;
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};

/// Random games; calls `f` on every state where a seat is to move.
fn random_states(players: usize, games: u64, mut f: impl FnMut(&StarTigris, u64)) {
    for seed in 0..games {
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed).unwrap();
        let mut rng = GameRng::seeded(seed + 1000);
        let mut step = 0;
        while let ToMove::Seat(s) = g.to_move() {
            f(&g, seed * 10_000 + step);
            let a = g.random_action(s, &mut rng).unwrap();
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
            step += 1;
        }
        f(&g, seed * 10_000 + step);
    }
}

fn check(g: &StarTigris, seat: u8, rng: &mut GameRng) -> StarTigris {
    let view = g.player_view(seat);
    let d = StarTigris::determinize(&view, rng).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.player_view(seat), view, "the view differs");
    assert_eq!(
        d.legal_actions(seat),
        g.legal_actions(seat),
        "legal actions differ"
    );
    assert_eq!(d.to_move(), g.to_move());
    d.invariants().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.colonists_accounted(), g.colonists_accounted());
    assert_eq!(d.artifacts_accounted(), g.artifacts_accounted());
    d
}

#[test]
fn determinizations_agree_with_the_view_for_every_seat() {
    let mut checked = 0;
    for players in 2..=4 {
        let mut rng = GameRng::seeded(players as u64);
        random_states(players, 6, |g, tag| {
            // Every fifth state, every seat (the one to move and the others).
            if tag % 5 != 0 {
                return;
            }
            for seat in 0..players as u8 {
                check(g, seat, &mut rng);
                checked += 1;
            }
        });
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn determinizations_play_on_to_the_end() {
    let mut rng = GameRng::seeded(9);
    let mut finished = 0;
    random_states(3, 3, |g, tag| {
        if tag % 17 != 0 {
            return;
        }
        let ToMove::Seat(seat) = g.to_move() else {
            return;
        };
        let mut d = check(g, seat, &mut rng);
        while let ToMove::Seat(s) = d.to_move() {
            let a = d.random_action(s, &mut rng).unwrap();
            d.apply(s, &a).unwrap();
            settle_chance(&mut d).unwrap();
            d.invariants().unwrap();
        }
        assert!(d.outcome().is_some());
        finished += 1;
    });
    assert!(finished > 10, "{finished}");
}

#[test]
fn hidden_parts_are_sampled_not_copied() {
    let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 3).unwrap();
    let view = g.player_view(0);
    let mut rng = GameRng::seeded(1);
    let mut hands = std::collections::HashSet::new();
    let mut rngs = std::collections::HashSet::new();
    for _ in 0..50 {
        let d = StarTigris::determinize(&view, &mut rng).unwrap();
        assert_eq!(d.hand(0), g.hand(0));
        hands.insert(d.hand(1));
        rngs.insert(d.state_hash());
    }
    assert!(hands.len() > 10, "{hands:?}");
    assert_eq!(rngs.len(), 50);
    // The same seed gives the same determinization.
    let a = StarTigris::determinize(&view, &mut GameRng::seeded(5)).unwrap();
    let b = StarTigris::determinize(&view, &mut GameRng::seeded(5)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn hidden_scores_mirror_the_seat_unless_shown() {
    let mut g = tabula_star_tigris::parse_setup(
        "players 3\nscore 1 people 3 money 1\nscore 2 technology 7\nboard\n. t .\n. . .\n",
    )
    .unwrap();
    let d = StarTigris::determinize(&g.player_view(0), &mut GameRng::seeded(1)).unwrap();
    assert_eq!(d.score(1), g.score(0));
    assert_eq!(d.score(2), g.score(0));
    g = tabula_star_tigris::parse_setup(
        "players 2\nopen-scores yes\nscore 1 people 3\nscore 2 technology 7\nboard\n. t .\n. . .\n",
    )
    .unwrap();
    let d = StarTigris::determinize(&g.player_view(0), &mut GameRng::seeded(1)).unwrap();
    assert_eq!(d.score(1), [0, 7, 0, 0]);
}

#[test]
fn views_survive_json_and_bad_views_are_refused() {
    let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 4).unwrap();
    let view = g.player_view(1);
    let text = serde_json::to_string(&view).unwrap();
    let back: View = serde_json::from_str(&text).unwrap();
    assert_eq!(back, view);
    let mut rng = GameRng::seeded(2);
    assert!(StarTigris::determinize(&back, &mut rng).is_ok());

    let mut bad = view.clone();
    bad.players[1].hand = None;
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
    let mut bad = view.clone();
    bad.cells.pop();
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
    let mut bad = view.clone();
    bad.colonists[0] = 0;
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
    // A board wider than any map (the listing's rows hold 32 columns),
    // even with no more cells than the largest map, is refused.
    let mut bad = view.clone();
    bad.width = 64;
    bad.height = 2;
    bad.cells = vec![view.cells[0]; 128];
    let why = StarTigris::determinize(&bad, &mut rng).unwrap_err();
    assert!(why.contains("64×2"), "{why}");
    let mut bad = view.clone();
    bad.pool_size += 1;
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
    let mut bad = view.clone();
    bad.players[0].leaders[0] = Some(tabula_star_tigris::Pos::new(0, 0));
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
    let mut bad = view;
    bad.width = 200;
    assert!(StarTigris::determinize(&bad, &mut rng).is_err());
}
