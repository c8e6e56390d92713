//! The list of legal orders is exactly the orders the rules accept: at
//! every order of many seeded random games (2 to 4 players), every
//! colonize, leader, destroy, withdraw and pass order on every cell is
//! tried on a copy of the game, and the ones accepted are the ones
//! listed (the listing's shortcuts — a region split once per leader, the
//! cells next to each cell looked at once — change nothing).

use std::collections::HashSet;

use tabula_engine::{Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::{Action, DEFAULT_MAP, Kind, Options, Phase, Pos, StarTigris};

/// Every order that could be legal on this board (swaps aside: they are
/// listed by the same code the rules use).
fn candidates(g: &StarTigris) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    for row in 0..g.height() {
        for col in 0..g.width() {
            let at = Pos {
                row: row as u8,
                col: col as u8,
            };
            out.push(Action::Destroy { at });
            for kind in Kind::ALL {
                out.push(Action::Colonize { kind, at });
                out.push(Action::PlaceLeader { kind, at });
                out.push(Action::MoveLeader { kind, to: at });
            }
        }
    }
    for kind in Kind::ALL {
        out.push(Action::WithdrawLeader { kind });
    }
    out
}

#[test]
fn the_listed_orders_are_exactly_the_accepted_ones() {
    let mut positions = 0;
    let mut moves = 0;
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..400 {
            let ToMove::Seat(s) = g.to_move() else { break };
            let legal = g.legal_actions(s);
            if g.phase() == Phase::Order {
                let listed: HashSet<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Swap(_)))
                    .collect();
                let accepted: HashSet<Action> = candidates(&g)
                    .into_iter()
                    .filter(|a| g.clone().apply(s, a).is_ok())
                    .collect();
                assert_eq!(listed, accepted, "seed {seed}: {:?}", g.to_move());
                positions += 1;
                moves += listed
                    .iter()
                    .filter(|a| matches!(a, Action::MoveLeader { .. }))
                    .count();
            }
            let a = legal[rng.index(legal.len())];
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
        }
    }
    assert!(positions > 2000, "{positions} positions checked");
    assert!(moves > 10_000, "{moves} leader moves checked");
}
