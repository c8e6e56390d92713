//! How a command fails, and the exit status that goes with it.

use std::process::ExitCode;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong (an unknown ruleset, bot or option value):
    /// exit status 2.
    Usage(String),
    /// An input is bad, a check failed or a game broke a rule of the engine:
    /// exit status 1. The message already names the file and where in it.
    Input(String),
    /// Every problem has been printed already: exit status 1.
    Reported,
}

impl Failure {
    /// The process exit status for this failure.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Usage(_) => ExitCode::from(2),
            Failure::Input(_) | Failure::Reported => ExitCode::from(1),
        }
    }

    /// Print the failure's message (if not printed yet) on standard error.
    pub fn report(&self) {
        match self {
            Failure::Usage(message) => {
                eprintln!("error: {message}");
                eprintln!("(run `tabula help` for the commands and their options)");
            }
            Failure::Input(message) => eprintln!("{message}"),
            Failure::Reported => {}
        }
    }

    /// A failure to write the command's output (a closed pipe, a full disk).
    pub fn output(e: std::io::Error) -> Failure {
        Failure::Input(format!("cannot write the output: {e}"))
    }
}

/// What every command returns.
pub type CmdResult = Result<(), Failure>;
