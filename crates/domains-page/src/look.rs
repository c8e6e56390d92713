//! How a square's codes look: decoded from the original program's codes
//! into paint, zone, drawing and what stands there, with the players'
//! colours. Kept apart from the canvas so it can be tested natively.

/// Each player's colour for units, bubbles and lines.
pub const COLOURS: [&str; 4] = ["#c62828", "#1f5fb4", "#2e8b2e", "#c77c00"];
/// Each player's paint.
pub const PAINT: [&str; 4] = ["#f4c0c0", "#bcd3f2", "#c3e6c3", "#f6dca6"];
/// Each player's ability zone (darker paint).
pub const ZONE: [&str; 4] = ["#d97b7b", "#6d9bd9", "#78c078", "#e2b04f"];

/// What a square holds, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// Who painted it.
    pub paint: Option<u8>,
    /// Whether it is an ability zone (of its painter).
    pub zone: bool,
    /// Whose unit is drawing over it.
    pub drawing: Option<u8>,
    /// What stands on it.
    pub thing: Standing,
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Nothing.
    Nothing,
    /// A unit of a player (upgraded or not).
    Unit(u8, bool),
    /// A bubble of a player's colour.
    Bubble(u8),
    /// A bonus.
    Bonus,
}

/// Decode a square's (square code, unit code); unknown codes show as
/// empty.
pub fn look(square: u8, unit: u8) -> Look {
    let (paint, zone, drawing) = match square {
        1..=4 => (Some(square - 1), false, None),
        5..=8 => (Some(square - 5), true, None),
        9..=12 => (None, false, Some(square - 9)),
        13..=24 => {
            let k = square - 13;
            let p = k / 3;
            let i = k % 3;
            (Some(p), false, Some(if i < p { i } else { i + 1 }))
        }
        _ => (None, false, None),
    };
    let thing = match unit {
        0..=3 => Standing::Unit(unit, false),
        4..=7 => Standing::Unit(unit - 4, true),
        8..=11 => Standing::Bubble(unit - 8),
        12 => Standing::Bonus,
        _ => Standing::Nothing,
    };
    Look {
        paint,
        zone,
        drawing,
        thing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_domains::original::square_code;

    #[test]
    fn every_square_code_decodes_to_what_it_encodes() {
        for painter in [None, Some(0), Some(1), Some(2), Some(3)] {
            for drawer in [None, Some(0), Some(1), Some(2), Some(3)] {
                for zone in [false, true] {
                    if zone && painter.is_none() {
                        continue;
                    }
                    let l = look(square_code(painter, zone, drawer), 13);
                    assert_eq!(l.paint, painter);
                    assert_eq!(l.zone, zone);
                    // A zone hides a drawing, and so does one's own paint.
                    let shown = if zone || drawer == painter {
                        None
                    } else {
                        drawer
                    };
                    assert_eq!(l.drawing, shown, "{painter:?} {drawer:?} {zone}");
                }
            }
        }
        assert_eq!(look(0, 5).thing, Standing::Unit(1, true));
        assert_eq!(look(0, 10).thing, Standing::Bubble(2));
        assert_eq!(look(0, 12).thing, Standing::Bonus);
        assert_eq!(look(99, 99), look(0, 13));
    }
}
