//! Whether a palette's colours stay apart for people with the common
//! colour-vision deficiencies: each colour is seen as a person with
//! protanopia, deuteranopia or tritanopia would see it (Machado, Oliveira
//! and Fernandes 2009, full severity, in linear RGB) and every pair is
//! compared by CIEDE2000. The pages' tests call [`closest_pair`] on their
//! seat colours, and [`seats_alike`] on their seats' colours and marks
//! (with no colour vision at all, [`ACHROMATOPSIA`], four seats are told
//! apart only by a mark); nothing here runs in the browser.

/// The ways of seeing a palette is checked under.
pub const VISIONS: [(&str, [[f64; 3]; 3]); 4] = [
    (
        "typical",
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    ),
    (
        "protanopia",
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ),
];

/// A colour written `#rrggbb`, as linear RGB in 0..=1; `None` if it is
/// not written so.
pub fn linear_rgb(hex: &str) -> Option<[f64; 3]> {
    let h = hex.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let mut out = [0.0; 3];
    for (i, o) in out.iter_mut().enumerate() {
        let v = u8::from_str_radix(h.get(2 * i..2 * i + 2)?, 16).ok()? as f64 / 255.0;
        *o = if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        };
    }
    Some(out)
}

/// Linear RGB as seen under `m` (one of [`VISIONS`]).
pub fn seen(rgb: [f64; 3], m: &[[f64; 3]; 3]) -> [f64; 3] {
    let mut out = [0.0; 3];
    for (o, row) in out.iter_mut().zip(m) {
        *o = (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0);
    }
    out
}

/// CIE L*a*b* (D65) of a linear RGB colour.
pub fn lab(rgb: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = rgb;
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 difference of two L*a*b* colours (about 2.3 is "just
/// noticeable"; seat colours want well over 10).
pub fn ciede2000(p: [f64; 3], q: [f64; 3]) -> f64 {
    use std::f64::consts::PI;
    let deg = |r: f64| r * 180.0 / PI;
    let rad = |d: f64| d * PI / 180.0;
    let [l1, a1, b1] = p;
    let [l2, a2, b2] = q;
    let c_bar = ((a1 * a1 + b1 * b1).sqrt() + (a2 * a2 + b2 * b2).sqrt()) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = ((a1p * a1p + b1 * b1).sqrt(), (a2p * a2p + b2 * b2).sqrt());
    let hue = |b: f64, a: f64| {
        if b == 0.0 && a == 0.0 {
            0.0
        } else {
            deg(b.atan2(a)).rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let dhh = 2.0 * (c1p * c2p).sqrt() * rad(dh / 2.0).sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let hp_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * rad(hp_bar - 30.0).cos()
        + 0.24 * rad(2.0 * hp_bar).cos()
        + 0.32 * rad(3.0 * hp_bar + 6.0).cos()
        - 0.20 * rad(4.0 * hp_bar - 63.0).cos();
    let d_theta = 30.0 * (-((hp_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (cp_bar.powi(7) / (cp_bar.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cp_bar;
    let sh = 1.0 + 0.015 * cp_bar * t;
    let rt = -rad(2.0 * d_theta).sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
        .sqrt()
}

/// The two colours of `palette` that are hardest to tell apart under any
/// of [`VISIONS`]: (vision, first, second, CIEDE2000). `None` for a palette
/// of fewer than two colours or one not written `#rrggbb`.
pub fn closest_pair<'a>(palette: &[&'a str]) -> Option<(&'static str, &'a str, &'a str, f64)> {
    let rgb: Vec<[f64; 3]> = palette
        .iter()
        .map(|c| linear_rgb(c))
        .collect::<Option<_>>()?;
    let mut worst: Option<(&'static str, &'a str, &'a str, f64)> = None;
    for (vision, m) in &VISIONS {
        for i in 0..rgb.len() {
            for j in i + 1..rgb.len() {
                let d = ciede2000(lab(seen(rgb[i], m)), lab(seen(rgb[j], m)));
                if worst.is_none_or(|w| d < w.3) {
                    worst = Some((vision, palette[i], palette[j], d));
                }
            }
        }
    }
    worst
}

/// Seeing no colour at all (achromatopsia): only lightness is left.
pub const ACHROMATOPSIA: (&str, [[f64; 3]; 3]) = (
    "achromatopsia",
    [
        [0.2126, 0.7152, 0.0722],
        [0.2126, 0.7152, 0.0722],
        [0.2126, 0.7152, 0.0722],
    ],
);

/// The pairs of seats a person cannot tell apart: `seats` are each
/// seat's colour (`#rrggbb`) and the mark every piece of it carries
/// besides (a number, a letter, a shape; may be empty). A pair is told
/// apart when the marks differ, or else when the colours stay `min`
/// apart (CIEDE2000) under every one of [`VISIONS`] and
/// [`ACHROMATOPSIA`]. Each pair not told apart, in words.
pub fn seats_alike(seats: &[(&str, &str)], min: f64) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..seats.len() {
        for j in i + 1..seats.len() {
            let (ca, ma) = seats[i];
            let (cb, mb) = seats[j];
            if !ma.is_empty() && ma != mb {
                continue;
            }
            let (Some(a), Some(b)) = (linear_rgb(ca), linear_rgb(cb)) else {
                out.push(format!(
                    "seats {} and {}: a colour not written #rrggbb",
                    i + 1,
                    j + 1
                ));
                continue;
            };
            for (vision, m) in VISIONS.iter().chain([&ACHROMATOPSIA]) {
                let d = ciede2000(lab(seen(a, m)), lab(seen(b, m)));
                if d < min {
                    out.push(format!(
                        "seats {} and {} ({ca}, {cb}, marked {ma:?} and {mb:?}): {d:.1} under {vision}",
                        i + 1,
                        j + 1
                    ));
                    break;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alike_in_colour_are_told_apart_by_their_marks() {
        // Red and green: alike to a deuteranope.
        let alike = seats_alike(&[("#c62828", ""), ("#2e8b2e", "")], 10.0);
        assert_eq!(alike.len(), 1, "{alike:?}");
        assert!(alike[0].contains("seats 1 and 2"), "{alike:?}");
        assert!(seats_alike(&[("#c62828", "1"), ("#2e8b2e", "4")], 10.0).is_empty());
        assert_eq!(
            seats_alike(&[("#c62828", "1"), ("#2e8b2e", "1")], 10.0).len(),
            1
        );
        // Blue and red of the same lightness: grey alike without colour
        // vision.
        let grey = seats_alike(&[("#1565c0", ""), ("#c62828", "")], 10.0);
        assert!(grey.iter().any(|g| g.contains("achromatopsia")), "{grey:?}");
        // Black and white need no mark.
        assert!(seats_alike(&[("#000000", ""), ("#ffffff", "")], 10.0).is_empty());
    }

    #[test]
    fn ciede2000_matches_sharmas_published_pairs() {
        // From Sharma, Wu and Dalal (2005), table 1.
        let pairs = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485], 2.8615),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            (
                [60.2574, -34.0099, 36.2677],
                [60.4626, -34.1751, 39.4387],
                1.2644,
            ),
            (
                [22.7233, 20.0904, -46.694],
                [23.0331, 14.973, -42.5619],
                2.0373,
            ),
        ];
        for (p, q, want) in pairs {
            let got = ciede2000(p, q);
            assert!((got - want).abs() < 1e-3, "{p:?} {q:?}: {got} not {want}");
        }
    }

    #[test]
    fn red_and_green_are_alike_to_a_deuteranope() {
        let (vision, ..) = closest_pair(&["#c62828", "#2e8b2e"]).unwrap();
        assert_ne!(vision, "typical");
        let d = closest_pair(&["#c62828", "#2e8b2e"]).unwrap().3;
        assert!(d < 10.0, "{d}");
    }

    #[test]
    fn black_and_white_are_apart_for_everyone() {
        let d = closest_pair(&["#000000", "#ffffff"]).unwrap().3;
        assert!(d > 90.0, "{d}");
    }

    #[test]
    fn a_badly_written_colour_is_not_judged() {
        assert!(closest_pair(&["#fff", "#000000"]).is_none());
        assert!(closest_pair(&["#000000"]).is_none());
    }
}
