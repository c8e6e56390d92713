//! A board a keyboard and a screen reader explore, for every game's page:
//! the board element takes the focus; the arrow keys move a cursor from
//! place to place (squares, hexes, corners: whatever the game's places
//! are) and each place reached is said in the words a player sees — what
//! is there and what it does; `S` says the whole board in a few
//! sentences. The page supplies its places through [`Explore`]; the
//! cursor and the saying are here, once.
//!
//! What is said goes to a polite live region of its own ([`REGION`],
//! made when the page has none), so the cursor's words never mix with
//! the game's news.

use crate::dom::by_id;

/// The id of the live region the cursor's words are said in.
pub const REGION: &str = "explore-said";

/// A board's places, as a page explores them.
pub trait Explore {
    /// How many places the board has (numbered from 0).
    fn places(&self) -> usize;
    /// The place an arrow key (`ArrowUp`, `ArrowRight`, …) or `Home` /
    /// `End` leads to from `from`, if any.
    fn step(&self, from: usize, key: &str) -> Option<usize>;
    /// Where the cursor starts (the game's piece, say).
    fn start(&self) -> usize {
        0
    }
    /// What place `at` is and holds, in the words a player sees.
    fn describe(&self, at: usize) -> String;
    /// The whole board in a few sentences.
    fn summary(&self) -> String;
}

/// The step of a cursor on a grid of `rows` × `cols` places numbered row
/// by row: the arrows go one place (not past an edge), `Home` and `End`
/// to the row's first and last place.
pub fn grid_step(rows: usize, cols: usize, from: usize, key: &str) -> Option<usize> {
    if cols == 0 || from >= rows * cols {
        return None;
    }
    let (r, c) = (from / cols, from % cols);
    let (r, c) = match key {
        "ArrowUp" if r > 0 => (r - 1, c),
        "ArrowDown" if r + 1 < rows => (r + 1, c),
        "ArrowLeft" if c > 0 => (r, c - 1),
        "ArrowRight" if c + 1 < cols => (r, c + 1),
        "Home" => (r, 0),
        "End" => (r, cols - 1),
        _ => return None,
    };
    Some(r * cols + c)
}

/// What a key on the board does: the cursor's new place and the words to
/// say, or `None` when the key is not the explorer's. `cursor` is where
/// the cursor stands (`None`: not placed yet; the first arrow places it
/// at [`Explore::start`]).
pub fn key(
    board: &dyn Explore,
    cursor: Option<usize>,
    key: &str,
) -> Option<(Option<usize>, String)> {
    if matches!(key, "s" | "S") {
        return Some((cursor, board.summary()));
    }
    if !matches!(
        key,
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End"
    ) {
        return None;
    }
    let at = match cursor.filter(|&c| c < board.places()) {
        None => board.start().min(board.places().saturating_sub(1)),
        Some(c) => board.step(c, key).unwrap_or(c),
    };
    Some((Some(at), board.describe(at)))
}

/// Make the explorer's live region (visually hidden) if the page has
/// none; whether it was made just now. A page calls it as it starts, so
/// that the first words said are heard (a region is read only when its
/// text changes after it is there).
pub fn prepare() -> bool {
    if by_id(REGION).is_some() {
        return false;
    }
    let doc = crate::dom::document();
    if let (Ok(region), Some(body)) = (doc.create_element("p"), doc.body()) {
        region.set_id(REGION);
        region.set_class_name("sr-only");
        region.set_attribute("aria-live", "polite").ok();
        body.append_child(&region).ok();
    }
    true
}

/// Say `text` in the explorer's live region (made first when the page
/// has none, and then said a moment later so that it is heard).
pub fn say(text: &str) {
    if prepare() {
        let text = text.to_string();
        crate::dom::after(50.0, move || crate::announce::say(REGION, &text));
    } else {
        crate::announce::say(REGION, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Row(Vec<&'static str>);

    impl Explore for Row {
        fn places(&self) -> usize {
            self.0.len()
        }
        fn step(&self, from: usize, key: &str) -> Option<usize> {
            grid_step(1, self.0.len(), from, key)
        }
        fn start(&self) -> usize {
            1
        }
        fn describe(&self, at: usize) -> String {
            self.0[at].to_string()
        }
        fn summary(&self) -> String {
            format!("{} places", self.0.len())
        }
    }

    #[test]
    fn a_grid_cursor_stops_at_the_edges() {
        // 2 rows × 3 columns: 0 1 2 / 3 4 5.
        assert_eq!(grid_step(2, 3, 0, "ArrowRight"), Some(1));
        assert_eq!(grid_step(2, 3, 0, "ArrowDown"), Some(3));
        assert_eq!(grid_step(2, 3, 0, "ArrowUp"), None);
        assert_eq!(grid_step(2, 3, 2, "ArrowRight"), None);
        assert_eq!(grid_step(2, 3, 5, "ArrowDown"), None);
        assert_eq!(grid_step(2, 3, 4, "Home"), Some(3));
        assert_eq!(grid_step(2, 3, 3, "End"), Some(5));
        assert_eq!(grid_step(2, 3, 6, "ArrowLeft"), None, "off the board");
        assert_eq!(grid_step(2, 3, 0, "Enter"), None);
    }

    #[test]
    fn the_first_arrow_places_the_cursor_then_each_says_its_place() {
        let row = Row(vec!["a", "b", "c"]);
        assert_eq!(key(&row, None, "ArrowLeft"), Some((Some(1), "b".into())));
        assert_eq!(key(&row, Some(1), "ArrowLeft"), Some((Some(0), "a".into())));
        // At the edge the cursor stays, and its place is said again.
        assert_eq!(key(&row, Some(0), "ArrowLeft"), Some((Some(0), "a".into())));
        assert_eq!(key(&row, Some(0), "End"), Some((Some(2), "c".into())));
        assert_eq!(key(&row, Some(2), "s"), Some((Some(2), "3 places".into())));
        assert_eq!(key(&row, Some(2), "x"), None);
        // A cursor left from a larger board starts again.
        assert_eq!(key(&row, Some(9), "ArrowUp"), Some((Some(1), "b".into())));
    }
}
