//! A heuristic value of a position for bots that look ahead: points
//! first, then what the board will produce, then cards, knights and
//! improvements.

use tabula_engine::{Evaluate, Seat};

use super::cards::Card;
use super::state::{Building, Catan};

/// Chances in 36 that two dice make `n`.
pub fn pips(n: u8) -> u32 {
    match n {
        2..=6 => u32::from(n) - 1,
        8..=12 => 13 - u32::from(n),
        _ => 0,
    }
}

impl Catan {
    /// Expected cards a turn from the seat's buildings (the robber's hex aside).
    pub fn production(&self, seat: Seat) -> f64 {
        let mut pip_sum = 0;
        for (h, hex) in self.topo.hexes.iter().enumerate() {
            if h == self.robber as usize || hex.resource.is_none() {
                continue;
            }
            let p = pips(self.numbers[h]);
            for &c in &hex.corners {
                match self.buildings[c as usize] {
                    Building::Settlement { owner } if owner == seat => pip_sum += p,
                    Building::City { owner, .. } if owner == seat => pip_sum += 2 * p,
                    _ => {}
                }
            }
        }
        f64::from(pip_sum) / 36.0
    }

    /// How many resource kinds the seat's buildings touch (of five).
    fn diversity(&self, seat: Seat) -> u32 {
        let mut kinds = [false; 5];
        for hex in &self.topo.hexes {
            if let Some(r) = hex.resource
                && hex
                    .corners
                    .iter()
                    .any(|c| self.buildings[*c as usize].owner() == Some(seat))
            {
                kinds[Card::of(r).index()] = true;
            }
        }
        kinds.iter().filter(|k| **k).count() as u32
    }
}

impl Evaluate for Catan {
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(w) = self.winner {
            return if w == seat { 100.0 } else { -100.0 };
        }
        let p = &self.players[seat as usize];
        let points = f64::from(self.points(seat));
        let hand = p.hand.total();
        let limit = self.hand_limit(seat);
        let hand_value =
            0.06 * f64::from(hand.min(limit)) - 0.08 * f64::from(hand.saturating_sub(limit));
        let mut v = points
            + 2.5 * self.production(seat)
            + 0.12 * f64::from(self.diversity(seat))
            + hand_value;
        v += 0.04 * f64::from(self.road_lengths[seat as usize].min(8));
        if self.ck() {
            v += 0.25 * p.levels.iter().map(|l| f64::from(*l)).sum::<f64>();
            v += 0.15 * f64::from(self.knight_strength(seat));
            v += 0.05
                * self
                    .knights
                    .iter()
                    .flatten()
                    .filter(|k| k.owner == seat)
                    .count() as f64;
            v += 0.2 * p.progress.len().min(4) as f64;
            let walls = self
                .buildings
                .iter()
                .filter(|b| matches!(b, Building::City { owner, wall: true, .. } if *owner == seat))
                .count();
            v += 0.1 * walls as f64;
        } else {
            v += 0.3 * p.dev.len() as f64 + 0.1 * f64::from(p.knights_played);
        }
        v
    }

    fn evaluation_scale(&self) -> f64 {
        2.0
    }
}
