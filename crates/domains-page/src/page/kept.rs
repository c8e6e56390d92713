//! Keeping the game in progress in the browser's storage and resuming it
//! after a reload (see [`crate::autosave`]). The game is forgotten when it
//! ends, is stopped, or another game is started or opened; a tab touches
//! the kept game only while it holds it.

use tabula_page_kit::dom::local_storage;

use super::Page;
use crate::autosave::{ASIDE_KEY, Kept, STORAGE_KEY, VERSION, held_by, keep};
use crate::words::t;

/// The session-storage key of this tab's id.
const TAB_KEY: &str = "tabula.domains.tab";

/// This tab's id (kept for the tab's life, reloads included).
fn tab_id() -> String {
    let session = web_sys::window().and_then(|w| w.session_storage().ok().flatten());
    if let Some(id) = session
        .as_ref()
        .and_then(|s| s.get_item(TAB_KEY).ok().flatten())
    {
        return id;
    }
    let id = format!(
        "{:x}-{:x}",
        js_sys::Date::now() as u64,
        (js_sys::Math::random() * 4_294_967_296.0) as u64
    );
    if let Some(s) = session {
        s.set_item(TAB_KEY, &id).ok();
    }
    id
}

/// The kept game's text, if there is one.
pub(super) fn stored() -> Option<String> {
    local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
}

/// Whether this tab holds the kept game.
fn ours() -> bool {
    held_by(stored().as_deref()).is_some_and(|t| t == tab_id())
}

/// Keep the game so far (a `game=DATA` fragment from the worker, and the
/// seats skipped so far). The first save of a game claims the place;
/// later ones write only while this tab still holds it.
pub fn store(p: &mut Page, fragment: &str, skips: &[(u8, usize)]) {
    let Some(r) = p.running.as_ref() else { return };
    let tab = tab_id();
    if !p.keep_claim && !ours() {
        if !p.keep_lost {
            p.keep_lost = true;
            p.note(t("domains-kept-elsewhere"), false);
        }
        return;
    }
    let text = keep(&Kept {
        version: VERSION,
        game: fragment.to_string(),
        codes: r.kept_codes().to_vec(),
        limit: r.limit,
        skips: skips.to_vec(),
        tab,
    });
    let written = local_storage().is_some_and(|s| s.set_item(STORAGE_KEY, &text).is_ok());
    if written {
        let played = p
            .film
            .as_ref()
            .map_or(0, |f| f.frames.len().saturating_sub(1));
        let (round, rounds) = (played.to_string(), r.rounds.to_string());
        tabula_page_kit::resume_note::set(
            "domains",
            Some((
                "continue-domains",
                &[("round", &round), ("rounds", &rounds)],
            )),
        );
        p.keep_claim = false;
        return;
    }
    // An older save of this game must not come back on a reload.
    forget();
    if !p.keep_failed {
        p.keep_failed = true;
        p.note(t("domains-kept-failed"), true);
    }
}

/// Forget the kept game, if this tab holds it.
pub fn forget() {
    if ours()
        && let Some(s) = local_storage()
    {
        s.remove_item(STORAGE_KEY).ok();
        tabula_page_kit::resume_note::set("domains", None);
    }
}

/// Move the kept game aside, if this tab holds it (the game could not go
/// on).
pub fn set_aside_current() {
    if ours()
        && let Some(text) = stored()
    {
        set_aside(&text);
    }
}

/// Move a kept game aside under a key of its own (never deleted), and
/// name the key.
pub(super) fn set_aside(text: &str) -> String {
    let key = format!("{ASIDE_KEY}.{}", js_sys::Date::now() as u64);
    if let Some(s) = local_storage() {
        s.set_item(&key, text).ok();
        s.remove_item(STORAGE_KEY).ok();
        tabula_page_kit::resume_note::set("domains", None);
    }
    key
}
