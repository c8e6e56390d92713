//! The page's game runner, orders and frames, played out natively.

use serde_json::json;
use tabula_domains::original::parse_original;
use tabula_domains::{Action, Dir, Options};
use tabula_domains_page::autosave::{Kept, VERSION, keep, read_kept};
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
    assert_eq!(film.frame(0).unwrap(), first);
    let rebuilt: Vec<_> = (1..31).map(|i| film.frame(i).unwrap()).collect();
    assert_eq!(rebuilt, frames);
    assert!(film.frame(31).is_none());
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
            Report::Note { seat: 0, text, .. } => Some(text.clone()),
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
fn a_skipped_bot_is_said_in_the_language_the_page_chose() {
    tabula_domains_page::words::use_code("de");
    let seats = [
        seat("Broken", SeatKind::Script),
        seat("Demo", SeatKind::Bot("demo".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 2).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    r.answer(0, 0, Some(&json!([{"unit": 0, "move": "north"}])), &mut out);
    tabula_page_kit::i18n::use_lang(None);
    let (text, bad) = out
        .iter()
        .find_map(|x| match x {
            Report::Note { seat: 0, text, bad } => Some((text.clone(), *bad)),
            _ => None,
        })
        .unwrap();
    assert!(bad);
    assert_eq!(
        text,
        "ab Runde 1 keine Befehle mehr in diesem Spiel, weil seine Befehle fehlerhaft sind (Befehl 1 von 1: „move“: unbekannte Richtung \"north\" (none, up, down, left, right, up_left, up_right, down_left, down_right))"
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
            Report::Note { seat: 0, text, .. } => Some(text.clone()),
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
    // Boards are rebuilt from changes as the file has them.
    for f in [0, 1, 250, 500] {
        let cells = film.frame(f).unwrap().cells;
        assert_eq!(
            cells,
            tabula_domains_page::frames::write_cells(&game.cells_at(f)),
            "frame {f}"
        );
    }
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

/// What the page keeps for runner `r`.
fn kept(r: &Runner, codes: &[Option<String>], limit: f64) -> String {
    keep(&Kept {
        version: VERSION,
        game: r.saved(),
        codes: codes.to_vec(),
        limit,
        skips: r.skips().to_vec(),
        tab: "tab-1".into(),
    })
}

fn frames_in(out: &[Report]) -> usize {
    out.iter().filter(|r| matches!(r, Report::Frame(_))).count()
}

/// Play a game of a person (seat 0), a bot written in the page (seat 1)
/// and `dummy` (seat 2) for `rounds` rounds, the person moving its first
/// unit up and down and the script standing still.
fn played_for(rounds: u32) -> Runner {
    let seats = [
        seat("You", SeatKind::Person),
        seat("Mine", SeatKind::Script),
        seat("Dummy", SeatKind::Bot("dummy".into())),
    ];
    let mut r = Runner::new(&small(), &seats, 9).unwrap();
    let mut out = Vec::new();
    r.advance(&mut out);
    for round in 0..rounds {
        let dir = if round % 2 == 0 { "up" } else { "down" };
        r.answer(0, round, Some(&json!([{"unit": 0, "move": dir}])), &mut out);
        r.answer(1, round, Some(&json!([])), &mut out);
        r.advance(&mut out);
    }
    assert_eq!(r.game().board.round, rounds);
    r
}

#[test]
fn a_game_kept_part_way_resumes_where_it_was_and_plays_on_the_same() {
    let mut r = played_for(4);
    assert_eq!(r.awaited(), [0, 1]);
    let codes = vec![
        None,
        Some("function orders(v) { return []; }".to_string()),
        None,
    ];
    let res = read_kept(&kept(&r, &codes, 50.0)).unwrap();
    assert_eq!(res.codes, codes);
    assert_eq!(res.seats[0].kind, SeatKind::Person);
    assert_eq!(res.seats[1].kind, SeatKind::Script);
    assert_eq!(res.options, small());
    let mut out = Vec::new();
    let mut again = Runner::resume(&res.record, &res.skips, &mut out).unwrap();
    assert_eq!(frames_in(&out), 5, "the first frame and four rounds");
    again.advance(&mut out);
    assert_eq!(again.awaited(), [0, 1], "it waits for the same answers");
    assert_eq!(need(&out).map(|n| (n.0, n.1)), Some((0, 4)));
    assert_eq!(*again.record(), *r.record());
    // Both play on the same.
    for g in [&mut r, &mut again] {
        let mut o = Vec::new();
        g.answer(0, 4, Some(&json!([{"unit": 0, "move": "right"}])), &mut o);
        g.answer(1, 4, None, &mut o);
        g.advance(&mut o);
    }
    assert_eq!(*again.record(), *r.record());
    assert_eq!(again.game().board.round, 5);
}

#[test]
fn a_game_kept_with_one_answer_given_asks_only_for_the_other() {
    let mut r = played_for(2);
    let mut out = Vec::new();
    r.answer(0, 2, Some(&json!([{"unit": 0, "move": "up"}])), &mut out);
    r.advance(&mut out);
    assert_eq!(r.awaited(), [1]);
    let res = read_kept(&kept(&r, &[None, Some(String::new()), None], 50.0)).unwrap();
    let mut out = Vec::new();
    let mut again = Runner::resume(&res.record, &res.skips, &mut out).unwrap();
    again.advance(&mut out);
    assert_eq!(again.awaited(), [1]);
    assert_eq!(need(&out).map(|n| (n.0, n.1)), Some((1, 2)));
    assert_eq!(*again.record(), *r.record());
}

#[test]
fn a_kept_game_that_does_not_read_or_plays_another_way_is_refused_with_why() {
    let r = played_for(3);
    let good = kept(&r, &[None, Some(String::new()), None], 50.0);
    let err = |text: &str| read_kept(text).unwrap_err();
    assert!(err("{").contains("does not read"));
    assert!(err(&good.replace("\"version\":1", "\"version\":9")).contains("another version"));
    assert!(err(&kept(&r, &[None, None, None], 50.0)).contains("seat 2 (Mine) has lost its code"));
    assert!(err(&kept(&r, &[None, None], 50.0)).contains("code for 2 seats, but the game has 3"));
    assert!(err(&kept(&r, &[None, Some(String::new()), None], 0.0)).contains("time per round"));
    let damaged = good.replace("game=", "game=AAAA");
    assert!(err(&damaged).contains("damaged"), "{}", err(&damaged));
    // Seat 3's bot is not the one that played: the orders are legal but
    // the bot now chooses others.
    let mut record = r.record().clone();
    record.seats[2].player = "bot:demo".into();
    let e = Runner::resume(&record, &[], &mut Vec::new()).err().unwrap();
    assert!(
        e.contains("does not play the same way again") && e.contains("seat 3"),
        "{e}"
    );
}

/// Orders for an asked seat from its view: each unit takes one of its
/// legal moves, picked by `salt`.
fn some_orders(view: &serde_json::Value, salt: u64) -> serde_json::Value {
    let orders: Vec<serde_json::Value> = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            let moves = e["moves"].as_array()?;
            let unit = e["unit"].as_u64()?;
            let pick = moves.get(((salt + unit * 7) % moves.len().max(1) as u64) as usize)?;
            Some(json!({"unit": unit, "move": pick}))
        })
        .collect();
    json!(orders)
}

/// Answer every need in `out` (and those that follow) until the game is
/// over or `stop_at` rounds are played.
fn play_needs(r: &mut Runner, out: Vec<Report>, stop_at: u32) {
    let mut pending = out;
    loop {
        let needs: Vec<(u8, u32, serde_json::Value)> = pending
            .iter()
            .filter_map(|x| match x {
                Report::Need { seat, round, view } => Some((*seat, *round, view.clone())),
                _ => None,
            })
            .collect();
        if needs.is_empty() || r.game().board.round >= stop_at {
            return;
        }
        let mut next = Vec::new();
        for (seat, round, view) in needs {
            let salt = round as u64 * 31 + seat as u64;
            r.answer(seat, round, Some(&some_orders(&view, salt)), &mut next);
        }
        r.advance(&mut next);
        pending = next;
    }
}

#[test]
fn games_kept_at_any_round_resume_to_the_same_game() {
    for seed in 0..12u64 {
        let seats = [
            seat("Mine", SeatKind::Script),
            seat("Painter", SeatKind::Bot("painter".into())),
            seat("You", SeatKind::Person),
            seat("Demo", SeatKind::Bot("demo".into())),
        ];
        let stop_at = 1 + (seed as u32 * 7) % 28;
        let mut whole = Runner::new(&small(), &seats, seed).unwrap();
        let mut out = Vec::new();
        whole.advance(&mut out);
        play_needs(&mut whole, out, u32::MAX);
        assert!(whole.game().finished(), "seed {seed}");

        let mut first = Runner::new(&small(), &seats, seed).unwrap();
        let mut out = Vec::new();
        first.advance(&mut out);
        play_needs(&mut first, out, stop_at);
        let res = read_kept(&kept(
            &first,
            &[Some(String::new()), None, None, None],
            50.0,
        ))
        .unwrap();
        let mut out = Vec::new();
        let mut again = Runner::resume(&res.record, &res.skips, &mut out)
            .unwrap_or_else(|e| panic!("seed {seed}, kept at round {stop_at}: {e}"));
        assert_eq!(frames_in(&out) as u32, stop_at + 1, "seed {seed}");
        again.advance(&mut out);
        play_needs(&mut again, out, u32::MAX);
        assert_eq!(
            *again.record(),
            *whole.record(),
            "seed {seed}, kept at round {stop_at}"
        );
    }
}

#[test]
fn skipped_seats_stay_skipped_when_a_game_is_resumed() {
    let seats = [
        seat("Mine", SeatKind::Script),
        seat("Painter", SeatKind::Bot("painter".into())),
        seat("You", SeatKind::Person),
        seat("Dummy", SeatKind::Bot("dummy".into())),
    ];
    let mut whole = Runner::new(&small(), &seats, 21).unwrap();
    let mut out = Vec::new();
    whole.advance(&mut out);
    play_needs(&mut whole, out, 3);
    // The script answers garbage (skipped by the runner) and the page
    // skips the dummy bot (as it would a bot that failed).
    let mut out = Vec::new();
    whole.answer(0, 3, Some(&json!({"not": "a list"})), &mut out);
    whole.skip(3, "told to stop".into(), &mut out);
    whole.answer(2, 3, Some(&json!([])), &mut out);
    whole.advance(&mut out);
    play_needs(&mut whole, out, 9);
    assert_eq!(
        whole.skips().iter().map(|s| s.0).collect::<Vec<_>>(),
        [0, 3]
    );
    let codes = [Some("x".to_string()), None, None, None];
    let res = read_kept(&kept(&whole, &codes, 50.0)).unwrap();
    assert_eq!(res.skips, whole.skips());
    let mut out = Vec::new();
    let mut again = Runner::resume(&res.record, &res.skips, &mut out).unwrap();
    again.advance(&mut out);
    assert_eq!(
        again.awaited(),
        [2],
        "only the person is asked; the script stays skipped"
    );
    for r in [&mut whole, &mut again] {
        let mut o = Vec::new();
        r.advance(&mut o);
        play_needs(r, o, u32::MAX);
        let mut o = Vec::new();
        let round = r.game().board.round;
        r.answer(2, round, Some(&json!([])), &mut o);
        r.advance(&mut o);
        play_needs(r, o, u32::MAX);
    }
    assert!(whole.game().finished());
    assert_eq!(*again.record(), *whole.record());
    // A skip that names no seat of the game is refused.
    let bad = kept(&whole, &codes, 50.0).replace("\"skips\":[[0,", "\"skips\":[[9,");
    assert!(read_kept(&bad).unwrap_err().contains("skips seat 10"));
}

#[test]
fn seats_of_the_same_bot_are_told_apart_by_a_number() {
    use tabula_domains_page::runner::{SeatKind, SeatSpec, number_same_names};
    let seat = |name: &str, bot: &str| SeatSpec {
        name: name.into(),
        kind: SeatKind::Bot(bot.into()),
    };
    let mut seats = vec![
        seat("demo", "demo"),
        seat("painter", "painter"),
        seat("demo", "demo"),
    ];
    number_same_names(&mut seats);
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["demo 1", "painter", "demo 2"]);
}
