//! Seats (players at the table) and small sets of seats.

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0.
pub type Seat = u8;

/// A seat number no game has: a ruleset's view from it holds only what
/// every seat may see (see [`crate::Game::public_view`]).
pub const NO_SEAT: Seat = u8::MAX;

/// The most seats any Tabula ruleset uses.
pub const MAX_SEATS: usize = 8;

/// A set of seats, stored as a bit mask (seat `i` is bit `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// A set holding one seat.
    pub fn one(seat: Seat) -> Self {
        SeatSet(1 << seat)
    }

    /// The set of seats `0..n`.
    pub fn first(n: usize) -> Self {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// The set with `seat` added.
    pub fn with(self, seat: Seat) -> Self {
        SeatSet(self.0 | (1 << seat))
    }

    /// The set with `seat` removed.
    pub fn without(self, seat: Seat) -> Self {
        SeatSet(self.0 & !(1 << seat))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |s| self.contains(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let s = SeatSet::first(3);
        assert_eq!(s.len(), 3);
        assert!(s.contains(2) && !s.contains(3));
        let t = s.without(1).with(5);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![0, 2, 5]);
        assert!(SeatSet::EMPTY.is_empty());
        assert_eq!(SeatSet::one(4).iter().collect::<Vec<_>>(), vec![4]);
        assert_eq!(SeatSet::first(8).len(), 8);
    }
}
