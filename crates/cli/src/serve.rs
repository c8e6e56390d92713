//! `tabula serve --ruleset vector`: the 2009 Vector Supervisor Engine's
//! tournament server, over TCP, speaking its line protocol (seed 004,
//! appendix D; docs/vector/protocol.md): four clients connect and
//! identify, every game's seating is announced, each game is played round
//! by round — directions asked one seat at a time and broadcast, then
//! magnitudes asked of all at once in one shared time window — with the
//! scores after each round, disqualifications, the winner and the
//! tournament scores after each game, and `TOURNAMENT OVER` at the end.
//!
//! The server itself is in `tabula-server` (one core, a face per
//! protocol); this module reads the command line and starts it.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tabula_server::vector::VectorServe;

use crate::failure::{CmdResult, Failure};

/// Options of `tabula serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The ruleset (vector: the 2009 protocol).
    #[arg(long, default_value = "vector")]
    pub ruleset: String,
    /// Games in the tournament.
    #[arg(short = 'g', long, default_value_t = 13, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub games: u64,
    /// Rounds in a game.
    #[arg(short = 'r', long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub rounds: u8,
    /// Seconds each answer may take.
    #[arg(short = 't', long, default_value_t = 0.5)]
    pub timeout: f64,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port, printed when listening).
    #[arg(long, default_value_t = 1337)]
    pub port: u16,
    /// The seed of the seatings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the tournament record.
    #[arg(long, value_name = "FILE", default_value = "vector-tournament.json")]
    pub record: PathBuf,
}

/// Run `tabula serve`.
pub fn run(args: &ServeArgs) -> CmdResult {
    if args.ruleset != "vector" {
        return Err(Failure::Usage(format!(
            "--ruleset {}: the tournament server speaks the 2009 Vector protocol; only vector is served",
            crate::safe_text::quoted(&args.ruleset)
        )));
    }
    if !(args.timeout > 0.0 && args.timeout <= 60.0) {
        return Err(Failure::Usage(format!(
            "--timeout {}: give seconds between 0 and 60",
            args.timeout
        )));
    }
    let serve = VectorServe {
        games: args.games as usize,
        rounds: args.rounds,
        limit: Duration::from_secs_f64(args.timeout),
        host: args.host.clone(),
        port: args.port,
        seed: args.seed,
        record: args.record.clone(),
    };
    let rt = tabula_server::core::runtime()
        .map_err(|e| Failure::Input(format!("cannot start the server: {e}")))?;
    let mut out = std::io::stdout();
    rt.block_on(tabula_server::vector::serve(&serve, &mut out))
        .map_err(Failure::Input)
}
