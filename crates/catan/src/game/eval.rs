//! A heuristic value of a position for bots that look ahead: points
//! first, then what the board will produce, then cards, knights and
//! improvements.

use tabula_engine::{Evaluate, Seat};

use super::cards::Card;
use super::state::{Building, Catan, MAX_SEATS};

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
}

/// What the evaluation counts for each seat, gathered in one pass.
#[derive(Default, Clone, Copy)]
struct Tally {
    pips: u32,
    kinds: [bool; 5],
    walls: u32,
    strength: u32,
    knights: u32,
}

impl Catan {
    fn tallies(&self) -> [Tally; MAX_SEATS] {
        let mut t = [Tally::default(); MAX_SEATS];
        for (h, hex) in self.topo.hexes.iter().enumerate() {
            let Some(r) = hex.resource else { continue };
            let p = if h == self.robber as usize {
                0
            } else {
                pips(self.numbers[h])
            };
            for &c in &hex.corners {
                let (owner, k) = match self.buildings[c as usize] {
                    Building::Settlement { owner } => (owner, 1),
                    Building::City { owner, .. } => (owner, 2),
                    Building::None => continue,
                };
                let s = &mut t[owner as usize];
                s.pips += k * p;
                s.kinds[Card::of(r).index()] = true;
            }
        }
        for b in &self.buildings {
            if let Building::City {
                owner, wall: true, ..
            } = b
            {
                t[*owner as usize].walls += 1;
            }
        }
        for k in self.knights.iter().flatten() {
            let s = &mut t[k.owner as usize];
            s.knights += 1;
            if k.active {
                s.strength += u32::from(k.level);
            }
        }
        t
    }

    fn value(&self, seat: Seat, t: &Tally) -> f64 {
        if let Some(w) = self.winner {
            return if w == seat { 100.0 } else { -100.0 };
        }
        let p = &self.players[seat as usize];
        let points = f64::from(self.points(seat));
        let hand = p.hand.total();
        let limit = 7 + 2 * t.walls;
        let hand_value =
            0.06 * f64::from(hand.min(limit)) - 0.08 * f64::from(hand.saturating_sub(limit));
        let diversity = t.kinds.iter().filter(|k| **k).count() as f64;
        let mut v = points + 2.5 * f64::from(t.pips) / 36.0 + 0.12 * diversity + hand_value;
        v += 0.04 * f64::from(self.road_lengths[seat as usize].min(8));
        if self.ck() {
            v += 0.25 * p.levels.iter().map(|l| f64::from(*l)).sum::<f64>();
            v += 0.15 * f64::from(t.strength);
            v += 0.05 * f64::from(t.knights);
            v += 0.2 * p.progress.len().min(4) as f64;
            v += 0.1 * f64::from(t.walls);
        } else {
            v += 0.3 * p.dev.len() as f64 + 0.1 * f64::from(p.knights_played);
        }
        v
    }
}

impl Evaluate for Catan {
    fn evaluate(&self, seat: Seat) -> f64 {
        let t = self.tallies();
        self.value(seat, &t[seat as usize])
    }

    fn evaluate_all(&self, out: &mut Vec<f64>) {
        let t = self.tallies();
        out.clear();
        out.extend((0..self.seat_count()).map(|s| self.value(s as Seat, &t[s])));
    }

    fn evaluation_scale(&self) -> f64 {
        2.0
    }
}
