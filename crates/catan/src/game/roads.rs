//! Longest Road: each player's longest trail of roads, cut by other
//! players' buildings and (with Cities & Knights) knights.

use tabula_engine::{Seat, SeatSet};

use super::state::{Catan, pieces};
use super::topology::CornerId;

/// Roads needed for Longest Road.
pub const LONGEST_ROAD_MIN: u32 = 5;

impl Catan {
    /// Whether another player's building or knight stands on `c`, cutting
    /// `seat`'s roads there.
    pub fn blocks(&self, seat: Seat, c: CornerId) -> bool {
        let b = self.buildings[c as usize].owner();
        let k = self.knights[c as usize].map(|k| k.owner);
        b.is_some_and(|o| o != seat) || k.is_some_and(|o| o != seat)
    }

    /// The length of the seat's longest trail (no side used twice).
    pub fn road_length(&self, seat: Seat) -> u32 {
        let mut used = vec![false; self.roads.len()];
        let mut best = 0;
        for (s, owner) in self.roads.iter().enumerate() {
            if *owner != Some(seat) {
                continue;
            }
            for end in self.topo.sides[s].ends {
                used[s] = true;
                best = best.max(1 + self.trail(seat, end, &mut used));
                used[s] = false;
            }
        }
        best
    }

    fn trail(&self, seat: Seat, at: CornerId, used: &mut [bool]) -> u32 {
        if self.blocks(seat, at) {
            return 0;
        }
        let mut best = 0;
        for &s in &self.topo.corners[at as usize].sides {
            let si = s as usize;
            if used[si] || self.roads[si] != Some(seat) {
                continue;
            }
            let [a, b] = self.topo.sides[si].ends;
            let next = if a == at { b } else { a };
            used[si] = true;
            best = best.max(1 + self.trail(seat, next, used));
            used[si] = false;
        }
        best
    }

    /// The seats with a road ending at `c`.
    pub fn road_owners_at(&self, c: CornerId) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for s in &self.topo.corners[c as usize].sides {
            if let Some(o) = self.roads[*s as usize] {
                set = set.with(o);
            }
        }
        set
    }

    /// Recount every seat's roads and give Longest Road to whom it belongs.
    pub fn update_longest_road(&mut self) {
        self.refresh_roads(self.all_seats());
    }

    /// Recount the roads of `seats` (the others cannot have changed) and
    /// give Longest Road to whom it belongs now: the holder keeps it on a
    /// tie; when the holder falls behind, a single longest player takes
    /// it, and a tie leaves it with nobody. Fewer than five roads never
    /// count.
    pub fn refresh_roads(&mut self, seats: SeatSet) {
        let was = self.longest_road;
        self.recount_roads(seats);
        if self.longest_road != was {
            self.note(super::log::Event::LongestRoad {
                holder: self.longest_road,
            });
        }
    }

    fn recount_roads(&mut self, seats: SeatSet) {
        for s in seats.iter() {
            let built = pieces::ROADS - self.players[s as usize].roads_left;
            self.road_lengths[s as usize] = if u32::from(built) < LONGEST_ROAD_MIN {
                0
            } else {
                self.road_length(s) as u8
            };
        }
        let lens = &self.road_lengths[..self.seat_count()];
        let max = u32::from(lens.iter().copied().max().unwrap_or(0));
        if max < LONGEST_ROAD_MIN {
            self.longest_road = None;
            return;
        }
        if let Some(h) = self.longest_road
            && u32::from(lens[h as usize]) == max
        {
            return;
        }
        let top: Vec<usize> = (0..lens.len())
            .filter(|s| u32::from(lens[*s]) == max)
            .collect();
        self.longest_road = if top.len() == 1 {
            Some(top[0] as Seat)
        } else {
            None
        };
    }
}
