//! Bots for any Tabula ruleset.
//!
//! This crate starts with the uniform random bot used by the command line
//! and the conformance benchmarks; the stronger bots come with the AI issue.

use tabula_engine::{Game, GameRng, Seat};

/// A bot chooses an action for a seat.
pub trait Bot<G: Game> {
    /// The bot's spec, as written in records (`random`).
    fn spec(&self) -> String;
    /// Choose an action for `seat`, which must be to move in `game`.
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action>;
}

/// Picks uniformly among the seat's legal actions. The legal actions of a
/// seat depend only on what that seat may see, so it never uses hidden
/// information.
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

impl<G: Game> Bot<G> for RandomBot {
    fn spec(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        game.random_action(seat, &mut self.rng)
    }
}

/// Make a bot from its spec, or say why the spec is not understood.
pub fn bot_from_spec<G: Game>(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    match spec {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        other => Err(format!("unknown bot {other:?} (available: random)")),
    }
}
