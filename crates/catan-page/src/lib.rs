//! The Catan page: a game of Catan: Cities & Knights at this device with
//! people and AIs, its replays and records, and the hex map editor. The
//! page opens on a start screen (`page`); the game screen (`game_screen`,
//! `game_draw`) plays at this device (the AIs in a web worker running
//! this same module, [`ai_worker_start`]); [`spots`] places the game's
//! corners, sides and hexes on the canvas and the engine's legal actions
//! on them; [`game_words`] says a game in English and German. Online
//! (`online_game`, through the page kit's online play) the same board and
//! panel (`game_board`, `game_panel`) show a seat's view from a Tabula
//! server.
//!
//! The map editor (`editor_screen`, in the page's whole module only: page
//! kit, `on_demand`, at `#editor` or a `#map=` link) lets a designer
//! paint fields, place and turn harbours, place the barbarian fields, fix
//! number tokens, grow or shrink the sea, and see every check of the
//! course server (`tabula_catan::check_board`) as they draw; maps open
//! from files, pastes and links, download in the course format, share as
//! links and are kept in the browser.
//!
//! The page holds no rules: it asks the engine what is legal, and the
//! editor asks the crate what is wrong with a board.

pub mod board_explore;
pub mod device;
pub mod game_words;
pub mod library;
pub mod model;
pub mod offers;
pub mod places;
pub mod replay;
pub mod seats;
pub mod spots;
pub mod table;
pub mod words;

#[cfg(target_arch = "wasm32")]
mod draw;
#[cfg(target_arch = "wasm32")]
mod editor_screen;
#[cfg(target_arch = "wasm32")]
mod game_board;
#[cfg(target_arch = "wasm32")]
mod game_draw;
#[cfg(target_arch = "wasm32")]
mod game_panel;
#[cfg(target_arch = "wasm32")]
mod game_screen;
#[cfg(target_arch = "wasm32")]
mod lessons;
#[cfg(target_arch = "wasm32")]
mod online_game;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod replay_screen;

/// Give the page kit's catalogue this page's words, in English and German:
/// the game's and its map editor's (the native tests use it; the page
/// fetches them, [`start`]).
pub fn add_words() {
    add_play_words();
    tabula_page_kit::i18n::add(
        include_str!("../../../www/i18n/catan-editor/en.txt"),
        include_str!("../../../www/i18n/catan-editor/de.txt"),
    );
}

/// Give the page kit's catalogue the words the play module fetches (the
/// game's, without its map editor's), in English and German: the native
/// tests of what the play module says use it.
pub fn add_play_words() {
    tabula_page_kit::i18n::add(
        include_str!("../../../www/i18n/catan/en.txt"),
        include_str!("../../../www/i18n/catan/de.txt"),
    );
}

/// Start the page (in the page's window; in the AI worker, which runs
/// this same module, [`ai_worker_start`] starts the worker instead).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    // Only this language's words are downloaded (not both, in the module).
    tabula_page_kit::start::page(
        tabula_page_kit::start::Fetched {
            page: "catan",
            whole: &["catan-editor"],
        },
        || tabula_page_kit::lesson_screen::install(lessons::Board),
        page::install,
    );
}

/// Start the AI worker: this module, loaded again in a web worker by the
/// page, answers requests for one seat's view with a bot's action
/// ([`tabula_page_kit::ai_worker::serve`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn ai_worker_start() {
    tabula_page_kit::start::worker::<tabula_catan::Catan>();
}
