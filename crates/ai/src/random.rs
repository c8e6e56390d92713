//! The random bot: uniform over the seat's legal actions.

use tabula_engine::{Determinize, GameRng, Seat};

use crate::Bot;

/// Picks uniformly among the seat's legal actions, listed in a
/// determinization of its view (a seat's legal actions depend only on what
/// it can see, so any determinization lists the same ones).
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with its own seeded RNG.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seeded(seed),
        }
    }
}

impl<G: Determinize> Bot<G> for RandomBot {
    fn spec(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let game = G::determinize(view, &mut self.rng).ok()?;
        game.random_action(seat, &mut self.rng)
    }
}
