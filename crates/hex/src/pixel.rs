//! Where hexes and corners are drawn: flat-topped, y down, `size` being
//! the distance from a hex's centre to its corners.

use crate::corner::{Corner, CornerDir};
use crate::hex::Hex;

/// A point on the drawing, in the same unit as `size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// To the right.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The centre of hex `h`, with the origin hex centred at (0, 0).
pub fn hex_centre(h: Hex, size: f64) -> Point {
    Point {
        x: size * 1.5 * f64::from(h.q),
        y: size * SQRT3 * (f64::from(h.r) + f64::from(h.q) / 2.0),
    }
}

/// Where corner `c` is drawn.
pub fn corner_point(c: Corner, size: f64) -> Point {
    let (h, dir) = c.touching()[0];
    let centre = hex_centre(h, size);
    // E is at 0°, the others every 60° clockwise (y down): NE at -60°.
    let angle_deg = match dir {
        CornerDir::E => 0.0,
        CornerDir::SE => 60.0,
        CornerDir::SW => 120.0,
        CornerDir::W => 180.0,
        CornerDir::NW => 240.0,
        CornerDir::NE => 300.0,
    };
    let a = f64::to_radians(angle_deg);
    Point {
        x: centre.x + size * a.cos(),
        y: centre.y + size * a.sin(),
    }
}

/// The hex whose area holds point `p` (for a click on the drawing).
/// Points far outside `i32`'s range end on its edge, never panic.
pub fn hex_at_point(p: Point, size: f64) -> Hex {
    if size.is_nan() || size <= 0.0 || !p.x.is_finite() || !p.y.is_finite() {
        return Hex::ORIGIN;
    }
    let q = (2.0 / 3.0 * p.x) / size;
    let r = (-1.0 / 3.0 * p.x + SQRT3 / 3.0 * p.y) / size;
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    let clamp = |v: f64| v.clamp(f64::from(i32::MIN / 4), f64::from(i32::MAX / 4)) as i32;
    Hex::new(clamp(rq), clamp(rr))
}
