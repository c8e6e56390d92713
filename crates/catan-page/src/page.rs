//! The page in the window: its state, what every button, key, click, tap,
//! file and link does, and drawing it (the toolbar and the side panel are
//! rebuilt and morphed after every event; the board is a canvas).

use std::cell::RefCell;

use tabula_catan::{Board, read_board};
use tabula_page_kit::announce;
use tabula_page_kit::clicks::Click;
// The lessons and online play are in the page's whole module only (page
// kit, `on_demand`).
use tabula_page_kit::dialogs::{OpenGame, open_game};
use tabula_page_kit::dom::{
    El, button, by_id, consume_fragment, copy_text, document, el, fragment, local_storage,
    page_url, read_file,
};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::on_demand::HERE as ON_DEMAND;
use tabula_page_kit::{error_words, modal, morph, touch, transport};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement, HtmlInputElement, KeyboardEvent};

use crate::draw::{self, Geometry, swatch};
use crate::game_screen::{self, GameScreen};
use crate::game_words::Names;
use crate::library::{Kept, Library, LoadProblem, SET_ASIDE_KEY, STORAGE_KEY};
use crate::library::{SHIPPED, shipped_text};
use crate::model::{BRUSHES, Brush, Editor, NUMBERS, Tool, blank_board, map_fragment};
use crate::replay_screen::{self, ReplayScreen};
use crate::table::Table;
use crate::words;

/// Everything the page holds.
struct Page {
    editor: Editor,
    library: Library,
    /// The board as last kept in the browser (a change keeps it again).
    kept: Option<Board>,
    /// A note or a refusal (`true`) under the name.
    message: Option<(String, bool)>,
    /// The map just deleted, to bring back (and whether it was the one
    /// being drawn).
    deleted: Option<(Kept, bool)>,
    /// Whether the "Open a map" dialog is open, what is pasted in it and
    /// why the last try was refused.
    dialog: bool,
    paste: String,
    open_message: Option<String>,
    /// The link last copied, shown under the board.
    link: Option<String>,
    /// The shipped board chosen in the list.
    shipped: String,
    geometry: Option<Geometry>,
    /// The game at this device (kept while the editor shows).
    game: Option<GameScreen>,
    /// Whether the game shows (else the editor).
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

/// The board a first visit opens in the editor: the standard board (a
/// valid board to look at and change), not a blank sea full of errors.
fn first_board() -> tabula_catan::Board {
    match read_board(SHIPPED[0].2) {
        Ok(read) => {
            let mut board = read.board;
            board.name = t(SHIPPED[0].1);
            board
        }
        Err(_) => blank_board(&t("catan-untitled")),
    }
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
                self.playing = false;
                self.replay = None;
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
                    self.game = GameScreen::resume();
                }
                self.playing = self.game.is_some();
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
                let map = if ng.map == "drawn" {
                    drawn = tabula_catan::write_board(&self.editor.board);
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
                        let g = GameScreen::new(table);
                        g.save();
                        self.game = Some(g);
                        self.playing = true;
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
        let opened = tabula_engine::record::parse_record(text).and_then(|record| {
            let table = Table::from_record(&record)?;
            if tabula_engine::Game::to_move(table.game()) == tabula_engine::ToMove::Over {
                crate::replay::open(record).map(|r| (None, Some(r)))
            } else {
                Ok((Some(table), None))
            }
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
        let g = GameScreen::new(table);
        g.save();
        self.game = Some(g);
        self.playing = true;
        self.replay = None;
        self.new_game = false;
    }

    fn tell(&mut self, text: String) {
        self.message = Some((text, false));
    }

    fn refuse(&mut self, text: String) {
        self.message = Some((text, true));
    }

    /// Keep the board in the browser when it changed since last kept.
    fn persist(&mut self) {
        if self.editor.in_stroke() || self.kept.as_ref() == Some(&self.editor.board) {
            return;
        }
        self.library.keep(&self.editor.board, &t("catan-untitled"));
        self.kept = Some(self.editor.board.clone());
        self.store();
    }

    fn store(&mut self) {
        let ok = local_storage()
            .is_some_and(|s| s.set_item(STORAGE_KEY, &self.library.to_json()).is_ok());
        if !ok {
            self.refuse(t("catan-kept-failed"));
        }
    }

    /// Open a board from a file, a paste or a link's text; a board that
    /// does not read leaves the one being drawn as it was.
    fn open_text(&mut self, text: &str, fallback: &str) -> bool {
        let trimmed = text.trim();
        if let Some(at) = trimmed.find("#map=") {
            return self.open_fragment(&trimmed[at..]);
        }
        match read_board(text) {
            Ok(read) => {
                let mut board = read.board;
                if board.name.trim().is_empty() {
                    board.name = fallback.to_string();
                }
                let name = board.name.clone();
                self.editor.replace(board);
                self.library.detach();
                self.kept = None;
                self.persist();
                self.dialog = false;
                self.open_message = None;
                self.paste.clear();
                self.tell(tf("catan-opened", &[("name", &name)]));
                true
            }
            Err(problems) => {
                let why = words::refused(&problems);
                if self.dialog {
                    self.open_message = Some(why);
                } else {
                    self.refuse(why);
                }
                false
            }
        }
    }

    fn open_fragment(&mut self, hash: &str) -> bool {
        match crate::model::text_from_fragment(hash) {
            None => false,
            Some(Err(e)) => {
                let why = tf("catan-link-bad", &[("why", &error_words::link(&e))]);
                if self.dialog {
                    self.open_message = Some(why);
                } else {
                    self.refuse(why);
                }
                false
            }
            Some(Ok(text)) => self.open_text(&text, &t("catan-linked")),
        }
    }

    fn run(&mut self, cmd: &str, arg: &str) {
        if cmd.starts_with("replay-") || cmd.starts_with("note-") {
            if let Some(r) = self.replay.as_mut() {
                r.run(cmd, arg);
            }
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
        if matches!(cmd, "new" | "open" | "download" | "link") {
            self.playing = false;
            self.replay = None;
        }
        let e = &mut self.editor;
        match cmd {
            "new" => {
                self.editor.replace(blank_board(&t("catan-untitled")));
                self.library.detach();
                self.kept = Some(self.editor.board.clone());
                self.tell(t("catan-new-done"));
            }
            "open" => {
                self.dialog = true;
                self.open_message = None;
            }
            "close-open" => {
                self.dialog = false;
                self.open_message = None;
            }
            "open-go" => {
                let text = self.paste.clone();
                if text.trim().is_empty() {
                    self.open_message = Some(t("catan-paste-empty"));
                } else {
                    self.open_text(&text, &t("catan-pasted"));
                }
            }
            "download" => {
                let text = tabula_catan::write_board(&e.board);
                let stem = tabula_page_kit::dom::file_stem(&e.board.name, "catan-map");
                tabula_page_kit::dom::download(&text, "text/plain", &format!("{stem}.txt"));
            }
            "link" => {
                let link = format!("{}#{}", page_url(), map_fragment(&e.board));
                copy_text(&link);
                self.link = Some(link);
                self.tell(t("catan-link-copied"));
            }
            "tool" => {
                if let Some(tool) = Tool::from_name(arg) {
                    e.tool = tool;
                }
            }
            "brush" => {
                if let Some(b) = Brush::from_name(arg) {
                    e.brush = b;
                    if matches!(e.tool, Tool::Turn | Tool::Number) {
                        e.tool = Tool::Brush;
                    }
                }
            }
            "number" => {
                e.number = arg.parse().ok().filter(|n| NUMBERS.contains(n));
                e.tool = Tool::Number;
            }
            "undo" => {
                if e.undo() {
                    announce::say("board-say", &t("catan-undone"));
                }
            }
            "redo" => {
                if e.redo() {
                    announce::say("board-say", &t("catan-redone"));
                }
            }
            "grow-sea" => {
                e.grow_sea();
            }
            "shrink-sea" => {
                e.shrink_sea();
            }
            "clear-numbers" => {
                e.clear_numbers();
            }
            "problem" => {
                if let Ok(i) = arg.parse::<usize>()
                    && e.show_problem(i)
                {
                    say_cursor(e);
                }
            }
            "open-shipped" => {
                let pick = by_id("shipped")
                    .and_then(|s| s.dyn_into::<web_sys::HtmlSelectElement>().ok())
                    .map(|s| s.value())
                    .unwrap_or_default();
                self.shipped = pick.clone();
                if let Some((_, key, text)) = SHIPPED.iter().find(|(n, _, _)| *n == pick)
                    && let Ok(read) = read_board(text)
                {
                    let mut board = read.board;
                    board.name = t(key);
                    e.replace(board);
                    self.library.detach();
                    self.kept = None;
                    self.tell(tf("catan-opened", &[("name", &t(key))]));
                }
            }
            "kept-open" => {
                if let Ok(id) = arg.parse()
                    && let Some(board) = self.library.open(id)
                {
                    let name = board.name.clone();
                    self.editor.reset(board.clone());
                    self.kept = Some(board);
                    self.store();
                    self.tell(tf("catan-opened", &[("name", &name)]));
                }
            }
            "kept-delete" => {
                if let Ok(id) = arg.parse()
                    && let Some(m) = {
                        let was_current = self.library.current == Some(id);
                        self.library.remove(id).map(|m| (m, was_current))
                    }
                {
                    self.tell(tf("catan-deleted", &[("name", &m.0.name)]));
                    self.deleted = Some(m);
                    self.kept = None;
                    self.store();
                    // The board on screen stays; a change keeps it anew.
                    self.kept = Some(self.editor.board.clone());
                }
            }
            "restore" => {
                if let Some((m, was_current)) = self.deleted.take() {
                    if was_current {
                        self.library.current = Some(m.id);
                    }
                    self.library.maps.insert(0, m);
                    self.store();
                    self.message = None;
                }
            }
            _ => return,
        }
        self.persist();
    }
}

fn say_cursor(e: &Editor) {
    let shown = e.view_hexes();
    let action = words::action(e.tool, e.brush, e.number);
    announce::say(
        "board-say",
        &words::cursor(&e.board, e.cursor, &shown, &action),
    );
}

fn kbd(k: &str) -> El {
    el("kbd").attr("aria-hidden", "true").text(k)
}

fn tools_view(e: &Editor) -> El {
    let mut tools = el("div")
        .class("group")
        .attr("role", "group")
        .attr("aria-label", &t("catan-tools"));
    for tool in Tool::ALL {
        tools = tools.child(
            button(&words::tool(tool), &format!("tool:{}", tool.name()))
                .attr("title", &words::tool_title(tool))
                .child(kbd(tool.key()))
                .pressed(e.tool == tool),
        );
    }
    let mut brushes = el("div")
        .class("group brushes")
        .attr("role", "group")
        .attr("aria-label", &t("catan-brushes"));
    for b in BRUSHES {
        let mark = match b {
            Brush::Kind(k) => swatch(k),
            Brush::Barbarians => swatch(tabula_catan::FieldKind::BarbarianStart),
            Brush::Erase => el("span")
                .class("kind-swatch erase")
                .attr("aria-hidden", "true")
                .text("∅"),
        };
        brushes = brushes.child(
            el("button")
                .attr("type", "button")
                .cmd(&format!("brush:{}", b.name()))
                .child(mark)
                .text(&words::brush(b))
                .pressed(e.brush == b && matches!(e.tool, Tool::Brush | Tool::Fill)),
        );
    }
    let mut root = el("div").attr("id", "tools").child(tools).child(brushes);
    if e.tool == Tool::Number {
        let mut nums = el("div")
            .class("group")
            .attr("role", "group")
            .attr("aria-label", &t("catan-numbers"));
        for n in NUMBERS {
            nums = nums.child(
                button(&n.to_string(), &format!("number:{n}"))
                    .class(if n == 6 || n == 8 { "red" } else { "" })
                    .pressed(e.number == Some(n)),
            );
        }
        nums = nums.child(
            button(&t("catan-no-number"), "number:none")
                .attr("title", &t("catan-no-number-title"))
                .pressed(e.number.is_none()),
        );
        root = root.child(nums);
    }
    root.child(
        el("div")
            .class("group")
            .child(
                button(&t("catan-undo"), "undo")
                    .child(kbd("Ctrl+Z"))
                    .disabled(!e.history.can_undo()),
            )
            .child(
                button(&t("catan-redo"), "redo")
                    .child(kbd("Ctrl+Y"))
                    .disabled(!e.history.can_redo()),
            ),
    )
}

fn panel_view(p: &Page) -> El {
    let e = &p.editor;
    let shown = e.view_hexes();
    let mut root = el("section").attr("id", "panel");
    root = root.child(
        el("label")
            .class("map-name")
            .text(&t("catan-name"))
            .text(" ")
            .child(
                el("input")
                    .attr("type", "text")
                    .attr("id", "map-name")
                    .attr("maxlength", "40")
                    .attr("value", &e.board.name),
            ),
    );
    if let Some((m, bad)) = &p.message {
        let mut line = el("p")
            .attr("id", "message")
            .class(if *bad { "message" } else { "note" })
            .attr("role", if *bad { "alert" } else { "status" })
            .text(m);
        if p.deleted.is_some() && !bad {
            line = line.text(" ").child(button(&t("catan-restore"), "restore"));
        }
        root = root.child(line);
    }
    if let Some(link) = &p.link {
        root = root.child(
            el("input")
                .attr("id", "link-out")
                .attr("readonly", "")
                .attr("aria-label", &t("catan-link-out"))
                .attr("value", link),
        );
    }
    // Problems, each said once (two that read the same, say the missing
    // barbarian start and end, are one line).
    let mut said: Vec<(bool, String)> = Vec::new();
    let listed: Vec<(usize, String)> = e
        .problems
        .iter()
        .enumerate()
        .filter_map(|(i, pr)| {
            let text = words::problem(pr, Some(&e.board), &shown);
            let key = (pr.is_error(), text.clone());
            (!said.contains(&key)).then(|| {
                said.push(key);
                (i, text)
            })
        })
        .collect();
    let errors = said.iter().filter(|(error, _)| *error).count();
    let warnings = said.len() - errors;
    let summary = if e.problems.is_empty() {
        t("catan-problems-none")
    } else {
        tf(
            if touch::coarse() {
                "catan-problems-count-touch"
            } else {
                "catan-problems-count"
            },
            &[
                ("errors", &errors.to_string()),
                ("warnings", &warnings.to_string()),
            ],
        )
    };
    let mut list = el("ol").attr("id", "problems");
    for (i, text) in listed {
        let pr = &e.problems[i];
        let sev = if pr.is_error() { "error" } else { "warning" };
        let label = t(if pr.is_error() {
            "catan-error"
        } else {
            "catan-warning"
        });
        let item = if pr.field.is_some() {
            button("", &format!("problem:{i}"))
                .class(sev)
                .child(el("strong").text(&label))
                .text(" ")
                .text(&text)
        } else {
            el("span")
                .class(sev)
                .child(el("strong").text(&label))
                .text(" ")
                .text(&text)
        };
        list = list.child(el("li").attr("data-rule", pr.rule.name()).child(item));
    }
    root = root.child(
        el("section")
            .attr("aria-labelledby", "problems-h")
            .child(el("h2").attr("id", "problems-h").text(&t("catan-problems")))
            .child(
                el("p")
                    .attr("id", "problems-summary")
                    .class(if errors > 0 { "bad" } else { "good" })
                    .text(&summary),
            )
            .child(list),
    );
    // Play this board: the new-game dialog with it chosen.
    root = root.child(
        el("div")
            .class("play")
            .child(
                button(&t("catan-play"), "game-play-drawn")
                    .attr("id", "play")
                    .attr("aria-describedby", "play-why")
                    .disabled(errors > 0),
            )
            .child(
                el("p")
                    .attr("id", "play-why")
                    .class("hint")
                    .text(&t(if errors > 0 {
                        "catan-play-why"
                    } else {
                        "catan-play-ready"
                    })),
            ),
    );
    // Counts.
    let mut counts = el("ul").attr("id", "counts");
    for line in words::counts(&e.board) {
        counts = counts.child(el("li").text(&line));
    }
    root = root.child(el("h2").text(&t("catan-counts"))).child(counts);
    // The sea and the numbers.
    root = root.child(el("h2").text(&t("catan-sea"))).child(
        el("div")
            .class("group")
            .child(
                button(&t("catan-grow-sea"), "grow-sea").attr("title", &t("catan-grow-sea-title")),
            )
            .child(
                button(&t("catan-shrink-sea"), "shrink-sea")
                    .attr("title", &t("catan-shrink-sea-title")),
            )
            .child(button(&t("catan-clear-numbers"), "clear-numbers")),
    );
    // Shipped boards.
    let mut select = el("select").attr("id", "shipped");
    for (name, key, _) in SHIPPED {
        let mut option = el("option").attr("value", name);
        if p.shipped == name {
            option = option.attr("selected", "");
        }
        select = select.child(option.text(&t(key)));
    }
    root = root
        .child(
            el("label")
                .attr("for", "shipped")
                .class("h2")
                .text(&t("catan-start-from")),
        )
        .child(
            el("div")
                .class("group")
                .child(select)
                .child(button(&t("catan-open-shipped"), "open-shipped")),
        );
    // Kept boards.
    let mut kept = el("ul").attr("id", "kept");
    if p.library.maps.is_empty() {
        kept = kept.child(el("li").class("hint").text(&t("catan-kept-none")));
    }
    for m in &p.library.maps {
        let current = p.library.current == Some(m.id);
        let mut name = el("span").class("kept-name").text(&m.name);
        if current {
            name = name
                .text(" ")
                .child(el("em").class("hint").text(&t("catan-kept-drawing")));
        }
        kept = kept.child(
            el("li")
                .attr("id", &format!("kept-{}", m.id))
                .child(name)
                .child(
                    button(&t("catan-kept-open"), &format!("kept-open:{}", m.id))
                        .attr(
                            "aria-label",
                            &tf("catan-kept-open-label", &[("name", &m.name)]),
                        )
                        .disabled(current),
                )
                .child(
                    button(&t("catan-kept-delete"), &format!("kept-delete:{}", m.id)).attr(
                        "aria-label",
                        &tf("catan-kept-delete-label", &[("name", &m.name)]),
                    ),
                ),
        );
    }
    root.child(el("h2").text(&t("catan-kept"))).child(kept)
}

fn dialog_view(p: &Page) -> El {
    let content = open_game(OpenGame {
        note: &t("catan-open-note"),
        file: (&t("catan-open-file"), "open-file", ".txt,text/plain"),
        paste: (&t("catan-open-paste"), "open-paste", &p.paste),
        message: (p.open_message.as_deref(), "open-message"),
        open: (&t("catan-open-go"), "open-go"),
        cancel: "close-open",
    });
    if let Ok(Some(h)) = content.0.query_selector("h2") {
        h.set_text_content(Some(&t("catan-open-h")));
    }
    el("section")
        .attr("id", "open")
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-modal", "true")
        .attr("aria-labelledby", "open-h")
        .child(content)
}

fn legend_view() -> El {
    let mut list = el("ul").class("legend-list");
    for b in BRUSHES {
        if let Brush::Kind(k) = b {
            list = list.child(el("li").child(swatch(k)).text(&words::kind(k)));
        }
    }
    for k in [
        tabula_catan::FieldKind::BarbarianStart,
        tabula_catan::FieldKind::BarbarianEnd,
    ] {
        list = list.child(el("li").child(swatch(k)).text(&words::kind(k)));
    }
    el("div")
        .attr("id", "legend")
        .child(list)
        .child(el("p").class("hint").text(&t("catan-legend-note")))
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
        b.set_attribute("data-mode", if p.playing { "game" } else { "editor" })
            .ok();
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
                morph_into("panel", game_screen::panel_view(g));
                morph_into("legend", game_screen::legend_view());
                // Only the log's new lines are said, each once.
                announce::news_of("catan-log", "#log li", true);
                // On a narrow screen the panel comes after the legend:
                // fold it once, so the actions follow the board.
                let narrow = web_sys::window()
                    .and_then(|w| w.inner_width().ok())
                    .and_then(|v| v.as_f64())
                    .is_some_and(|w| w < 900.0);
                if narrow && !p.legend_folded {
                    p.legend_folded = true;
                    if let Some(b) = by_id("legend-box") {
                        b.remove_attribute("open").ok();
                    }
                }
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
            None => {
                board_words(Mode::Editor);
                morph_into("tools", tools_view(&p.editor));
                morph_into("panel", panel_view(p));
                morph_into("legend", legend_view());
                if let Some(c) = &canvas {
                    p.geometry = draw::draw(c, &p.editor, width);
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
                    game_screen::new_game_view(None, p.new_game_drawn, p.game.is_some()),
                );
            } else if let Some(problem) = &p.new_game_problem {
                let text = problem.clone();
                if let Some(slot) = by_id("ng-problem") {
                    slot.set_text_content(Some(&text));
                }
            }
        }
        modal::sync(new_game.as_ref());
    } else if p.dialog {
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
        morph_into("open", dialog_view(p));
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

/// What the board is on the screen now.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Editor,
    Game,
    Replay,
}

/// The board's words for `mode`: the area's and the canvas's labels (the
/// game's board never says the editor's), and, but in a game, no list of
/// the board in words, no tap hint and no panning.
fn board_words(mode: Mode) {
    if let Some(area) = by_id("board-area") {
        let key = if mode == Mode::Editor {
            "catan-board-area"
        } else {
            "cg-board-area"
        };
        area.set_attribute("aria-label", &t(key)).ok();
        area.set_attribute("data-i18n-aria-label", key).ok();
    }
    if let Some(c) = by_id("board") {
        let key = match mode {
            Mode::Editor => "catan-board-label",
            Mode::Game => "cg-board-label",
            Mode::Replay => "cg-replay-board-label",
        };
        c.set_attribute("aria-label", &t(key)).ok();
        c.set_attribute("data-i18n-aria-label", key).ok();
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

fn hex_of(p: &Page, e: &web_sys::MouseEvent) -> Option<tabula_hex::Hex> {
    let g = p.geometry?;
    let h = g.hex_at(f64::from(e.offset_x()), f64::from(e.offset_y()));
    p.editor.view_hexes().contains(&h).then_some(h)
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
    let open = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.dialog));
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
    let k = e.key();
    let used = with_page(|p| {
        let ed = &mut p.editor;
        match k.as_str() {
            "z" | "Z" if ctrl && e.shift_key() => p.run("redo", ""),
            "z" | "Z" if ctrl => p.run("undo", ""),
            "y" | "Y" if ctrl => p.run("redo", ""),
            _ if ctrl || e.alt_key() => return false,
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" if on_board => {
                let arrow = k.trim_start_matches("Arrow").to_ascii_lowercase();
                ed.move_cursor(&arrow);
                say_cursor(ed);
            }
            "Enter" | " " if on_board => {
                let c = ed.cursor;
                ed.act(c);
                say_cursor(ed);
                p.persist();
            }
            "b" | "B" => ed.tool = Tool::Brush,
            "f" | "F" => ed.tool = Tool::Fill,
            "t" | "T" => ed.tool = Tool::Turn,
            "n" | "N" => ed.tool = Tool::Number,
            _ => return false,
        }
        true
    })
    .unwrap_or(false);
    if used {
        e.prevent_default();
    }
}

fn open_file(file: web_sys::File) {
    let name = tabula_page_kit::dom::file_name(&file);
    let stem = name.strip_suffix(".txt").unwrap_or(&name).to_string();
    read_file(file, tabula_catan::MAX_BOARD_BYTES, move |text| {
        with_page(|p| match text {
            Ok(text) => {
                p.open_text(&text, &stem);
            }
            Err(why) => {
                let why = tf("catan-file-bad", &[("why", &why)]);
                if p.dialog {
                    p.open_message = Some(why);
                } else {
                    p.refuse(why);
                }
            }
        });
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
    if !hash.starts_with("#map=") {
        return;
    }
    // A linked map opens in the editor, which says so; a game in progress
    // is kept (Play a game goes back to it), but leaving it is asked first.
    let open = move || {
        with_page(|p| {
            if p.open_fragment(&hash) {
                p.playing = false;
                p.replay = None;
                let name = p.editor.board.name.clone();
                p.tell(tf("catan-link-opened", &[("name", &name)]));
            }
        });
    };
    let playing = PAGE.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|p| p.playing && p.game.is_some())
    });
    if playing {
        modal::confirm(
            modal::Confirm {
                title: &t("catan-link-map-title"),
                text: &t("catan-link-map-text"),
                go: &t("catan-link-map-go"),
                stay: &t("catan-link-map-stay"),
            },
            open,
        );
    } else {
        open();
    }
    consume_fragment();
}

/// The addresses of the screens in the page's whole module only (page
/// kit, `on_demand`): the lessons and online play.
pub const ROUTES: &[&str] = &["#lessons", "#lesson=", "#online"];

/// Build the page: the kept boards, the events, a linked map.
pub fn install() {
    // The screens reach what the page holds through these (they name no page).
    game_screen::reach_through(|f| with_game(f));
    replay_screen::reach_through(|f| with_replay(f));
    // Where the focus goes when what had it is gone (docs/accessibility.md).
    tabula_page_kit::focus::keep(&["#panel #ready", "#asked", "#end h2", "#panel h2", "#board"]);
    let stored = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let (library, problem) = match &stored {
        Some(json) => Library::load(json),
        None => (Library::default(), None),
    };
    let message = problem.map(|p| {
        if let Some(s) = local_storage()
            && let Some(json) = &stored
        {
            s.set_item(SET_ASIDE_KEY, json).ok();
        }
        let text = match p {
            LoadProblem::Unreadable { line, column } => tf(
                "catan-kept-unreadable",
                &[("line", &line.to_string()), ("column", &column.to_string())],
            ),
            LoadProblem::Version(v) => tf("catan-kept-version", &[("version", &v.to_string())]),
            LoadProblem::BadEntries(names) => tf("catan-kept-bad", &[("names", &names.join(", "))]),
        };
        (text, true)
    });
    let mut library = library;
    let board = library
        .current
        .and_then(|id| library.open(id))
        .unwrap_or_else(first_board);
    PAGE.with(|p| {
        *p.borrow_mut() = Some(Page {
            editor: Editor::new(board.clone()),
            library,
            kept: Some(board),
            message,
            deleted: None,
            dialog: false,
            paste: String::new(),
            open_message: None,
            link: None,
            shipped: String::new(),
            geometry: None,
            game: None,
            playing: false,
            new_game: false,
            new_game_problem: None,
            new_game_drawn: false,
            legend_folded: false,
            replay: None,
        })
    });
    game_screen::connect_worker();
    if let Some(g) = GameScreen::resume() {
        with_page(|p| {
            p.playing = g.table.game().winner.is_none();
            p.game = Some(g);
        });
    }
    if let Some(l) = by_id("legend") {
        morph::morph(&l, &legend_view().0);
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
                if let Some(p) = p.borrow_mut().as_mut() {
                    p.paste = v;
                }
            });
        }
    });
    listen::<web_sys::Event>(&doc, "change", |e| {
        if let Some(select) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            && select.id().starts_with("replay-")
        {
            let (id, v) = (select.id(), select.value());
            with_replay(|r| r.run(&id, &v));
            return;
        }
        if let Some(select) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            && (select.id().starts_with("offer-")
                || select.id().starts_with("counter-")
                || select.id() == "pace")
        {
            let (id, v) = (select.id(), select.value());
            if ON_DEMAND && tabula_page_kit::online::active() {
                crate::online_game::set_offer(&id, &v);
                return;
            }
            with_game(|g| {
                if id == "pace" {
                    g.run("game-pace", &v);
                } else {
                    g.set_offer(&id, &v);
                }
            });
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
                    let fallback = t("catan-untitled");
                    p.editor.rename(&crate::library::clean_name(&v, &fallback));
                    p.persist();
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
            let hex = PAGE.with(|p| p.borrow().as_ref().and_then(|p| hex_of(p, &e)));
            if let Some(c) = by_id("board").and_then(|c| c.dyn_into::<HtmlElement>().ok()) {
                c.set_pointer_capture(e.pointer_id()).ok();
                let opts = web_sys::FocusOptions::new();
                opts.set_prevent_scroll(true);
                c.focus_with_options(&opts).ok();
            }
            with_page(|p| {
                if let Some(h) = hex {
                    p.editor.begin_stroke();
                    p.editor.act(h);
                    say_cursor(&p.editor);
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
            let drawing = PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.editor.in_stroke()));
            if drawing {
                with_page(|p| {
                    if let Some(h) = hex_of(p, &e) {
                        p.editor.drag(h);
                    }
                });
            }
        });
        for kind in ["pointerup", "pointercancel"] {
            listen::<web_sys::PointerEvent>(&canvas, kind, |_| {
                let drawing =
                    PAGE.with(|p| p.borrow().as_ref().is_some_and(|p| p.editor.in_stroke()));
                if drawing {
                    with_page(|p| {
                        p.editor.end_stroke();
                        p.persist();
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
            with_page(|p| {
                if let Some(h) = hex_of(p, &e) {
                    p.editor.act(h);
                    say_cursor(&p.editor);
                    p.persist();
                }
            });
        });
        // The editor's cursor is said on focus; the game's board and the
        // replay's say nothing of the editor (their keys are in the label).
        listen::<web_sys::FocusEvent>(&canvas, "focus", |_| {
            with_page(|p| {
                if !p.playing && p.replay.is_none() {
                    say_cursor(&p.editor);
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
