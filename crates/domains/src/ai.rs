//! What bots need beyond the game contract: rebuilding a state from a view
//! and a heuristic evaluation.

use tabula_engine::{Determinize, Evaluate, GameRng, Seat};

use crate::game::View;
use crate::rules::Domains;

impl Determinize for Domains {
    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, String> {
        Domains::from_view(view, rng)
    }
}

impl Evaluate for Domains {
    /// The score, plus what the owned squares will earn in the rounds left,
    /// plus a little for each unit and its energy.
    fn evaluate(&self, seat: Seat) -> f64 {
        let b = &self.board;
        let p = &b.players[seat as usize];
        let left = b.options.rounds.saturating_sub(b.round) as f64;
        let squares = b.painted_by(seat) as f64;
        let units: f64 = b
            .units
            .iter()
            .filter(|u| u.player == seat)
            .map(|u| 100.0 + 5.0 * u.energy as f64)
            .sum();
        p.score as f64 + squares * b.options.points_per_square as f64 * left + units
    }

    fn evaluation_scale(&self) -> f64 {
        2000.0
    }
}
