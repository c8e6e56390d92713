//! Catanatron's actions (`[colour, action_type, value]`) as Tabula's, and
//! back.
//!
//! Most are one action in both programs. Three of Catanatron's are a
//! short sequence of Tabula's decisions by the same seat (a *path*):
//! `MOVE_ROBBER [coordinate, victim]` is choosing the hex and then the
//! seat to rob; `PLAY_YEAR_OF_PLENTY [r1, r2]` is playing the card and
//! then taking each resource; `PLAY_MONOPOLY r` is playing the card and
//! naming the resource. During Road Building Catanatron's `BUILD_ROAD` is
//! Tabula's choice of a side.
//!
//! Where the rules differ (docs/catan/catanatron.md), an action of one
//! program has no counterpart in the other: Catanatron lets a player
//! play any development card before rolling (Tabula only a knight) and
//! take a single card with Year of Plenty when the bank is short of the
//! second; Tabula lets a player stop Road Building early (`END_PLAY`).

use serde_json::{Value, json};
use tabula_engine::{Game, Seat};

use super::geometry::{RESOURCES, read_coordinate, resource_named};
use super::position::Table;
use crate::game::action::{Action, Choice, Piece};
use crate::game::cards::{Card, Dev};
use crate::game::state::{Catan, Step};

/// A sequence of Tabula actions of one seat that is one Catanatron action.
pub type Path = Vec<Action>;

fn card(v: &Value) -> Result<Card, String> {
    v.as_str()
        .and_then(resource_named)
        .map(Card::of)
        .ok_or_else(|| format!("{v} is not a resource"))
}

fn card_name(c: Card) -> &'static str {
    RESOURCES
        .iter()
        .find(|(_, r)| Card::of(*r) == c)
        .map_or("?", |(n, _)| n)
}

fn resource_index(c: Card) -> usize {
    RESOURCES
        .iter()
        .position(|(_, r)| Card::of(*r) == c)
        .unwrap_or(usize::MAX)
}

impl Table {
    /// Every Tabula path that is Catanatron's `action` in position `g`
    /// (two for a Year of Plenty of two different resources: either may be
    /// taken first), or why there is none.
    pub fn to_tabula(&self, g: &Catan, action: &Value) -> Result<Vec<Path>, String> {
        let kind = action.get(1).and_then(Value::as_str).unwrap_or("");
        let value = action.get(2).unwrap_or(&Value::Null);
        let geo = &self.geometry;
        let node = |v: &Value| {
            v.as_u64()
                .and_then(|n| geo.corner(n as u16))
                .ok_or_else(|| format!("{v} is not a node on the land"))
        };
        let dev = |d: Dev| Action::PlayDevelopment { card: d };
        let one = |a: Action| Ok(vec![vec![a]]);
        match kind {
            "ROLL" => one(Action::RollDice),
            "END_TURN" => one(Action::EndTurn),
            "BUY_DEVELOPMENT_CARD" => one(Action::BuyDevelopment),
            "PLAY_KNIGHT_CARD" => one(dev(Dev::Knight)),
            "PLAY_ROAD_BUILDING" => one(dev(Dev::RoadBuilding)),
            "BUILD_SETTLEMENT" => one(Action::Build {
                piece: Piece::Settlement,
                at: node(value)?,
            }),
            "BUILD_CITY" => one(Action::Build {
                piece: Piece::City,
                at: node(value)?,
            }),
            "BUILD_ROAD" => {
                let e: Vec<u16> = value
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_u64)
                            .map(|x| x as u16)
                            .collect()
                    })
                    .unwrap_or_default();
                let side = match e[..] {
                    [a, b] => geo.side(a, b),
                    _ => None,
                }
                .ok_or_else(|| format!("{value} is no edge of the land"))?;
                if matches!(g.steps.last(), Some(Step::FreeRoads { .. })) {
                    one(Action::Choose {
                        choice: Choice::Side(side),
                    })
                } else {
                    one(Action::Build {
                        piece: Piece::Road,
                        at: side,
                    })
                }
            }
            "DISCARD_RESOURCE" => one(Action::Discard { card: card(value)? }),
            "MARITIME_TRADE" => {
                let a = value
                    .as_array()
                    .ok_or("a maritime trade is a list of five")?;
                match (a.first(), a.get(4)) {
                    (Some(give), Some(take)) => one(Action::Trade {
                        give: card(give)?,
                        take: card(take)?,
                    }),
                    _ => Err(format!("{value} is not a maritime trade")),
                }
            }
            "MOVE_ROBBER" => {
                let coord = read_coordinate(value.get(0).unwrap_or(&Value::Null))?;
                let hex = geo
                    .hex(coord)
                    .ok_or_else(|| format!("{coord:?} is not a land tile"))?;
                let mut path = vec![Action::Choose {
                    choice: Choice::Hex(hex),
                }];
                match value.get(1) {
                    None | Some(Value::Null) => {}
                    Some(c) => {
                        let victim = self.seat(c.as_str().unwrap_or(""))?;
                        path.push(Action::Choose {
                            choice: Choice::Seat(victim),
                        });
                    }
                }
                Ok(vec![path])
            }
            "PLAY_MONOPOLY" => Ok(vec![vec![
                dev(Dev::Monopoly),
                Action::Choose {
                    choice: Choice::Card(card(value)?),
                },
            ]]),
            "PLAY_YEAR_OF_PLENTY" => {
                let cards: Vec<Card> = value
                    .as_array()
                    .ok_or("Year of Plenty's value is a list of resources")?
                    .iter()
                    .map(card)
                    .collect::<Result<_, _>>()?;
                let take = |c: &Card| Action::Choose {
                    choice: Choice::Card(*c),
                };
                let mut paths = vec![];
                let mut path = vec![dev(Dev::YearOfPlenty)];
                path.extend(cards.iter().map(take));
                paths.push(path);
                if let [a, b] = cards[..]
                    && a != b
                {
                    paths.push(vec![dev(Dev::YearOfPlenty), take(&b), take(&a)]);
                }
                Ok(paths)
            }
            other => Err(format!(
                "{other:?} has no counterpart in Tabula's base game without trades between players"
            )),
        }
    }

    /// Catanatron's action for a Tabula path of `seat` in position `g`,
    /// written as Catanatron writes it (an edge's smaller node first, Year
    /// of Plenty's resources in Catanatron's order), or why there is none.
    pub fn to_catanatron(&self, g: &Catan, seat: Seat, path: &[Action]) -> Result<Value, String> {
        let color = self.color(seat);
        let geo = &self.geometry;
        let act = |kind: &str, value: Value| Ok(json!([color, kind, value]));
        let chosen_cards = |rest: &[Action]| -> Result<Vec<Card>, String> {
            rest.iter()
                .map(|a| match a {
                    Action::Choose {
                        choice: Choice::Card(c),
                    } => Ok(*c),
                    _ => Err(format!("{a:?} is not a resource taken")),
                })
                .collect()
        };
        match path {
            [Action::RollDice] => act("ROLL", Value::Null),
            [Action::EndTurn] => act("END_TURN", Value::Null),
            [Action::BuyDevelopment] => act("BUY_DEVELOPMENT_CARD", Value::Null),
            [Action::PlayDevelopment { card: Dev::Knight }] => act("PLAY_KNIGHT_CARD", Value::Null),
            [
                Action::PlayDevelopment {
                    card: Dev::RoadBuilding,
                },
            ] => act("PLAY_ROAD_BUILDING", Value::Null),
            [
                Action::Build {
                    piece: Piece::Settlement,
                    at,
                },
            ] => act("BUILD_SETTLEMENT", json!(geo.node(*at))),
            [
                Action::Build {
                    piece: Piece::City,
                    at,
                },
            ] => act("BUILD_CITY", json!(geo.node(*at))),
            [
                Action::Build {
                    piece: Piece::Road,
                    at,
                },
            ]
            | [
                Action::Choose {
                    choice: Choice::Side(at),
                },
            ] => act("BUILD_ROAD", json!(geo.edge(*at))),
            [Action::Discard { card }] => act("DISCARD_RESOURCE", json!(card_name(*card))),
            [Action::Trade { give, take }] => {
                let rate = g.rates(seat)[give.index()] as usize;
                let mut v: Vec<Value> = vec![json!(card_name(*give)); rate];
                v.resize(4, Value::Null);
                v.push(json!(card_name(*take)));
                act("MARITIME_TRADE", Value::Array(v))
            }
            [
                Action::Choose {
                    choice: Choice::Hex(h),
                },
                rest @ ..,
            ] => {
                let c = geo.coordinate(*h);
                let victim = match rest {
                    [] => Value::Null,
                    [
                        Action::Choose {
                            choice: Choice::Seat(v),
                        },
                    ] => json!(self.color(*v)),
                    _ => return Err(format!("{path:?} is not a robber's move")),
                };
                act("MOVE_ROBBER", json!([[c.0, c.1, c.2], victim]))
            }
            [
                Action::PlayDevelopment {
                    card: Dev::Monopoly,
                },
                rest @ ..,
            ] => match chosen_cards(rest)?[..] {
                [c] => act("PLAY_MONOPOLY", json!(card_name(c))),
                _ => Err(format!("{path:?} names no single resource")),
            },
            [
                Action::PlayDevelopment {
                    card: Dev::YearOfPlenty,
                },
                rest @ ..,
            ] => {
                let mut cards = chosen_cards(rest)?;
                cards.sort_by_key(|c| resource_index(*c));
                let names: Vec<&str> = cards.iter().map(|c| card_name(*c)).collect();
                act("PLAY_YEAR_OF_PLENTY", json!(names))
            }
            _ => Err(format!("{path:?} has no counterpart in Catanatron")),
        }
    }

    /// Every legal path of `seat` in `g`: its legal actions, those that
    /// lead on to another decision of the same Catanatron action (the
    /// seat to rob, the resources of Year of Plenty and Monopoly)
    /// followed through. Tabula's `END_PLAY` during Road Building, which
    /// Catanatron does not have, is left out and counted in `skipped`.
    pub fn legal_paths(g: &Catan, seat: Seat, skipped: &mut Vec<Path>) -> Vec<Path> {
        let mut out = Vec::new();
        Self::paths_from(g, seat, &mut Vec::new(), &mut out, skipped);
        out
    }

    fn paths_from(
        g: &Catan,
        seat: Seat,
        prefix: &mut Path,
        out: &mut Vec<Path>,
        skipped: &mut Vec<Path>,
    ) {
        for a in g.legal_actions(seat) {
            prefix.push(a);
            if a == Action::EndPlay {
                skipped.push(prefix.clone());
            } else if continues(&a) {
                let mut next = g.clone();
                let goes_on = next.apply(seat, &a).is_ok()
                    && matches!(next.steps.last(),
                        Some(Step::Steal { seat: s } | Step::Plenty { seat: s, .. } | Step::Monopoly { seat: s })
                        if *s == seat);
                if goes_on {
                    Self::paths_from(&next, seat, prefix, out, skipped);
                } else {
                    out.push(prefix.clone());
                }
            } else {
                out.push(prefix.clone());
            }
            prefix.pop();
        }
    }

    /// Choose Catanatron's action for `seat` in position `g` among
    /// `playable` (the `playable_actions` of a `decide` message): `ask`
    /// is asked for a Tabula action in each position along the way (a
    /// robber's hex, then whom to rob, …). Returns the index of the
    /// action in `playable`, and why, when the answer had to be found
    /// otherwise than from the bot's choices.
    pub fn choose(
        &self,
        g: &Catan,
        seat: Seat,
        playable: &[Value],
        mut ask: impl FnMut(&Catan) -> Option<Action>,
    ) -> (usize, Option<String>) {
        let mut candidates: Vec<(usize, Path)> = Vec::new();
        let mut unmapped = Vec::new();
        for (i, p) in playable.iter().enumerate() {
            match self.to_tabula(g, p) {
                Ok(paths) => candidates.extend(paths.into_iter().map(|path| (i, path))),
                Err(e) => unmapped.push(e),
            }
        }
        let fallback = |why: String, prefix: &[Action]| {
            let i = candidates
                .iter()
                .find(|(_, p)| p.starts_with(prefix))
                .or(candidates.first())
                .map_or(0, |(i, _)| *i);
            (i, Some(why))
        };
        let mut g = g.clone();
        let mut prefix: Path = Vec::new();
        loop {
            let Some(a) = ask(&g) else {
                return fallback("the bot chose nothing".into(), &prefix);
            };
            prefix.push(a);
            let matching: Vec<&(usize, Path)> = candidates
                .iter()
                .filter(|(_, p)| p.starts_with(&prefix))
                .collect();
            if let Some((i, _)) = matching.iter().find(|(_, p)| p.len() == prefix.len()) {
                return (*i, None);
            }
            if matching.is_empty() {
                prefix.pop();
                let mut why = format!(
                    "the bot's {} has no counterpart among Catanatron's playable actions",
                    a.text(&g.topo)
                );
                if !unmapped.is_empty() {
                    why += &format!(" (unread: {})", unmapped.join("; "));
                }
                return fallback(why, &prefix);
            }
            if let Err(e) = g.apply(seat, &a) {
                prefix.pop();
                return fallback(
                    format!("the bot's {} was refused: {e}", a.text(&g.topo)),
                    &prefix,
                );
            }
        }
    }

    /// `[colour, type, value]` written as [`Table::to_catanatron`] writes
    /// it (for comparing Catanatron's own lists).
    pub fn normalized(action: &Value) -> Value {
        let mut a = action.clone();
        let kind = a.get(1).and_then(Value::as_str).unwrap_or("").to_string();
        if let Some(v) = a.get_mut(2) {
            match kind.as_str() {
                "BUILD_ROAD" => {
                    if let Some(e) = v.as_array_mut() {
                        e.sort_by_key(|x| x.as_u64());
                    }
                }
                "PLAY_YEAR_OF_PLENTY" => {
                    if let Some(e) = v.as_array_mut() {
                        e.sort_by_key(|x| {
                            x.as_str()
                                .and_then(resource_named)
                                .map_or(usize::MAX, |r| resource_index(Card::of(r)))
                        });
                    }
                }
                _ => {}
            }
        }
        a
    }
}

/// Whether a Tabula action may lead on to another decision within the
/// same Catanatron action.
fn continues(a: &Action) -> bool {
    matches!(
        a,
        Action::Choose {
            choice: Choice::Hex(_) | Choice::Card(_)
        } | Action::PlayDevelopment {
            card: Dev::YearOfPlenty | Dev::Monopoly
        }
    )
}
