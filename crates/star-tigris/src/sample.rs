//! A fast uniform sampler over the legal actions, for random play.
//!
//! In the order phase it draws from a superset of candidate actions that is
//! cheap to count (every kind in hand × every cell, every leader × every
//! free habitable cell next to a scientist colony (counted over the row
//! sets the state keeps), …) and rejects the illegal ones
//! with the same checks `apply` uses.
//! Rejection keeps the distribution exactly uniform over the legal actions;
//! `pass` is always legal, so the loop ends. Other phases have short lists.

use tabula_engine::GameRng;

use crate::Pos;
use crate::action::{Action, SwapSet};
use crate::kind::{Counts, Kind};
use crate::rows::Ranked;
use crate::state::{NOWHERE, Phase, StarTigris};

impl StarTigris {
    /// A uniformly random legal action of `seat`, or `None` if it has none.
    pub fn sample_action(&self, seat: u8, rng: &mut GameRng) -> Option<Action> {
        // The simultaneous variant's submission draws from the same
        // candidates; once an order is given, a candidate must also pass
        // the submission's own checks (rules.md §11.2).
        let filtered = match self.phase {
            Phase::Order if seat == self.active => false,
            Phase::Submit if self.deciding().contains(seat) => {
                match self
                    .sim
                    .as_ref()
                    .map_or(0, |sim| sim.orders_of(seat).count())
                {
                    0 => false,
                    1 => true,
                    _ => return Some(Action::Pass),
                }
            }
            _ => {
                let list = self.legal(seat);
                return (!list.is_empty()).then(|| list[rng.index(list.len())]);
            }
        };
        let used = filtered.then(|| self.used_by(seat));
        let p = seat as usize;
        let (w, h) = (self.width(), self.height());
        let hand = self.hands[p];
        let mut in_hand = [Kind::Settler; 4];
        let mut k_hand = 0;
        let mut off = [Kind::Settler; 4];
        let mut k_off = 0;
        let mut on = [Kind::Settler; 4];
        let mut k_on = 0;
        for k in Kind::ALL {
            if hand[k.index()] > 0 {
                in_hand[k_hand] = k;
                k_hand += 1;
            }
            if self.leaders[p][k.index()] == NOWHERE {
                off[k_off] = k;
                k_off += 1;
            } else {
                on[k_on] = k;
                k_on += 1;
            }
        }
        // The cells a leader may target, as a row set: the rules' checks
        // then reject only what the rows cannot tell (a leader joining two
        // kingdoms). Colonists are drawn over every cell and most fail on
        // the cell's own bits, which is cheaper than counting their cells.
        let sets = &self.sets;
        let near_scientist = Ranked::new(if k_off + k_on > 0 { h } else { 0 }, |r| {
            sets.free.0[r] & !sets.barren.0[r] & sets.scientist.next_to(r, h)
        });
        // Swaps: with 6 or more in the pool every non-empty sub-multiset of
        // the hand is legal, and the r-th is r + 1 in mixed radix.
        let mut swaps = [[0u8; 4]; 64];
        let all_swaps = self.pool_size() >= 6;
        let n_swaps = if all_swaps {
            hand.iter().map(|&h| h as usize + 1).product::<usize>() - 1
        } else {
            self.legal_swaps(&hand, &mut swaps)
        };
        let n = self.cell_count() as u64;
        let n_leader = near_scientist.len() as u64;
        let colonize = k_hand as u64 * n;
        let place = k_off as u64 * n_leader;
        let moves = k_on as u64 * n_leader;
        let withdraw = k_on as u64;
        let destroy = if self.bombers[p] > 0 { n } else { 0 };
        let total = colonize + place + moves + withdraw + destroy + n_swaps as u64 + 1;
        let at = |(r, c): (usize, usize)| (r * w + c, Pos::new(r as u8, c as u8));
        loop {
            let candidate = 'pick: {
                let mut r = rng.below(total);
                if r < colonize {
                    let kind = in_hand[(r / n) as usize];
                    let i = (r % n) as usize;
                    // The cell's own bits first: most candidates fail
                    // there, before any rule check builds its refusal.
                    let cell = self.cells[i];
                    if cell.is_free()
                        && cell.is_uninhabitable() == (kind == Kind::Mining)
                        && self.check_colonize_cell(kind, i).is_ok()
                    {
                        break 'pick Some(Action::Colonize {
                            kind,
                            at: self.pos(i),
                        });
                    }
                    break 'pick None;
                }
                r -= colonize;
                if r < place {
                    let kind = off[(r / n_leader) as usize];
                    let (i, at) = at(near_scientist.nth((r % n_leader) as u32));
                    if self.check_leader_cell(i).is_ok() {
                        break 'pick Some(Action::PlaceLeader { kind, at });
                    }
                    break 'pick None;
                }
                r -= place;
                if r < moves {
                    let kind = on[(r / n_leader) as usize];
                    let (i, to) = at(near_scientist.nth((r % n_leader) as u32));
                    // The leader's own cell is occupied, so never a target.
                    let from = self.leaders[p][kind.index()] as usize;
                    if self.check_move_cell(from, i).is_ok() {
                        break 'pick Some(Action::MoveLeader { kind, to });
                    }
                    break 'pick None;
                }
                r -= moves;
                if r < withdraw {
                    break 'pick Some(Action::WithdrawLeader {
                        kind: on[r as usize],
                    });
                }
                r -= withdraw;
                if r < destroy {
                    let i = r as usize;
                    if !self.cells[i].is_destroyed() {
                        break 'pick Some(Action::Destroy { at: self.pos(i) });
                    }
                    break 'pick None;
                }
                r -= destroy;
                if r < n_swaps as u64 {
                    let counts = if all_swaps {
                        let mut x = r as usize + 1;
                        let mut c: Counts = [0; 4];
                        for k in 0..4 {
                            let radix = hand[k] as usize + 1;
                            c[k] = (x % radix) as u8;
                            x /= radix;
                        }
                        c
                    } else {
                        swaps[r as usize]
                    };
                    break 'pick Some(Action::Swap(SwapSet::from_counts(counts)));
                }
                break 'pick Some(Action::Pass);
            };
            match candidate {
                Some(a) if used.is_none_or(|used| self.within_submission(&used, &a).is_ok()) => {
                    return Some(a);
                }
                _ => continue,
            }
        }
    }

    /// Write every legal swap for `hand` into `out`; returns how many.
    pub(crate) fn legal_swaps(&self, hand: &Counts, out: &mut [[u8; 4]; 64]) -> usize {
        let pool = self.pool_size();
        let mut len = 0;
        let mut c: Counts = [0; 4];
        loop {
            let t: u32 = c.iter().map(|&x| x as u32).sum();
            if t > 0 && t <= pool && len < out.len() {
                out[len] = c;
                len += 1;
            }
            let mut k = 0;
            while k < 4 {
                if c[k] < hand[k] {
                    c[k] += 1;
                    break;
                }
                c[k] = 0;
                k += 1;
            }
            if k == 4 {
                return len;
            }
        }
    }
}
