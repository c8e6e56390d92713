//! The Vector page's AI worker: `tabula_worker::serve` for Vector. The
//! messages are those of [`tabula_worker::protocol`]; a request carries
//! one seat's `tabula_vector::View` (the others' magnitudes of the round
//! left out), never the state.

/// Start the worker for Vector.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    tabula_worker::serve::<tabula_vector::Vector>();
}
