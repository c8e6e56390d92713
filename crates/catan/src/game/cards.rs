//! Cards: the five resources and three commodities in a hand, the three
//! tracks of city improvements, and the 54 progress cards.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Resource;

/// A resource or commodity card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
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
    /// A commodity, from a city on forest (science).
    Paper,
    /// A commodity, from a city on pasture (trade).
    Cloth,
    /// A commodity, from a city on mountains (politics).
    Coin,
}

impl Card {
    /// All eight, resources first.
    pub const ALL: [Card; 8] = [
        Card::Lumber,
        Card::Wool,
        Card::Grain,
        Card::Brick,
        Card::Ore,
        Card::Paper,
        Card::Cloth,
        Card::Coin,
    ];
    /// The five resources.
    pub const RESOURCES: [Card; 5] = [
        Card::Lumber,
        Card::Wool,
        Card::Grain,
        Card::Brick,
        Card::Ore,
    ];
    /// The three commodities.
    pub const COMMODITIES: [Card; 3] = [Card::Paper, Card::Cloth, Card::Coin];

    /// Its index in [`Card::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether it is a commodity.
    pub fn is_commodity(self) -> bool {
        self.index() >= 5
    }

    /// The card of a board resource.
    pub fn of(r: Resource) -> Card {
        match r {
            Resource::Lumber => Card::Lumber,
            Resource::Wool => Card::Wool,
            Resource::Grain => Card::Grain,
            Resource::Brick => Card::Brick,
            Resource::Ore => Card::Ore,
        }
    }

    /// The commodity a city on this resource's land also yields (C&K).
    pub fn commodity_of(r: Resource) -> Option<Card> {
        match r {
            Resource::Lumber => Some(Card::Paper),
            Resource::Wool => Some(Card::Cloth),
            Resource::Ore => Some(Card::Coin),
            _ => None,
        }
    }

    /// The name in the course server's words (`GRAIN`, `PAPER`).
    pub fn name(self) -> &'static str {
        match self {
            Card::Lumber => "LUMBER",
            Card::Wool => "WOOL",
            Card::Grain => "GRAIN",
            Card::Brick => "BRICK",
            Card::Ore => "ORE",
            Card::Paper => "PAPER",
            Card::Cloth => "CLOTH",
            Card::Coin => "COIN",
        }
    }

    /// Read a name (any case).
    pub fn from_name(s: &str) -> Option<Card> {
        Card::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Cards by kind, in the order of [`Card::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand(pub [u8; 8]);

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand([0; 8]);

    /// A hand from `(card, count)` pairs.
    pub fn of(cards: &[(Card, u8)]) -> Hand {
        let mut h = Hand::EMPTY;
        for (c, n) in cards {
            h.0[c.index()] += n;
        }
        h
    }

    /// How many of `c`.
    pub fn get(&self, c: Card) -> u8 {
        self.0[c.index()]
    }

    /// Add `n` of `c`.
    pub fn add(&mut self, c: Card, n: u8) {
        self.0[c.index()] = self.0[c.index()].saturating_add(n);
    }

    /// Take `n` of `c` (the caller has checked there are enough).
    pub fn take(&mut self, c: Card, n: u8) {
        self.0[c.index()] -= n;
    }

    /// Every card.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| u32::from(*n)).sum()
    }

    /// Whether this hand holds at least `other`.
    pub fn covers(&self, other: &Hand) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| *a >= b)
    }

    /// Add every card of `other`.
    pub fn add_all(&mut self, other: &Hand) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    /// Take every card of `other` (the caller has checked [`Hand::covers`]).
    pub fn take_all(&mut self, other: &Hand) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a -= b;
        }
    }

    /// The `k`-th card (0-based) counting kinds in order, for a uniform
    /// random pick.
    pub fn nth(&self, mut k: u32) -> Option<Card> {
        for c in Card::ALL {
            let n = u32::from(self.get(c));
            if k < n {
                return Some(c);
            }
            k -= n;
        }
        None
    }

    /// The kinds held.
    pub fn kinds(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(|c| self.get(*c) > 0)
    }
}

impl fmt::Display for Hand {
    /// `2 GRAIN, 1 PAPER`, or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .kinds()
            .map(|c| format!("{} {c}", self.get(c)))
            .collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// One of the three tracks of city improvements (and progress decks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    /// Cloth; yellow cards; level 3 Merchant Guild.
    Trade,
    /// Coin; blue cards; level 3 Fortress.
    Politics,
    /// Paper; green cards; level 3 Aqueduct.
    Science,
}

impl Track {
    /// The three, in the course server's order.
    pub const ALL: [Track; 3] = [Track::Trade, Track::Politics, Track::Science];

    /// Its index in [`Track::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The commodity that pays for it.
    pub fn commodity(self) -> Card {
        match self {
            Track::Trade => Card::Cloth,
            Track::Politics => Card::Coin,
            Track::Science => Card::Paper,
        }
    }

    /// The course server's word (`TRADE`).
    pub fn name(self) -> &'static str {
        match self {
            Track::Trade => "TRADE",
            Track::Politics => "POLITICS",
            Track::Science => "SCIENCE",
        }
    }

    /// Read a name (any case).
    pub fn from_name(s: &str) -> Option<Track> {
        Track::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }
}

/// The 25 kinds of progress card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Progress {
    // Science (green)
    Alchemist,
    Crane,
    Engineer,
    Inventor,
    Irrigation,
    Medicine,
    Mining,
    Printer,
    RoadBuilding,
    Smith,
    // Trade (yellow)
    CommercialHarbor,
    MasterMerchant,
    Merchant,
    MerchantFleet,
    ResourceMonopoly,
    TradeMonopoly,
    // Politics (blue)
    Bishop,
    Constitution,
    Deserter,
    Diplomat,
    Intrigue,
    Saboteur,
    Spy,
    Warlord,
    Wedding,
}

impl Progress {
    /// Every kind, each with its deck and number of copies.
    pub const DECKS: [(Progress, Track, u8); 25] = [
        (Progress::Alchemist, Track::Science, 2),
        (Progress::Crane, Track::Science, 2),
        (Progress::Engineer, Track::Science, 1),
        (Progress::Inventor, Track::Science, 2),
        (Progress::Irrigation, Track::Science, 2),
        (Progress::Medicine, Track::Science, 2),
        (Progress::Mining, Track::Science, 2),
        (Progress::Printer, Track::Science, 1),
        (Progress::RoadBuilding, Track::Science, 2),
        (Progress::Smith, Track::Science, 2),
        (Progress::CommercialHarbor, Track::Trade, 2),
        (Progress::MasterMerchant, Track::Trade, 2),
        (Progress::Merchant, Track::Trade, 6),
        (Progress::MerchantFleet, Track::Trade, 2),
        (Progress::ResourceMonopoly, Track::Trade, 4),
        (Progress::TradeMonopoly, Track::Trade, 2),
        (Progress::Bishop, Track::Politics, 2),
        (Progress::Constitution, Track::Politics, 1),
        (Progress::Deserter, Track::Politics, 2),
        (Progress::Diplomat, Track::Politics, 2),
        (Progress::Intrigue, Track::Politics, 2),
        (Progress::Saboteur, Track::Politics, 2),
        (Progress::Spy, Track::Politics, 3),
        (Progress::Warlord, Track::Politics, 2),
        (Progress::Wedding, Track::Politics, 2),
    ];

    /// Every kind.
    pub fn all() -> impl Iterator<Item = Progress> {
        Progress::DECKS.into_iter().map(|(p, _, _)| p)
    }

    /// How many kinds are played from the hand (every kind but the
    /// victory point cards): the cards a test game deals each player.
    pub fn played_kinds() -> usize {
        Progress::all().filter(|p| !p.is_point()).count()
    }

    /// Its deck.
    pub fn track(self) -> Track {
        Progress::DECKS
            .iter()
            .find(|(p, _, _)| *p == self)
            .map(|(_, t, _)| *t)
            .unwrap_or(Track::Science)
    }

    /// Whether it is a victory point, shown as soon as it is drawn.
    pub fn is_point(self) -> bool {
        matches!(self, Progress::Printer | Progress::Constitution)
    }

    /// The course server's word (`COMMERCIAL_HARBOR`).
    pub fn name(self) -> &'static str {
        match self {
            Progress::Alchemist => "ALCHEMIST",
            Progress::Crane => "CRANE",
            Progress::Engineer => "ENGINEER",
            Progress::Inventor => "INVENTOR",
            Progress::Irrigation => "IRRIGATION",
            Progress::Medicine => "MEDICINE",
            Progress::Mining => "MINING",
            Progress::Printer => "PRINTER",
            Progress::RoadBuilding => "ROAD_BUILDING",
            Progress::Smith => "SMITH",
            Progress::CommercialHarbor => "COMMERCIAL_HARBOR",
            Progress::MasterMerchant => "MASTER_MERCHANT",
            Progress::Merchant => "MERCHANT",
            Progress::MerchantFleet => "MERCHANT_FLEET",
            Progress::ResourceMonopoly => "RESOURCE_MONOPOLY",
            Progress::TradeMonopoly => "TRADE_MONOPOLY",
            Progress::Bishop => "BISHOP",
            Progress::Constitution => "CONSTITUTION",
            Progress::Deserter => "DESERTER",
            Progress::Diplomat => "DIPLOMAT",
            Progress::Intrigue => "INTRIGUE",
            Progress::Saboteur => "SABOTEUR",
            Progress::Spy => "SPY",
            Progress::Warlord => "WARLORD",
            Progress::Wedding => "WEDDING",
        }
    }

    /// Read a name (any case).
    pub fn from_name(s: &str) -> Option<Progress> {
        Progress::all().find(|p| p.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A development card of the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dev {
    /// Move the robber and rob; counts toward Largest Army.
    Knight,
    /// One victory point.
    VictoryPoint,
    /// Two free roads.
    RoadBuilding,
    /// Two resources of your choice from the bank.
    YearOfPlenty,
    /// Every other player gives you all of one resource.
    Monopoly,
}

impl Dev {
    /// The 25 cards of the deck: kind and copies.
    pub const DECK: [(Dev, u8); 5] = [
        (Dev::Knight, 14),
        (Dev::VictoryPoint, 5),
        (Dev::RoadBuilding, 2),
        (Dev::YearOfPlenty, 2),
        (Dev::Monopoly, 2),
    ];

    /// The word in text (`KNIGHT_CARD`).
    pub fn name(self) -> &'static str {
        match self {
            Dev::Knight => "KNIGHT_CARD",
            Dev::VictoryPoint => "VICTORY_POINT",
            Dev::RoadBuilding => "ROAD_BUILDING_CARD",
            Dev::YearOfPlenty => "YEAR_OF_PLENTY",
            Dev::Monopoly => "MONOPOLY",
        }
    }

    /// Read a name (any case).
    pub fn from_name(s: &str) -> Option<Dev> {
        Dev::DECK
            .into_iter()
            .map(|(d, _)| d)
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

/// What each thing costs.
pub mod cost {
    use super::{Card, Hand};

    /// A road: brick and lumber.
    pub const ROAD: Hand = Hand([1, 0, 0, 1, 0, 0, 0, 0]);
    /// A settlement: brick, lumber, wool and grain.
    pub const SETTLEMENT: Hand = Hand([1, 1, 1, 1, 0, 0, 0, 0]);
    /// A city: three ore and two grain.
    pub const CITY: Hand = Hand([0, 0, 2, 0, 3, 0, 0, 0]);
    /// A city wall: two brick.
    pub const WALL: Hand = Hand([0, 0, 0, 2, 0, 0, 0, 0]);
    /// A new knight, or a promotion: wool and ore.
    pub const KNIGHT: Hand = Hand([0, 1, 0, 0, 1, 0, 0, 0]);
    /// Activating a knight: one grain.
    pub const ACTIVATE: Hand = Hand([0, 0, 1, 0, 0, 0, 0, 0]);
    /// A development card (base game): ore, wool and grain.
    pub const DEVELOPMENT: Hand = Hand([0, 1, 1, 0, 1, 0, 0, 0]);
    /// A city through Medicine: two ore and one grain.
    pub const MEDICINE_CITY: Hand = Hand([0, 0, 1, 0, 2, 0, 0, 0]);

    /// A city improvement to `level` in the track paid with `commodity`.
    pub fn improvement(commodity: Card, level: u8) -> Hand {
        Hand::of(&[(commodity, level)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_54_progress_cards_18_per_deck() {
        for t in Track::ALL {
            let n: u32 = Progress::DECKS
                .iter()
                .filter(|(_, d, _)| *d == t)
                .map(|(_, _, n)| u32::from(*n))
                .sum();
            assert_eq!(n, 18, "{t:?}");
        }
        for p in Progress::all() {
            assert_eq!(Progress::from_name(p.name()), Some(p));
        }
    }
}
