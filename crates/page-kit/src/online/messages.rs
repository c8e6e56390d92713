//! The messages of Tabula's WebSocket protocol as a page sends and reads
//! them (docs/online.md), with no browser calls: what a page sends is
//! built here, what the server sends is read here into plain structs.

use serde::Deserialize;
use serde_json::{Value, json};

/// The longest name a person may give (the server's limit).
pub const MAX_NAME_CHARS: usize = 40;
/// The longest chat line (the server's limit).
pub const MAX_CHAT_CHARS: usize = 500;

/// A seat as the server shows it to everyone in a room.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct Seat {
    /// The seat's name.
    #[serde(default)]
    pub name: String,
    /// `person` or `bot:SPEC`.
    #[serde(default)]
    pub kind: String,
    /// `open`, `connected`, `reconnecting` or `bot`.
    #[serde(default)]
    pub status: String,
}

/// A room in the server's list.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RoomInfo {
    /// The room's id.
    pub room: String,
    /// Its ruleset's name.
    pub ruleset: String,
    /// `waiting`, `playing` or `over`.
    pub phase: String,
    /// Its seats.
    #[serde(default)]
    pub seats: Vec<Seat>,
    /// Actions played.
    #[serde(default)]
    pub state: u64,
    /// People watching.
    #[serde(default)]
    pub watchers: usize,
}

impl RoomInfo {
    /// The seats a person may still take.
    pub fn open_seats(&self) -> Vec<u8> {
        (0..self.seats.len() as u8)
            .filter(|&s| self.seats[s as usize].status == "open")
            .collect()
    }
}

/// A room's state as one member receives it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RoomState {
    /// The room.
    pub room: String,
    /// `waiting`, `playing` or `over`.
    pub phase: String,
    /// The state number an action must carry.
    pub state: u64,
    /// Who is to act (the contract's `ToMove`).
    #[serde(default)]
    pub to_move: Value,
    /// The seats.
    #[serde(default)]
    pub seats: Vec<Seat>,
    /// The receiver's seat; `None` for a watcher.
    #[serde(default)]
    pub you: Option<u8>,
    /// The receiver's view (the ruleset's own JSON).
    #[serde(default)]
    pub view: Value,
    /// The receiver's legal actions now.
    #[serde(default)]
    pub legal: Vec<Value>,
    /// Time left on the receiver's clock, when one runs.
    #[serde(default)]
    pub clock_ms: Option<u64>,
    /// Time left on the clock of the seat deciding now, for everyone
    /// else, when one runs.
    #[serde(default)]
    pub turn_clock_ms: Option<u64>,
}

impl RoomState {
    /// The seats to act now (one, several at once, or none when over).
    pub fn to_act(&self) -> Vec<u8> {
        let seats = self.to_move.get("seats").and_then(Value::as_u64);
        match (self.to_move.get("kind").and_then(Value::as_str), seats) {
            (Some("seat"), Some(s)) => vec![s as u8],
            (Some("simultaneous"), Some(mask)) => {
                (0..64u8).filter(|s| mask & (1u64 << s) != 0).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The seats' names, in order.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
}

/// A line said in a room.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ChatLine {
    /// The seat it came from (`None`: a watcher).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The name it came from.
    #[serde(default)]
    pub from: String,
    /// What was said (shown as text, never markup).
    #[serde(default)]
    pub text: String,
}

/// A message from the server, read.
#[derive(Clone, Debug, PartialEq)]
pub enum ServerMsg {
    /// On connecting: the rulesets the server holds.
    Welcome {
        /// Their names.
        rulesets: Vec<String>,
        /// The rulesets whose rooms may have `client` seats: programs on
        /// one of the server's TCP ports (none from an older server).
        clients: Vec<String>,
    },
    /// The rooms.
    Rooms(Vec<RoomInfo>),
    /// A room was made.
    Created {
        /// Its id.
        room: String,
    },
    /// A seat was taken: its number and token.
    Joined {
        /// The room.
        room: String,
        /// The seat.
        seat: u8,
        /// The token that takes the seat back.
        token: String,
    },
    /// Watching a room.
    Watching {
        /// The room.
        room: String,
    },
    /// A room's state.
    State(Box<RoomState>),
    /// The seats changed (someone left, came back or was taken over).
    Seats {
        /// The room.
        room: String,
        /// The seats.
        seats: Vec<Seat>,
        /// Seconds a gone person's seat waits for them.
        takeover_s: Option<u64>,
    },
    /// A chat line.
    Chat {
        /// The room.
        room: String,
        /// The line.
        line: ChatLine,
    },
    /// The finished game's record (the engine's `GameRecord` as text).
    Record {
        /// The room.
        room: String,
        /// The record's text.
        record: String,
    },
    /// Something the page sent was refused.
    Refused {
        /// The message type refused.
        what: String,
        /// Why, in one stable word (docs/online.md lists them); empty
        /// from a server that sends none.
        code: String,
        /// Why, in the server's words (English, with the particulars).
        reason: String,
    },
}

// Read through `&Value` (as `tabula_engine::plain` reads everything in
// the pages), not an owned `Value`: a page's WebAssembly then holds one
// copy of serde_json's value reader.
fn field<T: for<'de> Deserialize<'de>>(v: &Value, name: &str) -> Option<T> {
    T::deserialize(v.get(name)?).ok()
}

/// Read one frame from the server; `None` for anything this page does
/// not know (a newer server's message is passed over, never an error).
pub fn read(text: &str) -> Option<ServerMsg> {
    let v: Value = serde_json::from_str(text).ok()?;
    let room = || field::<String>(&v, "room");
    Some(match v.get("type")?.as_str()? {
        "welcome" => ServerMsg::Welcome {
            rulesets: field(&v, "rulesets").unwrap_or_default(),
            clients: field(&v, "clients").unwrap_or_default(),
        },
        "rooms" => ServerMsg::Rooms(field(&v, "rooms")?),
        "created" => ServerMsg::Created { room: room()? },
        "joined" => ServerMsg::Joined {
            room: room()?,
            seat: field(&v, "seat")?,
            token: field(&v, "token")?,
        },
        "watching" => ServerMsg::Watching { room: room()? },
        "state" => ServerMsg::State(Box::new(RoomState::deserialize(&v).ok()?)),
        "seats" => ServerMsg::Seats {
            room: room()?,
            seats: field(&v, "seats")?,
            takeover_s: field(&v, "takeover_s"),
        },
        "chat" => ServerMsg::Chat {
            room: room()?,
            line: ChatLine::deserialize(&v).ok()?,
        },
        "record" => ServerMsg::Record {
            room: room()?,
            record: field(&v, "record")?,
        },
        "refused" => ServerMsg::Refused {
            what: field(&v, "what").unwrap_or_default(),
            code: field(&v, "code").unwrap_or_default(),
            reason: field(&v, "reason").unwrap_or_default(),
        },
        _ => return None,
    })
}

/// Ask for the rooms.
pub fn list() -> String {
    json!({"type": "list"}).to_string()
}

/// What a new room is made with besides its ruleset and seats.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewRoom {
    /// The ruleset's options (`null`: its defaults).
    pub options: Value,
    /// The map's text (`None`: the ruleset's default map).
    pub map: Option<String>,
    /// A person's time for one decision, in milliseconds (`None`: no clock).
    pub clock_ms: Option<u64>,
    /// Seconds a disconnected person's seat waits before a bot takes it
    /// (`None`: the server's default).
    pub takeover_s: Option<u64>,
}

/// The clocks a new room may have: a person's time for one decision, in
/// seconds (the server takes 0.1 s to a day).
pub const CLOCKS_S: [u64; 8] = [15, 30, 60, 120, 300, 900, 3600, 86_400];

/// The longest takeover wait the server takes, in seconds.
pub const MAX_TAKEOVER_S: u64 = 86_400;

/// Make a room of `ruleset` with these seats (`person` or `bot:SPEC`)
/// and the rest of `room`.
pub fn create(ruleset: &str, seats: &[String], room: &NewRoom) -> String {
    let mut m = json!({"type": "create", "ruleset": ruleset, "seats": seats});
    if !room.options.is_null() {
        m["options"] = room.options.clone();
    }
    if let Some(map) = &room.map {
        m["map"] = json!(map);
    }
    if let Some(ms) = room.clock_ms {
        m["clock_ms"] = json!(ms);
    }
    if let Some(s) = room.takeover_s {
        m["takeover_s"] = json!(s);
    }
    m.to_string()
}

/// A clock's time in words' numbers: `m:ss` (`h:mm:ss` past an hour).
pub fn clock_text(ms: u64) -> String {
    // Shown rounded up: "0:00" only when the time is up.
    let s = ms.div_ceil(1000);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Sit at a seat: with a token (that seat back), or by name at `seat`
/// (the first open one when `None`).
pub fn join(room: &str, seat: Option<u8>, name: Option<&str>, token: Option<&str>) -> String {
    let mut m = json!({"type": "join", "room": room});
    if let Some(s) = seat {
        m["seat"] = json!(s);
    }
    if let Some(n) = name {
        m["name"] = json!(n);
    }
    if let Some(t) = token {
        m["token"] = json!(t);
    }
    m.to_string()
}

/// Watch a room.
pub fn watch(room: &str) -> String {
    json!({"type": "watch", "room": room}).to_string()
}

/// Play `action` (one of `legal`, as sent), chosen in state `state`.
pub fn act(room: &str, state: u64, action: &Value) -> String {
    json!({"type": "act", "room": room, "state": state, "action": action}).to_string()
}

/// Say `text` to the room.
pub fn chat(room: &str, text: &str) -> String {
    json!({"type": "chat", "room": room, "text": text}).to_string()
}

/// Leave a room (the seat stays the person's for its token).
pub fn leave(room: &str) -> String {
    json!({"type": "leave", "room": room}).to_string()
}

/// A name as the page sends it: no control characters, trimmed, at most
/// [`MAX_NAME_CHARS`]; `None` when nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    (!n.is_empty()).then_some(n)
}

/// A chat line as the page sends it: control characters made spaces,
/// trimmed, at most [`MAX_CHAT_CHARS`]; `None` when empty.
pub fn clean_chat(text: &str) -> Option<String> {
    let t: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_CHAT_CHARS)
        .collect();
    (!t.is_empty()).then_some(t)
}

/// The room id of a page address's fragment (`#online=ab12cd34`; an
/// early `#room=` link is read too): letters and digits only, at most 32.
pub fn room_of_fragment(fragment: &str) -> Option<String> {
    let id = fragment
        .strip_prefix("#online=")
        .or_else(|| fragment.strip_prefix("#room="))?;
    (!id.is_empty() && id.len() <= 32 && id.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| id.to_string())
}

/// The WebSocket address of online play for a page at `href` (its own
/// folder's `play`, `ws:` for `http:` and `wss:` for `https:`); `None`
/// for a page not served over HTTP (a file opened from disk).
pub fn socket_url(href: &str, play: &str) -> Option<String> {
    let (scheme, rest) = href.split_once("://")?;
    let ws = match scheme {
        "http" => "ws",
        "https" => "wss",
        _ => return None,
    };
    let rest = rest.split(['#', '?']).next().unwrap_or("");
    let dir = match rest.rfind('/') {
        Some(i) => &rest[..=i],
        None => return Some(format!("{ws}://{rest}/{play}")),
    };
    Some(format!("{ws}://{dir}{play}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_s_messages_are_read() {
        let m = read(
            r#"{"type":"welcome","server":"tabula","protocol":1,"rulesets":["vector"],"max_message_bytes":65536}"#,
        );
        assert_eq!(
            m,
            Some(ServerMsg::Welcome {
                rulesets: vec!["vector".into()],
                clients: vec![]
            })
        );
        let m = read(
            r#"{"type":"welcome","server":"tabula","protocol":1,"rulesets":["catan","vector"],"clients":["catan"],"max_message_bytes":65536}"#,
        );
        assert_eq!(
            m,
            Some(ServerMsg::Welcome {
                rulesets: vec!["catan".into(), "vector".into()],
                clients: vec!["catan".into()]
            })
        );
        let m = read(r#"{"type":"joined","room":"ab12cd34","seat":1,"token":"t0k3n"}"#);
        assert_eq!(
            m,
            Some(ServerMsg::Joined {
                room: "ab12cd34".into(),
                seat: 1,
                token: "t0k3n".into()
            })
        );
        let Some(ServerMsg::State(s)) = read(
            r#"{"type":"state","room":"r","ruleset":"vector","phase":"playing","state":4,
            "to_move":{"kind":"simultaneous","seats":5},"seats":[{"name":"A","kind":"person","status":"connected"}],
            "you":0,"view":{"x":1},"legal":[{"magnitude":1}],"clock_ms":null}"#,
        ) else {
            panic!("a state")
        };
        assert_eq!(s.to_act(), vec![0, 2]);
        assert_eq!(s.you, Some(0));
        assert_eq!(s.names(), vec!["A".to_string()]);
        let Some(ServerMsg::Chat { line, .. }) =
            read(r#"{"type":"chat","room":"r","seat":null,"from":"W","text":"<b>hi</b>"}"#)
        else {
            panic!("a chat line")
        };
        assert_eq!(line.seat, None);
        assert_eq!(line.text, "<b>hi</b>");
        assert_eq!(
            read(r#"{"type":"refused","what":"act","code":"stale","reason":"chosen in state 3"}"#),
            Some(ServerMsg::Refused {
                what: "act".into(),
                code: "stale".into(),
                reason: "chosen in state 3".into()
            })
        );
        // From a server that sends no code: the reason alone.
        assert_eq!(
            read(r#"{"type":"refused","what":"act","reason":"stale"}"#),
            Some(ServerMsg::Refused {
                what: "act".into(),
                code: String::new(),
                reason: "stale".into()
            })
        );
        // A message this page does not know, or garbage, is passed over.
        assert_eq!(read(r#"{"type":"clock","room":"r"}"#), None);
        assert_eq!(read("not json"), None);
        assert_eq!(read(r#"{"type":"joined","room":"r"}"#), None);
    }

    #[test]
    fn what_the_page_sends_is_the_protocol_s() {
        let v: Value = serde_json::from_str(&create(
            "vector",
            &["person".into(), "bot:greedy".into()],
            &NewRoom {
                options: json!({"rounds": 2}),
                map: Some("map text".into()),
                clock_ms: Some(30_000),
                takeover_s: Some(5),
            },
        ))
        .unwrap();
        assert_eq!(v["type"], "create");
        assert_eq!(v["seats"][1], "bot:greedy");
        assert_eq!(v["options"]["rounds"], 2);
        assert_eq!(v["map"], "map text");
        assert_eq!(v["clock_ms"], 30_000);
        assert_eq!(v["takeover_s"], 5);
        let v: Value = serde_json::from_str(&create("vector", &[], &NewRoom::default())).unwrap();
        assert!(v.get("options").is_none());
        assert!(v.get("map").is_none());
        assert!(v.get("clock_ms").is_none());
        assert!(v.get("takeover_s").is_none());
        let v: Value = serde_json::from_str(&join("r", Some(2), Some("Ann"), None)).unwrap();
        assert_eq!(
            v,
            json!({"type": "join", "room": "r", "seat": 2, "name": "Ann"})
        );
        let v: Value = serde_json::from_str(&join("r", None, None, Some("tok"))).unwrap();
        assert_eq!(v, json!({"type": "join", "room": "r", "token": "tok"}));
        let v: Value = serde_json::from_str(&act("r", 7, &json!({"direction": "N"}))).unwrap();
        assert_eq!(v["state"], 7);
        assert_eq!(v["action"]["direction"], "N");
    }

    #[test]
    fn a_clock_reads_in_minutes_and_seconds() {
        assert_eq!(clock_text(65_000), "1:05");
        assert_eq!(clock_text(64_001), "1:05");
        assert_eq!(clock_text(999), "0:01");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }

    #[test]
    fn names_chat_links_and_addresses_are_cleaned() {
        assert_eq!(clean_name("  Ann\u{7}  "), Some("Ann".into()));
        assert_eq!(clean_name(" \n "), None);
        assert_eq!(clean_name(&"x".repeat(90)).unwrap().len(), MAX_NAME_CHARS);
        assert_eq!(clean_chat("hi\nthere"), Some("hi there".into()));
        assert_eq!(clean_chat("   "), None);
        assert_eq!(room_of_fragment("#room=ab12CD34"), Some("ab12CD34".into()));
        assert_eq!(
            room_of_fragment("#online=ab12cd34"),
            Some("ab12cd34".into())
        );
        assert_eq!(room_of_fragment("#online=a b"), None);
        assert_eq!(room_of_fragment("#room=a/b"), None);
        assert_eq!(room_of_fragment("#game=abc"), None);
        assert_eq!(room_of_fragment("#room="), None);
        assert_eq!(
            socket_url("http://127.0.0.1:8080/vector.html#room=x", "play"),
            Some("ws://127.0.0.1:8080/play".into())
        );
        assert_eq!(
            socket_url("https://games.example/tabula/catan.html?x=1", "play"),
            Some("wss://games.example/tabula/play".into())
        );
        assert_eq!(socket_url("file:///home/a/vector.html", "play"), None);
    }
}
