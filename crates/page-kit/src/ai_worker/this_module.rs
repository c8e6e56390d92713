//! A web worker started on the page's own WebAssembly module: one
//! download serves the page and its workers. The worker's script, the
//! site's `page-worker.js` (a few hundred bytes), imports the page's
//! JavaScript glue, loads the page's WebAssembly from its address (the
//! browser's cache has it) and calls one function the page exports; the
//! worker's name tells it which. No message is needed to start it, so the
//! first message a worker gets is the page's first request.

use wasm_bindgen::prelude::*;
use web_sys::{Worker, WorkerOptions, WorkerType};

#[wasm_bindgen]
extern "C" {
    type ImportMeta;

    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;

    /// `import.meta` of the page's JavaScript glue (wasm-bindgen writes
    /// every import into it), so its address.
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
}

/// The address of the module beside its glue: wasm-bindgen names them
/// `<name>.js` and `<name>_bg.wasm` (trunk keeps the pair, its content
/// hash in `<name>`).
pub fn wasm_beside(glue: &str) -> String {
    let (path, query) = match glue.find(['?', '#']) {
        Some(i) => glue.split_at(i),
        None => (glue, ""),
    };
    let stem = path.strip_suffix(".js").unwrap_or(path);
    format!("{stem}_bg.wasm{query}")
}

/// The site's worker script, beside the page's files (`www/page-worker.js`,
/// copied by `scripts/build-web.sh`): a file of the site rather than a
/// made-up address, so the page asks nothing of any other origin.
pub const SCRIPT: &str = "page-worker.js";

/// The worker's address: [`SCRIPT`] beside the page's glue.
pub fn worker_url(glue: &str) -> String {
    let dir = match glue.find(['?', '#']) {
        Some(i) => &glue[..i],
        None => glue,
    };
    let dir = dir.rfind('/').map_or("", |i| &dir[..=i]);
    format!("{dir}{SCRIPT}")
}

/// The worker's name, which tells [`SCRIPT`] the glue, the module and the
/// export to start (as JSON: a query on the address would be lost when
/// the service worker answers from its cache, offline).
pub fn worker_name(glue: &str, entry: &str) -> String {
    serde_json::json!({ "glue": glue, "wasm": wasm_beside(glue), "entry": entry }).to_string()
}

/// Start a worker on this page's module, running its export `entry` (a
/// `#[wasm_bindgen]` function of the page crate). The page's `start`
/// runs first in the worker too and must do nothing there
/// ([`in_worker`](super::in_worker)). `Err` says why the browser refused.
pub fn start(entry: &str) -> Result<Worker, JsValue> {
    let glue = IMPORT_META.with(ImportMeta::url);
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    options.set_name(&worker_name(&glue, entry));
    Worker::new_with_options(&worker_url(&glue), &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_is_found_beside_its_glue() {
        assert_eq!(
            wasm_beside("http://h/games/tabula-catan-page-1f2e.js"),
            "http://h/games/tabula-catan-page-1f2e_bg.wasm"
        );
        assert_eq!(wasm_beside("./a.js?v=2"), "./a_bg.wasm?v=2");
    }

    #[test]
    fn the_worker_is_the_site_s_script_named_with_the_glue_the_module_and_the_export() {
        let glue = "http://h/games/t/p-1f.js?x#y";
        assert_eq!(worker_url(glue), "http://h/games/t/page-worker.js");
        let name: serde_json::Value =
            serde_json::from_str(&worker_name("http://h/t/p-1f.js", "ai_worker_start")).unwrap();
        assert_eq!(name["glue"], "http://h/t/p-1f.js");
        assert_eq!(name["wasm"], "http://h/t/p-1f_bg.wasm");
        assert_eq!(name["entry"], "ai_worker_start");
    }
}
