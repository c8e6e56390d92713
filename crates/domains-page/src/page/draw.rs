//! Drawing on the page's canvases: the board of one frame (with a
//! person's selection, legal targets and planned orders on top), and the
//! points of every seat over the rounds.

use tabula_page_kit::dom::sized_context;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::frames::{Film, Frame};
use tabula_page_kit::chart::{Area, DASHES, Line, draw_line, draw_mark};

use crate::look::{COLOURS, PAINT, Standing, ZONE, look};

/// What is drawn over the board while a person gives orders.
#[derive(Default)]
pub struct Marks {
    /// The selected unit's square.
    pub selected: Option<usize>,
    /// Squares the selected unit may act on.
    pub targets: Vec<usize>,
    /// Planned orders: from, to, whether an attack.
    pub planned: Vec<(usize, usize, bool)>,
    /// The keyboard's square.
    pub cursor: Option<usize>,
}

/// The side of a square in CSS pixels for a board of `cols` columns. A
/// board a person plays on by finger (`tapped`) is drawn larger on a touch
/// screen, until every square is 24 px (`touch::board_width`), and pans in
/// its box.
pub fn cell_size(cols: usize, rows: usize, tapped: bool) -> f64 {
    let width = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .unwrap_or(1024.0);
    let room = (width - 40.0).min(640.0);
    let n = cols.max(rows).max(1) as f64;
    let fit = (room / n).floor().clamp(6.0, 30.0);
    if tapped {
        (tabula_page_kit::touch::board_width(fit * n, fit) / n).floor()
    } else {
        fit
    }
}

/// The middle of seat `seat`'s units on `frame` (of `cols` columns,
/// squares `s` px): where a panned board first shows (`touch::pan_to`),
/// so that the person sees their own units; `None` when it has none.
pub fn units_middle(
    frame: &Frame,
    cols: usize,
    rows: usize,
    seat: u8,
    s: f64,
) -> Option<(f64, f64)> {
    let mine: Vec<(usize, usize)> = (0..rows * cols)
        .filter(|&i| {
            let (sq, un) = frame.cell(i);
            matches!(look(sq, un).thing, Standing::Unit(p, _) if p == seat)
        })
        .map(|i| (i / cols, i % cols))
        .collect();
    let (r0, r1) = (
        mine.iter().map(|m| m.0).min()?,
        mine.iter().map(|m| m.0).max()?,
    );
    let (c0, c1) = (
        mine.iter().map(|m| m.1).min()?,
        mine.iter().map(|m| m.1).max()?,
    );
    let middle = |a: usize, b: usize| (a + b + 1) as f64 / 2.0 * s;
    Some((middle(c0, c1), middle(r0, r1)))
}

/// Draw a frame.
/// `tapped`: a person plays on it by finger (see [`cell_size`]).
pub fn draw_board(
    canvas: &HtmlCanvasElement,
    film: &Film,
    frame: &Frame,
    marks: &Marks,
    tapped: bool,
) {
    let (rows, cols) = (film.rows, film.cols);
    let s = cell_size(cols, rows, tapped);
    let Some(ctx) = sized_context(canvas, s * cols as f64, s * rows as f64) else {
        return;
    };
    canvas.set_attribute("data-cell", &s.to_string()).ok();
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, s * cols as f64, s * rows as f64);
    for i in 0..rows * cols {
        let (x, y) = ((i % cols) as f64 * s, (i / cols) as f64 * s);
        let (sq, un) = frame.cell(i);
        let l = look(sq, un);
        if let Some(p) = l.paint {
            let table = if l.zone { &ZONE } else { &PAINT };
            ctx.set_fill_style_str(table[p as usize % 4]);
            ctx.fill_rect(x, y, s, s);
        }
        if let Some(d) = l.drawing {
            ctx.set_fill_style_str(COLOURS[d as usize % 4]);
            let m = s * 0.3;
            ctx.fill_rect(x + m, y + m, s - 2.0 * m, s - 2.0 * m);
        }
        thing(&ctx, l.thing, x, y, s, frame.energy_at(i));
    }
    if s >= 8.0 {
        ctx.set_stroke_style_str("rgba(0,0,0,0.07)");
        ctx.set_line_width(1.0);
        ctx.begin_path();
        for c in 0..=cols {
            ctx.move_to(c as f64 * s + 0.5, 0.0);
            ctx.line_to(c as f64 * s + 0.5, rows as f64 * s);
        }
        for r in 0..=rows {
            ctx.move_to(0.0, r as f64 * s + 0.5);
            ctx.line_to(cols as f64 * s, r as f64 * s + 0.5);
        }
        ctx.stroke();
    }
    draw_marks(&ctx, marks, cols, s);
}

/// The path of a seat's unit: a circle, a square, a hexagon or a
/// triangle (seats 1 to 4), so units differ by shape as well as colour.
fn seat_shape(ctx: &CanvasRenderingContext2d, seat: u8, cx: f64, cy: f64, r: f64) {
    let tau = std::f64::consts::TAU;
    ctx.begin_path();
    let polygon = |corners: usize, turn: f64, radius: f64| {
        for k in 0..corners {
            let a = turn + tau * k as f64 / corners as f64;
            let (x, y) = (cx + radius * a.cos(), cy + radius * a.sin());
            if k == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.close_path();
    };
    match seat % 4 {
        0 => {
            ctx.arc(cx, cy, r, 0.0, tau).ok();
        }
        1 => ctx.rect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8),
        2 => polygon(6, 0.0, r * 1.05),
        _ => polygon(3, -tau / 4.0, r * 1.2),
    }
}

fn thing(ctx: &CanvasRenderingContext2d, t: Standing, x: f64, y: f64, s: f64, energy: Option<u8>) {
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    let tau = std::f64::consts::TAU;
    match t {
        Standing::Nothing => {}
        Standing::Unit(p, upgraded) => {
            seat_shape(ctx, p, cx, cy, s * 0.45);
            ctx.set_fill_style_str(COLOURS[p as usize % 4]);
            ctx.fill();
            ctx.set_line_width(if upgraded { 2.5 } else { 1.0 });
            ctx.set_stroke_style_str(if upgraded { "#ffd400" } else { "#111" });
            ctx.stroke();
            if let Some(e) = energy
                && s >= 11.0
            {
                tabula_page_kit::canvas::label(
                    ctx,
                    &e.to_string(),
                    cx,
                    cy + 0.5,
                    (s * 0.6).floor(),
                    "#fff",
                );
            }
        }
        Standing::Bubble(p) => {
            ctx.begin_path();
            ctx.arc(cx, cy, s * 0.38, 0.0, tau).ok();
            ctx.set_fill_style_str("rgba(255,255,255,0.8)");
            ctx.fill();
            ctx.set_line_width((s * 0.15).max(1.5));
            ctx.set_stroke_style_str(COLOURS[p as usize % 4]);
            ctx.stroke();
        }
        Standing::Bonus => {
            ctx.begin_path();
            ctx.move_to(cx, y + s * 0.1);
            ctx.line_to(x + s * 0.9, cy);
            ctx.line_to(cx, y + s * 0.9);
            ctx.line_to(x + s * 0.1, cy);
            ctx.close_path();
            ctx.set_fill_style_str("#ffcc00");
            ctx.fill();
            ctx.set_line_width(1.0);
            ctx.set_stroke_style_str("#7a5c00");
            ctx.stroke();
        }
    }
}

fn draw_marks(ctx: &CanvasRenderingContext2d, marks: &Marks, cols: usize, s: f64) {
    let centre = |i: usize| {
        (
            (i % cols) as f64 * s + s / 2.0,
            (i / cols) as f64 * s + s / 2.0,
        )
    };
    ctx.set_line_width(2.0);
    for &t in &marks.targets {
        let (x, y) = centre(t);
        ctx.set_stroke_style_str("#0050c8");
        ctx.stroke_rect(x - s / 2.0 + 1.0, y - s / 2.0 + 1.0, s - 2.0, s - 2.0);
    }
    if let Some(sel) = marks.selected {
        let (x, y) = centre(sel);
        ctx.set_line_width(3.0);
        ctx.set_stroke_style_str("#000");
        ctx.stroke_rect(x - s / 2.0, y - s / 2.0, s, s);
    }
    if let Some(c) = marks.cursor {
        // A dashed frame, black inside white: seen on every paint.
        let (x, y) = centre(c);
        ctx.set_line_width(2.0);
        for (colour, inset) in [("#fff", 2.5), ("#000", 1.0)] {
            let half = s / 2.0 - inset;
            ctx.set_stroke_style_str(colour);
            let dash = js_sys::Array::of2(&4.0.into(), &3.0.into());
            ctx.set_line_dash(&dash).ok();
            ctx.stroke_rect(x - half, y - half, 2.0 * half, 2.0 * half);
        }
        ctx.set_line_dash(&js_sys::Array::new()).ok();
    }
    for &(from, to, attack) in &marks.planned {
        let (a, b) = (centre(from), centre(to));
        ctx.set_line_width(3.0);
        ctx.set_stroke_style_str(if attack { "#d00000" } else { "#111" });
        ctx.begin_path();
        ctx.move_to(a.0, a.1);
        ctx.line_to(b.0, b.1);
        ctx.stroke();
        ctx.begin_path();
        ctx.arc(b.0, b.1, 3.0, 0.0, std::f64::consts::TAU).ok();
        ctx.set_fill_style_str(if attack { "#d00000" } else { "#111" });
        ctx.fill();
    }
}

/// Draw every seat's points over the rounds, with a mark at the round
/// shown.
pub fn draw_chart(canvas: &HtmlCanvasElement, film: &Film, pos: usize) {
    let width = canvas
        .parent_element()
        .map(|p| p.client_width() as f64 - 2.0)
        .unwrap_or(300.0)
        .clamp(160.0, 420.0);
    let height = 130.0;
    let Some(ctx) = sized_context(canvas, width, height) else {
        return;
    };
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, width, height);
    let area = Area {
        left: 4.0,
        top: 4.0,
        right: width - 4.0,
        bottom: height - 4.0,
    };
    let rounds = film.rounds as usize;
    let top = film.top_points() as f64;
    for seat in 0..film.names.len() {
        let values: Vec<f64> = film
            .frames
            .iter()
            .map(|f| f.points.get(seat).copied().unwrap_or(0) as f64)
            .collect();
        let line = Line {
            colour: COLOURS[seat % 4],
            width: 2.0,
            dash: DASHES[seat % 4].0,
            values: &values,
        };
        draw_line(&ctx, &area, rounds, top, &line);
    }
    draw_mark(&ctx, area.x_of(pos, rounds), 0.0, height, "rgba(0,0,0,0.5)");
}
