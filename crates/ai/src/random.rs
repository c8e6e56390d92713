//! The random bot: uniform over the seat's legal actions.

use tabula_engine::{Determinize, GameRng, Seat};

use crate::Bot;

/// Picks uniformly among the seat's legal actions, listed in a
/// determinization of its view (a seat's legal actions depend only on what
/// it can see, so any determinization lists the same ones). The
/// determinization is written into one state kept between decisions
/// ([`Determinize::determinize_into`]), so a ruleset can reuse its storage.
pub struct RandomBot<G> {
    rng: GameRng,
    scratch: Option<G>,
}

impl<G> RandomBot<G> {
    /// A random bot with its own seeded RNG.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seeded(seed),
            scratch: None,
        }
    }
}

impl<G: Determinize> Bot<G> for RandomBot<G> {
    fn spec(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let game = match &mut self.scratch {
            Some(game) => {
                if G::determinize_into(view, &mut self.rng, game).is_err() {
                    // What an error left behind is not kept.
                    self.scratch = None;
                    return None;
                }
                game
            }
            None => self
                .scratch
                .insert(G::determinize(view, &mut self.rng).ok()?),
        };
        game.random_action(seat, &mut self.rng)
    }
}
