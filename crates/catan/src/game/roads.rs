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
    ///
    /// A longest trail is searched for from where one can begin: a trail
    /// that cannot be made longer at its start begins where another
    /// player's piece cuts the roads, or at a corner where an odd number of
    /// the seat's roads meet (with an even number, the trail would have
    /// used one of them to come back and could go on). Only where a
    /// network of roads has no such corner (a ring) is it searched from
    /// every road, as every trail there may be closed.
    pub fn road_length(&self, seat: Seat) -> u32 {
        let words = self.roads.len().div_ceil(64);
        let mut small = [0u64; 8];
        let mut large = Vec::new();
        let bits: &mut [u64] = if 2 * words <= small.len() {
            &mut small[..2 * words]
        } else {
            large.resize(2 * words, 0);
            &mut large
        };
        // The sides in use by the trail being followed, then every side
        // any search reached.
        let (used, reached) = bits.split_at_mut(words);
        let mut best = 0;
        for every_start in [false, true] {
            for (s, owner) in self.roads.iter().enumerate() {
                let bit = 1u64 << (s % 64);
                if *owner != Some(seat) || (every_start && reached[s / 64] & bit != 0) {
                    continue;
                }
                let ends = self.topo.sides[s].ends;
                for (i, end) in ends.into_iter().enumerate() {
                    if !every_start && !self.trail_begins(seat, ends[1 - i]) {
                        continue;
                    }
                    used[s / 64] |= bit;
                    reached[s / 64] |= bit;
                    best = best.max(1 + self.trail(seat, end, used, reached));
                    used[s / 64] &= !bit;
                }
            }
        }
        best
    }

    /// Whether a longest trail of `seat` may begin at `c`: another
    /// player's piece cuts the roads there, or an odd number of the seat's
    /// roads meet there.
    fn trail_begins(&self, seat: Seat, c: CornerId) -> bool {
        let mine = self.topo.corners[c as usize]
            .sides
            .iter()
            .filter(|s| self.roads[**s as usize] == Some(seat))
            .count();
        mine % 2 == 1 || self.blocks(seat, c)
    }

    fn trail(&self, seat: Seat, at: CornerId, used: &mut [u64], reached: &mut [u64]) -> u32 {
        if self.blocks(seat, at) {
            return 0;
        }
        let mut best = 0;
        for &s in &self.topo.corners[at as usize].sides {
            let si = s as usize;
            let bit = 1u64 << (si % 64);
            if used[si / 64] & bit != 0 || self.roads[si] != Some(seat) {
                continue;
            }
            let [a, b] = self.topo.sides[si].ends;
            let next = if a == at { b } else { a };
            used[si / 64] |= bit;
            reached[si / 64] |= bit;
            best = best.max(1 + self.trail(seat, next, used, reached));
            used[si / 64] &= !bit;
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

#[cfg(test)]
mod tests {
    use tabula_engine::{Game, GameRng, Seat, ToMove};

    use crate::game::state::Catan;
    use crate::game::topology::CornerId;
    use crate::{CheckedBoard, Options};

    /// The longest trail found the long way: from both ends of every road.
    fn from_every_road(g: &Catan, seat: Seat) -> u32 {
        fn trail(g: &Catan, seat: Seat, at: CornerId, used: &mut [bool]) -> u32 {
            if g.blocks(seat, at) {
                return 0;
            }
            let mut best = 0;
            for &s in &g.topo.corners[at as usize].sides {
                let si = s as usize;
                if used[si] || g.roads[si] != Some(seat) {
                    continue;
                }
                let [a, b] = g.topo.sides[si].ends;
                let next = if a == at { b } else { a };
                used[si] = true;
                best = best.max(1 + trail(g, seat, next, used));
                used[si] = false;
            }
            best
        }
        let mut used = vec![false; g.roads.len()];
        let mut best = 0;
        for s in 0..g.roads.len() {
            if g.roads[s] != Some(seat) {
                continue;
            }
            for end in g.topo.sides[s].ends {
                used[s] = true;
                best = best.max(1 + trail(g, seat, end, &mut used));
                used[s] = false;
            }
        }
        best
    }

    #[test]
    fn the_search_from_where_trails_begin_finds_the_longest_trail_of_every_road_network() {
        let board = CheckedBoard::from_text(crate::STANDARD_BOARD).unwrap();
        let mut compared = 0;
        let mut long = 0;
        for seed in 0..40u64 {
            let options = if seed % 2 == 0 {
                Options::base()
            } else {
                Options::default()
            };
            let mut g = Catan::new(&options, &board, 2 + (seed % 3) as usize, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            for _ in 0..20_000 {
                let seat = match g.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        g.apply_chance().unwrap();
                        continue;
                    }
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                };
                let a = g.random_action(seat, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
                for s in 0..g.seat_count() as Seat {
                    let want = from_every_road(&g, s);
                    assert_eq!(g.road_length(s), want, "seed {seed}, seat {s}");
                    compared += 1;
                    long += usize::from(want >= 7);
                }
            }
        }
        assert!(
            compared > 100_000 && long > 1_000,
            "{compared} compared, {long} of 7 or more"
        );
    }
}
