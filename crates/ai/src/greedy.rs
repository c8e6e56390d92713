//! The greedy bot: one-step lookahead with the ruleset's evaluation.

use tabula_engine::{Determinize, Evaluate, GameRng, Seat};

use crate::Bot;
use crate::value::one_step;

/// Tries every legal action in `samples` determinizations of its view and
/// takes the one with the best mean [`one_step`] value: the seat's lead
/// over the best other seat under [`Evaluate`] once the action and any
/// draw it causes are resolved. Ties are broken at random.
pub struct GreedyBot {
    rng: GameRng,
    samples: u32,
}

impl GreedyBot {
    /// A greedy bot averaging over `samples` determinizations (at least 1).
    pub fn new(seed: u64, samples: u32) -> Self {
        GreedyBot {
            rng: GameRng::seeded(seed),
            samples: samples.max(1),
        }
    }
}

impl<G: Determinize + Evaluate> Bot<G> for GreedyBot {
    fn spec(&self) -> String {
        if self.samples == 1 {
            "greedy".into()
        } else {
            format!("greedy:samples={}", self.samples)
        }
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let first = G::determinize(view, &mut self.rng).ok()?;
        let actions = first.legal_actions(seat);
        if actions.len() <= 1 {
            return actions.into_iter().next();
        }
        let mut totals: Vec<f64> = actions.iter().map(|a| one_step(&first, seat, a)).collect();
        for _ in 1..self.samples {
            let Ok(game) = G::determinize(view, &mut self.rng) else {
                break;
            };
            for (t, a) in totals.iter_mut().zip(&actions) {
                *t += one_step(&game, seat, a);
            }
        }
        let best = totals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..actions.len())
            .filter(|&i| totals[i] >= best - 1e-9)
            .collect();
        let pick = ties[self.rng.index(ties.len())];
        actions.into_iter().nth(pick)
    }
}
