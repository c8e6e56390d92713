//! A new game: the board checked and numbered, number tokens dealt, the
//! decks shuffled, and the set-up placements queued in snake order.

use std::sync::Arc;

use tabula_engine::{GameRng, Problem, Problems, Seat};

use super::cards::{Dev, Hand, Progress};
use super::options::{Numbers, Options};
use super::state::{
    Building, COMMODITY_SUPPLY, Catan, DEFENDER_CARDS, MAX_SEATS, Phase, Player, RESOURCE_SUPPLY,
    Step, pieces,
};
use super::topology::{HexId, Topology};
use crate::CheckedBoard;

/// The 18 number tokens in the official spiral order (A–R).
pub const SPIRAL_TOKENS: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

impl Catan {
    /// A new game on a checked board, or every problem with the options.
    pub fn new(
        options: &Options,
        board: &CheckedBoard,
        seats: usize,
        seed: u64,
    ) -> Result<Catan, Problems> {
        let mut problems = Vec::new();
        if !(2..=MAX_SEATS).contains(&seats) {
            problems.push(Problem::error(
                "seats",
                format!("Catan is played by 2 to 4 players, not {seats}"),
            ));
        }
        if let Some(p) = options.points
            && !(3..=30).contains(&p)
        {
            problems.push(Problem::error(
                "points",
                format!("the points to win must be from 3 to 30, not {p}"),
            ));
        }
        if options.testgame && !options.cities_and_knights {
            problems.push(Problem::error(
                "testgame",
                "a test game deals progress cards, which only Cities & Knights has",
            ));
        }
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        let topo = board.topology();
        let mut rng = GameRng::seeded(seed);
        let fixed: Vec<Option<u8>> = topo
            .hexes
            .iter()
            .map(|h| board.board().fields[h.field].number)
            .collect();
        let numbers = deal_numbers(&topo, &fixed, options.numbers, &mut rng);
        let robber = topo
            .hexes
            .iter()
            .position(|h| h.resource.is_none())
            .unwrap_or(0) as HexId;
        let ck = options.cities_and_knights;
        let player = Player {
            settlements_left: pieces::SETTLEMENTS,
            cities_left: pieces::CITIES,
            roads_left: pieces::ROADS,
            walls_left: if ck { pieces::WALLS } else { 0 },
            knights_left: if ck {
                [pieces::KNIGHTS_PER_LEVEL; 3]
            } else {
                [0; 3]
            },
            ..Player::default()
        };
        let mut players = vec![player; seats];
        let mut bank = Hand([RESOURCE_SUPPLY; 8]);
        for c in 5..8 {
            bank.0[c] = if ck { COMMODITY_SUPPLY } else { 0 };
        }
        let mut decks: [Vec<Progress>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        let mut progress_total = 0;
        if ck {
            for (p, t, n) in Progress::DECKS {
                for _ in 0..n {
                    decks[t.index()].push(p);
                }
            }
            for d in &mut decks {
                shuffle(d, &mut rng);
            }
            progress_total = 54;
            if options.testgame {
                for pl in &mut players {
                    for p in Progress::all().filter(|p| !p.is_point()) {
                        pl.progress.push(p);
                        progress_total += 1;
                    }
                }
            }
        }
        let mut dev_deck = Vec::new();
        if !ck {
            for (d, n) in Dev::DECK {
                for _ in 0..n {
                    dev_deck.push(d);
                }
            }
            shuffle(&mut dev_deck, &mut rng);
        }
        // Set-up placements in snake order, the next one last.
        let order: Vec<(Seat, bool)> = (0..seats as Seat)
            .map(|s| (s, false))
            .chain((0..seats as Seat).rev().map(|s| (s, ck)))
            .collect();
        let steps = order
            .iter()
            .rev()
            .map(|&(seat, city)| Step::SetupBuilding { seat, city })
            .collect();
        let corners = topo.corners.len();
        let sides = topo.sides.len();
        Ok(Catan {
            options: options.clone(),
            numbers,
            buildings: vec![Building::None; corners],
            knights: vec![None; corners],
            roads: vec![None; sides],
            robber,
            merchant: None,
            players,
            bank,
            decks,
            progress_total,
            defender_left: DEFENDER_CARDS,
            barbarians: 0,
            robber_awake: !ck,
            metropolis: [None; 3],
            longest_road: None,
            road_lengths: [0; MAX_SEATS],
            largest_army: None,
            dev_deck,
            dev_played: false,
            current: 0,
            turn: 0,
            phase: Phase::Setup,
            steps,
            roll: None,
            chosen_dice: None,
            fixed_event: None,
            log: None,
            crane: false,
            fleet: None,
            harbor_offered: Default::default(),
            offers_made: 0,
            setup_done: 0,
            winner: None,
            rng,
            topo,
            board: Arc::new(board.board().clone()),
            hidden: None,
        })
    }

    /// A hand of no cards, for readability at call sites.
    pub fn no_cards() -> Hand {
        Hand::EMPTY
    }
}

/// Fisher–Yates with the game's generator.
pub fn shuffle<T>(v: &mut [T], rng: &mut GameRng) {
    for i in (1..v.len()).rev() {
        let j = rng.index(i + 1);
        v.swap(i, j);
    }
}

/// The land hexes in spiral order: the outer ring first, each ring
/// counter-clockwise from its north-west, then inwards. Integer geometry
/// only, so every platform deals alike.
pub fn spiral_order(topo: &Topology) -> Vec<HexId> {
    let mut remaining: Vec<HexId> = (0..topo.hexes.len() as HexId).collect();
    let mut out = Vec::with_capacity(remaining.len());
    while !remaining.is_empty() {
        let inside = |h: tabula_hex::Hex, rem: &[HexId]| {
            rem.iter().any(|r| topo.hexes[*r as usize].hex == h)
        };
        let mut ring: Vec<HexId> = remaining
            .iter()
            .copied()
            .filter(|id| {
                topo.hexes[*id as usize]
                    .hex
                    .neighbours()
                    .iter()
                    .any(|n| !inside(*n, &remaining))
            })
            .collect();
        if ring.is_empty() {
            ring = remaining.clone();
        }
        // Screen position with y up, scaled by the count to stay integral:
        // x = 3q, y = -(q + 2r) (a linear map of the true centres, so the
        // order of directions is kept).
        let pos = |id: HexId| {
            let h = topo.hexes[id as usize].hex;
            (3 * h.q as i64, -(h.q as i64 + 2 * h.r as i64))
        };
        let n = remaining.len() as i64;
        let (sx, sy) = remaining.iter().fold((0, 0), |(x, y), id| {
            let (a, b) = pos(*id);
            (x + a, y + b)
        });
        let rel = |id: HexId| {
            let (x, y) = pos(id);
            (x * n - sx, y * n - sy)
        };
        // Start direction: north-west (x < 0, y > 0), turning counter-clockwise.
        let start = (-3i64, 1i64);
        let key = |v: (i64, i64)| {
            let cross = start.0 * v.1 - start.1 * v.0;
            let dot = start.0 * v.0 + start.1 * v.1;
            if cross > 0 || (cross == 0 && dot >= 0) {
                0
            } else {
                1
            }
        };
        tabula_engine::small_sort::sort_by(&mut ring, |a, b| {
            let (va, vb) = (rel(*a), rel(*b));
            key(va).cmp(&key(vb)).then_with(|| {
                let cross = va.0 * vb.1 - va.1 * vb.0;
                0.cmp(&cross)
                    .then_with(|| (va.0 * va.0 + va.1 * va.1).cmp(&(vb.0 * vb.0 + vb.1 * vb.1)))
            })
        });
        remaining.retain(|id| !ring.contains(id));
        out.extend(ring);
    }
    out
}

fn deal_numbers(topo: &Topology, fixed: &[Option<u8>], how: Numbers, rng: &mut GameRng) -> Vec<u8> {
    let producing = |id: HexId| topo.hexes[id as usize].resource.is_some();
    let order: Vec<HexId> = spiral_order(topo)
        .into_iter()
        .filter(|h| producing(*h))
        .collect();
    let mut numbers = vec![0u8; topo.hexes.len()];
    let spiral = |numbers: &mut Vec<u8>, skip_fixed: bool| {
        let mut k = 0;
        for &h in &order {
            if skip_fixed && let Some(n) = fixed[h as usize] {
                numbers[h as usize] = n;
                continue;
            }
            numbers[h as usize] = SPIRAL_TOKENS[k % SPIRAL_TOKENS.len()];
            k += 1;
        }
    };
    match how {
        Numbers::Map => spiral(&mut numbers, true),
        Numbers::Spiral => spiral(&mut numbers, false),
        Numbers::Shuffled => {
            let mut tokens: Vec<u8> = (0..order.len())
                .map(|k| SPIRAL_TOKENS[k % SPIRAL_TOKENS.len()])
                .collect();
            let red = |n: u8| n == 6 || n == 8;
            let mut ok = false;
            for _ in 0..1000 {
                shuffle(&mut tokens, rng);
                for (h, t) in order.iter().zip(&tokens) {
                    numbers[*h as usize] = *t;
                }
                ok = order.iter().all(|&h| {
                    !red(numbers[h as usize])
                        || topo.hexes[h as usize]
                            .hex
                            .neighbours()
                            .iter()
                            .all(|n| topo.hex_id(*n).is_none_or(|o| !red(numbers[o as usize])))
                });
                if ok {
                    break;
                }
            }
            if !ok {
                spiral(&mut numbers, false);
            }
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spiral_visits_every_land_hex_once() {
        let board = crate::CheckedBoard::from_text(crate::STANDARD_BOARD).unwrap();
        let topo = Topology::new(board.board());
        let mut order = spiral_order(&topo);
        assert_eq!(order.len(), 19);
        order.sort();
        order.dedup();
        assert_eq!(order.len(), 19);
    }

    #[test]
    fn shuffled_numbers_never_put_6_and_8_side_by_side() {
        let board = crate::CheckedBoard::from_text(crate::STANDARD_BOARD).unwrap();
        for seed in 0..50 {
            let options = Options {
                numbers: Numbers::Shuffled,
                ..Options::default()
            };
            let g = Catan::new(&options, &board, 4, seed).unwrap();
            let mut sorted: Vec<u8> = g.numbers.iter().copied().filter(|n| *n > 0).collect();
            sorted.sort();
            let mut tokens = SPIRAL_TOKENS.to_vec();
            tokens.sort();
            assert_eq!(sorted, tokens);
            for (i, h) in g.topo.hexes.iter().enumerate() {
                if matches!(g.numbers[i], 6 | 8) {
                    for n in h.hex.neighbours() {
                        if let Some(o) = g.topo.hex_id(n) {
                            assert!(!matches!(g.numbers[o as usize], 6 | 8), "seed {seed}");
                        }
                    }
                }
            }
        }
    }
}
