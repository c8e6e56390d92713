//! The AI web worker, one mechanism for every page: the worker runs the
//! page's own WebAssembly module ([`this_module`]: one download for page
//! and AI), started by a function the page exports, which calls
//! [`serve`] for its ruleset. The messages ([`protocol`]) are generic over
//! the game contract: a request carries one seat's view, never the state.
//!
//! The page's side is this module's link: started on the first request,
//! requests queued until its WebAssembly has loaded (it says
//! `{"ready":true}`), replies and failures handed to the page. One worker
//! a page; the page says what a request holds and what to do with the
//! reply.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

pub mod asking;
pub mod protocol;
#[cfg(target_arch = "wasm32")]
mod serve;
pub mod this_module;

#[cfg(target_arch = "wasm32")]
pub use serve::{in_worker, serve};

type OnReply = Rc<dyn Fn(String)>;
type OnError = Rc<dyn Fn()>;

struct Link {
    entry: &'static str,
    on_reply: Option<OnReply>,
    on_error: Option<OnError>,
    worker: Option<Worker>,
    ready: bool,
    queued: Option<String>,
    /// Failures since the last reply.
    failures: u32,
}

thread_local! {
    static LINK: RefCell<Link> = const {
        RefCell::new(Link {
            entry: "",
            on_reply: None,
            on_error: None,
            worker: None,
            ready: false,
            queued: None,
            failures: 0,
        })
    };
}

/// Name the page's exported function that starts the worker on the
/// page's own module ([`this_module::start`]; it calls [`serve`] for the
/// page's ruleset), and what to do with each reply (its JSON text) and
/// with a worker that fails. Call before the first [`send`]; the handlers
/// run outside any borrow of the link, so they may [`send`] or [`stop`].
pub fn connect(
    entry: &'static str,
    on_reply: impl Fn(String) + 'static,
    on_error: impl Fn() + 'static,
) {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        l.entry = entry;
        l.on_reply = Some(Rc::new(on_reply));
        l.on_error = Some(Rc::new(on_error));
    });
}

fn spawn(entry: &str) -> Option<Worker> {
    let worker = this_module::start(entry).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if text.contains("\"ready\":true") {
            LINK.with(|l| {
                let mut l = l.borrow_mut();
                l.ready = true;
                if let (Some(w), Some(q)) = (l.worker.clone(), l.queued.take()) {
                    w.post_message(&JsValue::from_str(&q)).ok();
                }
            });
            return;
        }
        let handler = LINK.with(|l| {
            let mut l = l.borrow_mut();
            l.failures = 0;
            l.on_reply.clone()
        });
        if let Some(h) = handler {
            h(text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_e: web_sys::Event| {
        let (handler, failures) = LINK.with(|l| {
            let mut l = l.borrow_mut();
            l.failures += 1;
            (l.on_error.clone(), l.failures)
        });
        if let Some(h) = handler {
            crate::dom::after(failure_delay_ms(failures), move || h());
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}

/// Post a request, starting the worker if none runs (queued until it
/// has loaded; a newer request replaces a queued one).
pub fn send(text: String) {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        if l.worker.is_none() {
            l.worker = spawn(l.entry);
            l.ready = false;
        }
        if l.ready {
            if let Some(w) = &l.worker {
                w.post_message(&JsValue::from_str(&text)).ok();
            }
        } else {
            l.queued = Some(text);
        }
    });
}

/// Send the question `asked` of the bot `spec` ([`asking::Asked::new`]'s
/// text) and watch it: [`asking::patience_ms`] later, the page's
/// `overdue` runs with the question; if it is still the one open (the
/// page's `pending` equals it: same number, same moment), the page says
/// so (`ai-timeout`), stops the worker and asks again.
pub fn ask(
    text: String,
    asked: &asking::Asked,
    spec: &str,
    overdue: impl FnOnce(asking::Asked) + 'static,
) {
    send(text);
    let asked = *asked;
    crate::dom::after(asking::patience_ms(spec), move || overdue(asked));
}

/// How long after its `failures`-th failure in a row the page hears of a
/// failing worker: at once the first time, then 2, 4 and at most 8
/// seconds (less than any bot's patience), so that a worker that cannot
/// start is not started again and again without a pause.
fn failure_delay_ms(failures: u32) -> f64 {
    match failures {
        0 | 1 => 0.0,
        2 => 2000.0,
        3 => 4000.0,
        _ => 8000.0,
    }
}

/// Stop the worker and whatever it is thinking about; the next [`send`]
/// starts a fresh one.
pub fn stop() {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        if let Some(w) = l.worker.take() {
            w.terminate();
        }
        l.ready = false;
        l.queued = None;
    });
}

/// The time since the page loaded, in milliseconds.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker failing again and again is heard of later each time, but
    /// always before any bot's patience runs out.
    #[test]
    fn failures_in_a_row_wait_longer() {
        let delays: Vec<f64> = (1..=6).map(failure_delay_ms).collect();
        assert_eq!(delays, [0.0, 2000.0, 4000.0, 8000.0, 8000.0, 8000.0]);
        let least_patience = ["random", "search:easy", "search:normal", "search:hard"]
            .map(asking::patience_ms)
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        assert!(delays.iter().all(|d| *d < least_patience));
    }
}
