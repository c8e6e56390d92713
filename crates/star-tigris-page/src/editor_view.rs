//! Draws the map editor: its side panel (tools, size, symmetry, problems,
//! sharing, saved maps) and the board being drawn.

use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::Kind;
use tabula_star_tigris::map::{MAX_SIDE, MIN_SIDE, Terrain};
use tabula_star_tigris::view::CellView;
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el, file_field, paste_field};
use crate::editor::{
    MapDraft, TERRAINS, Tool, counts_words, problem_words, terrain_label, terrain_name,
};
use crate::map_editor::Editor;
use crate::maps::MAPS;

fn kbd(k: &str) -> El {
    el("kbd").text(k)
}

fn picked(b: El, yes: bool) -> El {
    if yes {
        b.class("picked").attr("aria-pressed", "true")
    } else {
        b.attr("aria-pressed", "false")
    }
}

fn section(key: &str) -> El {
    el("section").child(el("h2").text(&t(key)))
}

/// A label's words, then a space before its field.
fn label(key: &str) -> El {
    el("label").text(&t(key)).text(" ")
}

/// The editor's side panel.
pub fn panel(e: &Editor) -> El {
    let mut root = el("div").class("editor").attr("id", "editor");
    root = root.child(
        label("editor-map-name").class("map-name").child(
            el("input")
                .attr("type", "text")
                .attr("id", "map-name")
                .attr("maxlength", "40")
                .attr("value", &e.name),
        ),
    );
    if let Some(m) = &e.message {
        let mut p = el("p")
            .class(if e.message_is_error {
                "message"
            } else {
                "note"
            })
            .attr("id", "editor-message")
            .attr(
                "role",
                if e.message_is_error {
                    "alert"
                } else {
                    "status"
                },
            )
            .text(m);
        if e.deleted.is_some() && !e.message_is_error {
            p = p
                .text(" ")
                .child(button(&t("editor-restore"), "restore-map"));
        }
        root = root.child(p);
    }
    // Tools and terrain.
    let keys = ["B", "R", "F"];
    let mut tools = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", &t("editor-tool"));
    for (t, k) in Tool::ALL.into_iter().zip(keys) {
        tools = tools.child(picked(
            button(&t.label(), &format!("tool:{}", t.name())).child(kbd(k)),
            e.sketch.tool == t,
        ));
    }
    let mut paints = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", &t("editor-paint"));
    for (i, terrain) in TERRAINS.into_iter().enumerate() {
        let name = terrain_name(terrain);
        paints = paints.child(picked(
            button("", &format!("paint:{name}"))
                .child(
                    el("span")
                        .class(&format!("terrain {name}"))
                        .attr("aria-hidden", "true"),
                )
                .text(&terrain_label(terrain))
                .child(kbd(&(i + 1).to_string())),
            e.paint == terrain,
        ));
    }
    root = root
        .child(section("editor-draw").child(tools).child(paints))
        .child(
            el("div")
                .class("orders")
                .child(
                    button(&t("editor-undo"), "undo-map")
                        .child(kbd("Ctrl+Z"))
                        .disabled(!e.sketch.history.can_undo()),
                )
                .child(
                    button(&t("editor-redo"), "redo-map")
                        .child(kbd("Ctrl+Y"))
                        .disabled(!e.sketch.history.can_redo()),
                ),
        );
    root = root.child(el("p").class("hint").text(&t("editor-draw-hint")));
    // Size and symmetry.
    let number = |id: &str, v: usize| {
        el("input")
            .attr("type", "number")
            .attr("id", id)
            .attr("min", &MIN_SIDE.to_string())
            .attr("max", &MAX_SIDE.to_string())
            .attr("value", &v.to_string())
    };
    root = root.child(
        section("editor-size-title")
            .child(
                el("div")
                    .class("size")
                    .child(label("editor-width").child(number("map-width", e.sketch.grid.width)))
                    .child(label("editor-height").child(number("map-height", e.sketch.grid.height)))
                    .child(button(&t("editor-resize"), "resize")),
            )
            .child(
                el("div")
                    .class("orders")
                    .child(button(&t("editor-mirror-lr"), "mirror-lr"))
                    .child(button(&t("editor-mirror-tb"), "mirror-tb"))
                    .child(button(&t("editor-rotate"), "rotate")),
            ),
    );
    // Counts and problems.
    let mut problems = section("editor-check").child(
        el("p")
            .attr("id", "map-counts")
            .text(&counts_words(&e.sketch.grid.stats())),
    );
    let mut list = el("ul").class("problems").attr("id", "map-problems");
    for (i, p) in e.problems.0.iter().enumerate() {
        let cell = e.sketch.grid.problem_cell(p);
        let kind = if p.is_error() { "error" } else { "warning" };
        // A problem at a cell is a button that shows the cell; a map-wide
        // one is plain text, as readable as the others (a disabled button
        // would be greyed out by the browser).
        let mut b = match cell {
            Some(_) => el("button").attr("type", "button"),
            None => el("div"),
        }
        .class(&format!("problem {kind}"))
        .attr("data-rule", &p.rule)
        .child(el("strong").text(&t(if p.is_error() {
            "editor-error"
        } else {
            "editor-warning"
        })));
        if let Some(c) = cell {
            b = b
                .cmd(&format!("problem:{i}"))
                .text(" ")
                .text(&tf("editor-problem-at", &[("cell", &c.to_string())]));
        }
        b = b.text(&format!(": {} ", problem_words(p)));
        // The rule's name as `tabula map check` and docs/star-tigris/maps.md
        // (in English) give it; on a page in another language it is only
        // in `data-rule`, not an English word among the German.
        if tabula_page_kit::i18n::lang() == tabula_page_kit::i18n::Lang::En {
            b = b.child(
                el("code")
                    .class("rule")
                    .attr("translate", "no")
                    .text(&format!("[{}]", p.rule)),
            );
        }
        list = list.child(el("li").child(b));
    }
    if e.problems.0.is_empty() {
        list = list.child(el("li").class("ok").text(&t("editor-no-problems")));
    }
    problems = problems.child(list);
    let blocked = e.play_blocked();
    problems = problems.child(
        el("div").class("orders").child(
            button(&t("editor-play"), "play-map")
                .attr("id", "play-map")
                .disabled(blocked.is_some()),
        ),
    );
    problems =
        problems.maybe(blocked.map(|b| el("p").class("msg").attr("id", "play-blocked").text(&b)));
    root = root.child(problems);
    // Sharing.
    root = root.child(
        section("editor-share")
            .child(
                el("div")
                    .class("orders")
                    .child(button(&t("editor-download"), "export-map"))
                    .child(button(&t("editor-copy-link"), "copy-link")),
            )
            .child(
                label("editor-link").class("link").child(
                    el("input")
                        .attr("type", "text")
                        .attr("readonly", "")
                        .attr("id", "map-link")
                        .attr("value", &link_for(e)),
                ),
            ),
    );
    // Opening maps.
    let mut start = el("select")
        .attr("id", "map-start")
        .attr("aria-label", &t("editor-shipped-maps"));
    for (name, _) in MAPS {
        start = start.child(
            el("option")
                .attr("value", name)
                .text(&crate::maps::map_name(name)),
        );
    }
    root = root.child(
        section("editor-open-title")
            .child(
                el("div")
                    .class("orders")
                    .child(button(&t("editor-blank"), "blank-map"))
                    .child(start)
                    .child(button(&t("editor-open"), "open-shipped")),
            )
            .child(file_field(
                &format!("{} ", t("editor-file")),
                "map-file",
                ".txt,text/plain",
            ))
            .child(paste_field(&t("editor-paste"), "map-paste", 4, &e.paste))
            .child(button(&t("editor-open-pasted"), "paste-map")),
    );
    // Saved maps.
    let mut saved = el("ul").class("saved").attr("id", "saved-maps");
    for m in &e.library.maps {
        let current = e.id == Some(m.id);
        saved = saved.child(
            el("li")
                .attr("data-id", &m.id.to_string())
                .class(if current { "current" } else { "" })
                .child(el("span").class("name").text(&m.name))
                .maybe(current.then(|| {
                    el("span")
                        .class("hint")
                        .text(" ")
                        .text(&t("editor-editing"))
                }))
                .child(button(&t("editor-open"), &format!("open-saved:{}", m.id)).disabled(current))
                .child(button(
                    &t("editor-delete"),
                    &format!("delete-saved:{}", m.id),
                )),
        );
    }
    if e.library.maps.is_empty() {
        saved = saved.child(el("li").class("hint").text(&t("editor-no-saved")));
    }
    root.child(section("editor-saved-title").child(saved))
}

/// The link that opens the editor on this map (the page's address with a
/// `#map=…` fragment).
pub fn link_for(e: &Editor) -> String {
    let fragment = crate::editor::link_fragment(e.sketch.settled(), &e.name, |s| {
        js_sys::encode_uri_component(s).into()
    });
    format!("{}#{fragment}", crate::dom::page_url())
}

/// How a terrain looks on the board.
fn cell_view(t: Terrain) -> CellView {
    CellView {
        uninhabitable: t == Terrain::Uninhabitable,
        destroyed: false,
        artifact: t == Terrain::Artifact,
        colony: (t == Terrain::Artifact).then_some(Kind::Scientist),
        leader: None,
        held: false,
    }
}

/// Draw the board being edited, with the problem cells marked.
pub fn draw(ctx: &Ctx, geo: &Geometry, e: &Editor) {
    let cells: Vec<CellView> = e.sketch.grid.cells.iter().map(|&t| cell_view(t)).collect();
    let flagged: Vec<_> = e
        .problems
        .0
        .iter()
        .filter_map(|p| e.sketch.grid.problem_cell(p))
        .collect();
    board::draw(
        ctx,
        geo,
        &Picture {
            cursor: Some(e.cursor()),
            hover: e.hover,
            flagged: &flagged,
            highlight: e.highlight,
            ..Picture::cells(&cells)
        },
    );
}
