//! A course-protocol client in a room of the online page: the Catan
//! face's [`SeatAgent`]. The room (made on the WebSocket side, with a
//! `client` seat) holds the game, its clocks, bots and record; this
//! translates its changes into the course events and prompts for one
//! seat, and the client's JSON commands into actions, exactly as a
//! course game does (the same [`super::model`] and [`super::prompt`]).
//!
//! What the course protocol cannot say: trades between players. A trade
//! proposed to the client's seat is declined for it at once (and the
//! client is told); the client itself has no command to propose one.

use std::time::Duration;

use serde_json::Value;
use tabula_catan::{Action, Catan};
use tabula_engine::{Game, Seat};

use super::ids::Ids;
use super::model::{Entry, Names, diff, now_ts, private_model, public_model, server_event};
use super::prompt::{Command, action_of, read_command};
use crate::core::Outbox;
use crate::online::agent::{AgentSays, RoomNow, SeatAgent};
use crate::online::dyn_game::RoomGame;

/// Colours given to seats in order (`RRGGBB`), as at a course table.
const COLORS: [&str; 4] = ["FF0000", "0000FF", "FFA500", "FFFFFF"];

/// One course client at a `client` seat of a room.
pub struct CourseSeat {
    out: Outbox,
    nick: String,
    limit: Duration,
    seat: Seat,
    ids: Option<Ids>,
    /// The public model as last sent.
    public: Vec<Entry>,
    /// The seat's own cards as last sent.
    private: Vec<Entry>,
    /// The prompt last sent.
    prompt: Option<String>,
    /// The word of the command whose action the room is playing.
    word: Option<String>,
    started: bool,
    over: bool,
}

impl CourseSeat {
    /// A client `nick` writing to `out`, with `limit` to answer a prompt.
    pub fn new(out: Outbox, nick: String, limit: Duration) -> CourseSeat {
        CourseSeat {
            out,
            nick,
            limit,
            seat: 0,
            ids: None,
            public: Vec::new(),
            private: Vec::new(),
            prompt: None,
            word: None,
            started: false,
            over: false,
        }
    }

    fn tell(&self, text: &str) {
        self.out.send(server_event(&now_ts(), "USER_MESSAGE", text));
    }

    /// The ids of this client's game (made on first use).
    fn ids(&mut self, g: &Catan) -> &Ids {
        self.ids
            .get_or_insert_with(|| Ids::new(&g.topo, g.board.fields.len(), g.seat_count()))
    }

    /// Prompt the seat if its question changed (or it has just acted),
    /// or confirm a command it gave out of turn.
    fn ask(&mut self, g: &Catan, nicks: &[String], acted: bool) {
        let word = if acted { self.word.take() } else { None };
        self.ids(g);
        let Some(ids) = self.ids.as_ref() else {
            return;
        };
        let asked = super::prompt::ask(
            g,
            self.seat,
            ids,
            &mut self.prompt,
            (acted, word.as_deref()),
            nicks,
        );
        for line in asked.lines {
            self.out.send(line);
        }
    }
}

/// The seats' nicknames, colours and who plays them, as the model names them.
fn names_of(now: &RoomNow) -> (Vec<String>, Vec<String>, Vec<String>) {
    let nicks = now.seats.iter().map(|s| s.name.clone()).collect();
    let colors = (0..now.seats.len())
        .map(|i| COLORS[i % COLORS.len()].to_string())
        .collect();
    let played_by = now
        .seats
        .iter()
        .map(|s| {
            if s.kind.starts_with("bot:") {
                s.kind.clone()
            } else if s.status == "bot" {
                "bot".to_string()
            } else if s.kind == "client" {
                "client".to_string()
            } else {
                "person".to_string()
            }
        })
        .collect();
    (nicks, colors, played_by)
}

impl SeatAgent for CourseSeat {
    fn seated(&mut self, seat: Seat, room: &str) {
        self.seat = seat;
        // The lobby's answer to JOIN GAME, before the game's first event.
        self.out.send("OK");
        self.tell(&format!(
            "OK - JOIN GAME {room} as player in seat {}; the game starts when every seat of the room is taken",
            seat + 1
        ));
    }

    fn update(&mut self, game: &dyn RoomGame, now: &RoomNow) -> Option<Value> {
        let g = game.full().downcast_ref::<Catan>()?;
        if now.phase == "waiting" {
            return None;
        }
        if !self.started {
            self.started = true;
            self.tell("OK - START_GAME");
        }
        let (nicks, colors, played_by) = names_of(now);
        let names = Names {
            nicks: &nicks,
            colors: &colors,
            played_by: &played_by,
        };
        let ts = now_ts();
        let seat = self.seat;
        self.ids(g);
        let ids = self.ids.as_ref()?;
        let public = public_model(g, ids, &names);
        let private = private_model(g, seat, ids);
        let mut lines = diff(&self.public, &public, &ts, ids);
        lines.extend(diff(&self.private, &private, &ts, ids));
        for l in lines {
            if !self.out.send(l) {
                break;
            }
        }
        self.public = public;
        self.private = private;
        if now.phase == "over" {
            if !self.over {
                self.over = true;
                let text = match g.winner {
                    Some(w) => format!(
                        "OK - gameOver - {} won with {} points",
                        nicks.get(w as usize).cloned().unwrap_or_default(),
                        g.points(w)
                    ),
                    None => "OK - gameOver - the round limit was reached".to_string(),
                };
                self.tell(&text);
            }
            return None;
        }
        // A trade proposed to this seat: the course protocol has no word
        // for it, so it is declined for the client.
        if g.legal_actions(seat).contains(&Action::Decline) {
            let from = nicks.get(g.current as usize).cloned().unwrap_or_default();
            self.tell(&format!(
                "OK - {from} proposed a trade; the course protocol has no trades between players, so it is declined for you"
            ));
            return serde_json::to_value(Action::Decline).ok();
        }
        self.ask(g, &nicks, now.acted == Some(seat));
        None
    }

    fn line(&mut self, game: &dyn RoomGame, now: &RoomNow, text: &str) -> AgentSays {
        let c: Command = match read_command(text) {
            Ok(c) => c,
            Err(why) => {
                self.tell(&format!("ERROR: UNKNOWN - {why}"));
                return AgentSays::Nothing;
            }
        };
        let word = c.action.clone();
        match word.as_str() {
            "NOOP" => AgentSays::Nothing,
            "START_GAME" => {
                if now.phase == "waiting" {
                    self.tell(
                        "OK - START_GAME - the game starts when every seat of the room is taken",
                    );
                } else {
                    self.tell("OK - START_GAME");
                }
                AgentSays::Nothing
            }
            "MESSAGE" => {
                let audience = c.get("audience").unwrap_or("").to_ascii_uppercase();
                match (c.get("message"), audience.as_str(), c.get("recipient")) {
                    (None, _, _) => {
                        self.tell("ERROR: MESSAGE - MESSAGE needs the key \"message\"");
                        AgentSays::Nothing
                    }
                    (Some(m), "" | "ALL", None | Some("")) => {
                        let m: String = m.chars().filter(|x| !x.is_control()).take(500).collect();
                        if m.trim().is_empty() {
                            self.tell("ERROR: MESSAGE - the message is empty");
                            return AgentSays::Nothing;
                        }
                        AgentSays::Chat(m)
                    }
                    _ => {
                        self.tell("ERROR: MESSAGE - in a room of the online page every message goes to the whole room (audience ALL)");
                        AgentSays::Nothing
                    }
                }
            }
            "CHANGE_USER_COLOR" => {
                self.tell(
                    "ERROR: CHANGE_USER_COLOR - the colours of a room of the online page are fixed",
                );
                AgentSays::Nothing
            }
            _ => {
                match now.phase {
                    "waiting" => {
                        self.tell(&format!("ERROR: {word} - the game has not started"));
                        return AgentSays::Nothing;
                    }
                    "over" => {
                        self.tell(&format!("ERROR: {word} - the game is over"));
                        return AgentSays::Nothing;
                    }
                    _ => {}
                }
                let Some(g) = game.full().downcast_ref::<Catan>() else {
                    return AgentSays::Nothing;
                };
                let seat = self.seat;
                let ids = self.ids(g);
                let chosen = action_of(g, seat, &c, ids).and_then(|a| {
                    if g.is_legal(seat, &a) {
                        Ok(a)
                    } else {
                        Err(g.why_not(seat, &a).to_string())
                    }
                });
                match chosen.map(|a| serde_json::to_value(a).map_err(|e| e.to_string())) {
                    Ok(Ok(v)) => {
                        self.word = Some(word);
                        AgentSays::Play(v)
                    }
                    Ok(Err(why)) | Err(why) => {
                        self.tell(&format!("ERROR: {word} - {why}"));
                        // The question stands: ask it again.
                        self.prompt = None;
                        let (nicks, _, _) = names_of(now);
                        self.ask(g, &nicks, false);
                        AgentSays::Nothing
                    }
                }
            }
        }
    }

    fn refused(&mut self, game: &dyn RoomGame, now: &RoomNow, why: &str) {
        let word = self.word.take().unwrap_or_else(|| "UNKNOWN".into());
        self.tell(&format!("ERROR: {word} - {why}"));
        if let Some(g) = game.full().downcast_ref::<Catan>() {
            self.prompt = None;
            let (nicks, _, _) = names_of(now);
            self.ask(g, &nicks, false);
        }
    }

    fn chat(&mut self, from: &str, text: &str) {
        let line = super::model::event(
            &now_ts(),
            &format!("User@{from}"),
            "PUBLIC_MESSAGE",
            Some(&format!("{from}: {text}")),
            None,
        );
        self.out.send(line);
    }

    fn is_gone(&self) -> bool {
        self.out.is_closed()
    }

    fn clock(&self) -> Option<Duration> {
        Some(self.limit)
    }
}

impl std::fmt::Debug for CourseSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CourseSeat({}, seat {})", self.nick, self.seat)
    }
}
