//! The replay viewer's model, on the page kit's replay model
//! ([`tabula_page_kit::replay_model`]): each position's log lines and the
//! action or order it shows, and every seat's standing at every position
//! for the chart.
//!
//! A position is normally one recorded action. In the simultaneous variant
//! the action that seals the last orders stops twice more: once with the
//! sealed orders revealed, then once for each order carried out (or
//! skipped), so the resolution is stepped through order by order.

use tabula_engine::{GameRecord, RecordError};
use tabula_page_kit::replay_model::Part;
use tabula_star_tigris::{Action, Event, Phase, StarTigris};

use crate::describe;

/// What the viewer says of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The action, then what it caused, in plain language.
    pub lines: Vec<String>,
    /// The action or order shown at this position (its cell is marked).
    pub shown: Action,
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

/// A Star Tigris game being replayed: each position's lines, and every
/// seat's standing as its scores.
pub type Replay = tabula_page_kit::replay_model::Replay<StarTigris, Told, Vec<Standing>>;

/// The replay viewer's state: the kit's viewer (its `seat` is the seat
/// whose hand is shown; `None` shows everything).
pub type ReplayView = tabula_page_kit::replay_viewer::Viewer<StarTigris, Told, Vec<Standing>>;

/// Replay speeds offered, in actions per second (½× to 16×).
pub const REPLAY_SPEEDS: [f64; 6] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

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

/// Check a record in full (every action, the final hash) and prepare its
/// replay, at the start.
pub fn open(record: GameRecord) -> Result<Replay, RecordError> {
    let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
    Replay::new(record, standings, |g, seat, &action, _| {
        let turn = g.turn();
        let mut events: Vec<Event> = Vec::new();
        let mut logged = g.clone();
        let first = describe::action_seen(&names, &logged, seat, &action);
        logged
            .apply_logged(seat, &action, &mut events)
            .map_err(|e| e.to_string())?;
        let mut lines = vec![first];
        let mut parts = Vec::new();
        if matches!(logged.phase(), Phase::Execute { .. }) {
            // The sealed orders are revealed: stop here, then after each
            // order carried out.
            lines.extend(lines_of(&names, &events));
            parts.push(Part {
                seat,
                turn,
                chance: Some(0),
                info: Told {
                    lines,
                    shown: action,
                },
                score: standings(&logged),
            });
            let mut made = 0;
            while let Phase::Execute { step: slot } = logged.phase() {
                let next = (slot as usize..2 * logged.players()).find_map(|s| logged.slot_order(s));
                let mut events: Vec<Event> = Vec::new();
                logged
                    .chance_logged(&mut events)
                    .map_err(|e| e.to_string())?;
                made += 1;
                let last = !matches!(logged.phase(), Phase::Execute { .. });
                if last {
                    logged
                        .settle_logged(&mut events)
                        .map_err(|e| e.to_string())?;
                }
                let (seat, shown) = next.unwrap_or((seat, action));
                parts.push(Part {
                    seat,
                    turn,
                    chance: (!last).then_some(made),
                    info: Told {
                        lines: lines_of(&names, &events),
                        shown,
                    },
                    score: standings(&logged),
                });
            }
        } else {
            logged
                .settle_logged(&mut events)
                .map_err(|e| e.to_string())?;
            lines.extend(lines_of(&names, &events));
            parts.push(Part {
                seat,
                turn,
                chance: None,
                info: Told {
                    lines,
                    shown: action,
                },
                score: standings(&logged),
            });
        }
        Ok(parts)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::Game;
    use tabula_engine::record::Match;
    use tabula_engine::record::{apply_recorded, initial_state, read_action};
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
        let mut r = open(record.clone()).unwrap();
        assert_eq!(r.len(), record.actions.len());
        assert_eq!(r.scores.len(), r.len() + 1);
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
        let mut r = open(record.clone()).unwrap();
        assert!(
            r.len() > record.actions.len(),
            "execution steps are positions"
        );
        assert_eq!(r.scores.len(), r.len() + 1);
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
            .flat_map(|s| &s.info.lines)
            .filter(|l| l.starts_with("Skipped"))
            .count();
        assert!(skipped > 0, "some orders were skipped");
    }

    #[test]
    fn turns_and_log_lines() {
        let record = random_record(9, 2, 120);
        let mut r = open(record).unwrap();
        assert!(r.steps.iter().all(|s| !s.info.lines.is_empty()));
        assert_eq!(r.turn_at(0), 1);
        let next = r.next_turn();
        assert!(next > 0 && r.turn_at(next) == 2, "next turn at {next}");
        r.seek(next);
        assert_eq!(r.previous_turn(), 0, "back to the start of turn 1");
        r.seek(next + 1);
        assert_eq!(r.previous_turn(), next, "back to the start of this turn");
        let mut bad = r.record.clone();
        bad.actions[5].seat = 1 - bad.actions[5].seat;
        let e = open(bad).unwrap_err();
        assert!(matches!(e, RecordError::Step { index: 5, .. }), "{e}");
    }
}
