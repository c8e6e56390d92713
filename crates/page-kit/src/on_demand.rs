//! What a page loads only when it is asked for: each game page is built
//! twice from its one crate (`scripts/build-web.sh`, the page's two trunk
//! links). The play module (`tabula-<game>-page`, built with the
//! `play-only` feature) holds the game, its AI, records and replays; the
//! whole module (`tabula-<game>-full`) also holds what a game against the
//! AI does not need: the lessons, online play and the editors.
//!
//! The site's loader (`tabula.start` in `www/site.js`) starts the whole
//! module when the address asks for one of those screens (`#lessons`,
//! `#online`, the page's editors: the routes each page lists in its html),
//! and the play module otherwise. In the play module, opening one of them
//! ([`switch`], or a link to its address, caught by [`install`]) loads the
//! page again at that address, which the site's loader then starts with
//! the whole module; the game in progress is kept by the page's autosave as
//! on any reload. The page crates write their call sites as
//! `if on_demand::HERE { … } else { on_demand::switch("#…") }`: in the
//! play build the first branch is a constant `false`, so the optimiser
//! drops it and everything only it reaches.

use wasm_bindgen::JsValue;

/// Whether this module holds the screens loaded on demand (the whole
/// page's module); `false` in the play module.
pub const HERE: bool = !cfg!(feature = "play-only");

/// In the play module: load the page again with the whole module whenever
/// the address comes to one of `routes` (a link such as `#lessons` was
/// followed). Does nothing in the whole module, whose screens listen
/// themselves.
pub fn install(routes: &'static [&'static str]) {
    if HERE {
        return;
    }
    if let Some(w) = web_sys::window() {
        crate::dom::listen::<web_sys::Event>(&w, "hashchange", move |_| {
            if asks_for(&crate::dom::fragment(), routes) {
                reload();
            }
        });
    }
}

/// Whether the fragment `hash` (as the address has it, perhaps escaped)
/// is one of `routes` or begins with one.
pub fn asks_for(hash: &str, routes: &[&str]) -> bool {
    let hash = hash.replace("%3D", "=").replace("%3d", "=");
    routes.iter().any(|r| hash.starts_with(r))
}

/// Open the screen at `route` (`#online`, `#lessons`, `#editor`…): in the
/// play module the address gets `route` as a new history entry (Back
/// returns to the game) and the page loads again with the whole module;
/// in the whole module this does nothing (the caller opens it itself).
pub fn switch(route: &str) {
    if HERE {
        return;
    }
    if let Some(w) = web_sys::window()
        && let Ok(h) = w.history()
    {
        let url = format!("{}{route}", crate::dom::page_url());
        h.push_state_with_url(&JsValue::NULL, "", Some(&url)).ok();
    }
    reload();
}

/// Where [`switch_carrying`] keeps what it carries over the reload.
const CARRIED: &str = "tabula.on-demand.carried";

/// [`switch`] to `route`, carrying `text` (a map dropped or pasted on the
/// play module, for the editor) to the whole module, which takes it with
/// [`carried`]. Kept in the tab's session storage until taken.
pub fn switch_carrying(route: &str, name: &str, text: &str) {
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let kept = serde_json::json!({ "route": route, "name": name, "text": text });
        s.set_item(CARRIED, &kept.to_string()).ok();
    }
    switch(route);
}

/// What [`switch_carrying`] carried to `route`: its name and text, once.
pub fn carried(route: &str) -> Option<(String, String)> {
    let s = web_sys::window().and_then(|w| w.session_storage().ok().flatten())?;
    let kept = s.get_item(CARRIED).ok().flatten()?;
    s.remove_item(CARRIED).ok();
    let v: serde_json::Value = serde_json::from_str(&kept).ok()?;
    if v["route"] != route {
        return None;
    }
    Some((
        v["name"].as_str()?.to_string(),
        v["text"].as_str()?.to_string(),
    ))
}

/// Where [`keep`] keeps a page's own state over a [`switch`].
const KEPT: &str = "tabula.on-demand.kept.";

/// Keep `value` under `what` for the whole module the play module is
/// about to [`switch`] to (the same person goes on at the same device:
/// Star Tigris keeps the seat whose hand was on show, so that the game
/// comes back beneath the lessons without a second hand-off). Kept in the
/// tab's session storage until [`kept`] takes it. Does nothing in the
/// whole module, which switches to nothing.
pub fn keep(what: &str, value: &str) {
    if HERE {
        return;
    }
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        s.set_item(&format!("{KEPT}{what}"), value).ok();
    }
}

/// What [`keep`] kept under `what` before the switch, once.
pub fn kept(what: &str) -> Option<String> {
    let s = web_sys::window().and_then(|w| w.session_storage().ok().flatten())?;
    let key = format!("{KEPT}{what}");
    let value = s.get_item(&key).ok().flatten()?;
    s.remove_item(&key).ok();
    Some(value)
}

/// Whether the page was loaded at exactly `route` (the address a
/// [`switch`] gave it, such as `#online`); the address then loses it, so
/// that a later reload starts the page's game. The page opens that screen.
pub fn arrived(route: &str) -> bool {
    if crate::dom::fragment() != route {
        return false;
    }
    if let Some(w) = web_sys::window()
        && let Ok(h) = w.history()
    {
        h.replace_state_with_url(&JsValue::NULL, "", Some(&crate::dom::page_url()))
            .ok();
    }
    true
}

fn reload() {
    if let Some(w) = web_sys::window() {
        w.location().reload().ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_is_asked_for_by_itself_or_an_address_below_it() {
        let routes = ["#lessons", "#lesson=", "#online"];
        assert!(asks_for("#lessons", &routes));
        assert!(asks_for("#lessons/first-moves", &routes));
        assert!(asks_for("#lesson%3Dabc", &routes));
        assert!(asks_for("#online=ROOM", &routes));
        assert!(!asks_for("#game=abc", &routes));
        assert!(!asks_for("", &routes));
    }
}
