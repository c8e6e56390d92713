//! The Catan course server (seed 002) as a face of the server core:
//! plain lines in the lobby (greeting, LOGIN, LIST …, CREATE GAME, JOIN
//! GAME, MSG, UPLOAD/DOWNLOAD MAP, CREATE TESTPLAYER, …; `OK` or an
//! `ERROR` line), JSON after a successful JOIN GAME (commands in, events
//! out), Cities & Knights by Tabula's rules. `docs/catan/server.md` has
//! the whole protocol and every decision where the seed is silent.
//!
//! - [`accounts`]: the users file and password hashes.
//! - [`lobby`]: the lobby's state and its commands.
//! - [`table`]: one game, on its own thread.
//! - [`model`], [`prompt`], [`ids`]: events, prompts and commands, ids.
//! - [`client`]: a client that plays from the prompts.
//! - [`bot_seat`]: Tabula's bots in that client, from the events.
//! - [`room_seat`]: a course client at a `client` seat of a room of the
//!   online page (the port opened beside `tabula serve --site`).

pub mod accounts;
pub mod bot_seat;
pub mod client;
pub mod help;
pub mod ids;
pub mod lobby;
pub mod model;
pub mod prompt;
pub mod room_seat;
pub mod table;

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::{Conn, Heard, Listener, Next};
use crate::online::Hub;
use crate::online::room::RoomIn;
use lobby::{Lobby, Reply, Session};
use table::TableIn;

/// The game a connection plays in, when it is in one.
enum Link {
    /// A course game.
    Table(std::sync::mpsc::Sender<TableIn>),
    /// A room of the online page, at a `client` seat; the connection's
    /// number among the room's.
    Room(std::sync::mpsc::Sender<RoomIn>, u64),
}

/// Longest line a client may send (lobby lines and JSON commands).
pub const MAX_LINE: usize = 16 * 1024;

/// How the server is run.
#[derive(Clone, Debug)]
pub struct CatanServe {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The users file (`None`: an open server).
    pub users: Option<PathBuf>,
    /// A folder of maps (`*.txt`) offered beside the shipped ones.
    pub maps: Option<PathBuf>,
    /// A folder of positions (`*.txt`) games may start from.
    pub positions: Option<PathBuf>,
    /// How long a connection may stay silent.
    pub timeout: Duration,
    /// Where records go.
    pub record: Option<PathBuf>,
    /// How long a seat may take to answer, unless the game says.
    pub answer_limit: Duration,
    /// The bot that takes over a seat, unless the game says.
    pub bot: String,
    /// The first game's seed (each game takes the next).
    pub seed: u64,
    /// The most connections held at once (one past it is told so and
    /// closed).
    pub max_connections: usize,
}

/// Run the server until the process ends. What it reports goes to `out`
/// (the address it listens on first).
pub async fn serve(args: CatanServe, out: &mut dyn Write) -> Result<(), String> {
    serve_with(args, None, "listening on", out).await
}

/// [`serve`], with the online rooms `hub` when the port is opened beside
/// `tabula serve --site` (its Catan rooms with `client` seats are games
/// of this lobby too); the first line written is `said ADDRESS`.
pub async fn serve_with(
    args: CatanServe,
    hub: Option<Arc<Hub>>,
    said: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut lobby = Lobby::new(&args)?;
    lobby.hub = hub.clone();
    let lobby = Arc::new(Mutex::new(lobby));
    let listener = Listener::bind(&args.host, args.port)
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    writeln!(out, "{said} {addr}").map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    let args = Arc::new(args);
    let mut next_id = 0u64;
    let gate = crate::core::Gate::new(args.max_connections);
    let stop = crate::core::stop_requested();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut stop => {
                // Every game in progress is recorded as it stands.
                let l = lobby.clone();
                let n = tokio::task::spawn_blocking(move || {
                    lobby::stop_all(&l, Duration::from_secs(10))
                })
                .await
                .unwrap_or(0);
                // What the players were told is written before the end
                // (at most two seconds).
                let until = Instant::now() + Duration::from_secs(2);
                while !lobby::all_flushed(&lobby) && Instant::now() < until {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                writeln!(out, "stopped: {n} games closed, each game in progress recorded as it stood")
                    .map_err(|e| e.to_string())?;
                let times = lobby.lock().map(|l| l.answer_times.summary()).unwrap_or_default();
                writeln!(out, "from a command's arrival to its answer: {times}")
                    .map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
                return Ok(());
            }
        };
        let stream = match accepted {
            Ok(s) => s,
            Err(_) => {
                // Out of file handles, say: wait, and go on.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(pass) = gate.enter() else {
            let line = format!("ERROR {}\r\n", gate.full_words());
            tokio::spawn(crate::core::turn_away(stream, line));
            continue;
        };
        next_id += 1;
        let id = next_id;
        let lobby = lobby.clone();
        let args = args.clone();
        let hub = hub.clone();
        tokio::spawn(async move {
            if let Ok(conn) = Conn::open(stream, MAX_LINE, "\r\n") {
                connection(conn, id, lobby, args, hub).await;
            }
            drop(pass);
        });
    }
}

/// One client, from the greeting to its last line.
async fn connection(
    mut conn: Conn,
    id: u64,
    lobby: Arc<Mutex<Lobby>>,
    args: Arc<CatanServe>,
    hub: Option<Arc<Hub>>,
) {
    conn.send(format!(
        "SE1 SettlersOfCatan-Server 1.0, Timeout set to {}ms",
        args.timeout.as_millis()
    ));
    let mut session = Session::new(id, conn.outbox());
    let mut game: Option<Link> = None;
    let mut upload: Option<Upload> = None;
    loop {
        let deadline = Instant::now() + args.timeout;
        let heard = match conn.next(Some(deadline)).await {
            Next::Timeout => {
                let text = format!(
                    "ERROR timeout: nothing was heard for {}ms; the connection is closed",
                    args.timeout.as_millis()
                );
                if game.is_some() {
                    conn.send(model::server_event(&model::now_ts(), "USER_MESSAGE", &text));
                } else {
                    conn.send(text);
                }
                break;
            }
            Next::Heard(h) => h,
        };
        match heard {
            Heard::Gone => break,
            Heard::TooLong => {
                if let Some(Link::Table(tx)) = &game {
                    tx.send(TableIn::TooLong {
                        member: id,
                        limit: MAX_LINE,
                    })
                    .ok();
                } else if game.is_some() {
                    conn.send(model::server_event(
                        &model::now_ts(),
                        "USER_MESSAGE",
                        &format!(
                            "ERROR: UNKNOWN - the line is longer than {MAX_LINE} bytes and was skipped"
                        ),
                    ));
                } else {
                    upload = None;
                    conn.send(format!(
                        "ERROR the line is longer than {MAX_LINE} bytes and was skipped"
                    ));
                }
            }
            Heard::Line(text, at) => {
                if let Some(Link::Room(tx, cid)) = &game {
                    let (tx, cid) = (tx.clone(), *cid);
                    match game_line(&text) {
                        GameLine::Noop => {}
                        GameLine::Leave => {
                            tx.send(RoomIn::Leave { conn: cid }).ok();
                            game = None;
                            lobby::left_game(&lobby, id);
                            conn.send(model::server_event(
                                &model::now_ts(),
                                "USER_MESSAGE",
                                "OK - LEAVE_GAME",
                            ));
                        }
                        GameLine::Forward => {
                            if tx.send(RoomIn::AgentLine { conn: cid, text }).is_err() {
                                game = None;
                                lobby::left_game(&lobby, id);
                                conn.send(model::server_event(
                                    &model::now_ts(),
                                    "USER_MESSAGE",
                                    "ERROR: UNKNOWN - the room has closed; you are back in the lobby",
                                ));
                            }
                        }
                    }
                    continue;
                }
                if let Some(Link::Table(tx)) = &game {
                    match game_line(&text) {
                        GameLine::Noop => {}
                        GameLine::Leave => {
                            tx.send(TableIn::Left { member: id }).ok();
                            game = None;
                            lobby::left_game(&lobby, id);
                            conn.send(model::server_event(
                                &model::now_ts(),
                                "USER_MESSAGE",
                                "OK - LEAVE_GAME",
                            ));
                        }
                        GameLine::Forward => {
                            if tx
                                .send(TableIn::Line {
                                    member: id,
                                    text,
                                    at,
                                })
                                .is_err()
                            {
                                // The table has ended: back to the lobby.
                                game = None;
                                lobby::left_game(&lobby, id);
                                conn.send(model::server_event(
                                    &model::now_ts(),
                                    "USER_MESSAGE",
                                    "ERROR: UNKNOWN - the game has ended; you are back in the lobby",
                                ));
                            }
                        }
                    }
                    continue;
                }
                if let Some(up) = &mut upload {
                    if text.trim_end() == "." {
                        let up = upload.take().unwrap_or_default();
                        if up.too_large {
                            conn.send(format!(
                                "ERROR UPLOAD MAP - [too-large] the map is over {} bytes; it is not kept",
                                tabula_catan::MAX_BOARD_BYTES
                            ));
                        } else {
                            for l in lobby::upload_map(&lobby, &session, &up.lines) {
                                conn.send(l);
                            }
                        }
                    } else if !up.too_large {
                        up.size += text.len() + 1;
                        if up.size > tabula_catan::MAX_BOARD_BYTES {
                            // The rest is read to the `.` and not kept.
                            up.too_large = true;
                            up.lines = Vec::new();
                        } else {
                            up.lines.push(text);
                        }
                    }
                    continue;
                }
                match lobby::command(&lobby, &args, &mut session, &text).await {
                    Reply::Lines(lines) => {
                        for l in lines {
                            conn.send(l);
                        }
                    }
                    Reply::Upload => upload = Some(Upload::default()),
                    Reply::Joined(tx, lines) => {
                        for l in lines {
                            conn.send(l);
                        }
                        game = Some(Link::Table(tx));
                    }
                    Reply::JoinRoom(tx, nick, room) => {
                        match join_room(&conn, hub.as_deref(), &args, tx, nick).await {
                            Ok((tx, cid)) => {
                                lobby::joined_room(&lobby, id, &room);
                                game = Some(Link::Room(tx, cid));
                            }
                            Err(why) => conn.send(format!("ERROR {why}")),
                        }
                    }
                }
            }
        }
        if conn.is_gone() {
            break;
        }
    }
    match game {
        Some(Link::Table(tx)) => {
            tx.send(TableIn::Left { member: id }).ok();
        }
        Some(Link::Room(tx, cid)) => {
            tx.send(RoomIn::Leave { conn: cid }).ok();
        }
        None => {}
    }
    lobby::gone(&lobby, id);
    conn.close(Duration::from_secs(2)).await;
}

/// Ask an online room for a `client` seat for this connection (the room
/// writes the `OK`); the room's channel and the connection's number
/// there, or why not.
async fn join_room(
    conn: &Conn,
    hub: Option<&Hub>,
    args: &CatanServe,
    tx: std::sync::mpsc::Sender<RoomIn>,
    nick: String,
) -> Result<(std::sync::mpsc::Sender<RoomIn>, u64), String> {
    let hub = hub.ok_or("this port has no online rooms")?;
    let cid = hub.next_conn();
    let agent = room_seat::CourseSeat::new(conn.outbox(), nick.clone(), args.answer_limit);
    let (reply, answer) = tokio::sync::oneshot::channel();
    tx.send(RoomIn::Seat {
        conn: cid,
        agent: Box::new(agent),
        name: nick,
        reply,
    })
    .map_err(|_| "the room has closed".to_string())?;
    match answer.await {
        Ok(Ok(_seat)) => Ok((tx, cid)),
        Ok(Err(why)) => Err(why),
        Err(_) => Err("the room has closed".into()),
    }
}

/// A map being uploaded.
#[derive(Default)]
struct Upload {
    lines: Vec<String>,
    size: usize,
    too_large: bool,
}

enum GameLine {
    Noop,
    Leave,
    Forward,
}

/// What the connection itself does with a line in a game: NOOP keeps it
/// open, LEAVE_GAME takes the client back to the lobby, the rest is the
/// table's.
fn game_line(text: &str) -> GameLine {
    match prompt::read_command(text) {
        Ok(c) if c.action == "NOOP" => GameLine::Noop,
        Ok(c) if c.action == "LEAVE_GAME" => GameLine::Leave,
        _ => GameLine::Forward,
    }
}
