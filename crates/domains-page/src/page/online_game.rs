//! Domains online: the page kit's online play
//! ([`tabula_page_kit::online`]) with this page's board. The seat's view
//! from the server (the board and its own orders this round; others'
//! orders stay secret until the round runs) is drawn as at one device; a
//! click on one of the seat's units picks it, and its orders allowed by
//! the server are buttons, with "End my orders" always there; a click on
//! a square the picked unit may move to or attack gives that order. On a
//! phone the board is drawn larger until every square is 24 px and pans
//! in its box, first showing the seat's own units (`touch::board_width`,
//! `touch::pan_to`), as at one device; a finger's first tap on a square
//! that would give an order only shows it (the line above the board,
//! `touch::hint`) and a second tap on the same square gives it
//! (`touch::Confirm`).

use std::cell::RefCell;

use serde_json::Value;
use tabula_domains::game::View;
use tabula_domains::{Action, Dir};
use tabula_page_kit::dom::{El, by_id, el};
use tabula_page_kit::online::{self, Fields, OnlineGame, Shown};
use tabula_page_kit::touch;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::draw::{Marks, cell_size, draw_board, units_middle};
use crate::frames::{Film, Frame};
use crate::words::{t, tf};

/// The board's id in online play.
pub const BOARD_ID: &str = "online-dm-board";

/// The id of the board's box (it pans on a phone).
const BOX_ID: &str = "online-dm-box";

/// What the person is in the middle of choosing, kept between drawings.
#[derive(Default)]
struct Pick {
    /// The unit picked on the board.
    unit: Option<u16>,
    /// A finger's first tap on a square that would give an order, waiting
    /// for the second (row, column).
    confirm: touch::Confirm<(i64, i64)>,
    /// The legal actions the tap was made among: new ones drop it.
    legal: online::PickedAmong,
    /// Whether the board was last drawn larger than its box (which then
    /// pans: kept in the box's class when the screen is drawn again).
    pans: bool,
    /// The round whose orders last brought the seat's units into sight.
    shown_round: Option<u32>,
}

thread_local! {
    static PICK: RefCell<Pick> = RefCell::new(Pick::default());
}

/// The unit picked on the board.
fn picked() -> Option<u16> {
    PICK.with(|p| p.borrow().unit)
}

/// The place in `legal` of the order that a tap on square (`row`, `col`)
/// gives the picked `unit`: a move there, or an attack where another
/// seat's unit stands (whichever the server allows, that one first).
fn order_at(v: &View, legal: &[Option<Action>], unit: u16, row: i64, col: i64) -> Option<usize> {
    let cols = i64::from(v.board.cols);
    let rows = i64::from(v.board.rows);
    if !(0..rows).contains(&row) || !(0..cols).contains(&col) {
        return None;
    }
    let from = i64::from(v.board.units.get(unit as usize)?.at);
    let (r, c) = (from / cols, from % cols);
    if (row, col) == (r, c) || (row - r).abs() > 1 || (col - c).abs() > 1 {
        return None;
    }
    let dir = Dir::between((r as i32, c as i32), (row as i32, col as i32));
    let square = (row * cols + col) as u16;
    let enemy =
        v.board.units.iter().any(|u| {
            u.alive() && u.at == square && u.player != v.board.units[unit as usize].player
        });
    let find = |attack: bool| {
        legal.iter().position(|a| {
            *a == Some(if attack {
                Action::Attack { unit, dir }
            } else {
                Action::Move { unit, dir }
            })
        })
    };
    find(enemy).or_else(|| find(!enemy))
}

/// The squares the picked unit may be given an order on by a tap.
fn targets(v: &View, legal: &[Option<Action>], unit: u16) -> Vec<usize> {
    let cols = v.board.cols as usize;
    (0..v.board.rows as usize * cols)
        .filter(|&i| order_at(v, legal, unit, (i / cols) as i64, (i % cols) as i64).is_some())
        .collect()
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
        // A first tap made among other legal actions is dropped.
        PICK.with(|p| {
            let mut p = p.borrow_mut();
            if p.legal.changed(shown.legal) {
                p.confirm.clear();
            }
        });
        let picked = picked();
        let pans = PICK.with(|p| p.borrow().pans);
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
                .child(
                    el("p")
                        .class("hint")
                        .text(&t(&touch::key("dm-online-pick-unit"))),
                )
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
                el("div")
                    .class("online-dm-board")
                    .child(touch::hint_line(BOX_ID, &tap_hint(&v, &legal)))
                    .child(touch::pan_box(
                        BOX_ID,
                        pans,
                        &t("dm-online-board"),
                        el("canvas")
                            .attr("id", BOARD_ID)
                            .attr("role", "img")
                            .attr("aria-label", &t("dm-online-board")),
                    )),
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
        let picked = picked();
        let legal = actions(shown.legal);
        let cols = v.board.cols as usize;
        let pending = PICK.with(|p| p.borrow().confirm.pending());
        let marks = Marks {
            selected: picked
                .and_then(|u| v.board.units.get(u as usize))
                .map(|u| u.at as usize),
            targets: picked.map(|u| targets(&v, &legal, u)).unwrap_or_default(),
            planned: Vec::new(),
            cursor: pending.map(|(r, c)| r as usize * cols + c as usize),
        };
        // A seat's board on a touch screen: larger until every square is
        // 24 px, panned in its box, first showing the seat's own units.
        let tapped = shown.you.is_some() && !shown.over;
        draw_board(&canvas, &film, &frame, &marks, tapped);
        let rows = v.board.rows as usize;
        let s = cell_size(cols, rows, tapped);
        let mine = shown
            .you
            .and_then(|seat| units_middle(&frame, cols, rows, seat, s));
        let on = s > cell_size(cols, rows, false);
        touch::pan_to(BOX_ID, on, mine);
        // At the start of each round's orders the seat's units are in sight.
        let round = v.board.round;
        if on
            && !shown.legal.is_empty()
            && PICK.with(|p| p.borrow_mut().shown_round.replace(round)) != Some(round)
        {
            touch::bring_into_view(BOX_ID, mine);
        }
        PICK.with(|p| p.borrow_mut().pans = s > cell_size(cols, rows, false));
        touch::keyboard_scrolls(BOX_ID, &t("dm-online-board"));
        canvas
            .set_attribute("data-cols", &v.board.cols.to_string())
            .ok();
    }

    fn replay(&mut self, record: &str) {
        super::game::open_text(record, &super::game::Opening::Online);
        super::render_now();
    }

    fn closed(&mut self) {
        PICK.with(|p| *p.borrow_mut() = Pick::default());
        super::render_now();
    }
}

/// The line above the board on a phone: after a first tap, what a
/// second tap on the same square would do; before, how taps work while
/// this seat gives orders.
fn tap_hint(v: &View, legal: &[Option<Action>]) -> String {
    if legal.is_empty() {
        return String::new();
    }
    let pending = PICK.with(|p| (p.borrow().unit, p.borrow().confirm.pending()));
    match pending {
        (Some(unit), Some((row, col))) => order_at(v, legal, unit, row, col)
            .and_then(|i| legal[i].as_ref())
            .map(|a| tap_again(unit, a))
            .unwrap_or_default(),
        _ => t("domains-tap-hint"),
    }
}

/// What a second tap gives unit `unit` (words as at one device).
fn tap_again(unit: u16, a: &Action) -> String {
    tf(
        "domains-tap-again",
        &[
            ("unit", &unit.to_string()),
            ("order", &super::person::describe(a)),
        ],
    )
}

/// A click on the online board: one of the seat's units there is picked;
/// on a square the picked unit may move to or attack, that order is
/// given (a finger's first tap there only shows it, the second gives it).
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
    let (row, col) = ((y / size).floor() as i64, (x / size).floor() as i64);
    let square = row as usize * cols + col as usize;
    let legal = actions(&online::legal());
    let view = online_view();
    let order = view.as_ref().and_then(|v| {
        let unit = picked()?;
        Some((unit, order_at(v, &legal, unit, row, col)?))
    });
    if let Some((unit, i)) = order {
        if touch::last_was_touch() && !PICK.with(|p| p.borrow_mut().confirm.tap((row, col))) {
            if let Some(a) = &legal[i] {
                tabula_page_kit::explore::say(&tap_again(unit, a));
            }
            online::redraw();
            return;
        }
        PICK.with(|p| p.borrow_mut().confirm.clear());
        online::play(i);
        return;
    }
    PICK.with(|p| p.borrow_mut().confirm.clear());
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
    PICK.with(|p| p.borrow_mut().unit = unit);
    online::redraw();
}

fn online_view() -> Option<View> {
    online::view().and_then(|v| view_of(&v))
}
