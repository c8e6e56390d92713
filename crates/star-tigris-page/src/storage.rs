//! The browser's local storage: the designer's saved maps. Storage can be
//! missing (private windows), full, or hold something unreadable; each case
//! is reported, and an unreadable library is set aside, never dropped.

use crate::dom::local_storage;
use crate::library::{Library, SET_ASIDE_KEY, STORAGE_KEY};

/// The saved maps, and what to tell the designer about them.
pub fn load_library() -> (Library, Option<String>) {
    let Some(store) = local_storage() else {
        return (
            Library::new(),
            Some("This browser keeps no storage for the page: maps are lost on reload. Download them to keep them.".into()),
        );
    };
    let Ok(Some(json)) = store.get_item(STORAGE_KEY) else {
        return (Library::new(), None);
    };
    match Library::load(&json) {
        Ok((lib, bad)) if bad.is_empty() => (lib, None),
        Ok((lib, bad)) => {
            store.set_item(SET_ASIDE_KEY, &json).ok();
            (
                lib,
                Some(format!(
                    "Some saved maps could not be read and were set aside: {}",
                    bad.join("; ")
                )),
            )
        }
        Err(e) => {
            store.set_item(SET_ASIDE_KEY, &json).ok();
            store.remove_item(STORAGE_KEY).ok();
            (
                Library::new(),
                Some(format!(
                    "The saved maps could not be read ({e}); they were set aside under “{SET_ASIDE_KEY}” in the browser's storage."
                )),
            )
        }
    }
}

/// Save the maps; an error says why (e.g. the storage is full).
pub fn save_library(lib: &Library) -> Result<(), String> {
    let store = local_storage().ok_or("this browser keeps no storage for the page")?;
    store
        .set_item(STORAGE_KEY, &lib.to_json())
        .map_err(|_| "the browser refused to store the maps (its storage may be full)".to_string())
}
