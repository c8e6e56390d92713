//! The rules page in pictures, drawn from the shipped lessons, for every
//! game's page (`<game>.html#lessons/rules`): each lesson a card with its
//! title, a small board drawn by the page from the lesson's own position
//! (after the step that rings the most places, those places ringed), its
//! summary, that step's narration, and a button to take the lesson. While
//! the lessons are still coming the page says so, and says why when they
//! could not be fetched; it leads back to the list and to the game. While
//! it shows, the page's body is marked `data-lessons="rules"`.

use tabula_engine::lesson::{Lesson, Teach};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::dom::{El, document, el};
use crate::i18n::{lang, t, tf};
use crate::lesson_board::LessonBoard;
use crate::lesson_run::{LessonRun, summary_in, title_in};

/// The width of a card's board, in CSS pixels.
const CARD_WIDTH: f64 = 280.0;

/// The step of a lesson that makes the best picture: the one that rings
/// the most places (the first, if none does).
pub fn picture_step(lesson: &Lesson) -> usize {
    (0..lesson.steps.len())
        .max_by_key(|&i| (lesson.steps[i].highlight.len(), usize::MAX - i))
        .unwrap_or(0)
}

/// A lesson taught at its picture step, its move made (`None`: it does
/// not play).
fn at_picture<G: Teach>(lesson: &Lesson) -> Option<LessonRun<G>> {
    let mut run = LessonRun::<G>::of(lesson.clone()).ok()?;
    run.go(picture_step(lesson));
    run.show_me();
    Some(run)
}

/// How far the fetching of the shipped lessons has come, for the rules
/// page to say.
pub enum Fetching<'a> {
    /// Every lesson has come (or been refused).
    Done,
    /// Some lessons are still coming.
    Coming,
    /// The lessons could not be fetched: why, in plain words.
    Failed(&'a str),
}

/// The rules page: a card for every lesson that plays (`lessons` by
/// name, in the list's order), with word of lessons still coming or not
/// fetched.
pub fn view<G: Teach, B: LessonBoard<G>>(
    board: &B,
    lessons: &[(&str, &Lesson)],
    fetching: Fetching,
) -> El {
    let l = lang();
    let game = crate::error_words::game_name(G::NAME);
    let mut list = el("div").class("rules-list");
    let state = match fetching {
        Fetching::Done => None,
        Fetching::Coming => Some(
            el("p")
                .attr("id", "rules-loading")
                .attr("role", "status")
                .text(&t("lessons-rules-loading")),
        ),
        Fetching::Failed(why) => Some(
            el("p")
                .class("lesson-error")
                .attr("id", "rules-error")
                .attr("role", "alert")
                .text(why),
        ),
    };
    for (i, (name, lesson)) in lessons.iter().enumerate() {
        let Some(run) = at_picture::<G>(lesson) else {
            continue;
        };
        let title = title_in(lesson, l);
        let say = tabula_engine::lesson::text_places::fill(run.say(l), |p| {
            board.place_in_text(run.shown(), p)
        });
        list = list.child(
            el("section")
                .class("rule-card")
                .child(el("h3").text(title))
                .child(
                    el("canvas")
                        .class("rule-board")
                        .attr("data-lesson", &i.to_string())
                        .attr("role", "img")
                        .attr(
                            "aria-label",
                            &tf("lessons-rules-board", &[("title", title)]),
                        ),
                )
                .child(el("p").text(summary_in(lesson, l)))
                .child(el("p").class("hint").text(&say))
                .child(
                    el("button")
                        .attr("type", "button")
                        .attr("data-lcmd", &format!("open:{name}"))
                        .text(&t("lessons-rules-take")),
                ),
        );
    }
    el("div")
        .class("rules")
        .child(
            el("h2")
                .attr("id", "lessons-h")
                .attr("tabindex", "-1")
                .text(&tf("lessons-rules-title", &[("game", &game)])),
        )
        .child(el("p").text(&t("lessons-rules-note")))
        .maybe(state)
        .child(list)
        .child(
            el("p")
                .class("lesson-nav")
                .child(
                    el("button")
                        .attr("type", "button")
                        .attr("data-lcmd", "list")
                        .text(&t("lesson-to-list")),
                )
                .child(
                    el("button")
                        .attr("type", "button")
                        .attr("data-lcmd", "close")
                        .text(&t("lesson-back-to-game")),
                ),
        )
}

/// Draw every card's board (once the page is in the document).
pub fn draw_all<G: Teach, B: LessonBoard<G>>(board: &B, lessons: &[(&str, &Lesson)]) {
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
        let Some(run) = c
            .get_attribute("data-lesson")
            .and_then(|s| s.parse::<usize>().ok())
            .and_then(|k| lessons.get(k))
            .and_then(|(_, l)| at_picture::<G>(l))
        else {
            continue;
        };
        let g = run.shown();
        board.draw(&c, g, CARD_WIDTH);
        let Some(ctx) = c
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|x| x.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            continue;
        };
        for place in run.highlight() {
            if let Some((x, y, r)) = board.place_centre(g, CARD_WIDTH, place) {
                let r = r.max(6.0) + 2.0;
                for (colour, line) in [("#000000", 5.0), ("#ffffff", 2.5)] {
                    ctx.begin_path();
                    ctx.arc(x, y, r, 0.0, std::f64::consts::TAU).ok();
                    ctx.set_stroke_style_str(colour);
                    ctx.set_line_width(line);
                    ctx.stroke();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_is_the_step_that_rings_the_most_places() {
        let text = std::fs::read_to_string(format!(
            "{}/../../lessons/catan/02-roads-settlements-cities.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let lesson = tabula_engine::lesson::read_lesson(&text).unwrap();
        let k = picture_step(&lesson);
        let most = lesson
            .steps
            .iter()
            .map(|s| s.highlight.len())
            .max()
            .unwrap();
        assert_eq!(lesson.steps[k].highlight.len(), most);
        assert!(at_picture::<tabula_catan::Catan>(&lesson).is_some());
    }
}
