//! `tabula record verify`: replay game records through the checked path.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use tabula_engine::limits::MAX_RECORD_BYTES;
use tabula_engine::record::{RecordError, parse_record};
use tabula_engine::{Outcome, StateHash};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::rulesets;
use crate::safe_text::printable;

/// `tabula record …` commands.
#[derive(Subcommand, Debug)]
pub enum RecordCommand {
    /// Replay records and compare their final state hash.
    ///
    /// Prints `FILE: ok (N actions, hash H)` for each good record and the
    /// first problem of each bad one; exits with status 1 unless all are ok.
    Verify(VerifyArgs),
}

/// Options of `tabula record verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Record files to verify.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Run a `tabula record` command.
pub fn run(command: &RecordCommand) -> CmdResult {
    match command {
        RecordCommand::Verify(args) => verify_all(&args.files),
    }
}

fn verify_all(files: &[PathBuf]) -> CmdResult {
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for path in files {
        if let Some(result) = verify_tournament(path) {
            match result {
                Ok(summary) => {
                    writeln!(out, "{}: ok ({summary})", shown(path)).map_err(Failure::output)?
                }
                Err(message) => {
                    eprintln!("{message}");
                    failed = true;
                }
            }
            continue;
        }
        match verify(path) {
            Ok((actions, hash, outcome)) => {
                let scores = outcome
                    .map(|o| {
                        let s: Vec<String> = o.scores.iter().map(|x| x.to_string()).collect();
                        format!(", final scores {}", s.join(" "))
                    })
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{}: ok ({actions} actions, hash {hash}{scores})",
                    shown(path)
                )
                .map_err(Failure::output)?
            }
            Err(message) => {
                eprintln!("{message}");
                failed = true;
            }
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// A tournament record (`"format": "tabula-tournament"`): `None` when the
/// file is not one, else its summary or its first problem.
fn verify_tournament(path: &Path) -> Option<Result<String, String>> {
    let name = shown(path);
    let text = read_text(path, 64 * MAX_RECORD_BYTES, "record").ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    if value.get("format").and_then(|f| f.as_str()) != Some(tabula_tournament::TOURNAMENT_FORMAT) {
        return None;
    }
    Some((|| {
        let t: tabula_tournament::TournamentRecord = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{name}: not a tournament record: {}",
                printable(&e.to_string())
            )
        })?;
        let ruleset = rulesets::lookup(&t.ruleset).map_err(|e| format!("{name}: {e}"))?;
        ruleset
            .verify_tournament(&t)
            .map_err(|e| format!("{name}: {}", printable(&e)))
    })())
}

/// Verify one record: its action count, final hash and (for a finished
/// game) outcome, or the message for the first problem, starting with the
/// file name.
pub fn verify(path: &Path) -> Result<(usize, StateHash, Option<Outcome>), String> {
    let name = shown(path);
    let text = read_text(path, MAX_RECORD_BYTES, "record")?;
    let record = parse_record(&text).map_err(|e| record_error(&name, &e))?;
    let ruleset = rulesets::lookup(&record.ruleset).map_err(|e| format!("{name}: {e}"))?;
    let (hash, outcome) = ruleset
        .replay(&record)
        .map_err(|e| record_error(&name, &e))?;
    Ok((record.actions.len(), hash, outcome))
}

/// A record error as a message line (or lines, for map problems).
pub fn record_error(name: &str, error: &RecordError) -> String {
    match error {
        RecordError::Json {
            line,
            column,
            message,
        } => {
            // serde_json ends its messages with the place, which we put first.
            let suffix = format!(" at line {line} column {column}");
            let message = message.strip_suffix(&suffix).unwrap_or(message);
            format!("{name}:{line}:{column}: {}", printable(message))
        }
        RecordError::Step {
            index,
            seat,
            reason,
        } => format!("{name}: step {index} (seat {seat}): {}", printable(reason)),
        RecordError::Setup(problems) if !problems.0.is_empty() => problems
            .0
            .iter()
            .map(|p| format!("{name}: map: {}", printable(&p.to_string())))
            .collect::<Vec<_>>()
            .join("\n"),
        other => format!("{name}: {}", printable(&other.to_string())),
    }
}
