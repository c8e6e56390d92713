//! The lessons' commands in the page: opening the page kit's lessons
//! (the list, its rules page in pictures, a lesson being written tried as
//! a link), leaving them for the lesson writer, and the lesson writer's
//! own commands, clicks and fields.

use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::lesson_screen;
use tabula_star_tigris::{Kind, Pos};
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlInputElement};

use crate::app::{App, Screen};
use crate::author_view;
use crate::dom::{document, local_storage};
use crate::editor::{Draft, MapDraft};
use crate::lesson_author::Author;
use crate::maps::MAPS;
use crate::session::{Selection, targets};
use crate::state::{listen, with_app};
use tabula_page_kit::lesson_writer as writer;

/// Run a lesson command; returns whether `name` was one. The lessons
/// themselves are the page kit's (`lesson_screen`, over
/// [`crate::lessons::Board`]): the commands here open them, and leave
/// them for the lesson writer.
pub fn command(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "lessons" => {
            if !lesson_screen::showing() {
                app.dialog_back = Some(app.screen);
            }
            set_hash("#lessons");
        }
        _ => return author_command(app, name, arg),
    }
    true
}

/// Go to `hash` (`#lessons…`, `#lesson=…`): the kit's lessons open.
fn set_hash(hash: &str) {
    if let Some(w) = web_sys::window() {
        w.location().set_hash(hash).ok();
    }
}

/// Leave the kit's lessons for one of the page's own screens (the lesson
/// writer).
fn leave_lessons(app: &mut App) {
    if lesson_screen::showing() {
        lesson_screen::leave();
        if app.dialog_back.is_none() {
            app.dialog_back = Some(app.screen);
        }
    }
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
        .or_else(|e| {
            // A lesson kept by the earlier writer reads on.
            crate::lesson_author::KeptLesson::from_earlier(&json).ok_or(e)
        })
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
        .map(|e| e.sketch.grid.clone())
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
            leave_lessons(app);
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
            leave_lessons(app);
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
        "author-player" => author(app, |a| a.choose_player(arg.parse().unwrap_or(1))),
        "author-check" => author(app, |a| {
            a.message = Some(match a.check() {
                Ok(_) => t("lesson-author-ready"),
                Err(e) => e,
            })
        }),
        "author-start" => author(app, |a| {
            a.message = a.start().err();
        }),
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
        "author-try" => {
            // Tried in the kit's lesson player, as a link would open it.
            if app.author.as_ref().is_some_and(|a| a.lesson().is_ok()) {
                app.dialog_back = Some(Screen::Author);
            }
            author(app, |a| {
                writer::command(&mut a.writing, name, arg);
            });
        }
        _ => {
            // The kit writer's own commands (texts' language, steps,
            // check, save, share).
            let Some(a) = app.author.as_mut() else {
                return name.starts_with("author-");
            };
            if !writer::command(&mut a.writing, name, arg) {
                return false;
            }
        }
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
                    a.writing.message = a.play(action).err();
                    a.selection = None;
                }
            }
            _ => {}
        }
    });
}

/// Back from the lessons: to the screen they were opened from (the game,
/// or the new-game dialog), the focus on the button that opened them.
fn back_from_lessons() {
    with_app(|app| {
        app.screen = app.dialog_back.take().unwrap_or(if app.session.is_some() {
            Screen::Playing
        } else {
            Screen::NewGame
        });
        crate::ui::render(app);
        if app.screen == Screen::Playing
            && let Ok(Some(b)) = document().query_selector("header [data-cmd=\"lessons\"]")
            && let Ok(b) = b.dyn_into::<web_sys::HtmlElement>()
        {
            b.focus().ok();
        }
    });
}

/// Wire the lesson writer's fields, and what closing the lessons does.
pub fn install() {
    crate::lessons::on_close(back_from_lessons);
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
            if id == "author-header" {
                a.header = v;
            } else if id == "author-position" || !writer::text_input(&mut a.writing, &id, v) {
                return;
            }
            keep(app);
        });
    });
}
