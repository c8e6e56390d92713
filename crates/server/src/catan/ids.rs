//! Object ids of one game (`Intersection@3fa2b1c0`): eight hex digits
//! drawn from a secret of the game, so that an id says nothing of what it
//! names (a card's id does not tell its kind to anyone who sees only the
//! id), and read back to the object named.

use std::collections::HashMap;
use std::hash::BuildHasher;

use tabula_catan::game::topology::Topology;
use tabula_catan::{Card, Progress};
use tabula_engine::Seat;

/// Something a client may name by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obj {
    /// The game itself.
    Game,
    /// The robber.
    Robber,
    /// A field of the map, by its index in the board.
    Field(usize),
    /// A corner.
    Intersection(u16),
    /// A side.
    Border(u16),
    /// The knight on a corner.
    Knight(u16),
    /// A seat's assets.
    UserAssets(Seat),
    /// A seat's cards of one kind.
    Card(Seat, Card),
    /// A seat's progress cards of one kind.
    ProgressCard(Seat, Progress),
}

impl Obj {
    /// The class written before the `@`.
    pub fn class(self) -> &'static str {
        match self {
            Obj::Game => "Game",
            Obj::Robber => "Robber",
            Obj::Field(_) => "Field",
            Obj::Intersection(_) => "Intersection",
            Obj::Border(_) => "Border",
            Obj::Knight(_) => "Knight",
            Obj::UserAssets(_) => "UserAssets",
            Obj::Card(..) => "Card",
            Obj::ProgressCard(..) => "ProgressCard",
        }
    }
}

/// The ids of one game's objects.
pub struct Ids {
    salt: u64,
    by_text: HashMap<String, Obj>,
    by_obj: HashMap<Obj, String>,
}

impl Ids {
    /// Ids for a board of `topo` and `fields` fields with `seats` seats.
    pub fn new(topo: &Topology, fields: usize, seats: usize) -> Ids {
        let salt = std::collections::hash_map::RandomState::new().hash_one(0x7ab0_1a00_u64);
        let mut ids = Ids {
            salt,
            by_text: HashMap::new(),
            by_obj: HashMap::new(),
        };
        let mut all = vec![Obj::Game, Obj::Robber];
        all.extend((0..fields).map(Obj::Field));
        all.extend((0..topo.corners.len() as u16).map(Obj::Intersection));
        all.extend((0..topo.corners.len() as u16).map(Obj::Knight));
        all.extend((0..topo.sides.len() as u16).map(Obj::Border));
        for s in 0..seats as Seat {
            all.push(Obj::UserAssets(s));
            all.extend(Card::ALL.map(|c| Obj::Card(s, c)));
            all.extend(Progress::all().map(|p| Obj::ProgressCard(s, p)));
        }
        for (n, obj) in all.into_iter().enumerate() {
            ids.add(obj, n as u64);
        }
        ids
    }

    fn add(&mut self, obj: Obj, n: u64) {
        let mut k = n;
        loop {
            let text = format!("{}@{:08x}", obj.class(), mix(self.salt ^ k) as u32);
            if !self.by_text.contains_key(&text) {
                self.by_text.insert(text.clone(), obj);
                self.by_obj.insert(obj, text);
                return;
            }
            k = k.wrapping_add(1 << 32);
        }
    }

    /// The id of `obj`.
    pub fn of(&self, obj: Obj) -> String {
        self.by_obj.get(&obj).cloned().unwrap_or_default()
    }

    /// The object an id names.
    pub fn read(&self, text: &str) -> Option<Obj> {
        self.by_text.get(text).copied()
    }
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
