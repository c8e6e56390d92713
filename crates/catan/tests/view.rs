//! What a seat sees: other hands, the decks and the generator never reach
//! it, and a state rebuilt from its view (what bots search) agrees with
//! everything it can see, its legal actions included.

use tabula_catan::{Card, Catan, Hand, Options, View};
use tabula_engine::{Determinize, Game, GameRng, Ruleset, ToMove};

/// Random games; calls `f` on every state where someone is to move.
fn random_states(options: &Options, players: usize, games: u64, mut f: impl FnMut(&Catan, u64)) {
    for seed in 0..games {
        let mut g = Catan::new_game(options, None, players, seed).unwrap();
        let mut rng = GameRng::seeded(seed + 1000);
        let mut step = 0;
        loop {
            let seat = match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    g.apply_chance().unwrap();
                    continue;
                }
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => set.iter().next().unwrap(),
            };
            f(&g, seed * 100_000 + step);
            let a = g.random_action(seat, &mut rng).unwrap();
            g.apply(seat, &a).unwrap();
            step += 1;
        }
    }
}

fn json(v: &View) -> String {
    serde_json::to_string(v).unwrap()
}

fn check(g: &Catan, seat: u8, rng: &mut GameRng) {
    let view = g.player_view(seat);
    let d = Catan::determinize(&view, rng).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json(&d.player_view(seat)), json(&view), "the view differs");
    assert_eq!(
        d.legal_actions(seat),
        g.legal_actions(seat),
        "legal actions differ"
    );
    assert_eq!(d.to_move(), g.to_move());
    d.check_conservation().unwrap_or_else(|e| panic!("{e}"));
    // A view read back from JSON (as the page's worker gets it) works too.
    let text = serde_json::to_string(&view).unwrap();
    let read: View = serde_json::from_str(&text).unwrap();
    let d2 = Catan::determinize(&read, rng).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d2.legal_actions(seat), g.legal_actions(seat));
}

#[test]
fn determinizations_agree_with_the_view_for_every_seat() {
    let mut checked = 0;
    for options in [
        Options::default(),
        Options::base(),
        Options {
            testgame: true,
            ..Options::default()
        },
    ] {
        for players in [2, 3, 4] {
            let mut rng = GameRng::seeded(players as u64);
            random_states(&options, players, 2, |g, tag| {
                if tag % 7 != 0 {
                    return;
                }
                for seat in 0..players as u8 {
                    check(g, seat, &mut rng);
                    checked += 1;
                }
            });
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn no_other_hand_deck_or_generator_reaches_a_view() {
    let options = Options::default();
    random_states(&options, 4, 2, |g, tag| {
        if tag % 11 != 0 {
            return;
        }
        for seat in 0..4u8 {
            let v = g.player_view(seat);
            for (s, p) in v.state.players.iter().enumerate() {
                if s == seat as usize {
                    assert_eq!(p.hand, g.players[s].hand);
                    continue;
                }
                let shown = v.backs[s].hand_shown;
                if !shown {
                    assert_eq!(p.hand, Hand::EMPTY, "seat {seat} sees player {s}'s hand");
                }
                if !v.backs[s].progress_shown {
                    assert!(
                        p.progress.is_empty(),
                        "seat {seat} sees player {s}'s progress cards"
                    );
                }
                let real = &g.players[s].hand;
                let resources: u32 = Card::RESOURCES
                    .iter()
                    .map(|c| u32::from(real.get(*c)))
                    .sum();
                assert_eq!(v.backs[s].resources, resources);
                assert_eq!(v.backs[s].commodities, real.total() - resources);
            }
            assert!(v.state.decks.iter().all(|d| d.is_empty()));
            assert_ne!(v.state.rng, g.rng);
        }
    });
}
