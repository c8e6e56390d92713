//! The Catan page's whole module: the page crate with everything
//! (its start and its exports come with it); trunk builds it beside the
//! page's play module (page kit, `on_demand`).

pub use tabula_catan_page::*;
