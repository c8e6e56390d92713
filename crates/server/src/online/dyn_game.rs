//! The game contract as a room sees it: object-safe, in JSON.
//!
//! A room holds a `Box<dyn RoomGame>` and never knows which ruleset it
//! is: views, legal actions and actions travel as JSON values, every
//! action goes through the engine's checked [`Match::play`] (chance is
//! settled there), and the record is the engine's [`GameRecord`]. One
//! generic [`entry`] turns any [`Ruleset`] into a [`RoomRuleset`]; the
//! command line hands the server one per ruleset it knows.

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use serde_json::Value;
use tabula_ai::{Bot, OwnBots, bot_from_spec_with, with_own_names};
use tabula_engine::record::{GameRecord, Match, read_action};
use tabula_engine::{Determinize, Evaluate, Outcome, Ruleset, Seat, SeatInfo, ToMove};

/// One game in a room, whatever its ruleset.
pub trait RoomGame {
    /// Seats in the game.
    fn seats(&self) -> usize;
    /// Who must act next.
    fn to_move(&self) -> ToMove;
    /// Actions played so far: the state number an action is chosen in.
    fn state_number(&self) -> u64;
    /// `player_view(seat)` as JSON.
    fn view(&self, seat: Seat) -> Value;
    /// The public view (a watcher's) as JSON; `null` when the ruleset
    /// shows watchers nothing.
    fn public_view(&self) -> Value;
    /// The legal actions of `seat` as JSON.
    fn legal(&self, seat: Seat) -> Vec<Value>;
    /// Play `action` for `seat` through the checked path; on refusal
    /// the reason in plain words and nothing changed.
    fn play(&mut self, seat: Seat, action: &Value) -> Result<(), String>;
    /// Let the seat's bot choose and play one action (the bot sees only
    /// the seat's view); `spec` names the bot, made on first use.
    fn bot_play(&mut self, seat: Seat, spec: &str) -> Result<(), String>;
    /// The record so far.
    fn record(&self) -> GameRecord;
    /// The recorded actions from index `from` on.
    fn actions_from(&self, from: usize) -> Vec<tabula_engine::RecordedAction>;
    /// The outcome once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The whole game state (`&G`), for a protocol face on the server
    /// that translates it for one seat ([`super::agent::SeatAgent`]);
    /// never sent as it is.
    fn full(&self) -> &dyn std::any::Any;
}

/// A ruleset as the server offers it.
pub trait RoomRuleset: Send + Sync {
    /// Its name (`catan`).
    fn name(&self) -> &'static str;
    /// Seats it allows.
    fn seat_range(&self) -> RangeInclusive<usize>;
    /// Why `spec` is no bot of this ruleset (`None`: it is one).
    fn bot_problem(&self, spec: &str) -> Option<String>;
    /// A new game from options (JSON; `null` for the defaults), a map
    /// (the ruleset's default when `None`), its seats and a seed.
    fn start(
        &self,
        options: &Value,
        map: Option<&str>,
        seats: Vec<SeatInfo>,
        seed: u64,
    ) -> Result<Box<dyn RoomGame>, String>;
    /// The game a record stands at after its last action.
    fn resume(&self, record: &GameRecord) -> Result<Box<dyn RoomGame>, String>;
}

/// The generic [`RoomRuleset`] of ruleset `G`, with its own bots.
pub struct Entry<G> {
    own: OwnBots<G>,
    own_names: &'static [&'static str],
    kind: PhantomData<fn() -> G>,
}

/// The [`RoomRuleset`] of `G`: its own bots `own` (named `own_names`)
/// beside the general ones.
pub fn entry<G: Ruleset + Determinize + Evaluate + 'static>(
    own: OwnBots<G>,
    own_names: &'static [&'static str],
) -> Entry<G> {
    Entry {
        own,
        own_names,
        kind: PhantomData,
    }
}

impl<G: Ruleset + Determinize + Evaluate + 'static> RoomRuleset for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seat_range(&self) -> RangeInclusive<usize> {
        G::seat_range()
    }

    fn bot_problem(&self, spec: &str) -> Option<String> {
        bot_from_spec_with::<G>(spec, 0, self.own)
            .err()
            .map(|e| with_own_names(e, self.own_names))
    }

    fn start(
        &self,
        options: &Value,
        map: Option<&str>,
        seats: Vec<SeatInfo>,
        seed: u64,
    ) -> Result<Box<dyn RoomGame>, String> {
        let options: G::Options = if options.is_null() {
            G::Options::default()
        } else {
            tabula_engine::plain::from_value(options).map_err(|(path, what)| {
                if path.is_empty() {
                    format!("options: {what}")
                } else {
                    format!("option {path}: {what}")
                }
            })?
        };
        let map = map.or(G::default_map());
        let m = Match::<G>::new(&options, map, seats, seed).map_err(|e| e.to_string())?;
        Ok(Box::new(Played::new(m, self.own)))
    }

    fn resume(&self, record: &GameRecord) -> Result<Box<dyn RoomGame>, String> {
        let options: G::Options = if record.options.is_null() {
            G::Options::default()
        } else {
            tabula_engine::plain::from_value(&record.options)
                .map_err(|(path, what)| format!("option {path}: {what}"))?
        };
        let mut m = Match::<G>::new(
            &options,
            record.map.as_deref(),
            record.seats.clone(),
            record.seed,
        )
        .map_err(|e| e.to_string())?;
        for (i, step) in record.actions.iter().enumerate() {
            let action = read_action::<G>(i, step).map_err(|e| e.to_string())?;
            m.play(step.seat, &action).map_err(|e| e.to_string())?;
        }
        Ok(Box::new(Played::new(m, self.own)))
    }
}

/// A seat's bot, with the spec it was made from.
type SeatBot<G> = (String, Box<dyn Bot<G>>);

/// A game of `G` with the bots that have played in it.
struct Played<G: Ruleset> {
    m: Match<G>,
    /// Each seat's bot once one has played for it, with its spec.
    bots: Vec<Option<SeatBot<G>>>,
    own: OwnBots<G>,
    seed: u64,
}

impl<G: Ruleset> Played<G> {
    fn new(m: Match<G>, own: OwnBots<G>) -> Self {
        let n = m.game().seats();
        let seed = m.record().seed;
        Played {
            m,
            bots: (0..n).map(|_| None).collect(),
            own,
            seed,
        }
    }
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Ruleset + Determinize + Evaluate + 'static> RoomGame for Played<G> {
    fn seats(&self) -> usize {
        self.m.game().seats()
    }

    fn to_move(&self) -> ToMove {
        self.m.game().to_move()
    }

    fn state_number(&self) -> u64 {
        self.m.actions_played() as u64
    }

    fn view(&self, seat: Seat) -> Value {
        json(&self.m.game().player_view(seat))
    }

    fn public_view(&self) -> Value {
        match self.m.game().public_view() {
            Some(v) => json(&v),
            None => Value::Null,
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Value> {
        self.m.game().legal_actions(seat).iter().map(json).collect()
    }

    fn play(&mut self, seat: Seat, action: &Value) -> Result<(), String> {
        let step = tabula_engine::RecordedAction {
            seat,
            action: action.clone(),
        };
        let index = self.m.actions_played();
        let action = read_action::<G>(index, &step).map_err(|e| match e {
            tabula_engine::RecordError::Step { reason, .. } => reason,
            other => other.to_string(),
        })?;
        self.m.play(seat, &action).map_err(|e| match e {
            tabula_engine::RecordError::Step { reason, .. } => reason,
            other => other.to_string(),
        })
    }

    fn bot_play(&mut self, seat: Seat, spec: &str) -> Result<(), String> {
        let slot = self
            .bots
            .get_mut(seat as usize)
            .ok_or_else(|| format!("there is no seat {seat}"))?;
        if slot.as_ref().is_none_or(|(s, _)| s != spec) {
            let seed =
                tabula_ai::bot_seed(self.seed, seat as usize) ^ self.m.actions_played() as u64;
            *slot = Some((
                spec.to_string(),
                bot_from_spec_with::<G>(spec, seed, self.own)?,
            ));
        }
        let view = self.m.game().player_view(seat);
        let (_, bot) = slot.as_mut().ok_or("no bot")?;
        let action = bot
            .choose(&view, seat)
            .ok_or_else(|| format!("the bot {spec} found no action for seat {seat}"))?;
        self.m.play(seat, &action).map_err(|e| e.to_string())
    }

    fn record(&self) -> GameRecord {
        self.m.record().clone()
    }

    fn actions_from(&self, from: usize) -> Vec<tabula_engine::RecordedAction> {
        self.m
            .record()
            .actions
            .get(from..)
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.game().outcome()
    }

    fn full(&self) -> &dyn std::any::Any {
        self.m.game()
    }
}
