//! Online play through `tabula serve --site`: whole games of a scripted
//! WebSocket client beside three bots, every frame checked against the
//! seat's own view, a watcher, hostile frames, the site's files.

mod common;
mod online_common;

use std::time::Duration;

use online_common::{Client, check_frames, create, header, http_get, http_get_body, site, start};
use serde_json::{Value, json};
use tabula_catan::Catan;
use tabula_star_tigris::StarTigris;

use common::scratch;

/// A watcher reading every frame until the record comes; its frames.
fn watch(port: u16, room: String) -> tokio::task::JoinHandle<Vec<Value>> {
    tokio::spawn(async move {
        let mut w = Client::connect(port).await;
        w.send(json!({"type": "watch", "room": room})).await;
        w.until("record").await;
        w.frames
    })
}

async fn whole_game<G: tabula_engine::Ruleset>(
    name: &str,
    ruleset: &str,
    options: Value,
    seat: u8,
    hides_all: fn(&Value) -> bool,
) {
    let server = start(&site(name), &scratch(&format!("{name}-rooms")));
    let mut c = Client::connect(server.port).await;
    let n = if ruleset == "domains" { 2 } else { 4 };
    let mut seats = vec![json!("bot:random"); n];
    seats[seat as usize] = json!("person");
    let room = create(
        &mut c,
        json!({"type": "create", "ruleset": ruleset, "options": options, "seats": seats, "seed": 11}),
    )
    .await;
    let watcher = watch(server.port, room.clone());
    tokio::time::sleep(Duration::from_millis(200)).await;
    c.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    let joined = c.until("joined").await;
    assert_eq!(joined["seat"], seat);
    let record = c.play(&room, 5, None).await.expect("the game ends");
    let over = c
        .frames
        .iter()
        .rev()
        .find(|f| f["type"] == "state")
        .unwrap();
    assert_eq!(over["phase"], "over");
    let checked = check_frames::<G>(&record, &c.frames, Some(seat));
    assert!(checked > 20, "only {checked} states");
    let wf = watcher.await.unwrap();
    let wchecked = check_frames::<G>(&record, &wf, None);
    assert!(wchecked > 20, "the watcher saw only {wchecked} states");
    // The public view holds no seat's hidden cards; each seat's view only
    // its own.
    for f in wf.iter().filter(|f| f["type"] == "state") {
        assert_eq!(f["view"]["seat"], 255);
        assert!(
            hides_all(&f["view"]),
            "state {}: a hidden card shows",
            f["state"]
        );
    }
    // The record names the person and replays to its hash.
    let r = tabula_engine::record::parse_record(&record).unwrap();
    assert_eq!(r.seats[seat as usize].name, "Ada");
    assert_eq!(r.seats[seat as usize].player, "human");
    tabula_engine::record::replay::<G>(&r).expect("the record replays");
    // The room's files hold the same game.
    assert_eq!(
        online_common::stored_actions(&scratch_path(name), &room),
        serde_json::to_value(&r.actions).unwrap()
    );
}

fn scratch_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-tests")
        .join(format!("{name}-rooms"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_star_tigris_game_with_three_bots_and_a_person_online() {
    fn hides_all(v: &Value) -> bool {
        let over = !v["over"].is_null();
        v["players"].as_array().unwrap().iter().all(|p| {
            p["hand"].is_null() && p["swapped_kinds"].is_null() && (over || p["score"].is_null())
        })
    }
    whole_game::<StarTigris>("online-st", "star-tigris", Value::Null, 1, hides_all).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_catan_game_with_three_bots_and_a_person_online() {
    // Cities & Knights with trades between players (secret answers); a
    // round limit keeps a game of random moves to a few thousand actions.
    let options = json!({"round_limit": 25});
    fn hides_all(v: &Value) -> bool {
        v["state"]["players"].as_array().unwrap().iter().all(|p| {
            p["hand"].as_array().unwrap().iter().all(|n| n == 0)
                && p["progress"].as_array().unwrap().is_empty()
                && p["dev"].as_array().unwrap().is_empty()
        })
    }
    whole_game::<Catan>("online-catan", "catan", options, 2, hides_all).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_simultaneous_star_tigris_game_keeps_each_seats_orders_secret() {
    // Every seat seals its orders at once: each frame is still exactly
    // the seat's own view (others' orders held back until all are in).
    fn hides_all(v: &Value) -> bool {
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["hand"].is_null())
            && v["sim"]["orders"].as_array().is_none_or(|o| {
                v["sim"]["sealed"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|s| s == true)
                    || o.iter().all(Value::is_null)
            })
    }
    let options = json!({"turns": "simultaneous"});
    whole_game::<StarTigris>("online-sim", "star-tigris", options, 0, hides_all).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_domains_and_vector_games_online() {
    // Thirty rounds keep Domains' game of random orders short.
    let rounds = json!({"rounds": 30});
    whole_game::<tabula_domains::Domains>("online-domains", "domains", rounds, 1, |_| true).await;
    whole_game::<tabula_vector::Vector>("online-vector", "vector", Value::Null, 3, |_| true).await;
}

/// The client's next message must be a refusal whose reason holds every
/// one of `words`.
async fn refused(c: &mut Client, words: &[&str]) -> Value {
    let mut m = c.recv().await;
    // States and seat news sent before the refusal may come first.
    while m["type"] == "state" || m["type"] == "seats" {
        m = c.recv().await;
    }
    assert_eq!(
        m["type"],
        "refused",
        "{}",
        &m.to_string()[..200.min(m.to_string().len())]
    );
    let why = m["reason"].as_str().unwrap();
    for w in words {
        assert!(why.contains(w), "{why:?} should say {w:?}");
    }
    // Every refusal says why in one word too, for a page to translate.
    let code = m["code"].as_str().unwrap_or_default();
    assert!(
        !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
        "{m}"
    );
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_are_refused_with_reasons_and_change_nothing() {
    let server = start(&site("online-hostile"), &scratch("online-hostile-rooms"));
    let mut c = Client::connect(server.port).await;
    let room = create(
        &mut c,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "bot:random", "person"], "seed": 3}),
    )
    .await;
    let mut other = Client::connect(server.port).await;
    c.send(json!({"type": "join", "room": room, "seat": 0, "name": "Ada"}))
        .await;
    c.until("joined").await;
    // Waiting for the third seat: no action yet.
    let waiting = c.until("state").await;
    assert_eq!(waiting["phase"], "waiting");
    c.send(json!({"type": "act", "room": room, "state": 0, "action": "pass"}))
        .await;
    refused(&mut c, &["waits for 1 more"]).await;
    other
        .send(json!({"type": "join", "room": room, "seat": 0, "name": "Eve"}))
        .await;
    refused(&mut other, &["seat 0", "taken by Ada", "token"]).await;
    other
        .send(json!({"type": "join", "room": room, "seat": 1}))
        .await;
    refused(&mut other, &["seat 1", "bot's seat"]).await;
    other
        .send(json!({"type": "join", "room": room, "seat": 9}))
        .await;
    refused(&mut other, &["no seat 9"]).await;
    other
        .send(json!({"type": "join", "room": room, "token": "forged"}))
        .await;
    refused(&mut other, &["token is not one of this room's"]).await;
    other
        .send(json!({"type": "join", "room": room, "name": "Eve\u{1b}[2J"}))
        .await;
    refused(&mut other, &["name", "control character"]).await;
    other
        .send(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    let j = other.until("joined").await;
    assert_eq!(j["seat"], 2);
    // Play until it is seat 0's turn (Bob plays his turns meanwhile).
    let mut state;
    loop {
        state = c.until("state").await;
        if state["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            break;
        }
        if state["to_move"] == json!({"kind": "seat", "seats": 2}) {
            loop {
                let s = other.until("state").await;
                if let Some(a) = s["legal"].as_array().and_then(|l| l.first()) {
                    other
                        .send(
                            json!({"type": "act", "room": room, "state": s["state"], "action": a}),
                        )
                        .await;
                    break;
                }
            }
        }
    }
    let n = state["state"].as_u64().unwrap();
    let legal = state["legal"].as_array().unwrap().clone();
    let (ahead, now, at) = (
        format!("state {}", n + 5),
        format!("state {n}"),
        format!("room {room}, seat 0, state {n}"),
    );
    let hostile: Vec<(String, Vec<&str>)> = vec![
        ("not json at all".into(), vec!["not JSON", "line 1"]),
        ("[1,2,3]".into(), vec!["no \"type\""]),
        (
            json!({"type": "fly"}).to_string(),
            vec!["unknown message type", "fly", "act"],
        ),
        (
            json!({"type": "act", "room": room}).to_string(),
            vec!["act", "state"],
        ),
        (
            json!({"type": "act", "room": "nowhere", "state": n, "action": legal[0]}).to_string(),
            vec!["no room", "nowhere"],
        ),
        (
            json!({"type": "act", "room": room, "seat": 2, "state": n, "action": legal[0]})
                .to_string(),
            vec!["seat 0", "names seat 2"],
        ),
        (
            json!({"type": "act", "room": room, "state": n + 5, "action": legal[0]}).to_string(),
            vec![&ahead, &now, "stale"],
        ),
        (
            json!({"type": "act", "room": room, "state": n, "action": {"teleport": "B3"}})
                .to_string(),
            vec![&at, "refuse"],
        ),
        (
            json!({"type": "chat", "room": room, "text": "x".repeat(600)}).to_string(),
            vec!["600 characters"],
        ),
        (
            json!({"type": "create", "ruleset": "chess", "seats": ["person"]}).to_string(),
            vec!["unknown ruleset", "chess", "star-tigris"],
        ),
        (
            json!({"type": "create", "ruleset": "catan", "seats": ["person", "bot:wizard"]})
                .to_string(),
            vec!["seats[1]", "wizard"],
        ),
        (
            format!("{{\"type\":\"chat\",\"text\":\"{}\"}}", "y".repeat(100_000)),
            vec!["100", "bytes", "65536"],
        ),
    ];
    for (frame, words) in &hostile {
        c.send_text(frame.clone()).await;
        refused(&mut c, words).await;
    }
    c.send_binary(vec![0xff; 64]).await;
    refused(&mut c, &["binary frame of 64 bytes"]).await;
    // A watcher cannot act, nor another seat act for this one.
    let mut w = Client::connect(server.port).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.until("state").await;
    w.send(json!({"type": "act", "room": room, "state": n, "action": legal[0]}))
        .await;
    refused(&mut w, &["watch", "hold no seat"]).await;
    other
        .send(json!({"type": "act", "room": room, "seat": 0, "state": n, "action": legal[0]}))
        .await;
    refused(&mut other, &["seat 2", "names seat 0"]).await;
    // Nothing changed: the same state number, and the action plays.
    let act = json!({"type": "act", "room": room, "state": n, "action": legal[0]});
    c.send(act.clone()).await;
    let next = c.until("state").await;
    assert_eq!(next["state"], n + 1, "{next}");
    // The same frame again is a replay: refused, nothing changes.
    c.send(act).await;
    loop {
        let m = c.recv().await;
        if m["type"] == "refused" {
            let why = m["reason"].as_str().unwrap();
            assert_eq!(m["code"], "stale", "{m}");
            assert!(why.contains(&format!("chosen in state {n}")), "{why}");
            assert!(why.contains("sent twice"), "{why}");
            break;
        }
        assert_eq!(m["type"], "state", "{m}");
    }
    // Chat reaches everyone in the room as plain text.
    c.send(json!({"type": "chat", "room": room, "text": "good luck <b>all</b>"}))
        .await;
    let said = w.until("chat").await;
    assert_eq!(said["from"], "Ada");
    assert_eq!(said["text"], "good luck <b>all</b>");
    // A frame over the WebSocket cap closes that connection with a reason.
    let mut big = Client::connect(server.port).await;
    // (The server may close it while the frame is still being sent: the
    // send then fails with the connection reset, which is the refusal.)
    if big.try_send_text("z".repeat(2 << 20)).await {
        match big.next_frame(Duration::from_secs(10)).await {
            Some(tokio_tungstenite::tungstenite::Message::Close(Some(f))) => {
                assert!(f.reason.contains("bytes"), "{f:?}")
            }
            other => assert!(other.is_none(), "{other:?}"),
        }
    }
    // One connection makes at most 16 rooms.
    let mut maker = Client::connect(server.port).await;
    for _ in 0..16 {
        create(
            &mut maker,
            json!({"type": "create", "ruleset": "domains", "seats": ["person", "person"]}),
        )
        .await;
    }
    maker
        .send(json!({"type": "create", "ruleset": "domains", "seats": ["person", "person"]}))
        .await;
    refused(&mut maker, &["made 16 rooms", "the most"]).await;
    // The server still serves everyone.
    c.send(json!({"type": "list"})).await;
    let list = c.until("rooms").await;
    let mine = list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["room"] == room.as_str())
        .unwrap();
    assert_eq!(mine["seats"][0]["status"], "connected");
    assert_eq!(list["rooms"].as_array().unwrap().len(), 17);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_idle_connections_do_not_stop_a_game() {
    let server = start(&site("online-idle"), &scratch("online-idle-rooms"));
    let mut idle = Vec::new();
    for _ in 0..500 {
        idle.push(Client::connect(server.port).await);
    }
    let mut c = Client::connect(server.port).await;
    let room = create(
        &mut c,
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["bot:random", "person", "bot:random", "bot:random"], "seed": 8}),
    )
    .await;
    c.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    let start = std::time::Instant::now();
    let record = c.play(&room, 9, None).await.expect("the game ends");
    assert!(!record.is_empty());
    eprintln!("a game beside 500 idle connections: {:?}", start.elapsed());
    // The idle ones are still served.
    for i in [0, 250, 499] {
        idle[i].send(json!({"type": "list"})).await;
        let l = idle[i].until("rooms").await;
        assert_eq!(l["rooms"][0]["phase"], "over");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_served_with_types_compression_and_caching() {
    let server = start(&site("online-site"), &scratch("online-site-rooms"));
    let (status, h, _) = http_get(server.port, "/", "gzip");
    assert!(status.contains("200"), "{status}");
    assert_eq!(header(&h, "content-type"), Some("text/html"));
    assert_eq!(header(&h, "content-encoding"), Some("gzip"));
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    let (_, h, len) = http_get(server.port, "/game-0123456789abcdef_bg.wasm", "br");
    assert_eq!(header(&h, "content-type"), Some("application/wasm"));
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert!(len < 2_000, "10 kB of zeros compressed to {len} bytes");
    assert_eq!(
        header(&h, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let (_, h, _) = http_get(server.port, "/game-0123456789abcdef.js", "identity");
    assert_eq!(header(&h, "content-type"), Some("text/javascript"));
    assert_eq!(header(&h, "content-encoding"), None);
    let (status, _, _) = http_get(server.port, "/missing.js", "gzip");
    assert!(status.contains("404"), "{status}");
    let (status, _, _) = http_get(server.port, "/../../etc/passwd", "gzip");
    assert!(!status.contains("200"), "{status}");
}

/// The newest `state` that asks this client to act.
async fn asked(c: &mut Client) -> Value {
    loop {
        let m = c.until("state").await;
        if m["phase"] == "playing" && !m["legal"].as_array().unwrap().is_empty() {
            return m;
        }
    }
}

/// While two people choose at once, one sealing first raises the state
/// number but changes nothing the other sees or may do: the other's
/// choice, made in the earlier state, is taken. An action sent twice is
/// still refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_choice_made_while_another_seat_sealed_its_own_is_taken() {
    let server = start(&site("online-sim-race"), &scratch("online-sim-race-rooms"));
    let mut a = Client::connect(server.port).await;
    let room = create(
        &mut a,
        json!({"type": "create", "ruleset": "star-tigris", "options": {"turns": "simultaneous"}, "seats": ["person", "person"], "seed": 9}),
    )
    .await;
    let mut b = Client::connect(server.port).await;
    a.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    a.until("joined").await;
    b.send(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    b.until("joined").await;
    let sa = asked(&mut a).await;
    let sb = asked(&mut b).await;
    let n = sa["state"].as_u64().unwrap();
    assert_eq!(sb["state"].as_u64().unwrap(), n);
    assert_eq!(sa["to_move"]["kind"], "simultaneous", "{}", sa["to_move"]);
    let act_a = json!({"type": "act", "room": room, "state": n, "action": sa["legal"][0]});
    a.send(act_a.clone()).await;
    let after_a = a.until("state").await;
    assert_eq!(after_a["state"].as_u64().unwrap(), n + 1);
    // Bob chose in state n, before he heard of Ada's sealed choice.
    b.send(json!({"type": "act", "room": room, "state": n, "action": sb["legal"][0]}))
        .await;
    loop {
        let m = b.until("state").await;
        if m["state"].as_u64().unwrap() >= n + 2 {
            break;
        }
    }
    // Ada's action sent again, with the number it was chosen in: refused.
    a.send(act_a).await;
    let m = a.until("refused").await;
    assert_eq!(m["code"], "stale", "{m}");
    assert!(
        m["reason"]
            .as_str()
            .unwrap()
            .contains("stale or sent twice"),
        "{m}"
    );
}

/// Past `--max-connections`, a WebSocket connection is refused with HTTP
/// 503 and the reason; those in go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_past_the_most_is_refused_and_the_others_go_on() {
    let server = online_common::start_with(
        &site("online-most"),
        &scratch("online-most-rooms"),
        &["--max-connections", "2"],
    );
    let mut a = Client::connect(server.port).await;
    let _b = Client::connect(server.port).await;
    let url = format!("ws://127.0.0.1:{}/play", server.port);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), 503);
            let body = String::from_utf8(r.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("holds 2 connections, its most"), "{body}");
        }
        other => panic!("a third connection: {other:?}"),
    }
    a.send(json!({"type": "list"})).await;
    a.until("rooms").await;
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_says_at_online_json_that_it_holds_games() {
    let dir = site("online-about");
    // The built site's own file says there is no server (a static host
    // answers with it); the server answers in its place.
    std::fs::write(dir.join("online.json"), r#"{"server":null}"#).unwrap();
    let server = start(&dir, &scratch("online-about-rooms"));
    let (status, h, body) = http_get_body(server.port, "/online.json");
    assert!(status.contains("200"), "{status}");
    assert_eq!(header(&h, "content-type"), Some("application/json"));
    assert_eq!(header(&h, "cache-control"), Some("no-store"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["server"], "tabula");
    assert_eq!(v["protocol"], 1);
    assert_eq!(v["play"], "play");
    assert_eq!(
        v["rulesets"],
        json!(["star-tigris", "domains", "catan", "vector"])
    );
}
