//! Games on the page: starting one in the game worker (and the workers of
//! bots written in the page), what the workers report, and opening,
//! saving, sharing and exporting games.

use serde_json::{Value, json};
use tabula_domains::original::{parse_original, record_to_new_format};
use tabula_domains::{Domains, Options};
use tabula_engine::GameRecord;
use tabula_engine::limits::{MAX_RECORD_BYTES, MAX_SEED};
use tabula_engine::link::{record_fragment, record_text_from_fragment};
use tabula_engine::record::parse_record;
use tabula_page_kit::dom::{
    by_id, colour_dot, copy_text, download, el, page_url, read_file, replace_children,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    HtmlInputElement, HtmlSelectElement, MessageEvent, Worker, WorkerOptions, WorkerType,
};

use super::person::PersonTurn;
use super::sandbox::{Heard, Sandbox};
use super::{Page, Source, peek, with_page};
use crate::frames::Film;
use crate::look::COLOURS;
use crate::rule_options;
use crate::runner::{Report, SeatKind, SeatSpec};

/// The game worker's script (trunk's loader for this same module).
const WORKER_URL: &str = "./tabula-domains-page_loader.js";
/// Extra time a bot's worker gets before it is stopped, beyond its limit
/// (messages take time to travel; the limit itself is measured inside
/// the bot's worker).
const GRACE_MS: f64 = 250.0;
/// Extra time for a bot's worker that has just been started (it loads its
/// code first).
const START_MS: f64 = 1000.0;

/// A game being played in the worker.
pub struct Running {
    id: u32,
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
    start: String,
    /// The seats.
    pub seats: Vec<SeatSpec>,
    codes: Vec<Option<String>>,
    /// The code each seat written in the page started with (kept with the
    /// game, even for a bot skipped since).
    kept_codes: Vec<Option<String>>,
    sandboxes: Vec<Option<Sandbox>>,
    waiting: Vec<Option<u32>>,
    late: Vec<u32>,
    /// Milliseconds a bot written in the page has each round.
    pub limit: f64,
    /// Rounds in the game.
    pub rounds: u32,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

impl Running {
    fn post(&self, request: &Value) {
        self.worker
            .post_message(&JsValue::from_str(&request.to_string()))
            .ok();
    }

    /// Send a person's orders (JSON in the bots' form).
    pub fn answer(&self, seat: u8, round: u32, orders: Option<Value>) {
        self.post(&json!({"answer": {"seat": seat, "round": round, "orders": orders}}));
    }

    fn skip(&self, seat: u8, round: u32, why: &str) {
        self.post(&json!({"skip": {"seat": seat, "round": round, "why": why}}));
    }

    /// The code each seat written in the page started with.
    pub fn kept_codes(&self) -> &[Option<String>] {
        &self.kept_codes
    }

    fn name(&self, seat: u8) -> String {
        let name = self
            .seats
            .get(seat as usize)
            .map_or(String::new(), |s| s.name.clone());
        format!("Seat {} ({name})", seat + 1)
    }
}

static NEXT_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

fn select_value(id: &str) -> String {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

fn input(id: &str) -> Option<HtmlInputElement> {
    by_id(id).and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
}

/// Fill "More rules" with an input per option, at its standard value.
pub fn render_rule_options() {
    let Some(box_) = by_id("rule-options") else {
        return;
    };
    let standard = rule_options::standard_values();
    let mut grid = el("div");
    for ((key, label), (_, value)) in rule_options::FIELDS.iter().zip(&standard) {
        grid = grid.child(
            el("label").text(label).child(el("code").text(key)).child(
                el("input")
                    .attr("id", &format!("opt-{key}"))
                    .attr("type", "number")
                    .attr("min", "0")
                    .attr("step", "1")
                    .attr("value", value),
            ),
        );
    }
    replace_children(&box_, grid);
}

/// Put every "More rules" input back to its standard value.
pub fn standard_rule_options() {
    for (key, value) in rule_options::standard_values() {
        if let Some(i) = input(&format!("opt-{key}")) {
            i.set_value(&value);
            i.set_attribute("aria-invalid", "false").ok();
        }
    }
}

/// The built-in players a seat can be.
const BUILT_IN: [(&str, &str); 5] = [
    ("bot:painter", "painter (Tabula's strongest)"),
    ("bot:dummy", "dummy (the original's scripted bot)"),
    ("bot:demo", "demo (random steps)"),
    ("bot:random", "random (any legal order)"),
    ("person", "a person (you, clicking)"),
];

/// Draw the seat choices of the new-game dialog, keeping choices made.
pub fn render_seats() {
    let Some(box_) = by_id("seats") else { return };
    let players: usize = select_value("players").parse().unwrap_or(4);
    let defaults = ["bot:painter", "bot:dummy", "bot:demo", "bot:demo"];
    let bots = peek(|p| p.bots.clone());
    let list = el("div");
    for i in 0..players.clamp(2, 4) {
        let old = select_value(&format!("seat-{i}"));
        let chosen = if old.is_empty() {
            defaults[i].to_string()
        } else {
            old
        };
        let mut select = el("select").attr("id", &format!("seat-{i}"));
        for (value, label) in BUILT_IN {
            let mut o = el("option").attr("value", value).text(label);
            if value == chosen {
                o = o.attr("selected", "");
            }
            select = select.child(o);
        }
        for (k, b) in bots.iter().enumerate() {
            let value = format!("saved:{k}");
            let mut o = el("option")
                .attr("value", &value)
                .text(&format!("your bot: {}", b.name));
            if value == chosen {
                o = o.attr("selected", "");
            }
            select = select.child(o);
        }
        list.0
            .append_child(
                &el("label")
                    .class("seat-row")
                    .child(colour_dot(COLOURS[i]))
                    .text(&format!("Seat {} ", i + 1))
                    .child(select)
                    .0,
            )
            .ok();
    }
    replace_children(&box_, list);
    if let Some(seed) = input("seed")
        && seed.value().is_empty()
    {
        seed.set_value(&((js_sys::Math::random() * 1e6) as u64).to_string());
    }
}

fn setup_message(text: &str) {
    if let Some(m) = by_id("setup-msg") {
        m.set_text_content(Some(text));
    }
}

/// Start the game set in the dialog; `false` (and why, in the dialog) if
/// it cannot start.
pub fn start_from_dialog() -> bool {
    let players: usize = select_value("players").parse().unwrap_or(4).clamp(2, 4);
    let bots = peek(|p| p.bots.clone());
    let mut seats = Vec::new();
    let mut codes = Vec::new();
    for i in 0..players {
        let v = select_value(&format!("seat-{i}"));
        let (spec, code) = if let Some(spec) = v.strip_prefix("bot:") {
            (
                SeatSpec {
                    name: spec.to_string(),
                    kind: SeatKind::Bot(spec.to_string()),
                },
                None,
            )
        } else if v == "person" {
            (
                SeatSpec {
                    name: "You".into(),
                    kind: SeatKind::Person,
                },
                None,
            )
        } else if let Some(b) = v
            .strip_prefix("saved:")
            .and_then(|k| k.parse::<usize>().ok())
            .and_then(|k| bots.get(k))
        {
            (
                SeatSpec {
                    name: b.name.clone(),
                    kind: SeatKind::Script,
                },
                Some(b.code.clone()),
            )
        } else {
            setup_message(&format!("Seat {}: choose who plays it.", i + 1));
            return false;
        };
        seats.push(spec);
        codes.push(code);
    }
    let people = seats.iter().filter(|s| s.kind == SeatKind::Person).count();
    if people > 1 {
        let mut k = 0;
        for s in seats.iter_mut().filter(|s| s.kind == SeatKind::Person) {
            k += 1;
            s.name = format!("Person {k}");
        }
    }
    crate::runner::number_same_names(&mut seats);
    let (size, rounds) = select_value("board-size")
        .split_once(':')
        .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u32>().ok()?)))
        .unwrap_or((50, 500));
    let values: Vec<(&str, String)> = rule_options::FIELDS
        .iter()
        .map(|(key, _)| {
            (
                *key,
                input(&format!("opt-{key}"))
                    .map(|i| i.value())
                    .unwrap_or_default(),
            )
        })
        .collect();
    let result = rule_options::read_options(size, rounds, &values);
    let named: Vec<&str> = match &result {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .iter()
            .flat_map(|p| rule_options::keys_named(p))
            .collect(),
    };
    for (key, _) in rule_options::FIELDS {
        if let Some(i) = input(&format!("opt-{key}")) {
            i.set_attribute(
                "aria-invalid",
                if named.contains(key) { "true" } else { "false" },
            )
            .ok();
        }
    }
    let options = match result {
        Ok(o) => o,
        Err(problems) => {
            if let Some(d) = by_id("more-rules") {
                d.set_attribute("open", "").ok();
            }
            setup_message(&format!("More rules:\n{}", problems.join("\n")));
            return false;
        }
    };
    let seed_text = input("seed").map(|i| i.value()).unwrap_or_default();
    let seed = match seed_text.trim().parse::<u64>() {
        Ok(s) if s <= MAX_SEED => s,
        _ => {
            setup_message(&format!(
                "The seed must be a whole number from 0 to {MAX_SEED}."
            ));
            return false;
        }
    };
    let limit = input("limit")
        .and_then(|i| i.value().parse::<f64>().ok())
        .filter(|l| (5.0..=5000.0).contains(l));
    let Some(limit) = limit else {
        setup_message("The time per round must be from 5 to 5000 ms.");
        return false;
    };
    setup_message("");
    super::kept::forget();
    start(options, seats, codes, seed, limit, None);
    true
}

/// Resume a game kept in the browser: the worker plays its orders again
/// and asks for the answers not given yet.
pub fn start_resumed(res: crate::autosave::Resumable) {
    let seed = res.record.seed;
    start(
        res.options,
        res.seats,
        res.codes,
        seed,
        res.limit,
        Some((res.record_text, res.skips)),
    );
}

/// Start a game in a new worker (stopping any other).
pub fn start(
    options: Options,
    seats: Vec<SeatSpec>,
    codes: Vec<Option<String>>,
    seed: u64,
    limit: f64,
    resume: Option<(String, Vec<(u8, usize)>)>,
) {
    let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let worker_options = WorkerOptions::new();
    worker_options.set_type(WorkerType::Module);
    let worker = match Worker::new_with_options(WORKER_URL, &worker_options) {
        Ok(w) => w,
        Err(e) => {
            with_page(|p| p.note(format!("The game's worker cannot start: {e:?}"), true));
            return;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        on_report(id, &text);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
        e.prevent_default();
        let why = e.message();
        with_page(|p| {
            if p.running.as_ref().is_some_and(|r| r.id == id) {
                super::kept::set_aside_current();
                retire_game(p.running.take());
                p.clear_people();
                p.note(
                    format!("The game's worker stopped ({why}); the rounds played so far can still be watched."),
                    true,
                );
            }
        });
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let n = seats.len();
    let resuming = resume.is_some();
    let start = match &resume {
        Some((record, skips)) => json!({"resume": {"record": record, "skips": skips}}),
        None => json!({"start": {"options": options, "seats": seats, "seed": seed}}),
    }
    .to_string();
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    with_page(|p| {
        p.running = Some(Running {
            id,
            worker,
            _on_message: on_message,
            _on_error: on_error,
            start,
            seats,
            kept_codes: codes.clone(),
            codes,
            sandboxes: (0..n).map(|_| None).collect(),
            waiting: vec![None; n],
            late: vec![0; n],
            limit,
            rounds: options.rounds,
        });
        p.film = Some(Film::new(
            options.rows as usize,
            options.cols as usize,
            options.rounds,
            names,
        ));
        p.pos = 0;
        p.follow = true;
        p.record = None;
        p.source = Source::Played;
        p.clear_people();
        p.notes.clear();
        retire_game(p.stopping.take());
        p.keep_claim = true;
        p.keep_lost = false;
        p.keep_failed = false;
        if !resuming {
            p.note(
                format!(
                    "A new game, seed {seed}: it plays from round 1; End skips to the newest round."
                ),
                false,
            );
        }
        p.playing = false;
    });
    if !resuming {
        super::start_playing();
    }
}

/// How long a stopped game's worker has to send the rounds played.
const STOP_WAIT_MS: f64 = 3000.0;

/// Stop the game: its worker sends the record so far, which can then be
/// watched, saved, shared and exported like a finished game.
pub fn stop() {
    with_page(|p| {
        let Some(mut r) = p.running.take() else {
            return;
        };
        super::kept::forget();
        p.clear_people();
        for sb in r.sandboxes.iter_mut() {
            retire(sb.take());
        }
        r.post(&json!({"stop": {}}));
        let id = r.id;
        retire_game(p.stopping.take());
        p.stopping = Some(r);
        p.note("The game was stopped.", false);
        tabula_page_kit::dom::after(STOP_WAIT_MS, move || {
            with_page(|p| {
                if p.stopping.as_ref().is_some_and(|r| r.id == id) {
                    retire_game(p.stopping.take());
                    p.note(
                        "The game's worker did not send the rounds played: they can be watched, not saved.",
                        true,
                    );
                }
            })
        });
    });
}

/// A report from a game being stopped: the last frames, then its record.
fn stopping_report(p: &mut Page, text: &str) {
    match serde_json::from_str::<Report>(text) {
        Ok(Report::Frame(f)) => {
            if let Some(film) = p.film.as_mut() {
                film.push(f);
            }
        }
        Ok(Report::Stopped { record }) => {
            retire_game(p.stopping.take());
            match parse_record(&record) {
                Ok(r) => {
                    p.record = Some(r);
                    let rounds = p.frames().saturating_sub(1);
                    p.note(
                        format!("The {rounds} round(s) played can be watched, saved, shared and exported."),
                        false,
                    );
                }
                Err(e) => p.note(
                    format!("The stopped game's record does not read: {e}"),
                    true,
                ),
            }
        }
        _ => {}
    }
}

fn on_report(id: u32, text: &str) {
    with_page(|p| {
        if p.stopping.as_ref().is_some_and(|r| r.id == id) {
            stopping_report(p, text);
            return;
        }
        if p.running.as_ref().is_none_or(|r| r.id != id) {
            return;
        }
        if text == "\"ready\"" {
            if let Some(r) = p.running.as_ref() {
                r.worker.post_message(&JsValue::from_str(&r.start)).ok();
            }
            return;
        }
        match serde_json::from_str::<Report>(text) {
            Ok(report) => take_report(p, report),
            Err(e) => p.note(
                format!("The game's worker said something unreadable: {e}"),
                true,
            ),
        }
    });
}

fn take_report(p: &mut Page, report: Report) {
    match report {
        Report::Frame(f) => {
            if let Some(film) = p.film.as_mut() {
                film.push(f);
            }
            if p.follow && p.person.is_none() {
                p.pos = p.frames().saturating_sub(1);
            }
        }
        Report::Need { seat, round, view } => need(p, seat, round, view),
        Report::Note { seat, text } => {
            let name = p.running.as_ref().map_or(String::new(), |r| r.name(seat));
            let bad = text.contains("no more orders");
            p.note(format!("{name}: {text}"), bad);
        }
        Report::Saved { game, skips } => super::kept::store(p, &game, &skips),
        Report::Stopped { .. } => {}
        Report::Done { record } => {
            super::kept::forget();
            retire_game(p.running.take());
            p.clear_people();
            match parse_record(&record) {
                Ok(r) => p.record = Some(r),
                Err(e) => p.note(
                    format!("The finished game's record does not read: {e}"),
                    true,
                ),
            }
            let summary = p.film.as_ref().and_then(|f| {
                let last = f.frames.last()?;
                let best = last.points.iter().copied().max()?;
                let winners: Vec<String> = last
                    .points
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| **s == best)
                    .map(|(i, _)| f.names.get(i).cloned().unwrap_or_default())
                    .collect();
                Some(format!(
                    "Game over after {} rounds: {} with {best} points.",
                    last.round,
                    winners.join(" and ")
                ))
            });
            p.note(summary.unwrap_or_else(|| "Game over.".into()), false);
        }
        Report::Failed { error } => {
            super::kept::set_aside_current();
            retire_game(p.running.take());
            p.clear_people();
            p.note(format!("The game stopped: {error}"), true);
        }
    }
}

fn need(p: &mut Page, seat: u8, round: u32, view: Value) {
    let Some(r) = p.running.as_mut() else { return };
    let s = seat as usize;
    match r.seats.get(s).map(|x| x.kind.clone()) {
        Some(SeatKind::Person) => {
            let people = r
                .seats
                .iter()
                .filter(|s| s.kind == SeatKind::Person)
                .count();
            let turn = PersonTurn::new(seat, round, view, &r.seats[s].name, people > 1);
            if p.person.is_some() {
                p.people.push_back(turn);
                return;
            }
            p.person = Some(turn);
            p.playing = false;
            p.pos = p.frames().saturating_sub(1);
            p.follow = true;
        }
        Some(SeatKind::Script) => {
            let fresh = r.sandboxes[s].is_none();
            if fresh {
                let code = r.codes[s].clone().unwrap_or_default();
                let id = r.id;
                match Sandbox::start(&code, move |heard| on_heard(id, seat, heard)) {
                    Ok(sb) => r.sandboxes[s] = Some(sb),
                    Err(e) => {
                        r.skip(seat, round, &format!("its worker cannot start ({e})"));
                        return;
                    }
                }
            }
            r.waiting[s] = Some(round);
            if let Some(sb) = r.sandboxes[s].as_ref() {
                sb.ask(round, &view.to_string());
            }
            let id = r.id;
            let wait = r.limit + GRACE_MS + if fresh { START_MS } else { 0.0 };
            tabula_page_kit::dom::after(wait, move || watchdog(id, seat, round));
        }
        _ => {}
    }
}

fn on_heard(id: u32, seat: u8, heard: Heard) {
    with_page(|p| {
        let Some(r) = p.running.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let s = seat as usize;
        let name = r.name(seat);
        match heard {
            Heard::Answer { round, ms, orders } => {
                if r.waiting[s] != Some(round) {
                    return;
                }
                r.waiting[s] = None;
                if ms > r.limit {
                    let limit = r.limit;
                    r.answer(seat, round, None);
                    p.note(
                        format!(
                            "{name}: round {} took {ms:.0} ms, over the {limit:.0} ms limit; its orders for that round were lost.",
                            round + 1
                        ),
                        false,
                    );
                    return;
                }
                match orders.and_then(|t| {
                    serde_json::from_str::<Value>(&t)
                        .map_err(|e| format!("unreadable orders ({e})"))
                }) {
                    Ok(v) => r.answer(seat, round, Some(v)),
                    Err(why) => {
                        r.skip(seat, round, &why);
                        retire(r.sandboxes[s].take());
                        r.codes[s] = None;
                    }
                }
            }
            Heard::Loaded(_) => {}
            Heard::Threw(msg) => {
                let round = r.waiting[s].take().unwrap_or(0);
                r.skip(seat, round, &format!("it threw {msg}"));
                retire(r.sandboxes[s].take());
                r.codes[s] = None;
            }
        }
    });
}

/// Let go of a finished game's workers once the event being handled (one
/// of its worker's) is over.
fn retire_game(running: Option<Running>) {
    if let Some(r) = running {
        tabula_page_kit::dom::after(0.0, move || drop(r));
    }
}

/// Stop a bot's worker now, and let go of its handlers once the event
/// being handled (possibly one of theirs) is over.
fn retire(sandbox: Option<Sandbox>) {
    if let Some(sb) = sandbox {
        sb.worker.terminate();
        tabula_page_kit::dom::after(0.0, move || drop(sb));
    }
}

fn watchdog(id: u32, seat: u8, round: u32) {
    with_page(|p| {
        let Some(r) = p.running.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let s = seat as usize;
        if r.waiting[s] != Some(round) {
            return;
        }
        r.waiting[s] = None;
        retire(r.sandboxes[s].take());
        r.answer(seat, round, None);
        r.late[s] += 1;
        let (name, limit, late) = (r.name(seat), r.limit, r.late[s]);
        let prefix = format!("{name}: no orders within");
        p.notes.retain(|(t, _)| !t.starts_with(&prefix));
        p.note(
            format!(
                "{prefix} {limit:.0} ms in {late} round(s), the last round {}; they were lost, and its worker was stopped and started afresh.",
                round + 1
            ),
            false,
        );
    });
}

fn open_message(text: &str) {
    if let Some(m) = by_id("open-msg") {
        m.set_text_content(Some(text));
    }
}

/// Open a game from text: a Tabula record, a link (or its `#game=`
/// fragment), or a file of the original program. Nothing changes when it
/// is refused; the dialog says why.
pub fn open_text(text: &str, what: &str) {
    match read_game(text) {
        Ok((film, record, original)) => {
            with_page(|p| {
                p.running = None;
                retire_game(p.stopping.take());
                super::kept::forget();
                p.clear_people();
                p.playing = false;
                p.notes.clear();
                p.note(
                    format!(
                        "Opened {what}: {} players, {} rounds{}.",
                        film.names.len(),
                        film.frames.len().saturating_sub(1),
                        if original.is_some() {
                            ", from the original program (no orders, no energies)"
                        } else {
                            ""
                        }
                    ),
                    false,
                );
                p.film = Some(film);
                p.pos = 0;
                p.follow = false;
                p.record = record;
                p.source = match original {
                    Some(_) => Source::Original,
                    None => Source::Record,
                };
            });
            open_message("");
            if let Some(t) =
                by_id("open-text").and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                t.set_value("");
            }
            super::command("close", "");
            if let Some(b) = by_id("board").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                b.focus().ok();
            }
        }
        Err(e) => {
            open_message(&format!("{what} could not be opened: {e}"));
            super::command("open", "");
        }
    }
}

type Opened = (
    Film,
    Option<GameRecord>,
    Option<tabula_domains::original::OriginalGame>,
);

fn read_game(text: &str) -> Result<Opened, String> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(format!(
            "it is {} bytes; at most {MAX_RECORD_BYTES} are read",
            text.len()
        ));
    }
    let t = text.trim();
    if t.is_empty() {
        return Err("there is nothing to open".into());
    }
    let record_text = if let Some(i) = t.find("game=").filter(|_| !t.starts_with('{')) {
        match record_text_from_fragment::<Domains>(&t[i..]) {
            Some(Ok(json)) => json,
            Some(Err(e)) => return Err(e),
            None => return Err("it is not a link to a game".into()),
        }
    } else if t.starts_with('{') {
        t.to_string()
    } else {
        let game = parse_original(t).map_err(|e| match (e.line, e.col) {
            (Some(l), Some(c)) => format!("line {l}, column {c}: {}", e.message),
            (Some(l), None) => format!("line {l}: {}", e.message),
            _ => e.message,
        })?;
        return Ok((Film::of_original(&game), None, Some(game)));
    };
    let record = parse_record(&record_text).map_err(|e| e.to_string())?;
    let (film, _) = Film::of_record(&record).map_err(|e| e.to_string())?;
    Ok((film, Some(record), None))
}

/// Open the file chosen in the open dialog.
pub fn open_chosen_file() {
    let Some(file) = input("open-file")
        .and_then(|i| i.files())
        .and_then(|f| f.get(0))
    else {
        return;
    };
    let name = format!("“{}”", tabula_page_kit::dom::file_name(&file));
    read_file(file, MAX_RECORD_BYTES, move |res| match res {
        Ok(text) => open_text(&text, &name),
        Err(e) => open_message(&e),
    });
    if let Some(i) = input("open-file") {
        i.set_value("");
    }
}

fn file_stem(p: &Page) -> String {
    match p.record.as_ref() {
        Some(r) => format!("domains-{}", r.seed),
        None => "domains".into(),
    }
}

/// Download the record.
pub fn save() {
    with_page(|p| {
        match p.record.as_ref() {
        Some(r) => match serde_json::to_string(r) {
            Ok(text) => download(&text, "application/json", &format!("{}.json", file_stem(p))),
            Err(e) => p.note(format!("The record cannot be written: {e}"), true),
        },
        None if p.running.is_some() => {
            p.note("The game is still being played: save it when it ends.", false)
        }
        None => p.note(
            "There is no Tabula record to save: a file of the original program holds boards, not orders.",
            false,
        ),
    }
    });
}

/// Copy a link to the game (its move list, packed into the fragment).
pub fn copy_link() {
    with_page(|p| {
        let Some(record) = p.record.as_ref() else {
            p.note("A link can be made once the game is over.", false);
            return;
        };
        let link = format!("{}#{}", page_url(), record_fragment::<Domains>(record));
        copy_text(&link);
        if let Some(out) = input("link-out") {
            out.set_value(&link);
            out.remove_attribute("hidden").ok();
            out.select();
        }
        p.note(
            format!(
                "A link to this game ({} characters) was copied.",
                link.len()
            ),
            false,
        );
    });
}

/// Download the game in the original program's (new) format.
pub fn export_original() {
    with_page(|p| {
        let Some(record) = p.record.as_ref() else {
            p.note("Only a finished Tabula game can be exported.", false);
            return;
        };
        match record_to_new_format(record) {
            Ok((text, _)) => download(&text, "text/plain", &format!("{}.txt", file_stem(p))),
            Err(e) => p.note(format!("The game cannot be exported: {e}"), true),
        }
    });
}
