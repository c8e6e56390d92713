//! What bots need from a ruleset beyond [`Game`]: rebuilding a full state
//! from one seat's view ([`Determinize`]) and a heuristic evaluation of a
//! state ([`Evaluate`]).
//!
//! Bots only ever receive [`Game::player_view`]. To look ahead they sample a
//! *determinization*: a complete state that agrees with everything the seat
//! can see, with the hidden parts (other hands, the pool, face-down swaps,
//! hidden scores, the RNG) made up. Searching many determinizations instead
//! of the true state is what keeps a bot from cheating.

use crate::{Game, GameRng, Seat};

/// A game whose hidden information can be sampled from one seat's view.
pub trait Determinize: Game + Sized {
    /// A complete state consistent with `view`: its
    /// [`Game::player_view`] for the viewing seat equals `view`, and so do
    /// that seat's legal actions. Hidden parts are drawn with `rng`, and the
    /// new state's own RNG is seeded from `rng` (so the future draws are
    /// unknown too).
    ///
    /// Errors when the view is not one [`Game::player_view`] could have
    /// produced (for instance a view read from an untrusted page), never
    /// panics.
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Result<Self, String>;

    /// [`Determinize::determinize`] into `out`, a state of any earlier
    /// game kept for this: afterwards `out` is what `determinize` would
    /// have returned with the same `rng` (drawn the same way). Bots that
    /// determinize once per decision keep one state and pass it here, so a
    /// ruleset may override this to reuse the state's storage. On an error
    /// `out` may hold anything a later call can overwrite.
    fn determinize_into(
        view: &Self::View,
        rng: &mut GameRng,
        out: &mut Self,
    ) -> Result<(), String> {
        *out = Self::determinize(view, rng)?;
        Ok(())
    }
}

/// A heuristic value of a state for each seat, for bots that look ahead.
pub trait Evaluate: Game {
    /// How good the state looks for `seat`, in the ruleset's points: higher
    /// is better, and values of different seats are comparable (bots compare
    /// a seat's value with the best of the others').
    fn evaluate(&self, seat: Seat) -> f64;

    /// Every seat's [`Evaluate::evaluate`], in seat order, into `out`
    /// (cleared first). Rulesets may override it to share work between seats.
    fn evaluate_all(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..self.seats() as Seat).map(|s| self.evaluate(s)));
    }

    /// The lead, in the units of [`Evaluate::evaluate`], that makes a win
    /// very likely. Search squashes a lead `x` into a reward in `[0, 1]`
    /// with `1 / (1 + exp(-x / scale))`.
    fn evaluation_scale(&self) -> f64 {
        1.0
    }
}
