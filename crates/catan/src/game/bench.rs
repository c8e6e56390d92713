//! Random games for benchmarks: the engine alone, as fast as it goes.

use tabula_engine::{Game, GameRng, ToMove};

use super::options::Options;
use super::state::Catan;
use crate::CheckedBoard;

/// Most actions in one benchmark game before it counts as stuck.
pub const MAX_BENCH_ACTIONS: u64 = 200_000;

/// Play one game of uniformly random legal actions on `board`; the
/// number of actions taken (dice rolls included). With `checked`, every
/// action goes through [`Game::apply`], which checks it again; without,
/// through [`Catan::apply_listed`], as a search that just listed the
/// actions would (and as Catanatron's play loop does).
pub fn random_game(
    options: &Options,
    board: &CheckedBoard,
    seats: usize,
    seed: u64,
    checked: bool,
) -> Result<u64, String> {
    let mut game =
        Catan::new(options, board, seats, seed).map_err(|e| format!("cannot start: {e}"))?;
    let mut rng = GameRng::seeded(seed ^ 0x5eed_5eed_5eed_5eed);
    let mut actions = 0u64;
    loop {
        let seat = match game.to_move() {
            ToMove::Over => return Ok(actions),
            ToMove::Chance => {
                game.apply_chance().map_err(|e| e.to_string())?;
                actions += 1;
                continue;
            }
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().ok_or("nobody is to move")?,
        };
        if actions >= MAX_BENCH_ACTIONS {
            return Err(format!(
                "the game did not end within {MAX_BENCH_ACTIONS} actions"
            ));
        }
        let a = game
            .random_action(seat, &mut rng)
            .ok_or_else(|| format!("action {actions}: seat {seat} has no legal action"))?;
        if checked {
            game.apply(seat, &a)
                .map_err(|e| format!("action {actions}: {a:?} was refused: {e}"))?;
        } else {
            game.apply_listed(seat, &a);
        }
        actions += 1;
    }
}
