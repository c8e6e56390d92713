//! Draws the lessons: the list of lessons, and the lesson player's panel
//! (narration, step controls, the learner's pieces and choices) and board
//! (the step's position with the cells the narration points at).

use tabula_engine::Game;
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::lesson::parse_lesson;
use tabula_star_tigris::{Action, Kind, Phase, StarTigris};
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el, file_field, swatch};
use crate::lesson_player::{LessonPlayer, capitalised, lang, word};
use crate::maps::LESSONS;
use crate::palette::{kind_colour, kind_symbol};
use crate::session::Selection;

/// The list of lessons, as a dialog.
pub fn list(error: Option<&str>, large: bool) -> El {
    let mut cards = el("ol").class("lesson-list").attr("id", "lesson-list");
    let lang = lang();
    for (name, text) in LESSONS {
        let Ok(lesson) = parse_lesson(text) else {
            continue;
        };
        cards = cards.child(
            el("li").child(
                button("", &format!("lesson:{name}"))
                    .class("lesson-card")
                    .child(lesson_text(
                        el("strong"),
                        lesson.title_in(lang),
                        &lesson.title,
                    ))
                    .child(lesson_text(
                        el("span").class("summary"),
                        lesson.summary_in(lang),
                        &lesson.summary,
                    ))
                    .maybe(lesson.source_in(lang).map(|s| {
                        lesson_text(
                            el("span").class("source"),
                            s,
                            lesson.source.as_deref().unwrap_or_default(),
                        )
                    })),
            ),
        );
    }
    el("div")
        .class("dialog lessons")
        .attr("role", "dialog")
        .attr("aria-label", &t("lessons"))
        .child(el("h2").text(&t("lesson-list-title")))
        .child(el("p").text(&t("lesson-list-intro")))
        .child(cards)
        .child(file_field(
            &format!("{} ", t("lesson-file")),
            "lesson-file",
            ".json,application/json",
        ))
        .maybe(error.map(|e| {
            el("p")
                .class("message")
                .attr("id", "lesson-error")
                .attr("role", "alert")
                .text(e)
        }))
        .child(
            el("div")
                .class("orders")
                .child(
                    button(
                        &t(if large {
                            "lesson-normal-text"
                        } else {
                            "lesson-large-text-projector"
                        }),
                        "large-text",
                    )
                    .attr("aria-pressed", if large { "true" } else { "false" }),
                )
                .child(button(&t("lesson-rules"), "rules").attr("id", "open-rules"))
                .child(button(&t("lesson-write"), "author-new").attr("id", "author-new"))
                .child(button(&t("lesson-close"), "close-lessons").attr("id", "close-lessons")),
        )
}

/// A text of the lesson in `e`: the text shown, marked as English
/// (`lang="en"`) when it is the English because the lesson has no
/// translation of it.
fn lesson_text(e: El, shown: &str, english: &str) -> El {
    let e = e.text(shown);
    if lang() != "en" && shown == english {
        e.attr("lang", "en")
    } else {
        e
    }
}

/// The label of a choice that is not about a cell.
pub fn action_label(a: &Action) -> String {
    match a {
        Action::Commit { count } => tf("lesson-commit", &[("n", &count.to_string())]),
        Action::ResolveConflict { kind } => {
            tf("lesson-resolve-first", &[("kind", &word("kind", *kind))])
        }
        Action::Pass => t("lesson-pass"),
        Action::WithdrawLeader { kind } => {
            tf("lesson-withdraw", &[("leader", &word("leader", *kind))])
        }
        Action::Swap(s) if s.total() == 1 => t("lesson-swap-one"),
        Action::Swap(s) => tf("lesson-swap-many", &[("n", &s.total().to_string())]),
        other => capitalised(&crate::lesson_player::move_words(other)),
    }
}

/// The pieces a seat can pick up (its colonists, its leaders, a bomber)
/// and its choices that are not about a cell, as buttons whose commands
/// start with `prefix` (`lesson-pick:…`, `lesson-act:N`).
pub fn move_picker(
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

/// The lesson player's panel.
pub fn panel(p: &LessonPlayer, names: &[String]) -> El {
    let lang = lang();
    let mut root = el("div").class("lesson").attr("id", "lesson");
    root = root
        .child(lesson_text(
            el("h2").attr("id", "lesson-title"),
            p.lesson.title_in(lang),
            &p.lesson.title,
        ))
        .child(
            el("p")
                .class("hint")
                .attr("id", "lesson-step")
                .attr("data-step", &(p.step + 1).to_string())
                .attr("data-steps", &p.len().to_string())
                .text(&tf(
                    "lesson-step",
                    &[
                        ("n", &(p.step + 1).to_string()),
                        ("total", &p.len().to_string()),
                    ],
                )),
        )
        .child(lesson_text(
            el("p")
                .class("narration")
                .attr("id", "narration")
                .attr("aria-live", "polite"),
            p.lesson.say_in(p.step, lang),
            &p.lesson.steps[p.step].say,
        ));
    if let Some(m) = &p.message {
        root = root.child(
            el("p")
                .class(if p.wrong { "message" } else { "note" })
                .attr("id", "lesson-message")
                .attr("role", if p.wrong { "alert" } else { "status" })
                .text(m),
        );
    }
    if let Some((seat, _)) = p.task() {
        let who = names.get(seat as usize).cloned().unwrap_or_default();
        let picker = move_picker(
            &p.states[p.step],
            seat,
            p.selection,
            &p.other_actions(),
            p.targets().len(),
            "lesson",
        );
        root = root.child(
            el("section")
                .class("your-move")
                .attr("id", "your-move")
                .child(
                    el("h3")
                        .child(swatch(seat))
                        .text(&tf("lesson-your-move", &[("who", &who)])),
                )
                .child(picker)
                .maybe(p.hint.then(|| {
                    lesson_text(
                        el("p").class("lesson-hint").attr("id", "lesson-hint"),
                        p.lesson.hint_in(p.step, lang).unwrap_or_default(),
                        p.lesson.hint_in(p.step, "en").unwrap_or_default(),
                    )
                }))
                .child(
                    el("div")
                        .class("orders")
                        .maybe((!p.hint).then(|| button(&t("lesson-hint"), "lesson-hint")))
                        .child(
                            button(&t("lesson-show-me"), "lesson-show").attr("id", "lesson-show"),
                        ),
                ),
        );
    }
    // The players, as the position stands (everything is shown: a lesson
    // hides nothing).
    let g = p.shown();
    let mut players = el("ul").class("players").attr("id", "lesson-players");
    for seat in 0..g.players() as u8 {
        let sc = g.score(seat);
        let hand = g.hand(seat);
        let hand_text: Vec<String> = Kind::ALL
            .into_iter()
            .filter(|k| hand[k.index()] > 0)
            .map(|k| format!("{}×{}", hand[k.index()], kind_symbol(k)))
            .collect();
        players = players.child(
            el("li")
                .attr("data-seat", &seat.to_string())
                .child(swatch(seat))
                .child(el("b").text(&names[seat as usize]))
                .child(el("span").class("facts").text(&tf(
                    "lesson-facts",
                    &[
                        ("hand", &hand_text.join(" ")),
                        ("artifacts", &g.artifacts_held(seat).to_string()),
                    ],
                )))
                .child(el("span").class("score").text(&format!(
                    "⌂ {} · ◎ {} · ◆ {} · ▲ {}",
                    sc[0], sc[1], sc[2], sc[3]
                ))),
        );
    }
    root = root.child(players);
    if let Phase::Conflict(c) = g.phase() {
        let a = c.attacker_base
            + if c.defender_to_commit {
                c.attacker_commit as u16
            } else {
                0
            };
        root = root.child(
            el("p")
                .class("strengths")
                .attr("id", "lesson-strengths")
                .text(&tf(
                    "lesson-strengths",
                    &[
                        ("attacker", &names[c.attacker as usize]),
                        ("a", &a.to_string()),
                        ("defender", &names[c.defender as usize]),
                        ("d", &c.defender_base.to_string()),
                    ],
                )),
        );
    }
    let last = p.step + 1 == p.len() && p.task().is_none();
    root.child(
        el("div")
            .class("orders lesson-nav")
            .child(
                button(&t("lesson-back"), "lesson-back")
                    .attr("id", "lesson-back")
                    .disabled(p.step == 0),
            )
            .child(if last {
                button(&t("lesson-all"), "lessons").attr("id", "lesson-done")
            } else {
                button(&t("lesson-next"), "lesson-next")
                    .attr("id", "lesson-next")
                    .disabled(!p.can_go_on())
            })
            .child(
                button(
                    &t(if large_text_on() {
                        "lesson-large-text-on"
                    } else {
                        "lesson-large-text"
                    }),
                    "large-text",
                )
                .attr(
                    "aria-pressed",
                    if large_text_on() { "true" } else { "false" },
                ),
            )
            .child(button(&t("lesson-copy-link"), "lesson-link")),
    )
    .child(el("p").class("hint").text(&t("lesson-keys")))
}

/// The names of a lesson's players.
pub fn names(p: &LessonPlayer) -> Vec<String> {
    (0..p.states[0].players())
        .map(|i| tf("lesson-player", &[("n", &(i + 1).to_string())]))
        .collect()
}

/// Draw the lesson's board, with the keyboard's cursor while the learner
/// has somewhere to play.
pub fn draw_board(
    ctx: &Ctx,
    geo: &Geometry,
    p: &LessonPlayer,
    cursor: Option<tabula_star_tigris::Pos>,
) {
    let g = p.shown();
    let view = g.player_view(0);
    let targets: Vec<_> = p.targets().into_iter().map(|(c, _)| c).collect();
    let sides = g.conflict_sides();
    let (attack, defend) = match &sides {
        Some(sd) => (sd.attacker_support.clone(), sd.defender_support.clone()),
        None => (Vec::new(), Vec::new()),
    };
    board::draw(
        ctx,
        geo,
        &Picture {
            targets: &targets,
            attack: &attack,
            defend: &defend,
            marked: &p.lesson.steps[p.step].highlight,
            cursor: cursor.filter(|_| !targets.is_empty()),
            ..Picture::cells(&view.cells)
        },
    );
}

/// Whether large text is on (the page's body says so).
fn large_text_on() -> bool {
    tabula_page_kit::dom::document()
        .body()
        .is_some_and(|b| b.class_list().contains("large"))
}
