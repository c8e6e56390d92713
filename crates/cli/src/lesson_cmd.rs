//! `tabula lesson check`: play lessons natively and check every step.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use tabula_star_tigris::lesson::{MAX_LESSON_BYTES, parse_lesson, play_lesson};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::safe_text::{printable, quoted};
use tabula_engine::lesson::{Lesson, StepError, Teach, read_lesson};

/// `tabula lesson …` commands.
#[derive(Subcommand, Debug)]
pub enum LessonCommand {
    /// Play lessons (Star Tigris, Catan, Vector, Domains) and check every
    /// step's expectations.
    ///
    /// Prints `FILE: ok (N steps)` for each good lesson (a folder stands for
    /// its `.json` files); for a bad one,
    /// `FILE: step K: what differs` (or the line and column of a JSON
    /// error) on standard error, and exits with status 1.
    Check(CheckArgs),
}

/// Options of `tabula lesson check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Lesson files (JSON) to check; a folder stands for the `.json`
    /// files in it, in name order.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Run a `tabula lesson` command.
pub fn run(command: &LessonCommand) -> CmdResult {
    match command {
        LessonCommand::Check(args) => check(args),
    }
}

fn check(args: &CheckArgs) -> CmdResult {
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for path in expand(&args.files) {
        let path = &path;
        let name = shown(path);
        // read_text's messages already start with the file name.
        let result = read_text(path, MAX_LESSON_BYTES, "lesson")
            .and_then(|text| check_text(&text).map_err(|e| named(&name, &e)));
        match result {
            Ok(n) => writeln!(
                out,
                "{name}: ok ({n} step{})",
                if n == 1 { "" } else { "s" }
            )
            .map_err(Failure::output)?,
            Err(message) => {
                failed = true;
                for line in message.lines() {
                    eprintln!("{}", printable(line));
                }
            }
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Play one lesson and check every step: the steps played, or what is
/// wrong. A lesson of the format for every ruleset names its ruleset;
/// Star Tigris's own earlier format (versions 1 and 2) does not.
fn check_text(text: &str) -> Result<usize, String> {
    let ruleset = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("ruleset")?.as_str().map(str::to_string));
    let Some(ruleset) = ruleset else {
        let lesson = parse_lesson(text).map_err(|e| e.to_string())?;
        play_lesson(&lesson).map_err(|e| e.to_string())?;
        return Ok(lesson.steps.len());
    };
    let lesson = read_lesson(text).map_err(|e| e.to_string())?;
    let played = match ruleset.as_str() {
        "vector" => play::<tabula_vector::Vector>(&lesson),
        "domains" => play::<tabula_domains::Domains>(&lesson),
        "catan" => play::<tabula_catan::Catan>(&lesson),
        "star-tigris" => {
            // The page reads it through Star Tigris's own lesson player:
            // that must read it too.
            let own = parse_lesson(text).map_err(|e| e.to_string())?;
            play_lesson(&own).map_err(|e| e.to_string())?;
            play::<tabula_star_tigris::StarTigris>(&lesson)
        }
        other => {
            return Err(format!(
                "lessons are written for vector, domains, catan or star-tigris, not {}",
                quoted(other)
            ));
        }
    };
    played.map_err(|e| e.to_string())
}

fn play<G: Teach>(lesson: &Lesson) -> Result<usize, StepError> {
    tabula_engine::lesson::play_lesson::<G>(lesson)
}

/// Every line of `message` prefixed with the file name.
fn named(name: &str, message: &str) -> String {
    message
        .lines()
        .map(|l| format!("{name}: {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files to check: folders replaced by their `.json` files, sorted (a
/// folder that cannot be read is kept, so reading it reports the problem).
fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        let listed = path
            .is_dir()
            .then(|| std::fs::read_dir(path).ok())
            .flatten();
        match listed {
            Some(entries) => {
                let mut files: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
                    .collect();
                files.sort();
                if files.is_empty() {
                    // Reading the folder itself reports it.
                    out.push(path.clone());
                }
                out.extend(files);
            }
            None => out.push(path.clone()),
        }
    }
    out
}
