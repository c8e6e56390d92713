//! A bot written in the page runs in a dedicated worker of its own, made
//! from its code: no page, no DOM, no network functions. The code starts
//! on the worker script's first line, so an error's line is the line in
//! the bot's code. The page posts `{id, call, view}` (`call` one of the
//! game's functions); the worker answers `{id, ms, answer}` (the answer
//! as JSON text, `ms` timed by a clock the bot's code cannot replace),
//! `{id, missing}` or `{id, ms, bad}`; an exception ends up in the
//! worker's `error` event with its line and column. Once the code has
//! been read and run to its end the worker says `{loaded}` (the functions
//! it defines): a bot is checked that way before it is saved.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Url, Worker};

use crate::i18n::{t, tf};

/// Put before the bot's code on its first line (so lines do not shift):
/// no network, and the harness's own clock.
const PRELUDE: &str = "const __tabulaNow = performance.now.bind(performance); self.fetch = undefined; self.XMLHttpRequest = undefined; self.WebSocket = undefined; self.EventSource = undefined; self.importScripts = undefined; ";

/// Put after the bot's code: answer each call (`CALLS` becomes the
/// lookup of the game's functions).
const HARNESS: &str = r#"
;const __tabulaCalls = {CALLS};
self.onmessage = (e) => {
  const id = e.data.id;
  const get = __tabulaCalls[e.data.call];
  const f = get ? get() : null;
  if (!f) {
    self.postMessage({id, missing: String(e.data.call)});
    return;
  }
  const t0 = __tabulaNow();
  const result = f(e.data.view);
  const ms = __tabulaNow() - t0;
  let text;
  try {
    text = JSON.stringify(result === undefined ? null : result);
  } catch (err) {
    self.postMessage({id, ms, bad: String(err && err.message)});
    return;
  }
  self.postMessage({id, ms, answer: text === undefined ? 'null' : text});
};
self.postMessage({loaded: Object.keys(__tabulaCalls).filter((k) => __tabulaCalls[k]() !== null)});
"#;

/// The whole worker script for a bot's code calling `functions` (names
/// of JavaScript functions, from the page's own code).
pub fn script(code: &str, functions: &[&str]) -> String {
    let calls: Vec<String> = functions
        .iter()
        .map(|f| format!("{f}: () => (typeof {f} === 'function' ? {f} : null)"))
        .collect();
    format!(
        "{PRELUDE}{code}{}",
        HARNESS.replace("{CALLS}", &format!("{{{}}}", calls.join(", ")))
    )
}

/// A bot's worker.
pub struct Sandbox {
    /// The worker.
    pub worker: Worker,
    url: String,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// Why a bot's answer is not an answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Bad {
    /// The code does not define the function called.
    Missing(String),
    /// What the function returned cannot be written as JSON (the
    /// browser's message).
    NotJson(String),
}

impl Bad {
    /// Why, in the page's words.
    pub fn in_words(&self) -> String {
        match self {
            Bad::Missing(f) => tf("bot-why-missing", &[("function", &format!("{f}(view)"))]),
            Bad::NotJson(e) => tf("bot-why-not-json", &[("error", e)]),
        }
    }
}

/// What a bot's worker said.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// An answer to a call: the time taken, and the answer's JSON text
    /// or why there is none.
    Answer {
        /// The call's id.
        id: u32,
        /// Milliseconds the bot took.
        ms: f64,
        /// The answer's JSON, or what is wrong.
        answer: Result<String, Bad>,
    },
    /// The bot's code threw (or does not parse): message, line, column.
    Threw(String),
    /// The code was read and run to its end: the functions it defines.
    Loaded(Vec<String>),
}

/// What a bot's code threw, as the browser says it, in plain words: the
/// browser's “Uncaught” and the error's type (`Error:`, `TypeError:` …)
/// left out, so “Uncaught Error: boom” is “boom” and “Uncaught
/// ReferenceError: x is not defined” is “x is not defined”.
pub fn plain_error(message: &str) -> String {
    let m = message.trim();
    let m = m.strip_prefix("Uncaught ").unwrap_or(m);
    let m = match m.split_once(": ") {
        Some((kind, rest))
            if kind.ends_with("Error")
                && kind.chars().all(|c| c.is_ascii_alphanumeric())
                && !rest.trim().is_empty() =>
        {
            rest
        }
        _ => m,
    };
    m.trim().to_string()
}

/// A JavaScript error as the page shows it.
pub fn js_error(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

fn heard_of(data: &JsValue) -> Option<Heard> {
    let get = |k: &str| js_sys::Reflect::get(data, &JsValue::from_str(k)).ok();
    if let Some(list) = get("loaded").filter(js_sys::Array::is_array) {
        let names = js_sys::Array::from(&list)
            .iter()
            .filter_map(|v| v.as_string())
            .collect();
        return Some(Heard::Loaded(names));
    }
    let id = get("id").and_then(|v| v.as_f64())?;
    let ms = get("ms").and_then(|v| v.as_f64()).unwrap_or(0.0);
    let answer = if let Some(f) = get("missing").and_then(|v| v.as_string()) {
        Err(Bad::Missing(f))
    } else if let Some(e) = get("bad").and_then(|v| v.as_string()) {
        Err(Bad::NotJson(e))
    } else {
        Ok(get("answer")
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| "null".into()))
    };
    Some(Heard::Answer {
        id: id as u32,
        ms,
        answer,
    })
}

impl Sandbox {
    /// Start a worker for `code`, which defines `functions`; `heard` gets
    /// what it says.
    pub fn start(
        code: &str,
        functions: &[&str],
        heard: impl Fn(Heard) + 'static,
    ) -> Result<Sandbox, String> {
        let url = crate::dom::blob_url(&script(code, functions), "text/javascript")
            .ok_or_else(|| t("bot-cannot-hold"))?;
        let worker =
            Worker::new(&url).map_err(|e| tf("bot-cannot-start", &[("error", &js_error(&e))]))?;
        let heard = Rc::new(heard);
        let h = heard.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(said) = heard_of(&e.data()) {
                h(said);
            }
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            let line = e.lineno();
            let where_ = if line > 0 {
                format!(
                    " ({})",
                    tf(
                        "bot-line-col",
                        &[
                            ("line", &line.to_string()),
                            ("column", &e.colno().to_string())
                        ]
                    )
                )
            } else {
                String::new()
            };
            heard(Heard::Threw(format!(
                "{}{where_}",
                plain_error(&e.message())
            )));
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

    /// Call `function` with the view (JSON text); the answer comes with
    /// `id`.
    pub fn ask(&self, id: u32, function: &str, view_json: &str) {
        let view = js_sys::JSON::parse(view_json).unwrap_or(JsValue::NULL);
        let msg = js_sys::Object::new();
        js_sys::Reflect::set(&msg, &"id".into(), &JsValue::from(id)).ok();
        js_sys::Reflect::set(&msg, &"call".into(), &JsValue::from_str(function)).ok();
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

/// Stop a bot's worker now, and let go of its handlers once the event
/// being handled (possibly one of theirs) is over.
pub fn retire(sandbox: Option<Sandbox>) {
    if let Some(sb) = sandbox {
        sb.worker.terminate();
        crate::dom::after(0.0, move || drop(sb));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_keeps_the_bot_s_lines_and_looks_up_each_function() {
        crate::bots::add_words();
        let s = script(
            "function a(v) {\n  return 1;\n}",
            &["direction", "magnitude"],
        );
        assert!(s.starts_with(PRELUDE));
        assert!(s.lines().nth(1) == Some("  return 1;"));
        assert!(s.contains(
            "{direction: () => (typeof direction === 'function' ? direction : null), magnitude: () => (typeof magnitude === 'function' ? magnitude : null)}"
        ));
        assert!(!s.contains("{CALLS}"));
    }

    #[test]
    fn a_thrown_error_is_said_without_the_browser_s_words() {
        crate::bots::add_words();
        assert_eq!(plain_error("Uncaught Error: boom"), "boom");
        assert_eq!(
            plain_error("Uncaught ReferenceError: x is not defined"),
            "x is not defined"
        );
        assert_eq!(plain_error("Uncaught 42"), "42");
        assert_eq!(
            plain_error("Uncaught SyntaxError: Unexpected token '}'"),
            "Unexpected token '}'"
        );
        assert_eq!(plain_error("a note: with a colon"), "a note: with a colon");
    }
}
