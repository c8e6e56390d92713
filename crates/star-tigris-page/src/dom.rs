//! Small helpers for building the page with the DOM API (shared with
//! every Tabula page, in `tabula-page-kit`), and the seat colour dot.

pub use tabula_page_kit::dom::*;

/// A seat's colour dot, beside its name.
pub fn swatch(seat: u8) -> El {
    colour_dot(crate::palette::SEAT_COLOURS[seat as usize % 4])
}
