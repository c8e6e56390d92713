//! The worker's side: a page's module, started again in its AI worker,
//! answers every request with [`protocol::answer`](super::protocol::answer).

use serde::de::DeserializeOwned;
use tabula_engine::{Determinize, Evaluate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

use super::protocol::answer;

/// The time since the worker started, in milliseconds.
fn now() -> f64 {
    js_sys::global()
        .unchecked_into::<WorkerGlobalScope>()
        .performance()
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Serve ruleset `G` in this worker: answer every request, and say it is
/// ready (`{"ready":true}`: messages posted before that are lost). A
/// page's exported worker entry (the name it gives
/// [`connect`](super::connect)) calls this.
pub fn serve<G>()
where
    G: Determinize + Evaluate + 'static,
    G::View: DeserializeOwned,
{
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let reply = serde_json::to_string(&answer::<G>(&text, now)).unwrap_or_default();
        reply_to.post_message(&JsValue::from_str(&reply)).ok();
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    scope
        .post_message(&JsValue::from_str(r#"{"ready":true}"#))
        .ok();
}

/// Whether this module runs in a dedicated worker (a page's `start` does
/// nothing there: the worker's entry starts its work).
pub fn in_worker() -> bool {
    js_sys::global()
        .dyn_ref::<DedicatedWorkerGlobalScope>()
        .is_some()
}
