//! Why an action was refused.

use thiserror::Error;

use crate::Pos;
use crate::kind::Kind;

/// Why an action is illegal. The state is unchanged whenever one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event is due, not a seat's action.
    #[error("a draw is due; no seat may act until it is made")]
    ChancePending,
    /// No chance event is due.
    #[error("no draw is due")]
    NoChance,
    /// It is not this seat's decision.
    #[error("it is not seat {seat}'s move (seat {to_move} must act)")]
    NotYourMove {
        /// The seat that tried.
        seat: u8,
        /// The seat that must act.
        to_move: u8,
    },
    /// The action does not fit the phase of the turn.
    #[error("{action} is not possible now: {expected}")]
    WrongPhase {
        /// The action tried.
        action: Attempt,
        /// What is expected instead.
        expected: Awaited,
    },
    /// The cell is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Pos),
    /// The colonist is not in the hand.
    #[error("there is no {0} in the hand")]
    NotInHand(Kind),
    /// The cell holds a colony or a leader.
    #[error("{0} is already occupied")]
    Occupied(Pos),
    /// The cell was destroyed.
    #[error("{0} was destroyed")]
    Destroyed(Pos),
    /// Only mining robots settle uninhabitable cells.
    #[error("{0} is uninhabitable: only mining robots may settle it")]
    Uninhabitable(Pos),
    /// Mining robots settle only uninhabitable cells.
    #[error("mining robots settle only uninhabitable cells, and {0} is habitable")]
    MiningNeedsUninhabitable(Pos),
    /// A colony may join at most two regions holding leaders.
    #[error("a colony at {0} would join {1} regions that hold leaders (at most 2)")]
    JoinsTooMany(Pos, usize),
    /// A leader may not join two regions.
    #[error("a leader at {0} would join {1} regions (a leader may not join regions)")]
    LeaderJoins(Pos, usize),
    /// A leader stands only next to a scientist colony.
    #[error("{0} has no scientist colony next to it")]
    NoScientist(Pos),
    /// The leader is already on the board (move it instead).
    #[error("the {0} leader is already on the board")]
    LeaderOnBoard(Kind),
    /// The leader is in the supply (place it instead).
    #[error("the {0} leader is not on the board")]
    LeaderOffBoard(Kind),
    /// A move must go somewhere else.
    #[error("the {0} leader already stands on {1}")]
    SameCell(Kind, Pos),
    /// No bombers left.
    #[error("no bombers left")]
    NoBombers,
    /// A swap must name at least one colonist.
    #[error("a swap must name at least one colonist")]
    EmptySwap,
    /// The swap names colonists not in the hand.
    #[error("the hand holds {have} {kind} colonist(s), not {asked}")]
    SwapTooMany {
        /// The kind.
        kind: Kind,
        /// In hand.
        have: u8,
        /// Asked to swap.
        asked: u8,
    },
    /// The pool cannot replace the swapped colonists.
    #[error("the pool holds {pool} colonists, too few to replace {asked}")]
    PoolTooSmall {
        /// In the pool.
        pool: u32,
        /// To replace.
        asked: u32,
    },
    /// More reinforcements than the hand holds.
    #[error("the hand holds {have} {kind} colonist(s); cannot commit {asked}")]
    CommitTooMany {
        /// The kind to commit.
        kind: Kind,
        /// In hand.
        have: u8,
        /// Asked.
        asked: u8,
    },
    /// No pending external conflict of this kind.
    #[error("there is no pending {0} conflict")]
    NoSuchConflict(Kind),
    /// Not an artifact the merchant may take.
    #[error("{0} holds no artifact in the merchant leader's region")]
    NotTakeable(Pos),
    /// Simultaneous variant: the seat has nothing to decide now (its
    /// orders are sealed, or it is not a side of the combat).
    #[error("seat {0} has nothing to decide now")]
    NotDeciding(u8),
    /// Simultaneous variant: the seat already gave two orders this turn.
    #[error("two orders are given already; seal them")]
    TwoOrdersGiven,
    /// Simultaneous variant: one order per leader a turn.
    #[error("the {0} leader already has an order this turn")]
    LeaderOrdered(Kind),
    /// Simultaneous variant: one order per system a turn.
    #[error("{0} already has one of this player's orders this turn")]
    SystemOrdered(Pos),
}

/// What was tried when the phase of the turn did not allow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Attempt {
    /// An order (colonize, a leader, a bomber, swap, pass).
    #[error("an order")]
    Order,
    /// Committing reinforcements.
    #[error("commit")]
    Commit,
    /// Choosing which conflict is fought next.
    #[error("choosing a conflict")]
    ChooseConflict,
    /// Taking an artifact.
    #[error("taking an artifact")]
    TakeArtifact,
}

/// What the phase of the turn waits for instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Awaited {
    /// Reinforcements for the conflict being fought.
    #[error("commit reinforcements to the conflict")]
    Commit,
    /// The choice of the next conflict.
    #[error("choose which conflict to fight next")]
    ChooseConflict,
    /// The choice of an artifact.
    #[error("choose an artifact to take")]
    ChooseArtifact,
    /// Nothing to commit to: no conflict is fought.
    #[error("no conflict is being fought")]
    NoConflict,
    /// Nothing to choose: no conflicts wait.
    #[error("no conflicts wait to be ordered")]
    NoConflictWaiting,
    /// No artifact may be taken.
    #[error("no artifact may be taken now")]
    NoArtifact,
    /// Orders (simultaneous variant: the players give their orders).
    #[error("the players give their orders")]
    Orders,
}
