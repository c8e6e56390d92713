//! Games as files and links: the open-a-game dialog (file, paste, drop),
//! `#game=…` links, the save file, the autosave after every order (and
//! resuming from it on load), and the replay viewer's controls and timer.

use tabula_engine::limits::MAX_RECORD_BYTES;
use tabula_page_kit::records;
use tabula_page_kit::transport::{self, Move};
use tabula_star_tigris::StarTigris;
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlCanvasElement, HtmlInputElement, MouseEvent};

use crate::app::{App, Screen};
use crate::dom::{document, file_name, read_file};
use crate::game_file::{Given as Kind, Opened, classify, open_game, refusal_words};
use crate::map_editor::Source;
use crate::replay::Replay;
use crate::replay::{REPLAY_SPEEDS, ReplayView};
use crate::replay_view;
use crate::state::{listen, with_app};
use crate::ui::render;
use tabula_page_kit::i18n::{t, tf};

pub use crate::app::AUTOSAVE;

/// Show a replay of a finished game.
pub fn show_replay(app: &mut App, replay: Replay) {
    app.replay = Some(ReplayView::new(replay, 2.0));
    app.screen = Screen::Replay;
    app.open_error = None;
}

/// Where a text given to "Open a game" comes from.
#[derive(Clone, Copy)]
enum Given<'a> {
    /// A file chosen or dropped, by its name.
    File(&'a str),
    /// The paste box.
    Paste,
}

impl Given<'_> {
    /// The place in words, as the subject of a sentence.
    fn words(self) -> String {
        match self {
            Given::File(name) => tf("the-file", &[("name", name)]),
            Given::Paste => t("the-pasted-text"),
        }
    }
}

/// Open what was given to "Open a game": a link goes where links go, a
/// map to the map editor (the editor's own import, which names the file
/// or the paste), a game is opened here. A refusal is kept for the dialog
/// and nothing changes.
fn open_given(app: &mut App, text: &str, given: Given) {
    let source = given.words();
    let source = source.as_str();
    match classify(text) {
        Kind::Link(fragment) => {
            app.open_error = None;
            app.game_paste.clear();
            // Every screen listens for links: the one this link is for opens it.
            if let Some(w) = web_sys::window() {
                w.location().set_hash(&fragment).ok();
            }
        }
        Kind::Map => {
            app.open_error = None;
            app.game_paste.clear();
            let stem = match given {
                Given::File(name) => Some(name.rsplit_once('.').map_or(name, |(stem, _)| stem)),
                Given::Paste => None,
            };
            let name = crate::map_editor::Editor::name_from_text(text)
                .or(stem.map(str::to_owned))
                .unwrap_or_else(|| t("opened-map"));
            if !tabula_page_kit::on_demand::HERE {
                // The editor is in the page's whole module: the map goes
                // with the page as it loads that (page kit, on_demand).
                let file = match given {
                    Given::File(file) => file,
                    Given::Paste => "",
                };
                tabula_page_kit::on_demand::switch_carrying("#editor", file, text);
                return;
            }
            crate::editor_events::open(app);
            let e = crate::editor_events::editor(app);
            e.import_from(
                text,
                &name,
                match given {
                    Given::File(file) => Source::File(file),
                    Given::Paste => Source::Paste,
                },
            );
        }
        Kind::Record => open_text(app, text, source),
        Kind::Unknown => refuse(app, source, &t("not-game-link-map")),
    }
}

/// Open a map carried from the play module (page kit, `on_demand`) in
/// the editor, as a dropped file (`name`) or a paste (no name).
pub fn open_carried_map(app: &mut App, name: &str, text: &str) {
    let given = if name.is_empty() {
        Given::Paste
    } else {
        Given::File(name)
    };
    open_given(app, text, given);
}

/// Keep a refusal for the open-a-game dialog and show it.
fn refuse(app: &mut App, source: &str, why: &str) {
    app.open_error = Some(tf("cannot-open", &[("what", source), ("why", why)]));
    if app.screen != Screen::OpenGame {
        app.dialog_back = Some(app.screen);
        app.screen = Screen::OpenGame;
    }
}

/// Open the record of a game played online (in the replay once over).
pub fn open_online_record(app: &mut App, text: &str) {
    open_text(app, text, &t("st-online-record"));
}

/// Open a game's text; a refusal is kept for the dialog and nothing changes.
fn open_text(app: &mut App, text: &str, source: &str) {
    match open_game(text) {
        Ok(Opened::Finished(r)) => {
            crate::ai_link::stop();
            show_replay(app, *r);
        }
        Ok(Opened::InProgress(s)) => {
            crate::ai_link::stop();
            let keep = (app.editor.take(), app.next_request, app.watch_delay_ms);
            *app = App {
                session: Some(*s),
                screen: Screen::Playing,
                editor: keep.0,
                next_request: keep.1,
                watch_delay_ms: keep.2,
                ..App::default()
            };
            app.notice = Some(tf("resumed-from", &[("what", source)]));
        }
        Err(e) => refuse(app, source, &refusal_words(&e, text)),
    }
}

/// Save the game in progress to the browser after every change.
pub fn autosave(app: &mut App) {
    let Some(s) = app.session.as_ref() else {
        return;
    };
    let key = (s.record().seed, s.actions_played());
    if app.autosaved == Some(key) {
        return;
    }
    if let Err(refused) = AUTOSAVE.keep(&s.record_json()) {
        app.notice = Some(refused);
    }
    app.autosaved = Some(key);
    // The home page offers "Continue" while the game is not over.
    let (turn, names) = (s.game().turn().to_string(), s.names().join(", "));
    let over = matches!(s.game().phase(), tabula_star_tigris::Phase::Over(_));
    let args: &[(&str, &str)] = &[("turn", &turn), ("names", &names)];
    tabula_page_kit::resume_note::set(
        "star-tigris",
        (!over).then_some(("continue-star-tigris", args)),
    );
}

/// Resume the autosaved game, if there is one. One that cannot be resumed
/// is set aside (still downloadable) and reported.
fn resume() {
    let kept = AUTOSAVE.resume(|text| open_game(text).map_err(|e| refusal_words(&e, text)));
    with_app(|app| match kept {
        Ok(None) => {}
        Ok(Some(Opened::InProgress(s))) => {
            app.autosaved = Some((s.record().seed, s.actions_played()));
            app.session = Some(*s);
            app.screen = Screen::Playing;
            // Loaded by the play module for its lessons or editors (page
            // kit, on_demand): the seat on show before stays on show.
            app.viewer = tabula_page_kit::on_demand::kept("viewer").and_then(|v| v.parse().ok());
        }
        Ok(Some(Opened::Finished(r))) => {
            // A finished game: back to its end screen.
            if let Ok(s) = crate::session::Session::from_record(&r.record) {
                app.autosaved = Some((s.record().seed, s.actions_played()));
                app.session = Some(s);
                app.screen = Screen::Over;
            }
        }
        Err(said) => app.notice = Some(said),
    });
}

/// Open the game of a `#game=…` link, if the page was opened with one.
fn open_link() {
    let Some(text) = records::from_address::<crate::rule_words::Words>() else {
        return;
    };
    with_app(|app| match text {
        Ok(text) => open_text(app, &text, &t("the-link")),
        Err(why) => {
            app.open_error = Some(tf(
                "cannot-open",
                &[("what", &t("the-link")), ("why", &why)],
            ));
            app.dialog_back = Some(app.screen);
            app.screen = Screen::OpenGame;
        }
    });
}

/// Open a game file (chosen or dropped), refusing an oversized one unread.
pub fn open_file(file: web_sys::File) {
    let name = file_name(&file);
    read_file(file, MAX_RECORD_BYTES, move |text| {
        with_app(|app| {
            match text {
                Ok(text) => open_given(app, &text, Given::File(&name)),
                Err(why) => {
                    app.open_error = Some(why);
                    app.screen = Screen::OpenGame;
                }
            }
            render(app);
        });
    });
}

/// Step the replay while it plays (the timer started by play stops at
/// the end, on a pause, a move or when the replay is left).
fn play(token: u32, delay: f64) {
    transport::run(token, delay, move |token| {
        with_app(|app| {
            if app.screen != Screen::Replay {
                return None;
            }
            let delay = app.replay.as_mut()?.tick(token);
            render(app);
            delay
        })
    });
}

/// Run a command of this module; returns whether `name` was one.
pub fn command(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "open-game" => {
            app.dialog_back = Some(app.screen);
            app.screen = Screen::OpenGame;
            app.open_error = None;
        }
        "close-open" => {
            app.screen = match app.dialog_back {
                Some(Screen::OpenGame) | None => {
                    if app.session.is_some() {
                        Screen::Playing
                    } else {
                        Screen::NewGame
                    }
                }
                Some(s) => s,
            };
            app.open_error = None;
        }
        "paste-game" => {
            let text = app.game_paste.clone();
            if text.trim().is_empty() {
                app.open_error = Some(t("paste-empty"));
            } else {
                open_given(app, &text, Given::Paste);
                if app.open_error.is_none() {
                    app.game_paste.clear();
                }
            }
        }
        "save-game" => {
            if let Some(s) = app.session.as_ref() {
                records::save(&s.record_json(), "star-tigris-save.json");
            }
        }
        "broken-save" => AUTOSAVE.download_set_aside("star-tigris-unreadable-save.json"),
        "replay-game" => {
            if let Some(record) = app.session.as_ref().map(|s| s.record().clone()) {
                match crate::replay::open(record.clone()) {
                    Ok(r) => show_replay(app, r),
                    Err(e) => {
                        app.message = Some(tf(
                            "replay-failed",
                            &[("why", &crate::rule_words::record_error(&e, Some(&record)))],
                        ))
                    }
                }
            }
        }
        "copy-game-link" => {
            if let Some(s) = app.session.as_ref() {
                records::share::<StarTigris>(&s.record());
                app.notice = Some(t("link-copied"));
            }
        }
        "replay" => replay_command(app, arg),
        "note-write" | "note-save" | "note-cancel" => {
            if let Some(v) = app.replay.as_mut() {
                v.note(name);
            }
        }
        "replay-speed" | "replay-seat" => {
            if let Some(v) = app.replay.as_mut() {
                v.pick(name, arg, &REPLAY_SPEEDS);
            }
        }
        _ => return false,
    }
    true
}

fn replay_command(app: &mut App, arg: &str) {
    let Some(v) = app.replay.as_mut() else {
        return;
    };
    let (verb, rest) = arg.split_once(':').unwrap_or((arg, ""));
    let r = &mut v.replay;
    let step = match verb {
        "seek" => {
            if let Ok(p) = rest.parse() {
                v.seek(p);
            }
            return;
        }
        "download" => {
            records::save(
                &serde_json::to_string(&r.record).unwrap_or_default(),
                "star-tigris-game.json",
            );
            return;
        }
        "link" => {
            records::share::<StarTigris>(&r.record);
            app.notice = Some(t("link-copied-replay"));
            return;
        }
        _ => match Move::of_name(verb) {
            Some(m) => m,
            None => return,
        },
    };
    if let Some((token, ms)) = v.take(step) {
        play(token, ms);
    }
}

/// Handle a key in the replay viewer; returns whether it was used.
pub fn key(app: &mut App, key: &str, shift: bool) -> bool {
    let Some(timer) = app.replay.as_mut().and_then(|v| v.key(key, shift)) else {
        return false;
    };
    if let Some((token, ms)) = timer {
        play(token, ms);
    }
    true
}

/// Wire this module's events, then open a link or resume the autosave.
pub fn install() {
    let doc = document();
    listen(&doc, "input", |ev: Event| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        match t.id().as_str() {
            "game-paste" => {
                if let Some(area) = t.dyn_ref::<web_sys::HtmlTextAreaElement>() {
                    with_app(|app| app.game_paste = area.value());
                }
            }
            "scrub" => {
                if let Some(i) = t.dyn_ref::<HtmlInputElement>()
                    && let Ok(p) = i.value().parse::<usize>()
                {
                    with_app(|app| {
                        if let Some(v) = app.replay.as_mut() {
                            v.seek(p);
                        }
                        render(app);
                    });
                }
            }
            _ => {}
        }
    });
    listen(&doc, "change", |ev: Event| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        if t.id() == "game-file" {
            if let Some(f) = t.files().and_then(|f| f.get(0)) {
                open_file(f);
            }
            t.set_value("");
        }
    });
    listen(&doc, "click", |ev: Event| {
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        if t.id() != "chart" {
            return;
        }
        let Some(m) = ev.dyn_ref::<MouseEvent>() else {
            return;
        };
        with_app(|app| {
            if let Some(v) = app.replay.as_mut() {
                let width = t.client_width() as f64;
                let p = replay_view::chart_position(v, m.offset_x() as f64, width);
                v.seek(p);
            }
            render(app);
        });
    });
    resume();
    open_link();
    if let Some(w) = web_sys::window() {
        listen(&w, "hashchange", |_| {
            open_link();
            with_app(render);
        });
    }
}
