//! The page in the window: its state, what every button, key, click, tap,
//! file and link does, and drawing it (the toolbar and the side panel are
//! rebuilt and morphed after every event; the board is a canvas).

use std::cell::RefCell;

use tabula_page_kit::clicks::Click;
use tabula_page_kit::dom::{
    El, button, by_id, consume_fragment, document, el, fragment, read_file,
};
use tabula_page_kit::i18n::{t, tf};
// The lessons, online play and the map editor are in the page's whole
// module only (page kit, `on_demand`).
use tabula_page_kit::on_demand::HERE as ON_DEMAND;
use tabula_page_kit::{announce, modal, morph, touch, transport};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement, HtmlInputElement, KeyboardEvent};

use crate::editor_screen::EditorScreen;
use crate::game_screen::{self, GameScreen};
use crate::game_words::Names;
use crate::library::shipped_text;
use crate::replay_screen::{self, ReplayScreen};
use crate::table::Table;

/// Everything the page holds.
struct Page {
    /// The map editor, once opened (in the page's whole module only).
    editor: Option<EditorScreen>,
    /// Whether the editor shows (when no game or replay does).
    editing: bool,
    /// A note or a refusal (`true`) on the start screen.
    message: Option<(String, bool)>,
    /// The game at this device (kept while the editor shows).
    game: Option<GameScreen>,
    /// Whether the game shows (else the editor or the start screen).
    playing: bool,
    /// Whether the new-game dialog is open, and why a start was refused.
    new_game: bool,
    new_game_problem: Option<String>,
    /// Whether the dialog opens with the editor's board chosen.
    new_game_drawn: bool,
    /// Whether the legend was folded for a game on a narrow screen (once:
    /// the player may open it again).
    legend_folded: bool,
    /// A game being replayed (shown over the game and the editor).
    replay: Option<ReplayScreen>,
    /// The start screen's picture: the standard board before a game.
    preview: Option<tabula_catan::Catan>,
}

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// Run `f` on the page, then redraw it.
fn with_page<R>(f: impl FnOnce(&mut Page) -> R) -> Option<R> {
    let r = PAGE.with(|p| p.borrow_mut().as_mut().map(f));
    PAGE.with(|p| {
        if let Some(page) = p.borrow_mut().as_mut() {
            render(page);
        }
    });
    r
}

use tabula_page_kit::dom::listen;

/// Run `f` on the game at this device (if any), ask the worker for an
/// AI's move if one is due, then redraw the page.
fn with_game(f: impl FnOnce(&mut GameScreen)) {
    with_page(|p| {
        if let Some(g) = p.game.as_mut() {
            f(g);
            g.drive();
        }
    });
}

/// Run `f` on the game at this device, as [`with_game`], and say the
/// words it gives in the explorer's region (the board's cursor).
fn game_says(f: impl FnOnce(&mut GameScreen) -> Option<String>) -> bool {
    let mut said = None;
    with_game(|g| said = f(g));
    match said {
        Some(text) => {
            tabula_page_kit::explore::say(&text);
            true
        }
        None => false,
    }
}

/// Draw the page again (online play closed gives the screen back).
fn redraw() {
    with_page(|_| {});
}

/// Open a game's record (a game played online, to replay).
fn open_record(text: &str) {
    with_page(|p| {
        p.playing = false;
        p.open_game_text(text);
    });
}

/// Run `f` on the replay on the screen (if any), then redraw the page.
fn with_replay(f: impl FnOnce(&mut ReplayScreen)) {
    with_page(|p| {
        if let Some(r) = p.replay.as_mut() {
            f(r);
        }
    });
}

impl Page {
    /// The game's commands: the new-game dialog, starting, leaving for
    /// the editor and coming back; the rest go to the game screen.
    fn run_game(&mut self, cmd: &str, arg: &str) {
        match cmd {
            "game-new" => {
                self.new_game = true;
                self.new_game_problem = None;
                self.new_game_drawn = false;
            }
            "game-play-drawn" => {
                self.new_game = true;
                self.new_game_problem = None;
                self.new_game_drawn = true;
            }
            "game-cancel" => self.new_game = false,
            "game-editor" => {
                if ON_DEMAND {
                    self.open_editor();
                } else {
                    tabula_page_kit::on_demand::switch("#editor");
                }
            }
            "game-replay" => {
                let record = self.game.as_ref().map(|g| g.table.record().clone());
                if let Some(record) = record {
                    match crate::replay::open(record) {
                        Ok(r) => self.replay = Some(ReplayScreen::new(r)),
                        Err(e) => self.refuse(tabula_page_kit::error_words::record_of::<
                            crate::game_words::Words,
                        >(&e, None)),
                    }
                }
            }
            "game-resume" => {
                if self.game.is_none() {
                    match GameScreen::resume() {
                        Ok(g) => self.game = g,
                        Err(said) => self.refuse(said),
                    }
                }
                self.playing = self.game.is_some();
                self.editing &= !self.playing;
                self.new_game = false;
            }
            "game-start" => match self.game_in_progress() {
                // Asked first; the form stays as it is meanwhile.
                Some(what) => tabula_page_kit::modal::before_replacing(
                    &what,
                    &t("replace-game-start"),
                    || {
                        with_page(|p| p.run_game("game-start-now", ""));
                    },
                ),
                None => self.run_game("game-start-now", ""),
            },
            "game-start-now" => {
                let ng = game_screen::read_new_game();
                let drawn;
                let map = if ON_DEMAND
                    && ng.map == "drawn"
                    && let Some(e) = self.editor.as_ref()
                {
                    drawn = tabula_catan::write_board(&e.editor.board);
                    drawn.as_str()
                } else {
                    shipped_text(&ng.map)
                };
                let seed = ng
                    .seed
                    .unwrap_or_else(|| (js_sys::Math::random() * 1e9) as u64);
                let (names, players): (Vec<_>, Vec<_>) = ng.seats.into_iter().unzip();
                game_screen::keep_ai_offers(ng.ai_offers);
                match Table::new(&ng.options, Some(map), names, players, seed) {
                    Ok(table) => {
                        tabula_page_kit::ai_worker::stop();
                        let mut g = GameScreen::new(table);
                        g.save();
                        self.game = Some(g);
                        self.playing = true;
                        self.editing = false;
                        self.message = None;
                        self.new_game = false;
                        self.replay = None;
                        // To the game's first question, not back to "Play a game".
                        tabula_page_kit::focus::to_place();
                    }
                    Err(e) => {
                        self.new_game_problem =
                            Some(tf("cg-start-refused", &[("why", &e.in_words())]));
                    }
                }
            }
            _ => {
                if let Some(g) = self.game.as_mut() {
                    g.run(cmd, arg);
                }
            }
        }
        if let Some(g) = self.game.as_mut() {
            g.drive();
        }
    }

    /// Open a saved game's text: a finished game replays, one in
    /// progress resumes here (and is kept in the browser); a damaged one
    /// is refused in the new-game dialog, naming what and where.
    fn open_game_text(&mut self, text: &str) {
        use tabula_page_kit::records::{Opened, open_text};
        let opened = open_text::<Table>(text).and_then(|o| match o {
            Opened::Finished(record) => crate::replay::open(record).map(|r| (None, Some(r))),
            Opened::InProgress(table) => Ok((Some(table), None)),
        });
        match opened {
            Ok((Some(table), _)) => match self.game_in_progress() {
                Some(what) => tabula_page_kit::modal::before_replacing(
                    &what,
                    &t("replace-game-open"),
                    move || {
                        with_page(|p| p.resume_table(table));
                    },
                ),
                None => self.resume_table(table),
            },
            Ok((None, Some(r))) => {
                self.replay = Some(ReplayScreen::new(r));
                self.new_game = false;
            }
            Ok((None, None)) => {}
            Err(e) => {
                self.new_game_problem = Some(tf(
                    "cg-open-refused",
                    &[(
                        "why",
                        &tabula_page_kit::error_words::record_text::<crate::game_words::Words>(
                            &e, text,
                        ),
                    )],
                ));
            }
        }
    }

    /// The game at this device, if one is in progress (not over): as the
    /// home page names it (`Turn 14 · Ann, Bo, Cy`).
    fn game_in_progress(&self) -> Option<String> {
        let g = self.game.as_ref()?;
        let game = g.table.game();
        (tabula_engine::Game::to_move(game) != tabula_engine::ToMove::Over).then(|| {
            tf(
                "continue-catan",
                &[
                    ("turn", &game.turn.to_string()),
                    ("names", &g.table.names().join(", ")),
                ],
            )
        })
    }

    /// Play on with `table` (a saved game in progress, opened) in place of
    /// the game at this device.
    fn resume_table(&mut self, table: Table) {
        tabula_page_kit::ai_worker::stop();
        let mut g = GameScreen::new(table);
        g.save();
        self.game = Some(g);
        self.playing = true;
        self.editing = false;
        self.replay = None;
        self.new_game = false;
    }

    /// Show the map editor (loading it the first time): in the page's
    /// whole module only.
    fn open_editor(&mut self) {
        if !ON_DEMAND {
            return;
        }
        if self.editor.is_none() {
            self.editor = Some(EditorScreen::load());
        }
        self.editing = true;
        self.playing = false;
        self.replay = None;
    }

    /// The editor, when it shows (in the page's whole module only).
    fn shown_editor(&mut self) -> Option<&mut EditorScreen> {
        let shown = ON_DEMAND && self.editing && !self.playing && self.replay.is_none();
        self.editor.as_mut().filter(|_| shown)
    }

    /// Say why something was refused: in the editor's panel when it
    /// shows, else above the game's or the start screen's panel.
    fn refuse(&mut self, text: String) {
        match self.shown_editor() {
            Some(e) => e.refuse_file(text),
            None => self.message = Some((text, true)),
        }
    }

    fn run(&mut self, cmd: &str, arg: &str) {
        if cmd.starts_with("replay-") || cmd.starts_with("note-") {
            if let Some(r) = self.replay.as_mut() {
                r.run(cmd, arg);
            }
            return;
        }
        if cmd == "message-dismiss" {
            self.message = None;
            return;
        }
        if cmd == "broken-save" {
            game_screen::AUTOSAVE.download_set_aside("catan-unreadable-save.json");
            return;
        }
        if cmd == "online" {
            if ON_DEMAND {
                tabula_page_kit::online::open();
            } else {
                tabula_page_kit::on_demand::switch("#online");
            }
            return;
        }
        if cmd.starts_with("game-") {
            self.run_game(cmd, arg);
            return;
        }
        if !crate::editor_screen::COMMANDS.contains(&cmd) {
            return;
        }
        // The editor is in the page's whole module (page kit, on_demand).
        if !ON_DEMAND {
            tabula_page_kit::on_demand::switch("#editor");
            return;
        }
        self.open_editor();
        if let Some(e) = self.editor.as_mut() {
            e.run(cmd, arg);
        }
    }
}

fn morph_into(id: &str, fresh: El) {
    if let Some(live) = by_id(id) {
        morph::morph(&live, &fresh.0);
    }
}

fn render(p: &mut Page) {
    // Online play has the screen: the page's own panels are emptied (the
    // online game screen draws the same parts, with the same ids).
    if tabula_page_kit::online::active() {
        for id in ["tools", "panel"] {
            if let Some(e) = by_id(id) {
                e.set_text_content(None);
            }
        }
        return;
    }
    let canvas = by_id("board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok());
    let width = canvas
        .as_ref()
        .and_then(|c| c.parent_element())
        .map_or(600.0, |e| f64::from(e.client_width()))
        .clamp(240.0, 900.0);
    if let Some(b) = document().body() {
        let mode = if p.playing {
            "game"
        } else if p.editing {
            "editor"
        } else {
            "start"
        };
        b.set_attribute("data-mode", mode).ok();
        // A reload comes back to the editor while it shows.
        let shown = fragment();
        if mode == "editor" && shown.is_empty() {
            tabula_page_kit::dom::show_fragment("#editor");
        } else if mode != "editor" && shown == "#editor" {
            tabula_page_kit::dom::show_fragment("");
        }
    }
    if let Some(r) = p.replay.as_mut() {
        if let Some(b) = document().body() {
            b.set_attribute("data-mode", "replay").ok();
        }
        morph_into("tools", replay_screen::status_view(r));
        morph_into("panel", replay_screen::panel_view(r));
        morph_into("legend", game_screen::legend_view());
        board_words(Mode::Replay);
        if let Some(c) = &canvas {
            let top = c.get_bounding_client_rect().top().max(0.0);
            let high = web_sys::window()
                .and_then(|w| w.inner_height().ok())
                .and_then(|h| h.as_f64())
                .unwrap_or(800.0);
            r.draw(c, width.min(((high - top - 12.0) / 0.86).max(300.0)));
        }
    } else {
        match p.game.as_mut().filter(|_| p.playing) {
            Some(g) => {
                morph_into("tools", game_screen::status_view(g));
                let panel = game_screen::panel_view(g);
                if let Some(line) = message_line(&p.message) {
                    panel.0.prepend_with_node_1(&line.0).ok();
                }
                morph_into("panel", panel);
                morph_into("legend", game_screen::legend_view());
                // Only the log's new lines are said, each once.
                announce::news_of("catan-log", "#log li", true);
                fold_legend_once(&mut p.legend_folded);
                board_words(Mode::Game);
                if let Some(c) = &canvas {
                    // The whole board in the window: as wide as fits the
                    // height left below the seats; on a touch screen
                    // larger, until every target is 24 px, and panned.
                    let top = c.get_bounding_client_rect().top().max(0.0);
                    let high = web_sys::window()
                        .and_then(|w| w.inner_height().ok())
                        .and_then(|h| h.as_f64())
                        .unwrap_or(800.0);
                    let fit = width.min(((high - top - 12.0) / 0.86).max(300.0));
                    let target = crate::game_draw::layout(g.table.game(), fit).size / 2.0;
                    let drawn = touch::board_width(fit, target);
                    touch::pan("board-box", drawn > fit);
                    g.draw(c, drawn);
                }
                let names = Names::new(g.table.names(), g.table.game());
                if let Some(e) = beside_board("board-text", "section", false) {
                    morph::morph(
                        &e,
                        &crate::board_explore::board_text(g.table.game(), &names, "board-text").0,
                    );
                }
                touch::hint(
                    "board-box",
                    &g.tap_hint().unwrap_or_else(|| t("cg-tap-hint")),
                );
            }
            None if ON_DEMAND && p.editing && p.editor.is_some() => {
                board_words(Mode::Editor);
                if let Some(e) = p.editor.as_mut() {
                    e.render(canvas.as_ref(), width);
                }
            }
            None => {
                board_words(Mode::Start);
                fold_legend_once(&mut p.legend_folded);
                morph_into("tools", el("div").attr("id", "tools"));
                morph_into("panel", start_view(p));
                morph_into("legend", game_screen::legend_view());
                if p.preview.is_none() {
                    p.preview = preview_game();
                }
                if let (Some(c), Some(game)) = (&canvas, &p.preview) {
                    crate::game_draw::draw(c, game, &crate::game_draw::Marks::NONE, width);
                }
            }
        }
    }
    let overlay = by_id("overlay");
    let new_game = by_id("newgame");
    let open = by_id("open");
    if p.new_game {
        if let Some(o) = &overlay {
            o.remove_attribute("hidden").ok();
        }
        if let Some(o) = &open {
            o.set_attribute("hidden", "").ok();
        }
        if let Some(n) = &new_game {
            n.remove_attribute("hidden").ok();
            if !n.has_child_nodes() {
                morph_into(
                    "newgame",
                    game_screen::new_game_view(
                        None,
                        p.editor.as_ref().map(|_| p.new_game_drawn),
                        p.game.is_some(),
                    ),
                );
            } else if let Some(problem) = &p.new_game_problem {
                let text = problem.clone();
                if let Some(slot) = by_id("ng-problem") {
                    slot.set_text_content(Some(&text));
                }
            }
        }
        modal::sync(new_game.as_ref());
    } else if let Some(e) = p.editor.as_ref().filter(|e| ON_DEMAND && e.dialog) {
        if let Some(o) = &overlay {
            o.remove_attribute("hidden").ok();
        }
        if let Some(n) = &new_game {
            n.set_attribute("hidden", "").ok();
            n.set_inner_html("");
        }
        if let Some(o) = &open {
            o.remove_attribute("hidden").ok();
        }
        morph_into("open", e.dialog());
        modal::sync(by_id("open").as_ref());
    } else {
        if let Some(n) = &new_game {
            n.set_attribute("hidden", "").ok();
            n.set_inner_html("");
        }
        if let Some(o) = &overlay {
            o.set_attribute("hidden", "").ok();
        }
        modal::sync(None);
    }
}

/// On a narrow screen the panel comes after the legend: fold it once, so
/// the actions follow the board (the player may open it again).
fn fold_legend_once(folded: &mut bool) {
    let narrow = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w < 900.0);
    if narrow && !*folded {
        *folded = true;
        if let Some(b) = by_id("legend-box") {
            b.remove_attribute("open").ok();
        }
    }
}

/// A note or a refusal (`true`) of the page, with a button that puts it
/// away.
fn message_line(message: &Option<(String, bool)>) -> Option<El> {
    let (m, bad) = message.as_ref()?;
    Some(
        el("p")
            .attr("id", "message")
            .class(if *bad { "message" } else { "note" })
            .attr("role", if *bad { "alert" } else { "status" })
            .text(m)
            .text(" ")
            .child(button(&t("cg-message-dismiss"), "message-dismiss")),
    )
}

/// The start screen's panel (no game, replay or editor shows): what the
/// page offers, a note or refusal, and the last game when it is over.
fn start_view(p: &Page) -> El {
    let mut root = el("section")
        .attr("id", "panel")
        .child(el("h2").attr("id", "start-h").text(&t("cg-start-h")));
    if let Some(line) = message_line(&p.message) {
        root = root.child(line);
    }
    // A kept game that could not be resumed, to download.
    root = root.maybe(game_screen::AUTOSAVE.set_aside_button("broken-save"));
    let mut ways = el("div").class("play").child(
        button(&t("cg-play"), "game-new")
            .class("primary")
            .attr("id", "start-play"),
    );
    if p.game.is_some() {
        ways = ways
            .child(button(&t("cg-start-last"), "game-resume"))
            .child(button(&t("cg-start-replay"), "game-replay"));
    }
    root.child(el("p").class("hint").text(&t("cg-start-text")))
        .child(ways)
        .child(el("h2").text(&t("cg-start-more")))
        .child(
            el("ul")
                .class("start-more")
                .child(
                    el("li")
                        .child(button(&t("map-editor"), "game-editor"))
                        .text(" ")
                        .text(&t("cg-start-editor")),
                )
                .child(
                    el("li")
                        .child(el("a").attr("href", "#lessons").text(&t("lessons")))
                        .text(" ")
                        .text(&t("cg-start-lessons")),
                ),
        )
}

/// The standard board before a game, for the start screen's picture.
fn preview_game() -> Option<tabula_catan::Catan> {
    let seats = 3;
    let names = (0..seats)
        .map(tabula_page_kit::players::default_name)
        .collect();
    let players = vec![tabula_page_kit::players::Player::Human; seats];
    Table::new(&tabula_catan::Options::default(), None, names, players, 1)
        .ok()
        .map(|t| t.game().clone())
}

/// What the board is on the screen now.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Start,
    Editor,
    Game,
    Replay,
}

/// The board's words for `mode`: the area's and the canvas's labels (the
/// game's board never says the editor's), and, but in a game, no list of
/// the board in words, no tap hint and no panning.
fn board_words(mode: Mode) {
    if let Some(area) = by_id("board-area") {
        let key = match mode {
            Mode::Editor => "catan-board-area",
            Mode::Start => "cg-start-board-area",
            _ => "cg-board-area",
        };
        area.set_attribute("aria-label", &t(key)).ok();
        area.set_attribute("data-i18n-aria-label", key).ok();
    }
    if let Some(c) = by_id("board") {
        let key = match mode {
            Mode::Start => "cg-start-board-label",
            Mode::Editor => "catan-board-label",
            Mode::Game => "cg-board-label",
            Mode::Replay => "cg-replay-board-label",
        };
        c.set_attribute("aria-label", &t(key)).ok();
        c.set_attribute("data-i18n-aria-label", key).ok();
        // The start screen's board is a picture: no keys, no Tab stop.
        let (role, tab) = if mode == Mode::Start {
            ("img", "-1")
        } else {
            ("application", "0")
        };
        c.set_attribute("role", role).ok();
        c.set_attribute("tabindex", tab).ok();
        if mode != Mode::Game {
            c.remove_attribute("data-cursor").ok();
        }
    }
    if mode != Mode::Game {
        for id in ["board-text", "board-hint"] {
            if let Some(e) = by_id(id) {
                e.remove();
            }
        }
        touch::pan("board-box", false);
    }
}

/// The element `id` next to the board's box (made, a `tag`, when the page
/// has none): just before it or just after it.
fn beside_board(id: &str, tag: &str, before: bool) -> Option<Element> {
    if let Some(e) = by_id(id) {
        return Some(e);
    }
    let board_box = by_id("board-box")?;
    let e = document().create_element(tag).ok()?;
    e.set_id(id);
    if before {
        board_box.before_with_node_1(&e).ok()?;
    } else {
        board_box.after_with_node_1(&e).ok()?;
    }
    Some(e)
}

fn key(e: KeyboardEvent) {
    // Online play has its own keys; its board is explored as here.
    if ON_DEMAND && tabula_page_kit::online::active() {
        let on_board = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.id() == crate::online_game::BOARD_ID);
        if on_board
            && !(e.ctrl_key() || e.alt_key() || e.meta_key())
            && crate::online_game::board_key(&e.key())
        {
            e.prevent_default();
        }
        return;
    }
    let new_game = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.new_game));
    if new_game {
        if e.key() == "Escape" {
            e.prevent_default();
            with_page(|p| p.run("game-cancel", ""));
        }
        return;
    }
    let open = PAGE.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|p| p.editor.as_ref().is_some_and(|e| e.dialog))
    });
    if open {
        if e.key() == "Escape" {
            e.prevent_default();
            with_page(|p| p.run("close-open", ""));
        }
        return;
    }
    let replaying = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.replay.is_some()));
    if replaying {
        if transport::key_is_for_a_field(&e) {
            return;
        }
        let (k, shift) = (e.key(), e.shift_key());
        let mut used = false;
        with_replay(|r| used = r.key(&k, shift));
        if used {
            e.prevent_default();
        }
        return;
    }
    let playing = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.playing));
    if playing {
        let on_board = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.id() == "board");
        if on_board {
            let k = e.key();
            // The page kit's explorer: arrows, Home, End, N, P and S.
            if !(e.ctrl_key() || e.alt_key() || e.meta_key()) && game_says(|g| g.explore_key(&k)) {
                e.prevent_default();
                return;
            }
            if k == "Enter" || k == " " {
                e.prevent_default();
                with_game(|g| g.press());
                return;
            }
        }
        let ctrl = e.ctrl_key() || e.meta_key();
        if ctrl && (e.key() == "z" || e.key() == "Z") {
            e.prevent_default();
            with_page(|p| p.run("game-undo", ""));
        } else if e.key() == "Escape" {
            with_page(|p| p.run("game-drop-knight", ""));
        }
        return;
    }
    if transport::key_presses_a_control(&e) {
        return;
    }
    let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    let tag = target
        .as_ref()
        .map(|t| t.tag_name().to_ascii_lowercase())
        .unwrap_or_default();
    if matches!(tag.as_str(), "input" | "textarea" | "select") {
        return;
    }
    let on_board = target.as_ref().is_some_and(|t| t.id() == "board");
    let ctrl = e.ctrl_key() || e.meta_key();
    let (k, shift, alt) = (e.key(), e.shift_key(), e.alt_key());
    let used = with_page(|p| {
        let editing = p.editing;
        p.editor
            .as_mut()
            .filter(|_| ON_DEMAND && editing)
            .is_some_and(|ed| ed.key(&k, ctrl, shift, alt, on_board))
    })
    .unwrap_or(false);
    if used {
        e.prevent_default();
    }
}

/// A map file chosen or dropped: opened in the editor (in the play
/// module, carried to the editor as the page loads its whole module). A
/// game on the screen is kept, but leaving it is asked first.
fn open_file(file: web_sys::File) {
    let name = tabula_page_kit::dom::file_name(&file);
    let stem = name.strip_suffix(".txt").unwrap_or(&name).to_string();
    read_file(file, tabula_catan::MAX_BOARD_BYTES, move |text| {
        let text = match text {
            Ok(text) => text,
            Err(why) => {
                with_page(|p| p.refuse(tf("catan-file-bad", &[("why", &why)])));
                return;
            }
        };
        let open = move || {
            if !ON_DEMAND {
                tabula_page_kit::on_demand::switch_carrying("#editor", &stem, &text);
                return;
            }
            with_page(|p| {
                p.open_editor();
                if let Some(e) = p.editor.as_mut() {
                    e.open_text(&text, &stem);
                }
            });
        };
        ask_before_leaving_game("catan-file-map-title", "catan-file-map-text", open);
    });
}

fn open_link() {
    let hash = fragment();
    if hash == "#new" {
        with_page(|p| {
            p.new_game = true;
            p.new_game_problem = None;
        });
        consume_fragment();
        return;
    }
    if let Some(opened) = tabula_page_kit::records::from_address::<crate::game_words::Words>() {
        let replay = opened.and_then(|text| {
            tabula_engine::record::parse_record(&text)
                .and_then(crate::replay::open)
                .map_err(|e| {
                    tabula_page_kit::error_words::record_of::<crate::game_words::Words>(&e, None)
                })
        });
        with_page(|p| match replay {
            Ok(r) => p.replay = Some(ReplayScreen::new(r)),
            Err(why) => p.refuse(tf("cg-link-bad", &[("why", &why)])),
        });
        return;
    }
    if !ON_DEMAND {
        return;
    }
    if hash == "#editor" {
        consume_fragment();
        with_page(|p| {
            p.open_editor();
            // A map dropped on the play module, carried here.
            if let Some((name, text)) = tabula_page_kit::on_demand::carried("#editor")
                && let Some(e) = p.editor.as_mut()
            {
                let stem = name.strip_suffix(".txt").unwrap_or(&name).to_string();
                e.open_text(&text, &stem);
            }
        });
        return;
    }
    if !hash.starts_with("#map=") {
        return;
    }
    // A linked map opens in the editor, which says so; a game in progress
    // is kept (Play a game goes back to it), but leaving it is asked first.
    let open = move || {
        with_page(|p| {
            let mut e = p.editor.take().unwrap_or_else(EditorScreen::load);
            let opened = e.open_fragment(&hash);
            if opened {
                let name = e.editor.board.name.clone();
                e.tell(tf("catan-link-opened", &[("name", &name)]));
            }
            p.editor = Some(e);
            // A link that does not read is said in the editor, unless a
            // game shows.
            if opened || !p.playing {
                p.open_editor();
            }
        });
    };
    // Used once (the editor's own `#editor` takes its place while it shows).
    consume_fragment();
    ask_before_leaving_game("catan-link-map-title", "catan-link-map-text", open);
}

/// Run `open` (a map to the editor), asking first with `title` and `text`
/// (catalogue keys) when a game shows: the game is kept, "Play a game"
/// goes back to it.
fn ask_before_leaving_game(title: &str, text: &str, open: impl FnOnce() + 'static) {
    let playing = PAGE.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|p| p.playing && p.game.is_some())
    });
    if playing {
        modal::confirm(
            modal::Confirm {
                title: &t(title),
                text: &t(text),
                go: &t("catan-link-map-go"),
                stay: &t("replace-game-keep"),
            },
            open,
        );
    } else {
        open();
    }
}

/// The addresses of the screens in the page's whole module only (page
/// kit, `on_demand`): the lessons, online play and the map editor (a map
/// link opens it).
pub const ROUTES: &[&str] = &["#lessons", "#lesson=", "#online", "#editor", "#map="];

/// Build the page: the kept boards, the events, a linked map.
pub fn install() {
    // The screens reach what the page holds through these (they name no page).
    game_screen::reach_through(|f| with_game(f));
    replay_screen::reach_through(|f| with_replay(f));
    // Where the focus goes when what had it is gone (docs/accessibility.md).
    tabula_page_kit::focus::keep(&["#panel #ready", "#asked", "#end h2", "#panel h2", "#board"]);
    PAGE.with(|p| {
        *p.borrow_mut() = Some(Page {
            editor: None,
            editing: false,
            message: None,
            game: None,
            playing: false,
            new_game: false,
            new_game_problem: None,
            new_game_drawn: false,
            legend_folded: false,
            replay: None,
            preview: None,
        })
    });
    // The editor's own address (a reload while it shows comes back to it).
    if ON_DEMAND && fragment() == "#editor" {
        with_page(|p| p.open_editor());
    }
    game_screen::connect_worker();
    match GameScreen::resume() {
        Ok(Some(g)) => {
            with_page(|p| {
                p.playing = g.table.game().winner.is_none() && !p.editing;
                p.game = Some(g);
            });
        }
        Ok(None) => {}
        Err(said) => {
            with_page(|p| p.refuse(said));
        }
    }
    let doc = document();
    let board = ON_DEMAND.then_some(crate::online_game::BOARD_ID);
    tabula_page_kit::clicks::listen(board, |click| match click {
        // Only the whole module has an online board (the play module drops it).
        Click::Board { x, y } if ON_DEMAND => crate::online_game::board_click(x, y),
        Click::Board { .. } => {}
        Click::Command(c) if ON_DEMAND && tabula_page_kit::online::active() => {
            crate::online_game::command(c.name())
        }
        Click::Command(c) => {
            with_page(|p| p.run(c.name(), &c.arg()));
        }
    });
    listen::<KeyboardEvent>(&doc, "keydown", key);
    // A move's entry in the panel (a move button, a log line) under the
    // pointer or focused: its spots are highlighted on the board.
    for kind in ["pointerover", "focusin", "pointerout", "focusout"] {
        let entering = kind == "pointerover" || kind == "focusin";
        listen::<web_sys::Event>(&doc, kind, move |e| {
            let spot = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest("[data-spot]").ok().flatten())
                .and_then(|el| el.get_attribute("data-spot"));
            let Some(spot) = spot else { return };
            let spots = if entering {
                crate::spots::read_spots(&spot)
            } else {
                Vec::new()
            };
            // A focused line removed by a redraw sends its focusout while
            // the page is being drawn (borrowed): nothing to light then.
            let changed = PAGE.with(|p| {
                let Ok(mut p) = p.try_borrow_mut() else {
                    return false;
                };
                p.as_mut().and_then(|p| p.game.as_mut()).is_some_and(|g| {
                    let changed = g.highlight != spots;
                    g.highlight = spots;
                    changed
                })
            });
            if changed {
                with_page(|_| {});
            }
        });
    }
    listen::<web_sys::Event>(&doc, "input", |e| {
        if let Some(range) = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            && range.id() == "replay-pos"
        {
            let v = range.value();
            with_replay(|r| r.run("replay-pos", &v));
            return;
        }
        if let Some(area) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            && area.id() == "open-paste"
        {
            let v = area.value();
            PAGE.with(|p| {
                if let Some(e) = p.borrow_mut().as_mut().and_then(|p| p.editor.as_mut()) {
                    e.set_paste(v);
                }
            });
        }
    });
    listen::<web_sys::Event>(&doc, "change", |e| {
        if let Some(select) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            && (select.id().starts_with("offer-") || select.id().starts_with("counter-"))
        {
            let (id, v) = (select.id(), select.value());
            if ON_DEMAND && tabula_page_kit::online::active() {
                crate::online_game::set_offer(&id, &v);
                return;
            }
            with_game(|g| g.set_offer(&id, &v));
            return;
        }
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        match input.id().as_str() {
            "map-name" => {
                let v = input.value();
                with_page(|p| {
                    if let Some(e) = p.shown_editor() {
                        e.rename(&v);
                    }
                });
            }
            "ng-open" => {
                if let Some(f) = input.files().and_then(|f| f.get(0)) {
                    read_file(f, tabula_engine::limits::MAX_RECORD_BYTES, |text| {
                        with_page(|p| match text {
                            Ok(text) => p.open_game_text(&text),
                            Err(why) => {
                                p.new_game_problem = Some(tf("cg-open-refused", &[("why", &why)]))
                            }
                        });
                    });
                }
                input.set_value("");
            }
            "open-file" => {
                if let Some(f) = input.files().and_then(|f| f.get(0)) {
                    open_file(f);
                }
                input.set_value("");
            }
            _ => {}
        }
    });
    tabula_page_kit::records::on_drop(open_file);
    if let Some(canvas) = by_id("board") {
        listen::<web_sys::PointerEvent>(&canvas, "pointerdown", |e| {
            touch::note(&e.pointer_type());
            let playing = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.playing));
            if playing {
                // A finger plays on its click, in two taps (below).
                if e.button() == 0 && !touch::last_was_touch() {
                    let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
                    with_game(|g| g.touch(x, y));
                }
                return;
            }
            if e.pointer_type() != "mouse" || e.button() != 0 {
                return;
            }
            // The hex first: the event's offsets are measured when read,
            // and focusing the canvas may scroll the page.
            let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
            let hex = PAGE.with(|p| {
                p.borrow_mut()
                    .as_mut()
                    .and_then(|p| p.shown_editor())
                    .and_then(|ed| ed.hex_at(x, y))
            });
            if let Some(c) = by_id("board").and_then(|c| c.dyn_into::<HtmlElement>().ok()) {
                c.set_pointer_capture(e.pointer_id()).ok();
                let opts = web_sys::FocusOptions::new();
                opts.set_prevent_scroll(true);
                c.focus_with_options(&opts).ok();
            }
            with_page(|p| {
                if let Some(h) = hex
                    && let Some(ed) = p.shown_editor()
                {
                    ed.act(h, true);
                }
            });
        });
        listen::<web_sys::PointerEvent>(&canvas, "pointermove", |e| {
            let playing = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.playing));
            if playing {
                let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
                let changed = PAGE.with(|p| {
                    p.borrow_mut()
                        .as_mut()
                        .and_then(|p| p.game.as_mut())
                        .is_some_and(|g| g.hover(x, y))
                });
                if changed {
                    with_page(|_| {});
                }
                return;
            }
            let drawing = PAGE.with(|p| {
                p.borrow_mut()
                    .as_mut()
                    .and_then(|p| p.shown_editor())
                    .is_some_and(|ed| ed.editor.in_stroke())
            });
            if drawing {
                let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
                with_page(|p| {
                    if let Some(ed) = p.shown_editor()
                        && let Some(h) = ed.hex_at(x, y)
                    {
                        ed.editor.drag(h);
                    }
                });
            }
        });
        for kind in ["pointerup", "pointercancel"] {
            listen::<web_sys::PointerEvent>(&canvas, kind, |_| {
                let drawing = PAGE.with(|p| {
                    p.borrow_mut()
                        .as_mut()
                        .and_then(|p| p.shown_editor())
                        .is_some_and(|ed| ed.editor.in_stroke())
                });
                if drawing {
                    with_page(|p| {
                        if let Some(ed) = p.shown_editor() {
                            ed.editor.end_stroke();
                            ed.persist();
                        }
                    });
                }
            });
        }
        // A finger's tap paints on its click (a finger that scrolls the
        // page sends none): one step, undone by Undo.
        listen::<web_sys::MouseEvent>(&canvas, "click", |e| {
            if !touch::last_was_touch() {
                return;
            }
            let playing = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.playing));
            if playing {
                // A finger's first tap on a place shows what it would do;
                // a second tap on the same place does it (docs/accessibility.md).
                let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
                game_says(|g| g.tap(x, y));
                return;
            }
            let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
            with_page(|p| {
                if let Some(ed) = p.shown_editor()
                    && let Some(h) = ed.hex_at(x, y)
                {
                    ed.act(h, false);
                }
            });
        });
        // The editor's cursor is said on focus; the game's board and the
        // replay's say nothing of the editor (their keys are in the label).
        listen::<web_sys::FocusEvent>(&canvas, "focus", |_| {
            with_page(|p| {
                if let Some(ed) = p.shown_editor() {
                    ed.say_cursor();
                }
            });
        });
        listen::<web_sys::FocusEvent>(&canvas, "blur", |_| {
            with_page(|_| {});
        });
    }
    if let Some(w) = web_sys::window() {
        listen::<web_sys::Event>(&w, "resize", |_| {
            with_page(|_| {});
        });
        listen::<web_sys::Event>(&w, "hashchange", |_| open_link());
    }
    with_page(|_| {});
    open_link();
    // Online play (a room's link, `#online=ID`, opens it at once).
    tabula_page_kit::on_demand::install(ROUTES);
    if ON_DEMAND
        && tabula_page_kit::online::install(crate::online_game::CatanOnline {
            redraw,
            open_record,
        })
    {
        redraw();
    }
    if ON_DEMAND && tabula_page_kit::on_demand::arrived("#online") {
        tabula_page_kit::online::open();
    }
    if let Some(b) = document().body() {
        b.set_attribute("data-state", "ready").ok();
    }
}
