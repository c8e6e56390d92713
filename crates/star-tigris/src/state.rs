//! The Star Tigris game state: board cells, hands, leaders, scores, pool and
//! the phase of the turn. Everything is in fixed-size arrays, so cloning a
//! state never allocates.

use serde::{Deserialize, Serialize};
use tabula_engine::GameRng;

use crate::Pos;
use crate::kind::{Counts, Kind};
use crate::regions::Regions;
use crate::rows::CellSets;

/// Most cells a board may have (32 × 32).
pub const MAX_CELLS: usize = 1024;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Colonists in a full hand.
pub const HAND_SIZE: u8 = 6;
/// Bombers each player starts with.
pub const BOMBERS: u8 = 2;
/// A cell index meaning "nowhere" (a leader in its owner's supply).
pub const NOWHERE: u16 = u16::MAX;

/// One board cell, packed in 16 bits.
///
/// Bits 0–1: kind; 2–3: leader owner; 4–5: content (0 empty, 1 colony,
/// 2 leader); 6: artifact; 7: destroyed; 8: uninhabitable; 9: held (a
/// colony of the simultaneous variant waiting for its conflicts, in no
/// region).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell(pub u16);

const CONTENT_SHIFT: u16 = 4;
const ARTIFACT: u16 = 1 << 6;
const DESTROYED: u16 = 1 << 7;
const UNINHABITABLE: u16 = 1 << 8;
const HELD: u16 = 1 << 9;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Nothing.
    Empty,
    /// A colony of a kind.
    Colony(Kind),
    /// A leader of a kind, owned by a player.
    Leader(u8, Kind),
}

impl Cell {
    /// An empty cell, uninhabitable or not.
    pub fn terrain(uninhabitable: bool) -> Cell {
        Cell(if uninhabitable { UNINHABITABLE } else { 0 })
    }
    /// What stands on the cell.
    pub fn content(self) -> Content {
        let kind = Kind::from_index((self.0 & 3) as usize);
        match (self.0 >> CONTENT_SHIFT) & 3 {
            1 => Content::Colony(kind),
            2 => Content::Leader(((self.0 >> 2) & 3) as u8, kind),
            _ => Content::Empty,
        }
    }
    /// The cell with new content (terrain, artifact and destroyed bits kept).
    pub fn with(self, content: Content) -> Cell {
        let keep = self.0 & (ARTIFACT | DESTROYED | UNINHABITABLE);
        Cell(
            keep | match content {
                Content::Empty => 0,
                Content::Colony(k) => (1 << CONTENT_SHIFT) | k as u16,
                Content::Leader(p, k) => (2 << CONTENT_SHIFT) | ((p as u16 & 3) << 2) | k as u16,
            },
        )
    }
    /// Whether nothing stands on the cell.
    pub fn is_empty(self) -> bool {
        (self.0 >> CONTENT_SHIFT) & 3 == 0
    }
    /// Whether a colony or leader stands on the cell.
    pub fn is_occupied(self) -> bool {
        !self.is_empty()
    }
    /// The colony's kind, if a colony stands here.
    pub fn colony(self) -> Option<Kind> {
        match self.content() {
            Content::Colony(k) => Some(k),
            _ => None,
        }
    }
    /// Whether a scientist colony stands here (a held colony does not
    /// count until its conflicts are settled).
    pub fn is_scientist(self) -> bool {
        // A colony (content 1) of kind scientist, not held: one mask.
        const MASK: u16 = (3 << CONTENT_SHIFT) | 3 | HELD;
        self.0 & MASK == (1 << CONTENT_SHIFT) | Kind::Scientist as u16
    }
    /// Whether the cell is neither destroyed nor occupied.
    pub fn is_free(self) -> bool {
        self.0 & ((3 << CONTENT_SHIFT) | DESTROYED) == 0
    }
    /// Whether the piece here belongs to a region: occupied and not held.
    pub fn in_region(self) -> bool {
        self.is_occupied() && !self.is_held()
    }
    /// Whether the colony here waits for the conflicts it started
    /// (simultaneous variant): the cell is taken but in no region.
    pub fn is_held(self) -> bool {
        self.0 & HELD != 0
    }
    /// The cell with the held flag set or cleared.
    pub fn with_held(self, on: bool) -> Cell {
        Cell(if on { self.0 | HELD } else { self.0 & !HELD })
    }
    /// Whether the cell holds an alien artifact.
    pub fn has_artifact(self) -> bool {
        self.0 & ARTIFACT != 0
    }
    /// The cell with the artifact flag set or cleared.
    pub fn with_artifact(self, on: bool) -> Cell {
        Cell(if on {
            self.0 | ARTIFACT
        } else {
            self.0 & !ARTIFACT
        })
    }
    /// Whether the cell was destroyed by a bomber.
    pub fn is_destroyed(self) -> bool {
        self.0 & DESTROYED != 0
    }
    /// The cell destroyed: content and artifact gone, the terrain kept.
    pub fn destroyed(self) -> Cell {
        Cell((self.0 & UNINHABITABLE) | DESTROYED)
    }
    /// Whether only mining robots may settle here.
    pub fn is_uninhabitable(self) -> bool {
        self.0 & UNINHABITABLE != 0
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Two or fewer artifacts were left on the board at the end of a turn.
    ArtifactsGone,
    /// The pool could not refill a hand to six.
    PoolExhausted,
}

/// An internal or external conflict being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// External (two regions joined by a colony) or internal (a leader placed).
    pub external: bool,
    /// The leaders' kind.
    pub kind: Kind,
    /// The attacking player.
    pub attacker: u8,
    /// The defending player.
    pub defender: u8,
    /// The attacker's base strength.
    pub attacker_base: u16,
    /// The defender's base strength.
    pub defender_base: u16,
    /// Colonists the attacker committed.
    pub attacker_commit: u8,
    /// Colonists the defender committed.
    pub defender_commit: u8,
    /// Whether the defender is now to commit (else the attacker).
    pub defender_to_commit: bool,
    /// External: the joining colony's cell. Internal: the placed leader's cell.
    pub cell: u16,
    /// External: kinds of conflicts still to fight after this one (bit mask).
    pub pending: u8,
}

impl Conflict {
    /// The kind of colonist committed as reinforcement: scientists in an
    /// internal conflict, the leaders' kind in an external one.
    pub fn commit_kind(&self) -> Kind {
        if self.external {
            self.kind
        } else {
            Kind::Scientist
        }
    }
    /// The seat that must commit now.
    pub fn committing_seat(&self) -> u8 {
        if self.defender_to_commit {
            self.defender
        } else {
            self.attacker
        }
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The active player gives an order.
    Order,
    /// A conflict waits for reinforcements.
    Conflict(Conflict),
    /// The active player chooses which external conflict to fight next.
    ChooseConflict {
        /// The joining colony's cell.
        cell: u16,
        /// The kinds in conflict (bit mask).
        pending: u8,
    },
    /// A merchant leader's owner chooses an artifact to take.
    ChooseArtifact {
        /// The seat choosing.
        seat: u8,
        /// The merchant leader's cell (its region holds the artifacts).
        merchant: u16,
    },
    /// Chance: the active player draws `count` colonists after a swap.
    SwapDraw {
        /// How many to draw.
        count: u8,
    },
    /// Chance: hands are refilled at the end of the turn.
    Refill,
    /// Simultaneous variant: every seat secretly gives up to two orders.
    Submit,
    /// Simultaneous variant, chance: the sealed orders are carried out one
    /// at a time in the turn's order; `step` is the next order's slot
    /// (two slots a seat, seats in execution order).
    Execute {
        /// The next slot to carry out.
        step: u8,
    },
    /// Simultaneous variant: a combat turn. The two sides commit
    /// reinforcements secretly and at once; the commitments are kept
    /// apart (see [`crate::simultaneous::Sim`]) until both are in.
    Combat(Conflict),
    /// The game is over.
    Over(EndReason),
}

impl Phase {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Phase::Over(_))
    }
}

/// A Star Tigris game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarTigris {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) players: u8,
    pub(crate) cells: [Cell; MAX_CELLS],
    /// Cell of each player's leader of each kind, or [`NOWHERE`].
    pub(crate) leaders: [[u16; 4]; MAX_PLAYERS],
    pub(crate) hands: [Counts; MAX_PLAYERS],
    pub(crate) scores: [[u16; 4]; MAX_PLAYERS],
    pub(crate) artifacts_held: [u8; MAX_PLAYERS],
    pub(crate) bombers: [u8; MAX_PLAYERS],
    /// Colonists each player swapped away, face down.
    pub(crate) swapped: [[u16; 4]; MAX_PLAYERS],
    /// Colonists that left the game face up: spent reinforcements, colonies
    /// removed by conflicts or destroyed by bombers.
    pub(crate) removed: [u16; 4],
    pub(crate) pool: [u16; 4],
    /// Artifacts destroyed by bombers.
    pub(crate) artifacts_lost: u8,
    pub(crate) active: u8,
    pub(crate) orders_left: u8,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) open_scores: bool,
    pub(crate) rng: GameRng,
    /// The regions, kept up to date with the cells.
    pub(crate) regions: Regions,
    /// The cells as sets of rows, kept up to date with the cells.
    pub(crate) sets: CellSets,
    /// The simultaneous variant's turn: `None` in the sequential game.
    pub(crate) sim: Option<crate::simultaneous::Sim>,
}

impl StarTigris {
    /// Board width in cells.
    pub fn width(&self) -> usize {
        self.width as usize
    }
    /// Board height in cells.
    pub fn height(&self) -> usize {
        self.height as usize
    }
    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.width() * self.height()
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// The cell at an index.
    pub fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }
    /// The board's cells, row by row.
    pub fn cells_slice(&self) -> &[Cell] {
        &self.cells[..self.cell_count()]
    }
    /// The current regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }
    /// Put a colony or leader on the empty cell `i`, keeping regions up to date.
    pub(crate) fn occupy(&mut self, i: usize, content: Content) {
        self.put_cell(i, self.cells[i].with(content));
        let (w, h) = (self.width(), self.height());
        self.regions.add(&self.cells, w, h, i);
    }
    /// Cell `i` becomes `cell`, the sets of cells kept up to date (the
    /// regions are the caller's: see [`StarTigris::occupy`]).
    pub(crate) fn put_cell(&mut self, i: usize, cell: Cell) {
        self.cells[i] = cell;
        self.sets.put(i, self.width(), cell);
    }
    /// Empty cell `i` (or destroy it), keeping regions up to date.
    pub(crate) fn vacate(&mut self, i: usize, destroy: bool) {
        let was = self.cells[i];
        let cell = if destroy {
            was.destroyed()
        } else {
            was.with(Content::Empty)
        };
        self.put_cell(i, cell);
        let (w, h) = (self.width(), self.height());
        // Most often the region holds together without the cell, as the
        // cells around it show: only the cell, its artifact and its
        // leader leave (and, when the cell was the region's first, the
        // label passes to the next). Otherwise the region is labelled
        // again.
        let old = self.regions.of(i);
        let apart = self.sets.region.apart(i / w, h, 2) >> (i % w) & 1 != 0;
        match old {
            Some(old) if !apart => {
                let kind_gone = match was.content() {
                    Content::Leader(_, k) => {
                        let another = (0..self.players()).any(|q| {
                            let at = self.leaders[q][k.index()];
                            at != NOWHERE
                                && at as usize != i
                                && self.regions.of(at as usize) == Some(old)
                        });
                        (!another).then_some(k)
                    }
                    _ => None,
                };
                let n = self.cell_count();
                self.regions
                    .forget_cell(i, old, was.has_artifact(), kind_gone, n);
            }
            _ => self.regions.remove(&self.cells, w, h, i, &self.sets.region),
        }
    }
    /// Relabel every region from scratch.
    pub(crate) fn relabel_all(&mut self) {
        let (w, h) = (self.width(), self.height());
        self.regions.relabel(&self.cells, w, h, None);
        self.sets = CellSets::of(&self.cells, w, h);
    }
    /// The cell index of a position, if it is on the board.
    pub fn index(&self, p: Pos) -> Option<usize> {
        ((p.row as usize) < self.height() && (p.col as usize) < self.width())
            .then(|| p.row as usize * self.width() + p.col as usize)
    }
    /// The position of a cell index.
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new((i / self.width()) as u8, (i % self.width()) as u8)
    }
    /// The cell at a position (which must be on the board).
    pub fn at(&self, p: Pos) -> Cell {
        self.cells[self.index(p).expect("position on the board")]
    }
    /// Calls `f` for each orthogonal neighbour of cell `i`.
    #[inline(always)]
    pub fn for_neighbours(&self, i: usize, mut f: impl FnMut(usize)) {
        let w = self.width();
        let (r, c) = (i / w, i % w);
        if r > 0 {
            f(i - w);
        }
        if r + 1 < self.height() {
            f(i + w);
        }
        if c > 0 {
            f(i - 1);
        }
        if c + 1 < w {
            f(i + 1);
        }
    }
    /// Whether any orthogonal neighbour of `i` is a scientist colony.
    pub fn next_to_scientist(&self, i: usize) -> bool {
        let w = self.width();
        self.sets.scientist.next_to(i / w, self.height()) >> (i % w) & 1 != 0
    }
    /// The player whose turn it is.
    pub fn active(&self) -> u8 {
        self.active
    }
    /// Orders the active player has left this turn (2, 1 or 0 while the
    /// last order is being resolved).
    pub fn orders_left(&self) -> u8 {
        self.orders_left
    }
    /// The turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// A player's hand.
    pub fn hand(&self, p: u8) -> Counts {
        self.hands[p as usize]
    }
    /// A player's points of each kind (artifacts not included).
    pub fn score(&self, p: u8) -> [u16; 4] {
        self.scores[p as usize]
    }
    /// Artifacts a player has harvested.
    pub fn artifacts_held(&self, p: u8) -> u8 {
        self.artifacts_held[p as usize]
    }
    /// Bombers a player has left.
    pub fn bombers(&self, p: u8) -> u8 {
        self.bombers[p as usize]
    }
    /// Where a player's leader of a kind stands, if on the board.
    pub fn leader(&self, p: u8, k: Kind) -> Option<usize> {
        let c = self.leaders[p as usize][k.index()];
        (c != NOWHERE).then_some(c as usize)
    }
    /// Colonists in the pool, by kind.
    pub fn pool(&self) -> [u16; 4] {
        self.pool
    }
    /// Colonists in the pool.
    pub fn pool_size(&self) -> u32 {
        self.pool.iter().map(|&x| x as u32).sum()
    }
    /// Colonists a player swapped away (face down).
    pub fn swapped(&self, p: u8) -> [u16; 4] {
        self.swapped[p as usize]
    }
    /// Colonists that left the game face up.
    pub fn removed(&self) -> [u16; 4] {
        self.removed
    }
    /// Artifacts still on the board.
    pub fn artifacts_on_board(&self) -> usize {
        self.regions.artifacts_total()
    }
    /// Artifacts destroyed by bombers.
    pub fn artifacts_lost(&self) -> u8 {
        self.artifacts_lost
    }
    /// Whether scores are shown to every seat.
    pub fn open_scores(&self) -> bool {
        self.open_scores
    }
    /// Colonies on the board, by kind.
    pub fn colonies_on_board(&self) -> [u32; 4] {
        let mut out = [0; 4];
        for i in 0..self.cell_count() {
            if let Some(k) = self.cells[i].colony() {
                out[k.index()] += 1;
            }
        }
        out
    }
    /// Colonists committed to the conflict being fought, by kind.
    pub fn committed(&self) -> [u32; 4] {
        let mut out = [0; 4];
        if let Phase::Conflict(c) = self.phase {
            out[c.commit_kind().index()] += (c.attacker_commit + c.defender_commit) as u32;
        }
        out
    }

    /// Draw one colonist from the pool at random (weighted by count).
    pub(crate) fn draw_one(&mut self) -> Option<Kind> {
        let total = self.pool_size();
        (total > 0).then(|| self.draw_of(total))
    }

    /// Draw one colonist from the pool, which holds `total` (at least one).
    fn draw_of(&mut self, total: u32) -> Kind {
        let mut x = self.rng.below(total as u64) as u16;
        for k in Kind::ALL {
            let n = self.pool[k.index()];
            if x < n {
                self.pool[k.index()] -= 1;
                return k;
            }
            x -= n;
        }
        unreachable!("a draw below the pool's total falls on one of its kinds")
    }

    /// Draw colonists for `p` until the hand holds six or the pool is empty.
    /// Returns whether the hand is full.
    pub(crate) fn refill_hand(&mut self, p: u8) -> bool {
        let p = p as usize;
        let mut have = crate::kind::total(&self.hands[p]);
        let mut pool = self.pool_size();
        while have < HAND_SIZE as u32 {
            if pool == 0 {
                return false;
            }
            let k = self.draw_of(pool);
            self.hands[p][k.index()] += 1;
            have += 1;
            pool -= 1;
        }
        true
    }
}
