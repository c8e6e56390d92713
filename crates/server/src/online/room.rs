//! One room: a game under the contract, its seats, the connections in
//! it, its bots and clocks, written to disk after every change.
//!
//! A room runs on a thread of its own and hears its connections through
//! a channel ([`RoomIn`]); it answers each connection through that
//! connection's bounded queue ([`Out`]). A bot thinking, or a client that
//! stopped reading, holds up no other room: a full queue drops its
//! connection from the room (its seat shows `reconnecting`).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::Message;
use serde_json::{Value, json};
use tabula_engine::{Seat, ToMove};

use super::agent::{AgentSays, RoomNow, SeatAgent, SeatReply};
use super::dyn_game::RoomGame;
use super::protocol::{MAX_CHAT_CHARS, RoomShown, SeatShown, StateMsg, Why};
use super::store::token_hash;
use super::store::{ROOM_FORMAT, ROOM_VERSION, RoomFile, SeatFile};

/// A connection's number, unique in the server.
pub type ConnId = u64;

/// Where a room writes to one connection: a bounded queue; `false` when
/// the connection is gone or has stopped reading.
#[derive(Clone, Debug)]
pub struct Out(pub tokio::sync::mpsc::Sender<Message>);

impl Out {
    /// Queue a text frame.
    pub fn send(&self, text: String) -> bool {
        self.0.try_send(Message::Text(text.into())).is_ok()
    }
}

/// A message for a room.
#[derive(Debug)]
pub enum RoomIn {
    /// Sit at a seat, or take one back with its token.
    Join {
        /// Who.
        conn: ConnId,
        /// Their queue.
        out: Out,
        /// The seat wanted.
        seat: Option<u8>,
        /// The name shown.
        name: Option<String>,
        /// A seat token.
        token: Option<String>,
    },
    /// Watch.
    Watch {
        /// Who.
        conn: ConnId,
        /// Their queue.
        out: Out,
    },
    /// Play an action.
    Act {
        /// Who.
        conn: ConnId,
        /// Their queue (for a refusal).
        out: Out,
        /// The seat named, if any.
        seat: Option<u8>,
        /// The state number it was chosen in.
        state: u64,
        /// The action.
        action: Value,
    },
    /// Say something.
    Chat {
        /// Who.
        conn: ConnId,
        /// Their queue (for a refusal).
        out: Out,
        /// What.
        text: String,
    },
    /// Leave (or the connection closed).
    Leave {
        /// Who.
        conn: ConnId,
    },
    /// A client of another face (a TCP port) takes a `client` seat.
    Seat {
        /// Who (a number from the same hub as the WebSocket connections).
        conn: ConnId,
        /// Its face's translator.
        agent: Box<dyn SeatAgent>,
        /// The name shown for the seat.
        name: String,
        /// Told the seat, or why not.
        reply: SeatReply,
    },
    /// A line from such a client.
    AgentLine {
        /// Who.
        conn: ConnId,
        /// The line.
        text: String,
    },
}

/// The mark a `client` seat holds while a client has it (in the place of
/// a person's token hash: a client of another face has no token).
const CLIENT_MARK: &str = "client";

/// A seat while the server runs.
struct SeatNow {
    file: SeatFile,
    /// The connection sitting there.
    conn: Option<ConnId>,
    /// When its person went away (a bot takes over `takeover` later).
    gone_since: Option<Instant>,
    /// A `client` seat's translator while its client is there.
    agent: Option<Box<dyn SeatAgent>>,
}

impl SeatNow {
    /// Whether someone (a person, or a client of another face) plays it.
    fn is_person(&self) -> bool {
        !self.file.kind.starts_with("bot:")
    }

    /// Whether a client of another face (a TCP port) plays it.
    fn is_client(&self) -> bool {
        self.file.kind == "client"
    }

    /// Whether a client of another face holds it (a `client` seat, or a
    /// `person` seat a client took while it was open).
    fn held_by_client(&self) -> bool {
        self.file.token_hash.as_deref() == Some(CLIENT_MARK)
    }

    /// The bot that plays this seat now, if a bot does.
    fn bot<'a>(&'a self, stand_in: &'a str) -> Option<&'a str> {
        match self.file.kind.strip_prefix("bot:") {
            Some(spec) => Some(spec),
            None if self.file.taken_over => Some(stand_in),
            None => None,
        }
    }

    fn status(&self) -> &'static str {
        if !self.is_person() || self.file.taken_over {
            "bot"
        } else if self.conn.is_some() {
            "connected"
        } else if self.file.token_hash.is_none() {
            "open"
        } else {
            "reconnecting"
        }
    }
}

/// A member of the room: a connection at a seat or watching.
struct Member {
    out: Out,
    seat: Option<Seat>,
}

/// A room's settings and state.
pub struct Room {
    id: String,
    ruleset: &'static str,
    game: Box<dyn RoomGame>,
    seats: Vec<SeatNow>,
    members: BTreeMap<ConnId, Member>,
    clock: Option<Duration>,
    takeover: Duration,
    stand_in: String,
    started: bool,
    dir: Option<PathBuf>,
    shown: Arc<Mutex<RoomShown>>,
    /// When the current decision began (for the clock).
    decision_since: Instant,
    /// A bot failed in this state: no bot plays until it changes.
    bot_stuck: Option<u64>,
    /// Whether a write to disk has failed (said once).
    save_failed: bool,
    /// Actions on disk.
    written: usize,
    /// How long a finished or never-started room stays with nobody in it.
    close_idle: Duration,
    /// Since when nobody is in the room while it is over or waiting.
    idle_since: Option<Instant>,
    /// Told when the room closes (the server forgets it).
    on_close: Option<Box<dyn FnOnce() + Send>>,
    /// Per seat: a fingerprint of its legal actions and the state number
    /// since which they have been those (see [`Room::act`]).
    legal_since: Vec<(u64, u64)>,
    /// The seat that played the last action (for the agents' update).
    last_actor: Option<Seat>,
}

/// What a new or resumed room is made of.
pub struct RoomSetup {
    /// Its id.
    pub id: String,
    /// Its ruleset's name.
    pub ruleset: &'static str,
    /// The game.
    pub game: Box<dyn RoomGame>,
    /// The seats.
    pub seats: Vec<SeatFile>,
    /// A person's clock per decision.
    pub clock_ms: Option<u64>,
    /// Seconds before a bot takes a disconnected person's seat.
    pub takeover_s: u64,
    /// The bot that stands in for people.
    pub stand_in: String,
    /// Whether play has started.
    pub started: bool,
    /// Where to write it.
    pub dir: Option<PathBuf>,
    /// Its line in the room list, kept up to date.
    pub shown: Arc<Mutex<RoomShown>>,
    /// How long the room stays, over or still waiting, with nobody in it
    /// before it closes.
    pub close_idle: Duration,
    /// Called once when the room closes.
    pub on_close: Box<dyn FnOnce() + Send>,
}

impl Room {
    /// A room from its setup; people who held seats (a resumed room) are
    /// `reconnecting` from now.
    pub fn new(setup: RoomSetup) -> Room {
        let now = Instant::now();
        let seats = setup
            .seats
            .into_iter()
            .map(|file| SeatNow {
                gone_since: file.token_hash.is_some().then_some(now),
                file,
                conn: None,
                agent: None,
            })
            .collect();
        let mut room = Room {
            id: setup.id,
            ruleset: setup.ruleset,
            game: setup.game,
            seats,
            members: BTreeMap::new(),
            clock: setup.clock_ms.map(Duration::from_millis),
            takeover: Duration::from_secs(setup.takeover_s),
            stand_in: setup.stand_in,
            started: setup.started,
            dir: setup.dir,
            shown: setup.shown,
            decision_since: now,
            bot_stuck: None,
            save_failed: false,
            written: 0,
            close_idle: setup.close_idle,
            idle_since: None,
            on_close: Some(setup.on_close),
            legal_since: Vec::new(),
            last_actor: None,
        };
        room.update_shown();
        room.note_legal();
        room
    }

    /// Run the room until the server drops its channel or the room,
    /// finished or never started, has had nobody in it for its
    /// `close_idle`.
    pub fn run(mut self, rx: Receiver<RoomIn>) {
        self.save();
        loop {
            // What has arrived comes first, then one bot action at a time.
            while let Ok(m) = rx.try_recv() {
                self.handle(m);
            }
            if self.bot_turn() {
                continue;
            }
            self.note_idle();
            if self
                .idle_since
                .is_some_and(|t| t + self.close_idle <= Instant::now())
            {
                self.close();
                // What came in meanwhile hears that the room has closed.
                while let Ok(m) = rx.try_recv() {
                    let (what, out) = match m {
                        RoomIn::Join { out, .. } => ("join", out),
                        RoomIn::Watch { out, .. } => ("watch", out),
                        RoomIn::Act { out, .. } => ("act", out),
                        RoomIn::Chat { out, .. } => ("chat", out),
                        RoomIn::Seat { reply, .. } => {
                            reply.send(Err(format!("room {} has closed", self.id))).ok();
                            continue;
                        }
                        RoomIn::Leave { .. } | RoomIn::AgentLine { .. } => continue,
                    };
                    out.send(refusal(
                        what,
                        Why::RoomClosed,
                        &format!("room {:?} has closed", self.id),
                    ));
                }
                return;
            }
            let heard = match self.next_deadline() {
                Some(at) => rx.recv_timeout(at.saturating_duration_since(Instant::now())),
                None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match heard {
                Ok(m) => self.handle(m),
                Err(RecvTimeoutError::Timeout) => self.on_time(),
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    fn phase(&self) -> &'static str {
        if self.game.to_move() == ToMove::Over {
            "over"
        } else if self.started {
            "playing"
        } else {
            "waiting"
        }
    }

    fn playing(&self) -> bool {
        self.phase() == "playing"
    }

    fn seats_shown(&self) -> Vec<SeatShown> {
        self.seats
            .iter()
            .map(|s| SeatShown {
                name: s.file.name.clone(),
                kind: s.file.kind.clone(),
                status: s.status(),
            })
            .collect()
    }

    fn update_shown(&self) {
        let shown = RoomShown {
            room: self.id.clone(),
            ruleset: self.ruleset.to_string(),
            phase: self.phase(),
            seats: self.seats_shown(),
            state: self.game.state_number(),
            watchers: self.members.values().filter(|m| m.seat.is_none()).count(),
        };
        if let Ok(mut s) = self.shown.lock() {
            *s = shown;
        }
    }

    /// Seats to move now.
    fn to_move(&self) -> Vec<Seat> {
        match self.game.to_move() {
            ToMove::Seat(s) => vec![s],
            ToMove::Simultaneous(set) => set.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The record with the names people gave their seats.
    fn record_text(&self) -> String {
        let mut record = self.game.record();
        for (info, seat) in record.seats.iter_mut().zip(&self.seats) {
            info.name = seat.file.name.clone();
        }
        record.to_text()
    }

    fn save(&mut self) {
        let Some(dir) = &self.dir else { return };
        let file = RoomFile {
            format: ROOM_FORMAT.into(),
            version: ROOM_VERSION,
            room: self.id.clone(),
            seats: self.seats.iter().map(|s| s.file.clone()).collect(),
            clock_ms: self.clock.map(|c| c.as_millis() as u64),
            takeover_s: self.takeover.as_secs(),
            stand_in: self.stand_in.clone(),
            started: self.started,
            record: self.game.record(),
        };
        self.written = file.record.actions.len();
        let saved = super::store::save(dir, &file);
        self.said(saved);
    }

    /// Append the actions played since the last write to the room's log.
    fn save_actions(&mut self) {
        let Some(dir) = &self.dir else { return };
        let from = self.written;
        let lines: Vec<super::store::LogLine> = self
            .game
            .actions_from(from)
            .into_iter()
            .enumerate()
            .map(|(i, a)| super::store::LogLine {
                index: from + i,
                seat: a.seat,
                action: a.action,
            })
            .collect();
        self.written = from + lines.len();
        let saved = super::store::append(dir, &self.id, &lines);
        self.said(saved);
    }

    /// Say once that the room cannot be written.
    fn said(&mut self, saved: std::io::Result<()>) {
        if let Err(e) = saved
            && !self.save_failed
        {
            eprintln!("room {}: cannot write its file: {e}", self.id);
            self.save_failed = true;
        }
    }

    /// Send `text` to one member; a member whose queue is full or closed
    /// leaves the room.
    fn send_to(&mut self, conn: ConnId, text: String) {
        let ok = self.members.get(&conn).is_some_and(|m| m.out.send(text));
        if !ok {
            self.depart(conn);
        }
    }

    fn refuse(out: &Out, what: &str, why: Why, reason: String) {
        out.send(refusal(what, why, &reason));
    }

    /// Everyone's state (each their own view), after any change.
    fn broadcast(&mut self) {
        self.update_shown();
        let ids: Vec<ConnId> = self.members.keys().copied().collect();
        for conn in ids {
            let text = self.state_for(conn);
            self.send_to(conn, text);
        }
        self.update_agents();
    }

    /// Tell every seat's agent what changed; play what an agent answers
    /// for its seat itself.
    fn update_agents(&mut self) {
        let acted = self.last_actor.take();
        let seats = self.seats_shown();
        let phase = self.phase();
        let mut answers: Vec<(Seat, Value)> = Vec::new();
        let mut gone: Vec<ConnId> = Vec::new();
        for (i, s) in self.seats.iter_mut().enumerate() {
            let Some(agent) = s.agent.as_mut() else {
                continue;
            };
            let now = RoomNow {
                seat: i as Seat,
                phase,
                seats: &seats,
                acted,
            };
            if let Some(a) = agent.update(&*self.game, &now) {
                answers.push((i as Seat, a));
            }
            if agent.is_gone()
                && let Some(c) = s.conn
            {
                gone.push(c);
            }
        }
        for c in gone {
            self.depart(c);
        }
        if self.playing()
            && let Some((seat, action)) = answers.into_iter().next()
            && self.to_move().contains(&seat)
        {
            match self.game.play(seat, &action) {
                Ok(()) => self.acted(seat),
                Err(e) => eprintln!(
                    "room {}: the face's own answer for seat {seat} was refused: {e}",
                    self.id
                ),
            }
        }
    }

    /// The seat whose agent has connection `conn`.
    fn agent_seat(&self, conn: ConnId) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.agent.is_some() && s.conn == Some(conn))
    }

    /// A client of another face asks for a seat: the first open `client`
    /// seat, else the first open `person` seat (the page offers no
    /// `client` kind: a room it makes is open to both), else a seat whose
    /// client has gone.
    fn seat_agent(
        &mut self,
        conn: ConnId,
        mut agent: Box<dyn SeatAgent>,
        name: String,
        reply: SeatReply,
    ) {
        let id = self.id.clone();
        if self.phase() == "over" {
            reply
                .send(Err(format!("the game in room {id} is over")))
                .ok();
            return;
        }
        let open = |client: bool| {
            self.seats.iter().position(|s| {
                s.is_person() && s.is_client() == client && s.file.token_hash.is_none()
            })
        };
        let open = open(true).or_else(|| open(false)).or_else(|| {
            self.seats
                .iter()
                .position(|s| s.held_by_client() && s.conn.is_none())
        });
        let Some(seat) = open else {
            let why = format!("room {id} has no open seat");
            reply.send(Err(why)).ok();
            return;
        };
        if reply.send(Ok(seat as Seat)).is_err() {
            return;
        }
        agent.seated(seat as Seat, &id);
        let s = &mut self.seats[seat];
        s.file.token_hash = Some(CLIENT_MARK.into());
        s.file.taken_over = false;
        s.file.name = name;
        s.conn = Some(conn);
        s.gone_since = None;
        s.agent = Some(agent);
        if !self.started
            && self
                .seats
                .iter()
                .all(|s| s.file.token_hash.is_some() || !s.is_person())
        {
            self.started = true;
            self.decision_since = Instant::now();
        }
        self.save();
        self.broadcast();
    }

    /// A line from a client of another face.
    fn agent_line(&mut self, conn: ConnId, text: String) {
        let Some(seat) = self.agent_seat(conn) else {
            return;
        };
        let seats = self.seats_shown();
        let phase = self.phase();
        let now = RoomNow {
            seat: seat as Seat,
            phase,
            seats: &seats,
            acted: None,
        };
        let Some(agent) = self.seats[seat].agent.as_mut() else {
            return;
        };
        match agent.line(&*self.game, &now, &text) {
            AgentSays::Nothing => {}
            AgentSays::Chat(text) => {
                let from = self.seats[seat].file.name.clone();
                self.say(Some(seat as Seat), &from, &text);
            }
            AgentSays::Play(action) => {
                let why = if !self.playing() {
                    Some(match phase {
                        "over" => "the game is over".to_string(),
                        _ => "the game has not started".to_string(),
                    })
                } else if !self.to_move().contains(&(seat as Seat)) {
                    Some("it is not this seat's turn".to_string())
                } else {
                    self.game.play(seat as Seat, &action).err()
                };
                match why {
                    None => {
                        self.seats[seat].file.taken_over = false;
                        self.acted(seat as Seat);
                    }
                    Some(why) => {
                        if let Some(agent) = self.seats[seat].agent.as_mut() {
                            agent.refused(&*self.game, &now, &why);
                        }
                    }
                }
            }
        }
    }

    fn state_for(&self, conn: ConnId) -> String {
        let seat = self.members.get(&conn).and_then(|m| m.seat);
        let seats = self.seats_shown();
        let to_move = self.to_move();
        let (view, legal) = match seat {
            Some(s) => {
                let legal = if self.playing() && to_move.contains(&s) {
                    self.game.legal(s)
                } else {
                    Vec::new()
                };
                (self.game.view(s), legal)
            }
            None => (self.game.public_view(), Vec::new()),
        };
        let clock_ms = match (self.clock, seat) {
            (Some(c), Some(s)) if self.playing() && to_move.contains(&s) => {
                Some(c.saturating_sub(self.decision_since.elapsed()).as_millis() as u64)
            }
            _ => None,
        };
        // Everyone else sees the clock of whoever decides now.
        let turn_clock_ms = if self.playing() && clock_ms.is_none() {
            to_move
                .iter()
                .filter(|&&s| Some(s) != seat)
                .filter_map(|&s| self.clock_of(s))
                .map(|c| c.saturating_sub(self.decision_since.elapsed()).as_millis() as u64)
                .min()
        } else {
            None
        };
        let msg = StateMsg {
            kind: "state",
            room: &self.id,
            ruleset: self.ruleset,
            phase: self.phase(),
            state: self.game.state_number(),
            to_move: self.game.to_move(),
            seats: &seats,
            you: seat,
            view,
            legal,
            clock_ms,
            turn_clock_ms,
        };
        serde_json::to_string(&msg).unwrap_or_default()
    }

    fn record_msg(&self) -> String {
        json!({"type": "record", "room": self.id, "record": self.record_text()}).to_string()
    }

    /// After an action: write, tell everyone, and at the end send the record.
    /// Note, for each seat, since which state number its legal actions
    /// have been what they are now.
    fn note_legal(&mut self) {
        use std::hash::{Hash, Hasher};
        let now = self.game.state_number();
        let to_move = self.to_move();
        let n = self.seats.len();
        self.legal_since.resize(n, (0, now));
        for s in 0..n {
            let legal = if to_move.contains(&(s as Seat)) {
                self.game.legal(s as Seat)
            } else {
                Vec::new()
            };
            let mut h = std::collections::hash_map::DefaultHasher::new();
            serde_json::to_string(&legal)
                .unwrap_or_default()
                .hash(&mut h);
            let fp = h.finish();
            if self.legal_since[s].0 != fp {
                self.legal_since[s] = (fp, now);
            }
        }
    }

    /// After `seat`'s own action (its person's or its stand-in's): an
    /// action it chose before counts no more, even where its legal
    /// actions came out the same (an action sent twice is refused).
    fn acted(&mut self, seat: Seat) {
        self.last_actor = Some(seat);
        self.changed();
        let now = self.game.state_number();
        if let Some(l) = self.legal_since.get_mut(seat as usize) {
            l.1 = now;
        }
    }

    fn changed(&mut self) {
        self.note_legal();
        self.decision_since = Instant::now();
        self.bot_stuck = None;
        self.save_actions();
        self.broadcast();
        if self.game.to_move() == ToMove::Over {
            let text = self.record_msg();
            let ids: Vec<ConnId> = self.members.keys().copied().collect();
            for conn in ids {
                self.send_to(conn, text.clone());
            }
        }
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
                    Self::refuse(
                        &out,
                        "watch",
                        Why::AlreadyIn,
                        format!("you are in room {} already", self.id),
                    );
                    return;
                }
                out.send(json!({"type": "watching", "room": self.id}).to_string());
                self.members.insert(conn, Member { out, seat: None });
                self.update_shown();
                let text = self.state_for(conn);
                self.send_to(conn, text);
                if self.game.to_move() == ToMove::Over {
                    let text = self.record_msg();
                    self.send_to(conn, text);
                }
            }
            RoomIn::Act {
                conn,
                out,
                seat,
                state,
                action,
            } => {
                if self.member_or_refuse(conn, &out, "act") {
                    self.act(conn, seat, state, action)
                }
            }
            RoomIn::Chat { conn, out, text } => {
                if self.member_or_refuse(conn, &out, "chat") {
                    self.chat(conn, text)
                }
            }
            RoomIn::Leave { conn } => self.depart(conn),
            RoomIn::Seat {
                conn,
                agent,
                name,
                reply,
            } => self.seat_agent(conn, agent, name, reply),
            RoomIn::AgentLine { conn, text } => self.agent_line(conn, text),
        }
    }

    fn member_or_refuse(&self, conn: ConnId, out: &Out, what: &str) -> bool {
        let member = self.members.contains_key(&conn);
        if !member {
            Self::refuse(
                out,
                what,
                Why::NotInRoom,
                format!(
                    "you are not in room {}; join a seat or watch first",
                    self.id
                ),
            );
        }
        member
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
        if self.members.contains_key(&conn) {
            return Self::refuse(
                &out,
                "join",
                Why::AlreadyIn,
                format!("you are in room {id} already"),
            );
        }
        if let Some(name) = &name
            && let Some(p) = tabula_engine::limits::name_problem(name)
        {
            return Self::refuse(&out, "join", Why::BadName, format!("room {id}: name: {p}"));
        }
        let n = self.seats.len();
        let seat = match (&token, seat) {
            (Some(t), _) => {
                match self
                    .seats
                    .iter()
                    .position(|s| s.file.token_hash.as_deref() == Some(token_hash(t).as_str()))
                {
                    Some(s) => s,
                    None => {
                        return Self::refuse(
                            &out,
                            "join",
                            Why::UnknownToken,
                            format!("room {id}: the seat token is not one of this room's"),
                        );
                    }
                }
            }
            (None, Some(s)) if s as usize >= n => {
                return Self::refuse(
                    &out,
                    "join",
                    Why::NoSuchSeat,
                    format!("room {id} has seats 0 to {}; there is no seat {s}", n - 1),
                );
            }
            (None, Some(s)) => {
                let at = &self.seats[s as usize];
                if !at.is_person() {
                    return Self::refuse(
                        &out,
                        "join",
                        Why::BotSeat,
                        format!("seat {s} of room {id} is a bot's seat ({})", at.file.kind),
                    );
                }
                if at.is_client() {
                    return Self::refuse(
                        &out,
                        "join",
                        Why::ClientSeat,
                        format!(
                            "seat {s} of room {id} is for a client of the server's {} port",
                            self.ruleset
                        ),
                    );
                }
                if at.file.token_hash.is_some() {
                    return Self::refuse(
                        &out,
                        "join",
                        Why::SeatTaken,
                        format!(
                            "seat {s} of room {id} is taken by {}; a person coming back to it gives its token",
                            at.file.name
                        ),
                    );
                }
                s as usize
            }
            (None, None) => match self
                .seats
                .iter()
                .position(|s| s.is_person() && !s.is_client() && s.file.token_hash.is_none())
            {
                Some(s) => s,
                None => {
                    return Self::refuse(
                        &out,
                        "join",
                        Why::NoOpenSeat,
                        format!("room {id} has no open seat; watch it instead"),
                    );
                }
            },
        };
        // A connection that held the seat before gives it up.
        if let Some(old) = self.seats[seat].conn.take()
            && let Some(m) = self.members.remove(&old)
        {
            m.out.send(refusal(
                "join",
                Why::TakenBack,
                &format!(
                    "seat {seat} of room {id} was taken back with its token by another connection"
                ),
            ));
        }
        // A person coming back keeps their token (the file holds only its
        // hash); a seat taken for the first time gets a new one.
        let token = match (token, &self.seats[seat].file.token_hash) {
            (Some(t), Some(_)) => t,
            _ => super::rooms::random_id(16),
        };
        let s = &mut self.seats[seat];
        s.file.token_hash = Some(token_hash(&token));
        s.file.taken_over = false;
        s.conn = Some(conn);
        s.gone_since = None;
        if let Some(name) = name {
            s.file.name = name.trim().to_string();
        }
        out.send(json!({"type": "joined", "room": id, "seat": seat, "token": token}).to_string());
        self.members.insert(
            conn,
            Member {
                out,
                seat: Some(seat as Seat),
            },
        );
        if !self.started
            && self
                .seats
                .iter()
                .all(|s| s.file.token_hash.is_some() || !s.is_person())
        {
            self.started = true;
            self.decision_since = Instant::now();
        }
        self.save();
        self.broadcast();
        if self.game.to_move() == ToMove::Over {
            let text = self.record_msg();
            self.send_to(conn, text);
        }
    }

    fn act(&mut self, conn: ConnId, named: Option<u8>, state: u64, action: Value) {
        let id = self.id.clone();
        let Some(member) = self.members.get(&conn) else {
            return;
        };
        let out = member.out.clone();
        let Some(seat) = member.seat else {
            return Self::refuse(
                &out,
                "act",
                Why::Watcher,
                format!("you watch room {id} and hold no seat; only a seat acts"),
            );
        };
        if let Some(n) = named
            && n != seat
        {
            return Self::refuse(
                &out,
                "act",
                Why::WrongSeat,
                format!("you sit in seat {seat} of room {id}; this action names seat {n}"),
            );
        }
        match self.phase() {
            "waiting" => {
                let open = self
                    .seats
                    .iter()
                    .filter(|s| s.is_person() && s.file.token_hash.is_none())
                    .count();
                return Self::refuse(
                    &out,
                    "act",
                    Why::Waiting,
                    format!(
                        "room {id} waits for {open} more people or clients to take their seats"
                    ),
                );
            }
            "over" => {
                return Self::refuse(
                    &out,
                    "act",
                    Why::Over,
                    format!("the game in room {id} is over"),
                );
            }
            _ => {}
        }
        // An action chosen in an earlier state still counts while the
        // seat's legal actions are the same as then: while several seats
        // choose at once, another seat sealing its choice raises the
        // number but changes nothing this seat sees or may do.
        let now = self.game.state_number();
        let since = self.legal_since.get(seat as usize).map_or(now, |l| l.1);
        if state > now || state < since {
            return Self::refuse(
                &out,
                "act",
                Why::Stale,
                format!(
                    "room {id}, seat {seat}: the action was chosen in state {state}, but the game is at state {now} (stale or sent twice); choose again from the newest state"
                ),
            );
        }
        if self.seats[seat as usize].file.taken_over {
            self.seats[seat as usize].file.taken_over = false;
        }
        match self.game.play(seat, &action) {
            Ok(()) => self.acted(seat),
            Err(why) => Self::refuse(
                &out,
                "act",
                Why::Illegal,
                format!("room {id}, seat {seat}, state {now}: the rules refuse the action: {why}"),
            ),
        }
    }

    fn chat(&mut self, conn: ConnId, text: String) {
        let id = self.id.clone();
        let Some(member) = self.members.get(&conn) else {
            return;
        };
        let out = member.out.clone();
        let seat = member.seat;
        let text = text.trim().to_string();
        let chars = text.chars().count();
        let why = if text.is_empty() {
            Some("the text is empty".to_string())
        } else if chars > MAX_CHAT_CHARS {
            Some(format!(
                "the text has {chars} characters; at most {MAX_CHAT_CHARS} are sent"
            ))
        } else {
            text.chars()
                .find(|c| c.is_control())
                .map(|c| format!("the text holds the control character {c:?}"))
        };
        if let Some(why) = why {
            return Self::refuse(&out, "chat", Why::BadChat, format!("room {id}: {why}"));
        }
        let from = match seat {
            Some(s) => self.seats[s as usize].file.name.clone(),
            None => "a watcher".to_string(),
        };
        self.say(seat, &from, &text);
    }

    /// Send a chat line to everyone in the room, agents' clients too.
    fn say(&mut self, seat: Option<Seat>, from: &str, text: &str) {
        let msg =
            json!({"type": "chat", "room": self.id, "seat": seat, "from": from, "text": text})
                .to_string();
        let ids: Vec<ConnId> = self.members.keys().copied().collect();
        for c in ids {
            self.send_to(c, msg.clone());
        }
        for (i, s) in self.seats.iter_mut().enumerate() {
            if let Some(a) = s.agent.as_mut()
                && seat != Some(i as Seat)
            {
                a.chat(from, text);
            }
        }
    }

    /// A member leaves (or its connection is gone): its seat waits for
    /// its token, `reconnecting`.
    fn depart(&mut self, conn: ConnId) {
        let Some(m) = self.members.remove(&conn) else {
            // A client of another face: its seat waits for a client.
            if let Some(seat) = self.agent_seat(conn) {
                let s = &mut self.seats[seat];
                s.agent = None;
                s.conn = None;
                s.gone_since = Some(Instant::now());
                self.save();
                self.broadcast_seats();
            }
            return;
        };
        if let Some(s) = m.seat {
            let seat = &mut self.seats[s as usize];
            if seat.conn == Some(conn) {
                seat.conn = None;
                seat.gone_since = Some(Instant::now());
            }
        }
        self.save();
        self.broadcast_seats();
    }

    /// Tell everyone who sits where (a seat's connection changed).
    fn broadcast_seats(&mut self) {
        self.update_shown();
        let msg = json!({"type": "seats", "room": self.id, "seats": self.seats_shown(), "takeover_s": self.takeover.as_secs()}).to_string();
        let ids: Vec<ConnId> = self.members.keys().copied().collect();
        for c in ids {
            self.send_to(c, msg.clone());
        }
    }

    /// Play one action for a seat a bot plays now; `false` when none is to act.
    fn bot_turn(&mut self) -> bool {
        if !self.playing() || self.bot_stuck == Some(self.game.state_number()) {
            return false;
        }
        let seat = self.to_move().into_iter().find_map(|s| {
            self.seats[s as usize]
                .bot(&self.stand_in)
                .map(|spec| (s, spec.to_string()))
        });
        let Some((seat, spec)) = seat else {
            return false;
        };
        match self.game.bot_play(seat, &spec) {
            Ok(()) => self.acted(seat),
            Err(e) => {
                eprintln!("room {}: the bot of seat {seat} failed: {e}", self.id);
                self.bot_stuck = Some(self.game.state_number());
                return false;
            }
        }
        true
    }

    /// The next moment something is due: a takeover or a clock.
    /// Note whether the room is idle: over or still waiting, with no
    /// member (since when).
    fn note_idle(&mut self) {
        if self.members.is_empty() && !self.playing() {
            self.idle_since.get_or_insert_with(Instant::now);
        } else {
            self.idle_since = None;
        }
    }

    /// Close the room: a finished game's file is kept among the finished
    /// ones, a room that never finished is removed; the server forgets it.
    fn close(&mut self) {
        if let Some(dir) = self.dir.clone() {
            let finished = self.game.to_move() == ToMove::Over;
            if finished {
                self.save();
            }
            if let Err(e) = super::store::put_away(&dir, &self.id, finished) {
                eprintln!("room {}: its files could not be put away: {e}", self.id);
            }
        }
        if let Some(f) = self.on_close.take() {
            f();
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let idle = self.idle_since.map(|t| t + self.close_idle);
        if !self.playing() {
            return idle;
        }
        let takeovers = self
            .seats
            .iter()
            .filter(|s| s.is_person() && !s.file.taken_over && s.conn.is_none())
            .filter_map(|s| s.gone_since.map(|g| g + self.takeover));
        let clocks = self
            .to_move()
            .into_iter()
            .filter_map(|s| self.clock_of(s))
            .map(|c| self.decision_since + c)
            .min();
        takeovers.chain(clocks).chain(idle).min()
    }

    /// The clock of a seat played by someone now (`None` for a seat a
    /// bot plays, or with no clock): a person's is the room's, a client
    /// of another face has its face's.
    fn clock_of(&self, seat: Seat) -> Option<Duration> {
        let s = self.seats.get(seat as usize)?;
        if s.bot(&self.stand_in).is_some() {
            return None;
        }
        match &s.agent {
            Some(a) => a.clock(),
            None if s.is_client() => None,
            None => self.clock,
        }
    }

    /// Takeovers and clocks that are due.
    fn on_time(&mut self) {
        let now = Instant::now();
        let mut seats_changed = false;
        for s in &mut self.seats {
            if s.is_person()
                && !s.file.taken_over
                && s.conn.is_none()
                && s.gone_since.is_some_and(|g| g + self.takeover <= now)
            {
                s.file.taken_over = true;
                seats_changed = true;
            }
        }
        if seats_changed {
            self.save();
            self.broadcast_seats();
        }
        if self.playing() {
            // The stand-in plays one decision for each person out of time.
            let late: Vec<Seat> = self
                .to_move()
                .into_iter()
                .filter(|&s| {
                    self.clock_of(s)
                        .is_some_and(|c| self.decision_since + c <= now)
                })
                .collect();
            if let Some(&seat) = late.first() {
                let spec = self.stand_in.clone();
                match self.game.bot_play(seat, &spec) {
                    Ok(()) => self.acted(seat),
                    Err(e) => {
                        eprintln!("room {}: the stand-in of seat {seat} failed: {e}", self.id);
                        self.decision_since = now;
                    }
                }
            }
        }
    }
}

/// A `refused` message.
pub fn refusal(what: &str, why: Why, reason: &str) -> String {
    json!({"type": "refused", "what": what, "code": why.code(), "reason": reason}).to_string()
}
