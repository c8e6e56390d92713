//! The random bot: uniform over the seat's legal actions.

use tabula_engine::{Determinize, GameRng, Seat, TrustedView};

use crate::Bot;

/// Picks uniformly among the seat's legal actions: what the state's own
/// [`tabula_engine::Game::random_action`] would draw with the bot's
/// generator, read from the seat's view
/// ([`Determinize::random_action_in_view`]: a seat's legal actions depend
/// only on what it can see). A view from outside is checked first
/// ([`TrustedView::check`]); a view made by the loop that asks
/// ([`Bot::choose_trusted`]) is not, and one that borrows the state is
/// never written ([`TrustedView::random_action`]). All give the same
/// choice.
pub struct RandomBot<G> {
    rng: GameRng,
    /// A state kept for [`Determinize::random_action_in_view`].
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
        let view = TrustedView::<G>::check(view).ok()?;
        self.choose_trusted(view, seat)
    }

    fn choose_trusted(&mut self, view: TrustedView<'_, G>, seat: Seat) -> Option<G::Action> {
        view.random_action(seat, &mut self.rng, &mut self.scratch)
    }
}
