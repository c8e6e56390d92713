//! Catan on the command line: so far only its maps (`tabula map check
//! --ruleset catan`). Its rules are not written yet, so the commands that
//! play or replay games refuse it with that reason rather than pretend.

use std::path::Path;

use tabula_catan::{MAX_BOARD_BYTES, Severity, check_text};
use tabula_engine::record::{GameRecord, RecordError};
use tabula_engine::{Outcome, Problem, StateHash};

use super::CliRuleset;
use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::play::PlayArgs;
use crate::problem_text::problem_line;

/// Catan's name on the command line.
pub const NAME: &str = "catan";

/// Catan, as the commands reach it: maps only.
pub struct CatanCli;

fn maps_only() -> Failure {
    Failure::Usage(format!(
        "{NAME} has maps only so far: `tabula map check --ruleset {NAME} FILE…` checks them; its rules are not written yet"
    ))
}

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

impl CliRuleset for CatanCli {
    fn name(&self) -> &'static str {
        NAME
    }

    fn play(&self, _args: &PlayArgs) -> CmdResult {
        Err(maps_only())
    }

    fn arena(&self, _args: &ArenaArgs) -> CmdResult {
        Err(maps_only())
    }

    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError> {
        Err(RecordError::Ruleset {
            found: record.ruleset.clone(),
            expected: super::names().join(" or "),
        })
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

    fn bench(&self, _args: &BenchArgs) -> CmdResult {
        Err(maps_only())
    }
}
