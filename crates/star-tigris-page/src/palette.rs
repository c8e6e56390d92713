//! Colours and names for seats and kinds. Each kind also has a glyph shape
//! (see `board.rs`), so nothing relies on colour alone.

use tabula_star_tigris::Kind;

/// Seat colours (leaders, name swatches), chosen apart from the kind colours.
pub const SEAT_COLOURS: [&str; 4] = ["#f28e2b", "#9467bd", "#17becf", "#e6b400"];

// Default seat names, matching the colours, are the kit's
// (`tabula_page_kit::players::colour_name`), said in either language.

/// The colour of a kind's colonies: settlers black, scientists red,
/// merchants green, mining robots blue (as in the original proposal).
pub fn kind_colour(k: Kind) -> &'static str {
    match k {
        Kind::Settler => "#3a3a3a",
        Kind::Scientist => "#d62728",
        Kind::Merchant => "#2e8b3a",
        Kind::Mining => "#1f6fb4",
    }
}

/// A kind's name with a capital, for the page.
pub fn kind_title(k: Kind) -> String {
    tabula_page_kit::letters::capitalised(&crate::describe::word("kind", k))
}

/// A one-character glyph for a kind in text (panel buttons, log).
pub fn kind_symbol(k: Kind) -> &'static str {
    match k {
        Kind::Settler => "⌂",
        Kind::Scientist => "◎",
        Kind::Merchant => "◆",
        Kind::Mining => "▲",
    }
}

#[cfg(test)]
mod tests {
    /// Every seat pair is told apart without its colours: a leader
    /// carries its seat's number (issue 44; docs/accessibility.md).
    #[test]
    fn seats_are_told_apart_under_every_colour_vision() {
        let seats: Vec<(&str, &str)> = super::SEAT_COLOURS
            .iter()
            .zip(["1", "2", "3", "4"])
            .map(|(c, m)| (*c, m))
            .collect();
        let alike = tabula_page_kit::colour_check::seats_alike(&seats, 10.0);
        assert!(alike.is_empty(), "{alike:?}");
    }
}
