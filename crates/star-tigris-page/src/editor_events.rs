//! The map editor's events: its buttons, keys, the pointer on the board,
//! its form fields, files chosen or dropped, and map links.

use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::Pos;
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlInputElement, HtmlSelectElement, PointerEvent};

use crate::app::{App, Screen};
use crate::dom::{by_id, consume_fragment, document, fragment, read_file};
use crate::editor::{Draft, MapDraft, TERRAINS, Tool, split_link, terrain_from_name};
use crate::map_editor::{Editor, Source};
use crate::maps::MAPS;
use crate::state::{listen, try_with_app, with_app};
use crate::storage;
use crate::ui::render;

/// The editor, made (with the saved maps) on first use.
pub fn editor(app: &mut App) -> &mut Editor {
    app.editor.get_or_insert_with(|| {
        let (lib, note) = storage::load_library();
        let mut e = Editor::new(lib);
        if let Some(n) = note {
            e.refuse(n);
        }
        e
    })
}

/// Show the editor.
pub fn open(app: &mut App) {
    editor(app);
    app.screen = Screen::Editor;
    app.message = None;
}

fn save(app: &mut App) {
    if let Some(e) = app.editor.as_mut()
        && let Err(why) = storage::save_library(&e.library)
    {
        e.refuse(tf("editor-not-saved", &[("why", &why)]));
    }
}

fn input_value(id: &str) -> String {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// Run an editor command; returns whether `name` was one.
pub fn command(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "editor" => open(app),
        "tool" => {
            if let Some(t) = Tool::from_name(arg) {
                let e = editor(app);
                e.cancel();
                e.sketch.tool = t;
            }
        }
        "paint" => {
            if let Some(t) = terrain_from_name(arg) {
                editor(app).paint = t;
            }
        }
        "undo-map" => editor(app).undo(),
        "redo-map" => editor(app).redo(),
        "resize" => {
            let w = input_value("map-width").trim().parse().unwrap_or(0);
            let h = input_value("map-height").trim().parse().unwrap_or(0);
            editor(app).resize(w, h);
        }
        "mirror-lr" => {
            let e = editor(app);
            e.cancel();
            let d = e.sketch.grid.mirrored_left_right();
            e.replace(d);
        }
        "mirror-tb" => {
            let e = editor(app);
            e.cancel();
            let d = e.sketch.grid.mirrored_top_bottom();
            e.replace(d);
        }
        "rotate" => {
            let e = editor(app);
            e.cancel();
            let d = e.sketch.grid.rotated();
            e.replace(d);
        }
        "problem" => {
            let e = editor(app);
            let cell = arg
                .parse::<usize>()
                .ok()
                .and_then(|i| e.problems.0.get(i))
                .and_then(|p| e.sketch.grid.problem_cell(p));
            if let Some(c) = cell {
                e.highlight = Some(c);
                e.sketch.cursor = crate::editor::place(c);
            }
        }
        "rename" => {
            let n = input_value("map-name");
            editor(app).rename(&n);
        }
        "blank-map" => {
            let e = editor(app);
            e.open(&t("editor-untitled"), Draft::blank(12, 10));
            e.tell(t("editor-blank-told"));
        }
        "open-shipped" => {
            let pick = by_id("map-start")
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
                .map(|s| s.value())
                .unwrap_or_default();
            if let Some((n, text)) = MAPS.iter().find(|(n, _)| *n == pick) {
                editor(app).import_from(
                    text,
                    &tf("editor-copy-name", &[("name", &crate::maps::map_name(n))]),
                    Source::Shipped(n),
                );
            }
        }
        "paste-map" => {
            let e = editor(app);
            let text = e.paste.clone();
            let name = Editor::name_from_text(&text).unwrap_or_else(|| t("editor-pasted-name"));
            if text.trim().is_empty() {
                e.refuse(t("editor-paste-empty"));
            } else if e.import_from(&text, &name, Source::Paste) {
                e.paste.clear();
            }
        }
        "open-saved" => {
            if let Ok(id) = arg.parse() {
                editor(app).open_saved(id);
            }
        }
        "delete-saved" => {
            if let Ok(id) = arg.parse() {
                editor(app).delete(id);
            }
        }
        "restore-map" => editor(app).restore(),
        "export-map" => {
            let e = editor(app);
            let file = e.sketch.settled().to_file(&e.name);
            let stem = tabula_page_kit::dom::file_stem(&e.name, "");
            crate::dom::download(&file, "text/plain", &format!("{stem}.txt"));
        }
        "copy-link" => {
            let e = editor(app);
            let link = crate::editor_view::link_for(e);
            crate::dom::copy_text(&link);
            if let Some(i) = by_id("map-link").and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
                i.select();
            }
            e.tell(t("editor-link-copied"));
        }
        "play-map" => {
            let e = editor(app);
            if let Some(why) = e.play_blocked() {
                e.refuse(why);
            } else {
                app.custom_map = Some((e.name.clone(), e.sketch.settled().to_text()));
                app.dialog_back = Some(Screen::Editor);
                app.screen = Screen::NewGame;
                app.message = None;
            }
        }
        _ => return false,
    }
    save(app);
    true
}

/// Handle a key in the editor; returns whether it was used.
pub fn key(app: &mut App, key: &str, ctrl: bool, shift: bool) -> bool {
    let e = editor(app);
    e.highlight = None;
    match key {
        "ArrowLeft" => e.move_cursor(0, -1),
        "ArrowRight" => e.move_cursor(0, 1),
        "ArrowUp" => e.move_cursor(-1, 0),
        "ArrowDown" => e.move_cursor(1, 0),
        "Enter" | " " => e.key_apply(),
        "Escape" => e.cancel(),
        "z" | "Z" if ctrl && shift => e.redo(),
        "z" | "Z" if ctrl => e.undo(),
        "y" | "Y" if ctrl => e.redo(),
        _ if ctrl => return false,
        "b" | "B" => e.sketch.tool = Tool::Brush,
        "r" | "R" => e.sketch.tool = Tool::Rect,
        "f" | "F" => e.sketch.tool = Tool::Fill,
        "1" | "." => e.paint = TERRAINS[0],
        "2" | "m" | "M" => e.paint = TERRAINS[1],
        "3" | "a" | "A" => e.paint = TERRAINS[2],
        _ => return false,
    }
    if matches!(key, "Enter" | " ") && e.sketch.stroking() {
        // A rectangle waits for its second corner: said, not only drawn.
        tabula_page_kit::announce::say("board-say", &t("editor-corner"));
    }
    if key.starts_with("Arrow") {
        // A screen reader is told the cell the cursor reached.
        let at = e.cursor();
        if e.sketch.grid.contains(crate::editor::place(at)) {
            let terrain = crate::editor::terrain_label(e.sketch.grid.at(crate::editor::place(at)));
            tabula_page_kit::announce::say(
                "board-say",
                &tf(
                    "editor-say-cell",
                    &[("cell", &at.to_string()), ("terrain", &terrain)],
                ),
            );
        }
    }
    save(app);
    true
}

fn cell_at(app: &App, e: &Event) -> Option<Pos> {
    let m = e.dyn_ref::<PointerEvent>()?;
    app.geometry?
        .cell_at(m.offset_x() as f64, m.offset_y() as f64)
}

/// Open a map file (chosen or dropped), refusing one that is too big before reading it.
pub fn open_file(file: web_sys::File) {
    let shown = crate::dom::file_name(&file);
    let stem = shown.strip_suffix(".txt").unwrap_or(&shown).to_string();
    if file.size() > MAX_MAP_BYTES as f64 {
        let why = tf(
            "editor-file-too-big",
            &[
                ("file", &shown),
                ("bytes", &file.size().to_string()),
                ("max", &MAX_MAP_BYTES.to_string()),
            ],
        );
        with_app(|app| {
            open(app);
            editor(app).refuse(why);
            render(app);
        });
        return;
    }
    read_file(file, MAX_MAP_BYTES, move |text| {
        with_app(|app| {
            open(app);
            let e = editor(app);
            match text {
                Ok(text) => {
                    let title = Editor::name_from_text(&text).unwrap_or(stem);
                    e.import_from(&text, &title, Source::File(&shown));
                }
                Err(why) => e.refuse(why),
            }
            save(app);
            render(app);
        });
    });
}

/// Open the map of a `#map=…` link, if the page was opened with one.
fn open_link() {
    let hash = fragment();
    let Some((rows, name)) = split_link(&hash) else {
        return;
    };
    let name = name
        .and_then(|n| js_sys::decode_uri_component(n).ok())
        .and_then(|n| n.as_string())
        .unwrap_or_else(|| t("editor-link-name"));
    let rows = js_sys::decode_uri_component(rows)
        .ok()
        .and_then(|r| r.as_string())
        .unwrap_or_else(|| rows.to_string());
    with_app(|app| {
        open(app);
        let e = editor(app);
        if rows.len() > MAX_MAP_BYTES {
            e.refuse(tf(
                "editor-link-too-big",
                &[
                    ("bytes", &rows.len().to_string()),
                    ("max", &MAX_MAP_BYTES.to_string()),
                ],
            ));
        } else if let Ok(d) = Draft::from_link_rows(&rows) {
            // The same map opened twice is not saved twice.
            let text = d.to_text();
            let known = e.library.maps.iter().find(|m| m.text == text).map(|m| m.id);
            match known {
                Some(id) => {
                    e.open_saved(id);
                    let fallback = t("editor-link-name");
                    let link_name = crate::map_editor::clean_name(&name, &fallback);
                    let told = if e.name == link_name || name == fallback {
                        tf("editor-opened-link", &[("name", &e.name)])
                    } else {
                        // Same cells under another name: the saved map
                        // opens, and the person is told why its name shows.
                        tf(
                            "editor-link-same",
                            &[("link", &link_name), ("saved", &e.name)],
                        )
                    };
                    e.tell(told);
                }
                None => {
                    e.open(&name, d);
                    let told = tf("editor-opened-link", &[("name", &e.name)]);
                    e.tell(told);
                }
            }
        } else {
            e.import_from(&rows.replace('/', "\n"), &name, Source::Link);
        }
        save(app);
    });
    consume_fragment();
}

/// Wire the editor's events.
pub fn install() {
    let doc = document();
    if let Some(canvas) = by_id("board") {
        listen(&canvas, "pointerdown", |ev| {
            with_app(|app| {
                if app.screen != Screen::Editor {
                    return;
                }
                if let Some(p) = cell_at(app, &ev) {
                    if let (Some(pe), Some(t)) = (ev.dyn_ref::<PointerEvent>(), ev.target())
                        && let Some(el) = t.dyn_ref::<web_sys::Element>()
                    {
                        el.set_pointer_capture(pe.pointer_id()).ok();
                    }
                    let e = editor(app);
                    e.highlight = None;
                    e.press(p);
                    render(app);
                }
            });
        });
        listen(&canvas, "pointerup", |_| {
            with_app(|app| {
                if app.screen == Screen::Editor
                    && app.editor.as_ref().is_some_and(|e| e.sketch.stroking())
                {
                    editor(app).release();
                    save(app);
                    render(app);
                }
            });
        });
        listen(&canvas, "pointercancel", |_| {
            with_app(|app| {
                if let Some(e) = app.editor.as_mut() {
                    e.release();
                }
            });
        });
    }
    // Form fields: kept in the editor as typed, without a redraw (a redraw
    // would replace the field being typed in).
    listen(&doc, "input", |ev| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        if t.id() == "map-paste"
            && let Some(area) = t.dyn_ref::<web_sys::HtmlTextAreaElement>()
        {
            with_app(|app| editor(app).paste = area.value());
        }
    });
    listen(&doc, "change", |ev| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        match t.id().as_str() {
            "map-name" => {
                // A redraw that removed the field (Enter renamed already) is skipped.
                try_with_app(|app| {
                    if editor(app).name != t.value().trim() {
                        editor(app).rename(&t.value());
                        save(app);
                    }
                });
            }
            "map-file" => {
                if let Some(f) = t.files().and_then(|f| f.get(0)) {
                    open_file(f);
                }
                t.set_value("");
            }
            _ => {}
        }
    });
    open_link();
    if let Some(w) = web_sys::window() {
        listen(&w, "hashchange", |_| {
            open_link();
            with_app(render);
        });
    }
}
