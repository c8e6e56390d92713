//! What happened while an action was applied, for logs, lessons and tests.

use serde::Serialize;

use crate::Pos;
use crate::action::Action;
use crate::error::RuleError;
use crate::kind::Kind;
use crate::simultaneous::Queued;
use crate::state::{Conflict, EndReason};

/// Why a player scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    /// The player's leader of the colony's kind rules its region.
    Leader,
    /// No leader of the colony's kind: the player's settler leader collects.
    SettlerFallback,
    /// The player won an internal conflict.
    InternalWin,
    /// The player won an external conflict (colonies removed plus the leader).
    ExternalWin,
}

/// Why a leader went back to its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnReason {
    /// It lost a conflict.
    LostConflict,
    /// No scientist colony is next to it any more.
    NoScientist,
    /// Its cell was destroyed.
    Destroyed,
}

/// One consequence of an action.
///
/// Fields mean the same in every variant: `seat` is the player concerned
/// (from 0), `kind` a colonist or leader kind, `at`/`from`/`to` cells,
/// `points` the points scored, `reason` why it happened.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A colony was founded.
    Colonized { seat: u8, kind: Kind, at: Pos },
    /// A player scored points of a kind.
    Scored {
        seat: u8,
        kind: Kind,
        points: u16,
        reason: ScoreReason,
        at: Option<Pos>,
    },
    /// A colony scored for nobody (no matching or settler leader).
    NobodyScored { kind: Kind, at: Pos },
    /// A leader was placed from the supply.
    LeaderPlaced { seat: u8, kind: Kind, at: Pos },
    /// A leader moved.
    LeaderMoved {
        seat: u8,
        kind: Kind,
        from: Pos,
        to: Pos,
    },
    /// A leader was withdrawn by its owner.
    LeaderWithdrawn { seat: u8, kind: Kind, from: Pos },
    /// A leader was sent back to its owner.
    LeaderReturned {
        seat: u8,
        kind: Kind,
        from: Pos,
        reason: ReturnReason,
    },
    /// A bomber destroyed a cell.
    Destroyed {
        seat: u8,
        at: Pos,
        colony: Option<Kind>,
        artifact: bool,
    },
    /// A player swapped colonists.
    Swapped { seat: u8, count: u8 },
    /// A player passed an order.
    Passed { seat: u8 },
    /// A conflict began.
    ConflictStarted { conflict: Conflict },
    /// A side committed reinforcements.
    Committed { seat: u8, kind: Kind, count: u8 },
    /// A conflict was decided.
    ConflictResolved {
        external: bool,
        kind: Kind,
        winner: u8,
        loser: u8,
        attacker_strength: u16,
        defender_strength: u16,
        colonies_removed: u16,
    },
    /// A colony was removed by an external conflict.
    ColonyRemoved { kind: Kind, at: Pos },
    /// A player took an alien artifact.
    ArtifactTaken { seat: u8, at: Pos },
    /// A player drew colonists from the pool.
    Drew { seat: u8, count: u8 },
    /// A turn ended.
    TurnEnded { seat: u8 },
    /// The game ended.
    GameOver { reason: EndReason },
    /// Simultaneous variant: a normal turn begins; the orders will be
    /// carried out seat by seat in this order.
    TurnOrder { order: Vec<u8> },
    /// Simultaneous variant: a seat sealed its orders (how many is secret).
    Sealed { seat: u8 },
    /// Simultaneous variant: every seat sealed; a seat's orders are shown.
    OrdersRevealed { seat: u8, orders: Vec<Action> },
    /// Simultaneous variant: a sealed order passed its second check and is
    /// carried out.
    OrderCarriedOut { seat: u8, order: Action },
    /// Simultaneous variant: a sealed order became illegal before its turn
    /// came (an earlier order changed the board) and is skipped.
    OrderSkipped {
        seat: u8,
        order: Action,
        reason: RuleError,
    },
    /// Simultaneous variant: a conflict was found and waits for a combat turn.
    ConflictQueued { queued: Queued, at: Pos },
    /// Simultaneous variant: a queued conflict no longer exists when its
    /// combat turn comes, and is dropped.
    ConflictDropped { queued: Queued, at: Pos },
    /// Simultaneous variant: a side of the combat committed (how many is
    /// secret until both have).
    CommitSealed { seat: u8 },
    /// Simultaneous variant: every sealed order of a normal turn has been
    /// carried out or skipped (the turn ends for everyone).
    ResolutionEnded,
    /// Simultaneous variant: a colony that waited for its conflicts joins
    /// its regions.
    ColonyJoined { kind: Kind, at: Pos },
}

/// Receives events as they happen.
pub trait EventSink {
    /// Record one event.
    fn event(&mut self, e: Event);
}

/// Ignores events (the fast path).
impl EventSink for () {
    #[inline]
    fn event(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    fn event(&mut self, e: Event) {
        self.push(e);
    }
}
