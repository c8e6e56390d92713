//! The page's game runner, orders and frames, played out natively.

use serde_json::json;
use tabula_domains::original::parse_original;
use tabula_domains::{Action, Dir, Options};
use tabula_domains_page::frames::Film;
use tabula_domains_page::orders::{orders_json, read_orders};
use tabula_domains_page::runner::{Report, Runner, SeatKind, SeatSpec};
use tabula_engine::record::parse_record;

fn seat(name: &str, kind: SeatKind) -> SeatSpec {
    SeatSpec {
        name: name.into(),
        kind,
    }
}

fn small() -> Options {
    Options::small(12, 30)
}

fn done(out: &[Report]) -> Option<String> {
    out.iter().find_map(|r| match r {
        Report::Done { record } => Some(record.clone()),
        _ => None,
    })
}

#[test]
fn built_in_bots_play_to_the_end_and_the_record_replays_to_the_same_frames() {
    let seats = [
        seat("Demo", SeatKind::Bot("demo".into())),
        seat("Painter", SeatKind::Bot("painter".into())),
        seat("Dummy", SeatKind::Bot("dummy".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 5).unwrap();
    let first = r.frame();
    let mut out = Vec::new();
    r.advance(&mut out);
    let frames: Vec<_> = out
        .iter()
        .filter_map(|x| match x {
            Report::Frame(f) => Some(f.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(frames.len(), 30);
    assert_eq!(frames.last().unwrap().round, 30);
    let record = parse_record(&done(&out).expect("the game ends")).unwrap();
    let (film, _) = Film::of_record(&record).unwrap();
    assert_eq!(film.frames.len(), 31);
    assert_eq!(film.frames[0], first);
    assert_eq!(&film.frames[1..], &frames[..]);
    assert!(film.is_complete());
    assert_eq!(film.names, ["Demo", "Painter", "Dummy"]);
}

fn need(out: &[Report]) -> Option<(u8, u32, serde_json::Value)> {
    out.iter().find_map(|r| match r {
        Report::Need { seat, round, view } => Some((*seat, *round, view.clone())),
        _ => None,
    })
}

#[test]
fn a_script_seat_is_asked_with_its_view_and_its_orders_are_played() {
    let seats = [
        seat("Mine", SeatKind::Script),
        seat("Demo", SeatKind::Bot("demo".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 1).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    let (s, round, view) = need(&out).expect("seat 0 is asked");
    assert_eq!((s, round), (0, 0));
    assert_eq!(view["me"], 0);
    assert_eq!(view["rows"], 12);
    assert_eq!(view["paint"][10][1], 0, "player 0's corner is painted");
    let unit = view["legal"][0]["unit"].as_u64().unwrap();
    assert!(
        view["legal"][0]["moves"]
            .as_array()
            .unwrap()
            .contains(&json!("up"))
    );
    let before = view["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == unit)
        .unwrap()["row"]
        .as_i64()
        .unwrap();
    // Until it answers, the game waits.
    let mut more = Vec::new();
    r.advance(&mut more);
    assert!(more.is_empty());
    r.answer(
        0,
        0,
        Some(&json!([{"unit": unit, "move": "up"}])),
        &mut more,
    );
    r.advance(&mut more);
    let u = &r.game().board.units[unit as usize];
    assert_eq!(r.game().board.coords(u.at).0 as i64, before - 1);
    let (_, round, _) = need(&more).expect("asked again");
    assert_eq!(round, 1);
    // No answer in time: no orders; the game goes on.
    let mut later = Vec::new();
    r.answer(0, 1, None, &mut later);
    r.advance(&mut later);
    assert_eq!(need(&later).unwrap().1, 2);
}

#[test]
fn several_people_are_asked_together_and_the_round_waits_for_all_of_them() {
    let seats = [
        seat("Person 1", SeatKind::Person),
        seat("Demo", SeatKind::Bot("demo".into())),
        seat("Person 2", SeatKind::Person),
    ];
    let mut r = Runner::new(&small(), &seats, 4).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    let asked: Vec<(u8, u32)> = out
        .iter()
        .filter_map(|x| match x {
            Report::Need { seat, round, view } => {
                assert_eq!(view["me"], *seat, "each is asked with its own view");
                Some((*seat, *round))
            }
            _ => None,
        })
        .collect();
    assert_eq!(asked, [(0, 0), (2, 0)]);
    // One answer is not enough: the round waits for the other person.
    let mut more = Vec::new();
    r.answer(0, 0, Some(&json!([])), &mut more);
    r.advance(&mut more);
    assert!(need(&more).is_none());
    assert_eq!(r.game().board.round, 0);
    r.answer(2, 0, Some(&json!([])), &mut more);
    r.advance(&mut more);
    assert_eq!(r.game().board.round, 1);
    let again: Vec<u8> = more
        .iter()
        .filter_map(|x| match x {
            Report::Need { seat, round: 1, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(again, [0, 2]);
}

#[test]
fn malformed_orders_skip_the_bot_for_the_rest_of_the_game_and_it_still_ends() {
    let seats = [
        seat("Broken", SeatKind::Script),
        seat("Demo", SeatKind::Bot("demo".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 2).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    r.answer(0, 0, Some(&json!({"unit": 0})), &mut out);
    r.advance(&mut out);
    let note = out
        .iter()
        .find_map(|x| match x {
            Report::Note { seat: 0, text } => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        note.contains("orders must be an array, not an object"),
        "{note}"
    );
    assert!(note.contains("no more orders"));
    assert!(done(&out).is_some(), "the game finished without the bot");
    assert_eq!(
        out.iter()
            .filter(|x| matches!(x, Report::Need { .. }))
            .count(),
        1
    );
}

#[test]
fn orders_the_rules_refuse_are_dropped_and_said() {
    let seats = [
        seat("Mine", SeatKind::Person),
        seat("Demo", SeatKind::Bot("demo".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 3).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    let (_, _, view) = need(&out).unwrap();
    let unit = view["legal"][0]["unit"].as_u64().unwrap();
    let mut more = Vec::new();
    r.answer(
        0,
        0,
        Some(&json!([{"unit": 99, "move": "up"}, {"unit": unit, "move": "down"}])),
        &mut more,
    );
    r.advance(&mut more);
    let note = more
        .iter()
        .find_map(|x| match x {
            Report::Note { seat: 0, text } => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(note.contains("order 1: there is no unit 99"), "{note}");
    assert!(
        need(&more).is_some(),
        "still playing: only that order was dropped"
    );
}

#[test]
fn orders_read_back_and_every_problem_names_its_order() {
    let orders = vec![
        Action::Move {
            unit: 2,
            dir: Dir::UpLeft,
        },
        Action::Attack {
            unit: 3,
            dir: Dir::Down,
        },
        Action::Ability { unit: 4 },
    ];
    assert_eq!(read_orders(&orders_json(&orders)).unwrap(), orders);
    assert_eq!(read_orders(&json!(null)).unwrap(), vec![]);
    let cases = [
        (
            json!([{"unit": 1, "move": "north"}]),
            "order 1 of 1: \"move\": unknown direction \"north\"",
        ),
        (
            json!([{"unit": 1, "move": "up"}, 5]),
            "order 2 of 2: an order must be an object, not a number",
        ),
        (json!([{"move": "up"}]), "names no \"unit\""),
        (
            json!([{"unit": -1, "move": "up"}]),
            "\"unit\" must be a unit's id",
        ),
        (
            json!([{"unit": 1, "move": "up", "attack": "up"}]),
            "move and attack",
        ),
        (
            json!([{"unit": 1}]),
            "no \"move\", \"attack\" or \"ability\"",
        ),
        (
            json!([{"unit": 1, "ability": "yes"}]),
            "\"ability\" must be true",
        ),
        (json!("up"), "orders must be an array, not a string"),
    ];
    for (answer, expected) in cases {
        let e = read_orders(&answer).unwrap_err();
        assert!(e.contains(expected), "{answer}: {e}");
    }
}

#[test]
fn a_file_of_the_original_program_becomes_frames() {
    let text = include_str!("../../domains/tests/fixtures/playerdemo4-seed3.new.txt");
    let game = parse_original(text).unwrap();
    let film = Film::of_original(&game);
    assert_eq!((film.rows, film.cols, film.rounds), (50, 50, 500));
    assert_eq!(film.frames.len(), 501);
    assert!(film.is_complete());
    assert_eq!(film.frames[500].points, [38528, 43340, 35242, 33902]);
    assert!(film.frames[0].energy_at(0).is_none());
}

#[test]
fn a_record_of_another_ruleset_or_a_tampered_one_is_refused() {
    let seats = [
        seat("A", SeatKind::Bot("demo".into())),
        seat("B", SeatKind::Bot("demo".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 9).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    let mut record = parse_record(&done(&out).unwrap()).unwrap();
    record.final_hash = tabula_engine::StateHash(1);
    assert!(
        Film::of_record(&record)
            .unwrap_err()
            .to_string()
            .contains("ends in state")
    );
    record.ruleset = "star-tigris".into();
    assert!(
        Film::of_record(&record)
            .unwrap_err()
            .to_string()
            .contains("not \"domains\"")
    );
}

#[test]
fn bad_seats_are_refused() {
    let seats = [
        seat("A", SeatKind::Bot("nobody".into())),
        seat("B", SeatKind::Script),
    ];
    let e = Runner::new(&small(), &seats, 1).err().unwrap();
    assert!(e.contains("seat 1"), "{e}");
    let one = [seat("A", SeatKind::Script)];
    assert!(Runner::new(&small(), &one, 1).is_err());
}

#[test]
fn a_whole_standard_game_travels_in_a_link_and_comes_back_the_same() {
    use tabula_domains::Domains;
    use tabula_engine::link::{MAX_LINK_CHARS, record_fragment, record_text_from_fragment};
    let seats: Vec<SeatSpec> = (0..4)
        .map(|i| seat(&format!("Dummy {i}"), SeatKind::Bot("dummy".into())))
        .collect();
    let mut r = Runner::new(&Options::default(), &seats, 11).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    let text = done(&out).unwrap();
    let record = parse_record(&text).unwrap();
    assert!(
        record.actions.len() > 10_000,
        "{} actions",
        record.actions.len()
    );
    let fragment = record_fragment::<Domains>(&record);
    assert!(
        fragment.len() < MAX_LINK_CHARS / 4,
        "{} characters",
        fragment.len()
    );
    let back = record_text_from_fragment::<Domains>(&fragment)
        .unwrap()
        .unwrap();
    assert_eq!(parse_record(&back).unwrap(), record);
    println!(
        "{} actions, record {} bytes, link {} characters",
        record.actions.len(),
        text.len(),
        fragment.len()
    );
}
