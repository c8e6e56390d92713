//! Stable sorting in a few hundred bytes of code. The standard library's
//! sort is fast on long lists but compiles to several kilobytes for each
//! element type and order it is used with; in a page's WebAssembly, where
//! every list sorted is short (a board's hexes, a hand, a round's
//! problems, a node's candidate moves), those copies were a sixth of the
//! code. These sort by binary insertion: O(n log n) comparisons and a
//! memory move per element, quick up to some thousands of items; the
//! order of equal items is kept.

use std::cmp::Ordering;

/// Sort `v` stably by `cmp`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let (done, rest) = v.split_at(i);
        let item = &rest[0];
        // After every item not greater than this one: stable.
        let at = done.partition_point(|x| cmp(x, item) != Ordering::Greater);
        v[at..=i].rotate_right(1);
    }
}

/// Sort `v` stably by the key `key` gives each item.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sort `v` stably in its items' own order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    #[test]
    fn sorts_like_the_standard_sort_and_keeps_equal_items_in_order() {
        let mut rng = GameRng::seeded(7);
        for len in [0, 1, 2, 3, 5, 17, 100, 1000] {
            let v: Vec<(u8, usize)> = (0..len).map(|i| ((rng.next_u64() % 9) as u8, i)).collect();
            let mut ours = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std = v.clone();
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "length {len}");
            let mut whole = v.clone();
            sort(&mut whole);
            let mut std_whole = v;
            std_whole.sort();
            assert_eq!(whole, std_whole);
        }
    }

    #[test]
    fn sorts_by_a_comparison_in_reverse() {
        let mut v = vec![3.5f64, -1.0, 9.25, 0.0, 3.5];
        sort_by(&mut v, |a, b| b.total_cmp(a));
        assert_eq!(v, [9.25, 3.5, 3.5, 0.0, -1.0]);
    }
}
