//! Game records on a page, wired once for every game: the link a game
//! travels in (`#game=…`: opened when the page starts with one, made and
//! copied to share a game), a record saved as a file, and files opened —
//! chosen in a picker or dropped on the page — with a size limit. Every
//! refusal is said in plain words through [`error_words`](crate::error_words),
//! in the page's language; what a page does with an opened record (a
//! replay, a game to play on) stays with the page.

use tabula_engine::link::{record_fragment, record_text_from_fragment};
use tabula_engine::{GameRecord, Ruleset};
use wasm_bindgen::JsCast;

use crate::error_words::RulesetWords;

/// The address that opens `record` on this page: the page's address and
/// the game's moves packed into a `#game=…` fragment.
pub fn link<G: Ruleset>(record: &GameRecord) -> String {
    format!(
        "{}#{}",
        crate::dom::page_url(),
        record_fragment::<G>(record)
    )
}

/// Share `record`: its [`link`], copied to the clipboard and returned
/// (for the page to show).
pub fn share<G: Ruleset>(record: &GameRecord) -> String {
    let link = link::<G>(record);
    crate::dom::copy_text(&link);
    link
}

/// Save a record's JSON as the download `file_name`.
pub fn save(json: &str, file_name: &str) {
    crate::dom::download(json, "application/json", file_name);
}

/// The game of the `#game=…` link the page was opened with: `None` when
/// its address holds no game link; else (the fragment taken out of the
/// address, so a reload does not open it again) the record's JSON, or why
/// it cannot be read in the page's words (a damaged link, a move that
/// does not unpack, a refused move with its step).
pub fn from_address<W: RulesetWords>() -> Option<Result<String, String>> {
    let opened = record_text_from_fragment::<W::Game>(&crate::dom::fragment())?;
    crate::dom::consume_fragment();
    Some(opened.map_err(|e| crate::error_words::fragment::<W>(&e)))
}

/// Hand every file dropped anywhere on the page to `open` (the browser's
/// own handling, leaving the page for the file, is stopped).
pub fn on_drop(open: impl Fn(web_sys::File) + 'static) {
    let doc = crate::dom::document();
    crate::dom::listen::<web_sys::Event>(&doc, "dragover", |e| e.prevent_default());
    crate::dom::listen::<web_sys::DragEvent>(&doc, "drop", move |e| {
        e.prevent_default();
        if let Some(f) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            open(f);
        }
    });
}

/// The file chosen in the file picker of an `input` or `change` event,
/// taken out of the picker (so the same file can be chosen again).
pub fn chosen(e: &web_sys::Event) -> Option<web_sys::File> {
    let input = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())?;
    let file = input.files().and_then(|f| f.get(0));
    input.set_value("");
    file
}

/// Hand every file chosen in the file picker `input_id` to `open`.
pub fn on_chosen(input_id: &str, open: impl Fn(web_sys::File) + 'static) {
    if let Some(input) = crate::dom::by_id(input_id) {
        crate::dom::listen::<web_sys::Event>(&input, "change", move |e| {
            if let Some(f) = chosen(&e) {
                open(f);
            }
        });
    }
}
