//! The browser's few handles every part of the kit starts from: the
//! document, an element by its id, local storage. They import nothing of
//! the kit, so any module may use them (`dom` gives them on).

use web_sys::{Document, Element};

/// The page's document.
pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// The element with this id.
pub fn by_id(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// The browser's local storage, if the page may use it.
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
