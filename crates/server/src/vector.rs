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
    let limit = args.limit;
    let listener = Listener::bind(&args.host, args.port)
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let output = |e: std::io::Error| format!("cannot write the output: {e}");
    writeln!(out, "listening on {addr}").map_err(output)?;
    let seed = args.seed.unwrap_or_else(os_seed);
    writeln!(
        out,
        "seed {seed} (--seed {seed} draws these seatings again)"
    )
    .map_err(output)?;
    out.flush().map_err(output)?;
    let clients = take_four(&listener, args.identify_wait, out).await?;
    let mut clients = clients;
    let all = |clients: &mut Vec<Client>, line: &str| {
        for c in clients.iter_mut() {
            c.send(line);
        }
    };
    // Two clients with one name are told apart.
    for i in 0..4 {
        if (0..i).any(|j| clients[j].name == clients[i].name) {
            clients[i].name = format!("{}#{}", clients[i].name, i + 1);
        }
    }
    let names: Vec<String> = clients.iter().map(|c| c.name.clone()).collect();
    let entrants: Vec<Entrant> = names
        .iter()
        .map(|n| Entrant {
            name: n.clone(),
            player: "remote".into(),
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
    let options = Options {
        rounds: args.rounds,
        ..Options::default()
    };
    let mut entries: Vec<GameEntry> = Vec::new();
    for (g, seating) in seats_of.iter().enumerate() {
        let table: Vec<String> = seating.iter().map(|&e| names[e].clone()).collect();
        all(
            &mut clients,
            &format!("BEGIN GAME {g}: {}", table.join(" ")),
        );
        let (entry, what) =
            play_game(&mut clients, &entrants, seating, &options, args, seed, g).await?;
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
    for c in clients {
        c.conn.close(Duration::from_secs(5)).await;
    }
    Ok(())
}

/// Wait for four clients that identify themselves. Connections are taken
/// four places at a time; each is told `ALL PLAYERS CONNECTED`, `GAME
/// START` and `IDENTIFY?` and has `wait` to answer with its name. One that
/// does not (silent, gone, a line too long) is closed and its place goes
/// to the next connection.
async fn take_four(
    listener: &Listener,
    wait: Duration,
    out: &mut dyn Write,
) -> Result<Vec<Client>, String> {
    let output = |e: std::io::Error| format!("cannot write the output: {e}");
    let mut clients: Vec<Client> = Vec::new();
    let mut connections = 0usize;
    while clients.len() < 4 {
        let mut waiting: Vec<Client> = Vec::new();
        while clients.len() + waiting.len() < 4 {
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
async fn play_game(
    clients: &mut [Client],
    entrants: &[Entrant],
    seating: &[usize],
    options: &Options,
    args: &VectorServe,
    seed: u64,
    g: usize,
) -> Result<(GameEntry, Vec<String>), String> {
    let limit = args.limit;
    let seats: Vec<SeatInfo> = seating
        .iter()
        .map(|&e| SeatInfo {
            name: entrants[e].name.clone(),
            player: "bot:remote".into(),
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
    let all = |clients: &mut [Client], line: &str| {
        for c in clients.iter_mut() {
            c.send(line);
        }
    };
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
            let c = &mut clients[e];
            c.drain();
            c.send("DIRECTION?");
            let asked = Instant::now();
            match c
                .answer(asked, asked + limit, limit)
                .await
                .and_then(|t| parse_direction(&t).map_err(Miss::from))
            {
                Ok(d) => {
                    m.play(seat, &Action::Direction(d))
                        .map_err(|e| e.to_string())?;
                    let line = format!("{} CHOOSES: {}", SEAT_LETTERS[seat as usize], d.short());
                    // To all four, the chooser included (as the 2009 server).
                    all(clients, &line);
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
        let asking: Vec<Seat> = set.iter().collect();
        for &seat in &asking {
            let c = &mut clients[seating[seat as usize]];
            c.drain();
            c.send("MAGNITUDE?");
        }
        let asked = Instant::now();
        let deadline = asked + limit;
        let mut chosen = Vec::new();
        for &seat in &asking {
            let e = seating[seat as usize];
            match clients[e]
                .answer(asked, deadline, limit)
                .await
                .and_then(|t| parse_magnitude(&t).map_err(Miss::from))
            {
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
    }
    let (points, margins) = game_points(m.game(), &disqualified);
    let record = m.record().clone();
    let entry = GameEntry {
        seating: seating.to_vec(),
        record,
        disqualified,
        points,
        margins,
    };
    Ok((entry, what))
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
