//! Listing legal actions, with the same checks [`StarTigris::apply_logged`] uses.

use crate::Pos;
use crate::action::{Action, SwapSet};
use crate::kind::Kind;
use crate::regions::NO_REGION;
use crate::rows::{Rows, columns};
use crate::state::{NOWHERE, Phase, StarTigris};

impl StarTigris {
    /// Every legal action of `seat` now.
    pub fn legal(&self, seat: u8) -> Vec<Action> {
        // Room for a typical order list (colonies, a bomber's targets and
        // the leaders' cells), so that it is not grown step by step.
        let mut out = Vec::with_capacity(if matches!(self.phase, Phase::Order | Phase::Submit) {
            4 * self.cell_count()
        } else {
            8
        });
        self.legal_into(seat, &mut out);
        out
    }

    /// Append every legal action of `seat` to `out`.
    pub fn legal_into(&self, seat: u8, out: &mut Vec<Action>) {
        let p = seat as usize;
        match self.phase {
            Phase::Order if seat == self.active => self.orders_into(seat, out),
            Phase::Submit if self.deciding().contains(seat) => {
                let given = self
                    .sim
                    .as_ref()
                    .map_or(0, |sim| sim.orders_of(seat).count());
                match given {
                    0 => self.orders_into(seat, out),
                    1 => {
                        let start = out.len();
                        self.orders_into(seat, out);
                        let used = self.used_by(seat);
                        let mut keep = start;
                        for j in start..out.len() {
                            let a = out[j];
                            if self.within_submission(&used, &a).is_ok() {
                                out[keep] = a;
                                keep += 1;
                            }
                        }
                        out.truncate(keep);
                    }
                    _ => out.push(Action::Pass),
                }
            }
            Phase::Combat(c) if self.deciding().contains(seat) => {
                let have = self.hands[p][c.commit_kind().index()];
                out.extend((0..=have).map(|count| Action::Commit { count }));
            }
            Phase::Conflict(c) if c.committing_seat() == seat => {
                let have = self.hands[p][c.commit_kind().index()];
                out.extend((0..=have).map(|count| Action::Commit { count }));
            }
            Phase::ChooseConflict { pending, .. } if seat == self.active => {
                out.extend(
                    Kind::ALL
                        .into_iter()
                        .filter(|k| pending & (1 << k.index()) != 0)
                        .map(|kind| Action::ResolveConflict { kind }),
                );
            }
            Phase::ChooseArtifact { seat: s, merchant } if s == seat => {
                let regions = &self.regions;
                let r = regions.of(merchant as usize);
                for i in 0..self.cell_count() {
                    if self.cells[i].has_artifact() && r.is_some() && regions.of(i) == r {
                        out.push(Action::TakeArtifact { at: self.pos(i) });
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn orders_into(&self, seat: u8, out: &mut Vec<Action>) {
        let p = seat as usize;
        let hand = self.hands[p];
        let regions = &self.regions;
        let (w, h) = (self.width(), self.height());
        let board = &self.sets;
        // Rows are asked whole; a cell is looked at on its own only where
        // the rows cannot settle it (next to two regions or more).
        let may_stand = Rows(std::array::from_fn(|r| {
            if r < h {
                board.free.0[r] & !board.barren.0[r] & board.scientist.next_to(r, h)
            } else {
                0
            }
        }));
        let crowded = Rows(std::array::from_fn(|r| {
            if r < h {
                board.region.next_to_two(r, h)
            } else {
                0
            }
        }));
        // The cells where a leader would join two regions or more.
        let mut joins = Rows::EMPTY;
        for r in 0..h {
            for c in columns(may_stand.0[r] & crowded.0[r]) {
                let near = neighbours(r, c, w, h).map(|x| regions.of_near(x).unwrap_or(NO_REGION));
                joins.set_if(r, c, distinct(near) > 1);
            }
        }
        // Colonize: a free cell next to at most two regions with leaders;
        // mining robots on uninhabitable cells, the other kinds elsewhere.
        let mut habitable = [Kind::Settler; 3];
        let mut n_habitable = 0;
        for kind in [Kind::Settler, Kind::Scientist, Kind::Merchant] {
            if hand[kind.index()] > 0 {
                habitable[n_habitable] = kind;
                n_habitable += 1;
            }
        }
        let mining = hand[Kind::Mining.index()] > 0;
        if n_habitable > 0 || mining {
            for r in 0..h {
                let mut ok = board.free.0[r];
                // Only a cell next to three cells in regions can be next
                // to three regions with leaders.
                for c in columns(ok & board.region.next_to_three(r, h)) {
                    let kingdoms = neighbours(r, c, w, h).map(|x| match regions.of_near(x) {
                        Some(l) if regions.leader_kinds(l) != 0 => l,
                        _ => NO_REGION,
                    });
                    if distinct(kingdoms) > 2 {
                        ok &= !(1 << c);
                    }
                }
                if !mining {
                    ok &= !board.barren.0[r];
                } else if n_habitable == 0 {
                    ok &= board.barren.0[r];
                }
                let barren = board.barren.0[r];
                for_each_column(ok, |c| {
                    let at = Pos::new(r as u8, c as u8);
                    if barren >> c & 1 != 0 {
                        out.push(Action::Colonize {
                            kind: Kind::Mining,
                            at,
                        });
                    } else {
                        for &kind in &habitable[..n_habitable] {
                            out.push(Action::Colonize { kind, at });
                        }
                    }
                });
            }
        }
        // Place leaders from the supply: not joining two regions.
        let mut off = [Kind::Settler; 4];
        let mut n_off = 0;
        for kind in Kind::ALL {
            if self.leaders[p][kind.index()] == NOWHERE {
                off[n_off] = kind;
                n_off += 1;
            }
        }
        if n_off > 0 {
            for r in 0..h {
                for_each_column(may_stand.0[r] & !joins.0[r], |c| {
                    let at = Pos::new(r as u8, c as u8);
                    for &kind in &off[..n_off] {
                        out.push(Action::PlaceLeader { kind, at });
                    }
                });
            }
        }
        // Move and withdraw leaders on the board.
        let (mut parts, mut stack) = (Vec::new(), Vec::new());
        for kind in Kind::ALL {
            let from = self.leaders[p][kind.index()];
            if from == NOWHERE {
                continue;
            }
            self.moves_into(
                kind,
                from as usize,
                [&may_stand, &crowded, &joins],
                &mut parts,
                &mut stack,
                out,
            );
            out.push(Action::WithdrawLeader { kind });
        }
        // Destroy.
        if self.bombers[p] > 0 {
            for r in 0..h {
                for_each_column(board.standing.0[r], |c| {
                    out.push(Action::Destroy {
                        at: Pos::new(r as u8, c as u8),
                    });
                });
            }
        }
        // Swap: every non-empty sub-multiset of the hand the pool can replace.
        let mut swaps = [[0u8; 4]; 64];
        let n_swaps = self.legal_swaps(&hand, &mut swaps);
        out.extend(
            swaps[..n_swaps]
                .iter()
                .map(|&c| Action::Swap(SwapSet::from_counts(c))),
        );
        out.push(Action::Pass);
    }

    /// Every cell the leader of `kind` on cell `from` may move to, as
    /// [`StarTigris::check_move_cell`] decides, but in one pass. A cell
    /// where a leader may stand (`may_stand`) next to fewer than two cells
    /// in regions (not `crowded`) joins nothing; one that is not next to
    /// the leader joins what placing a leader there would join (`joins`),
    /// unless the leader's region falls apart without it. Only cells next
    /// to the leader, or every crowded one when its region falls apart,
    /// are judged one by one: by the regions next to them, the leader's
    /// own region by the parts it falls into (found once, instead of a
    /// flood fill per target).
    #[allow(clippy::too_many_arguments)]
    fn moves_into(
        &self,
        kind: Kind,
        from: usize,
        sets: [&Rows; 3],
        parts: &mut Vec<u16>,
        stack: &mut Vec<(usize, usize)>,
        out: &mut Vec<Action>,
    ) {
        let [may_stand, crowded, joins] = sets;
        let (w, h) = (self.width(), self.height());
        let (fr, fc) = (from / w, from % w);
        let old = self.regions.of(from).unwrap_or(NO_REGION);
        // Whether the region falls apart without the leader (found only
        // if some cell where it may stand is crowded).
        let any_crowded = (0..h).any(|r| may_stand.0[r] & crowded.0[r] != 0);
        let split = any_crowded && self.splits_without(from, parts, stack);
        // One cell looked at on its own: the regions next to it, the
        // leader's own region by the parts it falls into without the
        // leader; a move may touch one of them at most.
        let judge = |r: usize, c: usize| {
            let next = neighbours(r, c, w, h);
            let mut touched = [NO_REGION; 4];
            for (t, &x) in touched.iter_mut().zip(&next) {
                if x != from {
                    *t = match self.regions.of_near(x) {
                        Some(l) if l == old && split => PART | parts[x],
                        Some(l) => l,
                        None => NO_REGION,
                    };
                }
            }
            distinct(touched) <= 1
        };
        for r in 0..h {
            let mut ok = may_stand.0[r] & !crowded.0[r];
            // Crowded cells: one by one next to the leader or when its
            // region falls apart, else as placing a leader there.
            let mut alone = may_stand.0[r] & crowded.0[r];
            if !split {
                ok |= alone & !joins.0[r];
                alone &= if r == fr {
                    (1 << fc >> 1) | (1 << fc << 1)
                } else if r.abs_diff(fr) == 1 {
                    1 << fc
                } else {
                    0
                };
            }
            for c in columns(alone) {
                if judge(r, c) {
                    ok |= 1 << c;
                } else {
                    ok &= !(1 << c);
                }
            }
            for_each_column(ok, |c| {
                out.push(Action::MoveLeader {
                    kind,
                    to: Pos::new(r as u8, c as u8),
                });
            });
        }
    }

    /// Whether the region of cell `from` falls into two parts or more once
    /// `from` is emptied; if so, the parts are in `parts` (see
    /// [`StarTigris::parts_without`]). Most often the cells around `from`
    /// tell: its neighbours in regions joined through the corners between
    /// them stay joined, and no flood fill is needed.
    fn splits_without(
        &self,
        from: usize,
        parts: &mut Vec<u16>,
        stack: &mut Vec<(usize, usize)>,
    ) -> bool {
        let (w, h) = (self.width() as isize, self.height() as isize);
        let (fr, fc) = ((from as isize) / w, (from as isize) % w);
        let held = |dr: isize, dc: isize| {
            let (r, c) = (fr + dr, fc + dc);
            (0..h).contains(&r)
                && (0..w).contains(&c)
                && self.cells[(r * w + c) as usize].in_region()
        };
        // Above, right, below, left, and the corner after each.
        let sides = [held(-1, 0), held(0, 1), held(1, 0), held(0, -1)];
        let corners = [held(-1, 1), held(1, 1), held(1, -1), held(-1, -1)];
        let count = sides.iter().filter(|&&x| x).count();
        let links = (0..4)
            .filter(|&k| sides[k] && corners[k] && sides[(k + 1) % 4])
            .count();
        if count <= 1 || count.saturating_sub(links) <= 1 {
            return false;
        }
        parts.resize(self.cell_count(), 0);
        self.parts_without(from, parts, stack) > 1
    }

    /// The parts the occupied cells connected to cell `from` fall into
    /// once `from` is emptied, into `part`: a part number (from 1) for
    /// each such cell, 0 for every other cell; returns how many parts.
    /// When the first part reaches every neighbour of `from` the answer
    /// is 1 and the fill stops there (`part` is then incomplete, and not
    /// needed: nothing falls apart). The fill goes breadth first, so a
    /// short way round `from` is found early. `queue` is room to work in
    /// (rows and columns, so that no index is divided).
    fn parts_without(&self, from: usize, part: &mut [u16], queue: &mut Vec<(usize, usize)>) -> u16 {
        let (w, h) = (self.width(), self.height());
        part.fill(0);
        let starts = neighbours(from / w, from % w, w, h);
        let in_region = |x: usize| x != NONE && self.cells[x].in_region();
        let mut unreached = starts.iter().filter(|&&x| in_region(x)).count();
        let mut next = 0u16;
        for start in starts {
            if !in_region(start) || part[start] != 0 {
                continue;
            }
            next += 1;
            part[start] = next;
            unreached -= 1;
            if next == 1 && unreached == 0 {
                return 1;
            }
            queue.clear();
            queue.push((start / w, start % w));
            let mut head = 0;
            while let Some(&(r, c)) = queue.get(head) {
                head += 1;
                let around = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nb, (r, c)) in neighbours(r, c, w, h).into_iter().zip(around) {
                    if nb != NONE && nb != from && self.cells[nb].in_region() && part[nb] == 0 {
                        part[nb] = next;
                        if starts.contains(&nb) {
                            unreached -= 1;
                            if next == 1 && unreached == 0 {
                                return 1;
                            }
                        }
                        queue.push((r, c));
                    }
                }
            }
        }
        next
    }
}

/// Call `f` with the column of each set bit of `word`, lowest first.
#[inline]
fn for_each_column(mut word: u32, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize);
        word &= word - 1;
    }
}

/// Where the board ends, in [`neighbours`].
const NONE: usize = usize::MAX;

/// Marks a part of the moving leader's region in [`StarTigris::moves_into`]
/// (region labels are cell indices, below it).
const PART: u16 = 1 << 14;

/// The cells above, below, left and right of the cell at row `r`,
/// column `c` of a `w`×`h` board, as indices ([`NONE`] past an edge).
#[inline]
fn neighbours(r: usize, c: usize, w: usize, h: usize) -> [usize; 4] {
    let i = r * w + c;
    [
        if r > 0 { i - w } else { NONE },
        if r + 1 < h { i + w } else { NONE },
        if c > 0 { i - 1 } else { NONE },
        if c + 1 < w { i + 1 } else { NONE },
    ]
}

/// How many distinct regions (or parts) `near` holds, [`NO_REGION`] aside.
#[inline]
fn distinct(near: [u16; 4]) -> usize {
    let [a, b, c, d] = near;
    (a != NO_REGION) as usize
        + (b != NO_REGION && b != a) as usize
        + (c != NO_REGION && c != a && c != b) as usize
        + (d != NO_REGION && d != a && d != b && d != c) as usize
}
