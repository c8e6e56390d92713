//! The map editor's screen: the board being drawn, its tools, its
//! problems as the course server checks them, the boards kept in the
//! browser and the "Open a map" dialog. It is in the page's whole module
//! only (page kit, `on_demand`): the play module opens it by loading the
//! page at `#editor` (or `#map=…`), so a game against the AI does not
//! download it. The page holds one [`EditorScreen`] once the editor has
//! been opened and hands it its commands, keys and pointer events.

use tabula_catan::{Board, read_board};
use tabula_page_kit::announce;
use tabula_page_kit::dialogs::{OpenGame, open_game};
use tabula_page_kit::dom::{El, button, by_id, copy_text, el, local_storage, page_url};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::{error_words, morph, touch};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::draw::{self, Geometry, swatch};
use crate::library::SHIPPED;
use crate::library::{Boards, Library, LoadProblem, SET_ASIDE_KEY, STORAGE_KEY, SavedMap};
use crate::model::{BRUSHES, Brush, Editor, NUMBERS, Tool, blank_board, map_fragment};
use crate::words;

/// The commands of the editor's buttons (the header's and its own).
pub const COMMANDS: &[&str] = &[
    "new",
    "open",
    "close-open",
    "open-go",
    "download",
    "link",
    "tool",
    "brush",
    "number",
    "undo",
    "redo",
    "grow-sea",
    "shrink-sea",
    "clear-numbers",
    "problem",
    "open-shipped",
    "kept-open",
    "kept-delete",
    "restore",
];

/// The map editor and what it keeps.
pub struct EditorScreen {
    /// The board being drawn, its tools and history.
    pub editor: Editor,
    library: Library,
    /// The board as last kept in the browser (a change keeps it again).
    kept: Option<Board>,
    /// A note or a refusal (`true`) under the name.
    message: Option<(String, bool)>,
    /// The map just deleted, to bring back (and whether it was the one
    /// being drawn).
    deleted: Option<(SavedMap, bool)>,
    /// Whether the "Open a map" dialog is open, what is pasted in it and
    /// why the last try was refused.
    pub dialog: bool,
    paste: String,
    open_message: Option<String>,
    /// The link last copied, shown under the board.
    link: Option<String>,
    /// The shipped board chosen in the list.
    shipped: String,
    geometry: Option<Geometry>,
}

/// The board a first visit opens in the editor: the standard board (a
/// valid board to look at and change), not a blank sea full of errors.
fn first_board() -> Board {
    match read_board(SHIPPED[0].2) {
        Ok(read) => {
            let mut board = read.board;
            board.name = t(SHIPPED[0].1);
            board
        }
        Err(_) => blank_board(&t("catan-untitled")),
    }
}

impl EditorScreen {
    /// The editor as the browser kept it: the boards kept, the one being
    /// drawn (the standard board on a first visit); kept boards that do
    /// not read are set aside and said.
    pub fn load() -> EditorScreen {
        let stored = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
        let (mut library, problem) = match &stored {
            Some(json) => crate::library::load(json),
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
                LoadProblem::BadEntries(names) => {
                    tf("catan-kept-bad", &[("names", &names.join(", "))])
                }
            };
            (text, true)
        });
        let board = library
            .current
            .and_then(|id| library.open(id))
            .unwrap_or_else(first_board);
        EditorScreen {
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
        }
    }

    /// A note under the map's name.
    pub fn tell(&mut self, text: String) {
        self.message = Some((text, false));
    }

    fn refuse(&mut self, text: String) {
        self.message = Some((text, true));
    }

    /// A refusal of a file, said in the dialog when it is open.
    pub fn refuse_file(&mut self, why: String) {
        if self.dialog {
            self.open_message = Some(why);
        } else {
            self.refuse(why);
        }
    }

    /// What is pasted in the "Open a map" dialog.
    pub fn set_paste(&mut self, text: String) {
        self.paste = text;
    }

    /// Give the board being drawn a new name.
    pub fn rename(&mut self, name: &str) {
        let fallback = t("catan-untitled");
        self.editor
            .rename(&crate::library::clean_name(name, &fallback));
        self.persist();
    }

    /// Keep the board in the browser when it changed since last kept.
    pub fn persist(&mut self) {
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
    pub fn open_text(&mut self, text: &str, fallback: &str) -> bool {
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
                self.refuse_file(words::refused(&problems));
                false
            }
        }
    }

    pub fn open_fragment(&mut self, hash: &str) -> bool {
        match crate::model::text_from_fragment(hash) {
            None => false,
            Some(Err(e)) => {
                self.refuse_file(tf("catan-link-bad", &[("why", &error_words::link(&e))]));
                false
            }
            Some(Ok(text)) => self.open_text(&text, &t("catan-linked")),
        }
    }

    /// Run the editor's command `cmd` (one of [`COMMANDS`]).
    pub fn run(&mut self, cmd: &str, arg: &str) {
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
                    let id = self.library.restore(m);
                    if was_current {
                        self.library.current = Some(id);
                    }
                    self.store();
                    self.message = None;
                }
            }
            _ => return,
        }
        self.persist();
    }

    /// A key pressed outside a field: the editor's keys (Ctrl+Z, Ctrl+Y,
    /// the tools' letters; on the board the arrows and Enter). Whether it
    /// was used.
    pub fn key(&mut self, k: &str, ctrl: bool, shift: bool, alt: bool, on_board: bool) -> bool {
        let ed = &mut self.editor;
        match k {
            "z" | "Z" if ctrl && shift => self.run("redo", ""),
            "z" | "Z" if ctrl => self.run("undo", ""),
            "y" | "Y" if ctrl => self.run("redo", ""),
            _ if ctrl || alt => return false,
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" if on_board => {
                let arrow = k.trim_start_matches("Arrow").to_ascii_lowercase();
                ed.move_cursor(&arrow);
                say_cursor(ed);
            }
            "Enter" | " " if on_board => {
                let c = ed.cursor;
                ed.act(c);
                say_cursor(ed);
                self.persist();
            }
            "b" | "B" => ed.tool = Tool::Brush,
            "f" | "F" => ed.tool = Tool::Fill,
            "t" | "T" => ed.tool = Tool::Turn,
            "n" | "N" => ed.tool = Tool::Number,
            _ => return false,
        }
        true
    }

    /// The hex under the point (x, y) of the canvas, if it is shown.
    pub fn hex_at(&self, x: f64, y: f64) -> Option<tabula_hex::Hex> {
        let g = self.geometry?;
        let h = g.hex_at(x, y);
        self.editor.view_hexes().contains(&h).then_some(h)
    }

    /// Use the tool on `hex` and say the cursor; `stroke` begins a drag.
    pub fn act(&mut self, hex: tabula_hex::Hex, stroke: bool) {
        if stroke {
            self.editor.begin_stroke();
        }
        self.editor.act(hex);
        say_cursor(&self.editor);
        if !stroke {
            self.persist();
        }
    }

    /// Say where the board's cursor is and what the tool would do there.
    pub fn say_cursor(&self) {
        say_cursor(&self.editor);
    }

    /// Draw the editor: its tools, its panel, its legend and the board.
    pub fn render(&mut self, canvas: Option<&HtmlCanvasElement>, width: f64) {
        morph_into("tools", tools_view(&self.editor));
        morph_into("panel", panel_view(self));
        morph_into("legend", legend_view());
        if let Some(c) = canvas {
            self.geometry = draw::draw(c, &self.editor, width);
        }
    }

    /// The "Open a map" dialog's content.
    pub fn dialog(&self) -> El {
        dialog_view(self)
    }
}

fn morph_into(id: &str, fresh: El) {
    if let Some(live) = by_id(id) {
        morph::morph(&live, &fresh.0);
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

fn panel_view(p: &EditorScreen) -> El {
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

fn dialog_view(p: &EditorScreen) -> El {
    let content = open_game(OpenGame {
        title: &t("open-game"),
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
