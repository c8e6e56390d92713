//! The fifteen kinds of field of the course format, and what each is.

use serde::{Deserialize, Serialize};

/// A field's type, as named in the course server's map format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FieldKind {
    /// Land producing wool (and cloth for a city).
    #[serde(rename = "PASTURE")]
    Pasture,
    /// Land producing brick.
    #[serde(rename = "HILL")]
    Hill,
    /// Land producing ore (and coin for a city).
    #[serde(rename = "MOUNTAIN")]
    Mountain,
    /// Land producing grain ("fields" in the rulebook).
    #[serde(rename = "FIELD")]
    Field,
    /// Land producing lumber (and paper for a city).
    #[serde(rename = "FOREST")]
    Forest,
    /// Land producing nothing; the robber starts here.
    #[serde(rename = "DESERT")]
    Desert,
    /// Open sea.
    #[serde(rename = "WATER")]
    Water,
    /// Sea with a generic 3:1 harbour.
    #[serde(rename = "PORT_3TO1")]
    Port3To1,
    /// Sea with a 2:1 lumber harbour.
    #[serde(rename = "PORT_LUMBER")]
    PortLumber,
    /// Sea with a 2:1 ore harbour.
    #[serde(rename = "PORT_ORE")]
    PortOre,
    /// Sea with a 2:1 brick harbour.
    #[serde(rename = "PORT_BRICK")]
    PortBrick,
    /// Sea with a 2:1 wool harbour.
    #[serde(rename = "PORT_WOOL")]
    PortWool,
    /// Sea with a 2:1 grain harbour.
    #[serde(rename = "PORT_GRAIN")]
    PortGrain,
    /// Sea where the barbarian ship starts its voyage.
    #[serde(rename = "BARBARIAN_START")]
    BarbarianStart,
    /// Sea where the barbarian ship lands and attacks.
    #[serde(rename = "BARBARIAN_END")]
    BarbarianEnd,
}

/// A resource a land field produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// From forest.
    Lumber,
    /// From pasture.
    Wool,
    /// From fields.
    Grain,
    /// From hills.
    Brick,
    /// From mountains.
    Ore,
}

impl Resource {
    /// The five resources.
    pub const ALL: [Resource; 5] = [
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Brick,
        Resource::Ore,
    ];
}

impl FieldKind {
    /// Every kind, in the order the course format lists them.
    pub const ALL: [FieldKind; 15] = [
        FieldKind::Pasture,
        FieldKind::Hill,
        FieldKind::Mountain,
        FieldKind::Field,
        FieldKind::Forest,
        FieldKind::Desert,
        FieldKind::Water,
        FieldKind::Port3To1,
        FieldKind::PortLumber,
        FieldKind::PortOre,
        FieldKind::PortBrick,
        FieldKind::PortWool,
        FieldKind::PortGrain,
        FieldKind::BarbarianStart,
        FieldKind::BarbarianEnd,
    ];

    /// The name in the file (`PASTURE`, `PORT_3TO1`, …).
    pub fn name(self) -> &'static str {
        match self {
            FieldKind::Pasture => "PASTURE",
            FieldKind::Hill => "HILL",
            FieldKind::Mountain => "MOUNTAIN",
            FieldKind::Field => "FIELD",
            FieldKind::Forest => "FOREST",
            FieldKind::Desert => "DESERT",
            FieldKind::Water => "WATER",
            FieldKind::Port3To1 => "PORT_3TO1",
            FieldKind::PortLumber => "PORT_LUMBER",
            FieldKind::PortOre => "PORT_ORE",
            FieldKind::PortBrick => "PORT_BRICK",
            FieldKind::PortWool => "PORT_WOOL",
            FieldKind::PortGrain => "PORT_GRAIN",
            FieldKind::BarbarianStart => "BARBARIAN_START",
            FieldKind::BarbarianEnd => "BARBARIAN_END",
        }
    }

    /// The kind with this name in the file (exactly, upper case).
    pub fn from_name(name: &str) -> Option<FieldKind> {
        FieldKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Pasture, hill, mountain, field, forest or desert.
    pub fn is_land(self) -> bool {
        self.resource().is_some() || self == FieldKind::Desert
    }

    /// The resource a land field produces (`None` for desert and sea).
    pub fn resource(self) -> Option<Resource> {
        match self {
            FieldKind::Pasture => Some(Resource::Wool),
            FieldKind::Hill => Some(Resource::Brick),
            FieldKind::Mountain => Some(Resource::Ore),
            FieldKind::Field => Some(Resource::Grain),
            FieldKind::Forest => Some(Resource::Lumber),
            _ => None,
        }
    }

    /// A harbour (any `PORT_…`).
    pub fn is_harbour(self) -> bool {
        self.harbour().is_some()
    }

    /// What a harbour trades: `Some(None)` for 3:1, `Some(Some(r))` for
    /// 2:1 in `r`; `None` for a field that is no harbour.
    pub fn harbour(self) -> Option<Option<Resource>> {
        match self {
            FieldKind::Port3To1 => Some(None),
            FieldKind::PortLumber => Some(Some(Resource::Lumber)),
            FieldKind::PortOre => Some(Some(Resource::Ore)),
            FieldKind::PortBrick => Some(Some(Resource::Brick)),
            FieldKind::PortWool => Some(Some(Resource::Wool)),
            FieldKind::PortGrain => Some(Some(Resource::Grain)),
            _ => None,
        }
    }

    /// `BARBARIAN_START` or `BARBARIAN_END`.
    pub fn is_barbarian(self) -> bool {
        matches!(self, FieldKind::BarbarianStart | FieldKind::BarbarianEnd)
    }

    /// Any field that is not land: water, harbours and the barbarian fields.
    pub fn is_sea(self) -> bool {
        !self.is_land()
    }

    /// Whether `rotation` means something for this kind (harbours and the
    /// barbarian fields); for every other kind it should be 0.
    pub fn uses_rotation(self) -> bool {
        self.is_harbour() || self.is_barbarian()
    }

    /// A lower-case word for messages (`pasture`, `3:1 harbour`, …).
    pub fn words(self) -> &'static str {
        match self {
            FieldKind::Pasture => "pasture",
            FieldKind::Hill => "hill",
            FieldKind::Mountain => "mountain",
            FieldKind::Field => "field",
            FieldKind::Forest => "forest",
            FieldKind::Desert => "desert",
            FieldKind::Water => "water",
            FieldKind::Port3To1 => "3:1 harbour",
            FieldKind::PortLumber => "lumber harbour",
            FieldKind::PortOre => "ore harbour",
            FieldKind::PortBrick => "brick harbour",
            FieldKind::PortWool => "wool harbour",
            FieldKind::PortGrain => "grain harbour",
            FieldKind::BarbarianStart => "barbarian start",
            FieldKind::BarbarianEnd => "barbarian end",
        }
    }
}

impl std::fmt::Display for FieldKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
