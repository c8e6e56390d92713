//! Facts the page and lessons show to explain the rules' results: which
//! cells give each side of a conflict its base strength.

use crate::Pos;
use crate::state::{NOWHERE, Phase, StarTigris};

/// The two sides of the conflict being fought, as shown to players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConflictSides {
    /// Where the attacking leader stands.
    pub attacker_leader: Pos,
    /// Where the defending leader stands.
    pub defender_leader: Pos,
    /// The cells counted in the attacker's base strength.
    pub attacker_support: Vec<Pos>,
    /// The cells counted in the defender's base strength.
    pub defender_support: Vec<Pos>,
}

impl StarTigris {
    /// The sides of the conflict being fought, if one is.
    ///
    /// Internal conflicts count the scientist colonies beside each leader;
    /// external ones count the colonies of the leaders' kind in each
    /// leader's former region (the joining cell left out).
    pub fn conflict_sides(&self) -> Option<ConflictSides> {
        let Phase::Conflict(c) = self.phase else {
            return None;
        };
        let att = self.leaders[c.attacker as usize][c.kind.index()];
        let def = self.leaders[c.defender as usize][c.kind.index()];
        if att == NOWHERE || def == NOWHERE {
            return None;
        }
        let (att, def) = (att as usize, def as usize);
        let support = |leader: usize| -> Vec<Pos> {
            if c.external {
                let split = self.split_at(c.cell as usize);
                let w = self.width();
                match split.part_of(leader, w) {
                    Some(part) => split
                        .cells(part, w)
                        .filter(|&i| self.cell(i).colony() == Some(c.kind))
                        .map(|i| self.pos(i))
                        .collect(),
                    None => Vec::new(),
                }
            } else {
                let mut out = Vec::new();
                self.for_neighbours(leader, |n| {
                    if self.cell(n).is_scientist() {
                        out.push(self.pos(n));
                    }
                });
                out.sort();
                out
            }
        };
        Some(ConflictSides {
            attacker_leader: self.pos(att),
            defender_leader: self.pos(def),
            attacker_support: support(att),
            defender_support: support(def),
        })
    }
}
