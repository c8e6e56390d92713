//! The seeded, portable random number generator stored inside game states.
//!
//! It wraps PCG-64 MCG from `rand_pcg`, whose output for a given seed is fixed
//! by the algorithm's specification, so a seed means the same thing on every
//! platform (native, wasm32) and every version of Tabula. Bounded integers are
//! drawn here with Lemire's method rather than through `rand`'s distributions,
//! whose exact outputs may change between `rand` versions.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A seeded random number generator that lives inside a game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(Pcg64Mcg);

impl GameRng {
    /// A generator seeded from a 64-bit seed.
    pub fn seeded(seed: u64) -> Self {
        GameRng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n`. Returns 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        // Lemire, "Fast Random Integer Generation in an Interval" (2019).
        let mut m = (self.next_u64() as u128) * (n as u128);
        let mut low = m as u64;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = (self.next_u64() as u128) * (n as u128);
                low = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `len` (`len` must be non-zero).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// A fingerprint of the generator's state (its next two outputs, drawn
    /// from a copy), for state hashes.
    pub fn fingerprint(&self) -> [u64; 2] {
        let mut copy = self.clone();
        [copy.next_u64(), copy.next_u64()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_means_the_same_everywhere() {
        // Golden values: if these change, every stored record changes meaning.
        let mut r = GameRng::seeded(7);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        let mut again = GameRng::seeded(7);
        let same: Vec<u64> = (0..3).map(|_| again.next_u64()).collect();
        assert_eq!(got, same);
        assert_eq!(got, GOLDEN_SEED_7.to_vec());
    }

    const GOLDEN_SEED_7: [u64; 3] = [
        12726360963827698830,
        8784933628230385458,
        4994307442345819819,
    ];

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = GameRng::seeded(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let x = r.below(6) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }
}
