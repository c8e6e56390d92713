//! Vector on the command line: games between bots (4 seats, N+S against
//! E+W), records, board files in the 2009 engine's format, and the
//! benchmark. `--options` takes the ruleset's options as JSON
//! (`{"rounds":12,"goal":"double_and_end"}`; docs/vector/rules.md).

use std::path::Path;
use std::time::Instant;

use serde::Serialize;
use tabula_ai::no_own_bots;
use tabula_engine::record::{GameRecord, RecordError, replay};
use tabula_engine::{Game, GameRng, Outcome, Ruleset, StateHash, ToMove};
use tabula_vector::board::MAX_BOARD_BYTES;
use tabula_vector::{Options, Vector, read_board};

use super::CliRuleset;
use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::play::PlayArgs;
use crate::problem_text::problem_line;

/// Vector, as the commands reach it.
pub struct VectorCli;

/// The options given with `--options`, or the defaults.
pub fn options(text: Option<&str>) -> Result<Options, Failure> {
    match text {
        None => Ok(Options::default()),
        Some(t) => serde_json::from_str(t).map_err(|e| {
            Failure::Usage(format!(
                "--options: not Vector options ({}); known fields: rounds, goal (double_and_end or win)",
                crate::safe_text::printable(&e.to_string())
            ))
        }),
    }
}

/// What a Vector benchmark measured.
#[derive(Serialize, Debug)]
struct VectorBench {
    ruleset: &'static str,
    games: u64,
    actions: u64,
    seconds: f64,
    games_per_second: f64,
    actions_per_game: f64,
    micros_per_action: f64,
}

impl CliRuleset for VectorCli {
    fn tournament(&self, args: &crate::tournament_cmd::TournamentArgs) -> CmdResult {
        crate::tournament_cmd::tournament::<Vector>(args, (tabula_ai::no_own_bots, &[]))
    }

    fn verify_tournament(&self, t: &tabula_tournament::TournamentRecord) -> Result<String, String> {
        crate::tournament_cmd::verify_record::<Vector>(t)
    }

    fn online(&self) -> std::sync::Arc<dyn tabula_server::online::RoomRuleset> {
        std::sync::Arc::new(tabula_server::online::entry::<Vector>(
            tabula_ai::no_own_bots,
            &[],
        ))
    }

    fn name(&self) -> &'static str {
        Vector::NAME
    }

    fn play(&self, args: &PlayArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::play::play_any::<Vector>(args, &o, (no_own_bots, &[]))
    }

    fn arena(&self, args: &ArenaArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::arena::arena::<Vector>(args, &o, (no_own_bots, &[]))
    }

    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError> {
        replay::<Vector>(record).map(|g| (g.state_hash(), g.outcome()))
    }

    /// A board file (docs/vector/rules.md, section 5); on success what is
    /// on it.
    fn check_map(&self, path: &Path) -> Result<String, ()> {
        let name = shown(path);
        let text = read_text(path, MAX_BOARD_BYTES, "map").map_err(|e| eprintln!("{e}"))?;
        match read_board(&text) {
            Ok(b) => {
                let special = b
                    .squares
                    .iter()
                    .filter(|s| **s != tabula_vector::Square::Blank)
                    .count();
                Ok(format!("21×21, {special} squares that are not blank"))
            }
            Err(problems) => {
                for p in &problems.0 {
                    eprintln!("{}", problem_line(&name, p));
                }
                Err(())
            }
        }
    }

    /// Random games on the starter board, every action checked by
    /// `Game::apply`, on one thread.
    fn bench(&self, args: &BenchArgs) -> CmdResult {
        if args.seats != 4 {
            return Err(Failure::Usage(format!(
                "--seats {}: vector is for 4 seats",
                args.seats
            )));
        }
        let o = options(args.options.as_deref())?;
        if args.bot.is_some() {
            return Err(Failure::Usage(
                "--bot: the bot benchmark serves star-tigris and catan; for vector use tabula arena".into(),
            ));
        }
        if let Some(specs) = &args.bots {
            return crate::bench_unrecorded::run::<Vector>(
                &o,
                <Vector as tabula_engine::Ruleset>::default_map(),
                specs,
                args.games.unwrap_or(10_000),
                args.seed,
                args.json,
            );
        }
        let games = args.games.unwrap_or(100_000);
        let start = Instant::now();
        let mut actions = 0u64;
        for g in 0..games {
            let seed = args.seed.wrapping_add(g);
            let mut game =
                Vector::new_game(&o, None, 4, seed).map_err(|e| Failure::Input(e.to_string()))?;
            let mut rng = GameRng::seeded(seed);
            loop {
                let seat = match game.to_move() {
                    ToMove::Over => break,
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap_or(0),
                    ToMove::Chance => {
                        return Err(Failure::Input("vector has no chance events".into()));
                    }
                };
                let a = game
                    .random_action(seat, &mut rng)
                    .ok_or_else(|| Failure::Input("a seat to move had no action".into()))?;
                game.apply(seat, &a)
                    .map_err(|e| Failure::Input(format!("game {g}: {e}")))?;
                actions += 1;
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        let r = VectorBench {
            ruleset: Vector::NAME,
            games,
            actions,
            seconds,
            games_per_second: games as f64 / seconds,
            actions_per_game: actions as f64 / games as f64,
            micros_per_action: seconds * 1e6 / actions.max(1) as f64,
        };
        crate::bench::report(args.json, &r, || {
            format!(
                "{} random games of vector on one thread in {:.2} s\n\
                 games/s:        {:.1}\n\
                 actions/game:   {:.1}\n\
                 µs/action:      {:.3}",
                r.games, r.seconds, r.games_per_second, r.actions_per_game, r.micros_per_action
            )
        })
    }
}
