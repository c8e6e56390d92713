//! Lessons for Vector (`docs/lessons.md`): positions as
//! [`crate::position`] writes them, seats by letter (`N`, `E`, `S`, `W`),
//! actions in the 2009 protocol's words (`DIRECTION: NE`, `MAGNITUDE: 2`),
//! squares as `ROW COL` (`5 10`), and the facts below.

use serde_json::{Value, json};
use tabula_engine::lesson::{Fact, Teach};
use tabula_engine::{Game, Problems, Seat, ToMove};

use crate::Action;
use crate::geometry::{SEAT_LETTERS, SIDE};
use crate::position::read_position;
use crate::state::{Cause, Phase, Vector};

const FACTS: &[Fact] = &[
    Fact {
        name: "vector",
        meaning: "where the Vector stands: [row, column]",
    },
    Fact {
        name: "scores",
        meaning: "each seat's points, by letter: {\"N\": 7, …}",
    },
    Fact {
        name: "team_scores",
        meaning: "each team's points: {\"NS\": 9, \"EW\": 4}",
    },
    Fact {
        name: "round",
        meaning: "the round being played, from 0",
    },
    Fact {
        name: "lost",
        meaning: "turns each seat still sits out, by letter",
    },
    Fact {
        name: "phase",
        meaning: "\"directions\", \"magnitudes\" or \"over\"",
    },
    Fact {
        name: "to_move",
        meaning: "the seats to choose now, by letter: [\"E\"]",
    },
    Fact {
        name: "goal",
        meaning: "the seat whose goal the Vector went through, or null",
    },
    Fact {
        name: "path",
        meaning: "the last round's travel: [[seat, cause, [row, column]], …] with cause card, push or relocation",
    },
];

fn letter(s: Seat) -> &'static str {
    SEAT_LETTERS[s as usize]
}

fn by_seat<T: Into<Value> + Copy>(values: &[T]) -> Value {
    Value::Object(
        values
            .iter()
            .enumerate()
            .map(|(i, v)| (letter(i as Seat).to_string(), (*v).into()))
            .collect(),
    )
}

impl Teach for Vector {
    fn read_position(text: &str) -> Result<Self, Problems> {
        read_position(text)
    }

    fn read_seat(&self, word: &str) -> Option<Seat> {
        SEAT_LETTERS
            .iter()
            .position(|l| *l == word.trim())
            .map(|i| i as Seat)
    }

    fn read_action(&self, words: &str) -> Result<Action, String> {
        words.parse::<Action>().map_err(|e| e.to_string())
    }

    fn read_place(&self, place: &str) -> Result<(), String> {
        let xy: Vec<i8> = place
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        match xy[..] {
            [r, c]
                if (0..SIDE).contains(&r)
                    && (0..SIDE).contains(&c)
                    && place.split_whitespace().count() == 2 =>
            {
                Ok(())
            }
            _ => Err(format!(
                "a square is written ROW COLUMN, each 0 to {}",
                SIDE - 1
            )),
        }
    }

    fn facts() -> &'static [Fact] {
        FACTS
    }

    fn fact(&self, name: &str) -> Option<Value> {
        Some(match name {
            "vector" => json!([self.pos.row, self.pos.col]),
            "scores" => by_seat(&self.scores),
            "team_scores" => json!({"NS": self.team_score(0), "EW": self.team_score(1)}),
            "round" => json!(self.round),
            "lost" => by_seat(&self.lost),
            "phase" => json!(match self.phase {
                Phase::Directions { .. } => "directions",
                Phase::Magnitudes => "magnitudes",
                Phase::Over => "over",
            }),
            "to_move" => {
                let seats: Vec<&str> = match self.to_move() {
                    ToMove::Seat(s) => vec![letter(s)],
                    ToMove::Simultaneous(set) => set.iter().map(letter).collect(),
                    _ => Vec::new(),
                };
                json!(seats)
            }
            "goal" => json!(self.goal.map(letter)),
            "path" => Value::Array(
                self.segments
                    .iter()
                    .map(|s| {
                        let cause = match s.cause {
                            Cause::Card => "card",
                            Cause::Push => "push",
                            Cause::Relocation => "relocation",
                        };
                        json!([letter(s.seat), cause, [s.to.row, s.to.col]])
                    })
                    .collect(),
            ),
            _ => return None,
        })
    }
}
