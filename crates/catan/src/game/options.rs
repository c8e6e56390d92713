//! The options of a game, chosen before it starts.

use serde::{Deserialize, Serialize};

/// How number tokens reach the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Numbers {
    /// As the map fixes them; dealt in spiral order where it fixes none.
    #[default]
    Map,
    /// The 18 tokens in the official spiral order (A–R), whatever the map says.
    Spiral,
    /// Shuffled with the game's seed so that no 6 or 8 touch.
    Shuffled,
}

/// Options of a Catan game (unknown fields are refused).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Cities & Knights (on by default); off: the base game alone.
    pub cities_and_knights: bool,
    /// Victory points to win; `None`: 13 with Cities & Knights, 10 without.
    pub points: Option<u8>,
    /// How number tokens are placed.
    pub numbers: Numbers,
    /// As the course server's `-testgame`: every player starts with one
    /// progress card of each kind (victory points aside); the progress
    /// card limit is raised by those 23 cards (`progress_limit`).
    pub testgame: bool,
    /// Whether players may trade with each other.
    pub trades_between_players: bool,
    /// A starting city also yields commodities (a variant; off by default).
    pub starting_commodities: bool,
    /// The game ends after this many rounds, the most points winning
    /// (a guard for bot games; 0: no limit).
    pub round_limit: u16,
    /// Start from this position (`docs/catan/positions.md`) instead of a
    /// new game's set-up: a lesson, a puzzle, a rule to try. The game's
    /// seed shuffles the decks afterwards. Kept out of the state (and so
    /// out of every player view): the text may hold others' cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cities_and_knights: true,
            points: None,
            numbers: Numbers::Map,
            testgame: false,
            trades_between_players: true,
            starting_commodities: false,
            round_limit: 500,
            position: None,
        }
    }
}

impl Options {
    /// The base game, without Cities & Knights.
    pub fn base() -> Options {
        Options {
            cities_and_knights: false,
            ..Options::default()
        }
    }

    /// Victory points to win.
    pub fn goal(&self) -> u32 {
        match self.points {
            Some(p) => u32::from(p),
            None if self.cities_and_knights => 13,
            None => 10,
        }
    }

    /// Progress cards a player may keep in hand (victory points aside):
    /// 4, and in a test game 4 beside the dealt set, 27 (rule 39 of
    /// docs/catan/rules.md), so that the dealt cards never have to go
    /// back before they are tried.
    pub fn progress_limit(&self) -> usize {
        if self.testgame {
            super::state::PROGRESS_LIMIT + super::cards::Progress::played_kinds()
        } else {
            super::state::PROGRESS_LIMIT
        }
    }
}
