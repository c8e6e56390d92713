//! Draws the map editor: its side panel (tools, size, symmetry, problems,
//! sharing, saved maps) and the board being drawn.

use tabula_star_tigris::Kind;
use tabula_star_tigris::map::{MAX_SIDE, MIN_SIDE, Terrain};
use tabula_star_tigris::view::CellView;
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el, file_field, paste_field};
use crate::editor::{TERRAINS, Tool, terrain_name};
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

fn section(title: &str) -> El {
    el("section").child(el("h2").text(title))
}

/// The editor's side panel.
pub fn panel(e: &Editor) -> El {
    let mut root = el("div").class("editor").attr("id", "editor");
    root = root.child(
        el("label").class("map-name").text("Map name ").child(
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
            p = p.text(" ").child(button("Restore", "restore-map"));
        }
        root = root.child(p);
    }
    // Tools and terrain.
    let keys = ["B", "R", "F"];
    let mut tools = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", "Tool");
    for (t, k) in Tool::ALL.into_iter().zip(keys) {
        tools = tools.child(picked(
            button(t.label(), &format!("tool:{}", t.name())).child(kbd(k)),
            e.tool == t,
        ));
    }
    let mut paints = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", "Paint");
    for (i, t) in TERRAINS.into_iter().enumerate() {
        let (name, label) = terrain_name(t);
        paints = paints.child(picked(
            button("", &format!("paint:{name}"))
                .child(
                    el("span")
                        .class(&format!("terrain {name}"))
                        .attr("aria-hidden", "true"),
                )
                .text(label)
                .child(kbd(&(i + 1).to_string())),
            e.paint == t,
        ));
    }
    root = root
        .child(section("Draw").child(tools).child(paints))
        .child(
            el("div")
                .class("orders")
                .child(
                    button("Undo", "undo-map")
                        .child(kbd("Ctrl+Z"))
                        .disabled(!e.history.can_undo()),
                )
                .child(
                    button("Redo", "redo-map")
                        .child(kbd("Ctrl+Y"))
                        .disabled(!e.history.can_redo()),
                ),
        );
    root = root.child(el("p").class("hint").text(
        "Drag on the board to paint. Keys: arrows move, Enter or Space paints (a rectangle takes one press at each corner), Esc cancels.",
    ));
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
        section("Size and symmetry")
            .child(
                el("div")
                    .class("size")
                    .child(
                        el("label")
                            .text("Width ")
                            .child(number("map-width", e.draft.width)),
                    )
                    .child(
                        el("label")
                            .text("Height ")
                            .child(number("map-height", e.draft.height)),
                    )
                    .child(button("Resize", "resize")),
            )
            .child(
                el("div")
                    .class("orders")
                    .child(button("Mirror ↔", "mirror-lr"))
                    .child(button("Mirror ↕", "mirror-tb"))
                    .child(button("Rotate ↻", "rotate")),
            ),
    );
    // Counts and problems.
    let mut problems = section("Check").child(
        el("p")
            .attr("id", "map-counts")
            .text(&e.draft.stats().to_string()),
    );
    let mut list = el("ul").class("problems").attr("id", "map-problems");
    for (i, p) in e.problems.0.iter().enumerate() {
        let cell = e.draft.problem_cell(p);
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
        .child(el("strong").text(if p.is_error() { "Error" } else { "Warning" }));
        if let Some(c) = cell {
            b = b.cmd(&format!("problem:{i}")).text(&format!(" at {c}"));
        }
        b = b
            .text(&format!(": {} ", p.message))
            .child(el("span").class("rule").text(&format!("[{}]", p.rule)));
        list = list.child(el("li").child(b));
    }
    if e.problems.0.is_empty() {
        list = list.child(
            el("li")
                .class("ok")
                .text("No problems: this map is ready to play."),
        );
    }
    problems = problems.child(list);
    let blocked = e.play_blocked();
    problems = problems.child(
        el("div").class("orders").child(
            button("Play this map", "play-map")
                .attr("id", "play-map")
                .disabled(blocked.is_some()),
        ),
    );
    problems =
        problems.maybe(blocked.map(|b| el("p").class("msg").attr("id", "play-blocked").text(&b)));
    root = root.child(problems);
    // Sharing.
    root = root.child(
        section("Share")
            .child(
                el("div")
                    .class("orders")
                    .child(button("Download .txt", "export-map"))
                    .child(button("Copy link", "copy-link")),
            )
            .child(
                el("label").class("link").text("Link ").child(
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
        .attr("aria-label", "A map shipped with the game");
    for (name, _) in MAPS {
        start = start.child(el("option").attr("value", name).text(name));
    }
    root = root.child(
        section("Open")
            .child(
                el("div")
                    .class("orders")
                    .child(button("New blank map", "blank-map"))
                    .child(start)
                    .child(button("Open", "open-shipped")),
            )
            .child(file_field(
                "A map file (.txt) — or drop one on the page ",
                "map-file",
                ".txt,text/plain",
            ))
            .child(paste_field("Or paste map text", "map-paste", 4, &e.paste))
            .child(button("Open the pasted map", "paste-map")),
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
                .maybe(current.then(|| el("span").class("hint").text(" (editing)")))
                .child(button("Open", &format!("open-saved:{}", m.id)).disabled(current))
                .child(button("Delete", &format!("delete-saved:{}", m.id))),
        );
    }
    if e.library.maps.is_empty() {
        saved = saved.child(
            el("li")
                .class("hint")
                .text("No saved maps yet: every change is saved here."),
        );
    }
    root.child(section("Saved in this browser").child(saved))
}

/// The link that opens the editor on this map (the page's address with a
/// `#map=…` fragment).
pub fn link_for(e: &Editor) -> String {
    let fragment = crate::editor::link_fragment(&e.draft, &e.name, |s| {
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
    }
}

/// Draw the board being edited, with the problem cells marked.
pub fn draw(ctx: &Ctx, geo: &Geometry, e: &Editor) {
    let cells: Vec<CellView> = e.draft.cells.iter().map(|&t| cell_view(t)).collect();
    let flagged: Vec<_> = e
        .problems
        .0
        .iter()
        .filter_map(|p| e.draft.problem_cell(p))
        .collect();
    board::draw(
        ctx,
        geo,
        &Picture {
            cursor: Some(e.cursor),
            hover: e.hover,
            flagged: &flagged,
            highlight: e.highlight,
            ..Picture::cells(&cells)
        },
    );
}
