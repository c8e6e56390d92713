//! The hooks the shared conformance suite needs: invariants and arbitrary actions.

use tabula_engine::GameRng;
use tabula_engine::conformance::Conformance;

use crate::Pos;
use crate::action::{Action, SwapSet};
use crate::kind::{Kind, total};
use crate::state::{Content, NOWHERE, StarTigris};

impl StarTigris {
    /// Every colonist in the game, by kind: pool + hands + board + swapped
    /// + removed + committed. Constant over a game.
    pub fn colonists_accounted(&self) -> [u32; 4] {
        let board = self.colonies_on_board();
        let committed = self.committed();
        let mut out = [0u32; 4];
        for k in 0..4 {
            out[k] = self.pool[k] as u32 + board[k] + self.removed[k] as u32 + committed[k];
            for p in 0..self.players() {
                out[k] += self.hands[p][k] as u32 + self.swapped[p][k] as u32;
            }
        }
        out
    }

    /// Artifacts on the board + held + destroyed. Constant over a game.
    pub fn artifacts_accounted(&self) -> u32 {
        self.artifacts_on_board() as u32
            + self.artifacts_held.iter().map(|&a| a as u32).sum::<u32>()
            + self.artifacts_lost as u32
    }

    /// Check the invariants that hold in every reachable state.
    pub fn invariants(&self) -> Result<(), String> {
        if self.regions != crate::regions::Regions::compute(self, None) {
            return Err("the cached regions differ from a fresh labelling".into());
        }
        let (w, h) = (self.width(), self.height());
        if self.sets != crate::rows::CellSets::of(&self.cells, w, h) {
            return Err("the cached sets of cells differ from the cells".into());
        }
        for p in 0..self.players {
            let n = total(&self.hand(p));
            if n > 6 {
                return Err(format!("player {p} holds {n} colonists"));
            }
            for k in Kind::ALL {
                let at = self.leaders[p as usize][k.index()];
                if at == NOWHERE {
                    continue;
                }
                let at = at as usize;
                if self.cell(at).content() != Content::Leader(p, k) {
                    return Err(format!(
                        "player {p}'s {k} leader is not on its cell {}",
                        self.pos(at)
                    ));
                }
                if !self.next_to_scientist(at) {
                    return Err(format!(
                        "player {p}'s {k} leader at {} has no scientist beside it",
                        self.pos(at)
                    ));
                }
            }
        }
        for i in 0..self.cell_count() {
            let c = self.cell(i);
            if c.is_destroyed() && c.is_occupied() {
                return Err(format!("destroyed cell {} is occupied", self.pos(i)));
            }
            if let Some(k) = c.colony()
                && (k == Kind::Mining) != c.is_uninhabitable()
                && !c.has_artifact()
            {
                {
                    return Err(format!(
                        "{k} colony on the wrong terrain at {}",
                        self.pos(i)
                    ));
                }
            }
            if let Content::Leader(p, k) = c.content()
                && self.leaders[p as usize][k.index()] as usize != i
            {
                {
                    return Err(format!("stray leader at {}", self.pos(i)));
                }
            }
        }
        Ok(())
    }
}

impl Conformance for StarTigris {
    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        // Cells up to two beyond the board, to exercise off-board checks.
        let pos = |rng: &mut GameRng| {
            Pos::new(
                rng.below(self.height() as u64 + 2) as u8,
                rng.below(self.width() as u64 + 2) as u8,
            )
        };
        let kind = |rng: &mut GameRng| Kind::from_index(rng.below(4) as usize);
        match rng.below(10) {
            0 => Action::Colonize {
                kind: kind(rng),
                at: pos(rng),
            },
            1 => Action::PlaceLeader {
                kind: kind(rng),
                at: pos(rng),
            },
            2 => Action::MoveLeader {
                kind: kind(rng),
                to: pos(rng),
            },
            3 => Action::WithdrawLeader { kind: kind(rng) },
            4 => Action::Destroy { at: pos(rng) },
            5 => Action::Swap(SwapSet::from_counts([0; 4].map(|_: u8| rng.below(3) as u8))),
            6 => Action::Pass,
            7 => Action::Commit {
                count: rng.below(8) as u8,
            },
            8 => Action::ResolveConflict { kind: kind(rng) },
            _ => Action::TakeArtifact { at: pos(rng) },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{DEFAULT_MAP, Options, StarTigris};

    /// The sets of cells the listing reads are checked against the cells.
    #[test]
    fn stale_sets_of_cells_break_the_invariants() {
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 1).unwrap();
        assert_eq!(g.invariants(), Ok(()));
        g.sets.free.0[0] ^= 1;
        assert!(g.invariants().unwrap_err().contains("sets of cells"));
    }
}
