//! The lobby: accounts, who is online, maps, games; and the plain-line
//! commands (case-insensitive) with their answers. Every success ends with
//! `OK`; every failure is one line starting `ERROR`.

use std::collections::BTreeMap;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tabula_catan::{CheckedBoard, Severity};

use super::CatanServe;
use super::accounts::{Account, hash_in_line, read_users, valid_word, verify_in_line};
use super::help;
use super::table::{self, TableConfig, TableIn, TableInfo, TableState};
use crate::core::Outbox;

/// The maps shipped with Tabula, by name.
pub const SHIPPED_MAPS: [(&str, &str); 4] = [
    ("standard", tabula_catan::STANDARD_BOARD),
    ("lagoon", include_str!("../../../../maps/catan/lagoon.txt")),
    ("small", include_str!("../../../../maps/catan/small.txt")),
    ("three", include_str!("../../../../maps/catan/three.txt")),
];
/// Most games at once.
const MAX_GAMES: usize = 500;
/// Most maps (shipped, from the folder and uploaded).
const MAX_MAPS: usize = 200;
/// Most temporary users.
const MAX_TEMP_USERS: u32 = 10_000;

/// A map games can be played on.
#[derive(Clone, Debug)]
pub struct MapEntry {
    /// Its name.
    pub name: String,
    /// Its owner (team or user).
    pub owner: String,
    /// Its text.
    pub text: String,
}

struct Online {
    nick: String,
    team: Option<String>,
    out: Outbox,
    game: Option<String>,
}

struct GameEntry {
    info: Arc<Mutex<TableInfo>>,
    tx: Sender<TableIn>,
}

/// The lobby's state.
pub struct Lobby {
    accounts: BTreeMap<String, Account>,
    open: bool,
    online: BTreeMap<u64, Online>,
    maps: BTreeMap<String, MapEntry>,
    positions: BTreeMap<String, String>,
    games: BTreeMap<String, GameEntry>,
    temp_users: u32,
    next_seed: u64,
    /// The time every game took to answer each command.
    pub answer_times: crate::core::AnswerTimes,
    /// The online rooms (when the port is opened beside `tabula serve
    /// --site`): a Catan room with `client` seats is a game here too.
    pub hub: Option<Arc<crate::online::Hub>>,
}

/// Who a connection is logged in as.
#[derive(Clone, Debug)]
pub struct User {
    /// The login.
    pub login: String,
    /// The email.
    pub email: String,
    /// The team.
    pub team: Option<String>,
}

/// One connection's place in the lobby.
pub struct Session {
    id: u64,
    out: Outbox,
    user: Option<User>,
}

impl Session {
    /// A connection that has just been greeted.
    pub fn new(id: u64, out: Outbox) -> Session {
        Session {
            id,
            out,
            user: None,
        }
    }
}

/// What the connection does with a command's answer.
pub enum Reply {
    /// Send these lines.
    Lines(Vec<String>),
    /// Read a map's lines up to a line `.`.
    Upload,
    /// Send these lines and speak JSON with this table from now on.
    Joined(Sender<TableIn>, Vec<String>),
    /// Ask this online room for a `client` seat (as the player `nick`,
    /// then the room's id); the room answers `OK` (then the game's JSON)
    /// or the connection writes the `ERROR`.
    JoinRoom(
        std::sync::mpsc::Sender<crate::online::room::RoomIn>,
        String,
        String,
    ),
}

fn err(text: impl AsRef<str>) -> Reply {
    Reply::Lines(vec![format!("ERROR {}", text.as_ref())])
}

fn ok(mut lines: Vec<String>) -> Reply {
    lines.push("OK".into());
    Reply::Lines(lines)
}

/// A team's id: eight hex digits of its name.
fn team_id(name: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

fn user_lines(u: &User) -> Vec<String> {
    let mut v = vec![format!(
        "USER NICK={} EMAIL={} ROLE={}",
        u.login,
        u.email,
        u.team.as_deref().unwrap_or("USER")
    )];
    if let Some(t) = &u.team {
        v.push(format!("TEAM NAME={t} ID={}", team_id(t)));
    }
    v
}

/// A word a client sent, made safe to write back: printable, at most 40
/// characters.
fn safe(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    t
}

impl Lobby {
    /// The lobby at the start: the users file read, the maps and positions
    /// loaded (a map that breaks a rule is named and left out).
    pub fn new(args: &CatanServe) -> Result<Lobby, String> {
        let (accounts, open) = match &args.users {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .map_err(|e| format!("{}: cannot read the users file: {e}", p.display()))?;
                (
                    read_users(&text).map_err(|e| format!("{}: {e}", p.display()))?,
                    false,
                )
            }
            None => (BTreeMap::new(), true),
        };
        let mut maps = BTreeMap::new();
        for (name, text) in SHIPPED_MAPS {
            maps.insert(
                name.to_string(),
                MapEntry {
                    name: name.into(),
                    owner: "TABULA".into(),
                    text: text.into(),
                },
            );
        }
        if let Some(dir) = &args.maps {
            for (name, text) in read_folder(dir)? {
                match CheckedBoard::from_text(&text) {
                    Ok(b) => {
                        let owner = b.board().owner.clone();
                        maps.insert(name.to_ascii_lowercase(), MapEntry { name, owner, text });
                    }
                    Err(problems) => {
                        let first = problems
                            .iter()
                            .find(|p| p.severity == Severity::Error)
                            .map(|p| p.message.clone())
                            .unwrap_or_default();
                        eprintln!("map {name} left out: {first}");
                    }
                }
            }
        }
        let mut positions = BTreeMap::new();
        if let Some(dir) = &args.positions {
            for (name, text) in read_folder(dir)? {
                positions.insert(name.to_ascii_lowercase(), text);
            }
        }
        Ok(Lobby {
            accounts,
            open,
            online: BTreeMap::new(),
            maps,
            positions,
            games: BTreeMap::new(),
            temp_users: 0,
            next_seed: args.seed,
            answer_times: Default::default(),
            hub: None,
        })
    }
}

/// The `*.txt` files of a folder, by file stem.
fn read_folder(dir: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().and_then(|x| x.to_str()) != Some("txt") {
            continue;
        }
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if !valid_word(stem) {
            continue;
        }
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((stem.to_string(), text));
        }
    }
    Ok(out)
}

/// The connection `id` has gone.
pub fn gone(lobby: &Mutex<Lobby>, id: u64) {
    if let Ok(mut l) = lobby.lock() {
        l.online.remove(&id);
    }
}

/// The connection `id` plays in the online room `room` now.
pub fn joined_room(lobby: &Mutex<Lobby>, id: u64, room: &str) {
    if let Ok(mut l) = lobby.lock()
        && let Some(o) = l.online.get_mut(&id)
    {
        o.game = Some(room.to_string());
    }
}

/// The connection `id` is back in the lobby from its game.
pub fn left_game(lobby: &Mutex<Lobby>, id: u64) {
    if let Ok(mut l) = lobby.lock()
        && let Some(o) = l.online.get_mut(&id)
    {
        o.game = None;
    }
}

/// Split a line into its words; the command is the first one or two
/// words, upper-cased.
pub fn split(line: &str) -> (String, Vec<&str>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let two = |i: usize| words.get(i).map(|w| w.to_ascii_uppercase());
    match (two(0).as_deref(), two(1).as_deref()) {
        (Some(a @ ("LIST" | "CREATE" | "JOIN" | "UPLOAD" | "DOWNLOAD")), Some(b)) => {
            (format!("{a} {b}"), words[2..].to_vec())
        }
        (Some(a), _) => (a.to_string(), words[1..].to_vec()),
        (None, _) => (String::new(), Vec::new()),
    }
}

/// Answer one lobby line.
pub async fn command(
    lobby: &Arc<Mutex<Lobby>>,
    args: &CatanServe,
    s: &mut Session,
    line: &str,
) -> Reply {
    let (cmd, rest) = split(line);
    match cmd.as_str() {
        "" => err("an empty line is no command; send HELP for the commands"),
        "HELP" => {
            if rest.is_empty() {
                return ok(help::OVERVIEW.iter().map(|l| l.to_string()).collect());
            }
            let topic = rest.join(" ").to_ascii_uppercase();
            match help::about(&topic) {
                Some(lines) => ok(lines.iter().map(|l| l.to_string()).collect()),
                None => err(format!(
                    "there is no command {}; send HELP for the commands",
                    safe(&topic)
                )),
            }
        }
        "NOOP" => ok(Vec::new()),
        "LOGIN" => login(lobby, s, &rest).await,
        "LOGOUT" => {
            if s.user.take().is_none() {
                return err("you are not logged in");
            }
            gone(lobby, s.id);
            ok(Vec::new())
        }
        _ => {
            let Some(user) = s.user.clone() else {
                return err(format!(
                    "log in first (LOGIN <login> <password>); {} is for users logged in",
                    safe(&cmd)
                ));
            };
            if cmd == "CREATE TESTPLAYER" {
                return test_player(lobby).await;
            }
            logged_in(lobby, args, s, &user, &cmd, &rest)
        }
    }
}

async fn login(lobby: &Arc<Mutex<Lobby>>, s: &mut Session, rest: &[&str]) -> Reply {
    if s.user.is_some() {
        return err("you are logged in already; LOGOUT first");
    }
    let [who, password] = rest else {
        return err("LOGIN is written LOGIN (<login>|<email>) <password>");
    };
    if !valid_word(who) || password.chars().count() > super::accounts::MAX_FIELD {
        return err("no such login, or a wrong password");
    }
    let (account, open) = {
        let Ok(l) = lobby.lock() else {
            return err("the server is not well");
        };
        let a = l
            .accounts
            .values()
            .find(|a| a.login == *who || a.email == *who)
            .cloned();
        (a, l.open)
    };
    let password = password.to_string();
    let account = match account {
        Some(a) => {
            let hash = a.hash.clone();
            let good = verify_in_line(password, hash).await;
            if !good {
                return err("no such login, or a wrong password");
            }
            a
        }
        None if open => {
            let Ok(hash) = hash_in_line(password).await else {
                return err("the server could not keep the password");
            };
            let a = Account {
                login: who.to_string(),
                email: who.to_string(),
                team: None,
                hash,
                temporary: false,
            };
            let Ok(mut l) = lobby.lock() else {
                return err("the server is not well");
            };
            // Another connection may have made it meanwhile.
            if l.accounts.contains_key(*who) {
                return err("no such login, or a wrong password");
            }
            l.accounts.insert(who.to_string(), a.clone());
            a
        }
        None => return err("no such login, or a wrong password"),
    };
    let user = User {
        login: account.login.clone(),
        email: account.email.clone(),
        team: account.team.clone(),
    };
    {
        let Ok(mut l) = lobby.lock() else {
            return err("the server is not well");
        };
        l.online.insert(
            s.id,
            Online {
                nick: user.login.clone(),
                team: user.team.clone(),
                out: s.out.clone(),
                game: None,
            },
        );
    }
    let lines = user_lines(&user);
    s.user = Some(user);
    ok(lines)
}

fn logged_in(
    lobby: &Arc<Mutex<Lobby>>,
    args: &CatanServe,
    s: &mut Session,
    user: &User,
    cmd: &str,
    rest: &[&str],
) -> Reply {
    let Ok(mut l) = lobby.lock() else {
        return err("the server is not well");
    };
    match cmd {
        "ID" => ok(user_lines(user)),
        "LIST USERS" => ok(l
            .online
            .values()
            .map(|o| {
                let mut t = format!("USER NICK={}", o.nick);
                if let Some(team) = &o.team {
                    t.push_str(&format!(" TEAM={team}"));
                }
                if let Some(g) = &o.game {
                    t.push_str(&format!(" GAME={g}"));
                }
                t
            })
            .collect()),
        "LIST TEAMS" => {
            let mut teams: Vec<String> =
                l.accounts.values().filter_map(|a| a.team.clone()).collect();
            teams.sort();
            teams.dedup();
            ok(teams
                .iter()
                .map(|t| format!("TEAM NAME={t} ID={}", team_id(t)))
                .collect())
        }
        "LIST MAPS" => ok(l
            .maps
            .values()
            .map(|m| format!("MAP NAME={} OWNER={}", m.name, m.owner))
            .collect()),
        "LIST GAMES" => {
            let mut lines: Vec<String> = l
                .games
                .values()
                .filter_map(|g| g.info.lock().ok().map(|i| i.clone()))
                .filter(|i| i.state != TableState::Over)
                .map(|i| {
                    format!(
                        "GAME NAME={} MAP={} PLAYERS={}/{} VISITORS={} STATE={} TESTGAME={}",
                        i.name,
                        i.map,
                        i.players.len(),
                        i.max_players,
                        i.visitors,
                        i.state.word(),
                        i.testgame
                    )
                })
                .collect();
            lines.extend(room_lines(&l));
            ok(lines)
        }
        "CREATE GAME" => create_game(&mut l, args, rest),
        "JOIN GAME" => join_game(&mut l, s, user, rest),
        "MSG" => {
            let (kind, to, words): (&str, Vec<u64>, &[&str]) = match rest {
                [a, m @ ..] if a.eq_ignore_ascii_case("ALL") => {
                    ("ALL", l.online.keys().copied().collect(), m)
                }
                [a, who, m @ ..] if a.eq_ignore_ascii_case("USER") => {
                    let to: Vec<u64> = l
                        .online
                        .iter()
                        .filter(|(_, o)| o.nick == *who)
                        .map(|(k, _)| *k)
                        .collect();
                    if to.is_empty() {
                        return err(format!("{} is not logged in", safe(who)));
                    }
                    ("USER", to, m)
                }
                [a, team, m @ ..] if a.eq_ignore_ascii_case("TEAM") => (
                    "TEAM",
                    l.online
                        .iter()
                        .filter(|(_, o)| o.team.as_deref() == Some(*team))
                        .map(|(k, _)| *k)
                        .collect(),
                    m,
                ),
                m => ("ALL", l.online.keys().copied().collect(), m),
            };
            if words.is_empty() {
                return err(
                    "MSG is written MSG (ALL | ( ( USER | TEAM ) <recipient> ) )? <message>",
                );
            }
            let text: String = words
                .join(" ")
                .chars()
                .filter(|c| !c.is_control())
                .take(500)
                .collect();
            for id in to {
                if let Some(o) = l.online.get(&id)
                    && o.game.is_none()
                    && id != s.id
                {
                    o.out
                        .send(format!("MSG FROM={} TO={kind}: {text}", user.login));
                }
            }
            ok(Vec::new())
        }
        "UPLOAD MAP" => {
            if !rest.is_empty() {
                return err(
                    "UPLOAD MAP takes no words; send the map's lines after it and end with a line holding only a dot",
                );
            }
            Reply::Upload
        }
        "DOWNLOAD MAP" => {
            let [name] = rest else {
                return err("DOWNLOAD MAP is written DOWNLOAD MAP <mapname>");
            };
            match l.maps.get(&name.to_ascii_lowercase()) {
                Some(m) => ok(m.text.lines().map(str::to_string).collect()),
                None => err(format!(
                    "there is no map {}; LIST MAPS lists them",
                    safe(name)
                )),
            }
        }
        "CHANGELOG" => ok(help::CHANGELOG.iter().map(|l| l.to_string()).collect()),
        other => err(format!(
            "there is no command {}; send HELP for the commands",
            safe(other)
        )),
    }
}

/// `CREATE TESTPLAYER`: a temporary account (its password hashed outside
/// the lobby's lock).
async fn test_player(lobby: &Mutex<Lobby>) -> Reply {
    let nick = {
        let Ok(mut l) = lobby.lock() else {
            return err("the server is not well");
        };
        if l.temp_users >= MAX_TEMP_USERS {
            return err("there are enough temporary users until the server restarts");
        }
        loop {
            let n = format!("tempUser{}", l.temp_users);
            l.temp_users += 1;
            if !l.accounts.contains_key(&n) {
                break n;
            }
        }
    };
    let password = temp_password();
    let Ok(hash) = hash_in_line(password.clone()).await else {
        return err("the server could not keep the password");
    };
    let Ok(mut l) = lobby.lock() else {
        return err("the server is not well");
    };
    if l.accounts.contains_key(&nick) {
        return err("the server could not make the temporary user; try again");
    }
    l.accounts.insert(
        nick.clone(),
        Account {
            login: nick.clone(),
            email: nick.clone(),
            team: None,
            hash,
            temporary: true,
        },
    );
    ok(vec![format!(
        "TEMPORARY USER NICK={nick} PASSWORD={password}"
    )])
}

/// Six letters and digits from the system's random source.
fn temp_password() -> String {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    const ABC: &[u8] = b"abcdefghijkmnopqrstuvwxyz23456789";
    (0..6)
        .map(|_| ABC[(OsRng.next_u32() as usize) % ABC.len()] as char)
        .collect()
}

/// What a `CREATE GAME` line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateGame {
    /// The game's name.
    pub name: String,
    /// `-maxPlayers`.
    pub max_players: usize,
    /// `-map` (lower case; `standard` when not given).
    pub map: String,
    /// `-testgame`.
    pub testgame: bool,
    /// `-timeout`, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// `-rounds`.
    pub rounds: u16,
    /// `-bot`.
    pub bot: Option<String>,
    /// `-position`.
    pub position: Option<String>,
}

/// Read the words after `CREATE GAME`; the error says what is wrong.
pub fn read_create_game(rest: &[&str]) -> Result<CreateGame, String> {
    let usage = "CREATE GAME is written CREATE GAME <gamename> -maxPlayers <count> (-map <mapname>)? (-testgame)?";
    let Some((name, opts)) = rest.split_first() else {
        return Err(usage.into());
    };
    if name.starts_with('-') || !valid_word(name) || name.chars().count() > 32 {
        return Err("a game's name is one word of at most 32 characters (no `=`)".into());
    }
    let mut out = CreateGame {
        name: name.to_string(),
        max_players: 0,
        map: "standard".into(),
        testgame: false,
        timeout_ms: None,
        rounds: 0,
        bot: None,
        position: None,
    };
    let mut i = 0;
    while i < opts.len() {
        let flag = opts[i];
        let o = flag.to_ascii_lowercase();
        if o == "-testgame" {
            out.testgame = true;
            i += 1;
            continue;
        }
        let Some(v) = opts.get(i + 1).copied() else {
            return Err(format!("{} needs a value", safe(flag)));
        };
        match o.as_str() {
            "-maxplayers" => match v.parse::<usize>() {
                Ok(n @ 2..=4) => out.max_players = n,
                _ => return Err(format!("-maxPlayers {}: give 2, 3 or 4", safe(v))),
            },
            "-map" => out.map = v.to_ascii_lowercase(),
            "-timeout" => match v.parse::<u64>() {
                Ok(ms @ 100..=86_400_000) => out.timeout_ms = Some(ms),
                _ => {
                    return Err(format!(
                        "-timeout {}: give milliseconds from 100 to 86400000",
                        safe(v)
                    ));
                }
            },
            "-rounds" => match v.parse::<u16>() {
                Ok(n @ 1..=1000) => out.rounds = n,
                _ => return Err(format!("-rounds {}: give 1 to 1000", safe(v))),
            },
            "-bot" => {
                tabula_ai::bot_from_spec::<tabula_catan::Catan>(v, 1)
                    .map_err(|e| format!("-bot {}: {e}", safe(v)))?;
                out.bot = Some(v.to_string());
            }
            "-position" => out.position = Some(v.to_ascii_lowercase()),
            _ => {
                return Err(format!(
                    "{} is not an option of CREATE GAME; {usage}",
                    safe(flag)
                ));
            }
        }
        i += 2;
    }
    if out.max_players == 0 {
        return Err(format!("-maxPlayers is missing; {usage}"));
    }
    Ok(out)
}

fn create_game(l: &mut Lobby, args: &CatanServe, rest: &[&str]) -> Reply {
    let req = match read_create_game(rest) {
        Ok(r) => r,
        Err(e) => return err(e),
    };
    let name = req.name.as_str();
    let max = req.max_players;
    let map = req.map.clone();
    let testgame = req.testgame;
    let limit = req
        .timeout_ms
        .map_or(args.answer_limit, Duration::from_millis);
    let rounds = req.rounds;
    let bot = req.bot.clone().unwrap_or_else(|| args.bot.clone());
    let position = match &req.position {
        None => None,
        Some(p) => match l.positions.get(p) {
            Some(t) => Some(t.clone()),
            None => return err(format!("there is no position {}", safe(p))),
        },
    };
    let key = name.to_ascii_lowercase();
    if l.games.get(&key).is_some_and(|g| {
        g.info
            .lock()
            .map(|i| i.state != TableState::Over)
            .unwrap_or(false)
    }) {
        return err(format!("there is a game {} already", safe(name)));
    }
    l.games.retain(|_, g| {
        g.info
            .lock()
            .map(|i| i.state != TableState::Over)
            .unwrap_or(false)
    });
    if l.games.len() >= MAX_GAMES {
        return err(format!("there are {MAX_GAMES} games already; try later"));
    }
    let Some(m) = l.maps.get(&map) else {
        return err(format!(
            "there is no map {}; LIST MAPS lists them",
            safe(&map)
        ));
    };
    let info = Arc::new(Mutex::new(TableInfo {
        name: name.to_string(),
        map: m.name.clone(),
        max_players: max,
        testgame,
        players: Vec::new(),
        visitors: 0,
        state: TableState::Waiting,
    }));
    let seed = l.next_seed;
    l.next_seed = l.next_seed.wrapping_add(1);
    let config = TableConfig {
        name: name.to_string(),
        map_text: m.text.clone(),
        max_players: max,
        testgame,
        answer_limit: limit,
        bot,
        rounds,
        position,
        record_dir: args.record.clone(),
        answer_times: l.answer_times.clone(),
        seed,
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let shared = info.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("game {name}"))
        .spawn(move || table::run(config, shared, rx));
    if spawned.is_err() {
        return err("the server cannot start another game now");
    }
    l.games.insert(key, GameEntry { info, tx });
    ok(Vec::new())
}

/// The server is stopping: every game in progress is recorded as it
/// stands. Returns once every table has answered, or after `wait`.
pub fn stop_all(lobby: &Arc<Mutex<Lobby>>, wait: Duration) -> usize {
    let senders: Vec<Sender<TableIn>> = match lobby.lock() {
        Ok(l) => l.games.values().map(|g| g.tx.clone()).collect(),
        Err(_) => return 0,
    };
    let (done, heard) = std::sync::mpsc::channel();
    let asked = senders
        .iter()
        .filter(|tx| tx.send(TableIn::Stop { done: done.clone() }).is_ok())
        .count();
    drop(done);
    let until = std::time::Instant::now() + wait;
    let mut answered = 0;
    while answered < asked {
        let left = until.saturating_duration_since(std::time::Instant::now());
        if heard.recv_timeout(left).is_err() {
            break;
        }
        answered += 1;
    }
    answered
}

/// Whether what was queued for every connection has been written.
pub fn all_flushed(lobby: &Arc<Mutex<Lobby>>) -> bool {
    lobby
        .lock()
        .map(|l| l.online.values().all(|o| o.out.is_flushed()))
        .unwrap_or(true)
}

/// The online rooms of Catan a course client may join (a `client` seat,
/// or a `person` seat still open), as `LIST GAMES` lines: `MAP=online`,
/// `PLAYERS` the seats taken of all (people, bots and clients),
/// `STATE=WAITING` while a seat is open.
fn room_lines(l: &Lobby) -> Vec<String> {
    let Some(hub) = &l.hub else {
        return Vec::new();
    };
    hub.list()
        .into_iter()
        .filter(|r| r.ruleset == "catan" && r.phase != "over")
        .filter(|r| {
            r.seats
                .iter()
                .any(|s| s.kind == "client" || s.status == "open")
        })
        .map(|r| {
            let taken = r.seats.iter().filter(|s| s.status != "open").count();
            format!(
                "GAME NAME={} MAP=online PLAYERS={taken}/{} VISITORS={} STATE={} TESTGAME=false",
                r.room,
                r.seats.len(),
                r.watchers,
                if r.phase == "waiting" {
                    "WAITING"
                } else {
                    "RUNNING"
                }
            )
        })
        .collect()
}

/// `JOIN GAME` for an online room: its channel, when `name` is a Catan
/// room (the room says whether it has a seat).
fn join_room(l: &Lobby, user: &User, name: &str, visitor: bool) -> Option<Reply> {
    let hub = l.hub.as_ref()?;
    let shown = hub.shown(name)?;
    if shown.ruleset != "catan" {
        return None;
    }
    if visitor {
        return Some(err(format!(
            "{} is a room of the online page: it is watched from the page",
            safe(name)
        )));
    }
    let tx = hub.room(name)?;
    Some(Reply::JoinRoom(tx, user.login.clone(), shown.room))
}

fn join_game(l: &mut Lobby, s: &Session, user: &User, rest: &[&str]) -> Reply {
    let (name, visitor) = match rest {
        [n] => (*n, false),
        [n, v] if v.eq_ignore_ascii_case("-visitor") => (*n, true),
        [n, v, b] if v.eq_ignore_ascii_case("-visitor") => match b.to_ascii_lowercase().as_str() {
            "true" => (*n, true),
            "false" => (*n, false),
            _ => return err("-visitor is followed by true or false"),
        },
        _ => return err("JOIN GAME is written JOIN GAME <gamename> (-visitor [true|false])?"),
    };
    if !l.games.contains_key(&name.to_ascii_lowercase())
        && let Some(r) = join_room(l, user, name, visitor)
    {
        return r;
    }
    let Some(g) = l.games.get(&name.to_ascii_lowercase()) else {
        return err(format!(
            "there is no game {}; LIST GAMES lists them",
            safe(name)
        ));
    };
    let tx = g.tx.clone();
    {
        let Ok(mut info) = g.info.lock() else {
            return err("the game is not well");
        };
        match info.state {
            TableState::Over => return err(format!("the game {} is over", safe(name))),
            TableState::Running if !visitor => {
                return err(format!(
                    "the game {} has started; join it as a visitor (-visitor true)",
                    safe(name)
                ));
            }
            _ => {}
        }
        if !visitor {
            if info.players.len() >= info.max_players {
                return err(format!(
                    "the game {} has {} players already",
                    safe(name),
                    info.max_players
                ));
            }
            if info.players.contains(&user.login) {
                return err(format!("you have joined the game {} already", safe(name)));
            }
            info.players.push(user.login.clone());
        } else {
            info.visitors += 1;
        }
    }
    let game_name = name.to_string();
    if let Some(o) = l.online.get_mut(&s.id) {
        o.game = Some(game_name);
    }
    // The OK goes out before the table's first event.
    s.out.send("OK");
    let joined = tx.send(TableIn::Join {
        member: s.id,
        nick: user.login.clone(),
        team: user.team.clone(),
        out: s.out.clone(),
        visitor,
    });
    if joined.is_err() {
        return err("the game has ended");
    }
    Reply::Joined(tx, Vec::new())
}

/// Check an uploaded map with every rule of `tabula map check`; keep it
/// when it has no error. Each problem is a line naming its line and rule.
pub fn upload_map(lobby: &Mutex<Lobby>, s: &Session, lines: &[String]) -> Vec<String> {
    let text = lines.join("\n") + "\n";
    let checked = tabula_catan::check_text(&text);
    let mut out: Vec<String> = Vec::new();
    for p in &checked.problems {
        let at = match (p.line, p.col) {
            (Some(l), Some(c)) => format!("line {l}:{c}: "),
            (Some(l), None) => format!("line {l}: "),
            _ => String::new(),
        };
        let word = if p.severity == Severity::Error {
            "ERROR"
        } else {
            "WARNING"
        };
        out.push(format!(
            "{word} [{}] {at}{}",
            p.rule.name(),
            safe_long(&p.message)
        ));
    }
    let has_errors = checked.has_errors();
    let Some(board) = checked.board.filter(|_| !has_errors) else {
        let errors = out.iter().filter(|l| l.starts_with("ERROR")).count();
        // The last line says the upload is over.
        out.push(format!(
            "ERROR UPLOAD MAP - the map has {} error{}; it is not kept",
            errors.max(1),
            if errors == 1 { "" } else { "s" }
        ));
        return out;
    };
    let name = board.name.trim().to_ascii_lowercase();
    let refusal = if name.is_empty() {
        Some("the map has no name (a `### NAME` line)".to_string())
    } else if !valid_word(&name) {
        Some("a map's name is one word without `=`".to_string())
    } else {
        None
    };
    if let Some(why) = refusal {
        out.push(format!("ERROR UPLOAD MAP - {why}; it is not kept"));
        return out;
    }
    let Ok(mut l) = lobby.lock() else {
        out.push("ERROR UPLOAD MAP - the server is not well".into());
        return out;
    };
    if l.maps.contains_key(&name) {
        out.push(format!(
            "ERROR UPLOAD MAP - there is a map {name} already; give the map another name"
        ));
        return out;
    }
    if l.maps.len() >= MAX_MAPS {
        out.push(format!(
            "ERROR UPLOAD MAP - there are {MAX_MAPS} maps already"
        ));
        return out;
    }
    let owner = s
        .user
        .as_ref()
        .map(|u| u.team.clone().unwrap_or_else(|| u.login.clone()))
        .unwrap_or_default();
    l.maps.insert(
        name.clone(),
        MapEntry {
            name: name.clone(),
            owner,
            text,
        },
    );
    out.push(format!("MAP NAME={name}"));
    out.push("OK".into());
    out
}

/// A message made printable (problems may quote a map's text).
fn safe_long(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}
