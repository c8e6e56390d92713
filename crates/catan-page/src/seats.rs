//! How the seats look: each seat's colour, and the number every piece of
//! it carries besides (settlements, cities, knights and roads), so that
//! seats are told apart without their colours.

/// Each seat's colour: its fill and the ink on it.
pub const SEAT_COLOURS: [(&str, &str); 4] = [
    ("#c0392b", "#ffffff"),
    ("#1f5fbf", "#ffffff"),
    ("#f4f4f4", "#111111"),
    ("#e67e22", "#111111"),
];

#[cfg(test)]
mod tests {
    /// Every seat pair is told apart without its colours: every piece
    /// (settlement, city, knight, road) carries its seat's number
    /// (issue 44; docs/accessibility.md).
    #[test]
    fn seats_are_told_apart_under_every_colour_vision() {
        let marks = ["1", "2", "3", "4"];
        let seats: Vec<(&str, &str)> = super::SEAT_COLOURS
            .iter()
            .zip(marks)
            .map(|((fill, _), m)| (*fill, m))
            .collect();
        let alike = tabula_page_kit::colour_check::seats_alike(&seats, 10.0);
        assert!(alike.is_empty(), "{alike:?}");
        // Without the numbers, colour alone would not do.
        let bare: Vec<(&str, &str)> = seats.iter().map(|(c, _)| (*c, "")).collect();
        assert!(!tabula_page_kit::colour_check::seats_alike(&bare, 10.0).is_empty());
    }
}
