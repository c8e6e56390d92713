//! The replay viewer's model: a checked record, the game at any position
//! (from snapshots kept every [`SNAPSHOT_EVERY`] actions, so a seek replays
//! at most that many), each position's log lines and turn, and every
//! seat's scores at every position for the chart.
//!
//! A position is normally one recorded action. In the simultaneous variant
//! the action that seals the last orders stops twice more: once with the
//! sealed orders revealed, then once for each order carried out (or
//! skipped), so the resolution is stepped through order by order.

use tabula_engine::record::{apply_recorded, initial_state, read_action, replay};
use tabula_engine::{Game, GameRecord, RecordError, ToMove};
use tabula_star_tigris::{Action, Event, Phase, StarTigris};

use crate::describe;

/// Actions between two snapshots.
pub const SNAPSHOT_EVERY: usize = 16;

/// One position of the game as the viewer shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The seat that acted (or whose order was carried out).
    pub seat: u8,
    /// The turn the action was taken in.
    pub turn: u32,
    /// The action, then what it caused, in plain language.
    pub lines: Vec<String>,
    /// The action or order shown at this position (its cell is marked).
    pub shown: Action,
    /// Which recorded action this position belongs to.
    pub action: usize,
    /// Chance steps made after that action at this position (`None`: all).
    pub chance: Option<usize>,
}

/// A seat's standing after some action: points by kind and the score
/// (weakest kind after artifacts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Points by kind (people, technology, money, raw materials).
    pub kinds: [u16; 4],
    /// The score the game would end with now.
    pub score: u16,
}

/// A game being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The record.
    pub record: GameRecord,
    /// The seats' names.
    pub names: Vec<String>,
    /// Each position after the start, in order.
    pub steps: Vec<Step>,
    /// Standings at each position (0 = before any action), by seat.
    pub standings: Vec<Vec<Standing>>,
    snapshots: Vec<StarTigris>,
    actions: Vec<Action>,
    /// The position shown (0 = the start, `p` = after `steps[p - 1]`).
    pub pos: usize,
    game: StarTigris,
}

fn standings(g: &StarTigris) -> Vec<Standing> {
    (0..g.players() as u8)
        .map(|p| Standing {
            kinds: g.score(p),
            score: g.final_scores(p)[0],
        })
        .collect()
}

fn lines_of(names: &[String], events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| describe::event(names, e))
        .collect()
}

impl Replay {
    /// Check a record in full (every action, the final hash) and prepare
    /// its replay, at the start.
    pub fn new(record: GameRecord) -> Result<Replay, RecordError> {
        replay::<StarTigris>(&record)?;
        let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
        let mut g: StarTigris = initial_state(&record)?;
        let start = g.clone();
        let mut snapshots = vec![g.clone()];
        let mut steps = Vec::with_capacity(record.actions.len());
        let mut actions = Vec::with_capacity(record.actions.len());
        let mut all = vec![standings(&g)];
        for (index, step) in record.actions.iter().enumerate() {
            let fail = |reason: String| RecordError::Step {
                index,
                seat: step.seat,
                reason,
            };
            let action: Action = read_action::<StarTigris>(index, step)?;
            let turn = g.turn();
            let mut events: Vec<Event> = Vec::new();
            let mut logged = g.clone();
            let first = describe::action_seen(&names, &logged, step.seat, &action);
            logged
                .apply_logged(step.seat, &action, &mut events)
                .map_err(|e| fail(e.to_string()))?;
            let mut lines = vec![first];
            if matches!(logged.phase(), Phase::Execute { .. }) {
                // The sealed orders are revealed: stop here, then after
                // each order carried out.
                lines.extend(lines_of(&names, &events));
                steps.push(Step {
                    seat: step.seat,
                    turn,
                    lines,
                    shown: action,
                    action: index,
                    chance: Some(0),
                });
                all.push(standings(&logged));
                let mut made = 0;
                while let Phase::Execute { step: slot } = logged.phase() {
                    let next =
                        (slot as usize..2 * logged.players()).find_map(|s| logged.slot_order(s));
                    let mut events: Vec<Event> = Vec::new();
                    logged
                        .chance_logged(&mut events)
                        .map_err(|e| fail(e.to_string()))?;
                    made += 1;
                    let last = !matches!(logged.phase(), Phase::Execute { .. });
                    if last {
                        logged
                            .settle_logged(&mut events)
                            .map_err(|e| fail(e.to_string()))?;
                    }
                    let (seat, shown) = next.unwrap_or((step.seat, action));
                    steps.push(Step {
                        seat,
                        turn,
                        lines: lines_of(&names, &events),
                        shown,
                        action: index,
                        chance: (!last).then_some(made),
                    });
                    all.push(standings(&logged));
                }
            } else {
                logged
                    .settle_logged(&mut events)
                    .map_err(|e| fail(e.to_string()))?;
                lines.extend(lines_of(&names, &events));
                steps.push(Step {
                    seat: step.seat,
                    turn,
                    lines,
                    shown: action,
                    action: index,
                    chance: None,
                });
                all.push(standings(&logged));
            }
            apply_recorded(&mut g, index, step)?;
            actions.push(action);
            if (index + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(g.clone());
            }
        }
        Ok(Replay {
            record,
            names,
            steps,
            standings: all,
            snapshots,
            actions,
            pos: 0,
            game: start,
        })
    }

    /// How many of the record's actions have been played at the position
    /// shown (a teacher's note is kept by this number).
    pub fn actions_played(&self) -> usize {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.steps.get(i))
            .map_or(0, |s| s.action + 1)
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
    pub fn game(&self) -> &StarTigris {
        &self.game
    }

    /// The action or order of the position shown, if past the start.
    pub fn shown(&self) -> Option<Action> {
        self.pos.checked_sub(1).map(|i| self.steps[i].shown)
    }

    /// Show the game at position `pos` (clamped to the game's length).
    pub fn seek(&mut self, pos: usize) {
        let pos = pos.min(self.len());
        if pos == self.pos {
            return;
        }
        let (upto, chance) = match pos.checked_sub(1).map(|i| &self.steps[i]) {
            None => (0, None),
            Some(s) => (s.action, Some(s.chance)),
        };
        // Every action before `upto` in full, from the snapshot before it.
        let k = upto / SNAPSHOT_EVERY;
        self.game = self.snapshots[k].clone();
        for i in k * SNAPSHOT_EVERY..upto {
            self.step_action(i, None);
        }
        if let Some(chance) = chance {
            self.step_action(upto, chance);
        }
        self.pos = pos;
    }

    /// Apply recorded action `i` (every action was checked when the replay
    /// was made), then `chance` chance steps (`None`: all of them).
    fn step_action(&mut self, i: usize, chance: Option<usize>) {
        let seat = self.record.actions[i].seat;
        if self
            .game
            .apply_logged(seat, &self.actions[i], &mut ())
            .is_err()
        {
            return;
        }
        let mut made = 0;
        while self.game.to_move() == ToMove::Chance && chance.is_none_or(|c| made < c) {
            if self.game.chance_logged(&mut ()).is_err() {
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
            .map(|s| s.turn)
            .unwrap_or(1)
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
mod tests {
    use super::*;
    use tabula_engine::record::Match;
    use tabula_engine::{GameRng, SeatInfo};
    use tabula_star_tigris::{DEFAULT_MAP, Options};

    pub(crate) fn random_record(seed: u64, seats: usize, max: usize) -> GameRecord {
        let infos = (0..seats)
            .map(|i| SeatInfo {
                name: format!("P{i}"),
                player: "human".into(),
            })
            .collect();
        let mut m =
            Match::<StarTigris>::new(&Options::default(), Some(DEFAULT_MAP), infos, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..max {
            let tabula_engine::ToMove::Seat(s) = m.game().to_move() else {
                break;
            };
            let legal = m.game().legal_actions(s);
            let a = legal[rng.below(legal.len() as u64) as usize];
            m.play(s, &a).unwrap();
        }
        m.record().clone()
    }

    #[test]
    fn seeking_anywhere_matches_replaying_from_the_start() {
        let record = random_record(5, 3, 400);
        let mut r = Replay::new(record.clone()).unwrap();
        assert_eq!(r.len(), record.actions.len());
        assert_eq!(r.standings.len(), r.len() + 1);
        let mut positions: Vec<usize> = vec![r.len(), 0, 17, 16, 15, 200, 201, 3, r.len() - 1];
        positions.extend((0..r.len()).step_by(37));
        for pos in positions {
            r.seek(pos);
            let mut cut = record.clone();
            cut.actions.truncate(pos);
            let mut g: StarTigris = initial_state(&cut).unwrap();
            for (i, s) in cut.actions.iter().enumerate() {
                apply_recorded(&mut g, i, s).unwrap();
            }
            assert_eq!(r.game().state_hash(), g.state_hash(), "at {pos}");
        }
        r.seek(usize::MAX);
        assert_eq!(r.pos, r.len());
        assert_eq!(r.game().state_hash(), record.final_hash);
    }

    #[test]
    fn the_simultaneous_variant_is_replayed_order_by_order() {
        crate::add_words();
        let infos = (0..3)
            .map(|i| SeatInfo {
                name: format!("P{i}"),
                player: "human".into(),
            })
            .collect();
        let options = Options {
            turns: tabula_star_tigris::Turns::Simultaneous,
            ..Options::default()
        };
        let mut m = Match::<StarTigris>::new(&options, Some(DEFAULT_MAP), infos, 4).unwrap();
        let mut rng = GameRng::seeded(4);
        for _ in 0..300 {
            let s = match m.game().to_move() {
                tabula_engine::ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                tabula_engine::ToMove::Seat(s) => s,
                _ => break,
            };
            let legal = m.game().legal_actions(s);
            let a = legal[rng.below(legal.len() as u64) as usize];
            m.play(s, &a).unwrap();
        }
        let record = m.record().clone();
        let mut r = Replay::new(record.clone()).unwrap();
        assert!(
            r.len() > record.actions.len(),
            "execution steps are positions"
        );
        assert_eq!(r.standings.len(), r.len() + 1);
        // Every position agrees with stepping the game there by hand.
        for pos in (0..=r.len()).rev() {
            r.seek(pos);
            let mut g: StarTigris = initial_state(&record).unwrap();
            if let Some(st) = pos.checked_sub(1).map(|i| r.steps[i].clone()) {
                for (i, s) in record.actions.iter().enumerate().take(st.action) {
                    apply_recorded(&mut g, i, s).unwrap();
                }
                let step = &record.actions[st.action];
                let a = read_action::<StarTigris>(st.action, step).unwrap();
                g.apply(step.seat, &a).unwrap();
                let mut made = 0;
                while g.to_move() == tabula_engine::ToMove::Chance
                    && st.chance.is_none_or(|c| made < c)
                {
                    g.apply_chance().unwrap();
                    made += 1;
                }
            }
            assert_eq!(r.game().state_hash(), g.state_hash(), "at {pos}");
        }
        r.seek(usize::MAX);
        assert_eq!(r.game().state_hash(), record.final_hash);
        let skipped = r
            .steps
            .iter()
            .flat_map(|s| &s.lines)
            .filter(|l| l.starts_with("Skipped"))
            .count();
        assert!(skipped > 0, "some orders were skipped");
    }

    #[test]
    fn turns_and_log_lines() {
        let record = random_record(9, 2, 120);
        let mut r = Replay::new(record).unwrap();
        assert!(r.steps.iter().all(|s| !s.lines.is_empty()));
        assert_eq!(r.turn_at(0), 1);
        let next = r.next_turn();
        assert!(next > 0 && r.turn_at(next) == 2, "next turn at {next}");
        r.seek(next);
        assert_eq!(r.previous_turn(), 0, "back to the start of turn 1");
        r.seek(next + 1);
        assert_eq!(r.previous_turn(), next, "back to the start of this turn");
        let mut bad = r.record.clone();
        bad.actions[5].seat = 1 - bad.actions[5].seat;
        let e = Replay::new(bad).unwrap_err();
        assert!(matches!(e, RecordError::Step { index: 5, .. }), "{e}");
    }
}
