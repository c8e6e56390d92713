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
        at_least_two(self.neighbours_in(r, h))
    }

    /// Row `r` of the cells with at least three neighbours in `self`.
    #[inline]
    pub fn next_to_three(&self, r: usize, h: usize) -> u32 {
        at_least_three(self.neighbours_in(r, h))
    }

    /// The cells of `self` joined to the cells `bits` of row `row` (which
    /// must be in `self`) through cells of `self`, on a board `h` rows
    /// high: filled a run of a row at a time (a run found whole by
    /// shifting, not cell by cell). The cells still to spread from are
    /// kept per row, so nothing is allocated.
    pub fn fill(&self, row: usize, bits: u32, h: usize) -> Rows {
        let mut got = Rows::EMPTY;
        let mut pending = [0u32; MAX_SIDE];
        pending[row] = bits;
        // The rows with cells still to spread from.
        let mut rows: u32 = 1 << row;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let open = self.0[r] & !got.0[r];
            let fresh = pending[r] & open;
            pending[r] = 0;
            if fresh == 0 {
                continue;
            }
            // `got` holds whole runs, so the runs of `open` through the
            // fresh cells are new.
            let run = runs_through(fresh, open);
            got.0[r] |= run;
            if r > 0 {
                pending[r - 1] |= run;
                rows |= 1 << (r - 1);
            }
            if r + 1 < h {
                pending[r + 1] |= run;
                rows |= 1 << (r + 1);
            }
        }
        got
    }

    /// The pieces of `self` without the cell at `row`, `col` that hold a
    /// neighbour of that cell (at most four), on a board `h` rows high:
    /// what a region (or the regions around an empty cell) falls into
    /// once the cell is emptied. Each piece is filled once, from the first
    /// neighbour not yet reached (above, below, left, right).
    pub fn parts_around(&self, row: usize, col: usize, h: usize) -> Parts {
        let mut mask = *self;
        mask.0[row] &= !(1 << col);
        let starts = [
            (row.wrapping_sub(1), 1u32 << col),
            (row + 1, 1 << col),
            (row, 1 << col >> 1),
            (row, 1 << col << 1),
        ];
        let mut parts = Parts {
            parts: [Rows::EMPTY; 4],
            len: 0,
        };
        for (r, bit) in starts {
            if r >= h || mask.0[r] & bit == 0 || parts.part_at(r, bit).is_some() {
                continue;
            }
            parts.parts[parts.len] = mask.fill(r, bit, h);
            parts.len += 1;
        }
        parts
    }

    /// Row `r` of the cells whose neighbours in `self` fall into at least
    /// `groups` (2 or 3) groups as far as the 3×3 square around the cell
    /// shows: two neighbours side by side (above and right, say) are one
    /// group when the corner between them is in `self`. Neighbours in
    /// different groups here may still be joined further away; in one
    /// group they are surely joined.
    #[inline]
    pub fn apart(&self, r: usize, h: usize, groups: usize) -> u32 {
        let up = if r > 0 { self.0[r - 1] } else { 0 };
        let down = if r + 1 < h { self.0[r + 1] } else { 0 };
        let row = self.0[r];
        let (left, right) = (row << 1, row >> 1);
        // Corner links: above–right, right–below, below–left, left–above.
        let links = [
            up & (up >> 1) & right,
            right & (down >> 1) & down,
            down & (down << 1) & left,
            left & (up << 1) & up,
        ];
        let any_link = links[0] | links[1] | links[2] | links[3];
        let two_links = at_least_two(links);
        let four = up & down & left & right;
        let three = at_least_three([up, down, left, right]) & !four;
        let two = at_least_two([up, down, left, right]) & !three & !four;
        match groups {
            // Groups = neighbours − links (one when all four are linked).
            2 => (two & !any_link) | (three & !two_links) | (four & !at_least_three(links)),
            _ => (three & !any_link) | (four & !two_links),
        }
    }
}

/// The runs (unbroken stretches of set bits) of `within` that hold a bit
/// of `seeds`: the seeds spread up and down by doubling steps.
#[inline]
pub fn runs_through(seeds: u32, within: u32) -> u32 {
    let (mut up, mut down) = (seeds, seeds);
    let (mut pu, mut pd) = (within, within);
    for step in [1, 2, 4, 8, 16] {
        up |= pu & (up << step);
        pu &= pu << step;
        down |= pd & (down >> step);
        pd &= pd >> step;
    }
    up | down
}

/// The cells set in at least two of the four words.
#[inline]
pub fn at_least_two([a, b, c, d]: [u32; 4]) -> u32 {
    (a & (b | c | d)) | (b & (c | d)) | (c & d)
}

/// The cells set in at least three of the four words.
#[inline]
pub fn at_least_three([a, b, c, d]: [u32; 4]) -> u32 {
    (a & b & (c | d)) | (c & d & (a | b))
}

/// Up to four disjoint sets of cells: the pieces a set falls into around
/// a cell ([`Rows::parts_around`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    parts: [Rows; 4],
    len: usize,
}

impl Parts {
    /// The pieces.
    #[inline]
    pub fn as_slice(&self) -> &[Rows] {
        &self.parts[..self.len]
    }

    /// How many pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The piece holding a cell of `bit` in row `r`, if any.
    #[inline]
    pub fn part_at(&self, r: usize, bit: u32) -> Option<usize> {
        self.as_slice().iter().position(|p| p.0[r] & bit != 0)
    }

    /// The piece holding cell `i` of a board `w` wide, if any.
    #[inline]
    pub fn part_of(&self, i: usize, w: usize) -> Option<usize> {
        self.part_at(i / w, 1 << (i % w))
    }

    /// The cells of piece `part` of a board `w` wide, in row order.
    pub fn cells(&self, part: usize, w: usize) -> impl Iterator<Item = usize> + '_ {
        let rows = &self.parts[part].0;
        rows.iter()
            .enumerate()
            .flat_map(move |(r, &bits)| columns(bits).map(move |c| r * w + c))
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
        for (r, row) in cells.chunks_exact(w).take(h).enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                let bit = |on: bool| (on as u32) << c;
                s.free.0[r] |= bit(cell.is_free());
                s.barren.0[r] |= bit(cell.is_uninhabitable());
                s.standing.0[r] |= bit(!cell.is_destroyed());
                s.scientist.0[r] |= bit(cell.is_scientist());
                s.region.0[r] |= bit(cell.in_region());
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

/// A set of cells ready to be drawn from: its `k`-th cell in row order is
/// found from per-row counts and a search within one word, without a walk
/// over the cells (the random player's sampler draws its candidates so).
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    rows: [u32; MAX_SIDE],
    /// How many cells rows `0..=r` hold.
    ends: [u32; MAX_SIDE],
    h: usize,
}

impl Ranked {
    /// The set whose row `r` is `row(r)`, on a board `h` rows high.
    #[inline]
    pub fn new(h: usize, row: impl Fn(usize) -> u32) -> Ranked {
        let mut s = Ranked {
            rows: [0; MAX_SIDE],
            ends: [0; MAX_SIDE],
            h,
        };
        let mut total = 0;
        for r in 0..h {
            let bits = row(r);
            s.rows[r] = bits;
            total += bits.count_ones();
            s.ends[r] = total;
        }
        s
    }

    /// How many cells.
    #[inline]
    pub fn len(&self) -> u32 {
        match self.h {
            0 => 0,
            h => self.ends[h - 1],
        }
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th cell (from 0, `k` below [`Ranked::len`]) as row and column.
    #[inline(always)]
    pub fn nth(&self, k: u32) -> (usize, usize) {
        // The row: how many rows end at or before the k-th cell (a count,
        // not a search, so no branch depends on `k`).
        let r = self.ends[..self.h].iter().filter(|&&e| e <= k).count();
        let before = if r == 0 { 0 } else { self.ends[r - 1] };
        (r, select(self.rows[r], k - before))
    }
}

/// The column of the `k`-th set bit of `word` (from 0; there must be
/// more than `k`): halves chosen by their counts, five steps.
#[inline]
pub fn select(word: u32, k: u32) -> usize {
    let (mut word, mut k, mut col) = (word, k, 0);
    for half in [16, 8, 4, 2, 1] {
        let low = (word & ((1 << half) - 1)).count_ones();
        let up = k >= low;
        k -= if up { low } else { 0 };
        word = if up { word >> half } else { word };
        col += if up { half } else { 0 };
    }
    col
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

    /// `apart` against counting, for every filling of a 3×3 square, the
    /// groups the centre's neighbours form inside the square.
    #[test]
    fn groups_apart_agree_with_a_count_in_the_square() {
        for fill in 0u32..512 {
            let at = |r: usize, c: usize| fill >> (r * 3 + c) & 1 != 0;
            let mut s = Rows::EMPTY;
            for r in 0..3 {
                for c in 0..3 {
                    s.set_if(r, c, at(r, c) && (r, c) != (1, 1));
                }
            }
            // Groups of the ring (centre left out) that hold a neighbour.
            let ring = [
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 2),
                (2, 2),
                (2, 1),
                (2, 0),
                (1, 0),
            ];
            let mut group = [usize::MAX; 8];
            let mut groups = 0;
            for k in 0..8 {
                let (r, c) = ring[k];
                if !s.has(r, c) || group[k] != usize::MAX {
                    continue;
                }
                let mut todo = vec![k];
                group[k] = groups;
                while let Some(j) = todo.pop() {
                    for m in [(j + 1) % 8, (j + 7) % 8] {
                        let (r, c) = ring[m];
                        if s.has(r, c) && group[m] == usize::MAX {
                            group[m] = groups;
                            todo.push(m);
                        }
                    }
                }
                groups += 1;
            }
            let mut held: Vec<usize> = [1, 3, 5, 7]
                .into_iter()
                .filter(|&k| s.has(ring[k].0, ring[k].1))
                .map(|k| group[k])
                .collect();
            held.sort();
            held.dedup();
            for want in [2, 3] {
                assert_eq!(
                    s.apart(1, 3, want) >> 1 & 1 != 0,
                    held.len() >= want,
                    "fill {fill:09b}, {want} groups"
                );
            }
        }
    }

    #[test]
    fn runs_and_fills_follow_the_cells_of_the_set() {
        assert_eq!(runs_through(0b0000_1000, 0b0111_1110), 0b0111_1110);
        assert_eq!(runs_through(0b0000_0010, 0b1110_0111), 0b0000_0111);
        assert_eq!(runs_through(1 << 31, u32::MAX), u32::MAX);
        assert_eq!(runs_through(0, u32::MAX), 0);
        // A spiral: one piece however long the way round.
        let (s, h) = board(&["#####.", "....#.", "###.#.", "#...#.", "######", "......"]);
        let all = s.fill(2, 0b100, h);
        assert_eq!(all, s);
        // Two pieces: the fill stays in its own.
        let (s, h) = board(&["##..#", "#...#", "....#"]);
        let left = s.fill(1, 1, h);
        assert_eq!(left, board(&["##...", "#....", "....."]).0);
    }

    #[test]
    fn the_kth_cell_is_the_kth_in_row_order() {
        for word in [
            1u32,
            0b1011_0100,
            u32::MAX,
            1 << 31,
            0x8000_0001,
            0x5555_5555,
        ] {
            for (k, c) in columns(word).enumerate() {
                assert_eq!(select(word, k as u32), c, "{word:#b}, {k}");
            }
        }
        let (s, h) = board(&["#.#..", ".....", "..###", "#...."]);
        let ranked = Ranked::new(h, |r| s.0[r]);
        let cells: Vec<_> = (0..ranked.len()).map(|k| ranked.nth(k)).collect();
        assert_eq!(cells, [(0, 0), (0, 2), (2, 2), (2, 3), (2, 4), (3, 0)]);
        assert!(Ranked::new(h, |_| 0).is_empty());
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
