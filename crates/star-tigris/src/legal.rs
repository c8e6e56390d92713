//! Listing legal actions, with the same checks [`StarTigris::apply_logged`] uses.

use crate::action::{Action, SwapSet};
use crate::kind::Kind;
use crate::state::{NOWHERE, Phase, StarTigris};

impl StarTigris {
    /// Every legal action of `seat` now.
    pub fn legal(&self, seat: u8) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_into(seat, &mut out);
        out
    }

    /// Append every legal action of `seat` to `out`.
    pub fn legal_into(&self, seat: u8, out: &mut Vec<Action>) {
        let p = seat as usize;
        match self.phase {
            Phase::Order if seat == self.active => self.orders_into(seat, out),
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

    fn orders_into(&self, seat: u8, out: &mut Vec<Action>) {
        let p = seat as usize;
        let hand = self.hands[p];
        let regions = &self.regions;
        let n = self.cell_count();
        // Colonize.
        for i in 0..n {
            let cell = self.cells[i];
            if cell.is_destroyed() || cell.is_occupied() {
                continue;
            }
            if regions.around(self, i).with_leaders(regions) > 2 {
                continue;
            }
            let at = self.pos(i);
            for kind in Kind::ALL {
                if hand[kind.index()] > 0 && (kind == Kind::Mining) == cell.is_uninhabitable() {
                    out.push(Action::Colonize { kind, at });
                }
            }
        }
        // Place leaders from the supply.
        let off: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| self.leaders[p][k.index()] == NOWHERE)
            .collect();
        if !off.is_empty() {
            for i in 0..n {
                if self.check_leader_cell(regions, i).is_ok() {
                    for &kind in &off {
                        out.push(Action::PlaceLeader {
                            kind,
                            at: self.pos(i),
                        });
                    }
                }
            }
        }
        // Move and withdraw leaders on the board.
        for kind in Kind::ALL {
            let from = self.leaders[p][kind.index()];
            if from == NOWHERE {
                continue;
            }
            for i in 0..n {
                if i != from as usize && self.check_move_cell(from as usize, i).is_ok() {
                    out.push(Action::MoveLeader {
                        kind,
                        to: self.pos(i),
                    });
                }
            }
            out.push(Action::WithdrawLeader { kind });
        }
        // Destroy.
        if self.bombers[p] > 0 {
            for i in 0..n {
                if !self.cells[i].is_destroyed() {
                    out.push(Action::Destroy { at: self.pos(i) });
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
}
