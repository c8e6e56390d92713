//! `tabula client --ruleset vector`: a client for the 2009 Vector
//! tournament protocol (docs/vector/protocol.md) that plays one of this
//! program's bots. It connects to a server — `tabula serve` or any server
//! that speaks the protocol — gives its name, follows every game from the
//! lines it hears (directions as they are chosen, magnitudes as they are
//! revealed) and answers `DIRECTION?` and `MAGNITUDE?` with its bot's
//! choice from its own seat's view. A teacher starts four of them to try a
//! server, or three beside a student's program.
//!
//! Which seat it plays is read from the questions: `DIRECTION?` goes to
//! the next seat of the turn order that has not chosen yet. What the
//! server says is checked against the rules (the position, the turn order,
//! the scores); a server that breaks them ends the client with a message
//! that says where.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;

use clap::Args;
use tabula_ai::{Bot, BotSpec};
use tabula_engine::{Game, Seat, ToMove};
use tabula_vector::geometry::SEAT_LETTERS;
use tabula_vector::{Action, Dir, Options, Vector, starter_board};

use crate::failure::{CmdResult, Failure};
use crate::safe_text::quoted;

/// Longest line the client reads from a server.
const MAX_LINE: usize = 4096;

/// Options of `tabula client`.
#[derive(Args, Debug)]
pub struct ClientArgs {
    /// The ruleset: vector (the 2009 protocol) or catan (the course
    /// server's protocol, docs/catan/server.md).
    #[arg(long, default_value = "vector")]
    pub ruleset: String,
    /// The bot that answers: random, greedy, search, search:easy, …
    /// (catan: random, the default there, answers every prompt with a
    /// listed value; the others decide from the view the events give).
    #[arg(long)]
    pub bot: Option<String>,
    /// The name the client gives when asked.
    #[arg(long, default_value = "tabula")]
    pub name: String,
    /// The server's address.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The server's port (vector 1337, catan 5000).
    #[arg(long)]
    pub port: Option<u16>,
    /// Catan: the login.
    #[arg(long)]
    pub login: Option<String>,
    /// Catan: the password.
    #[arg(long)]
    pub password: Option<String>,
    /// Catan: create this game, then join it.
    #[arg(long, value_name = "NAME", conflicts_with = "join")]
    pub create: Option<String>,
    /// Catan: join this game (waiting up to 60 s for it to be created).
    #[arg(long, value_name = "NAME")]
    pub join: Option<String>,
    /// Catan: the players of a game created (-maxPlayers).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// Catan: the map of a game created.
    #[arg(long)]
    pub map: Option<String>,
    /// Catan: create a test game (every player gets one progress card of each kind).
    #[arg(long)]
    pub testgame: bool,
    /// Catan: a round limit for a game created (-rounds N): the game ends
    /// after it, the most points winning.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub round_limit: Option<u16>,
    /// Catan: append the time from each answer to the server's next
    /// message to this seat, in microseconds, one a line (benchmarks).
    #[arg(long, value_name = "FILE")]
    pub latencies: Option<std::path::PathBuf>,
    /// Vector: the board the server plays (as the server's `--board`; the
    /// starter board when not given).
    #[arg(long, value_name = "FILE")]
    pub board: Option<std::path::PathBuf>,
    /// Rounds in a game (as the server's `-r`).
    #[arg(short = 'r', long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub rounds: u8,
    /// The seed of the bot's own random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print every line heard and sent (else only each game's end).
    #[arg(long)]
    pub verbose: bool,
}

/// A game as the client follows it.
struct Table {
    game: Vector,
    /// The seat this client plays in the game (known from its first
    /// `DIRECTION?`).
    seat: Option<Seat>,
    /// The direction this client sent and has played, until the server
    /// reports it back (`<seat> CHOOSES: <dir>` goes to all four).
    sent: Option<(Seat, Dir)>,
}

/// The seat a letter names.
fn seat_of(letter: &str) -> Option<Seat> {
    SEAT_LETTERS
        .iter()
        .position(|l| *l == letter)
        .map(|s| s as Seat)
}

/// Run `tabula client`.
pub fn run(args: &ClientArgs) -> CmdResult {
    if args.ruleset == "catan" {
        return catan(args);
    }
    if args.ruleset != "vector" {
        return Err(Failure::Usage(format!(
            "--ruleset {}: the client speaks the 2009 Vector protocol; only vector is played",
            quoted(&args.ruleset)
        )));
    }
    let spec: BotSpec = args
        .bot
        .as_deref()
        .unwrap_or("search:normal")
        .parse()
        .map_err(|e: String| Failure::Usage(format!("--bot: {e}")))?;
    let mut bot: Box<dyn Bot<Vector>> = spec.build(args.seed);
    let options = Options {
        rounds: args.rounds,
        ..Options::default()
    };
    let board = Arc::new(match &args.board {
        Some(path) => crate::serve::board_file(path)?.1,
        None => starter_board(),
    });
    let port = args.port.unwrap_or(1337);
    let stream = TcpStream::connect((args.host.as_str(), port))
        .map_err(|e| Failure::Input(format!("cannot connect to {}:{port}: {e}", args.host)))?;
    let _ = stream.set_nodelay(true);
    let mut writer = stream
        .try_clone()
        .map_err(|e| Failure::Input(format!("the connection: {e}")))?;
    let mut reader = BufReader::new(stream);
    let mut out = std::io::stdout().lock();
    let mut table: Option<Table> = None;
    let mut number = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        let read = Read::by_ref(&mut reader)
            .take(MAX_LINE as u64)
            .read_line(&mut line)
            .map_err(|e| Failure::Input(format!("reading from the server: {e}")))?;
        if read == 0 {
            return Err(Failure::Input(
                "the server closed the connection before TOURNAMENT OVER".into(),
            ));
        }
        number += 1;
        let text = line.trim_end_matches(['\r', '\n']).to_string();
        if args.verbose {
            writeln!(out, "< {text}").map_err(Failure::output)?;
        }
        let at = |what: String| {
            Failure::Input(format!("server line {number} ({}): {what}", quoted(&text)))
        };
        let mut send = |answer: String, out: &mut std::io::StdoutLock| -> CmdResult {
            if args.verbose {
                writeln!(out, "> {answer}").map_err(Failure::output)?;
            }
            writer
                .write_all(format!("{answer}\r\n").as_bytes())
                .and_then(|()| writer.flush())
                .map_err(|e| Failure::Input(format!("writing to the server: {e}")))
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["IDENTIFY?"] => send(args.name.clone(), &mut out)?,
            ["BEGIN", "GAME", ..] => {
                table = Some(Table {
                    game: Vector::new(&options, board.clone()),
                    seat: None,
                    sent: None,
                });
            }
            ["COORD:", row, col] => {
                let t = table
                    .as_ref()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let here = format!("{} {}", t.game.pos.row, t.game.pos.col);
                if here != format!("{row} {col}") {
                    return Err(at(format!("by the rules the Vector stands at {here}")));
                }
            }
            ["TURN", "ORDER:", seats @ ..] => {
                let t = table
                    .as_ref()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let ours: Vec<&str> = t
                    .game
                    .order
                    .iter()
                    .map(|&s| SEAT_LETTERS[s as usize])
                    .collect();
                if ours.as_slice() != seats {
                    return Err(at(format!(
                        "by the rules the turn order is {}",
                        ours.join(" ")
                    )));
                }
            }
            [seat, "CHOOSES:", dir] => {
                let t = table
                    .as_mut()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let (Some(seat), Some(dir)) = (seat_of(seat), Dir::from_short(dir)) else {
                    return Err(at("not a seat and a direction".into()));
                };
                // This client's own direction, played when it was sent.
                if let Some((ours, sent)) = t.sent.filter(|(s, _)| *s == seat) {
                    t.sent = None;
                    if sent != dir {
                        return Err(at(format!(
                            "this client chose {} for {}",
                            sent.short(),
                            SEAT_LETTERS[ours as usize]
                        )));
                    }
                    continue;
                }
                t.game
                    .apply(seat, &Action::Direction(dir))
                    .map_err(|e| at(e.to_string()))?;
            }
            ["DIRECTION?"] => {
                let t = table
                    .as_mut()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let ToMove::Seat(seat) = t.game.to_move() else {
                    return Err(at("by the rules no seat chooses a direction now".into()));
                };
                t.seat = Some(seat);
                let action = bot
                    .choose(&t.game.player_view(seat), seat)
                    .ok_or_else(|| at("the bot chose nothing".into()))?;
                let Action::Direction(d) = action else {
                    return Err(at("the bot chose a magnitude".into()));
                };
                t.game.apply(seat, &action).map_err(|e| at(e.to_string()))?;
                t.sent = Some((seat, d));
                send(format!("DIRECTION: {}", d.short()), &mut out)?;
            }
            ["MAGNITUDE?"] => {
                let t = table
                    .as_mut()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let seat = t
                    .seat
                    .ok_or_else(|| at("asked before this client's seat was known".into()))?;
                let action = bot
                    .choose(&t.game.player_view(seat), seat)
                    .ok_or_else(|| at("the bot chose nothing".into()))?;
                let Action::Magnitude(m) = action else {
                    return Err(at("the bot chose a direction".into()));
                };
                send(format!("MAGNITUDE: {m}"), &mut out)?;
            }
            ["MAGNITUDES:", n, e, s, w] => {
                let t = table
                    .as_mut()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let ToMove::Simultaneous(set) = t.game.to_move() else {
                    return Err(at("by the rules no magnitudes are revealed now".into()));
                };
                let given = [n, e, s, w];
                for seat in set.iter() {
                    let m: u8 = given[seat as usize]
                        .parse()
                        .map_err(|_| at("a magnitude is a number 0 to 3".into()))?;
                    t.game
                        .apply(seat, &Action::Magnitude(m))
                        .map_err(|e| at(e.to_string()))?;
                }
            }
            ["SCORES(NESW):", scores @ ..] => {
                let t = table
                    .as_ref()
                    .ok_or_else(|| at("no game has begun".into()))?;
                let ours: Vec<String> = t.game.scores.iter().map(|s| s.to_string()).collect();
                if ours.iter().map(String::as_str).ne(scores.iter().copied()) {
                    return Err(at(format!(
                        "by the rules the scores are {}",
                        ours.join(" ")
                    )));
                }
            }
            ["WINNER:", ..] | ["DISQUALIFICATION:", ..] | ["TOURNAMENT", "SCORES:", ..]
                if !args.verbose =>
            {
                let seat = table
                    .as_ref()
                    .and_then(|t| t.seat)
                    .map(|s| format!(" (this client played {})", SEAT_LETTERS[s as usize]))
                    .filter(|_| words[0] == "WINNER:")
                    .unwrap_or_default();
                writeln!(out, "{text}{seat}").map_err(Failure::output)?;
            }
            ["TOURNAMENT", "OVER"] => {
                if !args.verbose {
                    writeln!(out, "{text}").map_err(Failure::output)?;
                }
                return Ok(());
            }
            _ => {}
        }
    }
}

/// `tabula client --ruleset catan`: play one game on a course server.
fn catan(args: &ClientArgs) -> CmdResult {
    use tabula_server::catan::client::{ClientConfig, Table, play};
    let bot = args.bot.as_deref().unwrap_or("random");
    if let Err(e) = bot.parse::<tabula_ai::BotSpec>() {
        return Err(Failure::Usage(format!("--bot {}: {e}", quoted(bot))));
    }
    let (Some(login), Some(password)) = (&args.login, &args.password) else {
        return Err(Failure::Usage(
            "--login and --password are needed to play on a Catan server".into(),
        ));
    };
    let table = match (&args.create, &args.join) {
        (Some(name), None) => Table::Create {
            name: name.clone(),
            players: args.players,
            map: args.map.clone(),
            testgame: args.testgame,
            rounds: args.round_limit,
        },
        (None, Some(name)) => Table::Join {
            name: name.clone(),
            wait: std::time::Duration::from_secs(60),
        },
        _ => {
            return Err(Failure::Usage("give --create NAME or --join NAME".into()));
        }
    };
    let cfg = ClientConfig {
        host: args.host.clone(),
        port: args.port.unwrap_or(5000),
        login: login.clone(),
        password: password.clone(),
        table,
        seed: args.seed,
        verbose: args.verbose,
        bot: bot.to_string(),
    };
    let mut out = std::io::stdout();
    let o = play(&cfg, &mut out).map_err(Failure::Input)?;
    if let Some(path) = &args.latencies {
        let text: String = o.latencies_us.iter().map(|l| format!("{l}\n")).collect();
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| Failure::Input(format!("{}: cannot write: {e}", path.display())))?;
    }
    let mut lat = o.latencies_us.clone();
    lat.sort_unstable();
    let pick = |q: f64| {
        lat.get(((lat.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0)
    };
    let by_bot = if bot == "random" {
        String::new()
    } else {
        format!(
            ", {bot} decided {}, {} set-up or choose prompts answered with a listed value, {} bot choices not listed (a listed value sent instead)",
            o.decided, o.unseen, o.fallbacks
        )
    };
    writeln!(
        out,
        "{} ({} answers{by_bot}, answer to next message median {} us, p99 {} us)",
        o.over,
        o.answers,
        pick(0.5),
        pick(0.99)
    )
    .map_err(Failure::output)?;
    Ok(())
}
