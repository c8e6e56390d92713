//! What bots need from a ruleset beyond [`Game`]: rebuilding a full state
//! from one seat's view ([`Determinize`]) and a heuristic evaluation of a
//! state ([`Evaluate`]).
//!
//! Bots only ever receive [`Game::player_view`]. To look ahead they sample a
//! *determinization*: a complete state that agrees with everything the seat
//! can see, with the hidden parts (other hands, the pool, face-down swaps,
//! hidden scores, the RNG) made up. Searching many determinizations instead
//! of the true state is what keeps a bot from cheating.

use crate::seat_view::TrustedView;
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

    /// Whether `view` is one [`Game::player_view`] could have produced:
    /// the checks [`Determinize::determinize`] makes, without keeping a
    /// state (by default it determinizes with a generator of its own and
    /// drops the result). A view read from outside passes this to become a
    /// [`TrustedView`].
    fn check_view(view: &Self::View) -> Result<(), String> {
        Self::determinize(view, &mut GameRng::seeded(0)).map(drop)
    }

    /// Every action `seat` may take in the state `view` (`seat`'s own
    /// view) was made from: the same actions as that state's
    /// [`Game::legal_actions`] (the conformance suite checks it), as a
    /// seat's legal actions depend only on what it sees. `scratch` is a
    /// state the caller keeps for this between calls (of any game; `None`
    /// at first). By default the actions are listed in a determinization
    /// drawn with `rng` into `scratch`; a ruleset whose view suffices
    /// overrides this to read them from the view, which spares a bot that
    /// needs only its legal actions (the random bot) a determinization per
    /// decision.
    fn legal_actions_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<Self>,
    ) -> Vec<Self::Action> {
        determinized(view, rng, scratch).map_or_else(Vec::new, |game| game.legal_actions(seat))
    }

    /// What the state `view` was made from would draw as `seat`'s
    /// [`Game::random_action`] with `rng`: the same action, `rng` advanced
    /// the same way (the conformance suite checks it), so a bot picks the
    /// same from a view as from the state it borrows
    /// ([`TrustedView::random_action`]). By default `random_action` in a
    /// determinization drawn into `scratch` with a generator split off a
    /// copy of `rng` (the hidden parts it deals do not change a seat's
    /// legal actions, nor, by the contract of `random_action`, its pick).
    /// A ruleset that overrides [`Determinize::legal_actions_in_view`]
    /// and keeps the default `random_action` overrides this with
    /// [`crate::seat_view::pick_listed_in_view`].
    fn random_action_in_view(
        view: TrustedView<'_, Self>,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<Self>,
    ) -> Option<Self::Action> {
        let mut deal = GameRng::seeded(rng.clone().next_u64() ^ DEAL_SALT);
        determinized(view, &mut deal, scratch)?.random_action(seat, rng)
    }
}

/// Mixed into the seed of the generator that deals a determinization for
/// [`Determinize::random_action_in_view`], so that it does not repeat the
/// pick's draws.
const DEAL_SALT: u64 = 0x5eed_dea1_5eed_dea1;

/// A determinization of `view` drawn with `rng` into `scratch` (kept
/// between calls), or `None` when the view cannot be read.
fn determinized<'s, G: Determinize>(
    view: TrustedView<'_, G>,
    rng: &mut GameRng,
    scratch: &'s mut Option<G>,
) -> Option<&'s mut G> {
    match scratch {
        Some(game) => {
            if G::determinize_into(&view, rng, game).is_err() {
                // What an error left behind is not kept.
                *scratch = None;
                return None;
            }
        }
        None => *scratch = Some(G::determinize(&view, rng).ok()?),
    }
    scratch.as_mut()
}

/// One of `actions` drawn uniformly with `rng` (`None` when empty): what
/// [`Determinize::random_action_in_view`] does over a listed set.
pub fn pick_uniform<A>(actions: Vec<A>, rng: &mut GameRng) -> Option<A> {
    if actions.is_empty() {
        return None;
    }
    let i = rng.index(actions.len());
    actions.into_iter().nth(i)
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
