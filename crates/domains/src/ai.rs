//! What bots need beyond the game contract: rebuilding a state from a view
//! and a heuristic evaluation.

use tabula_engine::pick_listed_in_view;
use tabula_engine::{Determinize, Evaluate, GameRng, Seat, TrustedView};

use crate::game::View;
use crate::rules::{Action, Domains, legal_in};

impl Determinize for Domains {
    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, String> {
        Domains::from_view(view, rng)
    }

    /// Read from the view: the board is open, and the seat's own orders
    /// and whether it has ended are in it.
    fn legal_actions_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        _rng: &mut GameRng,
        _scratch: &mut Option<Self>,
    ) -> Vec<Action> {
        if view.seat != seat {
            return Vec::new();
        }
        legal_in(&view.board, &view.orders, view.ended, seat)
    }

    fn random_action_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<Self>,
    ) -> Option<Action> {
        pick_listed_in_view(view, seat, rng, scratch)
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
