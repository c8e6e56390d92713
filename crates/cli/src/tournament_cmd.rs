//! `tabula tournament`: every entrant (a bot) plays every game, the
//! seatings drawn up front and announced, each decision on the clock, a
//! faulty bot disqualifying its team for the game; the standings, the
//! winner, and the tournament record (`--record FILE`), which `tabula
//! record verify` replays to the same results.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tabula_ai::{OwnBots, bot_from_spec_with};
use tabula_engine::{Determinize, Evaluate, Ruleset};
use tabula_tournament::{
    BotPlayer, Entrant, GameEntry, Player, Settings, TournamentRecord, run, verify,
};

use crate::failure::{CmdResult, Failure};

/// Options of `tabula tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The ruleset to play.
    #[arg(long, default_value = "vector")]
    pub ruleset: String,
    /// One bot spec per entrant, separated by commas (e.g. vector:
    /// search:normal,random,greedy,random); every entrant plays every game.
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub games: u64,
    /// The seed of the seatings (and of the games: game G uses SEED+G).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds each decision may take; a bot over it disqualifies its team.
    #[arg(long, default_value_t = 0.5)]
    pub time_limit: f64,
    /// Balanced seatings: with four entrants, every seat and every partner
    /// equally often over twelve games.
    #[arg(long)]
    pub balanced: bool,
    /// The ruleset's options as JSON.
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
    /// Write the tournament record to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Run `tabula tournament`.
pub fn run_args(args: &TournamentArgs) -> CmdResult {
    crate::rulesets::lookup(&args.ruleset)
        .map_err(Failure::Usage)?
        .tournament(args)
}

fn seat_letters(seats: usize) -> Vec<String> {
    if seats == 4 {
        ["N", "E", "S", "W"].iter().map(|s| s.to_string()).collect()
    } else {
        (1..=seats).map(|s| format!("seat {s}")).collect()
    }
}

/// A tournament of ruleset `G` between the bots the arguments name.
pub fn tournament<G: Ruleset + Determinize + Evaluate + 'static>(
    args: &TournamentArgs,
    own: (OwnBots<G>, &[&str]),
) -> CmdResult {
    if !(args.time_limit > 0.0 && args.time_limit <= 600.0) {
        return Err(Failure::Usage(format!(
            "--time-limit {}: give seconds between 0 and 600",
            args.time_limit
        )));
    }
    tabula_tournament::check_entrants::<G>(args.bots.len())
        .map_err(|e| Failure::Usage(format!("--bots: {e}")))?;
    let options = match &args.options {
        None => serde_json::Value::Null,
        Some(t) => {
            let v: serde_json::Value = serde_json::from_str(t)
                .map_err(|e| Failure::Usage(format!("--options: not JSON ({e})")))?;
            serde_json::from_value::<G::Options>(v.clone())
                .map_err(|e| Failure::Usage(format!("--options: not {} options ({e})", G::NAME)))?;
            v
        }
    };
    let mut players: Vec<Box<dyn Player<G>>> = Vec::new();
    let mut entrants = Vec::new();
    for (i, spec) in args.bots.iter().enumerate() {
        let bot = bot_from_spec_with::<G>(spec, args.seed.wrapping_add(i as u64 * 7919), own.0)
            .map_err(|e| {
                Failure::Usage(format!("--bots: {}", tabula_ai::with_own_names(e, own.1)))
            })?;
        players.push(Box::new(BotPlayer(bot)));
        entrants.push(Entrant {
            name: format!(
                "{}{}",
                spec,
                if args.bots.iter().filter(|b| *b == spec).count() > 1 {
                    format!("#{}", i + 1)
                } else {
                    String::new()
                }
            ),
            player: format!("bot:{spec}"),
        });
    }
    let settings = Settings {
        games: args.games as usize,
        seed: args.seed,
        balanced: args.balanced,
        time_limit: Duration::from_secs_f64(args.time_limit),
        options,
        map: None,
    };
    let letters = seat_letters(entrants.len());
    let mut out = std::io::stdout().lock();
    let seatings = tabula_tournament::seatings(
        entrants.len(),
        settings.games,
        settings.seed,
        settings.balanced,
    );
    for (g, s) in seatings.iter().enumerate() {
        let names: Vec<String> = s
            .iter()
            .enumerate()
            .map(|(seat, &e)| format!("{}={}", letters[seat], entrants[e].name))
            .collect();
        writeln!(out, "GAME {g}: {}", names.join(" ")).map_err(Failure::output)?;
    }
    let mut lines = Vec::new();
    let t = run::<G>(&settings, &entrants, &mut players, |g, e: &GameEntry| {
        let pts: Vec<String> = e.points.iter().map(|p| format!("{p}")).collect();
        let mut line = format!("game {g}: points by seat {}", pts.join(" "));
        for d in &e.disqualified {
            line.push_str(&format!(
                "; DISQUALIFIED {} ({}): {}",
                letters[d.seat as usize], entrants[d.entrant].name, d.fault
            ));
        }
        lines.push(line);
    })
    .map_err(Failure::Input)?;
    for l in &lines {
        writeln!(out, "{l}").map_err(Failure::output)?;
    }
    let table: Vec<String> = t
        .standings
        .iter()
        .map(|s| {
            format!(
                "{} = {} (margin {})",
                entrants[s.entrant].name, s.points, s.margin
            )
        })
        .collect();
    writeln!(out, "TOURNAMENT SCORES: {}", table.join(", ")).map_err(Failure::output)?;
    let winners: Vec<&str> = t
        .winners
        .iter()
        .map(|&w| entrants[w].name.as_str())
        .collect();
    writeln!(out, "WINNER: {}", winners.join(" and ")).map_err(Failure::output)?;
    if let Some(path) = &args.record {
        let text = serde_json::to_string_pretty(&t)
            .map_err(|e| Failure::Input(format!("cannot write the record: {e}")))?;
        std::fs::write(path, text)
            .map_err(|e| Failure::Input(format!("{}: cannot write: {e}", path.display())))?;
    }
    Ok(())
}

/// Verify a tournament record of ruleset `G`: a line for people, or why not.
pub fn verify_record<G: Ruleset>(t: &TournamentRecord) -> Result<String, String> {
    verify::<G>(t)?;
    Ok(format!(
        "tournament of {} games, {} entrants, results replay",
        t.games.len(),
        t.entrants.len()
    ))
}
