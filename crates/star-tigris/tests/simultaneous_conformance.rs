//! Random-play conformance of the simultaneous variant: seeded games that
//! never panic, conserve colonists and artifacts, refuse illegal actions
//! with the state unchanged and replay to the same state hash; and states
//! rebuilt from a seat's view that agree with what the seat sees and know
//! nothing of the others' sealed orders.

use tabula_engine::conformance::{Config, random_games};
use tabula_engine::record::Match;
use tabula_engine::{Determinize, Game, GameRng, SeatInfo, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, Phase, StarTigris, TurnOrder, Turns};

fn options(order: TurnOrder) -> Options {
    Options {
        turns: Turns::Simultaneous,
        order,
        ..Options::default()
    }
}

#[test]
fn random_games_of_the_variant_conform() {
    for (order, games) in [("rotating", 300), ("shuffled", 100)] {
        let cfg = Config {
            games,
            options: serde_json::json!({"turns": "simultaneous", "order": order}),
            ..Config::default()
        };
        let report = random_games::<StarTigris>(&cfg).unwrap();
        assert_eq!(report.games, games * 3);
        assert!(report.refused > 1000);
    }
}

/// The seat a random game lets act: the first of those deciding at once.
fn mover(g: &StarTigris) -> Option<u8> {
    match g.to_move() {
        ToMove::Seat(s) => Some(s),
        ToMove::Simultaneous(set) => set.iter().next(),
        _ => None,
    }
}

#[test]
fn colonists_and_artifacts_are_conserved_and_combat_turns_happen() {
    let mut combats = 0;
    let mut skipped = 0;
    for seats in 2..=4 {
        for seed in 0..40u64 {
            let infos = (0..seats)
                .map(|i| SeatInfo {
                    name: format!("P{i}"),
                    player: "bot:random".into(),
                })
                .collect();
            let mut m =
                Match::<StarTigris>::new(&options(TurnOrder::Rotating), None, infos, seed).unwrap();
            let start = m.game().colonists_accounted();
            let artifacts = m.game().artifacts_accounted();
            let mut rng = GameRng::seeded(seed);
            while let Some(s) = mover(m.game()) {
                let a = m.game().random_action(s, &mut rng).unwrap();
                m.play(s, &a).unwrap();
                let g = m.game();
                assert_eq!(g.colonists_accounted(), start);
                assert_eq!(g.artifacts_accounted(), artifacts);
                if matches!(g.phase(), Phase::Combat(_)) {
                    combats += 1;
                }
                if let Some(sim) = g.simultaneous() {
                    skipped += (0..8).filter(|&i| sim.was_skipped(i)).count();
                }
            }
            assert!(m.game().is_over());
        }
    }
    assert!(combats > 50, "{combats} combat decisions");
    assert!(skipped > 50, "{skipped} skipped orders seen");
}

#[test]
fn determinizations_agree_with_the_view_and_forget_the_others_orders() {
    let mut checked = 0;
    let mut hidden = 0;
    for players in 2..=4 {
        for seed in 0..4u64 {
            let mut g =
                StarTigris::new(&options(TurnOrder::Rotating), DEFAULT_MAP, players, seed).unwrap();
            let mut rng = GameRng::seeded(seed + 50);
            let mut step = 0;
            while let Some(s) = mover(&g) {
                if step % 3 == 0 {
                    for seat in 0..players as u8 {
                        let view = g.player_view(seat);
                        let d = StarTigris::determinize(&view, &mut rng)
                            .unwrap_or_else(|e| panic!("{e}"));
                        d.invariants().unwrap_or_else(|e| panic!("{e}"));
                        assert_eq!(d.colonists_accounted(), g.colonists_accounted());
                        assert_eq!(d.legal_actions(seat), g.legal_actions(seat));
                        let back = d.player_view(seat);
                        assert_eq!(back.cells, view.cells);
                        assert_eq!(back.players, view.players);
                        let (a, b) = (back.sim.unwrap(), view.sim.clone().unwrap());
                        assert_eq!(
                            (&a.order, &a.queue, a.own_commit),
                            (&b.order, &b.queue, b.own_commit)
                        );
                        assert_eq!(a.orders[seat as usize], b.orders[seat as usize]);
                        if !b.revealed() {
                            // Another seat's sealed orders are not in the rebuilt state.
                            for p in (0..players as u8).filter(|&p| p != seat) {
                                assert!(d.simultaneous().unwrap().orders_of(p).next().is_none());
                                hidden += g.simultaneous().unwrap().orders_of(p).count();
                            }
                        }
                        checked += 1;
                    }
                }
                let a = g.random_action(s, &mut rng).unwrap();
                g.apply(s, &a).unwrap();
                settle_chance(&mut g).unwrap();
                step += 1;
            }
        }
    }
    assert!(checked > 300, "{checked}");
    assert!(hidden > 50, "{hidden}");
}
