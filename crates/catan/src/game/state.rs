//! The state of a game: the board's pieces, the players, the bank, the
//! decks, and the steps waiting for a decision.

use serde::{Deserialize, Serialize};
use tabula_engine::{GameRng, Seat, SeatSet};

use super::cards::{Card, Dev, Hand, Progress, Track};
use super::options::Options;
use super::topology::{CornerId, HexId, SideId, Topology};

/// Most seats in a game.
pub const MAX_SEATS: usize = 4;
/// Spaces the barbarian ship sails before it lands (the 7th move attacks).
pub const BARBARIAN_TRACK: u8 = 7;
/// Progress cards a player may keep in hand (victory points aside).
pub const PROGRESS_LIMIT: usize = 4;
/// Defender of Catan cards in the box.
pub const DEFENDER_CARDS: u8 = 6;
/// Each resource in the bank at the start.
pub const RESOURCE_SUPPLY: u8 = 19;
/// Each commodity in the bank at the start.
pub const COMMODITY_SUPPLY: u8 = 12;

/// Pieces of one kind each player owns.
pub mod pieces {
    /// Settlements.
    pub const SETTLEMENTS: u8 = 5;
    /// Cities.
    pub const CITIES: u8 = 4;
    /// Roads.
    pub const ROADS: u8 = 15;
    /// City walls.
    pub const WALLS: u8 = 3;
    /// Knights of each level.
    pub const KNIGHTS_PER_LEVEL: u8 = 2;
}

/// What stands on a corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Building {
    /// Nothing (a knight may stand there).
    #[default]
    None,
    /// A settlement.
    Settlement {
        /// Its owner.
        owner: Seat,
    },
    /// A city, perhaps walled, perhaps a metropolis.
    City {
        /// Its owner.
        owner: Seat,
        /// Whether a city wall stands under it.
        wall: bool,
        /// The track whose metropolis it is.
        metropolis: Option<Track>,
    },
}

impl Building {
    /// Its owner.
    pub fn owner(self) -> Option<Seat> {
        match self {
            Building::None => None,
            Building::Settlement { owner } | Building::City { owner, .. } => Some(owner),
        }
    }
}

/// A knight on a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Knight {
    /// Its owner.
    pub owner: Seat,
    /// 1 basic, 2 strong, 3 mighty.
    pub level: u8,
    /// Whether it is active (only active knights count and act).
    pub active: bool,
    /// The turn it was last activated (a knight activated this turn may
    /// not act this turn).
    pub activated_on: u32,
    /// The turn it was last promoted (once per turn).
    pub promoted_on: u32,
}

/// One player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Resources and commodities.
    pub hand: Hand,
    /// Progress cards in hand (victory points never stay here).
    pub progress: Vec<Progress>,
    /// Printer and Constitution cards shown.
    pub shown: Vec<Progress>,
    /// Defender of Catan cards.
    pub defender: u8,
    /// City improvement level per track (0–5).
    pub levels: [u8; 3],
    /// Settlements not on the board.
    pub settlements_left: u8,
    /// Cities not on the board.
    pub cities_left: u8,
    /// Roads not on the board.
    pub roads_left: u8,
    /// City walls not on the board.
    pub walls_left: u8,
    /// Knights not on the board, per level (basic, strong, mighty).
    pub knights_left: [u8; 3],
    /// Base game: development cards in hand (victory points included),
    /// each with the turn it was bought.
    pub dev: Vec<(Dev, u32)>,
    /// Base game: knight cards played.
    pub knights_played: u8,
}

impl Player {
    /// Base game: victory point cards in hand (they count at once, hidden).
    pub fn dev_points(&self) -> u8 {
        self.dev
            .iter()
            .filter(|(d, _)| *d == Dev::VictoryPoint)
            .count() as u8
    }
}

/// A card a seat still owes: discards after a 7 or a Saboteur, gifts for
/// a Wedding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Giving {
    /// To the bank.
    Discard,
    /// To this seat.
    To(Seat),
}

/// An offer between players: `give` from the offerer for `take`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Offer {
    /// What the offering seat gives.
    pub give: (Card, u8),
    /// What it asks for.
    pub take: (Card, u8),
}

/// An answer to an offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Not yet given.
    Waiting,
    /// Yes, as offered.
    Accept,
    /// No.
    Decline,
    /// Yes, on these terms instead (seen from the offerer).
    Counter(Offer),
    /// Given, but not yet shown to this viewer (only in a seat's view).
    Sealed,
}

/// Something that happens before play goes on: done at once, or waiting
/// for a seat's decision. Steps run from the top of [`Catan::steps`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    // ---- done at once ----
    /// Resolve the event die (`None`: a ship, else a gate of that track).
    Event(Option<Track>),
    /// Production for a roll of `sum` (2–12, not 7).
    Produce(u8),
    /// A 7: who must discard.
    Seven,
    /// The robber's part of a 7 once discards are made.
    SevenRobber,

    // ---- decisions ----
    /// The seat places a settlement (or with C&K in round 2, a city) in set-up.
    SetupBuilding {
        /// Who.
        seat: Seat,
        /// Whether it is a city.
        city: bool,
    },
    /// The seat places a road at `from` in set-up.
    SetupRoad {
        /// Who.
        seat: Seat,
        /// The building just placed.
        from: CornerId,
    },
    /// Seats give up cards, all at once and in secret.
    Give {
        /// Where the cards go.
        to: Giving,
        /// Cards each seat still owes.
        owed: [u8; MAX_SEATS],
        /// Cards each seat has chosen so far (applied when all are done).
        chosen: [Hand; MAX_SEATS],
    },
    /// The seat moves the robber to another land hex.
    MoveRobber {
        /// Who.
        seat: Seat,
        /// Bishop: take a card from everyone beside the new hex.
        bishop: bool,
    },
    /// The seat picks whom to rob among those beside the robber.
    Steal {
        /// Who.
        seat: Seat,
    },
    /// The seat picks which of its cities the barbarians pillage.
    Pillage {
        /// Who.
        seat: Seat,
    },
    /// The seat, a tied defender, draws a progress card from a deck of its choice.
    DefenderDraw {
        /// Who.
        seat: Seat,
    },
    /// The seat puts a progress card back under its deck (over the limit).
    ReturnProgress {
        /// Who.
        seat: Seat,
    },
    /// The seat picks the city that becomes the track's metropolis.
    Metropolis {
        /// Who.
        seat: Seat,
        /// Which track.
        track: Track,
    },
    /// Aqueduct: the seat, having got nothing, takes a resource of its choice.
    Aqueduct {
        /// Who.
        seat: Seat,
    },
    /// A displaced knight's owner moves it to a free corner on its roads.
    Displaced {
        /// Who.
        seat: Seat,
        /// The knight.
        knight: Knight,
        /// Where it stood.
        from: CornerId,
    },
    /// The current player answers a progress card's question.
    Card {
        /// The card being played.
        card: Progress,
        /// Where in the card's effect it is.
        stage: CardStage,
    },
    /// Commercial Harbor: the seat chooses a commodity to give for `card`.
    HarborAnswer {
        /// Who answers.
        seat: Seat,
        /// The resource offered.
        card: Card,
    },
    /// Deserter: the seat removes one of its knights.
    DesertKnight {
        /// Who.
        seat: Seat,
    },
    /// Road Building: the seat places `left` more roads free.
    FreeRoads {
        /// Who.
        seat: Seat,
        /// Roads left to place.
        left: u8,
    },
    /// Year of Plenty: the seat takes `left` more resources of its choice.
    Plenty {
        /// Who.
        seat: Seat,
        /// Cards left to take.
        left: u8,
    },
    /// Monopoly (base game): the seat names a resource.
    Monopoly {
        /// Who.
        seat: Seat,
    },
    /// Seats answer the current player's offer, all at once.
    Answers {
        /// The offer.
        offer: Offer,
        /// Each seat's answer (`Waiting` for seats that are asked).
        answers: [Answer; MAX_SEATS],
    },
    /// The offerer closes with one seat that said yes, or cancels.
    CloseTrade {
        /// The offer.
        offer: Offer,
        /// The answers.
        answers: [Answer; MAX_SEATS],
    },
}

/// Where a progress card's effect has got to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardStage {
    /// The first question (dice, a hex, a seat, a card, …).
    Start,
    /// Inventor: the second hex, after `first`.
    SecondHex {
        /// The first hex.
        first: HexId,
    },
    /// Road Building, Smith, Master Merchant, Commercial Harbor: `left` more.
    More {
        /// How many more the card allows.
        left: u8,
        /// Master Merchant: the seat robbed.
        victim: Option<Seat>,
    },
    /// Deserter: place a knight of up to `level`, `active` or not.
    PlaceDeserter {
        /// The removed knight's level.
        level: u8,
        /// Whether it was active.
        active: bool,
    },
    /// Diplomat: rebuild the removed road.
    Rebuild,
    /// Spy: take a card from `victim`.
    SpyOn {
        /// Whose cards are shown.
        victim: Seat,
    },
}

/// Where the game is between decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Placing the first buildings.
    Setup,
    /// The current player may play Alchemist, then rolls.
    BeforeRoll,
    /// The dice are rolling (a chance event).
    Rolling,
    /// The current player builds, trades, plays cards and ends the turn.
    Main,
    /// The game is over.
    Over,
}

/// Where a seat's victory points come from (each field in points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointSources {
    /// 1 a settlement.
    pub settlements: u32,
    /// 2 a city.
    pub cities: u32,
    /// 2 more a metropolis.
    pub metropolises: u32,
    /// Victory point progress cards laid out (Printer, Constitution).
    pub point_cards: u32,
    /// Defender of Catan cards.
    pub defender: u32,
    /// Base game: victory point development cards.
    pub development: u32,
    /// Base game: Largest Army.
    pub largest_army: u32,
    /// Longest Road.
    pub longest_road: u32,
    /// The merchant.
    pub merchant: u32,
}

impl PointSources {
    /// All of them.
    pub fn total(&self) -> u32 {
        self.settlements
            + self.cities
            + self.metropolises
            + self.point_cards
            + self.defender
            + self.development
            + self.largest_army
            + self.longest_road
            + self.merchant
    }

    /// Each source with its points, in order: (name, points).
    pub fn parts(&self) -> [(&'static str, u32); 9] {
        [
            ("settlements", self.settlements),
            ("cities", self.cities),
            ("metropolises", self.metropolises),
            ("point_cards", self.point_cards),
            ("defender", self.defender),
            ("development", self.development),
            ("largest_army", self.largest_army),
            ("longest_road", self.longest_road),
            ("merchant", self.merchant),
        ]
    }
}

/// The last roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    /// The red die (1–6).
    pub red: u8,
    /// The white die (1–6).
    pub white: u8,
    /// The event die: `None` a ship, else a gate's track.
    pub event: Option<Track>,
}

/// Fixed by Alchemist for the next roll.
pub type ChosenDice = Option<(u8, u8)>;

/// A game of Catan (with or without Cities & Knights).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Catan {
    /// The rules chosen.
    pub options: Options,
    /// The board as drawn.
    pub board: std::sync::Arc<crate::Board>,
    /// The board, numbered (rebuilt from `board` when read back).
    #[serde(skip)]
    pub topo: std::sync::Arc<Topology>,
    /// The number token on each land hex (0: none).
    pub numbers: Vec<u8>,
    /// What stands on each corner.
    pub buildings: Vec<Building>,
    /// The knight on each corner.
    pub knights: Vec<Option<Knight>>,
    /// Who owns each side's road.
    pub roads: Vec<Option<Seat>>,
    /// The robber's hex.
    pub robber: HexId,
    /// The merchant's hex and owner.
    pub merchant: Option<(HexId, Seat)>,
    /// The players.
    pub players: Vec<Player>,
    /// Cards in the bank.
    pub bank: Hand,
    /// Progress decks (draw from the end), by track.
    pub decks: [Vec<Progress>; 3],
    /// Progress cards in the game (54, or more with `testgame`).
    pub progress_total: u32,
    /// Defender of Catan cards still in the box.
    pub defender_left: u8,
    /// The barbarian ship's place (0 at the start, attacks on arriving at 7).
    pub barbarians: u8,
    /// Whether the barbarians have attacked once (the robber wakes).
    pub robber_awake: bool,
    /// The metropolis of each track: owner and corner.
    pub metropolis: [Option<(Seat, CornerId)>; 3],
    /// Longest Road: its holder.
    pub longest_road: Option<Seat>,
    /// Each seat's longest road as last counted (0 below five roads).
    #[serde(default)]
    pub road_lengths: [u8; MAX_SEATS],
    /// Base game: Largest Army's holder.
    pub largest_army: Option<Seat>,
    /// Base game: the development deck (draw from the end).
    pub dev_deck: Vec<Dev>,
    /// Base game: whether a development card was played this turn.
    pub dev_played: bool,
    /// The current player.
    pub current: Seat,
    /// Turns begun (set-up counts as turn 0).
    pub turn: u32,
    /// Where the game is.
    pub phase: Phase,
    /// Steps before play goes on, the next one last.
    pub steps: Vec<Step>,
    /// The last roll.
    pub roll: Option<Roll>,
    /// Dice fixed by Alchemist for the coming roll.
    pub chosen_dice: ChosenDice,
    /// A scenario's event die for the coming roll (`Some(None)`: a ship);
    /// set only by positions written for tests, never in play.
    #[serde(default)]
    pub fixed_event: Option<Option<Track>>,
    /// This turn: Crane lowers one improvement by one commodity.
    pub crane: bool,
    /// This turn: Merchant Fleet's card, traded 2:1.
    pub fleet: Option<Card>,
    /// This turn: seats offered a card through Commercial Harbor.
    pub harbor_offered: SeatSet,
    /// This turn: offers made to other players.
    pub offers_made: u8,
    /// Set-up: placements made so far.
    pub setup_done: u8,
    /// The winner, once there is one.
    pub winner: Option<Seat>,
    /// The state's own random generator.
    pub rng: GameRng,
    /// What happened, written down only while a page plays through
    /// [`Catan::apply_logged`] (see [`super::log`]); never saved.
    #[serde(skip)]
    pub log: Option<Vec<super::log::Event>>,
    /// In a seat's view only: how many cards the hands and decks it
    /// cannot see hold (counts the view shows anyway), so that the view's
    /// state lists the seat's legal actions as the full state does
    /// (see [`HiddenCounts`]). `None` in a full state.
    #[serde(skip)]
    pub hidden: Option<HiddenCounts>,
}

/// What a seat's view knows of the cards it cannot see, by count: what
/// the viewing seat's legal actions depend on (whom it may rob or spy on,
/// whether a deck has a card left), never which cards they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiddenCounts {
    /// Per seat whose hand is hidden: its resource and commodity cards.
    pub hands: [Option<(u32, u32)>; MAX_SEATS],
    /// Per seat whose progress cards are hidden: how many it holds.
    pub progress: [Option<u32>; MAX_SEATS],
    /// Cards left in each progress deck.
    pub decks: [u8; 3],
    /// Base game: cards left in the development deck.
    pub dev_deck: u8,
}

impl Catan {
    /// How many cards `s` holds, hidden or not.
    pub(crate) fn hand_total(&self, s: Seat) -> u32 {
        match self.hidden.and_then(|h| h.hands[s as usize]) {
            Some((resources, commodities)) => resources + commodities,
            None => self.players[s as usize].hand.total(),
        }
    }

    /// Whether `s` holds a commodity card, hidden or not.
    pub(crate) fn holds_commodity(&self, s: Seat) -> bool {
        match self.hidden.and_then(|h| h.hands[s as usize]) {
            Some((_, commodities)) => commodities > 0,
            None => {
                let h = self.players[s as usize].hand;
                super::cards::Card::COMMODITIES
                    .iter()
                    .any(|c| h.get(*c) > 0)
            }
        }
    }

    /// Whether `s` holds a progress card, hidden or not.
    pub(crate) fn holds_progress(&self, s: Seat) -> bool {
        match self.hidden.and_then(|h| h.progress[s as usize]) {
            Some(n) => n > 0,
            None => !self.players[s as usize].progress.is_empty(),
        }
    }

    /// Whether the development deck has a card left.
    pub(crate) fn dev_deck_left(&self) -> bool {
        match self.hidden {
            Some(h) => h.dev_deck > 0,
            None => !self.dev_deck.is_empty(),
        }
    }

    /// Whether progress deck `t` has a card left.
    pub(crate) fn deck_left(&self, t: super::cards::Track) -> bool {
        match self.hidden {
            Some(h) => h.decks[t.index()] > 0,
            None => !self.decks[t.index()].is_empty(),
        }
    }

    /// Number of seats.
    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// Whether Cities & Knights is played.
    pub fn ck(&self) -> bool {
        self.options.cities_and_knights
    }

    /// The seat's victory points: [`Catan::point_sources`]' total, added
    /// up directly (it is asked after every action).
    pub fn points(&self, seat: Seat) -> u32 {
        self.points_but_development(seat) + u32::from(self.players[seat as usize].dev_points())
    }

    /// The seat's victory points but those of development cards in hand
    /// (which take a look through the hand to count).
    pub(crate) fn points_but_development(&self, seat: Seat) -> u32 {
        let p = &self.players[seat as usize];
        let mut points = u32::from(pieces::SETTLEMENTS - p.settlements_left)
            + 2 * u32::from(pieces::CITIES - p.cities_left)
            + p.shown.len() as u32
            + u32::from(p.defender);
        for m in &self.metropolis {
            if matches!(m, Some((s, _)) if *s == seat) {
                points += 2;
            }
        }
        if self.largest_army == Some(seat) {
            points += 2;
        }
        if self.longest_road == Some(seat) {
            points += 2;
        }
        if matches!(self.merchant, Some((_, s)) if s == seat) {
            points += 1;
        }
        points
    }

    /// Where the seat's victory points come from.
    pub fn point_sources(&self, seat: Seat) -> PointSources {
        // Pieces off the supply are on the board: 1 point a settlement,
        // 2 a city, 2 more a metropolis.
        let p = &self.players[seat as usize];
        let two = |yes: bool| if yes { 2 } else { 0 };
        PointSources {
            settlements: u32::from(pieces::SETTLEMENTS - p.settlements_left),
            cities: 2 * u32::from(pieces::CITIES - p.cities_left),
            metropolises: 2 * self
                .metropolis
                .iter()
                .filter(|m| matches!(m, Some((s, _)) if *s == seat))
                .count() as u32,
            point_cards: p.shown.len() as u32,
            defender: u32::from(p.defender),
            development: u32::from(p.dev_points()),
            largest_army: two(self.largest_army == Some(seat)),
            longest_road: two(self.longest_road == Some(seat)),
            merchant: u32::from(matches!(self.merchant, Some((_, s)) if s == seat)),
        }
    }

    /// Points needed to win.
    pub fn goal(&self) -> u32 {
        self.options.goal()
    }

    /// The seat's hand limit (7, plus 2 per city wall).
    pub fn hand_limit(&self, seat: Seat) -> u32 {
        let walls = self
            .buildings
            .iter()
            .filter(|b| matches!(b, Building::City { owner, wall: true, .. } if *owner == seat))
            .count() as u32;
        7 + 2 * walls
    }

    /// The sum of the seat's active knights' levels.
    pub fn knight_strength(&self, seat: Seat) -> u32 {
        self.knights
            .iter()
            .flatten()
            .filter(|k| k.owner == seat && k.active)
            .map(|k| u32::from(k.level))
            .sum()
    }

    /// The seats, as a set.
    pub fn all_seats(&self) -> SeatSet {
        SeatSet::first(self.seat_count())
    }

    /// The corners where the seat has a settlement or city.
    pub fn buildings_of(&self, seat: Seat) -> impl Iterator<Item = CornerId> + '_ {
        self.buildings
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.owner() == Some(seat))
            .map(|(i, _)| i as CornerId)
    }

    /// The seat's road sides.
    pub fn roads_of(&self, seat: Seat) -> impl Iterator<Item = SideId> + '_ {
        self.roads
            .iter()
            .enumerate()
            .filter(move |(_, r)| **r == Some(seat))
            .map(|(i, _)| i as SideId)
    }
}
