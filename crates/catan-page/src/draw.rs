//! Draws the board being edited on the canvas: every field by colour AND
//! its letters, harbours with a pier on the side they face, number
//! tokens, the empty hexes around the board (where the brush adds
//! fields), marks on fields with a problem, the problem shown and the
//! keyboard's cursor. It holds no rules: what is wrong comes from the
//! editor, which asked `tabula-catan`.

use std::f64::consts::PI;

use tabula_catan::FieldKind;
use tabula_hex::{Hex, Point, hex_at_point, hex_centre};
use tabula_page_kit::dom::{El, el};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use crate::model::Editor;
use crate::words;

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// Where the board is on the canvas: the hexes' size (centre to corner)
/// and where the centre of hex (0, 0) is, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Centre to corner.
    pub size: f64,
    /// x of hex (0, 0)'s centre.
    pub ox: f64,
    /// y of hex (0, 0)'s centre.
    pub oy: f64,
}

impl Geometry {
    /// The hex under a point of the canvas.
    pub fn hex_at(&self, x: f64, y: f64) -> Hex {
        hex_at_point(
            Point {
                x: x - self.ox,
                y: y - self.oy,
            },
            self.size,
        )
    }

    fn centre(&self, h: Hex) -> (f64, f64) {
        let p = hex_centre(h, self.size);
        (p.x + self.ox, p.y + self.oy)
    }
}

/// A kind's colours: its fill and the colour of its letters (dark on
/// light fields, white on dark ones, each at least 4.5:1).
pub fn colours(k: FieldKind) -> (&'static str, &'static str) {
    match k {
        FieldKind::Forest => ("#2f6b33", "#ffffff"),
        FieldKind::Pasture => ("#a9d86e", "#111111"),
        FieldKind::Field => ("#f0c93d", "#111111"),
        FieldKind::Hill => ("#a3482a", "#ffffff"),
        FieldKind::Mountain => ("#5f6573", "#ffffff"),
        FieldKind::Desert => ("#ead8a6", "#111111"),
        FieldKind::Water => ("#8ec5ee", "#0b2540"),
        FieldKind::BarbarianStart | FieldKind::BarbarianEnd => ("#3d2f63", "#ffffff"),
        _ => ("#b9dcf5", "#0b2540"),
    }
}

pub(crate) fn hex_path(ctx: &Ctx, x: f64, y: f64, size: f64) {
    ctx.begin_path();
    for i in 0..6 {
        let (dx, dy) = tabula_hex::unit(i);
        let (px, py) = (x + size * dx, y + size * dy);
        if i == 0 {
            ctx.move_to(px, py);
        } else {
            ctx.line_to(px, py);
        }
    }
    ctx.close_path();
}

/// Draw the editor's board on `canvas`, `width` CSS pixels wide at most.
pub fn draw(canvas: &HtmlCanvasElement, e: &Editor, width: f64) -> Option<Geometry> {
    let shown = e.view_hexes();
    let unit: Vec<Point> = shown.iter().map(|h| hex_centre(*h, 1.0)).collect();
    let min_x = unit.iter().map(|p| p.x).fold(f64::INFINITY, f64::min) - 1.0;
    let max_x = unit.iter().map(|p| p.x).fold(f64::NEG_INFINITY, f64::max) + 1.0;
    let min_y = unit.iter().map(|p| p.y).fold(f64::INFINITY, f64::min) - SQRT3 / 2.0;
    let max_y = unit.iter().map(|p| p.y).fold(f64::NEG_INFINITY, f64::max) + SQRT3 / 2.0;
    let pad = 4.0;
    let size = ((width - 2.0 * pad) / (max_x - min_x)).clamp(8.0, 46.0);
    let w = (max_x - min_x) * size + 2.0 * pad;
    let h = (max_y - min_y) * size + 2.0 * pad;
    let g = Geometry {
        size,
        ox: pad - min_x * size,
        oy: pad - min_y * size,
    };
    let ctx = tabula_page_kit::dom::sized_context(canvas, w, h)?;
    for (k, v) in [("size", g.size), ("ox", g.ox), ("oy", g.oy)] {
        canvas
            .set_attribute(&format!("data-{k}"), &v.to_string())
            .ok();
    }
    ctx.set_fill_style_str("#f4f7fb");
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let troubled = e.troubled();
    for &hex in &shown {
        let (x, y) = g.centre(hex);
        match e.board.field_at(hex) {
            None => {
                hex_path(&ctx, x, y, size * 0.96);
                ctx.set_stroke_style_str("#8794a3");
                ctx.set_line_width(1.0);
                let dash = js_sys::Array::of2(&3.0.into(), &3.0.into());
                ctx.set_line_dash(&dash).ok();
                ctx.stroke();
                ctx.set_line_dash(&js_sys::Array::new()).ok();
            }
            Some(f) => {
                let (fill, ink) = colours(f.kind);
                hex_path(&ctx, x, y, size);
                ctx.set_fill_style_str(fill);
                ctx.fill();
                ctx.set_stroke_style_str("#2b3440");
                ctx.set_line_width(1.0);
                ctx.stroke();
                if let Some(d) = f.harbour_dir() {
                    // The pier: the side it faces, and a jetty out to it.
                    let i = d.index() as i64;
                    let ((c0, s0), (c1, s1)) = (tabula_hex::unit(4 + i), tabula_hex::unit(5 + i));
                    let (ax, ay) = (x + size * 0.9 * c0, y + size * 0.9 * s0);
                    let (bx, by) = (x + size * 0.9 * c1, y + size * 0.9 * s1);
                    ctx.set_stroke_style_str("#6b3e1f");
                    ctx.set_line_width((size * 0.14).max(2.0));
                    ctx.begin_path();
                    ctx.move_to(ax, ay);
                    ctx.line_to(bx, by);
                    ctx.move_to((ax + bx) / 2.0, (ay + by) / 2.0);
                    ctx.line_to(
                        x + (ax + bx - 2.0 * x) * 0.35,
                        y + (ay + by - 2.0 * y) * 0.35,
                    );
                    ctx.stroke();
                }
                let glyph = words::glyph(f.kind);
                let font = (size * if glyph.chars().count() > 3 { 0.3 } else { 0.4 }).max(8.0);
                ctx.set_font(&format!("bold {font:.1}px system-ui, sans-serif"));
                ctx.set_fill_style_str(ink);
                let gy = if f.number.is_some() {
                    y - size * 0.38
                } else {
                    y
                };
                ctx.fill_text(&glyph, x, gy).ok();
                if let Some(n) = f.number {
                    let ty = y + size * 0.22;
                    ctx.begin_path();
                    ctx.arc(x, ty, size * 0.33, 0.0, 2.0 * PI).ok();
                    ctx.set_fill_style_str("#fff7e0");
                    ctx.fill();
                    ctx.set_stroke_style_str("#2b3440");
                    ctx.set_line_width(1.0);
                    ctx.stroke();
                    ctx.set_fill_style_str(if n == 6 || n == 8 {
                        "#b00000"
                    } else {
                        "#111111"
                    });
                    ctx.set_font(&format!(
                        "bold {:.1}px system-ui, sans-serif",
                        (size * 0.38).max(8.0)
                    ));
                    ctx.fill_text(&n.to_string(), x, ty).ok();
                }
                if let Some(&error) = troubled.get(&hex) {
                    // A mark by shape and colour: ! on red for an error, ? on orange for a warning.
                    hex_path(&ctx, x, y, size * 0.86);
                    ctx.set_stroke_style_str(if error { "#c00000" } else { "#d96c00" });
                    ctx.set_line_width(2.0);
                    ctx.stroke();
                    let (bx, by, r) = (x + size * 0.52, y - size * 0.52, size * 0.2);
                    ctx.begin_path();
                    ctx.arc(bx, by, r.max(5.0), 0.0, 2.0 * PI).ok();
                    ctx.set_fill_style_str(if error { "#c00000" } else { "#a84f00" });
                    ctx.fill();
                    ctx.set_fill_style_str("#ffffff");
                    ctx.set_font(&format!(
                        "bold {:.1}px system-ui, sans-serif",
                        (r * 1.6).max(8.0)
                    ));
                    ctx.fill_text(if error { "!" } else { "?" }, bx, by).ok();
                }
            }
        }
    }
    if let Some(hl) = e.highlight {
        let (x, y) = g.centre(hl);
        hex_path(&ctx, x, y, size * 1.04);
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width(7.0);
        ctx.stroke();
        ctx.set_stroke_style_str("#c00000");
        ctx.set_line_width(4.0);
        ctx.stroke();
    }
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|a| a.is_same_node(Some(canvas.unchecked_ref())));
    let (x, y) = g.centre(e.cursor);
    hex_path(&ctx, x, y, size * 0.8);
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(if focused { 6.0 } else { 4.0 });
    ctx.stroke();
    ctx.set_stroke_style_str("#000000");
    ctx.set_line_width(if focused { 3.0 } else { 1.5 });
    ctx.stroke();
    Some(g)
}

/// A field kind's swatch: its glyph on its colour (the glyph says it).
pub fn swatch(k: tabula_catan::FieldKind) -> El {
    let (fill, ink) = colours(k);
    el("span")
        .class("kind-swatch")
        .attr("aria-hidden", "true")
        .style("background", fill)
        .style("color", ink)
        .text(&words::glyph(k))
}
