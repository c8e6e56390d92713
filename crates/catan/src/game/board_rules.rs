//! Where things may go: roads, buildings and knights on the board, the
//! trade rates a player has, and the places a knight can reach.

use tabula_engine::Seat;

use super::cards::{Card, Track};
use super::id_bits::IdBits;
use super::state::{Building, Catan};
use super::topology::{CornerId, Harbour, HexId, SideId};

impl Catan {
    /// Whether one of the seat's roads ends at `c`.
    pub fn has_road_at(&self, seat: Seat, c: CornerId) -> bool {
        self.topo.corners[c as usize]
            .sides
            .iter()
            .any(|s| self.roads[*s as usize] == Some(seat))
    }

    /// The corners where the seat's roads end, in order (where its new
    /// settlements and knights may go).
    pub fn network_corners(&self, seat: Seat) -> Vec<CornerId> {
        self.network_corner_bits(seat)
            .iter()
            .map(|c| c as CornerId)
            .collect()
    }

    /// [`Catan::network_corners`] as a set of bits.
    pub(crate) fn network_corner_bits(&self, seat: Seat) -> IdBits {
        let mut bits = IdBits::new(self.buildings.len());
        for (s, owner) in self.roads.iter().enumerate() {
            if *owner == Some(seat) {
                for e in self.topo.sides[s].ends {
                    bits.insert(e as usize);
                }
            }
        }
        bits
    }

    /// Sides next to the seat's roads and buildings, in order: every side
    /// where [`Catan::road_spot`] may hold.
    pub fn road_candidates(&self, seat: Seat) -> Vec<SideId> {
        self.road_candidate_bits(seat)
            .iter()
            .map(|s| s as SideId)
            .collect()
    }

    /// [`Catan::road_candidates`] as a set of bits.
    pub(crate) fn road_candidate_bits(&self, seat: Seat) -> IdBits {
        let mut bits = IdBits::new(self.roads.len());
        let mut add = |c: usize| {
            for &s in &self.topo.corners[c].sides {
                bits.insert(s as usize);
            }
        };
        for (s, owner) in self.roads.iter().enumerate() {
            if *owner == Some(seat) {
                for e in self.topo.sides[s].ends {
                    add(e as usize);
                }
            }
        }
        for (c, b) in self.buildings.iter().enumerate() {
            if b.owner() == Some(seat) {
                add(c);
            }
        }
        bits
    }

    /// Every side where the seat may build a road ([`Catan::road_spot`]),
    /// in order, added to `out` by `push`: the sides next to the corners
    /// where its roads end or its buildings stand.
    pub(crate) fn road_spots(&self, seat: Seat, mut push: impl FnMut(SideId)) {
        let corners = self.buildings.len();
        let (mut road_at, mut own) = (IdBits::new(corners), IdBits::new(corners));
        for (s, owner) in self.roads.iter().enumerate() {
            if *owner == Some(seat) {
                for e in self.topo.sides[s].ends {
                    road_at.insert(e as usize);
                }
            }
        }
        let mut candidates = IdBits::new(self.roads.len());
        for (c, b) in self.buildings.iter().enumerate() {
            if b.owner() == Some(seat) {
                own.insert(c);
            }
            if b.owner() == Some(seat) || road_at.contains(c) {
                for &s in &self.topo.corners[c].sides {
                    candidates.insert(s as usize);
                }
            }
        }
        for s in candidates.iter() {
            // As `road_spot`, with the seat's buildings and road ends known.
            if self.roads[s].is_none()
                && self.topo.sides[s].ends.iter().any(|&e| {
                    own.contains(e as usize)
                        || (road_at.contains(e as usize) && !self.blocks(seat, e))
                })
            {
                push(s as SideId);
            }
        }
    }

    /// Whether the seat may build a road on `side` (free of cost and pieces).
    pub fn road_spot(&self, seat: Seat, side: SideId) -> bool {
        if self.roads[side as usize].is_some() {
            return false;
        }
        self.topo.sides[side as usize].ends.iter().any(|&e| {
            self.buildings[e as usize].owner() == Some(seat)
                || (!self.blocks(seat, e) && self.has_road_at(seat, e))
        })
    }

    /// Whether nothing stands on `c` and no building stands next to it.
    pub fn settlement_room(&self, c: CornerId) -> bool {
        let i = c as usize;
        self.buildings[i] == Building::None
            && self.knights[i].is_none()
            && self.topo.corners[i]
                .neighbours
                .iter()
                .all(|n| self.buildings[*n as usize] == Building::None)
    }

    /// Whether the seat may build a settlement on `c` during play.
    pub fn settlement_spot(&self, seat: Seat, c: CornerId) -> bool {
        self.settlement_room(c) && self.has_road_at(seat, c)
    }

    /// Whether a new knight of the seat may stand on `c`.
    pub fn knight_spot(&self, seat: Seat, c: CornerId) -> bool {
        let i = c as usize;
        self.buildings[i] == Building::None
            && self.knights[i].is_none()
            && self.has_road_at(seat, c)
    }

    /// The corners a piece of `seat` reaches from `from` along the seat's
    /// roads, through corners where no other player's piece stands:
    /// free corners, and corners with another player's knight (where it
    /// stops). `from` itself is not listed.
    pub fn reachable(&self, seat: Seat, from: CornerId) -> Vec<CornerId> {
        let mut seen = vec![false; self.buildings.len()];
        seen[from as usize] = true;
        let mut queue = vec![from];
        let mut out = Vec::new();
        while let Some(c) = queue.pop() {
            for &s in &self.topo.corners[c as usize].sides {
                if self.roads[s as usize] != Some(seat) {
                    continue;
                }
                let [a, b] = self.topo.sides[s as usize].ends;
                let n = if a == c { b } else { a };
                if seen[n as usize] {
                    continue;
                }
                seen[n as usize] = true;
                let building = self.buildings[n as usize].owner();
                let knight = self.knights[n as usize].map(|k| k.owner);
                if building.is_some_and(|o| o != seat) {
                    continue;
                }
                match knight {
                    Some(o) if o != seat => out.push(n),
                    Some(_) => queue.push(n),
                    None => {
                        if building.is_none() {
                            out.push(n);
                        }
                        queue.push(n);
                    }
                }
            }
        }
        tabula_engine::small_sort::sort(&mut out);
        out
    }

    /// Where a displaced knight of `seat` may go from `from`: free corners
    /// its owner's roads reach.
    pub fn retreats(&self, seat: Seat, from: CornerId) -> Vec<CornerId> {
        self.reachable(seat, from)
            .into_iter()
            .filter(|c| {
                self.knights[*c as usize].is_none() && self.buildings[*c as usize] == Building::None
            })
            .collect()
    }

    /// How many of `give` the seat trades for one card with the bank.
    pub fn rate(&self, seat: Seat, give: Card) -> u8 {
        self.rates(seat)[give.index()]
    }

    /// The seat's bank rate for every card, in the order of [`Card::ALL`].
    pub fn rates(&self, seat: Seat) -> [u8; 8] {
        let mut rates = [4u8; 8];
        for &(c, h) in &self.topo.harbour_corners {
            if self.buildings[c as usize].owner() != Some(seat) {
                continue;
            }
            match h {
                Harbour::Generic => {
                    for r in &mut rates {
                        *r = (*r).min(3);
                    }
                }
                Harbour::Special(r) => rates[Card::of(r).index()] = 2,
            }
        }
        if self.ck() {
            let p = &self.players[seat as usize];
            if p.levels[Track::Trade.index()] >= 3 {
                for c in Card::COMMODITIES {
                    rates[c.index()] = 2;
                }
            }
            if let Some((h, owner)) = self.merchant
                && owner == seat
                && let Some(r) = self.topo.hexes[h as usize].resource
            {
                rates[Card::of(r).index()] = 2;
            }
            if let Some(f) = self.fleet {
                rates[f.index()] = 2;
            }
        }
        rates
    }

    /// The seats with a building on a corner of `hex`, other than `seat`.
    pub fn neighbours_of_hex(&self, hex: HexId, seat: Seat) -> Vec<Seat> {
        let mut out: Vec<Seat> = self.topo.hexes[hex as usize]
            .corners
            .iter()
            .filter_map(|c| self.buildings[*c as usize].owner())
            .filter(|o| *o != seat)
            .collect();
        tabula_engine::small_sort::sort(&mut out);
        out.dedup();
        out
    }

    /// Whether the seat has a building on a corner of `hex`.
    pub fn touches_hex(&self, seat: Seat, hex: HexId) -> bool {
        self.topo.hexes[hex as usize]
            .corners
            .iter()
            .any(|c| self.buildings[*c as usize].owner() == Some(seat))
    }

    /// The seat's cities that are not a metropolis.
    pub fn plain_cities(&self, seat: Seat) -> Vec<CornerId> {
        self.buildings
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                matches!(b, Building::City { owner, metropolis: None, .. } if *owner == seat)
            })
            .map(|(i, _)| i as CornerId)
            .collect()
    }

    /// Whether a road is "open": at one of its ends its owner has no
    /// building, knight, or other road (Diplomat).
    pub fn road_is_open(&self, side: SideId) -> bool {
        let Some(owner) = self.roads[side as usize] else {
            return false;
        };
        self.topo.sides[side as usize].ends.iter().any(|&e| {
            self.buildings[e as usize].owner() != Some(owner)
                && self.knights[e as usize].map(|k| k.owner) != Some(owner)
                && !self.topo.corners[e as usize]
                    .sides
                    .iter()
                    .any(|s| *s != side && self.roads[*s as usize] == Some(owner))
        })
    }
}
