//! The replay of a Catan game on the page kit's replay model
//! ([`tabula_page_kit::replay_model`]): one position per recorded action,
//! with what its words take from the game before it and what it set off,
//! and every seat's points after it for the chart. Pure Rust, tested
//! natively.

use tabula_catan::{Action, Catan, Event};
use tabula_engine::{Game, GameRecord, RecordError, Seat, ToMove};
use tabula_page_kit::replay_model::Part;

/// What the viewer says of one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The action.
    pub action: Action,
    /// What its words take from the game as it was then.
    pub facts: crate::game_words::Facts,
    /// What it set off (dice, production, thefts, draws, attacks, …).
    pub events: Vec<Event>,
}

/// A Catan game being replayed: each position says its action, and the
/// scores are every seat's points.
pub type Replay = tabula_page_kit::replay_model::Replay<Catan, Told, Vec<u32>>;

fn points(g: &Catan) -> Vec<u32> {
    (0..g.seat_count() as Seat).map(|s| g.points(s)).collect()
}

/// Check a record in full (every action, the final hash) and prepare its
/// replay, at the start.
pub fn open(record: GameRecord) -> Result<Replay, RecordError> {
    Replay::new(record, points, |g, seat, action, _| {
        let facts = crate::game_words::Facts::before(g, action, seat);
        let mut after = g.clone();
        let mut events = Vec::new();
        after
            .apply_logged(seat, action, &mut events)
            .map_err(|e| e.to_string())?;
        while after.to_move() == ToMove::Chance {
            after
                .apply_chance_logged(&mut events)
                .map_err(|e| e.to_string())?;
        }
        Ok(vec![Part {
            seat,
            turn: g.turn,
            chance: None,
            info: Told {
                action: *action,
                facts,
                events,
            },
            score: points(&after),
        }])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Options;
    use tabula_engine::record::{random_record, replay};

    /// Each position tells its action and what it set off; the chart's
    /// last points are the game's; a damaged record is refused. (Seeking
    /// and turns are the kit's model's, tested there.)
    #[test]
    fn a_catan_replay_tells_each_action_and_scores_its_points() {
        let options = Options {
            points: Some(6),
            ..Options::default()
        };
        let record = random_record::<Catan>(&options, None, 3, 4, 50_000).unwrap();
        let mut r = open(record.clone()).unwrap();
        assert_eq!(r.len(), record.actions.len());
        let end = replay::<Catan>(&record).unwrap();
        assert_eq!(r.scores.len(), r.len() + 1);
        assert_eq!(r.scores.last().unwrap(), &points(&end));
        r.seek(r.len());
        assert_eq!(r.game().state_hash(), end.state_hash());
        assert!(
            r.steps.iter().any(|s| !s.info.events.is_empty()),
            "dice and production are told"
        );
        let mut bad = record;
        bad.actions[10].seat = (bad.actions[10].seat + 1) % 3;
        assert!(open(bad).is_err());
    }
}
