//! The model of a replay, for any ruleset: a record checked in full, the
//! game at any position (from snapshots kept every [`SNAPSHOT_EVERY`]
//! actions, so a seek replays at most that many), each position's seat,
//! turn and what the page says of it, every position's score for the
//! chart, and the steps by turn. Pure Rust, tested natively; each page's
//! replay screen draws it.
//!
//! A position is normally one recorded action, with the chance events it
//! set off. A page may show one action as several positions: each of its
//! [`Part`]s names how many of the action's chance events have been
//! resolved there (Star Tigris's simultaneous variant stops once the
//! sealed orders are revealed, then after each order carried out).

use tabula_engine::record::{apply_recorded, initial_state, read_action, replay};
use tabula_engine::{GameRecord, RecordError, Ruleset, Seat, ToMove};

/// Actions between two snapshots.
pub const SNAPSHOT_EVERY: usize = 16;

/// One position of the game as a page shows it, made from a [`Part`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position<S> {
    /// The seat that acted (or whose part of the action this is).
    pub seat: Seat,
    /// The turn the action was taken in.
    pub turn: u32,
    /// Which recorded action this position belongs to.
    pub action: usize,
    /// Chance events resolved after that action here (`None`: all).
    pub chance: Option<usize>,
    /// What the page says of it.
    pub info: S,
}

/// What a page makes of one recorded action: one position (or, where it
/// steps through the action's chance events, several), with the score
/// after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part<S, C> {
    /// The seat shown acting.
    pub seat: Seat,
    /// The turn.
    pub turn: u32,
    /// Chance events resolved after the action at this position (`None`:
    /// all of them, as the record plays it).
    pub chance: Option<usize>,
    /// What the page says of it.
    pub info: S,
    /// The scores after it, for the chart.
    pub score: C,
}

/// A game being replayed: positions with the page's words `S` and scores
/// `C`.
#[derive(Clone, Debug)]
pub struct Replay<G: Ruleset, S, C> {
    /// The record.
    pub record: GameRecord,
    /// The seats' names.
    pub names: Vec<String>,
    /// Each position after the start, in order.
    pub steps: Vec<Position<S>>,
    /// The scores at each position (0: the start).
    pub scores: Vec<C>,
    /// The position shown (0 = the start, `p` = after `steps[p - 1]`).
    pub pos: usize,
    actions: Vec<G::Action>,
    snapshots: Vec<G>,
    game: G,
}

impl<G: Ruleset, S, C> Replay<G, S, C> {
    /// Check a record in full (every action, the final hash) and prepare
    /// its replay, at the start. `score` gives the start's scores;
    /// `parts` what the page shows of each recorded action, from the game
    /// before it, the seat, the action and its index (an `Err` names why
    /// it cannot be shown, as a step of the record).
    pub fn new(
        record: GameRecord,
        score: impl Fn(&G) -> C,
        mut parts: impl FnMut(&G, Seat, &G::Action, usize) -> Result<Vec<Part<S, C>>, String>,
    ) -> Result<Self, RecordError> {
        replay::<G>(&record)?;
        let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
        let mut g: G = initial_state(&record)?;
        let start = g.clone();
        let mut snapshots = vec![g.clone()];
        let mut steps = Vec::with_capacity(record.actions.len());
        let mut scores = vec![score(&g)];
        let mut actions = Vec::with_capacity(record.actions.len());
        for (index, recorded) in record.actions.iter().enumerate() {
            let action = read_action::<G>(index, recorded)?;
            let made =
                parts(&g, recorded.seat, &action, index).map_err(|reason| RecordError::Step {
                    index,
                    seat: recorded.seat,
                    reason,
                })?;
            for p in made {
                steps.push(Position {
                    seat: p.seat,
                    turn: p.turn,
                    action: index,
                    chance: p.chance,
                    info: p.info,
                });
                scores.push(p.score);
            }
            apply_recorded(&mut g, index, recorded)?;
            actions.push(action);
            if (index + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(g.clone());
            }
        }
        Ok(Replay {
            record,
            names,
            steps,
            scores,
            pos: 0,
            actions,
            snapshots,
            game: start,
        })
    }

    /// The number of positions after the start (the last position).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the game has no actions.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The game at the position shown.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position shown, if past the start.
    pub fn shown(&self) -> Option<&Position<S>> {
        self.pos.checked_sub(1).and_then(|i| self.steps.get(i))
    }

    /// How many of the record's actions have been played at the position
    /// shown (a teacher's note is kept by this number).
    pub fn actions_played(&self) -> usize {
        self.shown().map_or(0, |s| s.action + 1)
    }

    /// Show the game at position `pos` (clamped to the game's length).
    pub fn seek(&mut self, pos: usize) {
        let pos = pos.min(self.len());
        if pos == self.pos {
            return;
        }
        let (upto, chance) = match pos.checked_sub(1).map(|i| &self.steps[i]) {
            None => (0, None),
            Some(s) if s.chance.is_none() => (s.action + 1, None),
            Some(s) => (s.action, s.chance),
        };
        // Every action before `upto` in full: onwards from the position
        // shown when that is near, else from the snapshot before it.
        let done = self.actions_played();
        let shown_whole = self.shown().is_none_or(|s| s.chance.is_none());
        let from = if shown_whole && done <= upto && upto - done <= SNAPSHOT_EVERY {
            done
        } else {
            let k = (upto / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
            self.game = self.snapshots[k].clone();
            k * SNAPSHOT_EVERY
        };
        for i in from..upto {
            self.step_action(i, None);
        }
        if let Some(chance) = chance {
            self.step_action(upto, Some(chance));
        }
        self.pos = pos;
    }

    /// Apply recorded action `i` (every action was checked when the replay
    /// was made), then `chance` chance events (`None`: all of them).
    fn step_action(&mut self, i: usize, chance: Option<usize>) {
        let seat = self.record.actions[i].seat;
        if self.game.apply(seat, &self.actions[i]).is_err() {
            return;
        }
        let mut made = 0;
        while self.game.to_move() == ToMove::Chance && chance.is_none_or(|c| made < c) {
            if self.game.apply_chance().is_err() {
                break;
            }
            made += 1;
        }
    }

    /// The turn being played at a position (the next action's turn, or
    /// the last turn at the end).
    pub fn turn_at(&self, pos: usize) -> u32 {
        self.steps
            .get(pos)
            .or_else(|| self.steps.last())
            .map_or(1, |s| s.turn)
    }

    /// The first position of the next turn.
    pub fn next_turn(&self) -> usize {
        let t = self.turn_at(self.pos);
        (self.pos + 1..=self.len())
            .find(|&p| p == self.len() || self.steps[p].turn != t)
            .unwrap_or(self.len())
    }

    /// The first position of this turn, or of the previous turn when
    /// already at the start of one.
    pub fn previous_turn(&self) -> usize {
        if self.pos == 0 {
            return 0;
        }
        let t = self.turn_at(self.pos - 1);
        (0..self.pos)
            .rev()
            .find(|&p| p == 0 || self.steps[p - 1].turn != t)
            .unwrap_or(0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tabula_catan::{Catan, Options};
    use tabula_engine::Game;

    /// A finished Catan game (to six points) of seed `seed`.
    pub(crate) fn finished(seed: u64) -> GameRecord {
        let options = Options {
            points: Some(6),
            ..Options::default()
        };
        tabula_engine::record::random_record::<Catan>(&options, None, 3, seed, 50_000).unwrap()
    }

    fn points(g: &Catan) -> Vec<u32> {
        (0..g.seat_count() as Seat).map(|s| g.points(s)).collect()
    }

    /// One position per action, its score after it.
    pub(crate) fn whole(record: GameRecord) -> Replay<Catan, (), Vec<u32>> {
        Replay::new(record, points, |g, seat, action, _| {
            let mut after = g.clone();
            after.apply(seat, action).map_err(|e| e.to_string())?;
            while after.to_move() == ToMove::Chance {
                after.apply_chance().map_err(|e| e.to_string())?;
            }
            Ok(vec![Part {
                seat,
                turn: g.turn,
                chance: None,
                info: (),
                score: points(&after),
            }])
        })
        .unwrap()
    }

    #[test]
    fn seeking_anywhere_gives_the_state_the_record_reaches_there() {
        let record = finished(4);
        let mut r = whole(record.clone());
        assert!(r.len() > 50);
        assert_eq!(r.scores.len(), r.len() + 1);
        let end = replay::<Catan>(&record).unwrap();
        r.seek(r.len());
        assert_eq!(r.game().state_hash(), end.state_hash());
        assert_eq!(r.scores.last().unwrap(), &points(&end));
        assert_eq!(r.actions_played(), record.actions.len());
        // Backwards and forwards, near and far, agree with stepping.
        let mut slow = whole(record);
        for target in [37, 3, 120.min(r.len()), 17, 0, r.len() - 1, 40, 41] {
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
    }

    /// Positions may stop part way through an action's chance events: a
    /// position with `chance: Some(k)` shows the game after the action
    /// and `k` of them, wherever it is sought from.
    #[test]
    fn positions_inside_an_action_stop_after_their_chance_events() {
        let record = finished(5);
        let mut split = 0;
        let mut r: Replay<Catan, usize, ()> = Replay::new(
            record,
            |_: &Catan| (),
            |g, seat, action, _| {
                let mut after = g.clone();
                after.apply(seat, action).map_err(|e| e.to_string())?;
                let mut parts = Vec::new();
                let mut k = 0;
                while after.to_move() == ToMove::Chance {
                    parts.push(Part {
                        seat,
                        turn: g.turn,
                        chance: Some(k),
                        info: k,
                        score: (),
                    });
                    after.apply_chance().map_err(|e| e.to_string())?;
                    k += 1;
                }
                if k > 0 {
                    split += 1;
                }
                parts.push(Part {
                    seat,
                    turn: g.turn,
                    chance: None,
                    info: k,
                    score: (),
                });
                Ok(parts)
            },
        )
        .unwrap();
        assert!(split > 20, "dice and draws make chance events");
        assert!(r.len() > r.record.actions.len());
        // Each position, sought from far and from the one before, is the
        // record's state after its action and that many chance events.
        let mut order: Vec<usize> = (0..=r.len()).collect();
        order.extend((0..=r.len()).rev().step_by(7));
        let mut seen = Vec::new();
        for &p in &order {
            r.seek(p);
            let expected = match r.shown() {
                None => initial_state::<Catan>(&r.record).unwrap(),
                Some(s) => {
                    let mut g: Catan = initial_state(&r.record).unwrap();
                    for (i, rec) in r.record.actions.iter().enumerate().take(s.action) {
                        apply_recorded(&mut g, i, rec).unwrap();
                    }
                    let rec = &r.record.actions[s.action];
                    let a = read_action::<Catan>(s.action, rec).unwrap();
                    g.apply(rec.seat, &a).unwrap();
                    for _ in 0..s.chance.unwrap_or(usize::MAX) {
                        if g.to_move() != ToMove::Chance {
                            break;
                        }
                        g.apply_chance().unwrap();
                    }
                    g
                }
            };
            assert_eq!(r.game().state_hash(), expected.state_hash(), "at {p}");
            seen.push(p);
        }
        assert!(seen.len() > r.len());
    }

    #[test]
    fn turn_steps_go_to_turn_edges() {
        let mut r = whole(finished(5));
        r.seek(0);
        let next = r.next_turn();
        assert!(next > 0 && next <= r.len());
        assert!(r.steps[..next].iter().all(|s| s.turn == r.steps[0].turn));
        assert_ne!(r.steps[next].turn, r.steps[0].turn);
        r.seek(next);
        assert_eq!(r.previous_turn(), 0);
        r.seek(next + 1);
        assert_eq!(r.previous_turn(), next);
        r.seek(r.len());
        assert_eq!(r.next_turn(), r.len());
    }

    #[test]
    fn a_damaged_record_or_a_refused_step_is_an_error_naming_the_step() {
        let mut record = finished(6);
        record.actions[10].seat = (record.actions[10].seat + 1) % 3;
        assert!(Replay::<Catan, (), ()>::new(record, |_| (), |_, _, _, _| Ok(vec![])).is_err());
        let record = finished(6);
        let refused = Replay::<Catan, (), ()>::new(
            record,
            |_| (),
            |_, _, _, i| {
                if i == 12 {
                    Err("not shown".into())
                } else {
                    Ok(vec![])
                }
            },
        );
        match refused {
            Err(RecordError::Step { index, reason, .. }) => {
                assert_eq!((index, reason.as_str()), (12, "not shown"));
            }
            other => panic!("{other:?}"),
        }
    }
}
