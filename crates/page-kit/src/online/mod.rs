//! Online play, written once for every game page (docs/online.md, "The
//! pages"): the page asks the site's own server whether it holds games
//! (`online.json`: a static host answers with the built site's file
//! saying it has none), connects over WebSocket to its `play`, and shows
//! a lobby (this game's rooms; make one choosing who sits where: a person
//! or a Tabula bot; join a seat under a name; watch), then the room:
//! seats with names and status, who is to act, the game as the seat sees
//! it, chat, the connection's state and, at the end, the record to save
//! or replay. A seat's token is kept in the browser per room
//! ([`tokens`]), so a reload (or a dropped connection, or a server
//! started again) takes the same seat back; the room is in the address
//! (`<game>.html#online=ID`), which is also the link to share.
//!
//! A page supplies only what is its own through [`OnlineGame`]: how to
//! draw a view and which of the server's `legal` actions a click or key
//! picks (elements marked `data-online-act="N"`, N the action's place in
//! `legal`). The server holds the game and its rules; the page never
//! applies an action itself.

pub mod messages;
mod socket;
pub mod tokens;
mod view;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use crate::dom::El;
use messages::{ChatLine, RoomInfo, RoomState, ServerMsg};

/// What a game page tells online play about its game.
pub trait OnlineGame {
    /// The ruleset's name on the server (`vector`).
    fn ruleset(&self) -> &'static str;
    /// How many seats a room may have, the first offered by default.
    fn seat_counts(&self) -> Vec<usize>;
    /// Fields of the game's own options for a new room (ids starting
    /// `online-opt-`), built with the values a person has typed so far
    /// (`fields`, by id).
    fn options_fields(&self, fields: &Fields) -> Option<El> {
        let _ = fields;
        None
    }
    /// The options of a new room, from those fields (`null`: the
    /// ruleset's defaults).
    fn options(&self, fields: &Fields) -> Value {
        let _ = fields;
        Value::Null
    }
    /// The map's text of a new room, from those fields (`None`: the
    /// ruleset's default map).
    fn map(&self, fields: &Fields) -> Option<String> {
        let _ = fields;
        None
    }
    /// How a seat is marked beside its name (a coloured badge, a letter).
    fn seat_badge(&self, seat: u8) -> El {
        crate::dom::el("span")
            .class("online-seat-no")
            .text(&(seat + 1).to_string())
    }
    /// The game as `shown` says: the view of the receiver's seat (or a
    /// watcher's), and the actions it may take now as elements marked
    /// `data-online-act="N"` (N: the action's place in `shown.legal`).
    fn show(&mut self, shown: &Shown) -> El;
    /// After the game's element is on the page (to draw a canvas in it).
    fn drawn(&mut self, shown: &Shown) {
        let _ = shown;
    }
    /// A key pressed on the game: the place in `shown.legal` of the
    /// action it picks, if any.
    fn key(&mut self, key: &str, shown: &Shown) -> Option<usize> {
        let _ = (key, shown);
        None
    }
    /// Open a finished game's record in the page's replay (online play
    /// is closed first).
    fn replay(&mut self, record: &str);
    /// Online play was closed: the page shows itself again.
    fn closed(&mut self);
}

/// What a page draws: the room's state as this browser receives it.
pub struct Shown<'a> {
    /// The view (`player_view` of `you`, or a watcher's).
    pub view: &'a Value,
    /// The receiver's seat; `None` for a watcher.
    pub you: Option<u8>,
    /// The actions the receiver may take now (empty unless it is to act,
    /// and while an action sent is on its way).
    pub legal: &'a [Value],
    /// The seats' names.
    pub names: &'a [String],
    /// The seats to act now.
    pub to_act: &'a [u8],
    /// Whether the game is over.
    pub over: bool,
}

/// The values of the online dialogs' fields, by element id, as typed.
#[derive(Default)]
pub struct Fields(HashMap<String, String>);

impl Fields {
    /// A field's value, or `default` when nothing was typed.
    pub fn get(&self, id: &str, default: &str) -> String {
        self.0
            .get(id)
            .cloned()
            .unwrap_or_else(|| default.to_string())
    }
    fn set(&mut self, id: &str, value: String) {
        self.0.insert(id.to_string(), value);
    }
}

/// The connection to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Link {
    /// Nothing asked yet.
    Idle,
    /// Asking the site whether it has a game server.
    Asking,
    /// The site has no game server (static files only).
    NoServer,
    /// The server does not hold this page's game.
    NoGame,
    /// Opening the WebSocket.
    Connecting,
    /// Connected (`welcome` heard).
    Open,
    /// The connection went; trying again (the number of tries so far).
    Lost(u32),
}

/// Where in online play the person is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Place {
    /// The list of rooms and the new-room form.
    Lobby,
    /// About to sit at a seat of this room (from a link).
    Joining(String),
    /// In this room (a seat or watching).
    Room(String),
}

struct Online {
    link: Link,
    /// The socket's generation: callbacks of an older socket are ignored.
    epoch: u64,
    socket: Option<web_sys::WebSocket>,
    /// The `play` address's path, relative to the page.
    play: String,
    place: Place,
    rooms: Vec<RoomInfo>,
    /// Whether the rooms have been heard since connecting.
    listed: bool,
    state: Option<RoomState>,
    seat: Option<u8>,
    chat: Vec<ChatLine>,
    record: Option<String>,
    /// Seconds a gone person's seat waits before a bot takes it.
    takeover_s: Option<u64>,
    /// The state number an action was sent in, until the next state.
    sent_in: Option<u64>,
    /// When this browser's clock for the decision runs out (milliseconds
    /// since 1970, the browser's time), while one runs.
    clock_until: Option<f64>,
    /// When the clock of the seat deciding now runs out, for a browser
    /// that waits on it (the same time base), while one runs.
    turn_until: Option<f64>,
    /// Whether the clock's words are being counted down.
    ticking: bool,
    /// Why the last thing was refused, in the page's words.
    problem: Option<String>,
    /// Whether this game's rooms may have `client` seats (programs on
    /// one of the server's TCP ports), as the server's welcome said.
    clients: bool,
    /// The room's link, once copied.
    copied: bool,
    /// The seats asked for when the room was made (so the maker joins
    /// as a person or watches).
    made_with_person: bool,
    fields: Fields,
}

impl Default for Online {
    fn default() -> Online {
        Online {
            link: Link::Idle,
            epoch: 0,
            socket: None,
            play: "play".into(),
            place: Place::Lobby,
            rooms: Vec::new(),
            listed: false,
            state: None,
            seat: None,
            chat: Vec::new(),
            record: None,
            takeover_s: None,
            sent_in: None,
            clock_until: None,
            turn_until: None,
            ticking: false,
            problem: None,
            clients: false,
            copied: false,
            made_with_person: true,
            fields: Fields::default(),
        }
    }
}

/// Chat lines kept on screen.
const CHAT_KEPT: usize = 200;

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static STATE: RefCell<Online> = RefCell::new(Online::default());
    static GAME: RefCell<Option<Rc<RefCell<dyn OnlineGame>>>> = const { RefCell::new(None) };
}

fn with<R>(f: impl FnOnce(&mut Online) -> R) -> R {
    STATE.with(|s| f(&mut s.borrow_mut()))
}

fn game() -> Option<Rc<RefCell<dyn OnlineGame>>> {
    GAME.with(|g| g.borrow().clone())
}

/// Whether online play is on the screen (the page's own screens are
/// hidden and its keys should do nothing).
pub fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Set online play up for this page's game: its listeners, and a room
/// link the page was opened with (`#online=ID`) opened at once. Call once
/// as the page starts; returns whether a room link was opened.
pub fn install(page_game: impl OnlineGame + 'static) -> bool {
    GAME.with(|g| *g.borrow_mut() = Some(Rc::new(RefCell::new(page_game))));
    view::listen();
    if let Some(w) = web_sys::window() {
        crate::dom::listen::<web_sys::Event>(&w, "hashchange", |_| {
            if let Some(room) = messages::room_of_fragment(&crate::dom::fragment()) {
                open_room(room);
            }
        });
    }
    match messages::room_of_fragment(&crate::dom::fragment()) {
        Some(room) => {
            open_room(room);
            true
        }
        None => false,
    }
}

/// Open online play at the lobby (the page's "Play online").
pub fn open() {
    ACTIVE.with(|a| a.set(true));
    with(|o| {
        o.problem = None;
        if !matches!(o.place, Place::Room(_)) {
            o.place = Place::Lobby;
        }
    });
    connect_or_list();
    render();
}

/// Open online play at a room (from its link).
fn open_room(room: String) {
    ACTIVE.with(|a| a.set(true));
    let same = with(|o| o.place == Place::Room(room.clone()));
    if same {
        render();
        return;
    }
    with(|o| {
        o.problem = None;
        o.place = Place::Joining(room);
        o.state = None;
        o.chat.clear();
        o.record = None;
    });
    connect_or_list();
    render();
}

/// Connect when not connected; else go on from where the person is.
fn connect_or_list() {
    let link = with(|o| o.link.clone());
    match link {
        Link::Open => after_welcome(),
        Link::Asking | Link::Connecting | Link::Lost(_) => {}
        Link::Idle | Link::NoServer | Link::NoGame => {
            with(|o| o.link = Link::Asking);
            socket::ask_site();
        }
    }
}

/// Close online play: leave the room (the seat stays this browser's) and
/// the connection, and give the screen back to the page.
pub fn close() {
    let socket = with(|o| {
        if let Place::Room(r) = &o.place {
            send_on(o, &messages::leave(r));
        }
        o.place = Place::Lobby;
        o.state = None;
        o.clock_until = None;
        o.turn_until = None;
        o.seat = None;
        o.chat.clear();
        o.record = None;
        o.problem = None;
        o.link = Link::Idle;
        o.epoch += 1;
        o.socket.take()
    });
    if let Some(s) = socket {
        s.close().ok();
    }
    if messages::room_of_fragment(&crate::dom::fragment()).is_some() {
        crate::dom::consume_fragment();
    }
    ACTIVE.with(|a| a.set(false));
    view::hide();
    if let Some(g) = game() {
        g.borrow_mut().closed();
    }
}

fn send_on(o: &Online, text: &str) {
    if let Some(s) = &o.socket
        && s.ready_state() == web_sys::WebSocket::OPEN
    {
        s.send_with_str(text).ok();
    }
}

fn send(text: &str) {
    with(|o| send_on(o, text));
}

/// The site answered whether it has a game server (`Some(play path)`).
fn site_answered(play: Option<String>) {
    match play {
        Some(p) => {
            with(|o| o.play = p);
            socket::connect();
        }
        None => with(|o| o.link = Link::NoServer),
    }
    render();
}

/// A message from the server.
fn heard(msg: ServerMsg) {
    let ruleset = game().map(|g| g.borrow().ruleset()).unwrap_or_default();
    match msg {
        ServerMsg::Welcome { rulesets, clients } => {
            let holds = rulesets.iter().any(|r| r == ruleset);
            with(|o| {
                o.clients = clients.iter().any(|r| r == ruleset);
                o.link = if holds { Link::Open } else { Link::NoGame };
                o.listed = false;
            });
            if holds {
                after_welcome();
            }
        }
        ServerMsg::Rooms(rooms) => with(|o| {
            o.rooms = rooms.into_iter().filter(|r| r.ruleset == ruleset).collect();
            o.listed = true;
        }),
        ServerMsg::Created { room } => {
            let person = with(|o| {
                o.place = Place::Joining(room.clone());
                o.made_with_person
            });
            if person {
                sit(&room, None);
            } else {
                send(&messages::watch(&room));
            }
        }
        ServerMsg::Joined { room, seat, token } => {
            tokens::keep(tokens::Held {
                room: room.clone(),
                ruleset: ruleset.to_string(),
                seat,
                token,
            });
            enter(room, Some(seat));
        }
        ServerMsg::Watching { room } => enter(room, None),
        ServerMsg::State(s) => {
            with(|o| {
                if o.place == Place::Room(s.room.clone()) {
                    o.sent_in = None;
                    o.clock_until = s.clock_ms.map(|ms| js_sys::Date::now() + ms as f64);
                    o.turn_until = s.turn_clock_ms.map(|ms| js_sys::Date::now() + ms as f64);
                    o.state = Some(*s);
                }
            });
            tick();
        }
        ServerMsg::Seats {
            room,
            seats,
            takeover_s,
        } => with(|o| {
            if let (Place::Room(r), Some(s)) = (&o.place, o.state.as_mut())
                && *r == room
            {
                s.seats = seats;
                o.takeover_s = takeover_s;
            }
        }),
        ServerMsg::Chat { room, line } => with(|o| {
            if o.place == Place::Room(room) {
                o.chat.push(line);
                let extra = o.chat.len().saturating_sub(CHAT_KEPT);
                o.chat.drain(..extra);
            }
        }),
        ServerMsg::Record { room, record } => with(|o| {
            if o.place == Place::Room(room) {
                o.record = Some(record);
            }
        }),
        ServerMsg::Refused { what, code, reason } => refused(&what, &code, &reason),
    }
    render();
}

/// Go on after connecting: back into the room this browser was in (its
/// seat by token, or watching), or a room's join form, or the lobby.
fn after_welcome() {
    let place = with(|o| o.place.clone());
    match place {
        Place::Room(room) | Place::Joining(room) => {
            let held = tokens::load();
            if let Some(h) = tokens::find(&held, &room) {
                send(&messages::join(&room, None, None, Some(&h.token)));
            } else if with(|o| o.place == Place::Room(room.clone()) && o.seat.is_none()) {
                send(&messages::watch(&room));
            } else {
                with(|o| o.place = Place::Joining(room));
                send(&messages::list());
            }
        }
        Place::Lobby => send(&messages::list()),
    }
}

/// In a room: as seat `seat`, or watching.
fn enter(room: String, seat: Option<u8>) {
    with(|o| {
        if o.place != Place::Room(room.clone()) {
            o.chat.clear();
            o.record = None;
            o.state = None;
            o.copied = false;
        }
        o.place = Place::Room(room.clone());
        o.seat = seat;
        o.problem = None;
    });
    // The room is in the address: a reload comes back to it.
    if let Some(w) = web_sys::window()
        && let Ok(h) = w.history()
    {
        h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("#online={room}")),
        )
        .ok();
    }
}

/// Something was refused: said in the page's words ([`why_words`]); a
/// seat token the room does not know is forgotten.
fn refused(what: &str, code: &str, reason: &str) {
    let place = with(|o| o.place.clone());
    if what == "join"
        && let Place::Room(room) | Place::Joining(room) = &place
    {
        if code == "unknown-token" {
            tokens::forget(room);
        }
        with(|o| o.place = Place::Joining(room.clone()));
        if code != "no-room" {
            send(&messages::list());
        }
    }
    if what == "watch" && code == "no-room" {
        with(|o| o.place = Place::Lobby);
    }
    let why = why_words(crate::i18n::lang(), code, reason);
    with(|o| {
        o.sent_in = None;
        o.problem = Some(crate::i18n::tf(refusal_key(what), &[("why", &why)]));
    });
}

/// Why something was refused, in `lang`: in English the server's reason
/// (it names the particulars); in another language the sentence of the
/// refusal's code, the reason only where the code is unknown.
pub fn why_words(lang: crate::i18n::Lang, code: &str, reason: &str) -> String {
    if lang == crate::i18n::Lang::En && !reason.is_empty() {
        return reason.to_string();
    }
    let key = match code {
        "binary-frame" => "online-why-binary-frame",
        "bad-message" => "online-why-bad-message",
        "too-many-rooms" => "online-why-too-many-rooms",
        "server-full" => "online-why-server-full",
        "bad-room" => "online-why-bad-room",
        "no-room" => "online-why-no-room",
        "room-closed" => "online-why-room-closed",
        "already-in" => "online-why-already-in",
        "bad-name" => "online-why-bad-name",
        "unknown-token" => "online-why-unknown-token",
        "no-such-seat" => "online-why-no-such-seat",
        "bot-seat" => "online-why-bot-seat",
        "client-seat" => "online-why-client-seat",
        "seat-taken" => "online-why-seat-taken",
        "no-open-seat" => "online-why-no-open-seat",
        "taken-back" => "online-why-taken-back",
        "not-in-room" => "online-why-not-in-room",
        "watcher" => "online-why-watcher",
        "wrong-seat" => "online-why-wrong-seat",
        "waiting" => "online-why-waiting",
        "over" => "online-why-over",
        "not-your-turn" => "online-why-not-your-turn",
        "stale" => "online-why-stale",
        "illegal" => "online-why-illegal",
        "bad-chat" => "online-why-bad-chat",
        _ => return reason.to_string(),
    };
    crate::i18n::t_in(lang, key).unwrap_or_else(|| reason.to_string())
}

/// The words that introduce a refusal of `what`.
fn refusal_key(what: &str) -> &'static str {
    match what {
        "create" => "online-refused-create",
        "join" | "watch" => "online-refused-join",
        "act" => "online-refused-act",
        "chat" => "online-refused-chat",
        _ => "online-refused-other",
    }
}

/// Take a seat of `room` (`None`: the first open one) under the name typed.
fn sit(room: &str, seat: Option<u8>) {
    let name = with(|o| o.fields.get("online-name", ""));
    let name = messages::clean_name(&name);
    if let Some(n) = &name {
        tokens::keep_name(n);
    }
    send(&messages::join(room, seat, name.as_deref(), None));
}

/// Make a room from the form.
fn create() {
    let Some(g) = game() else { return };
    let g = g.borrow();
    let counts = g.seat_counts();
    let seats = with(|o| {
        let n: usize = o
            .fields
            .get(
                "online-seat-count",
                &counts.first().copied().unwrap_or(2).to_string(),
            )
            .parse()
            .unwrap_or(2);
        let seats: Vec<String> = (0..n)
            .map(|i| {
                let kind = o
                    .fields
                    .get(&format!("online-seat-{i}"), view::default_kind(i));
                if kind == "person" || kind == "client" {
                    kind
                } else {
                    format!("bot:{kind}")
                }
            })
            .collect();
        o.made_with_person = seats.iter().any(|s| s == "person");
        seats
    });
    let room = with(|o| messages::NewRoom {
        options: g.options(&o.fields),
        map: g.map(&o.fields),
        clock_ms: o
            .fields
            .get("online-clock", "off")
            .parse::<u64>()
            .ok()
            .map(|s| s * 1000),
        takeover_s: o
            .fields
            .get("online-takeover", "")
            .trim()
            .parse::<u64>()
            .ok()
            .map(|s| s.min(messages::MAX_TAKEOVER_S)),
    });
    send(&messages::create(g.ruleset(), &seats, &room));
}

/// Count the clock's words down once a second while a clock runs (one
/// timer at a time; it stops by itself when the clock stops).
fn tick() {
    let start = with(|o| {
        let start = (o.clock_until.is_some() || o.turn_until.is_some()) && !o.ticking;
        if start {
            o.ticking = true;
        }
        start
    });
    if !start {
        return;
    }
    fn next() {
        crate::dom::after(1000.0, || {
            let running = with(|o| {
                let running = (o.clock_until.is_some() || o.turn_until.is_some()) && active();
                o.ticking = running;
                running
            });
            if running {
                view::show_clock();
                next();
            }
        });
    }
    next();
}

/// Read a view or an action the server sent as the game's own type, by
/// the one reader of the game's JSON a module holds (the AI worker's,
/// `tabula_engine::plain`); `None` when it does not read.
pub fn read<T: serde::de::DeserializeOwned>(value: &Value) -> Option<T> {
    tabula_engine::plain::from_value(value).ok()
}

/// Read the server's legal actions: one that does not read stays in its
/// place as `None`, so the places in the list the server sent stay right.
pub fn read_all<T: serde::de::DeserializeOwned>(values: &[Value]) -> Vec<Option<T>> {
    values.iter().map(read).collect()
}

/// The legal actions a page's picks (a piece picked, a first tap) were
/// made among: when the server sends others, the picks no longer hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PickedAmong(Vec<Value>);

impl PickedAmong {
    /// Whether `legal` differs from the actions the picks were made among
    /// (which from now on are `legal`): then the page drops its picks.
    pub fn changed(&mut self, legal: &[Value]) -> bool {
        if self.0 == legal {
            return false;
        }
        self.0 = legal.to_vec();
        true
    }
}

/// The actions this browser's seat may take now (empty while one sent
/// is on its way), for a page that picks one by a click of its own (a
/// cell of its board) and plays it with [`play`].
pub fn legal() -> Vec<Value> {
    with(|o| match (&o.state, o.sent_in, &o.link) {
        (Some(s), None, Link::Open) => s.legal.clone(),
        _ => Vec::new(),
    })
}

/// The view this browser last received (its seat's, or a watcher's).
pub fn view() -> Option<Value> {
    with(|o| o.state.as_ref().map(|s| s.view.clone()))
}

/// Play the action at `index` of [`legal`].
pub fn play(index: usize) {
    act(index);
}

/// Draw online play again (after a page's own pick changed what its
/// game shows).
pub fn redraw() {
    render();
}

/// Play the action at `index` of `legal`.
fn act(index: usize) {
    with(|o| {
        let Some(s) = &o.state else { return };
        if o.sent_in.is_some() || o.link != Link::Open {
            return;
        }
        let Some(action) = s.legal.get(index) else {
            return;
        };
        let text = messages::act(&s.room, s.state, action);
        o.sent_in = Some(s.state);
        o.problem = None;
        send_on(o, &text);
    });
    render();
}

/// A command from a button of online play (`data-online`).
fn command(cmd: &str) {
    let (name, arg) = cmd.split_once(':').unwrap_or((cmd, ""));
    match name {
        "close" => {
            close();
            return;
        }
        "create" => create(),
        "list" => send(&messages::list()),
        "join" => {
            with(|o| {
                o.place = Place::Joining(arg.to_string());
                o.problem = None;
            });
            let held = tokens::load();
            if let Some(h) = tokens::find(&held, arg) {
                send(&messages::join(arg, None, None, Some(&h.token)));
            }
        }
        "sit" => {
            if let Place::Joining(room) = with(|o| o.place.clone()) {
                sit(&room, arg.parse().ok());
            }
        }
        "watch" => {
            let room = if arg.is_empty() {
                match with(|o| o.place.clone()) {
                    Place::Joining(r) => r,
                    _ => return,
                }
            } else {
                arg.to_string()
            };
            send(&messages::watch(&room));
        }
        "lobby" => {
            with(|o| {
                if let Place::Room(r) = &o.place {
                    send_on(o, &messages::leave(r));
                }
                o.place = Place::Lobby;
                o.state = None;
                o.clock_until = None;
                o.turn_until = None;
                o.turn_until = None;
                o.seat = None;
                o.chat.clear();
                o.record = None;
                o.problem = None;
            });
            if messages::room_of_fragment(&crate::dom::fragment()).is_some() {
                crate::dom::consume_fragment();
            }
            send(&messages::list());
        }
        "copy" => {
            if let Place::Room(r) = with(|o| o.place.clone()) {
                crate::dom::copy_text(&view::room_link(&r));
                with(|o| o.copied = true);
            }
        }
        "say" => {
            let text = with(|o| o.fields.get("online-chat-text", ""));
            if let (Some(t), Place::Room(r)) =
                (messages::clean_chat(&text), with(|o| o.place.clone()))
            {
                send(&messages::chat(&r, &t));
                with(|o| o.fields.set("online-chat-text", String::new()));
            }
        }
        "save" => {
            let (record, room) = with(|o| (o.record.clone(), o.place.clone()));
            if let (Some(r), Place::Room(id)) = (record, room) {
                let ruleset = game().map(|g| g.borrow().ruleset()).unwrap_or("game");
                crate::records::save(&r, &format!("{ruleset}-online-{id}.json"));
            }
        }
        "replay" => {
            if let Some(r) = with(|o| o.record.clone())
                && let Some(g) = game()
            {
                close();
                g.borrow_mut().replay(&r);
            }
            return;
        }
        "retry" => {
            with(|o| o.link = Link::Idle);
            connect_or_list();
        }
        _ => {}
    }
    render();
}

/// A field of the online dialogs changed.
fn field_changed(id: &str, value: String) {
    let redraw = id == "online-seat-count" || id.starts_with("online-opt-");
    with(|o| o.fields.set(id, value));
    if redraw {
        render();
    }
}

/// Draw online play from its state.
fn render() {
    if !active() {
        return;
    }
    view::render();
}

#[cfg(test)]
mod tests {
    use super::why_words;
    use crate::i18n::{Lang, use_lang};

    /// Every refusal code the protocol writes down is said in German in
    /// German words, never the server's English reason; in English the
    /// reason with its particulars.
    #[test]
    fn every_refusal_code_has_its_sentence_in_both_languages() {
        let doc = include_str!("../../../../docs/online.md");
        let codes: Vec<&str> = doc
            .lines()
            .skip_while(|l| !l.starts_with("| code | why |"))
            .skip(2)
            .take_while(|l| l.starts_with("| `"))
            .filter_map(|l| l.split('`').nth(1))
            .collect();
        assert!(codes.len() >= 20, "{codes:?}");
        let reason = "room abc: the server's reason";
        for code in codes {
            use_lang(Some(Lang::De));
            let de = why_words(Lang::De, code, reason);
            use_lang(Some(Lang::En));
            let en_alone = why_words(Lang::En, code, "");
            assert_ne!(de, reason, "{code} has no German sentence");
            assert_ne!(en_alone, "", "{code} has no English sentence");
            assert_ne!(de, en_alone, "{code}: the same words in both languages");
            assert_eq!(why_words(Lang::En, code, reason), reason);
        }
        use_lang(None);
        // An unknown code falls back to the reason.
        assert_eq!(why_words(Lang::De, "new-code", reason), reason);
    }
}
