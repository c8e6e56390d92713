//! The boards of a whole game kept as changes: each frame stores only the
//! squares that changed since the frame before, with a full board kept
//! every so often so that any frame is rebuilt quickly. A game of many
//! rounds with few changes then takes memory in proportion to its changes,
//! not to rounds × squares (a file of the original program with 100,000
//! quiet rounds on a 200×200 board would otherwise take 8 GB).

use serde::{Deserialize, Serialize};

/// One cell's codes: (square code, unit code), as in
/// [`crate::original::board_cells`].
pub type Codes = (u8, u8);

/// The codes of an empty square with nothing on it.
pub const BLANK: Codes = (0, 13);

/// Bytes one stored change takes (its square's index and its codes).
pub const CHANGE_BYTES: usize = std::mem::size_of::<(u32, u8, u8)>();

/// Boards as changes between frames. Memory: [`CHANGE_BYTES`] per change,
/// 4 bytes per frame, plus full boards of 2 bytes a square, one for every
/// `squares` changes at most (so never more than the changes themselves
/// take), plus the latest board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellHistory {
    /// Where each ended frame's changes start in `changes`.
    starts: Vec<u32>,
    /// Every change: (square, codes).
    changes: Vec<(u32, u8, u8)>,
    /// Full boards: (frame, cells) after that frame.
    keys: Vec<(u32, Vec<Codes>)>,
    /// The board after the latest change.
    current: Vec<Codes>,
    /// Where the open frame's changes start.
    open: usize,
    /// Changes since the last full board.
    since_key: usize,
}

impl CellHistory {
    /// An empty history of a board of `squares` squares, all blank.
    pub fn new(squares: usize) -> CellHistory {
        CellHistory {
            current: vec![BLANK; squares],
            ..CellHistory::default()
        }
    }

    /// The number of squares of the board.
    pub fn squares(&self) -> usize {
        self.current.len()
    }

    /// The number of frames ended.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether no frame has ended yet.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Square `at` becomes `codes` in the open frame. Out of range squares
    /// are ignored (callers check them with a message of their own).
    pub fn set(&mut self, at: usize, codes: Codes) {
        if let Some(old) = self.current.get_mut(at)
            && *old != codes
        {
            *old = codes;
            self.changes.push((at as u32, codes.0, codes.1));
            self.since_key += 1;
        }
    }

    /// Every square of the open frame at once (a full board).
    pub fn set_all(&mut self, cells: &[Codes]) {
        for (at, &c) in cells.iter().enumerate() {
            self.set(at, c);
        }
    }

    /// End the open frame: the board as it stands is that frame.
    pub fn end_frame(&mut self) {
        self.starts.push(self.open as u32);
        self.open = self.changes.len();
        if self.since_key >= self.current.len().max(1) {
            self.keys
                .push((self.starts.len() as u32 - 1, self.current.clone()));
            self.since_key = 0;
        }
    }

    /// The board after the latest change.
    pub fn current(&self) -> &[Codes] {
        &self.current
    }

    /// The board of frame `frame`, or `None` past the last ended frame.
    pub fn frame(&self, frame: usize) -> Option<Vec<Codes>> {
        if frame >= self.starts.len() {
            return None;
        }
        let key = self.keys.partition_point(|(f, _)| *f as usize <= frame);
        let (mut cells, from) = match key.checked_sub(1).map(|k| &self.keys[k]) {
            Some((f, cells)) => (cells.clone(), *f as usize + 1),
            None => (vec![BLANK; self.current.len()], 0),
        };
        let begin = self.starts.get(from).map_or(self.open, |&s| s as usize);
        let end = self
            .starts
            .get(frame + 1)
            .map_or(self.open, |&s| s as usize);
        for &(at, s, u) in &self.changes[begin.min(end)..end] {
            cells[at as usize] = (s, u);
        }
        Some(cells)
    }

    /// The changes of frame `frame` alone: (square, codes).
    pub fn changes_of(&self, frame: usize) -> &[(u32, u8, u8)] {
        let Some(&begin) = self.starts.get(frame) else {
            return &[];
        };
        let end = self
            .starts
            .get(frame + 1)
            .map_or(self.open, |&s| s as usize);
        &self.changes[begin as usize..end]
    }

    /// Bytes of memory held (for tests of the memory bound).
    pub fn bytes(&self) -> usize {
        self.starts.capacity() * 4
            + self.changes.capacity() * CHANGE_BYTES
            + self
                .keys
                .iter()
                .map(|(_, c)| c.capacity() * 2 + 32)
                .sum::<usize>()
            + self.current.capacity() * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frame_is_rebuilt_as_it_was() {
        let mut h = CellHistory::new(5);
        let mut boards = Vec::new();
        let mut board = vec![BLANK; 5];
        for f in 0..40u8 {
            // Change one to three squares a frame; some frames change nothing.
            for k in 0..(f % 4) {
                let at = ((f as usize) * 3 + k as usize) % 5;
                board[at] = (f % 25, (f + k) % 14);
                h.set(at, board[at]);
            }
            h.end_frame();
            boards.push(board.clone());
        }
        assert_eq!(h.len(), 40);
        for (f, b) in boards.iter().enumerate() {
            assert_eq!(h.frame(f).as_ref(), Some(b), "frame {f}");
        }
        assert!(h.frame(40).is_none());
        assert!(!h.keys.is_empty(), "full boards are kept every so often");
    }

    #[test]
    fn quiet_rounds_cost_only_their_index() {
        let mut h = CellHistory::new(200 * 200);
        h.set(7, (1, 0));
        for _ in 0..100_000 {
            h.end_frame();
        }
        assert!(h.bytes() < 1_000_000, "{} bytes", h.bytes());
        assert_eq!(h.frame(99_999).unwrap()[7], (1, 0));
    }
}
