//! The game contract every ruleset implements.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::{GameRng, Seat, SeatSet, StateHash};

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seats")]
pub enum ToMove {
    /// One seat must choose an action.
    Seat(Seat),
    /// A chance event (a draw, a dice roll) is due: call [`Game::apply_chance`].
    Chance,
    /// Several seats act at once, in any order: every seat in the set may
    /// act, and stays in the set until the ruleset says it has decided (a
    /// seat may give several actions, e.g. Domains' one order per unit and
    /// then `end`). No seat sees another's actions before all have decided.
    Simultaneous(SeatSet),
    /// The game is over: see [`Game::outcome`].
    Over,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Rank of each seat: 0 is first; seats that tie share a rank.
    pub ranks: Vec<u8>,
    /// Each seat's final score as the ruleset counts it.
    pub scores: Vec<i64>,
}

impl Outcome {
    /// The seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.ranks.len() as Seat)
            .filter(|&s| self.ranks[s as usize] == 0)
            .collect()
    }

    /// Whether `seat` is the only winner.
    pub fn sole_winner(&self, seat: Seat) -> bool {
        let w = self.winners();
        w.len() == 1 && w[0] == seat
    }

    /// A reward in `[0, 1]` for `seat`: 1 for a sole win, `1/k` for a win
    /// shared by `k` seats, 0 otherwise.
    pub fn reward(&self, seat: Seat) -> f64 {
        let w = self.winners();
        if w.contains(&seat) {
            1.0 / w.len() as f64
        } else {
            0.0
        }
    }

    /// Ranks from scores where a higher score is better; equal scores share a rank.
    pub fn ranks_from_keys<K: Ord>(keys: &[K]) -> Vec<u8> {
        keys.iter()
            .map(|k| keys.iter().filter(|other| *other > k).count() as u8)
            .collect()
    }
}

/// A game state under a ruleset: the contract shared by every Tabula game.
///
/// Implementations must guarantee:
/// - [`Game::apply`] and [`Game::apply_chance`] leave the state exactly as it
///   was when they return an error;
/// - every action in [`Game::legal_actions`] applies without error, and
///   nothing else does;
/// - all randomness comes from a [`GameRng`] stored in the state, so a state
///   and a list of actions always lead to the same state.
pub trait Game: Clone {
    /// An action a seat can take. `Eq + Hash` lets searches hold long
    /// legal lists in a set.
    type Action: Clone + Eq + std::hash::Hash + Debug + Serialize + DeserializeOwned;
    /// Why an action was rejected.
    type Error: std::error::Error + Clone + PartialEq;
    /// What one seat may see of the state.
    type View: Clone + Debug + Serialize;

    /// Number of seats in this game.
    fn seats(&self) -> usize;

    /// Who must act next.
    fn to_move(&self) -> ToMove;

    /// Every action `seat` may take now (empty when it is not to act).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Apply `action` for `seat`, or return why it is illegal with the state unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error>;

    /// Resolve the pending chance event with the state's own RNG.
    fn apply_chance(&mut self) -> Result<(), Self::Error>;

    /// The outcome, once [`Game::to_move`] is [`ToMove::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// The state as `seat` may see it: other hands, the pool order, the RNG
    /// and hidden scores removed.
    fn player_view(&self, seat: Seat) -> Self::View;

    /// The state as someone at no seat sees it (a watcher of an online
    /// game): only what every seat may see. `None` (the default) when the
    /// ruleset shows watchers nothing before the game ends.
    fn public_view(&self) -> Option<Self::View> {
        None
    }

    /// Write `seat`'s [`Game::player_view`] into `view`, which holds an
    /// earlier view (of any seat, of this game or another): afterwards
    /// `view` equals `self.player_view(seat)`. Loops that ask bots for many
    /// decisions keep one view per seat and refresh it, so a ruleset may
    /// override this to reuse the view's storage instead of allocating a
    /// new copy per decision.
    fn write_view(&self, seat: Seat, view: &mut Self::View) {
        *view = self.player_view(seat);
    }

    /// A hash of the whole state (including the RNG) that is stable across
    /// platforms and runs.
    fn state_hash(&self) -> StateHash;

    /// A uniformly random legal action of `seat`, drawn with `rng`.
    ///
    /// Rulesets may override this with a faster sampler that keeps the
    /// distribution uniform over [`Game::legal_actions`]. What it draws
    /// depends only on `rng` and what `seat` sees (two states with equal
    /// views for `seat` draw the same action with equal generators): bots
    /// draw it from a view ([`crate::Determinize::random_action_in_view`]),
    /// and the conformance suite checks that they get the same.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Self::Action> {
        let actions = self.legal_actions(seat);
        if actions.is_empty() {
            None
        } else {
            Some(actions[rng.index(actions.len())].clone())
        }
    }

    /// The team `seat` plays for: seats of one team win and lose together
    /// (a tournament disqualifies a faulty seat's whole team). By default
    /// every seat plays alone.
    fn team(&self, seat: Seat) -> usize {
        seat as usize
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_move() == ToMove::Over
    }
}

/// Resolve chance events until a seat must act or the game is over.
pub fn settle_chance<G: Game>(game: &mut G) -> Result<(), G::Error> {
    while game.to_move() == ToMove::Chance {
        game.apply_chance()?;
    }
    Ok(())
}
