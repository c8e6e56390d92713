//! The score chart every game's viewer shares: points over the game, one
//! line a seat (or a kind), drawn with the seat's colour *and* its own
//! dash pattern so nothing is told by colour alone, with a mark at the
//! position shown; a click on the chart means a position.

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use crate::dom::{El, colour_dot, el};
use crate::i18n::t;

/// The part of the canvas a chart's lines are drawn in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge (position 0).
    pub left: f64,
    /// Top edge (the highest value).
    pub top: f64,
    /// Right edge (the last position).
    pub right: f64,
    /// Bottom edge (zero).
    pub bottom: f64,
}

impl Area {
    /// Where position `pos` of `0..=last` is across.
    pub fn x_of(&self, pos: usize, last: usize) -> f64 {
        self.left + (self.right - self.left) * pos as f64 / last.max(1) as f64
    }

    /// Where `value` out of `max` is up (values above `max` stay inside).
    pub fn y_of(&self, value: f64, max: f64) -> f64 {
        self.bottom - (self.bottom - self.top) * (value / max.max(1e-9)).clamp(0.0, 1.0)
    }

    /// The position of `0..=last` nearest to `x` across.
    pub fn position_at(&self, x: f64, last: usize) -> usize {
        let w = (self.right - self.left).max(1.0);
        (((x - self.left) / w) * last as f64)
            .round()
            .clamp(0.0, last as f64) as usize
    }
}

/// The dash patterns, one a line, so lines differ without colour, with
/// their names for a legend (catalogue keys): solid, dashed, dotted,
/// dash and dot.
pub const DASHES: [(&[f64], &str); 4] = [
    (&[], "chart-line-solid"),
    (&[8.0, 4.0], "chart-line-dashed"),
    (&[2.0, 3.0], "chart-line-dotted"),
    (&[10.0, 3.0, 2.0, 3.0], "chart-line-dash-dot"),
];

/// One line of a chart.
pub struct Line<'a> {
    /// Stroke colour.
    pub colour: &'a str,
    /// Stroke width.
    pub width: f64,
    /// Dash pattern (empty: solid).
    pub dash: &'a [f64],
    /// The values at positions `0..values.len()`.
    pub values: &'a [f64],
}

fn set_dash(ctx: &CanvasRenderingContext2d, dash: &[f64]) {
    let a = js_sys::Array::new();
    for d in dash {
        a.push(&JsValue::from_f64(*d));
    }
    ctx.set_line_dash(&a).ok();
}

/// Draw `line` in `area`, positions `0..=last` across, `0..=max` up.
pub fn draw_line(ctx: &CanvasRenderingContext2d, area: &Area, last: usize, max: f64, line: &Line) {
    ctx.set_stroke_style_str(line.colour);
    ctx.set_line_width(line.width);
    set_dash(ctx, line.dash);
    ctx.begin_path();
    for (pos, v) in line.values.iter().enumerate() {
        let (x, y) = (area.x_of(pos, last), area.y_of(*v, max));
        if pos == 0 {
            ctx.move_to(x, y);
        } else {
            ctx.line_to(x, y);
        }
    }
    ctx.stroke();
    set_dash(ctx, &[]);
}

/// The mark at the position shown: a vertical line from `top` to `bottom`.
pub fn draw_mark(ctx: &CanvasRenderingContext2d, x: f64, top: f64, bottom: f64, colour: &str) {
    set_dash(ctx, &[]);
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(2.0);
    ctx.begin_path();
    ctx.move_to(x, top);
    ctx.line_to(x, bottom);
    ctx.stroke();
}

/// The chart's legend: each line's name, its colour and its dash
/// pattern in words (`painter: dashed line`), line `i` drawn with
/// [`DASHES`]`[i % 4]`.
pub fn legend<'a>(lines: impl IntoIterator<Item = (&'a str, &'a str)>) -> El {
    el("span").children(lines.into_iter().enumerate().map(|(i, (name, colour))| {
        el("span")
            .class("chart-key")
            .attr("data-line", &i.to_string())
            .child(colour_dot(colour))
            .text(&format!("{name}: {}", t(DASHES[i % 4].1)))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_a_chart_has_its_own_dash_pattern_and_legend_name() {
        // Four seats at most: each its own pattern (one solid) and its own
        // name in the legend, so that no line is told by colour alone.
        for (i, (a, name_a)) in DASHES.iter().enumerate() {
            for (b, name_b) in &DASHES[i + 1..] {
                assert_ne!(a, b);
                assert_ne!(name_a, name_b);
            }
        }
        assert_eq!(DASHES.iter().filter(|(d, _)| d.is_empty()).count(), 1);
        for (_, name) in DASHES {
            assert!(
                !crate::i18n::t(name).is_empty() && crate::i18n::t(name) != name,
                "{name} has words"
            );
        }
    }

    #[test]
    fn positions_and_values_map_to_the_area_and_back() {
        let a = Area {
            left: 8.0,
            top: 10.0,
            right: 108.0,
            bottom: 60.0,
        };
        assert_eq!(a.x_of(0, 10), 8.0);
        assert_eq!(a.x_of(10, 10), 108.0);
        assert_eq!(a.x_of(0, 0), 8.0, "a game with no step");
        assert_eq!(a.y_of(0.0, 20.0), 60.0);
        assert_eq!(a.y_of(20.0, 20.0), 10.0);
        assert_eq!(a.y_of(99.0, 20.0), 10.0, "stays inside");
        for pos in 0..=10 {
            assert_eq!(a.position_at(a.x_of(pos, 10), 10), pos);
        }
        assert_eq!(a.position_at(-50.0, 10), 0);
        assert_eq!(a.position_at(500.0, 10), 10);
        assert!(
            DASHES.iter().skip(1).all(|d| !d.0.is_empty()),
            "only the first solid"
        );
    }
}
