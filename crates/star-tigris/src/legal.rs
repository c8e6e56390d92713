//! Listing legal actions, with the same checks [`StarTigris::apply_logged`] uses.

use crate::Pos;
use crate::action::{Action, SwapSet};
use crate::kind::Kind;
use crate::regions::NO_REGION;
use crate::rows::{Parts, Rows, at_least_two, columns};
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
        // Rows are asked whole (the state keeps its cells as row sets); a
        // cell is looked at on its own only where the rows cannot settle
        // it: next to cells in regions that the cells around it do not
        // show joined.
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
            for c in columns(may_stand.0[r] & board.region.apart(r, h, 2)) {
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
                // Only a cell next to three cells in regions, apart as
                // far as the cells around it show, can be next to three
                // regions with leaders.
                for c in columns(ok & board.region.apart(r, h, 3)) {
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
        for kind in Kind::ALL {
            let from = self.leaders[p][kind.index()];
            if from == NOWHERE {
                continue;
            }
            self.moves_into(kind, from as usize, [&may_stand, &crowded, &joins], out);
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
    /// [`StarTigris::check_move_cell`] decides, row by row. A cell where a
    /// leader may stand (`may_stand`) next to fewer than two cells in
    /// regions (not `crowded`) joins nothing. When the leader's region
    /// holds together without it, any other cell joins what placing a
    /// leader there would join (`joins`). When the region falls into
    /// parts, a cell next to one part may touch nothing else, and a cell
    /// next to no part joins what placing a leader would. The cells next
    /// to the leader itself are looked at one by one where the rows cannot
    /// tell (the leader's own cell does not count as a neighbour).
    fn moves_into(&self, kind: Kind, from: usize, sets: [&Rows; 3], out: &mut Vec<Action>) {
        let [may_stand, crowded, joins] = sets;
        let (w, h) = (self.width(), self.height());
        let (fr, fc) = (from / w, from % w);
        // The regions next to one cell (the leader's aside): at most one.
        let judge = |r: usize, c: usize| {
            let near = neighbours(r, c, w, h).map(|x| {
                if x == from {
                    NO_REGION
                } else {
                    self.regions.of_near(x).unwrap_or(NO_REGION)
                }
            });
            distinct(near) <= 1
        };
        let any_crowded = (0..h).any(|r| may_stand.0[r] & crowded.0[r] != 0);
        let parts = if any_crowded {
            self.parts_without(from)
        } else {
            None
        };
        // The cells in regions other than the leader's (when split).
        let others = parts.as_ref().map(|parts| {
            let mut o = self.sets.region;
            o.0[fr] &= !(1 << fc);
            for p in parts.as_slice() {
                for r in 0..h {
                    o.0[r] &= !p.0[r];
                }
            }
            o
        });
        for r in 0..h {
            let beside = if r == fr {
                (1 << fc >> 1) | (1 << fc << 1)
            } else if r.abs_diff(fr) == 1 {
                1 << fc
            } else {
                0
            };
            let close = may_stand.0[r] & crowded.0[r];
            let mut ok = may_stand.0[r] & !crowded.0[r];
            let alone = match (&parts, &others) {
                (Some(parts), Some(others)) => {
                    let mut touch = [0u32; 4];
                    for (t, p) in touch.iter_mut().zip(parts.as_slice()) {
                        *t = p.next_to(r, h);
                    }
                    let any = touch[0] | touch[1] | touch[2] | touch[3];
                    let one_part = any & !at_least_two(touch) & !others.next_to(r, h);
                    ok |= close & ((any & one_part) | (!any & !joins.0[r]));
                    close & beside & !any
                }
                _ => {
                    ok |= close & !joins.0[r];
                    close & beside
                }
            };
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

    /// The parts the region of cell `from` falls into once `from` is
    /// emptied, when there are two or more (at most four: one a neighbour
    /// of `from`); `None` when it holds together. Most often the cells
    /// around `from` tell: its neighbours in regions joined through the
    /// corners between them stay joined. Otherwise the region is filled
    /// from each neighbour of `from` in turn, a run of a row at a time
    /// ([`Rows::parts_around`]).
    pub(crate) fn parts_without(&self, from: usize) -> Option<Parts> {
        let (w, h) = (self.width(), self.height());
        let (fr, fc) = (from / w, from % w);
        let region = &self.sets.region;
        if region.apart(fr, h, 2) >> fc & 1 == 0 {
            return None;
        }
        let parts = region.parts_around(fr, fc, h);
        (parts.len() > 1).then_some(parts)
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
