//! A set of corner or side numbers as bits: on the stack for boards of up
//! to 256 corners or sides (the standard board has 54 and 72), read back
//! in increasing order, so that listing the places a piece may go needs
//! no sorting and, on such boards, no allocation.

/// Bits kept on the stack: 4 words, 256 numbers.
const SMALL_WORDS: usize = 4;

/// A set of numbers below the size it was made for.
pub(crate) enum IdBits {
    /// Up to 256 numbers.
    Small([u64; SMALL_WORDS]),
    /// More (a large custom board).
    Large(Vec<u64>),
}

impl IdBits {
    /// An empty set for numbers below `n`.
    pub(crate) fn new(n: usize) -> IdBits {
        if n <= SMALL_WORDS * 64 {
            IdBits::Small([0; SMALL_WORDS])
        } else {
            IdBits::Large(vec![0; n.div_ceil(64)])
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            IdBits::Small(w) => w,
            IdBits::Large(w) => w,
        }
    }

    /// Add `i` (below the size the set was made for).
    pub(crate) fn insert(&mut self, i: usize) {
        let words = match self {
            IdBits::Small(w) => &mut w[..],
            IdBits::Large(w) => &mut w[..],
        };
        words[i / 64] |= 1 << (i % 64);
    }

    /// Whether `i` is in the set (false past its size).
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.words()
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The numbers in the set, smallest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let i = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                Some(i)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::IdBits;

    #[test]
    fn numbers_come_back_once_and_in_order_on_the_stack_and_on_the_heap() {
        for n in [1, 64, 72, 256, 257, 1000] {
            let mut bits = IdBits::new(n);
            assert_eq!(matches!(bits, IdBits::Small(_)), n <= 256, "{n}");
            let put = [n - 1, 0, n / 2, n - 1, 63.min(n - 1), 0];
            for i in put {
                bits.insert(i);
            }
            let mut want: Vec<usize> = put.to_vec();
            want.sort();
            want.dedup();
            assert_eq!(bits.iter().collect::<Vec<_>>(), want, "{n}");
            for i in 0..n + 70 {
                assert_eq!(bits.contains(i), want.contains(&i), "{n}: {i}");
            }
        }
        assert_eq!(IdBits::new(10).iter().count(), 0);
    }
}
