//! Catanatron's board onto Tabula's: its tile coordinates, node ids and
//! edges (pairs of node ids) as Tabula's hexes, corners and sides.
//!
//! Catanatron draws pointy-topped hexes in cube coordinates `(x, y, z)`
//! and numbers the corners ("nodes") of its BASE map template by walking
//! the template's 37 tiles in order, each tile's six nodes from NORTH
//! clockwise, a node already numbered by a neighbouring tile keeping its
//! number (`catanatron.models.map.get_nodes_and_edges`). The ids follow
//! from the template alone, so they are worked out here, not sent.
//!
//! Tabula's hexes are flat-topped in axial coordinates. Turning
//! Catanatron's picture 30° anticlockwise makes its hexes flat-topped:
//! its EAST neighbour becomes Tabula's NE, its NORTH node Tabula's NW
//! corner, and `(x, y, z)` becomes `q = -y, r = -x`. A turn keeps every
//! neighbourhood, so a node touches the same tiles, an edge the same
//! nodes, and a port the same two nodes on both sides.

use std::collections::HashMap;

use serde_json::Value;
use tabula_hex::{Corner, CornerDir, Dir, Hex, Side};

use crate::game::topology::{CornerId, HexId, SideId, Topology};
use crate::{Board, CheckedBoard, Field, FieldKind, Resource};

/// A Catanatron tile coordinate (cube coordinates).
pub type Coordinate = (i32, i32, i32);

/// What the BASE template puts at a coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Land,
    Water,
    /// A port facing the land in this direction (Catanatron's `Direction`).
    Port(CDir),
}

/// Catanatron's six neighbour directions (`Direction`), in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CDir {
    East,
    SouthEast,
    SouthWest,
    West,
    NorthWest,
    NorthEast,
}

impl CDir {
    const ALL: [CDir; 6] = [
        CDir::East,
        CDir::SouthEast,
        CDir::SouthWest,
        CDir::West,
        CDir::NorthWest,
        CDir::NorthEast,
    ];

    /// `UNIT_VECTORS` of `catanatron.models.coordinate_system`.
    fn unit(self) -> Coordinate {
        match self {
            CDir::NorthEast => (1, 0, -1),
            CDir::SouthWest => (-1, 0, 1),
            CDir::NorthWest => (0, 1, -1),
            CDir::SouthEast => (0, -1, 1),
            CDir::East => (1, -1, 0),
            CDir::West => (-1, 1, 0),
        }
    }

    /// The same direction on Tabula's turned, flat-topped grid.
    fn tabula(self) -> Dir {
        match self {
            CDir::East => Dir::NE,
            CDir::NorthEast => Dir::N,
            CDir::NorthWest => Dir::NW,
            CDir::West => Dir::SW,
            CDir::SouthWest => Dir::S,
            CDir::SouthEast => Dir::SE,
        }
    }
}

// Catanatron's `NodeRef`s, in its order: the index into a tile's nodes.
const NORTH: usize = 0;
const NORTHEAST: usize = 1;
const SOUTHEAST: usize = 2;
const SOUTH: usize = 3;
const SOUTHWEST: usize = 4;
const NORTHWEST: usize = 5;

/// Tabula's corner for each of Catanatron's `NodeRef`s (index as above).
const NODE_CORNER: [CornerDir; 6] = [
    CornerDir::NW,
    CornerDir::NE,
    CornerDir::E,
    CornerDir::SE,
    CornerDir::SW,
    CornerDir::W,
];

/// `BASE_MAP_TEMPLATE.topology` of `catanatron.models.map`, in its order.
const BASE: [(Coordinate, Slot); 37] = {
    use CDir::*;
    use Slot::*;
    [
        ((0, 0, 0), Land),
        ((1, -1, 0), Land),
        ((0, -1, 1), Land),
        ((-1, 0, 1), Land),
        ((-1, 1, 0), Land),
        ((0, 1, -1), Land),
        ((1, 0, -1), Land),
        ((2, -2, 0), Land),
        ((1, -2, 1), Land),
        ((0, -2, 2), Land),
        ((-1, -1, 2), Land),
        ((-2, 0, 2), Land),
        ((-2, 1, 1), Land),
        ((-2, 2, 0), Land),
        ((-1, 2, -1), Land),
        ((0, 2, -2), Land),
        ((1, 1, -2), Land),
        ((2, 0, -2), Land),
        ((2, -1, -1), Land),
        ((3, -3, 0), Port(West)),
        ((2, -3, 1), Water),
        ((1, -3, 2), Port(NorthWest)),
        ((0, -3, 3), Water),
        ((-1, -2, 3), Port(NorthWest)),
        ((-2, -1, 3), Water),
        ((-3, 0, 3), Port(NorthEast)),
        ((-3, 1, 2), Water),
        ((-3, 2, 1), Port(East)),
        ((-3, 3, 0), Water),
        ((-2, 3, -1), Port(East)),
        ((-1, 3, -2), Water),
        ((0, 3, -3), Port(SouthEast)),
        ((1, 2, -3), Water),
        ((2, 1, -3), Port(SouthWest)),
        ((3, 0, -3), Water),
        ((3, -1, -2), Port(SouthWest)),
        ((3, -2, -1), Water),
    ]
};

fn add(a: Coordinate, b: Coordinate) -> Coordinate {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

/// Tabula's hex for a Catanatron coordinate.
pub fn hex_of(c: Coordinate) -> Hex {
    Hex::new(-c.1, -c.0)
}

/// Each BASE tile's six node ids (by `NodeRef`), numbered as Catanatron
/// numbers them.
fn base_node_ids() -> Vec<(Coordinate, [u16; 6])> {
    let mut done: HashMap<Coordinate, [u16; 6]> = HashMap::new();
    let mut out = Vec::with_capacity(BASE.len());
    let mut next = 0u16;
    for (coord, _) in BASE {
        let mut nodes: [Option<u16>; 6] = [None; 6];
        for d in CDir::ALL {
            let Some(n) = done.get(&add(coord, d.unit())) else {
                continue;
            };
            let (a, b, c, e) = match d {
                CDir::East => (NORTHEAST, NORTHWEST, SOUTHEAST, SOUTHWEST),
                CDir::SouthEast => (SOUTH, NORTHWEST, SOUTHEAST, NORTH),
                CDir::SouthWest => (SOUTH, NORTHEAST, SOUTHWEST, NORTH),
                CDir::West => (NORTHWEST, NORTHEAST, SOUTHWEST, SOUTHEAST),
                CDir::NorthWest => (NORTH, SOUTHEAST, NORTHWEST, SOUTH),
                CDir::NorthEast => (NORTH, SOUTHWEST, NORTHEAST, SOUTH),
            };
            nodes[a] = Some(n[b]);
            nodes[c] = Some(n[e]);
        }
        let ids = nodes.map(|n| {
            n.unwrap_or_else(|| {
                next += 1;
                next - 1
            })
        });
        done.insert(coord, ids);
        out.push((coord, ids));
    }
    out
}

/// A Catanatron resource name as Tabula's resource (`None`: not one).
pub fn resource_named(name: &str) -> Option<Resource> {
    Some(match name {
        "WOOD" => Resource::Lumber,
        "BRICK" => Resource::Brick,
        "SHEEP" => Resource::Wool,
        "WHEAT" => Resource::Grain,
        "ORE" => Resource::Ore,
        _ => return None,
    })
}

/// Catanatron's resources in its order (`RESOURCES`), as Tabula's.
pub const RESOURCES: [(&str, Resource); 5] = [
    ("WOOD", Resource::Lumber),
    ("BRICK", Resource::Brick),
    ("SHEEP", Resource::Wool),
    ("WHEAT", Resource::Grain),
    ("ORE", Resource::Ore),
];

/// Catanatron's name of a resource.
pub fn resource_name(r: Resource) -> &'static str {
    RESOURCES
        .iter()
        .find(|(_, x)| *x == r)
        .map_or("?", |(n, _)| n)
}

/// One of Catanatron's maps on Tabula's board: the board, and the ids of
/// both programs for every hex, corner and side.
#[derive(Clone, Debug)]
pub struct Geometry {
    board: CheckedBoard,
    topo: std::sync::Arc<Topology>,
    node_corner: HashMap<u16, CornerId>,
    corner_node: Vec<u16>,
    coord_hex: HashMap<Coordinate, HexId>,
    hex_coord: Vec<Coordinate>,
}

fn coordinate(v: &Value) -> Option<Coordinate> {
    let a = v.as_array()?;
    let n = |i: usize| a.get(i)?.as_i64().map(|x| x as i32);
    (a.len() == 3).then_some(())?;
    Some((n(0)?, n(1)?, n(2)?))
}

/// A JSON coordinate `[x, y, z]`, or why not.
pub fn read_coordinate(v: &Value) -> Result<Coordinate, String> {
    coordinate(v).ok_or_else(|| format!("{v} is not a tile coordinate [x, y, z]"))
}

impl Geometry {
    /// The geometry of a map as Catanatron writes it (`map` of its state
    /// document: `{"template": "BASE", "tiles": [{"coordinate": [x, y, z],
    /// "type": "LAND"|"PORT"|"WATER", "resource": …, "number": …}, …]}`),
    /// or what is wrong with it. Only the BASE template is known.
    pub fn from_map(map: &Value) -> Result<Geometry, String> {
        if let Some(t) = map.get("template").and_then(Value::as_str)
            && t != "BASE"
        {
            return Err(format!(
                "the map is Catanatron's {t} template; only BASE is known here"
            ));
        }
        let tiles = map
            .get("tiles")
            .and_then(Value::as_array)
            .ok_or("the map has no list of tiles")?;
        let mut by_coord: HashMap<Coordinate, &Value> = HashMap::new();
        for t in tiles {
            let c = read_coordinate(t.get("coordinate").unwrap_or(&Value::Null))?;
            by_coord.insert(c, t);
        }
        let mut fields = Vec::with_capacity(BASE.len());
        for (i, (coord, slot)) in BASE.iter().enumerate() {
            let tile = by_coord.get(coord).ok_or_else(|| {
                format!("the map has no tile at {coord:?}: only the BASE template is known here")
            })?;
            let kind_word = tile.get("type").and_then(Value::as_str).unwrap_or("");
            let resource = tile.get("resource").and_then(Value::as_str);
            let (kind, rotation, number) = match slot {
                Slot::Land => {
                    if !matches!(kind_word, "LAND" | "RESOURCE_TILE" | "DESERT") {
                        return Err(format!(
                            "the tile at {coord:?} should be land, not {kind_word:?}"
                        ));
                    }
                    let kind = match resource {
                        None => FieldKind::Desert,
                        Some(r) => match resource_named(r) {
                            Some(Resource::Lumber) => FieldKind::Forest,
                            Some(Resource::Brick) => FieldKind::Hill,
                            Some(Resource::Wool) => FieldKind::Pasture,
                            Some(Resource::Grain) => FieldKind::Field,
                            Some(Resource::Ore) => FieldKind::Mountain,
                            None => return Err(format!("{r:?} is not a resource")),
                        },
                    };
                    let number = tile.get("number").and_then(Value::as_u64).map(|n| n as u8);
                    (kind, 0, number)
                }
                Slot::Water => (FieldKind::Water, 0, None),
                Slot::Port(d) => {
                    if kind_word != "PORT" {
                        return Err(format!(
                            "the tile at {coord:?} should be a port, not {kind_word:?}"
                        ));
                    }
                    let kind = match resource.map(resource_named) {
                        None => FieldKind::Port3To1,
                        Some(Some(Resource::Lumber)) => FieldKind::PortLumber,
                        Some(Some(Resource::Brick)) => FieldKind::PortBrick,
                        Some(Some(Resource::Wool)) => FieldKind::PortWool,
                        Some(Some(Resource::Grain)) => FieldKind::PortGrain,
                        Some(Some(Resource::Ore)) => FieldKind::PortOre,
                        Some(None) => {
                            return Err(format!("the port at {coord:?} trades no known resource"));
                        }
                    };
                    (kind, d.tabula().index() as u8, None)
                }
            };
            fields.push(Field {
                id: (i + 1).to_string(),
                kind,
                rotation,
                hex: hex_of(*coord),
                number,
            });
        }
        let board = CheckedBoard::foreign(Board {
            name: "Catanatron".into(),
            fields,
            ..Board::default()
        });
        let topo = board.topology();
        let mut node_corner = HashMap::new();
        for (coord, ids) in base_node_ids() {
            for (k, id) in ids.iter().enumerate() {
                if let Some(c) = topo.corner_id(Corner::of(hex_of(coord), NODE_CORNER[k])) {
                    node_corner.insert(*id, c);
                }
            }
        }
        let mut corner_node = vec![u16::MAX; topo.corners.len()];
        for (n, c) in &node_corner {
            corner_node[*c as usize] = *n;
        }
        let hex_coord: Vec<Coordinate> = topo
            .hexes
            .iter()
            .map(|h| {
                BASE.iter()
                    .map(|(c, _)| *c)
                    .find(|c| hex_of(*c) == h.hex)
                    .unwrap_or_default()
            })
            .collect();
        let coord_hex = hex_coord
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, i as HexId))
            .collect();
        Ok(Geometry {
            board,
            topo,
            node_corner,
            corner_node,
            coord_hex,
            hex_coord,
        })
    }

    /// The board, for a new game.
    pub fn board(&self) -> &CheckedBoard {
        &self.board
    }

    /// The board's corners and sides.
    pub fn topology(&self) -> &Topology {
        &self.topo
    }

    /// Tabula's corner for a node id.
    pub fn corner(&self, node: u16) -> Option<CornerId> {
        self.node_corner.get(&node).copied()
    }

    /// Catanatron's node id for a corner.
    pub fn node(&self, corner: CornerId) -> u16 {
        self.corner_node[corner as usize]
    }

    /// Tabula's side for an edge (two node ids, in either order).
    pub fn side(&self, a: u16, b: u16) -> Option<SideId> {
        self.topo.side_between(self.corner(a)?, self.corner(b)?)
    }

    /// Catanatron's edge for a side: its two node ids, the smaller first.
    pub fn edge(&self, side: SideId) -> [u16; 2] {
        let [a, b] = self.topo.sides[side as usize].ends.map(|c| self.node(c));
        [a.min(b), a.max(b)]
    }

    /// Tabula's land hex at a coordinate.
    pub fn hex(&self, c: Coordinate) -> Option<HexId> {
        self.coord_hex.get(&c).copied()
    }

    /// Catanatron's coordinate of a land hex.
    pub fn coordinate(&self, h: HexId) -> Coordinate {
        self.hex_coord[h as usize]
    }

    /// The two corners of each port, with the port's Tabula side (for tests).
    pub fn port_sides(&self) -> Vec<(Coordinate, Side)> {
        BASE.iter()
            .filter_map(|(c, s)| match s {
                Slot::Port(d) => Some((*c, Side::of(hex_of(*c), d.tabula()))),
                _ => None,
            })
            .collect()
    }
}
