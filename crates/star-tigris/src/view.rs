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
use crate::kind::{Counts, Kind, total};
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
        }
    }
}
