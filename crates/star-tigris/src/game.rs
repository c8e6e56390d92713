//! Star Tigris under the engine's game contract: options, setup from a map,
//! the state hash, the outcome and final scores.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use tabula_engine::{
    Game, GameRng, Outcome, Problem, Problems, Ruleset, Seat, StateHash, StateHasher, ToMove,
};

use crate::action::Action;
use crate::error::RuleError;
use crate::kind::Kind;
use crate::map::{DEFAULT_MAP, Map, Terrain, load_map};
use crate::state::{BOMBERS, Cell, Content, MAX_CELLS, MAX_PLAYERS, NOWHERE, Phase, StarTigris};
use crate::view::View;

/// The colonists in the pool at the start, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PoolOption {
    /// Settlers.
    pub settler: u16,
    /// Scientists.
    pub scientist: u16,
    /// Merchants.
    pub merchant: u16,
    /// Mining robots.
    pub mining: u16,
}

impl Default for PoolOption {
    fn default() -> Self {
        PoolOption {
            settler: 30,
            scientist: 57,
            merchant: 30,
            mining: 36,
        }
    }
}

impl PoolOption {
    /// As counts indexed by kind.
    pub fn counts(&self) -> [u16; 4] {
        [self.settler, self.scientist, self.merchant, self.mining]
    }
}

/// How a turn is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Turns {
    /// One player after another, as in seed 001 (rules.md §2).
    #[default]
    Sequential,
    /// The Thousand Parsec way (seed 000): every player secretly gives up to
    /// two orders at once, then they are carried out one player after
    /// another (rules.md §11).
    Simultaneous,
}

/// In which order the simultaneous variant carries out the players' orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnOrder {
    /// Seat by seat, starting one seat later each normal turn (as the
    /// Thousand Parsec server did).
    #[default]
    Rotating,
    /// A new random order each normal turn, drawn from the game's seed.
    Shuffled,
}

/// Options chosen when a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// The pool's colonists.
    pub pool: PoolOption,
    /// Show every player's score to everyone (for teaching).
    pub open_scores: bool,
    /// Sequential turns or the simultaneous variant.
    pub turns: Turns,
    /// The simultaneous variant's order of execution (ignored in the
    /// sequential game).
    pub order: TurnOrder,
}

/// Most colonists of one kind the pool option accepts.
pub const MAX_POOL_PER_KIND: u16 = 999;

impl Options {
    /// Problems with these options for a game of `players`.
    pub fn check(&self, players: usize) -> Problems {
        let mut out = Vec::new();
        for (k, &n) in Kind::ALL.iter().zip(self.pool.counts().iter()) {
            if n > MAX_POOL_PER_KIND {
                out.push(Problem::error(
                    "pool",
                    format!("pool.{k} is {n}; at most {MAX_POOL_PER_KIND}"),
                ));
            }
        }
        let total: u32 = self.pool.counts().iter().map(|&n| n as u32).sum();
        if total < players as u32 * 6 {
            out.push(Problem::error(
                "pool",
                format!("the pool holds {total} colonists, too few to deal {players} hands of 6"),
            ));
        }
        Problems(out)
    }
}

impl StarTigris {
    /// An empty game on a map, before hands are dealt.
    pub(crate) fn blank(map: &Map, players: usize, options: &Options, seed: u64) -> StarTigris {
        let mut g = StarTigris {
            width: map.width as u8,
            height: map.height as u8,
            players: players as u8,
            cells: [Cell::default(); MAX_CELLS],
            leaders: [[NOWHERE; 4]; MAX_PLAYERS],
            hands: [[0; 4]; MAX_PLAYERS],
            scores: [[0; 4]; MAX_PLAYERS],
            artifacts_held: [0; MAX_PLAYERS],
            bombers: [0; MAX_PLAYERS],
            swapped: [[0; 4]; MAX_PLAYERS],
            removed: [0; 4],
            pool: options.pool.counts(),
            artifacts_lost: 0,
            active: 0,
            orders_left: 2,
            turn: 1,
            phase: Phase::Order,
            open_scores: options.open_scores,
            rng: GameRng::seeded(seed),
            regions: Default::default(),
            sets: Default::default(),
            sim: None,
        };
        for p in 0..players {
            g.bombers[p] = BOMBERS;
        }
        for (i, t) in map.cells.iter().enumerate() {
            g.cells[i] = match t {
                Terrain::Open => Cell::terrain(false),
                Terrain::Uninhabitable => Cell::terrain(true),
                Terrain::Artifact => Cell::terrain(false)
                    .with(Content::Colony(Kind::Scientist))
                    .with_artifact(true),
            };
        }
        g.relabel_all();
        g
    }

    /// A new game: the map's artifact cells become scientist colonies with
    /// an artifact, and each player is dealt six colonists in seat order.
    pub fn new(
        options: &Options,
        map_text: &str,
        players: usize,
        seed: u64,
    ) -> Result<Self, Problems> {
        let mut problems = Vec::new();
        if !(2..=MAX_PLAYERS).contains(&players) {
            problems.push(Problem::error(
                "players",
                format!("{players} players; Star Tigris is for 2 to 4"),
            ));
        }
        problems.extend(options.check(players).0);
        let map = match load_map(map_text) {
            Ok(m) => Some(m),
            Err(p) => {
                problems.extend(p.0);
                None
            }
        };
        let map = match map {
            Some(m) if !problems.iter().any(Problem::is_error) => m,
            _ => return Err(Problems(problems)),
        };
        let mut g = StarTigris::blank(&map, players, options, seed);
        for p in 0..players as u8 {
            g.refill_hand(p);
        }
        if options.turns == Turns::Simultaneous {
            g.start_simultaneous(options.order);
        }
        Ok(g)
    }

    /// Each player's points by kind once artifacts are assigned to maximise
    /// the weakest kind (then the next weakest, and so on): sorted ascending.
    pub fn final_scores(&self, p: u8) -> [u16; 4] {
        let mut s = self.scores[p as usize];
        for _ in 0..self.artifacts_held[p as usize] {
            // Adding to the smallest value maximises the sorted vector.
            let min = (0..4).min_by_key(|&k| s[k]).unwrap_or(0);
            s[min] += 1;
        }
        s.sort_unstable();
        s
    }

    /// Where each artifact of `p` goes to maximise the score: points added per kind.
    pub fn artifact_assignment(&self, p: u8) -> [u16; 4] {
        let mut s = self.scores[p as usize];
        let mut added = [0u16; 4];
        for _ in 0..self.artifacts_held[p as usize] {
            let min = (0..4).min_by_key(|&k| s[k]).unwrap_or(0);
            s[min] += 1;
            added[min] += 1;
        }
        added
    }

    /// The outcome: ranked by the weakest kind, ties broken by the next
    /// weakest, and so on. `None` until the game is over.
    pub fn game_outcome(&self) -> Option<Outcome> {
        if !matches!(self.phase, Phase::Over(_)) {
            return None;
        }
        let keys: Vec<[u16; 4]> = (0..self.players).map(|p| self.final_scores(p)).collect();
        Some(Outcome {
            ranks: Outcome::ranks_from_keys(&keys),
            scores: keys.iter().map(|k| k[0] as i64).collect(),
        })
    }

    /// A stable hash of the whole state, RNG included.
    pub fn hash(&self) -> StateHash {
        let mut h = StateHasher::new();
        h.u8(self.width).u8(self.height).u8(self.players);
        for i in 0..self.cell_count() {
            h.u16(self.cells[i].0);
        }
        for p in 0..self.players() {
            for k in 0..4 {
                h.u16(self.leaders[p][k])
                    .u8(self.hands[p][k])
                    .u16(self.scores[p][k])
                    .u16(self.swapped[p][k]);
            }
            h.u8(self.artifacts_held[p]).u8(self.bombers[p]);
        }
        for k in 0..4 {
            h.u16(self.removed[k]).u16(self.pool[k]);
        }
        h.u8(self.artifacts_lost)
            .u8(self.active)
            .u8(self.orders_left)
            .u32(self.turn)
            .u8(self.open_scores as u8);
        match self.phase {
            Phase::Order => {
                h.u8(0);
            }
            Phase::Conflict(c) => hash_conflict(h.u8(1), &c),
            Phase::ChooseConflict { cell, pending } => {
                h.u8(2).u16(cell).u8(pending);
            }
            Phase::ChooseArtifact { seat, merchant } => {
                h.u8(3).u8(seat).u16(merchant);
            }
            Phase::SwapDraw { count } => {
                h.u8(4).u8(count);
            }
            Phase::Refill => {
                h.u8(5);
            }
            Phase::Over(r) => {
                h.u8(6).u8(r as u8);
            }
            Phase::Submit => {
                h.u8(7);
            }
            Phase::Execute { step } => {
                h.u8(8).u8(step);
            }
            Phase::Combat(c) => hash_conflict(h.u8(9), &c),
        }
        if let Some(sim) = &self.sim {
            sim.hash_into(&mut h);
        }
        let [a, b] = self.rng.fingerprint();
        h.u64(a).u64(b);
        h.finish()
    }
}

/// Every field of a conflict, into a state hash.
fn hash_conflict(h: &mut StateHasher, c: &crate::state::Conflict) {
    h.u8(c.external as u8)
        .u8(c.kind as u8)
        .u8(c.attacker)
        .u8(c.defender)
        .u16(c.attacker_base)
        .u16(c.defender_base)
        .u8(c.attacker_commit)
        .u8(c.defender_commit)
        .u8(c.defender_to_commit as u8)
        .u16(c.cell)
        .u8(c.pending);
}

impl Game for StarTigris {
    type Action = Action;
    type Error = RuleError;
    type View = View;

    fn seats(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> ToMove {
        self.whose_move()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.apply_logged(seat, action, &mut ())
    }

    fn apply_chance(&mut self) -> Result<(), RuleError> {
        self.chance_logged(&mut ())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    /// What a watcher sees: the view from no seat (every hand, secret
    /// choice and hidden score of every seat removed).
    fn public_view(&self) -> Option<View> {
        Some(self.player_view(tabula_engine::seat::NO_SEAT))
    }

    fn player_view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn state_hash(&self) -> StateHash {
        self.hash()
    }

    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        self.sample_action(seat, rng)
    }
}

impl Ruleset for StarTigris {
    const NAME: &'static str = "star-tigris";
    type Options = Options;

    fn seat_range() -> RangeInclusive<usize> {
        2..=MAX_PLAYERS
    }

    fn default_map() -> Option<&'static str> {
        Some(DEFAULT_MAP)
    }

    fn new_game(
        options: &Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Result<Self, Problems> {
        StarTigris::new(options, map.unwrap_or(DEFAULT_MAP), seats, seed)
    }
}
