//! The lessons' events: the list, opening a lesson (shipped or from a
//! file), stepping, the learner's pieces, clicks and choices, and keys.

use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::lesson::MAX_LESSON_BYTES;
use tabula_star_tigris::{Kind, Pos};
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlInputElement};

use crate::app::{App, Screen};
use crate::author_view;
use crate::dom::download;
use crate::dom::{
    consume_fragment, copy_text, document, file_name, fragment, local_storage, page_url, read_file,
};
use crate::editor::{Draft, MapDraft};
use crate::events::{listen, with_app};
use crate::lesson_author::{Author, TextField};
use crate::lesson_player::LessonPlayer;
use crate::maps::{LESSONS, MAPS};
use crate::session::{Selection, targets};
use crate::ui::render;

/// Where a lesson comes from (it names the place in messages).
enum From<'a> {
    /// A shipped lesson, by its file's name.
    Shipped(&'a str),
    /// A file chosen or dropped, by its name.
    File(&'a str),
    /// A `#lesson=…` link.
    Link,
}

fn open(app: &mut App, text: &str, source: From) {
    match LessonPlayer::open(text) {
        Ok(p) => {
            app.lesson = Some(p);
            app.lesson_error = None;
            app.screen = Screen::Lesson;
        }
        Err(why) => {
            app.lesson_error = Some(match source {
                From::Shipped(name) => tf(
                    "lesson-cannot-teach-shipped",
                    &[("name", name), ("why", &why)],
                ),
                From::File(name) => {
                    tf("lesson-cannot-teach-file", &[("name", name), ("why", &why)])
                }
                From::Link => tf("lesson-cannot-teach-link", &[("why", &why)]),
            });
            app.screen = Screen::Lessons;
        }
    }
}

/// Run a lesson command; returns whether `name` was one.
pub fn command(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "lessons" => {
            if app.screen != Screen::Lessons {
                app.dialog_back = Some(app.screen);
            }
            app.screen = Screen::Lessons;
        }
        "close-lessons" => {
            app.lesson_error = None;
            app.screen = match app.dialog_back {
                Some(Screen::Lessons | Screen::Rules) | None => {
                    if app.lesson.is_some() {
                        Screen::Lesson
                    } else if app.session.is_some() {
                        Screen::Playing
                    } else {
                        Screen::NewGame
                    }
                }
                Some(s) => s,
            };
        }
        "lesson" => {
            if let Some((n, text)) = LESSONS.iter().find(|(n, _)| *n == arg) {
                open(app, text, From::Shipped(n));
            }
        }
        "large-text" => app.large_text = !app.large_text,
        "rules" => {
            if !matches!(app.screen, Screen::Lessons | Screen::Rules) {
                app.dialog_back = Some(app.screen);
            }
            app.screen = Screen::Rules;
        }
        "lesson-link" => {
            if let Some(p) = app.lesson.as_mut() {
                let json = serde_json::to_string(&p.lesson).unwrap_or_default();
                let link = format!("{}#lesson={}", page_url(), tabula_engine::link::pack(&json));
                copy_text(&link);
                p.message = Some(t("lesson-link-copied"));
                p.wrong = false;
            }
        }
        "lesson-next" => lesson(app, |p| p.next()),
        "lesson-back" => lesson(app, |p| p.back()),
        "lesson-show" => lesson(app, |p| p.show_me()),
        "lesson-hint" => lesson(app, |p| p.hint = true),
        "lesson-pick" => {
            let sel = selection(arg);
            lesson(app, |p| {
                p.selection = if p.selection == sel { None } else { sel };
                p.message = None;
            });
        }
        "lesson-act" => {
            if let Ok(i) = arg.parse::<usize>() {
                lesson(app, |p| {
                    if let Some(a) = p.other_actions().get(i).copied() {
                        p.attempt(a);
                    }
                });
            }
        }
        _ => return author_command(app, name, arg),
    }
    true
}

fn author(app: &mut App, f: impl FnOnce(&mut Author)) {
    if let Some(a) = app.author.as_mut() {
        f(a);
    }
}

/// Where the lesson being written is kept between visits.
const KEPT_KEY: &str = "tabula.star-tigris.lesson-draft";
/// Where the one before "Start a new lesson" is kept.
const PREVIOUS_KEY: &str = "tabula.star-tigris.lesson-draft.previous";

/// Keep the lesson being written in the browser.
fn keep(app: &App) {
    if let (Some(a), Some(store)) = (app.author.as_ref(), local_storage())
        && let Ok(json) = serde_json::to_string(&a.to_draft())
    {
        store.set_item(KEPT_KEY, &json).ok();
    }
}

/// The lesson kept from an earlier visit, if any (one that no longer
/// reads is set aside and reported).
fn kept() -> Option<Result<Author, String>> {
    let store = local_storage()?;
    let json = store.get_item(KEPT_KEY).ok().flatten()?;
    let read = serde_json::from_str(&json)
        .map_err(|e| tabula_page_kit::error_words::json_at(e.line(), e.column()))
        .and_then(Author::from_draft);
    if read.is_err() {
        store.set_item(PREVIOUS_KEY, &json).ok();
        store.remove_item(KEPT_KEY).ok();
    }
    Some(read)
}

/// Run a lesson-writing command; returns whether `name` was one.
fn author_command(app: &mut App, name: &str, arg: &str) -> bool {
    let known = author_step(app, name, arg);
    if known {
        keep(app);
    }
    known
}

fn fresh_author(app: &App) -> Author {
    let draft = app
        .editor
        .as_ref()
        .map(|e| e.draft.clone())
        .or_else(|| {
            MAPS.iter()
                .find(|(n, _)| *n == "small")
                .and_then(|(_, t)| Draft::parse(t).ok())
        })
        .unwrap_or_else(|| Draft::blank(8, 8));
    Author::new(&draft)
}

fn author_step(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "author-fresh" => {
            if let (Some(store), Some(a)) = (local_storage(), app.author.as_ref())
                && let Ok(json) = serde_json::to_string(&a.to_draft())
            {
                store.set_item(PREVIOUS_KEY, &json).ok();
            }
            let mut a = fresh_author(app);
            a.message = Some(tf("lesson-author-new", &[("key", PREVIOUS_KEY)]));
            app.author = Some(a);
            app.screen = Screen::Author;
        }
        "author-new" => {
            if app.author.is_none() {
                app.author = Some(match kept() {
                    Some(Ok(a)) => a,
                    Some(Err(e)) => {
                        let mut a = fresh_author(app);
                        a.message = Some(tf(
                            "lesson-author-unreadable",
                            &[("why", &e), ("key", PREVIOUS_KEY)],
                        ));
                        a
                    }
                    None => fresh_author(app),
                });
            }
            app.screen = Screen::Author;
        }
        "author-token" => author(app, |a| a.token = arg.to_string()),
        "author-player" => author(app, |a| a.player = arg.parse().unwrap_or(1).clamp(1, 4)),
        "author-check" => author(app, |a| {
            a.message = Some(match a.check() {
                Ok(_) => t("lesson-author-ready"),
                Err(e) => e,
            })
        }),
        "author-start" => author(app, |a| {
            a.message = a.start().err();
        }),
        "author-lang" => author(app, |a| {
            if matches!(arg, "en" | "de") {
                a.text_lang = arg.to_string();
            }
        }),
        "author-stop" => author(app, |a| a.stop()),
        "author-pick" => {
            let sel = selection(arg);
            author(app, |a| {
                a.selection = if a.selection == sel { None } else { sel }
            });
        }
        "author-act" => {
            if let Ok(i) = arg.parse::<usize>() {
                author(app, |a| {
                    if let Some(x) = author_view::author_others(a).get(i).copied() {
                        a.message = a.play(x).err();
                        a.selection = None;
                    }
                });
            }
        }
        "author-talk" => author(app, |a| a.add_talk()),
        "author-undo" => author(app, |a| a.undo()),
        "author-learner" => author(app, |a| {
            let on = a.last_step().is_some_and(|s| s.learner.is_none());
            a.set_learner(on);
        }),
        "author-mark" => author(app, |a| {
            if let Some(r) = a.recording.as_mut() {
                r.marking = !r.marking;
            }
        }),
        "author-try" => {
            let lesson = app.author.as_ref().map(|a| a.lesson());
            match lesson {
                Some(Ok(l)) => match LessonPlayer::new(l) {
                    Ok(p) => {
                        app.lesson = Some(p);
                        app.dialog_back = Some(Screen::Author);
                        app.screen = Screen::Lesson;
                    }
                    Err(e) => author(app, |a| a.message = Some(e)),
                },
                Some(Err(e)) => author(app, |a| {
                    a.message = Some(tf("lesson-author-not-ready", &[("why", &e)]))
                }),
                None => {}
            }
        }
        "author-export" => {
            let lesson = app.author.as_ref().map(|a| a.lesson());
            match lesson {
                Some(Ok(l)) => {
                    let json = l.to_common_json();
                    download(&json, "application/json", "lesson.json");
                }
                Some(Err(e)) => author(app, |a| {
                    a.message = Some(tf("lesson-author-not-ready", &[("why", &e)]))
                }),
                None => {}
            }
        }
        _ => return false,
    }
    true
}

fn selection(arg: &str) -> Option<Selection> {
    let (what, kind) = arg.split_once(':').unwrap_or((arg, ""));
    match (what, kind.parse::<Kind>()) {
        ("colonist", Ok(k)) => Some(Selection::Colonist(k)),
        ("leader", Ok(k)) => Some(Selection::Leader(k)),
        ("bomber", _) => Some(Selection::Bomber),
        _ => None,
    }
}

/// A click on a board cell while writing a lesson.
pub fn author_click(app: &mut App, cell: Pos) {
    author(app, |a| {
        match (a.recording.as_ref().map(|r| r.marking), a.game(), a.seat()) {
            (None, _, _) => a.put(cell),
            (Some(true), _, _) => a.toggle_mark(cell),
            (Some(false), Some(g), Some(seat)) => {
                let hit = a
                    .selection
                    .map(|sel| targets(g, seat, sel))
                    .unwrap_or_default()
                    .into_iter()
                    .find(|(p, _)| *p == cell);
                if let Some((_, action)) = hit {
                    a.message = a.play(action).err();
                    a.selection = None;
                }
            }
            _ => {}
        }
    });
}

fn lesson(app: &mut App, f: impl FnOnce(&mut LessonPlayer)) {
    if let Some(p) = app.lesson.as_mut() {
        f(p);
    }
}

/// A click on a board cell during a lesson.
pub fn click(app: &mut App, cell: Pos) {
    lesson(app, |p| {
        if let Some((_, a)) = p.targets().into_iter().find(|(c, _)| *c == cell) {
            p.attempt(a);
        } else if p.task().is_some() && p.selection.is_some() {
            p.message = Some(tf("lesson-not-a-target", &[("cell", &cell.to_string())]));
            p.wrong = true;
        }
    });
}

/// Keys in a lesson: → or Space next, ← back, H hint; while the learner
/// has somewhere to play, the arrows move the cursor and Enter plays there.
pub fn key(app: &mut App, key: &str) -> bool {
    let board = app
        .lesson
        .as_ref()
        .filter(|p| !p.targets().is_empty())
        .map(|p| (p.shown().width() as u8, p.shown().height() as u8));
    if let Some((w, h)) = board {
        let c = app.cursor;
        let moved = match key {
            "ArrowLeft" => Some(Pos::new(c.row, (c.col + w - 1) % w)),
            "ArrowRight" => Some(Pos::new(c.row, (c.col + 1) % w)),
            "ArrowUp" => Some(Pos::new((c.row + h - 1) % h, c.col)),
            "ArrowDown" => Some(Pos::new((c.row + 1) % h, c.col)),
            _ => None,
        };
        if let Some(to) = moved {
            app.cursor = to;
            app.say_cursor = true;
            return true;
        }
        if key == "Enter" {
            click(app, c);
            return true;
        }
    }
    match key {
        "ArrowRight" | " " => lesson(app, |p| p.next()),
        "ArrowLeft" => lesson(app, |p| p.back()),
        "h" | "H" => lesson(app, |p| p.hint = true),
        "Escape" => lesson(app, |p| p.selection = None),
        _ => return false,
    }
    true
}

/// Open a lesson file (chosen or dropped), refusing an oversized one unread.
pub fn open_file(file: web_sys::File) {
    let name = file_name(&file);
    if file.size() > MAX_LESSON_BYTES as f64 {
        let why = tf(
            "lesson-file-too-big",
            &[
                ("file", &name),
                ("bytes", &file.size().to_string()),
                ("max", &MAX_LESSON_BYTES.to_string()),
            ],
        );
        with_app(|app| {
            app.lesson_error = Some(why);
            app.screen = Screen::Lessons;
            render(app);
        });
        return;
    }
    read_file(file, MAX_LESSON_BYTES, move |text| {
        with_app(|app| {
            match text {
                Ok(text) => open(app, &text, From::File(&name)),
                Err(why) => {
                    app.lesson_error = Some(why);
                    app.screen = Screen::Lessons;
                }
            }
            render(app);
        });
    });
}

/// Open the lesson of a `#lesson=…` link, if the page was opened with one.
fn open_link() {
    let hash = fragment();
    let Some(data) = hash.strip_prefix("#lesson=") else {
        return;
    };
    let text = tabula_engine::link::unpack(data);
    with_app(|app| match text {
        Ok(text) => open(app, &text, From::Link),
        Err(e) => {
            app.lesson_error = Some(tf(
                "lesson-link-broken",
                &[("why", &tabula_page_kit::error_words::link(&e))],
            ));
            app.screen = Screen::Lessons;
        }
    });
    consume_fragment();
}

/// Wire the lesson file input and the lesson writer's fields, and open a
/// lesson link.
pub fn install() {
    open_link();
    listen(&web_sys::window().expect("window"), "hashchange", |_| {
        open_link();
        with_app(render);
    });
    listen(&document(), "input", |ev: Event| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let value = t
            .dyn_ref::<HtmlInputElement>()
            .map(|i| i.value())
            .or_else(|| {
                t.dyn_ref::<web_sys::HtmlTextAreaElement>()
                    .map(|a| a.value())
            });
        let Some(v) = value else {
            return;
        };
        let id = t.id();
        with_app(|app| {
            let Some(a) = app.author.as_mut() else {
                return;
            };
            match id.as_str() {
                "author-title" => a.set_text(TextField::Title, v),
                "author-summary" => a.set_text(TextField::Summary, v),
                "author-header" => a.header = v,
                "step-say" => a.set_text(TextField::Say, v),
                "step-hint" => a.set_text(TextField::Hint, v),
                "step-wrong" => a.set_text(TextField::Wrong, v),
                _ => return,
            }
            keep(app);
        });
    });
    listen(&document(), "change", |ev: Event| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        if t.id() != "lesson-file" {
            return;
        }
        if let Some(file) = t.files().and_then(|f| f.get(0)) {
            open_file(file);
        }
        t.set_value("");
    });
}
