//! The Domains page: choose 2–4 seats (built-in bots, bots written in the
//! page in JavaScript, or a person), run the game in a web worker, and
//! watch and scrub it round by round; save it, share it as a link, and
//! open Tabula records and files of the original Domains program.
//!
//! One WebAssembly module plays two parts: loaded by `domains.html` it
//! builds the page; started again in a dedicated worker by the page kit's
//! one worker mechanism (`ai_worker::this_module`, entry
//! [`game_worker_start`]) it runs games ([`runner::Runner`]). Bots written in the page run in workers of their
//! own (see `sandbox`), never in this module.

pub mod autosave;
pub mod bot_library;
pub mod frames;
pub mod look;
pub mod orders;
pub mod refusals;
pub mod rule_options;
pub mod runner;
pub mod words;

#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod worker;

/// Start the page (in the game worker, which runs this same module,
/// [`game_worker_start`] starts the worker instead).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    tabula_page_kit::start::page(
        tabula_page_kit::start::InModule(words::add),
        page::lessons::install,
        page::install,
    );
}

/// Start the game worker: this module, loaded again in a web worker by
/// the page, plays the games the page asks for.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn game_worker_start() {
    console_error_panic_hook::set_once();
    words::add();
    worker::install();
}

/// Time `games` complete games of `seats` built-in `bot`s on the standard
/// board in WebAssembly (the benchmark of `tests/browser/domains-bench.mjs`,
/// the same loop as `tabula bench --ruleset domains`): JSON with the whole
/// time and the engine's part, in milliseconds.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_domains(bot: &str, seats: usize, games: u32, seed: u32) -> Result<String, String> {
    let perf = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or("no performance clock")?;
    let clock = move || perf.now();
    let r = tabula_domains::bench::bench_games(bot, seats, games as u64, seed as u64, &clock)?;
    serde_json::to_string(&r).map_err(|e| e.to_string())
}
