//! The way to the server: the site asked whether it has a game server
//! (`online.json` beside the page), then the WebSocket to its `play`,
//! opened again after a dropped connection with a growing pause.

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::JsValue;

use super::{Link, heard, messages, render, site_answered, with};

/// Longest pause between tries to connect again, in milliseconds.
const MAX_PAUSE_MS: f64 = 8_000.0;

/// Ask the site whether it has a game server: `tabula serve` answers
/// `online.json` itself (`{"server":"tabula","play":"play",…}`); the
/// built site's own file says `"server": null`; no answer at all (a
/// network that is off) counts as none.
pub(super) fn ask_site() {
    let Some(w) = web_sys::window() else {
        site_answered(None);
        return;
    };
    let on_response = Closure::once(move |r: JsValue| {
        let text = match r.dyn_into::<web_sys::Response>() {
            Ok(r) if r.ok() => r.text().ok(),
            _ => None,
        };
        let Some(text) = text else {
            site_answered(None);
            return;
        };
        let on_text = Closure::once(move |text: JsValue| {
            let play = text
                .as_string()
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .filter(|v| v["server"] == "tabula")
                .map(|v| v["play"].as_str().unwrap_or("play").to_string());
            site_answered(play);
        });
        let on_fail = Closure::once(move |_: JsValue| site_answered(None));
        let _ = text.then2(&on_text, &on_fail);
        on_text.forget();
        on_fail.forget();
    });
    let on_fail = Closure::once(move |_: JsValue| site_answered(None));
    let _ = w
        .fetch_with_str("online.json")
        .then2(&on_response, &on_fail);
    on_response.forget();
    on_fail.forget();
}

/// Open the WebSocket to the server's `play`.
pub(super) fn connect() {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let play = with(|o| o.play.clone());
    let Some(url) = messages::socket_url(&href, &play) else {
        with(|o| o.link = Link::NoServer);
        return;
    };
    let Ok(ws) = web_sys::WebSocket::new(&url) else {
        with(|o| o.link = Link::NoServer);
        return;
    };
    let epoch = with(|o| {
        o.epoch += 1;
        if !matches!(o.link, Link::Lost(_)) {
            o.link = Link::Connecting;
        }
        o.socket = Some(ws.clone());
        o.epoch
    });
    let current = move || with(|o| o.epoch == epoch);
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if !current() {
                return;
            }
            if let Some(msg) = e.data().as_string().and_then(|t| messages::read(&t)) {
                heard(msg);
            }
        });
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_close = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        if !current() {
            return;
        }
        lost();
    });
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    on_close.forget();
}

/// The connection went: try again after a pause that grows with each
/// failed try (the room and seat are kept: the seat is taken back by
/// its token once connected).
fn lost() {
    let tries = with(|o| {
        o.socket = None;
        o.sent_in = None;
        let tries = match o.link {
            Link::Lost(n) => n + 1,
            _ => 1,
        };
        o.link = Link::Lost(tries);
        tries
    });
    render();
    let pause = (500.0 * 2f64.powi(tries as i32 - 1)).min(MAX_PAUSE_MS);
    let epoch = with(|o| o.epoch);
    crate::dom::after(pause, move || {
        if with(|o| o.epoch == epoch && matches!(o.link, Link::Lost(_))) && super::active() {
            connect();
        }
    });
}
