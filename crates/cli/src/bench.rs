//! `tabula bench`: raw engine speed. Complete random games on the default
//! map on one thread, through `Game::random_action`, `Game::apply` and
//! `settle_chance` only (no match, no record, no events).
//!
//! With `--bot SPEC` it measures a bot instead: the time it takes to choose
//! a move in positions from greedy self-play games, and for search bots the
//! iterations per second.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use tabula_engine::{Game, GameRng, Ruleset, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};

use crate::failure::{CmdResult, Failure};
use crate::play::MAX_GAME_ACTIONS;

/// Options of `tabula bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The ruleset to measure. For domains: complete games on the standard
    /// board between copies of `--bot` (default demo), the engine's share
    /// timed apart.
    #[arg(long, default_value = "star-tigris")]
    pub ruleset: String,
    /// Games to play (default 20000), or with --bot positions to choose in (default 20).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// The seed of the first game; game G (from 0) uses seed SEED+G.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seats in each game.
    #[arg(long, default_value_t = 2)]
    pub seats: usize,
    /// Print one JSON object instead of lines for people.
    #[arg(long)]
    pub json: bool,
    /// Measure this bot's moves instead (e.g. search:hard); `--games` is
    /// then the number of positions.
    #[arg(long, value_name = "SPEC")]
    pub bot: Option<String>,
    /// Pick each action uniformly from the full list of legal actions
    /// (star-tigris), as a search does, instead of with the sampler.
    #[arg(long)]
    pub list: bool,
    /// Play the games `tabula play --seats SPECS` plays instead (the same
    /// game and bot seeds, bots choosing from their views) with no record
    /// (star-tigris, catan, vector, domains): side by side with `tabula
    /// play`, what recording costs. `--games` defaults to 1000 (vector
    /// 10000).
    #[arg(long, value_name = "SPECS", value_delimiter = ',')]
    pub bots: Option<Vec<String>>,
    /// The ruleset's options as JSON (catan, e.g.
    /// '{"cities_and_knights":false,"trades_between_players":false}';
    /// star-tigris, e.g. '{"turns":"simultaneous"}').
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
}

/// What a benchmark measured.
#[derive(Serialize, Debug)]
pub struct BenchResult {
    /// The ruleset benchmarked.
    pub ruleset: &'static str,
    /// Games played.
    pub games: u64,
    /// Seats in each game.
    pub seats: usize,
    /// Actions taken in all games.
    pub actions: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Mean actions per game.
    pub actions_per_game: f64,
    /// Mean time per action (choosing, applying and settling), in microseconds.
    pub micros_per_action: f64,
    /// Size of one game state, in bytes.
    pub state_bytes: usize,
}

/// Play one random game; returns how many actions it took. With `list`,
/// each action is picked uniformly from the full list of legal actions
/// (`Game::legal_actions`), as a search does, instead of drawn by the
/// sampler.
fn play_one(options: &Options, seats: usize, seed: u64, list: bool) -> Result<u64, String> {
    let mut game = StarTigris::new(options, DEFAULT_MAP, seats, seed)
        .map_err(|e| format!("cannot start: {e}"))?;
    let mut rng = GameRng::seeded(seed ^ 0x5eed_5eed_5eed_5eed);
    let mut actions = 0;
    loop {
        let seat = match game.to_move() {
            ToMove::Over => return Ok(actions),
            ToMove::Seat(s) => Some(s),
            // Seats deciding at once (the simultaneous variant) act one
            // after another.
            ToMove::Simultaneous(set) => set.iter().next(),
            ToMove::Chance => None,
        };
        if let Some(s) = seat {
            if actions >= MAX_GAME_ACTIONS as u64 {
                return Err(format!(
                    "the game did not end within {MAX_GAME_ACTIONS} actions"
                ));
            }
            let a = if list {
                let legal = game.legal_actions(s);
                (!legal.is_empty()).then(|| legal[rng.index(legal.len())])
            } else {
                game.random_action(s, &mut rng)
            }
            .ok_or_else(|| format!("step {actions}: seat {s} has no legal action"))?;
            game.apply(s, &a)
                .map_err(|e| format!("step {actions}: {a} was refused: {e}"))?;
            actions += 1;
        }
        settle_chance(&mut game).map_err(|e| format!("step {actions}: draw failed: {e}"))?;
    }
}

/// Play the games and measure.
pub fn measure(
    options: &Options,
    games: u64,
    seed: u64,
    seats: usize,
    list: bool,
) -> Result<BenchResult, String> {
    let start = Instant::now();
    let mut actions = 0;
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        actions += play_one(options, seats, game_seed, list)
            .map_err(|e| format!("game {g} (seed {game_seed}): {e}"))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(BenchResult {
        ruleset: StarTigris::NAME,
        games,
        seats,
        actions,
        seconds,
        games_per_second: games as f64 / seconds,
        actions_per_game: actions as f64 / games as f64,
        micros_per_action: seconds * 1e6 / actions.max(1) as f64,
        state_bytes: std::mem::size_of::<StarTigris>(),
    })
}

/// Run `tabula bench`.
pub fn run(args: &BenchArgs) -> CmdResult {
    crate::rulesets::lookup(&args.ruleset)
        .map_err(Failure::Usage)?
        .bench(args)
}

/// `tabula bench` for Star Tigris.
pub(crate) fn run_star_tigris(args: &BenchArgs, options: &Options) -> CmdResult {
    let range = StarTigris::seat_range();
    if !range.contains(&args.seats) {
        return Err(Failure::Usage(format!(
            "--seats {}: {} is for {} to {} seats",
            args.seats,
            StarTigris::NAME,
            range.start(),
            range.end()
        )));
    }
    if let Some(specs) = &args.bots {
        return crate::bench_unrecorded::run::<StarTigris>(
            options,
            Some(DEFAULT_MAP),
            specs,
            args.games.unwrap_or(1000),
            args.seed,
            args.json,
        );
    }
    if let Some(spec) = &args.bot {
        let positions = args.games.unwrap_or(20);
        return crate::bench_bot::run(spec, positions, args.seed, args.seats, args.json);
    }
    let r = measure(
        options,
        args.games.unwrap_or(20_000),
        args.seed,
        args.seats,
        args.list,
    )
    .map_err(Failure::Input)?;
    crate::bench::report(args.json, &r, || {
        format!(
            "{} random games of {} with {} seats on one thread in {:.2} s\n\
             games/s:         {:.1}\n\
             actions/game:    {:.1}\n\
             µs/action:       {:.3}\n\
             bytes per state: {}",
            r.games,
            r.ruleset,
            r.seats,
            r.seconds,
            r.games_per_second,
            r.actions_per_game,
            r.micros_per_action,
            r.state_bytes
        )
    })
}

/// The CPU time this process has used so far (user and system), in
/// seconds, read from Linux's `/proc/self/stat` (in ticks of 1/100 s, the
/// kernel's fixed unit there); `None` where that file is missing or unread.
pub(crate) fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the program's name (in parentheses, maybe with
    // spaces) start with field 3; utime and stime are fields 14 and 15.
    let rest = text.get(text.rfind(')')? + 1..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// Print a benchmark's result: one JSON object with `json`, else the
/// lines `human` writes for people.
pub(crate) fn report(json: bool, r: &impl Serialize, human: impl FnOnce() -> String) -> CmdResult {
    let text = if json {
        serde_json::to_string(r).map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))?
    } else {
        human()
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(Failure::output)
}
