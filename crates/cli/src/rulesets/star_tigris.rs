//! Star Tigris on the command line.

use std::path::Path;

use tabula_ai::no_own_bots;
use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::record::{GameRecord, RecordError, replay};
use tabula_engine::{Game, Outcome, StateHash};
use tabula_star_tigris::{Options, StarTigris, check_map, map_stats};

use super::CliRuleset;
use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::play::PlayArgs;
use crate::problem_text::problem_line;

/// Star Tigris, as the commands reach it.
pub struct StarTigrisCli;

impl CliRuleset for StarTigrisCli {
    fn tournament(&self, args: &crate::tournament_cmd::TournamentArgs) -> CmdResult {
        crate::tournament_cmd::tournament::<StarTigris>(args, (tabula_ai::no_own_bots, &[]))
    }

    fn verify_tournament(&self, t: &tabula_tournament::TournamentRecord) -> Result<String, String> {
        crate::tournament_cmd::verify_record::<StarTigris>(t)
    }

    fn online(&self) -> std::sync::Arc<dyn tabula_server::online::RoomRuleset> {
        std::sync::Arc::new(
            tabula_server::online::entry::<tabula_star_tigris::StarTigris>(
                tabula_ai::no_own_bots,
                &[],
            ),
        )
    }

    fn name(&self) -> &'static str {
        <StarTigris as tabula_engine::Ruleset>::NAME
    }

    fn play(&self, args: &PlayArgs) -> CmdResult {
        crate::play::play_star_tigris(args, options(args.options.as_deref())?)
    }

    fn arena(&self, args: &ArenaArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::arena::arena::<StarTigris>(args, &o, (no_own_bots, &[]))
    }

    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError> {
        replay::<StarTigris>(record).map(|g| (g.state_hash(), g.outcome()))
    }

    fn check_map(&self, path: &Path) -> Result<String, ()> {
        let name = shown(path);
        let text = read_text(path, MAX_MAP_BYTES, "map").map_err(|e| eprintln!("{e}"))?;
        let problems = check_map(&text);
        for p in &problems.0 {
            eprintln!("{}", problem_line(&name, p));
        }
        if problems.has_errors() {
            return Err(());
        }
        let stats = map_stats(&text).ok_or_else(|| eprintln!("{name}: the map does not parse"))?;
        let warnings = match problems.0.len() {
            0 => String::new(),
            1 => ", 1 warning".into(),
            n => format!(", {n} warnings"),
        };
        Ok(format!("{stats}{warnings}"))
    }

    fn bench(&self, args: &BenchArgs) -> CmdResult {
        crate::bench::run_star_tigris(args, &options(args.options.as_deref())?)
    }
}

/// Star Tigris options from `--options` JSON, or the defaults.
pub fn options(text: Option<&str>) -> Result<Options, Failure> {
    match text {
        None => Ok(Options::default()),
        Some(t) => serde_json::from_str(t).map_err(|e| {
            Failure::Usage(format!(
                "--options: not Star Tigris options ({}); known fields: pool, open_scores, turns (sequential or simultaneous), order (rotating or shuffled)",
                crate::safe_text::printable(&e.to_string())
            ))
        }),
    }
}
