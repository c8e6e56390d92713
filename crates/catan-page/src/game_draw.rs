//! Draws a game of Catan on the canvas: the fields with their numbers
//! (6 and 8 in red and bold), harbours with their rates, roads,
//! settlements, cities, walls, metropolises, knights, the robber and the
//! merchant, the spots the engine says are legal, and the last action's
//! place. Every piece says its seat by colour AND by number, a knight
//! its level by pips and whether it is active by fill (solid) or not
//! (hollow). It holds no rules: what is lit comes from the page, which
//! asked the engine.

use std::f64::consts::PI;

use tabula_catan::game::state::Building;
use tabula_catan::game::topology::CornerId;
use tabula_catan::{Catan, Piece, Track};
use tabula_hex::hex_centre;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use crate::draw::{colours, hex_path};
use crate::spots::{Layout, Spot};
use crate::words;

pub use crate::seats::SEAT_COLOURS;

/// What the page marks on the board besides the pieces.
pub struct Marks<'a> {
    /// Where a legal action of the deciding person acts.
    pub lit: &'a [Spot],
    /// The knight picked up to move.
    pub knight: Option<CornerId>,
    /// Where the last action acted.
    pub last: &'a [Spot],
    /// The keyboard's cursor.
    pub cursor: Option<Spot>,
    /// The move under the pointer or the focus in the panel (its entry in
    /// the move list or the log): a thick blue ring.
    pub highlight: &'a [Spot],
    /// The number just rolled: its fields are ringed in gold (those that
    /// produced; the robber's field is not).
    pub rolled: Option<u8>,
    /// A piece the deciding person would build at the cursor: drawn as a
    /// ghost (faint, in a dashed ring) until it is built.
    pub preview: Option<Preview>,
}

impl Marks<'_> {
    /// No marks: the board and its pieces only (a picture, a lesson's
    /// position).
    pub const NONE: Marks<'static> = Marks {
        lit: &[],
        knight: None,
        last: &[],
        cursor: None,
        highlight: &[],
        rolled: None,
        preview: None,
    };
}

/// A piece not yet built, to show where a build would put it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preview {
    /// What.
    pub piece: Piece,
    /// Where: a side for a road, else a corner.
    pub at: u16,
    /// Whose.
    pub seat: u8,
}

fn font(ctx: &Ctx, px: f64, bold: bool) {
    ctx.set_font(&format!(
        "{}{:.1}px system-ui, sans-serif",
        if bold { "bold " } else { "" },
        px.max(7.0)
    ));
}

fn seat_colour(seat: u8) -> (&'static str, &'static str) {
    SEAT_COLOURS[seat as usize % SEAT_COLOURS.len()]
}

fn circle(ctx: &Ctx, x: f64, y: f64, r: f64) {
    ctx.begin_path();
    ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
}

fn house(ctx: &Ctx, x: f64, y: f64, s: f64, city: bool) {
    ctx.begin_path();
    if city {
        // A wide base with a tower on the left.
        ctx.move_to(x - s, y + s * 0.8);
        ctx.line_to(x + s, y + s * 0.8);
        ctx.line_to(x + s, y - s * 0.1);
        ctx.line_to(x, y - s * 0.1);
        ctx.line_to(x, y - s * 0.6);
        ctx.line_to(x - s * 0.5, y - s * 1.1);
        ctx.line_to(x - s, y - s * 0.6);
    } else {
        ctx.move_to(x - s * 0.7, y + s * 0.7);
        ctx.line_to(x + s * 0.7, y + s * 0.7);
        ctx.line_to(x + s * 0.7, y - s * 0.1);
        ctx.line_to(x, y - s * 0.8);
        ctx.line_to(x - s * 0.7, y - s * 0.1);
    }
    ctx.close_path();
}

/// A metropolis's letter: the first of its track's name in the page's
/// language (T, P, S in English; H, P, W in German).
fn track_letter(k: Track) -> String {
    tabula_page_kit::letters::initial(&crate::game_words::track(k))
        .map(String::from)
        .unwrap_or_default()
}

/// Where [`draw`] puts `game`'s board `width` CSS pixels wide (harbours
/// and the barbarians' fields show whole, with their letters).
pub fn layout(game: &Catan, width: f64) -> Layout {
    let height = (width * 0.86).round();
    let also: Vec<tabula_hex::Hex> = game
        .board
        .fields
        .iter()
        .filter(|f| f.kind != tabula_catan::FieldKind::Water && !f.kind.is_land())
        .map(|f| f.hex)
        .collect();
    Layout::fit_with(&game.topo, &also, width, height)
}

/// Draw `game` on `canvas`, `width` CSS pixels wide; the layout drawn.
pub fn draw(canvas: &HtmlCanvasElement, game: &Catan, marks: &Marks, width: f64) -> Option<Layout> {
    let topo = &game.topo;
    let height = (width * 0.86).round();
    let layout = layout(game, width);
    let size = layout.size;
    let ctx = tabula_page_kit::dom::sized_context(canvas, width, height)?;
    ctx.set_fill_style_str("#8ec5ee");
    ctx.fill_rect(0.0, 0.0, width, height);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    // The sea's own fields: harbours with their rates.
    for f in &game.board.fields {
        if f.kind.is_land() {
            continue;
        }
        let p = hex_centre(f.hex, size);
        let (x, y) = (layout.ox + p.x, layout.oy + p.y);
        if x < -size || y < -size || x > width + size || y > height + size {
            continue;
        }
        let (fill, ink) = colours(f.kind);
        hex_path(&ctx, x, y, size);
        ctx.set_fill_style_str(fill);
        ctx.fill();
        if f.kind.is_harbour() {
            ctx.set_stroke_style_str("#2b3440");
            ctx.set_line_width(1.0);
            ctx.stroke();
            if let Some(d) = f.harbour_dir() {
                let i = d.index() as i64;
                let ((c0, s0), (c1, s1)) = (tabula_hex::unit(4 + i), tabula_hex::unit(5 + i));
                ctx.set_stroke_style_str("#6b3e1f");
                ctx.set_line_width((size * 0.12).max(2.0));
                ctx.begin_path();
                ctx.move_to(x + size * 0.9 * c0, y + size * 0.9 * s0);
                ctx.line_to(x + size * 0.9 * c1, y + size * 0.9 * s1);
                ctx.stroke();
            }
            ctx.set_fill_style_str(ink);
            font(&ctx, size * 0.3, true);
            ctx.fill_text(&words::glyph(f.kind), x, y).ok();
        }
        // The barbarians' fields say what they are: where the ship sets
        // out, where it lands.
        let label = match f.kind {
            tabula_catan::FieldKind::BarbarianStart => Some("cg-barbarians"),
            tabula_catan::FieldKind::BarbarianEnd => Some("cg-board-barbarian-end"),
            _ => None,
        };
        if let Some(key) = label {
            ctx.set_fill_style_str(ink);
            font(&ctx, size * 0.22, true);
            ctx.fill_text(&tabula_page_kit::i18n::t(key), x, y).ok();
        }
    }
    // The land: fields, numbers, the robber and the merchant.
    for (i, h) in topo.hexes.iter().enumerate() {
        let (x, y) = layout.hex(topo, i as u16);
        let kind = game.board.fields[h.field].kind;
        let (fill, ink) = colours(kind);
        hex_path(&ctx, x, y, size);
        ctx.set_fill_style_str(fill);
        ctx.fill();
        ctx.set_stroke_style_str("#2b3440");
        ctx.set_line_width(1.0);
        ctx.stroke();
        ctx.set_fill_style_str(ink);
        font(&ctx, size * 0.26, true);
        ctx.fill_text(&words::glyph(kind), x, y - size * 0.5).ok();
        let n = game.numbers.get(i).copied().unwrap_or(0);
        if n > 0 {
            circle(&ctx, x, y, size * 0.3);
            ctx.set_fill_style_str("#fff7e0");
            ctx.fill();
            ctx.set_stroke_style_str("#2b3440");
            ctx.stroke();
            let hot = n == 6 || n == 8;
            ctx.set_fill_style_str(if hot { "#b00000" } else { "#111111" });
            font(&ctx, size * if hot { 0.36 } else { 0.3 }, hot);
            ctx.fill_text(&n.to_string(), x, y).ok();
        }
        if game.robber as usize == i {
            let (rx, ry) = (x + size * 0.42, y + size * 0.28);
            circle(&ctx, rx, ry, size * 0.2);
            ctx.set_fill_style_str(if game.robber_awake || !game.ck() {
                "#1b1b1b"
            } else {
                "#6d6d6d"
            });
            ctx.fill();
            ctx.set_fill_style_str("#ffffff");
            font(&ctx, size * 0.22, true);
            ctx.fill_text("R", rx, ry).ok();
        }
        if let Some((mh, owner)) = game.merchant
            && mh as usize == i
        {
            let (mx, my) = (x - size * 0.42, y + size * 0.28);
            let (fill, ink) = seat_colour(owner);
            circle(&ctx, mx, my, size * 0.2);
            ctx.set_fill_style_str(fill);
            ctx.fill();
            ctx.set_stroke_style_str("#111111");
            ctx.stroke();
            ctx.set_fill_style_str(ink);
            font(&ctx, size * 0.22, true);
            ctx.fill_text("M", mx, my).ok();
        }
    }
    // Roads.
    for (s, owner) in game.roads.iter().enumerate() {
        if let Some(owner) = owner {
            road(&ctx, &layout, game, s as u16, *owner);
        }
    }
    // Buildings and knights.
    let s = size * 0.27;
    for (c, b) in game.buildings.iter().enumerate() {
        let (x, y) = layout.corner(topo, c as u16);
        match *b {
            Building::None => {}
            Building::Settlement { owner } => building(&ctx, x, y, s, owner, None),
            Building::City {
                owner,
                wall,
                metropolis,
            } => building(&ctx, x, y, s, owner, Some((wall, metropolis))),
        }
        if let Some(k) = game.knights.get(c).copied().flatten() {
            knight(&ctx, x, y, s, k.owner, k.active, k.level);
        }
    }
    // The fields that produced on the last roll: a gold ring with a dark edge.
    if let Some(n) = marks.rolled {
        for (i, _) in topo.hexes.iter().enumerate() {
            if game.numbers.get(i) == Some(&n) && game.robber as usize != i {
                let (x, y) = layout.hex(topo, i as u16);
                hex_path(&ctx, x, y, size * 0.93);
                ctx.set_stroke_style_str("#1b1b1b");
                ctx.set_line_width(7.0);
                ctx.stroke();
                ctx.set_stroke_style_str("#f1c40f");
                ctx.set_line_width(4.0);
                ctx.stroke();
            }
        }
    }
    // The last action's places: a purple bracket ring.
    for spot in marks.last {
        mark(&ctx, &layout, game, *spot, "#7b1fa2", 3.0, size * 0.38);
    }
    // Legal spots: a white dot with a black ring.
    for spot in marks.lit {
        if marks.preview.is_some() && marks.cursor == Some(*spot) {
            continue;
        }
        let (mut x, mut y) = spot_centre(&layout, game, *spot);
        if let Spot::Hex(_) = spot {
            // Below the number token, which stays readable.
            (x, y) = (x, y + size * 0.58);
        }
        circle(&ctx, x, y, size * 0.13);
        ctx.set_fill_style_str("rgba(255,255,255,0.85)");
        ctx.fill();
        ctx.set_stroke_style_str("#111111");
        ctx.set_line_width(2.0);
        ctx.stroke();
    }
    if let Some(k) = marks.knight {
        mark(
            &ctx,
            &layout,
            game,
            Spot::Corner(k),
            "#f1c40f",
            4.0,
            size * 0.4,
        );
    }
    // The cursor: the ghost of what it would build, else a black ring.
    if let Some(p) = marks.preview {
        ghost(&ctx, &layout, game, p);
    } else if let Some(c) = marks.cursor {
        mark(&ctx, &layout, game, c, "#000000", 3.0, size * 0.3);
    }
    for spot in marks.highlight {
        mark(&ctx, &layout, game, *spot, "#0a58ca", 5.0, size * 0.42);
    }
    Some(layout)
}

/// The explorer's cursor at `spot` on the board drawn on `canvas` with
/// `layout`: a dashed black ring (any place, lit or not).
pub fn explore_cursor(canvas: &HtmlCanvasElement, game: &Catan, layout: &Layout, spot: Spot) {
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| wasm_bindgen::JsCast::dyn_into::<Ctx>(c).ok())
    else {
        return;
    };
    let dashes = js_sys::Array::of2(&5.0.into(), &4.0.into());
    ctx.set_line_dash(&dashes).ok();
    mark(&ctx, layout, game, spot, "#000000", 3.0, layout.size * 0.34);
    ctx.set_line_dash(&js_sys::Array::new()).ok();
}

/// A road on side `side`.
fn road(ctx: &Ctx, layout: &Layout, game: &Catan, side: u16, owner: u8) {
    let size = layout.size;
    let [a, b] = layout.side(&game.topo, side);
    let (fill, _) = seat_colour(owner);
    let (ax, ay) = (a.0 + (b.0 - a.0) * 0.15, a.1 + (b.1 - a.1) * 0.15);
    let (bx, by) = (a.0 + (b.0 - a.0) * 0.85, a.1 + (b.1 - a.1) * 0.85);
    ctx.set_line_cap("round");
    ctx.begin_path();
    ctx.move_to(ax, ay);
    ctx.line_to(bx, by);
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(size * 0.2);
    ctx.stroke();
    ctx.set_stroke_style_str(fill);
    ctx.set_line_width(size * 0.13);
    ctx.stroke();
    ctx.set_line_cap("butt");
    // The seat's number in the middle, as on every other piece: seats
    // are told apart without their colours (docs/accessibility.md).
    let (ink_fill, ink) = seat_colour(owner);
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    circle(ctx, mx, my, size * 0.17);
    ctx.set_fill_style_str(ink_fill);
    ctx.fill();
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(1.5);
    ctx.stroke();
    ctx.set_fill_style_str(ink);
    font(ctx, size * 0.24, true);
    ctx.fill_text(&(owner + 1).to_string(), mx, my + size * 0.01)
        .ok();
}

/// A settlement (`city` None) or a city with its wall and metropolis, of
/// piece size `s`, at (x, y).
fn building(ctx: &Ctx, x: f64, y: f64, s: f64, owner: u8, city: Option<(bool, Option<Track>)>) {
    let (wall, metropolis) = city.unwrap_or((false, None));
    let is_city = city.is_some();
    if wall {
        // The wall: a thick square ring under the city.
        ctx.set_fill_style_str("#4a4a4a");
        ctx.fill_rect(x - s * 1.45, y - s * 1.35, s * 2.9, s * 2.55);
    }
    let (fill, ink) = seat_colour(owner);
    house(ctx, x, y, if is_city { s * 1.15 } else { s }, is_city);
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(1.5);
    ctx.stroke();
    ctx.set_fill_style_str(ink);
    font(ctx, s * 0.95, true);
    ctx.fill_text(
        &(owner + 1).to_string(),
        x + if is_city { s * 0.45 } else { 0.0 },
        y + s * 0.25,
    )
    .ok();
    if let Some(k) = metropolis {
        // The metropolis: a gold badge with its track's letter.
        let (mx, my) = (x + s * 1.1, y - s * 1.1);
        circle(ctx, mx, my, s * 0.65);
        ctx.set_fill_style_str("#f1c40f");
        ctx.fill();
        ctx.set_stroke_style_str("#111111");
        ctx.stroke();
        ctx.set_fill_style_str("#111111");
        font(ctx, s * 0.8, true);
        ctx.fill_text(&track_letter(k), mx, my).ok();
    }
}

/// A knight: filled when active, hollow with an outer ring when not; its
/// level as one to three pips above.
fn knight(ctx: &Ctx, x: f64, y: f64, s: f64, owner: u8, active: bool, level: u8) {
    let (fill, ink) = seat_colour(owner);
    circle(ctx, x, y, s * 1.05);
    ctx.set_fill_style_str(if active { fill } else { "#ffffff" });
    ctx.fill();
    ctx.set_stroke_style_str(if active { "#111111" } else { fill });
    ctx.set_line_width(if active { 1.5 } else { 3.0 });
    ctx.stroke();
    if !active {
        ctx.set_stroke_style_str("#111111");
        ctx.set_line_width(1.0);
        circle(ctx, x, y, s * 1.25);
        ctx.stroke();
    }
    ctx.set_fill_style_str(if active { ink } else { "#111111" });
    font(ctx, s * 0.9, true);
    ctx.fill_text(&(owner + 1).to_string(), x, y + s * 0.1).ok();
    for p in 0..level {
        let px = x + (f64::from(p) - f64::from(level.max(1) - 1) / 2.0) * s * 0.55;
        circle(ctx, px, y - s * 1.45, s * 0.22);
        ctx.set_fill_style_str("#111111");
        ctx.fill();
    }
}

/// The piece a build would put down, faint, in a dashed black ring: seen
/// as "not yet" without relying on colour.
fn ghost(ctx: &Ctx, layout: &Layout, game: &Catan, p: Preview) {
    let s = layout.size * 0.27;
    ctx.set_global_alpha(0.6);
    let centre = match p.piece {
        Piece::Road => {
            road(ctx, layout, game, p.at, p.seat);
            spot_centre(layout, game, Spot::Side(p.at))
        }
        Piece::Settlement | Piece::City | Piece::CityWall => {
            let (x, y) = layout.corner(&game.topo, p.at);
            let city = match p.piece {
                Piece::Settlement => None,
                Piece::City => Some((false, None)),
                _ => Some((true, None)),
            };
            building(ctx, x, y, s, p.seat, city);
            (x, y)
        }
        Piece::Knight => {
            let (x, y) = layout.corner(&game.topo, p.at);
            knight(ctx, x, y, s, p.seat, false, 1);
            (x, y)
        }
    };
    ctx.set_global_alpha(1.0);
    let dashes = js_sys::Array::of2(&4.0.into(), &3.0.into());
    ctx.set_line_dash(&dashes).ok();
    ctx.set_stroke_style_str("#111111");
    ctx.set_line_width(2.0);
    if p.piece == Piece::Road {
        // A dashed line along the road: the ring would hide so short a piece.
        let [a, b] = layout.side(&game.topo, p.at);
        ctx.begin_path();
        ctx.move_to(a.0 + (b.0 - a.0) * 0.1, a.1 + (b.1 - a.1) * 0.1);
        ctx.line_to(a.0 + (b.0 - a.0) * 0.9, a.1 + (b.1 - a.1) * 0.9);
    } else {
        circle(ctx, centre.0, centre.1, layout.size * 0.45);
    }
    ctx.stroke();
    ctx.set_line_dash(&js_sys::Array::new()).ok();
}

fn spot_centre(layout: &Layout, game: &Catan, spot: Spot) -> (f64, f64) {
    let topo = &game.topo;
    match spot {
        Spot::Corner(c) => layout.corner(topo, c),
        Spot::Side(s) => {
            let [a, b] = layout.side(topo, s);
            ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
        }
        Spot::Hex(h) => layout.hex(topo, h),
    }
}

fn mark(ctx: &Ctx, layout: &Layout, game: &Catan, spot: Spot, colour: &str, w: f64, r: f64) {
    let topo = &game.topo;
    let size = layout.size;
    match spot {
        Spot::Corner(c) => {
            let (x, y) = layout.corner(topo, c);
            circle(ctx, x, y, r);
            ctx.set_stroke_style_str("#ffffff");
            ctx.set_line_width(w + 3.0);
            ctx.stroke();
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(w);
            ctx.stroke();
        }
        Spot::Side(s) => {
            let [a, b] = layout.side(topo, s);
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            circle(ctx, mx, my, r * 0.8);
            ctx.set_stroke_style_str("#ffffff");
            ctx.set_line_width(w + 3.0);
            ctx.stroke();
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(w);
            ctx.stroke();
        }
        Spot::Hex(h) => {
            let (x, y) = layout.hex(topo, h);
            hex_path(ctx, x, y, size * 0.85);
            ctx.set_stroke_style_str("#ffffff");
            ctx.set_line_width(w + 4.0);
            ctx.stroke();
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(w + 1.0);
            ctx.stroke();
        }
    }
}
