//! The Catan page's AI worker: `tabula_worker::serve` for Catan. The
//! messages are those of [`tabula_worker::protocol`]; a request carries
//! one seat's `tabula_catan::View`, never the state.

/// Start the worker for Catan.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    tabula_worker::serve::<tabula_catan::Catan>();
}
