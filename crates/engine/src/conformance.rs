//! The shared conformance suite: seeded random games for any ruleset.
//!
//! For every game it checks, after every step, that
//! - a seat to move has at least one legal action, and every listed action
//!   applies (one sampled per step, plus all of them every `full_check_every` steps);
//! - random actions that are not listed are refused with the state unchanged;
//! - the ruleset's invariants hold (piece conservation and the like);
//! - a view kept from step to step and refreshed with [`crate::Game::write_view`]
//!   equals a fresh [`crate::Game::player_view`] (compared as JSON every
//!   `full_check_every` steps);
//! - the legal actions read from the seat's view
//!   ([`crate::Determinize::legal_actions_in_view`]) are the state's legal
//!   actions, and a random pick from the view
//!   ([`crate::Determinize::random_action_in_view`]) is the one the
//!   state's [`crate::Game::random_action`] draws with the same generator;
//! - a view borrowing the state ([`crate::SeatViews`]), when read,
//!   equals a fresh view (every `full_check_every` steps);
//! - the game ends within `max_actions`;
//!
//! and at the end that the record, written to JSON and read back, replays
//! through the checked path to the same state hash.

use crate::record::{Match, parse_record, replay};
use crate::seat_view::{SeatViews, TrustedView};
use crate::{Determinize, GameRng, Ruleset, SeatInfo, ToMove};

/// What a ruleset provides to be checked.
pub trait Conformance: Ruleset + Determinize {
    /// Check ruleset invariants; say what is broken.
    fn check_invariants(&self) -> Result<(), String>;
    /// An arbitrary, possibly illegal, action of this ruleset.
    fn arbitrary_action(&self, rng: &mut GameRng) -> Self::Action;
}

/// How many games, of what size.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games to play for each seat count.
    pub games: usize,
    /// Seat counts to play.
    pub seats: Vec<usize>,
    /// Seed of the first game.
    pub seed: u64,
    /// A game longer than this fails.
    pub max_actions: usize,
    /// Every this many steps, apply every listed action to a copy.
    pub full_check_every: usize,
    /// Illegal actions tried per step.
    pub illegal_per_step: usize,
    /// The ruleset's options as JSON (`null`: the defaults), e.g. a small
    /// board so that thousands of games stay fast.
    pub options: serde_json::Value,
    /// The map text to play on (it goes into every record); `None`: the
    /// ruleset's default map.
    pub map: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 100,
            seats: vec![2, 3, 4],
            seed: 1,
            max_actions: 20_000,
            full_check_every: 25,
            illegal_per_step: 2,
            options: serde_json::Value::Null,
            map: None,
        }
    }
}

/// Totals over the games played.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Actions taken.
    pub actions: usize,
    /// Illegal actions refused.
    pub refused: usize,
}

/// Play the configured random games; the first failure is returned with
/// the seed and step that reproduce it.
pub fn random_games<G: Conformance>(cfg: &Config) -> Result<Report, String> {
    let mut report = Report::default();
    for &seats in &cfg.seats {
        for g in 0..cfg.games {
            let seed = cfg.seed + g as u64 * 7919 + seats as u64;
            play_one::<G>(cfg, seats, seed, &mut report)
                .map_err(|e| format!("{} with {seats} seats, seed {seed}: {e}", G::NAME))?;
            report.games += 1;
        }
    }
    Ok(report)
}

fn play_one<G: Conformance>(
    cfg: &Config,
    seats: usize,
    seed: u64,
    report: &mut Report,
) -> Result<(), String> {
    let infos: Vec<SeatInfo> = (0..seats)
        .map(|i| SeatInfo {
            name: format!("Bot {}", i + 1),
            player: "bot:random".into(),
        })
        .collect();
    let options: G::Options = if cfg.options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(cfg.options.clone()).map_err(|e| format!("options: {e}"))?
    };
    let mut m = Match::<G>::new(&options, cfg.map.as_deref(), infos.clone(), seed)
        .map_err(|e| e.to_string())?;
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    let mut view_rng = GameRng::seeded(seed ^ 0x71e3);
    let mut scratch: Option<G> = None;
    let mut step = 0;
    let mut kept: Option<G::View> = None;
    let mut borrowed_views = SeatViews::<G>::new(seats);
    m.game()
        .check_invariants()
        .map_err(|e| format!("at the start: {e}"))?;
    loop {
        let game = m.game();
        let seat = match game.to_move() {
            ToMove::Over => break,
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set
                .iter()
                .next()
                .ok_or("an empty set of seats is to move")?,
            ToMove::Chance => return Err(format!("step {step}: a chance event was left pending")),
        };
        if step >= cfg.max_actions {
            return Err(format!(
                "the game did not end within {} actions",
                cfg.max_actions
            ));
        }
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(format!(
                "step {step}: seat {seat} is to move but has no legal action"
            ));
        }
        // Illegal actions are refused and change nothing.
        for _ in 0..cfg.illegal_per_step {
            let a = game.arbitrary_action(&mut rng);
            if legal.contains(&a) {
                continue;
            }
            let mut copy = game.clone();
            if copy.apply(seat, &a).is_ok() {
                return Err(format!(
                    "step {step}: {a:?} applied but is not in the legal list"
                ));
            }
            if copy.state_hash() != game.state_hash() {
                return Err(format!("step {step}: refused {a:?} changed the state"));
            }
            report.refused += 1;
        }
        // Other seats may not act.
        for other in 0..seats as u8 {
            if !matches!(game.to_move(), ToMove::Seat(s) if s != other) {
                continue;
            }
            if !game.legal_actions(other).is_empty() {
                return Err(format!(
                    "step {step}: seat {other} lists actions out of turn"
                ));
            }
            let mut copy = game.clone();
            if copy.apply(other, &legal[0]).is_ok() {
                return Err(format!("step {step}: seat {other} acted out of turn"));
            }
        }
        match &mut kept {
            Some(view) => game.write_view(seat, view),
            None => kept = Some(game.player_view(seat)),
        }
        if let Some(view) = &kept {
            let in_view = G::legal_actions_in_view(
                TrustedView::made(view),
                seat,
                &mut view_rng,
                &mut scratch,
            );
            let listed: std::collections::HashSet<&G::Action> = legal.iter().collect();
            let read: std::collections::HashSet<&G::Action> = in_view.iter().collect();
            if in_view.len() != legal.len() || read != listed {
                return Err(format!(
                    "step {step}: seat {seat}'s legal actions read from its view ({} of them) \
                     differ from the state's ({})",
                    in_view.len(),
                    legal.len()
                ));
            }
            // A pick from the view is the state's own pick with the same
            // generator, and advances it alike.
            let mut from_state = view_rng.clone();
            let drawn = game.random_action(seat, &mut from_state);
            let picked = G::random_action_in_view(
                TrustedView::made(view),
                seat,
                &mut view_rng,
                &mut scratch,
            );
            match &picked {
                Some(a) if listed.contains(a) => {}
                other => {
                    return Err(format!(
                        "step {step}: random_action_in_view gave {other:?}, not a legal action"
                    ));
                }
            }
            if picked != drawn || view_rng != from_state {
                return Err(format!(
                    "step {step}: random_action_in_view gave {picked:?} where the state's \
                     random_action with the same generator gave {drawn:?}"
                ));
            }
        }
        // A view borrowing the state, once read, is the seat's view (kept
        // between reads as a bot's loop keeps it).
        if cfg.full_check_every > 0 && step % cfg.full_check_every == 0 {
            let borrowed = borrowed_views.of(game, seat);
            let fresh = serde_json::to_value(game.player_view(seat)).map_err(|e| e.to_string())?;
            let read = serde_json::to_value(borrowed.view()).map_err(|e| e.to_string())?;
            if read != fresh {
                return Err(format!(
                    "step {step}: the view written from a borrowed state differs from player_view"
                ));
            }
        }
        if cfg.full_check_every > 0 && step % cfg.full_check_every == 0 {
            let fresh = serde_json::to_value(game.player_view(seat)).map_err(|e| e.to_string())?;
            let written = serde_json::to_value(&kept).map_err(|e| e.to_string())?;
            if written != fresh {
                return Err(format!(
                    "step {step}: the view refreshed by write_view differs from player_view"
                ));
            }
            for a in &legal {
                let mut copy = game.clone();
                copy.apply(seat, a)
                    .map_err(|e| format!("step {step}: listed action {a:?} refused: {e}"))?;
            }
        }
        let a = game
            .random_action(seat, &mut rng)
            .ok_or("no random action")?;
        if !legal.contains(&a) {
            return Err(format!("step {step}: random_action gave unlisted {a:?}"));
        }
        m.play(seat, &a).map_err(|e| format!("step {step}: {e}"))?;
        m.game()
            .check_invariants()
            .map_err(|e| format!("after step {step} ({a:?}): {e}"))?;
        step += 1;
    }
    let outcome = m
        .game()
        .outcome()
        .ok_or("the game is over but has no outcome")?;
    if outcome.ranks.len() != seats || outcome.scores.len() != seats {
        return Err("the outcome does not rank every seat".into());
    }
    // The record survives JSON and replays to the same hash.
    let text = serde_json::to_string(&*m.record()).map_err(|e| e.to_string())?;
    let record = parse_record(&text).map_err(|e| format!("record does not parse: {e}"))?;
    let replayed = replay::<G>(&record).map_err(|e| format!("record does not replay: {e}"))?;
    if replayed.state_hash() != m.game().state_hash() {
        return Err("the replayed game differs".into());
    }
    check_restart(m, &options, cfg.map.as_deref(), infos, seed)?;
    report.actions += step;
    Ok(())
}

/// A match restarted with another seed is the match started with it, and
/// plays on alike; a seed out of range changes nothing.
fn check_restart<G: Conformance>(
    mut m: Match<G>,
    options: &G::Options,
    map: Option<&str>,
    infos: Vec<SeatInfo>,
    seed: u64,
) -> Result<(), String> {
    let before = serde_json::to_string(&*m.record()).map_err(|e| e.to_string())?;
    if m.restart(crate::limits::MAX_SEED + 1).is_ok() {
        return Err("restart accepted a seed out of range".into());
    }
    if serde_json::to_string(&*m.record()).map_err(|e| e.to_string())? != before {
        return Err("a refused restart changed the record".into());
    }
    let next = seed + 1;
    m.restart(next)
        .map_err(|e| format!("restart with seed {next}: {e}"))?;
    let mut fresh = Match::<G>::new(options, map, infos, next).map_err(|e| e.to_string())?;
    let mut rng = GameRng::seeded(next);
    for step in 0..=20 {
        let restarted = serde_json::to_string(&*m.record()).map_err(|e| e.to_string())?;
        let started = serde_json::to_string(&*fresh.record()).map_err(|e| e.to_string())?;
        if restarted != started || m.game().state_hash() != fresh.game().state_hash() {
            return Err(format!(
                "after {step} actions, the match restarted with seed {next} differs from a new one"
            ));
        }
        let seat = match m.game().to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().ok_or("an empty set is to move")?,
            _ => break,
        };
        let a = m
            .game()
            .random_action(seat, &mut rng)
            .ok_or("no random action")?;
        m.play(seat, &a).map_err(|e| e.to_string())?;
        fresh.play(seat, &a).map_err(|e| e.to_string())?;
    }
    Ok(())
}
