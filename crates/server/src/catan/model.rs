//! What one seat (or a visitor) may know of a game, as objects and
//! properties: the model a client builds from the events. The events are
//! the differences between two such models, so that a property reaches a
//! client only if its model holds it: another seat's cards appear only as
//! counts, and a visitor sees no cards at all.

use std::collections::HashMap;

use serde_json::Value;
use tabula_catan::game::state::{Building, Phase};
use tabula_catan::{Card, Catan, Progress, Track};
use tabula_engine::Seat;

use super::ids::{Ids, Obj};

/// An object and one of its properties.
pub type Key = (Obj, &'static str);
/// One property of one object, with its value.
pub type Entry = (Key, String);

/// The people at a table, as the model names them.
pub struct Names<'a> {
    /// Each seat's nickname.
    pub nicks: &'a [String],
    /// Each seat's colour (`RRGGBB`).
    pub colors: &'a [String],
    /// Who plays each seat now: `client` or `bot:SPEC`.
    pub played_by: &'a [String],
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "SETUP",
        Phase::BeforeRoll => "ROLL",
        Phase::Rolling => "ROLLING",
        Phase::Main => "PLAY",
        Phase::Over => "OVER",
    }
}

/// Everything every member may know of `game`, in a fixed order: the
/// game, the players, the map, the pieces.
pub fn public_model(game: &Catan, ids: &Ids, names: &Names) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::with_capacity(512);
    let mut put = |obj: Obj, prop: &'static str, value: String| {
        out.push(((obj, prop), value));
    };
    let topo = &game.topo;
    let field = |h: u16| Obj::Field(topo.hexes[h as usize].field);
    // The game.
    let g = Obj::Game;
    put(g, "state", phase_name(game.phase).into());
    put(g, "currentPlayer", ids.of(Obj::UserAssets(game.current)));
    put(g, "turn", game.turn.to_string());
    if let Some(step) = game.steps.last() {
        put(
            g,
            "waitingFor",
            tabula_catan::game::contract::step_words(step).into(),
        );
    }
    if let Some(r) = game.roll {
        put(g, "dice", format!("{},{}", r.red, r.white));
        if game.ck() {
            let e = r.event.map_or("SHIP", Track::name);
            put(g, "eventDie", e.into());
        }
    }
    if game.ck() {
        put(g, "barbarians", game.barbarians.to_string());
        for t in Track::ALL {
            if let Some((_, c)) = game.metropolis[t.index()] {
                let prop = match t {
                    Track::Trade => "metropolisTRADE",
                    Track::Politics => "metropolisPOLITICS",
                    Track::Science => "metropolisSCIENCE",
                };
                put(g, prop, ids.of(Obj::Intersection(c)));
            }
        }
        put(
            g,
            "progressDecks",
            Track::ALL
                .iter()
                .map(|t| format!("{}:{}", t.name(), game.decks[t.index()].len()))
                .collect::<Vec<_>>()
                .join(","),
        );
    }
    put(
        g,
        "bank",
        Card::ALL
            .iter()
            .filter(|c| game.ck() || !c.is_commodity())
            .map(|c| format!("{}:{}", c.name(), game.bank.get(*c)))
            .collect::<Vec<_>>()
            .join(","),
    );
    if let Some(s) = game.longest_road {
        put(g, "longestRoad", ids.of(Obj::UserAssets(s)));
    }
    if let Some(s) = game.largest_army {
        put(g, "largestArmy", ids.of(Obj::UserAssets(s)));
    }
    if let Some(s) = game.winner {
        put(g, "winner", ids.of(Obj::UserAssets(s)));
    }
    put(g, "goal", game.goal().to_string());
    put(Obj::Robber, "field", ids.of(field(game.robber)));
    if let Some((h, s)) = game.merchant {
        put(g, "merchant", ids.of(field(h)));
        put(g, "merchantOwner", ids.of(Obj::UserAssets(s)));
    }
    // The players.
    for (s, p) in game.players.iter().enumerate() {
        let seat = s as Seat;
        let u = Obj::UserAssets(seat);
        put(u, "nickname", names.nicks[s].clone());
        put(u, "color", names.colors[s].clone());
        put(u, "seat", (s + 1).to_string());
        put(u, "playedBy", names.played_by[s].clone());
        put(u, "points", game.points(seat).to_string());
        let resources: u32 = Card::RESOURCES
            .iter()
            .map(|c| u32::from(p.hand.get(*c)))
            .sum();
        put(u, "resourceCards", resources.to_string());
        if game.ck() {
            let commodities: u32 = Card::COMMODITIES
                .iter()
                .map(|c| u32::from(p.hand.get(*c)))
                .sum();
            put(u, "commodityCards", commodities.to_string());
            put(u, "progressCards", p.progress.len().to_string());
            put(u, "levelTRADE", p.levels[Track::Trade.index()].to_string());
            put(
                u,
                "levelPOLITICS",
                p.levels[Track::Politics.index()].to_string(),
            );
            put(
                u,
                "levelSCIENCE",
                p.levels[Track::Science.index()].to_string(),
            );
            put(u, "knightStrength", game.knight_strength(seat).to_string());
            put(u, "defenderCards", p.defender.to_string());
            put(u, "wallsLeft", p.walls_left.to_string());
            if !p.shown.is_empty() {
                put(
                    u,
                    "pointCards",
                    p.shown
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(","),
                );
            }
        }
        put(u, "roadsLeft", p.roads_left.to_string());
        put(u, "settlementsLeft", p.settlements_left.to_string());
        put(u, "citiesLeft", p.cities_left.to_string());
        put(u, "longestRoadLength", game.road_lengths[s].to_string());
    }
    // The map.
    for (i, f) in game.board.fields.iter().enumerate() {
        put(Obj::Field(i), "name", f.id.clone());
        put(Obj::Field(i), "type", f.kind.name().into());
    }
    for (h, n) in game.numbers.iter().enumerate() {
        if *n > 0 {
            put(field(h as u16), "number", n.to_string());
        }
    }
    // The pieces.
    for (c, info) in topo.corners.iter().enumerate() {
        let i = Obj::Intersection(c as u16);
        put(i, "name", info.name.clone());
        if let Some(h) = info.harbour {
            let name = match h {
                tabula_catan::game::topology::Harbour::Generic => "PORT_3TO1".to_string(),
                tabula_catan::game::topology::Harbour::Special(r) => {
                    format!("PORT_{}", Card::of(r).name())
                }
            };
            put(i, "harbor", name);
        }
        match game.buildings[c] {
            Building::None => {}
            Building::Settlement { owner } => {
                put(i, "building", "Settlement".into());
                put(i, "owner", ids.of(Obj::UserAssets(owner)));
            }
            Building::City {
                owner,
                wall,
                metropolis,
            } => {
                put(i, "building", "City".into());
                put(i, "owner", ids.of(Obj::UserAssets(owner)));
                if wall {
                    put(i, "cityWall", "true".into());
                }
                if let Some(t) = metropolis {
                    put(i, "metropolis", t.name().into());
                }
            }
        }
        if let Some(k) = game.knights[c] {
            let kn = Obj::Knight(c as u16);
            put(i, "knight", ids.of(kn));
            put(kn, "owner", ids.of(Obj::UserAssets(k.owner)));
            put(kn, "level", k.level.to_string());
            put(kn, "active", k.active.to_string());
            put(kn, "position", ids.of(i));
        }
    }
    for (s, info) in topo.sides.iter().enumerate() {
        let b = Obj::Border(s as u16);
        put(b, "name", info.name.clone());
        if let Some(owner) = game.roads[s] {
            put(b, "road", ids.of(Obj::UserAssets(owner)));
        }
    }
    out
}

/// What only seat `me` may know: its own cards.
pub fn private_model(game: &Catan, me: Seat, ids: &Ids) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::with_capacity(16);
    let mut put = |obj: Obj, prop: &'static str, value: String| {
        out.push(((obj, prop), value));
    };
    {
        let p = &game.players[me as usize];
        for c in Card::ALL {
            if !game.ck() && c.is_commodity() {
                continue;
            }
            let o = Obj::Card(me, c);
            put(o, "type", c.name().into());
            put(o, "owner", ids.of(Obj::UserAssets(me)));
            put(o, "count", p.hand.get(c).to_string());
        }
        let mut held: Vec<Progress> = p.progress.clone();
        held.sort();
        held.dedup();
        for c in held {
            let o = Obj::ProgressCard(me, c);
            put(o, "type", c.name().into());
            put(o, "owner", ids.of(Obj::UserAssets(me)));
            let n = p.progress.iter().filter(|x| **x == c).count();
            put(o, "count", n.to_string());
        }
    }
    out
}

/// The events that turn model `old` into model `new`, stamped `ts`: one
/// per property whose value changed (`@ov` the old value), appeared (no
/// `@ov`) or vanished (no `@nv`).
pub fn diff(old: &[Entry], new: &[Entry], ts: &str, ids: &Ids) -> Vec<String> {
    let mut out = Vec::new();
    // Models keep their order: when the keys are the same, walk both.
    let same_keys = old.len() == new.len() && old.iter().zip(new).all(|(a, b)| a.0 == b.0);
    if same_keys {
        for ((k, o), (_, v)) in old.iter().zip(new) {
            if o != v {
                out.push(event(ts, &ids.of(k.0), k.1, Some(v), Some(o)));
            }
        }
        return out;
    }
    let before: HashMap<&Key, &String> = old.iter().map(|(k, v)| (k, v)).collect();
    let mut seen: HashMap<&Key, ()> = HashMap::with_capacity(new.len());
    for (k, v) in new {
        seen.insert(k, ());
        match before.get(k) {
            Some(o) if *o == v => {}
            Some(o) => out.push(event(ts, &ids.of(k.0), k.1, Some(v), Some(o))),
            None => out.push(event(ts, &ids.of(k.0), k.1, Some(v), None)),
        }
    }
    for (k, v) in old {
        if !seen.contains_key(k) {
            out.push(event(ts, &ids.of(k.0), k.1, None, Some(v)));
        }
    }
    out
}

/// One event line: `{"@ts","@src","@prop","@nv","@ov"}` in the seed's
/// order, nulls left out.
pub fn event(ts: &str, src: &str, prop: &str, nv: Option<&str>, ov: Option<&str>) -> String {
    let q = |t: &str| Value::String(t.into()).to_string();
    let mut line = format!(
        "{{\"@ts\":{},\"@src\":{},\"@prop\":{}",
        q(ts),
        q(src),
        q(prop)
    );
    if let Some(v) = nv {
        line.push_str(&format!(",\"@nv\":{}", q(v)));
    }
    if let Some(v) = ov {
        line.push_str(&format!(",\"@ov\":{}", q(v)));
    }
    line.push('}');
    line
}

/// A server message event (`USER_MESSAGE`, `OPTIONS`, …).
pub fn server_event(ts: &str, prop: &str, text: &str) -> String {
    event(ts, "SERVER", prop, Some(text), None)
}

/// Now, in milliseconds since 1970, as the events write it.
pub fn now_ts() -> String {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0)
        .to_string()
}
