//! The board as the rules see it: land hexes, corners and sides numbered
//! densely, with every adjacency the rules ask about precomputed.
//!
//! Corners and sides are named in text by a field and a direction
//! (`12:NE`, `12:N`): the first land field, in file order, that touches
//! them. Any field touching them names them as well when read.

use std::collections::HashMap;

use tabula_hex::{Corner, CornerDir, Dir, Hex, Side};

use crate::{Board, Resource};

/// Index of a land hex in [`Topology::hexes`].
pub type HexId = u16;
/// Index of a corner in [`Topology::corners`].
pub type CornerId = u16;
/// Index of a side in [`Topology::sides`].
pub type SideId = u16;

/// What a harbour trades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Harbour {
    /// Any three identical cards for one.
    Generic,
    /// Two of this resource for one.
    Special(Resource),
}

/// One land hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandHex {
    /// Where it lies.
    pub hex: Hex,
    /// Its field's index in the board.
    pub field: usize,
    /// Its field's id.
    pub id: String,
    /// What it produces (`None`: the desert).
    pub resource: Option<Resource>,
    /// Its six corners, clockwise from north-east.
    pub corners: [CornerId; 6],
}

/// One corner touching land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CornerInfo {
    /// Its grid corner.
    pub corner: Corner,
    /// The land hexes it touches (one to three).
    pub hexes: Vec<HexId>,
    /// The land sides ending here (two or three).
    pub sides: Vec<SideId>,
    /// The corners one land side away.
    pub neighbours: Vec<CornerId>,
    /// The harbour that trades here.
    pub harbour: Option<Harbour>,
    /// Its name in text (`12:NE`).
    pub name: String,
}

/// One side of a land hex (where a road may run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideInfo {
    /// Its grid side.
    pub side: Side,
    /// Its two ends.
    pub ends: [CornerId; 2],
    /// Its name in text (`12:N`).
    pub name: String,
}

/// The board's land, corners and sides, numbered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Topology {
    /// Land hexes (the desert included), in file order.
    pub hexes: Vec<LandHex>,
    /// Corners touching land, in grid order.
    pub corners: Vec<CornerInfo>,
    /// Sides of land hexes, in grid order.
    pub sides: Vec<SideInfo>,
    /// The corners with a harbour, and what it trades.
    pub harbour_corners: Vec<(CornerId, Harbour)>,
    hex_index: HashMap<Hex, HexId>,
    corner_index: HashMap<Corner, CornerId>,
    side_index: HashMap<Side, SideId>,
    field_ids: HashMap<String, Hex>,
}

impl Topology {
    /// Number the land, corners and sides of `board`.
    pub fn new(board: &Board) -> Topology {
        let land: Vec<(usize, &crate::Field)> = board
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind.is_land())
            .collect();
        let hex_index: HashMap<Hex, HexId> = land
            .iter()
            .enumerate()
            .map(|(i, (_, f))| (f.hex, i as HexId))
            .collect();
        let corner_list = board.land_corners();
        let side_list = board.land_sides();
        let corner_index: HashMap<Corner, CornerId> = corner_list
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, i as CornerId))
            .collect();
        let side_index: HashMap<Side, SideId> = side_list
            .iter()
            .enumerate()
            .map(|(i, s)| (*s, i as SideId))
            .collect();
        let hexes: Vec<LandHex> = land
            .iter()
            .map(|(i, f)| LandHex {
                hex: f.hex,
                field: *i,
                id: f.id.clone(),
                resource: f.kind.resource(),
                corners: Corner::all_of(f.hex).map(|c| corner_index[&c]),
            })
            .collect();
        // Names: the first land field in file order with the corner or side.
        let mut corner_names: Vec<Option<String>> = vec![None; corner_list.len()];
        let mut side_names: Vec<Option<String>> = vec![None; side_list.len()];
        for h in &hexes {
            for (k, c) in CornerDir::ALL.iter().enumerate() {
                let id = h.corners[k] as usize;
                if corner_names[id].is_none() {
                    corner_names[id] = Some(format!("{}:{}", h.id, c.name()));
                }
            }
            for d in Dir::ALL {
                let id = side_index[&Side::of(h.hex, d)] as usize;
                if side_names[id].is_none() {
                    side_names[id] = Some(format!("{}:{}", h.id, d.name()));
                }
            }
        }
        let mut harbour_at: HashMap<Corner, Harbour> = HashMap::new();
        for (field, _, ends) in board.harbours() {
            let h = match board.fields[field].kind.harbour() {
                Some(None) => Harbour::Generic,
                Some(Some(r)) => Harbour::Special(r),
                None => continue,
            };
            for c in ends {
                harbour_at.insert(c, h);
            }
        }
        let sides: Vec<SideInfo> = side_list
            .iter()
            .enumerate()
            .map(|(i, s)| SideInfo {
                side: *s,
                ends: s.corners().map(|c| corner_index[&c]),
                name: side_names[i].take().unwrap_or_default(),
            })
            .collect();
        let corners: Vec<CornerInfo> = corner_list
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let csides: Vec<SideId> = c
                    .sides()
                    .iter()
                    .filter_map(|s| side_index.get(s).copied())
                    .collect();
                CornerInfo {
                    corner: *c,
                    hexes: c
                        .hexes()
                        .iter()
                        .filter_map(|h| hex_index.get(h).copied())
                        .collect(),
                    neighbours: csides
                        .iter()
                        .map(|s| {
                            let [a, b] = sides[*s as usize].ends;
                            if a as usize == i { b } else { a }
                        })
                        .collect(),
                    sides: csides,
                    harbour: harbour_at.get(c).copied(),
                    name: corner_names[i].take().unwrap_or_default(),
                }
            })
            .collect();
        let field_ids = board.fields.iter().map(|f| (f.id.clone(), f.hex)).collect();
        let harbour_corners = corners
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.harbour.map(|h| (i as CornerId, h)))
            .collect();
        Topology {
            hexes,
            harbour_corners,
            corners,
            sides,
            hex_index,
            corner_index,
            side_index,
            field_ids,
        }
    }

    /// The land hex at `hex`.
    pub fn hex_id(&self, hex: Hex) -> Option<HexId> {
        self.hex_index.get(&hex).copied()
    }

    /// The corner's number.
    pub fn corner_id(&self, c: Corner) -> Option<CornerId> {
        self.corner_index.get(&c).copied()
    }

    /// The side's number.
    pub fn side_id(&self, s: Side) -> Option<SideId> {
        self.side_index.get(&s).copied()
    }

    /// The side between two corners, if one joins them.
    pub fn side_between(&self, a: CornerId, b: CornerId) -> Option<SideId> {
        self.corners[a as usize]
            .sides
            .iter()
            .copied()
            .find(|s| self.sides[*s as usize].ends.contains(&b))
    }

    /// The land hex named by a field id.
    pub fn parse_hex(&self, text: &str) -> Option<HexId> {
        self.field_ids.get(text).and_then(|h| self.hex_id(*h))
    }

    /// The corner named `FIELD:DIR` (any field touching it).
    pub fn parse_corner(&self, text: &str) -> Option<CornerId> {
        let (id, dir) = text.split_once(':')?;
        let hex = *self.field_ids.get(id)?;
        let d = CornerDir::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(dir))?;
        self.corner_id(Corner::of(hex, d))
    }

    /// The side named `FIELD:DIR` (any field beside it).
    pub fn parse_side(&self, text: &str) -> Option<SideId> {
        let (id, dir) = text.split_once(':')?;
        let hex = *self.field_ids.get(id)?;
        let d = Dir::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(dir))?;
        self.side_id(Side::of(hex, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_has_54_corners_72_sides_and_18_harbour_corners() {
        let board = crate::read_board(crate::STANDARD_BOARD).unwrap().board;
        let t = Topology::new(&board);
        assert_eq!(t.hexes.len(), 19);
        assert_eq!(t.corners.len(), 54);
        assert_eq!(t.sides.len(), 72);
        let harbours = t.corners.iter().filter(|c| c.harbour.is_some()).count();
        assert_eq!(harbours, 18);
        for (i, c) in t.corners.iter().enumerate() {
            assert_eq!(t.parse_corner(&c.name), Some(i as CornerId), "{}", c.name);
            assert!((2..=3).contains(&c.neighbours.len()));
            assert_eq!(c.neighbours.len(), c.sides.len());
        }
        for (i, s) in t.sides.iter().enumerate() {
            assert_eq!(t.parse_side(&s.name), Some(i as SideId), "{}", s.name);
            assert_eq!(t.side_between(s.ends[0], s.ends[1]), Some(i as SideId));
        }
    }
}
