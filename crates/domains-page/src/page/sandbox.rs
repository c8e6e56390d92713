//! A bot written in the page runs in a dedicated worker of its own, made
//! from its code: no page, no DOM, no network functions. The code starts
//! on the worker script's first line, so an error's line is the line in
//! the bot's code. Each round the page posts `{round, view}`; the worker
//! answers `{round, ms, orders}` (the orders as JSON text) or
//! `{round, bad}`; an exception ends up in the worker's `error` event
//! with its line and column. Once the code has been read and run to its
//! end the worker says `{loaded}` (whether it defines `orders`): a bot is
//! checked that way before it is saved.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, ErrorEvent, MessageEvent, Url, Worker};

use crate::words::{t, tf};

/// Put before the bot's code on its first line (so lines do not shift).
const PRELUDE: &str = "self.fetch = undefined; self.XMLHttpRequest = undefined; self.WebSocket = undefined; self.importScripts = undefined; ";

/// Put after the bot's code: answer each round.
const HARNESS: &str = r#"
;self.onmessage = (e) => {
  const round = e.data.round;
  if (typeof orders !== 'function') {
    self.postMessage({round, bad: 'no-orders'});
    return;
  }
  const t0 = performance.now();
  const result = orders(e.data.view);
  const ms = performance.now() - t0;
  let text;
  try {
    text = JSON.stringify(result === undefined ? null : result);
  } catch (err) {
    self.postMessage({round, ms, bad: 'not-json', detail: String(err.message)});
    return;
  }
  self.postMessage({round, ms, orders: text});
};
self.postMessage({loaded: typeof orders === 'function'});
"#;

/// The whole worker script for a bot's code.
pub fn script(code: &str) -> String {
    format!("{PRELUDE}{code}{HARNESS}")
}

/// A bot's worker.
pub struct Sandbox {
    /// The worker.
    pub worker: Worker,
    url: String,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// Why a bot's answer holds no orders.
pub enum Bad {
    /// The code defines no function `orders`.
    NoOrders,
    /// What `orders` returned cannot be written as JSON (the browser's
    /// message).
    NotJson(String),
}

impl Bad {
    /// Why, in the page's words.
    pub fn in_words(&self) -> String {
        match self {
            Bad::NoOrders => t("domains-why-no-orders"),
            Bad::NotJson(e) => tf("domains-why-not-json", &[("error", e)]),
        }
    }
}

/// What a bot's worker said.
pub enum Heard {
    /// An answer for a round: time taken, and the orders' JSON text or
    /// why they are not orders.
    Answer {
        /// The round.
        round: u32,
        /// Milliseconds the bot took.
        ms: f64,
        /// The orders' JSON, or what is wrong.
        orders: Result<String, Bad>,
    },
    /// The bot's code threw (or does not parse): message, line, column.
    Threw(String),
    /// The code was read and run to its end: whether it defines `orders`.
    Loaded(bool),
}

impl Sandbox {
    /// Start a worker for `code`; `heard` gets what it says.
    pub fn start(code: &str, heard: impl Fn(Heard) + 'static) -> Result<Sandbox, String> {
        let parts = js_sys::Array::of1(&JsValue::from_str(&script(code)));
        let bag = BlobPropertyBag::new();
        bag.set_type("text/javascript");
        let blob = Blob::new_with_str_sequence_and_options(&parts, &bag)
            .map_err(|_| t("domains-bot-cannot-hold"))?;
        let url =
            Url::create_object_url_with_blob(&blob).map_err(|_| t("domains-bot-cannot-hold"))?;
        let worker = Worker::new(&url).map_err(|e| {
            tf(
                "domains-bot-cannot-start",
                &[("error", &super::game::js_error(&e))],
            )
        })?;
        let heard = std::rc::Rc::new(heard);
        let h = heard.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
            if let Some(loaded) = get("loaded").and_then(|v| v.as_bool()) {
                h(Heard::Loaded(loaded));
                return;
            }
            let round = get("round").and_then(|v| v.as_f64()).unwrap_or(-1.0);
            if round < 0.0 {
                return;
            }
            let ms = get("ms").and_then(|v| v.as_f64()).unwrap_or(0.0);
            let orders = match get("bad").and_then(|v| v.as_string()).as_deref() {
                Some("no-orders") => Err(Bad::NoOrders),
                Some(_) => Err(Bad::NotJson(
                    get("detail")
                        .and_then(|v| v.as_string())
                        .unwrap_or_default(),
                )),
                None => Ok(get("orders")
                    .and_then(|v| v.as_string())
                    .unwrap_or_else(|| "null".into())),
            };
            h(Heard::Answer {
                round: round as u32,
                ms,
                orders,
            });
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            let line = e.lineno();
            let where_ = if line > 0 {
                format!(
                    " ({})",
                    tf(
                        "domains-line-col",
                        &[
                            ("line", &line.to_string()),
                            ("column", &e.colno().to_string())
                        ]
                    )
                )
            } else {
                String::new()
            };
            heard(Heard::Threw(format!("{}{where_}", e.message())));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Sandbox {
            worker,
            url,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Ask for a round's orders.
    pub fn ask(&self, round: u32, view_json: &str) {
        let view = js_sys::JSON::parse(view_json).unwrap_or(JsValue::NULL);
        let msg = js_sys::Object::new();
        js_sys::Reflect::set(&msg, &"round".into(), &JsValue::from(round)).ok();
        js_sys::Reflect::set(&msg, &"view".into(), &view).ok();
        self.worker.post_message(&msg).ok();
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.worker.terminate();
        Url::revoke_object_url(&self.url).ok();
    }
}
