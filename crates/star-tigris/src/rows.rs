//! Sets of cells as one 32-bit word per row (bit `c` of word `r` is the
//! cell at row `r`, column `c`): the listing of legal orders asks its
//! questions of whole rows at once ("which free cells have two neighbours
//! in a region?") instead of cell by cell.

use crate::map::MAX_SIDE;
use crate::state::Cell;

/// A set of cells of a board at most [`MAX_SIDE`] wide and high.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows(pub [u32; MAX_SIDE]);

impl Default for Rows {
    fn default() -> Self {
        Rows::EMPTY
    }
}

impl Rows {
    /// No cells.
    pub const EMPTY: Rows = Rows([0; MAX_SIDE]);

    /// Add the cell at `row`, `col` when `on`.
    #[inline]
    pub fn set_if(&mut self, row: usize, col: usize, on: bool) {
        self.0[row] |= (on as u32) << col;
    }

    /// Whether the cell at `row`, `col` is in the set.
    #[inline]
    pub fn has(&self, row: usize, col: usize) -> bool {
        self.0[row] >> col & 1 != 0
    }

    /// The four sets of cells whose neighbour above, below, to the left
    /// and to the right is in `self`, row `r` of a board `h` rows high.
    #[inline]
    pub fn neighbours_in(&self, r: usize, h: usize) -> [u32; 4] {
        let up = if r > 0 { self.0[r - 1] } else { 0 };
        let down = if r + 1 < h { self.0[r + 1] } else { 0 };
        // A cell's left neighbour is one column lower: shift up by one;
        // the bit pushed past the board's width is never asked about.
        let left = self.0[r] << 1;
        let right = self.0[r] >> 1;
        [up, down, left, right]
    }

    /// Row `r` of the cells with at least one neighbour in `self`.
    #[inline]
    pub fn next_to(&self, r: usize, h: usize) -> u32 {
        let [a, b, c, d] = self.neighbours_in(r, h);
        a | b | c | d
    }

    /// Row `r` of the cells with at least two neighbours in `self`.
    #[inline]
    pub fn next_to_two(&self, r: usize, h: usize) -> u32 {
        let [a, b, c, d] = self.neighbours_in(r, h);
        (a & (b | c | d)) | (b & (c | d)) | (c & d)
    }

    /// Row `r` of the cells with at least three neighbours in `self`.
    #[inline]
    pub fn next_to_three(&self, r: usize, h: usize) -> u32 {
        let [a, b, c, d] = self.neighbours_in(r, h);
        (a & b & (c | d)) | (c & d & (a | b))
    }
}

/// The board as sets of cells, for the listing of legal orders. The game
/// state keeps them up to date with its cells ([`CellSets::put`] after
/// every change, [`CellSets::of`] after a full relabelling); the
/// invariants check them against a fresh count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellSets {
    /// Neither destroyed nor occupied.
    pub free: Rows,
    /// Uninhabitable (destroyed or not).
    pub barren: Rows,
    /// Not destroyed.
    pub standing: Rows,
    /// Scientist colonies (not held).
    pub scientist: Rows,
    /// Cells in a region (occupied, not held).
    pub region: Rows,
}

impl CellSets {
    /// The sets of a `w`×`h` board of `cells`.
    pub fn of(cells: &[Cell], w: usize, h: usize) -> CellSets {
        let mut s = CellSets::default();
        for r in 0..h {
            for c in 0..w {
                s.put_at(r, c, cells[r * w + c]);
            }
        }
        s
    }

    /// Cell `i` of a board `w` wide is now `cell`.
    #[inline]
    pub fn put(&mut self, i: usize, w: usize, cell: Cell) {
        self.put_at(i / w, i % w, cell);
    }

    fn put_at(&mut self, r: usize, c: usize, cell: Cell) {
        let keep = !(1u32 << c);
        let set = |rows: &mut Rows, on: bool| {
            rows.0[r] = (rows.0[r] & keep) | ((on as u32) << c);
        };
        set(&mut self.free, cell.is_free());
        set(&mut self.barren, cell.is_uninhabitable());
        set(&mut self.standing, !cell.is_destroyed());
        set(&mut self.scientist, cell.is_scientist());
        set(&mut self.region, cell.in_region());
    }
}

/// The columns of the set bits of `word`, lowest first.
#[inline]
pub fn columns(mut word: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let c = word.trailing_zeros() as usize;
            word &= word - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set from text rows (`#` in the set), and its height.
    fn board(text: &[&str]) -> (Rows, usize) {
        let mut s = Rows::EMPTY;
        for (r, line) in text.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                s.set_if(r, c, ch == '#');
            }
        }
        (s, text.len())
    }

    /// The cells `f` picks, as text rows.
    fn picked(w: usize, h: usize, f: impl Fn(usize) -> u32) -> Vec<String> {
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| if f(r) >> c & 1 != 0 { '*' } else { '.' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn neighbour_counts_of_a_cross() {
        let (s, h) = board(&[".#...", "##.#.", ".#..."]);
        assert_eq!(
            picked(5, h, |r| s.next_to(r, h)),
            ["****.", "***.*", "****."]
        );
        assert_eq!(
            picked(5, h, |r| s.next_to_two(r, h)),
            ["*....", ".**..", "*...."]
        );
        assert_eq!(
            picked(5, h, |r| s.next_to_three(r, h)),
            [".....", ".*...", "....."]
        );
    }

    #[test]
    fn the_edges_of_the_widest_board_have_no_neighbours_beyond() {
        let mut s = Rows::EMPTY;
        s.set_if(0, MAX_SIDE - 1, true);
        s.set_if(MAX_SIDE - 1, 0, true);
        let h = MAX_SIDE;
        assert_eq!(s.next_to(0, h), 1 << (MAX_SIDE - 2));
        assert_eq!(s.next_to(1, h), 1 << (MAX_SIDE - 1));
        assert_eq!(s.next_to(MAX_SIDE - 1, h), 0b10);
        assert!(s.has(0, MAX_SIDE - 1));
        assert_eq!(columns(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
    }
}
