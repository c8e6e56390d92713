//! Lessons for Domains (`docs/lessons.md`): positions in the setup format
//! (`docs/domains/setup-format.md`, played with the default options and
//! seed 1), seats by player number from 0 as the setup writes them,
//! orders as `tabula apply` reads them (`move 3 up-left`, `attack 3 up`,
//! `end`), squares as `ROW,COL` (`4,5`), and the facts below. Rounds run
//! (chance) after each order once every seat has ended its orders.

use serde_json::{Map, Value, json};
use tabula_engine::lesson::{Fact, Teach};
use tabula_engine::{Game, Problems, Seat, ToMove};

use crate::board::Thing;
use crate::options::Options;
use crate::rules::{Action, Domains};
use crate::setup_text::{game_from_text, parse_setup};

const FACTS: &[Fact] = &[
    Fact {
        name: "round",
        meaning: "rounds played so far",
    },
    Fact {
        name: "scores",
        meaning: "each player's points, by number from 0: {\"0\": 1200, …}",
    },
    Fact {
        name: "units",
        meaning: "each player's living units, by number",
    },
    Fact {
        name: "painted",
        meaning: "each player's painted squares, by number",
    },
    Fact {
        name: "unit_at",
        meaning: "where each unit stands, by its id: {\"3\": \"4,5\"}, null once it is gone",
    },
    Fact {
        name: "energy",
        meaning: "each living unit's energy, by its id",
    },
    Fact {
        name: "upgraded",
        meaning: "each living unit's upgrade (true or false), by its id",
    },
    Fact {
        name: "to_move",
        meaning: "the players still giving orders this round: [0, 1]",
    },
    Fact {
        name: "over",
        meaning: "whether the game is over (true or false)",
    },
    Fact {
        name: "drawing",
        meaning: "how many squares each living unit's drawing covers (0: not drawing), by its id",
    },
    Fact {
        name: "bonuses",
        meaning: "how many bonuses lie on the board",
    },
    Fact {
        name: "square ROW,COL",
        meaning: "what a square holds (`square 4,5`): {\"paint\": a player or null, \"zone\": rounds left \
                  of an ability zone (0: none), \"drawing\": the drawing unit's id or null, \"unit\": an id \
                  or null, \"bubble\": its colour or null, \"bonus\": true or false}",
    },
];

/// The square a place names (`4,5`), if it is on the board.
fn square_at(d: &Domains, place: &str) -> Option<u16> {
    let (r, c) = place.split_once(',')?;
    d.board.at(r.trim().parse().ok()?, c.trim().parse().ok()?)
}

/// What the square `at` holds, as the fact `square ROW,COL` tells it.
fn square_fact(d: &Domains, at: u16) -> Value {
    let sq = d.board.square(at);
    let mut m = Map::new();
    m.insert("paint".into(), json!(sq.painter()));
    m.insert("zone".into(), json!(sq.zone));
    m.insert(
        "drawing".into(),
        json!((sq.drawer != crate::board::NONE).then_some(sq.drawer)),
    );
    let (unit, bubble, bonus) = match sq.thing {
        Thing::Empty => (None, None, false),
        Thing::Unit(id) => (Some(id), None, false),
        Thing::Bubble(slot) => (
            None,
            d.board.bubbles[slot as usize].as_ref().map(|b| b.player),
            false,
        ),
        Thing::Bonus(_) => (None, None, true),
    };
    m.insert("unit".into(), json!(unit));
    m.insert("bubble".into(), json!(bubble));
    m.insert("bonus".into(), json!(bonus));
    Value::Object(m)
}

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
        match square_at(self, place) {
            Some(_) => Ok(()),
            None => Err(format!(
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
        if let Some(place) = name.strip_prefix("square ") {
            return square_at(self, place).map(|at| square_fact(self, at));
        }
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
            "drawing" => {
                let mut m = Map::new();
                for (id, u) in b.units.iter().enumerate() {
                    if u.alive() {
                        let n = b.squares.iter().filter(|s| s.drawer as usize == id).count();
                        m.insert(id.to_string(), json!(n));
                    }
                }
                Value::Object(m)
            }
            "bonuses" => json!(
                b.squares
                    .iter()
                    .filter(|s| matches!(s.thing, Thing::Bonus(_)))
                    .count()
            ),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITION: &str = "players 2\nbonus-counters -1 -1 -1 -1\nunit a 0 start=1,1\nunit b 1\n\
                            board\n... ... ... ...\n... 0.. .a. .a*\n... ... .aa ...\n1.b ... ... ...\n";

    #[test]
    fn squares_drawings_and_bonuses_are_told() {
        let d = Domains::read_position(POSITION).unwrap();
        assert_eq!(
            d.fact("square 2,2").unwrap(),
            json!({"paint": null, "zone": 0, "drawing": 0, "unit": 0, "bubble": null, "bonus": false})
        );
        assert_eq!(
            d.fact("square 3,0").unwrap(),
            json!({"paint": 1, "zone": 0, "drawing": null, "unit": 1, "bubble": null, "bonus": false})
        );
        assert_eq!(d.fact("square 1,3").unwrap()["bonus"], json!(true));
        assert_eq!(d.fact("square 1,3").unwrap()["drawing"], json!(0));
        assert_eq!(d.fact("square 4,0"), None, "off the board");
        assert_eq!(d.fact("square x"), None);
        assert_eq!(d.fact("drawing").unwrap(), json!({"0": 3, "1": 0}));
        assert_eq!(d.fact("bonuses").unwrap(), json!(1));
        assert!(d.read_place("3,3").is_ok());
        assert!(d.read_place("4,3").unwrap_err().contains("4×4"));
    }
}
