//! Catan: Cities & Knights on the command line: games between bots,
//! records, maps in the course server's format, and the benchmark.
//! `--options` takes the ruleset's options as JSON (docs/catan/rules.md).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use serde::Serialize;
use tabula_ai::no_own_bots;
use tabula_catan::game::bench::random_game;
use tabula_catan::{
    Catan, CheckedBoard, MAX_BOARD_BYTES, Options, STANDARD_BOARD, Severity, check_text,
};
use tabula_engine::record::{GameRecord, RecordError, replay};
use tabula_engine::{Game, Outcome, Problem, StateHash};

use super::CliRuleset;
use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::play::PlayArgs;
use crate::problem_text::problem_line;

/// Catan's name on the command line.
pub const NAME: &str = "catan";

/// Catan, as the commands reach it.
pub struct CatanCli;

/// A Catan board problem as the engine's problem, for printing.
fn engine_problem(p: &tabula_catan::Problem) -> Problem {
    let mut out = Problem::error(p.rule.name(), p.message.clone());
    out.line = p.line;
    out.col = p.col;
    if p.severity == Severity::Warning {
        out = out.warning();
    }
    out
}

/// The options given with `--options`, or the defaults.
pub fn options(text: Option<&str>) -> Result<Options, Failure> {
    match text {
        None => Ok(Options::default()),
        Some(t) => serde_json::from_str(t).map_err(|e| {
            Failure::Usage(format!(
                "--options: not Catan options ({}); known fields: cities_and_knights, points, numbers, testgame, trades_between_players, starting_commodities, round_limit",
                crate::safe_text::printable(&e.to_string())
            ))
        }),
    }
}

/// What a Catan benchmark measured.
#[derive(Serialize, Debug)]
struct CatanBench {
    ruleset: &'static str,
    cities_and_knights: bool,
    trades_between_players: bool,
    games: u64,
    seats: usize,
    actions: u64,
    seconds: f64,
    games_per_second: f64,
    actions_per_game: f64,
    micros_per_action: f64,
    checked_seconds: f64,
    checked_games_per_second: f64,
    /// Games per CPU-second of this process, as listed and checked, where
    /// the system tells the CPU time (Linux).
    #[serde(skip_serializing_if = "Option::is_none")]
    games_per_cpu_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked_games_per_cpu_second: Option<f64>,
}

impl CliRuleset for CatanCli {
    fn tournament(&self, args: &crate::tournament_cmd::TournamentArgs) -> CmdResult {
        crate::tournament_cmd::tournament::<Catan>(args, (tabula_ai::no_own_bots, &[]))
    }

    fn verify_tournament(&self, t: &tabula_tournament::TournamentRecord) -> Result<String, String> {
        crate::tournament_cmd::verify_record::<Catan>(t)
    }

    fn online(&self) -> std::sync::Arc<dyn tabula_server::online::RoomRuleset> {
        std::sync::Arc::new(tabula_server::online::entry::<Catan>(
            tabula_ai::no_own_bots,
            &[],
        ))
    }

    fn name(&self) -> &'static str {
        NAME
    }

    fn play(&self, args: &PlayArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::play::play_any::<Catan>(args, &o, (no_own_bots, &[]))
    }

    fn arena(&self, args: &ArenaArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::arena::arena::<Catan>(args, &o, (no_own_bots, &[]))
    }

    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError> {
        replay::<Catan>(record).map(|g| (g.state_hash(), g.outcome()))
    }

    /// A board in the course server's format (docs/catan/maps.md); on
    /// success its counts.
    fn check_map(&self, path: &Path) -> Result<String, ()> {
        let name = shown(path);
        let text = read_text(path, MAX_BOARD_BYTES, "map").map_err(|e| eprintln!("{e}"))?;
        let checked = check_text(&text);
        for p in &checked.problems {
            eprintln!("{}", problem_line(&name, &engine_problem(p)));
        }
        match checked.board {
            Some(board) if !checked.has_errors() => {
                let warnings = match checked.problems.len() {
                    0 => String::new(),
                    1 => ", 1 warning".into(),
                    n => format!(", {n} warnings"),
                };
                Ok(format!("{}{warnings}", board.counts()))
            }
            _ => Err(()),
        }
    }

    /// Random games on the standard board with `--seats` players, the
    /// engine alone on one thread: each action drawn from the legal list
    /// and applied as listed, then the same games again with every action
    /// checked by `Game::apply`.
    fn bench(&self, args: &BenchArgs) -> CmdResult {
        if !(2..=4).contains(&args.seats) {
            return Err(Failure::Usage(format!(
                "--seats {}: catan is for 2 to 4 seats",
                args.seats
            )));
        }
        let o = options(args.options.as_deref())?;
        if let Some(spec) = &args.bot {
            return bench_bot(args, &o, spec);
        }
        if let Some(specs) = &args.bots {
            return crate::bench_unrecorded::run::<Catan>(
                &o,
                <Catan as tabula_engine::Ruleset>::default_map(),
                specs,
                args.games.unwrap_or(1000),
                args.seed,
                args.json,
            );
        }
        let board = CheckedBoard::from_text(STANDARD_BOARD)
            .map_err(|_| Failure::Input("the standard board does not check".into()))?;
        let games = args.games.unwrap_or(1000);
        let time = |checked: bool| -> Result<(u64, f64), Failure> {
            let start = Instant::now();
            let mut actions = 0;
            for g in 0..games {
                let seed = args.seed.wrapping_add(g);
                actions += random_game(&o, &board, args.seats, seed, checked)
                    .map_err(|e| Failure::Input(format!("game {g} (seed {seed}): {e}")))?;
            }
            Ok((actions, start.elapsed().as_secs_f64()))
        };
        let cpu0 = crate::bench::process_cpu_seconds();
        let (actions, seconds) = time(false)?;
        let cpu1 = crate::bench::process_cpu_seconds();
        let (checked_actions, checked_seconds) = time(true)?;
        let cpu2 = crate::bench::process_cpu_seconds();
        let per_cpu = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) if b > a => Some(games as f64 / (b - a)),
            _ => None,
        };
        if checked_actions != actions {
            return Err(Failure::Input(
                "the checked and unchecked games differ: a listed action was refused".into(),
            ));
        }
        let r = CatanBench {
            ruleset: NAME,
            cities_and_knights: o.cities_and_knights,
            trades_between_players: o.trades_between_players,
            games,
            seats: args.seats,
            actions,
            seconds,
            games_per_second: games as f64 / seconds,
            actions_per_game: actions as f64 / games as f64,
            micros_per_action: seconds * 1e6 / actions.max(1) as f64,
            checked_seconds,
            checked_games_per_second: games as f64 / checked_seconds,
            games_per_cpu_second: per_cpu(cpu0, cpu1),
            checked_games_per_cpu_second: per_cpu(cpu1, cpu2),
        };
        crate::bench::report(args.json, &r, || {
            format!(
                "{} random games of catan ({}, {} seats, trades between players {}) on one thread in {:.2} s\n\
                 games/s:        {:.1}\n\
                 actions/game:   {:.0}\n\
                 µs/action:      {:.3}\n\
                 games/s when every action is checked again (Game::apply): {:.1}",
                r.games,
                if r.cities_and_knights {
                    "Cities & Knights"
                } else {
                    "base game"
                },
                r.seats,
                if r.trades_between_players {
                    "on"
                } else {
                    "off"
                },
                r.seconds,
                r.games_per_second,
                r.actions_per_game,
                r.micros_per_action,
                r.checked_games_per_second
            )
        })
    }
}

/// `tabula bench --ruleset catan --bot SPEC`: the bot's time per move in
/// positions reached by random play (`--games` positions, default 20),
/// each a decision with more than one legal action.
fn bench_bot(args: &BenchArgs, o: &Options, spec: &str) -> CmdResult {
    use tabula_engine::{GameRng, Ruleset, ToMove};
    let positions = args.games.unwrap_or(20);
    let mut bot = tabula_ai::bot_from_spec::<Catan>(spec, args.seed)
        .map_err(|e| Failure::Usage(format!("--bot: {e}")))?;
    let mut times = Vec::new();
    for p in 0..positions {
        let seed = args.seed.wrapping_add(p);
        let mut g = Catan::new_game(o, None, args.seats, seed)
            .map_err(|e| Failure::Input(format!("cannot start: {e}")))?;
        let mut rng = GameRng::seeded(seed);
        let walk = 40 + (p * 97) % 600;
        let mut step = 0;
        loop {
            let seat = match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    g.apply_chance()
                        .map_err(|e| Failure::Input(e.to_string()))?;
                    continue;
                }
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => set.iter().next().unwrap_or(0),
            };
            let legal = g.legal_actions(seat);
            if step >= walk && legal.len() > 1 {
                let view = g.player_view(seat);
                let start = Instant::now();
                let a = bot
                    .choose(&view, seat)
                    .ok_or_else(|| Failure::Input("the bot chose nothing".into()))?;
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                g.apply(seat, &a)
                    .map_err(|e| Failure::Input(format!("the bot's move was refused: {e}")))?;
                break;
            }
            let a = legal[rng.index(legal.len())];
            g.apply(seat, &a)
                .map_err(|e| Failure::Input(e.to_string()))?;
            step += 1;
        }
    }
    let n = times.len().max(1) as f64;
    let mean = times.iter().sum::<f64>() / n;
    let max = times.iter().copied().fold(0.0, f64::max);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{spec} on catan ({} seats): {} positions, mean {mean:.1} ms a move, max {max:.1} ms",
        args.seats,
        times.len()
    )
    .map_err(|e| Failure::Input(format!("cannot write: {e}")))
}
