//! Domains on the command line: its own bots (demo, dummy, painter) beside
//! the general ones, its setup files, and files of the original program.

use std::path::Path;

use tabula_domains::{BOT_NAMES, Domains, Options, domains_bot};
use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::record::{GameRecord, RecordError, replay};
use tabula_engine::{Game, Outcome, StateHash};

use super::CliRuleset;
use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::play::PlayArgs;
use crate::problem_text::problem_line;

/// Domains, as the commands reach it.
pub struct DomainsCli;

/// The options of `--options` (JSON, docs/domains/rules.md §1: `rows`,
/// `cols`, `rounds`, …; the standard values when not given), every
/// problem with them listed.
fn options(text: Option<&str>) -> Result<Options, Failure> {
    let Some(text) = text else {
        return Ok(Options::default());
    };
    let o: Options = serde_json::from_str(text).map_err(|e| {
        Failure::Usage(format!(
            "--options: not Domains options ({})",
            crate::safe_text::printable(&e.to_string())
        ))
    })?;
    let problems = o.check();
    if problems.has_errors() {
        let lines: Vec<String> = problems
            .0
            .iter()
            .map(|p| format!("--options: {p}"))
            .collect();
        Err(Failure::Usage(lines.join("\n")))
    } else {
        Ok(o)
    }
}

impl CliRuleset for DomainsCli {
    fn tournament(&self, args: &crate::tournament_cmd::TournamentArgs) -> CmdResult {
        crate::tournament_cmd::tournament::<Domains>(
            args,
            (tabula_domains::domains_bot, tabula_domains::BOT_NAMES),
        )
    }

    fn verify_tournament(&self, t: &tabula_tournament::TournamentRecord) -> Result<String, String> {
        crate::tournament_cmd::verify_record::<Domains>(t)
    }

    fn online(&self) -> std::sync::Arc<dyn tabula_server::online::RoomRuleset> {
        std::sync::Arc::new(tabula_server::online::entry::<Domains>(
            tabula_domains::domains_bot,
            tabula_domains::BOT_NAMES,
        ))
    }

    fn name(&self) -> &'static str {
        <Domains as tabula_engine::Ruleset>::NAME
    }

    fn play(&self, args: &PlayArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::play::play_any::<Domains>(args, &o, (domains_bot, BOT_NAMES))
    }

    fn arena(&self, args: &ArenaArgs) -> CmdResult {
        let o = options(args.options.as_deref())?;
        crate::arena::arena::<Domains>(args, &o, (domains_bot, BOT_NAMES))
    }

    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError> {
        replay::<Domains>(record).map(|g| (g.state_hash(), g.outcome()))
    }

    /// A setup (docs/domains/setup-format.md); on success its size and
    /// players.
    fn check_map(&self, path: &Path) -> Result<String, ()> {
        let name = shown(path);
        let text = read_text(path, MAX_MAP_BYTES, "map").map_err(|e| eprintln!("{e}"))?;
        let made = tabula_domains::setup_text::parse_setup_at(&text).and_then(|(setup, places)| {
            Domains::from_setup_at(&Default::default(), &setup, 0, &places).map(|_| setup)
        });
        match made {
            Ok(setup) => Ok(format!(
                "{}×{}, {} players",
                setup.rows, setup.cols, setup.players
            )),
            Err(problems) => {
                for p in &problems.0 {
                    eprintln!("{}", problem_line(&name, p));
                }
                Err(())
            }
        }
    }

    fn bench(&self, args: &BenchArgs) -> CmdResult {
        super::no_options(self.name(), args.options.as_deref())?;
        crate::bench_domains::run(args)
    }

    fn has_original_files(&self) -> bool {
        true
    }
}
