//! What one seat may see: its own hand, everyone's public pieces, hidden
//! scores only for itself (unless the game has open scores); never the
//! pool's contents, other hands, other seats' face-down swaps or the RNG.
//!
//! A view holds everything a seat with a perfect memory knows, so a full
//! state consistent with it can be rebuilt (see [`crate::determinize`]):
//! the seat's own swaps by kind, the colonists in the game by kind (the
//! starting pool is a public option) and the artifacts destroyed.

use serde::{Deserialize, Serialize};

use crate::Pos;
use crate::action::Action;
use crate::game::TurnOrder;
use crate::kind::{Counts, Kind, total};
use crate::simultaneous::{Queued, Sim};
use crate::state::{Content, EndReason, Phase, StarTigris};

/// One cell as every seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// Only mining robots may settle it.
    pub uninhabitable: bool,
    /// Destroyed by a bomber.
    pub destroyed: bool,
    /// Holds an alien artifact.
    pub artifact: bool,
    /// The colony's kind, if any.
    pub colony: Option<Kind>,
    /// The leader standing here, as (owner, kind), if any.
    pub leader: Option<(u8, Kind)>,
    /// Simultaneous variant: the colony here waits for the conflicts it
    /// started and belongs to no region yet.
    #[serde(default)]
    pub held: bool,
}

/// The simultaneous variant's turn as one seat sees it: the order of
/// execution, who has sealed, the seat's own orders (everyone's once all
/// have sealed), the queued conflicts and the combat's commitments as far
/// as they are public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimView {
    /// How the order of execution is chosen.
    pub mode: TurnOrder,
    /// Normal turns completed (the rotation).
    pub normal_turns: u32,
    /// This turn's order of execution.
    pub order: Vec<u8>,
    /// Whether each seat has sealed its orders.
    pub sealed: Vec<bool>,
    /// Each seat's orders this turn: the viewing seat's own always,
    /// everyone's once every seat has sealed, else `None`.
    pub orders: Vec<Option<Vec<Action>>>,
    /// Execution slots skipped (bit per slot: two a seat, seats in
    /// execution order).
    pub skipped: u8,
    /// Conflicts waiting for combat turns, first to be fought first.
    pub queue: Vec<Queued>,
    /// The queued conflict the combat turn fights.
    pub fighting: Queued,
    /// Whether the combat's attacker and defender have committed.
    pub committed: [bool; 2],
    /// The viewing seat's own commitment in the combat, once made.
    pub own_commit: Option<u8>,
}

impl SimView {
    /// Whether every seat has sealed, so that all orders are shown.
    pub fn revealed(&self) -> bool {
        self.sealed.iter().all(|&s| s)
    }
}

/// One player as a given seat sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The hand, only for the viewing seat.
    pub hand: Option<Counts>,
    /// How many colonists are in the hand.
    pub hand_size: u8,
    /// Where each leader stands (by kind index), if on the board.
    pub leaders: [Option<Pos>; 4],
    /// Bombers left.
    pub bombers: u8,
    /// Artifacts harvested (taken in public).
    pub artifacts: u8,
    /// Points by kind: the viewing seat's own, everyone's with open scores
    /// or once the game is over.
    pub score: Option<[u16; 4]>,
    /// Colonists swapped away face down (count only).
    pub swapped: u16,
    /// The colonists swapped away, by kind: only for the viewing seat, who
    /// chose them.
    pub swapped_kinds: Option<[u16; 4]>,
}

/// The state as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The viewing seat.
    pub seat: u8,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Cells, row by row from the top.
    pub cells: Vec<CellView>,
    /// Players in seat order.
    pub players: Vec<PlayerView>,
    /// Colonists left in the pool (count only).
    pub pool_size: u32,
    /// Colonists that left the game face up, by kind.
    pub removed: [u16; 4],
    /// Every colonist in the game, by kind: the starting pool (a public
    /// option) plus the map's artifact colonies. Constant over a game.
    pub colonists: [u32; 4],
    /// Artifacts destroyed by bombers.
    pub artifacts_lost: u8,
    /// The player whose turn it is.
    pub active: u8,
    /// Orders left this turn.
    pub orders_left: u8,
    /// Turn number.
    pub turn: u32,
    /// The phase (conflicts are public).
    pub phase: Phase,
    /// Whether scores are open.
    pub open_scores: bool,
    /// Why the game ended, once over.
    pub over: Option<EndReason>,
    /// The simultaneous variant's turn (`None` in the sequential game).
    #[serde(default)]
    pub sim: Option<SimView>,
}

impl View {
    /// The view of `g` from `seat`.
    pub fn of(g: &StarTigris, seat: u8) -> View {
        let over = match g.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        };
        let cells = (0..g.cell_count())
            .map(|i| {
                let c = g.cell(i);
                CellView {
                    uninhabitable: c.is_uninhabitable(),
                    destroyed: c.is_destroyed(),
                    artifact: c.has_artifact(),
                    colony: c.colony(),
                    leader: match c.content() {
                        Content::Leader(p, k) => Some((p, k)),
                        _ => None,
                    },
                    held: c.is_held(),
                }
            })
            .collect();
        let players = (0..g.players)
            .map(|p| {
                let mine = p == seat;
                PlayerView {
                    hand: mine.then(|| g.hand(p)),
                    hand_size: total(&g.hand(p)) as u8,
                    leaders: Kind::ALL.map(|k| g.leader(p, k).map(|i| g.pos(i))),
                    bombers: g.bombers(p),
                    artifacts: g.artifacts_held(p),
                    score: (mine || g.open_scores || over.is_some()).then(|| g.score(p)),
                    swapped: g.swapped(p).iter().sum(),
                    swapped_kinds: mine.then(|| g.swapped(p)),
                }
            })
            .collect();
        View {
            seat,
            width: g.width,
            height: g.height,
            cells,
            players,
            pool_size: g.pool_size(),
            removed: g.removed(),
            colonists: g.colonists_accounted(),
            artifacts_lost: g.artifacts_lost(),
            active: g.active,
            orders_left: g.orders_left,
            turn: g.turn,
            phase: g.phase,
            open_scores: g.open_scores,
            over,
            sim: g.simultaneous().map(|sim| SimView::of(g, sim, seat)),
        }
    }
}

impl SimView {
    fn of(g: &StarTigris, sim: &Sim, seat: u8) -> SimView {
        let n = g.players();
        let sealed: Vec<bool> = (0..n as u8).map(|p| sim.has_sealed(p)).collect();
        let revealed = sealed.iter().all(|&s| s);
        let combat = match g.phase() {
            Phase::Combat(c) => Some(c),
            _ => None,
        };
        SimView {
            mode: sim.mode(),
            normal_turns: sim.normal_turns(),
            order: sim.order(n).to_vec(),
            orders: (0..n as u8)
                .map(|p| (revealed || p == seat).then(|| sim.orders_of(p).collect()))
                .collect(),
            sealed,
            skipped: sim.skipped,
            queue: sim.queue().to_vec(),
            fighting: sim.fighting(),
            committed: [sim.commit(0).is_some(), sim.commit(1).is_some()],
            own_commit: combat.and_then(|c| {
                if c.attacker == seat {
                    sim.commit(0)
                } else if c.defender == seat {
                    sim.commit(1)
                } else {
                    None
                }
            }),
        }
    }
}
