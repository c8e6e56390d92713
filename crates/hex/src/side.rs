//! Sides of hexes (between two hexes), each with one canonical name.

use crate::corner::{Corner, CornerDir};
use crate::dir::Dir;
use crate::hex::Hex;

/// Which of its hex's three owned sides a [`Side`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SideHalf {
    /// The hex's north side.
    N,
    /// The hex's north-east side.
    NE,
    /// The hex's south-east side.
    SE,
}

impl SideHalf {
    /// The direction this side faces from its owning hex.
    pub fn dir(self) -> Dir {
        match self {
            SideHalf::N => Dir::N,
            SideHalf::NE => Dir::NE,
            SideHalf::SE => Dir::SE,
        }
    }
}

/// A side of the grid (between two neighbouring hexes), named canonically
/// as the north, north-east or south-east side of one hex. Build it with
/// [`Side::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Side {
    /// The hex that owns the side.
    pub hex: Hex,
    /// Which of that hex's sides it is.
    pub half: SideHalf,
}

impl Side {
    /// The side of hex `h` that faces direction `d`, under its canonical name.
    pub fn of(h: Hex, d: Dir) -> Side {
        let (hex, half) = match d {
            Dir::N => (h, SideHalf::N),
            Dir::NE => (h, SideHalf::NE),
            Dir::SE => (h, SideHalf::SE),
            Dir::S => (h.neighbour(Dir::S), SideHalf::N),
            Dir::SW => (h.neighbour(Dir::SW), SideHalf::NE),
            Dir::NW => (h.neighbour(Dir::NW), SideHalf::SE),
        };
        Side { hex, half }
    }

    /// The side between two neighbouring hexes (`None` if they are not neighbours).
    pub fn between(a: Hex, b: Hex) -> Option<Side> {
        a.dir_to(b).map(|d| Side::of(a, d))
    }

    /// The six sides of hex `h`, in the order of [`Dir::ALL`].
    pub fn all_of(h: Hex) -> [Side; 6] {
        Dir::ALL.map(|d| Side::of(h, d))
    }

    /// The two hexes on either side, each with the direction this side
    /// faces from it.
    pub fn touching(self) -> [(Hex, Dir); 2] {
        let d = self.half.dir();
        [(self.hex, d), (self.hex.neighbour(d), d.opposite())]
    }

    /// The two hexes on either side.
    pub fn hexes(self) -> [Hex; 2] {
        self.touching().map(|(h, _)| h)
    }

    /// The two corners this side joins (its ends), clockwise as seen from
    /// the owning hex.
    pub fn corners(self) -> [Corner; 2] {
        let i = self.half.dir().index();
        [
            Corner::of(self.hex, CornerDir::ALL[(i + 5) % 6]),
            Corner::of(self.hex, CornerDir::ALL[i]),
        ]
    }

    /// The end of this side that is not `end`; `None` if `end` is not an end.
    pub fn other_end(self, end: Corner) -> Option<Corner> {
        match self.corners() {
            [a, b] if a == end => Some(b),
            [a, b] if b == end => Some(a),
            _ => None,
        }
    }

    /// The four sides that share an end with this one.
    pub fn neighbours(self) -> [Side; 4] {
        let [a, b] = self.corners();
        let mut out = [self; 4];
        let mut n = 0;
        for s in a.sides().into_iter().chain(b.sides()) {
            if s != self && n < 4 {
                out[n] = s;
                n += 1;
            }
        }
        out
    }

    /// This side turned `steps` times 60° clockwise around `centre`.
    pub fn turned_around(self, centre: Hex, steps: usize) -> Side {
        Side::of(
            self.hex.turned_around(centre, steps),
            self.half.dir().turned(steps),
        )
    }

    /// This side mirrored east-west across `centre`'s column.
    pub fn mirrored_around(self, centre: Hex) -> Side {
        let d = match self.half.dir() {
            Dir::NE => Dir::NW,
            Dir::SE => Dir::SW,
            d => d,
        };
        Side::of(self.hex.mirrored_around(centre), d)
    }
}
