//! `tabula bench --ruleset domains`: complete games between built-in bots
//! (`--bot`, default `demo`, in every seat) on the standard board, timing
//! the bots and the engine (order checks and round steps) apart.

use std::time::Instant;

use serde::Serialize;
use tabula_ai::{bot_from_spec_with, with_own_names};
use tabula_domains::bench::bench_games;
use tabula_domains::{BOT_NAMES, Domains, domains_bot};

use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};

/// What a Domains benchmark measured.
#[derive(Serialize, Debug)]
struct DomainsBench {
    ruleset: &'static str,
    bot: String,
    games: u64,
    seats: usize,
    rounds: u32,
    seconds: f64,
    games_per_second: f64,
    engine_seconds: f64,
    engine_share: f64,
    ms_per_game: f64,
    engine_ms_per_game: f64,
}

/// Run the Domains benchmark.
pub fn run(args: &BenchArgs) -> CmdResult {
    if !(2..=4).contains(&args.seats) {
        return Err(Failure::Usage(format!(
            "--seats {}: domains is for 2 to 4 seats",
            args.seats
        )));
    }
    if let Some(specs) = &args.bots {
        return crate::bench_unrecorded::run::<Domains>(
            &tabula_domains::Options::default(),
            <Domains as tabula_engine::Ruleset>::default_map(),
            specs,
            args.games.unwrap_or(1000),
            args.seed,
            args.json,
        );
    }
    let spec = args.bot.clone().unwrap_or_else(|| "demo".into());
    bot_from_spec_with::<Domains>(&spec, 0, domains_bot)
        .map_err(|e| Failure::Usage(format!("--bot: {}", with_own_names(e, BOT_NAMES))))?;
    let games = args.games.unwrap_or(20);
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64() * 1000.0;
    let b = bench_games(&spec, args.seats, games, args.seed, &clock).map_err(Failure::Input)?;
    let (seconds, engine) = (b.ms / 1000.0, b.engine_ms / 1000.0);
    let r = DomainsBench {
        ruleset: "domains",
        bot: spec,
        games,
        seats: args.seats,
        rounds: b.rounds,
        seconds,
        games_per_second: games as f64 / seconds,
        engine_seconds: engine,
        engine_share: engine / seconds,
        ms_per_game: seconds * 1000.0 / games as f64,
        engine_ms_per_game: engine * 1000.0 / games as f64,
    };
    crate::bench::report(args.json, &r, || {
        format!(
            "{} games of domains ({} rounds, {} seats, {} bots) on one thread in {:.2} s\n\
             games/s:        {:.2}\n\
             ms/game:        {:.2}\n\
             engine ms/game: {:.2} ({:.0}% of the time)",
            r.games,
            r.rounds,
            r.seats,
            r.bot,
            r.seconds,
            r.games_per_second,
            r.ms_per_game,
            r.engine_ms_per_game,
            r.engine_share * 100.0
        )
    })
}
