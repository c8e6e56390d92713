//! `tabula serve`: Tabula's game servers over TCP.
//!
//! - `--ruleset vector`: the 2009 Vector Supervisor Engine's tournament
//!   server, speaking its line protocol (seed 004, appendix D;
//!   docs/vector/protocol.md): four clients, every game, the tournament
//!   record.
//! - `--ruleset catan`: the SE1 course's Settlers of Catan server (seed
//!   002; docs/catan/server.md): a lobby of plain lines, then Cities &
//!   Knights games in JSON, each game's record written to `--record DIR`.
//!
//! The servers themselves are in `tabula-server` (one core, a face per
//! protocol); this module reads the command line and starts them.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tabula_server::catan::CatanServe;
use tabula_server::vector::VectorServe;

use crate::failure::{CmdResult, Failure};

/// Options of `tabula serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The ruleset: vector (the 2009 tournament protocol) or catan (the
    /// course server's protocol).
    #[arg(long, default_value = "vector")]
    pub ruleset: String,
    /// Vector: games in the tournament.
    #[arg(short = 'g', long, default_value_t = 13, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub games: u64,
    /// Vector: rounds in a game.
    #[arg(short = 'r', long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub rounds: u8,
    /// Vector: seconds each answer may take (0.5). Catan: milliseconds a
    /// connection may stay silent before it is closed (3600000).
    #[arg(short = 't', long)]
    pub timeout: Option<f64>,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (vector 1337, catan 5000; 0: any free port,
    /// printed when listening).
    #[arg(long)]
    pub port: Option<u16>,
    /// The seed of the seatings (vector: drawn from the operating
    /// system's randomness when not given, printed and written in the
    /// record) or of the first game (catan: 1 when not given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=tabula_engine::limits::MAX_SEED))]
    pub seed: Option<u64>,
    /// Vector: the tournament record's file (vector-tournament.json).
    /// Catan: the folder every game's record is written to (none when
    /// not given).
    #[arg(long, value_name = "PATH")]
    pub record: Option<PathBuf>,
    /// Vector: seconds a connection may take to identify itself before it
    /// is closed and its place goes to the next connection.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub identify_wait: f64,
    /// Vector: the board to play (a board file that passes `tabula map
    /// check --ruleset vector`; the starter board when not given),
    /// written in the record.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Catan: the users file (`tabula users add`); without it the server
    /// is open (a LOGIN with a new login makes the account).
    #[arg(long, value_name = "FILE")]
    pub users: Option<PathBuf>,
    /// Catan: a folder of maps (`*.txt`) offered beside the shipped ones.
    #[arg(long, value_name = "DIR")]
    pub maps: Option<PathBuf>,
    /// Catan: a folder of positions (`*.txt`, docs/catan/positions.md)
    /// that CREATE GAME … -position NAME starts from.
    #[arg(long, value_name = "DIR")]
    pub positions: Option<PathBuf>,
    /// Catan: milliseconds a seat may take to answer a prompt before a
    /// Tabula bot plays it (a game's -timeout overrides it).
    #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(100..=86_400_000))]
    pub answer_timeout: u64,
    /// Catan: the bot that takes over a seat (random, greedy, search:easy, …).
    #[arg(long, default_value = "greedy")]
    pub bot: String,
    /// Serve the built site in DIR (what scripts/build-web.sh writes to
    /// dist/) and, on the same port (8080 by default), online play for
    /// every ruleset over WebSocket at /play (docs/online.md); --ruleset
    /// is then not used.
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
    /// With --site: the folder each online room is written to after every
    /// action; a server started again with it resumes every room.
    #[arg(long, value_name = "DIR", requires = "site")]
    pub rooms: Option<PathBuf>,
    /// With --site: seconds a connection may stay silent (no message and
    /// no answer to the server's pings, sent every third of it) before it
    /// counts as gone: its seats show `reconnecting` and wait for their
    /// person or the stand-in bot. A closed browser tab is seen at once;
    /// this is for connections that broke without closing.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "site",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub silent_after: u64,
    /// With --site: seconds a room stays with nobody in it once its game
    /// is over (or while nobody has come to start it) before it closes; a
    /// finished room's file then moves to the rooms folder's `finished/`
    /// (it holds the whole record), a room never finished is removed.
    #[arg(long, value_name = "SECONDS", default_value_t = 900, requires = "site",
          value_parser = clap::value_parser!(u64).range(1..=31_536_000))]
    pub close_idle: u64,
    /// With --site: also open the Catan course protocol's TCP port PORT
    /// (0: any free one, printed as `catan course port on HOST:PORT`). Its
    /// lobby is the course server's (the Catan options of `tabula serve`
    /// apply) and lists, beside its own games, every online Catan room
    /// with a `client` seat; a course client's JOIN GAME ROOM takes that
    /// seat (docs/online.md, "Mixed tables").
    #[arg(long, value_name = "PORT", requires = "site")]
    pub catan_port: Option<u16>,
    /// With --site: also run one 2009 Vector tournament on the TCP port
    /// PORT (0: any free one, printed as `vector tournament port on
    /// HOST:PORT`), with --vector-people of its four entrants people on
    /// the page: the tournament is a room of the WebSocket lobby with
    /// their seats open, the other entrants 2009 clients on PORT. The
    /// Vector options of `tabula serve` apply (--games, --rounds,
    /// --timeout for the clients, --record, --seed, --board).
    #[arg(long, value_name = "PORT", requires = "site")]
    pub vector_port: Option<u16>,
    /// With --vector-port: how many of the four entrants are people on
    /// the page (0 to 4).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "vector_port",
          value_parser = clap::value_parser!(u8).range(0..=4))]
    pub vector_people: u8,
    /// With --vector-port: seconds a person on the page has for one
    /// decision (the 2009 clients keep --timeout, 0.5 s); a person out of
    /// time is disqualified from that game as a client is.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60.0,
        requires = "vector_port"
    )]
    pub person_clock: f64,
    /// Catan and --site: the most connections held at once; one more is
    /// told so (Catan: an ERROR line; the site: HTTP 503 for a WebSocket)
    /// and closed, and the others go on.
    #[arg(long, value_name = "N", default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_connections: u64,
}

/// Run `tabula serve`.
pub fn run(args: &ServeArgs) -> CmdResult {
    if args.site.is_some() {
        return crate::serve_online::run(args);
    }
    match args.ruleset.as_str() {
        "vector" => vector(args),
        "catan" => catan(args),
        other => Err(Failure::Usage(format!(
            "--ruleset {}: the servers speak the 2009 Vector protocol (vector) and the course server's Catan protocol (catan)",
            crate::safe_text::quoted(other)
        ))),
    }
}

pub(crate) fn runtime() -> Result<tokio_runtime::Runtime, Failure> {
    tabula_server::core::runtime()
        .map_err(|e| Failure::Input(format!("cannot start the server: {e}")))
}

use tabula_server::core::tokio_runtime;

fn vector(args: &ServeArgs) -> CmdResult {
    let serve = vector_serve(args, args.port.unwrap_or(1337))?;
    let mut out = std::io::stdout();
    runtime()?
        .block_on(tabula_server::vector::serve(&serve, &mut out))
        .map_err(Failure::Input)
}

/// The Vector tournament's settings from the command line, on `port`
/// (also the port opened beside the site with --vector-port, with its
/// people).
pub(crate) fn vector_serve(args: &ServeArgs, port: u16) -> Result<VectorServe, Failure> {
    let timeout = args.timeout.unwrap_or(0.5);
    if !(timeout > 0.0 && timeout <= 60.0) {
        return Err(Failure::Usage(format!(
            "--timeout {timeout}: give seconds between 0 and 60"
        )));
    }
    if !(args.identify_wait > 0.0 && args.identify_wait <= 3600.0) {
        return Err(Failure::Usage(format!(
            "--identify-wait {}: give seconds between 0 and 3600",
            args.identify_wait
        )));
    }
    let board = args.board.as_deref().map(board_file).transpose()?;
    let (people, person_limit) = if args.site.is_some() {
        if !(args.person_clock > 0.0 && args.person_clock <= 86_400.0) {
            return Err(Failure::Usage(format!(
                "--person-clock {}: give seconds between 0 and 86400",
                args.person_clock
            )));
        }
        (
            usize::from(args.vector_people),
            Duration::from_secs_f64(args.person_clock),
        )
    } else {
        (0, Duration::from_secs(60))
    };
    Ok(VectorServe {
        board: board.map(|(text, _)| text),
        identify_wait: Duration::from_secs_f64(args.identify_wait),
        games: args.games as usize,
        rounds: args.rounds,
        limit: Duration::from_secs_f64(timeout),
        host: args.host.clone(),
        port,
        seed: args.seed,
        record: args
            .record
            .clone()
            .unwrap_or_else(|| PathBuf::from("vector-tournament.json")),
        people,
        person_limit,
    })
}

/// A Vector board file, read and checked as `tabula map check --ruleset
/// vector` does: its text and the board, or every problem printed one a
/// line (`FILE:LINE:COL: message`).
pub(crate) fn board_file(
    path: &std::path::Path,
) -> Result<(String, tabula_vector::Board), Failure> {
    let text = crate::input::read_text(path, tabula_vector::board::MAX_BOARD_BYTES, "board")
        .map_err(Failure::Input)?;
    match tabula_vector::read_board(&text) {
        Ok(board) => Ok((text, board)),
        Err(problems) => Err(Failure::Input(format!(
            "{}\n{}: not a board that can be played (tabula map check --ruleset vector lists the same problems)",
            crate::problem_text::problem_lines(&crate::input::shown(path), &problems),
            crate::input::shown(path)
        ))),
    }
}

fn catan(args: &ServeArgs) -> CmdResult {
    let serve = catan_serve(args, args.port.unwrap_or(5000))?;
    tabula_server::core::keep_large_blocks_apart();
    let mut out = std::io::stdout();
    runtime()?
        .block_on(tabula_server::catan::serve(serve, &mut out))
        .map_err(Failure::Input)
}

/// The Catan course server's settings from the command line, on `port`
/// (also the port opened beside the site with --catan-port).
pub(crate) fn catan_serve(args: &ServeArgs, port: u16) -> Result<CatanServe, Failure> {
    let timeout = args.timeout.unwrap_or(3_600_000.0);
    if !(100.0..=86_400_000.0).contains(&timeout) {
        return Err(Failure::Usage(format!(
            "--timeout {timeout}: give milliseconds between 100 and 86400000"
        )));
    }
    tabula_ai::bot_from_spec::<tabula_catan::Catan>(&args.bot, 1)
        .map_err(|e| Failure::Usage(format!("--bot: {e}")))?;
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::Input(format!("{}: cannot make the folder: {e}", dir.display()))
        })?;
    }
    Ok(CatanServe {
        host: args.host.clone(),
        port,
        users: args.users.clone(),
        maps: args.maps.clone(),
        positions: args.positions.clone(),
        timeout: Duration::from_millis(timeout as u64),
        record: args.record.clone(),
        answer_limit: Duration::from_millis(args.answer_timeout),
        bot: args.bot.clone(),
        seed: args.seed.unwrap_or(1),
        max_connections: args.max_connections as usize,
    })
}
