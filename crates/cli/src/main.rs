//! `tabula`: the command line of Tabula. Bot games with records, record
//! verification, map checks, applying actions to a setup, engine and bot
//! benchmarks, and an arena that measures the bots' strength.
//!
//! Exit status: 0 on success, 1 when an input is bad or a check fails
//! (the message names the file and the line and column, or the step),
//! 2 when the command line itself is wrong.

mod apply;
mod apply_positions;
mod arena;
mod bench;
mod bench_bot;
mod bench_domains;
mod bench_unrecorded;
mod catanatron_bot;
mod client;
mod failure;
mod input;
mod lesson_cmd;
mod map_cmd;
mod original_cmd;
mod play;
mod problem_text;
mod record_cmd;
mod rulesets;
mod safe_text;
mod serve;
mod serve_online;
mod state_json;
mod tournament_cmd;
mod users_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::CmdResult;

/// The Tabula command line.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Play bot games; print one JSON line per game and a summary line
    /// (star-tigris, domains, catan, vector).
    Play(play::PlayArgs),
    /// Work with game records (star-tigris, domains, catan, vector; tournament
    /// records too).
    #[command(subcommand)]
    Record(record_cmd::RecordCommand),
    /// Work with map files (star-tigris, domains, catan, vector).
    #[command(subcommand)]
    Map(map_cmd::MapCommand),
    /// Apply actions to a position and print the state as JSON (star-tigris,
    /// domains, catan, vector).
    Apply(apply::ApplyArgs),
    /// Measure the engine (random games) or a bot (iterations, time per
    /// move) (star-tigris, domains, catan, vector).
    Bench(bench::BenchArgs),
    /// Play every pair of bots with seats rotated; win rates, intervals, Elo
    /// (star-tigris, domains, catan, vector).
    Arena(arena::ArenaArgs),
    /// Play a tournament: every bot plays every game, seatings announced,
    /// clocks on, faults disqualify; standings and a tournament record
    /// (star-tigris, domains, catan, vector).
    Tournament(tournament_cmd::TournamentArgs),
    /// Run a game server over TCP: the 2009 Vector tournament server (the
    /// VSE line protocol) or the Catan course server (lobby lines, then
    /// JSON; docs/catan/server.md) (vector, catan).
    Serve(serve::ServeArgs),
    /// Work with the Catan server's accounts (catan).
    #[command(subcommand)]
    Users(users_cmd::UsersCommand),
    /// Play one of this program's bots as a client of a game server: a 2009
    /// Vector tournament server or a Catan course server (`tabula serve` or
    /// another one that speaks the protocol) (vector, catan).
    Client(client::ClientArgs),
    /// Work with lessons: play them and check every step (star-tigris).
    #[command(subcommand)]
    Lesson(lesson_cmd::LessonCommand),
    /// Read a game file of another program (the original Domains program):
    /// print its players, final scores and number of rounds (domains).
    Import(original_cmd::ImportArgs),
    /// Write a Tabula record as a game file of another program (the
    /// original Domains program's new format), on standard output (domains).
    Export(original_cmd::ExportArgs),
    /// Play a Tabula bot in Catanatron's games: speak Catanatron's line
    /// protocol for outside bots (version 1) on standard input and output
    /// (catan, base game).
    CatanatronBot(catanatron_bot::CatanatronBotArgs),
}

fn dispatch(command: &Command) -> CmdResult {
    match command {
        Command::Play(args) => play::run(args),
        Command::Record(cmd) => record_cmd::run(cmd),
        Command::Tournament(args) => tournament_cmd::run_args(args),
        Command::Serve(args) => serve::run(args),
        Command::Users(cmd) => users_cmd::run(cmd),
        Command::Client(args) => client::run(args),
        Command::Map(cmd) => map_cmd::run(cmd),
        Command::Apply(args) => apply::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Lesson(cmd) => lesson_cmd::run(cmd),
        Command::Import(args) => original_cmd::import(args),
        Command::Export(args) => original_cmd::export(args),
        Command::CatanatronBot(args) => catanatron_bot::run(args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(&cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report();
            failure.exit_code()
        }
    }
}
