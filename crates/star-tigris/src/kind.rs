//! The four colonist and leader types, and the resources they produce.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A colonist or leader type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Settlers produce people; the settler leader (government head) also
    /// collects for colonies whose own leader is missing.
    Settler = 0,
    /// Scientists produce technology; leaders stand next to scientist colonies.
    Scientist = 1,
    /// Merchants produce money; the merchant leader harvests alien artifacts.
    Merchant = 2,
    /// Mining robots produce raw materials; they settle only uninhabitable cells.
    Mining = 3,
}

impl Kind {
    /// All four kinds, in index order.
    pub const ALL: [Kind; 4] = [Kind::Settler, Kind::Scientist, Kind::Merchant, Kind::Mining];

    /// The kind's index, 0 to 3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i & 3`.
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i & 3]
    }

    /// The kind's name, as in action text (`settler`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Settler => "settler",
            Kind::Scientist => "scientist",
            Kind::Merchant => "merchant",
            Kind::Mining => "mining",
        }
    }

    /// The resource the kind produces (`people`).
    pub fn resource(self) -> &'static str {
        match self {
            Kind::Settler => "people",
            Kind::Scientist => "technology",
            Kind::Merchant => "money",
            Kind::Mining => "raw materials",
        }
    }

    /// The letter of the kind's resource, used in setup boards: `p`eople,
    /// `t`echnology, `m`oney, `r`aw materials.
    pub fn letter(self) -> char {
        match self {
            Kind::Settler => 'p',
            Kind::Scientist => 't',
            Kind::Merchant => 'm',
            Kind::Mining => 'r',
        }
    }

    /// The kind for a setup-board letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'p' => Some(Kind::Settler),
            't' => Some(Kind::Scientist),
            'm' => Some(Kind::Merchant),
            'r' => Some(Kind::Mining),
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "settler" | "settlers" | "people" => Ok(Kind::Settler),
            "scientist" | "scientists" | "technology" => Ok(Kind::Scientist),
            "merchant" | "merchants" | "money" => Ok(Kind::Merchant),
            "mining" | "miner" | "robot" | "robots" | "raw" => Ok(Kind::Mining),
            _ => Err(format!(
                "{s:?} is not a type (settler, scientist, merchant, mining)"
            )),
        }
    }
}

/// A count for each kind, indexed by [`Kind::index`].
pub type Counts = [u8; 4];

/// The total of a [`Counts`].
pub fn total(c: &Counts) -> u32 {
    c.iter().map(|&x| x as u32).sum()
}
