//! Star Tigris online: the page kit's online play
//! ([`tabula_page_kit::online`]) with this page's board. The seat's view
//! from the server is drawn as at one device (only the seat's own hand
//! is in it); a click on a cell shows what the server allows there (and
//! plays it at once when it is the only thing), and the orders that name
//! no cell (pass, swap, withdraw a leader, a conflict's decision) are
//! buttons beside the board. On a phone the board is drawn larger until
//! every cell is 24 px and pans in its box (`touch::board_width`,
//! `touch::pan`), as at one device; a finger's first tap on a cell where
//! one order would be played only shows it (the line above the board,
//! `touch::hint`: "Tap again: …") and a second tap on the same cell plays
//! it (`touch::Confirm`).

use std::cell::RefCell;

use tabula_page_kit::dom::{El, by_id, el, sized_context};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::online::{self, OnlineGame, Shown};
use tabula_page_kit::touch;
use tabula_star_tigris::view::View;
use tabula_star_tigris::{Action, Kind, Pos};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::board::{self, Geometry, Picture};
use crate::palette::{SEAT_COLOURS, kind_symbol, kind_title};

/// The board's id in online play.
pub const BOARD_ID: &str = "online-st-board";

/// The id of the board's box (it pans on a phone).
const BOX_ID: &str = "online-st-box";

#[derive(Default)]
struct Pick {
    /// The cell picked on the board.
    cell: Option<Pos>,
    /// Where the board was last drawn.
    geometry: Option<Geometry>,
    /// A finger's first tap on a cell of one order, waiting for the second.
    confirm: touch::Confirm<Pos>,
    /// The legal actions the tap was made among: new ones drop it.
    legal: online::PickedAmong,
    /// Whether the board was last drawn larger than its box (which then
    /// pans: kept in the box's class when the screen is drawn again).
    pans: bool,
    /// The seats' names and this browser's seat, as last shown.
    names: Vec<String>,
    you: u8,
}

thread_local! {
    static PICK: RefCell<Pick> = RefCell::new(Pick::default());
}

/// Star Tigris for online play.
pub struct StarTigrisOnline;

fn view_of(v: &serde_json::Value) -> Option<View> {
    online::read(v)
}

fn actions(legal: &[serde_json::Value]) -> Vec<Option<Action>> {
    online::read_all(legal)
}

/// The cell an action names, if any.
fn cell_of(a: &Action) -> Option<Pos> {
    match *a {
        Action::Colonize { at, .. }
        | Action::PlaceLeader { at, .. }
        | Action::Destroy { at }
        | Action::TakeArtifact { at } => Some(at),
        Action::MoveLeader { to, .. } => Some(to),
        _ => None,
    }
}

/// The places in `legal` of the actions naming `cell`.
fn at_cell(legal: &[Option<Action>], cell: Pos) -> Vec<usize> {
    legal
        .iter()
        .enumerate()
        .filter(|(_, a)| a.as_ref().and_then(cell_of) == Some(cell))
        .map(|(i, _)| i)
        .collect()
}

fn act_button(i: usize, words: &str) -> El {
    el("button")
        .attr("type", "button")
        .attr("data-online-act", &i.to_string())
        .text(words)
}

/// A swap's colonists, kind by kind (`2 ⌂ Settler, 1 ◆ Merchant`).
fn swap_words(set: &tabula_star_tigris::SwapSet) -> String {
    let counts = set.counts();
    Kind::ALL
        .iter()
        .filter(|k| counts[k.index()] > 0)
        .map(|&k| format!("{} {} {}", counts[k.index()], kind_symbol(k), kind_title(k)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn hand(v: &View) -> El {
    let me = v.players.get(v.seat as usize);
    let mut line = el("p").class("online-st-hand").attr("id", "online-st-hand");
    match me.and_then(|p| p.hand) {
        Some(counts) => {
            line = line.text(&t("st-online-hand"));
            for k in Kind::ALL {
                let n = counts[k.index()];
                line = line.child(
                    el("span")
                        .class("online-st-kind")
                        .attr("data-kind", &format!("{k:?}"))
                        .text(&format!(" {} {} × {n}", kind_symbol(k), kind_title(k))),
                );
            }
        }
        None => line = line.text(&t("st-online-no-hand")),
    }
    line
}

fn scores(shown: &Shown, v: &View) -> El {
    let mut list = el("ul")
        .class("online-st-scores")
        .attr("id", "online-st-scores");
    for (i, p) in v.players.iter().enumerate() {
        let name = shown.names.get(i).cloned().unwrap_or_default();
        let score = match p.score {
            Some(s) => Kind::ALL
                .iter()
                .map(|&k| format!("{} {}", kind_symbol(k), s[k.index()]))
                .collect::<Vec<_>>()
                .join(" "),
            None => t("st-online-score-hidden"),
        };
        list = list.child(el("li").child(crate::dom::swatch(i as u8)).text(&tf(
            "st-online-player",
            &[
                ("name", &name),
                ("score", &score),
                ("n", &p.hand_size.to_string()),
            ],
        )));
    }
    list
}

impl OnlineGame for StarTigrisOnline {
    fn ruleset(&self) -> &'static str {
        "star-tigris"
    }

    fn seat_counts(&self) -> Vec<usize> {
        vec![2, 3, 4]
    }

    fn seat_badge(&self, seat: u8) -> El {
        el("span")
            .class("online-seat-no")
            .style("border-color", SEAT_COLOURS[seat as usize % 4])
            .child(crate::dom::swatch(seat))
            .text(&(seat + 1).to_string())
    }

    fn show(&mut self, shown: &Shown) -> El {
        let Some(v) = view_of(shown.view) else {
            return el("p").class("problem").text(&t("st-online-unreadable"));
        };
        let legal = actions(shown.legal);
        // A first tap made among other legal actions is dropped.
        PICK.with(|p| {
            let mut p = p.borrow_mut();
            if p.legal.changed(shown.legal) {
                p.confirm.clear();
            }
            p.names = shown.names.to_vec();
            p.you = shown.you.unwrap_or(0);
        });
        let (picked, pans) = PICK.with(|p| (p.borrow().cell, p.borrow().pans));
        let names: Vec<String> = shown.names.to_vec();
        let me = shown.you.unwrap_or(0);
        let mut choices = el("div")
            .class("online-st-choices")
            .attr("id", "online-st-choices");
        if !legal.is_empty() {
            choices = choices.child(
                el("p")
                    .class("hint")
                    .text(&t(&touch::key("st-online-pick-cell"))),
            );
            if let Some(cell) = picked {
                let here = at_cell(&legal, cell);
                let mut row = el("div").class("buttons").attr("id", "online-st-here");
                for i in &here {
                    if let Some(a) = &legal[*i] {
                        row = row.child(act_button(*i, &crate::describe::action(&names, me, a)));
                    }
                }
                choices = choices
                    .child(el("h4").text(&tf("st-online-cell", &[("cell", &cell.to_string())])))
                    .child(if here.is_empty() {
                        el("p").text(&t("st-online-nothing-here"))
                    } else {
                        row
                    });
            }
            let others: Vec<usize> = (0..legal.len())
                .filter(|&i| legal[i].as_ref().is_some_and(|a| cell_of(a).is_none()))
                .collect();
            if !others.is_empty() {
                let mut row = el("div").class("buttons").attr("id", "online-st-orders");
                let mut swaps = el("div").class("buttons").attr("id", "online-st-swaps");
                let mut any_swap = false;
                for i in others {
                    match &legal[i] {
                        Some(Action::Swap(set)) => {
                            any_swap = true;
                            swaps = swaps.child(act_button(i, &swap_words(set)));
                        }
                        Some(a) => {
                            row = row.child(act_button(i, &crate::describe::action(&names, me, a)))
                        }
                        None => {}
                    }
                }
                choices = choices.child(row).maybe(any_swap.then(|| {
                    el("details")
                        .child(el("summary").text(&t("st-online-swaps")))
                        .child(swaps)
                }));
            }
        }
        el("div")
            .class("online-st")
            .child(
                el("div")
                    .class("online-st-board")
                    .child(touch::hint_line(BOX_ID, &tap_hint(shown, &legal)))
                    .child(touch::pan_box(
                        BOX_ID,
                        pans,
                        &t("st-online-board"),
                        el("canvas")
                            .attr("id", BOARD_ID)
                            .attr("role", "img")
                            .attr("aria-label", &t("st-online-board")),
                    )),
            )
            .child(
                el("div")
                    .class("online-st-side")
                    .maybe(shown.you.map(|_| hand(&v)))
                    .child(choices)
                    .child(scores(shown, &v)),
            )
    }

    fn drawn(&mut self, shown: &Shown) {
        let Some(v) = view_of(shown.view) else { return };
        let Some(canvas) = by_id(BOARD_ID).and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let avail = by_id(BOX_ID)
            .map(|b| f64::from(b.client_width()))
            .unwrap_or(500.0)
            .clamp(240.0, 640.0);
        let (cols, rows) = (v.width as usize, v.height as usize);
        let mut geo = Geometry::fit(cols, rows, avail, avail);
        // On a touch screen, while this seat plays, larger until every cell
        // is 24 px, and panned in its box (as at one device).
        let wide = if shown.legal.is_empty() {
            avail
        } else {
            touch::board_width(avail, geo.cell)
        };
        if wide > avail {
            geo = Geometry::fit(cols, rows, wide, f64::INFINITY);
        }
        touch::pan(BOX_ID, wide > avail);
        PICK.with(|p| p.borrow_mut().pans = wide > avail);
        touch::keyboard_scrolls(BOX_ID, &t("st-online-board"));
        let Some(ctx) = sized_context(&canvas, geo.width, geo.height) else {
            return;
        };
        let legal = actions(shown.legal);
        let mut targets: Vec<Pos> = legal.iter().flatten().filter_map(cell_of).collect();
        targets.sort_by_key(|p| (p.row, p.col));
        targets.dedup();
        let (picked, pending) = PICK.with(|p| (p.borrow().cell, p.borrow().confirm.pending()));
        let mut pic = Picture::cells(&v.cells);
        pic.targets = &targets;
        pic.cursor = picked;
        pic.hover = pending;
        board::draw(&ctx, &geo, &pic);
        // Where the cells are (tests click them).
        canvas
            .set_attribute("data-cell-size", &geo.cell.to_string())
            .ok();
        canvas
            .set_attribute("data-origin", &format!("{} {}", geo.ox, geo.oy))
            .ok();
        PICK.with(|p| p.borrow_mut().geometry = Some(geo));
    }

    fn replay(&mut self, record: &str) {
        crate::state::with_app(|app| {
            crate::game_events::open_online_record(app, record);
            crate::ui::render(app);
        });
    }

    fn closed(&mut self) {
        PICK.with(|p| *p.borrow_mut() = Pick::default());
        crate::state::with_app(crate::ui::render);
    }
}

/// The line above the board on a phone: after a first tap, what a
/// second tap on the same cell would do; before, how taps work while this
/// seat has orders to give.
fn tap_hint(shown: &Shown, legal: &[Option<Action>]) -> String {
    if legal.is_empty() {
        return String::new();
    }
    let pending = PICK.with(|p| p.borrow().confirm.pending());
    let one = pending.and_then(|cell| match at_cell(legal, cell)[..] {
        [i] => legal[i],
        _ => None,
    });
    match one {
        Some(a) => {
            let act = crate::describe::action(shown.names, shown.you.unwrap_or(0), &a);
            tf("tap-again", &[("what", act.trim_end_matches('.'))])
        }
        None => t("st-online-tap-hint"),
    }
}

/// A click on the online board: the cell is picked; when the server
/// allows exactly one thing there, it is played at once. A finger's
/// first tap on such a cell only shows it (the line above the board
/// says what a second tap does, a screen reader hears it); a second tap
/// on the same cell plays it.
pub fn board_click(x: f64, y: f64) {
    let Some(cell) = PICK.with(|p| p.borrow().geometry.and_then(|g| g.cell_at(x, y))) else {
        return;
    };
    PICK.with(|p| p.borrow_mut().cell = Some(cell));
    let legal = actions(&online::legal());
    let here = at_cell(&legal, cell);
    if here.len() == 1 {
        if touch::last_was_touch() && !PICK.with(|p| p.borrow_mut().confirm.tap(cell)) {
            if let Some(a) = &legal[here[0]] {
                let act = PICK.with(|p| {
                    let p = p.borrow();
                    crate::describe::action(&p.names, p.you, a)
                });
                tabula_page_kit::explore::say(&format!(
                    "{cell}: {}",
                    tf("tap-again", &[("what", act.trim_end_matches('.'))])
                ));
            }
            online::redraw();
            return;
        }
        PICK.with(|p| {
            let mut p = p.borrow_mut();
            p.cell = None;
            p.confirm.clear();
        });
        online::play(here[0]);
    } else {
        PICK.with(|p| p.borrow_mut().confirm.clear());
        online::redraw();
    }
}
