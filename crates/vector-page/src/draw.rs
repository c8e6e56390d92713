//! Draws a game of Vector: the 21×21 squares with their signs (points in
//! green or red with their number, pushes as an arrow and a number, lost
//! turns as ⊘ with the seat's letter, yellow squares starred), the four
//! goals outside the middle three squares of each edge with their seat's
//! letter, the piece, and the last round's travel: each move an arrow in
//! the seat's colour labelled with its letter, a push dashed, a
//! relocation dotted. It holds no rules: it draws what the state holds.

use std::f64::consts::PI;

use tabula_vector::state::{Cause, Segment};
use tabula_vector::{Pos, Square, Vector};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use crate::signs::{SEAT_COLOURS, shown_letter, square_sign};

/// Squares across the board.
pub const SIDE: i8 = 21;

/// Where the board's squares are on the canvas.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// A square's side in CSS pixels.
    pub cell: f64,
}

impl Layout {
    /// The centre of square `p` (one square of margin round the board).
    pub fn centre(&self, p: Pos) -> (f64, f64) {
        (
            (f64::from(p.col) + 1.5) * self.cell,
            (f64::from(p.row) + 1.5) * self.cell,
        )
    }

    /// The square under (x, y), if on the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Pos> {
        let col = (x / self.cell - 1.0).floor();
        let row = (y / self.cell - 1.0).floor();
        let inside = (0.0..f64::from(SIDE)).contains(&col) && (0.0..f64::from(SIDE)).contains(&row);
        inside.then_some(Pos {
            row: row as i8,
            col: col as i8,
        })
    }
}

fn font(ctx: &Ctx, px: f64, bold: bool) {
    ctx.set_font(&format!(
        "{}{:.1}px system-ui, sans-serif",
        if bold { "bold " } else { "" },
        px.max(6.0)
    ));
}

/// Draw the game `width` pixels wide (and as high); the layout.
pub fn draw(canvas: &HtmlCanvasElement, game: &Vector, width: f64) -> Option<Layout> {
    let (ctx, layout) = board(canvas, width, &|p| game.board.at(p))?;
    // The last round's travel.
    for s in &game.segments {
        travel(&ctx, &layout, s);
    }
    // The piece: a black disc in a white ring.
    let c = layout.cell;
    let (px, py) = layout.centre(game.pos);
    ctx.begin_path();
    ctx.arc(px, py, c * 0.36, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#111111");
    ctx.fill();
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(3.0);
    ctx.stroke();
    Some(layout)
}

/// Draw a board being edited: its squares, the keyboard's cursor (a
/// dashed frame) and, above both, the squares with a problem: a thick
/// dark red outline and a white "!" on a dark red disc ringed in white in
/// the square's upper right corner (not colour alone; clear on every
/// square's own colour and drawn over the cursor's frame).
pub fn draw_draft(
    canvas: &HtmlCanvasElement,
    at: &dyn Fn(Pos) -> Square,
    width: f64,
    flawed: &[Pos],
    cursor: Option<Pos>,
) -> Option<Layout> {
    let (ctx, layout) = board(canvas, width, at)?;
    let c = layout.cell;
    if let Some(p) = cursor {
        cursor_frame(&ctx, &layout, p);
    }
    for p in flawed {
        let (x, y) = layout.centre(*p);
        ctx.set_stroke_style_str(FLAW_INK);
        ctx.set_line_width(3.0);
        ctx.stroke_rect(x - c / 2.0 + 1.5, y - c / 2.0 + 1.5, c - 3.0, c - 3.0);
        problem_badge(
            &ctx,
            x + c * FLAW_BADGE.0,
            y + c * FLAW_BADGE.1,
            c * FLAW_BADGE.2,
        );
    }
    Some(layout)
}

/// The keyboard's cursor on square `p`: a dashed frame round it.
fn cursor_frame(ctx: &Ctx, layout: &Layout, p: Pos) {
    let c = layout.cell;
    let (x, y) = layout.centre(p);
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(2.0);
    ctx.set_line_dash(&js_sys::Array::of2(&3.0.into(), &3.0.into()))
        .ok();
    ctx.stroke_rect(x - c / 2.0 - 1.0, y - c / 2.0 - 1.0, c + 2.0, c + 2.0);
    ctx.set_line_dash(&js_sys::Array::new()).ok();
}

/// The keyboard's cursor drawn over a board already drawn with `layout`.
pub fn draw_cursor(canvas: &HtmlCanvasElement, layout: &Layout, p: Pos) {
    if let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<Ctx>().ok())
    {
        cursor_frame(&ctx, layout, p);
    }
}

/// The colour of a problem's outline and badge.
const FLAW_INK: &str = "#a00000";

/// Where a problem's badge sits on its square, from the square's centre,
/// and its radius, all in squares.
pub const FLAW_BADGE: (f64, f64, f64) = (0.27, -0.27, 0.3);

/// A problem's badge: a white "!" on a dark red disc ringed in white.
fn problem_badge(ctx: &Ctx, x: f64, y: f64, r: f64) {
    ctx.begin_path();
    ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str(FLAW_INK);
    ctx.fill();
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(1.5);
    ctx.stroke();
    ctx.set_fill_style_str("#ffffff");
    font(ctx, r * 1.6, true);
    ctx.fill_text("!", x, y + r * 0.08).ok();
}

/// The goals and squares of a board; the context and layout to draw on.
/// How many cells a drawn board is across: the squares and the goals'
/// marks on either side (a cell is the board's width over this).
pub const CELLS_ACROSS: f64 = (SIDE + 2) as f64;

fn board(
    canvas: &HtmlCanvasElement,
    width: f64,
    at: &dyn Fn(Pos) -> Square,
) -> Option<(Ctx, Layout)> {
    let layout = Layout {
        cell: width / CELLS_ACROSS,
    };
    let c = layout.cell;
    let ctx = tabula_page_kit::dom::sized_context(canvas, width, width)?;
    ctx.set_fill_style_str("#e9e4d8");
    ctx.fill_rect(0.0, 0.0, width, width);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    // The goals: the middle three squares of each edge, marked outside.
    for seat in 0..4u8 {
        let (fill, ink) = SEAT_COLOURS[seat as usize];
        let (x, y, w, h) = match seat {
            0 => (c * 10.0, 0.0, c * 3.0, c),
            1 => (c * 22.0, c * 10.0, c, c * 3.0),
            2 => (c * 10.0, c * 22.0, c * 3.0, c),
            _ => (0.0, c * 10.0, c, c * 3.0),
        };
        ctx.set_fill_style_str(fill);
        ctx.fill_rect(x, y, w, h);
        ctx.set_fill_style_str(ink);
        font(&ctx, c * 0.7, true);
        ctx.fill_text(&shown_letter(seat), x + w / 2.0, y + h / 2.0)
            .ok();
    }
    // The squares.
    for row in 0..SIDE {
        for col in 0..SIDE {
            let p = Pos { row, col };
            let sq = at(p);
            let (x, y) = ((f64::from(col) + 1.0) * c, (f64::from(row) + 1.0) * c);
            let fill = match sq {
                Square::Blank => "#fbfaf6",
                Square::Points { value, .. } if value >= 0 => "#c8e6c9",
                Square::Points { .. } => "#ffcdd2",
                Square::NoTurn(_) => "#b0b0b0",
                Square::Move { .. } => "#bbdefb",
            };
            ctx.set_fill_style_str(fill);
            ctx.fill_rect(x, y, c, c);
            ctx.set_stroke_style_str("#c9c2b2");
            ctx.set_line_width(0.5);
            ctx.stroke_rect(x, y, c, c);
            if let Square::Points { yellow: true, .. } = sq {
                ctx.set_stroke_style_str("#d4a000");
                ctx.set_line_width(2.0);
                ctx.stroke_rect(x + 1.5, y + 1.5, c - 3.0, c - 3.0);
            }
            let (sign, note) = square_sign(sq);
            if !sign.is_empty() {
                ctx.set_fill_style_str("#111111");
                font(&ctx, c * 0.42, true);
                let dy = if note.is_empty() { 0.0 } else { -c * 0.14 };
                ctx.fill_text(&sign, x + c / 2.0, y + c / 2.0 + dy).ok();
                if !note.is_empty() {
                    font(&ctx, c * 0.3, false);
                    ctx.fill_text(&note, x + c / 2.0, y + c * 0.78).ok();
                }
            }
        }
    }
    // The middle square.
    let (mx, my) = layout.centre(Pos { row: 10, col: 10 });
    ctx.set_stroke_style_str("#7a7468");
    ctx.set_line_width(1.0);
    ctx.stroke_rect(mx - c / 2.0 + 2.0, my - c / 2.0 + 2.0, c - 4.0, c - 4.0);
    Some((ctx, layout))
}

/// One stretch of travel: an arrow in the mover's colour with its letter;
/// a push dashed, a relocation dotted (a jump, not a path).
fn travel(ctx: &Ctx, layout: &Layout, s: &Segment) {
    let (fill, ink) = SEAT_COLOURS[s.seat as usize % 4];
    let (ax, ay) = layout.centre(s.from);
    let (bx, by) = layout.centre(s.to);
    let c = layout.cell;
    if (ax - bx).abs() < 0.5 && (ay - by).abs() < 0.5 {
        return;
    }
    let dash = match s.cause {
        Cause::Card => js_sys::Array::new(),
        Cause::Push => js_sys::Array::of2(&(c * 0.4).into(), &(c * 0.25).into()),
        Cause::Relocation => js_sys::Array::of2(&(c * 0.1).into(), &(c * 0.25).into()),
    };
    ctx.set_line_cap("round");
    ctx.set_line_dash(&dash).ok();
    for (colour, w) in [("#111111", c * 0.28), (fill, c * 0.16)] {
        ctx.begin_path();
        ctx.move_to(ax, ay);
        ctx.line_to(bx, by);
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(w);
        ctx.stroke();
    }
    ctx.set_line_dash(&js_sys::Array::new()).ok();
    ctx.set_line_cap("butt");
    // The head.
    let angle = (by - ay).atan2(bx - ax);
    let head = c * 0.5;
    ctx.begin_path();
    ctx.move_to(bx, by);
    ctx.line_to(
        bx - head * (angle - 0.45).cos(),
        by - head * (angle - 0.45).sin(),
    );
    ctx.line_to(
        bx - head * (angle + 0.45).cos(),
        by - head * (angle + 0.45).sin(),
    );
    ctx.close_path();
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(1.0);
    ctx.stroke();
    // The seat's letter at the middle.
    let (lx, ly) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    ctx.begin_path();
    ctx.arc(lx, ly, c * 0.3, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str("#111111");
    ctx.stroke();
    ctx.set_fill_style_str(ink);
    font(ctx, c * 0.36, true);
    ctx.fill_text(&shown_letter(s.seat), lx, ly).ok();
}
