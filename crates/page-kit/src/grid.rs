//! The grid-board editor frame: a rectangular board of cells of any kind
//! being drawn, the drawing tools (brush, rectangle, fill), resizing,
//! mirroring and turning, and undo and redo. A square-board game plugs its
//! own cell type in (Star Tigris: its terrains) and adds what only it
//! knows (its map text, its validation). No web types: tested natively.
//!
//! Places are `(row, col)` from the top left.

use crate::i18n::t;

/// A place on a grid: `(row, col)` from the top left.
pub type Place = (usize, usize);

/// A rectangular board of cells, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<C> {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Cells, row by row from the top (`width * height` of them).
    pub cells: Vec<C>,
}

impl<C: Copy + Eq> Grid<C> {
    /// A board of `width` × `height` cells, all `cell`.
    pub fn filled(width: usize, height: usize, cell: C) -> Grid<C> {
        Grid {
            width,
            height,
            cells: vec![cell; width * height],
        }
    }

    /// Whether `p` is on the board.
    pub fn contains(&self, p: Place) -> bool {
        p.0 < self.height && p.1 < self.width
    }

    /// The cell at `p` (which must be on the board).
    pub fn at(&self, p: Place) -> C {
        self.cells[p.0 * self.width + p.1]
    }

    /// The board's rows, from the top.
    pub fn rows(&self) -> std::slice::Chunks<'_, C> {
        self.cells.chunks(self.width.max(1))
    }

    /// Paint one cell; whether anything changed.
    pub fn paint(&mut self, p: Place, cell: C) -> bool {
        if !self.contains(p) || self.at(p) == cell {
            return false;
        }
        self.cells[p.0 * self.width + p.1] = cell;
        true
    }

    /// Paint the rectangle with corners `a` and `b`; whether anything changed.
    pub fn rect(&mut self, a: Place, b: Place, cell: C) -> bool {
        let mut changed = false;
        for row in a.0.min(b.0)..=a.0.max(b.0) {
            for col in a.1.min(b.1)..=a.1.max(b.1) {
                changed |= self.paint((row, col), cell);
            }
        }
        changed
    }

    /// Paint the 4-connected area of cells like the one at `p`; whether
    /// anything changed.
    pub fn fill(&mut self, p: Place, cell: C) -> bool {
        if !self.contains(p) {
            return false;
        }
        let from = self.at(p);
        if from == cell {
            return false;
        }
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            if !self.paint(q, cell) {
                continue;
            }
            let (r, c) = q;
            let mut near = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                near.push((r - 1, c));
            }
            if c > 0 {
                near.push((r, c - 1));
            }
            stack.extend(
                near.into_iter()
                    .filter(|&n| self.contains(n) && self.at(n) == from),
            );
        }
        true
    }

    /// The board at another size, keeping every cell that fits (new cells
    /// are `cell`).
    pub fn resized(&self, width: usize, height: usize, cell: C) -> Grid<C> {
        let mut g = Grid::filled(width, height, cell);
        for row in 0..height.min(self.height) {
            for col in 0..width.min(self.width) {
                g.cells[row * width + col] = self.at((row, col));
            }
        }
        g
    }

    /// The board mirrored left to right.
    pub fn mirrored_left_right(&self) -> Grid<C> {
        let mut g = self.clone();
        for row in g.cells.chunks_mut(self.width.max(1)) {
            row.reverse();
        }
        g
    }

    /// The board mirrored top to bottom.
    pub fn mirrored_top_bottom(&self) -> Grid<C> {
        let cells = self.rows().rev().flatten().copied().collect();
        Grid {
            cells,
            ..self.clone()
        }
    }

    /// The board turned a quarter clockwise.
    pub fn rotated(&self) -> Grid<C> {
        let (width, height) = (self.height, self.width);
        let mut cells = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                // New (row, col) comes from old (height - 1 - col, row).
                cells.push(self.at((self.height - 1 - col, row)));
            }
        }
        Grid {
            width,
            height,
            cells,
        }
    }
}

/// How the pointer paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// One cell at a time, dragging paints a stroke.
    Brush,
    /// A filled rectangle from the cell pressed to the cell released.
    Rect,
    /// The 4-connected area of cells like the one clicked.
    Fill,
}

impl Tool {
    /// Every tool, in the order of the toolbar.
    pub const ALL: [Tool; 3] = [Tool::Brush, Tool::Rect, Tool::Fill];

    /// The tool's name in commands (`tool:rect`).
    pub fn name(self) -> &'static str {
        match self {
            Tool::Brush => "brush",
            Tool::Rect => "rect",
            Tool::Fill => "fill",
        }
    }

    /// The tool's label on its button, in the page's language.
    pub fn label(self) -> String {
        t(match self {
            Tool::Brush => "editor-tool-brush",
            Tool::Rect => "editor-tool-rect",
            Tool::Fill => "editor-tool-fill",
        })
    }

    /// The tool named `name`.
    pub fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Most steps kept for undo.
pub const HISTORY_LIMIT: usize = 200;

/// Undo and redo of whole boards (or of anything else small enough to
/// keep [`HISTORY_LIMIT`] copies of).
#[derive(Clone, Debug)]
pub struct History<T> {
    past: Vec<T>,
    future: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            past: Vec::new(),
            future: Vec::new(),
        }
    }
}

impl<T: Clone> History<T> {
    /// Remember `before` as the board before a change (clears redo).
    pub fn record(&mut self, before: T) {
        if self.past.len() == HISTORY_LIMIT {
            self.past.remove(0);
        }
        self.past.push(before);
        self.future.clear();
    }

    /// The board before the last change, given the current one.
    pub fn undo(&mut self, current: &T) -> Option<T> {
        let d = self.past.pop()?;
        self.future.push(current.clone());
        Some(d)
    }

    /// The board after the last undone change, given the current one.
    pub fn redo(&mut self, current: &T) -> Option<T> {
        let d = self.future.pop()?;
        self.past.push(current.clone());
        Some(d)
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    /// Whether there is an undone change to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid<char> {
        let rows: Vec<&str> = text.lines().collect();
        Grid {
            width: rows[0].len(),
            height: rows.len(),
            cells: rows.iter().flat_map(|r| r.chars()).collect(),
        }
    }

    fn text(g: &Grid<char>) -> String {
        g.rows()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect()
    }

    #[test]
    fn tools_paint_cells_rectangles_and_areas() {
        let mut g = Grid::filled(5, 4, '.');
        assert!(g.paint((0, 0), 'A'));
        assert!(!g.paint((0, 0), 'A'), "no change");
        assert!(!g.paint((9, 0), 'A'), "off the board");
        assert!(g.rect((3, 4), (1, 2), 'M'));
        assert_eq!(text(&g), "A....\n..MMM\n..MMM\n..MMM\n");
        // The open area wraps around the block; the A stays.
        assert!(g.fill((3, 0), 'M'));
        assert_eq!(text(&g), "AMMMM\nMMMMM\nMMMMM\nMMMMM\n");
        assert!(!g.fill((1, 1), 'M'), "already M");
        assert!(!g.fill((7, 7), 'A'), "off the board");
    }

    #[test]
    fn fill_stops_at_other_cells_and_corners() {
        let mut g = grid("..#..\n..#..\n###..\n.....\n");
        assert!(g.fill((0, 0), 'x'));
        assert_eq!(text(&g), "xx#..\nxx#..\n###..\n.....\n", "4-connected only");
    }

    #[test]
    fn resize_mirror_and_turn() {
        let g = grid("ab\ncd\nef\n");
        assert_eq!(text(&g.resized(3, 2, '.')), "ab.\ncd.\n");
        assert_eq!(text(&g.resized(1, 4, '.')), "a\nc\ne\n.\n");
        assert_eq!(text(&g.mirrored_left_right()), "ba\ndc\nfe\n");
        assert_eq!(text(&g.mirrored_top_bottom()), "ef\ncd\nab\n");
        assert_eq!(text(&g.rotated()), "eca\nfdb\n");
        let four = g.rotated().rotated().rotated().rotated();
        assert_eq!(four, g, "four quarter turns come back");
    }

    #[test]
    fn undo_and_redo() {
        let mut h: History<u32> = History::default();
        assert!(!h.can_undo() && !h.can_redo());
        h.record(1);
        h.record(2);
        assert_eq!(h.undo(&3), Some(2));
        assert_eq!(h.undo(&2), Some(1));
        assert_eq!(h.undo(&1), None);
        assert_eq!(h.redo(&1), Some(2));
        h.record(2);
        assert!(!h.can_redo(), "a new change clears redo");
        for i in 0..HISTORY_LIMIT + 10 {
            h.record(i as u32);
        }
        let mut n = 0;
        let mut cur = 0;
        while let Some(d) = h.undo(&cur) {
            cur = d;
            n += 1;
        }
        assert_eq!(n, HISTORY_LIMIT, "only the newest steps are kept");
    }

    #[test]
    fn tools_by_name() {
        for tool in Tool::ALL {
            assert_eq!(Tool::from_name(tool.name()), Some(tool));
        }
        assert_eq!(Tool::from_name("spray"), None);
    }
}
