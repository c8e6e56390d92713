//! Regions: 4-connected groups of colonies and leaders.

use crate::state::{Content, MAX_CELLS, StarTigris};

/// The label of a cell that belongs to no region.
pub const NO_REGION: u16 = u16::MAX;

/// Region labels for every cell, with the kinds of leader in each region.
pub struct Regions {
    labels: [u16; MAX_CELLS],
    /// Bit mask of leader kinds present in each region.
    leader_kinds: [u8; MAX_CELLS],
    count: usize,
}

impl Regions {
    /// Label the regions of `g`, treating cell `skip` (if any) as empty.
    pub fn compute(g: &StarTigris, skip: Option<usize>) -> Regions {
        let mut r = Regions {
            labels: [NO_REGION; MAX_CELLS],
            leader_kinds: [0; MAX_CELLS],
            count: 0,
        };
        let n = g.cell_count();
        let skip = skip.unwrap_or(usize::MAX);
        let mut stack = [0u16; MAX_CELLS];
        for start in 0..n {
            if start == skip || r.labels[start] != NO_REGION || g.cell(start).is_empty() {
                continue;
            }
            let label = r.count as u16;
            r.count += 1;
            r.labels[start] = label;
            let mut top = 1;
            stack[0] = start as u16;
            while top > 0 {
                top -= 1;
                let i = stack[top] as usize;
                if let Content::Leader(_, k) = g.cell(i).content() {
                    r.leader_kinds[label as usize] |= 1 << k.index();
                }
                g.for_neighbours(i, |nb| {
                    if nb != skip && r.labels[nb] == NO_REGION && g.cell(nb).is_occupied() {
                        r.labels[nb] = label;
                        stack[top] = nb as u16;
                        top += 1;
                    }
                });
            }
        }
        r
    }

    /// The region of cell `i`, if it is in one.
    #[inline]
    pub fn of(&self, i: usize) -> Option<u16> {
        let l = self.labels[i];
        (l != NO_REGION).then_some(l)
    }

    /// Number of regions.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Bit mask of the leader kinds in a region.
    #[inline]
    pub fn leader_kinds(&self, region: u16) -> u8 {
        self.leader_kinds[region as usize]
    }

    /// The distinct regions next to cell `i` (at most four), as a small list.
    pub fn around(&self, g: &StarTigris, i: usize) -> Around {
        let mut a = Around {
            regions: [NO_REGION; 4],
            len: 0,
        };
        g.for_neighbours(i, |n| {
            if let Some(l) = self.of(n) {
                if !a.regions[..a.len].contains(&l) {
                    a.regions[a.len] = l;
                    a.len += 1;
                }
            }
        });
        a
    }

    /// The cells of a region.
    pub fn cells(&self, g: &StarTigris, region: u16) -> impl Iterator<Item = usize> + '_ {
        (0..g.cell_count()).filter(move |&i| self.labels[i] == region)
    }
}

/// Distinct regions next to a cell.
#[derive(Clone, Copy, Debug)]
pub struct Around {
    regions: [u16; 4],
    len: usize,
}

impl Around {
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
