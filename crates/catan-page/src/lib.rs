//! The Catan page: the hex map editor. A designer paints fields, places
//! and turns harbours, places the barbarian fields, fixes number tokens,
//! grows or shrinks the sea, and sees every check of the course server
//! (`tabula_catan::check_board`) as they draw; maps open from files,
//! pastes and links, download in the course format, share as links and
//! are kept in the browser. For play, [`spots`] places the game's
//! corners, sides and hexes on the canvas and the engine's legal actions
//! on them; [`game_words`] says a game in English and German, and the
//! game screen (`game_screen`, `game_draw`) plays it at this device
//! with people and AIs (the AIs in `tabula-catan-worker`).
//!
//! The page holds no rules: it edits a `tabula_catan::Board` and asks the
//! crate what is wrong with it.

pub mod game_words;
pub mod library;
pub mod model;
pub mod replay;
pub mod spots;
pub mod table;
pub mod words;

#[cfg(target_arch = "wasm32")]
mod draw;
#[cfg(target_arch = "wasm32")]
mod game_draw;
#[cfg(target_arch = "wasm32")]
mod game_screen;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod replay_screen;

/// Give the page kit's catalogue this page's words, in English and German.
pub fn add_words() {
    tabula_page_kit::i18n::add(
        include_str!("../../../www/i18n/catan/en.txt"),
        include_str!("../../../www/i18n/catan/de.txt"),
    );
}

/// Start the page.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    add_words();
    tabula_page_kit::i18n::apply();
    page::install();
}
