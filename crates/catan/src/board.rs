//! The board: fields on hex coordinates, with what Tabula adds to the
//! course format (fixed numbers, names in other languages, players).

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use tabula_hex::{Corner, Dir, Hex, Side, corners_of};

use crate::kind::{FieldKind, Resource};

/// One field of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// Its id in the file: letters and digits.
    pub id: String,
    /// Its type.
    pub kind: FieldKind,
    /// 0 to 5: for a harbour, the side its harbour is on (60° turns
    /// clockwise from north, so `Dir::ALL[rotation]`); for a barbarian
    /// field, how far its picture is turned; 0 for every other field.
    pub rotation: u8,
    /// Where it lies.
    pub hex: Hex,
    /// A fixed number token (2–6, 8–12), Tabula's addition; `None` when
    /// numbers are dealt at the start of a game.
    #[serde(default)]
    pub number: Option<u8>,
}

impl Field {
    /// The direction a harbour faces (`None` for any other field).
    pub fn harbour_dir(&self) -> Option<Dir> {
        self.kind
            .is_harbour()
            .then(|| Dir::from_index(usize::from(self.rotation)))
    }
}

/// How many players a board is made for (Tabula's addition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Fewest.
    pub min: u8,
    /// Most.
    pub max: u8,
}

/// Players assumed when a board does not say (the game's usual most).
pub const DEFAULT_PLAYERS: Players = Players { min: 3, max: 4 };

/// A board: what a map file holds, laid out on hexes.
///
/// The fields' links in the file are not kept: two fields are linked
/// exactly when they are neighbours on the hexes, which the reader makes
/// sure of, and the writer writes a link for every pair of neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Its name (the `### NAME` line); may be empty.
    pub name: String,
    /// Its owner (the `OWNER:` line); may be empty.
    pub owner: String,
    /// Its name in other languages, by language code (`de`).
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    /// How many players it is made for, when it says.
    #[serde(default)]
    pub players: Option<Players>,
    /// Comment lines of the file, each starting with `#`, kept in order.
    #[serde(default)]
    pub comments: Vec<String>,
    /// Its fields, in the order of the file.
    pub fields: Vec<Field>,
}

impl Board {
    /// Where each field is: the field's index in [`Board::fields`] by hex
    /// (the first field wins where two share a hex).
    pub fn index(&self) -> HashMap<Hex, usize> {
        let mut map = HashMap::with_capacity(self.fields.len());
        for (i, f) in self.fields.iter().enumerate() {
            map.entry(f.hex).or_insert(i);
        }
        map
    }

    /// The field with this id.
    pub fn field(&self, id: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.id == id)
    }

    /// The field at `hex`.
    pub fn field_at(&self, hex: Hex) -> Option<&Field> {
        self.fields.iter().find(|f| f.hex == hex)
    }

    /// Every corner touching a land field.
    pub fn land_corners(&self) -> Vec<Corner> {
        corners_of(self.land_hexes()).into_iter().collect()
    }

    /// Every side of a land field.
    pub fn land_sides(&self) -> Vec<Side> {
        tabula_hex::sides_of(self.land_hexes())
            .into_iter()
            .collect()
    }

    fn land_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.fields
            .iter()
            .filter(|f| f.kind.is_land())
            .map(|f| f.hex)
    }

    /// Each harbour's side (the side its rotation turns it to) and the
    /// two corners that trade there, with the harbour's field index.
    pub fn harbours(&self) -> Vec<(usize, Side, [Corner; 2])> {
        self.fields
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let side = Side::of(f.hex, f.harbour_dir()?);
                Some((i, side, side.corners()))
            })
            .collect()
    }

    /// How many fields of each kind, and the board's totals.
    pub fn counts(&self) -> Counts {
        let mut by_kind = BTreeMap::new();
        for f in &self.fields {
            *by_kind.entry(f.kind).or_insert(0) += 1;
        }
        let sum = |p: fn(FieldKind) -> bool| {
            by_kind
                .iter()
                .filter(|(k, _)| p(**k))
                .map(|(_, n)| *n)
                .sum()
        };
        Counts {
            fields: self.fields.len(),
            land: sum(FieldKind::is_land),
            harbours: sum(FieldKind::is_harbour),
            water: sum(|k| k == FieldKind::Water),
            barbarian: sum(FieldKind::is_barbarian),
            numbers: self.fields.iter().filter(|f| f.number.is_some()).count(),
            land_corners: self.land_corners().len(),
            land_sides: self.land_sides().len(),
            by_kind,
        }
    }

    /// How many resource fields of each resource.
    pub fn resource_counts(&self) -> BTreeMap<Resource, usize> {
        let mut out = BTreeMap::new();
        out.extend(Resource::ALL.iter().map(|r| (*r, 0)));
        for f in &self.fields {
            if let Some(r) = f.kind.resource() {
                *out.entry(r).or_insert(0) += 1;
            }
        }
        out
    }
}

/// The board's counts, for the editor and `map check`'s summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Every field.
    pub fields: usize,
    /// Land fields (desert included).
    pub land: usize,
    /// Harbours.
    pub harbours: usize,
    /// Water fields (harbours and barbarian fields not included).
    pub water: usize,
    /// Barbarian fields.
    pub barbarian: usize,
    /// Fields with a fixed number token.
    pub numbers: usize,
    /// Corners touching land (where buildings and knights may stand).
    pub land_corners: usize,
    /// Sides of land fields (where roads may run).
    pub land_sides: usize,
    /// Fields of each kind present.
    pub by_kind: BTreeMap<FieldKind, usize>,
}

impl std::fmt::Display for Counts {
    /// `37 fields: 19 land (4 forest, …), 9 harbours, 9 water, 2 barbarian; 54 corners, 72 sides`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let land: Vec<String> = self
            .by_kind
            .iter()
            .filter(|(k, _)| k.is_land())
            .map(|(k, n)| format!("{n} {}", k.words()))
            .collect();
        write!(
            f,
            "{} fields: {} land ({}), {} harbours, {} water, {} barbarian; {} land corners, {} land sides",
            self.fields,
            self.land,
            land.join(", "),
            self.harbours,
            self.water,
            self.barbarian,
            self.land_corners,
            self.land_sides
        )?;
        if self.numbers > 0 {
            write!(f, "; {} fixed numbers", self.numbers)?;
        }
        Ok(())
    }
}
