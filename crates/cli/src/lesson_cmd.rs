//! `tabula lesson check`: play lessons natively and check every step.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use tabula_star_tigris::lesson::{MAX_LESSON_BYTES, parse_lesson, play_lesson};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::safe_text::printable;

/// `tabula lesson …` commands.
#[derive(Subcommand, Debug)]
pub enum LessonCommand {
    /// Play Star Tigris lessons and check every step's expectations.
    ///
    /// Prints `FILE: ok (N steps)` for each good lesson; for a bad one,
    /// `FILE: step K: what differs` (or the line and column of a JSON
    /// error) on standard error, and exits with status 1.
    Check(CheckArgs),
}

/// Options of `tabula lesson check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Lesson files (JSON) to check.
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
    for path in &args.files {
        let name = shown(path);
        // read_text's messages already start with the file name.
        let result = read_text(path, MAX_LESSON_BYTES, "lesson").and_then(|text| {
            let lesson = parse_lesson(&text).map_err(|e| named(&name, &e.to_string()))?;
            play_lesson(&lesson).map_err(|e| named(&name, &e.to_string()))?;
            Ok(lesson.steps.len())
        });
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

/// Every line of `message` prefixed with the file name.
fn named(name: &str, message: &str) -> String {
    message
        .lines()
        .map(|l| format!("{name}: {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
