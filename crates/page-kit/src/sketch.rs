//! A grid board being drawn with the editor's tools: the board, its undo
//! and redo, the tool in hand, the keyboard cursor and the stroke in
//! progress. Every square-board editor (Star Tigris's maps, Vector's
//! boards) draws through it, so a drag, a rectangle by keys, Escape and
//! undo behave the same on every page. The page paints with its own cell
//! (a terrain, a square) and, after a change, checks and keeps its board
//! itself: the methods say whether the board changed. No web types:
//! tested natively.

use crate::grid::{Grid, History, Place, Tool};

/// What a page paints besides after each paint of a stroke, given the
/// board before the stroke.
pub type Echo<C> = fn(&mut Grid<C>, &Grid<C>);

/// A stroke in progress: the board before it, where it began, where it
/// is, and whether keys began it (a rectangle waiting for its second
/// corner, which the pointer does not finish).
#[derive(Clone, Debug)]
struct Stroke<C> {
    before: Grid<C>,
    anchor: Place,
    last: Place,
    by_keys: bool,
}

/// A board being drawn (see the module's doc).
#[derive(Clone, Debug)]
pub struct Sketch<C> {
    /// The board as it stands (a stroke in progress included).
    pub grid: Grid<C>,
    /// Undo and redo, a step a stroke or a whole change.
    pub history: History<Grid<C>>,
    /// The tool in hand.
    pub tool: Tool,
    /// The keyboard cursor (always on the board).
    pub cursor: Place,
    /// What the page paints besides after each paint of a stroke, given
    /// the board before the stroke (Vector: the same square on the other
    /// three quarters, turned). `None`: nothing.
    pub echo: Option<Echo<C>>,
    stroke: Option<Stroke<C>>,
}

impl<C: Copy + Eq> Sketch<C> {
    /// Drawing on `grid`, with the brush, the cursor at the top left.
    pub fn new(grid: Grid<C>) -> Sketch<C> {
        Sketch {
            grid,
            history: History::default(),
            tool: Tool::Brush,
            cursor: (0, 0),
            echo: None,
            stroke: None,
        }
    }

    /// Whether a stroke is under way (a drag, or a rectangle by keys
    /// waiting for its second corner).
    pub fn stroking(&self) -> bool {
        self.stroke.is_some()
    }

    /// The board as it stands for good: without a stroke under way (what
    /// is saved, exported or shared).
    pub fn settled(&self) -> &Grid<C> {
        self.stroke.as_ref().map_or(&self.grid, |s| &s.before)
    }

    /// The pointer went down on `p`: brush and fill paint `cell` at once,
    /// a rectangle starts. A rectangle half drawn by keys is dropped
    /// first. Off the board, nothing happens (false).
    pub fn press(&mut self, p: Place, cell: C) -> bool {
        self.begin(p, cell, false)
    }

    /// A stroke begins at `p`, by the pointer or by keys.
    fn begin(&mut self, p: Place, cell: C, by_keys: bool) -> bool {
        if !self.grid.contains(p) {
            return false;
        }
        // One stroke at a time: a rectangle by keys not finished is
        // dropped, a drag whose end was missed is kept.
        if self.stroke.as_ref().is_some_and(|s| s.by_keys) {
            self.cancel();
        } else {
            self.finish();
        }
        self.stroke = Some(Stroke {
            before: self.grid.clone(),
            anchor: p,
            last: p,
            by_keys,
        });
        self.cursor = p;
        match self.tool {
            Tool::Brush => self.grid.paint(p, cell),
            Tool::Rect => self.grid.rect(p, p, cell),
            Tool::Fill => self.grid.fill(p, cell),
        };
        self.echo_stroke();
        true
    }

    /// The stroke reached `p`: the brush paints every cell on the way (a
    /// fast drag leaves no gaps), the rectangle is drawn again from its
    /// first corner. Whether the stroke moved.
    pub fn drag(&mut self, p: Place, cell: C) -> bool {
        let Some(stroke) = self.stroke.as_mut() else {
            return false;
        };
        if !self.grid.contains(p) || p == stroke.last {
            return false;
        }
        match self.tool {
            Tool::Brush => {
                let (mut r, mut c) = (stroke.last.0 as i64, stroke.last.1 as i64);
                let (tr, tc) = (p.0 as i64, p.1 as i64);
                while (r, c) != (tr, tc) {
                    let (dr, dc) = (tr - r, tc - c);
                    if dr.abs() >= dc.abs() {
                        r += dr.signum();
                    } else {
                        c += dc.signum();
                    }
                    self.grid.paint((r as usize, c as usize), cell);
                }
            }
            Tool::Rect => {
                self.grid = stroke.before.clone();
                self.grid.rect(stroke.anchor, p, cell);
            }
            Tool::Fill => {}
        }
        stroke.last = p;
        self.cursor = p;
        self.echo_stroke();
        true
    }

    /// The page's [`Sketch::echo`] of the stroke under way.
    fn echo_stroke(&mut self) {
        if let (Some(echo), Some(stroke)) = (self.echo, self.stroke.as_ref()) {
            echo(&mut self.grid, &stroke.before);
        }
    }

    /// The pointer went up (or left the board): its stroke becomes one
    /// step to undo. A rectangle drawn by keys waits for its second
    /// corner. Whether the board changed.
    pub fn release(&mut self) -> bool {
        if self.stroke.as_ref().is_some_and(|s| s.by_keys) {
            return false;
        }
        self.finish()
    }

    /// The stroke becomes one step to undo; whether the board changed.
    fn finish(&mut self) -> bool {
        match self.stroke.take() {
            Some(stroke) if stroke.before != self.grid => {
                self.history.record(stroke.before);
                true
            }
            _ => false,
        }
    }

    /// The stroke stopped without finishing (Escape): the board goes
    /// back. Whether there was a stroke.
    pub fn cancel(&mut self) -> bool {
        match self.stroke.take() {
            Some(stroke) => {
                self.grid = stroke.before;
                true
            }
            None => false,
        }
    }

    /// Enter or Space at the cursor: brush and fill paint at once; the
    /// rectangle takes two presses, one at each corner. Whether the board
    /// changed as one step.
    pub fn key_apply(&mut self, cell: C) -> bool {
        let p = self.cursor;
        match (self.tool, self.stroking()) {
            (Tool::Rect, true) => {
                self.drag(p, cell);
                self.finish()
            }
            (Tool::Rect, false) => {
                self.begin(p, cell, true);
                false
            }
            _ => {
                self.begin(p, cell, true);
                self.finish()
            }
        }
    }

    /// Move the keyboard cursor by rows and columns, stopping at the
    /// board's edges; a rectangle drawn by keys follows it.
    pub fn move_cursor(&mut self, dr: i64, dc: i64, cell: C) {
        let clamp = |at: usize, d: i64, side: usize| {
            (at as i64 + d).clamp(0, side.saturating_sub(1) as i64) as usize
        };
        let p = (
            clamp(self.cursor.0, dr, self.grid.height),
            clamp(self.cursor.1, dc, self.grid.width),
        );
        if self.tool == Tool::Rect && self.stroking() {
            self.drag(p, cell);
        }
        self.cursor = p;
    }

    /// Put a whole new board in, as one step to undo. Whether it differed.
    pub fn replace(&mut self, grid: Grid<C>) -> bool {
        self.cancel();
        if grid == self.grid {
            return false;
        }
        let before = std::mem::replace(&mut self.grid, grid);
        self.history.record(before);
        self.keep_cursor();
        true
    }

    /// Begin again on another board: no stroke, no history.
    pub fn open(&mut self, grid: Grid<C>) {
        self.stroke = None;
        self.grid = grid;
        self.history = History::default();
        self.keep_cursor();
    }

    /// Undo the last step (a stroke under way is dropped first). Whether
    /// the board changed.
    pub fn undo(&mut self) -> bool {
        self.cancel();
        let Some(g) = self.history.undo(&self.grid) else {
            return false;
        };
        self.grid = g;
        self.keep_cursor();
        true
    }

    /// Redo the last step undone. Whether the board changed.
    pub fn redo(&mut self) -> bool {
        self.cancel();
        let Some(g) = self.history.redo(&self.grid) else {
            return false;
        };
        self.grid = g;
        self.keep_cursor();
        true
    }

    /// The cursor back on the board after its size changed.
    fn keep_cursor(&mut self) {
        if !self.grid.contains(self.cursor) {
            self.cursor = (0, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(g: &Grid<char>) -> String {
        g.rows()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect()
    }

    fn sketch() -> Sketch<char> {
        Sketch::new(Grid::filled(5, 4, '.'))
    }

    #[test]
    fn a_drag_paints_without_gaps_and_is_one_step() {
        let mut s = sketch();
        assert!(s.press((0, 0), 'M'));
        assert!(s.drag((0, 3), 'M'));
        assert!(!s.drag((0, 3), 'M'), "the same cell again");
        assert!(s.drag((2, 3), 'M'));
        assert!(s.release());
        assert_eq!(text(&s.grid), "MMMM.\n...M.\n...M.\n.....\n");
        assert_eq!(s.cursor, (2, 3));
        assert!(s.undo());
        assert_eq!(s.grid, Grid::filled(5, 4, '.'), "the whole stroke at once");
        assert!(s.redo());
        assert_eq!(s.grid.cells.iter().filter(|c| **c == 'M').count(), 6);
        assert!(!s.press((9, 9), 'M'), "off the board");
        assert!(!s.release(), "nothing under way");
    }

    #[test]
    fn a_rectangle_by_pointer_and_by_keys() {
        let mut s = sketch();
        s.tool = Tool::Rect;
        s.press((1, 1), 'A');
        s.drag((3, 4), 'A');
        s.drag((2, 2), 'A');
        assert!(s.release());
        assert_eq!(
            text(&s.grid),
            ".....\n.AA..\n.AA..\n.....\n",
            "the last one stays"
        );
        // By keys: one corner, the cursor moves (the rectangle follows),
        // the other corner.
        s.cursor = (3, 3);
        assert!(!s.key_apply('M'), "a first corner changes nothing for good");
        assert!(s.stroking());
        s.move_cursor(0, 1, 'M');
        s.move_cursor(0, 1, 'M');
        assert_eq!(s.cursor, (3, 4), "the cursor stops at the edge");
        assert!(s.key_apply('M'));
        assert_eq!(text(&s.grid), ".....\n.AA..\n.AA..\n...MM\n");
        // Escape drops a rectangle half drawn.
        s.cursor = (0, 0);
        s.key_apply('x');
        s.move_cursor(1, 1, 'x');
        assert_eq!(s.grid.at((1, 1)), 'x');
        assert_eq!(s.settled().at((1, 1)), 'A', "not yet for good");
        assert!(s.cancel());
        assert_eq!(s.grid.at((1, 1)), 'A');
        assert!(!s.stroking());
        // The pointer leaving the board does not finish a rectangle drawn
        // by keys; a press of the pointer drops it and begins its own.
        s.key_apply('x');
        s.move_cursor(1, 1, 'x');
        assert!(!s.release());
        assert!(s.stroking());
        s.press((3, 0), 'y');
        assert!(s.release());
        assert_eq!(s.grid.at((1, 1)), 'A', "the half rectangle is gone");
        assert_eq!(s.grid.at((3, 0)), 'y');
        assert!(s.undo());
        assert_eq!(text(&s.grid), ".....\n.AA..\n.AA..\n...MM\n");
    }

    #[test]
    fn the_page_echoes_each_paint() {
        // Mirror every change onto the last row, as a page's rule would.
        fn mirror(g: &mut Grid<char>, before: &Grid<char>) {
            for c in 0..g.width {
                if g.at((0, c)) != before.at((0, c)) {
                    let cell = g.at((0, c));
                    g.paint((g.height - 1, c), cell);
                }
            }
        }
        let mut s = sketch();
        s.echo = Some(mirror);
        s.press((0, 1), 'e');
        s.drag((0, 2), 'e');
        assert!(s.release());
        assert_eq!(text(&s.grid), ".ee..\n.....\n.....\n.ee..\n");
        assert!(s.undo());
        assert_eq!(
            s.grid,
            Grid::filled(5, 4, '.'),
            "echo and stroke are one step"
        );
    }

    #[test]
    fn fill_replace_and_open() {
        let mut s = sketch();
        s.tool = Tool::Fill;
        assert!(s.key_apply('w'));
        assert!(s.grid.cells.iter().all(|c| *c == 'w'));
        s.cursor = (3, 4);
        assert!(s.replace(Grid::filled(2, 2, '.')));
        assert_eq!(s.cursor, (0, 0), "the cursor stays on the smaller board");
        assert!(!s.replace(Grid::filled(2, 2, '.')), "no change, no step");
        assert!(s.undo());
        assert_eq!(s.grid.width, 5);
        s.open(Grid::filled(3, 3, 'o'));
        assert!(!s.history.can_undo() && !s.history.can_redo());
        assert!(!s.undo());
    }
}
