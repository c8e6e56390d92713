//! Draws the lesson writer: the position mode (token palette, setup
//! header, the parser's findings) and the recording mode (the seat to act
//! picks pieces and cells; each step gets its narration, highlights and
//! whether the learner plays it).

use tabula_star_tigris::view::CellView;
use tabula_star_tigris::{Kind, Pos, StarTigris};
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el};
use crate::lesson_author::{Author, TOKENS};
use crate::lesson_player::other_actions;
use crate::lesson_view::move_picker;
use crate::session::targets;

fn field(label: &str, id: &str, value: &str) -> El {
    el("label").text(label).child(
        el("input")
            .attr("type", "text")
            .attr("id", id)
            .attr("maxlength", "200")
            .attr("value", value),
    )
}

fn area(label: &str, id: &str, value: &str, rows: u32) -> El {
    el("label").text(label).child(
        el("textarea")
            .attr("id", id)
            .attr("rows", &rows.to_string())
            .attr("spellcheck", "false")
            .text(value),
    )
}

/// The actions the seat to act may take now without a cell.
pub fn author_others(a: &Author) -> Vec<tabula_star_tigris::Action> {
    match (a.game(), a.seat()) {
        (Some(g), Some(s)) => other_actions(g, s, None),
        _ => Vec::new(),
    }
}

/// The lesson writer's panel.
pub fn panel(a: &Author) -> El {
    let mut root = el("div").class("editor author").attr("id", "author");
    root = root
        .child(el("h2").text("Write a lesson"))
        .child(field("Title ", "author-title", &a.title))
        .child(field("What it teaches ", "author-summary", &a.summary));
    if let Some(m) = &a.message {
        root = root.child(
            el("p")
                .class("message")
                .attr("id", "author-message")
                .attr("role", "alert")
                .text(m),
        );
    }
    match &a.recording {
        None => {
            let mut palette = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", "Piece");
            for (t, label) in TOKENS {
                palette = palette.child(
                    button(label, &format!("author-token:{t}")).class(if a.token == t {
                        "picked"
                    } else {
                        ""
                    }),
                );
            }
            let mut players = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", "Leaders belong to")
                .text("Leaders belong to player ");
            for p in 1..=4u8 {
                players =
                    players.child(
                        button(&p.to_string(), &format!("author-player:{p}"))
                            .class(if a.player == p { "picked" } else { "" }),
                    );
            }
            root = root
                .child(el("h2").text("1. The position"))
                .child(el("p").class("hint").text(
                    "A free mode: click a cell to put the piece there (again to clear it). The board starts from the map in the editor.",
                ))
                .child(palette)
                .child(players)
                .child(area(
                    "Players, hands and scores (setup lines, see the setup format) ",
                    "author-header",
                    &a.header,
                    5,
                ))
                .child(
                    el("div")
                        .class("orders")
                        .child(button("Check the position", "author-check"))
                        .child(
                            button("2. Record the steps ▶", "author-start")
                                .attr("id", "author-start"),
                        ),
                );
        }
        Some(rec) => {
            root = root.child(el("h2").text("2. The steps"));
            if let (Some(g), Some(seat)) = (a.game(), a.seat()) {
                let n = a.selection.map(|s| targets(g, seat, s).len()).unwrap_or(0);
                root = root.child(
                    el("section")
                        .class("your-move")
                        .child(el("h3").text(&format!("Player {} to act", seat + 1)))
                        .child(move_picker(
                            g,
                            seat,
                            a.selection,
                            &author_others(a),
                            n,
                            "author",
                        )),
                );
            }
            let mut list = el("ol").class("steps").attr("id", "author-steps");
            for s in &rec.steps {
                let what = match (&s.play, &s.learner) {
                    (Some(p), _) => format!("Player {} plays {}", p.player, p.action),
                    (_, Some(l)) => {
                        format!("The learner, as player {}, plays {}", l.player, l.action)
                    }
                    _ => "Talk only".into(),
                };
                let say = if s.say.is_empty() {
                    "(no narration yet)".to_string()
                } else {
                    s.say.clone()
                };
                list = list.child(
                    el("li")
                        .child(el("strong").text(&what))
                        .child(el("span").class("hint").text(&format!(" — {say}"))),
                );
            }
            root = root.child(list);
            if let Some(last) = rec.steps.last() {
                let learner = last.learner.is_some();
                let mut box_ = el("section")
                    .class("step-edit")
                    .child(el("h3").text(&format!("Step {}", rec.steps.len())));
                box_ = box_.child(area("Narration ", "step-say", &last.say, 3));
                if last.play.is_some() || learner {
                    box_ = box_.child(
                        button(
                            if learner {
                                "The learner plays this step ✓"
                            } else {
                                "Let the learner play this step"
                            },
                            "author-learner",
                        )
                        .attr("aria-pressed", if learner { "true" } else { "false" }),
                    );
                }
                if let Some(l) = &last.learner {
                    box_ = box_
                        .child(field("Hint ", "step-hint", &l.hint))
                        .child(field(
                            "When they try something else ",
                            "step-wrong",
                            &l.wrong,
                        ));
                }
                box_ = box_.child(
                    button(
                        if rec.marking {
                            "Marking cells: click the board (done)"
                        } else {
                            "Mark cells on the board"
                        },
                        "author-mark",
                    )
                    .class(if rec.marking { "picked" } else { "" }),
                );
                root = root.child(box_);
            }
            root = root.child(
                el("div")
                    .class("orders")
                    .child(button("Add a talk step", "author-talk"))
                    .child(
                        button("Undo the last step", "author-undo").disabled(rec.steps.is_empty()),
                    )
                    .child(button("◀ Back to the position", "author-stop")),
            );
            root = root.child(
                el("div")
                    .class("orders")
                    .child(button("Try the lesson", "author-try").attr("id", "author-try"))
                    .child(button("Download the lesson (.json)", "author-export")),
            );
        }
    }
    root.child(
        el("p")
            .class("hint")
            .text("The lesson is kept in this browser as you write it. A lesson file opens from the list of lessons."),
    )
    .child(button("Start a new lesson", "author-fresh"))
}

/// How a setup token looks on the board (drawn without rules, so a
/// position is seen while it is still being put together).
pub fn token_view(t: &str) -> CellView {
    let mut v = CellView {
        uninhabitable: false,
        destroyed: false,
        artifact: false,
        colony: None,
        leader: None,
    };
    let (base, star) = t.strip_suffix('*').map_or((t, false), |b| (b, true));
    v.artifact = star;
    match base {
        "M" => v.uninhabitable = true,
        "X" => v.destroyed = true,
        "XM" => {
            v.destroyed = true;
            v.uninhabitable = true;
        }
        "A" => {
            v.colony = Some(Kind::Scientist);
            v.artifact = true;
        }
        "p" => v.colony = Some(Kind::Settler),
        "t" => v.colony = Some(Kind::Scientist),
        "m" => v.colony = Some(Kind::Merchant),
        "r" => {
            v.colony = Some(Kind::Mining);
            v.uninhabitable = true;
        }
        other => {
            let mut c = other.chars();
            let kind = match c.next() {
                Some('P') => Some(Kind::Settler),
                Some('T') => Some(Kind::Scientist),
                Some('M') => Some(Kind::Merchant),
                Some('R') => Some(Kind::Mining),
                _ => None,
            };
            let owner = c
                .as_str()
                .parse::<u8>()
                .ok()
                .filter(|&p| (1..=4).contains(&p));
            if let (Some(k), Some(o)) = (kind, owner) {
                v.leader = Some((o - 1, k));
            }
        }
    }
    v
}

/// The cells the piece picked up may go to.
pub fn targets_now(a: &Author) -> Vec<Pos> {
    match (a.game(), a.seat(), a.selection) {
        (Some(g), Some(s), Some(sel)) => targets(g, s, sel).into_iter().map(|(p, _)| p).collect(),
        _ => Vec::new(),
    }
}

/// Draw the position or the recording.
pub fn draw_board(ctx: &Ctx, geo: &Geometry, a: &Author) {
    let (cells, marked, targets_now): (Vec<CellView>, Vec<_>, Vec<_>) = match a.game() {
        Some(g) => {
            let t = targets_now(a);
            let marked = a
                .recording
                .as_ref()
                .and_then(|r| r.steps.last())
                .map(|s| s.highlight.clone())
                .unwrap_or_default();
            (view_cells(g), marked, t)
        }
        None => (
            a.cells.iter().map(|t| token_view(t)).collect(),
            Vec::new(),
            Vec::new(),
        ),
    };
    board::draw(
        ctx,
        geo,
        &Picture {
            targets: &targets_now,
            marked: &marked,
            ..Picture::cells(&cells)
        },
    );
}

fn view_cells(g: &StarTigris) -> Vec<CellView> {
    use tabula_engine::Game;
    g.player_view(0).cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_draw_as_their_pieces() {
        assert!(token_view("M").uninhabitable);
        assert_eq!(token_view("t*").colony, Some(Kind::Scientist));
        assert!(token_view("t*").artifact);
        assert_eq!(token_view("M2").leader, Some((1, Kind::Merchant)));
        assert_eq!(token_view("R4").leader, Some((3, Kind::Mining)));
        assert!(token_view("r").uninhabitable);
        assert!(token_view("XM").destroyed);
        assert_eq!(token_view("Q9"), token_view("."));
    }
}
