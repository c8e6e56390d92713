//! A hosted room: a room of the WebSocket lobby whose games are held by
//! another face (the 2009 Vector tournament, say), with seats for people
//! on the page beside that face's TCP clients.
//!
//! The host owns the games, their clocks and their record; it shows the
//! room each change ([`Show`]: every seat's own view and legal actions,
//! the public view, who sits where) and hears each person's action
//! ([`HostHears`]) to check by the rules itself. The room speaks the
//! same messages as any room (`joined`, `state`, `act`, `refused`,
//! `chat`, `record`), so a page plays in it as in any other: the state
//! number an action carries, seat tokens to come back with. A person's
//! seat may change from game to game (a tournament's seatings): the room
//! then sends `joined` again with the new seat and the same token.

use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::{Value, json};
use tabula_engine::{Seat, ToMove};

use super::protocol::{MAX_CHAT_CHARS, RoomShown, SeatShown, StateMsg, Why};
use super::room::{ConnId, Out, RoomIn, refusal};
use super::rooms::{Hub, random_id};
use super::store::token_hash;

/// One person's place as the host shows it.
#[derive(Clone, Debug)]
pub struct PlaceView {
    /// The person's seat in the game shown.
    pub seat: Seat,
    /// `player_view(seat)` as JSON.
    pub view: Value,
    /// The seat's legal actions while the host waits for its decision
    /// (empty otherwise).
    pub legal: Vec<Value>,
    /// When the host stops waiting for that decision.
    pub deadline: Option<Instant>,
}

/// What the host shows after a change.
#[derive(Clone, Debug)]
pub struct Show {
    /// `waiting`, `playing` or `over`.
    pub phase: &'static str,
    /// The state number of the game shown (an action must carry it).
    pub state: u64,
    /// Who is to act.
    pub to_move: ToMove,
    /// The seats of the game shown (a person's status is the room's).
    pub seats: Vec<SeatShown>,
    /// The public view (a watcher's).
    pub public: Value,
    /// Each person's place, in the order of the places.
    pub places: Vec<PlaceView>,
}

/// What the room hears from a person for its host.
#[derive(Clone, Debug, PartialEq)]
pub enum HostHears {
    /// A person took place `place` under `name`.
    Seated {
        /// The place.
        place: usize,
        /// The name given (cleaned, or the place's default).
        name: String,
    },
    /// The person at `place` chose `action` in the state shown.
    Act {
        /// The place.
        place: usize,
        /// The action, in the ruleset's JSON form.
        action: Value,
        /// The deadline of the question it answers (as shown): the host
        /// takes it for that question only, never for a later one.
        deadline: Option<Instant>,
    },
}

enum Msg {
    Room(RoomIn),
    Show(Box<Show>),
    Refuse(usize, String),
    Record(String),
}

/// The host's end of a hosted room.
pub struct Host {
    /// The room's id.
    pub id: String,
    tx: Sender<Msg>,
    /// What the people do.
    pub hears: tokio::sync::mpsc::UnboundedReceiver<HostHears>,
    hub: Arc<Hub>,
}

impl Host {
    /// Show a change.
    pub fn show(&self, show: Show) {
        self.tx.send(Msg::Show(Box::new(show))).ok();
    }

    /// Tell the person at `place` why its action was not taken.
    pub fn refuse(&self, place: usize, reason: String) {
        self.tx.send(Msg::Refuse(place, reason)).ok();
    }

    /// Send everyone a game's record (the page offers to save it).
    pub fn record(&self, text: String) {
        self.tx.send(Msg::Record(text)).ok();
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        // The lobby lists the room no more; who is in it stays until
        // they leave.
        self.hub.forget(&self.id);
    }
}

/// Open a hosted room of `ruleset` with one place per name in `names`
/// (each changed by who takes it), showing `first`, listed in `hub`'s
/// lobby (as it shows `first` from the start).
pub fn open(
    hub: &Arc<Hub>,
    ruleset: &'static str,
    names: Vec<String>,
    first: Show,
) -> Result<Host, String> {
    let id = random_id(8);
    let (room_tx, room_rx) = std::sync::mpsc::channel::<RoomIn>();
    let (tx, rx) = std::sync::mpsc::channel::<Msg>();
    let (hears_tx, hears) = tokio::sync::mpsc::unbounded_channel();
    let shown = Arc::new(Mutex::new(RoomShown {
        room: id.clone(),
        ruleset: ruleset.to_string(),
        phase: "waiting",
        seats: Vec::new(),
        state: 0,
        watchers: 0,
    }));
    let forward = tx.clone();
    std::thread::Builder::new()
        .name(format!("hosted-in-{id}"))
        .spawn(move || {
            for m in room_rx {
                if forward.send(Msg::Room(m)).is_err() {
                    return;
                }
            }
        })
        .map_err(|e| format!("cannot start the room: {e}"))?;
    let room = Hosted {
        id: id.clone(),
        ruleset,
        places: names
            .into_iter()
            .zip(
                first
                    .places
                    .iter()
                    .map(|v| Some(v.clone()))
                    .chain(std::iter::repeat(None)),
            )
            .map(|(name, now)| Place {
                name,
                token_hash: None,
                conn: None,
                told_seat: None,
                now,
            })
            .collect(),
        members: BTreeMap::new(),
        show: Some(first),
        shown: shown.clone(),
        hears: hears_tx,
        record: None,
        tokens: BTreeMap::new(),
    };
    room.update_shown();
    std::thread::Builder::new()
        .name(format!("hosted-{id}"))
        .spawn(move || room.run(rx))
        .map_err(|e| format!("cannot start the room: {e}"))?;
    hub.add_hosted(&id, room_tx, shown)?;
    Ok(Host {
        id,
        tx,
        hears,
        hub: hub.clone(),
    })
}

struct Place {
    name: String,
    token_hash: Option<String>,
    conn: Option<ConnId>,
    /// The seat last told to its connection (`joined`).
    told_seat: Option<Seat>,
    now: Option<PlaceView>,
}

impl Place {
    fn status(&self) -> &'static str {
        match (&self.token_hash, self.conn) {
            (None, _) => "open",
            (Some(_), Some(_)) => "connected",
            (Some(_), None) => "reconnecting",
        }
    }
}

struct Member {
    out: Out,
    place: Option<usize>,
}

struct Hosted {
    id: String,
    ruleset: &'static str,
    places: Vec<Place>,
    members: BTreeMap<ConnId, Member>,
    show: Option<Show>,
    shown: Arc<Mutex<RoomShown>>,
    hears: tokio::sync::mpsc::UnboundedSender<HostHears>,
    record: Option<String>,
    /// The token of each place while its person is connected (the room
    /// keeps only hashes otherwise): a seat change is told with it.
    tokens: BTreeMap<usize, String>,
}

impl Hosted {
    fn run(mut self, rx: Receiver<Msg>) {
        self.update_shown();
        for m in rx {
            match m {
                Msg::Room(r) => self.handle(r),
                Msg::Show(s) => {
                    for (p, v) in self.places.iter_mut().zip(&s.places) {
                        p.now = Some(v.clone());
                    }
                    self.show = Some(*s);
                    self.broadcast();
                }
                Msg::Refuse(place, reason) => {
                    if let Some(c) = self.places.get(place).and_then(|p| p.conn) {
                        self.send_to(c, refusal("act", Why::Illegal, &reason));
                    }
                }
                Msg::Record(text) => {
                    let msg =
                        json!({"type": "record", "room": self.id, "record": text}).to_string();
                    self.record = Some(msg.clone());
                    self.tell_all(&msg);
                }
            }
        }
    }

    fn phase(&self) -> &'static str {
        self.show.as_ref().map_or("waiting", |s| s.phase)
    }

    /// The seats shown, a person's status the room's own.
    fn seats(&self) -> Vec<SeatShown> {
        let mut seats = self
            .show
            .as_ref()
            .map(|s| s.seats.clone())
            .unwrap_or_default();
        for p in &self.places {
            if let Some(s) = p.now.as_ref().and_then(|v| seats.get_mut(v.seat as usize)) {
                s.status = p.status();
                s.name = p.name.clone();
                s.kind = "person".into();
            }
        }
        seats
    }

    fn update_shown(&self) {
        if let Ok(mut s) = self.shown.lock() {
            s.phase = self.phase();
            s.seats = self.seats();
            s.state = self.show.as_ref().map_or(0, |s| s.state);
            s.watchers = self.members.values().filter(|m| m.place.is_none()).count();
        }
    }

    fn send_to(&mut self, conn: ConnId, text: String) {
        let ok = self.members.get(&conn).is_some_and(|m| m.out.send(text));
        if !ok {
            self.depart(conn);
        }
    }

    fn tell_all(&mut self, text: &str) {
        let ids: Vec<ConnId> = self.members.keys().copied().collect();
        for c in ids {
            self.send_to(c, text.to_string());
        }
    }

    fn broadcast(&mut self) {
        self.update_shown();
        let ids: Vec<ConnId> = self.members.keys().copied().collect();
        for c in ids {
            // A person whose seat changed (a new game) hears it first.
            let place = self.members.get(&c).and_then(|m| m.place);
            if let Some(p) = place
                && let Some(seat) = self.places[p].now.as_ref().map(|v| v.seat)
                && self.places[p].told_seat != Some(seat)
            {
                self.places[p].told_seat = Some(seat);
                let token = self.members_token(p);
                self.send_to(
                    c,
                    json!({"type": "joined", "room": self.id, "seat": seat, "token": token})
                        .to_string(),
                );
            }
            if let Some(text) = self.state_for(c) {
                self.send_to(c, text);
            }
        }
    }

    /// The token of the person at `place` (while connected).
    fn members_token(&self, place: usize) -> String {
        self.tokens.get(&place).cloned().unwrap_or_default()
    }

    fn state_for(&self, conn: ConnId) -> Option<String> {
        let show = self.show.as_ref()?;
        let place = self.members.get(&conn)?.place;
        let seats = self.seats();
        let (you, view, legal, clock_ms) = match place.and_then(|p| self.places[p].now.as_ref()) {
            Some(v) => (
                Some(v.seat),
                v.view.clone(),
                if show.phase == "playing" {
                    v.legal.clone()
                } else {
                    Vec::new()
                },
                v.deadline
                    .filter(|_| !v.legal.is_empty())
                    .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
            ),
            None => (None, show.public.clone(), Vec::new(), None),
        };
        let msg = StateMsg {
            kind: "state",
            room: &self.id,
            ruleset: self.ruleset,
            phase: show.phase,
            state: show.state,
            to_move: show.to_move,
            seats: &seats,
            you,
            view,
            legal,
            clock_ms,
            turn_clock_ms: None,
        };
        serde_json::to_string(&msg).ok()
    }

    fn handle(&mut self, m: RoomIn) {
        match m {
            RoomIn::Join {
                conn,
                out,
                seat,
                name,
                token,
            } => self.join(conn, out, seat, name, token),
            RoomIn::Watch { conn, out } => {
                if self.members.contains_key(&conn) {
                    out.send(refusal(
                        "watch",
                        Why::AlreadyIn,
                        &format!("you are in room {} already", self.id),
                    ));
                    return;
                }
                out.send(json!({"type": "watching", "room": self.id}).to_string());
                self.members.insert(conn, Member { out, place: None });
                self.update_shown();
                if let Some(t) = self.state_for(conn) {
                    self.send_to(conn, t);
                }
            }
            RoomIn::Act {
                conn,
                out,
                seat,
                state,
                action,
            } => self.act(conn, &out, seat, state, action),
            RoomIn::Chat { conn, out, text } => self.chat(conn, &out, text),
            RoomIn::Leave { conn } => self.depart(conn),
            RoomIn::Seat { reply, .. } => {
                reply
                    .send(Err(format!(
                        "room {} has no seat for a client of another port",
                        self.id
                    )))
                    .ok();
            }
            RoomIn::AgentLine { .. } => {}
        }
    }

    fn join(
        &mut self,
        conn: ConnId,
        out: Out,
        seat: Option<u8>,
        name: Option<String>,
        token: Option<String>,
    ) {
        let id = self.id.clone();
        let no = |code: Why, why: String| {
            out.send(refusal("join", code, &why));
        };
        if self.members.contains_key(&conn) {
            return no(Why::AlreadyIn, format!("you are in room {id} already"));
        }
        if let Some(n) = &name
            && let Some(p) = tabula_engine::limits::name_problem(n)
        {
            return no(Why::BadName, format!("room {id}: name: {p}"));
        }
        let place = match (&token, seat) {
            (Some(t), _) => {
                let h = token_hash(t);
                match self
                    .places
                    .iter()
                    .position(|p| p.token_hash.as_deref() == Some(h.as_str()))
                {
                    Some(p) => p,
                    None => {
                        return no(
                            Why::UnknownToken,
                            format!("room {id}: the seat token is not one of this room's"),
                        );
                    }
                }
            }
            (None, Some(s)) => match self
                .places
                .iter()
                .position(|p| p.now.as_ref().is_some_and(|v| v.seat == s))
            {
                Some(p) if self.places[p].token_hash.is_none() => p,
                Some(_) => {
                    return no(
                        Why::SeatTaken,
                        format!(
                            "seat {s} of room {id} is taken; a person coming back to it gives its token"
                        ),
                    );
                }
                None => {
                    return no(
                        Why::ClientSeat,
                        format!(
                            "seat {s} of room {id} is played by a client of the server's {} port",
                            self.ruleset
                        ),
                    );
                }
            },
            (None, None) => match self.places.iter().position(|p| p.token_hash.is_none()) {
                Some(p) => p,
                None => {
                    return no(
                        Why::NoOpenSeat,
                        format!("room {id} has no open seat; watch it instead"),
                    );
                }
            },
        };
        if let Some(old) = self.places[place].conn.take()
            && let Some(m) = self.members.remove(&old)
        {
            m.out.send(refusal(
                "join",
                Why::TakenBack,
                &format!(
                    "your seat in room {id} was taken back with its token by another connection"
                ),
            ));
        }
        let first = self.places[place].token_hash.is_none();
        let token = match token {
            Some(t) if !first => t,
            _ => random_id(16),
        };
        if first {
            let given = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
            if let Some(n) = given {
                self.places[place].name = n;
            }
            self.hears
                .send(HostHears::Seated {
                    place,
                    name: self.places[place].name.clone(),
                })
                .ok();
        }
        let p = &mut self.places[place];
        p.token_hash = Some(token_hash(&token));
        p.conn = Some(conn);
        let seat = p.now.as_ref().map_or(place as Seat, |v| v.seat);
        p.told_seat = Some(seat);
        self.tokens.insert(place, token.clone());
        out.send(json!({"type": "joined", "room": id, "seat": seat, "token": token}).to_string());
        self.members.insert(
            conn,
            Member {
                out,
                place: Some(place),
            },
        );
        self.broadcast();
        if let Some(r) = self.record.clone() {
            self.send_to(conn, r);
        }
    }

    fn act(&mut self, conn: ConnId, out: &Out, named: Option<u8>, state: u64, action: Value) {
        let id = self.id.clone();
        let no = |code: Why, why: String| {
            out.send(refusal("act", code, &why));
        };
        let Some(member) = self.members.get(&conn) else {
            return no(
                Why::NotInRoom,
                format!("you are not in room {id}; join a seat or watch first"),
            );
        };
        let Some(place) = member.place else {
            return no(
                Why::Watcher,
                format!("you watch room {id} and hold no seat; only a seat acts"),
            );
        };
        let Some(v) = self.places[place].now.as_ref() else {
            return no(Why::Waiting, format!("room {id} waits for its players"));
        };
        if let Some(n) = named
            && n != v.seat
        {
            return no(
                Why::WrongSeat,
                format!(
                    "you sit in seat {} of room {id}; this action names seat {n}",
                    v.seat
                ),
            );
        }
        let now = self.show.as_ref().map_or(0, |s| s.state);
        if self.phase() != "playing" || v.legal.is_empty() {
            return no(
                Why::NotYourTurn,
                format!("room {id}: it is not your seat's turn"),
            );
        }
        if state != now {
            return no(
                Why::Stale,
                format!(
                    "room {id}, seat {}: the action was chosen in state {state}, but the game is at state {now} (stale or sent twice); choose again from the newest state",
                    v.seat
                ),
            );
        }
        let deadline = v.deadline;
        self.hears
            .send(HostHears::Act {
                place,
                action,
                deadline,
            })
            .ok();
    }

    fn chat(&mut self, conn: ConnId, out: &Out, text: String) {
        let id = self.id.clone();
        let Some(member) = self.members.get(&conn) else {
            out.send(refusal(
                "chat",
                Why::NotInRoom,
                &format!("you are not in room {id}; join a seat or watch first"),
            ));
            return;
        };
        let text = text.trim().to_string();
        let n = text.chars().count();
        if text.is_empty() || n > MAX_CHAT_CHARS || text.chars().any(char::is_control) {
            out.send(refusal(
                "chat",
                Why::BadChat,
                &format!(
                    "room {id}: a chat line is 1 to {MAX_CHAT_CHARS} characters of plain text"
                ),
            ));
            return;
        }
        let (seat, from) = match member.place {
            Some(p) => (
                self.places[p].now.as_ref().map(|v| v.seat),
                self.places[p].name.clone(),
            ),
            None => (None, "a watcher".to_string()),
        };
        let msg = json!({"type": "chat", "room": id, "seat": seat, "from": from, "text": text})
            .to_string();
        self.tell_all(&msg);
    }

    fn depart(&mut self, conn: ConnId) {
        let Some(m) = self.members.remove(&conn) else {
            return;
        };
        if let Some(p) = m.place
            && self.places[p].conn == Some(conn)
        {
            self.places[p].conn = None;
            self.tokens.remove(&p);
        }
        self.update_shown();
        let msg = json!({"type": "seats", "room": self.id, "seats": self.seats(), "takeover_s": 0})
            .to_string();
        self.tell_all(&msg);
    }
}
