//! Tournaments of Vector: bots with clocks, faulty players disqualifying
//! their team, and records that replay to the same results.

use std::time::Duration;

use tabula_ai::bot_from_spec;
use tabula_engine::Seat;
use tabula_tournament::{
    BotPlayer, Entrant, Fault, Player, Settings, TournamentRecord, run, verify,
};
use tabula_vector::{Action, Dir, Vector, View};

fn settings(games: usize) -> Settings {
    Settings {
        games,
        seed: 9,
        balanced: false,
        time_limit: Duration::from_millis(500),
        options: serde_json::Value::Null,
        map: None,
    }
}

fn entrants(names: &[&str]) -> Vec<Entrant> {
    names
        .iter()
        .map(|n| Entrant {
            name: (*n).into(),
            player: format!("bot:{n}"),
        })
        .collect()
}

fn bots(specs: &[&str]) -> Vec<Box<dyn Player<Vector>>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            Box::new(BotPlayer(bot_from_spec::<Vector>(s, i as u64).unwrap()))
                as Box<dyn Player<Vector>>
        })
        .collect()
}

/// A player with a fault: slow, illegal, garbage or panicking, from its
/// `after`-th decision on.
struct Faulty {
    kind: &'static str,
    after: usize,
    seen: usize,
}

impl Player<Vector> for Faulty {
    fn decide(&mut self, view: &View, seat: Seat, limit: Duration) -> Result<Action, Fault> {
        self.seen += 1;
        let legal = tabula_engine::Game::legal_actions(&view.state, seat);
        if self.seen <= self.after {
            return Ok(legal[0]);
        }
        match self.kind {
            "late" => Err(Fault::Late {
                ms: limit.as_secs_f64() * 2000.0,
                limit_ms: limit.as_secs_f64() * 1000.0,
            }),
            "illegal" => Ok(match legal[0] {
                Action::Direction(_) => Action::Magnitude(2),
                Action::Magnitude(_) => Action::Direction(Dir::N),
            }),
            "garbage" => Err(Fault::Malformed {
                text: "DIRECTION: UP".into(),
            }),
            _ => panic!("a faulty player"),
        }
    }
}

#[test]
fn thirteen_games_of_bots_with_clocks_and_the_record_replays_to_the_same_results() {
    let names = ["random", "greedy", "random", "greedy"];
    let mut players = bots(&names);
    let mut heard = 0;
    let t = run::<Vector>(&settings(13), &entrants(&names), &mut players, |_, _| {
        heard += 1
    })
    .unwrap();
    assert_eq!(heard, 13);
    assert_eq!(t.games.len(), 13);
    assert_eq!(t.seatings.len(), 13, "every seating announced up front");
    let total: f64 = t.standings.iter().map(|s| s.points).sum();
    assert_eq!(
        total,
        13.0 * 2.0,
        "two seats score a win, or four a half, each game"
    );
    assert!(t.games.iter().all(|g| g.disqualified.is_empty()));
    // Written and read back, it replays to the same results.
    let text = serde_json::to_string(&t).unwrap();
    let back: TournamentRecord = serde_json::from_str(&text).unwrap();
    verify::<Vector>(&back).unwrap();
    // A tampered result is caught.
    let mut bad = back.clone();
    bad.games[3].points[0] = 1.0 - bad.games[3].points[0] + 0.25;
    assert!(verify::<Vector>(&bad).unwrap_err().contains("game 3"));
    let mut bad = back;
    bad.standings.swap(0, 1);
    assert!(verify::<Vector>(&bad).is_err());
}

#[test]
fn a_faulty_seat_disqualifies_its_team_and_the_tournament_goes_on() {
    for kind in ["late", "illegal", "garbage", "panic"] {
        let names = ["random", "random", "random", "faulty"];
        let mut players = bots(&names[..3]);
        players.push(Box::new(Faulty {
            kind,
            after: 5,
            seen: 0,
        }));
        let t = run::<Vector>(&settings(4), &entrants(&names), &mut players, |_, _| {}).unwrap();
        assert_eq!(t.games.len(), 4, "{kind}: every game is played");
        for g in &t.games {
            let seat = g.seating.iter().position(|&e| e == 3).unwrap();
            assert_eq!(g.disqualified.len(), 1, "{kind}");
            assert_eq!(g.disqualified[0].seat as usize, seat);
            // The faulty seat's team loses; the other team wins.
            for s in 0..4 {
                let expected = if s % 2 == seat % 2 { 0.0 } else { 1.0 };
                assert_eq!(g.points[s], expected, "{kind}: seat {s}");
            }
        }
        assert_eq!(t.standings.last().unwrap().entrant, 3, "{kind}: last");
        verify::<Vector>(&t).unwrap();
    }
}

#[test]
fn both_teams_at_fault_at_once_is_a_tie() {
    let names = ["a", "b", "c", "d"];
    let mut players: Vec<Box<dyn Player<Vector>>> = (0..4)
        .map(|i| {
            Box::new(Faulty {
                kind: if i % 2 == 0 { "late" } else { "garbage" },
                after: 0,
                seen: 0,
            }) as Box<dyn Player<Vector>>
        })
        .collect();
    let mut s = settings(1);
    s.balanced = true;
    let t = run::<Vector>(&s, &entrants(&names), &mut players, |_, _| {}).unwrap();
    let g = &t.games[0];
    // North is asked first and fails; nobody else is asked in a
    // one-at-a-time phase: one team at fault.
    assert_eq!(g.disqualified.len(), 1);
    // In the magnitude phase every playing seat is asked: several at once.
    let mut players: Vec<Box<dyn Player<Vector>>> = (0..4)
        .map(|i| {
            Box::new(Faulty {
                kind: if i % 2 == 0 { "late" } else { "garbage" },
                after: 1,
                seen: 0,
            }) as Box<dyn Player<Vector>>
        })
        .collect();
    let t = run::<Vector>(&s, &entrants(&names), &mut players, |_, _| {}).unwrap();
    let g = &t.games[0];
    assert_eq!(
        g.disqualified.len(),
        4,
        "all four fail the magnitude phase together"
    );
    assert_eq!(g.points, vec![0.5; 4], "every team at fault: a tie");
    verify::<Vector>(&t).unwrap();
}
