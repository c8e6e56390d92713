//! One game of the course server: its own thread, its seats and visitors,
//! its clocks, its bots, its record.
//!
//! Connections hand it what their clients send ([`TableIn`]); it answers
//! through each member's outbox. Every command is checked by the rules;
//! every change reaches each member as the events of its own model
//! ([`super::model`]); each seat to act is prompted ([`super::prompt`]).
//! A seat whose client leaves, disconnects or does not answer within the
//! game's limit is played by a Tabula bot from then on.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tabula_ai::{Bot, bot_from_spec, bot_seed};
use tabula_catan::{Catan, Options};
use tabula_engine::record::Match;
use tabula_engine::{Game, Seat, SeatInfo, ToMove};

use super::ids::Ids;
use super::model::{Entry, Names, diff, now_ts, private_model, public_model, server_event};
use super::prompt::{Command, action_of, read_command, shown};
use crate::core::{Outbox, write_whole};

/// Colours given to seats in order (`RRGGBB`).
const COLORS: [&str; 4] = ["FF0000", "0000FF", "FFA500", "FFFFFF"];
/// How long a finished or abandoned table waits for its members to leave.
const LINGER: Duration = Duration::from_secs(600);

/// What a connection hands its table.
#[derive(Debug)]
pub enum TableIn {
    /// A client joined (after the lobby checked there is room).
    Join {
        /// The connection's number.
        member: u64,
        /// Its nickname.
        nick: String,
        /// Its team.
        team: Option<String>,
        /// Where its lines go.
        out: Outbox,
        /// Whether it only watches.
        visitor: bool,
    },
    /// A line the client sent (a JSON command, it should be).
    Line {
        /// The connection's number.
        member: u64,
        /// The line.
        text: String,
        /// When it arrived (for the answer times).
        at: Instant,
    },
    /// The client sent a line over the limit.
    TooLong {
        /// The connection's number.
        member: u64,
        /// The limit, in bytes.
        limit: usize,
    },
    /// The client left (LEAVE_GAME), disconnected or timed out.
    Left {
        /// The connection's number.
        member: u64,
    },
    /// The server is stopping: a game in progress is recorded as it
    /// stands and everyone is told; `done` hears when the record is on
    /// disk.
    Stop {
        /// Told when the table has finished.
        done: std::sync::mpsc::Sender<()>,
    },
}

/// Where a table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableState {
    /// Waiting for players.
    Waiting,
    /// Being played.
    Running,
    /// Over (or abandoned).
    Over,
}

impl TableState {
    /// The word `LIST GAMES` writes.
    pub fn word(self) -> &'static str {
        match self {
            TableState::Waiting => "WAITING",
            TableState::Running => "RUNNING",
            TableState::Over => "OVER",
        }
    }
}

/// What the lobby knows of a table (shared with its thread).
#[derive(Clone, Debug)]
pub struct TableInfo {
    /// The game's name.
    pub name: String,
    /// Its map's name.
    pub map: String,
    /// Seats.
    pub max_players: usize,
    /// Whether it is a test game.
    pub testgame: bool,
    /// The nicknames seated, in seat order.
    pub players: Vec<String>,
    /// Visitors watching.
    pub visitors: usize,
    /// Where it is.
    pub state: TableState,
}

/// How a table is set up.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// The game's name.
    pub name: String,
    /// The map's text.
    pub map_text: String,
    /// Seats.
    pub max_players: usize,
    /// `-testgame`.
    pub testgame: bool,
    /// How long a seat may take to answer a prompt.
    pub answer_limit: Duration,
    /// The bot that takes over a seat.
    pub bot: String,
    /// The round limit (0: the rules' own).
    pub rounds: u16,
    /// A position to start from.
    pub position: Option<String>,
    /// Where the record goes.
    pub record_dir: Option<PathBuf>,
    /// The game's seed.
    pub seed: u64,
    /// Where the time to answer each command is noted.
    pub answer_times: crate::core::AnswerTimes,
}

struct Member {
    id: u64,
    nick: String,
    team: Option<String>,
    out: Outbox,
    seat: Option<Seat>,
    /// Whether it has the public model (else it gets all of it).
    has_public: bool,
    /// Its own cards as it knows them.
    private: Vec<Entry>,
}

struct SeatState {
    nick: String,
    color: String,
    member: Option<u64>,
    bot: Option<Box<dyn Bot<Catan>>>,
    played_by: String,
    asked_at: Option<Instant>,
    prompt: Option<String>,
}

struct Table {
    config: TableConfig,
    info: Arc<Mutex<TableInfo>>,
    members: Vec<Member>,
    seats: Vec<SeatState>,
    start_asked: bool,
    game: Option<Running>,
    /// What every member knows, as last sent.
    public: Vec<Entry>,
}

struct Running {
    m: Match<Catan>,
    ids: Ids,
    recorded: bool,
}

/// Run a table until it is over and its members have left.
pub fn run(config: TableConfig, info: Arc<Mutex<TableInfo>>, rx: Receiver<TableIn>) {
    let mut t = Table {
        config,
        info,
        members: Vec::new(),
        seats: Vec::new(),
        start_asked: false,
        game: None,
        public: Vec::new(),
    };
    let mut idle_since = Instant::now();
    loop {
        let wait = t.next_deadline().map_or(Duration::from_secs(1), |d| {
            d.saturating_duration_since(Instant::now())
        });
        match rx.recv_timeout(wait.min(Duration::from_secs(1))) {
            Ok(TableIn::Stop { done }) => {
                t.stop();
                done.send(()).ok();
                break;
            }
            Ok(msg) => {
                idle_since = Instant::now();
                let arrived = match &msg {
                    TableIn::Line { at, .. } => Some(*at),
                    _ => None,
                };
                t.handle(msg);
                if let Some(at) = arrived {
                    t.config.answer_times.note(at);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        t.take_over_late_seats();
        t.play_bots();
        let over = t.state() == TableState::Over;
        let nobody = t.members.is_empty();
        // A finished game ends when its members have left; a game nobody
        // is at (not started, or finished) ends after LINGER of quiet.
        if over && nobody {
            break;
        }
        if idle_since.elapsed() > LINGER && (over || (nobody && t.game.is_none())) {
            break;
        }
    }
    t.set_state(TableState::Over);
}

impl Table {
    fn state(&self) -> TableState {
        self.info
            .lock()
            .map(|i| i.state)
            .unwrap_or(TableState::Over)
    }

    fn set_state(&self, s: TableState) {
        if let Ok(mut i) = self.info.lock() {
            i.state = s;
        }
    }

    fn member(&self, id: u64) -> Option<usize> {
        self.members.iter().position(|m| m.id == id)
    }

    /// Send a `USER_MESSAGE` to one member.
    fn tell(&self, idx: usize, text: &str) {
        self.members[idx]
            .out
            .send(server_event(&now_ts(), "USER_MESSAGE", text));
    }

    fn handle(&mut self, msg: TableIn) {
        match msg {
            TableIn::Join {
                member,
                nick,
                team,
                out,
                visitor,
            } => {
                let seat = if visitor {
                    None
                } else {
                    let s = self.seats.len() as Seat;
                    self.seats.push(SeatState {
                        nick: nick.clone(),
                        color: COLORS[s as usize % COLORS.len()].into(),
                        member: Some(member),
                        bot: None,
                        played_by: "client".into(),
                        asked_at: None,
                        prompt: None,
                    });
                    Some(s)
                };
                self.members.push(Member {
                    id: member,
                    nick,
                    team,
                    out,
                    seat,
                    has_public: false,
                    private: Vec::new(),
                });
                let idx = self.members.len() - 1;
                let waiting = self.config.max_players.saturating_sub(self.seats.len());
                self.tell(
                    idx,
                    &format!(
                        "OK - JOIN GAME {} as {}; {waiting} more {} to come; send START_GAME to start",
                        self.config.name,
                        if visitor { "visitor" } else { "player" },
                        if waiting == 1 { "player" } else { "players" }
                    ),
                );
                if self.game.is_some() {
                    // A visitor who comes late sees everything public.
                    self.refresh(None, None);
                } else if self.start_asked && waiting == 0 {
                    self.start();
                }
            }
            TableIn::Line { member, text, .. } => {
                let Some(idx) = self.member(member) else {
                    return;
                };
                match read_command(&text) {
                    Ok(c) => self.command(idx, c),
                    Err(why) => self.tell(idx, &format!("ERROR: UNKNOWN - {why}")),
                }
            }
            TableIn::TooLong { member, limit } => {
                if let Some(idx) = self.member(member) {
                    self.tell(
                        idx,
                        &format!(
                            "ERROR: UNKNOWN - the line is longer than {limit} bytes and was skipped"
                        ),
                    );
                }
            }
            TableIn::Stop { done } => {
                self.stop();
                done.send(()).ok();
            }
            TableIn::Left { member } => {
                let Some(idx) = self.member(member) else {
                    return;
                };
                let m = self.members.remove(idx);
                if let Ok(mut i) = self.info.lock()
                    && m.seat.is_none()
                {
                    i.visitors = i.visitors.saturating_sub(1);
                }
                if let Some(s) = m.seat {
                    self.seats[s as usize].member = None;
                    if self.game.is_some() {
                        self.take_over(s, "left the game");
                    } else {
                        // Before the start, the seat is given up.
                        self.seats.remove(s as usize);
                        for mm in &mut self.members {
                            if let Some(x) = mm.seat
                                && x > s
                            {
                                mm.seat = Some(x - 1);
                            }
                        }
                        if let Ok(mut i) = self.info.lock() {
                            i.players.remove(s as usize);
                        }
                    }
                }
            }
        }
    }

    fn command(&mut self, idx: usize, c: Command) {
        let seat = self.members[idx].seat;
        match c.action.as_str() {
            "NOOP" => {}
            "START_GAME" => {
                if self.game.is_some() {
                    // Sent by every player as it joins: the last one may
                    // find the game started by its own joining.
                    self.tell(idx, "OK - START_GAME");
                } else if seat.is_none() {
                    self.tell(idx, "ERROR: START_GAME - a visitor cannot start the game");
                } else {
                    self.start_asked = true;
                    let waiting = self.config.max_players.saturating_sub(self.seats.len());
                    if waiting == 0 {
                        self.start();
                    } else {
                        self.tell(
                            idx,
                            &format!(
                                "OK - START_GAME - the game starts when {waiting} more {} joined",
                                if waiting == 1 {
                                    "player has"
                                } else {
                                    "players have"
                                }
                            ),
                        );
                    }
                }
            }
            "MESSAGE" => self.message(idx, &c),
            "CHANGE_USER_COLOR" => {
                let Some(s) = seat else {
                    self.tell(idx, "ERROR: CHANGE_USER_COLOR - a visitor has no colour");
                    return;
                };
                match c.get("color") {
                    Some(v) if v.len() == 6 && v.chars().all(|x| x.is_ascii_hexdigit()) => {
                        self.seats[s as usize].color = v.to_ascii_uppercase();
                        self.tell(idx, "OK - CHANGE_USER_COLOR");
                        if self.game.is_some() {
                            self.refresh(None, None);
                        }
                    }
                    _ => self.tell(
                        idx,
                        "ERROR: CHANGE_USER_COLOR - a colour is six hex digits RRGGBB (FFFF00)",
                    ),
                }
            }
            _ => self.game_command(idx, seat, &c),
        }
    }

    fn message(&mut self, idx: usize, c: &Command) {
        let Some(text) = c.get("message") else {
            self.tell(idx, "ERROR: MESSAGE - MESSAGE needs the key \"message\"");
            return;
        };
        let text: String = text.chars().filter(|x| !x.is_control()).take(500).collect();
        let audience = c.get("audience").unwrap_or("").to_ascii_uppercase();
        let recipient = c.get("recipient").unwrap_or("");
        let me = &self.members[idx];
        let (kind, to): (&str, Vec<usize>) = match (audience.as_str(), recipient.is_empty()) {
            ("" | "ALL", true) => ("PUBLIC_MESSAGE", (0..self.members.len()).collect()),
            ("" | "ALL", false) => {
                self.tell(idx, "ERROR: MESSAGE - a message to ALL names no recipient");
                return;
            }
            ("USER", true) => {
                self.tell(
                    idx,
                    "ERROR: MESSAGE - a message to a USER names the recipient",
                );
                return;
            }
            ("USER", false) => (
                "USER_MESSAGE",
                (0..self.members.len())
                    .filter(|&i| self.members[i].nick == recipient || i == idx)
                    .collect(),
            ),
            ("TEAM", _) => {
                let team = if recipient.is_empty() {
                    me.team.clone().unwrap_or_default()
                } else {
                    recipient.to_string()
                };
                (
                    "TEAM_MESSAGE",
                    (0..self.members.len())
                        .filter(|&i| {
                            i == idx || self.members[i].team.as_deref() == Some(team.as_str())
                        })
                        .collect(),
                )
            }
            _ => {
                self.tell(idx, "ERROR: MESSAGE - the audience is ALL, USER or TEAM");
                return;
            }
        };
        if kind == "USER_MESSAGE" && to.len() < 2 && recipient != me.nick {
            self.tell(
                idx,
                &format!("ERROR: MESSAGE - {} is not in this game", shown(recipient)),
            );
            return;
        }
        let line = super::model::event(
            &now_ts(),
            &format!("User@{}", me.nick),
            kind,
            Some(&format!("{}: {text}", me.nick)),
            None,
        );
        for i in to {
            self.members[i].out.send(line.clone());
        }
    }

    fn start(&mut self) {
        let n = self.seats.len();
        let options = Options {
            testgame: self.config.testgame,
            trades_between_players: false,
            round_limit: if self.config.rounds > 0 {
                self.config.rounds
            } else {
                Options::default().round_limit
            },
            position: self.config.position.clone(),
            ..Options::default()
        };
        let infos: Vec<SeatInfo> = self
            .seats
            .iter()
            .map(|s| SeatInfo {
                name: s.nick.clone(),
                player: "human".into(),
            })
            .collect();
        let m = match Match::<Catan>::new(
            &options,
            Some(&self.config.map_text),
            infos,
            self.config.seed & tabula_engine::limits::MAX_SEED,
        ) {
            Ok(m) => m,
            Err(e) => {
                for i in 0..self.members.len() {
                    self.tell(
                        i,
                        &format!("ERROR: START_GAME - the game cannot start: {e}"),
                    );
                }
                return;
            }
        };
        let ids = Ids::new(&m.game().topo, m.game().board.fields.len(), n);
        self.game = Some(Running {
            m,
            ids,
            recorded: false,
        });
        self.set_state(TableState::Running);
        for i in 0..self.members.len() {
            self.tell(i, "OK - START_GAME");
        }
        self.refresh(None, None);
    }

    fn game_command(&mut self, idx: usize, seat: Option<Seat>, c: &Command) {
        let word = c.action.clone();
        let Some(run) = &self.game else {
            self.tell(idx, &format!("ERROR: {word} - the game has not started"));
            return;
        };
        let Some(seat) = seat else {
            self.tell(idx, &format!("ERROR: {word} - a visitor only watches"));
            return;
        };
        if self.seats[seat as usize].bot.is_some() {
            self.tell(
                idx,
                &format!("ERROR: {word} - a Tabula bot plays this seat now"),
            );
            return;
        }
        let game = run.m.game();
        let result = action_of(game, seat, c, &run.ids).and_then(|a| {
            if game.is_legal(seat, &a) {
                Ok(a)
            } else {
                Err(game.why_not(seat, &a).to_string())
            }
        });
        match result {
            Ok(a) => {
                let run = self.game.as_mut().expect("running");
                if let Err(e) = run.m.play(seat, &a) {
                    self.tell(idx, &format!("ERROR: {word} - {e}"));
                    return;
                }
                self.refresh(Some(seat), Some(&word));
            }
            Err(why) => {
                self.tell(idx, &format!("ERROR: {word} - {why}"));
                // The question stands: ask it again.
                self.seats[seat as usize].prompt = None;
                self.prompt_seat(seat, false, None);
            }
        }
    }

    /// Send every member the events of what changed, then the prompts:
    /// `actor` acted with command `word`.
    fn refresh(&mut self, actor: Option<Seat>, word: Option<&str>) {
        let Some(run) = &self.game else {
            return;
        };
        let ts = now_ts();
        let nicks: Vec<String> = self.seats.iter().map(|s| s.nick.clone()).collect();
        let colors: Vec<String> = self.seats.iter().map(|s| s.color.clone()).collect();
        let played_by: Vec<String> = self.seats.iter().map(|s| s.played_by.clone()).collect();
        let names = Names {
            nicks: &nicks,
            colors: &colors,
            played_by: &played_by,
        };
        let game = run.m.game();
        let public = public_model(game, &run.ids, &names);
        let changes = diff(&self.public, &public, &ts, &run.ids);
        let mut whole: Option<Vec<String>> = None;
        for mem in &mut self.members {
            let lines = if mem.has_public {
                &changes
            } else {
                whole.get_or_insert_with(|| diff(&[], &public, &ts, &run.ids))
            };
            mem.has_public = true;
            for line in lines {
                if !mem.out.send(line.clone()) {
                    break;
                }
            }
            if let Some(seat) = mem.seat {
                let private = private_model(game, seat, &run.ids);
                for line in diff(&mem.private, &private, &ts, &run.ids) {
                    if !mem.out.send(line) {
                        break;
                    }
                }
                mem.private = private;
            }
        }
        self.public = public;
        let over = game.to_move() == ToMove::Over;
        for s in 0..self.seats.len() as Seat {
            self.prompt_seat(s, actor == Some(s), word);
        }
        if over {
            self.finish();
        }
    }

    /// Prompt `seat` if its question changed, or confirm its command.
    fn prompt_seat(&mut self, seat: Seat, acted: bool, word: Option<&str>) {
        let Some(run) = &self.game else {
            return;
        };
        let nicks: Vec<String> = self.seats.iter().map(|s| s.nick.clone()).collect();
        let st = &mut self.seats[seat as usize];
        let asked = super::prompt::ask(
            run.m.game(),
            seat,
            &run.ids,
            &mut st.prompt,
            (acted, word),
            &nicks,
        );
        st.asked_at = asked.asking.then(|| {
            if asked.changed || acted {
                Instant::now()
            } else {
                st.asked_at.unwrap_or_else(Instant::now)
            }
        });
        let Some(member) = st.member else {
            return;
        };
        if st.bot.is_some() {
            return;
        }
        let Some(idx) = self.member(member) else {
            return;
        };
        for line in asked.lines {
            self.members[idx].out.send(line);
        }
    }

    fn finish(&mut self) {
        let Some(run) = &self.game else {
            return;
        };
        if run.recorded {
            return;
        }
        let game = run.m.game();
        let text = match game.winner {
            Some(w) => format!(
                "OK - gameOver - {} won with {} points",
                self.seats[w as usize].nick,
                game.points(w)
            ),
            None => "OK - gameOver - the round limit was reached".to_string(),
        };
        self.write_record("");
        // Announced once the record is on disk.
        for m in &self.members {
            m.out.send(server_event(&now_ts(), "USER_MESSAGE", &text));
        }
        self.set_state(TableState::Over);
    }

    /// The server is stopping: a game in progress is recorded as it
    /// stands (its record replays to where it stopped) and everyone is
    /// told.
    fn stop(&mut self) {
        if self.game.as_ref().is_some_and(|r| !r.recorded) {
            self.write_record("-stopped");
            let text = "OK - gameOver - the server was stopped; the game so far is recorded";
            for m in &self.members {
                m.out.send(server_event(&now_ts(), "USER_MESSAGE", text));
            }
        }
        self.set_state(TableState::Over);
    }

    /// Write the game's record (once) to the record folder, the file's
    /// name ending in `suffix`. A seat a bot took over is written as
    /// that bot (`bot:<spec>`), as it played the seat's last moves.
    fn write_record(&mut self, suffix: &str) {
        let Some(run) = &mut self.game else {
            return;
        };
        if run.recorded {
            return;
        }
        run.recorded = true;
        let Some(dir) = &self.config.record_dir else {
            return;
        };
        let safe: String = self
            .config
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(40)
            .collect();
        let path = dir.join(format!("catan-{safe}-{}{suffix}.json", now_ts()));
        let mut record = run.m.record().clone();
        for (info, seat) in record.seats.iter_mut().zip(&self.seats) {
            if seat.bot.is_some() {
                info.player = seat.played_by.clone();
            }
        }
        // Compact JSON, as every Tabula record.
        if let Err(e) = write_whole(&path, &record.to_text()) {
            eprintln!(
                "game {}: cannot write the record {}: {e}",
                self.config.name,
                path.display()
            );
        }
    }

    /// The earliest moment a seat's answer is late.
    fn next_deadline(&self) -> Option<Instant> {
        self.game.as_ref()?;
        self.seats
            .iter()
            .filter(|s| s.bot.is_none())
            .filter_map(|s| s.asked_at)
            .min()
            .map(|a| a + self.config.answer_limit)
    }

    fn take_over_late_seats(&mut self) {
        if self.game.is_none() {
            return;
        }
        let limit = self.config.answer_limit;
        let late: Vec<Seat> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.bot.is_none() && s.asked_at.is_some_and(|a| a.elapsed() >= limit))
            .map(|(i, _)| i as Seat)
            .collect();
        for s in late {
            self.take_over(
                s,
                &format!("did not answer within {} ms", limit.as_millis()),
            );
        }
    }

    /// A bot plays `seat` from now on; everyone is told why.
    fn take_over(&mut self, seat: Seat, why: &str) {
        let st = &mut self.seats[seat as usize];
        if st.bot.is_some() {
            return;
        }
        match bot_from_spec::<Catan>(&self.config.bot, bot_seed(self.config.seed, seat as usize)) {
            Ok(b) => st.bot = Some(b),
            Err(e) => {
                eprintln!("game {}: no bot {}: {e}", self.config.name, self.config.bot);
                return;
            }
        }
        st.played_by = format!("bot:{}", self.config.bot);
        st.asked_at = None;
        let text = format!(
            "OK - {} {why}; a Tabula bot ({}) plays that seat from now on",
            st.nick, self.config.bot
        );
        for m in &self.members {
            m.out.send(server_event(&now_ts(), "USER_MESSAGE", &text));
        }
        self.refresh(None, None);
    }

    /// Let the bots play while they are to move.
    fn play_bots(&mut self) {
        loop {
            let Some(run) = &mut self.game else {
                return;
            };
            let game = run.m.game();
            let seat = match game.to_move() {
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => {
                    match set.iter().find(|s| self.seats[*s as usize].bot.is_some()) {
                        Some(s) => s,
                        None => return,
                    }
                }
                _ => return,
            };
            let Some(bot) = self.seats[seat as usize].bot.as_mut() else {
                return;
            };
            let view = game.player_view(seat);
            let Some(a) = bot.choose(&view, seat) else {
                return;
            };
            if run.m.play(seat, &a).is_err() {
                // A bot's choice refused: fall back on a listed action.
                let listed = run.m.game().legal_actions(seat);
                let Some(first) = listed.first() else {
                    return;
                };
                if run.m.play(seat, first).is_err() {
                    return;
                }
            }
            self.refresh(Some(seat), None);
        }
    }
}
