//! `tabula import` and `tabula export`: game files of another program.
//! Only Domains has them: the original Domains program's game files, in
//! either of its formats (`tabula_domains::original`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tabula_domains::original::{Format, parse_original, record_to_new_format};
use tabula_engine::limits::MAX_RECORD_BYTES;
use tabula_engine::record::parse_record;
use tabula_engine::{Game, ToMove};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::problem_text::problem_line;
use crate::record_cmd::record_error;
use crate::rulesets;

/// Largest game file of another program accepted, in bytes (a 50×50,
/// 500-round game in the old format is 2.5 MB).
const MAX_FOREIGN_BYTES: usize = 64 * 1024 * 1024;

/// Options of `tabula import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The ruleset (only `domains` has files of another program).
    pub ruleset: String,
    /// The game file.
    pub file: PathBuf,
}

/// Options of `tabula export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The ruleset (only `domains` has files of another program).
    pub ruleset: String,
    /// A Tabula game record of that ruleset.
    pub record: PathBuf,
}

fn domains_only(ruleset: &str) -> CmdResult {
    if rulesets::lookup(ruleset)
        .map_err(Failure::Usage)?
        .has_original_files()
    {
        Ok(())
    } else {
        Err(Failure::Usage(format!(
            "{ruleset} has no game files of another program (only domains does)"
        )))
    }
}

/// Run `tabula import`: read the file and print its players with their
/// final scores and its number of rounds.
pub fn import(args: &ImportArgs) -> CmdResult {
    domains_only(&args.ruleset)?;
    let name = shown(&args.file);
    let text = read_text(&args.file, MAX_FOREIGN_BYTES, "game file").map_err(Failure::Input)?;
    let game = parse_original(&text).map_err(|p| Failure::Input(problem_line(&name, &p)))?;
    let mut out = std::io::stdout().lock();
    let format = match game.format {
        Format::Old => "old",
        Format::New => "new",
    };
    writeln!(
        out,
        "{name}: {} rounds on {}×{}, {} players ({format} format)",
        game.rounds,
        game.rows,
        game.cols,
        game.names.len()
    )
    .map_err(Failure::output)?;
    for (n, s) in game.names.iter().zip(&game.scores) {
        writeln!(out, "{n} {s}").map_err(Failure::output)?;
    }
    Ok(())
}

/// Run `tabula export`: replay the record and write the game in the
/// original program's new format on standard output. Spaces in seat names
/// become `_` (the format separates names with spaces).
pub fn export(args: &ExportArgs) -> CmdResult {
    domains_only(&args.ruleset)?;
    let name = shown(&args.record);
    let text = read_text(&args.record, MAX_RECORD_BYTES, "record").map_err(Failure::Input)?;
    let record = parse_record(&text).map_err(|e| Failure::Input(record_error(&name, &e)))?;
    let (text, game) =
        record_to_new_format(&record).map_err(|e| Failure::Input(record_error(&name, &e)))?;
    if !matches!(game.to_move(), ToMove::Over) {
        eprintln!(
            "{name}: the game is not over: its {} round(s) of {} are written",
            game.board.round, game.board.options.rounds
        );
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::output)
}
