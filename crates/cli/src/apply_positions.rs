//! `tabula apply --ruleset vector|domains`: a position written as text,
//! actions in the ruleset's words, the state as JSON out.
//!
//! Actions are taken by the seat to move; where several seats choose at
//! once (Vector's magnitudes, Domains' orders) a line names its seat
//! first, in the ruleset's own way of naming seats: `E: MAGNITUDE: 2`
//! (Vector's seat letters) or `1: move 3 up` (Domains' player numbers, as
//! its setup format writes them, from 0). Without a seat the first seat
//! still choosing takes the action. Chance (Domains' rounds running) is
//! resolved after each action.

use serde::Serialize;
use tabula_engine::limits::{MAX_MAP_BYTES, MAX_RECORD_BYTES};
use tabula_engine::{Game, Seat, ToMove, settle_chance};

use crate::apply::{ApplyArgs, action_lines, print_pretty};
use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::problem_text::problem_lines;
use crate::safe_text::{printable, quoted};

/// Split `N: ACTION` into the seat a ruleset's `seat_word` reads and the
/// action; a line without a seat prefix is all action.
fn seat_prefix(
    written: &str,
    seat_word: impl Fn(&str) -> Option<Seat>,
) -> Result<(Option<Seat>, &str), String> {
    let Some((head, rest)) = written.split_once(':') else {
        return Ok((None, written));
    };
    let head = head.trim();
    // `DIRECTION: NE` and `MAGNITUDE: 2` have a colon of their own.
    let word = head.len() > 1 && head.chars().all(|c| c.is_ascii_alphabetic());
    if word || head.contains(char::is_whitespace) {
        return Ok((None, written));
    }
    match seat_word(head) {
        Some(s) => Ok((Some(s), rest.trim())),
        None => Err(format!("{} is not a seat", quoted(head))),
    }
}

/// Apply every action of the actions file to `game`, each parsed by
/// `parse` and checked by the rules, settling chance after each; the first
/// refusal names its line. A line may name its seat first (`SEAT: action`),
/// read by `seat_word`.
pub fn apply_all<G: Game>(
    args: &ApplyArgs,
    game: &mut G,
    seat_word: impl Fn(&str) -> Option<Seat>,
    parse: impl Fn(&str) -> Result<G::Action, String>,
) -> CmdResult
where
    G::Error: std::fmt::Display,
{
    let Some(path) = &args.actions else {
        return Ok(());
    };
    let name = shown(path);
    let text = read_text(path, MAX_RECORD_BYTES, "actions file").map_err(Failure::Input)?;
    for (k, (line, written)) in action_lines(&text).enumerate() {
        let fail = |reason: String| {
            Failure::Input(format!(
                "{name}:{line}: action {k} ({}): {}",
                quoted(written),
                printable(&reason)
            ))
        };
        let (seat, words) = seat_prefix(written, &seat_word).map_err(fail)?;
        let action = parse(words).map_err(fail)?;
        let seat = match (seat, game.to_move()) {
            (_, ToMove::Over) => return Err(fail("the game is over".into())),
            (Some(s), _) => s,
            (None, ToMove::Seat(s)) => s,
            (None, ToMove::Simultaneous(set)) => set.iter().next().unwrap_or(0),
            (None, ToMove::Chance) => {
                return Err(fail("chance (dice, a round running) is due".into()));
            }
        };
        game.apply(seat, &action).map_err(|e| fail(e.to_string()))?;
        settle_chance(game).map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}

/// Refuse a `--seat-view` past the game's seats.
fn check_seat_view(args: &ApplyArgs, seats: usize) -> CmdResult {
    match args.seat_view {
        Some(n) if n as usize > seats => Err(Failure::Usage(format!(
            "--seat-view {n}: the position has {seats} players"
        ))),
        _ => Ok(()),
    }
}

/// `tabula apply --ruleset vector`: a position (`docs/vector/rules.md`, section 7),
/// on the board of `--map FILE` when given (else a blank board).
pub fn run_vector(args: &ApplyArgs) -> CmdResult {
    use tabula_vector::geometry::SEAT_LETTERS;
    use tabula_vector::position::read_position_on;
    use tabula_vector::{Action, read_board};
    let base = match &args.map {
        Some(p) => {
            let text = read_text(p, MAX_MAP_BYTES, "board").map_err(Failure::Input)?;
            Some(read_board(&text).map_err(|e| Failure::Input(problem_lines(&shown(p), &e)))?)
        }
        None => None,
    };
    if args.options.is_some() {
        return Err(Failure::Usage(
            "--options: only for --ruleset domains".into(),
        ));
    }
    let text = read_text(&args.setup, MAX_MAP_BYTES, "position").map_err(Failure::Input)?;
    let mut game = read_position_on(&text, base.as_ref())
        .map_err(|p| Failure::Input(problem_lines(&shown(&args.setup), &p)))?;
    check_seat_view(args, game.seats())?;
    settle_chance(&mut game).map_err(|e| Failure::Input(format!("{}: {e}", shown(&args.setup))))?;
    let letter = |w: &str| {
        SEAT_LETTERS
            .iter()
            .position(|s| s.eq_ignore_ascii_case(w))
            .map(|i| i as Seat)
    };
    apply_all(args, &mut game, letter, |w| w.parse::<Action>())?;
    match args.seat_view {
        Some(n) => print_pretty(&game.player_view(n - 1)),
        None => print_pretty(&game),
    }
}

/// The whole Domains state as JSON: the open board, the orders given this
/// round by seat (secret in play), the seats done ordering, and the
/// position in the setup format.
#[derive(Serialize)]
struct DomainsJson<'a> {
    board: &'a tabula_domains::Board,
    orders: Vec<Vec<String>>,
    ended: Vec<Seat>,
    to_move: String,
    setup: String,
}

/// `tabula apply --ruleset domains`: a setup (`docs/domains/setup-format.md`)
/// with the default options and the seed of `--seed`.
pub fn run_domains(args: &ApplyArgs) -> CmdResult {
    use tabula_domains::{Action, Domains, Options, parse_setup};
    if args.map.is_some() {
        return Err(Failure::Usage(
            "--map: Domains positions hold their board; give it with --setup".into(),
        ));
    }
    let name = shown(&args.setup);
    let text = read_text(&args.setup, MAX_MAP_BYTES, "setup").map_err(Failure::Input)?;
    let setup = parse_setup(&text).map_err(|p| Failure::Input(problem_lines(&name, &p)))?;
    let options: Options = match &args.options {
        Some(json) => serde_json::from_str(json)
            .map_err(|e| Failure::Usage(format!("--options: {}", printable(&e.to_string()))))?,
        None => Options::default(),
    };
    let mut game = Domains::from_setup(&options, &setup, args.seed)
        .map_err(|p| Failure::Input(problem_lines(&name, &p)))?;
    check_seat_view(args, game.seats())?;
    settle_chance(&mut game).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let seats = game.seats();
    let seat_word = move |w: &str| w.parse::<Seat>().ok().filter(|&s| (s as usize) < seats);
    apply_all(args, &mut game, seat_word, |w| w.parse::<Action>())?;
    match args.seat_view {
        Some(n) => print_pretty(&game.player_view(n - 1)),
        None => print_pretty(&DomainsJson {
            board: &game.board,
            orders: game
                .orders
                .iter()
                .map(|o| o.iter().map(Action::to_string).collect())
                .collect(),
            ended: game.ended.iter().collect(),
            to_move: format!("{:?}", game.to_move()),
            setup: game.to_text(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(w: &str) -> Option<Seat> {
        ["N", "E", "S", "W"]
            .iter()
            .position(|s| *s == w)
            .map(|i| i as Seat)
    }

    #[test]
    fn a_seat_prefix_is_read_only_where_one_is_written() {
        assert_eq!(
            seat_prefix("E: MAGNITUDE: 2", letter),
            Ok((Some(1), "MAGNITUDE: 2"))
        );
        assert_eq!(
            seat_prefix("MAGNITUDE: 2", letter),
            Ok((None, "MAGNITUDE: 2"))
        );
        assert_eq!(
            seat_prefix("DIRECTION: NE", letter),
            Ok((None, "DIRECTION: NE"))
        );
        assert_eq!(seat_prefix("move 3 up", letter), Ok((None, "move 3 up")));
        let digits = |w: &str| w.parse::<Seat>().ok().filter(|&s| s < 2);
        assert_eq!(
            seat_prefix("1: move 3 up", digits),
            Ok((Some(1), "move 3 up"))
        );
        assert!(
            seat_prefix("7: end", digits)
                .unwrap_err()
                .contains("is not a seat")
        );
    }
}
