//! Corners of hexes (where three hexes meet), each with one canonical name.

use crate::dir::Dir;
use crate::hex::Hex;
use crate::side::Side;

/// One of a flat-topped hex's six corners, clockwise from north-east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CornerDir {
    /// The upper right corner.
    NE,
    /// The right-hand corner (on the hex's middle line).
    E,
    /// The lower right corner.
    SE,
    /// The lower left corner.
    SW,
    /// The left-hand corner (on the hex's middle line).
    W,
    /// The upper left corner.
    NW,
}

impl CornerDir {
    /// The six corners, clockwise from north-east. The side in direction
    /// `Dir::ALL[i]` runs from corner `ALL[(i + 5) % 6]` to corner `ALL[i]`.
    pub const ALL: [CornerDir; 6] = [
        CornerDir::NE,
        CornerDir::E,
        CornerDir::SE,
        CornerDir::SW,
        CornerDir::W,
        CornerDir::NW,
    ];

    /// Position in [`CornerDir::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// This corner turned `steps` times 60° clockwise.
    pub fn turned(self, steps: usize) -> CornerDir {
        CornerDir::ALL[(self.index() + steps % 6) % 6]
    }

    /// This corner mirrored east-west.
    pub fn mirrored(self) -> CornerDir {
        match self {
            CornerDir::NE => CornerDir::NW,
            CornerDir::E => CornerDir::W,
            CornerDir::SE => CornerDir::SW,
            CornerDir::SW => CornerDir::SE,
            CornerDir::W => CornerDir::E,
            CornerDir::NW => CornerDir::NE,
        }
    }

    /// The short name: `NE`, `E`, `SE`, `SW`, `W`, `NW`.
    pub fn name(self) -> &'static str {
        match self {
            CornerDir::NE => "NE",
            CornerDir::E => "E",
            CornerDir::SE => "SE",
            CornerDir::SW => "SW",
            CornerDir::W => "W",
            CornerDir::NW => "NW",
        }
    }
}

/// Which of its hex's two owned corners a [`Corner`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CornerHalf {
    /// The hex's east corner.
    E,
    /// The hex's west corner.
    W,
}

/// A corner of the grid, named canonically as the east or west corner of
/// one hex (every corner is exactly one of those). Build it with
/// [`Corner::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Corner {
    /// The hex that owns the corner.
    pub hex: Hex,
    /// Whether it is that hex's east or west corner.
    pub half: CornerHalf,
}

impl Corner {
    /// Corner `c` of hex `h`, under its canonical name.
    pub fn of(h: Hex, c: CornerDir) -> Corner {
        let (hex, half) = match c {
            CornerDir::E => (h, CornerHalf::E),
            CornerDir::W => (h, CornerHalf::W),
            CornerDir::NE => (h.neighbour(Dir::NE), CornerHalf::W),
            CornerDir::SE => (h.neighbour(Dir::SE), CornerHalf::W),
            CornerDir::NW => (h.neighbour(Dir::NW), CornerHalf::E),
            CornerDir::SW => (h.neighbour(Dir::SW), CornerHalf::E),
        };
        Corner { hex, half }
    }

    /// The six corners of hex `h`, in the order of [`CornerDir::ALL`].
    pub fn all_of(h: Hex) -> [Corner; 6] {
        CornerDir::ALL.map(|c| Corner::of(h, c))
    }

    /// The three hexes that meet at this corner, each with the corner's
    /// place on it.
    pub fn touching(self) -> [(Hex, CornerDir); 3] {
        let h = self.hex;
        match self.half {
            CornerHalf::E => [
                (h, CornerDir::E),
                (h.neighbour(Dir::NE), CornerDir::SW),
                (h.neighbour(Dir::SE), CornerDir::NW),
            ],
            CornerHalf::W => [
                (h, CornerDir::W),
                (h.neighbour(Dir::NW), CornerDir::SE),
                (h.neighbour(Dir::SW), CornerDir::NE),
            ],
        }
    }

    /// The three hexes that meet at this corner.
    pub fn hexes(self) -> [Hex; 3] {
        self.touching().map(|(h, _)| h)
    }

    /// The three sides that end at this corner.
    pub fn sides(self) -> [Side; 3] {
        let h = self.hex;
        match self.half {
            CornerHalf::E => [
                Side::of(h, Dir::NE),
                Side::of(h, Dir::SE),
                Side::of(h.neighbour(Dir::SE), Dir::N),
            ],
            CornerHalf::W => [
                Side::of(h, Dir::NW),
                Side::of(h, Dir::SW),
                Side::of(h.neighbour(Dir::SW), Dir::N),
            ],
        }
    }

    /// The three corners one side away.
    pub fn neighbours(self) -> [Corner; 3] {
        self.sides().map(|s| s.other_end(self).unwrap_or(self))
    }

    /// This corner turned `steps` times 60° clockwise around `centre`.
    pub fn turned_around(self, centre: Hex, steps: usize) -> Corner {
        let (h, c) = self.touching()[0];
        Corner::of(h.turned_around(centre, steps), c.turned(steps))
    }

    /// This corner mirrored east-west across `centre`'s column.
    pub fn mirrored_around(self, centre: Hex) -> Corner {
        let (h, c) = self.touching()[0];
        Corner::of(h.mirrored_around(centre), c.mirrored())
    }
}
