//! Listing legal actions, with the same checks [`StarTigris::apply_logged`] uses.

use crate::Pos;
use crate::action::{Action, SwapSet};
use crate::kind::Kind;
use crate::regions::{Around, NO_REGION};
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
        let n = self.cell_count();
        // Each cell's neighbourhood, looked at once: the regions next to a
        // free cell, and whether a leader may stand there as far as the
        // cell itself goes (free, habitable, next to a scientist colony).
        let (w, h) = (self.width(), self.height());
        let mut near: Vec<Near> = Vec::with_capacity(n);
        // Rows and columns are counted, not divided out of the index:
        // this loop and the pushes below are the search's inner loop.
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                let at = Pos::new(r as u8, c as u8);
                let cell = self.cells[i];
                if cell.is_destroyed() || cell.is_occupied() {
                    near.push(Near { at, ..Near::TAKEN });
                    continue;
                }
                // One look at the neighbours: a scientist colony among
                // them, and their distinct regions (as `Regions::around`).
                let mut scientist = false;
                let mut around = Around::NONE;
                let mut look = |nb: usize| {
                    scientist |= self.cells[nb].is_scientist();
                    if let Some(l) = regions.of(nb) {
                        around.add(l);
                    }
                };
                if r > 0 {
                    look(i - w);
                }
                if r + 1 < h {
                    look(i + w);
                }
                if c > 0 {
                    look(i - 1);
                }
                if c + 1 < w {
                    look(i + 1);
                }
                near.push(Near {
                    at,
                    free: true,
                    leader_may_stand: scientist && !cell.is_uninhabitable(),
                    around,
                });
            }
        }
        // Colonize.
        for (i, nb) in near.iter().enumerate() {
            if !nb.free || nb.around.with_leaders(regions) > 2 {
                continue;
            }
            let at = nb.at;
            let uninhabitable = self.cells[i].is_uninhabitable();
            for kind in Kind::ALL {
                if hand[kind.index()] > 0 && (kind == Kind::Mining) == uninhabitable {
                    out.push(Action::Colonize { kind, at });
                }
            }
        }
        // Place leaders from the supply: not joining two regions.
        let off: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| self.leaders[p][k.index()] == NOWHERE)
            .collect();
        if !off.is_empty() {
            for nb in &near {
                if nb.leader_may_stand && nb.around.len() <= 1 {
                    for &kind in &off {
                        out.push(Action::PlaceLeader { kind, at: nb.at });
                    }
                }
            }
        }
        // Move and withdraw leaders on the board.
        let mut parts = vec![0u16; n];
        for kind in Kind::ALL {
            let from = self.leaders[p][kind.index()];
            if from == NOWHERE {
                continue;
            }
            self.moves_into(kind, from as usize, &near, &mut parts, out);
            out.push(Action::WithdrawLeader { kind });
        }
        // Destroy.
        if self.bombers[p] > 0 {
            for (i, nb) in near.iter().enumerate() {
                if !self.cells[i].is_destroyed() {
                    out.push(Action::Destroy { at: nb.at });
                }
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
    /// [`StarTigris::check_move_cell`] decides, but in one pass: the
    /// leader's region is split once into the parts it falls into
    /// without the leader, and a target is then judged by the regions
    /// next to it (from `near`) and, next to the leader's own region, by
    /// the parts of it it touches (instead of a flood fill per target).
    fn moves_into(
        &self,
        kind: Kind,
        from: usize,
        near: &[Near],
        parts: &mut [u16],
        out: &mut Vec<Action>,
    ) {
        let old = self.regions.of(from).unwrap_or(NO_REGION);
        self.parts_without(from, parts);
        for (i, nb) in near.iter().enumerate() {
            if !nb.leader_may_stand {
                continue;
            }
            let around = nb.around.as_slice();
            let others = around.iter().filter(|&&l| l != old).count();
            if others > 1 {
                continue;
            }
            let mut n_parts = 0;
            if around.contains(&old) {
                let mut seen = [0u16; 4];
                self.for_neighbours(i, |x| {
                    if x != from && self.regions.of(x) == Some(old) {
                        let part = parts[x];
                        if !seen[..n_parts].contains(&part) {
                            seen[n_parts] = part;
                            n_parts += 1;
                        }
                    }
                });
            }
            if others + n_parts <= 1 {
                out.push(Action::MoveLeader { kind, to: nb.at });
            }
        }
    }

    /// The parts the occupied cells connected to cell `from` fall into
    /// once `from` is emptied, into `part`: a part number (from 1) for
    /// each such cell, 0 for every other cell.
    fn parts_without(&self, from: usize, part: &mut [u16]) {
        part.fill(0);
        let mut next = 0u16;
        let mut stack = Vec::new();
        self.for_neighbours(from, |start| {
            if !self.cells[start].in_region() || part[start] != 0 {
                return;
            }
            next += 1;
            part[start] = next;
            stack.push(start);
            while let Some(x) = stack.pop() {
                self.for_neighbours(x, |nb| {
                    if nb != from && self.cells[nb].in_region() && part[nb] == 0 {
                        part[nb] = next;
                        stack.push(nb);
                    }
                });
            }
        });
    }
}

/// What the listing needs to know of a cell's neighbourhood.
#[derive(Clone, Copy)]
struct Near {
    /// The cell's position.
    at: Pos,
    /// Neither destroyed nor occupied.
    free: bool,
    /// Free, habitable and next to a scientist colony: a leader may stand
    /// there unless it would join regions.
    leader_may_stand: bool,
    /// The regions next to it (free cells only).
    around: Around,
}

impl Near {
    /// A destroyed or occupied cell.
    const TAKEN: Near = Near {
        at: Pos { row: 0, col: 0 },
        free: false,
        leader_may_stand: false,
        around: Around::NONE,
    };
}
