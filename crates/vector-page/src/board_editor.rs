//! The board editor: draw a Vector board square by square on the page
//! kit's grid editor (brush, rectangle, fill, undo and redo), four times
//! over if wished (each square turned for the other seats); the square
//! to paint is chosen with its parameters (points and who gets them,
//! yellow, whose turn is lost, a push's direction and steps). The board
//! is checked as it changes by the same `read_board` as `tabula map
//! check --ruleset vector`, each problem marked on its square and said
//! by line; boards are imported and exported in the seed's format,
//! shared as a link and played. The board being drawn is kept in the
//! browser.

use std::cell::RefCell;

use tabula_engine::Seat;
use tabula_page_kit::dom::{El, button, by_id, el, local_storage};
use tabula_page_kit::grid::{Place, Tool};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::morph;
use tabula_page_kit::sketch::Sketch;
use tabula_vector::board::{MAX_BOARD_BYTES, MAX_POINTS};
use tabula_vector::{Dir, Payee, Pos, Square, read_board};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlInputElement, KeyboardEvent, PointerEvent};

use crate::board_draft::{Draft, Flaw, four_fold_since, place, pos};
use crate::parts::value_of;
use crate::signs::{self, dir_word, seat_word};

/// Where the board being drawn is kept.
const DRAFT_KEY: &str = "tabula-vector-draft";
/// The value of "your board" in the pages' board choices.
pub const YOURS: &str = "yours";

/// The kinds of square, as the kind choice names them.
const KINDS: [(&str, &str); 4] = [
    ("blank", "v-ed-kind-blank"),
    ("points", "v-ed-kind-points"),
    ("noturn", "v-ed-kind-noturn"),
    ("move", "v-ed-kind-move"),
];

/// Who a points square can pay, as the payee choice names them.
const PAYEES: [&str; 9] = ["all", "0", "1", "2", "3", "0-1", "0-3", "2-1", "2-3"];

/// The editor.
struct Editor {
    /// The board's name (its file's `# name:` line).
    name: String,
    /// Its squares being drawn, the tool, the cursor and undo (the kit's);
    /// painting four times over is its echo.
    sketch: Sketch<Square>,
    brush: Square,
    flaws: Vec<Flaw>,
    /// A file or link that was not opened: why, problem by problem.
    refused: Option<(String, Vec<Flaw>)>,
    message: Option<String>,
    link: Option<String>,
    layout: Option<crate::draw::Layout>,
    /// A finger's first tap on a square, waiting for the second that
    /// paints it (`touch::Confirm`).
    confirm: tabula_page_kit::touch::Confirm<Place>,
}

thread_local! {
    static EDITOR: RefCell<Option<Editor>> = const { RefCell::new(None) };
    /// The board the next game's set-up offers first.
    static PREFERRED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Whether the editor is on.
pub fn active() -> bool {
    EDITOR.with(|e| e.borrow().is_some())
}

/// The board the set-up forms should offer first, if any (once).
pub fn preferred() -> Option<String> {
    PREFERRED.with(|p| p.borrow().clone())
}

/// Forget the preferred board (a game started).
pub fn forget_preferred() {
    PREFERRED.with(|p| *p.borrow_mut() = None);
}

/// The board kept in the browser, if it can be played: its text.
pub fn kept_board() -> Option<String> {
    let text = local_storage()?.get_item(DRAFT_KEY).ok().flatten()?;
    read_board(&text).ok().map(|_| text)
}

/// The name of the kept board, for the board choices.
pub fn kept_name() -> Option<String> {
    kept_board().map(|text| {
        let name = signs::board_name("", &text);
        if name.is_empty() {
            t("v-ed-untitled")
        } else {
            name
        }
    })
}

fn kept_draft() -> Draft {
    local_storage()
        .and_then(|s| s.get_item(DRAFT_KEY).ok().flatten())
        .and_then(|text| Draft::read(&text).ok())
        .unwrap_or_else(|| Draft::blank(&t("v-ed-untitled")))
}

impl Editor {
    fn new(draft: Draft) -> Editor {
        let mut sketch = Sketch::new(draft.grid);
        sketch.cursor = (0, 10);
        sketch.echo = Some(four_fold_since);
        let mut e = Editor {
            name: draft.name,
            sketch,
            brush: Square::Points {
                value: 5,
                to: Payee::All,
                yellow: false,
            },
            flaws: Vec::new(),
            refused: None,
            message: None,
            link: None,
            layout: None,
            confirm: tabula_page_kit::touch::Confirm::new(),
        };
        e.changed();
        e
    }

    /// The board as it stands for good (a rectangle half drawn by keys
    /// is not in it yet).
    fn draft(&self) -> Draft {
        Draft {
            name: self.name.clone(),
            grid: self.sketch.settled().clone(),
        }
    }

    /// Whether each square is painted four times over.
    fn four(&self) -> bool {
        self.sketch.echo.is_some()
    }

    /// The keyboard cursor as a board square.
    fn cursor(&self) -> Pos {
        pos(self.sketch.cursor)
    }

    /// After every change: check the board again and keep it.
    fn changed(&mut self) {
        let draft = self.draft();
        self.flaws = draft.problems();
        self.link = None;
        if let Some(s) = local_storage() {
            s.set_item(DRAFT_KEY, &draft.text()).ok();
        }
    }

    /// After a stroke: what was said of the last step is stale.
    fn stroked(&mut self, changed: bool) {
        if changed {
            self.message = None;
            self.changed();
        }
    }

    /// End the pointer's stroke: one step to undo.
    fn release(&mut self) {
        let changed = self.sketch.release();
        self.stroked(changed);
    }

    /// Put a whole new board in (one step to undo).
    fn replace(&mut self, draft: Draft) {
        self.name = draft.name;
        self.sketch.replace(draft.grid);
        self.refused = None;
        self.changed();
    }

    fn undo(&mut self) {
        if self.sketch.undo() {
            self.changed();
        }
    }

    fn redo(&mut self) {
        if self.sketch.redo() {
            self.changed();
        }
    }
}

fn with<R>(f: impl FnOnce(&mut Editor) -> R) -> Option<R> {
    EDITOR.with(|e| e.borrow_mut().as_mut().map(f))
}

/// Open the editor on the board kept in the browser.
pub fn open() {
    open_with(kept_draft());
}

fn open_with(draft: Draft) {
    EDITOR.with(|e| *e.borrow_mut() = Some(Editor::new(draft)));
}

/// Leave the editor.
pub fn close() {
    EDITOR.with(|e| *e.borrow_mut() = None);
}

/// The kind of a square, as the kind choice names it.
fn kind_of(s: Square) -> &'static str {
    match s {
        Square::Blank => "blank",
        Square::Points { .. } => "points",
        Square::NoTurn(_) => "noturn",
        Square::Move { .. } => "move",
    }
}

fn payee_value(to: Payee) -> String {
    match to {
        Payee::All => "all".into(),
        Payee::Seat(s) => s.to_string(),
        Payee::Pair(a, b) => format!("{a}-{b}"),
    }
}

fn payee_of(v: &str) -> Payee {
    let seat = |w: &str| w.parse::<Seat>().ok().filter(|s| *s < 4);
    match v.split_once('-') {
        Some((a, b)) => match (seat(a), seat(b)) {
            (Some(a), Some(b)) => Payee::Pair(a, b),
            _ => Payee::All,
        },
        None => seat(v).map_or(Payee::All, Payee::Seat),
    }
}

fn payee_words(to: Payee) -> String {
    match to {
        Payee::All => t("v-sq-mover"),
        Payee::Seat(s) => seat_word(s),
        Payee::Pair(a, b) => tf("v-sq-pair", &[("a", &seat_word(a)), ("b", &seat_word(b))]),
    }
}

fn checked(id: &str) -> bool {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

/// The square the form describes (its numbers kept within the rules).
fn brush_from_form(old: Square) -> Square {
    let number = |id: &str, lo: i32, hi: i32, default: i32| {
        value_of(id)
            .trim()
            .parse::<i32>()
            .map_or(default, |v| v.clamp(lo, hi))
    };
    match value_of("ed-kind").as_str() {
        "blank" => Square::Blank,
        "points" => Square::Points {
            value: number("ed-value", -MAX_POINTS, MAX_POINTS, 5),
            to: payee_of(&value_of("ed-payee")),
            yellow: checked("ed-yellow"),
        },
        "noturn" => Square::NoTurn(number("ed-seat", 0, 3, 0) as Seat),
        "move" => Square::Move {
            dir: Dir::from_short(&value_of("ed-dir")).unwrap_or(Dir::N),
            steps: number("ed-steps", 1, 3, 1) as u8,
        },
        _ => old,
    }
}

fn select(id: &str, label: &str, options: Vec<(String, String)>, chosen: &str) -> El {
    let mut s = el("select").attr("id", id);
    for (value, words) in options {
        let mut o = el("option").attr("value", &value).text(&words);
        if value == chosen {
            o = o.attr("selected", "");
        }
        s = s.child(o);
    }
    el("label").text(label).child(s)
}

fn number(id: &str, label: &str, min: i32, max: i32, value: i32) -> El {
    el("label").text(label).child(
        el("input")
            .attr("id", id)
            .attr("type", "number")
            .attr("min", &min.to_string())
            .attr("max", &max.to_string())
            .attr("value", &value.to_string()),
    )
}

fn brush_view(brush: Square) -> El {
    let kinds = KINDS.iter().map(|(v, k)| (v.to_string(), t(k))).collect();
    let mut box_ = el("fieldset")
        .class("ed-brush")
        .child(el("legend").text(&t("v-ed-brush")));
    box_ = box_.child(select("ed-kind", &t("v-ed-kind"), kinds, kind_of(brush)));
    let seats = || (0..4u8).map(|s| (s.to_string(), seat_word(s))).collect();
    box_ = match brush {
        Square::Blank => box_,
        Square::Points { value, to, yellow } => {
            let payees = PAYEES
                .iter()
                .map(|v| (v.to_string(), payee_words(payee_of(v))))
                .collect();
            let mut yellow_box = el("input").attr("id", "ed-yellow").attr("type", "checkbox");
            if yellow {
                yellow_box = yellow_box.attr("checked", "");
            }
            box_.child(number(
                "ed-value",
                &t("v-ed-value"),
                -MAX_POINTS,
                MAX_POINTS,
                value,
            ))
            .child(select(
                "ed-payee",
                &t("v-ed-payee"),
                payees,
                &payee_value(to),
            ))
            .child(el("label").child(yellow_box).text(&t("v-ed-yellow")))
        }
        Square::NoTurn(s) => {
            box_.child(select("ed-seat", &t("v-ed-seat"), seats(), &s.to_string()))
        }
        Square::Move { dir, steps } => {
            let dirs = Dir::ALL
                .iter()
                .map(|d| {
                    (
                        d.short().to_string(),
                        format!("{} {}", signs::arrow(*d), dir_word(*d)),
                    )
                })
                .collect();
            box_.child(select("ed-dir", &t("v-ed-dir"), dirs, dir.short()))
                .child(number("ed-steps", &t("v-ed-steps"), 1, 3, i32::from(steps)))
        }
    };
    let (sign, note) = signs::square_sign(brush);
    box_.child(el("p").attr("id", "ed-paints").text(&tf(
        "v-ed-paints",
        &[
            ("sign", format!("{sign}{note}").trim()),
            ("words", &signs::square_words(brush)),
        ],
    )))
}

fn panel(e: &Editor) -> El {
    let mut tools = el("div").class("buttons ed-tools");
    for tool in Tool::ALL {
        tools = tools.child(
            button(&tool.label(), &format!("edit:tool-{}", tool.name()))
                .pressed(e.sketch.tool == tool),
        );
    }
    tools = tools
        .child(
            button(&t("v-ed-four"), "edit:four")
                .pressed(e.four())
                .attr("id", "ed-four"),
        )
        .child(
            button(&t("v-ed-undo"), "edit:undo")
                .attr("id", "ed-undo")
                .disabled(!e.sketch.history.can_undo()),
        )
        .child(
            button(&t("v-ed-redo"), "edit:redo")
                .attr("id", "ed-redo")
                .disabled(!e.sketch.history.can_redo()),
        );
    let check = if e.flaws.is_empty() {
        el("p")
            .class("ok")
            .attr("id", "ed-check")
            .text(&t("v-ed-ok"))
    } else {
        let mut list = el("ul").attr("id", "ed-problems");
        for f in e.flaws.iter().take(20) {
            list = list.child(el("li").text(&f.words));
        }
        el("div")
            .attr("id", "ed-check")
            .child(el("p").class("problem").text(&tf(
                if e.flaws.len() == 1 {
                    "v-ed-problems-one"
                } else {
                    "v-ed-problems-many"
                },
                &[("n", &e.flaws.len().to_string())],
            )))
            .child(list)
    };
    let refused = e.refused.as_ref().map(|(what, flaws)| {
        let mut list = el("ul");
        for f in flaws.iter().take(20) {
            list = list.child(el("li").text(&f.words));
        }
        el("div")
            .class("problem")
            .attr("id", "ed-refused")
            .attr("role", "alert")
            .child(el("p").text(what))
            .child(list)
    });
    let mut starts = vec![("empty".to_string(), t("v-ed-empty"))];
    for (id, text) in signs::BOARDS {
        starts.push((id.to_string(), signs::board_name(id, text)));
    }
    el("div")
        .class("panel-inner setup editor")
        .attr("id", "editor")
        .child(el("h2").text(&t("v-ed-title")))
        .child(
            el("label").text(&t("v-ed-name")).child(
                el("input")
                    .attr("id", "ed-name")
                    .attr("type", "text")
                    .attr("maxlength", "60")
                    .attr("value", &e.name),
            ),
        )
        .child(brush_view(e.brush))
        .child(tools)
        .child(el("p").class("hint").text(&t("v-ed-keys")))
        .child(check)
        .maybe(refused)
        .maybe(e.message.as_ref().map(|m| {
            el("p")
                .attr("id", "ed-message")
                .attr("role", "status")
                .text(m)
        }))
        .child(
            el("div")
                .class("buttons")
                .child(
                    button(&t("v-ed-play"), "edit:play")
                        .class("primary")
                        .attr("id", "ed-play")
                        .disabled(!e.flaws.is_empty()),
                )
                .child(button(&t("v-ed-export"), "edit:export").attr("id", "ed-export"))
                .child(button(&t("v-ed-link"), "edit:link").attr("id", "ed-link"))
                .child(tabula_page_kit::dom::file_field(
                    &t("v-ed-import"),
                    "ed-file",
                    ".txt,text/plain",
                ))
                .child(button(&t("v-show-close"), "edit:close")),
        )
        .maybe(e.link.as_ref().map(|l| {
            el("label")
                .class("link-out")
                .text(&t("v-ed-link-copied"))
                .child(
                    el("input")
                        .attr("id", "ed-link-out")
                        .attr("readonly", "")
                        .attr("value", l),
                )
        }))
        .child(
            el("div")
                .class("ed-start")
                .child(select("ed-start", &t("v-ed-start"), starts, ""))
                .child(button(&t("v-ed-load"), "edit:load").attr("id", "ed-load")),
        )
}

/// Draw the editor: the panel and the board.
pub fn render() {
    EDITOR.with(|cell| {
        let mut cell = cell.borrow_mut();
        let Some(e) = cell.as_mut() else { return };
        if let Some(p) = by_id("panel") {
            morph::morph_children(&p, &el("section").child(panel(e)).0);
        }
        if let Some(a) = by_id("board-area") {
            a.remove_attribute("hidden").ok();
        }
        if let Some(canvas) = by_id("board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok()) {
            let flawed: Vec<Pos> = e.flaws.iter().filter_map(|f| f.at).collect();
            let grid = &e.sketch.grid;
            let cursor = e.cursor();
            // On a touch screen larger, until every square is 24 px, and
            // panned in its box; the line above it says how taps paint.
            let fit = crate::parts::board_width();
            let wide = tabula_page_kit::touch::board_width(fit, fit / crate::draw::CELLS_ACROSS);
            tabula_page_kit::touch::pan("board-box", wide > fit);
            tabula_page_kit::touch::hint("board-box", &tap_hint(e));
            e.layout = crate::draw::draw_draft(
                &canvas,
                &|p| grid.at(place(p)),
                wide,
                &flawed,
                Some(cursor),
            );
            canvas.set_attribute("tabindex", "0").ok();
            canvas.set_attribute("role", "application").ok();
            canvas
                .set_attribute(
                    "aria-label",
                    &tf(
                        "v-ed-canvas",
                        &[
                            ("row", &cursor.row.to_string()),
                            ("col", &cursor.col.to_string()),
                            ("square", &signs::square_words(grid.at(place(cursor)))),
                        ],
                    ),
                )
                .ok();
            canvas
                .set_attribute("data-flaws", &e.flaws.len().to_string())
                .ok();
        }
    });
    if let Some(body) = tabula_page_kit::dom::document().body() {
        body.set_attribute("data-screen", "editor").ok();
    }
}

/// Open a board file's text (`what` names it for the messages).
fn open_text(text: &str, what: &str) {
    let read = if text.len() > MAX_BOARD_BYTES {
        Err(vec![Flaw {
            at: None,
            words: tf(
                "v-board-too-large",
                &[
                    ("bytes", &text.len().to_string()),
                    ("max", &MAX_BOARD_BYTES.to_string()),
                ],
            ),
        }])
    } else {
        Draft::read(text)
    };
    with(|e| match read {
        Ok(d) => {
            e.replace(d);
            e.message = Some(tf("v-ed-opened", &[("name", what)]));
        }
        Err(flaws) => {
            e.refused = Some((tf("v-ed-not-opened", &[("name", what)]), flaws));
            e.message = None;
        }
    });
}

/// A command of the editor (`edit:…`).
pub fn run(what: &str) {
    // A rectangle half drawn by keys is dropped by any other command.
    with(|e| e.sketch.cancel());
    match what {
        "open" => open(),
        "close" => {
            close();
            return;
        }
        "play" => {
            let ok = with(|e| e.flaws.is_empty()).unwrap_or(false);
            if ok {
                PREFERRED.with(|p| *p.borrow_mut() = Some(YOURS.into()));
                close();
            }
            return;
        }
        "export" => {
            if let Some((text, name)) = with(|e| (e.draft().text(), e.name.clone())) {
                let stem = tabula_page_kit::dom::file_stem(&name, "vector-board");
                tabula_page_kit::dom::download(&text, "text/plain", &format!("{stem}.txt"));
            }
        }
        "link" => {
            with(|e| {
                let link = format!(
                    "{}#board={}",
                    tabula_page_kit::dom::page_url(),
                    tabula_engine::link::pack(&e.draft().text())
                );
                tabula_page_kit::dom::copy_text(&link);
                e.link = Some(link);
            });
        }
        "load" => {
            let choice = value_of("ed-start");
            let draft = match choice.as_str() {
                "empty" => Some(Draft::blank(&t("v-ed-untitled"))),
                id => signs::board_text(id).and_then(|text| Draft::read(text).ok()),
            };
            if let Some(d) = draft {
                with(|e| e.replace(d));
            }
        }
        "four" => {
            with(|e| {
                e.sketch.echo = if e.four() {
                    None
                } else {
                    Some(four_fold_since)
                }
            });
        }
        "undo" => {
            with(Editor::undo);
        }
        "redo" => {
            with(Editor::redo);
        }
        w => {
            if let Some(tool) = w.strip_prefix("tool-").and_then(Tool::from_name) {
                with(|e| e.sketch.tool = tool);
            }
        }
    }
    render();
}

/// A field of the panel changed: the square to paint, or the name.
fn field_changed(id: &str) {
    with(|e| {
        if id == "ed-name" {
            let name: String = value_of("ed-name")
                .chars()
                .filter(|c| !c.is_control() && *c != '#')
                .take(60)
                .collect();
            e.name = name.trim().to_string();
            e.changed();
        } else {
            e.brush = brush_from_form(e.brush);
        }
    });
    if id != "ed-name" {
        render();
    }
}

/// The editor's keys (on the board: arrows move, Space or Enter paints;
/// anywhere: Ctrl+Z undo, Ctrl+Y redo); whether the key was one of them.
pub fn key(e: &KeyboardEvent) -> bool {
    if !active() {
        return false;
    }
    let k = e.key();
    if e.ctrl_key() || e.meta_key() {
        let what = match k.as_str() {
            "z" if e.shift_key() => "redo",
            "Z" => "redo",
            "z" => "undo",
            "y" => "redo",
            _ => return false,
        };
        e.prevent_default();
        run(what);
        return true;
    }
    let on_board = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|t| t.id() == "board");
    if !on_board {
        return false;
    }
    let step = |dr: i64, dc: i64| {
        with(|ed| ed.sketch.move_cursor(dr, dc, ed.brush));
    };
    match k.as_str() {
        "ArrowUp" => step(-1, 0),
        "ArrowDown" => step(1, 0),
        "ArrowLeft" => step(0, -1),
        "ArrowRight" => step(0, 1),
        // The rectangle takes two presses, one at each corner; Escape
        // drops one half drawn.
        " " | "Enter" => {
            with(|ed| {
                let changed = ed.sketch.key_apply(ed.brush);
                ed.stroked(changed);
            });
        }
        "Escape" => {
            with(|ed| ed.sketch.cancel());
        }
        _ => return false,
    }
    e.prevent_default();
    render();
    // The square reached (or painted) is said, as on the game's board.
    let said = with(|ed| {
        // A rectangle waiting for its second corner says so first.
        let corner = if matches!(k.as_str(), " " | "Enter") && ed.sketch.stroking() {
            t("v-ed-corner") + " "
        } else {
            String::new()
        };
        corner
            + &tf(
                "v-explore-square",
                &[
                    ("row", &ed.cursor().row.to_string()),
                    ("col", &ed.cursor().col.to_string()),
                    (
                        "what",
                        &signs::square_words(ed.sketch.grid.at(ed.sketch.cursor)),
                    ),
                ],
            )
    });
    if let Some(said) = said {
        tabula_page_kit::explore::say(&said);
    }
    true
}

/// The line above the board on a touch screen: after a first tap, what
/// the second paints; before, how taps paint.
fn tap_hint(e: &Editor) -> String {
    match e.confirm.pending() {
        Some(p) => {
            let at = pos(p);
            tf(
                "v-ed-tap-again",
                &[
                    ("row", &at.row.to_string()),
                    ("col", &at.col.to_string()),
                    ("square", &signs::square_words(e.brush)),
                ],
            )
        }
        None => t("v-ed-tap-hint"),
    }
}

fn place_at(e: &PointerEvent) -> Option<Place> {
    let layout = with(|ed| ed.layout).flatten()?;
    layout
        .square_at(f64::from(e.offset_x()), f64::from(e.offset_y()))
        .map(place)
}

/// Wire the editor's pointer and field events, and open a `#board=`
/// link.
pub fn install() {
    if let Some(canvas) = by_id("board") {
        tabula_page_kit::dom::listen::<PointerEvent>(&canvas, "pointerdown", |e| {
            tabula_page_kit::touch::note(&e.pointer_type());
            // A finger pans the board; its taps paint in two (the click).
            if !active() || e.pointer_type() == "touch" {
                return;
            }
            if let Some(p) = place_at(&e) {
                e.prevent_default();
                with(|ed| ed.sketch.press(p, ed.brush));
                render();
            }
        });
        tabula_page_kit::dom::listen::<PointerEvent>(&canvas, "pointermove", |e| {
            if !active() || e.buttons() == 0 || e.pointer_type() == "touch" {
                return;
            }
            if let Some(p) = place_at(&e) {
                let moved = with(|ed| ed.sketch.drag(p, ed.brush));
                if moved == Some(true) {
                    render();
                }
            }
        });
        // A finger's first tap on a square frames it and says what a
        // second tap there paints; the second paints it (one step to undo).
        tabula_page_kit::dom::listen::<web_sys::MouseEvent>(&canvas, "click", |e| {
            if !active() || !tabula_page_kit::touch::last_was_touch() {
                return;
            }
            let Some(layout) = with(|ed| ed.layout).flatten() else {
                return;
            };
            let Some(p) = layout
                .square_at(f64::from(e.offset_x()), f64::from(e.offset_y()))
                .map(place)
            else {
                return;
            };
            let said = with(|ed| {
                if ed.confirm.tap(p) {
                    ed.sketch.press(p, ed.brush);
                    ed.release();
                    None
                } else {
                    ed.sketch.cursor = p;
                    Some(tap_hint(ed))
                }
            })
            .flatten();
            render();
            if let Some(said) = said {
                tabula_page_kit::explore::say(&said);
            }
        });
        for end in ["pointerup", "pointerleave", "pointercancel"] {
            tabula_page_kit::dom::listen::<PointerEvent>(&canvas, end, |_| {
                if with(|ed| {
                    let was = ed.sketch.stroking();
                    ed.release();
                    was
                }) == Some(true)
                {
                    render();
                }
            });
        }
    }
    let doc = tabula_page_kit::dom::document();
    for kind in ["change", "input"] {
        tabula_page_kit::dom::listen::<web_sys::Event>(&doc, kind, move |e| {
            let Some(target) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            else {
                return;
            };
            let id = target.id();
            if !active() || !id.starts_with("ed-") || id == "ed-start" || id == "ed-link-out" {
                return;
            }
            if id == "ed-file" {
                if kind == "change" {
                    import_chosen(&target);
                }
                return;
            }
            // A number is read when it is complete (change), a choice at once.
            if kind == "input" && id != "ed-name" {
                return;
            }
            field_changed(&id);
        });
    }
    open_link();
}

/// Open the board of a `#board=` link in the address (once: the link is
/// then taken off the address); whether there was one. The caller closes
/// what else was shown (the page's `open_link`).
pub fn open_link() -> bool {
    let hash = tabula_page_kit::dom::fragment();
    let Some(data) = hash.strip_prefix("#board=") else {
        return false;
    };
    {
        tabula_page_kit::dom::consume_fragment();
        open();
        match tabula_engine::link::unpack(data) {
            Ok(text) => open_text(&text, &t("v-ed-the-link")),
            Err(e) => with(|ed| {
                ed.refused = Some((
                    tf("v-ed-not-opened", &[("name", &t("v-ed-the-link"))]),
                    vec![Flaw {
                        at: None,
                        words: tabula_page_kit::error_words::link(&e),
                    }],
                ))
            })
            .unwrap_or(()),
        }
    }
    true
}

fn import_chosen(target: &web_sys::Element) {
    let Some(input) = target.dyn_ref::<HtmlInputElement>() else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    import_file(file);
}

/// Open a board file chosen in the editor or dropped on it.
pub fn import_file(file: web_sys::File) {
    let name = tabula_page_kit::dom::file_name(&file);
    tabula_page_kit::dom::read_file(file, MAX_BOARD_BYTES, move |text| {
        match text {
            Ok(text) => open_text(&text, &name),
            Err(why) => {
                with(|e| e.refused = Some((why, Vec::new())));
            }
        }
        render();
    });
}

/// The choice of a board: the shipped ones and the one drawn in the
/// editor (when it can be played).
pub(crate) fn board_select(id: &str) -> El {
    let mut select = el("select").attr("id", id);
    let preferred = preferred();
    for (b, text) in signs::BOARDS {
        select = select.child(
            el("option")
                .attr("value", b)
                .text(&signs::board_name(b, text)),
        );
    }
    if let Some(name) = kept_name() {
        let mut o = el("option")
            .attr("value", YOURS)
            .text(&tf("v-your-board", &[("name", &name)]));
        if preferred.as_deref() == Some(YOURS) {
            o = o.attr("selected", "");
        }
        select = select.child(o);
    }
    el("label").text(&t("v-board")).child(select)
}

/// The text of the board chosen in the select `id`.
pub(crate) fn chosen_board(id: &str) -> Result<String, String> {
    let choice = value_of(id);
    if choice == YOURS {
        return kept_board().ok_or_else(|| t("v-bad-board"));
    }
    signs::board_text(&choice)
        .map(str::to_string)
        .ok_or_else(|| t("v-bad-board"))
}
