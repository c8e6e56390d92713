//! A seat played through another protocol face: a client of one of the
//! server's TCP ports (the Catan course port, say) sitting in a room
//! made on the WebSocket side.
//!
//! The room stays the one owner of the game, its clocks, its bots and
//! its record; the face only translates. After every change the room
//! hands the agent the game (to read what its seat may know) and the
//! agent writes its client's protocol; every line its client sends comes
//! to the room, and the agent turns it into an action for the room to
//! play through the checked path, or answers it itself. Nothing here
//! knows a ruleset.

use std::time::Duration;

use serde_json::Value;
use tabula_engine::Seat;

use super::dyn_game::RoomGame;
use super::protocol::SeatShown;

/// The room as an agent sees it after a change.
pub struct RoomNow<'a> {
    /// The agent's seat.
    pub seat: Seat,
    /// `waiting`, `playing` or `over`.
    pub phase: &'static str,
    /// Every seat, as everyone sees them.
    pub seats: &'a [SeatShown],
    /// The seat that played the last action, when the change was one.
    pub acted: Option<Seat>,
}

/// What a line from an agent's client asks of the room.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSays {
    /// Play this action (the ruleset's JSON form) for the agent's seat.
    Play(Value),
    /// Say this to the room.
    Chat(String),
    /// Nothing (the agent has answered its client itself).
    Nothing,
}

/// A seat's client on another face, as its room drives it.
pub trait SeatAgent: Send {
    /// The agent has been given `seat`: tell the client so.
    fn seated(&mut self, seat: Seat, room: &str);
    /// The room changed (or the agent just sat down): tell the client
    /// what its seat may know now and what it is asked. An action the
    /// face plays for its seat because its protocol cannot put the
    /// question to its client, if any (the room plays it as the seat's).
    fn update(&mut self, game: &dyn RoomGame, now: &RoomNow) -> Option<Value>;
    /// A line the client sent.
    fn line(&mut self, game: &dyn RoomGame, now: &RoomNow, text: &str) -> AgentSays;
    /// The rules refused the action the client's last line asked for.
    fn refused(&mut self, game: &dyn RoomGame, now: &RoomNow, why: &str);
    /// Someone in the room said something.
    fn chat(&mut self, from: &str, text: &str);
    /// Whether the client is gone (its connection closed or stalled).
    fn is_gone(&self) -> bool;
    /// How long its client has for one decision before the room's
    /// stand-in plays it (`None`: no clock).
    fn clock(&self) -> Option<Duration>;
}

impl std::fmt::Debug for dyn SeatAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatAgent")
    }
}

/// The reply to a client asking for a seat: the seat, or why not.
pub type SeatReply = tokio::sync::oneshot::Sender<Result<Seat, String>>;
