//! Values shared by the bots: a seat's lead under the ruleset's evaluation,
//! rewards in `[0, 1]`, and one-step lookahead.

use tabula_engine::{Evaluate, Game, Seat, ToMove, settle_chance};

/// The seat's evaluation minus the best evaluation among the seats of the
/// other teams ([`Game::team`]: a partner's evaluation is no rival's).
pub fn lead<G: Evaluate>(game: &G, seat: Seat) -> f64 {
    let mut values = Vec::with_capacity(game.seats());
    game.evaluate_all(&mut values);
    let teams = teams(game, values.len());
    lead_in(&values, &teams, seat as usize)
}

/// The team of every seat.
fn teams<G: Game>(game: &G, seats: usize) -> Vec<usize> {
    (0..seats).map(|s| game.team(s as Seat)).collect()
}

/// `values[seat]` minus the best value of a seat in another team.
fn lead_in(values: &[f64], teams: &[usize], seat: usize) -> f64 {
    let own_team = teams.get(seat).copied().unwrap_or(seat);
    let best_other = values
        .iter()
        .enumerate()
        .filter(|&(o, _)| teams.get(o).copied().unwrap_or(o) != own_team)
        .map(|(_, &v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    let own = values.get(seat).copied().unwrap_or(0.0);
    if best_other.is_finite() {
        own - best_other
    } else {
        own
    }
}

/// Each seat's reward in `[0, 1]`: [`tabula_engine::Outcome::reward`] once
/// the game is over, else the seat's [`lead`] squashed by a logistic curve
/// of the ruleset's [`Evaluate::evaluation_scale`].
pub fn rewards<G: Evaluate>(game: &G, out: &mut Vec<f64>) {
    out.clear();
    let seats = game.seats();
    if let Some(outcome) = game.outcome() {
        out.extend((0..seats as Seat).map(|s| outcome.reward(s)));
        return;
    }
    let scale = game.evaluation_scale().max(1e-9);
    let mut values = Vec::with_capacity(seats);
    game.evaluate_all(&mut values);
    let teams = teams(game, values.len());
    out.extend(
        (0..values.len()).map(|s| 1.0 / (1.0 + (-lead_in(&values, &teams, s) / scale).exp())),
    );
}

/// The state after `seat` takes `action` and chance events are resolved
/// (with the state's own RNG), or `None` if the action is refused.
pub fn after<G: Game>(game: &G, seat: Seat, action: &G::Action) -> Option<G> {
    let mut next = game.clone();
    next.apply(seat, action).ok()?;
    settle_chance(&mut next).ok()?;
    Some(next)
}

/// One-step value of an action for the seat taking it: its [`lead`] after
/// the action, with a finished game counted by its outcome (a win is worth
/// more than any lead, a loss less).
pub fn one_step<G: Evaluate>(game: &G, seat: Seat, action: &G::Action) -> f64 {
    match after(game, seat, action) {
        None => f64::NEG_INFINITY,
        Some(next) => {
            let lead = lead(&next, seat);
            match (next.to_move(), next.outcome()) {
                (ToMove::Over, Some(o)) => lead + 1000.0 * (o.reward(seat) - 0.5),
                _ => lead,
            }
        }
    }
}
