//! `tabula map check`: validate map files, one line per problem.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_star_tigris::{check_map, map_stats};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::problem_text::problem_line;
use crate::rulesets::{self, Known};

/// `tabula map …` commands.
#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Check map files: print every error and warning as FILE:LINE:COL: message.
    ///
    /// Exits with status 1 if any file has an error (warnings alone pass).
    Check(CheckArgs),
}

/// Options of `tabula map check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The ruleset the maps are for.
    #[arg(long, default_value = "star-tigris")]
    pub ruleset: String,
    /// Map files to check.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Run a `tabula map` command.
pub fn run(command: &MapCommand) -> CmdResult {
    match command {
        MapCommand::Check(args) => check(args),
    }
}

fn check(args: &CheckArgs) -> CmdResult {
    let ruleset = rulesets::lookup(&args.ruleset).map_err(Failure::Usage)?;
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for path in &args.files {
        let result = match ruleset {
            Known::StarTigris => check_star_tigris(path),
            Known::Domains => check_domains(path),
        };
        match result {
            Ok(summary) => {
                writeln!(out, "{}: ok ({summary})", shown(path)).map_err(Failure::output)?
            }
            Err(()) => failed = true,
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Check one Domains setup (docs/domains/setup-format.md), printing its
/// problems on standard error; on success, its size and players.
fn check_domains(path: &Path) -> Result<String, ()> {
    let name = shown(path);
    let text = read_text(path, MAX_MAP_BYTES, "map").map_err(|e| eprintln!("{e}"))?;
    let made = tabula_domains::setup_text::parse_setup_at(&text).and_then(|(setup, places)| {
        tabula_domains::Domains::from_setup_at(&Default::default(), &setup, 0, &places)
            .map(|_| setup)
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

/// Check one Star Tigris map, printing its problems on standard error; on
/// success, a summary of the map.
fn check_star_tigris(path: &Path) -> Result<String, ()> {
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
