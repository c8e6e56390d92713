//! Nothing is lost when the server stops: killed mid-game (SIGKILL) and
//! started again on the same rooms folder, a room resumes at its last
//! action and a client's seat token gets its seat back.

mod common;
mod online_common;

use std::time::Duration;

use online_common::{Client, check_frames, create, site, start, start_with};
use serde_json::{Value, json};
use tabula_star_tigris::StarTigris;

use common::scratch;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_room_and_gives_a_seat_back_by_its_token() {
    let site = site("online-restart");
    let rooms = scratch("online-restart-rooms");
    let mut server = start(&site, &rooms);
    let mut c = Client::connect(server.port).await;
    let room = create(
        &mut c,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "bot:random", "bot:random"], "seed": 21, "takeover_s": 600}),
    )
    .await;
    // A second room, only bots: it plays to its end on its own.
    let other = create(
        &mut c,
        json!({"type": "create", "ruleset": "domains", "seats": ["bot:random", "bot:random"], "seed": 4}),
    )
    .await;
    c.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    let joined = c.until("joined").await;
    let token = joined["token"].as_str().unwrap().to_string();
    assert!(token.len() >= 16, "{token}");
    assert!(c.play(&room, 3, Some(6)).await.is_none());
    // The last state the client saw, and the file on disk, agree.
    let last = c
        .frames
        .iter()
        .rev()
        .find(|f| f["type"] == "state")
        .unwrap()
        .clone();
    let at = last["state"].as_u64().unwrap();
    let stored = online_common::stored_actions(&rooms, &room);
    assert_eq!(stored.as_array().unwrap().len() as u64, at);
    // The file keeps the token's hash, never the token.
    let text = std::fs::read_to_string(rooms.join(format!("{room}.json"))).unwrap();
    assert!(!text.contains(&token), "the token is on disk");
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["seats"][0]["token_hash"].as_str().unwrap().len(), 64);
    // SIGKILL: no chance to write anything more.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    assert!(
        c.next_frame(Duration::from_secs(5))
            .await
            .is_none_or(|m| m.is_close())
    );
    drop(server);
    let server = start(&site, &rooms);
    assert!(
        server.first_lines.iter().any(|l| l == "resumed 2 room(s)"),
        "{:?}",
        server.first_lines
    );
    let mut back = Client::connect(server.port).await;
    back.send(json!({"type": "list"})).await;
    let list = back.until("rooms").await;
    let listed: Vec<&str> = list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["room"].as_str().unwrap())
        .collect();
    assert!(listed.contains(&room.as_str()) && listed.contains(&other.as_str()));
    let mine = list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["room"] == room.as_str())
        .unwrap();
    assert_eq!(mine["seats"][0]["status"], "reconnecting");
    assert_eq!(mine["state"], at);
    // A wrong token gets nothing; the right one the seat.
    back.send(json!({"type": "join", "room": room, "token": "0".repeat(16)}))
        .await;
    let r = back.until("refused").await;
    assert!(r["reason"].as_str().unwrap().contains("token"), "{r}");
    assert_eq!(r["code"], "unknown-token", "{r}");
    back.send(json!({"type": "join", "room": room, "token": token}))
        .await;
    let j = back.until("joined").await;
    assert_eq!(j["seat"], 0);
    assert_eq!(j["token"], token.as_str());
    let state = back.until("state").await;
    assert_eq!(state["state"], at, "the room resumed at its last action");
    assert_eq!(state["seats"][0]["name"], "Ada");
    assert_eq!(state["seats"][0]["status"], "connected");
    assert_eq!(state["view"], last["view"]);
    assert_eq!(state["legal"], last["legal"]);
    // Play on to the end: the record holds the whole game, before and
    // after the restart, and every frame was the seat's own view.
    back.send(json!({"type": "act", "room": room, "state": at, "action": state["legal"][0]}))
        .await;
    let record = back.play(&room, 17, None).await.expect("the game ends");
    let mut frames = c.frames.clone();
    frames.extend(back.frames.iter().cloned());
    assert!(check_frames::<StarTigris>(&record, &frames, Some(0)) > 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_person_leaves_shows_reconnecting_then_a_bot_takes_it() {
    let server = start(&site("online-takeover"), &scratch("online-takeover-rooms"));
    let mut a = Client::connect(server.port).await;
    let room = create(
        &mut a,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "person"], "seed": 2, "takeover_s": 1, "stand_in": "random"}),
    )
    .await;
    let mut b = Client::connect(server.port).await;
    a.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    a.until("joined").await;
    b.send(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    b.until("joined").await;
    drop(b);
    let seats = a.until("seats").await;
    assert_eq!(seats["seats"][1]["status"], "reconnecting");
    assert_eq!(seats["takeover_s"], 1);
    let seats = a.until("seats").await;
    assert_eq!(seats["seats"][1]["status"], "bot");
    // The game goes on to its end with the stand-in in seat 1.
    let record = a.play(&room, 1, None).await.expect("the game ends");
    let r = tabula_engine::record::parse_record(&record).unwrap();
    assert!(r.actions.iter().any(|s| s.seat == 1));
}

/// A connection that broke without closing (it neither sends nor
/// answers the server's pings) counts as gone after `--silent-after`:
/// its seat shows `reconnecting` and the stand-in takes it; a person who
/// only listens (their browser answers the pings) stays seated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_silent_past_the_limit_counts_as_gone_and_a_listener_stays() {
    let server = start_with(
        &site("online-silent"),
        &scratch("online-silent-rooms"),
        &["--silent-after", "2"],
    );
    let mut a = Client::connect(server.port).await;
    let room = create(
        &mut a,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "person"], "seed": 3, "takeover_s": 1, "stand_in": "random"}),
    )
    .await;
    let mut b = Client::connect(server.port).await;
    a.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    a.until("joined").await;
    b.send(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    b.until("joined").await;
    // Bob's connection stays open but is never read again: no answer to
    // a ping goes back. Ada waits, reading (and so answering pings).
    let started = std::time::Instant::now();
    let seats = a.until("seats").await;
    assert_eq!(seats["seats"][1]["status"], "reconnecting", "{seats}");
    assert_eq!(seats["seats"][0]["status"], "connected", "{seats}");
    assert!(
        started.elapsed() >= Duration::from_millis(1500),
        "not before the limit: {:?}",
        started.elapsed()
    );
    let seats = a.until("seats").await;
    assert_eq!(seats["seats"][1]["status"], "bot");
    // Ada, silent herself but answering pings, plays the game to its end
    // with the stand-in in seat 1.
    let record = a.play(&room, 1, None).await.expect("the game ends");
    let r = tabula_engine::record::parse_record(&record).unwrap();
    assert!(r.actions.iter().any(|s| s.seat == 0));
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_time_has_the_stand_in_play_that_decision() {
    let server = start(&site("online-clock"), &scratch("online-clock-rooms"));
    let mut a = Client::connect(server.port).await;
    let room = create(
        &mut a,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "bot:random"], "seed": 5, "clock_ms": 300, "stand_in": "random"}),
    )
    .await;
    a.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    a.until("joined").await;
    // A watcher sees Ada's clock while she decides, and never one of its own.
    let mut w = Client::connect(server.port).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.until("watching").await;
    // Ada never acts: her clock runs out and the stand-in plays for her.
    let mut seen_clock = false;
    loop {
        let s = a.until("state").await;
        if s["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            let left = s["clock_ms"]
                .as_u64()
                .expect("a clock runs for the seat to act");
            assert!(left <= 300, "{left}");
            seen_clock = true;
        } else {
            assert!(s["clock_ms"].is_null());
        }
        // Her own clock is never shown to her as someone else's.
        assert!(s.get("turn_clock_ms").is_none(), "{s}");
        if s["state"].as_u64().unwrap() >= 6 {
            break;
        }
    }
    assert!(seen_clock);
    let mut watched_clock = false;
    loop {
        let s = w.until("state").await;
        assert!(s["clock_ms"].is_null(), "a watcher has no clock: {s}");
        if let Some(left) = s.get("turn_clock_ms").and_then(|v| v.as_u64()) {
            assert!(left <= 300, "{left}");
            assert_eq!(
                s["to_move"]["seats"], 0,
                "only a person's decision has a clock: {s}"
            );
            watched_clock = true;
        }
        if s["state"].as_u64().unwrap() >= 6 {
            break;
        }
    }
    assert!(watched_clock, "the watcher saw Ada's clock");
    // She is still seated (a clock takes one decision, not the seat).
    a.send(json!({"type": "list"})).await;
    let list = a.until("rooms").await;
    assert_eq!(list["rooms"][0]["seats"][0]["status"], "connected");
}

/// The rooms a `list` shows.
async fn listed(c: &mut Client) -> Vec<String> {
    c.send(json!({"type": "list"})).await;
    let m = c.until("rooms").await;
    m["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["room"].as_str().unwrap().to_string())
        .collect()
}

/// Rooms do not pile up: a finished room stays while someone is in it,
/// then closes after `--close-idle` with nobody there, its file (the whole
/// record) kept among the finished rooms and not resumed; a room nobody
/// came to start closes and its files go; a room in play stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_and_abandoned_rooms_close_when_nobody_is_in_them() {
    let dir = scratch("online-close-rooms");
    let server = start_with(&site("online-close"), &dir, &["--close-idle", "1"]);
    let mut c = Client::connect(server.port).await;
    // A game of bots, watched to its end; it stays while watched.
    let bots = create(
        &mut c,
        json!({"type": "create", "ruleset": "vector", "seats": ["bot:random", "bot:random", "bot:random", "bot:random"], "seed": 4}),
    )
    .await;
    c.send(json!({"type": "watch", "room": bots})).await;
    c.until("record").await;
    // A room waiting for two people, and one in play with a person seated.
    let waiting = create(
        &mut c,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "person"], "seed": 5}),
    )
    .await;
    let mut p = Client::connect(server.port).await;
    let playing = create(
        &mut p,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "bot:random"], "seed": 6}),
    )
    .await;
    p.send(json!({"type": "join", "room": playing, "name": "Ada"}))
        .await;
    p.until("joined").await;
    tokio::time::sleep(Duration::from_millis(4000)).await;
    let rooms = listed(&mut c).await;
    assert!(rooms.contains(&bots), "watched: kept {rooms:?}");
    assert!(rooms.contains(&playing), "in play: kept {rooms:?}");
    assert!(!rooms.contains(&waiting), "nobody came: closed {rooms:?}");
    assert!(!dir.join(format!("{waiting}.json")).exists());
    c.send(json!({"type": "join", "room": waiting})).await;
    let m = c.until("refused").await;
    assert!(m["reason"].as_str().unwrap().contains("no room"), "{m}");
    assert_eq!(m["code"], "no-room", "{m}");
    // The watcher leaves: the finished room closes, its record kept.
    c.send(json!({"type": "leave", "room": bots})).await;
    tokio::time::sleep(Duration::from_millis(4000)).await;
    let rooms = listed(&mut c).await;
    assert!(
        !rooms.contains(&bots),
        "finished, nobody there: closed {rooms:?}"
    );
    assert!(rooms.contains(&playing), "{rooms:?}");
    assert!(!dir.join(format!("{bots}.json")).exists());
    assert!(!dir.join(format!("{bots}.log")).exists());
    let kept = std::fs::read_to_string(dir.join("finished").join(format!("{bots}.json"))).unwrap();
    let file: Value = serde_json::from_str(&kept).unwrap();
    let record = serde_json::to_string(&file["record"]).unwrap();
    let r = tabula_engine::record::parse_record(&record).unwrap();
    assert!(!r.actions.is_empty());
    drop(server);
    // Started again on the same folder: only the room in play resumes.
    let server = start(&site("online-close"), &dir);
    assert!(
        server
            .first_lines
            .iter()
            .any(|l| l.contains("resumed 1 room")),
        "{:?}",
        server.first_lines
    );
}
