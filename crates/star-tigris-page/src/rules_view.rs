//! The rules page: each rule a lesson teaches, with a small board drawn by
//! the same renderer from the lesson's own position (the step that points
//! at the most cells), its narration, and a button to take the lesson.

use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, document, el, sized_context};
use std::cell::RefCell;
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::StarTigris;
use tabula_star_tigris::lesson::{Lesson, parse_lesson, play_lesson};

/// A shipped lesson read and played through: the lesson, and the
/// position before each step and after the last.
pub struct Played {
    /// The lesson.
    pub lesson: Lesson,
    /// The position before each step, then after the last.
    pub states: Vec<StarTigris>,
}

/// A shipped lesson's text read and played (`None`: it does not play).
pub fn played(text: &str) -> Option<Played> {
    let lesson = parse_lesson(text).ok()?;
    let states = play_lesson(&lesson).ok()?;
    Some(Played { lesson, states })
}

/// The shipped lessons (name, text), or why they could not be fetched.
type Shipped = Result<Vec<(String, String)>, String>;

thread_local! {
    /// The shipped lessons (name, text), once fetched (they are not in
    /// the page's module: the lessons screen fetches them too), or why
    /// they could not be.
    static SHIPPED: RefCell<Option<Shipped>> =
        const { RefCell::new(None) };
}

/// Fetch the shipped lessons for the rules page (once); `then` runs when
/// they have come.
pub fn fetch_lessons(then: impl FnOnce() + 'static) {
    if SHIPPED.with(|s| s.borrow().is_some()) {
        return then();
    }
    tabula_page_kit::lesson_screen::fetch_shipped("star-tigris", move |got| {
        SHIPPED.with(|s| *s.borrow_mut() = Some(got));
        then();
    });
}

/// The shipped lessons as fetched: `None` while they have not come.
fn shipped() -> Option<Shipped> {
    SHIPPED.with(|s| s.borrow().clone())
}

/// The step of a lesson that makes the best picture: the one that points
/// at the most cells (the first, if none does).
pub fn picture_step(p: &Played) -> usize {
    (0..p.lesson.steps.len())
        .max_by_key(|&i| (p.lesson.steps[i].highlight.len(), usize::MAX - i))
        .unwrap_or(0)
}

/// The rules page, as a dialog.
pub fn dialog() -> El {
    let mut list = el("div").class("rules-list");
    let lessons = match shipped() {
        Some(Ok(v)) => v,
        Some(Err(why)) => {
            list = list.child(el("p").class("message").text(&why));
            Vec::new()
        }
        None => {
            list = list.child(
                el("p")
                    .attr("id", "rules-loading")
                    .text(&t("lesson-loading")),
            );
            Vec::new()
        }
    };
    for (i, (name, text)) in lessons.iter().enumerate() {
        let Some(p) = played(text) else {
            continue;
        };
        let step = picture_step(&p);
        let lang = crate::lesson_words::lang();
        list = list.child(
            el("section")
                .class("rule-card")
                .child(el("h3").text(p.lesson.title_in(lang)))
                .child(
                    el("canvas")
                        .class("rule-board")
                        .attr("data-lesson", &i.to_string())
                        .attr("role", "img")
                        .attr(
                            "aria-label",
                            &tf("rules-board-of", &[("title", p.lesson.title_in(lang))]),
                        ),
                )
                .child(el("p").text(p.lesson.summary_in(lang)))
                .child(el("p").class("hint").text(p.lesson.say_in(step, lang)))
                .child(button(&t("rules-take-lesson"), &format!("lesson:{name}"))),
        );
    }
    el("div")
        .class("dialog rules")
        .attr("role", "dialog")
        .attr("aria-label", &t("rules-label"))
        .child(el("h2").text(&t("rules-title")))
        .child(el("p").text(&t("rules-note")))
        .child(list)
        .child(
            el("div")
                .class("orders")
                .child(button(&t("close"), "close-lessons")),
        )
}

/// Draw every rule's board (after the dialog is in the page).
pub fn draw_all() {
    let Ok(canvases) = document().query_selector_all("canvas.rule-board") else {
        return;
    };
    for i in 0..canvases.length() {
        let Some(c) = canvases
            .item(i)
            .and_then(|n| n.dyn_into::<HtmlCanvasElement>().ok())
        else {
            continue;
        };
        let lessons = match shipped() {
            Some(Ok(v)) => v,
            _ => return,
        };
        let Some(p) = c
            .get_attribute("data-lesson")
            .and_then(|s| s.parse::<usize>().ok())
            .and_then(|k| lessons.get(k))
            .and_then(|(_, t)| played(t))
        else {
            continue;
        };
        let step = picture_step(&p);
        let g = &p.states[step + 1];
        let geo = Geometry::fit(g.width(), g.height(), 260.0, 220.0);
        let Some(ctx) = sized_context(&c, geo.width, geo.height) else {
            continue;
        };
        let view = tabula_engine::Game::player_view(g, 0);
        board::draw(
            &ctx,
            &geo,
            &Picture {
                marked: &p.lesson.steps[step].highlight,
                ..Picture::cells(&view.cells)
            },
        );
    }
}
