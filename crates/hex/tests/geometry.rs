//! Properties of the hex geometry, checked over every hex of a large
//! region (exhaustive rather than sampled) and over hexes far from the
//! origin picked by a small seeded generator.

use std::collections::{BTreeSet, HashSet};

use tabula_hex::*;

/// Every hex within 6 steps of the origin, and 200 hexes far away.
fn hexes() -> Vec<Hex> {
    let mut out: Vec<Hex> = Hex::ORIGIN.within(6).collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..200 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let q = (x % 2_000_001) as i32 - 1_000_000;
        let r = ((x >> 21) % 2_000_001) as i32 - 1_000_000;
        out.push(Hex::new(q, r));
    }
    out
}

#[test]
fn the_standard_board_has_54_corners_and_72_sides() {
    let land: Vec<Hex> = Hex::ORIGIN.within(2).collect();
    assert_eq!(land.len(), 19);
    assert_eq!(corners_of(land.iter().copied()).len(), 54);
    assert_eq!(sides_of(land.iter().copied()).len(), 72);
}

#[test]
fn regions_have_the_expected_counts() {
    // A hexagon of radius k has 6(k+1)^2 corners; one hex has 6 of each.
    let one = [Hex::ORIGIN];
    assert_eq!(corners_of(one).len(), 6);
    assert_eq!(sides_of(one).len(), 6);
    for k in 0..6u32 {
        let region: Vec<Hex> = Hex::ORIGIN.within(k).collect();
        assert_eq!(region.len() as u32, 1 + 3 * k * (k + 1));
        assert_eq!(
            corners_of(region.iter().copied()).len() as u32,
            6 * (k + 1) * (k + 1)
        );
        // Euler on the plane: V - E + F = 1 (faces = hexes).
        let v = corners_of(region.iter().copied()).len() as i64;
        let e = sides_of(region.iter().copied()).len() as i64;
        assert_eq!(v - e + region.len() as i64, 1, "radius {k}");
    }
}

#[test]
fn directions_and_neighbours_go_round_trip() {
    for d in Dir::ALL {
        assert_eq!(d.opposite().opposite(), d);
        assert_ne!(d.opposite(), d);
        assert_eq!(Dir::from_name(d.name()), Some(d));
        assert_eq!(d.turned(6), d);
        assert_eq!(d.turned(1).turned(5), d);
        let (dq, dr) = d.delta();
        let (oq, or) = d.opposite().delta();
        assert_eq!((dq + oq, dr + or), (0, 0));
    }
    assert_eq!(Dir::from_name("NR"), None);
    for h in hexes() {
        for d in Dir::ALL {
            let n = h.neighbour(d);
            assert_eq!(n.neighbour(d.opposite()), h);
            assert_eq!(h.distance(n), 1);
            assert_eq!(h.dir_to(n), Some(d));
        }
        let set: HashSet<Hex> = h.neighbours().into_iter().collect();
        assert_eq!(set.len(), 6);
    }
}

#[test]
fn rings_and_regions_are_right() {
    for k in 0..8u32 {
        let ring = Hex::new(3, -5).ring(k);
        assert_eq!(ring.len(), if k == 0 { 1 } else { 6 * k as usize });
        for h in &ring {
            assert_eq!(h.distance(Hex::new(3, -5)), k);
        }
        let set: HashSet<Hex> = ring.iter().copied().collect();
        assert_eq!(set.len(), ring.len());
        if k > 0 {
            // Consecutive hexes of a ring are neighbours, and it closes.
            for i in 0..ring.len() {
                assert_eq!(ring[i].distance(ring[(i + 1) % ring.len()]), 1);
            }
        }
    }
    assert_eq!(Hex::ORIGIN.ring(2)[0], Hex::new(0, -2));
}

#[test]
fn turning_six_times_or_mirroring_twice_is_the_identity() {
    let c = Hex::new(1, -2);
    for h in hexes() {
        assert_eq!(h.turned_around(c, 6), h);
        assert_eq!(h.turned_around(c, 2).turned_around(c, 4), h);
        assert_eq!(h.mirrored_around(c).mirrored_around(c), h);
        assert_eq!(h.turned_around(c, 1).distance(c), h.distance(c));
        for d in Dir::ALL {
            // Turning keeps neighbours neighbours, in the turned direction.
            assert_eq!(
                h.neighbour(d).turned_around(c, 1),
                h.turned_around(c, 1).neighbour(d.turned(1))
            );
        }
    }
    assert_eq!(
        Hex::ORIGIN.neighbour(Dir::N).turned_around(Hex::ORIGIN, 1),
        Hex::ORIGIN.neighbour(Dir::NE)
    );
    assert_eq!(Hex::new(1, 0).mirrored_around(Hex::ORIGIN), Hex::new(-1, 1));
    for h in hexes().into_iter().take(300) {
        for corner in Corner::all_of(h) {
            assert_eq!(corner.turned_around(c, 6), corner);
            assert_eq!(corner.mirrored_around(c).mirrored_around(c), corner);
            let turned: BTreeSet<Hex> = corner.hexes().map(|x| x.turned_around(c, 1)).into();
            let of_turned: BTreeSet<Hex> = corner.turned_around(c, 1).hexes().into();
            assert_eq!(turned, of_turned);
            let mirrored: BTreeSet<Hex> = corner.hexes().map(|x| x.mirrored_around(c)).into();
            let of_mirrored: BTreeSet<Hex> = corner.mirrored_around(c).hexes().into();
            assert_eq!(mirrored, of_mirrored);
        }
        for side in Side::all_of(h) {
            assert_eq!(side.turned_around(c, 6), side);
            assert_eq!(side.mirrored_around(c).mirrored_around(c), side);
            let turned: BTreeSet<Hex> = side.hexes().map(|x| x.turned_around(c, 5)).into();
            let of_turned: BTreeSet<Hex> = side.turned_around(c, 5).hexes().into();
            assert_eq!(turned, of_turned);
        }
    }
}

#[test]
fn every_corner_has_one_name_and_touches_three_hexes() {
    for h in hexes() {
        let corners = Corner::all_of(h);
        let set: HashSet<Corner> = corners.into_iter().collect();
        assert_eq!(set.len(), 6, "six distinct corners of {h}");
        for (i, corner) in corners.into_iter().enumerate() {
            // Canonical: naming it again from any touching hex gives the same.
            for (t, place) in corner.touching() {
                assert_eq!(Corner::of(t, place), corner);
            }
            assert_eq!(corner.touching()[0].0, corner.hex);
            let touching: HashSet<Hex> = corner.hexes().into_iter().collect();
            assert_eq!(touching.len(), 3);
            assert!(touching.contains(&h));
            // The three hexes meeting at a corner are pairwise neighbours.
            for a in &touching {
                for b in &touching {
                    if a != b {
                        assert_eq!(a.distance(*b), 1);
                    }
                }
            }
            // The corner at index i sits between sides i and i+1.
            let sides = corner.sides();
            assert!(sides.contains(&Side::of(h, Dir::ALL[i])));
            assert!(sides.contains(&Side::of(h, Dir::ALL[(i + 1) % 6])));
            let ns: HashSet<Corner> = corner.neighbours().into_iter().collect();
            assert_eq!(ns.len(), 3);
            for n in ns {
                assert_ne!(n, corner);
                assert!(n.neighbours().contains(&corner), "adjacency is mutual");
                // Adjacent corners share exactly two hexes.
                let shared = n.hexes().iter().filter(|x| touching.contains(x)).count();
                assert_eq!(shared, 2);
            }
        }
    }
}

#[test]
fn every_side_has_one_name_and_two_ends() {
    for h in hexes() {
        let sides = Side::all_of(h);
        let set: HashSet<Side> = sides.into_iter().collect();
        assert_eq!(set.len(), 6);
        for (d, side) in Dir::ALL.into_iter().zip(sides) {
            for (t, dir) in side.touching() {
                assert_eq!(Side::of(t, dir), side);
            }
            assert_eq!(
                side.hexes(),
                [side.hex, side.hex.neighbour(side.half.dir())]
            );
            assert!(side.hexes().contains(&h) && side.hexes().contains(&h.neighbour(d)));
            assert_eq!(Side::between(h, h.neighbour(d)), Some(side));
            let [a, b] = side.corners();
            assert_ne!(a, b);
            // Both ends touch both hexes of the side.
            for end in [a, b] {
                assert!(end.sides().contains(&side));
                for x in side.hexes() {
                    assert!(end.hexes().contains(&x));
                }
            }
            assert!(a.neighbours().contains(&b));
            assert_eq!(side.other_end(a), Some(b));
            assert_eq!(side.other_end(b), Some(a));
            let ns: HashSet<Side> = side.neighbours().into_iter().collect();
            assert_eq!(ns.len(), 4);
            assert!(!ns.contains(&side));
        }
    }
    assert_eq!(Side::between(Hex::ORIGIN, Hex::new(2, 0)), None);
}

#[test]
fn corners_are_drawn_on_their_hexes_and_clicks_find_hexes() {
    let size = 10.0;
    for h in Hex::ORIGIN.within(5) {
        let c = hex_centre(h, size);
        assert_eq!(hex_at_point(c, size), h);
        for corner in Corner::all_of(h) {
            let p = corner_point(corner, size);
            let d = ((p.x - c.x).powi(2) + (p.y - c.y).powi(2)).sqrt();
            assert!(
                (d - size).abs() < 1e-9,
                "corner {corner:?} of {h} is {d} away"
            );
            // The same corner seen from every touching hex lands on one point.
            for t in corner.hexes() {
                let tc = hex_centre(t, size);
                let dt = ((p.x - tc.x).powi(2) + (p.y - tc.y).powi(2)).sqrt();
                assert!((dt - size).abs() < 1e-9);
            }
        }
    }
    // North is up: the northern neighbour is drawn above.
    assert!(hex_centre(Hex::ORIGIN.neighbour(Dir::N), 1.0).y < 0.0);
    assert!(hex_centre(Hex::ORIGIN.neighbour(Dir::SE), 1.0).x > 0.0);
    let far = Point {
        x: f64::MAX,
        y: f64::NAN,
    };
    assert_eq!(hex_at_point(far, size), Hex::ORIGIN);
    let _ = hex_at_point(
        Point {
            x: 1e300,
            y: -1e300,
        },
        size,
    );
}
