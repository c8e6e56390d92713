//! The lesson writer of every game's page, over [`crate::lesson_write`]:
//! the lesson's texts in English and German, a starting position (the
//! current game, a lesson's position, or one written in the ruleset's
//! own form), then the steps recorded by playing them on the page's
//! board — each a step the page plays or the learner makes (with its
//! hint and "that is not it"), or a step that only talks — with the
//! places to highlight marked on the board; checked as `tabula lesson
//! check` checks a lesson, tried in the lesson player, saved as a file
//! and shared as a link (`#lesson=…`).
//!
//! A page takes part through [`LessonBoard`]: its board, and
//! [`LessonBoard::seat_word`] and [`LessonBoard::action_text`] (the
//! ruleset's words for a seat and an action), [`LessonBoard::lesson_place`]
//! (a board place as lessons name it) and, where it can write its game as
//! a position, [`LessonBoard::current_position`]. The lessons screen
//! ([`crate::lesson_screen`]) shows the writer at `#lessons/write`.
//!
//! A page with a writer screen of its own (Star Tigris: its free position
//! mode and its piece picker on its own board) builds it from the parts
//! here — [`head`], [`deciding`], [`steps`], [`tail`] — and runs
//! [`command`], [`text_input`] and [`record`] on its [`Writing`]: one
//! writer, one lesson format.

use tabula_engine::lesson::{Lesson, Teach};
use tabula_engine::{Game, Seat};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use crate::dom::{El, by_id, el, local_storage, page_url};
use crate::i18n::{t, tf};
use crate::lesson_board::LessonBoard;
pub use crate::lesson_write::{Kept, TEXT_LANGS, TextField, Writing};
use crate::lesson_write::{Recording, lesson_json};

/// A button running `cmd` through the attribute `attr` (`data-cmd` on a
/// page's own screen, `data-lcmd` on the lessons screen).
fn cmd_button(attr: &str, label: &str, cmd: &str) -> El {
    el("button")
        .attr("type", "button")
        .attr(attr, cmd)
        .text(label)
}

/// A seat as the writer names it: the page's name of it, else `Player
/// 2` (or the seat's own word where it is not a number: Vector's `N`).
pub fn seat_label<G: Teach, B: LessonBoard<G>>(board: &B, game: &G, seat: Seat) -> String {
    if let Some(name) = board.seat_name(game, seat) {
        return name;
    }
    match board.seat_word(game, seat) {
        Some(w) if w.parse::<u32>().is_err() => w,
        _ => tf(
            "default-player",
            &[("n", &(u32::from(seat) + 1).to_string())],
        ),
    }
}

/// Record `action` of the seat acting now, in the page's words for it.
pub fn record<G: Teach, B: LessonBoard<G>>(
    board: &B,
    w: &mut Writing<G>,
    action: &G::Action,
) -> Result<(), String> {
    let (Some(g), Some(seat)) = (w.game(), w.seat()) else {
        return Err(t("lesson-author-nobody"));
    };
    let seat_word = board
        .seat_word(g, seat)
        .ok_or_else(|| t("lesson-author-not-recording"))?;
    let text = board
        .action_text(g, action)
        .ok_or_else(|| t("lesson-author-not-recording"))?;
    w.play(&seat_word, action, &text, |e| e.to_string())
}

/// A text field of the lesson: its label, and the text in the language
/// being written; when that is a translation, the English stands under
/// the field (marked as English).
pub fn text_field<G: Teach>(
    w: &Writing<G>,
    key: &str,
    id: &str,
    field: TextField,
    rows: u32,
) -> El {
    let value = w.text(field);
    let english = w.text_in(field, "en");
    let translating = w.text_lang != "en";
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
    let input = input.attr("lang", &w.text_lang);
    el("label").text(&t(key)).text(" ").child(input).maybe(
        (translating && !english.is_empty()).then(|| {
            el("span")
                .class("hint english")
                .text(&format!("{}: ", t("lesson-author-english")))
                .child(el("span").attr("lang", "en").text(&english))
        }),
    )
}

/// Which language the text fields write: the lesson's own (English) or
/// its German translation.
fn language_switch<G: Teach>(w: &Writing<G>, attr: &str) -> El {
    let mut row = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("aria-label", &t("lesson-author-texts-in"))
        .text(&t("lesson-author-texts-in"))
        .text(" ");
    for lang in TEXT_LANGS {
        let on = w.text_lang == lang;
        row = row.child(
            cmd_button(
                attr,
                &t(if lang == "de" {
                    "lesson-author-lang-de"
                } else {
                    "lesson-author-lang-en"
                }),
                &format!("author-lang:{lang}"),
            )
            .pressed(on),
        );
    }
    row
}

/// The writer's head: its heading, the language written, the title and
/// the summary, and what the writer is told.
pub fn head<G: Teach>(w: &Writing<G>, attr: &str) -> Vec<El> {
    let mut out = vec![el("h2").text(&t("lesson-write")), language_switch(w, attr)];
    if w.text_lang != "en" {
        out.push(el("p").class("hint").text(&t("lesson-author-lang-note")));
    }
    out.push(text_field(
        w,
        "lesson-author-title",
        "author-title",
        TextField::Title,
        0,
    ));
    out.push(text_field(
        w,
        "lesson-author-summary",
        "author-summary",
        TextField::Summary,
        0,
    ));
    if let Some(m) = &w.message {
        out.push(
            el("p")
                .class("message")
                .attr("id", "author-message")
                .attr("role", "alert")
                .text(m),
        );
    }
    out
}

/// When several decide at once: whose moves to record (buttons
/// `author-player:N`, N the seat from 1).
pub fn deciding<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>, attr: &str) -> Option<El> {
    let seats = w.deciding();
    let g = w.game()?;
    if seats.is_empty() {
        return None;
    }
    let mut whose = el("div")
        .class("slots")
        .attr("role", "group")
        .attr("id", "author-deciding")
        .attr("aria-label", &t("lesson-author-deciding"))
        .text(&t("lesson-author-deciding"))
        .text(" ");
    for s in seats {
        whose = whose.child(
            cmd_button(
                attr,
                &seat_label(board, g, s),
                &format!("author-player:{}", s + 1),
            )
            .pressed(w.seat() == Some(s)),
        );
    }
    Some(whose)
}

/// "Player 2 to act", over the moves.
pub fn to_act<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>) -> Option<El> {
    let (g, seat) = (w.game()?, w.seat()?);
    Some(el("h3").text(&tf(
        "lesson-author-to-act",
        &[("who", &seat_label(board, g, seat))],
    )))
}

/// Step `k` of the recording in words: who plays what, or talk only.
fn step_said<G: Teach, B: LessonBoard<G>>(board: &B, rec: &Recording<G>, k: usize) -> String {
    let step = &rec.steps[k];
    let before = &rec.states[k];
    let said = |seat: &str, action: &str| {
        let s = before.read_seat(seat);
        let a = before.read_action(action).ok();
        match (s, a) {
            (Some(s), Some(a)) => (
                seat_label(board, before, s),
                board.move_words(before, s, &a),
            ),
            _ => (seat.to_string(), action.to_string()),
        }
    };
    match (&step.play, &step.learner) {
        (Some(p), _) => {
            let (who, mv) = said(&p.seat, &p.action);
            tf("lesson-author-plays", &[("who", &who), ("move", &mv)])
        }
        (_, Some(l)) => {
            let (who, mv) = said(&l.seat, &l.action);
            tf(
                "lesson-author-learner-plays",
                &[("who", &who), ("move", &mv)],
            )
        }
        _ => t("lesson-author-talk-only"),
    }
}

/// The steps recorded, the last step's texts and options, and the
/// commands on the lesson (talk, undo, back to the position; check, try,
/// save, share).
pub fn steps<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>, attr: &str) -> Vec<El> {
    let Some(rec) = w.recording.as_ref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut list = el("ol").class("steps").attr("id", "author-steps");
    let lang = w.text_lang.as_str();
    for (i, s) in rec.steps.iter().enumerate() {
        let translated = w
            .translations
            .get(lang)
            .and_then(|tr| tr.steps.get(i))
            .and_then(|st| st.say.clone());
        // The English shows where the German is missing, marked so.
        let (said, said_lang) = match translated {
            Some(x) => (x, lang),
            None => (s.say.clone(), "en"),
        };
        // Places named in the text ({{9:SE}}) as the board names them.
        let said = tabula_engine::lesson::text_places::fill(&said, |p| {
            board.place_in_text(&rec.states[i], p)
        });
        let say = if said.is_empty() {
            el("span").text(&t("lesson-author-no-say"))
        } else {
            el("span").attr("lang", said_lang).text(&said)
        };
        list = list.child(
            el("li")
                .child(el("strong").text(&step_said(board, rec, i)))
                .child(el("span").class("hint").text(" — ").child(say)),
        );
    }
    out.push(list);
    if let Some(last) = rec.steps.last() {
        let learner = last.learner.is_some();
        let mut box_ = el("section").class("step-edit").child(el("h3").text(&tf(
            "lesson-author-step",
            &[("n", &rec.steps.len().to_string())],
        )));
        box_ = box_.child(text_field(
            w,
            "lesson-author-say",
            "step-say",
            TextField::Say,
            3,
        ));
        if last.play.is_some() || learner {
            box_ = box_.child(
                cmd_button(
                    attr,
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
                    w,
                    "lesson-author-hint",
                    "step-hint",
                    TextField::Hint,
                    0,
                ))
                .child(text_field(
                    w,
                    "lesson-author-wrong",
                    "step-wrong",
                    TextField::Wrong,
                    0,
                ));
        }
        box_ = box_.child(
            cmd_button(
                attr,
                &t(if rec.marking {
                    "lesson-author-marking"
                } else {
                    "lesson-author-mark"
                }),
                "author-mark",
            )
            .pressed(rec.marking),
        );
        out.push(box_);
    }
    out.push(
        el("div")
            .class("orders")
            .child(cmd_button(attr, &t("lesson-author-talk"), "author-talk"))
            .child(
                cmd_button(attr, &t("lesson-author-undo"), "author-undo")
                    .disabled(rec.steps.is_empty()),
            )
            .child(cmd_button(attr, &t("lesson-author-stop"), "author-stop")),
    );
    out.push(
        el("div")
            .class("orders")
            .child(
                cmd_button(
                    attr,
                    &t("lesson-author-check-lesson"),
                    "author-check-lesson",
                )
                .attr("id", "author-check-lesson"),
            )
            .child(cmd_button(attr, &t("lesson-author-try"), "author-try").attr("id", "author-try"))
            .child(
                cmd_button(attr, &t("lesson-author-export"), "author-export")
                    .attr("id", "author-export"),
            )
            .child(
                cmd_button(attr, &t("lesson-author-share"), "author-share")
                    .attr("id", "author-share"),
            ),
    );
    out
}

/// The writer's foot: where the lesson is kept, and a fresh start.
pub fn tail(attr: &str) -> Vec<El> {
    vec![
        el("p").class("hint").text(&t("lesson-author-kept")),
        cmd_button(attr, &t("lesson-author-fresh"), "author-fresh"),
    ]
}

/// A file name for the lesson, from its title (`my-lesson.json`).
fn file_name(lesson: &Lesson) -> String {
    let mut s = String::new();
    for c in lesson.title.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-');
    format!("{}.json", if s.is_empty() { "lesson" } else { s })
}

/// The lesson as a link that opens it in the lesson player.
fn packed(lesson: &Lesson) -> String {
    tabula_engine::link::pack(&serde_json::to_string(lesson).unwrap_or_default())
}

/// Run a writer's command on `w` (the commands of [`head`], [`deciding`]
/// and [`steps`]); whether `name` was one. "Try the lesson" opens it in
/// the lesson player (`#lesson=…`); "Download" saves its file; "Copy a
/// link" puts its link on the clipboard.
pub fn command<G: Teach>(w: &mut Writing<G>, name: &str, arg: &str) -> bool {
    let not_ready = |e: &str| tf("lesson-author-not-ready", &[("why", e)]);
    match name {
        "author-lang" => {
            if TEXT_LANGS.contains(&arg) {
                w.text_lang = arg.to_string();
            }
        }
        "author-player" => {
            if let Ok(n) = arg.parse::<Seat>()
                && n >= 1
            {
                w.chosen = n - 1;
            }
        }
        "author-talk" => w.add_talk(),
        "author-undo" => w.undo(),
        "author-stop" => w.stop(),
        "author-learner" => {
            let on = w
                .recording
                .as_ref()
                .and_then(|r| r.steps.last())
                .is_some_and(|s| s.learner.is_none());
            w.set_learner(on);
        }
        "author-mark" => {
            if let Some(r) = w.recording.as_mut() {
                r.marking = !r.marking;
            }
        }
        "author-check-lesson" => {
            w.message = Some(match w.check() {
                Ok(_) => t("lesson-author-checked"),
                Err(e) => tf("lesson-author-check-failed", &[("why", &e)]),
            });
        }
        "author-try" => match w.lesson() {
            Ok(l) => {
                w.message = None;
                if let Some(win) = web_sys::window() {
                    win.location()
                        .set_hash(&format!("#lesson={}", packed(&l)))
                        .ok();
                }
            }
            Err(e) => w.message = Some(not_ready(&e)),
        },
        "author-export" => match w.lesson() {
            Ok(l) => {
                let name = file_name(&l);
                crate::dom::download(&lesson_json(&l), "application/json", &name);
                w.message = Some(tf("lesson-author-saved", &[("file", &name)]));
            }
            Err(e) => w.message = Some(not_ready(&e)),
        },
        "author-share" => match w.lesson() {
            Ok(l) => {
                crate::dom::copy_text(&format!("{}#lesson={}", page_url(), packed(&l)));
                w.message = Some(t("lesson-author-shared"));
            }
            Err(e) => w.message = Some(not_ready(&e)),
        },
        _ => return false,
    }
    true
}

/// A writer's text field changed (`id` as [`head`] and [`steps`] name
/// them, and `author-position`); whether it was one.
pub fn text_input<G: Teach>(w: &mut Writing<G>, id: &str, value: String) -> bool {
    match id {
        "author-title" => w.set_text(TextField::Title, value),
        "author-summary" => w.set_text(TextField::Summary, value),
        "step-say" => w.set_text(TextField::Say, value),
        "step-hint" => w.set_text(TextField::Hint, value),
        "step-wrong" => w.set_text(TextField::Wrong, value),
        "author-position" => w.position = value,
        _ => return false,
    }
    true
}

// ---- The writer screen of the lessons screen (`#lessons/write`). ----

/// What the writer screen holds beside the lesson.
pub struct Desk<G: Game> {
    /// The lesson being written.
    pub writing: Writing<G>,
    /// The keyboard's place on the board (an index into the places).
    pub cursor: Option<usize>,
    /// The moves at the place picked, when more than one.
    pub choices: Vec<G::Action>,
    /// The board's width as last drawn.
    pub width: f64,
}

/// Where the lesson being written on `ruleset` is kept.
fn kept_key(ruleset: &str) -> String {
    format!("tabula.{ruleset}.lesson-draft")
}

/// Where the one before "Start a new lesson" is kept.
fn previous_key(ruleset: &str) -> String {
    format!("tabula.{ruleset}.lesson-draft.previous")
}

/// A new lesson: from the page's current game where it writes one, else
/// an empty position to write or choose.
fn fresh<G: Teach, B: LessonBoard<G>>(board: &B) -> Writing<G> {
    Writing::new(&board.current_position().unwrap_or_default())
}

/// The writer's desk: the lesson kept from the last visit, or a new one.
pub fn open_desk<G: Teach, B: LessonBoard<G>>(board: &B) -> Desk<G> {
    let store = local_storage();
    let json = store
        .as_ref()
        .and_then(|s| s.get_item(&kept_key(G::NAME)).ok().flatten());
    let writing = match json {
        None => fresh(board),
        Some(json) => {
            let read = serde_json::from_str::<Kept>(&json)
                .map_err(|e| crate::error_words::json_at(e.line(), e.column()))
                .and_then(|k| {
                    Writing::from_kept(k, |p| {
                        let w = Writing::<G>::new(p);
                        w.read_position()
                    })
                });
            match read {
                Ok(w) => w,
                Err(why) => {
                    if let Some(s) = store.as_ref() {
                        s.set_item(&previous_key(G::NAME), &json).ok();
                        s.remove_item(&kept_key(G::NAME)).ok();
                    }
                    let mut w = fresh(board);
                    w.message = Some(tf(
                        "lesson-author-unreadable",
                        &[("why", &why), ("key", &previous_key(G::NAME))],
                    ));
                    w
                }
            }
        }
    };
    Desk {
        writing,
        cursor: None,
        choices: Vec::new(),
        width: 0.0,
    }
}

/// Keep the lesson being written in the browser.
pub fn keep<G: Teach>(w: &Writing<G>) {
    if let Some(store) = local_storage()
        && let Ok(json) = serde_json::to_string(&w.to_kept())
    {
        store.set_item(&kept_key(G::NAME), &json).ok();
    }
}

/// The moves of the seat acting now made at no place.
fn free_moves<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>) -> Vec<G::Action> {
    let (Some(g), Some(seat)) = (w.game(), w.seat()) else {
        return Vec::new();
    };
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| board.place_of(g, a).is_none())
        .collect()
}

/// The places where the seat acting now can move, in the board's order.
fn acting_places<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>) -> Vec<String> {
    let (Some(g), Some(seat)) = (w.game(), w.seat()) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for a in g.legal_actions(seat) {
        if let Some(p) = board.place_of(g, &a)
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// The board's places in the keyboard's order: where the seat can act
/// first, then the others.
fn key_places<G: Teach, B: LessonBoard<G>>(board: &B, w: &Writing<G>) -> Vec<String> {
    let Some(g) = w.game() else {
        return Vec::new();
    };
    let acting = acting_places(board, w);
    let mut places = board.places(g);
    places.sort_by_key(|p| !acting.contains(p));
    places
}

/// The writer screen: the texts, then the position (before recording) or
/// the board, the moves and the steps.
pub fn view<G: Teach, B: LessonBoard<G>>(board: &B, desk: &Desk<G>, lessons: &[&Lesson]) -> El {
    let w = &desk.writing;
    let attr = "data-lcmd";
    let mut root = el("div")
        .class("editor author lesson-writer")
        .attr("id", "author")
        .children(head(w, attr));
    match &w.recording {
        None => {
            let mut from = el("select").attr("id", "author-from-lesson").child(
                el("option")
                    .attr("value", "")
                    .text(&t("lesson-author-from-lesson-none")),
            );
            for (i, l) in lessons.iter().enumerate() {
                from = from.child(
                    el("option")
                        .attr("value", &i.to_string())
                        .text(crate::lesson_run::title_in(l, crate::i18n::lang())),
                );
            }
            root = root
                .child(el("h2").text(&t("lesson-author-position")))
                .child(
                    el("p")
                        .class("hint")
                        .text(&t("lesson-author-position-note")),
                )
                .maybe(board.current_position().map(|_| {
                    cmd_button(attr, &t("lesson-author-from-game"), "author-from-game")
                        .attr("id", "author-from-game")
                }))
                .maybe((!lessons.is_empty()).then(|| {
                    el("label")
                        .text(&t("lesson-author-from-lesson"))
                        .text(" ")
                        .child(from)
                }))
                .child(
                    el("label")
                        .text(&t("lesson-author-position-text"))
                        .text(" ")
                        .child(
                            el("textarea")
                                .attr("id", "author-position")
                                .attr("rows", "8")
                                .attr("spellcheck", "false")
                                .attr("lang", "en")
                                .text(&w.position),
                        ),
                )
                .child(
                    el("div")
                        .class("orders")
                        .child(cmd_button(attr, &t("lesson-author-check"), "author-check"))
                        .child(
                            cmd_button(attr, &t("lesson-author-start"), "author-start")
                                .attr("id", "author-start")
                                .class("primary"),
                        ),
                );
        }
        Some(_) => {
            root = root
                .child(el("h2").text(&t("lesson-author-steps")))
                .maybe(deciding(board, w, attr))
                .maybe(to_act(board, w))
                .child(
                    el("div")
                        .class("lesson-board-box")
                        .child(
                            el("canvas")
                                .attr("id", "author-board")
                                .attr("tabindex", "0")
                                .attr("role", "application")
                                .attr("aria-label", &t("lesson-author-board"))
                                .attr("aria-describedby", "author-cursor"),
                        )
                        .child(el("p").attr("id", "author-cursor").class("lesson-cursor")),
                )
                .child(moves_view(board, desk))
                .children(steps(board, w, attr));
        }
    }
    root.children(tail(attr)).child(
        el("p").class("lesson-nav").child(
            cmd_button(attr, &t("lesson-author-to-lessons"), "author-to-lessons")
                .attr("id", "author-to-lessons"),
        ),
    )
}

/// The moves made at no place, and the moves at the place picked.
fn moves_view<G: Teach, B: LessonBoard<G>>(board: &B, desk: &Desk<G>) -> El {
    let w = &desk.writing;
    let mut out = el("div").attr("id", "author-moves").class("lesson-move");
    let (Some(g), Some(seat)) = (w.game(), w.seat()) else {
        return out;
    };
    let free: Vec<El> = free_moves(board, w)
        .iter()
        .enumerate()
        .map(|(i, a)| {
            cmd_button(
                "data-lcmd",
                &board.action_words(g, seat, a),
                &format!("author-act:{i}"),
            )
        })
        .collect();
    if !free.is_empty() {
        let n = free.len();
        let group = el("div")
            .class("lesson-actions")
            .attr("role", "group")
            .attr("aria-label", &t("lesson-author-moves"))
            .children(free);
        out = out.child(if n > 12 {
            el("details")
                .child(el("summary").text(&tf("lesson-more-moves", &[("n", &n.to_string())])))
                .child(group)
        } else {
            group
        });
    }
    if !desk.choices.is_empty() {
        let options: Vec<El> = desk
            .choices
            .iter()
            .enumerate()
            .map(|(i, a)| {
                cmd_button(
                    "data-lcmd",
                    &board.action_words(g, seat, a),
                    &format!("author-choose:{i}"),
                )
            })
            .collect();
        out = out.child(
            el("div")
                .attr("id", "author-choices")
                .attr("tabindex", "-1")
                .attr("role", "group")
                .attr("aria-label", &t("lesson-author-here"))
                .class("lesson-actions")
                .children(options),
        );
    }
    out
}

/// Record `action` on the desk (a message on refusal).
fn act<G: Teach, B: LessonBoard<G>>(board: &B, desk: &mut Desk<G>, action: &G::Action) {
    desk.choices.clear();
    desk.writing.message = record(board, &mut desk.writing, action).err();
}

/// A command of the writer screen (besides [`command`]'s); whether
/// `name` was one. `lessons` are the shipped lessons (their positions to
/// start from).
pub fn desk_command<G: Teach, B: LessonBoard<G>>(
    board: &B,
    desk: &mut Desk<G>,
    name: &str,
    arg: &str,
) -> bool {
    let w = &mut desk.writing;
    match name {
        "author-check" => {
            w.message = Some(match w.read_position() {
                Ok(_) => t("lesson-author-ready"),
                Err(e) => e,
            });
        }
        "author-start" => {
            w.message = w.start().err();
            desk.cursor = None;
        }
        "author-from-game" => {
            if let Some(p) = board.current_position() {
                w.position = p;
                w.message = None;
            }
        }
        "author-fresh" => {
            if let Some(store) = local_storage()
                && let Ok(json) = serde_json::to_string(&w.to_kept())
            {
                store.set_item(&previous_key(G::NAME), &json).ok();
            }
            *w = fresh(board);
            w.message = Some(tf("lesson-author-new", &[("key", &previous_key(G::NAME))]));
            desk.cursor = None;
            desk.choices.clear();
        }
        "author-act" => {
            let a = arg
                .parse::<usize>()
                .ok()
                .and_then(|i| free_moves(board, w).get(i).cloned());
            if let Some(a) = a {
                act(board, desk, &a);
            }
        }
        "author-choose" => {
            let a = arg
                .parse::<usize>()
                .ok()
                .and_then(|i| desk.choices.get(i).cloned());
            if let Some(a) = a {
                act(board, desk, &a);
            }
        }
        _ => {
            desk.choices.clear();
            return command(w, name, arg);
        }
    }
    true
}

/// A place of the board picked (a tap, a click, Enter): marked for the
/// last step while marking, else the seat's move there recorded (its
/// moves offered when there are several).
pub fn pick<G: Teach, B: LessonBoard<G>>(board: &B, desk: &mut Desk<G>, place: &str) {
    let w = &mut desk.writing;
    let Some(g) = w.game().cloned() else {
        return;
    };
    if w.recording.as_ref().is_some_and(|r| r.marking) {
        w.toggle_mark(&board.lesson_place(&g, place));
        return;
    }
    let Some(seat) = w.seat() else {
        return;
    };
    let here: Vec<G::Action> = g
        .legal_actions(seat)
        .into_iter()
        .filter(|a| board.place_of(&g, a).as_deref() == Some(place))
        .collect();
    match here.len() {
        0 => {
            desk.choices.clear();
            w.message = Some(tf(
                "lesson-author-nothing-here",
                &[("who", &seat_label(board, &g, seat))],
            ));
        }
        1 => act(board, desk, &here[0]),
        _ => {
            w.message = None;
            desk.choices = here;
        }
    }
}

/// The place of the board at (`x`, `y`) on the canvas, made the
/// keyboard's place.
pub fn place_at<G: Teach, B: LessonBoard<G>>(
    board: &B,
    desk: &mut Desk<G>,
    x: f64,
    y: f64,
) -> Option<String> {
    let g = desk.writing.game()?;
    let places = key_places(board, &desk.writing);
    let mut best: Option<(f64, usize)> = None;
    for (i, p) in places.iter().enumerate() {
        if let Some((cx, cy, r)) = board.place_centre(g, desk.width, p) {
            let d = (cx - x).hypot(cy - y);
            if d <= r && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, i));
            }
        }
    }
    let (_, i) = best?;
    desk.cursor = Some(i);
    Some(places[i].clone())
}

/// A key on the board: arrows move the keyboard's place, Enter or Space
/// picks it; `None` when the key is not the board's, else the place
/// picked (if any).
pub fn board_key<G: Teach, B: LessonBoard<G>>(
    board: &B,
    desk: &mut Desk<G>,
    key: &str,
) -> Option<Option<String>> {
    let step: i64 = match key {
        "ArrowRight" | "ArrowDown" => 1,
        "ArrowLeft" | "ArrowUp" => -1,
        "Home" => i64::MIN,
        "End" => i64::MAX,
        "Enter" | " " => 0,
        _ => return None,
    };
    let places = key_places(board, &desk.writing);
    if places.is_empty() {
        return None;
    }
    let n = places.len() as i64;
    if step == 0 {
        return Some(desk.cursor.map(|i| places[i.min(places.len() - 1)].clone()));
    }
    let at = match (desk.cursor, step) {
        (_, i64::MIN) => 0,
        (_, i64::MAX) => n - 1,
        (None, _) => 0,
        (Some(i), d) => (i as i64 + d).rem_euclid(n),
    };
    desk.cursor = Some(at as usize);
    Some(None)
}

/// Draw the board of the recording: the state now, the last step's
/// highlights (rings, black and white), the places where the seat can
/// act (dashed rings) and the keyboard's place (a dashed square).
pub fn draw<G: Teach, B: LessonBoard<G>>(board: &B, desk: &mut Desk<G>) {
    let Some(canvas) = by_id("author-board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let width = canvas
        .parent_element()
        .map(|p| f64::from(p.client_width()))
        .unwrap_or(360.0)
        .clamp(200.0, 640.0);
    desk.width = width;
    let w = &desk.writing;
    let Some(g) = w.game() else {
        return;
    };
    board.draw(&canvas, g, width);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let highlight = w
        .recording
        .as_ref()
        .and_then(|r| r.steps.last())
        .map(|s| s.highlight.clone())
        .unwrap_or_default();
    for place in &highlight {
        if let Some((x, y, r)) = board.place_centre(g, width, place) {
            let r = r.max(8.0) + 3.0;
            for (colour, line) in [("#000000", 6.0), ("#ffffff", 3.0)] {
                ctx.begin_path();
                ctx.arc(x, y, r, 0.0, std::f64::consts::TAU).ok();
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(line);
                ctx.stroke();
            }
        }
    }
    // Where the seat can act, on the canvas (CSS pixels), for tests and
    // tools: `{"place", "name" (as lessons name it), "x", "y"}` each.
    let acting = acting_places(board, w);
    let mut at = Vec::new();
    let dash = js_sys::Array::of2(&JsValue::from(5.0), &JsValue::from(4.0));
    for place in &acting {
        if let Some((x, y, r)) = board.place_centre(g, width, place) {
            at.push(serde_json::json!({
                "place": place,
                "name": board.lesson_place(g, place),
                "x": (x * 10.0).round() / 10.0,
                "y": (y * 10.0).round() / 10.0,
            }));
            let r = (r * 0.7).max(6.0);
            ctx.set_line_dash(&dash).ok();
            for (colour, line) in [("#ffffff", 4.0), ("#000000", 2.0)] {
                ctx.begin_path();
                ctx.arc(x, y, r, 0.0, std::f64::consts::TAU).ok();
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(line);
                ctx.stroke();
            }
            ctx.set_line_dash(&js_sys::Array::new()).ok();
        }
    }
    canvas
        .set_attribute("data-acting", &serde_json::Value::from(at).to_string())
        .ok();
    let places = key_places(board, w);
    let cursor = desk.cursor.and_then(|i| places.get(i));
    if let Some(p) = cursor
        && let Some((x, y, r)) = board.place_centre(g, width, p)
    {
        let r = r.max(8.0) + 2.0;
        let dash = js_sys::Array::of2(&JsValue::from(4.0), &JsValue::from(3.0));
        ctx.set_line_dash(&dash).ok();
        for (colour, line) in [("#ffffff", 4.0), ("#000000", 2.0)] {
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(line);
            ctx.stroke_rect(x - r, y - r, 2.0 * r, 2.0 * r);
        }
        ctx.set_line_dash(&js_sys::Array::new()).ok();
    }
    let said = match cursor {
        Some(p) => tf("lesson-cursor", &[("place", &board.place_words(g, p))]),
        None => t("lesson-cursor-none"),
    };
    if let Some(e) = by_id("author-cursor") {
        e.set_text_content(Some(&said));
    }
}
