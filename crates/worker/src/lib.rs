//! The AI web worker. The messages and the answering are generic over
//! the game contract ([`protocol`]); [`serve`] runs a worker for one
//! ruleset. This crate's own entry point (feature `entry`) serves Star
//! Tigris; the Catan page serves Catan from its own module. The page posts one request
//! per move, as JSON:
//! `{"id": N, "spec": "search:normal", "seed": S, "seat": K, "view": VIEW}`
//! where VIEW is `player_view(seat)` — never the whole state. The worker
//! answers `{"id": N, "action": ACTION, "ms": T}` (or `"error"`), and posts
//! `{"ready": true}` once its wasm has loaded.

pub mod protocol;

#[cfg(target_arch = "wasm32")]
mod serving {
    use serde::de::DeserializeOwned;
    use tabula_engine::{Determinize, Evaluate};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

    use crate::protocol::answer;

    fn now() -> f64 {
        js_sys::global()
            .unchecked_into::<WorkerGlobalScope>()
            .performance()
            .map(|p| p.now())
            .unwrap_or(0.0)
    }

    /// Serve ruleset `G` in this worker: answer every request, and say
    /// it is ready.
    pub fn serve<G>()
    where
        G: Determinize + Evaluate + 'static,
        G::View: DeserializeOwned,
    {
        console_error_panic_hook::set_once();
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
}

#[cfg(target_arch = "wasm32")]
pub use serving::serve;

#[cfg(all(target_arch = "wasm32", feature = "entry"))]
mod run {
    use wasm_bindgen::prelude::*;

    /// Start the worker for Star Tigris.
    #[wasm_bindgen(start)]
    pub fn start() {
        crate::serve::<tabula_star_tigris::StarTigris>();
    }
}
