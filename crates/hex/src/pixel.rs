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

/// The point `k` sixths of a turn round the unit circle from east,
/// clockwise on the screen (y down): `unit(1)` is south-east. Exact values
/// of the six directions (no trigonometry: the pages' WebAssembly then
/// carries none).
pub fn unit(k: i64) -> (f64, f64) {
    const H: f64 = 0.866_025_403_784_438_6; // √3 / 2
    match k.rem_euclid(6) {
        0 => (1.0, 0.0),
        1 => (0.5, H),
        2 => (-0.5, H),
        3 => (-1.0, 0.0),
        4 => (-0.5, -H),
        _ => (0.5, -H),
    }
}

/// Where corner `c` is drawn.
pub fn corner_point(c: Corner, size: f64) -> Point {
    let (h, dir) = c.touching()[0];
    let centre = hex_centre(h, size);
    // E is at 0°, the others every 60° clockwise (y down): NE at -60°.
    let sixths = match dir {
        CornerDir::E => 0,
        CornerDir::SE => 1,
        CornerDir::SW => 2,
        CornerDir::W => 3,
        CornerDir::NW => 4,
        CornerDir::NE => 5,
    };
    let (dx, dy) = unit(sixths);
    Point {
        x: centre.x + size * dx,
        y: centre.y + size * dy,
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_six_directions_are_the_circle_s_sixths() {
        for k in -6i64..12 {
            let a = (k as f64 * 60.0).to_radians();
            let (x, y) = super::unit(k);
            assert!(
                (x - a.cos()).abs() < 1e-15 && (y - a.sin()).abs() < 1e-15,
                "{k}"
            );
        }
    }
}
