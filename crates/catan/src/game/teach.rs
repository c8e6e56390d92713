//! Lessons for Catan (`docs/lessons.md`): positions as
//! `docs/catan/positions.md` writes them (on the standard board), players
//! numbered from 1, actions in the words `tabula apply --ruleset catan`
//! reads (`build settlement 5:SE`, `roll`, `end`), places as fields
//! (`8`), corners and sides (`5:SE`) or any of them by kind (`side
//! 5:SE`), and the facts below. Chance (the dice) is settled after each
//! action; a position's `dice` line fixes the coming roll.

use serde_json::{Map, Value, json};
use tabula_engine::lesson::{Fact, Teach};
use tabula_engine::{Game, Problems, Seat, ToMove};

use super::cards::{Card, Track};
use super::position::read_position;
use super::state::{Building, Catan, Phase};
use crate::Action;

const FACTS: &[Fact] = &[
    Fact {
        name: "points",
        meaning: "each player's victory points, by number from 1: {\"1\": 4, …}",
    },
    Fact {
        name: "hand",
        meaning: "each player's cards by kind: {\"1\": {\"GRAIN\": 2, …}} (every kind, 0 too)",
    },
    Fact {
        name: "hand_size",
        meaning: "the number of cards in each player's hand",
    },
    Fact {
        name: "progress",
        meaning: "the number of progress cards in each player's hand",
    },
    Fact {
        name: "levels",
        meaning: "each player's city improvements: {\"1\": {\"TRADE\": 1, \"POLITICS\": 0, \"SCIENCE\": 0}}",
    },
    Fact {
        name: "defender",
        meaning: "each player's Defender of Catan cards",
    },
    Fact {
        name: "hand_limit",
        meaning: "the cards each player may hold when a 7 is rolled (7, 2 more a city wall)",
    },
    Fact {
        name: "knight_strength",
        meaning: "the strength of each player's active knights (what counts against the barbarians)",
    },
    Fact {
        name: "road_length",
        meaning: "each player's longest road, in roads",
    },
    Fact {
        name: "roll",
        meaning: "the last roll: {\"red\": 5, \"white\": 3, \"event\": \"ship\"} (event ship, TRADE, POLITICS or SCIENCE), or null",
    },
    Fact {
        name: "robber_awake",
        meaning: "whether the robber has woken (the barbarians have attacked once)",
    },
    Fact {
        name: "robber",
        meaning: "the field the robber stands on (its id, as a string)",
    },
    Fact {
        name: "barbarians",
        meaning: "the barbarian ship's place on its track, 0 to 7",
    },
    Fact {
        name: "phase",
        meaning: "\"setup\", \"before-roll\", \"rolling\", \"main\" or \"over\"",
    },
    Fact {
        name: "waiting",
        meaning: "what the game waits for before the turn goes on (\"give\", \"move-robber\", \"steal\", …), or null",
    },
    Fact {
        name: "current",
        meaning: "the player whose turn it is",
    },
    Fact {
        name: "to_move",
        meaning: "the players to act now: [2]",
    },
    Fact {
        name: "winner",
        meaning: "the winner, or null",
    },
    Fact {
        name: "longest_road",
        meaning: "who holds the Longest Road, or null",
    },
    Fact {
        name: "building CORNER",
        meaning: "what stands on a corner (`building 5:SE`): \"settlement 1\", \"city 1\", \"city 1 wall\", \"city 1 metropolis TRADE\", or null",
    },
    Fact {
        name: "knight CORNER",
        meaning: "the knight on a corner: \"basic 1\", \"strong 2 active\", …, or null",
    },
    Fact {
        name: "road SIDE",
        meaning: "whose road runs along a side (`road 9:SW`), or null",
    },
];

fn by_player(g: &Catan, f: impl Fn(Seat) -> Value) -> Value {
    Value::Object(
        (0..g.seat_count() as Seat)
            .map(|s| ((s + 1).to_string(), f(s)))
            .collect(),
    )
}

fn player(s: Seat) -> Value {
    json!(s + 1)
}

/// A pending step's name: `MoveRobber { .. }` is `move-robber`.
fn step_name(debug: &str) -> String {
    let head = debug.split([' ', '(', '{']).next().unwrap_or("");
    let mut out = String::new();
    for (i, c) in head.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

impl Teach for Catan {
    fn read_position(text: &str) -> Result<Self, Problems> {
        read_position(text, None)
    }

    fn read_seat(&self, word: &str) -> Option<Seat> {
        match word.trim().parse::<usize>() {
            Ok(n) if (1..=self.seat_count()).contains(&n) => Some(n as Seat - 1),
            _ => None,
        }
    }

    fn read_action(&self, words: &str) -> Result<Action, String> {
        Action::parse(words, &self.topo)
    }

    /// A field id (`8`), a corner or side `FIELD:DIR` (`5:SE`), or one of
    /// them named by its kind (`field 8`, `corner 5:SE`, `side 5:SE`: a
    /// side in a direction a corner also has is written so).
    fn read_place(&self, place: &str) -> Result<(), String> {
        let t = &self.topo;
        let known = match place.split_once(' ') {
            Some((kind, p)) if kind.eq_ignore_ascii_case("field") => {
                t.parse_hex(p.trim()).is_some()
            }
            Some((kind, p)) if kind.eq_ignore_ascii_case("corner") => {
                t.parse_corner(p.trim()).is_some()
            }
            Some((kind, p)) if kind.eq_ignore_ascii_case("side") => {
                t.parse_side(p.trim()).is_some()
            }
            _ => {
                t.parse_hex(place).is_some()
                    || t.parse_corner(place).is_some()
                    || t.parse_side(place).is_some()
            }
        };
        if known {
            Ok(())
        } else {
            Err("a place is a field id (`8`) or a corner or side written FIELD:DIR (`5:SE`), or one of them named by its kind (`field 8`, `corner 5:SE`, `side 5:SE`)".into())
        }
    }

    fn facts() -> &'static [Fact] {
        FACTS
    }

    fn fact(&self, name: &str) -> Option<Value> {
        if let Some(c) = name.strip_prefix("building ") {
            let c = self.topo.parse_corner(c.trim())?;
            return Some(match self.buildings[c as usize] {
                Building::None => Value::Null,
                Building::Settlement { owner } => json!(format!("settlement {}", owner + 1)),
                Building::City {
                    owner,
                    wall,
                    metropolis,
                } => {
                    let mut s = format!("city {}", owner + 1);
                    if wall {
                        s.push_str(" wall");
                    }
                    if let Some(m) = metropolis {
                        s.push_str(&format!(" metropolis {}", m.name()));
                    }
                    json!(s)
                }
            });
        }
        if let Some(c) = name.strip_prefix("knight ") {
            let c = self.topo.parse_corner(c.trim())?;
            return Some(match self.knights[c as usize] {
                None => Value::Null,
                Some(k) => {
                    let level = ["basic", "strong", "mighty"][usize::from(k.level.clamp(1, 3) - 1)];
                    let active = if k.active { " active" } else { "" };
                    json!(format!("{level} {}{active}", k.owner + 1))
                }
            });
        }
        if let Some(s) = name.strip_prefix("road ") {
            let s = self.topo.parse_side(s.trim())?;
            return Some(self.roads[s as usize].map_or(Value::Null, player));
        }
        Some(match name {
            "points" => by_player(self, |s| json!(self.points(s))),
            "hand" => by_player(self, |s| {
                let h = &self.players[s as usize].hand;
                Value::Object(
                    Card::ALL
                        .iter()
                        .map(|c| (c.name().to_string(), json!(h.0[c.index()])))
                        .collect::<Map<_, _>>(),
                )
            }),
            "hand_size" => by_player(self, |s| {
                json!(
                    self.players[s as usize]
                        .hand
                        .0
                        .iter()
                        .map(|&n| u32::from(n))
                        .sum::<u32>()
                )
            }),
            "progress" => by_player(self, |s| json!(self.players[s as usize].progress.len())),
            "levels" => by_player(self, |s| {
                let l = self.players[s as usize].levels;
                Value::Object(
                    Track::ALL
                        .iter()
                        .enumerate()
                        .map(|(i, t)| (t.name().to_string(), json!(l[i])))
                        .collect(),
                )
            }),
            "defender" => by_player(self, |s| json!(self.players[s as usize].defender)),
            "robber" => json!(
                self.board
                    .fields
                    .iter()
                    .find(|f| self.topo.parse_hex(&f.id) == Some(self.robber))
                    .map(|f| f.id.clone())
            ),
            "barbarians" => json!(self.barbarians),
            "hand_limit" => by_player(self, |s| json!(self.hand_limit(s))),
            "knight_strength" => by_player(self, |s| json!(self.knight_strength(s))),
            "road_length" => by_player(self, |s| json!(self.road_length(s))),
            "roll" => match &self.roll {
                Some(r) => json!({
                    "red": r.red,
                    "white": r.white,
                    "event": r.event.map_or("ship", |t| t.name()),
                }),
                None => Value::Null,
            },
            "robber_awake" => json!(self.robber_awake),
            "phase" => json!(match self.phase {
                Phase::Setup => "setup",
                Phase::BeforeRoll => "before-roll",
                Phase::Rolling => "rolling",
                Phase::Main => "main",
                Phase::Over => "over",
            }),
            "waiting" => match self.steps.last() {
                Some(step) => json!(step_name(&format!("{step:?}"))),
                None => Value::Null,
            },
            "current" => player(self.current),
            "to_move" => match self.to_move() {
                ToMove::Seat(s) => json!([s + 1]),
                ToMove::Simultaneous(set) => json!(set.iter().map(|s| s + 1).collect::<Vec<_>>()),
                _ => json!([]),
            },
            "winner" => self.winner.map_or(Value::Null, player),
            "longest_road" => self.longest_road.map_or(Value::Null, player),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_a_position_as_the_rules_count_it() {
        let g = <Catan as Teach>::read_position(
            "players 2\ncity 1 9:SE wall\nsettlement 2 28:SE\nroads 2 28:S 28:SW\nknight 1 24:SE strong active\nturn 3 player 1 before-roll\n",
        )
        .unwrap();
        assert_eq!(g.fact("hand_limit").unwrap(), json!({"1": 9, "2": 7}));
        assert_eq!(g.fact("knight_strength").unwrap(), json!({"1": 2, "2": 0}));
        assert_eq!(g.fact("road_length").unwrap()["2"], json!(2));
        assert_eq!(g.fact("roll").unwrap(), Value::Null);
        assert_eq!(g.fact("robber_awake").unwrap(), json!(false));
        assert_eq!(g.fact("building 9:SE").unwrap(), json!("city 1 wall"));
        assert_eq!(g.fact("knight 24:SE").unwrap(), json!("strong 1 active"));
        assert_eq!(g.fact("phase").unwrap(), json!("before-roll"));
        assert_eq!(g.fact("no such fact"), None);
    }

    #[test]
    fn a_place_is_read_bare_or_named_by_its_kind() {
        let g = <Catan as Teach>::read_position("players 2\n").unwrap();
        for ok in [
            "13",
            "9:SE",
            "9:S",
            "field 13",
            "corner 9:SE",
            "side 9:SE",
            "side 9:S",
        ] {
            assert_eq!(g.read_place(ok), Ok(()), "{ok}");
        }
        // A side's direction is no corner's, and the reverse; no such field.
        for bad in [
            "corner 9:S",
            "side 9:E",
            "field 9:SE",
            "99",
            "road 9:S",
            "9:Q",
        ] {
            assert!(
                g.read_place(bad).unwrap_err().contains("FIELD:DIR"),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_pending_steps_name_is_written_in_words() {
        assert_eq!(step_name("MoveRobber { from: 3 }"), "move-robber");
        assert_eq!(step_name("Seven"), "seven");
        assert_eq!(step_name("Produce(8)"), "produce");
    }
}
