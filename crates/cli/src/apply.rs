//! `tabula apply`: load a setup, apply actions written in the text form,
//! print the resulting state as JSON.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;
use tabula_engine::limits::{MAX_MAP_BYTES, MAX_RECORD_BYTES};
use tabula_engine::{Game, ToMove};
use tabula_star_tigris::{Action, Event, StarTigris, parse_setup};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::problem_text::problem_lines;
use crate::safe_text::{printable, quoted};
use crate::state_json::StateJson;

/// Options of `tabula apply`.
#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The ruleset: star-tigris (a setup file), catan (a position,
    /// docs/catan/positions.md), vector (a position, docs/vector/rules.md section 7)
    /// or domains (a setup, docs/domains/setup-format.md).
    #[arg(long, default_value = "star-tigris")]
    pub ruleset: String,
    /// Catan: the board the position is on (the standard board when not
    /// given). Vector: a board file whose squares the position starts from
    /// (a blank board when not given).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// A Star Tigris setup file (board, hands, scores, whose turn), a Catan
    /// or Vector position, or a Domains setup.
    #[arg(long, value_name = "FILE")]
    pub setup: PathBuf,
    /// Domains: the seed of the game's random numbers (battles, the order
    /// in which a round's orders run).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Domains: the rules' options as JSON (e.g. '{"max_bonuses":0}'; the
    /// defaults for the rest).
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
    /// Actions to apply, one per line in the text form (`colonize scientist
    /// F7`, `commit 3`); blank lines and `#` comments are skipped. Each is
    /// taken by the seat to move.
    #[arg(long, value_name = "FILE")]
    pub actions: Option<PathBuf>,
    /// Print what seat N (from 1) may see instead of the whole state.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..))]
    pub seat_view: Option<u8>,
}

/// The actions of an actions file: (1-based line, action text) for each
/// line that is not blank once its `#` comment is cut.
pub fn action_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(n, raw)| {
        let action = raw.split('#').next().unwrap_or("").trim();
        (!action.is_empty()).then_some((n + 1, action))
    })
}

/// Resolve chance events (draws) until a seat must act or the game is over.
fn settle(game: &mut StarTigris, events: &mut Vec<Event>) -> Result<(), String> {
    while game.to_move() == ToMove::Chance {
        game.chance_logged(events).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Apply one action, in the text form, for the seat to move.
fn apply_text(game: &mut StarTigris, text: &str, events: &mut Vec<Event>) -> Result<(), String> {
    let action: Action = text.parse()?;
    let seat = match game.to_move() {
        ToMove::Seat(s) => s,
        ToMove::Over => return Err("the game is over".into()),
        other => return Err(format!("no single seat is to move ({other:?})")),
    };
    game.apply_logged(seat, &action, events)
        .map_err(|e| e.to_string())?;
    settle(game, events)
}

/// Run `tabula apply`.
pub fn run(args: &ApplyArgs) -> CmdResult {
    match args.ruleset.as_str() {
        "star-tigris" => {}
        "catan" => return run_catan(args),
        "vector" => return crate::apply_positions::run_vector(args),
        "domains" => return crate::apply_positions::run_domains(args),
        other => {
            return Err(Failure::Usage(format!(
                "--ruleset {}: apply reads star-tigris, catan, vector and domains positions",
                quoted(other)
            )));
        }
    }
    if args.map.is_some() {
        return Err(Failure::Usage(
            "--map: only for --ruleset catan or vector".into(),
        ));
    }
    if args.options.is_some() {
        return Err(Failure::Usage(
            "--options: only for --ruleset domains".into(),
        ));
    }
    let setup_name = shown(&args.setup);
    let text = read_text(&args.setup, MAX_MAP_BYTES, "setup").map_err(Failure::Input)?;
    let mut game =
        parse_setup(&text).map_err(|p| Failure::Input(problem_lines(&setup_name, &p)))?;
    if let Some(n) = args.seat_view
        && n as usize > game.players()
    {
        return Err(Failure::Usage(format!(
            "--seat-view {n}: the setup has {} players",
            game.players()
        )));
    }
    let mut events = Vec::new();
    settle(&mut game, &mut events).map_err(|e| Failure::Input(format!("{setup_name}: {e}")))?;
    if let Some(path) = &args.actions {
        let name = shown(path);
        let text = read_text(path, MAX_RECORD_BYTES, "actions file").map_err(Failure::Input)?;
        for (k, (line, action)) in action_lines(&text).enumerate() {
            apply_text(&mut game, action, &mut events).map_err(|reason| {
                Failure::Input(format!(
                    "{name}:{line}: action {k} ({}): {}",
                    quoted(action),
                    printable(&reason)
                ))
            })?;
        }
    }
    match args.seat_view {
        Some(n) => print_pretty(&game.player_view(n - 1)),
        None => print_pretty(&StateJson::of(&game, &events)),
    }
}

/// `tabula apply --ruleset catan`: a position, then actions in the
/// course server's words, each for the seat to move or written `N: ACTION`
/// for player N (where several answer at once); dice are rolled as they
/// come, with the position's fixed dice if it has them.
fn run_catan(args: &ApplyArgs) -> CmdResult {
    use tabula_catan::Catan;
    use tabula_catan::game::position::{MAX_POSITION_BYTES, read_position};
    if args.options.is_some() {
        return Err(Failure::Usage(
            "--options: only for --ruleset domains".into(),
        ));
    }
    let name = shown(&args.setup);
    let text = read_text(&args.setup, MAX_POSITION_BYTES, "position").map_err(Failure::Input)?;
    let map = match &args.map {
        Some(p) => {
            Some(read_text(p, tabula_catan::MAX_BOARD_BYTES, "map").map_err(Failure::Input)?)
        }
        None => None,
    };
    let mut game: Catan = read_position(&text, map.as_deref())
        .map_err(|p| Failure::Input(problem_lines(&name, &p)))?;
    if let Some(n) = args.seat_view
        && n as usize > game.seats()
    {
        return Err(Failure::Usage(format!(
            "--seat-view {n}: the position has {} players",
            game.seats()
        )));
    }
    let seats = game.seats();
    let player = move |w: &str| match w.parse::<u8>() {
        Ok(n) if (1..=seats).contains(&(n as usize)) => Some(n - 1),
        _ => None,
    };
    let topo = game.topo.clone();
    crate::apply_positions::apply_all(args, &mut game, player, |w| {
        tabula_catan::Action::parse(w, &topo)
    })?;
    match args.seat_view {
        Some(n) => print_pretty(&game.player_view(n - 1)),
        None => print_pretty(&game),
    }
}

/// Print `value` as pretty JSON on standard output.
pub fn print_pretty(value: &impl Serialize) -> CmdResult {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(Failure::output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let lines: Vec<_> = action_lines("# a\n\ncolonize settler B2  # first\n  pass\n").collect();
        assert_eq!(lines, vec![(3, "colonize settler B2"), (4, "pass")]);
    }
}
