//! `tabula map check`: validate map files, one line per problem.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::failure::{CmdResult, Failure};
use crate::input::shown;
use crate::rulesets;

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
        let result = ruleset.check_map(path);
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
