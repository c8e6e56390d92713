//! `tabula arena`: every pair of bots plays N games with seats rotated;
//! win rates with 95% confidence intervals and an Elo estimate per bot.
//!
//! Pairing: games 2j and 2j+1 of a pair use the same deal (seed `SEED + j`)
//! with the seats swapped, so both bots play both sides of every deal, and
//! every pair plays the same deals. With more than two seats the two bots
//! alternate around the table (A B A …, then B A B …). A game is a win for
//! A when every seat ranked first is one of A's; a draw when seats of both
//! bots share first place.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use tabula_ai::{Bot, OwnBots, bot_from_spec_with, with_own_names};
use tabula_engine::limits::MAX_SEED;
use tabula_engine::{Determinize, Evaluate, Ruleset, Seat, ToMove, settle_chance};

use crate::failure::{CmdResult, Failure};
use crate::play::{MAX_GAME_ACTIONS, bot_seed};
use crate::rulesets;

/// Options of `tabula arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// The ruleset to play.
    #[arg(long, default_value = "star-tigris")]
    pub ruleset: String,
    /// Two or more bot specs, separated by commas (e.g. search:hard,greedy,random;
    /// for domains also demo, dummy, painter).
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Games each pair plays (an even number gives both bots every deal from both sides).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// The seed of the first deal; games 2j and 2j+1 of every pair use SEED+j.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seats at the table (the two bots alternate around it).
    #[arg(long, default_value_t = 2)]
    pub seats: usize,
    /// Games played at once (threads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Print one JSON object per pair instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The ruleset's options as JSON (as for `tabula play`); its defaults
    /// when not given.
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
}

/// The JSON object printed for each pair.
#[derive(Serialize, Debug, Clone, Default)]
struct PairLine {
    a: String,
    b: String,
    games: u64,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
}

/// Thinking time of one bot, over every move it made.
#[derive(Debug, Clone, Default)]
struct Timing {
    moves: u64,
    total_ms: f64,
    max_ms: f64,
}

/// Run `tabula arena`.
pub fn run(args: &ArenaArgs) -> CmdResult {
    rulesets::lookup(&args.ruleset)
        .map_err(Failure::Usage)?
        .arena(args)
}

/// The arena for one ruleset, with its own bots beside the general ones.
pub(crate) fn arena<G: Ruleset + Determinize + Evaluate + 'static>(
    args: &ArenaArgs,
    options: &G::Options,
    (own, own_names): (OwnBots<G>, &[&str]),
) -> CmdResult
where
    G::Options: Sync,
{
    if args.bots.len() < 2 {
        return Err(Failure::Usage("--bots needs two or more bot specs".into()));
    }
    let mut specs = Vec::new();
    for (i, text) in args.bots.iter().enumerate() {
        bot_from_spec_with::<G>(text, 0, own).map_err(|e| {
            Failure::Usage(format!(
                "--bots: bot {}: {}",
                i + 1,
                with_own_names(e, own_names)
            ))
        })?;
        specs.push(text.clone());
    }
    let range = G::seat_range();
    if !range.contains(&args.seats) {
        return Err(Failure::Usage(format!(
            "--seats {}: {} is for {} to {} seats",
            args.seats,
            G::NAME,
            range.start(),
            range.end()
        )));
    }
    if args
        .seed
        .checked_add(args.games / 2)
        .is_none_or(|s| s > MAX_SEED)
    {
        return Err(Failure::Usage(format!(
            "--seed {}: seeds must stay at most {MAX_SEED}",
            args.seed
        )));
    }
    let pairs: Vec<(usize, usize)> = (0..specs.len())
        .flat_map(|a| (a + 1..specs.len()).map(move |b| (a, b)))
        .collect();
    let total = pairs.len() as u64 * args.games;
    let progress = Progress::new(total);
    let timings = Mutex::new(vec![Timing::default(); specs.len()]);
    let mut lines = Vec::new();
    let start = Instant::now();
    for &(a, b) in &pairs {
        let line = play_pair::<G>(args, options, (&specs, own), (a, b), &progress, &timings)
            .map_err(Failure::Input)?;
        if args.json {
            let text = serde_json::to_string(&line)
                .map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))?;
            let mut out = std::io::stdout().lock();
            writeln!(out, "{text}")
                .and_then(|()| out.flush())
                .map_err(Failure::output)?;
        }
        lines.push(((a, b), line));
    }
    progress.finish();
    if !args.json {
        let timings = timings.into_inner().unwrap_or_else(|e| e.into_inner());
        print_table(&args.bots, &lines, &timings, start.elapsed().as_secs_f64())?;
    }
    Ok(())
}

/// Play every game of one pair, on `--threads` threads.
fn play_pair<G: Ruleset + Determinize + Evaluate + 'static>(
    args: &ArenaArgs,
    options: &G::Options,
    (specs, own): (&[String], OwnBots<G>),
    (a, b): (usize, usize),
    progress: &Progress,
    timings: &Mutex<Vec<Timing>>,
) -> Result<PairLine, String>
where
    G::Options: Sync,
{
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; args.games as usize]);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games as usize {
                        return;
                    }
                    let a_first = g.is_multiple_of(2);
                    let seed = args.seed + g as u64 / 2;
                    // Seat i plays bot A when (i + first) is even.
                    let owners: Vec<usize> = (0..args.seats)
                        .map(|i| if (i % 2 == 0) == a_first { a } else { b })
                        .collect();
                    match play_game::<G>(options, (specs, own), &owners, seed, args.seats) {
                        Ok((winners, times)) => {
                            let a_won = winners.iter().all(|&w| owners[w as usize] == a);
                            let b_won = winners.iter().all(|&w| owners[w as usize] == b);
                            let result = match (a_won, b_won) {
                                (true, false) => 'a',
                                (false, true) => 'b',
                                _ => 'd',
                            };
                            if let Ok(mut r) = results.lock() {
                                r[g] = Some(result);
                            }
                            if let Ok(mut t) = timings.lock() {
                                for (seat, (moves, total, max)) in times.into_iter().enumerate() {
                                    let tm = &mut t[owners[seat]];
                                    tm.moves += moves;
                                    tm.total_ms += total;
                                    tm.max_ms = tm.max_ms.max(max);
                                }
                            }
                            progress.tick(&args.bots[a], &args.bots[b]);
                        }
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(format!(
                                    "{} vs {}, game {g} (seed {seed}): {e}",
                                    args.bots[a], args.bots[b]
                                ));
                            }
                            next.store(usize::MAX / 2, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut line = PairLine {
        a: args.bots[a].clone(),
        b: args.bots[b].clone(),
        games: args.games,
        ..PairLine::default()
    };
    for r in results.into_iter().flatten() {
        match r {
            'a' => line.a_wins += 1,
            'b' => line.b_wins += 1,
            _ => line.draws += 1,
        }
    }
    Ok(line)
}

/// Per seat: (moves, total ms, max ms).
type SeatTimes = Vec<(u64, f64, f64)>;

/// Play one game; the bots see only their seat's view. Returns the winners.
fn play_game<G: Ruleset + Determinize + Evaluate + 'static>(
    options: &G::Options,
    (specs, own): (&[String], OwnBots<G>),
    owners: &[usize],
    seed: u64,
    seats: usize,
) -> Result<(Vec<Seat>, SeatTimes), String> {
    let mut game = G::new_game(options, G::default_map(), seats, seed)
        .map_err(|e| format!("cannot start: {e}"))?;
    settle_chance(&mut game).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot<G>>> = owners
        .iter()
        .enumerate()
        .map(|(i, &o)| {
            bot_from_spec_with::<G>(&specs[o], bot_seed(seed, i) ^ (o as u64) << 32, own)
        })
        .collect::<Result<_, String>>()?;
    let mut times = vec![(0u64, 0f64, 0f64); seats];
    let mut views = tabula_engine::SeatViews::<G>::new(seats);
    let mut step = 0;
    loop {
        let seat = match game.to_move() {
            ToMove::Over => break,
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) if !set.is_empty() => set.iter().next().unwrap_or(0),
            other => return Err(format!("step {step}: unexpected {other:?} to move")),
        };
        if step >= MAX_GAME_ACTIONS {
            return Err(format!(
                "the game did not end within {MAX_GAME_ACTIONS} actions"
            ));
        }
        let view = views.of(&game, seat);
        let t0 = Instant::now();
        let action = bots[seat as usize]
            .choose_trusted(view, seat)
            .ok_or_else(|| format!("step {step}: seat {seat} found no action"))?;
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let t = &mut times[seat as usize];
        t.0 += 1;
        t.1 += ms;
        t.2 = t.2.max(ms);
        game.apply(seat, &action)
            .map_err(|e| format!("step {step}: the bot's action {action:?} was refused: {e}"))?;
        settle_chance(&mut game).map_err(|e| format!("step {step}: {e}"))?;
        step += 1;
    }
    let outcome = game
        .outcome()
        .ok_or("the game is over but has no outcome")?;
    Ok((outcome.winners(), times))
}

/// The Wilson score interval for `wins` out of `n` at 95%.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Elo ratings from pairwise results (wins + half the draws) by the
/// Bradley–Terry maximum likelihood (minorisation–maximisation), with one
/// virtual draw added to every pair so that a clean sweep stays finite.
/// The mean rating is 0.
pub fn elo(bots: usize, results: &[((usize, usize), f64, f64)]) -> Vec<f64> {
    // results: ((a, b), score of a, games).
    let mut gamma = vec![1.0f64; bots];
    for _ in 0..1000 {
        let mut next = gamma.clone();
        for i in 0..bots {
            let mut wins = 0.0;
            let mut denom = 0.0;
            for &((a, b), score_a, n) in results {
                let (n, won, other) = if a == i {
                    (n + 1.0, score_a + 0.5, b)
                } else if b == i {
                    (n + 1.0, n - score_a + 0.5, a)
                } else {
                    continue;
                };
                wins += won;
                denom += n / (gamma[i] + gamma[other]);
            }
            if denom > 0.0 {
                next[i] = wins / denom;
            }
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / bots as f64;
        for g in &mut next {
            *g = (g.ln() - mean_log).exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(x, y)| (x.ln() - y.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

fn print_table(
    names: &[String],
    lines: &[((usize, usize), PairLine)],
    timings: &[Timing],
    seconds: f64,
) -> CmdResult {
    let mut out = std::io::stdout().lock();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(1).max(4);
    let mut text = String::new();
    text.push_str(&format!(
        "{:w$}  {:w$}  {:>6}  {:>6}  {:>6}  {:>5}  {:>7}  {:>16}\n",
        "A",
        "B",
        "games",
        "A won",
        "B won",
        "draws",
        "A score",
        "95% interval",
        w = width
    ));
    let mut results = Vec::new();
    for ((a, b), l) in lines {
        let score = l.a_wins as f64 + 0.5 * l.draws as f64;
        let (lo, hi) = wilson(score, l.games as f64);
        text.push_str(&format!(
            "{:w$}  {:w$}  {:>6}  {:>6}  {:>6}  {:>5}  {:>6.1}%  {:>6.1}% – {:>5.1}%\n",
            l.a,
            l.b,
            l.games,
            l.a_wins,
            l.b_wins,
            l.draws,
            100.0 * score / l.games as f64,
            100.0 * lo,
            100.0 * hi,
            w = width
        ));
        results.push(((*a, *b), score, l.games as f64));
    }
    let ratings = elo(names.len(), &results);
    text.push_str(&format!(
        "\n{:w$}  {:>6}  {:>7}  {:>10}  {:>10}\n",
        "bot",
        "Elo",
        "moves",
        "ms/move",
        "max ms",
        w = width
    ));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&x, &y| ratings[y].total_cmp(&ratings[x]));
    for i in order {
        let t = &timings[i];
        text.push_str(&format!(
            "{:w$}  {:>6.0}  {:>7}  {:>10.2}  {:>10.1}\n",
            names[i],
            ratings[i],
            t.moves,
            if t.moves > 0 {
                t.total_ms / t.moves as f64
            } else {
                0.0
            },
            t.max_ms,
            w = width
        ));
    }
    text.push_str(&format!(
        "\nA score counts a draw as half a win; the interval is Wilson's at 95%.\n\
         Elo: Bradley–Terry fit over all pairs (one virtual draw per pair), mean 0.\n\
         {seconds:.1} s in all.\n"
    ));
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::output)
}

/// A progress bar on standard error: redrawn in place on a terminal, a
/// line every 5% otherwise.
struct Progress {
    total: u64,
    done: AtomicUsize,
    start: Instant,
    terminal: bool,
}

impl Progress {
    fn new(total: u64) -> Self {
        Progress {
            total,
            done: AtomicUsize::new(0),
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn tick(&self, a: &str, b: &str) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) as u64 + 1;
        let step = (self.total / 20).max(1);
        if !self.terminal && !done.is_multiple_of(step) && done != self.total {
            return;
        }
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = elapsed / done as f64 * (self.total - done) as f64;
        let filled = (done * 30 / self.total.max(1)) as usize;
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(30 - filled));
        let line = format!(
            "[{bar}] {done}/{} games  {a} vs {b}  {}  ETA {}",
            self.total,
            clock(elapsed),
            clock(eta)
        );
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            write!(err, "\r{line}\x1b[K")
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }

    fn finish(&self) {
        if self.terminal {
            let _ = writeln!(std::io::stderr());
        }
    }
}

/// Seconds as `1h02m`, `3m05s` or `12s`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let (lo, hi) = wilson(95.0, 100.0);
        assert!(
            (lo - 0.8882).abs() < 1e-3 && (hi - 0.9785).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
    }

    #[test]
    fn elo_orders_bots_and_stays_finite_on_a_sweep() {
        // 0 beats 1 75% of the time, 1 sweeps 2.
        let r = elo(3, &[((0, 1), 75.0, 100.0), ((1, 2), 100.0, 100.0)]);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().all(|x| x.is_finite()));
        assert!((r.iter().sum::<f64>()).abs() < 1e-6);
        // About 191 Elo for 75% (slightly less: the virtual draw).
        assert!((r[0] - r[1] - 185.0).abs() < 15.0, "{r:?}");
    }
}
