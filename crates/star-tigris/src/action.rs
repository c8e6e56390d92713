//! Actions: every order and every decision inside a turn, with a text form
//! (`colonize scientist F7`) and a JSON form (`{"colonize":{"kind":"scientist","at":"F7"}}`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Pos;
use crate::kind::{Counts, Kind};

/// Colonists to swap, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SwapSet {
    /// Settlers to swap.
    pub settler: u8,
    /// Scientists to swap.
    pub scientist: u8,
    /// Merchants to swap.
    pub merchant: u8,
    /// Mining robots to swap.
    pub mining: u8,
}

impl SwapSet {
    /// As counts indexed by kind.
    pub fn counts(&self) -> Counts {
        [self.settler, self.scientist, self.merchant, self.mining]
    }
    /// From counts indexed by kind.
    pub fn from_counts(c: Counts) -> Self {
        SwapSet {
            settler: c[0],
            scientist: c[1],
            merchant: c[2],
            mining: c[3],
        }
    }
    /// Colonists swapped.
    pub fn total(&self) -> u32 {
        crate::kind::total(&self.counts())
    }
}

/// An action of a Star Tigris seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Order: settle a colonist from the hand on an empty cell.
    Colonize {
        /// The colonist's kind.
        kind: Kind,
        /// The target cell.
        at: Pos,
    },
    /// Order: place a leader from the supply.
    PlaceLeader {
        /// The leader's kind.
        kind: Kind,
        /// The target cell.
        at: Pos,
    },
    /// Order: move a leader on the board to another cell.
    MoveLeader {
        /// The leader's kind.
        kind: Kind,
        /// The target cell.
        to: Pos,
    },
    /// Order: take a leader off the board back to the supply.
    WithdrawLeader {
        /// The leader's kind.
        kind: Kind,
    },
    /// Order: a bomber destroys a cell.
    Destroy {
        /// The target cell.
        at: Pos,
    },
    /// Order: swap colonists from the hand for new draws.
    Swap(SwapSet),
    /// Order: do nothing.
    Pass,
    /// Decision: commit reinforcements to the conflict being fought.
    Commit {
        /// How many colonists of the conflict's reinforcement kind.
        count: u8,
    },
    /// Decision: fight the external conflict of this kind next.
    ResolveConflict {
        /// The leaders' kind.
        kind: Kind,
    },
    /// Decision: take the artifact on this cell.
    TakeArtifact {
        /// The artifact's cell.
        at: Pos,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Colonize { kind, at } => write!(f, "colonize {kind} {at}"),
            Action::PlaceLeader { kind, at } => write!(f, "place {kind} {at}"),
            Action::MoveLeader { kind, to } => write!(f, "move {kind} {to}"),
            Action::WithdrawLeader { kind } => write!(f, "withdraw {kind}"),
            Action::Destroy { at } => write!(f, "destroy {at}"),
            Action::Swap(s) => {
                write!(f, "swap")?;
                for k in Kind::ALL {
                    for _ in 0..s.counts()[k.index()] {
                        write!(f, " {k}")?;
                    }
                }
                Ok(())
            }
            Action::Pass => write!(f, "pass"),
            Action::Commit { count } => write!(f, "commit {count}"),
            Action::ResolveConflict { kind } => write!(f, "resolve {kind}"),
            Action::TakeArtifact { at } => write!(f, "take {at}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;
    /// Parse the text form: `colonize KIND CELL`, `place KIND CELL`,
    /// `move KIND CELL`, `withdraw KIND`, `destroy CELL`, `swap KIND…`,
    /// `pass`, `commit N`, `resolve KIND`, `take CELL`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let arity = |n: usize| -> Result<(), String> {
            if words.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{:?} takes {} word(s) after it, found {}",
                    words[0],
                    n - 1,
                    words.len() - 1
                ))
            }
        };
        let Some(verb) = words.first() else {
            return Err("empty action".into());
        };
        match verb.to_ascii_lowercase().as_str() {
            "colonize" | "colonise" => {
                arity(3)?;
                Ok(Action::Colonize {
                    kind: words[1].parse()?,
                    at: words[2].parse()?,
                })
            }
            "place" => {
                arity(3)?;
                Ok(Action::PlaceLeader {
                    kind: words[1].parse()?,
                    at: words[2].parse()?,
                })
            }
            "move" => {
                arity(3)?;
                Ok(Action::MoveLeader {
                    kind: words[1].parse()?,
                    to: words[2].parse()?,
                })
            }
            "withdraw" => {
                arity(2)?;
                Ok(Action::WithdrawLeader {
                    kind: words[1].parse()?,
                })
            }
            "destroy" => {
                arity(2)?;
                Ok(Action::Destroy {
                    at: words[1].parse()?,
                })
            }
            "swap" => {
                if words.len() < 2 {
                    return Err("swap needs at least one colonist kind".into());
                }
                let mut c: Counts = [0; 4];
                for w in &words[1..] {
                    let k: Kind = w.parse()?;
                    c[k.index()] = c[k.index()].saturating_add(1);
                }
                Ok(Action::Swap(SwapSet::from_counts(c)))
            }
            "pass" => {
                arity(1)?;
                Ok(Action::Pass)
            }
            "commit" => {
                arity(2)?;
                let count = words[1]
                    .parse()
                    .map_err(|_| format!("{:?} is not a count", words[1]))?;
                Ok(Action::Commit { count })
            }
            "resolve" => {
                arity(2)?;
                Ok(Action::ResolveConflict {
                    kind: words[1].parse()?,
                })
            }
            "take" => {
                arity(2)?;
                Ok(Action::TakeArtifact {
                    at: words[1].parse()?,
                })
            }
            other => Err(format!(
                "unknown action {other:?} (colonize, place, move, withdraw, destroy, swap, pass, commit, resolve, take)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json_round_trip() {
        for text in [
            "colonize scientist F7",
            "place merchant A1",
            "move settler B2",
            "withdraw mining",
            "destroy C3",
            "swap settler scientist scientist mining",
            "pass",
            "commit 3",
            "resolve merchant",
            "take P11",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            let json = serde_json::to_string(&a).unwrap();
            let back: Action = serde_json::from_str(&json).unwrap();
            assert_eq!(back, a, "{json}");
        }
        assert_eq!(
            serde_json::to_string(&"colonize scientist F7".parse::<Action>().unwrap()).unwrap(),
            r#"{"colonize":{"kind":"scientist","at":"F7"}}"#
        );
        for bad in [
            "",
            "fly F7",
            "colonize F7",
            "colonize wizard F7",
            "commit x",
            "swap",
            "pass now",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
