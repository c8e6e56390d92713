//! Who sits where in each game of a tournament, drawn before the first
//! game so it can be announced: a seeded random seating per game, or a
//! balanced one.

use tabula_engine::GameRng;

/// The seatings of `games` games: for each game, the entrant in each seat.
/// With `balanced`, four entrants in four seats meet in the three ways to
/// pair them up (partners across the board, N+S and E+W), each turned
/// round the table, so that over twelve games everyone plays every seat
/// three times and partners everyone four times; other sizes turn one
/// order round the table. Otherwise each game is a shuffle seeded by
/// `seed`.
pub fn seatings(entrants: usize, games: usize, seed: u64, balanced: bool) -> Vec<Vec<usize>> {
    let mut rng = GameRng::seeded(seed);
    (0..games)
        .map(|g| {
            if balanced {
                balanced_seating(entrants, g)
            } else {
                let mut order: Vec<usize> = (0..entrants).collect();
                for i in (1..order.len()).rev() {
                    let j = rng.index(i + 1);
                    order.swap(i, j);
                }
                order
            }
        })
        .collect()
}

fn balanced_seating(entrants: usize, game: usize) -> Vec<usize> {
    if entrants == 4 {
        // Seats N, E, S, W; partners sit two seats apart.
        const PAIRINGS: [[usize; 4]; 3] = [[0, 2, 1, 3], [0, 1, 2, 3], [0, 1, 3, 2]];
        let base = PAIRINGS[game % 3];
        let turn = (game / 3) % 4;
        (0..4).map(|s| base[(s + turn) % 4]).collect()
    } else {
        (0..entrants)
            .map(|s| (s + game) % entrants.max(1))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_seatings_are_permutations_fixed_by_the_seed() {
        let a = seatings(4, 13, 5, false);
        assert_eq!(a, seatings(4, 13, 5, false));
        assert_ne!(a, seatings(4, 13, 6, false));
        for s in &a {
            let mut x = s.clone();
            x.sort();
            assert_eq!(x, vec![0, 1, 2, 3]);
        }
    }

    #[test]
    fn twelve_balanced_games_give_every_seat_three_times_and_every_partner_four() {
        let all = seatings(4, 12, 0, true);
        let mut seat = [[0; 4]; 4];
        let mut partner = [[0; 4]; 4];
        for s in &all {
            for (place, &e) in s.iter().enumerate() {
                seat[e][place] += 1;
                partner[e][s[(place + 2) % 4]] += 1;
            }
        }
        for e in 0..4 {
            assert_eq!(seat[e], [3, 3, 3, 3]);
            for (f, n) in partner[e].iter().enumerate() {
                assert_eq!(*n, if e == f { 0 } else { 4 }, "{e} with {f}");
            }
        }
    }
}
