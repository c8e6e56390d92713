//! `tabula bench --bot SPEC`: how long a bot takes to choose a move, and how
//! many search iterations it runs per second.
//!
//! Positions come from greedy self-play games on the default map: position
//! P (from 0) is game SEED+P after `10 + 13·P mod 90` actions (or its last
//! position, if it ended sooner). The bot chooses for the seat to move,
//! seeing only that seat's view.

use std::io::Write;
use std::time::Instant;

use serde::Serialize;
use tabula_ai::{Bot, BotSpec, GreedyBot, SearchBot};
use tabula_engine::{Game, Ruleset, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};

use crate::failure::{CmdResult, Failure};

/// What a bot benchmark measured.
#[derive(Serialize, Debug)]
pub struct BotBenchResult {
    /// The ruleset.
    pub ruleset: &'static str,
    /// The bot's spec.
    pub bot: String,
    /// Positions in which the bot chose a move.
    pub positions: u64,
    /// Seats in each game.
    pub seats: usize,
    /// Mean legal actions in those positions.
    pub mean_legal_actions: f64,
    /// Mean time to choose, in milliseconds.
    pub ms_per_move: f64,
    /// Longest time to choose, in milliseconds.
    pub max_ms_per_move: f64,
    /// Search iterations per move (search bots only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations_per_move: Option<f64>,
    /// Search iterations per second (search bots only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations_per_second: Option<f64>,
}

/// A position of greedy self-play: game `seed` after up to `plies` actions.
fn position(seats: usize, seed: u64, plies: u64) -> Result<StarTigris, String> {
    let mut game = StarTigris::new(&Options::default(), DEFAULT_MAP, seats, seed)
        .map_err(|e| format!("cannot start: {e}"))?;
    let mut bots: Vec<GreedyBot> = (0..seats)
        .map(|i| GreedyBot::new(seed + i as u64, 1))
        .collect();
    for _ in 0..plies {
        let ToMove::Seat(s) = game.to_move() else {
            break;
        };
        let view = game.player_view(s);
        let a = Bot::<StarTigris>::choose(&mut bots[s as usize], &view, s)
            .ok_or("greedy found no action")?;
        let before = game.clone();
        game.apply(s, &a).map_err(|e| e.to_string())?;
        settle_chance(&mut game).map_err(|e| e.to_string())?;
        if game.is_over() {
            return Ok(before);
        }
    }
    Ok(game)
}

/// Measure the bot.
pub fn measure(
    spec: &str,
    positions: u64,
    seed: u64,
    seats: usize,
) -> Result<BotBenchResult, String> {
    let parsed: BotSpec = spec.parse()?;
    let mut search = match &parsed {
        BotSpec::Search(cfg) => Some(SearchBot::new(cfg.clone(), parsed.to_string(), seed)),
        _ => None,
    };
    let mut other = parsed.build::<StarTigris>(seed);
    let (mut total_ms, mut max_ms, mut legal, mut iterations, mut search_ms) =
        (0.0, 0f64, 0, 0u64, 0.0);
    for p in 0..positions {
        let game = position(seats, seed.wrapping_add(p), 10 + (13 * p) % 90)?;
        let ToMove::Seat(s) = game.to_move() else {
            return Err(format!("position {p}: no seat to move"));
        };
        legal += game.legal_actions(s).len();
        let view = game.player_view(s);
        let t0 = Instant::now();
        let action = match &mut search {
            Some(bot) => Bot::<StarTigris>::choose(bot, &view, s),
            None => other.choose(&view, s),
        };
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        action.ok_or_else(|| format!("position {p}: the bot found no action"))?;
        total_ms += ms;
        max_ms = max_ms.max(ms);
        if let Some(bot) = &search {
            iterations += bot.stats().iterations as u64;
            search_ms += ms;
        }
    }
    let n = positions.max(1) as f64;
    Ok(BotBenchResult {
        ruleset: StarTigris::NAME,
        bot: parsed.to_string(),
        positions,
        seats,
        mean_legal_actions: legal as f64 / n,
        ms_per_move: total_ms / n,
        max_ms_per_move: max_ms,
        iterations_per_move: search.as_ref().map(|_| iterations as f64 / n),
        iterations_per_second: search
            .as_ref()
            .map(|_| iterations as f64 / (search_ms / 1000.0).max(1e-9)),
    })
}

/// Run `tabula bench --bot SPEC`.
pub fn run(spec: &str, positions: u64, seed: u64, seats: usize, json: bool) -> CmdResult {
    spec.parse::<BotSpec>()
        .map_err(|e| Failure::Usage(format!("--bot: {e}")))?;
    let r = measure(spec, positions, seed, seats).map_err(Failure::Input)?;
    let mut out = std::io::stdout().lock();
    let written = if json {
        let text = serde_json::to_string(&r)
            .map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{text}")
    } else {
        let mut text = format!(
            "{} choosing in {} positions of {} with {} seats, one thread\n\
             legal actions:   {:.1}\n\
             ms/move:         {:.2}\n\
             max ms/move:     {:.2}\n",
            r.bot,
            r.positions,
            r.ruleset,
            r.seats,
            r.mean_legal_actions,
            r.ms_per_move,
            r.max_ms_per_move
        );
        if let (Some(per_move), Some(per_second)) = (r.iterations_per_move, r.iterations_per_second)
        {
            text.push_str(&format!(
                "iterations/move: {per_move:.0}\niterations/s:    {per_second:.0}\n"
            ));
        }
        write!(out, "{text}")
    };
    written.and_then(|()| out.flush()).map_err(Failure::output)
}
