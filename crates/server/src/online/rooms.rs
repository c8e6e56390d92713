//! Every room of a server: made, listed, found, and resumed from disk.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use password_hash::rand_core::{OsRng, RngCore};
use tabula_engine::SeatInfo;
use tabula_engine::limits::{MAX_MAP_BYTES, MAX_SEED};

use super::dyn_game::RoomRuleset;
use super::protocol::Why;
use super::protocol::{Create, RoomShown};
use super::room::{Room, RoomIn, RoomSetup};
use super::store::{RoomFile, SeatFile};

/// Most rooms one server holds.
pub const MAX_ROOMS: usize = 10_000;
/// Seconds a disconnected person's seat waits before a bot takes it,
/// when the room does not say.
pub const DEFAULT_TAKEOVER_S: u64 = 60;
/// The bot standing in for people, when the room does not say.
pub const DEFAULT_STAND_IN: &str = "greedy";

/// A room as the server reaches it.
struct Handle {
    tx: Sender<RoomIn>,
    shown: Arc<Mutex<RoomShown>>,
}

/// Every room, and what a room is made from.
pub struct Hub {
    rulesets: Vec<Arc<dyn RoomRuleset>>,
    rooms: Arc<Mutex<BTreeMap<String, Handle>>>,
    dir: Option<PathBuf>,
    next_conn: AtomicU64,
    silent_after: Duration,
    close_idle: Duration,
    gate: crate::core::Gate,
    /// The rulesets whose TCP face is open: their rooms may have `client`
    /// seats.
    clients: Vec<&'static str>,
}

/// A random id of `n` letters and digits (lower case), from the
/// operating system's randomness.
pub fn random_id(n: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = vec![0u8; n];
    OsRng.fill_bytes(&mut bytes);
    bytes
        .iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect()
}

impl Hub {
    /// A hub for these rulesets, writing rooms to `dir` if given; a
    /// connection silent for `silent_after` counts as gone; a room over or
    /// never started closes after `close_idle` with nobody in it; `gate`
    /// holds the number of connections.
    pub fn new(
        rulesets: Vec<Arc<dyn RoomRuleset>>,
        dir: Option<PathBuf>,
        silent_after: Duration,
        close_idle: Duration,
        gate: crate::core::Gate,
    ) -> Hub {
        Hub {
            rulesets,
            rooms: Arc::new(Mutex::new(BTreeMap::new())),
            dir,
            next_conn: AtomicU64::new(1),
            silent_after,
            close_idle,
            gate,
            clients: Vec::new(),
        }
    }

    /// Let rooms of these rulesets have `client` seats (their protocol
    /// face's TCP port is open).
    pub fn with_clients(mut self, rulesets: &[&'static str]) -> Hub {
        self.clients = rulesets.to_vec();
        self
    }

    /// The rulesets whose rooms may have `client` seats (a face's TCP
    /// port is open for them).
    pub fn client_rulesets(&self) -> Vec<&'static str> {
        self.clients.clone()
    }

    /// Whether rooms of `ruleset` may have `client` seats.
    pub fn takes_clients(&self, ruleset: &str) -> bool {
        self.clients.contains(&ruleset)
    }

    /// List a room another face hosts ([`super::hosted`]).
    pub fn add_hosted(
        &self,
        id: &str,
        tx: Sender<RoomIn>,
        shown: Arc<Mutex<RoomShown>>,
    ) -> Result<(), String> {
        let mut rooms = self.rooms.lock().map_err(|_| "the rooms are unreadable")?;
        rooms.insert(id.to_string(), Handle { tx, shown });
        Ok(())
    }

    /// Forget a room (a hosted room whose host has ended).
    pub fn forget(&self, id: &str) {
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.remove(id);
        }
    }

    /// One room's line in the list.
    pub fn shown(&self, id: &str) -> Option<RoomShown> {
        let rooms = self.rooms.lock().ok()?;
        rooms
            .get(id)
            .and_then(|h| h.shown.lock().ok().map(|s| s.clone()))
    }

    /// The gate every WebSocket connection passes.
    pub fn gate(&self) -> &crate::core::Gate {
        &self.gate
    }

    /// How long a connection may be silent before it counts as gone.
    pub fn silent_after(&self) -> Duration {
        self.silent_after
    }

    /// The names of the rulesets offered.
    pub fn ruleset_names(&self) -> Vec<&'static str> {
        self.rulesets.iter().map(|r| r.name()).collect()
    }

    /// A new connection's number.
    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Every room.
    pub fn list(&self) -> Vec<RoomShown> {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        rooms
            .values()
            .filter_map(|h| h.shown.lock().ok().map(|s| s.clone()))
            .collect()
    }

    /// How many rooms there are.
    pub fn len(&self) -> usize {
        self.rooms.lock().map(|r| r.len()).unwrap_or(0)
    }

    /// Whether there is no room.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The channel of room `id`.
    pub fn room(&self, id: &str) -> Option<Sender<RoomIn>> {
        let rooms = self.rooms.lock().ok()?;
        rooms.get(id).map(|h| h.tx.clone())
    }

    fn ruleset(&self, name: &str) -> Result<Arc<dyn RoomRuleset>, String> {
        self.rulesets
            .iter()
            .find(|r| r.name() == name)
            .cloned()
            .ok_or_else(|| {
                let shown: String = name.chars().take(40).filter(|c| !c.is_control()).collect();
                format!(
                    "unknown ruleset {shown:?} (this server has {})",
                    self.ruleset_names().join(", ")
                )
            })
    }

    /// Make a room; its id, or why not.
    pub async fn create(&self, c: Create) -> Result<String, (Why, String)> {
        let bad = |why: String| (Why::BadRoom, why);
        if self.len() >= MAX_ROOMS {
            return Err((
                Why::ServerFull,
                format!("the server holds {MAX_ROOMS} rooms, its most"),
            ));
        }
        let ruleset = self.ruleset(&c.ruleset).map_err(bad)?;
        let range = ruleset.seat_range();
        if !range.contains(&c.seats.len()) {
            return Err(bad(format!(
                "seats: {} seat(s); {} is for {} to {}",
                c.seats.len(),
                ruleset.name(),
                range.start(),
                range.end()
            )));
        }
        let mut seats = Vec::new();
        for (i, kind) in c.seats.iter().enumerate() {
            let kind = match kind.as_str() {
                "person" | "open" => "person".to_string(),
                "client" if self.takes_clients(ruleset.name()) => "client".to_string(),
                "client" => {
                    return Err(bad(format!(
                        "seats[{i}]: a client seat is for a client of the server's {0} port, and this server has none open (tabula serve --site DIR --{0}-port PORT)",
                        ruleset.name()
                    )));
                }
                k => match k.strip_prefix("bot:") {
                    Some(spec) => {
                        if let Some(p) = ruleset.bot_problem(spec) {
                            return Err(bad(format!("seats[{i}]: {p}")));
                        }
                        k.to_string()
                    }
                    None => {
                        let shown: String =
                            k.chars().take(40).filter(|c| !c.is_control()).collect();
                        return Err(bad(format!(
                            "seats[{i}]: {shown:?} is none of person, open, client, bot:SPEC"
                        )));
                    }
                },
            };
            seats.push(SeatFile {
                name: match kind.as_str() {
                    "person" => format!("Seat {}", i + 1),
                    "client" => format!("Client {}", i + 1),
                    _ => format!("Bot {}", i + 1),
                },
                kind,
                token_hash: None,
                taken_over: false,
            });
        }
        if let Some(ms) = c.clock_ms
            && !(100..=86_400_000).contains(&ms)
        {
            return Err(bad(format!(
                "clock_ms: {ms}; give milliseconds from 100 to 86400000"
            )));
        }
        let takeover_s = c.takeover_s.unwrap_or(DEFAULT_TAKEOVER_S);
        if takeover_s > 86_400 {
            return Err(bad(format!(
                "takeover_s: {takeover_s}; give at most 86400 seconds"
            )));
        }
        let stand_in = c.stand_in.unwrap_or_else(|| DEFAULT_STAND_IN.into());
        if let Some(p) = ruleset.bot_problem(&stand_in) {
            return Err(bad(format!("stand_in: {p}")));
        }
        if let Some(map) = &c.map
            && map.len() > MAX_MAP_BYTES
        {
            return Err(bad(format!(
                "map: {} bytes; at most {MAX_MAP_BYTES}",
                map.len()
            )));
        }
        let seed = match c.seed {
            Some(s) if s > MAX_SEED => {
                return Err(bad(format!("seed: {s} is larger than {MAX_SEED}")));
            }
            Some(s) => s,
            None => OsRng.next_u64() & MAX_SEED,
        };
        let infos: Vec<SeatInfo> = seats
            .iter()
            .map(|s| SeatInfo {
                name: s.name.clone(),
                // A client of another face is a player from outside, as
                // a person is (the record knows people and bots only).
                player: match s.kind.as_str() {
                    "person" | "client" => "human".into(),
                    _ => s.kind.clone(),
                },
            })
            .collect();
        let started = seats.iter().all(|s| s.kind.starts_with("bot:"));
        let id = random_id(8);
        let (reply, answer) = tokio::sync::oneshot::channel();
        let options = c.options.clone();
        let map = c.map.clone();
        let made = move || {
            ruleset
                .start(&options, map.as_deref(), infos, seed)
                .map(|game| (ruleset.name(), game))
        };
        self.spawn(
            id.clone(),
            made,
            seats,
            (c.clock_ms, takeover_s, stand_in, started),
            reply,
        )
        .map_err(bad)?;
        self.settle(&id, answer).await.map(|()| id).map_err(bad)
    }

    /// Start a room's thread; the game is made on it (`made`), and
    /// `reply` hears whether that worked.
    fn spawn(
        &self,
        id: String,
        made: impl FnOnce() -> Result<(&'static str, Box<dyn super::dyn_game::RoomGame>), String>
        + Send
        + 'static,
        seats: Vec<SeatFile>,
        (clock_ms, takeover_s, stand_in, started): (Option<u64>, u64, String, bool),
        reply: tokio::sync::oneshot::Sender<Result<(), String>>,
    ) -> Result<(), String> {
        let (tx, rx) = std::sync::mpsc::channel();
        let shown = Arc::new(Mutex::new(RoomShown {
            room: id.clone(),
            ruleset: String::new(),
            phase: "waiting",
            seats: Vec::new(),
            state: 0,
            watchers: 0,
        }));
        let dir = self.dir.clone();
        let room_id = id.clone();
        let room_shown = shown.clone();
        let rooms_tx = tx.clone();
        let close_idle = self.close_idle;
        let on_close = {
            let rooms = self.rooms.clone();
            let id = id.clone();
            Box::new(move || {
                if let Ok(mut rooms) = rooms.lock() {
                    rooms.remove(&id);
                }
            })
        };
        std::thread::Builder::new()
            .name(format!("room-{id}"))
            .stack_size(8 << 20)
            .spawn(move || {
                let (ruleset, game) = match made() {
                    Ok(g) => g,
                    Err(e) => {
                        reply.send(Err(e)).ok();
                        return;
                    }
                };
                let room = Room::new(RoomSetup {
                    id: room_id,
                    ruleset,
                    game,
                    seats,
                    clock_ms,
                    takeover_s,
                    stand_in,
                    started,
                    dir,
                    shown: room_shown,
                    close_idle,
                    on_close,
                });
                reply.send(Ok(())).ok();
                drop(rooms_tx);
                room.run(rx);
            })
            .map_err(|e| format!("cannot start the room: {e}"))?;
        let mut rooms = self.rooms.lock().map_err(|_| "the rooms are unreadable")?;
        rooms.insert(id, Handle { tx, shown });
        Ok(())
    }

    /// Resume every room of the rooms folder; a line for each one that
    /// cannot be resumed.
    pub async fn resume_all(&self) -> (usize, Vec<String>) {
        let Some(dir) = &self.dir else {
            return (0, Vec::new());
        };
        let (files, mut problems) = super::store::load_all(dir);
        let mut resumed = 0;
        for file in files {
            let name = format!("{}.json", file.room);
            match self.resume(file).await {
                Ok(()) => resumed += 1,
                Err(e) => problems.push(format!("{name}: {e}")),
            }
        }
        (resumed, problems)
    }

    async fn resume(&self, file: RoomFile) -> Result<(), String> {
        let ruleset = self.ruleset(&file.record.ruleset)?;
        if file.seats.len() != file.record.seats.len() {
            return Err("its seats and its record's seats differ".into());
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        let record = file.record.clone();
        let made = move || ruleset.resume(&record).map(|game| (ruleset.name(), game));
        self.spawn(
            file.room.clone(),
            made,
            file.seats,
            (file.clock_ms, file.takeover_s, file.stand_in, file.started),
            reply,
        )?;
        self.settle(&file.room, answer).await
    }

    /// Wait for a room's thread to say whether its game started; a room
    /// that did not start is forgotten.
    async fn settle(
        &self,
        id: &str,
        answer: tokio::sync::oneshot::Receiver<Result<(), String>>,
    ) -> Result<(), String> {
        let result = answer
            .await
            .unwrap_or_else(|_| Err("the room could not start".to_string()));
        if result.is_err()
            && let Ok(mut rooms) = self.rooms.lock()
        {
            rooms.remove(id);
        }
        result
    }
}
