//! The options of a Domains game: every constant of the original program.

use serde::{Deserialize, Serialize};
use tabula_engine::{Problem, Problems};

/// Options chosen when a game starts. Every field has the original
/// program's standard value as its default; unknown fields are rejected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Rows of the board (2 to 100; at least 6 for the standard start).
    pub rows: u8,
    /// Columns of the board (2 to 100; at least 6 for the standard start).
    pub cols: u8,
    /// Rounds in a game (1 to 10,000).
    pub rounds: u32,
    /// Most units a player may have (1 to 40).
    pub max_units: u8,
    /// Most bonuses on the board at once (0 to 16).
    pub max_bonuses: u8,
    /// Most upgraded units a player may have at once (1 to 4).
    pub bonuses_per_player: u8,
    /// A player gains a unit every this many rounds (1 to 1,000).
    pub rounds_per_respawn: u32,
    /// A player gains a bubble every this many rounds (1 to 1,000).
    pub rounds_per_bubble: u32,
    /// A bubble moves every this many rounds (1 to 1,000).
    pub rounds_per_bubble_move: u32,
    /// A free bonus slot waits up to this many rounds (1 to 1,000).
    pub max_rounds_per_bonus: u32,
    /// Points for winning a fight.
    pub points_per_unit: u32,
    /// Points to the bubble's colour when a unit pops it.
    pub points_per_bubble: u32,
    /// Points to the bubble's colour when its timer pops it.
    pub points_per_pop: u32,
    /// Points per owned square at the end of every round.
    pub points_per_square: u32,
    /// Energy of a new unit.
    pub energy_start: u8,
    /// Highest energy (at most 100).
    pub energy_max: u8,
    /// Lowest energy (at least 1).
    pub energy_min: u8,
    /// Side of an ability zone (odd, 1 to 15).
    pub ability_size: u8,
    /// Rounds an ability zone lasts (1 to 200).
    pub ability_duration: u8,
    /// Rounds a recoloured bubble waits before it pops (1 to 200).
    pub rounds_to_pop: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rows: 50,
            cols: 50,
            rounds: 500,
            max_units: 10,
            max_bonuses: 4,
            bonuses_per_player: 1,
            rounds_per_respawn: 3,
            rounds_per_bubble: 15,
            rounds_per_bubble_move: 5,
            max_rounds_per_bonus: 4,
            points_per_unit: 500,
            points_per_bubble: 500,
            points_per_pop: 5000,
            points_per_square: 1,
            energy_start: 5,
            energy_max: 20,
            energy_min: 1,
            ability_size: 5,
            ability_duration: 10,
            rounds_to_pop: 3,
        }
    }
}

impl Options {
    /// A small, short game: a `size`×`size` board for `rounds` rounds, the
    /// other options standard.
    pub fn small(size: u8, rounds: u32) -> Self {
        Options {
            rows: size,
            cols: size,
            rounds,
            ..Options::default()
        }
    }

    /// Every problem with these options.
    pub fn check(&self) -> Problems {
        let mut out = Vec::new();
        let mut range = |name: &str, v: u64, lo: u64, hi: u64| {
            if !(lo..=hi).contains(&v) {
                out.push(Problem::error(
                    "option-out-of-range",
                    format!("option {name} is {v}; it must be from {lo} to {hi}"),
                ));
            }
        };
        range("rows", self.rows as u64, 2, 100);
        range("cols", self.cols as u64, 2, 100);
        range("rounds", self.rounds as u64, 1, 10_000);
        range("max_units", self.max_units as u64, 1, 40);
        range("max_bonuses", self.max_bonuses as u64, 0, 16);
        range("bonuses_per_player", self.bonuses_per_player as u64, 1, 4);
        range(
            "rounds_per_respawn",
            self.rounds_per_respawn as u64,
            1,
            1000,
        );
        range("rounds_per_bubble", self.rounds_per_bubble as u64, 1, 1000);
        range(
            "rounds_per_bubble_move",
            self.rounds_per_bubble_move as u64,
            1,
            1000,
        );
        range(
            "max_rounds_per_bonus",
            self.max_rounds_per_bonus as u64,
            1,
            1000,
        );
        range("points_per_unit", self.points_per_unit as u64, 0, 1_000_000);
        range(
            "points_per_bubble",
            self.points_per_bubble as u64,
            0,
            1_000_000,
        );
        range("points_per_pop", self.points_per_pop as u64, 0, 1_000_000);
        range(
            "points_per_square",
            self.points_per_square as u64,
            0,
            1_000_000,
        );
        range("energy_min", self.energy_min as u64, 1, 100);
        range("energy_max", self.energy_max as u64, 1, 100);
        range("ability_size", self.ability_size as u64, 1, 15);
        range("ability_duration", self.ability_duration as u64, 1, 200);
        range("rounds_to_pop", self.rounds_to_pop as u64, 1, 200);
        if self.energy_min > self.energy_max {
            out.push(Problem::error(
                "energy-range",
                format!(
                    "energy_min ({}) is above energy_max ({})",
                    self.energy_min, self.energy_max
                ),
            ));
        }
        if !(self.energy_min..=self.energy_max).contains(&self.energy_start) {
            out.push(Problem::error(
                "energy-range",
                format!(
                    "energy_start ({}) is not from energy_min ({}) to energy_max ({})",
                    self.energy_start, self.energy_min, self.energy_max
                ),
            ));
        }
        if self.ability_size.is_multiple_of(2) {
            out.push(Problem::error(
                "ability-size-even",
                format!(
                    "ability_size is {}; it must be odd so the zone has a centre",
                    self.ability_size
                ),
            ));
        }
        Problems(out)
    }
}
