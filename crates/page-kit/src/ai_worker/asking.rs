//! A page's questions to the AI worker and their answers, for any
//! ruleset: the question carries one seat's view and a seed drawn from
//! the position and the question's number; an answer counts only for the
//! question still open and the position it was asked in; a move that is
//! not legal is replaced by the first legal one, so that a wrong answer
//! never blocks the game; and a move is played at the page's pace,
//! counted from when it was asked. Pure Rust, tested natively; the page
//! sends the text ([`super::send`]) and times the answer.

use tabula_engine::{Game, Seat};

use super::protocol::{Reply, Request};

/// The time a bot without a budget of its own is given, in milliseconds.
const DEFAULT_BUDGET_MS: u32 = 1000;
/// Time for the worker to start (its WebAssembly loaded and compiled on
/// a slow phone) beside the bot's thinking, in milliseconds.
const START_MARGIN_MS: u32 = 10_000;

/// How long the answer of the bot `spec` may take before the page
/// restarts the worker and asks again: twice the bot's time budget and
/// time for the worker to start.
pub fn patience_ms(spec: &str) -> f64 {
    let budget = match spec.parse::<tabula_ai::BotSpec>() {
        Ok(tabula_ai::BotSpec::Search(cfg)) => cfg.ms.unwrap_or(DEFAULT_BUDGET_MS),
        _ => DEFAULT_BUDGET_MS,
    };
    2.0 * f64::from(budget) + f64::from(START_MARGIN_MS)
}

/// A move asked of the worker and not yet played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Asked {
    /// The question's number.
    pub id: u64,
    /// The seat the AI plays.
    pub seat: Seat,
    /// The position the question was asked in (an answer for another is
    /// an old one).
    pub state: u64,
    /// When it was asked, in page milliseconds.
    pub asked_at: f64,
}

impl Asked {
    /// The question for `seat`'s move in `game` by the bot `spec`,
    /// numbered `id` and asked at `now`: the text to send (the seat's
    /// view, never the state) and what to keep of it until its answer.
    pub fn new<G: Game>(
        game: &G,
        seat: Seat,
        spec: String,
        id: u64,
        now: f64,
    ) -> Option<(String, Asked)> {
        let asked = Asked::waiting(game, seat, id, now);
        let request = Request {
            id,
            spec,
            seed: (asked.state ^ id.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                & tabula_engine::limits::MAX_SEED,
            seat,
            view: game.player_view(seat),
        };
        let text = serde_json::to_string(&request).ok()?;
        Some((text, asked))
    }

    /// What to keep of question `id` for `seat`'s move in `game`, asked at
    /// `now` of someone other than the worker (a bot written in the page).
    pub fn waiting<G: Game>(game: &G, seat: Seat, id: u64, now: f64) -> Asked {
        Asked {
            id,
            seat,
            state: game.state_hash().0,
            asked_at: now,
        }
    }

    /// Whether `game` still stands where the question was asked.
    pub fn is_for<G: Game>(&self, game: &G) -> bool {
        game.state_hash().0 == self.state
    }

    /// The move to play for `reply`: `None` when it answers another
    /// question or comes after the position changed; else its move when
    /// legal, or the first legal one (`None` when the seat has none).
    pub fn answer<G: Game>(&self, game: &G, reply: Reply<G::Action>) -> Option<G::Action> {
        if reply.id != self.id || !self.is_for(game) {
            return None;
        }
        let legal = game.legal_actions(self.seat);
        match reply.action {
            Some(a) if legal.contains(&a) => Some(a),
            _ => legal.into_iter().next(),
        }
    }

    /// How long to wait at `now` before playing the answer, so that a
    /// move comes `pace_ms` after it was asked.
    pub fn wait_ms(&self, pace_ms: f64, now: f64) -> f64 {
        (pace_ms - (now - self.asked_at)).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Catan;
    use tabula_engine::Ruleset;

    /// A bot is given twice its budget and time for the worker to start.
    #[test]
    fn patience_follows_the_bots_budget() {
        assert_eq!(patience_ms("search:easy"), 11_000.0);
        assert_eq!(patience_ms("search:hard"), 16_000.0);
        assert_eq!(patience_ms("random"), 12_000.0);
        assert_eq!(patience_ms("search:ms=4000"), 18_000.0);
        assert_eq!(patience_ms("nonsense"), 12_000.0);
    }

    fn game() -> Catan {
        Catan::new_game(&Default::default(), None, 3, 7).unwrap()
    }

    /// The question holds the seat's view and a seed of the position; an
    /// answer counts only for its question and its position, and a move
    /// that is not legal becomes the first legal one.
    #[test]
    fn a_question_and_its_answer() {
        let g = game();
        let seat = match g.to_move() {
            tabula_engine::ToMove::Seat(s) => s,
            other => panic!("{other:?}"),
        };
        let (text, asked) = Asked::new(&g, seat, "random".into(), 5, 100.0).unwrap();
        let sent: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(sent["id"], 5);
        assert_eq!(sent["seat"], seat);
        assert_eq!(
            sent["view"],
            serde_json::to_value(g.player_view(seat)).unwrap(),
            "the seat's view, nothing more"
        );
        let legal = g.legal_actions(seat);
        let last = *legal.last().unwrap();
        let reply = |id, action| Reply {
            id,
            action,
            error: None,
            ms: 1.0,
        };
        assert_eq!(asked.answer(&g, reply(5, Some(last))), Some(last));
        assert_eq!(
            asked.answer(&g, reply(4, legal.first().cloned())),
            None,
            "another question's"
        );
        assert_eq!(
            asked.answer(&g, reply(5, None)),
            legal.first().cloned(),
            "no move: the first legal one"
        );
        let mut later = g.clone();
        later.apply(seat, &legal[0]).unwrap();
        assert_eq!(
            asked.answer(&later, reply(5, Some(legal[0]))),
            None,
            "an old position's"
        );
        assert_eq!(asked.wait_ms(800.0, 350.0), 550.0);
        assert_eq!(asked.wait_ms(800.0, 2000.0), 0.0);
    }
}
