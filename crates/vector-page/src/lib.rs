//! The Vector page: four seats — people at this device or AIs — steer
//! one piece across the board. Directions are chosen one seat at a time
//! and shown to all at once; magnitudes are chosen in secret (a hand-off
//! between people) and revealed together. The board ([`draw`]) shows
//! every square's meaning in signs and words, the goals, and the last
//! round's moves as arrows in each seat's colour with its letter. The
//! AIs think from their seat's view in a web worker running this same
//! module ([`ai_worker_start`]).
//!
//! The page holds no rules: it asks `tabula_vector` what is legal and
//! plays through a `tabula_engine::record::Match`, whose record is kept
//! in the browser so a reload (or a change of language) resumes.

pub mod board_draft;
pub mod board_words;
pub mod js_bots;
pub mod signs;
pub mod slides;

#[cfg(target_arch = "wasm32")]
mod board_editor;
#[cfg(target_arch = "wasm32")]
mod draw;
#[cfg(target_arch = "wasm32")]
mod lessons;
#[cfg(target_arch = "wasm32")]
mod online_game;
#[cfg(target_arch = "wasm32")]
mod parts;
#[cfg(target_arch = "wasm32")]
mod play;
#[cfg(target_arch = "wasm32")]
mod seat_bots;
#[cfg(target_arch = "wasm32")]
mod show;
#[cfg(target_arch = "wasm32")]
mod tourney;

/// Give the page kit's catalogue this page's words, in English and German
/// (and the words of bots written in the page, which it seats).
pub fn add_words() {
    tabula_page_kit::bots::add_words();
    tabula_page_kit::i18n::add(
        include_str!("../../../www/i18n/vector/en.txt"),
        include_str!("../../../www/i18n/vector/de.txt"),
    );
}

/// Start the page.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    tabula_page_kit::start::page(
        tabula_page_kit::start::InModule(add_words),
        || tabula_page_kit::lesson_screen::install(lessons::Board),
        play::install,
    );
}

/// Start the AI worker: this module, loaded again in a web worker by the
/// page, answers requests for one seat's view with a bot's action.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn ai_worker_start() {
    tabula_page_kit::start::worker::<tabula_vector::Vector>();
}
