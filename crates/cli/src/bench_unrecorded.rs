//! `tabula bench --bots SPEC,…`: the games `tabula play --seats SPEC,…`
//! plays (the same game and bot seeds, each bot choosing from its seat's
//! view), played straight on the state with no `Match` and no record.
//! Side by side with `tabula play`, it is what recording a game costs.

use std::time::Instant;

use serde::Serialize;
use tabula_ai::{Bot, bot_from_spec, bot_seed};
use tabula_engine::{Determinize, Evaluate, Ruleset, SeatViews, ToMove, settle_chance};

use crate::failure::{CmdResult, Failure};
use crate::play::MAX_GAME_ACTIONS;

/// What the benchmark measured.
#[derive(Serialize, Debug)]
struct Unrecorded {
    ruleset: &'static str,
    bots: Vec<String>,
    games: u64,
    actions: u64,
    seconds: f64,
    ms_per_game: f64,
}

/// Play one game to its end; the actions it took.
fn play_one<G: Ruleset + Determinize + Evaluate + 'static>(
    options: &G::Options,
    map: Option<&str>,
    specs: &[String],
    seed: u64,
) -> Result<u64, String> {
    let mut game = G::new_game(options, map, specs.len(), seed).map_err(|e| e.to_string())?;
    settle_chance(&mut game).map_err(|e| e.to_string())?;
    let mut bots = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| bot_from_spec::<G>(spec, bot_seed(seed, i)))
        .collect::<Result<Vec<Box<dyn Bot<G>>>, String>>()?;
    let mut views = SeatViews::<G>::new(specs.len());
    let mut actions = 0;
    loop {
        let seat = match game.to_move() {
            ToMove::Over => return Ok(actions),
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) if !set.is_empty() => set.iter().next().unwrap_or(0),
            other => return Err(format!("step {actions}: unexpected {other:?} to move")),
        };
        if actions >= MAX_GAME_ACTIONS as u64 {
            return Err(format!(
                "the game did not end within {MAX_GAME_ACTIONS} actions"
            ));
        }
        let bot = bots
            .get_mut(seat as usize)
            .ok_or_else(|| format!("step {actions}: seat {seat} has no bot"))?;
        let view = views.of(&game, seat);
        let action = bot
            .choose_trusted(view, seat)
            .ok_or_else(|| format!("step {actions}: no action for seat {seat}"))?;
        game.apply(seat, &action)
            .map_err(|e| format!("step {actions}: refused: {e}"))?;
        settle_chance(&mut game).map_err(|e| e.to_string())?;
        actions += 1;
    }
}

/// Run the benchmark: `games` games from `seed` (game G from SEED+G).
pub fn run<G: Ruleset + Determinize + Evaluate + 'static>(
    options: &G::Options,
    map: Option<&str>,
    specs: &[String],
    games: u64,
    seed: u64,
    json: bool,
) -> CmdResult {
    if !G::seat_range().contains(&specs.len()) {
        return Err(Failure::Usage(format!(
            "--bots lists {} seat(s); {} is for {} to {}",
            specs.len(),
            G::NAME,
            G::seat_range().start(),
            G::seat_range().end()
        )));
    }
    for spec in specs {
        bot_from_spec::<G>(spec, 0).map_err(|e| Failure::Usage(format!("--bots: {e}")))?;
    }
    let start = Instant::now();
    let mut actions = 0;
    for g in 0..games {
        let seed = seed.wrapping_add(g);
        actions += play_one::<G>(options, map, specs, seed)
            .map_err(|e| Failure::Input(format!("game {g} (seed {seed}): {e}")))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let r = Unrecorded {
        ruleset: G::NAME,
        bots: specs.to_vec(),
        games,
        actions,
        seconds,
        ms_per_game: 1000.0 * seconds / games as f64,
    };
    crate::bench::report(json, &r, || {
        format!(
            "{} games of {} between {} (no record) on one thread in {:.2} s\n\
             ms/game:      {:.3}\n\
             actions/game: {:.1}",
            r.games,
            r.ruleset,
            r.bots.join(","),
            r.seconds,
            r.ms_per_game,
            r.actions as f64 / r.games as f64
        )
    })
}
