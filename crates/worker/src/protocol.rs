//! The messages between the page and the AI worker.

use serde::{Deserialize, Serialize};
use tabula_star_tigris::{Action, View};

/// A request for one move.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// Matches the reply to the request.
    pub id: u64,
    /// The bot spec (`search:hard`).
    pub spec: String,
    /// The bot's seed for this move.
    pub seed: u64,
    /// The seat to move.
    pub seat: u8,
    /// What that seat can see: its player view, nothing more.
    pub view: View,
}

/// The answer to a request.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// The chosen action.
    pub action: Option<Action>,
    /// Why there is no action.
    pub error: Option<String>,
    /// Milliseconds spent thinking.
    pub ms: f64,
}

impl Reply {
    /// A reply that reports a problem.
    pub fn error(id: u64, message: String) -> Reply {
        Reply {
            id,
            action: None,
            error: Some(message),
            ms: 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_ai::bot_from_spec;
    use tabula_engine::Game;
    use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};

    /// A request survives JSON and a bot answers it with a legal action.
    #[test]
    fn a_request_round_trips_and_is_answered() {
        let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 3).unwrap();
        let request = Request {
            id: 7,
            spec: "search:easy".into(),
            seed: 1,
            seat: 0,
            view: g.player_view(0),
        };
        let text = serde_json::to_string(&request).unwrap();
        assert!(!text.contains("\"rng\""));
        let back: Request = serde_json::from_str(&text).unwrap();
        assert_eq!(back.view, request.view);
        let mut bot = bot_from_spec::<StarTigris>(&back.spec, back.seed).unwrap();
        let action = bot.choose(&back.view, back.seat).unwrap();
        assert!(g.legal_actions(0).contains(&action));
    }
}
