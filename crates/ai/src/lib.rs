//! Bots for any Tabula ruleset. They see only a seat's player view.
//!
//! A [`Bot`] is handed [`Game::player_view`] of its seat, never the state.
//! To look ahead it rebuilds states consistent with that view
//! ([`Determinize`]), so it cannot cheat: two states that look the same to
//! the seat get the same answer from a bot with the same seed.
//!
//! - [`RandomBot`] (`random`): uniform over the legal actions.
//! - [`GreedyBot`] (`greedy`): one-step lookahead with the ruleset's
//!   [`Evaluate`].
//! - [`SearchBot`] (`search`): information-set Monte Carlo tree search.
//!
//! Bots are made from a text spec ([`BotSpec`], [`bot_from_spec`]), e.g.
//! `search:hard` or `search:iterations=500:depth=4`; see [`spec`] for the
//! grammar and [`Level`] for the Easy / Normal / Hard levels. A ruleset may
//! bring bots of its own, named in specs the same way
//! ([`bot_from_spec_with`], [`OwnBots`]).

pub mod greedy;
pub mod random;
pub mod search;
pub mod spec;
pub mod value;

use tabula_engine::{Determinize, Evaluate, Game, Seat, TrustedView};

pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use search::{SearchBot, SearchConfig, SearchStats};
pub use spec::{BotSpec, Level};

/// A monotonic clock in milliseconds, for time budgets.
///
/// Natively the bots use [`std::time::Instant`]. `std::time` has no clock
/// on `wasm32-unknown-unknown`: there a page must give search bots a clock
/// (e.g. `performance.now()`) with [`Bot::set_clock`], or time limits are
/// ignored and only iteration budgets apply.
pub type Clock = fn() -> f64;

/// The clock bots use unless given another: [`std::time::Instant`] natively,
/// none on wasm32.
pub fn default_clock() -> Option<Clock> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        fn now() -> f64 {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            START
                .get_or_init(std::time::Instant::now)
                .elapsed()
                .as_secs_f64()
                * 1000.0
        }
        Some(now)
    }
    #[cfg(target_arch = "wasm32")]
    {
        None
    }
}

/// A bot chooses an action for a seat from what that seat can see.
pub trait Bot<G: Game> {
    /// The bot's spec, as written in records (`random`, `search:hard`).
    fn spec(&self) -> String;

    /// Choose an action for `seat`, which must be to move in the state
    /// `view` was taken from (`view` is that state's
    /// [`Game::player_view`] for `seat`). `None` when the seat has no legal
    /// action or the view cannot be read.
    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action>;

    /// [`Bot::choose`] from a view known to be well-formed (made by this
    /// process, e.g. by [`tabula_engine::SeatViews`]): a bot may skip the
    /// checks a view from outside needs. It must choose what
    /// [`Bot::choose`] would, given the same view and the same seed. By
    /// default it is [`Bot::choose`].
    fn choose_trusted(&mut self, view: TrustedView<'_, G>, seat: Seat) -> Option<G::Action> {
        self.choose(view.view(), seat)
    }

    /// Give the bot a clock for time budgets (only search bots use one).
    fn set_clock(&mut self, _clock: Clock) {}
}

/// Make a bot from its spec (see [`spec`]), or say why the spec is not understood.
pub fn bot_from_spec<G: Determinize + Evaluate + 'static>(
    spec: &str,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, String> {
    Ok(spec.parse::<BotSpec>()?.build(seed))
}

/// A ruleset's own bots (Domains' `demo` and `dummy`, say): `Some` for a
/// spec whose name the ruleset knows (a bot, or why its parameters are
/// wrong), `None` to leave the spec to the general bots.
pub type OwnBots<G> = fn(spec: &str, seed: u64) -> Option<Result<Box<dyn Bot<G>>, String>>;

/// An error from [`bot_from_spec_with`] that also names the ruleset's own
/// bots (`own_names`) when the spec named no known bot.
pub fn with_own_names(error: String, own_names: &[&str]) -> String {
    if own_names.is_empty() || !error.starts_with("unknown bot") {
        return error;
    }
    match error.strip_suffix(')') {
        Some(head) => format!("{head}, and this ruleset's {})", own_names.join(", ")),
        None => error,
    }
}

/// For rulesets without bots of their own.
pub fn no_own_bots<G: Game>(_spec: &str, _seed: u64) -> Option<Result<Box<dyn Bot<G>>, String>> {
    None
}

/// Make a bot from its spec: one of the ruleset's own bots when `own`
/// knows the name, else a general one ([`bot_from_spec`]).
pub fn bot_from_spec_with<G: Determinize + Evaluate + 'static>(
    spec: &str,
    seed: u64,
    own: OwnBots<G>,
) -> Result<Box<dyn Bot<G>>, String> {
    match own(spec, seed) {
        Some(made) => made,
        None => bot_from_spec(spec, seed),
    }
}

/// A bot's own seed, drawn from the game's seed and the seat (SplitMix64).
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    let mut z = game_seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(seat as u64 + 1);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
