//! The browser's local storage: the designer's saved maps. Storage can be
//! missing (private windows), full, or hold something unreadable; each case
//! is reported, and an unreadable library is set aside, never dropped.

use crate::dom::local_storage;
use crate::library::{Library, SET_ASIDE_KEY, STORAGE_KEY};
use tabula_page_kit::i18n::{t, tf};

/// The saved maps, and what to tell the designer about them.
pub fn load_library() -> (Library, Option<String>) {
    let Some(store) = local_storage() else {
        return (Library::default(), Some(t("maps-no-storage")));
    };
    let Ok(Some(json)) = store.get_item(STORAGE_KEY) else {
        return (Library::default(), None);
    };
    match crate::library::load(&json) {
        Ok((lib, bad)) if bad.is_empty() => (lib, None),
        Ok((lib, bad)) => {
            store.set_item(SET_ASIDE_KEY, &json).ok();
            (
                lib,
                Some(tf("maps-some-unreadable", &[("which", &bad.join("; "))])),
            )
        }
        Err(e) => {
            store.set_item(SET_ASIDE_KEY, &json).ok();
            store.remove_item(STORAGE_KEY).ok();
            (
                Library::default(),
                Some(tf(
                    "maps-unreadable",
                    &[("why", &e), ("key", SET_ASIDE_KEY)],
                )),
            )
        }
    }
}

/// Save the maps; an error says why (e.g. the storage is full).
pub fn save_library(lib: &Library) -> Result<(), String> {
    let store = local_storage().ok_or_else(|| t("no-storage"))?;
    store
        .set_item(STORAGE_KEY, &lib.to_json())
        .map_err(|_| t("maps-refused"))
}
