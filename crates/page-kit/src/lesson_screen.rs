//! The lessons of a game's page, for every ruleset that can be taught:
//! the list (which the learner has finished kept in the browser), and the
//! lesson player — the board drawn by the page, the narration, the places
//! highlighted, the learner's move by pointer, touch or keyboard checked
//! against the step's, a wrong one refused with the step's "that is not
//! it" and the hint, try again, back, next and finish.
//!
//! The page takes part by implementing [`LessonBoard`] (how it draws a
//! state, where its places are, where an action is made and how it is
//! said) and calling [`install`] at its start. The lessons are the
//! shipped files, fetched when the lessons open from
//! `lessons/<ruleset>/index.txt` (their names, one a line, written by
//! `scripts/build-web.sh`) and `lessons/<ruleset>/<name>.json`, so the
//! page's own download does not grow with them.
//!
//! Addresses: `<game>.html#lessons` (the list), `#lessons/<name>` (a
//! shipped lesson), `#lesson=<packed>` (a lesson shared as a link, as
//! Star Tigris's writer makes them).

use std::cell::RefCell;
use std::rc::Rc;

use tabula_engine::lesson::{Lesson, Teach, read_lesson};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlCanvasElement, KeyboardEvent, MouseEvent};

use crate::dom::{El, by_id, document, el, local_storage, page_url, replace_children};
use crate::i18n::{lang, t, tf};
use crate::lesson_run::{
    LessonRun, finished_names, source_in, summary_in, title_in, with_finished,
};

pub use crate::lesson_board::LessonBoard;

/// Whether the lessons screen is showing (the page's own keys and drops
/// then wait).
pub fn showing() -> bool {
    document()
        .body()
        .is_some_and(|b| b.has_attribute("data-lessons"))
}

/// Put the lessons screen away (the page shows its own again): the
/// address loses its `#lessons…`, so coming back to them is a change.
pub fn leave() {
    hide_screen();
    set_hash("");
}

/// Take the lessons screen away, the address as it is.
fn hide_screen() {
    if let Some(body) = document().body() {
        body.remove_attribute("data-lessons").ok();
    }
    if let Some(section) = by_id("lessons") {
        section.remove();
    }
}

/// Where the finished lessons of `ruleset` are kept.
fn storage_key(ruleset: &str) -> String {
    format!("tabula.lessons.{ruleset}")
}

fn kept(ruleset: &str) -> String {
    local_storage()
        .and_then(|s| s.get_item(&storage_key(ruleset)).ok().flatten())
        .unwrap_or_default()
}

/// What the lessons screen holds.
struct Screen<G: Teach, B: LessonBoard<G>> {
    board: B,
    /// The shipped lessons' names, and each lesson once it has come (or
    /// why it cannot be read).
    shipped: Vec<(String, Option<Result<Lesson, String>>)>,
    /// Why the list could not be fetched.
    list_error: Option<String>,
    /// The lesson being taught, with its name (empty for a shared one).
    run: Option<(String, LessonRun<G>)>,
    /// Why the last lesson asked for cannot be taught.
    error: Option<String>,
    /// The keyboard's place on the board (an index into the places).
    cursor: Option<usize>,
    /// The learner's actions at the place picked, when more than one.
    choices: Vec<G::Action>,
    /// The piece picked up ([`LessonBoard::pieces`]).
    piece: Option<String>,
    /// A word for the learner about the last button (a link copied).
    note: Option<String>,
    /// The board's width as last drawn.
    width: f64,
    /// Whether the list has been asked for.
    fetched: bool,
    /// Whether the list of names has come (the lessons may still be
    /// coming).
    listed: bool,
    /// The lesson writer, while it shows (`#lessons/write`).
    desk: Option<crate::lesson_writer::Desk<G>>,
    /// Whether the rules page shows (`#lessons/rules`).
    rules: bool,
}

type Shared<G, B> = Rc<RefCell<Screen<G, B>>>;

/// Wire the lessons of the page's game: open them now when the address
/// asks for them (`#lessons…`, `#lesson=…`) and whenever it comes to.
/// Whether they opened now (the page then need not start its game).
pub fn install<G: Teach + 'static, B: LessonBoard<G>>(board: B) -> bool {
    let screen: Shared<G, B> = Rc::new(RefCell::new(Screen {
        board,
        shipped: Vec::new(),
        list_error: None,
        run: None,
        error: None,
        cursor: None,
        choices: Vec::new(),
        piece: None,
        note: None,
        width: 0.0,
        fetched: false,
        listed: false,
        desk: None,
        rules: false,
    }));
    if let Some(w) = web_sys::window() {
        let s = screen.clone();
        crate::dom::listen::<web_sys::Event>(&w, "hashchange", move |_| {
            route(&s);
        });
    }
    let s = screen.clone();
    crate::dom::listen::<KeyboardEvent>(&document(), "keydown", move |e| {
        if showing() && page_key(&s, &e) {
            e.prevent_default();
        }
    });
    route(&screen)
}

/// A key anywhere on the lessons screen but the board and form fields:
/// → next, ← back, H the hint, Escape puts a picked piece down (on the
/// list: back to the game). Whether the key was one of these.
fn page_key<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, e: &KeyboardEvent) -> bool {
    if e.ctrl_key() || e.alt_key() || e.meta_key() {
        return false;
    }
    let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    let in_field = target.as_ref().is_some_and(|t| {
        matches!(
            t.tag_name().to_ascii_lowercase().as_str(),
            "input" | "select" | "textarea"
        ) || t.id() == "lesson-board"
    });
    if in_field {
        return false;
    }
    if s.borrow().desk.is_some() {
        return false;
    }
    let (open, picked) = {
        let st = s.borrow();
        (
            st.run.is_some(),
            st.piece.is_some() || !st.choices.is_empty(),
        )
    };
    let cmd = match e.key().as_str() {
        "ArrowRight" if open => "next",
        "ArrowLeft" if open => "back",
        "h" | "H" if open => "hint",
        "Escape" if picked => "drop",
        "Escape" if !open => "close",
        _ => return false,
    };
    command(s, cmd);
    true
}

/// Open what the address asks for; whether it asked for lessons.
fn route<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) -> bool {
    let hash = crate::dom::fragment();
    let hash = js_sys::decode_uri_component(&hash)
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or(hash);
    if let Some(data) = hash.strip_prefix("#lesson=") {
        show_screen(s);
        s.borrow_mut().desk = None;
        let opened = tabula_engine::link::unpack(data)
            .map_err(|e| crate::error_words::link(&e))
            .and_then(|text| LessonRun::<G>::open(&text));
        open_run(s, String::new(), opened);
        return true;
    }
    let Some(rest) = hash.strip_prefix("#lessons") else {
        // An address for the page's own screens (a game link, `#new`):
        // the page shows it.
        if showing() {
            if s.borrow().board.page_beneath() {
                hide_screen();
            } else if let Some(w) = web_sys::window() {
                w.location().reload().ok();
            }
        }
        return false;
    };
    show_screen(s);
    fetch_list(s);
    let name = rest.strip_prefix('/').unwrap_or("").to_string();
    if name == "write" && s.borrow().board.writes() {
        open_writer(s);
        return true;
    }
    s.borrow_mut().desk = None;
    let rules = name == "rules" && s.borrow().board.rules_page();
    s.borrow_mut().rules = rules;
    if rules {
        s.borrow_mut().run = None;
        render(s);
        focus("lessons-h");
        return true;
    }
    if name.is_empty() {
        {
            let mut st = s.borrow_mut();
            st.run = None;
            st.error = None;
        }
        render(s);
        focus("lessons-h");
    } else {
        open_shipped(s, name);
    }
    true
}

fn open_run<G: Teach + 'static, B: LessonBoard<G>>(
    s: &Shared<G, B>,
    name: String,
    opened: Result<LessonRun<G>, String>,
) {
    {
        let mut st = s.borrow_mut();
        st.cursor = None;
        st.choices.clear();
        st.piece = None;
        st.note = None;
        match opened {
            Ok(run) => {
                st.run = Some((name, run));
                st.error = None;
            }
            Err(why) => {
                st.run = None;
                st.error = Some(why);
            }
        }
    }
    render(s);
    focus("lesson-say");
}

fn open_shipped<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, name: String) {
    let valid = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !valid {
        open_run(
            s,
            name.clone(),
            Err(tf("lesson-no-such", &[("name", &name)])),
        );
        return;
    }
    let url = format!("lessons/{}/{name}.json", G::NAME);
    let s2 = s.clone();
    fetch_text(&url, move |got| {
        let opened = match got {
            Ok(text) => LessonRun::<G>::open(&text),
            Err(_) => Err(tf("lesson-no-such", &[("name", &name)])),
        };
        open_run(&s2, name, opened);
    });
}

fn fetch_list<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    if std::mem::replace(&mut s.borrow_mut().fetched, true) {
        return;
    }
    let s2 = s.clone();
    fetch_text(&format!("lessons/{}/index.txt", G::NAME), move |got| {
        let names: Vec<String> = match got {
            Ok(text) => text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            Err(why) => {
                s2.borrow_mut().list_error = Some(why);
                render(&s2);
                return;
            }
        };
        {
            let mut st = s2.borrow_mut();
            st.shipped = names.iter().map(|n| (n.clone(), None)).collect();
            st.listed = true;
        }
        render(&s2);
        for (i, name) in names.into_iter().enumerate() {
            let s3 = s2.clone();
            fetch_text(&format!("lessons/{}/{name}.json", G::NAME), move |got| {
                let lesson = got.and_then(|text| {
                    read_lesson(&text).map_err(|e| crate::lesson_run::open_error(&e))
                });
                if let Some(slot) = s3.borrow_mut().shipped.get_mut(i) {
                    slot.1 = Some(lesson);
                }
                if s3.borrow().run.is_none() {
                    render(&s3);
                }
            });
        }
    });
}

/// The shipped lessons of `ruleset` as the lessons screen fetches them
/// (for a page's own use of them, such as a rules page drawn from the
/// lessons): `then` gets each lesson's name and text, in the list's
/// order (a lesson that could not be fetched is left out), or why the
/// list could not be fetched.
pub fn fetch_shipped(
    ruleset: &'static str,
    then: impl FnOnce(Result<Vec<(String, String)>, String>) + 'static,
) {
    fetch_text(&format!("lessons/{ruleset}/index.txt"), move |got| {
        let names: Vec<String> = match got {
            Ok(text) => text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            Err(why) => return then(Err(why)),
        };
        type Then = Box<dyn FnOnce(Result<Vec<(String, String)>, String>)>;
        /// The texts come so far, how many have come, and what runs once all have.
        type Coming = (Vec<Option<String>>, usize, Option<Then>);
        let n = names.len();
        let got: Rc<RefCell<Coming>> =
            Rc::new(RefCell::new((vec![None; n], 0, Some(Box::new(then)))));
        if n == 0 {
            if let Some(f) = got.borrow_mut().2.take() {
                f(Ok(Vec::new()));
            }
            return;
        }
        for (i, name) in names.iter().enumerate() {
            let got = got.clone();
            let names = names.clone();
            fetch_text(&format!("lessons/{ruleset}/{name}.json"), move |text| {
                let done = {
                    let mut g = got.borrow_mut();
                    g.0[i] = text.ok();
                    g.1 += 1;
                    g.1 == n
                };
                if done {
                    let (texts, f) = {
                        let mut g = got.borrow_mut();
                        (std::mem::take(&mut g.0), g.2.take())
                    };
                    let all = names
                        .into_iter()
                        .zip(texts)
                        .filter_map(|(n, t)| Some((n, t?)));
                    if let Some(f) = f {
                        f(Ok(all.collect()));
                    }
                }
            });
        }
    });
}

/// Fetch `url` as text; `then` gets it or why not, in plain words.
fn fetch_text(url: &str, then: impl FnOnce(Result<String, String>) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    type Then = Box<dyn FnOnce(Result<String, String>)>;
    let then: Rc<RefCell<Option<Then>>> = Rc::new(RefCell::new(Some(Box::new(then))));
    let give = move |r: Result<String, String>| {
        if let Some(f) = then.borrow_mut().take() {
            f(r);
        }
    };
    let give = Rc::new(give);
    let lost = {
        let give = give.clone();
        move || give(Err(t("lesson-cannot-fetch")))
    };
    let on_fail = {
        let lost = lost.clone();
        Closure::once(move |_: JsValue| lost())
    };
    let on_response = Closure::once(move |r: JsValue| {
        let text = r
            .dyn_into::<web_sys::Response>()
            .ok()
            .filter(web_sys::Response::ok)
            .and_then(|r| r.text().ok());
        let Some(text) = text else {
            return lost();
        };
        let lost2 = lost.clone();
        let on_text = Closure::once(move |v: JsValue| give(Ok(v.as_string().unwrap_or_default())));
        let on_fail = Closure::once(move |_: JsValue| lost2());
        let _ = text.then2(&on_text, &on_fail);
        on_text.forget();
        on_fail.forget();
    });
    let _ = window.fetch_with_str(url).then2(&on_response, &on_fail);
    on_response.forget();
    on_fail.forget();
}

/// Show the lessons screen in place of the page's own (made once).
fn show_screen<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    let doc = document();
    if let Some(body) = doc.body() {
        body.set_attribute("data-lessons", "").ok();
        body.set_attribute("data-state", "ready").ok();
    }
    if by_id("lessons").is_some() {
        return;
    }
    let section = el("main")
        .attr("id", "lessons")
        .class("lessons")
        .attr("aria-label", &t("lessons"));
    if let Some(body) = doc.body() {
        body.append_child(&section.0).ok();
    }
    let area: web_sys::EventTarget = section.0.clone().into();
    let s1 = s.clone();
    crate::dom::listen::<MouseEvent>(&area, "click", move |e| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if target.id() == "lesson-board" {
            pick_at(&s1, f64::from(e.offset_x()), f64::from(e.offset_y()));
            return;
        }
        if target.id() == "author-board" {
            writer_pick_at(&s1, f64::from(e.offset_x()), f64::from(e.offset_y()));
            return;
        }
        if let Ok(Some(b)) = target.closest("[data-lcmd]")
            && let Some(cmd) = b.get_attribute("data-lcmd")
        {
            command(&s1, &cmd);
        }
    });
    let s2 = s.clone();
    crate::dom::listen::<KeyboardEvent>(&area, "keydown", move |e| {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let on_board = target.as_ref().is_some_and(|t| t.id() == "lesson-board");
        if on_board && board_key(&s2, &e.key()) {
            e.prevent_default();
        }
        let on_writer = target.as_ref().is_some_and(|t| t.id() == "author-board");
        if on_writer && writer_key(&s2, &e.key()) {
            e.prevent_default();
        }
    });
    let s7 = s.clone();
    crate::dom::listen::<web_sys::Event>(&area, "input", move |e| {
        // The writer's texts: kept as they are typed (nothing drawn
        // again, so the caret stays).
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let value = target
            .dyn_ref::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .or_else(|| {
                target
                    .dyn_ref::<web_sys::HtmlTextAreaElement>()
                    .map(|a| a.value())
            });
        let Some(value) = value else {
            return;
        };
        let mut st = s7.borrow_mut();
        if let Some(desk) = st.desk.as_mut()
            && crate::lesson_writer::text_input(&mut desk.writing, &target.id(), value)
        {
            crate::lesson_writer::keep(&desk.writing);
        }
    });
    crate::dom::listen::<web_sys::Event>(&area, "dragover", |e| e.prevent_default());
    let s6 = s.clone();
    crate::dom::listen::<web_sys::DragEvent>(&area, "drop", move |e| {
        // A lesson file dropped on the lessons: opened (the page's own
        // drop does not see it).
        e.prevent_default();
        e.stop_propagation();
        if let Some(file) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            open_file(&s6, file);
        }
    });
    let s3 = s.clone();
    crate::dom::listen::<web_sys::Event>(&area, "change", move |e| {
        if let Some(select) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        {
            if select.id() == "author-from-lesson" {
                writer_from_lesson(&s3, &select.value());
            }
            return;
        }
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        if input.id() != "lesson-file" {
            return;
        }
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        open_file(&s3, file);
        input.set_value("");
    });
    if let Some(w) = web_sys::window() {
        let s5 = s.clone();
        crate::dom::listen::<web_sys::Event>(&w, "resize", move |_| {
            if s5.borrow().desk.is_some() {
                render(&s5);
            } else if s5.borrow().run.is_some() {
                draw(&s5);
            }
        });
    }
}

/// Open a lesson file (chosen or dropped).
fn open_file<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, file: web_sys::File) {
    let s4 = s.clone();
    crate::dom::read_file(
        file,
        4 * tabula_engine::lesson::MAX_LESSON_BYTES,
        move |got| {
            let opened = got.and_then(|text| LessonRun::<G>::open(&text));
            open_run(&s4, String::new(), opened);
        },
    );
}

/// The lesson as a link that opens it (`#lesson=…`).
fn lesson_link(lesson: &Lesson) -> String {
    let json = serde_json::to_string(lesson).unwrap_or_default();
    format!("{}#lesson={}", page_url(), tabula_engine::link::pack(&json))
}

/// A command of the screen's buttons.
fn command<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, cmd: &str) {
    if cmd == "write" {
        set_hash("#lessons/write");
        open_writer(s);
        return;
    }
    if cmd == "rules" {
        set_hash("#lessons/rules");
        route(s);
        return;
    }
    if cmd.starts_with("author-") {
        writer_command(s, cmd);
        return;
    }
    if let Some(name) = cmd.strip_prefix("open:") {
        s.borrow_mut().rules = false;
        set_hash(&format!("#lessons/{name}"));
        open_shipped(s, name.to_string());
        return;
    }
    if let Some(i) = cmd.strip_prefix("choose:") {
        let chosen = i
            .parse::<usize>()
            .ok()
            .and_then(|i| s.borrow().choices.get(i).cloned());
        if let Some(a) = chosen {
            attempt(s, &a);
        }
        return;
    }
    if let Some(key) = cmd.strip_prefix("piece:") {
        {
            let mut st = s.borrow_mut();
            st.choices.clear();
            st.cursor = None;
            st.piece = if st.piece.as_deref() == Some(key) {
                None
            } else {
                Some(key.to_string())
            };
        }
        render(s);
        focus("lesson-board");
        return;
    }
    if let Some(i) = cmd.strip_prefix("do:") {
        let action = {
            let st = s.borrow();
            st.run
                .as_ref()
                .and_then(|(_, run)| buttons_of(&st, run).get(i.parse::<usize>().ok()?).cloned())
        };
        if let Some(a) = action {
            attempt(s, &a);
        }
        return;
    }
    let mut focus_on = "lesson-say";
    {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        match cmd {
            "list" => {
                st.run = None;
                st.error = None;
                st.rules = false;
                set_hash("#lessons");
            }
            "close" => {
                if st.board.close() {
                    return;
                }
                if let Some(w) = web_sys::window() {
                    w.location().set_href(&page_url()).ok();
                }
                return;
            }
            "large" => {
                if let Some(body) = document().body() {
                    body.class_list().toggle("large").ok();
                }
                focus_on = "lesson-large";
            }
            _ => {}
        }
        st.note = None;
        if let Some((name, run)) = st.run.as_mut() {
            st.choices.clear();
            if !matches!(cmd, "large" | "hint") {
                st.piece = None;
            }
            match cmd {
                "large" => {}
                "drop" => focus_on = "lesson-board",
                "show" => {
                    run.show_me();
                    focus_on = "lesson-shown";
                }
                "link" => {
                    crate::dom::copy_text(&lesson_link(&run.lesson));
                    st.note = Some(t("lesson-link-copied"));
                    focus_on = "lesson-note";
                }
                "next" => {
                    run.forward();
                }
                "back" => {
                    run.back();
                }
                "retry" => run.go(run.step),
                "restart" => run.go(0),
                "hint" => {
                    run.hint = true;
                    focus_on = "lesson-hint";
                }
                "finish" => {
                    if run.finished() && !name.is_empty() {
                        let done = with_finished(&kept(G::NAME), name);
                        if let Some(store) = local_storage() {
                            store.set_item(&storage_key(G::NAME), &done).ok();
                        }
                    }
                    st.run = None;
                    set_hash("#lessons");
                    focus_on = "lessons-h";
                }
                _ => return,
            }
        } else if cmd == "large" {
            focus_on = "lesson-large";
        } else if cmd != "list" {
            return;
        } else {
            focus_on = "lessons-h";
        }
    }
    render(s);
    focus(focus_on);
}

fn set_hash(hash: &str) {
    if let Some(w) = web_sys::window()
        && let Ok(h) = w.history()
    {
        h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{}{hash}", page_url())))
            .ok();
    }
}

fn focus(id: &str) {
    if let Some(e) = by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        e.focus().ok();
    }
}

/// The learner tries `action`.
fn attempt<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, action: &G::Action) {
    let made = {
        let mut st = s.borrow_mut();
        st.choices.clear();
        // The piece is put down: tried, right or wrong.
        st.piece = None;
        st.run.as_mut().is_some_and(|(_, run)| run.attempt(action))
    };
    render(s);
    focus(if made { "lesson-say" } else { "lesson-wrong" });
}

/// The learner picked `place` (a tap, a click, Enter on the keyboard's
/// place): its one action tried, or its actions offered, or refused.
fn pick<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, place: &str) {
    let here = {
        let st = s.borrow();
        let Some((_, run)) = st.run.as_ref() else {
            return;
        };
        if run.task().is_none() {
            return;
        }
        run.choices(Some(place), |g, a| st.board.place_of(g, a))
            .into_iter()
            .filter(|a| of_piece(&st, run, a))
            .collect::<Vec<_>>()
    };
    match here.len() {
        0 => {
            if let Some((_, run)) = s.borrow_mut().run.as_mut() {
                run.refuse();
            }
            render(s);
            focus("lesson-wrong");
        }
        1 => attempt(s, &here[0]),
        _ => {
            s.borrow_mut().choices = here;
            render(s);
            focus("lesson-choices");
        }
    }
}

/// Whether `action` moves the piece picked up (any action when none is).
fn of_piece<G: Teach, B: LessonBoard<G>>(
    st: &Screen<G, B>,
    run: &LessonRun<G>,
    action: &G::Action,
) -> bool {
    st.piece
        .as_ref()
        .is_none_or(|p| st.board.piece_of(run.shown(), action).as_ref() == Some(p))
}

/// The places the piece picked up can go (none when no piece is picked).
fn targets<G: Teach, B: LessonBoard<G>>(st: &Screen<G, B>, run: &LessonRun<G>) -> Vec<String> {
    let Some((seat, _)) = run.task() else {
        return Vec::new();
    };
    if st.piece.is_none() {
        return Vec::new();
    }
    let g = run.shown();
    let mut out: Vec<String> = Vec::new();
    for a in g.legal_actions(seat) {
        if of_piece(st, run, &a)
            && let Some(p) = st.board.place_of(g, &a)
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// The moves made at no place offered as buttons.
fn buttons_of<G: Teach, B: LessonBoard<G>>(
    st: &Screen<G, B>,
    run: &LessonRun<G>,
) -> Vec<G::Action> {
    let Some((_, expected)) = run.task() else {
        return Vec::new();
    };
    let g = run.shown();
    run.choices(None, |g, a| st.board.place_of(g, a))
        .into_iter()
        .filter(|a| st.board.offered(g, a, &expected))
        .collect()
}

fn pick_at<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, x: f64, y: f64) {
    let found = {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let Some((_, run)) = st.run.as_ref() else {
            return;
        };
        let g = run.shown();
        let places = key_places(st, run);
        let mut best: Option<(f64, usize)> = None;
        for (i, p) in places.iter().enumerate() {
            if let Some((cx, cy, r)) = st.board.place_centre(g, st.width, p) {
                let d = (cx - x).hypot(cy - y);
                if d <= r && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, i));
                }
            }
        }
        best.map(|(_, i)| {
            st.cursor = Some(i);
            places[i].clone()
        })
    };
    match found {
        Some(place) => pick(s, &place),
        None => {
            if let Some((_, run)) = s.borrow_mut().run.as_mut() {
                run.refuse();
            }
            render(s);
        }
    }
}

/// A key on the board: arrows move the keyboard's place, Enter or Space
/// picks it. Whether the key was the board's.
fn board_key<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, key: &str) -> bool {
    let step: i64 = match key {
        "ArrowRight" | "ArrowDown" => 1,
        "ArrowLeft" | "ArrowUp" => -1,
        "PageDown" => 10,
        "PageUp" => -10,
        "Home" => i64::MIN,
        "End" => i64::MAX,
        "Enter" | " " => 0,
        _ => return false,
    };
    let place = {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let Some((_, run)) = st.run.as_ref() else {
            return false;
        };
        let places = key_places(st, run);
        if places.is_empty() {
            return false;
        }
        let n = places.len() as i64;
        if step == 0 {
            st.cursor.map(|i| places[i.min(places.len() - 1)].clone())
        } else {
            let at = match (st.cursor, step) {
                (_, i64::MIN) => 0,
                (_, i64::MAX) => n - 1,
                (None, _) => 0,
                (Some(i), d) => (i as i64 + d).rem_euclid(n),
            };
            st.cursor = Some(at as usize);
            None
        }
    };
    match place {
        Some(p) => pick(s, &p),
        None => {
            draw(s);
            say_cursor(s);
        }
    }
    true
}

/// The board's places in the keyboard's order: where the learner can act
/// first (in the page's order), then the others.
fn key_places<G: Teach, B: LessonBoard<G>>(st: &Screen<G, B>, run: &LessonRun<G>) -> Vec<String> {
    let g = run.shown();
    let mut places = st.board.places(g);
    if let Some((seat, _)) = run.task() {
        let acting: std::collections::HashSet<String> = g
            .legal_actions(seat)
            .iter()
            .filter(|a| of_piece(st, run, a))
            .filter_map(|a| st.board.place_of(g, a))
            .collect();
        places.sort_by_key(|p| !acting.contains(p));
    }
    places
}

/// Tell where the keyboard's place is (in the line under the board).
fn say_cursor<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    let st = s.borrow();
    let Some((_, run)) = st.run.as_ref() else {
        return;
    };
    let g = run.shown();
    let places = key_places(&st, run);
    let text = match st.cursor.and_then(|i| places.get(i)) {
        Some(p) => {
            // What Enter plays here, when it is one move.
            let here: Vec<G::Action> = run
                .choices(Some(p), |g, a| st.board.place_of(g, a))
                .into_iter()
                .filter(|a| of_piece(&st, run, a))
                .collect();
            let play = match (run.task(), here.as_slice()) {
                (Some((seat, _)), [one]) => Some((seat, one)),
                _ => None,
            };
            st.board.cursor_words(g, p, play)
        }
        None => t("lesson-cursor-none"),
    };
    if let Some(e) = by_id("lesson-cursor") {
        e.set_text_content(Some(&text));
    }
}

/// Draw the board, the highlighted places (a thick ring, white inside
/// black, so it shows on every ground) and the keyboard's place (a
/// dashed square).
fn draw<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    let Some(canvas) = by_id("lesson-board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let width = canvas
        .parent_element()
        .map(|p| f64::from(p.client_width()))
        .unwrap_or(360.0)
        .clamp(200.0, 640.0);
    let mut st = s.borrow_mut();
    st.width = width;
    let st = &*st;
    let Some((_, run)) = st.run.as_ref() else {
        return;
    };
    let g = run.shown();
    st.board.draw(&canvas, g, width);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    // Where the rings and the keyboard's place are, on the canvas (CSS
    // pixels; the highlights in the lesson's order), for tests and tools.
    let at = |p: &str| {
        st.board
            .place_centre(g, width, p)
            .map(|(x, y, _)| format!("{x:.1},{y:.1}"))
            .unwrap_or_default()
    };
    let rings: Vec<String> = run.highlight().iter().map(|p| at(p)).collect();
    canvas
        .set_attribute("data-highlight", &rings.join(" "))
        .ok();
    for place in run.highlight() {
        if let Some((x, y, r)) = st.board.place_centre(g, width, place) {
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
    // The places the piece picked up can go: a dashed ring each.
    let aims = targets(st, run);
    canvas.set_attribute("data-targets", &aims.join(" ")).ok();
    let dash = js_sys::Array::of2(&JsValue::from(5.0), &JsValue::from(4.0));
    for place in &aims {
        if let Some((x, y, r)) = st.board.place_centre(g, width, place) {
            let r = (r * 0.7).max(6.0);
            ctx.set_line_dash(&dash).ok();
            for (colour, line) in [("#ffffff", 5.0), ("#000000", 2.5)] {
                ctx.begin_path();
                ctx.arc(x, y, r, 0.0, std::f64::consts::TAU).ok();
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(line);
                ctx.stroke();
            }
            ctx.set_line_dash(&js_sys::Array::new()).ok();
        }
    }
    let places = key_places(st, run);
    let cursor = st.cursor.and_then(|i| places.get(i));
    canvas
        .set_attribute("data-cursor-at", &cursor.map(|p| at(p)).unwrap_or_default())
        .ok();
    if let Some(p) = cursor
        && let Some((x, y, r)) = st.board.place_centre(g, width, p)
    {
        let r = r.max(8.0) + 2.0;
        let dash = js_sys::Array::of2(&JsValue::from(4.0), &JsValue::from(3.0));
        for (colour, line, offset) in [("#ffffff", 4.0, 0.0), ("#000000", 2.0, 0.0)] {
            ctx.set_line_dash(&dash).ok();
            ctx.set_line_dash_offset(offset);
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(line);
            ctx.stroke_rect(x - r, y - r, 2.0 * r, 2.0 * r);
        }
        ctx.set_line_dash(&js_sys::Array::new()).ok();
    }
}

fn button(label: &str, cmd: &str) -> El {
    el("button")
        .attr("type", "button")
        .attr("data-lcmd", cmd)
        .text(label)
}

/// Show the list or the lesson.
fn render<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    let Some(section) = by_id("lessons") else {
        return;
    };
    let view = {
        let st = s.borrow();
        match (&st.desk, &st.run) {
            (Some(desk), _) => {
                let lessons: Vec<&Lesson> = st
                    .shipped
                    .iter()
                    .filter_map(|(_, l)| l.as_ref()?.as_ref().ok())
                    .collect();
                crate::lesson_writer::view(&st.board, desk, &lessons)
            }
            (None, Some((_, run))) => player_view(&st, run),
            (None, None) if st.rules => {
                let fetching = match (&st.list_error, st.shipped.iter().any(|(_, l)| l.is_none())) {
                    (Some(why), _) => crate::lesson_rules::Fetching::Failed(why),
                    (None, true) => crate::lesson_rules::Fetching::Coming,
                    (None, false) if st.shipped.is_empty() && !st.listed => {
                        crate::lesson_rules::Fetching::Coming
                    }
                    (None, false) => crate::lesson_rules::Fetching::Done,
                };
                crate::lesson_rules::view(&st.board, &shipped_lessons(&st), fetching)
            }
            (None, None) => list_view(&st),
        }
    };
    // What had the focus keeps it when it is drawn again (the list
    // grows as its lessons come).
    let focused = document()
        .active_element()
        .filter(|e| section.contains(Some(e)))
        .map(|e| e.id())
        .filter(|id| !id.is_empty());
    replace_children(&section, view);
    // Which of the screen's pages shows, for tests and tools.
    if let Some(body) = document().body() {
        let page = if s.borrow().desk.is_none() && s.borrow().run.is_none() && s.borrow().rules {
            "rules"
        } else {
            ""
        };
        body.set_attribute("data-lessons", page).ok();
    }
    if let Some(id) = focused {
        focus(&id);
    }
    if s.borrow().desk.is_some() {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        if let Some(desk) = st.desk.as_mut() {
            crate::lesson_writer::draw(&st.board, desk);
        }
    } else if s.borrow().run.is_some() {
        draw(s);
        say_cursor(s);
    } else if s.borrow().rules {
        let st = s.borrow();
        crate::lesson_rules::draw_all(&st.board, &shipped_lessons(&st));
    }
}

/// The shipped lessons read so far, by name.
fn shipped_lessons<G: Teach, B: LessonBoard<G>>(st: &Screen<G, B>) -> Vec<(&str, &Lesson)> {
    st.shipped
        .iter()
        .filter_map(|(n, l)| Some((n.as_str(), l.as_ref()?.as_ref().ok()?)))
        .collect()
}

fn list_view<G: Teach, B: LessonBoard<G>>(st: &Screen<G, B>) -> El {
    let l = lang();
    let done = kept(G::NAME);
    let done = finished_names(&done);
    let game = crate::error_words::game_name(G::NAME);
    let mut items = Vec::new();
    for (name, lesson) in &st.shipped {
        let item = match lesson {
            None => el("li").text(&t("lesson-loading")),
            Some(Err(why)) => el("li").child(
                el("p")
                    .class("lesson-error")
                    .text(&tf("lesson-cannot-read", &[("name", name), ("why", why)])),
            ),
            Some(Ok(lesson)) => {
                let finished = done.contains(&name.as_str());
                el("li")
                    .child(
                        el("button")
                            .attr("type", "button")
                            .attr("data-lcmd", &format!("open:{name}"))
                            .class("lesson-open")
                            .text(title_in(lesson, l)),
                    )
                    .maybe(finished.then(|| {
                        el("span")
                            .class("lesson-done")
                            .text(&format!(" ✓ {}", t("lesson-finished")))
                    }))
                    .child(el("p").text(summary_in(lesson, l)))
                    .maybe(source_in(lesson, l).map(|src| el("p").class("lesson-source").text(src)))
            }
        };
        items.push(item);
    }
    let count = st
        .shipped
        .iter()
        .filter(|(n, _)| done.contains(&n.as_str()))
        .count();
    el("div")
        .class("lessons-list")
        .child(
            el("h2")
                .attr("id", "lessons-h")
                .attr("tabindex", "-1")
                .text(&tf("lessons-of", &[("game", &game)])),
        )
        .maybe(
            st.board
                .intro()
                .map(|i| el("p").class("lessons-intro").text(&i)),
        )
        .maybe(st.error.as_ref().map(|why| {
            el("p")
                .class("lesson-error")
                .attr("id", "lesson-error")
                .attr("role", "alert")
                .text(&tf("lesson-refused", &[("why", why)]))
        }))
        .maybe(
            st.list_error
                .as_ref()
                .map(|why| el("p").class("lesson-error").text(why)),
        )
        .maybe((!st.shipped.is_empty()).then(|| {
            el("p").attr("id", "lessons-progress").text(&tf(
                "lessons-progress",
                &[
                    ("done", &count.to_string()),
                    ("all", &st.shipped.len().to_string()),
                ],
            ))
        }))
        .child(el("ol").class("lessons-items").children(items))
        .child(crate::dom::file_field(
            &t("lesson-open-file"),
            "lesson-file",
            ".json,application/json",
        ))
        .child(
            el("p")
                .class("lesson-nav")
                .maybe(
                    st.board.rules_page().then(|| {
                        button(&t("lessons-rules-open"), "rules").attr("id", "open-rules")
                    }),
                )
                .maybe(
                    st.board
                        .writes()
                        .then(|| button(&t("lesson-write"), "write").attr("id", "author-new")),
                )
                .children(st.board.list_extras())
                .child(large_button())
                .child(button(&t("lesson-back-to-game"), "close")),
        )
}

/// `e` showing `shown`, marked as the lesson's own English when that is
/// what shows on a page in another language (a text not translated).
fn in_lang(e: El, shown: &str, own: &str) -> El {
    if lang() != crate::i18n::Lang::En && shown == own {
        e.attr("lang", "en")
    } else {
        e
    }
}

/// The button that makes the text large (for a projector), saying
/// whether it is on.
fn large_button() -> El {
    let on = document()
        .body()
        .is_some_and(|b| b.class_list().contains("large"));
    button(
        &t(if on {
            "lesson-large-text-on"
        } else {
            "lesson-large-text"
        }),
        "large",
    )
    .attr("id", "lesson-large")
    .pressed(on)
}

fn player_view<G: Teach, B: LessonBoard<G>>(st: &Screen<G, B>, run: &LessonRun<G>) -> El {
    let l = lang();
    // Places named in the texts ({{9:SE}}) as the board names them.
    let fill = |t: &str| {
        tabula_engine::lesson::text_places::fill(t, |p| st.board.place_in_text(run.shown(), p))
    };
    let task = run.task();
    let mut text = el("div")
        .class("lesson-text")
        .child(
            el("p")
                .class("lesson-step")
                .attr("id", "lesson-step")
                .attr("data-step", &(run.step + 1).to_string())
                .attr("data-steps", &run.len().to_string())
                .text(&tf(
                    "lesson-step-of",
                    &[
                        ("step", &(run.step + 1).to_string()),
                        ("all", &run.len().to_string()),
                    ],
                )),
        )
        .child(in_lang(
            el("p")
                .attr("id", "lesson-say")
                .attr("tabindex", "-1")
                .class("lesson-say")
                .text(&fill(run.say(l))),
            run.say(l),
            &run.lesson.steps[run.step].say,
        ));
    let own = run.lesson.steps[run.step].learner.as_ref();
    if run.wrong
        && let Some(w) = run.wrong_text(l)
    {
        text = text.child(in_lang(
            el("p")
                .attr("id", "lesson-wrong")
                .attr("tabindex", "-1")
                .attr("role", "alert")
                .class("lesson-wrong")
                .text(&format!("✗ {}", fill(w))),
            w,
            own.map_or("", |o| o.wrong.as_str()),
        ));
    }
    if run.hint
        && let Some(h) = run.hint_text(l)
    {
        text = text.child(in_lang(
            el("p")
                .attr("id", "lesson-hint")
                .attr("tabindex", "-1")
                .class("lesson-hint")
                .text(&tf("lesson-hint-is", &[("hint", &fill(h))])),
            h,
            own.map_or("", |o| o.hint.as_str()),
        ));
    }
    if let Some((seat, _)) = task {
        text = text.child(move_view(st, run, seat));
    } else if run.showed
        && let Some(l) = run.lesson.steps[run.step].learner.as_ref()
    {
        let before = run.before();
        let said = before
            .read_seat(&l.seat)
            .zip(before.read_action(&l.action).ok())
            .map(|(seat, a)| st.board.move_words(before, seat, &a))
            .unwrap_or_default();
        text = text.child(
            el("p")
                .attr("id", "lesson-shown")
                .attr("tabindex", "-1")
                .class("lesson-right")
                .text(&tf("lesson-the-move-was", &[("move", &said)])),
        );
    } else if run.lesson.steps[run.step].learner.is_some() {
        text = text.child(
            el("p")
                .class("lesson-right")
                .text(&format!("✓ {}", t("lesson-right"))),
        );
    }
    if let Some(note) = &st.note {
        text = text.child(
            el("p")
                .attr("id", "lesson-note")
                .attr("tabindex", "-1")
                .attr("role", "status")
                .class("lesson-note")
                .text(note),
        );
    }
    if let Some(facts) = st.board.facts(run.shown()) {
        text = text.child(el("div").attr("id", "lesson-facts").child(facts));
    }
    let mut nav = el("div").class("lesson-nav");
    if run.step > 0 {
        nav = nav.child(button(&t("lesson-step-back"), "back"));
    }
    if task.is_some() {
        nav = nav
            .child(button(&t("lesson-show-hint"), "hint").disabled(run.hint))
            .child(button(&t("lesson-show-me"), "show").attr("id", "lesson-show"))
            .child(button(&t("lesson-retry"), "retry"));
    }
    if run.finished() {
        nav = nav.child(button(&t("lesson-finish"), "finish").class("primary"));
    } else {
        nav = nav.child(
            button(&t("lesson-step-next"), "next")
                .class("primary")
                .disabled(task.is_some()),
        );
    }
    nav = nav
        .child(button(&t("lesson-start-over"), "restart"))
        .child(button(&t("lesson-to-list"), "list"))
        .child(large_button())
        .child(button(&t("lesson-copy-link"), "link"));
    el("div")
        .class("lesson-player")
        .child(in_lang(
            el("h2").attr("id", "lessons-h").text(run.title(l)),
            run.title(l),
            &run.lesson.title,
        ))
        .child(
            el("div")
                .class("lesson-board-box")
                .child(
                    el("canvas")
                        .attr("id", "lesson-board")
                        .attr("tabindex", "0")
                        .attr("role", "application")
                        .attr("aria-label", &t("lesson-board"))
                        .attr("aria-describedby", "lesson-cursor"),
                )
                .child(el("p").attr("id", "lesson-cursor").class("lesson-cursor")),
        )
        .child(text.attr("aria-live", "polite"))
        .child(nav)
        .child(el("p").class("lesson-keys").text(&t("lesson-keys")))
}

/// The learner's move at a step that is theirs: who they play, the
/// pieces to pick up (where the page has them), the moves made at no
/// place as buttons, and the moves at the place picked.
fn move_view<G: Teach, B: LessonBoard<G>>(
    st: &Screen<G, B>,
    run: &LessonRun<G>,
    seat: tabula_engine::Seat,
) -> El {
    let g = run.shown();
    let buttons: Vec<El> = buttons_of(st, run)
        .iter()
        .enumerate()
        .map(|(i, a)| button(&st.board.action_words(g, seat, a), &format!("do:{i}")))
        .collect();
    let on_board = g
        .legal_actions(seat)
        .iter()
        .any(|a| st.board.place_of(g, a).is_some());
    let task_words = match (buttons.is_empty(), on_board) {
        (true, _) => "lesson-your-move-board",
        (false, true) => "lesson-move-due",
        (false, false) => "lesson-your-move-buttons",
    };
    let pieces = st.board.pieces(g, seat);
    let mut out = el("div").attr("id", "lesson-move").class("lesson-move");
    if let Some(who) = st.board.seat_name(g, seat) {
        out = out.child(
            el("p")
                .class("lesson-as")
                .text(&tf("lesson-playing-as", &[("who", &who)])),
        );
    }
    out = out.child(el("p").class("lesson-task").text(&t(task_words)));
    if !pieces.is_empty() {
        let picked = st.piece.as_deref();
        let group = pieces.iter().map(|(key, label)| {
            button(label, &format!("piece:{key}")).pressed(picked == Some(key.as_str()))
        });
        let n = targets(st, run).len();
        let say = match (picked, n) {
            (None, _) => t("lesson-pick-piece"),
            (Some(_), 0) => t("lesson-nowhere"),
            (Some(_), 1) => t("lesson-targets-one"),
            (Some(_), n) => tf("lesson-targets-many", &[("n", &n.to_string())]),
        };
        out = out
            .child(
                el("div")
                    .attr("id", "lesson-pieces")
                    .class("lesson-actions")
                    .attr("role", "group")
                    .attr("aria-label", &t("lesson-pieces"))
                    .children(group),
            )
            .child(el("p").attr("id", "lesson-targets").text(&say));
    }
    out = out.maybe((!buttons.is_empty()).then(|| {
        let n = buttons.len();
        let group = el("div")
            .class("lesson-actions")
            .attr("role", "group")
            .attr("aria-label", &t("lesson-actions"))
            .children(buttons);
        // Many moves besides the board's (a Catan turn's trades): folded
        // away, so the board's move is not buried.
        if on_board && n > 12 {
            el("details")
                .child(el("summary").text(&tf("lesson-more-moves", &[("n", &n.to_string())])))
                .child(group)
        } else {
            group
        }
    }));
    if !st.choices.is_empty() {
        let options: Vec<El> = st
            .choices
            .iter()
            .enumerate()
            .map(|(i, a)| button(&st.board.action_words(g, seat, a), &format!("choose:{i}")))
            .collect();
        out = out.child(
            el("div")
                .attr("id", "lesson-choices")
                .attr("tabindex", "-1")
                .attr("role", "group")
                .attr("aria-label", &t("lesson-choices"))
                .class("lesson-actions")
                .children(options),
        );
    }
    out
}

/// Show the lesson writer (the lesson kept from the last visit, or a new
/// one).
fn open_writer<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    show_screen(s);
    fetch_list(s);
    {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        st.run = None;
        st.error = None;
        if st.desk.is_none() {
            st.desk = Some(crate::lesson_writer::open_desk(&st.board));
        }
    }
    render(s);
    focus("author-title");
}

/// A command of the lesson writer.
fn writer_command<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, cmd: &str) {
    let (name, arg) = cmd.split_once(':').unwrap_or((cmd, ""));
    if name == "author-to-lessons" {
        s.borrow_mut().desk = None;
        set_hash("#lessons");
        render(s);
        focus("lessons-h");
        return;
    }
    let told = {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let Some(desk) = st.desk.as_mut() else {
            return;
        };
        let before = desk.writing.message.clone();
        crate::lesson_writer::desk_command(&st.board, desk, name, arg);
        crate::lesson_writer::keep(&desk.writing);
        desk.writing.message.is_some() && desk.writing.message != before
    };
    render(s);
    if told {
        focus("author-message");
    } else if s
        .borrow()
        .desk
        .as_ref()
        .is_some_and(|d| !d.choices.is_empty())
    {
        focus("author-choices");
    } else {
        focus_command(cmd);
    }
}

/// Put the focus back on the button of `cmd` once the screen is drawn
/// again (else on the board).
fn focus_command(cmd: &str) {
    let found = document()
        .query_selector(&format!("[data-lcmd=\"{cmd}\"]"))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match found {
        Some(b) => {
            b.focus().ok();
        }
        None => focus("author-board"),
    }
}

/// The writer's position set to the shipped lesson at `index` (of those
/// read) in the list.
fn writer_from_lesson<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, index: &str) {
    {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let position = index.parse::<usize>().ok().and_then(|i| {
            st.shipped
                .iter()
                .filter_map(|(_, l)| l.as_ref()?.as_ref().ok())
                .nth(i)
                .map(|l| l.position.clone())
        });
        let (Some(desk), Some(p)) = (st.desk.as_mut(), position) else {
            return;
        };
        desk.writing.position = p;
        desk.writing.message = None;
        crate::lesson_writer::keep(&desk.writing);
    }
    render(s);
    focus("author-from-lesson");
}

/// A tap or click on the writer's board.
fn writer_pick_at<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, x: f64, y: f64) {
    let choices = {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let Some(desk) = st.desk.as_mut() else {
            return;
        };
        if let Some(place) = crate::lesson_writer::place_at(&st.board, desk, x, y) {
            crate::lesson_writer::pick(&st.board, desk, &place);
        }
        crate::lesson_writer::keep(&desk.writing);
        !desk.choices.is_empty()
    };
    render(s);
    focus(if choices {
        "author-choices"
    } else {
        "author-board"
    });
}

/// A key on the writer's board; whether it was the board's.
fn writer_key<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>, key: &str) -> bool {
    let picked = {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        let Some(desk) = st.desk.as_mut() else {
            return false;
        };
        let Some(picked) = crate::lesson_writer::board_key(&st.board, desk, key) else {
            return false;
        };
        if let Some(place) = &picked {
            crate::lesson_writer::pick(&st.board, desk, place);
            crate::lesson_writer::keep(&desk.writing);
        }
        picked.is_some()
    };
    if picked {
        writer_pick_done(s);
    } else {
        let mut st = s.borrow_mut();
        let st = &mut *st;
        if let Some(desk) = st.desk.as_mut() {
            crate::lesson_writer::draw(&st.board, desk);
        }
    }
    true
}

fn writer_pick_done<G: Teach + 'static, B: LessonBoard<G>>(s: &Shared<G, B>) {
    let choices = s
        .borrow()
        .desk
        .as_ref()
        .is_some_and(|d| !d.choices.is_empty());
    render(s);
    focus(if choices {
        "author-choices"
    } else {
        "author-board"
    });
}
