//! The module's part in the game worker: the page posts a request as JSON
//! (start a game, a seat's answer, skip a seat) and the worker posts back
//! every [`Report`] as JSON: a frame after each round, a need when a seat
//! written in the page or a person must order, notes, and the record.
//! While it waits for an answer it posts the game so far
//! ([`Report::Saved`]) for the page to keep: after every round a person
//! is asked, and at most every [`SAVE_EVERY_MS`] otherwise.

use std::cell::RefCell;

use serde::Deserialize;
use serde_json::Value;
use tabula_domains::Options;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use tabula_engine::record::parse_record;

use crate::refusals::record_error;
use crate::runner::{Report, Runner, SeatKind, SeatSpec};
use crate::words::tf;

/// What the page asks of the worker.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Request {
    /// Start a game (replacing any other); its notes in the language of
    /// `lang` (the page's).
    Start {
        options: Options,
        seats: Vec<SeatSpec>,
        seed: u64,
        #[serde(default)]
        lang: String,
    },
    /// A seat's orders for a round (`None`: none in time).
    Answer {
        seat: u8,
        round: u32,
        orders: Option<Value>,
    },
    /// A seat's bot failed: skip it for the rest of the game.
    Skip { seat: u8, round: u32, why: String },
    /// Stop the game and send its record so far.
    Stop {},
    /// Resume a game saved part-way (its record's JSON, and the seats
    /// skipped before); its notes in the language of `lang`.
    Resume {
        record: String,
        skips: Vec<(u8, usize)>,
        #[serde(default)]
        lang: String,
    },
}

/// The least time between two saves while bots written in the page play
/// (a person's rounds are saved every time).
pub const SAVE_EVERY_MS: f64 = 2000.0;

/// When the game was last saved, and at which round.
struct LastSave {
    at: f64,
    round: Option<u32>,
}

thread_local! {
    static RUNNER: RefCell<Option<Runner>> = const { RefCell::new(None) };
    static LAST_SAVE: RefCell<LastSave> = const { RefCell::new(LastSave { at: f64::NEG_INFINITY, round: None }) };
}

/// The game so far, if it waits for an answer and is due a save.
fn save_due(r: &Runner) -> Option<Report> {
    let awaited = r.awaited();
    if awaited.is_empty() {
        return None;
    }
    let round = r.game().board.round;
    let person = awaited
        .iter()
        .any(|&s| r.kind(s) == Some(&SeatKind::Person));
    let now = js_sys::Date::now();
    LAST_SAVE.with(|cell| {
        let mut last = cell.borrow_mut();
        let due = last.round != Some(round) && (person || now - last.at >= SAVE_EVERY_MS);
        due.then(|| {
            *last = LastSave {
                at: now,
                round: Some(round),
            };
            Report::Saved {
                game: r.saved(),
                skips: r.skips().to_vec(),
            }
        })
    })
}

fn post(scope: &DedicatedWorkerGlobalScope, reports: &[Report]) {
    for r in reports {
        if let Ok(text) = serde_json::to_string(r) {
            scope.post_message(&JsValue::from_str(&text)).ok();
        }
    }
}

fn handle(text: &str) -> Vec<Report> {
    let mut out = Vec::new();
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            out.push(Report::Failed {
                error: tf(
                    "domains-unreadable-request",
                    &[(
                        "error",
                        &tabula_page_kit::error_words::json_at(e.line(), e.column()),
                    )],
                ),
            });
            return out;
        }
    };
    if let Request::Start { lang, .. } | Request::Resume { lang, .. } = &request {
        crate::words::use_code(lang);
        LAST_SAVE.with(|cell| {
            *cell.borrow_mut() = LastSave {
                at: f64::NEG_INFINITY,
                round: None,
            }
        });
    }
    RUNNER.with(|cell| {
        let mut slot = cell.borrow_mut();
        match request {
            Request::Start {
                options,
                seats,
                seed,
                ..
            } => match Runner::new(&options, &seats, seed) {
                Ok(r) => {
                    out.push(Report::Frame(r.frame()));
                    *slot = Some(r);
                }
                Err(error) => {
                    *slot = None;
                    out.push(Report::Failed { error });
                }
            },
            Request::Answer {
                seat,
                round,
                orders,
            } => {
                if let Some(r) = slot.as_mut() {
                    r.answer(seat, round, orders.as_ref(), &mut out);
                }
            }
            Request::Skip { seat, round, why } => {
                if let Some(r) = slot.as_mut() {
                    r.skip(seat, why, &mut out);
                    r.answer(seat, round, None, &mut out);
                }
            }
            Request::Stop {} => {
                if let Some(r) = slot.take() {
                    match serde_json::to_string(&*r.record()) {
                        Ok(record) => out.push(Report::Stopped { record }),
                        Err(e) => out.push(Report::Failed {
                            error: e.to_string(),
                        }),
                    }
                }
            }
            Request::Resume { record, skips, .. } => {
                let resumed = parse_record(&record)
                    .map_err(|e| record_error(&e))
                    .and_then(|record| Runner::resume(&record, &skips, &mut out));
                match resumed {
                    Ok(r) => *slot = Some(r),
                    Err(error) => {
                        *slot = None;
                        out.push(Report::Failed {
                            error: tf("domains-resume-failed", &[("error", &error)]),
                        });
                    }
                }
            }
        }
    });
    out
}

/// Rounds played between two posts of the reports.
const ROUNDS_PER_SLICE: usize = 10;

/// Play on a slice of rounds, post what happened, and come back for the
/// next slice after any message that arrived in between.
fn play_on(scope: DedicatedWorkerGlobalScope) {
    let mut out = Vec::new();
    let more = RUNNER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let Some(r) = slot.as_mut() else {
            return false;
        };
        let more = r.advance_for(&mut out, ROUNDS_PER_SLICE);
        if !more && let Some(save) = save_due(r) {
            out.push(save);
        }
        more
    });
    post(&scope, &out);
    if more {
        let next = scope.clone();
        let cb = Closure::once_into_js(move || play_on(next));
        scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), 0)
            .ok();
    }
}

/// Answer the page's requests; say "ready" first (messages posted before
/// the module has loaded are lost).
pub fn install() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let reports = handle(&text);
        post(&reply_to, &reports);
        play_on(reply_to.clone());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    scope.post_message(&JsValue::from_str("\"ready\"")).ok();
}
