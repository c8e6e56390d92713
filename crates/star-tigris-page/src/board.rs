//! The board renderer: draws what it is given on a canvas. It holds no
//! rules: legal targets, regions and conflict support come from the engine.

use std::f64::consts::PI;

use tabula_star_tigris::view::CellView;
use tabula_star_tigris::{Kind, Pos};
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::palette::{SEAT_COLOURS, kind_colour};

/// Where the board's cells are on the canvas, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Side of a cell.
    pub cell: f64,
    /// Left edge of column A.
    pub ox: f64,
    /// Top edge of row 1.
    pub oy: f64,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Canvas width.
    pub width: f64,
    /// Canvas height.
    pub height: f64,
}

impl Geometry {
    /// The largest board of `cols` × `rows` cells (plus a margin for the
    /// coordinates) that fits `avail_w` × `avail_h`.
    pub fn fit(cols: usize, rows: usize, avail_w: f64, avail_h: f64) -> Geometry {
        let margin_cells = 0.8;
        let cell = (avail_w / (cols as f64 + margin_cells))
            .min(avail_h / (rows as f64 + margin_cells))
            .clamp(14.0, 96.0)
            .floor();
        let ox = (cell * margin_cells).round();
        let oy = ox;
        Geometry {
            cell,
            ox,
            oy,
            cols,
            rows,
            width: ox + cell * cols as f64 + 4.0,
            height: oy + cell * rows as f64 + 4.0,
        }
    }

    /// The cell under a point, if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Pos> {
        let c = ((x - self.ox) / self.cell).floor();
        let r = ((y - self.oy) / self.cell).floor();
        (c >= 0.0 && r >= 0.0 && (c as usize) < self.cols && (r as usize) < self.rows)
            .then(|| Pos::new(r as u8, c as u8))
    }

    /// The top-left corner of a cell.
    pub fn corner(&self, p: Pos) -> (f64, f64) {
        (
            self.ox + p.col as f64 * self.cell,
            self.oy + p.row as f64 * self.cell,
        )
    }
}

/// Region outlines and the leaders ruling each region, for the regions view.
pub struct RegionOverlay {
    /// Each cell's region label, if any.
    pub labels: Vec<Option<u16>>,
    /// For each region with a leader, the cell its tag goes on and its
    /// leaders (owner, kind).
    pub rulers: Vec<(Pos, Vec<(u8, Kind)>)>,
}

/// Everything to draw.
pub struct Picture<'a> {
    /// The cells as the viewing seat sees them, row by row.
    pub cells: &'a [CellView],
    /// The regions view, when switched on.
    pub regions: Option<&'a RegionOverlay>,
    /// Cells where the selected piece may go.
    pub targets: &'a [Pos],
    /// The keyboard cursor.
    pub cursor: Option<Pos>,
    /// The cell under the pointer.
    pub hover: Option<Pos>,
    /// Cells behind the attacker's strength in the conflict being fought.
    pub attack: &'a [Pos],
    /// Cells behind the defender's strength.
    pub defend: &'a [Pos],
    /// Cells a map problem names (the editor).
    pub flagged: &'a [Pos],
    /// The problem cell the designer picked (the editor).
    pub highlight: Option<Pos>,
    /// Cells a lesson points at.
    pub marked: &'a [Pos],
    /// Cells the last seat to act changed (for everyone else to see).
    pub recent: &'a [Pos],
    /// Cells the viewer's own sealed orders name, in order (simultaneous
    /// variant; only on the viewer's own screen).
    pub planned: &'a [Pos],
    /// Pieces that left the board since the viewer's last order, with
    /// what stood on each cell: drawn faded and crossed out.
    pub lost: &'a [(Pos, CellView)],
}

impl<'a> Picture<'a> {
    /// Just the cells: no overlay, target, cursor or mark.
    pub fn cells(cells: &'a [CellView]) -> Picture<'a> {
        Picture {
            cells,
            regions: None,
            targets: &[],
            cursor: None,
            hover: None,
            attack: &[],
            defend: &[],
            flagged: &[],
            highlight: None,
            marked: &[],
            recent: &[],
            planned: &[],
            lost: &[],
        }
    }
}

const OPEN: &str = "#eef2f7";
const UNINHABITABLE: &str = "#d8c7a0";
const DESTROYED: &str = "#4a4a4a";
const GRID: &str = "#b8c2cf";
const GOLD: &str = "#f5c400";
const PROBLEM: &str = "#d00000";
const MARK: &str = "#008c7a";
/// Corner brackets on the cells the last orders changed.
pub const RECENT: &str = "#5a1a8c";

/// Draw the board.
pub fn draw(ctx: &Ctx, g: &Geometry, pic: &Picture) {
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, g.width, g.height);
    draw_coordinates(ctx, g);
    let s = g.cell;
    for r in 0..g.rows {
        for c in 0..g.cols {
            let p = Pos::new(r as u8, c as u8);
            let cell = pic.cells[r * g.cols + c];
            let (x, y) = g.corner(p);
            draw_cell(ctx, x, y, s, &cell);
        }
    }
    // Conflict support, then targets, hover and cursor on top. The two
    // sides differ in shape, not only in hue, and each mark has a white
    // halo so it shows on every cell: the attacker's cells a dashed frame
    // with a triangle in the corner, the defender's a solid frame with a
    // round dot.
    for &p in pic.attack {
        let (x, y) = g.corner(p);
        support_frame(ctx, x, y, s, ATTACK, true);
    }
    for &p in pic.defend {
        // Inside the attacker's frame, so a cell behind both shows both.
        let (x, y) = g.corner(p);
        support_frame(ctx, x, y, s, DEFEND, false);
    }
    // Badges last, so neither frame hides the other's.
    for &p in pic.attack {
        let (x, y) = g.corner(p);
        let (bx, by, r) = (x + s * 0.2, y + s * 0.2, (s * 0.13).max(4.0));
        ctx.begin_path();
        ctx.move_to(bx, by - r);
        ctx.line_to(bx + r, by + r * 0.8);
        ctx.line_to(bx - r, by + r * 0.8);
        ctx.close_path();
        badge(ctx, ATTACK);
    }
    for &p in pic.defend {
        let (x, y) = g.corner(p);
        ctx.begin_path();
        ctx.arc(x + s * 0.2, y + s * 0.8, (s * 0.1).max(3.5), 0.0, 2.0 * PI)
            .ok();
        badge(ctx, DEFEND);
    }
    for &p in pic.recent {
        // Corner brackets, dark on a white edge: "this just changed".
        let (x, y) = g.corner(p);
        let l = s * 0.3;
        for (colour, width) in [
            ("#ffffff", (s * 0.12).max(5.0)),
            (RECENT, (s * 0.06).max(2.5)),
        ] {
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(width);
            ctx.begin_path();
            for (cx, cy, dx, dy) in [
                (x + 2.0, y + 2.0, 1.0, 1.0),
                (x + s - 2.0, y + 2.0, -1.0, 1.0),
                (x + 2.0, y + s - 2.0, 1.0, -1.0),
                (x + s - 2.0, y + s - 2.0, -1.0, -1.0),
            ] {
                ctx.move_to(cx + dx * l, cy);
                ctx.line_to(cx, cy);
                ctx.line_to(cx, cy + dy * l);
            }
            ctx.stroke();
        }
    }
    for (p, was) in pic.lost {
        let (x, y) = g.corner(*p);
        lost_piece(ctx, x, y, s, was);
    }
    for &p in pic.targets {
        let (x, y) = g.corner(p);
        ctx.set_fill_style_str("rgba(255, 200, 0, 0.35)");
        ctx.fill_rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0);
        ctx.set_stroke_style_str("#b38600");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(x + 2.0, y + 2.0, s - 4.0, s - 4.0);
    }
    if let Some(regions) = pic.regions {
        draw_regions(ctx, g, regions);
    }
    for &p in pic.marked {
        let (x, y) = g.corner(p);
        ctx.set_stroke_style_str("rgba(0, 160, 140, 0.35)");
        ctx.set_line_width((s * 0.22).max(5.0));
        ctx.stroke_rect(x + s * 0.11, y + s * 0.11, s * 0.78, s * 0.78);
        ctx.set_stroke_style_str(MARK);
        ctx.set_line_width((s * 0.07).max(2.5));
        ctx.stroke_rect(x + s * 0.06, y + s * 0.06, s * 0.88, s * 0.88);
    }
    for (n, &p) in pic.planned.iter().enumerate() {
        // A dashed ring with the order's number: where this seat's orders
        // will act once carried out.
        let (x, y) = g.corner(p);
        let (cx, cy) = (x + s * 0.5, y + s * 0.5);
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width((s * 0.1).max(3.0));
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.36, 0.0, 2.0 * PI).ok();
        ctx.stroke();
        ctx.set_stroke_style_str(RECENT);
        ctx.set_line_width((s * 0.06).max(2.0));
        ctx.set_line_dash(&js_sys::Array::of2(&(s * 0.09).into(), &(s * 0.06).into()))
            .ok();
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.36, 0.0, 2.0 * PI).ok();
        ctx.stroke();
        ctx.set_line_dash(&js_sys::Array::new()).ok();
        tabula_page_kit::canvas::label(
            ctx,
            &(n + 1).to_string(),
            x + s * 0.8,
            y + s * 0.8,
            s * 0.26,
            RECENT,
        );
    }
    if let Some(p) = pic.highlight {
        let (x, y) = g.corner(p);
        ctx.set_stroke_style_str(PROBLEM);
        ctx.set_line_width((s * 0.12).max(3.0));
        ctx.stroke_rect(x - 2.0, y - 2.0, s + 4.0, s + 4.0);
    }
    if let Some(p) = pic.hover {
        let (x, y) = g.corner(p);
        ctx.set_stroke_style_str("#222");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0);
    }
    if let Some(p) = pic.cursor {
        let (x, y) = g.corner(p);
        ctx.set_stroke_style_str("#0050c8");
        ctx.set_line_width(3.0);
        ctx.stroke_rect(x + 1.5, y + 1.5, s - 3.0, s - 3.0);
    }
    // Last, above the cursor and every other mark: a warning sign on each
    // cell a problem names.
    for &p in pic.flagged {
        let (x, y) = g.corner(p);
        warning_sign(ctx, x, y, s);
    }
}

/// The ink of a lost piece's cross.
pub const LOST: &str = "#7a0000";

/// A piece that left the board from the cell at (x, y): the colony and
/// leader that stood there, faded, under a dark red cross with a white
/// edge (the legend says what it means).
fn lost_piece(ctx: &Ctx, x: f64, y: f64, s: f64, was: &CellView) {
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    ctx.set_global_alpha(0.45);
    if let Some(k) = was.colony {
        ctx.set_fill_style_str(kind_colour(k));
        ctx.fill_rect(x + s * 0.12, y + s * 0.12, s * 0.76, s * 0.76);
        glyph(ctx, k, cx, cy, s * 0.24, "#ffffff");
    }
    if let Some((owner, k)) = was.leader {
        ctx.set_fill_style_str(SEAT_COLOURS[owner as usize % 4]);
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.36, 0.0, 2.0 * PI).ok();
        ctx.fill();
        glyph(ctx, k, cx, cy, s * 0.18, "#1b1b1b");
    }
    ctx.set_global_alpha(1.0);
    ctx.set_line_cap("round");
    for (colour, width) in [
        ("#ffffff", (s * 0.16).max(5.0)),
        (LOST, (s * 0.08).max(2.5)),
    ] {
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(width);
        ctx.begin_path();
        ctx.move_to(x + s * 0.22, y + s * 0.22);
        ctx.line_to(x + s * 0.78, y + s * 0.78);
        ctx.move_to(x + s * 0.78, y + s * 0.22);
        ctx.line_to(x + s * 0.22, y + s * 0.78);
        ctx.stroke();
    }
    ctx.set_line_cap("butt");
}

/// Where a problem's warning sign sits in its cell: the middle of its
/// base and its height, in cells from the cell's top left corner.
pub const WARNING_SIGN: (f64, f64, f64) = (0.3, 0.5, 0.42);

/// A problem's warning sign in the cell at (x, y): a yellow triangle with
/// a black edge and a black "!", on a white halo, so it shows on every
/// colony's and space's colour.
fn warning_sign(ctx: &Ctx, x: f64, y: f64, s: f64) {
    let (bx, by, h) = (
        x + s * WARNING_SIGN.0,
        y + s * WARNING_SIGN.1,
        (s * WARNING_SIGN.2).max(12.0),
    );
    let half = h * 0.6;
    ctx.begin_path();
    ctx.move_to(bx, by - h);
    ctx.line_to(bx + half, by);
    ctx.line_to(bx - half, by);
    ctx.close_path();
    ctx.set_line_join("round");
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width((s * 0.1).max(4.0));
    ctx.stroke();
    ctx.set_fill_style_str(WARNING_FILL);
    ctx.fill();
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width((s * 0.04).max(1.5));
    ctx.stroke();
    ctx.set_line_join("miter");
    tabula_page_kit::canvas::label(ctx, "!", bx, by - h * 0.36, h * 0.62, "#111111");
}

/// The fill of a problem's warning sign.
pub const WARNING_FILL: &str = "#ffd400";

/// The attacker's colour in a conflict (dashed frames, triangles).
pub const ATTACK: &str = "#a00000";
/// The defender's colour in a conflict (solid frames, dots).
pub const DEFEND: &str = "#0b3d91";

/// A frame inside a cell behind a side's strength: white underneath, the
/// side's colour on top, dashed for the attacker.
fn support_frame(ctx: &Ctx, x: f64, y: f64, s: f64, colour: &str, dashed: bool) {
    let w = (s * 0.09).max(2.5);
    // The attacker's frame near the cell's edge, the defender's inside it.
    let inset = if dashed { 0.1 } else { 0.2 };
    let side = 1.0 - 2.0 * inset;
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(w + 6.0);
    ctx.stroke_rect(x + s * inset, y + s * inset, s * side, s * side);
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(w);
    if dashed {
        ctx.set_line_dash(&js_sys::Array::of2(&(s * 0.14).into(), &(s * 0.09).into()))
            .ok();
    }
    ctx.stroke_rect(x + s * inset, y + s * inset, s * side, s * side);
    ctx.set_line_dash(&js_sys::Array::new()).ok();
}

/// Fill the path just made in a side's colour, ringed in white.
fn badge(ctx: &Ctx, colour: &str) {
    ctx.set_fill_style_str(colour);
    ctx.fill();
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(2.0);
    ctx.stroke();
}

fn draw_coordinates(ctx: &Ctx, g: &Geometry) {
    let size = (g.ox * 0.5).clamp(9.0, 16.0);
    tabula_page_kit::canvas::centred_text(ctx, size, false, "#555");
    for c in 0..g.cols {
        let name = tabula_star_tigris::pos::column_name(c as u8);
        ctx.fill_text(&name, g.ox + (c as f64 + 0.5) * g.cell, g.oy * 0.5)
            .ok();
    }
    for r in 0..g.rows {
        ctx.fill_text(
            &(r + 1).to_string(),
            g.ox * 0.5,
            g.oy + (r as f64 + 0.5) * g.cell,
        )
        .ok();
    }
}

fn draw_cell(ctx: &Ctx, x: f64, y: f64, s: f64, cell: &CellView) {
    let bg = if cell.destroyed {
        DESTROYED
    } else if let Some(k) = cell.colony {
        kind_colour(k)
    } else if cell.uninhabitable {
        UNINHABITABLE
    } else {
        OPEN
    };
    ctx.set_fill_style_str(bg);
    ctx.fill_rect(x, y, s, s);
    ctx.set_stroke_style_str(GRID);
    ctx.set_line_width(1.0);
    ctx.stroke_rect(x + 0.5, y + 0.5, s - 1.0, s - 1.0);
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    if cell.uninhabitable && !cell.destroyed && cell.colony.is_none() {
        // Dots mark uninhabitable space, so it reads without colour.
        ctx.set_fill_style_str("#9c8450");
        for (dx, dy) in [
            (0.25, 0.25),
            (0.75, 0.25),
            (0.5, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ] {
            ctx.begin_path();
            ctx.arc(x + s * dx, y + s * dy, (s * 0.045).max(1.2), 0.0, 2.0 * PI)
                .ok();
            ctx.fill();
        }
    }
    if cell.destroyed {
        ctx.set_stroke_style_str("#ff6b6b");
        ctx.set_line_width((s * 0.08).max(2.0));
        ctx.begin_path();
        ctx.move_to(x + s * 0.2, y + s * 0.2);
        ctx.line_to(x + s * 0.8, y + s * 0.8);
        ctx.move_to(x + s * 0.8, y + s * 0.2);
        ctx.line_to(x + s * 0.2, y + s * 0.8);
        ctx.stroke();
    }
    if let Some(k) = cell.colony {
        glyph(ctx, k, cx, cy, s * 0.28, "#ffffff");
    }
    if let Some((owner, k)) = cell.leader {
        let colour = SEAT_COLOURS[owner as usize % 4];
        ctx.set_fill_style_str(colour);
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.42, 0.0, 2.0 * PI).ok();
        ctx.fill();
        ctx.set_stroke_style_str("#1b1b1b");
        ctx.set_line_width((s * 0.05).max(1.5));
        ctx.stroke();
        glyph(ctx, k, cx, cy - s * 0.05, s * 0.2, "#1b1b1b");
        tabula_page_kit::canvas::label(
            ctx,
            &(owner + 1).to_string(),
            cx,
            cy + s * 0.25,
            s * 0.22,
            "#1b1b1b",
        );
    }
    if cell.artifact {
        star(ctx, x + s * 0.78, y + s * 0.22, s * 0.17);
    }
    if cell.held {
        // A colony waiting for its conflicts (simultaneous variant): a
        // dashed frame and a clock face, so it reads without colour.
        ctx.set_stroke_style_str("#1b1b1b");
        ctx.set_line_width((s * 0.06).max(1.5));
        ctx.set_line_dash(&js_sys::Array::of2(&(s * 0.1).into(), &(s * 0.07).into()))
            .ok();
        ctx.stroke_rect(x + s * 0.08, y + s * 0.08, s * 0.84, s * 0.84);
        ctx.set_line_dash(&js_sys::Array::new()).ok();
        tabula_page_kit::canvas::label(ctx, "◷", x + s * 0.24, y + s * 0.24, s * 0.26, "#1b1b1b");
    }
}

/// A kind's glyph: settler a house, scientist a ringed circle, merchant a
/// diamond, mining robot a triangle.
pub fn glyph(ctx: &Ctx, k: Kind, cx: f64, cy: f64, r: f64, colour: &str) {
    ctx.set_fill_style_str(colour);
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width((r * 0.25).max(1.5));
    ctx.begin_path();
    match k {
        Kind::Settler => {
            ctx.move_to(cx - r, cy - r * 0.1);
            ctx.line_to(cx, cy - r);
            ctx.line_to(cx + r, cy - r * 0.1);
            ctx.line_to(cx + r * 0.75, cy - r * 0.1);
            ctx.line_to(cx + r * 0.75, cy + r);
            ctx.line_to(cx - r * 0.75, cy + r);
            ctx.line_to(cx - r * 0.75, cy - r * 0.1);
            ctx.close_path();
            ctx.fill();
        }
        Kind::Scientist => {
            ctx.arc(cx, cy, r * 0.85, 0.0, 2.0 * PI).ok();
            ctx.stroke();
            ctx.begin_path();
            ctx.arc(cx, cy, r * 0.35, 0.0, 2.0 * PI).ok();
            ctx.fill();
        }
        Kind::Merchant => {
            ctx.move_to(cx, cy - r);
            ctx.line_to(cx + r * 0.8, cy);
            ctx.line_to(cx, cy + r);
            ctx.line_to(cx - r * 0.8, cy);
            ctx.close_path();
            ctx.fill();
        }
        Kind::Mining => {
            ctx.move_to(cx, cy - r);
            ctx.line_to(cx + r, cy + r * 0.8);
            ctx.line_to(cx - r, cy + r * 0.8);
            ctx.close_path();
            ctx.fill();
        }
    }
}

fn star(ctx: &Ctx, cx: f64, cy: f64, r: f64) {
    ctx.set_fill_style_str(GOLD);
    ctx.set_stroke_style_str("#6b5200");
    ctx.set_line_width(1.0);
    ctx.begin_path();
    for i in 0..10 {
        let a = -PI / 2.0 + i as f64 * PI / 5.0;
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        let (px, py) = (cx + rr * a.cos(), cy + rr * a.sin());
        if i == 0 {
            ctx.move_to(px, py);
        } else {
            ctx.line_to(px, py);
        }
    }
    ctx.close_path();
    ctx.fill();
    ctx.stroke();
}

fn draw_regions(ctx: &Ctx, g: &Geometry, o: &RegionOverlay) {
    let s = g.cell;
    ctx.set_stroke_style_str("#111");
    ctx.set_line_width((s * 0.09).max(2.5));
    let label = |r: usize, c: usize| o.labels[r * g.cols + c];
    for r in 0..g.rows {
        for c in 0..g.cols {
            let Some(l) = label(r, c) else { continue };
            let (x, y) = g.corner(Pos::new(r as u8, c as u8));
            let edges = [
                (r == 0 || label(r - 1, c) != Some(l), (x, y), (x + s, y)),
                (
                    r + 1 == g.rows || label(r + 1, c) != Some(l),
                    (x, y + s),
                    (x + s, y + s),
                ),
                (c == 0 || label(r, c - 1) != Some(l), (x, y), (x, y + s)),
                (
                    c + 1 == g.cols || label(r, c + 1) != Some(l),
                    (x + s, y),
                    (x + s, y + s),
                ),
            ];
            for (edge, a, b) in edges {
                if edge {
                    ctx.begin_path();
                    ctx.move_to(a.0, a.1);
                    ctx.line_to(b.0, b.1);
                    ctx.stroke();
                }
            }
        }
    }
    // A tag with the leaders that rule each region, on the cell chosen
    // so it covers no piece; two leaders a row, so it fits its cell.
    for (p, rulers) in &o.rulers {
        if rulers.is_empty() {
            continue;
        }
        let (x, y) = g.corner(*p);
        let r = s * 0.16;
        let per_row = rulers.len().min(2);
        let rows = rulers.len().div_ceil(2);
        let w = per_row as f64 * r * 2.2 + r * 0.4;
        let h = rows as f64 * r * 2.2 + r * 0.2;
        ctx.set_fill_style_str("rgba(255,255,255,0.92)");
        ctx.fill_rect(x + 1.0, y + 1.0, w, h);
        ctx.set_stroke_style_str("#111");
        ctx.set_line_width(1.0);
        ctx.stroke_rect(x + 1.0, y + 1.0, w, h);
        for (i, (owner, k)) in rulers.iter().enumerate() {
            let cx = x + 1.0 + r * 1.3 + (i % 2) as f64 * r * 2.2;
            let cy = y + 1.0 + r * 1.2 + (i / 2) as f64 * r * 2.2;
            ctx.set_fill_style_str(SEAT_COLOURS[*owner as usize % 4]);
            ctx.begin_path();
            ctx.arc(cx, cy, r, 0.0, 2.0 * PI).ok();
            ctx.fill();
            glyph(ctx, *k, cx, cy, r * 0.6, "#1b1b1b");
        }
    }
}
