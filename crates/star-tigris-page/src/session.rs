//! A pass-and-play game in progress: the match and its record, the log, and
//! undo. Pure Rust with no browser calls, so it is tested natively.

use tabula_engine::limits::name_problem;
use tabula_engine::record::FieldProblem;
use tabula_engine::{Game, GameRecord, RecordError, ToMove};
use tabula_page_kit::table::{Seating, Table, TableError};
use tabula_star_tigris::{Action, Event, Kind, Options, Phase, Pos, StarTigris};

use crate::describe;
use crate::rule_words::{record_error, rule};

/// One line of the game log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The turn it happened in.
    pub turn: u32,
    /// The seat that acted (for action lines).
    pub seat: Option<u8>,
    /// The text shown.
    pub text: String,
    /// Whether this is an action (else a consequence).
    pub is_action: bool,
    /// The rule that produced it, for "Why?".
    pub why: Option<String>,
}

/// What the acting seat has picked up to act with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// A colonist of this kind from the hand.
    Colonist(Kind),
    /// This leader (placed from the supply or moved on the board).
    Leader(Kind),
    /// A bomber.
    Bomber,
}

/// One step of a simultaneous turn's resolution, as the page plays it
/// out: the game after it, and what happened.
#[derive(Clone, Debug)]
pub struct ResolutionStep {
    /// The game after this step (its board is public).
    pub game: StarTigris,
    /// The order carried out or skipped (`None`: the orders revealed).
    pub order: Option<(u8, Action)>,
    /// Whether the order was skipped.
    pub skipped: bool,
    /// What happened, in the page's words.
    pub lines: Vec<String>,
}

pub use tabula_page_kit::players::{PAGE_BOTS, Player};

/// The cells `seat` may act on in `game` with `sel`, with the action each
/// means: the engine's legal actions, sorted by the piece they use.
pub fn targets(game: &StarTigris, seat: u8, sel: Selection) -> Vec<(Pos, Action)> {
    game.legal_actions(seat)
        .into_iter()
        .filter_map(|a| {
            let at = match (sel, a) {
                (Selection::Colonist(k), Action::Colonize { kind, at }) if k == kind => at,
                (Selection::Leader(k), Action::PlaceLeader { kind, at }) if k == kind => at,
                (Selection::Leader(k), Action::MoveLeader { kind, to }) if k == kind => to,
                (Selection::Bomber, Action::Destroy { at }) => at,
                (_, Action::TakeArtifact { at }) => at,
                _ => return None,
            };
            Some((at, a))
        })
        .collect()
}

/// The seat that must act at `t`, if a seat must. When several decide
/// at once (the simultaneous variant), they are asked one after another:
/// people first, so that nobody waits for the AIs to think.
fn seat_to_act(t: &Table<StarTigris>) -> Option<u8> {
    match t.game().to_move() {
        ToMove::Seat(s) => Some(s),
        ToMove::Simultaneous(set) => set
            .iter()
            .find(|&s| t.players().get(s as usize) == Some(&Player::Human))
            .or_else(|| set.iter().next()),
        _ => None,
    }
}

/// A game being played on this page.
pub struct Session {
    t: Table<StarTigris>,
    /// The names as the page shows them (a default name in the page's
    /// language; the record keeps them as given).
    names: Vec<String>,
    log: Vec<LogEntry>,
    /// The map's name (a file in `maps/star-tigris/`).
    pub map_name: String,
    /// The last resolution of sealed orders (simultaneous variant), step
    /// by step, and a number that changes with each new one.
    pub resolution: (u64, Vec<ResolutionStep>),
}

impl tabula_page_kit::records::Resumable for Session {
    type Game = StarTigris;

    fn from_record(record: &GameRecord) -> Result<Session, RecordError> {
        Session::from_record(record)
    }

    fn game(&self) -> &StarTigris {
        Session::game(self)
    }
}

impl Session {
    /// Start a game; every name is checked and shown as plain text.
    pub fn new(
        names: Vec<String>,
        players: Vec<Player>,
        map_name: &str,
        map_text: &str,
        seed: u64,
        open_scores: bool,
    ) -> Result<Session, String> {
        let options = Options {
            open_scores,
            ..Options::default()
        };
        Session::with_options(names, players, map_name, map_text, seed, &options)
    }

    /// Start a game with any options. A refusal is in the page's words.
    pub fn with_options(
        names: Vec<String>,
        players: Vec<Player>,
        map_name: &str,
        map_text: &str,
        seed: u64,
        options: &Options,
    ) -> Result<Session, String> {
        for (i, n) in names.iter().enumerate() {
            if let Some(p) = name_problem(n) {
                return Err(tabula_page_kit::i18n::tf(
                    "bad-name",
                    &[
                        ("n", &(i + 1).to_string()),
                        ("why", &tabula_page_kit::error_words::name(&p)),
                    ],
                ));
            }
        }
        // Default names given in either language are said in the page's.
        let shown = names
            .iter()
            .enumerate()
            .map(|(i, n)| tabula_page_kit::players::shown_name(n, i))
            .collect();
        let t = Table::new(options, Some(map_text), names, players, seed).map_err(|e| match e {
            TableError::Seats => tabula_page_kit::i18n::t("seats-need-players"),
            TableError::Record(e) => record_error(&e, None),
        })?;
        Ok(Session {
            t,
            names: shown,
            log: Vec::new(),
            map_name: map_name.into(),
            resolution: (0, Vec::new()),
        })
    }

    /// Resume the game of a record (checked in full first: every action
    /// and the final hash), with its log rebuilt. Undo starts empty.
    pub fn from_record(record: &GameRecord) -> Result<Session, RecordError> {
        let map = record
            .map
            .as_deref()
            .unwrap_or(tabula_star_tigris::DEFAULT_MAP);
        let mut s = Table::<StarTigris>::resume(
            record,
            |seating| {
                let Seating {
                    options,
                    names,
                    players,
                } = seating;
                Session::with_options(names, players, "saved game", map, record.seed, &options)
                    .map_err(|e| RecordError::Field {
                        field: "seats".into(),
                        problem: FieldProblem::Other(e),
                    })
            },
            |s, seat, action| s.play(seat, action),
        )?;
        s.t.forget_undo();
        Ok(s)
    }

    /// How many actions have been played.
    pub fn actions_played(&self) -> usize {
        self.t.actions_played()
    }

    /// The game record so far.
    pub fn record(&self) -> std::cell::Ref<'_, GameRecord> {
        self.t.record()
    }

    /// The game state.
    pub fn game(&self) -> &StarTigris {
        self.t.game()
    }

    /// The seats' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Who sits in each seat.
    pub fn players(&self) -> &[Player] {
        self.t.players()
    }

    /// The seats played by people.
    pub fn human_seats(&self) -> Vec<u8> {
        (0..self.players().len() as u8)
            .filter(|&s| self.players()[s as usize] == Player::Human)
            .collect()
    }

    /// The bot spec of the seat that must act, if a bot must.
    pub fn ai_to_act(&self) -> Option<(u8, String)> {
        let s = self.seat_to_act()?;
        match &self.players()[s as usize] {
            Player::Ai(spec) => Some((s, spec.clone())),
            Player::Human => None,
        }
    }

    /// The game log.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The game record as JSON (everything, including every action: while
    /// the game is on, it reveals every hand to whoever replays it).
    pub fn record_json(&self) -> String {
        serde_json::to_string(&*self.t.record()).unwrap_or_default()
    }

    /// The seat that must act, if a seat must. When several decide at
    /// once (the simultaneous variant), they are asked one after another:
    /// people first, so that nobody waits for the AIs to think.
    pub fn seat_to_act(&self) -> Option<u8> {
        seat_to_act(&self.t)
    }

    /// Whether the game plays the simultaneous variant.
    pub fn simultaneous(&self) -> bool {
        self.game().simultaneous().is_some()
    }

    /// Apply an action of `seat` through the engine's checked path; why
    /// it is refused is in the page's words.
    pub fn play(&mut self, seat: u8, action: Action) -> Result<(), String> {
        let mut g = self.game().clone();
        let mut events: Vec<Event> = Vec::new();
        g.apply_logged(seat, &action, &mut events)
            .map_err(|e| rule(&e))?;
        let steps = self.resolve_steps(&mut g, &mut events)?;
        g.settle_logged(&mut events).map_err(|e| rule(&e))?;
        let mark = self.log.len();
        let turn = self.game().turn();
        // A sealed order or a commitment is secret: the log says only
        // that it was given until it is revealed.
        let text = describe::action_seen(&self.names, self.game(), seat, &action);
        // Undo reaches back only within the seat's own turn, and never
        // across a hidden draw or another seat's decision.
        let drew = events.iter().any(|e| matches!(e, Event::Drew { .. }));
        self.t
            .play(seat, &action, mark, |t| {
                !drew
                    && seat_to_act(t) == Some(seat)
                    && (t.game().active() == seat || t.game().phase() == Phase::Submit)
            })
            .map_err(|e| record_error(&e, None))?;
        self.log.push(LogEntry {
            turn,
            seat: Some(seat),
            text,
            is_action: true,
            why: None,
        });
        for e in &events {
            if let Some(text) = describe::event(&self.names, e) {
                self.log.push(LogEntry {
                    turn,
                    seat: None,
                    text,
                    is_action: false,
                    why: describe::why(e),
                });
            }
        }
        if !steps.is_empty() {
            self.resolution = (self.resolution.0 + 1, steps);
        }
        Ok(())
    }

    /// When every seat has sealed (simultaneous variant), carry out the
    /// orders one chance step at a time on `g`, keeping each step for the
    /// page to play out; `events` gets every event as usual.
    fn resolve_steps(
        &self,
        g: &mut StarTigris,
        events: &mut Vec<Event>,
    ) -> Result<Vec<ResolutionStep>, String> {
        let mut steps = Vec::new();
        if !matches!(g.phase(), Phase::Execute { .. }) {
            return Ok(steps);
        }
        let lines = |evs: &[Event]| -> Vec<String> {
            evs.iter()
                .filter_map(|e| describe::event(&self.names, e))
                .collect()
        };
        steps.push(ResolutionStep {
            game: g.clone(),
            order: None,
            skipped: false,
            lines: lines(events.as_slice()),
        });
        while matches!(g.phase(), Phase::Execute { .. }) {
            let mut step: Vec<Event> = Vec::new();
            g.chance_logged(&mut step).map_err(|e| rule(&e))?;
            let (order, skipped) = step
                .iter()
                .find_map(|e| match e {
                    Event::OrderCarriedOut { seat, order } => Some((Some((*seat, *order)), false)),
                    Event::OrderSkipped { seat, order, .. } => Some((Some((*seat, *order)), true)),
                    _ => None,
                })
                .unwrap_or((None, false));
            if order.is_some() {
                steps.push(ResolutionStep {
                    game: g.clone(),
                    order,
                    skipped,
                    lines: lines(&step),
                });
            }
            events.extend(step);
        }
        Ok(steps)
    }

    /// Whether the last action can be taken back.
    pub fn can_undo(&self) -> bool {
        self.t.can_undo(self.seat_to_act())
    }

    /// Take back the last action, if allowed.
    pub fn undo(&mut self) -> bool {
        match self.t.undo(self.seat_to_act()) {
            Some(mark) => {
                self.log.truncate(mark);
                true
            }
            None => false,
        }
    }

    /// What an action would cause, in plain language (scores, conflicts,
    /// leaders sent home). No draw is made, so nothing hidden is revealed.
    pub fn preview(&self, seat: u8, action: &Action) -> Vec<String> {
        let events = if self.game().phase() == Phase::Submit {
            // A sealed order does nothing until it is carried out: show
            // what it would do on the board as it stands.
            match self.game().order_preview(seat, action) {
                Ok(e) => e,
                Err(_) => return Vec::new(),
            }
        } else {
            let mut g = self.game().clone();
            let mut events: Vec<Event> = Vec::new();
            if g.apply_logged(seat, action, &mut events).is_err() {
                return Vec::new();
            }
            events
        };
        events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Scored { .. }
                        | Event::NobodyScored { .. }
                        | Event::ConflictStarted { .. }
                        | Event::ConflictQueued { .. }
                        | Event::LeaderReturned { .. }
                )
            })
            .filter_map(|e| describe::event(&self.names, e))
            .collect()
    }

    /// The cells `seat` may act on with `sel`, with the action each means.
    pub fn targets(&self, seat: u8, sel: Selection) -> Vec<(Pos, Action)> {
        targets(self.game(), seat, sel)
    }

    /// Cells to click in a decision that is about a cell (taking an artifact).
    pub fn decision_targets(&self, seat: u8) -> Vec<(Pos, Action)> {
        if !matches!(self.game().phase(), Phase::ChooseArtifact { .. }) {
            return Vec::new();
        }
        self.game()
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::TakeArtifact { at } => Some((at, a)),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_star_tigris::DEFAULT_MAP;

    fn session() -> Session {
        Session::new(
            vec!["Ann".into(), "<b>Bo</b>".into()],
            vec![Player::Human; 2],
            "default",
            DEFAULT_MAP,
            7,
            false,
        )
        .unwrap()
    }

    #[test]
    fn undo_within_a_turn_but_not_across_a_draw() {
        let mut s = session();
        let hash0 = s.game().state_hash();
        s.play(0, Action::Pass).unwrap();
        assert!(s.can_undo());
        assert!(s.undo());
        assert_eq!(s.game().state_hash(), hash0);
        assert!(s.log().is_empty());
        s.play(0, Action::Pass).unwrap();
        s.play(0, Action::Pass).unwrap();
        assert_eq!(s.seat_to_act(), Some(1));
        assert!(!s.can_undo(), "the turn ended with a draw");
    }

    #[test]
    fn the_simultaneous_variant_keeps_orders_secret_in_the_log_until_revealed() {
        crate::add_words();
        let options = Options {
            turns: tabula_star_tigris::Turns::Simultaneous,
            ..Options::default()
        };
        let mut s = Session::with_options(
            vec!["Ann".into(), "Bo".into()],
            vec![Player::Human; 2],
            "default",
            DEFAULT_MAP,
            7,
            &options,
        )
        .unwrap();
        assert_eq!(s.seat_to_act(), Some(0));
        let order = s
            .game()
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::Colonize { .. }))
            .unwrap();
        let Action::Colonize { at, .. } = order else {
            unreachable!()
        };
        s.play(0, order).unwrap();
        assert!(s.can_undo(), "an order may be taken back before sealing");
        s.play(0, Action::Pass).unwrap();
        assert_eq!(s.seat_to_act(), Some(1));
        assert!(!s.can_undo(), "not across the hand-off");
        let log: Vec<&str> = s.log().iter().map(|e| e.text.as_str()).collect();
        assert!(log.iter().all(|l| !l.contains(&at.to_string())), "{log:?}");
        s.play(1, Action::Pass).unwrap();
        let log: Vec<&str> = s.log().iter().map(|e| e.text.as_str()).collect();
        assert!(
            log.iter().any(|l| l.contains(&at.to_string())),
            "revealed and carried out: {log:?}"
        );
        // The replay stops at the reveal and after each order.
        let r = crate::replay::open(s.record().clone()).unwrap();
        assert_eq!(r.len(), s.record().actions.len() + 1);
        let back = Session::from_record(&s.record()).unwrap();
        assert_eq!(back.log(), s.log());
    }

    #[test]
    fn targets_come_from_the_engine() {
        let s = session();
        let hand = s.game().hand(0);
        let k = Kind::ALL.into_iter().find(|k| hand[k.index()] > 0).unwrap();
        let t = s.targets(0, Selection::Colonist(k));
        assert!(!t.is_empty());
        assert!(t.iter().all(|(_, a)| s.game().legal_actions(0).contains(a)));
        assert_eq!(s.targets(0, Selection::Bomber).len(), 16 * 11);
        assert!(
            s.targets(1, Selection::Bomber).is_empty(),
            "not seat 1's turn"
        );
    }

    #[test]
    fn a_record_resumes_exactly_with_its_log() {
        let mut s = session();
        let mut rng = tabula_engine::GameRng::seeded(3);
        for _ in 0..60 {
            let Some(seat) = s.seat_to_act() else { break };
            let legal = s.game().legal_actions(seat);
            let a = legal[rng.below(legal.len() as u64) as usize];
            s.play(seat, a).unwrap();
        }
        let back = Session::from_record(&s.record()).unwrap();
        assert_eq!(back.game().state_hash(), s.game().state_hash());
        assert_eq!(back.log(), s.log());
        assert_eq!(back.names(), s.names());
        assert!(!back.can_undo());
        let mut bad = s.record().clone();
        bad.final_hash = tabula_engine::StateHash(1);
        assert!(matches!(
            Session::from_record(&bad),
            Err(RecordError::Hash { .. })
        ));
        assert_eq!(
            Player::from_record("bot:search:hard"),
            Player::Ai("search:hard".into())
        );
        assert_eq!(Player::from_record("bot:mystery"), Player::Human);
    }

    #[test]
    fn bad_names_are_refused() {
        assert!(
            Session::new(
                vec!["A".into(), "".into()],
                vec![Player::Human; 2],
                "default",
                DEFAULT_MAP,
                1,
                false
            )
            .is_err()
        );
        assert!(
            Session::new(
                vec!["A".into(), "x\u{7}".into()],
                vec![Player::Human; 2],
                "default",
                DEFAULT_MAP,
                1,
                false
            )
            .is_err()
        );
    }
}
