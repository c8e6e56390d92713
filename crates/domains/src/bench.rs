//! Timing complete games between built-in bots, the bots and the engine
//! (order checks and round steps) apart. The clock is the caller's, so the
//! same loop runs natively (`tabula bench --ruleset domains`) and in
//! WebAssembly (the page's benchmark, with `performance.now()`).

use serde::Serialize;
use tabula_ai::{Bot, bot_from_spec_with, bot_seed};
use tabula_engine::{Game, ToMove};

use crate::{Domains, Options, domains_bot};

/// What a benchmark measured.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
    /// The bot in every seat.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Seats.
    pub seats: usize,
    /// Rounds per game.
    pub rounds: u32,
    /// Whole time, in milliseconds.
    pub ms: f64,
    /// The engine's part of it, in milliseconds.
    pub engine_ms: f64,
}

/// Play `games` games of `seats` `bot`s on the standard board (seeds
/// `seed`, `seed + 1`, …), timing with `clock` (milliseconds).
pub fn bench_games(
    bot: &str,
    seats: usize,
    games: u64,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<BenchResult, String> {
    let options = Options::default();
    let mut engine = 0.0;
    let start = clock();
    for g in 0..games {
        let seed = seed.wrapping_add(g);
        let mut game = Domains::start(&options, seats, seed).map_err(|e| e.to_string())?;
        let mut bots = (0..seats)
            .map(|i| bot_from_spec_with::<Domains>(bot, bot_seed(seed, i), domains_bot))
            .collect::<Result<Vec<Box<dyn Bot<Domains>>>, String>>()?;
        loop {
            match game.to_move() {
                ToMove::Simultaneous(set) => {
                    let s = set.iter().next().unwrap_or(0);
                    let view = game.player_view(s);
                    let action = bots[s as usize]
                        .choose(&view, s)
                        .ok_or_else(|| format!("game {g} (seed {seed}): no action"))?;
                    let t = clock();
                    game.apply(s, &action)
                        .map_err(|e| format!("game {g} (seed {seed}): {e}"))?;
                    engine += clock() - t;
                }
                ToMove::Chance => {
                    let t = clock();
                    game.apply_chance()
                        .map_err(|e| format!("game {g} (seed {seed}): {e}"))?;
                    engine += clock() - t;
                }
                _ => break,
            }
        }
    }
    Ok(BenchResult {
        bot: bot.to_string(),
        games,
        seats,
        rounds: options.rounds,
        ms: clock() - start,
        engine_ms: engine,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_benchmark_plays_whole_games_and_counts_the_engine_apart() {
        let t = std::cell::Cell::new(0.0);
        let clock = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let r = bench_games("demo", 2, 1, 3, &clock).unwrap();
        assert_eq!((r.games, r.seats, r.rounds), (1, 2, 500));
        assert!(r.engine_ms > 500.0 && r.engine_ms < r.ms, "{r:?}");
        assert!(bench_games("nobody", 2, 1, 3, &clock).is_err());
    }
}
