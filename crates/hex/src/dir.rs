//! The six directions from a flat-topped hex to its neighbours.

/// A direction from a hex to one of its six neighbours, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// North (straight up).
    N,
    /// North-east.
    NE,
    /// South-east.
    SE,
    /// South (straight down).
    S,
    /// South-west.
    SW,
    /// North-west.
    NW,
}

impl Dir {
    /// The six directions, clockwise from north; `Dir::ALL[i].index() == i`.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    /// Position in [`Dir::ALL`]: the number of 60° clockwise turns from north.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction `i` clockwise turns from north (`i` is taken modulo 6).
    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    /// The opposite direction (N ↔ S, NE ↔ SW, SE ↔ NW).
    pub fn opposite(self) -> Dir {
        self.turned(3)
    }

    /// This direction turned `steps` times 60° clockwise.
    pub fn turned(self, steps: usize) -> Dir {
        Dir::from_index(self.index() + steps % 6)
    }

    /// The change of axial coordinates `(dq, dr)` one step this way.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::SE => (1, 0),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::NW => (-1, 0),
        }
    }

    /// The usual short name: `N`, `NE`, `SE`, `S`, `SW`, `NW`.
    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::NW => "NW",
        }
    }

    /// The direction with this short name (exactly as [`Dir::name`] writes it).
    pub fn from_name(name: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl std::fmt::Display for Dir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
