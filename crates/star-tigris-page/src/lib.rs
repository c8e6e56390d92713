//! The Tabula page, compiled to WebAssembly: a Star Tigris game for 2–4
//! people passing one device, drawn on a canvas.
//!
//! The page holds no rules: every legal target comes from the engine
//! (`tabula-star-tigris`), and every action goes through its checked path.

pub mod app;
pub mod author_view;
pub mod board;
pub mod describe;
pub mod dom;
pub mod editor;
pub mod editor_view;
pub mod game_file;
pub mod kind_words;
pub mod lesson_author;
pub mod lesson_words;
pub mod lessons;
pub mod library;
pub mod map_editor;
pub mod palette;
pub mod region_tags;
pub mod replay;
pub mod replay_view;
pub mod rule_words;
pub mod session;
pub mod ui;

/// The maps shipped with the page.
pub mod maps {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

    use tabula_page_kit::i18n::t;

    /// A shipped map's name in the page's language, or the name itself for a
    /// map the catalogue does not know.
    pub fn map_name(name: &str) -> String {
        const NAMES: [(&str, &str); 5] = [
            ("default", "map-default"),
            ("four", "map-four"),
            ("open", "map-open"),
            ("rift", "map-rift"),
            ("small", "map-small"),
        ];
        match NAMES.iter().find(|(n, _)| *n == name) {
            Some((_, key)) => t(key),
            None => name.to_string(),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod ai_link;
#[cfg(target_arch = "wasm32")]
mod editor_events;
#[cfg(target_arch = "wasm32")]
mod events;
#[cfg(target_arch = "wasm32")]
mod game_events;
#[cfg(target_arch = "wasm32")]
mod lesson_events;
#[cfg(target_arch = "wasm32")]
mod online_game;
#[cfg(target_arch = "wasm32")]
mod state;
#[cfg(target_arch = "wasm32")]
mod storage;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Give the page kit's catalogue this page's words: the game's and, in
/// the page's whole module (page kit, `on_demand`), its editors' and
/// lessons', in English and German.
pub fn add_words() {
    use tabula_page_kit::i18n::add;
    add(
        include_str!("../../../www/i18n/star-tigris/en.txt"),
        include_str!("../../../www/i18n/star-tigris/de.txt"),
    );
    if !tabula_page_kit::on_demand::HERE {
        return;
    }
    add(
        include_str!("../../../www/i18n/star-tigris-editor/en.txt"),
        include_str!("../../../www/i18n/star-tigris-editor/de.txt"),
    );
    add(
        include_str!("../../../www/i18n/star-tigris-lessons/en.txt"),
        include_str!("../../../www/i18n/star-tigris-lessons/de.txt"),
    );
}

/// Start the page: wire the events and show the new-game dialog.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() {
    // The lessons are the page kit's, shown over the page (which starts
    // beneath them: the lesson list leads to its rules page and writer).
    tabula_page_kit::start::page(
        tabula_page_kit::start::InModule(add_words),
        || {
            tabula_page_kit::lesson_screen::install(lessons::Board);
            false
        },
        events::install,
    );
}

/// Start the AI worker: this module, loaded again in a web worker by the
/// page, answers requests for one seat's view with a bot's action (one
/// download for page and AI).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn ai_worker_start() {
    tabula_page_kit::start::worker::<tabula_star_tigris::StarTigris>();
}

/// Replay a game record's JSON through the checked path, as the page does
/// when it opens one: its final state hash, or why it is refused. Tests
/// compare this with `tabula record verify` to show that a record replays
/// the same in WebAssembly as natively.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn verify_record(json: &str) -> Result<String, String> {
    let record = game_file::read_record(json).map_err(|e| e.to_string())?;
    let game: tabula_star_tigris::StarTigris =
        tabula_engine::record::replay(&record).map_err(|e| e.to_string())?;
    Ok(tabula_engine::Game::state_hash(&game).to_string())
}

/// The `#game=…` fragment that carries a game record's JSON in a link (the
/// same packing as the page's "Copy a link"), for the record benchmark.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn game_link_fragment(json: &str) -> Result<String, String> {
    let record = game_file::read_record(json).map_err(|e| e.to_string())?;
    Ok(game_file::game_fragment(&record))
}
