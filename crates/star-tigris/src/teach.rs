//! Lessons for Star Tigris in the format for every ruleset
//! (`docs/lessons.md`): positions in the setup format
//! (`docs/star-tigris/setup-format.md`), players numbered from 1, actions
//! as the lessons write them (`place settler C2`, `colonize mining D2`,
//! `commit 3`), cells as `B3`, and as facts the expectations Star
//! Tigris's lessons have always checked ([`Expectations`]: strengths,
//! scores, cells, same and different regions, allowed and refused
//! actions …), each checked as before.

use serde_json::Value;
use tabula_engine::lesson::{Fact, Teach};
use tabula_engine::{Problems, Seat};

use crate::action::Action;
use crate::lesson::{Expectations, check_expectations, snapshot_expectations};
use crate::pos::Pos;
use crate::setup::parse_setup;
use crate::state::StarTigris;

const FACTS: &[Fact] = &[
    Fact {
        name: "strengths",
        meaning: "attacker and defender strengths of the conflict being fought: [5, 1]",
    },
    Fact {
        name: "attacker",
        meaning: "the attacking player (from 1)",
    },
    Fact {
        name: "defender",
        meaning: "the defending player (from 1)",
    },
    Fact {
        name: "conflict",
        meaning: "\"internal KIND\" or \"external KIND\"",
    },
    Fact {
        name: "scores",
        meaning: "points by kind of each listed player: {\"1\": [2, 0, 1, 0]}",
    },
    Fact {
        name: "final_score",
        meaning: "each listed player's final score as if the game ended now",
    },
    Fact {
        name: "winners",
        meaning: "the players sharing first place; the game must be over",
    },
    Fact {
        name: "cells",
        meaning: "cells and what stands on them, as setup tokens: {\"D2\": \"p\"}",
    },
    Fact {
        name: "artifacts",
        meaning: "artifacts each listed player holds",
    },
    Fact {
        name: "artifacts_on_board",
        meaning: "artifacts still on the board",
    },
    Fact {
        name: "hands",
        meaning: "hands by kind of each listed player",
    },
    Fact {
        name: "hand_sizes",
        meaning: "colonists in each listed player's hand",
    },
    Fact {
        name: "bombers",
        meaning: "bombers each listed player has left",
    },
    Fact {
        name: "phase",
        meaning: "order, conflict, choose-conflict, choose-artifact or over",
    },
    Fact {
        name: "active",
        meaning: "the player whose turn it is",
    },
    Fact {
        name: "to_move",
        meaning: "the player who must act next",
    },
    Fact {
        name: "order",
        meaning: "which order of the turn is next: 1 or 2",
    },
    Fact {
        name: "same_region",
        meaning: "pairs of cells that must be in one region: [[\"A1\", \"C2\"]]",
    },
    Fact {
        name: "different_regions",
        meaning: "pairs of cells that must not be in one region",
    },
    Fact {
        name: "allowed",
        meaning: "actions the player to move may make now",
    },
    Fact {
        name: "refused",
        meaning: "actions the rules refuse now, for the player to move",
    },
];

impl Teach for StarTigris {
    fn read_position(text: &str) -> Result<Self, Problems> {
        parse_setup(text)
    }

    fn read_seat(&self, word: &str) -> Option<Seat> {
        match word.trim().parse::<usize>() {
            Ok(n) if (1..=self.players()).contains(&n) => Some(n as Seat - 1),
            _ => None,
        }
    }

    fn read_action(&self, words: &str) -> Result<Action, String> {
        words.parse::<Action>().map_err(|e| e.to_string())
    }

    fn read_place(&self, place: &str) -> Result<(), String> {
        let pos: Pos = place
            .parse()
            .map_err(|e: <Pos as std::str::FromStr>::Err| e.to_string())?;
        if (pos.row as usize) < self.height() && (pos.col as usize) < self.width() {
            Ok(())
        } else {
            Err(format!(
                "{place} is not on this {}×{} board",
                self.width(),
                self.height()
            ))
        }
    }

    fn facts() -> &'static [Fact] {
        FACTS
    }

    fn fact(&self, name: &str) -> Option<Value> {
        let now = serde_json::to_value(snapshot_expectations(self)).ok()?;
        FACTS
            .iter()
            .any(|f| f.name == name)
            .then(|| now.get(name).cloned().unwrap_or(Value::Null))
    }

    fn check_fact(&self, name: &str, want: &Value) -> Option<Result<(), String>> {
        if !FACTS.iter().any(|f| f.name == name) {
            return None;
        }
        let mut one = serde_json::Map::new();
        one.insert(name.to_string(), want.clone());
        let expect: Expectations = match serde_json::from_value(Value::Object(one)) {
            Ok(e) => e,
            Err(e) => return Some(Err(format!("{name}: {e}"))),
        };
        Some(check_expectations(self, &expect).map_err(|d| d.join("; ")))
    }
}
