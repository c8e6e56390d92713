//! `tabula users add FILE LOGIN EMAIL [--team T]`: add an account to the
//! Catan server's users file, the password read from standard input (its
//! first line) and kept only as a salted Argon2id hash.

use std::io::BufRead;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::failure::{CmdResult, Failure};

/// `tabula users …` commands.
#[derive(Subcommand, Debug)]
pub enum UsersCommand {
    /// Add an account; the password is read from standard input.
    Add(AddArgs),
}

/// Options of `tabula users add`.
#[derive(Args, Debug)]
pub struct AddArgs {
    /// The users file (made if missing).
    pub file: PathBuf,
    /// The login (also the nickname others see).
    pub login: String,
    /// The email address (a LOGIN may give it instead of the login).
    pub email: String,
    /// The team.
    #[arg(long)]
    pub team: Option<String>,
}

/// Run a `tabula users` command.
pub fn run(cmd: &UsersCommand) -> CmdResult {
    match cmd {
        UsersCommand::Add(a) => {
            let mut line = String::new();
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .map_err(|e| Failure::Input(format!("cannot read the password: {e}")))?;
            let password = line.trim_end_matches(['\r', '\n']);
            tabula_server::catan::accounts::add_user(
                &a.file,
                &a.login,
                &a.email,
                a.team.as_deref(),
                password,
            )
            .map_err(|e| Failure::Input(format!("{}: {e}", a.file.display())))?;
            println!("{}: added {}", a.file.display(), a.login);
            Ok(())
        }
    }
}
