//! Catan online: the page kit's online play ([`tabula_page_kit::online`])
//! with this page's game screen. The server sends the seat's player view
//! and its legal actions; the screen draws them as the game at this
//! device does (the board through [`crate::game_board`], the seats, what
//! is asked, the hand, the actions' buttons, the trade forms and the end
//! through [`crate::game_panel`]), with the view's counts of other seats'
//! hidden cards. A touch on the board does what it does at this device
//! (plays the spot's one move, offers its several, picks a knight up);
//! every button is one of the server's `legal` actions; where the board
//! changed since it was last drawn (the others' builds, the robber) is
//! marked as the last action's place is at one device. The board is
//! explored and played as at one device, through the same code: the
//! keyboard's cursor and its words ([`crate::board_explore`] over the
//! page kit's `explore`), the board in words for a screen reader, and on
//! a phone a board drawn larger until every target is 24 px, panned in
//! its box, where a finger's first tap only shows what a second tap on
//! the same place would do (`touch::Confirm`, the line above the board).
//! A new room's options: the rules (Cities & Knights or the base game),
//! the victory points and the map.

use std::cell::RefCell;

use serde_json::{Value, json};
use tabula_catan::game::state::{Building, Knight};
use tabula_catan::game::topology::{CornerId, HexId};
use tabula_catan::game::view::View;
use tabula_catan::{Action, Catan};
use tabula_page_kit::dom::{El, by_id, el};
use tabula_page_kit::explore::Explore;
use tabula_page_kit::i18n::t;
use tabula_page_kit::online::{self, Fields, OnlineGame, Shown};
use tabula_page_kit::touch;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::board_explore::Explored;
use crate::game_board::{self, Choosing};
use crate::game_panel::{self, Seen, Trade};
use crate::game_words::Names;
use crate::spots::{Layout, Spot};

/// The board's id in online play.
pub const BOARD_ID: &str = "online-cg-board";

/// The id of the board's box (it pans on a phone).
const BOX_ID: &str = "online-cg-box";

/// The maps a new room may be played on (commands' names, catalogue keys).
const MAPS: [(&str, &str); 3] = [
    ("standard", "catan-shipped-standard"),
    ("three", "catan-shipped-three"),
    ("small", "catan-shipped-small"),
];

/// What the person is in the middle of choosing, kept between drawings.
#[derive(Default)]
struct Pick {
    knight: Option<CornerId>,
    menu: Vec<Action>,
    trade: Trade,
    layout: Option<Layout>,
    /// The legal actions the picks were made among: new ones drop them.
    legal: online::PickedAmong,
    /// The pieces on the board as last drawn.
    pieces: Option<Pieces>,
    /// Where they changed then: marked as the last action's place.
    changed: Vec<Spot>,
    /// The explorer's cursor: the place the arrow keys reached, or a
    /// finger's first tap.
    explore: Option<Spot>,
    /// A finger's first tap, waiting for the second on the same place.
    confirm: touch::Confirm<Spot>,
    /// The seats' names and the seat deciding here, as last shown.
    names: Vec<String>,
    acting: Option<u8>,
    /// Whether the board was last drawn larger than its box (which then
    /// pans: kept in the box's class when the screen is drawn again).
    pans: bool,
}

/// The pieces on the board: what stands on each corner and side, and
/// the robber.
#[derive(PartialEq)]
struct Pieces {
    buildings: Vec<Building>,
    knights: Vec<Option<Knight>>,
    roads: Vec<Option<u8>>,
    robber: HexId,
}

impl Pieces {
    fn of(game: &Catan) -> Pieces {
        Pieces {
            buildings: game.buildings.clone(),
            knights: game.knights.clone(),
            roads: game.roads.clone(),
            robber: game.robber,
        }
    }

    /// Where `self` differs from `before`.
    fn changed_since(&self, before: &Pieces) -> Vec<Spot> {
        let mut out: Vec<Spot> = Vec::new();
        let corners = self.buildings.len().min(before.buildings.len());
        for c in 0..corners.min(self.knights.len()).min(before.knights.len()) {
            if self.buildings[c] != before.buildings[c] || self.knights[c] != before.knights[c] {
                out.push(Spot::Corner(c as CornerId));
            }
        }
        for e in 0..self.roads.len().min(before.roads.len()) {
            if self.roads[e] != before.roads[e] {
                out.push(Spot::Side(e as u16));
            }
        }
        if self.robber != before.robber {
            out.push(Spot::Hex(self.robber));
        }
        out
    }
}

/// The places on the board that changed since it was last drawn (kept
/// while nothing changes): what the others just did, marked as at one
/// device the last action's place is.
fn board_news(game: &Catan) -> Vec<Spot> {
    PICK.with(|p| {
        let mut p = p.borrow_mut();
        let now = Pieces::of(game);
        match &p.pieces {
            Some(before) if *before == now => {}
            Some(before) => {
                p.changed = now.changed_since(before);
                p.pieces = Some(now);
            }
            None => p.pieces = Some(now),
        }
        p.changed.clone()
    })
}

thread_local! {
    static PICK: RefCell<Pick> = RefCell::new(Pick::default());
}

/// Catan for online play.
pub struct CatanOnline {
    /// Draws the page again (online play closed gives the screen back).
    pub redraw: fn(),
    /// Opens a game's record to replay (a game played online).
    pub open_record: fn(&str),
}

/// The view as sent, read, with its board numbered. (Read as the AI
/// worker in this same module reads views, through
/// `tabula_engine::plain`: the module holds one reader of the game's
/// JSON, not a second one.)
fn view_of(v: &Value) -> Option<View> {
    let mut view: View = online::read(v)?;
    view.state.topo = view.topology();
    Some(view)
}

/// The server's legal actions, read (one that does not read stays in
/// its place, so places in `legal` stay right).
fn actions(legal: &[Value]) -> Vec<Option<Action>> {
    online::read_all(legal)
}

/// Picks made among other legal actions are dropped.
fn settle_pick(legal: &[Value]) {
    PICK.with(|p| {
        let mut p = p.borrow_mut();
        if p.legal.changed(legal) {
            p.knight = None;
            p.menu.clear();
            p.trade.counter = None;
            p.confirm.clear();
        }
    });
}

/// The seat deciding at this browser now.
fn acting(shown: &Shown) -> Option<u8> {
    shown
        .you
        .filter(|s| shown.to_act.contains(s) && !shown.legal.is_empty())
}

/// The button that plays `a`: its place in the server's `legal`.
fn act_button(legal: &[Option<Action>], label: &str, a: &Action) -> El {
    let at = legal.iter().position(|x| x.as_ref() == Some(a));
    el("button")
        .attr("type", "button")
        .attr(
            "data-online-act",
            &at.map(|i| i.to_string()).unwrap_or_default(),
        )
        .disabled(at.is_none())
        .text(label)
}

fn select(id: &str, chosen: &str, choices: &[(&str, String)]) -> El {
    let mut s = el("select").attr("id", id);
    for (value, words) in choices {
        let mut o = el("option").attr("value", value).text(words);
        if *value == chosen {
            o = o.attr("selected", "");
        }
        s = s.child(o);
    }
    s
}

impl OnlineGame for CatanOnline {
    fn ruleset(&self) -> &'static str {
        "catan"
    }

    fn seat_counts(&self) -> Vec<usize> {
        vec![3, 4]
    }

    fn options_fields(&self, fields: &Fields) -> Option<El> {
        let rules = fields.get("online-opt-rules", "ck");
        let map = fields.get("online-opt-map", "standard");
        let maps: Vec<(&str, String)> = MAPS.iter().map(|(v, k)| (*v, t(k))).collect();
        Some(
            el("div")
                .class("online-options")
                .child(el("label").text(&t("cg-rules")).child(select(
                    "online-opt-rules",
                    &rules,
                    &[("ck", t("cgo-rules-ck")), ("base", t("cgo-rules-base"))],
                )))
                .child(
                    el("label").text(&t("cg-goal")).child(
                        el("input")
                            .attr("type", "number")
                            .attr("id", "online-opt-points")
                            .attr("min", "3")
                            .attr("max", "20")
                            .attr("inputmode", "numeric")
                            .attr("placeholder", &t("cg-goal-default"))
                            .attr("value", &fields.get("online-opt-points", "")),
                    ),
                )
                .child(
                    el("label")
                        .text(&t("cg-map"))
                        .child(select("online-opt-map", &map, &maps)),
                ),
        )
    }

    fn options(&self, fields: &Fields) -> Value {
        let points = fields
            .get("online-opt-points", "")
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|p| (3..=20).contains(p));
        json!({
            "cities_and_knights": fields.get("online-opt-rules", "ck") != "base",
            "points": points,
        })
    }

    fn map(&self, fields: &Fields) -> Option<String> {
        let name = fields.get("online-opt-map", "standard");
        Some(crate::library::shipped_text(&name).to_string())
    }

    fn seat_badge(&self, seat: u8) -> El {
        game_panel::seat_marker(seat)
    }

    fn show(&mut self, shown: &Shown) -> El {
        let Some(view) = view_of(shown.view) else {
            return el("p").class("problem").text(&t("cgo-unreadable"));
        };
        settle_pick(shown.legal);
        PICK.with(|p| {
            let mut p = p.borrow_mut();
            p.names = shown.names.to_vec();
            p.acting = acting(shown);
        });
        let legal_at = actions(shown.legal);
        let act = |label: &str, a: &Action| act_button(&legal_at, label, a);
        let game = &view.state;
        PICK.with(|p| {
            let p = p.borrow();
            let seen = Seen {
                game,
                viewer: shown.you,
                backs: Some(view.backs.clone()),
                names: Names::new(shown.names, game),
                who: Vec::new(),
                deciding: shown.to_act.to_vec(),
                acting: acting(shown),
                legal: legal_at.iter().flatten().copied().collect(),
                knight: p.knight,
                menu: &p.menu,
                trade: p.trade,
                act: &act,
            };
            let mut panel = el("section")
                .attr("id", "online-cg-panel")
                .class("game-panel")
                .attr("aria-labelledby", "asked");
            panel = if shown.over {
                panel.child(game_panel::end_view(&seen, &Default::default()))
            } else {
                game_panel::choices_parts(&seen, panel.child(game_panel::asked_view(&seen)))
            };
            el("div")
                .class("cgo")
                .child(
                    el("div")
                        .class("cgo-board")
                        .child(touch::hint_line(
                            BOX_ID,
                            &tap_hint(&p, game, &seen.legal, shown),
                        ))
                        .child(
                            el("div")
                                .attr("id", BOX_ID)
                                .class(if p.pans { "pans" } else { "" })
                                .child(
                                    el("canvas")
                                        .attr("id", BOARD_ID)
                                        .attr("tabindex", "0")
                                        .attr("role", "application")
                                        .attr("aria-label", &t("cg-board-label")),
                                ),
                        )
                        .child(crate::board_explore::board_text(
                            game,
                            &seen.names,
                            "online-board-text",
                        )),
                )
                .child(
                    el("div")
                        .class("cgo-side")
                        .child(game_panel::status_parts(
                            &seen,
                            el("div")
                                .attr("id", "online-cg-status")
                                .class("game-status"),
                        ))
                        .child(panel),
                )
        })
    }

    fn drawn(&mut self, shown: &Shown) {
        let Some(view) = view_of(shown.view) else {
            return;
        };
        let Some(canvas) = by_id(BOARD_ID).and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let fit = by_id(BOX_ID)
            .map(|b| f64::from(b.client_width()))
            .unwrap_or(600.0)
            .clamp(240.0, 720.0);
        // On a touch screen larger, until every target is 24 px, and panned
        // (as at one device).
        let target = crate::game_draw::layout(&view.state, fit).size / 2.0;
        let width = touch::board_width(fit, target);
        touch::pan(BOX_ID, width > fit);
        PICK.with(|p| p.borrow_mut().pans = width > fit);
        let legal: Vec<Action> = actions(shown.legal).into_iter().flatten().collect();
        let game = &view.state;
        let last = board_news(game);
        let layout = PICK.with(|p| {
            let choosing = Choosing {
                acting: acting(shown),
                legal: &legal,
                knight: p.borrow().knight,
            };
            let explore = p.borrow().explore;
            let marks = game_board::Shown {
                cursor: explore.filter(|s| choosing.lit(game).contains(s)),
                highlight: &[],
                last: &last,
                explore,
            };
            game_board::draw(
                &canvas,
                game,
                &Names::new(shown.names, game),
                &choosing,
                &marks,
                width,
            )
        });
        PICK.with(|p| p.borrow_mut().layout = layout);
    }

    fn replay(&mut self, record: &str) {
        (self.open_record)(record);
    }

    fn closed(&mut self) {
        PICK.with(|p| *p.borrow_mut() = Pick::default());
        (self.redraw)();
    }
}

/// The line above the board on a phone: after a first tap, what a
/// second tap there would do (else what the place is); before, how taps
/// work while this seat decides.
fn tap_hint(p: &Pick, game: &Catan, legal: &[Action], shown: &Shown) -> String {
    let Some(spot) = p.confirm.pending() else {
        return if acting(shown).is_some() {
            t("cg-tap-hint")
        } else {
            String::new()
        };
    };
    let names = Names::new(shown.names, game);
    let choosing = Choosing {
        acting: acting(shown),
        legal,
        knight: p.knight,
    };
    let e = Explored::new(game, &names, &choosing).by_touch(true);
    let enter = e.enter(spot);
    if enter.is_empty() {
        e.index(spot).map(|at| e.describe(at)).unwrap_or_default()
    } else {
        enter
    }
}

/// The board as the explorer says it now (`by_touch`: what a second tap
/// would do, rather than Enter), given to `f` with the game's view.
fn explored<R>(by_touch: bool, f: impl FnOnce(&Explored, &mut Pick) -> R) -> Option<R> {
    let view = online::view().and_then(|v| view_of(&v))?;
    let legal: Vec<Action> = actions(&online::legal()).into_iter().flatten().collect();
    let (seats, acting, knight) = PICK.with(|p| {
        let p = p.borrow();
        (p.names.clone(), p.acting, p.knight)
    });
    let game = &view.state;
    let names = Names::new(&seats, game);
    let choosing = Choosing {
        acting,
        legal: &legal,
        knight,
    };
    let e = Explored::new(game, &names, &choosing).by_touch(by_touch);
    Some(PICK.with(|p| f(&e, &mut p.borrow_mut())))
}

/// A key on the online board (the page kit's explorer, as at one
/// device): the arrows, Home and End move the cursor from place to
/// place, N and P to where this seat can act, S says the board, Enter or
/// Space acts at the cursor, Escape puts a picked-up knight down; whether
/// the key was the board's.
pub fn board_key(key: &str) -> bool {
    match key {
        "Enter" | " " => {
            let at = PICK.with(|p| p.borrow().explore);
            if let Some(spot) = at {
                touch_spot(spot);
            }
            true
        }
        "Escape" => {
            command("game-drop-knight");
            true
        }
        _ => {
            let said = explored(false, |e, p| {
                let at = p.explore.and_then(|s| e.index(s));
                let (at, text) = tabula_page_kit::explore::key(e, at, key)?;
                p.explore = at.and_then(|a| e.spot(a));
                p.confirm.clear();
                Some(text)
            })
            .flatten();
            match said {
                Some(text) => {
                    tabula_page_kit::explore::say(&text);
                    online::redraw();
                    true
                }
                None => false,
            }
        }
    }
}

/// A click on the online board at (x, y). A mouse does what a touch does
/// at this device (the spot's one move played, its several offered, a
/// knight picked up); a finger's first tap on a place only shows what a
/// second tap there would do (drawn, said, and on the line above the
/// board), and the second tap does it.
pub fn board_click(x: f64, y: f64) {
    let Some(view) = online::view().and_then(|v| view_of(&v)) else {
        return;
    };
    let Some(spot) = PICK.with(|p| p.borrow().layout?.spot_at(&view.state.topo, x, y)) else {
        return;
    };
    if !touch::last_was_touch() {
        PICK.with(|p| p.borrow_mut().explore = Some(spot));
        touch_spot(spot);
        return;
    }
    let confirmed = PICK.with(|p| p.borrow_mut().confirm.tap(spot));
    if confirmed {
        touch_spot(spot);
        return;
    }
    let words = explored(true, |e, p| {
        p.explore = Some(spot);
        e.index(spot).map(|at| e.describe(at)).unwrap_or_default()
    });
    if let Some(words) = words {
        tabula_page_kit::explore::say(&words);
    }
    online::redraw();
}

/// Touch `spot` as at this device: its one move played, its several
/// offered, a knight picked up or put down.
fn touch_spot(spot: Spot) {
    let Some(view) = online::view().and_then(|v| view_of(&v)) else {
        return;
    };
    let legal_json = online::legal();
    let legal_at = actions(&legal_json);
    let legal: Vec<Action> = legal_at.iter().flatten().copied().collect();
    let played = PICK.with(|p| {
        let mut p = p.borrow_mut();
        let p = &mut *p;
        p.confirm.clear();
        game_board::touched(&legal, &view.state, &mut p.knight, &mut p.menu, spot)
    });
    match played.and_then(|a| legal_at.iter().position(|x| *x == Some(a))) {
        Some(i) => online::play(i),
        None => online::redraw(),
    }
}

/// A command of the online game screen's own buttons (`game-drop-knight`).
pub fn command(cmd: &str) {
    if cmd == "game-drop-knight" {
        PICK.with(|p| {
            let mut p = p.borrow_mut();
            p.knight = None;
            p.menu.clear();
        });
        online::redraw();
    }
}

/// A trade form's field changed (`offer-give`, `counter-take-n`, …).
pub fn set_offer(field: &str, value: &str) {
    let Some(view) = online::view().and_then(|v| view_of(&v)) else {
        return;
    };
    PICK.with(|p| p.borrow_mut().trade.set(field, value, &view.state));
    online::redraw();
}
