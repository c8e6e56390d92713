//! The messages of Tabula's WebSocket protocol: JSON text frames, one
//! message a frame, each with a `type` (docs/online.md lists them all).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_engine::ToMove;

/// The protocol's version, in `welcome` and at `/online.json`.
pub const PROTOCOL: u32 = 1;
/// Largest frame the server reads as a message; a longer one is refused
/// with a reason and the connection stays.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// Longest chat text, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The message types a client may send.
pub const CLIENT_TYPES: &[&str] = &["list", "create", "join", "watch", "act", "chat", "leave"];

/// A message from a client.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// Ask for the rooms.
    List,
    /// Make a room.
    Create(Create),
    /// Sit at a seat (or take one's seat back with its token).
    Join {
        /// The room.
        room: String,
        /// The seat wanted (the first open one when not given).
        #[serde(default)]
        seat: Option<u8>,
        /// The name shown for the seat.
        #[serde(default)]
        name: Option<String>,
        /// A seat token from an earlier `joined`: that seat back.
        #[serde(default)]
        token: Option<String>,
    },
    /// Watch a room.
    Watch {
        /// The room.
        room: String,
    },
    /// Play an action.
    Act {
        /// The room.
        room: String,
        /// The seat it is for (the connection's own when not given).
        #[serde(default)]
        seat: Option<u8>,
        /// The state number the action was chosen in.
        state: u64,
        /// The action, in the ruleset's JSON form (one of `legal`).
        action: Value,
    },
    /// Say something to the room.
    Chat {
        /// The room.
        room: String,
        /// Plain text.
        text: String,
    },
    /// Leave a room (a seat is kept for its token).
    Leave {
        /// The room.
        room: String,
    },
}

/// What `create` asks for.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Create {
    /// The ruleset's name.
    pub ruleset: String,
    /// The ruleset's options (its defaults when missing).
    #[serde(default)]
    pub options: Value,
    /// The map as text (the ruleset's default when missing).
    #[serde(default)]
    pub map: Option<String>,
    /// One entry a seat: `person` (or `open`) for a person to join,
    /// `bot:SPEC` for a bot.
    pub seats: Vec<String>,
    /// The game's seed (drawn when missing).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Milliseconds a person may take for one decision before a bot
    /// plays it for them (no clock when missing).
    #[serde(default)]
    pub clock_ms: Option<u64>,
    /// Seconds a disconnected person's seat waits before a bot takes it
    /// (60 when missing).
    #[serde(default)]
    pub takeover_s: Option<u64>,
    /// The bot that plays for a person on a clock or after a takeover
    /// (`greedy` when missing).
    #[serde(default)]
    pub stand_in: Option<String>,
}

/// Read one frame's text as a message, or say in plain words why not.
pub fn read_message(text: &str) -> Result<ClientMsg, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "the message is {} bytes; at most {MAX_MESSAGE_BYTES} are read",
            text.len()
        ));
    }
    let value: Value = tabula_engine::plain::from_str(text).map_err(|(l, c, what)| {
        format!("the message is not JSON (line {l}, column {c}: {what})")
    })?;
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Err(
            "the message has no \"type\" (a JSON object with a \"type\" is expected)".into(),
        );
    };
    if !CLIENT_TYPES.contains(&kind) {
        let shown: String = kind.chars().take(40).filter(|c| !c.is_control()).collect();
        return Err(format!(
            "unknown message type {shown:?} (known: {})",
            CLIENT_TYPES.join(", ")
        ));
    }
    tabula_engine::plain::from_value(&value).map_err(|(path, what)| {
        if path.is_empty() {
            format!("{kind}: {what}")
        } else {
            format!("{kind}: field {path}: {what}")
        }
    })
}

/// A seat as everyone in a room sees it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SeatShown {
    /// The seat's name.
    pub name: String,
    /// `person` or `bot:SPEC`, as created.
    pub kind: String,
    /// `open` (no one yet), `connected`, `reconnecting` (gone; a bot
    /// takes it at `takeover_at`), `bot` (a bot plays: a bot seat, or a
    /// person's taken over).
    pub status: &'static str,
}

/// A room in the list.
#[derive(Debug, Clone, Serialize)]
pub struct RoomShown {
    /// The room's id.
    pub room: String,
    /// The ruleset.
    pub ruleset: String,
    /// `waiting` (for people to take seats), `playing` or `over`.
    pub phase: &'static str,
    /// The seats.
    pub seats: Vec<SeatShown>,
    /// The state number.
    pub state: u64,
    /// People watching.
    pub watchers: usize,
}

/// A room's state as one connection receives it.
#[derive(Debug, Clone, Serialize)]
pub struct StateMsg<'a> {
    /// Always `state`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The room.
    pub room: &'a str,
    /// The ruleset.
    pub ruleset: &'a str,
    /// `waiting`, `playing` or `over`.
    pub phase: &'static str,
    /// The state number: an action must carry it.
    pub state: u64,
    /// Who is to act.
    pub to_move: ToMove,
    /// The seats.
    pub seats: &'a [SeatShown],
    /// The receiver's seat (`null` for a watcher).
    pub you: Option<u8>,
    /// The receiver's view: `player_view(you)`, or the public view for a
    /// watcher (the whole game's last view of every seat once over).
    pub view: Value,
    /// The receiver's legal actions now (empty unless it is to act).
    pub legal: Vec<Value>,
    /// Milliseconds left on the receiver's clock, when one runs.
    pub clock_ms: Option<u64>,
    /// Milliseconds left on the clock of the seat deciding now (the
    /// soonest to run out of several), for everyone else: left out when
    /// no clock runs or the receiver itself decides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_clock_ms: Option<u64>,
}

/// Why something was refused: the `code` of a `refused` message, one
/// stable word a page turns into its own language (the `reason` beside
/// it says the same in English, with the particulars).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A binary frame (the protocol is JSON text frames).
    BinaryFrame,
    /// A message that does not read as one of the protocol's.
    BadMessage,
    /// This connection has made the most rooms one may make.
    TooManyRooms,
    /// The server holds the most rooms it holds.
    ServerFull,
    /// A room's settings the server cannot use (ruleset, seats, options,
    /// map, clock, seed).
    BadRoom,
    /// No room has that id.
    NoRoom,
    /// The room closed.
    RoomClosed,
    /// The connection is in the room already.
    AlreadyIn,
    /// The name given cannot be shown.
    BadName,
    /// A seat token the room does not know.
    UnknownToken,
    /// A seat number the room does not have.
    NoSuchSeat,
    /// The seat is a bot's.
    BotSeat,
    /// The seat is for a client of one of the server's TCP ports.
    ClientSeat,
    /// The seat is taken by a person.
    SeatTaken,
    /// The room has no open seat.
    NoOpenSeat,
    /// The seat was taken back with its token by another connection.
    TakenBack,
    /// The connection is not in the room.
    NotInRoom,
    /// A watcher tried to act.
    Watcher,
    /// The action names another seat than the connection's.
    WrongSeat,
    /// The room still waits for people to take their seats.
    Waiting,
    /// The game is over.
    Over,
    /// It is not the seat's turn.
    NotYourTurn,
    /// The action was chosen in an older state (or sent twice).
    Stale,
    /// The rules refuse the action.
    Illegal,
    /// A chat line that is empty, too long or holds control characters.
    BadChat,
}

impl Why {
    /// The word sent as `code`.
    pub fn code(self) -> &'static str {
        match self {
            Why::BinaryFrame => "binary-frame",
            Why::BadMessage => "bad-message",
            Why::TooManyRooms => "too-many-rooms",
            Why::ServerFull => "server-full",
            Why::BadRoom => "bad-room",
            Why::NoRoom => "no-room",
            Why::RoomClosed => "room-closed",
            Why::AlreadyIn => "already-in",
            Why::BadName => "bad-name",
            Why::UnknownToken => "unknown-token",
            Why::NoSuchSeat => "no-such-seat",
            Why::BotSeat => "bot-seat",
            Why::ClientSeat => "client-seat",
            Why::SeatTaken => "seat-taken",
            Why::NoOpenSeat => "no-open-seat",
            Why::TakenBack => "taken-back",
            Why::NotInRoom => "not-in-room",
            Why::Watcher => "watcher",
            Why::WrongSeat => "wrong-seat",
            Why::Waiting => "waiting",
            Why::Over => "over",
            Why::NotYourTurn => "not-your-turn",
            Why::Stale => "stale",
            Why::Illegal => "illegal",
            Why::BadChat => "bad-chat",
        }
    }

    /// Every code, in the order above (docs/online.md lists them).
    pub const ALL: [Why; 25] = [
        Why::BinaryFrame,
        Why::BadMessage,
        Why::TooManyRooms,
        Why::ServerFull,
        Why::BadRoom,
        Why::NoRoom,
        Why::RoomClosed,
        Why::AlreadyIn,
        Why::BadName,
        Why::UnknownToken,
        Why::NoSuchSeat,
        Why::BotSeat,
        Why::ClientSeat,
        Why::SeatTaken,
        Why::NoOpenSeat,
        Why::TakenBack,
        Why::NotInRoom,
        Why::Watcher,
        Why::WrongSeat,
        Why::Waiting,
        Why::Over,
        Why::NotYourTurn,
        Why::Stale,
        Why::Illegal,
        Why::BadChat,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_that_are_no_message_are_told_in_plain_words() {
        let no = |t: &str| read_message(t).unwrap_err();
        assert!(no("hello").starts_with("the message is not JSON (line 1"));
        assert!(no("{}").contains("no \"type\""));
        assert!(no("{\"type\":\"dance\"}").contains("unknown message type \"dance\""));
        assert!(no("{\"type\":\"act\",\"room\":\"r\"}").starts_with("act: "));
        assert!(no(&" ".repeat(MAX_MESSAGE_BYTES + 1)).contains("at most 65536"));
        assert!(matches!(
            read_message("{\"type\":\"act\",\"room\":\"r\",\"state\":3,\"action\":\"pass\"}"),
            Ok(ClientMsg::Act { state: 3, .. })
        ));
    }

    #[test]
    fn every_refusal_code_is_one_word_of_its_own_and_written_down() {
        let doc = include_str!("../../../../docs/online.md");
        let mut seen = std::collections::BTreeSet::new();
        for why in Why::ALL {
            let code = why.code();
            assert!(seen.insert(code), "{code} twice");
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{code}"
            );
            assert!(
                doc.contains(&format!("| `{code}` |")),
                "docs/online.md lacks {code}"
            );
        }
    }
}
