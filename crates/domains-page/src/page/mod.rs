//! The module's part in the window: the page's state, what every button,
//! key and click does, and drawing it.

mod draw;
mod game;
mod kept;
pub mod lessons;
mod online_game;
mod person;
mod view;

use std::cell::RefCell;
use std::collections::VecDeque;

use tabula_engine::GameRecord;
use tabula_page_kit::clicks::Click;
use tabula_page_kit::dom::{by_id, document};
use tabula_page_kit::replay_viewer::{self, Timeline};
use tabula_page_kit::transport::{self, Move, Playback};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent, MouseEvent};

use crate::bot_library::KIND;
use crate::frames::Film;
use tabula_page_kit::bots;

use game::Running;
use person::PersonTurn;

/// Where the game shown came from.
pub enum Source {
    /// Nothing yet.
    None,
    /// Played here (while it runs, and after).
    Played,
    /// Opened from a Tabula record or link.
    Record,
    /// Opened from a file of the original program.
    Original,
}

/// A note under the board.
pub struct Note {
    /// What it says.
    pub text: String,
    /// Whether it is a problem.
    pub bad: bool,
    /// What it is about, when a newer note of the same replaces it.
    pub about: Option<String>,
}

/// Everything the page holds.
pub struct Page {
    /// The frames of the game shown.
    pub film: Option<Film>,
    /// The frame shown.
    pub pos: usize,
    /// Whether the view follows the newest frame of a running game.
    pub follow: bool,
    /// Playing the rounds, at a speed in rounds per second.
    pub playback: Playback,
    /// The record, once the game is over or opened.
    pub record: Option<GameRecord>,
    /// Where the game came from.
    pub source: Source,
    /// The game running in the worker.
    pub running: Option<Running>,
    /// A game being stopped: its worker is to send the record so far.
    pub stopping: Option<Running>,
    /// A person's orders being given.
    pub person: Option<PersonTurn>,
    /// Other people's turns this round, waiting for the one on screen.
    pub people: VecDeque<PersonTurn>,
    /// Whether keeping the game in the browser failed (said once).
    pub keep_failed: bool,
    /// Whether the game's next save claims the kept place (the game was
    /// just started or resumed here).
    pub keep_claim: bool,
    /// Whether another tab took the kept place (said once).
    pub keep_lost: bool,
    /// The square under the pointer, described under the board.
    pub hover: Option<usize>,
    /// The notes, oldest first.
    pub notes: Vec<Note>,
}

thread_local! {
    static PAGE: RefCell<Page> = const { RefCell::new(Page {
        film: None,
        pos: 0,
        follow: true,
        playback: Playback::new(5.0),
        record: None,
        source: Source::None,
        running: None,
        stopping: None,
        person: None,
        people: VecDeque::new(),
        keep_failed: false,
        keep_claim: false,
        keep_lost: false,
        hover: None,
        notes: Vec::new(),
    }) };
}

/// Run `f` on the page, then redraw it.
pub fn with_page<R>(f: impl FnOnce(&mut Page) -> R) -> R {
    let r = PAGE.with(|p| f(&mut p.borrow_mut()));
    PAGE.with(|p| view::render(&p.borrow()));
    r
}

/// Redraw the page from its state.
pub fn render_now() {
    PAGE.with(|p| view::render(&p.borrow()));
}

/// Run `f` on the page without redrawing.
pub fn peek<R>(f: impl FnOnce(&mut Page) -> R) -> R {
    PAGE.with(|p| f(&mut p.borrow_mut()))
}

impl Page {
    /// Whether a person plays the game running on this page (their finger
    /// taps its squares: on a touch screen they are drawn at least 24 px
    /// and the board pans in its box; a game of bots alone is shown whole).
    pub fn tapped(&self) -> bool {
        self.running.as_ref().is_some_and(|r| {
            r.seats
                .iter()
                .any(|s| s.kind == crate::runner::SeatKind::Person)
        })
    }

    /// Drop every person's turn (the game stopped or another began).
    pub fn clear_people(&mut self) {
        self.person = None;
        self.people.clear();
    }

    /// Add a note.
    pub fn note(&mut self, text: impl Into<String>, bad: bool) {
        self.notes.push(Note {
            text: text.into(),
            bad,
            about: None,
        });
        if self.notes.len() > 200 {
            self.notes.remove(0);
        }
    }

    /// Add a note about `about`, replacing the last one about it.
    pub fn note_about(&mut self, about: &str, text: String, bad: bool) {
        self.notes.retain(|n| n.about.as_deref() != Some(about));
        self.note(text, bad);
        if let Some(n) = self.notes.last_mut() {
            n.about = Some(about.to_string());
        }
    }

    /// The number of frames.
    pub fn frames(&self) -> usize {
        self.film.as_ref().map_or(0, |f| f.frames.len())
    }

    /// Show frame `pos` (clamped); showing an earlier frame stops
    /// following a running game.
    pub fn show(&mut self, pos: usize) {
        let last = self.frames().saturating_sub(1);
        self.pos = pos.min(last);
        self.follow = self.pos == last;
    }
}

use tabula_page_kit::dom::listen;

fn input_value(id: &str) -> String {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The addresses of the screens in the page's whole module only (page
/// kit, `on_demand`): the lessons, online play and the bot editor.
pub const ROUTES: &[&str] = &["#lessons", "#lesson=", "#online", "#bots"];

/// Whether this module holds the lessons, online play and the bot editor
/// (the page's whole module; page kit, `on_demand`).
const ON_DEMAND: bool = tabula_page_kit::on_demand::HERE;

/// Build the page: read the saved bots, wire the events, open a linked
/// game or the new-game dialog.
pub fn install() {
    // Where the focus goes when what had it is gone (docs/accessibility.md).
    tabula_page_kit::focus::keep(&["#person #ready", "#person strong", "#title"]);
    // A keyboard user is told the keys, not to click.
    tabula_page_kit::touch::watch();
    let problem = bots::editor::install(&KIND, || with_page(|_| {}));
    if let Some(problem) = problem {
        peek(|p| p.note(problem, true));
    }
    if ON_DEMAND && let Some(section) = by_id("bots") {
        tabula_page_kit::dom::replace_children(&section, bots::editor::dialog_body("close"));
    }
    tabula_page_kit::on_demand::install(ROUTES);
    let doc = document();
    let board = ON_DEMAND.then_some(online_game::BOARD_ID);
    tabula_page_kit::clicks::listen(board, |click| match click {
        // Only the whole module has an online board (the play module drops it).
        Click::Board { x, y } if ON_DEMAND => online_game::board_click(x, y),
        Click::Board { .. } => {}
        Click::Command(c) => command(c.name(), &c.arg()),
    });
    listen::<KeyboardEvent>(&doc, "keydown", key);
    if let Some(canvas) = by_id("board") {
        listen::<web_sys::PointerEvent>(&canvas, "pointerdown", |e| {
            tabula_page_kit::touch::note(&e.pointer_type());
        });
        listen::<MouseEvent>(&canvas, "click", |e| {
            person::click(e.offset_x() as f64, e.offset_y() as f64, e.shift_key());
        });
        listen::<MouseEvent>(&canvas, "mousemove", |e| {
            view::hover(Some((e.offset_x() as f64, e.offset_y() as f64)));
        });
        listen::<MouseEvent>(&canvas, "mouseleave", |_| view::hover(None));
    }
    if let Some(scrub) = by_id("scrub") {
        listen::<web_sys::Event>(&scrub, "input", |_| {
            let v: usize = input_value("scrub").parse().unwrap_or(0);
            with_page(|p| {
                p.playback.stop();
                p.show(v);
            });
        });
    }
    view::fill_words();
    game::render_rule_options();
    if let Some(players) = by_id("players") {
        listen::<web_sys::Event>(&players, "change", |_| game::render_seats());
    }
    // A saved game or a file of the original program: chosen in the open
    // dialog, or dropped anywhere on the page.
    tabula_page_kit::records::on_chosen("open-file", game::open_file);
    tabula_page_kit::records::on_drop(game::open_file);
    window_resize();
    document()
        .body()
        .map(|b| b.set_attribute("data-state", "ready"));
    let fragment = tabula_page_kit::dom::fragment();
    if fragment.contains("game=") {
        tabula_page_kit::dom::consume_fragment();
        game::open_text(&fragment, &game::Opening::Link);
    } else if fragment == "#bots" {
        // The home page's way in to writing bots: the kept game behind
        // the bot editor.
        tabula_page_kit::dom::consume_fragment();
        game::resume_kept();
        // Escape leads back to the header's button, as when it was
        // pressed here (the play module loads this one for it).
        if let Some(b) = document()
            .query_selector("header [data-cmd=\"bots\"]")
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            b.focus().ok();
        }
        command("bots", "");
    } else if !game::resume_kept() {
        command("new", "");
    }
    if ON_DEMAND {
        tabula_page_kit::online::install(online_game::DomainsOnline);
        if tabula_page_kit::on_demand::arrived("#online") {
            command("online", "");
        }
    }
    with_page(|_| {});
}

fn window_resize() {
    if let Some(w) = web_sys::window() {
        listen::<web_sys::Event>(&w, "resize", |_| with_page(|_| {}));
    }
}

fn show_dialog(id: Option<&str>) {
    let overlay = by_id("overlay");
    for d in ["setup", "open", "bots"] {
        if let Some(e) = by_id(d) {
            if Some(d) == id {
                e.remove_attribute("hidden").ok();
            } else {
                e.set_attribute("hidden", "").ok();
            }
        }
    }
    if let Some(o) = overlay {
        if id.is_some() {
            o.remove_attribute("hidden").ok();
        } else {
            o.set_attribute("hidden", "").ok();
        }
    }
    // Modal: the page behind is inert, focus moves in and comes back.
    tabula_page_kit::modal::sync(id.and_then(by_id).as_ref());
}

fn dialog_open() -> bool {
    by_id("overlay").is_some_and(|o| !o.has_attribute("hidden"))
}

fn focus(id: &str) {
    if let Some(e) = by_id(id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        e.focus().ok();
    }
}

/// The move of the teacher's note at the frame shown: the actions played
/// when its round was reached (the record's rounds found once a record).
fn note_at(p: &Page) -> Option<usize> {
    let record = p.record.as_ref()?;
    let key = (record.seed, record.actions.len(), record.final_hash);
    ROUND_ENDS.with(|c| {
        let mut c = c.borrow_mut();
        if c.as_ref().is_none_or(|(k, _)| *k != key) {
            *c = Some((key, crate::frames::round_ends(record).unwrap_or_default()));
        }
        c.as_ref().and_then(|(_, ends)| ends.get(p.pos).copied())
    })
}

/// A record's key and the actions played at each of its rounds.
type RoundEnds = ((u64, usize, tabula_engine::StateHash), Vec<usize>);

thread_local! {
    static ROUND_ENDS: RefCell<Option<RoundEnds>> = const { RefCell::new(None) };
}

/// Run a command (a button's `data-cmd`).
pub fn command(cmd: &str, arg: &str) {
    if cmd.starts_with("note-") {
        with_page(|p| {
            if let Some(at) = note_at(p)
                && let Some(record) = p.record.as_mut()
            {
                tabula_page_kit::teacher_notes::command(cmd, record, at);
            }
        });
        return;
    }
    match cmd {
        "online" if ON_DEMAND => {
            show_dialog(None);
            tabula_page_kit::online::open();
        }
        "online" => tabula_page_kit::on_demand::switch("#online"),
        "bots" if !ON_DEMAND => tabula_page_kit::on_demand::switch("#bots"),
        "new" => {
            game::render_seats();
            show_dialog(Some("setup"));
            focus("players");
        }
        "rules-standard" => game::standard_rule_options(),
        "open" => {
            show_dialog(Some("open"));
            focus("open-file");
        }
        "bots" => {
            bots::editor::render();
            show_dialog(Some("bots"));
            focus("bot-code");
        }
        "close" => show_dialog(None),
        "start" => match peek(game::in_progress) {
            // A game still being played is replaced only once the person
            // agrees; the dialog stays as it is meanwhile.
            Some(what) => tabula_page_kit::modal::before_replacing(
                &what,
                &crate::words::t("replace-game-start"),
                || command("start-now", ""),
            ),
            None => command("start-now", ""),
        },
        "start-now" if game::start_from_dialog() => show_dialog(None),
        "stop" => game::stop(),
        "open-pasted" => {
            let text = by_id("open-text")
                .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                .map(|t| t.value())
                .unwrap_or_default();
            game::open_text(&text, &game::Opening::Pasted);
        }
        "replay-speed" => {
            if let Some(speed) = replay_viewer::speed_of(arg, &view::SPEEDS) {
                with_page(|p| p.playback.speed = speed);
            }
        }
        "film" => {
            if let Some(m) = Move::of_name(arg) {
                // "Watch the replay" at the end: the end frame goes away
                // as the film plays, and the focus goes to its Pause.
                let from_end = tabula_page_kit::dom::document()
                    .active_element()
                    .is_some_and(|a| a.closest("#end-slot").ok().flatten().is_some());
                take(m);
                if from_end {
                    tabula_page_kit::dom::after(0.0, || focus("replay-play"));
                }
            }
        }
        "save" => game::save(),
        "link" => game::copy_link(),
        "export" => game::export_original(),
        "person-end" => person::end(),
        "person-ready" => person::ready(),
        "person-clear" => person::clear(),
        "person-ability" => person::ability(),
        "person-attack" => person::toggle_attack(),
        "bot-new" | "bot-save" | "bot-export" | "bot-delete" | "bot-pick" if ON_DEMAND => {
            bots::editor::command(cmd, arg);
        }
        _ => {}
    }
}

/// Play the film from where it stands at the chosen speed (a new game
/// opens on its first round and plays at a pace a person can follow; End
/// skips to the newest round).
pub fn start_playing() {
    let token = with_page(|p| {
        p.follow = false;
        p.playback.start()
    });
    play(token, 0.0);
}

/// Take a move along the rounds (the kit's, over the page's
/// [`Timeline`]); play starts from the first round when the film is at
/// its end.
fn take(step: Move) {
    let start = with_page(|p| {
        let mut playback = p.playback;
        let timer = replay_viewer::take(p, &mut playback, step);
        p.playback = playback;
        timer
    });
    if let Some((token, _)) = start {
        play(token, 0.0);
    }
}

fn play(token: u32, first_ms: f64) {
    transport::run(token, first_ms, |token| {
        with_page(|p| {
            let mut playback = p.playback;
            let next = replay_viewer::tick(p, &mut playback, token);
            p.playback = playback;
            next
        })
    });
}

/// The film's rounds as a timeline: a bigger step is ten rounds, and a
/// running game's film grows.
impl Timeline for Page {
    fn at(&self) -> usize {
        self.pos
    }
    fn last(&self) -> usize {
        self.frames().saturating_sub(1)
    }
    fn go(&mut self, pos: usize) {
        self.show(pos);
    }
    fn more(&self, forward: bool) -> usize {
        if forward {
            self.pos + 10
        } else {
            self.pos.saturating_sub(10)
        }
    }
    fn growing(&self) -> bool {
        self.running.is_some()
    }
}

fn key(e: KeyboardEvent) {
    if tabula_page_kit::online::active() {
        return;
    }
    if dialog_open() {
        if e.key() == "Escape" {
            show_dialog(None);
        }
        return;
    }
    if transport::key_is_for_a_field(&e) || transport::key_presses_a_control(&e) {
        return;
    }
    // A person's orders by keyboard: the arrows move the board's square,
    // Space acts there (Shift+Space attacks), U picks the next unit.
    if person::key(&e.key(), e.shift_key()) {
        let moved = e.key().starts_with("Arrow");
        peek(|p| view::say_person(p, moved));
        e.prevent_default();
        return;
    }
    if let Some(step) = Move::of_key(&e.key(), e.shift_key()) {
        take(step);
        if step != Move::PlayPause {
            peek(|p| view::say_round(p));
        }
        e.prevent_default();
        return;
    }
    let handled = match e.key().as_str() {
        "n" | "N" => {
            command("new", "");
            true
        }
        "Enter" if e.repeat() => true,
        "Enter" if peek(|p| p.person.is_some()) => {
            if peek(|p| p.person.as_ref().is_some_and(|t| t.handing_over)) {
                person::ready();
            } else {
                person::end();
            }
            true
        }
        "a" | "A" if peek(|p| p.person.is_some()) => {
            person::ability();
            peek(|p| view::say_person(p, false));
            true
        }
        "Escape" if peek(|p| p.person.is_some()) => {
            person::deselect();
            true
        }
        _ => false,
    };
    if handled {
        e.prevent_default();
    }
}
