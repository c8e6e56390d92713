//! One hex: axial coordinates, neighbours, distance, rotation, regions.

use crate::dir::Dir;

/// A hex in axial coordinates (flat-topped, y down): `q` east, `r` south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hex {
    /// The column: grows towards the east.
    pub q: i32,
    /// The diagonal row: grows towards the south.
    pub r: i32,
}

impl Hex {
    /// The hex at `(0, 0)`.
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    /// The hex at axial `(q, r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The neighbour one step in direction `d`.
    pub fn neighbour(self, d: Dir) -> Hex {
        let (dq, dr) = d.delta();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six neighbours, in the order of [`Dir::ALL`].
    pub fn neighbours(self) -> [Hex; 6] {
        Dir::ALL.map(|d| self.neighbour(d))
    }

    /// The direction from this hex to `other`, when they are neighbours.
    pub fn dir_to(self, other: Hex) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.neighbour(d) == other)
    }

    /// The hex `n` steps away in direction `d`.
    pub fn step(self, d: Dir, n: i32) -> Hex {
        let (dq, dr) = d.delta();
        Hex::new(self.q + dq * n, self.r + dr * n)
    }

    /// The number of steps between two hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        dq.max(dr).max(ds)
    }

    /// This hex turned `steps` times 60° clockwise around `centre`.
    pub fn turned_around(self, centre: Hex, steps: usize) -> Hex {
        let (mut q, mut r) = (self.q - centre.q, self.r - centre.r);
        for _ in 0..steps % 6 {
            // Cube (q, r, s) turned clockwise is (-r, -s, -q).
            let s = -q - r;
            (q, r) = (-r, -s);
        }
        Hex::new(centre.q + q, centre.r + r)
    }

    /// This hex mirrored across the vertical line through `centre`'s
    /// column (east and west swap; north stays north).
    pub fn mirrored_around(self, centre: Hex) -> Hex {
        let (q, r) = (self.q - centre.q, self.r - centre.r);
        // Cube (q, r, s) mirrored east-west is (-q, -s, -r).
        let s = -q - r;
        Hex::new(centre.q - q, centre.r - s)
    }

    /// Every hex at most `radius` steps from this one, ring by ring from the
    /// centre outwards (1 + 3·radius·(radius + 1) hexes).
    pub fn within(self, radius: u32) -> impl Iterator<Item = Hex> {
        (0..=radius).flat_map(move |k| self.ring(k))
    }

    /// The hexes exactly `radius` steps away, clockwise from the one due
    /// north (6·radius hexes; the centre alone for radius 0).
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let n = radius as i32;
        let mut out = Vec::with_capacity(6 * radius as usize);
        let mut h = self.step(Dir::N, n);
        // Walking clockwise from the north hex, the first edge runs south-east.
        for k in 0..6 {
            let d = Dir::SE.turned(k);
            for _ in 0..n {
                out.push(h);
                h = h.neighbour(d);
            }
        }
        out
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}
