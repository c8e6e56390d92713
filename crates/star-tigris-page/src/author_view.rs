//! Draws the lesson writer: the position mode (token palette, setup
//! header, the parser's findings) and the recording mode (the seat to act
//! picks pieces and cells; each step gets its narration, highlights and
//! whether the learner plays it).

use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::view::CellView;
use tabula_star_tigris::{Action, Kind, Phase, Pos, StarTigris};
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el};
use crate::lesson_author::{Author, TEXT_LANGS, TOKENS, TextField, token_label};
use crate::lesson_words::{action_label, capitalised, move_words, other_actions, word};
use crate::palette::{kind_colour, kind_symbol};
use crate::session::{Selection, targets};

/// A text field of the lesson: its label, and the text in the language
/// being written; when that is a translation, the English stands under
/// the field (marked as English).
fn text_field(a: &Author, key: &str, id: &str, field: TextField, rows: u32) -> El {
    let value = a.text(field);
    let english = a.text_in(field, "en");
    let translating = a.text_lang != "en";
    let input = if rows == 0 {
        el("input")
            .attr("type", "text")
            .attr("id", id)
            .attr("maxlength", "200")
            .attr("value", &value)
    } else {
        el("textarea")
            .attr("id", id)
            .attr("rows", &rows.to_string())
            .attr("spellcheck", "false")
            .text(&value)
    };
    let input = input.attr("lang", &a.text_lang);
    el("label").text(&t(key)).text(" ").child(input).maybe(
        (translating && !english.is_empty()).then(|| {
            el("span")
                .class("hint english")
                .text(&format!("{}: ", t("lesson-author-english")))
                .child(el("span").attr("lang", "en").text(&english))
        }),
    )
}

fn area(key: &str, id: &str, value: &str, rows: u32) -> El {
    el("label").text(&t(key)).text(" ").child(
        el("textarea")
            .attr("id", id)
            .attr("rows", &rows.to_string())
            .attr("spellcheck", "false")
            .text(value),
    )
}

/// Which language the text fields write: the lesson's own (English) or
/// its German translation.
fn language_switch(a: &Author) -> El {
    let mut row = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", &t("lesson-author-texts-in"))
        .text(&t("lesson-author-texts-in"))
        .text(" ");
    for lang in TEXT_LANGS {
        let on = a.text_lang == lang;
        row = row.child(
            button(
                &t(if lang == "de" {
                    "lesson-author-lang-de"
                } else {
                    "lesson-author-lang-en"
                }),
                &format!("author-lang:{lang}"),
            )
            .pressed(on)
            .attr("aria-pressed", if on { "true" } else { "false" }),
        );
    }
    row
}

/// A recorded action in words (its text as written, if it does not read).
fn action_words(text: &str) -> String {
    text.parse::<Action>()
        .map(|a| move_words(&a))
        .unwrap_or_else(|_| text.to_string())
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
        .child(el("h2").text(&t("lesson-write")))
        .child(language_switch(a))
        .maybe(
            (a.text_lang != "en")
                .then(|| el("p").class("hint").text(&t("lesson-author-lang-note"))),
        )
        .child(text_field(
            a,
            "lesson-author-title",
            "author-title",
            TextField::Title,
            0,
        ))
        .child(text_field(
            a,
            "lesson-author-summary",
            "author-summary",
            TextField::Summary,
            0,
        ));
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
        Some(rec) => {
            root = root.child(el("h2").text(&t("lesson-author-steps")));
            let deciding = a.deciding();
            if !deciding.is_empty() {
                let mut whose = el("div")
                    .class("slots")
                    .attr("role", "group")
                    .attr("id", "author-deciding")
                    .attr("aria-label", &t("lesson-author-deciding"))
                    .text(&t("lesson-author-deciding"))
                    .text(" ");
                for s in deciding {
                    let p = s + 1;
                    whose = whose.child(
                        button(&p.to_string(), &format!("author-player:{p}"))
                            .pressed(a.seat() == Some(s)),
                    );
                }
                root = root.child(whose);
            }
            if let (Some(g), Some(seat)) = (a.game(), a.seat()) {
                let n = a.selection.map(|s| targets(g, seat, s).len()).unwrap_or(0);
                root = root.child(
                    el("section")
                        .class("your-move")
                        .child(el("h3").text(&tf(
                            "lesson-author-to-act",
                            &[("n", &(seat + 1).to_string())],
                        )))
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
            let lang = a.text_lang.as_str();
            for (i, s) in rec.steps.iter().enumerate() {
                let what = match (&s.play, &s.learner) {
                    (Some(p), _) => tf(
                        "lesson-author-plays",
                        &[
                            ("n", &p.player.to_string()),
                            ("move", &action_words(&p.action)),
                        ],
                    ),
                    (_, Some(l)) => tf(
                        "lesson-author-learner-plays",
                        &[
                            ("n", &l.player.to_string()),
                            ("move", &action_words(&l.action)),
                        ],
                    ),
                    _ => t("lesson-author-talk-only"),
                };
                let translated = a
                    .translations
                    .get(lang)
                    .and_then(|tr| tr.steps.get(i))
                    .and_then(|st| st.say.clone());
                // The English shows where the German is missing, marked so.
                let (said, said_lang) = match translated {
                    Some(x) => (x, lang),
                    None => (s.say.clone(), "en"),
                };
                let say = if said.is_empty() {
                    el("span").text(&t("lesson-author-no-say"))
                } else {
                    el("span").attr("lang", said_lang).text(&said)
                };
                list = list.child(
                    el("li")
                        .child(el("strong").text(&what))
                        .child(el("span").class("hint").text(" — ").child(say)),
                );
            }
            root = root.child(list);
            if let Some(last) = rec.steps.last() {
                let learner = last.learner.is_some();
                let mut box_ = el("section").class("step-edit").child(el("h3").text(&tf(
                    "lesson-author-step",
                    &[("n", &rec.steps.len().to_string())],
                )));
                box_ = box_.child(text_field(
                    a,
                    "lesson-author-say",
                    "step-say",
                    TextField::Say,
                    3,
                ));
                if last.play.is_some() || learner {
                    box_ = box_.child(
                        button(
                            &t(if learner {
                                "lesson-author-learner-on"
                            } else {
                                "lesson-author-learner-off"
                            }),
                            "author-learner",
                        )
                        .attr("aria-pressed", if learner { "true" } else { "false" }),
                    );
                }
                if learner {
                    box_ = box_
                        .child(text_field(
                            a,
                            "lesson-author-hint",
                            "step-hint",
                            TextField::Hint,
                            0,
                        ))
                        .child(text_field(
                            a,
                            "lesson-author-wrong",
                            "step-wrong",
                            TextField::Wrong,
                            0,
                        ));
                }
                box_ = box_.child(
                    button(
                        &t(if rec.marking {
                            "lesson-author-marking"
                        } else {
                            "lesson-author-mark"
                        }),
                        "author-mark",
                    )
                    .pressed(rec.marking),
                );
                root = root.child(box_);
            }
            root = root.child(
                el("div")
                    .class("orders")
                    .child(button(&t("lesson-author-talk"), "author-talk"))
                    .child(
                        button(&t("lesson-author-undo"), "author-undo")
                            .disabled(rec.steps.is_empty()),
                    )
                    .child(button(&t("lesson-author-stop"), "author-stop")),
            );
            root = root.child(
                el("div")
                    .class("orders")
                    .child(button(&t("lesson-author-try"), "author-try").attr("id", "author-try"))
                    .child(button(&t("lesson-author-export"), "author-export")),
            );
        }
    }
    root.child(el("p").class("hint").text(&t("lesson-author-kept")))
        .child(button(&t("lesson-author-fresh"), "author-fresh"))
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
