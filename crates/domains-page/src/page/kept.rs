//! Keeping the game in progress in the browser's storage and resuming it
//! after a reload (see [`crate::autosave`]). The game is forgotten when it
//! ends, is stopped, or another game is started or opened.

use tabula_page_kit::dom::local_storage;

use super::Page;
use super::game;
use crate::autosave::{ASIDE_KEY, STORAGE_KEY, keep, read_kept};

/// Keep the game so far (a `game=DATA` fragment from the worker).
pub fn store(p: &mut Page, fragment: &str) {
    let Some(r) = p.running.as_ref() else { return };
    let text = keep(fragment, r.codes(), r.limit);
    let stored = local_storage().is_some_and(|s| s.set_item(STORAGE_KEY, &text).is_ok());
    if !stored && !p.keep_failed {
        p.keep_failed = true;
        p.note(
            "This browser does not keep the game (storage is off or full): a reload would lose it.",
            true,
        );
    }
}

/// Forget the kept game.
pub fn forget() {
    if let Some(s) = local_storage() {
        s.remove_item(STORAGE_KEY).ok();
    }
}

/// Move the kept game aside, if there is one (the game could not go on).
pub fn set_aside_current() {
    if let Some(text) = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()) {
        set_aside(&text);
    }
}

/// Move the kept game aside (it could not be resumed), keeping it.
fn set_aside(text: &str) {
    if let Some(s) = local_storage() {
        s.set_item(ASIDE_KEY, text).ok();
        s.remove_item(STORAGE_KEY).ok();
    }
}

/// Resume the game kept in this browser, if there is one; `true` when a
/// game was resumed. One that cannot be is set aside and said.
pub fn resume() -> bool {
    let Some(text) = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()) else {
        return false;
    };
    match read_kept(&text) {
        Ok(res) => {
            let actions = res.record.actions.len();
            game::start_resumed(res);
            super::with_page(|p| {
                p.note(
                    format!(
                        "Resumed the game kept in this browser ({actions} orders given so far)."
                    ),
                    false,
                )
            });
            true
        }
        Err(why) => {
            set_aside(&text);
            super::with_page(|p| {
                p.note(
                    format!(
                        "The game kept in this browser could not be resumed: {why}. It was set aside in the browser's storage under {ASIDE_KEY}."
                    ),
                    true,
                )
            });
            false
        }
    }
}
