//! Lessons for Domains (`docs/lessons.md`): positions in the setup format
//! (`docs/domains/setup-format.md`, played with the default options and
//! seed 1), seats by player number from 0 as the setup writes them,
//! orders as `tabula apply` reads them (`move 3 up-left`, `attack 3 up`,
//! `end`), squares as `ROW,COL` (`4,5`), and the facts below. Rounds run
//! (chance) after each order once every seat has ended its orders.

use serde_json::{Map, Value, json};
use tabula_engine::lesson::{Fact, Teach};
use tabula_engine::{Game, Problems, Seat, ToMove};

use crate::options::Options;
use crate::rules::{Action, Domains};
use crate::setup_text::{game_from_text, parse_setup};

const FACTS: &[Fact] = &[
    Fact { name: "round", meaning: "rounds played so far" },
    Fact { name: "scores", meaning: "each player's points, by number from 0: {\"0\": 1200, …}" },
    Fact { name: "units", meaning: "each player's living units, by number" },
    Fact { name: "painted", meaning: "each player's painted squares, by number" },
    Fact { name: "unit_at", meaning: "where each unit stands, by its id: {\"3\": \"4,5\"}, null once it is gone" },
    Fact { name: "energy", meaning: "each living unit's energy, by its id" },
    Fact { name: "upgraded", meaning: "each living unit's upgrade (true or false), by its id" },
    Fact { name: "to_move", meaning: "the players still giving orders this round: [0, 1]" },
    Fact { name: "over", meaning: "whether the game is over (true or false)" },
];

fn by_player(d: &Domains, f: impl Fn(u8) -> Value) -> Value {
    Value::Object(
        (0..d.board.player_count() as u8)
            .map(|p| (p.to_string(), f(p)))
            .collect(),
    )
}

fn by_unit(d: &Domains, f: impl Fn(&crate::board::Unit) -> Value) -> Value {
    let mut m = Map::new();
    for (id, u) in d.board.units.iter().enumerate() {
        if u.alive() {
            m.insert(id.to_string(), f(u));
        }
    }
    Value::Object(m)
}

impl Teach for Domains {
    fn read_position(text: &str) -> Result<Self, Problems> {
        let setup = parse_setup(text)?;
        game_from_text(&Options::default(), text, setup.players, 1)
    }

    fn read_seat(&self, word: &str) -> Option<Seat> {
        word.trim()
            .parse::<Seat>()
            .ok()
            .filter(|&s| (s as usize) < self.seats())
    }

    fn read_action(&self, words: &str) -> Result<Action, String> {
        words.parse::<Action>().map_err(|e| e.to_string())
    }

    fn read_place(&self, place: &str) -> Result<(), String> {
        let rc: Option<(i32, i32)> = place
            .split_once(',')
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        match rc {
            Some((r, c)) if self.board.at(r, c).is_some() => Ok(()),
            _ => Err(format!(
                "a square is written ROW,COL on this {}×{} board",
                self.board.rows, self.board.cols
            )),
        }
    }

    fn facts() -> &'static [Fact] {
        FACTS
    }

    fn fact(&self, name: &str) -> Option<Value> {
        let b = &self.board;
        Some(match name {
            "round" => json!(b.round),
            "scores" => by_player(self, |p| json!(b.players[p as usize].score)),
            "units" => by_player(self, |p| json!(b.unit_count(p))),
            "painted" => by_player(self, |p| json!(b.painted_by(p))),
            "unit_at" => {
                let mut m = Map::new();
                for (id, u) in b.units.iter().enumerate() {
                    let at = u.alive().then(|| {
                        let (r, c) = b.coords(u.at);
                        format!("{r},{c}")
                    });
                    m.insert(id.to_string(), json!(at));
                }
                Value::Object(m)
            }
            "energy" => by_unit(self, |u| json!(u.energy)),
            "upgraded" => by_unit(self, |u| json!(u.upgraded)),
            "to_move" => match self.to_move() {
                ToMove::Simultaneous(set) => json!(set.iter().collect::<Vec<_>>()),
                ToMove::Seat(s) => json!([s]),
                _ => json!([]),
            },
            "over" => json!(self.to_move() == ToMove::Over),
            _ => return None,
        })
    }
}
