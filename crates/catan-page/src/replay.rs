//! The replay of a Catan game: a record checked in full, the game at any
//! action (snapshots every [`SNAPSHOT_EVERY`] actions, so a seek replays
//! at most that many), what each action set off, and every seat's points
//! after every action for the chart. Pure Rust, tested natively.

use tabula_catan::{Action, Catan, Event};
use tabula_engine::record::{initial_state, read_action, replay};
use tabula_engine::{Game, GameRecord, RecordError, Seat, ToMove};

/// Actions between two snapshots.
pub const SNAPSHOT_EVERY: usize = 16;

/// One action of the game as the viewer shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Who acted.
    pub seat: Seat,
    /// The turn it was taken in.
    pub turn: u32,
    /// The action.
    pub action: Action,
    /// What its words take from the game as it was then.
    pub facts: crate::game_words::Facts,
    /// What it set off (dice, production, thefts, draws, attacks, …).
    pub events: Vec<Event>,
}

/// A game being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The record.
    pub record: GameRecord,
    /// The seats' names.
    pub names: Vec<String>,
    /// Each action, in order.
    pub steps: Vec<Step>,
    /// Points at each position (0: before any action), by seat.
    pub points: Vec<Vec<u32>>,
    snapshots: Vec<Catan>,
    /// How many actions have been played at the position shown.
    pub pos: usize,
    game: Catan,
}

fn advance(
    g: &mut Catan,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), String> {
    g.apply_logged(seat, action, events)
        .map_err(|e| e.to_string())?;
    while g.to_move() == ToMove::Chance {
        g.apply_chance_logged(events).map_err(|e| e.to_string())?;
    }
    Ok(())
}

impl Replay {
    /// Check a record in full (every action, the final hash) and prepare
    /// its replay, at the start.
    pub fn new(record: GameRecord) -> Result<Replay, RecordError> {
        replay::<Catan>(&record)?;
        let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
        let mut g: Catan = initial_state(&record)?;
        while g.to_move() == ToMove::Chance {
            g.apply_chance().map_err(|e| RecordError::Step {
                index: 0,
                seat: 0,
                reason: e.to_string(),
            })?;
        }
        let start = g.clone();
        let seats = g.seat_count() as Seat;
        let score = |g: &Catan| (0..seats).map(|s| g.points(s)).collect::<Vec<u32>>();
        let mut snapshots = vec![g.clone()];
        let mut points = vec![score(&g)];
        let mut steps = Vec::with_capacity(record.actions.len());
        for (index, recorded) in record.actions.iter().enumerate() {
            let action = read_action::<Catan>(index, recorded)?;
            let turn = g.turn;
            let facts = crate::game_words::Facts::before(&g, &action, recorded.seat);
            let mut events = Vec::new();
            advance(&mut g, recorded.seat, &action, &mut events).map_err(|reason| {
                RecordError::Step {
                    index,
                    seat: recorded.seat,
                    reason,
                }
            })?;
            steps.push(Step {
                seat: recorded.seat,
                turn,
                action,
                facts,
                events,
            });
            points.push(score(&g));
            if (index + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(g.clone());
            }
        }
        Ok(Replay {
            record,
            names,
            steps,
            points,
            snapshots,
            pos: 0,
            game: start,
        })
    }

    /// The number of actions (the last position).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the game has no action.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The game at the position shown.
    pub fn game(&self) -> &Catan {
        &self.game
    }

    /// Show the game after `pos` actions (clamped to the game).
    pub fn seek(&mut self, pos: usize) {
        let pos = pos.min(self.len());
        let from = if pos >= self.pos && pos - self.pos <= SNAPSHOT_EVERY {
            self.pos
        } else {
            let k = (pos / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
            self.game = self.snapshots[k].clone();
            k * SNAPSHOT_EVERY
        };
        for step in &self.steps[from..pos] {
            let mut ignored = Vec::new();
            // Every step was checked in `new`: it applies again.
            advance(&mut self.game, step.seat, &step.action, &mut ignored).ok();
        }
        self.pos = pos;
    }

    /// The position after the current turn's last action (Shift+→).
    pub fn next_turn(&self) -> usize {
        let Some(turn) = self.steps.get(self.pos).map(|s| s.turn) else {
            return self.len();
        };
        (self.pos..self.len())
            .find(|&i| self.steps[i].turn != turn)
            .unwrap_or(self.len())
    }

    /// The position at the start of the turn before (Shift+←).
    pub fn previous_turn(&self) -> usize {
        if self.pos == 0 {
            return 0;
        }
        let turn = self.steps[self.pos - 1].turn;
        let start = (0..self.pos)
            .rev()
            .find(|&i| self.steps[i].turn != turn)
            .map_or(0, |i| i + 1);
        if start < self.pos {
            start
        } else {
            start.saturating_sub(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Options;
    use tabula_engine::record::Match;
    use tabula_engine::{GameRng, SeatInfo};

    fn finished(seed: u64) -> GameRecord {
        let seats = (0..3)
            .map(|i| SeatInfo {
                name: format!("P{i}"),
                player: "bot:random".into(),
            })
            .collect();
        let options = Options {
            points: Some(6),
            ..Options::default()
        };
        let mut m = Match::<Catan>::new(&options, None, seats, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..50_000 {
            let seat = match m.game().to_move() {
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                _ => break,
            };
            let a = m.game().random_action(seat, &mut rng).unwrap();
            m.play(seat, &a).unwrap();
        }
        m.record().clone()
    }

    #[test]
    fn seeking_anywhere_gives_the_state_the_record_reaches_there() {
        let record = finished(4);
        let mut r = Replay::new(record.clone()).unwrap();
        assert!(r.len() > 50);
        let end = replay::<Catan>(&record).unwrap();
        r.seek(r.len());
        assert_eq!(r.game().state_hash(), end.state_hash());
        assert_eq!(
            r.points.last().unwrap(),
            &(0..3).map(|s| end.points(s)).collect::<Vec<_>>()
        );
        // Backwards and forwards, near and far, agree with stepping.
        let mut slow = Replay::new(record).unwrap();
        for target in [37, 3, 120.min(r.len()), 17, 0, r.len() - 1] {
            r.seek(target);
            slow.seek(0);
            for p in 1..=target {
                slow.seek(p);
            }
            assert_eq!(
                r.game().state_hash(),
                slow.game().state_hash(),
                "at {target}"
            );
        }
        assert!(
            r.steps.iter().any(|s| !s.events.is_empty()),
            "dice and production are told"
        );
    }

    #[test]
    fn turn_steps_go_to_turn_edges() {
        let mut r = Replay::new(finished(5)).unwrap();
        r.seek(0);
        let next = r.next_turn();
        assert!(next > 0 && next <= r.len());
        assert!(r.steps[..next].iter().all(|s| s.turn == r.steps[0].turn));
        r.seek(next);
        assert_eq!(r.previous_turn(), 0);
    }

    #[test]
    fn a_damaged_record_is_refused_with_its_step() {
        let mut record = finished(6);
        record.actions[10].seat = (record.actions[10].seat + 1) % 3;
        assert!(Replay::new(record).is_err());
    }
}
