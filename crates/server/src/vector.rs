//! The 2009 Vector Supervisor Engine's tournament server as a face of
//! the server core (seed 004, appendix D; docs/vector/protocol.md): four
//! clients connect and identify, every game's seating is announced, each
//! game is played round by round — directions asked one seat at a time and
//! broadcast, then magnitudes asked of all at once in one shared time
//! window — with the scores after each round, disqualifications, the
//! winner and the tournament scores after each game, and `TOURNAMENT OVER`
//! at the end.
//!
//! Each client has its own reader task in the core, so a slow or silent
//! client never holds up another's clock: an answer is read against its
//! own deadline. The tournament record is written at the end;
//! `tabula record verify` replays it.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tabula_engine::record::Match;
use tabula_engine::{Game, Seat, SeatInfo, ToMove};
use tabula_tournament::{
    Disqualification, Entrant, Fault, GameEntry, TOURNAMENT_FORMAT, TOURNAMENT_VERSION,
    TournamentRecord, game_points, seatings, standings,
};
use tabula_vector::geometry::SEAT_LETTERS;
use tabula_vector::{Action, Dir, Options, Vector};

use crate::core::{Conn, Heard, Listener, Next, write_whole};

/// Longest line a client may send (longer is malformed).
const MAX_LINE: usize = 1024;

/// How the tournament is run.
#[derive(Clone, Debug)]
pub struct VectorServe {
    /// Games in the tournament.
    pub games: usize,
    /// Rounds in a game.
    pub rounds: u8,
    /// How long each answer may take.
    pub limit: Duration,
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The seed of the seatings and games; `None`: drawn from the
    /// operating system's randomness (and printed, and written in the
    /// record, so that `--seed` plays the same seatings again).
    pub seed: Option<u64>,
    /// Where the tournament record goes.
    pub record: PathBuf,
    /// How long a connection may take to give its name before it is
    /// closed and its place goes to the next connection.
    pub identify_wait: Duration,
    /// The board file's text (checked by the caller; checked again when
    /// each game starts), written in every game's record; `None`: the
    /// starter board.
    pub board: Option<String>,
    /// Entrants who are people on the page (the port opened beside
    /// `tabula serve --site`): the tournament is a room of the WebSocket
    /// lobby with that many seats for people, beside `4 - people` TCP
    /// clients. 0 on its own port.
    pub people: usize,
    /// How long a person has for one decision (the clients keep `limit`).
    pub person_limit: Duration,
}

/// Who plays an entrant: a 2009 client over TCP, or a person on the
/// page (a place of the hosted room).
enum Player {
    Tcp(Client),
    Page(usize),
}

impl Player {
    fn send(&mut self, line: &str) {
        if let Player::Tcp(c) = self {
            c.send(line);
        }
    }
}

/// The people's side of a tournament: its hosted room of the WebSocket
/// lobby, and what its people chose before they were asked for it.
struct PageSide {
    host: crate::online::hosted::Host,
    /// Per place, its entrant.
    entrants: Vec<usize>,
    /// Actions a person sent while another person was being waited for,
    /// with the deadline of the question each answers.
    pending: std::collections::BTreeMap<usize, (serde_json::Value, Option<Instant>)>,
}

impl PageSide {
    /// Show the game to the room: every person's view, the legal actions
    /// of those asked now (with their deadlines).
    fn show(
        &self,
        m: &Match<Vector>,
        seating: &[usize],
        names: &[String],
        asking: &[(Seat, Instant)],
        phase: &'static str,
    ) {
        self.host
            .show(show_of(m, seating, names, &self.entrants, asking, phase));
    }

    /// Wait for the decision of the person at `place` (seat `seat`) until
    /// `deadline`: an action the rules allow, or the miss. An action the
    /// rules refuse is refused to the page with the reason, and the
    /// person may choose again while the clock runs.
    async fn decide(
        &mut self,
        m: &Match<Vector>,
        place: usize,
        seat: Seat,
        asked: Instant,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Action, Miss> {
        use crate::online::hosted::HostHears;
        loop {
            let value = match self.pending.remove(&place) {
                Some((v, d)) if d == Some(deadline) => v,
                // An answer to an earlier question (sent too late) is
                // no answer to this one.
                Some(_) => continue,
                None => {
                    let heard = tokio::time::timeout_at(
                        tokio::time::Instant::from_std(deadline),
                        self.host.hears.recv(),
                    )
                    .await;
                    match heard {
                        Err(_) => {
                            return Err(Miss {
                                fault: late(asked, Instant::now(), limit),
                                words: format!("did not decide within {}", seconds(limit)),
                            });
                        }
                        Ok(None) => return Err(Fault::Gone.into()),
                        Ok(Some(HostHears::Act {
                            place: p,
                            action,
                            deadline: d,
                        })) if p == place => {
                            if d != Some(deadline) {
                                continue;
                            }
                            action
                        }
                        Ok(Some(HostHears::Act {
                            place: p,
                            action,
                            deadline: d,
                        })) => {
                            self.pending.insert(p, (action, d));
                            continue;
                        }
                        Ok(Some(HostHears::Seated { .. })) => continue,
                    }
                }
            };
            let step = tabula_engine::RecordedAction {
                seat,
                action: value,
            };
            let read = tabula_engine::record::read_action::<Vector>(m.actions_played(), &step)
                .map_err(|e| match e {
                    tabula_engine::RecordError::Step { reason, .. } => reason,
                    other => other.to_string(),
                });
            match read.and_then(|a| match m.why_not(seat, &a) {
                None => Ok(a),
                Some(p) => Err(p.to_string()),
            }) {
                Ok(a) => return Ok(a),
                Err(why) => self.host.refuse(
                    place,
                    format!("seat {seat}: the rules refuse the action: {why}"),
                ),
            }
        }
    }
}

/// What the people's room shows of `m`: every person's view, the legal
/// actions of those asked now (with their deadlines).
fn show_of(
    m: &Match<Vector>,
    seating: &[usize],
    names: &[String],
    entrants: &[usize],
    asking: &[(Seat, Instant)],
    phase: &'static str,
) -> crate::online::hosted::Show {
    use crate::online::hosted::{PlaceView, Show};
    use crate::online::protocol::SeatShown;
    let game = m.game();
    let seats = seating
        .iter()
        .map(|&e| SeatShown {
            name: names.get(e).cloned().unwrap_or_default(),
            kind: if entrants.contains(&e) {
                "person".into()
            } else {
                "client".into()
            },
            status: "connected",
        })
        .collect();
    let places = entrants
        .iter()
        .map(|&e| {
            let seat = seating.iter().position(|&x| x == e).unwrap_or(0) as Seat;
            let asked = asking.iter().find(|(s, _)| *s == seat);
            PlaceView {
                seat,
                view: to_json(&game.player_view(seat)),
                legal: if asked.is_some() {
                    game.legal_actions(seat).iter().map(to_json).collect()
                } else {
                    Vec::new()
                },
                deadline: asked.map(|(_, d)| *d),
            }
        })
        .collect();
    Show {
        phase,
        state: m.actions_played() as u64,
        to_move: game.to_move(),
        seats,
        public: game
            .public_view()
            .map_or(serde_json::Value::Null, |v| to_json(&v)),
        places,
    }
}

/// The game a waiting tournament room shows (seats in entrant order).
fn waiting_match(options: &Options, args: &VectorServe) -> Result<Match<Vector>, String> {
    Match::<Vector>::new(
        options,
        args.board.as_deref(),
        (0..4)
            .map(|i| SeatInfo {
                name: format!("player{}", i + 1),
                player: "human".into(),
            })
            .collect(),
        0,
    )
    .map_err(|e| e.to_string())
}

/// A value as JSON for the page (`null` if it cannot be written).
fn to_json<T: serde::Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
}

struct Client {
    name: String,
    conn: Conn,
}

impl Client {
    fn send(&mut self, line: &str) {
        self.conn.send(line);
    }

    /// Forget what was sent before a question.
    fn drain(&mut self) {
        self.conn.drain();
    }

    /// The answer to a question asked at `asked`, by `deadline`.
    async fn answer(
        &mut self,
        asked: Instant,
        deadline: Instant,
        limit: Duration,
    ) -> Result<String, Miss> {
        if self.conn.is_gone() {
            return Err(Fault::Gone.into());
        }
        loop {
            match self.conn.next(Some(deadline)).await {
                Next::Heard(Heard::Line(text, at)) => {
                    if text.trim().is_empty() {
                        continue;
                    }
                    if at > deadline {
                        let fault = late(asked, at, limit);
                        let words = fault.to_string();
                        return Err(Miss { fault, words });
                    }
                    return Ok(text);
                }
                Next::Heard(Heard::TooLong) => {
                    return Err(Miss {
                        fault: Fault::Malformed {
                            text: format!("a line over {MAX_LINE} bytes"),
                        },
                        words: format!("sent a line over {MAX_LINE} bytes"),
                    });
                }
                Next::Heard(Heard::Gone) => return Err(Fault::Gone.into()),
                Next::Timeout => {
                    return Err(Miss {
                        fault: late(asked, Instant::now(), limit),
                        words: format!("did not answer within {}", seconds(limit)),
                    });
                }
            }
        }
    }
}

/// A question not answered as it should be: the fault (as recorded) and
/// what happened, in the words of the server's log.
struct Miss {
    fault: Fault,
    words: String,
}

impl From<Fault> for Miss {
    fn from(fault: Fault) -> Miss {
        let words = match &fault {
            Fault::Gone => "closed the connection".to_string(),
            other => other.to_string(),
        };
        Miss { fault, words }
    }
}

/// A seed from the operating system's randomness, within the seeds a
/// record may hold.
fn os_seed() -> u64 {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    OsRng.next_u64() & tabula_engine::limits::MAX_SEED
}

fn late(asked: Instant, at: Instant, limit: Duration) -> Fault {
    Fault::Late {
        ms: at.duration_since(asked).as_secs_f64() * 1000.0,
        limit_ms: limit.as_secs_f64() * 1000.0,
    }
}

fn shortened(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_control()).take(60).collect();
    t
}

/// A client's name as it may appear in the protocol's lines: printable,
/// one word, at most 32 characters.
fn clean_name(text: &str, fallback: &str) -> String {
    let n: String = text
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| {
            if c.is_whitespace() || c == '=' {
                '_'
            } else {
                c
            }
        })
        .take(32)
        .collect();
    if n.is_empty() { fallback.into() } else { n }
}

fn parse_direction(text: &str) -> Result<Dir, Fault> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["DIRECTION:", d] => Dir::from_short(d).ok_or(()),
        _ => Err(()),
    }
    .map_err(|()| Fault::Malformed {
        text: shortened(text),
    })
}

fn parse_magnitude(text: &str) -> Result<u8, Fault> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["MAGNITUDE:", m] => m.parse::<u8>().ok().filter(|m| *m <= 3).ok_or(()),
        _ => Err(()),
    }
    .map_err(|()| Fault::Malformed {
        text: shortened(text),
    })
}

/// Run the tournament server: listen, wait for four clients, play every
/// game, write the record. What it reports goes to `out` (the address it
/// listens on first). An error names what failed.
pub async fn serve(args: &VectorServe, out: &mut dyn Write) -> Result<(), String> {
    serve_with(args, None, "listening on", out).await
}

/// [`serve`], with the online rooms `hub` when the port is opened beside
/// `tabula serve --site`: with `args.people` above 0 the tournament is a
/// room of the WebSocket lobby whose people's seats a page takes (each
/// decision on `args.person_limit`); the first line written is `said
/// ADDRESS`.
pub async fn serve_with(
    args: &VectorServe,
    hub: Option<std::sync::Arc<crate::online::Hub>>,
    said: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let limit = args.limit;
    let people = args.people.min(4);
    let listener = Listener::bind(&args.host, args.port)
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let output = |e: std::io::Error| format!("cannot write the output: {e}");
    writeln!(out, "{said} {addr}").map_err(output)?;
    let options = Options {
        rounds: args.rounds,
        ..Options::default()
    };
    let mut page = match (&hub, people) {
        (_, 0) => None,
        (None, _) => {
            return Err("people's seats need the online rooms (tabula serve --site)".into());
        }
        (Some(hub), _) => {
            // The lobby shows the room waiting, the people's seats open,
            // from the start.
            let m = waiting_match(&options, args)?;
            let names: Vec<String> = (0..4).map(|i| format!("player{}", i + 1)).collect();
            let entrants: Vec<usize> = (4 - people..4).collect();
            let first = show_of(&m, &[0, 1, 2, 3], &names, &entrants, &[], "waiting");
            let places: Vec<String> = (0..people).map(|p| format!("person{}", p + 1)).collect();
            let host = crate::online::hosted::open(hub, "vector", places, first)?;
            writeln!(
                out,
                "vector tournament room {} (seats for {people} people)",
                host.id
            )
            .map_err(output)?;
            Some(PageSide {
                host,
                entrants,
                pending: Default::default(),
            })
        }
    };
    let seed = args.seed.unwrap_or_else(os_seed);
    writeln!(
        out,
        "seed {seed} (--seed {seed} draws these seatings again)"
    )
    .map_err(output)?;
    out.flush().map_err(output)?;
    let tcp = take_four(&listener, 4 - people, args.identify_wait, out).await?;
    let mut clients: Vec<Player> = tcp.into_iter().map(Player::Tcp).collect();
    let mut names: Vec<String> = clients
        .iter()
        .map(|c| match c {
            Player::Tcp(c) => c.name.clone(),
            Player::Page(_) => String::new(),
        })
        .collect();
    if let Some(page) = &mut page {
        use crate::online::hosted::HostHears;
        // The room shows the clients by name while it waits for people.
        let mut shown = names.clone();
        shown.extend((0..people).map(|p| format!("person{}", p + 1)));
        page.show(
            &waiting_match(&options, args)?,
            &[0, 1, 2, 3],
            &shown,
            &[],
            "waiting",
        );
        let mut seated: Vec<Option<String>> = vec![None; people];
        while seated.iter().any(Option::is_none) {
            match page.host.hears.recv().await {
                Some(HostHears::Seated { place, name }) => {
                    let fallback = format!("person{}", place + 1);
                    let name = clean_name(&name, &fallback);
                    writeln!(out, "person {} on the page is {name}", place + 1).map_err(output)?;
                    out.flush().map_err(output)?;
                    seated[place] = Some(name);
                }
                Some(HostHears::Act { .. }) => {}
                None => return Err("the tournament's room has closed".into()),
            }
        }
        page.pending.clear();
        for (p, name) in seated.into_iter().enumerate() {
            names.push(name.unwrap_or_default());
            clients.push(Player::Page(p));
        }
    }
    let all = |clients: &mut Vec<Player>, line: &str| {
        for c in clients.iter_mut() {
            c.send(line);
        }
    };
    // Two entrants with one name are told apart.
    for i in 0..4 {
        if (0..i).any(|j| names[j] == names[i]) {
            names[i] = format!("{}#{}", names[i], i + 1);
        }
    }
    for (c, n) in clients.iter_mut().zip(&names) {
        if let Player::Tcp(c) = c {
            c.name = n.clone();
        }
    }
    let entrants: Vec<Entrant> = names
        .iter()
        .zip(&clients)
        .map(|(n, c)| Entrant {
            name: n.clone(),
            player: match c {
                Player::Tcp(_) => "remote".into(),
                Player::Page(_) => "human".into(),
            },
        })
        .collect();
    let games = args.games;
    let seats_of = seatings(4, games, seed, false);
    for (g, s) in seats_of.iter().enumerate() {
        let line = format!(
            "GAME {g}: {} {} {} {}",
            names[s[0]], names[s[1]], names[s[2]], names[s[3]]
        );
        all(&mut clients, &line);
    }
    let mut entries: Vec<GameEntry> = Vec::new();
    let mut last: Option<(Match<Vector>, Vec<usize>)> = None;
    for (g, seating) in seats_of.iter().enumerate() {
        let table: Vec<String> = seating.iter().map(|&e| names[e].clone()).collect();
        all(
            &mut clients,
            &format!("BEGIN GAME {g}: {}", table.join(" ")),
        );
        let (entry, what, m) = play_game(
            &mut clients,
            page.as_mut(),
            &entrants,
            seating,
            &options,
            args,
            seed,
            g,
        )
        .await?;
        last = Some((m, seating.clone()));
        if !entry.disqualified.is_empty() {
            let who: Vec<&str> = entry
                .disqualified
                .iter()
                .map(|d| SEAT_LETTERS[d.seat as usize])
                .collect();
            all(
                &mut clients,
                &format!("DISQUALIFICATION: {}", who.join(" ")),
            );
            for (d, what) in entry.disqualified.iter().zip(&what) {
                writeln!(
                    out,
                    "game {g}: {} ({}) {what}: disqualified",
                    SEAT_LETTERS[d.seat as usize], names[d.entrant]
                )
                .map_err(output)?;
            }
        }
        let winner = match (entry.points[0], entry.points[1]) {
            (a, b) if a > b => "NS",
            (a, b) if b > a => "EW",
            _ => "TIE",
        };
        all(&mut clients, &format!("WINNER: {winner}"));
        entries.push(entry);
        let (table, _) = standings(4, &entries);
        let mut by_entrant = [0.0; 4];
        for row in &table {
            by_entrant[row.entrant] = row.points;
        }
        let scores: Vec<String> = (0..4)
            .map(|e| format!("{}={}", names[e], by_entrant[e]))
            .collect();
        all(
            &mut clients,
            &format!("TOURNAMENT SCORES: {}", scores.join(" ")),
        );
        writeln!(out, "game {g}: WINNER: {winner}").map_err(output)?;
    }
    all(&mut clients, "TOURNAMENT OVER");
    let (table, winners) = standings(4, &entries);
    let record = TournamentRecord {
        format: TOURNAMENT_FORMAT.into(),
        version: TOURNAMENT_VERSION,
        ruleset: "vector".into(),
        seed,
        time_limit_ms: limit.as_secs_f64() * 1000.0,
        entrants,
        seatings: seats_of,
        games: entries,
        standings: table.clone(),
        winners: winners.clone(),
    };
    let text = serde_json::to_string_pretty(&record)
        .map_err(|e| format!("cannot write the record: {e}"))?;
    write_whole(&args.record, &text)
        .map_err(|e| format!("{}: cannot write: {e}", args.record.display()))?;
    let table: Vec<String> = table
        .iter()
        .map(|r| format!("{}={}", names[r.entrant], r.points))
        .collect();
    let w: Vec<&str> = winners.iter().map(|&e| names[e].as_str()).collect();
    writeln!(out, "TOURNAMENT SCORES: {}", table.join(" ")).map_err(output)?;
    writeln!(out, "tournament winner: {}", w.join(" and ")).map_err(output)?;
    writeln!(out, "record: {}", args.record.display()).map_err(output)?;
    if let (Some(page), Some((m, seating))) = (&page, &last) {
        // The people see the last game's end, the tournament over.
        page.show(m, seating, &names, &[], "over");
    }
    for c in clients {
        if let Player::Tcp(c) = c {
            c.conn.close(Duration::from_secs(5)).await;
        }
    }
    Ok(())
}

/// Wait for `n` clients (four without people) that identify themselves.
/// Connections are taken `n` places at a time; each is told `ALL PLAYERS CONNECTED`, `GAME
/// START` and `IDENTIFY?` and has `wait` to answer with its name. One that
/// does not (silent, gone, a line too long) is closed and its place goes
/// to the next connection.
async fn take_four(
    listener: &Listener,
    n: usize,
    wait: Duration,
    out: &mut dyn Write,
) -> Result<Vec<Client>, String> {
    let output = |e: std::io::Error| format!("cannot write the output: {e}");
    let mut clients: Vec<Client> = Vec::new();
    let mut connections = 0usize;
    while clients.len() < n {
        let mut waiting: Vec<Client> = Vec::new();
        while clients.len() + waiting.len() < n {
            let stream = listener
                .accept()
                .await
                .map_err(|e| format!("accepting a client: {e}"))?;
            let conn = match Conn::open(stream, MAX_LINE, "\r\n") {
                Ok(c) => c,
                // A client gone before it could be taken in does not count.
                Err(_) => continue,
            };
            connections += 1;
            writeln!(out, "connection {connections} from {}", conn.peer).map_err(output)?;
            out.flush().map_err(output)?;
            waiting.push(Client {
                name: String::new(),
                conn,
            });
        }
        for c in waiting.iter_mut() {
            c.send("ALL PLAYERS CONNECTED");
            c.send("GAME START");
            c.send("IDENTIFY?");
        }
        let asked = Instant::now();
        for mut c in waiting {
            match c.answer(asked, asked + wait, wait).await {
                Ok(name) => {
                    let fallback = format!("player{}", clients.len() + 1);
                    c.name = clean_name(&name, &fallback);
                    writeln!(
                        out,
                        "client {} from {} is {}",
                        clients.len() + 1,
                        c.conn.peer,
                        c.name
                    )
                    .map_err(output)?;
                    clients.push(c);
                }
                Err(miss) => {
                    let what = match miss.fault {
                        Fault::Late { .. } => {
                            format!("did not identify itself within {}", seconds(wait))
                        }
                        Fault::Gone => "closed before identifying itself".into(),
                        other => format!("did not identify itself: {other}"),
                    };
                    writeln!(
                        out,
                        "connection from {} {what}; closed, its place goes to the next connection",
                        c.conn.peer
                    )
                    .map_err(output)?;
                    c.conn.close(Duration::from_millis(100)).await;
                }
            }
            out.flush().map_err(output)?;
        }
    }
    Ok(clients)
}

/// A duration in words: "10 s", "500 ms".
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// Play one game with the connected clients.
#[allow(clippy::too_many_arguments)]
async fn play_game(
    clients: &mut [Player],
    mut page: Option<&mut PageSide>,
    entrants: &[Entrant],
    seating: &[usize],
    options: &Options,
    args: &VectorServe,
    seed: u64,
    g: usize,
) -> Result<(GameEntry, Vec<String>, Match<Vector>), String> {
    let limit = args.limit;
    let plimit = args.person_limit;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let seats: Vec<SeatInfo> = seating
        .iter()
        .map(|&e| SeatInfo {
            name: entrants[e].name.clone(),
            player: if entrants[e].player == "human" {
                "human".into()
            } else {
                "bot:remote".into()
            },
        })
        .collect();
    let mut m = Match::<Vector>::new(
        options,
        args.board.as_deref(),
        seats,
        seed.wrapping_add(g as u64) & tabula_engine::limits::MAX_SEED,
    )
    .map_err(|e| e.to_string())?;
    let mut disqualified: Vec<Disqualification> = Vec::new();
    // What each disqualified seat did, for the log.
    let mut what: Vec<String> = Vec::new();
    let all = |clients: &mut [Player], line: &str| {
        for c in clients.iter_mut() {
            c.send(line);
        }
    };
    if let Some(p) = page.as_deref() {
        p.show(&m, seating, &names, &[], "playing");
    }
    'game: while m.game().to_move() != ToMove::Over {
        let game = m.game();
        all(clients, &format!("BEGIN ROUND {}", game.round));
        all(
            clients,
            &format!("COORD: {} {}", game.pos.row, game.pos.col),
        );
        let order: Vec<&str> = game
            .order
            .iter()
            .map(|&s| SEAT_LETTERS[s as usize])
            .collect();
        all(clients, &format!("TURN ORDER: {}", order.join(" ")));
        // Directions, one seat at a time, each broadcast to all four.
        while let ToMove::Seat(seat) = m.game().to_move() {
            let e = seating[seat as usize];
            let asked = Instant::now();
            let answer = match (&mut clients[e], page.as_deref_mut()) {
                (Player::Tcp(c), _) => {
                    c.drain();
                    c.send("DIRECTION?");
                    c.answer(asked, asked + limit, limit)
                        .await
                        .and_then(|t| parse_direction(&t).map_err(Miss::from))
                }
                (Player::Page(place), Some(p)) => {
                    let place = *place;
                    p.show(&m, seating, &names, &[(seat, asked + plimit)], "playing");
                    match p
                        .decide(&m, place, seat, asked, asked + plimit, plimit)
                        .await
                    {
                        Ok(Action::Direction(d)) => Ok(d),
                        Ok(_) => Err(Miss::from(Fault::Malformed {
                            text: "not a direction".into(),
                        })),
                        Err(miss) => Err(miss),
                    }
                }
                (Player::Page(_), None) => Err(Fault::Gone.into()),
            };
            match answer {
                Ok(d) => {
                    m.play(seat, &Action::Direction(d))
                        .map_err(|e| e.to_string())?;
                    let line = format!("{} CHOOSES: {}", SEAT_LETTERS[seat as usize], d.short());
                    // To all four, the chooser included (as the 2009 server).
                    all(clients, &line);
                    if let Some(p) = page.as_deref() {
                        p.show(&m, seating, &names, &[], "playing");
                    }
                }
                Err(miss) => {
                    disqualified.push(Disqualification {
                        seat,
                        entrant: e,
                        fault: miss.fault,
                    });
                    what.push(miss.words);
                    break 'game;
                }
            }
        }
        // Magnitudes: every request sent before any answer is read, one window.
        let ToMove::Simultaneous(set) = m.game().to_move() else {
            break;
        };
        // The clients' answers are read first (each stamped when it
        // arrived), then the people's, each on its own longer clock.
        let mut asking: Vec<Seat> = set.iter().collect();
        asking.sort_by_key(|&s| matches!(clients[seating[s as usize]], Player::Page(_)));
        for &seat in &asking {
            if let Player::Tcp(c) = &mut clients[seating[seat as usize]] {
                c.drain();
                c.send("MAGNITUDE?");
            }
        }
        let asked = Instant::now();
        let deadline = asked + limit;
        if let Some(p) = page.as_deref() {
            let people: Vec<(Seat, Instant)> = asking
                .iter()
                .filter(|&&s| matches!(clients[seating[s as usize]], Player::Page(_)))
                .map(|&s| (s, asked + plimit))
                .collect();
            p.show(&m, seating, &names, &people, "playing");
        }
        let mut chosen = Vec::new();
        for &seat in &asking {
            let e = seating[seat as usize];
            let answer = match (&mut clients[e], page.as_deref_mut()) {
                (Player::Tcp(c), _) => c
                    .answer(asked, deadline, limit)
                    .await
                    .and_then(|t| parse_magnitude(&t).map_err(Miss::from)),
                (Player::Page(place), Some(p)) => {
                    let place = *place;
                    match p
                        .decide(&m, place, seat, asked, asked + plimit, plimit)
                        .await
                    {
                        Ok(Action::Magnitude(mag)) => Ok(mag),
                        Ok(_) => Err(Miss::from(Fault::Malformed {
                            text: "not a magnitude".into(),
                        })),
                        Err(miss) => Err(miss),
                    }
                }
                (Player::Page(_), None) => Err(Fault::Gone.into()),
            };
            match answer {
                Ok(mag) => chosen.push((seat, mag)),
                Err(miss) => {
                    disqualified.push(Disqualification {
                        seat,
                        entrant: e,
                        fault: miss.fault,
                    });
                    what.push(miss.words);
                }
            }
        }
        if !disqualified.is_empty() {
            break;
        }
        let mut mags = [0u8; 4];
        for (seat, mag) in chosen {
            mags[seat as usize] = mag;
            m.play(seat, &Action::Magnitude(mag))
                .map_err(|e| e.to_string())?;
        }
        all(
            clients,
            &format!(
                "MAGNITUDES: {} {} {} {}",
                mags[0], mags[1], mags[2], mags[3]
            ),
        );
        let s = m.game().scores;
        all(
            clients,
            &format!("SCORES(NESW): {} {} {} {}", s[0], s[1], s[2], s[3]),
        );
        if let Some(p) = page.as_deref() {
            p.show(&m, seating, &names, &[], "playing");
        }
    }
    let (points, margins) = game_points(m.game(), &disqualified);
    let record = m.record().clone();
    if let Some(p) = page.as_deref() {
        p.show(&m, seating, &names, &[], "playing");
        p.host.record(record.to_text());
    }
    let entry = GameEntry {
        seating: seating.to_vec(),
        record,
        disqualified,
        points,
        margins,
    };
    Ok((entry, what, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_as_the_protocol_writes_them() {
        assert_eq!(parse_direction("DIRECTION: NE").unwrap(), Dir::NE);
        assert_eq!(parse_direction("DIRECTION:  SW ").unwrap(), Dir::SW);
        assert!(parse_direction("DIRECTION: UP").is_err());
        assert!(
            parse_direction("X: NE").is_err(),
            "the 2009 parser's slip is not copied"
        );
        assert_eq!(parse_magnitude("MAGNITUDE: 3").unwrap(), 3);
        assert!(parse_magnitude("MAGNITUDE: 4").is_err());
        assert!(parse_magnitude("MAGNITUDE:").is_err());
        assert_eq!(clean_name("my bot\u{7}=1", "x"), "my_bot_1");
        assert_eq!(clean_name("", "player3"), "player3");
    }
}
