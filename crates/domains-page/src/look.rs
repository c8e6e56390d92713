//! How a square's codes look: decoded from the original program's codes
//! into paint, zone, drawing and what stands there, with the players'
//! colours. Kept apart from the canvas so it can be tested natively.

use crate::frames::Frame;
use crate::words::{t, tf};

/// Each player's colour for units, bubbles and lines (Okabe and Ito's
/// palette: apart under every common colour-vision deficiency, see the
/// tests).
pub const COLOURS: [&str; 4] = ["#d55e00", "#0072b2", "#009e73", "#e69f00"];
/// Each player's paint.
pub const PAINT: [&str; 4] = ["#ecb78c", "#8cc0dc", "#bfe7dc", "#f9e7bf"];
/// Each player's ability zone (darker paint).
pub const ZONE: [&str; 4] = ["#803800", "#00446b", "#006f50", "#a16f00"];

/// Each player's unit shape, as a character (the board draws the same).
pub const SHAPES: [&str; 4] = ["●", "■", "⬢", "▲"];

/// A player's mark beside their name: their unit's shape in their colour.
pub fn seat_mark(seat: usize) -> tabula_page_kit::dom::El {
    tabula_page_kit::dom::el("span")
        .class("seat-mark")
        .style("color", COLOURS[seat % 4])
        .attr("aria-hidden", "true")
        .text(SHAPES[seat % 4])
}

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

/// Square `index` of `frame` (a board of `cols` columns) in words, the
/// players named by `names`, and `you` the seat of the one person playing
/// (told "your paint" rather than by name): what the viewer says under
/// the pointer.
pub fn describe_square(
    frame: &Frame,
    index: usize,
    cols: usize,
    names: &[String],
    you: Option<u8>,
) -> String {
    let who = |p: u8| {
        names
            .get(p as usize)
            .cloned()
            .unwrap_or_else(|| tf("domains-player-n", &[("n", &(p as usize + 1).to_string())]))
    };
    // The words for a player's thing: one key for the person playing,
    // another (with the name) for everyone else.
    let whose = |p: u8, yours: &str, theirs: &str| {
        if you == Some(p) {
            t(yours)
        } else {
            tf(theirs, &[("name", &who(p))])
        }
    };
    let (square, unit) = frame.cell(index);
    let l = look(square, unit);
    let mut parts = Vec::new();
    parts.push(match (l.paint, l.zone) {
        (Some(p), true) => whose(p, "domains-square-zone-you", "domains-square-zone"),
        (Some(p), false) => whose(p, "domains-square-paint-you", "domains-square-paint"),
        (None, _) => t("domains-square-unpainted"),
    });
    if let Some(d) = l.drawing {
        parts.push(whose(
            d,
            "domains-square-drawing-you",
            "domains-square-drawing",
        ));
    }
    match l.thing {
        Standing::Nothing => {}
        Standing::Unit(p, upgraded) => {
            let mut unit = vec![whose(p, "domains-square-unit-you", "domains-square-unit")];
            if let Some(e) = frame.energy_at(index) {
                unit.push(tf("domains-square-energy", &[("energy", &e.to_string())]));
            }
            if upgraded {
                unit.push(t("domains-square-upgraded"));
            }
            parts.push(unit.join(", "));
        }
        Standing::Bubble(p) => parts.push(whose(
            p,
            "domains-square-bubble-you",
            "domains-square-bubble",
        )),
        Standing::Bonus => parts.push(t("domains-square-bonus")),
    }
    let cols = cols.max(1);
    tf(
        "domains-square",
        &[
            ("row", &(index / cols + 1).to_string()),
            ("column", &(index % cols + 1).to_string()),
            ("what", &parts.join("; ")),
        ],
    )
}

#[cfg(test)]
mod tests {
    use tabula_page_kit::colour_check::closest_pair;

    /// Seat colours, paints and zones stay apart (CIEDE2000) for people
    /// with protanopia, deuteranopia and tritanopia, not only by hue.
    /// Every seat pair is told apart without its colours: each unit
    /// has its seat's shape (issue 44; docs/accessibility.md).
    #[test]
    fn seats_are_told_apart_under_every_colour_vision() {
        let seats: Vec<(&str, &str)> = super::COLOURS
            .iter()
            .zip(super::SHAPES)
            .map(|(c, m)| (*c, m))
            .collect();
        let alike = tabula_page_kit::colour_check::seats_alike(&seats, 10.0);
        assert!(alike.is_empty(), "{alike:?}");
    }

    #[test]
    fn seat_colours_stay_apart_under_colour_blindness() {
        let (vision, a, b, d) = closest_pair(&super::COLOURS).unwrap();
        assert!(d >= 10.0, "seat colours {a} and {b}: {d:.1} under {vision}");
        let mut squares = super::PAINT.to_vec();
        squares.extend(super::ZONE);
        let (vision, a, b, d) = closest_pair(&squares).unwrap();
        assert!(d >= 8.0, "squares {a} and {b}: {d:.1} under {vision}");
    }

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

    #[test]
    fn a_square_is_described_in_words() {
        use crate::frames::write_cells;
        let names: Vec<String> = ["painter", "dummy"].map(String::from).to_vec();
        // A 2×3 board: paint, a zone with an upgraded unit, a drawing over
        // paint, a bubble, a bonus, nothing.
        let cells = [
            (square_code(Some(0), false, None), 13),
            (square_code(Some(1), true, None), 5),
            (square_code(Some(0), false, Some(1)), 13),
            (square_code(None, false, None), 8),
            (square_code(None, false, None), 12),
            (square_code(None, false, None), 0),
        ];
        let frame = Frame {
            round: 3,
            points: vec![0, 0],
            cells: write_cells(&cells),
            energies: vec![(1, 17)],
            squares: vec![2, 1],
        };
        let d = |i| describe_square(&frame, i, 3, &names, None);
        assert_eq!(d(0), "Row 1, column 1: painter's paint.");
        assert_eq!(
            d(1),
            "Row 1, column 2: dummy's paint, an ability zone; a unit of dummy, energy 17, upgraded."
        );
        assert_eq!(
            d(2),
            "Row 1, column 3: painter's paint; a drawing of dummy."
        );
        assert_eq!(
            d(3),
            "Row 2, column 1: unpainted; a bubble of painter's colour."
        );
        assert_eq!(d(4), "Row 2, column 2: unpainted; a bonus.");
        // A unit whose energy is not known (a file of the original
        // program), of a player with no name.
        assert_eq!(d(5), "Row 2, column 3: unpainted; a unit of painter.");
        assert_eq!(
            describe_square(&frame, 5, 3, &[], None),
            "Row 2, column 3: unpainted; a unit of player 1."
        );
        // The one person playing is told about their own things.
        assert_eq!(
            describe_square(&frame, 1, 3, &names, Some(1)),
            "Row 1, column 2: your paint, an ability zone; a unit of yours, energy 17, upgraded."
        );
        crate::words::use_code("de");
        let german = d(1);
        let yours = describe_square(&frame, 2, 3, &names, Some(1));
        let bubble = describe_square(&frame, 3, 3, &names, Some(0));
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(
            german,
            "Zeile 1, Spalte 2: Farbe von dummy, eine Fähigkeitszone; eine Einheit von dummy, Energie 17, aufgewertet."
        );
        assert_eq!(
            yours,
            "Zeile 1, Spalte 3: Farbe von painter; eine Zeichnung von dir."
        );
        assert_eq!(
            bubble,
            "Zeile 2, Spalte 1: unbemalt; eine Blase in deiner Farbe."
        );
    }
}
