//! Draws the lesson writer: the page kit's writer
//! (`tabula_page_kit::lesson_writer`: the texts in both languages, the
//! steps, their narration, highlights and whether the learner plays
//! them, check, try, save, share) around Star Tigris's own parts — the
//! position mode (token palette, setup header, the parser's findings)
//! and, while recording, the piece picker of the seat to act.

use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::view::CellView;
use tabula_star_tigris::{Action, Kind, Phase, Pos, StarTigris};
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use tabula_page_kit::lesson_writer as writer;

use crate::dom::{El, button, el};
use crate::lesson_author::{Author, TOKENS, token_label};
use crate::lesson_words::{action_label, capitalised, other_actions, word};
use crate::palette::{kind_colour, kind_symbol};
use crate::session::{Selection, targets};

fn area(key: &str, id: &str, value: &str, rows: u32) -> El {
    el("label").text(&t(key)).text(" ").child(
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

/// The lesson writer's panel: the page kit's writer (texts, steps,
/// commands) around Star Tigris's free position mode and piece picker.
pub fn panel(a: &Author) -> El {
    let attr = "data-cmd";
    let board = &crate::lessons::Board;
    let mut root = el("div")
        .class("editor author")
        .attr("id", "author")
        .children(writer::head(&a.writing, attr));
    match &a.recording {
        None => {
            let mut palette = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", &t("lesson-author-piece"));
            for (token, key) in TOKENS {
                palette = palette.child(
                    button(&token_label(key), &format!("author-token:{token}"))
                        .pressed(a.token == token),
                );
            }
            let mut players = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", &t("lesson-author-owner"))
                .text(&t("lesson-author-owner"))
                .text(" ");
            for p in 1..=4u8 {
                players = players.child(
                    button(&p.to_string(), &format!("author-player:{p}")).pressed(a.player == p),
                );
            }
            root = root
                .child(el("h2").text(&t("lesson-author-position")))
                .child(
                    el("p")
                        .class("hint")
                        .text(&t("lesson-author-position-hint")),
                )
                .child(palette)
                .child(players)
                .child(area("lesson-author-header", "author-header", &a.header, 5))
                .child(
                    el("div")
                        .class("orders")
                        .child(button(&t("lesson-author-check"), "author-check"))
                        .child(
                            button(&t("lesson-author-start"), "author-start")
                                .attr("id", "author-start"),
                        ),
                );
        }
        Some(_) => {
            root = root
                .child(el("h2").text(&t("lesson-author-steps")))
                .maybe(writer::deciding(board, &a.writing, attr));
            if let (Some(g), Some(seat)) = (a.game(), a.seat()) {
                let n = a.selection.map(|s| targets(g, seat, s).len()).unwrap_or(0);
                root = root.child(
                    el("section")
                        .class("your-move")
                        .maybe(writer::to_act(board, &a.writing))
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
            root = root.children(writer::steps(board, &a.writing, attr));
        }
    }
    root.children(writer::tail(attr))
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
        held: false,
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
            (view_cells(g), a.marked(), t)
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

/// The pieces a seat can pick up (its colonists, its leaders, a bomber)
/// and its choices that are not about a cell, as buttons whose commands
/// start with `prefix` (`lesson-pick:…`, `lesson-act:N`).
fn move_picker(
    g: &StarTigris,
    seat: u8,
    selection: Option<Selection>,
    others: &[Action],
    targets: usize,
    prefix: &str,
) -> El {
    let hand = g.hand(seat);
    let mut pieces = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", &t("lesson-pieces"));
    for k in Kind::ALL {
        if hand[k.index()] > 0 {
            let picked = selection == Some(Selection::Colonist(k));
            pieces = pieces.child(
                button("", &format!("{prefix}-pick:colonist:{}", k.name()))
                    .class(if picked { "slot picked" } else { "slot" })
                    .style("border-color", kind_colour(k))
                    .child(el("span").class("glyph").text(kind_symbol(k)))
                    .text(&format!(
                        " {} ×{}",
                        capitalised(&word("kind", k)),
                        hand[k.index()]
                    )),
            );
        }
    }
    if matches!(g.phase(), Phase::Order) {
        for k in Kind::ALL {
            let picked = selection == Some(Selection::Leader(k));
            pieces = pieces.child(
                button("", &format!("{prefix}-pick:leader:{}", k.name()))
                    .class(if picked { "slot picked" } else { "slot" })
                    .child(el("span").class("glyph").text(kind_symbol(k)))
                    .text(" ")
                    .text(&capitalised(&word("leader", k))),
            );
        }
        pieces = pieces.child(
            button(&t("lesson-bomber"), &format!("{prefix}-pick:bomber"))
                .pressed(selection == Some(Selection::Bomber)),
        );
    }
    let mut row = el("div").class("slots");
    for (i, a) in others.iter().enumerate() {
        row = row.child(button(&action_label(a), &format!("{prefix}-act:{i}")));
    }
    let hint = match (selection, targets) {
        (Some(_), 0) => t("lesson-nowhere"),
        (Some(_), 1) => t("lesson-targets-one"),
        (Some(_), n) => tf("lesson-targets-many", &[("n", &n.to_string())]),
        (None, _) => t("lesson-pick"),
    };
    el("div")
        .class("picker")
        .child(pieces)
        .child(el("p").class("hint").text(&hint))
        .child(row)
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
