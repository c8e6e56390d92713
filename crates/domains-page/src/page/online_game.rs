//! Domains online: the page kit's online play
//! ([`tabula_page_kit::online`]) with this page's board. The seat's view
//! from the server (the board and its own orders this round; others'
//! orders stay secret until the round runs) is drawn as at one device; a
//! click on one of the seat's units picks it, and its orders allowed by
//! the server are buttons, with "End my orders" always there.

use std::cell::RefCell;

use serde_json::Value;
use tabula_domains::game::View;
use tabula_domains::{Action, Dir};
use tabula_page_kit::dom::{El, by_id, el};
use tabula_page_kit::online::{self, Fields, OnlineGame, Shown};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::draw::{Marks, draw_board};
use crate::frames::{Film, Frame};
use crate::words::{t, tf};

/// The board's id in online play.
pub const BOARD_ID: &str = "online-dm-board";

thread_local! {
    /// The unit picked on the board.
    static PICKED: RefCell<Option<u16>> = const { RefCell::new(None) };
}

/// The lobby's field of the board and its rounds.
const BOARD_FIELD: &str = "online-opt-board";

/// The boards a room may be made on (`size:rounds`, the words' key), as
/// in the new-game dialog.
const BOARDS: [(&str, &str); 4] = [
    ("50:500", "domains-board-50"),
    ("30:200", "domains-board-30"),
    ("16:60", "domains-board-16"),
    ("12:30", "domains-board-12"),
];

/// A room's board unless its maker picks another: 16 × 16 in 60 rounds,
/// since every round waits for every person's orders (decision in
/// docs/domains/rules.md).
const DEFAULT_BOARD: &str = "16:60";

/// The board's size and rounds of a `size:rounds` value (the default
/// board's for anything else).
fn board_of(value: &str) -> (u8, u32) {
    let read = |v: &str| {
        let (size, rounds) = v.split_once(':')?;
        Some((size.parse().ok()?, rounds.parse().ok()?))
    };
    BOARDS
        .iter()
        .find(|(v, _)| *v == value)
        .and_then(|(v, _)| read(v))
        .unwrap_or((16, 60))
}

/// Domains for online play.
pub struct DomainsOnline;

fn view_of(v: &serde_json::Value) -> Option<View> {
    online::read(v)
}

fn actions(legal: &[serde_json::Value]) -> Vec<Option<Action>> {
    online::read_all(legal)
}

fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::None => "·",
        Dir::Up => "↑",
        Dir::Down => "↓",
        Dir::Left => "←",
        Dir::Right => "→",
        Dir::UpLeft => "↖",
        Dir::UpRight => "↗",
        Dir::DownLeft => "↙",
        Dir::DownRight => "↘",
    }
}

fn words(a: &Action) -> String {
    match *a {
        Action::Move { dir: Dir::None, .. } => t("dm-online-stay"),
        Action::Move { dir, .. } => tf("dm-online-move", &[("dir", arrow(dir))]),
        Action::Attack { dir, .. } => tf("dm-online-attack", &[("dir", arrow(dir))]),
        Action::Ability { .. } => t("dm-online-ability"),
        Action::End => t("dm-online-end"),
    }
}

fn act_button(i: usize, words: &str) -> El {
    el("button")
        .attr("type", "button")
        .attr("data-online-act", &i.to_string())
        .text(words)
}

fn film_of(v: &View, names: &[String]) -> Film {
    Film::new(
        v.board.rows as usize,
        v.board.cols as usize,
        v.board.options.rounds,
        names.to_vec(),
    )
}

impl OnlineGame for DomainsOnline {
    fn ruleset(&self) -> &'static str {
        "domains"
    }

    fn seat_counts(&self) -> Vec<usize> {
        vec![2, 3, 4]
    }

    fn options_fields(&self, fields: &Fields) -> Option<El> {
        let chosen = fields.get(BOARD_FIELD, DEFAULT_BOARD);
        let mut select = el("select").attr("id", BOARD_FIELD);
        for (value, key) in BOARDS {
            let mut option = el("option").attr("value", value).text(&t(key));
            if value == chosen {
                option = option.attr("selected", "");
            }
            select = select.child(option);
        }
        Some(el("label").text(&t("domains-board")).child(select))
    }

    fn options(&self, fields: &Fields) -> Value {
        let (size, rounds) = board_of(&fields.get(BOARD_FIELD, DEFAULT_BOARD));
        serde_json::to_value(tabula_domains::Options::small(size, rounds)).unwrap_or(Value::Null)
    }

    fn seat_badge(&self, seat: u8) -> El {
        el("span")
            .class("online-seat-no")
            .child(crate::look::seat_mark(seat as usize))
            .text(&(seat + 1).to_string())
    }

    fn show(&mut self, shown: &Shown) -> El {
        let Some(v) = view_of(shown.view) else {
            return el("p").class("problem").text(&t("dm-online-unreadable"));
        };
        let legal = actions(shown.legal);
        let picked = PICKED.with(|p| *p.borrow());
        let mut side = el("div").class("online-dm-side");
        side = side.child(el("p").attr("id", "online-dm-round").text(&tf(
            "domains-round-of",
            &[
                ("round", &(v.board.round + 1).to_string()),
                ("rounds", &v.board.options.rounds.to_string()),
            ],
        )));
        if !legal.is_empty() {
            side = side
                .child(el("p").class("hint").text(&t("dm-online-pick-unit")))
                .child(el("p").attr("id", "online-dm-orders").text(&tf(
                    "dm-online-orders-given",
                    &[("n", &v.orders.len().to_string())],
                )));
            if let Some(unit) = picked {
                let mut row = el("div").class("buttons").attr("id", "online-dm-unit");
                let mut any = false;
                for (i, a) in legal.iter().enumerate() {
                    if let Some(a) = a
                        && a.unit() == Some(unit)
                    {
                        any = true;
                        row = row.child(act_button(i, &words(a)));
                    }
                }
                let at = v.board.units.get(unit as usize).map(|u| u.at as usize);
                let (r, c) = at
                    .map(|at| {
                        (
                            at / v.board.cols as usize + 1,
                            at % v.board.cols as usize + 1,
                        )
                    })
                    .unwrap_or_default();
                side = side
                    .child(el("h4").text(&tf(
                        "dm-online-unit",
                        &[("row", &r.to_string()), ("col", &c.to_string())],
                    )))
                    .child(if any {
                        row
                    } else {
                        el("p").text(&t("dm-online-unit-done"))
                    });
            }
            let end = legal.iter().position(|a| *a == Some(Action::End));
            if let Some(i) = end {
                side = side.child(
                    el("div")
                        .class("buttons")
                        .child(act_button(i, &t("dm-online-end")).attr("id", "online-dm-end")),
                );
            }
        }
        let mut scores = el("ul")
            .class("online-dm-scores")
            .attr("id", "online-dm-scores");
        for (i, p) in v.board.players.iter().enumerate() {
            let name = shown.names.get(i).cloned().unwrap_or_default();
            scores = scores.child(
                el("li")
                    .child(crate::look::seat_mark(i))
                    .text(&format!(" {name}: {}", p.score)),
            );
        }
        el("div")
            .class("online-dm")
            .child(
                el("div").attr("id", "online-dm-box").child(
                    el("canvas")
                        .attr("id", BOARD_ID)
                        .attr("role", "img")
                        .attr("aria-label", &t("dm-online-board")),
                ),
            )
            .child(side.child(scores))
    }

    fn drawn(&mut self, shown: &Shown) {
        let Some(v) = view_of(shown.view) else { return };
        let Some(canvas) = by_id(BOARD_ID).and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let film = film_of(&v, shown.names);
        let frame = Frame::of_board(&v.board);
        let picked = PICKED.with(|p| *p.borrow());
        let marks = Marks {
            selected: picked
                .and_then(|u| v.board.units.get(u as usize))
                .map(|u| u.at as usize),
            targets: Vec::new(),
            planned: Vec::new(),
            cursor: None,
        };
        draw_board(&canvas, &film, &frame, &marks);
        canvas
            .set_attribute("data-cols", &v.board.cols.to_string())
            .ok();
    }

    fn replay(&mut self, record: &str) {
        super::game::open_text(record, &super::game::Opening::Online);
        super::render_now();
    }

    fn closed(&mut self) {
        PICKED.with(|p| *p.borrow_mut() = None);
        super::render_now();
    }
}

/// A click on the online board: one of the seat's units there is picked.
pub fn board_click(x: f64, y: f64) {
    let Some(canvas) = by_id(BOARD_ID) else {
        return;
    };
    let cols: usize = canvas
        .get_attribute("data-cols")
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let size: f64 = canvas
        .get_attribute("data-cell")
        .and_then(|c| c.parse().ok())
        .unwrap_or(0.0);
    if cols == 0 || size <= 0.0 {
        return;
    }
    let square = (y / size).floor() as usize * cols + (x / size).floor() as usize;
    let legal = actions(&online::legal());
    let view = online_view();
    let unit = view.and_then(|v| {
        v.board
            .units
            .iter()
            .enumerate()
            .find(|(i, u)| {
                u.alive()
                    && u.at as usize == square
                    && legal.iter().flatten().any(|a| a.unit() == Some(*i as u16))
            })
            .map(|(i, _)| i as u16)
    });
    PICKED.with(|p| *p.borrow_mut() = unit);
    online::redraw();
}

fn online_view() -> Option<View> {
    online::view().and_then(|v| view_of(&v))
}
