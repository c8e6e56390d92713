//! Flat-topped hex geometry, independent of any game's rules.
//!
//! Hexes have flat tops and bottoms, so a hex's six neighbours lie to the
//! north, north-east, south-east, south, south-west and north-west
//! ([`Dir`]). Positions are axial coordinates `(q, r)` ([`Hex`]) with the
//! screen's y axis pointing down: `q` grows to the east (in steps of
//! half-way south-east), `r` grows to the south. The third cube
//! coordinate is `s = -q - r`.
//!
//! Every corner of the grid ([`Corner`]) and every side ([`Side`]) has
//! exactly one name: a corner is the east or west corner of one hex, a side
//! is the north, north-east or south-east side of one hex. Build them with
//! [`Corner::of`] and [`Side::of`] from any hex that touches them; the
//! result is the same whichever hex is used.
//!
//! ```
//! use tabula_hex::{Corner, CornerDir, Dir, Hex, Side};
//! let h = Hex::new(0, 0);
//! // The north-east corner of h is the west corner of its north-east neighbour.
//! assert_eq!(Corner::of(h, CornerDir::NE), Corner::of(h.neighbour(Dir::NE), CornerDir::W));
//! // The south side of h is the north side of its southern neighbour.
//! assert_eq!(Side::of(h, Dir::S), Side::of(h.neighbour(Dir::S), Dir::N));
//! assert_eq!(Hex::ORIGIN.within(2).count(), 19);
//! ```

mod corner;
mod dir;
mod hex;
mod pixel;
mod region;
mod side;

pub use corner::{Corner, CornerDir, CornerHalf};
pub use dir::Dir;
pub use hex::Hex;
pub use pixel::{Point, corner_point, hex_at_point, hex_centre, unit};
pub use region::{corners_of, sides_of};
pub use side::{Side, SideHalf};
