//! A Star Tigris state as JSON for people and scripts: the board in the
//! setup format's tokens, each player's hand, scores, artifacts, bombers
//! and leaders, the pool, and the events of the last actions.

use serde::Serialize;
use tabula_engine::{Game, Outcome, StateHash, ToMove};
use tabula_star_tigris::state::Phase;
use tabula_star_tigris::{Event, Kind, Pos, StarTigris};

/// A value for each of the four kinds, written as a JSON object.
#[derive(Serialize)]
pub struct ByKind<T> {
    /// Settlers.
    pub settler: T,
    /// Scientists.
    pub scientist: T,
    /// Merchants.
    pub merchant: T,
    /// Mining robots.
    pub mining: T,
}

impl<T: Copy> ByKind<T> {
    /// From values indexed by [`Kind::index`].
    pub fn from_array(v: [T; 4]) -> Self {
        ByKind {
            settler: v[Kind::Settler.index()],
            scientist: v[Kind::Scientist.index()],
            merchant: v[Kind::Merchant.index()],
            mining: v[Kind::Mining.index()],
        }
    }
}

/// One player, everything shown (hand and scores included).
#[derive(Serialize)]
pub struct PlayerJson {
    /// Colonists in the hand.
    pub hand: ByKind<u8>,
    /// Points of each kind, artifacts not included.
    pub score: ByKind<u16>,
    /// Artifacts harvested.
    pub artifacts: u8,
    /// Bombers left.
    pub bombers: u8,
    /// Where each leader stands, or null when it is in the supply.
    pub leaders: ByKind<Option<Pos>>,
}

/// The whole state, as `tabula apply` prints it. Seats count from 0.
#[derive(Serialize)]
pub struct StateJson<'a> {
    /// Who must act next.
    pub to_move: ToMove,
    /// The phase of the turn.
    pub phase: Phase,
    /// The seat whose turn it is.
    pub active: u8,
    /// Orders the active seat has left this turn.
    pub orders_left: u8,
    /// The turn number, from 1.
    pub turn: u32,
    /// The state hash.
    pub hash: StateHash,
    /// The board, one row per string, in the setup format's tokens.
    pub board: Vec<String>,
    /// Every player.
    pub players: Vec<PlayerJson>,
    /// Colonists left in the pool.
    pub pool: ByKind<u16>,
    /// What happened while the actions were applied.
    pub events: &'a [Event],
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

impl<'a> StateJson<'a> {
    /// The JSON form of `game`, with the `events` that led to it.
    pub fn of(game: &StarTigris, events: &'a [Event]) -> Self {
        let players = (0..game.players() as u8)
            .map(|p| PlayerJson {
                hand: ByKind::from_array(game.hand(p)),
                score: ByKind::from_array(game.score(p)),
                artifacts: game.artifacts_held(p),
                bombers: game.bombers(p),
                leaders: ByKind::from_array(
                    Kind::ALL.map(|k| game.leader(p, k).map(|i| game.pos(i))),
                ),
            })
            .collect();
        StateJson {
            to_move: game.to_move(),
            phase: game.phase(),
            active: game.active(),
            orders_left: game.orders_left(),
            turn: game.turn(),
            hash: game.state_hash(),
            board: game.board_rows(),
            players,
            pool: ByKind::from_array(game.pool()),
            events,
            outcome: game.outcome(),
        }
    }
}
