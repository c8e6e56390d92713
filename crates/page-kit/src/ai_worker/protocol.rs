//! The messages between a page and its AI worker, for any ruleset: the
//! request carries one seat's player view (never the state), the reply
//! the bot's action. [`answer`] is the whole of a worker's work, kept
//! apart from the browser so it is tested natively.
//!
//! The page posts one request per move, as JSON:
//! `{"id": N, "spec": "search:normal", "seed": S, "seat": K, "view": VIEW}`
//! where VIEW is `player_view(seat)`. The worker answers
//! `{"id": N, "action": ACTION, "ms": T}` (or `"error"`), and posts
//! `{"ready": true}` once its module has loaded.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tabula_ai::{Clock, bot_from_spec};
use tabula_engine::{Determinize, Evaluate, Game};

/// A request for one move; `V` is the ruleset's player view.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request<V> {
    /// Matches the reply to the request.
    pub id: u64,
    /// The bot spec (`search:hard`).
    pub spec: String,
    /// The bot's seed for this move.
    pub seed: u64,
    /// The seat to move.
    pub seat: u8,
    /// What that seat can see: its player view, nothing more.
    pub view: V,
}

/// The answer to a request; `A` is the ruleset's action.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply<A> {
    /// The request's id.
    pub id: u64,
    /// The chosen action.
    pub action: Option<A>,
    /// Why there is no action.
    pub error: Option<String>,
    /// Milliseconds spent thinking.
    pub ms: f64,
}

impl<A> Reply<A> {
    /// A reply that reports a problem.
    pub fn error(id: u64, message: String) -> Reply<A> {
        Reply {
            id,
            action: None,
            error: Some(message),
            ms: 0.0,
        }
    }
}

/// Answer one request written as JSON: the bot its spec names, seeded as
/// asked, chooses from the view alone; `clock` times it (and lets a bot
/// with a time budget keep to it).
pub fn answer<G>(text: &str, clock: Clock) -> Reply<G::Action>
where
    G: Determinize + Evaluate + 'static,
    G::View: DeserializeOwned,
{
    // Through a JSON value: one decoder for each type, shared with the
    // page's own reading (a page whose module the worker runs holds one).
    let request: Request<G::View> = match tabula_engine::plain::read_or_why(text) {
        Ok(r) => r,
        Err(e) => return Reply::error(0, format!("unreadable request: {e}")),
    };
    let start = clock();
    let mut bot = match bot_from_spec::<G>(&request.spec, request.seed) {
        Ok(b) => b,
        Err(e) => return Reply::error(request.id, e),
    };
    bot.set_clock(clock);
    match bot.choose(&request.view, request.seat) {
        Some(action) => Reply {
            id: request.id,
            action: Some(action),
            error: None,
            ms: clock() - start,
        },
        None => Reply::error(request.id, "the bot found no legal action".into()),
    }
}

/// The request for `seat`'s move in `game`, written as JSON: the seat's
/// player view only.
pub fn request_text<G: Game>(game: &G, id: u64, spec: &str, seed: u64, seat: u8) -> Option<String>
where
    G::View: Serialize,
{
    serde_json::to_string(&Request {
        id,
        spec: spec.to_owned(),
        seed,
        seat,
        view: game.player_view(seat),
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::{Ruleset, ToMove};

    fn no_clock() -> f64 {
        0.0
    }

    /// A request survives JSON and a bot answers it with a legal action.
    #[test]
    fn a_star_tigris_request_is_answered_with_a_legal_action() {
        use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};
        let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 3).unwrap();
        let text = request_text(&g, 7, "search:easy", 1, 0).unwrap();
        assert!(!text.contains("\"rng\""));
        let reply = answer::<StarTigris>(&text, no_clock);
        assert_eq!(reply.id, 7);
        assert!(g.legal_actions(0).contains(&reply.action.unwrap()));
    }

    /// The same worker code answers Catan from a seat's view, whose other
    /// hands are only counts.
    #[test]
    fn a_catan_request_is_answered_from_the_view_alone() {
        use tabula_catan::{Catan, Options};
        let mut g = Catan::new_game(&Options::default(), None, 3, 5).unwrap();
        // Play random actions into the main game, then ask for a move.
        let mut rng = tabula_engine::GameRng::seeded(9);
        for _ in 0..400 {
            match g.to_move() {
                ToMove::Chance => g.apply_chance().unwrap(),
                ToMove::Seat(s) => {
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply(s, &a).unwrap();
                }
                ToMove::Simultaneous(set) => {
                    let s = set.iter().next().unwrap();
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply(s, &a).unwrap();
                }
                ToMove::Over => break,
            }
        }
        let seat = match g.to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().unwrap(),
            other => panic!("nobody to ask: {other:?}"),
        };
        let text = request_text(&g, 3, "search:iterations=50", 2, seat).unwrap();
        // Another seat's cards never travel: in the request its hand is
        // empty, though in the game it is not.
        let sent: Request<tabula_catan::View> = serde_json::from_str(&text).unwrap();
        let other = (0..3u8)
            .find(|&o| o != seat && g.players[o as usize].hand.total() > 0)
            .expect("another seat holds cards");
        assert_eq!(sent.view.state.players[other as usize].hand.total(), 0);
        let reply = answer::<Catan>(&text, no_clock);
        assert_eq!(reply.error, None);
        assert!(g.legal_actions(seat).contains(&reply.action.unwrap()));
    }

    #[test]
    fn an_unreadable_request_or_an_unknown_bot_is_a_reply_with_an_error() {
        use tabula_star_tigris::StarTigris;
        let r = answer::<StarTigris>("{\"id\":", no_clock);
        assert!(r.error.unwrap().starts_with("unreadable request"));
        let g = tabula_star_tigris::StarTigris::new(
            &Default::default(),
            tabula_star_tigris::DEFAULT_MAP,
            2,
            1,
        )
        .unwrap();
        let text = request_text(&g, 4, "chess-engine", 1, 0).unwrap();
        let r = answer::<StarTigris>(&text, no_clock);
        assert_eq!(r.id, 4);
        assert!(r.error.is_some() && r.action.is_none());
    }
}
