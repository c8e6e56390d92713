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
    /// Whether the player can act at place `at` now (`N` and `P` go to
    /// the next and the previous such place).
    fn acts(&self, _at: usize) -> bool {
        false
    }
    /// What `N` and `P` say when the player can act nowhere on the board.
    fn nothing_to_do(&self) -> String {
        crate::i18n::t("explore-nothing-to-do")
    }
}

/// The step of a cursor among places that lie anywhere on the board
/// (`points`: each place's centre, x to the right, y down), as on a hex
/// board whose hexes, corners and sides are all places: an arrow goes to
/// the nearest place that way (less than 60° off the arrow, the nearer to
/// its line the better), `Home` and `End` as far left or right as the arrows
/// go from here. `None` when nothing lies that way.
pub fn nearest_step(points: &[(f64, f64)], from: usize, key: &str) -> Option<usize> {
    let &(fx, fy) = points.get(from)?;
    let (ux, uy) = match key {
        "ArrowUp" => (0.0, -1.0),
        "ArrowDown" => (0.0, 1.0),
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowRight" => (1.0, 0.0),
        "Home" | "End" => {
            let arrow = if key == "Home" {
                "ArrowLeft"
            } else {
                "ArrowRight"
            };
            let mut at = nearest_step(points, from, arrow)?;
            // Each step goes strictly that way, so the walk ends.
            while let Some(next) = nearest_step(points, at, arrow) {
                at = next;
            }
            return Some(at);
        }
        _ => return None,
    };
    let mut best: Option<(f64, usize)> = None;
    for (i, &(x, y)) in points.iter().enumerate() {
        let (dx, dy) = (x - fx, y - fy);
        let along = dx * ux + dy * uy;
        let across = (dx * uy - dy * ux).abs();
        // Less than 60° off the arrow (tan 60° ≈ 1.732): a place exactly
        // 60° off, as the hex board has many, is not that way.
        if i == from || along <= 1e-9 || across > along * 1.7 {
            continue;
        }
        let score = along + 2.0 * across;
        if best.is_none_or(|(b, _)| score < b - 1e-9) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
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
    if matches!(key, "n" | "N" | "p" | "P") {
        let n = board.places();
        let forward = matches!(key, "n" | "N");
        let from = cursor.filter(|&c| c < n);
        let found = (1..=n).find_map(|k| {
            let at = match (from, forward) {
                (None, true) => k - 1,
                (None, false) => n - k,
                (Some(c), true) => (c + k) % n,
                (Some(c), false) => (c + n - k % n) % n,
            };
            board.acts(at).then_some(at)
        });
        return Some(match found {
            Some(at) => (Some(at), board.describe(at)),
            None => (cursor, board.nothing_to_do()),
        });
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
/// has none, and then said a moment later so that it is heard), whole:
/// a person asked for it.
pub fn say(text: &str) {
    if prepare() {
        let text = text.to_string();
        crate::dom::after(50.0, move || crate::announce::say_whole(REGION, &text));
    } else {
        crate::announce::say_whole(REGION, text);
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
        fn acts(&self, at: usize) -> bool {
            self.0[at].starts_with('!')
        }
        fn nothing_to_do(&self) -> String {
            "nothing".into()
        }
    }

    /// A hex of side 1 with its six corners and six sides' middles
    /// (flat-topped, y down), as a hex board's places lie.
    fn hex_places() -> Vec<(f64, f64)> {
        let mut p = vec![(0.0, 0.0)];
        for k in 0..6 {
            let a = std::f64::consts::PI / 3.0 * f64::from(k);
            p.push((a.cos(), a.sin()));
            let m = a + std::f64::consts::PI / 6.0;
            p.push((0.866 * m.cos(), 0.866 * m.sin()));
        }
        p
    }

    #[test]
    fn on_a_hex_the_arrows_go_to_the_nearest_place_that_way() {
        let p = hex_places();
        // From the centre: right to the east corner (1), down to the
        // south side's middle, up to the north side's middle.
        assert_eq!(nearest_step(&p, 0, "ArrowRight"), Some(1));
        let down = nearest_step(&p, 0, "ArrowDown").unwrap();
        assert!((p[down].0).abs() < 1e-6 && p[down].1 > 0.8, "{:?}", p[down]);
        let up = nearest_step(&p, 0, "ArrowUp").unwrap();
        assert!((p[up].0).abs() < 1e-6 && p[up].1 < -0.8, "{:?}", p[up]);
        // Nothing lies beyond the east corner: the cursor stays.
        assert_eq!(nearest_step(&p, 1, "ArrowRight"), None);
        // Every place is reached by the arrows from the centre.
        let mut seen = vec![false; p.len()];
        let mut todo = vec![0];
        while let Some(at) = todo.pop() {
            if std::mem::replace(&mut seen[at], true) {
                continue;
            }
            for k in ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] {
                todo.extend(nearest_step(&p, at, k));
            }
        }
        assert!(seen.iter().all(|s| *s), "{seen:?}");
        // Home and End: as far as the arrows go.
        let west = nearest_step(&p, 0, "Home").unwrap();
        assert!(p[west].0 < -0.99, "{:?}", p[west]);
        assert_eq!(nearest_step(&p, 0, "End"), Some(1));
        assert_eq!(nearest_step(&p, 0, "Enter"), None);
        assert_eq!(nearest_step(&p, 99, "ArrowUp"), None);
    }

    #[test]
    fn n_and_p_go_to_the_places_where_the_player_can_act() {
        let row = Row(vec!["a", "!b", "c", "!d"]);
        assert_eq!(key(&row, None, "n"), Some((Some(1), "!b".into())));
        assert_eq!(key(&row, Some(1), "n"), Some((Some(3), "!d".into())));
        assert_eq!(
            key(&row, Some(3), "n"),
            Some((Some(1), "!b".into())),
            "round again"
        );
        assert_eq!(key(&row, Some(1), "p"), Some((Some(3), "!d".into())));
        assert_eq!(key(&row, None, "P"), Some((Some(3), "!d".into())));
        let none = Row(vec!["a", "b"]);
        assert_eq!(key(&none, Some(0), "n"), Some((Some(0), "nothing".into())));
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
