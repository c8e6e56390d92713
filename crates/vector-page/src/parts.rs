//! The small parts of Vector's screens that more than one screen shows:
//! a seat's badge, the round box, the board's width and a form field's
//! value. The game here, online play, the replay, the tournaments and the
//! board editor each take them from here, so that none of them imports
//! another screen for them.

use tabula_engine::Seat;
use tabula_page_kit::dom::{El, by_id, el};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_vector::Vector;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};

use crate::signs::{SEAT_COLOURS, arrow, dir_word, letter, shown_letter};

/// The width the board is drawn at: its box's, within 280–700 px.
pub(crate) fn board_width() -> f64 {
    let avail = by_id("board-box")
        .map(|b| f64::from(b.client_width()))
        .unwrap_or(600.0);
    avail.clamp(280.0, 700.0)
}

/// The value of the select or input `id` (empty when there is none).
pub(crate) fn value_of(id: &str) -> String {
    let e = by_id(id);
    if let Some(s) = e
        .clone()
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        return s.value();
    }
    e.and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// A seat's badge: its letter on its colour (the letter says it, not the colour).
pub(crate) fn seat_badge(seat: Seat) -> El {
    let (fill, ink) = SEAT_COLOURS[seat as usize % 4];
    el("span")
        .class("seat-badge")
        .style("background", fill)
        .style("color", ink)
        .attr("aria-hidden", "true")
        .text(&shown_letter(seat))
}

/// This round (the order, each seat's direction and, while magnitudes are
/// chosen, only whether each seat has: `chosen` says, `None` outside that
/// time) and the last round, in the round box: the game here and online.
pub(crate) fn round_parts(
    game: &Vector,
    names: &[String],
    chosen: impl Fn(Seat) -> Option<bool>,
    last_points: Option<[i32; 4]>,
) -> El {
    let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_default();
    let mut list = el("ol").class("round").attr("id", "round");
    for &s in &game.order {
        let dir = game.dirs[s as usize]
            .map(|d| format!("{} {}", arrow(d), dir_word(d)))
            .unwrap_or_else(|| t("v-no-direction-yet"));
        let mag = chosen(s).map(|c| {
            if c {
                t("v-magnitude-chosen")
            } else {
                t("v-magnitude-waiting")
            }
        });
        list = list.child(
            el("li")
                .attr("data-seat", letter(s))
                .child(seat_badge(s))
                .text(&format!("{}: {dir}", name(s)))
                .maybe(mag.map(|m| el("span").class("mag-state").text(&format!(" · {m}")))),
        );
    }
    let mut last = el("ul").class("last-round").attr("id", "last-round");
    for (s, d, m) in &game.played {
        last = last.child(el("li").child(seat_badge(*s)).text(&tn(
            "v-played",
            i64::from(*m),
            &[
                ("name", &name(*s)),
                ("dir", &format!("{} {}", arrow(*d), dir_word(*d))),
            ],
        )));
    }
    let summary = crate::board_words::round_summary(game, names, last_points);
    round_box(game, list, last, summary)
}

/// The round box: the round's number, this round's list and, once a
/// round has been played, the last round's (the game here and online).
pub(crate) fn round_box(game: &Vector, list: El, last: El, summary: Option<String>) -> El {
    let shown_round = (game.round + 1).min(game.options.rounds);
    el("section")
        .class("round-box")
        .child(el("h3").text(&tf(
            "v-round-of",
            &[
                ("n", &shown_round.to_string()),
                ("of", &game.options.rounds.to_string()),
            ],
        )))
        .child(list)
        .maybe((!game.played.is_empty()).then(|| {
            el("div")
                .child(el("h3").text(&t("v-last-round")))
                .maybe(summary.map(|text| el("p").attr("id", "round-summary").text(&text)))
                .child(last)
        }))
}
