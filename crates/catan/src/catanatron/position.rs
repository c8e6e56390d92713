//! A Catanatron state document (its protocol's `state`, the redacted
//! `client_view` of `state_to_json`) as a Tabula game of the base game.
//!
//! What the seat may not see is not in the document when Catanatron sends
//! it from the seat's perspective (others' hands as counts, the deck as
//! its composition); when it is there anyway, it goes only where Tabula's
//! player view hides it again (others' hands, the deck's order). Cards
//! known only as a count are dealt from the cards no one can account for,
//! so that every card is somewhere, as Tabula's rules expect; the bot's
//! view hides them and its determinization deals them afresh.

use serde_json::Value;
use tabula_engine::Seat;

use super::geometry::{Geometry, RESOURCES, read_coordinate};
use crate::game::cards::{Card, Dev, Hand};
use crate::game::options::Options;
use crate::game::state::{Building, Catan, Giving, MAX_SEATS, Phase, RESOURCE_SUPPLY, Step};
use crate::game::topology::CornerId;

/// Catanatron's development cards in its order, as Tabula's.
pub const DEV_CARDS: [(&str, Dev); 5] = [
    ("KNIGHT", Dev::Knight),
    ("YEAR_OF_PLENTY", Dev::YearOfPlenty),
    ("MONOPOLY", Dev::Monopoly),
    ("ROAD_BUILDING", Dev::RoadBuilding),
    ("VICTORY_POINT", Dev::VictoryPoint),
];

/// One game as Catanatron's `before` message describes it: the board and
/// who sits where.
#[derive(Clone, Debug)]
pub struct Table {
    /// The board and both programs' ids on it.
    pub geometry: Geometry,
    /// The seats' colours in seating order (seat 0 first).
    pub colors: Vec<String>,
    /// Victory points to win.
    pub points: u8,
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key)
        .ok_or_else(|| format!("the state has no {key:?}"))
}

fn int(v: &Value, key: &str) -> Result<i64, String> {
    field(v, key)?
        .as_i64()
        .ok_or_else(|| format!("{key:?} is not a whole number"))
}

fn flag(v: &Value, key: &str) -> bool {
    v.get(key).and_then(Value::as_bool).unwrap_or(false)
}

impl Table {
    /// The table of a game from its full state document (the `state` of
    /// a `before` message, which carries the map).
    pub fn from_state(state: &Value) -> Result<Table, String> {
        let geometry = Geometry::from_map(field(state, "map")?)?;
        let colors: Vec<String> = field(state, "colors")?
            .as_array()
            .ok_or("\"colors\" is not a list")?
            .iter()
            .map(|c| c.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or("\"colors\" holds something that is not a colour")?;
        if !(2..=MAX_SEATS).contains(&colors.len()) {
            return Err(format!("{} seats; Tabula plays 2 to 4", colors.len()));
        }
        let points = state
            .get("game")
            .and_then(|g| g.get("vps_to_win"))
            .and_then(Value::as_u64)
            .unwrap_or(10) as u8;
        Ok(Table {
            geometry,
            colors,
            points,
        })
    }

    /// The seat of a colour.
    pub fn seat(&self, color: &str) -> Result<Seat, String> {
        self.colors
            .iter()
            .position(|c| c == color)
            .map(|i| i as Seat)
            .ok_or_else(|| format!("{color:?} is not seated in this game"))
    }

    /// The colour of a seat.
    pub fn color(&self, seat: Seat) -> &str {
        &self.colors[seat as usize]
    }

    /// The options of the game Catanatron plays: the base game, no trades
    /// between players (Catanatron's bots never offer one), its points.
    pub fn options(&self) -> Options {
        Options {
            points: Some(self.points),
            trades_between_players: false,
            ..Options::base()
        }
    }

    /// The position a state document describes (the map may be left out,
    /// as in `decide` messages), as a Tabula game.
    pub fn position(&self, state: &Value) -> Result<Catan, String> {
        let n = self.colors.len();
        let mut g = Catan::new(&self.options(), self.geometry.board(), n, 1)
            .map_err(|p| format!("no game on this board: {p:?}"))?;
        let ps = field(state, "player_state")?;
        let board = field(state, "board")?;
        let geo = &self.geometry;
        // Pieces.
        for b in field(board, "buildings")?
            .as_array()
            .ok_or("\"buildings\" is not a list")?
        {
            let (node, color, kind) = (
                b.get(0).and_then(Value::as_u64),
                b.get(1).and_then(Value::as_str),
                b.get(2).and_then(Value::as_str),
            );
            let (Some(node), Some(color), Some(kind)) = (node, color, kind) else {
                return Err(format!("{b} is not a building [node, colour, kind]"));
            };
            let c = geo
                .corner(node as u16)
                .ok_or_else(|| format!("node {node} is not on the land"))?;
            let owner = self.seat(color)?;
            let p = &mut g.players[owner as usize];
            g.buildings[c as usize] = match kind {
                "SETTLEMENT" => {
                    p.settlements_left = p
                        .settlements_left
                        .checked_sub(1)
                        .ok_or_else(|| format!("{color} has more than five settlements"))?;
                    Building::Settlement { owner }
                }
                "CITY" => {
                    p.cities_left = p
                        .cities_left
                        .checked_sub(1)
                        .ok_or_else(|| format!("{color} has more than four cities"))?;
                    Building::City {
                        owner,
                        wall: false,
                        metropolis: None,
                    }
                }
                other => return Err(format!("{other:?} is not a building")),
            };
        }
        for r in field(board, "roads")?
            .as_array()
            .ok_or("\"roads\" is not a list")?
        {
            let ends = r.get(0).and_then(Value::as_array);
            let color = r.get(1).and_then(Value::as_str);
            let (Some(ends), Some(color)) = (ends, color) else {
                return Err(format!("{r} is not a road [[node, node], colour]"));
            };
            let e: Vec<u16> = ends
                .iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as u16)
                .collect();
            let side = match e[..] {
                [a, b] => geo.side(a, b),
                _ => None,
            }
            .ok_or_else(|| format!("{r} is no edge of the land"))?;
            let owner = self.seat(color)?;
            if g.roads[side as usize].replace(owner).is_some() {
                return Err(format!("two roads on {r}"));
            }
            let p = &mut g.players[owner as usize];
            p.roads_left = p
                .roads_left
                .checked_sub(1)
                .ok_or_else(|| format!("{color} has more than fifteen roads"))?;
        }
        let robber = read_coordinate(field(board, "robber_coordinate")?)?;
        g.robber = geo
            .hex(robber)
            .ok_or_else(|| format!("the robber is at {robber:?}, not on land"))?;
        // The bank and the hands.
        let bank = field(state, "resource_freqdeck")?
            .as_array()
            .ok_or("\"resource_freqdeck\" is not a list")?;
        g.bank = Hand::EMPTY;
        for (i, (_, r)) in RESOURCES.iter().enumerate() {
            let k = bank
                .get(i)
                .and_then(Value::as_u64)
                .ok_or("the bank lists too few resources")?;
            g.bank.add(Card::of(*r), k as u8);
        }
        let mut pool = Hand::EMPTY;
        for (_, r) in RESOURCES {
            pool.add(Card::of(r), RESOURCE_SUPPLY);
        }
        pool.take_all(&g.bank);
        let mut unknown_hands = Vec::new();
        for s in 0..n {
            let key = |k: &str| format!("P{s}_{k}");
            if ps.get(key("WOOD_IN_HAND")).is_some() {
                for (name, r) in RESOURCES {
                    let k = int(ps, &key(&format!("{name}_IN_HAND")))? as u8;
                    g.players[s].hand.add(Card::of(r), k);
                    if pool.get(Card::of(r)) < k {
                        return Err(format!(
                            "more {name} in hands and the bank than in the game"
                        ));
                    }
                    pool.take(Card::of(r), k);
                }
            } else {
                unknown_hands.push((s, int(ps, &key("NUM_RESOURCES_IN_HAND"))? as u32));
            }
        }
        for (s, total) in unknown_hands {
            for _ in 0..total {
                let Some(c) = pool.nth(0) else {
                    return Err("hands hold more cards than the game has".into());
                };
                pool.take(c, 1);
                g.players[s].hand.add(c, 1);
            }
        }
        // Development cards.
        g.turn = if flag(state, "is_initial_build_phase") {
            0
        } else {
            int(state, "num_turns")? as u32 + 1
        };
        let mut devs: Vec<(Dev, u8)> = Dev::DECK.to_vec();
        let take_dev = |devs: &mut Vec<(Dev, u8)>, d: Dev, k: u8| -> Result<(), String> {
            let e = devs
                .iter_mut()
                .find(|(x, _)| *x == d)
                .ok_or("no such card")?;
            if e.1 < k {
                return Err(format!("more {d:?} cards in the document than in the game"));
            }
            e.1 -= k;
            Ok(())
        };
        let deck = field(state, "development_listdeck")?;
        g.dev_deck.clear();
        let mut deck_counts = [0u8; 5];
        match deck {
            Value::Object(m) => {
                for (i, (name, _)) in DEV_CARDS.iter().enumerate() {
                    deck_counts[i] = m.get(*name).and_then(Value::as_u64).unwrap_or(0) as u8;
                }
            }
            Value::Array(a) => {
                for c in a {
                    let i = DEV_CARDS
                        .iter()
                        .position(|(name, _)| Some(*name) == c.as_str())
                        .ok_or_else(|| format!("{c} is not a development card"))?;
                    deck_counts[i] += 1;
                }
            }
            _ => return Err("\"development_listdeck\" is neither a list nor counts".into()),
        }
        for (i, (_, d)) in DEV_CARDS.iter().enumerate() {
            take_dev(&mut devs, *d, deck_counts[i])?;
            for _ in 0..deck_counts[i] {
                g.dev_deck.push(*d);
            }
        }
        let mut unknown_devs = Vec::new();
        for s in 0..n {
            let key = |k: &str| format!("P{s}_{k}");
            let played = int(ps, &key("PLAYED_KNIGHT")).unwrap_or(0) as u8;
            g.players[s].knights_played = played;
            for (name, d) in DEV_CARDS {
                let k = ps
                    .get(key(&format!("PLAYED_{name}")))
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
                take_dev(&mut devs, d, k as u8)?;
            }
            if ps.get(key("KNIGHT_IN_HAND")).is_some() {
                for (name, d) in DEV_CARDS {
                    let k = int(ps, &key(&format!("{name}_IN_HAND")))? as u8;
                    take_dev(&mut devs, d, k)?;
                    // Catanatron keeps one flag a kind: whether the seat
                    // held such a card when its turn began. Cards of a
                    // kind held then count as old, the others as bought
                    // this turn (victory points count at once).
                    let old =
                        d == Dev::VictoryPoint || flag(ps, &key(&format!("{name}_OWNED_AT_START")));
                    let bought = if old { 0 } else { g.turn };
                    for _ in 0..k {
                        g.players[s].dev.push((d, bought));
                    }
                }
            } else {
                unknown_devs.push((s, int(ps, &key("NUM_DEVELOPMENT_CARDS_IN_HAND"))? as u32));
            }
        }
        for (s, total) in unknown_devs {
            for _ in 0..total {
                let Some(e) = devs.iter_mut().find(|(_, k)| *k > 0) else {
                    return Err("hands hold more development cards than the game has".into());
                };
                e.1 -= 1;
                g.players[s].dev.push((e.0, 0));
            }
        }
        // Largest Army, Longest Road.
        g.largest_army = None;
        g.longest_road = None;
        g.update_longest_road();
        for s in 0..n {
            if flag(ps, &format!("P{s}_HAS_ARMY")) {
                g.largest_army = Some(s as Seat);
            }
            if flag(ps, &format!("P{s}_HAS_ROAD")) {
                g.longest_road = Some(s as Seat);
            }
        }
        // Whose turn, and what is asked.
        let turn_seat = int(state, "current_turn_index")? as Seat;
        let asked = int(state, "current_player_index")? as Seat;
        if turn_seat as usize >= n || asked as usize >= n {
            return Err("the current player is not seated".into());
        }
        let prompt = field(state, "current_prompt")?.as_str().unwrap_or("");
        g.steps.clear();
        g.roll = None;
        g.current = turn_seat;
        g.dev_played = flag(
            ps,
            &format!("P{turn_seat}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"),
        );
        if flag(state, "is_initial_build_phase") {
            self.setup_steps(&mut g, asked, prompt)?;
            return Ok(g);
        }
        g.setup_done = 2 * n as u8;
        g.phase = if flag(ps, &format!("P{turn_seat}_HAS_ROLLED")) {
            Phase::Main
        } else {
            Phase::BeforeRoll
        };
        match prompt {
            "PLAY_TURN" if flag(state, "is_road_building") => {
                let left = int(state, "free_roads_available")? as u8;
                g.steps.push(Step::FreeRoads { seat: asked, left });
            }
            "PLAY_TURN" => {}
            "DISCARD" => {
                let counts = field(state, "discard_counts")?
                    .as_array()
                    .ok_or("\"discard_counts\" is not a list")?;
                let mut owed = [0u8; MAX_SEATS];
                for (s, o) in owed.iter_mut().enumerate().take(n) {
                    *o = counts.get(s).and_then(Value::as_u64).unwrap_or(0) as u8;
                }
                g.steps.push(Step::SevenRobber);
                g.steps.push(Step::Give {
                    to: Giving::Discard,
                    owed,
                    chosen: [Hand::EMPTY; MAX_SEATS],
                });
            }
            "MOVE_ROBBER" => g.steps.push(Step::MoveRobber {
                seat: asked,
                bishop: false,
            }),
            other => {
                return Err(format!(
                    "Catanatron asks {other:?}, which Tabula's base game does not ask (trades between players are off)"
                ));
            }
        }
        Ok(g)
    }

    /// The set-up placements still to come, in snake order.
    fn setup_steps(&self, g: &mut Catan, asked: Seat, prompt: &str) -> Result<(), String> {
        let n = self.colors.len();
        let order: Vec<Seat> = (0..n as Seat).chain((0..n as Seat).rev()).collect();
        let placed = g.buildings.iter().filter(|b| b.owner().is_some()).count();
        g.phase = Phase::Setup;
        g.turn = 0;
        g.current = asked;
        g.setup_done = placed as u8;
        g.steps = order
            .get(placed..)
            .unwrap_or(&[])
            .iter()
            .rev()
            .map(|&seat| Step::SetupBuilding { seat, city: false })
            .collect();
        match prompt {
            "BUILD_INITIAL_SETTLEMENT" => {
                if order.get(placed) != Some(&asked) {
                    return Err(format!(
                        "after {placed} set-up settlements the next is not {}'s",
                        self.color(asked)
                    ));
                }
            }
            "BUILD_INITIAL_ROAD" => {
                let topo = self.geometry.topology();
                let from = (0..g.buildings.len()).find(|&c| {
                    g.buildings[c].owner() == Some(asked)
                        && !topo.corners[c]
                            .sides
                            .iter()
                            .any(|&x| g.roads[x as usize] == Some(asked))
                });
                let from = from.ok_or("no settlement waits for its road")? as CornerId;
                g.steps.push(Step::SetupRoad { seat: asked, from });
            }
            other => return Err(format!("{other:?} is not asked during the set-up")),
        }
        Ok(())
    }
}
