//! A pass-and-play game in progress: the match and its record, the log, and
//! undo. Pure Rust with no browser calls, so it is tested natively.

use tabula_engine::limits::check_name;
use tabula_engine::record::Match;
use tabula_engine::{Game, SeatInfo, ToMove};
use tabula_star_tigris::{Action, Event, Kind, Options, Phase, Pos, StarTigris};

use crate::describe;

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

struct Snapshot {
    m: Match<StarTigris>,
    log_len: usize,
    seat: u8,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this device.
    Human,
    /// A bot, by its spec (e.g. `search:normal`).
    Ai(String),
}

impl Player {
    /// The record's `player` field: `human` or `bot:SPEC`.
    pub fn record_name(&self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Ai(spec) => format!("bot:{spec}"),
        }
    }
}

/// A game being played on this page.
pub struct Session {
    m: Match<StarTigris>,
    names: Vec<String>,
    players: Vec<Player>,
    undo: Vec<Snapshot>,
    log: Vec<LogEntry>,
    /// The map's name (a file in `maps/star-tigris/`).
    pub map_name: String,
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
        for (i, n) in names.iter().enumerate() {
            check_name(n).map_err(|e| format!("Player {}: {e}", i + 1))?;
        }
        if players.len() != names.len() {
            return Err("every seat needs a name and a player".into());
        }
        let seats = names
            .iter()
            .zip(&players)
            .map(|(n, p)| SeatInfo {
                name: n.clone(),
                player: p.record_name(),
            })
            .collect();
        let options = Options {
            open_scores,
            ..Options::default()
        };
        let m = Match::new(&options, Some(map_text), seats, seed).map_err(|e| e.to_string())?;
        Ok(Session {
            m,
            names,
            players,
            undo: Vec::new(),
            log: Vec::new(),
            map_name: map_name.into(),
        })
    }

    /// The game state.
    pub fn game(&self) -> &StarTigris {
        self.m.game()
    }

    /// The seats' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Who sits in each seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The seats played by people.
    pub fn human_seats(&self) -> Vec<u8> {
        (0..self.players.len() as u8)
            .filter(|&s| self.players[s as usize] == Player::Human)
            .collect()
    }

    /// The bot spec of the seat that must act, if a bot must.
    pub fn ai_to_act(&self) -> Option<(u8, String)> {
        let s = self.seat_to_act()?;
        match &self.players[s as usize] {
            Player::Ai(spec) => Some((s, spec.clone())),
            Player::Human => None,
        }
    }

    /// The game log.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The game record as JSON (everything, including every action).
    pub fn record_json(&self) -> String {
        serde_json::to_string(self.m.record()).unwrap_or_default()
    }

    /// The seat that must act, if a seat must.
    pub fn seat_to_act(&self) -> Option<u8> {
        match self.game().to_move() {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Apply an action of `seat` through the engine's checked path.
    pub fn play(&mut self, seat: u8, action: Action) -> Result<(), String> {
        let mut g = self.game().clone();
        let mut events: Vec<Event> = Vec::new();
        g.apply_logged(seat, &action, &mut events)
            .map_err(|e| e.to_string())?;
        while g.to_move() == ToMove::Chance {
            g.chance_logged(&mut events).map_err(|e| e.to_string())?;
        }
        let before = Snapshot {
            m: self.m.clone(),
            log_len: self.log.len(),
            seat,
        };
        let turn = self.game().turn();
        self.m.play(seat, &action).map_err(|e| e.to_string())?;
        self.log.push(LogEntry {
            turn,
            seat: Some(seat),
            text: describe::action(&self.names, seat, &action),
            is_action: true,
        });
        for e in &events {
            if let Some(text) = describe::event(&self.names, e) {
                self.log.push(LogEntry {
                    turn,
                    seat: None,
                    text,
                    is_action: false,
                });
            }
        }
        // Undo reaches back only within the seat's own turn, and never
        // across a hidden draw or another seat's decision.
        let drew = events.iter().any(|e| matches!(e, Event::Drew { .. }));
        let still_mine = self.seat_to_act() == Some(seat) && self.game().active() == seat;
        if drew || !still_mine {
            self.undo.clear();
        } else {
            self.undo.push(before);
        }
        Ok(())
    }

    /// Whether the last action can be taken back.
    pub fn can_undo(&self) -> bool {
        self.undo
            .last()
            .is_some_and(|s| Some(s.seat) == self.seat_to_act())
    }

    /// Take back the last action, if allowed.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if let Some(s) = self.undo.pop() {
            self.m = s.m;
            self.log.truncate(s.log_len);
        }
        true
    }

    /// What an action would cause, in plain language (scores, conflicts,
    /// leaders sent home). No draw is made, so nothing hidden is revealed.
    pub fn preview(&self, seat: u8, action: &Action) -> Vec<String> {
        let mut g = self.game().clone();
        let mut events: Vec<Event> = Vec::new();
        if g.apply_logged(seat, action, &mut events).is_err() {
            return Vec::new();
        }
        events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Scored { .. }
                        | Event::NobodyScored { .. }
                        | Event::ConflictStarted { .. }
                        | Event::LeaderReturned { .. }
                )
            })
            .filter_map(|e| describe::event(&self.names, e))
            .collect()
    }

    /// The cells `seat` may act on with `sel`, with the action each means.
    pub fn targets(&self, seat: u8, sel: Selection) -> Vec<(Pos, Action)> {
        self.game()
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| {
                let at = match (sel, a) {
                    (Selection::Colonist(k), Action::Colonize { kind, at }) if k == kind => at,
                    (Selection::Leader(k), Action::PlaceLeader { kind, at }) if k == kind => at,
                    (Selection::Leader(k), Action::MoveLeader { kind, to }) if k == kind => to,
                    (Selection::Bomber, Action::Destroy { at }) => at,
                    _ => return None,
                };
                Some((at, a))
            })
            .collect()
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
