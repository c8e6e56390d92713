//! Catanatron's board, positions and actions in Tabula's terms, checked on
//! fixtures written by Catanatron itself (`scripts/catanatron_fixtures.py`:
//! a map as its JSON encoder writes it, and 34 decisions of random games
//! with the protocol's messages). The check on thousands of positions is
//! `scripts/catanatron-check.sh`.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use tabula_catan::catanatron::{Geometry, Table};
use tabula_catan::game::topology::Harbour;
use tabula_catan::{Catan, Resource};
use tabula_engine::Game;

const MAP: &str = include_str!("fixtures/catanatron/map.json");
const POSITIONS: &str = include_str!("fixtures/catanatron/positions.jsonl");

fn map() -> Value {
    serde_json::from_str(MAP).unwrap()
}

#[test]
fn every_node_is_one_corner_and_every_land_edge_one_side() {
    let m = map();
    let geo = Geometry::from_map(&m["map"]).unwrap();
    let topo = geo.topology();
    assert_eq!(topo.corners.len(), 54);
    let mut corners = BTreeSet::new();
    for n in m["nodes"].as_array().unwrap() {
        let id = n["id"].as_u64().unwrap() as u16;
        let Some(c) = geo.corner(id) else {
            continue;
        };
        assert_eq!(geo.node(c), id);
        corners.insert(c);
    }
    assert_eq!(corners.len(), 54, "the 54 land nodes are the 54 corners");
    // Edges between land nodes are exactly the land sides: the turn keeps
    // every neighbourhood, and the node numbering is Catanatron's.
    let mut sides = BTreeSet::new();
    for e in m["edges"].as_array().unwrap() {
        let ends: Vec<u16> = e["id"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u16)
            .collect();
        if let (Some(_), Some(_)) = (geo.corner(ends[0]), geo.corner(ends[1])) {
            let side = geo
                .side(ends[0], ends[1])
                .unwrap_or_else(|| panic!("edge {ends:?} is no side"));
            let mut back = ends.clone();
            back.sort();
            assert_eq!(geo.edge(side).to_vec(), back);
            sides.insert(side);
        }
    }
    assert_eq!(sides.len(), 72);
}

#[test]
fn ports_trade_at_the_nodes_catanatron_says() {
    let m = map();
    let geo = Geometry::from_map(&m["map"]).unwrap();
    let mut ours: BTreeMap<String, BTreeSet<u64>> = BTreeMap::new();
    for (c, h) in &geo.topology().harbour_corners {
        let key = match h {
            Harbour::Generic => "None".to_string(),
            Harbour::Special(r) => match r {
                Resource::Lumber => "WOOD",
                Resource::Brick => "BRICK",
                Resource::Wool => "SHEEP",
                Resource::Grain => "WHEAT",
                Resource::Ore => "ORE",
            }
            .to_string(),
        };
        ours.entry(key).or_default().insert(u64::from(geo.node(*c)));
    }
    let theirs: BTreeMap<String, BTreeSet<u64>> = m["port_nodes"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let nodes = v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap());
            (k.clone(), nodes.collect())
        })
        .collect();
    assert_eq!(ours, theirs);
}

#[test]
fn land_tiles_keep_their_resource_and_number() {
    let m = map();
    let table = Table {
        geometry: Geometry::from_map(&m["map"]).unwrap(),
        colors: ["RED", "BLUE", "ORANGE", "WHITE"]
            .map(String::from)
            .to_vec(),
        points: 10,
    };
    let g = Catan::new(&table.options(), table.geometry.board(), 4, 1).unwrap();
    for t in m["map"]["tiles"].as_array().unwrap() {
        if t["type"] != "LAND" {
            continue;
        }
        let c = &t["coordinate"];
        let coord = (
            c[0].as_i64().unwrap() as i32,
            c[1].as_i64().unwrap() as i32,
            c[2].as_i64().unwrap() as i32,
        );
        let h = table.geometry.hex(coord).unwrap();
        let resource = table.geometry.topology().hexes[h as usize].resource;
        let word = resource.map(tabula_catan::catanatron::geometry::resource_name);
        assert_eq!(word, t["resource"].as_str(), "{coord:?}");
        assert_eq!(
            u64::from(g.numbers[h as usize]),
            t["number"].as_u64().unwrap_or(0),
            "{coord:?}"
        );
        assert_eq!(table.geometry.coordinate(h), coord);
    }
}

/// Catanatron's playable actions that Tabula's rules do not have
/// (docs/catan/catanatron.md).
fn only_catanatron(state: &Value, a: &Value) -> bool {
    let seat = state["current_player_index"].as_u64().unwrap();
    let rolled = state["player_state"][format!("P{seat}_HAS_ROLLED")] == true;
    let kind = a[1].as_str().unwrap();
    (!rolled
        && matches!(
            kind,
            "PLAY_YEAR_OF_PLENTY" | "PLAY_MONOPOLY" | "PLAY_ROAD_BUILDING"
        ))
        || (kind == "PLAY_YEAR_OF_PLENTY" && a[2].as_array().unwrap().len() == 1)
}

fn positions() -> Vec<(String, Table, Catan, u8, Value)> {
    POSITIONS
        .lines()
        .map(|line| {
            let p: Value = serde_json::from_str(line).unwrap();
            let table = Table::from_state(&p["before"]["state"]).unwrap();
            let d = p["decide"].clone();
            let g = table
                .position(&d["state"])
                .unwrap_or_else(|e| panic!("{}: {e}", p["kind"]));
            let seat = table.seat(d["color"].as_str().unwrap()).unwrap();
            (p["kind"].as_str().unwrap().to_string(), table, g, seat, d)
        })
        .collect()
}

#[test]
fn the_legal_actions_are_catanatrons_playable_actions() {
    let mut kinds = 0;
    for (kind, table, g, seat, d) in positions() {
        kinds += 1;
        let mut skipped = Vec::new();
        let ours: BTreeSet<String> = Table::legal_paths(&g, seat, &mut skipped)
            .iter()
            .map(|p| {
                table
                    .to_catanatron(&g, seat, p)
                    .unwrap_or_else(|e| panic!("{kind}: {e}"))
                    .to_string()
            })
            .collect();
        let theirs: BTreeSet<String> = d["playable_actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| !only_catanatron(&d["state"], a))
            .map(|a| Table::normalized(a).to_string())
            .collect();
        assert_eq!(ours, theirs, "{kind}");
        for a in d["playable_actions"].as_array().unwrap() {
            for path in table.to_tabula(&g, a).unwrap() {
                let back = table.to_catanatron(&g, seat, &path).unwrap();
                assert_eq!(back, Table::normalized(a), "{kind}: {a} by {path:?}");
            }
        }
    }
    assert_eq!(kinds, 34);
}

#[test]
fn public_points_are_catanatrons() {
    for (kind, _, g, _, d) in positions() {
        for s in 0..g.seat_count() {
            let theirs = d["state"]["player_state"][format!("P{s}_VICTORY_POINTS")]
                .as_u64()
                .unwrap();
            assert_eq!(
                u64::from(g.public_points(s as u8)),
                theirs,
                "{kind}, seat {s}"
            );
        }
    }
}

#[test]
fn a_bots_choices_make_one_playable_action() {
    // A bot that takes the last legal action at every step (but Tabula's
    // own END_PLAY): a robber's move takes two steps (hex, then whom to
    // rob), Year of Plenty three.
    for (kind, table, g, seat, d) in positions() {
        let playable = d["playable_actions"].as_array().unwrap().clone();
        let mut asked = 0;
        let (i, why) = table.choose(&g, seat, &playable, |g| {
            asked += 1;
            let legal = g.legal_actions(seat);
            legal
                .iter()
                .rev()
                .find(|a| **a != tabula_catan::Action::EndPlay)
                .copied()
        });
        assert!(i < playable.len(), "{kind}");
        let composite = matches!(
            playable[i][1].as_str(),
            Some("PLAY_YEAR_OF_PLENTY" | "PLAY_MONOPOLY")
        ) || playable[i][1] == "MOVE_ROBBER" && !playable[i][2][1].is_null();
        assert_eq!(why, None, "{kind}");
        assert_eq!(asked > 1, composite, "{kind}: {}", playable[i]);
    }
}

#[test]
fn a_choice_without_counterpart_is_answered_with_a_playable_action_and_a_reason() {
    let (kind, table, g, seat, d) = positions()
        .into_iter()
        .find(|p| p.0.contains("road building"))
        .unwrap();
    let playable = d["playable_actions"].as_array().unwrap().clone();
    // END_PLAY (stop Road Building) is Tabula's alone.
    let (i, why) = table.choose(&g, seat, &playable, |_| Some(tabula_catan::Action::EndPlay));
    assert!(i < playable.len(), "{kind}");
    assert!(why.unwrap().contains("no counterpart"), "{kind}");
}

#[test]
fn hidden_cards_stay_hidden_in_the_seats_view() {
    // The decide state gives other seats' hands as counts only; the seat's
    // view shows its own hand exactly as Catanatron's document does.
    for (kind, _, g, seat, d) in positions() {
        let v = g.player_view(seat);
        let ps = &d["state"]["player_state"];
        for (name, r) in tabula_catan::catanatron::geometry::RESOURCES {
            let theirs = ps[format!("P{seat}_{name}_IN_HAND")].as_u64().unwrap();
            let ours = v.state.players[seat as usize]
                .hand
                .get(tabula_catan::Card::of(r));
            assert_eq!(u64::from(ours), theirs, "{kind}");
        }
        for s in 0..g.seat_count() {
            if s as u8 == seat {
                continue;
            }
            let total = ps[format!("P{s}_NUM_RESOURCES_IN_HAND")].as_u64().unwrap();
            assert_eq!(u64::from(g.players[s].hand.total() as u8), total, "{kind}");
            assert_eq!(v.state.players[s].hand.total(), 0, "{kind}: hidden");
        }
    }
}
