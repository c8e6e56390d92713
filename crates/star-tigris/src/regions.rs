//! Regions: 4-connected groups of colonies and leaders.
//!
//! Labels are canonical: a region's label is the index of its first cell in
//! row order, so equal boards always have equal labels. The game state keeps
//! its regions up to date incrementally ([`Regions::add`] when a piece
//! arrives, [`Regions::remove`] when one leaves) instead of relabelling the
//! whole board after every action.

use crate::kind::Kind;
use crate::rows::{Rows, columns};
use crate::state::{Cell, Content, MAX_CELLS, StarTigris};

/// The label of a cell that belongs to no region.
pub const NO_REGION: u16 = u16::MAX;
const MARK: u16 = u16::MAX - 1;

/// Region labels for every cell, with the kinds of leader in each region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    labels: [u16; MAX_CELLS],
    /// Bit mask of leader kinds present in each region, by label.
    leader_kinds: [u8; MAX_CELLS],
    /// Artifacts in each region, by label.
    artifacts: [u8; MAX_CELLS],
    /// Artifacts on the board (always on colonies, so always in a region).
    artifacts_total: u16,
}

/// The board's shape and cells, as the labelling needs them.
struct Grid<'a> {
    cells: &'a [Cell],
    w: usize,
    h: usize,
}

impl Grid<'_> {
    #[inline]
    fn for_neighbours(&self, i: usize, mut f: impl FnMut(usize)) {
        let (r, c) = (i / self.w, i % self.w);
        if r > 0 {
            f(i - self.w);
        }
        if r + 1 < self.h {
            f(i + self.w);
        }
        if c > 0 {
            f(i - 1);
        }
        if c + 1 < self.w {
            f(i + 1);
        }
    }
}

fn leader_bit(cell: Cell) -> u8 {
    match cell.content() {
        Content::Leader(_, k) => 1 << k.index(),
        _ => 0,
    }
}

impl Default for Regions {
    fn default() -> Self {
        Regions {
            labels: [NO_REGION; MAX_CELLS],
            leader_kinds: [0; MAX_CELLS],
            artifacts: [0; MAX_CELLS],
            artifacts_total: 0,
        }
    }
}

impl Regions {
    /// Label the regions of `g` from scratch, treating cell `skip` (if any) as empty.
    pub fn compute(g: &StarTigris, skip: Option<usize>) -> Regions {
        let mut r = Regions::default();
        r.relabel(g.cells_slice(), g.width(), g.height(), skip);
        r
    }

    /// The regions of `g` with cell `skip` treated as empty, as
    /// [`Regions::compute`] with `Some(skip)` finds them, but from the
    /// kept labels: only the region of `skip` is labelled again. (The
    /// game empties cells through `StarTigris::vacate`; a test compares
    /// this with a full labelling at every occupied cell.)
    #[cfg(test)]
    pub(crate) fn without(g: &StarTigris, skip: usize) -> Regions {
        let (w, h) = (g.width(), g.height());
        let mut region = g.sets.region;
        region.0[skip / w] &= !(1 << (skip % w));
        let mut r = g.regions().clone();
        r.remove(g.cells_slice(), w, h, skip, &region);
        r
    }

    /// Relabel every cell of a board.
    pub(crate) fn relabel(&mut self, cells: &[Cell], w: usize, h: usize, skip: Option<usize>) {
        let grid = Grid { cells, w, h };
        let n = w * h;
        let skip = skip.unwrap_or(usize::MAX);
        for (i, cell) in cells.iter().enumerate().take(n) {
            self.labels[i] = if i != skip && cell.in_region() {
                MARK
            } else {
                NO_REGION
            };
            self.leader_kinds[i] = 0;
            self.artifacts[i] = 0;
        }
        self.artifacts_total = 0;
        let mut stack = Vec::with_capacity(n);
        for start in 0..n {
            if self.labels[start] == MARK {
                self.artifacts_total += self.flood(&grid, start, &mut stack) as u16;
            }
        }
    }

    /// Give the `MARK`ed component of `start` the label `start`; returns
    /// the artifacts in it.
    fn flood(&mut self, grid: &Grid, start: usize, stack: &mut Vec<u16>) -> u8 {
        let label = start as u16;
        stack.clear();
        stack.push(label);
        self.labels[start] = label;
        let mut kinds = 0;
        let mut artifacts = 0;
        while let Some(i) = stack.pop() {
            let i = i as usize;
            kinds |= leader_bit(grid.cells[i]);
            artifacts += grid.cells[i].has_artifact() as u8;
            grid.for_neighbours(i, |nb| {
                if self.labels[nb] == MARK {
                    self.labels[nb] = label;
                    stack.push(nb as u16);
                }
            });
        }
        self.leader_kinds[start] = kinds;
        self.artifacts[start] = artifacts;
        artifacts
    }

    /// Update after a colony or leader arrived on the empty cell `i`.
    pub(crate) fn add(&mut self, cells: &[Cell], w: usize, h: usize, i: usize) {
        let grid = Grid { cells, w, h };
        let mut around = [NO_REGION; 4];
        let mut len = 0;
        grid.for_neighbours(i, |nb| {
            let l = self.labels[nb];
            if l != NO_REGION && !around[..len].contains(&l) {
                around[len] = l;
                len += 1;
            }
        });
        let new = around[..len].iter().copied().fold(i as u16, u16::min);
        let mut kinds = leader_bit(cells[i]);
        let mut artifacts = cells[i].has_artifact() as u8;
        self.artifacts_total += artifacts as u16;
        for &l in &around[..len] {
            kinds |= self.leader_kinds[l as usize];
            artifacts += self.artifacts[l as usize];
            if l != new {
                self.leader_kinds[l as usize] = 0;
                self.artifacts[l as usize] = 0;
                // One pass over a slice (no bounds check per cell, so
                // the compiler does several cells at once).
                for x in &mut self.labels[l as usize..w * h] {
                    *x = if *x == l { new } else { *x };
                }
            }
        }
        self.labels[i] = new;
        self.leader_kinds[new as usize] = kinds;
        self.artifacts[new as usize] = artifacts;
    }

    /// Update after the piece on cell `i` left (the cell is now empty or
    /// destroyed); `region` holds the cells in regions without `i`. Each
    /// part the old region falls into is filled a run of a row at a time
    /// and labelled with its first cell.
    pub(crate) fn remove(&mut self, cells: &[Cell], w: usize, h: usize, i: usize, region: &Rows) {
        let old = self.labels[i];
        if old == NO_REGION {
            return;
        }
        self.labels[i] = NO_REGION;
        self.leader_kinds[old as usize] = 0;
        self.artifacts_total -= self.artifacts[old as usize] as u16;
        self.artifacts[old as usize] = 0;
        let parts = region.parts_around(i / w, i % w, h);
        for part in parts.as_slice() {
            let mut label = NO_REGION;
            let mut kinds = 0;
            let mut artifacts = 0;
            for (r, &bits) in part.0.iter().enumerate().take(h) {
                for c in columns(bits) {
                    let x = r * w + c;
                    // Row order: the first cell met is the smallest.
                    if label == NO_REGION {
                        label = x as u16;
                    }
                    self.labels[x] = label;
                    kinds |= leader_bit(cells[x]);
                    artifacts += cells[x].has_artifact() as u8;
                }
            }
            self.leader_kinds[label as usize] = kinds;
            self.artifacts[label as usize] = artifacts;
            self.artifacts_total += artifacts as u16;
        }
    }

    /// Update after the piece on cell `i` of region `old` left when the
    /// region holds together without it: the cell leaves, with its
    /// artifact, and the kind of its leader when it was the region's only
    /// leader of that kind. When `i` was the region's label (its first
    /// cell), the region takes its next cell's index as its label; when
    /// `i` was all of it, the region is gone.
    pub(crate) fn forget_cell(
        &mut self,
        i: usize,
        old: u16,
        artifact: bool,
        kind_gone: Option<Kind>,
        cells: usize,
    ) {
        self.labels[i] = NO_REGION;
        if artifact {
            self.artifacts[old as usize] -= 1;
            self.artifacts_total -= 1;
        }
        if let Some(k) = kind_gone {
            self.leader_kinds[old as usize] &= !(1 << k.index());
        }
        if old as usize != i {
            return;
        }
        let (kinds, artifacts) = (self.leader_kinds[i], self.artifacts[i]);
        self.leader_kinds[i] = 0;
        self.artifacts[i] = 0;
        let labels = &mut self.labels[..cells];
        let Some(first) = (i + 1..cells).find(|&j| labels[j] == old) else {
            return;
        };
        for l in &mut labels[first..] {
            if *l == old {
                *l = first as u16;
            }
        }
        self.leader_kinds[first] = kinds;
        self.artifacts[first] = artifacts;
    }

    /// Update after the artifact on cell `i` was taken.
    pub(crate) fn artifact_taken(&mut self, i: usize) {
        let l = self.labels[i];
        if l != NO_REGION {
            self.artifacts[l as usize] -= 1;
            self.artifacts_total -= 1;
        }
    }

    /// Artifacts in a region.
    #[inline]
    pub fn artifacts(&self, region: u16) -> u8 {
        self.artifacts[region as usize]
    }

    /// Artifacts on the board.
    #[inline]
    pub fn artifacts_total(&self) -> usize {
        self.artifacts_total as usize
    }

    /// The region of cell `i`, if it is in one.
    #[inline]
    pub fn of(&self, i: usize) -> Option<u16> {
        let l = self.labels[i];
        (l != NO_REGION).then_some(l)
    }

    /// The labels of cells `range` ([`NO_REGION`] for a cell in none).
    #[inline]
    pub fn labels(&self, range: std::ops::Range<usize>) -> &[u16] {
        &self.labels[range]
    }

    /// As [`Regions::of`], for an index that may lie past the board's edge
    /// (`usize::MAX`: no region).
    #[inline]
    pub fn of_near(&self, i: usize) -> Option<u16> {
        self.labels
            .get(i)
            .and_then(|&l| (l != NO_REGION).then_some(l))
    }

    /// Number of regions on a board of `cells` cells.
    pub fn count(&self, cells: usize) -> usize {
        (0..cells).filter(|&i| self.labels[i] == i as u16).count()
    }

    /// Bit mask of the leader kinds in a region.
    #[inline]
    pub fn leader_kinds(&self, region: u16) -> u8 {
        self.leader_kinds[region as usize]
    }

    /// The distinct regions next to cell `i` (at most four), as a small list.
    #[inline]
    pub fn around(&self, g: &StarTigris, i: usize) -> Around {
        let mut a = Around {
            regions: [NO_REGION; 4],
            len: 0,
        };
        g.for_neighbours(i, |n| {
            if let Some(l) = self.of(n) {
                a.add(l);
            }
        });
        a
    }

    /// The cells of a region.
    pub fn cells(&self, g: &StarTigris, region: u16) -> impl Iterator<Item = usize> + '_ {
        (region as usize..g.cell_count()).filter(move |&i| self.labels[i] == region)
    }
}

/// Distinct regions next to a cell.
#[derive(Clone, Copy, Debug)]
pub struct Around {
    regions: [u16; 4],
    len: usize,
}

impl Around {
    /// No regions.
    pub const NONE: Around = Around {
        regions: [NO_REGION; 4],
        len: 0,
    };

    /// Add region `l` unless it is there already (a cell has at most four
    /// neighbours, so at most four regions).
    #[inline]
    pub fn add(&mut self, l: u16) {
        if !self.regions[..self.len].contains(&l) && self.len < 4 {
            self.regions[self.len] = l;
            self.len += 1;
        }
    }
    /// The regions.
    pub fn as_slice(&self) -> &[u16] {
        &self.regions[..self.len]
    }
    /// How many regions.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// How many of them hold at least one leader.
    pub fn with_leaders(&self, r: &Regions) -> usize {
        self.as_slice()
            .iter()
            .filter(|&&l| r.leader_kinds(l) != 0)
            .count()
    }
}
