//! The board of a game being played, at this device or online: what the
//! deciding person may touch (the legal spots, lit), the knight picked
//! up, the one choice of several a touched spot asks for, the ghost of
//! a build under the cursor, and the canvas's attributes that tell tests
//! and tools where the spots are. The game screen at this device and the
//! online screen both draw and touch the board through here.

use tabula_catan::game::topology::CornerId;
use tabula_catan::{Action, Catan};
use tabula_page_kit::i18n::t;
use web_sys::HtmlCanvasElement;

use crate::game_draw::{self, Marks, Preview};
use crate::game_words::{self as gw, Names};
use crate::spots::{self, Layout, Spot};

pub use crate::spots::Choosing;

impl Choosing<'_> {
    /// The piece the one legal build at `spot` would put down, to draw as
    /// a ghost (nothing when the spot holds another move or several).
    pub fn preview(&self, game: &Catan, spot: Spot) -> Option<Preview> {
        let seat = self.acting?;
        let here = spots::actions_at(self.legal, game.robber, self.knight, spot);
        match here.as_slice() {
            [Action::Build { piece, at }] => Some(Preview {
                piece: *piece,
                at: *at,
                seat,
            }),
            _ => None,
        }
    }

    /// What touching `spot` would do, in words.
    pub fn describe(&self, game: &Catan, names: &Names, spot: Spot) -> String {
        let Some(seat) = self.acting else {
            return String::new();
        };
        let here = spots::actions_at(self.legal, game.robber, self.knight, spot);
        if here.is_empty() && spots::picks_up_knight(self.legal, game.robber, spot) {
            return t("cg-pick-up-knight");
        }
        here.iter()
            .map(|a| gw::action(a, game, seat, names))
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

/// What touching `spot` does: the one move there (returned, to play),
/// or the knight there picked up (`knight`), or the moves to choose from
/// (`menu`); a spot with nothing drops the knight and the menu.
pub fn touched(
    legal: &[Action],
    game: &Catan,
    knight: &mut Option<CornerId>,
    menu: &mut Vec<Action>,
    spot: Spot,
) -> Option<Action> {
    let robber = game.robber;
    let here = spots::actions_at(legal, robber, *knight, spot);
    if knight.is_none() && spots::picks_up_knight(legal, robber, spot) && here.is_empty() {
        if let Spot::Corner(c) = spot {
            *knight = Some(c);
            menu.clear();
        }
        return None;
    }
    match here.len() {
        0 => {
            *knight = None;
            menu.clear();
            None
        }
        1 => Some(here[0]),
        _ => {
            *menu = here;
            None
        }
    }
}

/// The number rolled in the current turn, while its production is news
/// (until the turn ends).
pub fn rolled(game: &Catan) -> Option<u8> {
    if game.phase != tabula_catan::game::state::Phase::Main {
        return None;
    }
    game.roll.map(|r| r.red + r.white).filter(|n| *n != 7)
}

/// What else the board shows: the cursor, the highlighted move's spots
/// and where the last action acted.
pub struct Shown<'a> {
    /// The lit spot under the pointer or the keyboard's cursor.
    pub cursor: Option<Spot>,
    /// The spots of the move whose entry is under the pointer or focused.
    pub highlight: &'a [Spot],
    /// Where the last action acted.
    pub last: &'a [Spot],
    /// The explorer's cursor (keyboard, or a finger's first tap).
    pub explore: Option<Spot>,
}

fn spot_name(s: &Spot) -> String {
    match s {
        Spot::Hex(h) => format!("h{h}"),
        Spot::Corner(c) => format!("c{c}"),
        Spot::Side(e) => format!("s{e}"),
    }
}

/// Draw the game on `canvas` `width` pixels wide with the person's
/// choices lit; where it was drawn. The canvas says in attributes, for
/// tests and tools, where the lit spots (`data-spots`) and the hexes
/// (`data-hexes`) are, what the ghost shows (`data-preview`: "road 41")
/// the highlighted move's spots (`data-highlight`: "c12 h3") and where
/// the last action acted (`data-last`).
pub fn draw(
    canvas: &HtmlCanvasElement,
    game: &Catan,
    names: &Names,
    choosing: &Choosing,
    shown: &Shown,
    width: f64,
) -> Option<Layout> {
    let lit = choosing.lit(game);
    let cursor = shown.cursor.filter(|c| lit.contains(c));
    let preview = cursor.and_then(|c| choosing.preview(game, c));
    let marks = Marks {
        lit: &lit,
        knight: choosing.knight,
        last: shown.last,
        cursor,
        highlight: shown.highlight,
        rolled: rolled(game),
        preview,
    };
    let title = cursor
        .map(|c| choosing.describe(game, names, c))
        .unwrap_or_default();
    canvas.set_attribute("title", &title).ok();
    if shown.highlight.is_empty() {
        canvas.remove_attribute("data-highlight").ok();
    } else {
        let text: Vec<String> = shown.highlight.iter().map(spot_name).collect();
        canvas.set_attribute("data-highlight", &text.join(" ")).ok();
    }
    match shown.explore {
        Some(s) => canvas.set_attribute("data-cursor", &spot_name(&s)),
        None => canvas.remove_attribute("data-cursor"),
    }
    .ok();
    let last: Vec<String> = shown.last.iter().map(spot_name).collect();
    canvas.set_attribute("data-last", &last.join(" ")).ok();
    match preview {
        Some(p) => canvas.set_attribute(
            "data-preview",
            &format!("{} {}", p.piece.name().to_ascii_lowercase(), p.at),
        ),
        None => canvas.remove_attribute("data-preview"),
    }
    .ok();
    let t0 = tabula_page_kit::ai_worker::now();
    let layout = game_draw::draw(canvas, game, &marks, width);
    canvas
        .set_attribute(
            "data-draw-ms",
            &format!("{:.2}", tabula_page_kit::ai_worker::now() - t0),
        )
        .ok();
    if let (Some(layout), Some(spot)) = (&layout, shown.explore) {
        game_draw::explore_cursor(canvas, game, layout, spot);
    }
    if let Some(layout) = layout {
        let topo = &game.topo;
        let points: Vec<String> = lit
            .iter()
            .map(|s| {
                let (x, y) = match *s {
                    Spot::Corner(c) => layout.corner(topo, c),
                    Spot::Side(e) => {
                        let [a, b] = layout.side(topo, e);
                        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
                    }
                    Spot::Hex(h) => layout.hex(topo, h),
                };
                format!("[{x:.1},{y:.1}]")
            })
            .collect();
        canvas
            .set_attribute("data-spots", &format!("[{}]", points.join(",")))
            .ok();
        // Where each hex's centre (its number token) is drawn.
        let hexes: Vec<String> = (0..topo.hexes.len() as u16)
            .map(|h| {
                let (x, y) = layout.hex(topo, h);
                format!("[{x:.1},{y:.1}]")
            })
            .collect();
        canvas
            .set_attribute("data-hexes", &format!("[{}]", hexes.join(",")))
            .ok();
        // A finger's target is half a hex size across (a corner's and
        // its side's middle are that far apart): tests check it.
        canvas
            .set_attribute("data-target", &format!("{:.1}", layout.size / 2.0))
            .ok();
    }
    layout
}
