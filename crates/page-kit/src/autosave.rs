//! The game in progress kept in this browser, one way on every page: its
//! record's JSON under the page's key after every action, resumed when
//! the page opens. A browser that refuses to keep it is said (save the
//! game to a file instead). A kept game that can no longer be resumed (a
//! damaged save, a record of rules since changed) is never dropped: it
//! is set aside under a key of its own, the page says why, and a button
//! downloads it.

use std::cell::Cell;

use crate::browser::local_storage;
use crate::dom::{El, button};
use crate::i18n::{t, tf};

thread_local! {
    /// Whether a kept game was set aside since the page opened (its button
    /// is offered with what was said then, not on every later visit).
    static SET_ASIDE: Cell<bool> = const { Cell::new(false) };
    /// Whether the browser refused the last time (said once, not after
    /// every action).
    static REFUSED: Cell<bool> = const { Cell::new(false) };
}

/// A page's place for its game in progress.
#[derive(Clone, Copy, Debug)]
pub struct Autosave {
    /// The storage key of the game in progress.
    pub key: &'static str,
}

impl Autosave {
    /// Where a kept game that cannot be resumed is set aside.
    fn aside_key(&self) -> String {
        format!("{}.unreadable", self.key)
    }

    /// Keep the game's record (its JSON) after an action; the words to say
    /// when the browser refuses (its storage off or full), the first time
    /// in a row only (a refusal is said once, not after every action).
    pub fn keep(&self, json: &str) -> Result<(), String> {
        let kept = local_storage().is_some_and(|s| s.set_item(self.key, json).is_ok());
        let said_before = REFUSED.with(|r| r.replace(!kept));
        if kept || said_before {
            Ok(())
        } else {
            Err(t("autosave-refused"))
        }
    }

    /// The kept game, read by `open` (the page's reader of a record's
    /// text, its refusal in the page's words); `Ok(None)` when none is
    /// kept. One that `open` refuses is set aside and forgotten, and the
    /// words to say are the error: why, and where to download it.
    pub fn resume<T>(
        &self,
        open: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        let Some(store) = local_storage() else {
            return Ok(None);
        };
        let Ok(Some(text)) = store.get_item(self.key) else {
            return Ok(None);
        };
        match open(&text) {
            Ok(game) => Ok(Some(game)),
            Err(why) => {
                store.set_item(&self.aside_key(), &text).ok();
                store.remove_item(self.key).ok();
                SET_ASIDE.with(|s| s.set(true));
                Err(tf("autosave-unreadable", &[("why", &why)]))
            }
        }
    }

    /// The button that downloads the game set aside (`#broken-save`,
    /// running `cmd`), when one was set aside since the page opened (it
    /// stays in the browser's storage until another is set aside).
    pub fn set_aside_button(&self, cmd: &str) -> Option<El> {
        let kept = SET_ASIDE.with(Cell::get)
            && local_storage()
                .and_then(|s| s.get_item(&self.aside_key()).ok().flatten())
                .is_some();
        kept.then(|| button(&t("broken-save"), cmd).attr("id", "broken-save"))
    }

    /// Download the game set aside as the file `file_name`.
    pub fn download_set_aside(&self, file_name: &str) {
        if let Some(text) =
            local_storage().and_then(|s| s.get_item(&self.aside_key()).ok().flatten())
        {
            crate::records::save(&text, file_name);
        }
    }
}
