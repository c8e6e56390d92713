//! Games on the page: starting one in the game worker (and the workers of
//! bots written in the page), what the workers report, and opening,
//! saving, sharing and exporting games.

use serde_json::{Value, json};
use tabula_domains::original::{parse_original, record_to_new_format};
use tabula_domains::{Domains, Options};
use tabula_engine::GameRecord;
use tabula_engine::limits::{MAX_RECORD_BYTES, MAX_SEED};
use tabula_engine::record::parse_record;
use tabula_page_kit::dom::{by_id, download, el, read_file, replace_children};
use tabula_page_kit::players::shown_name;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlInputElement, HtmlSelectElement, MessageEvent, Worker};

use super::person::PersonTurn;
use super::{Page, Source, peek, with_page};
use crate::autosave::read_kept;
use crate::frames::Film;
use crate::refusals::{self, record_error};
use crate::rule_options;
use crate::runner::{Report, SeatKind, SeatSpec};
use crate::words::{self, t, tf, tn};
use tabula_page_kit::bots::sandbox::{Bad, Heard, Sandbox, js_error, retire};

/// The page's export that starts the game worker on this same module
/// ([`crate::game_worker_start`], through the kit's
/// [`this_module`](tabula_page_kit::ai_worker::this_module)).
const WORKER: &str = "game_worker_start";
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
            .map_or(String::new(), |s| shown_name(&s.name, seat as usize));
        tf(
            "domains-seat-named",
            &[("seat", &(seat + 1).to_string()), ("name", &name)],
        )
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
            el("label")
                .text(&t(label))
                .child(el("code").text(key))
                .child(
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

/// The built-in players a seat can be, with the keys of their words.
const BUILT_IN: [(&str, &str); 5] = [
    ("bot:painter", "domains-seat-painter"),
    ("bot:dummy", "domains-seat-dummy"),
    ("bot:demo", "domains-seat-demo"),
    ("bot:random", "domains-seat-random"),
    ("person", "domains-seat-person"),
];

/// Draw the seat choices of the new-game dialog, keeping choices made.
pub fn render_seats() {
    let Some(box_) = by_id("seats") else { return };
    let players: usize = select_value("players").parse().unwrap_or(4);
    let defaults = ["bot:painter", "bot:dummy", "bot:demo", "bot:demo"];
    let bots = tabula_page_kit::bots::editor::saved();
    let list = el("div");
    for (i, default) in defaults.iter().enumerate().take(players.clamp(2, 4)) {
        let old = select_value(&format!("seat-{i}"));
        let chosen = if old.is_empty() {
            default.to_string()
        } else {
            old
        };
        let mut choices: Vec<(String, String)> = BUILT_IN
            .iter()
            .map(|(value, label)| (value.to_string(), t(label)))
            .collect();
        for (k, b) in bots.iter().enumerate() {
            choices.push((
                format!("saved:{k}"),
                tf("domains-seat-your-bot", &[("name", &b.name)]),
            ));
        }
        let row = tabula_page_kit::seat_rows::seat_row(tabula_page_kit::seat_rows::SeatRow {
            tag: "label",
            class: "seat-row",
            mark: crate::look::seat_mark(i),
            words: Some(tf("domains-seat", &[("seat", &(i + 1).to_string())])),
            who: tabula_page_kit::seat_rows::Who {
                id: format!("seat-{i}"),
                label: None,
                choices,
                chosen: &chosen,
            },
            name: None,
            name_first: false,
        });
        list.0.append_child(&row.0).ok();
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
    let bots = tabula_page_kit::bots::editor::saved();
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
                    name: t("domains-you"),
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
            setup_message(&tf(
                "domains-seat-choose",
                &[("seat", &(i + 1).to_string())],
            ));
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
            s.name = tf("domains-person-n", &[("n", &k.to_string())]);
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
            setup_message(&format!(
                "{}\n{}",
                t("domains-more-rules-bad"),
                problems.join("\n")
            ));
            return false;
        }
    };
    let seed_text = input("seed").map(|i| i.value()).unwrap_or_default();
    let seed = match seed_text.trim().parse::<u64>() {
        Ok(s) if s <= MAX_SEED => s,
        _ => {
            setup_message(&tf("domains-seed-bad", &[("max", &MAX_SEED.to_string())]));
            return false;
        }
    };
    let limit = input("limit")
        .and_then(|i| tabula_engine::plain::number(i.value().trim()))
        .filter(|l| (5.0..=5000.0).contains(l));
    let Some(limit) = limit else {
        setup_message(&t("domains-limit-bad"));
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
    let bots_only = !seats.iter().any(|s| s.kind == SeatKind::Person);
    let worker = match tabula_page_kit::ai_worker::this_module::start(WORKER) {
        Ok(w) => w,
        Err(e) => {
            with_page(|p| {
                p.note(
                    tf("domains-worker-cannot-start", &[("error", &js_error(&e))]),
                    true,
                )
            });
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
                p.note(tf("domains-worker-stopped", &[("error", &why)]), true);
            }
        });
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let n = seats.len();
    let resuming = resume.is_some();
    let start = match &resume {
        Some((record, skips)) => {
            json!({"resume": {"record": record, "skips": skips, "lang": words::code()}})
        }
        None => {
            json!({"start": {"options": options, "seats": seats, "seed": seed, "lang": words::code()}})
        }
    }
    .to_string();
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| shown_name(&s.name, i))
        .collect();
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
                tf("domains-new-game-note", &[("seed", &seed.to_string())]),
                false,
            );
        }
        p.playback.stop();
    });
    // A game of bots alone does not run by itself where the system asks
    // for reduced motion: it waits at its first round for Play
    // (docs/accessibility.md). A person's game goes on as they order.
    if !resuming && bots_only && tabula_page_kit::touch::reduced_motion() {
        with_page(|p| {
            p.follow = false;
            p.note(t("domains-reduced-motion"), false);
        });
    } else if !resuming {
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
        p.note(t("domains-game-stopped"), false);
        tabula_page_kit::dom::after(STOP_WAIT_MS, move || {
            with_page(|p| {
                if p.stopping.as_ref().is_some_and(|r| r.id == id) {
                    retire_game(p.stopping.take());
                    p.note(t("domains-stop-lost"), true);
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
                        tn(
                            rounds as u64,
                            "domains-stopped-rounds-one",
                            "domains-stopped-rounds-many",
                            &[],
                        ),
                        false,
                    );
                }
                Err(e) => p.note(
                    tf(
                        "domains-stopped-unreadable",
                        &[("error", &record_error(&e))],
                    ),
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
                tf("domains-worker-unreadable", &[("error", &e.to_string())]),
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
        Report::Note { seat, text, bad } => {
            let name = p.running.as_ref().map_or(String::new(), |r| r.name(seat));
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
                    tf("domains-over-unreadable", &[("error", &record_error(&e))]),
                    true,
                ),
            }
            let summary = p.film.as_ref().and_then(game_over_words);
            // Said in full once the rounds shown reach the end (see
            // `view::render_notes`): a replay at round 55 names no winner.
            p.note_about(
                GAME_OVER,
                summary.unwrap_or_else(|| t("domains-game-over-short")),
                false,
            );
        }
        Report::Failed { error } => {
            super::kept::set_aside_current();
            retire_game(p.running.take());
            p.clear_people();
            p.note(tf("domains-game-failed", &[("error", &error)]), true);
        }
    }
}

/// How a game ended, in words: after how many rounds, who has the most
/// points and how many.
pub fn game_over_words(film: &crate::frames::Film) -> Option<String> {
    let (seats, best) = film.leaders()?;
    let winners: Vec<String> = seats
        .iter()
        .map(|&i| film.names.get(usize::from(i)).cloned().unwrap_or_default())
        .collect();
    Some(tf(
        "domains-game-over",
        &[
            ("rounds", &film.frames.last()?.round.to_string()),
            ("winners", &words::list(&winners)),
            ("points", &best.to_string()),
        ],
    ))
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
            let name = shown_name(&r.seats[s].name, s);
            let turn = PersonTurn::new(seat, round, view, &name, people > 1);
            if p.person.is_some() {
                p.people.push_back(turn);
                return;
            }
            p.person = Some(turn);
            p.playback.stop();
            p.pos = p.frames().saturating_sub(1);
            p.follow = true;
        }
        Some(SeatKind::Script) => {
            let fresh = r.sandboxes[s].is_none();
            if fresh {
                let code = r.codes[s].clone().unwrap_or_default();
                let id = r.id;
                let functions = crate::bot_library::KIND.functions;
                match Sandbox::start(&code, functions, move |heard| on_heard(id, seat, heard)) {
                    Ok(sb) => r.sandboxes[s] = Some(sb),
                    Err(e) => {
                        r.skip(seat, round, &tf("domains-why-no-worker", &[("error", &e)]));
                        return;
                    }
                }
            }
            r.waiting[s] = Some(round);
            if let Some(sb) = r.sandboxes[s].as_ref() {
                sb.ask(round, "orders", &view.to_string());
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
            Heard::Answer {
                id: round,
                ms,
                answer: orders,
            } => {
                if r.waiting[s] != Some(round) {
                    return;
                }
                r.waiting[s] = None;
                if ms > r.limit {
                    let limit = r.limit;
                    r.answer(seat, round, None);
                    p.note(
                        tf(
                            "domains-over-limit",
                            &[
                                ("seat", &name),
                                ("round", &(round + 1).to_string()),
                                ("ms", &format!("{ms:.0}")),
                                ("limit", &format!("{limit:.0}")),
                            ],
                        ),
                        false,
                    );
                    return;
                }
                let orders = orders.map_err(|bad: Bad| bad.in_words()).and_then(|text| {
                    serde_json::from_str::<Value>(&text).map_err(|e| {
                        let at = tabula_page_kit::error_words::json_at(e.line(), e.column());
                        tf("domains-why-unreadable", &[("error", &at)])
                    })
                });
                match orders {
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
                r.skip(seat, round, &tf("domains-why-threw", &[("error", &msg)]));
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
        p.note_about(
            &format!("late-{seat}"),
            tn(
                late as u64,
                "domains-late-one",
                "domains-late-many",
                &[
                    ("seat", &name),
                    ("limit", &format!("{limit:.0}")),
                    ("round", &(round + 1).to_string()),
                ],
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

/// What the note of a game's end is about (see [`Page::note_about`]).
pub const GAME_OVER: &str = "game-over";

/// Where a game being opened comes from.
#[derive(Clone)]
pub enum Opening {
    /// A link (the page's address).
    Link,
    /// Text pasted in the open dialog.
    Pasted,
    /// A file, by its name.
    File(String),
    /// The record of a game played online.
    Online,
}

/// Open a game from text: a Tabula record, a link (or its `#game=`
/// fragment), or a file of the original program. Nothing changes when it
/// is refused; the dialog says why.
pub fn open_text(text: &str, what: &Opening) {
    match read_game(text) {
        Ok(opened) => match peek(in_progress) {
            // A game still being played is replaced only once the person
            // agrees.
            Some(game) => {
                let what = what.clone();
                tabula_page_kit::modal::before_replacing(
                    &game,
                    &words::t("replace-game-open"),
                    move || show_opened(opened, &what),
                );
            }
            None => show_opened(opened, what),
        },
        Err(why) => {
            open_message(&match what {
                Opening::Link => tf("domains-open-link-bad", &[("why", &why)]),
                Opening::Pasted => tf("domains-open-pasted-bad", &[("why", &why)]),
                Opening::Online => tf("dm-online-record-bad", &[("why", &why)]),
                Opening::File(name) => {
                    tf("domains-open-file-bad", &[("name", name), ("why", &why)])
                }
            });
            super::command("open", "");
        }
    }
}

/// The game being played at this device, if one is (not over, not
/// stopped): as the home page names it, with its players
/// (`Round 12 of 500 · You, greedy`).
pub fn in_progress(p: &mut Page) -> Option<String> {
    let r = p.running.as_ref()?;
    let played = p
        .film
        .as_ref()
        .map_or(0, |f| f.frames.len().saturating_sub(1));
    let names: Vec<&str> = r.seats.iter().map(|s| s.name.as_str()).collect();
    Some(format!(
        "{} · {}",
        tf(
            "continue-domains",
            &[
                ("round", &played.to_string()),
                ("rounds", &r.rounds.to_string())
            ],
        ),
        names.join(", ")
    ))
}

/// Show a game that was read, in place of the one shown.
fn show_opened((film, record, original): Opened, what: &Opening) {
    with_page(|p| {
        p.running = None;
        retire_game(p.stopping.take());
        super::kept::forget();
        p.clear_people();
        p.playback.stop();
        p.notes.clear();
        let rounds = film.frames.len().saturating_sub(1) as u64;
        let game = tf(
            if original.is_some() {
                "domains-opened-original"
            } else {
                "domains-opened-game"
            },
            &[
                ("players", &film.names.len().to_string()),
                (
                    "rounds",
                    &tn(rounds, "domains-rounds-one", "domains-rounds-many", &[]),
                ),
            ],
        );
        p.note(
            match what {
                Opening::Link => tf("domains-opened-link", &[("game", &game)]),
                Opening::Pasted => tf("domains-opened-pasted", &[("game", &game)]),
                Opening::Online => tf("dm-online-record-opened", &[("game", &game)]),
                Opening::File(name) => {
                    tf("domains-opened-file", &[("name", name), ("game", &game)])
                }
            },
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
    if let Some(b) = by_id("board").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        b.focus().ok();
    }
}

type Opened = (
    Film,
    Option<GameRecord>,
    Option<tabula_domains::original::OriginalGame>,
);

fn read_game(text: &str) -> Result<Opened, String> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(tf(
            "domains-open-too-large",
            &[
                ("bytes", &text.len().to_string()),
                ("max", &MAX_RECORD_BYTES.to_string()),
            ],
        ));
    }
    let t = text.trim();
    if t.is_empty() {
        return Err(words::t("domains-open-nothing"));
    }
    let record_text = if let Some(i) = t.find("game=").filter(|_| !t.starts_with('{')) {
        match refusals::record_text_of_fragment(&t[i..]) {
            Some(Ok(json)) => json,
            Some(Err(e)) => return Err(e),
            None => return Err(words::t("domains-open-not-link")),
        }
    } else if t.starts_with('{') {
        t.to_string()
    } else {
        let game = parse_original(t).map_err(|e| {
            let place = match (e.line, e.col) {
                (Some(l), Some(c)) => Some(tf(
                    "domains-line-col",
                    &[("line", &l.to_string()), ("column", &c.to_string())],
                )),
                (Some(l), None) => Some(tf("domains-line", &[("line", &l.to_string())])),
                _ => None,
            };
            let what = words::t(match e.rule.as_str() {
                "truncated" => "domains-original-truncated",
                "not-a-number" => "domains-original-not-a-number",
                "header" => "domains-original-header",
                "players" => "domains-original-players",
                "board-line" => "domains-original-board-line",
                "bad-code" => "domains-original-bad-code",
                "settings" => "domains-original-settings",
                "scores" => "domains-original-scores",
                "trailing" => "domains-original-trailing",
                _ => "domains-original-other",
            });
            match place {
                Some(place) => tf(
                    "domains-open-original-bad",
                    &[("where", &place), ("error", &what)],
                ),
                None => tf("domains-open-original-problem", &[("error", &what)]),
            }
        })?;
        return Ok((Film::of_original(&game), None, Some(game)));
    };
    let record = parse_record(&record_text).map_err(|e| record_error(&e))?;
    let (film, _) = Film::of_record(&record).map_err(|e| refusals::record_error_in(&e, &record))?;
    Ok((film, Some(record), None))
}

/// Open a game from a file chosen in the open dialog or dropped on the
/// page; a refusal is said in the open dialog.
pub fn open_file(file: web_sys::File) {
    let name = tabula_page_kit::dom::file_name(&file);
    if file.size() > MAX_RECORD_BYTES as f64 {
        open_message(&too_large(&name, file.size()));
        super::command("open", "");
    } else {
        read_file(file, MAX_RECORD_BYTES, move |res| match res {
            Ok(text) => open_text(&text, &Opening::File(name)),
            Err(e) => {
                open_message(&e);
                super::command("open", "");
            }
        });
    }
}

/// A file too large to be read, in words.
pub fn too_large(name: &str, bytes: f64) -> String {
    tf(
        "domains-file-too-large",
        &[
            ("name", name),
            ("bytes", &bytes.to_string()),
            ("max", &MAX_RECORD_BYTES.to_string()),
        ],
    )
}

fn file_stem(p: &Page) -> String {
    match p.record.as_ref() {
        Some(r) => format!("domains-{}", r.seed),
        None => "domains".into(),
    }
}

/// Download the record.
pub fn save() {
    with_page(|p| match p.record.as_ref() {
        Some(r) => match serde_json::to_string(r) {
            Ok(text) => tabula_page_kit::records::save(&text, &format!("{}.json", file_stem(p))),
            Err(e) => p.note(
                tf("domains-record-unwritable", &[("error", &e.to_string())]),
                true,
            ),
        },
        None if p.running.is_some() => p.note(t("domains-save-running"), false),
        None => p.note(t("domains-save-original"), false),
    });
}

/// Copy a link to the game (its move list, packed into the fragment).
pub fn copy_link() {
    with_page(|p| {
        let Some(record) = p.record.as_ref() else {
            p.note(t("domains-link-later"), false);
            return;
        };
        let link = tabula_page_kit::records::share::<Domains>(record);
        if let Some(out) = input("link-out") {
            out.set_value(&link);
            out.remove_attribute("hidden").ok();
            out.select();
        }
        p.note(
            tabula_page_kit::i18n::tn("domains-link-copied", link.len() as i64, &[]),
            false,
        );
    });
}

/// Download the game in the original program's (new) format.
pub fn export_original() {
    with_page(|p| {
        let Some(record) = p.record.as_ref() else {
            p.note(t("domains-export-later"), false);
            return;
        };
        match record_to_new_format(record) {
            Ok((text, _)) => download(&text, "text/plain", &format!("{}.txt", file_stem(p))),
            Err(e) => p.note(
                tf(
                    "domains-export-bad",
                    &[("error", &refusals::record_error_in(&e, record))],
                ),
                true,
            ),
        }
    });
}

/// Resume the game kept in this browser, if there is one; `true` when a
/// game was resumed. One that cannot be is set aside and said.
pub fn resume_kept() -> bool {
    let Some(text) = super::kept::stored() else {
        return false;
    };
    match read_kept(&text) {
        Ok(res) => {
            let actions = res.record.actions.len();
            start_resumed(res);
            super::with_page(|p| {
                p.note(
                    tn(
                        actions as u64,
                        "domains-resumed-one",
                        "domains-resumed-many",
                        &[],
                    ),
                    false,
                )
            });
            true
        }
        Err(why) => {
            let key = super::kept::set_aside(&text);
            super::with_page(|p| {
                p.note(
                    tf("domains-not-resumed", &[("why", &why), ("key", &key)]),
                    true,
                )
            });
            false
        }
    }
}
