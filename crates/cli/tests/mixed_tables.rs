//! Mixed tables: one `tabula serve --site` process with the Catan course
//! port open beside it (`--catan-port`). A Catan room made on the
//! WebSocket side seats a person (a scripted WebSocket client), a Tabula
//! bot and a course-protocol TCP client (`tabula client --ruleset
//! catan`) in one game with one record; each seat hears only what it may
//! know; garbage from either side is refused and changes nothing.

mod common;
mod online_common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use online_common::{Client, check_frames, create, site};
use serde_json::{Value, json};
use tabula_catan::Catan;

use common::{s, scratch, tabula};

/// A `tabula serve --site … --catan-port 0`: the process, the WebSocket
/// port and the course port.
struct Mixed {
    child: Child,
    port: u16,
    catan: u16,
}

impl Drop for Mixed {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn start_mixed(name: &str, more: &[&str]) -> Mixed {
    let site = site(name);
    let rooms = scratch(&format!("{name}-rooms"));
    let (site, rooms) = (s(&site), s(&rooms));
    let mut args = vec!["--site", &site, "--rooms", &rooms, "--catan-port", "0"];
    args.extend_from_slice(more);
    let (child, port, mut lines) = common::serve_lines(&args, Stdio::inherit());
    let catan = loop {
        let l = lines.next().expect("the server goes on").unwrap();
        if let Some(addr) = l.strip_prefix("catan course port on ") {
            break addr.rsplit(':').next().unwrap().parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    Mixed { child, port, catan }
}

/// A course-protocol connection written from the seed.
struct Course {
    w: TcpStream,
    r: BufReader<TcpStream>,
}

impl Course {
    fn login(port: u16, nick: &str) -> Course {
        let w = TcpStream::connect(("127.0.0.1", port)).unwrap();
        w.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let r = BufReader::new(w.try_clone().unwrap());
        let mut c = Course { w, r };
        assert!(c.line().starts_with("SE1 SettlersOfCatan-Server"));
        let a = c.ask(&format!("LOGIN {nick} pw"));
        assert_eq!(a.last().unwrap(), "OK", "{a:?}");
        c
    }

    fn send(&mut self, line: &str) {
        self.w.write_all(format!("{line}\r\n").as_bytes()).unwrap();
    }

    fn line(&mut self) -> String {
        let mut l = String::new();
        self.r.read_line(&mut l).expect("a line from the server");
        assert!(!l.is_empty(), "the server closed the connection");
        l.trim_end_matches(['\r', '\n']).to_string()
    }

    fn ask(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let end = l == "OK" || l.starts_with("ERROR");
            out.push(l);
            if end {
                return out;
            }
        }
    }

    /// Game events up to a `USER_MESSAGE` starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<Value> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let e: Value = serde_json::from_str(&l).unwrap_or_else(|_| panic!("not JSON: {l}"));
            let hit = e["@prop"] == "USER_MESSAGE"
                && e["@nv"].as_str().is_some_and(|t| t.starts_with(prefix));
            out.push(e);
            if hit {
                return out;
            }
        }
    }
}

fn command(action: &str) -> String {
    json!({"@action": action}).to_string()
}

/// Every card object's owner in the events a client heard: a client
/// hears the cards of its own seat only.
fn card_owners(events: &[Value]) -> std::collections::BTreeSet<String> {
    events
        .iter()
        .filter(|e| {
            let src = e["@src"].as_str().unwrap_or("");
            (src.starts_with("Card@") || src.starts_with("ProgressCard@")) && e["@prop"] == "owner"
        })
        .map(|e| e["@nv"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_a_bot_and_a_course_client_play_one_catan_game() {
    let server = start_mixed("mixed-catan", &[]);
    let mut ada = Client::connect(server.port).await;
    // Cities & Knights with trades between players; a round limit keeps a
    // game of random moves short.
    let room = create(
        &mut ada,
        json!({"type": "create", "ruleset": "catan", "options": {"round_limit": 20},
               "seats": ["person", "bot:greedy", "client"], "seed": 11}),
    )
    .await;
    ada.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    let joined = ada.until("joined").await;
    assert_eq!(joined["seat"], 0);
    let waiting = ada.until("state").await;
    assert_eq!(waiting["phase"], "waiting");
    assert_eq!(waiting["seats"][2]["kind"], "client");
    assert_eq!(waiting["seats"][2]["status"], "open");

    // Garbage from the WebSocket side: refused, with reasons.
    ada.send_text("hello".into()).await;
    let r = ada.until("refused").await;
    assert!(r["reason"].as_str().unwrap().contains("not JSON"), "{r}");
    assert_eq!(r["code"], "bad-message", "{r}");
    ada.send(json!({"type": "act", "room": room, "seat": 2, "state": 0, "action": "roll_dice"}))
        .await;
    let r = ada.until("refused").await;
    assert!(
        r["reason"].as_str().unwrap().contains("names seat 2"),
        "{r}"
    );
    assert_eq!(r["code"], "wrong-seat", "{r}");
    let mut eve = Client::connect(server.port).await;
    eve.send(json!({"type": "join", "room": room, "seat": 2}))
        .await;
    let r = eve.until("refused").await;
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .contains("is for a client of the server's catan port"),
        "{r}"
    );

    // The course lobby lists the room with its open client seat; garbage
    // there is refused too.
    let port = server.catan;
    let mut probe = tokio::task::spawn_blocking(move || {
        let mut p = Course::login(port, "probe");
        let a = p.ask("DANCE NOW");
        assert!(a.last().unwrap().starts_with("ERROR"), "{a:?}");
        let list = p.ask("LIST GAMES");
        (p, list)
    })
    .await
    .unwrap();
    let line = probe
        .1
        .iter()
        .find(|l| l.contains(&format!("NAME={room} ")))
        .unwrap_or_else(|| panic!("the room is listed: {:?}", probe.1));
    assert!(line.contains("MAP=online PLAYERS=2/3"), "{line}");
    assert!(line.contains("STATE=WAITING"), "{line}");
    let a = probe.0.ask(&format!("JOIN GAME {room} -visitor true"));
    assert!(a.last().unwrap().starts_with("ERROR"), "{a:?}");

    // The course client takes the client seat and the game starts.
    let cleo = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "client",
            "--ruleset",
            "catan",
            "--port",
            &server.catan.to_string(),
        ])
        .args(["--login", "cleo", "--password", "pw", "--seed", "3"])
        .args(["--join", &room, "--verbose"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let cleo = tokio::task::spawn_blocking(move || cleo.wait_with_output().unwrap());
    // A second course client finds no seat left.
    let mut second = probe.0;
    let room2 = room.clone();
    let full = tokio::task::spawn_blocking(move || {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let l = second.ask("LIST GAMES");
            if l.iter()
                .any(|l| l.contains(&format!("NAME={room2} ")) && l.contains("PLAYERS=3/3"))
            {
                break;
            }
            assert!(Instant::now() < deadline, "the client seat is taken: {l:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
        second.ask(&format!("JOIN GAME {room2}"))
    })
    .await
    .unwrap();
    assert!(full.last().unwrap().contains("no open seat"), "{full:?}");

    let record = ada.play(&room, 5, None).await.expect("the game ends");
    let out = cleo.await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Kept for a look after a failure.
    std::fs::write(scratch("mixed-catan-client").join("cleo.txt"), &text).unwrap();
    let last = text.lines().last().unwrap_or("");
    assert!(last.starts_with("gameOver - "), "{last}");

    // One game, one record: the person's record names every seat, replays,
    // and is the room's file.
    let r = tabula_engine::record::parse_record(&record).unwrap();
    assert_eq!(r.seats[0].name, "Ada");
    assert_eq!(r.seats[1].player, "bot:greedy");
    assert_eq!(r.seats[2].name, "cleo");
    assert_eq!(r.seats[2].player, "human");
    assert!(r.actions.iter().any(|a| a.seat == 2), "the client played");
    // A trade the person proposed to the client's seat was declined for
    // it (the course protocol has no such trades), the client told each
    // time.
    let declined = r
        .actions
        .iter()
        .filter(|a| a.seat == 2 && a.action == json!("decline"))
        .count();
    assert_eq!(
        text.matches("so it is declined for you").count(),
        declined,
        "one message per trade declined for the client"
    );
    let file = scratch("mixed-catan-record").join("game.json");
    std::fs::write(&file, &record).unwrap();
    let v = tabula(&["record", "verify", &s(&file)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let rooms = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-tests")
        .join("mixed-catan-rooms");
    assert_eq!(
        online_common::stored_actions(&rooms, &room),
        serde_json::to_value(&r.actions).unwrap()
    );

    // Each seat heard only what it may know: every state the person got
    // is its own view; the course client heard its own cards only.
    let checked = check_frames::<Catan>(&record, &ada.frames, Some(0));
    assert!(checked > 20, "only {checked} states");
    let heard: Vec<Value> = text
        .lines()
        .filter_map(|l| l.strip_prefix("< "))
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let owners = card_owners(&heard);
    assert_eq!(owners.len(), 1, "cards of one seat only: {owners:?}");
    let me = heard
        .iter()
        .find(|e| e["@prop"] == "nickname" && e["@nv"] == "cleo")
        .and_then(|e| e["@src"].as_str())
        .unwrap()
        .to_string();
    assert!(owners.contains(&me), "{owners:?} {me}");
    assert!(
        heard
            .iter()
            .any(|e| e["@prop"] == "nickname" && e["@nv"] == "Ada"),
        "the client sees the person's seat by name"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_course_clients_garbage_is_refused_and_its_seat_goes_on_without_it() {
    let server = start_mixed("mixed-catan-garbage", &["--answer-timeout", "60000"]);
    let mut ada = Client::connect(server.port).await;
    // A room as the page makes it (people and bots only): a course client
    // may take its open person seat.
    let room = create(
        &mut ada,
        json!({"type": "create", "ruleset": "catan", "options": {"round_limit": 3},
               "seats": ["bot:greedy", "bot:greedy", "person"], "seed": 5, "takeover_s": 1}),
    )
    .await;
    ada.send(json!({"type": "watch", "room": room})).await;
    ada.until("state").await;
    let port = server.catan;
    let room2 = room.clone();
    let heard = tokio::task::spawn_blocking(move || {
        let mut c = Course::login(port, "gus");
        let list = c.ask("LIST GAMES");
        assert!(
            list.iter().any(|l| l.contains(&format!("NAME={room2} MAP=online PLAYERS=2/3"))),
            "{list:?}"
        );
        assert_eq!(c.ask(&format!("JOIN GAME {room2}")), vec!["OK"]);
        c.send(&command("START_GAME"));
        let mut heard = c.until("OK - START_GAME");
        // Wait for the seat's first question (the bots set up first).
        let mut seen = c.until("OK - choose(");
        heard.append(&mut seen);
        // Garbage: not JSON, no action, an unknown id, a colour change.
        c.send("this is no JSON");
        let e = c.until("ERROR");
        let last = e.last().unwrap()["@nv"].as_str().unwrap().to_string();
        assert!(last.contains("not JSON"), "{last}");
        c.send("{\"@action\": 7}");
        let e = c.until("ERROR");
        assert!(
            e.last().unwrap()["@nv"].as_str().unwrap().contains("@action"),
            "{e:?}"
        );
        c.send(
            &json!({"@action": "CHOOSE", "properties": {"entry": {"key": "id", "value": "Intersection@nothing"}}})
                .to_string(),
        );
        let e = c.until("ERROR: CHOOSE");
        // The question stands and is asked again.
        let mut again = c.until("OK - choose(");
        heard.extend(e);
        heard.append(&mut again);
        c.send(&command("LEAVE_GAME"));
        heard
    })
    .await
    .unwrap();
    assert!(!heard.is_empty());
    let owners = card_owners(&heard);
    assert_eq!(owners.len(), 1, "cards of one seat only: {owners:?}");
    // The seat the client left is played by the stand-in after the
    // takeover wait, and the game goes on to its end.
    let mut watcher = ada;
    let rec = watcher.until("record").await;
    let record = rec["record"].as_str().unwrap();
    let r = tabula_engine::record::parse_record(record).unwrap();
    tabula_engine::record::replay::<Catan>(&r).expect("the record replays");
    assert!(r.actions.iter().any(|a| a.seat == 2), "seat 2 was played");
    let states: Vec<&Value> = watcher
        .frames
        .iter()
        .filter(|f| f["type"] == "seats" || f["type"] == "state")
        .collect();
    assert!(
        states
            .iter()
            .any(|f| f["seats"][2]["status"] == "reconnecting" || f["seats"][2]["status"] == "bot"),
        "the others saw the client go"
    );
}

/// A `tabula serve --site … --vector-port 0`: the process, the WebSocket
/// port, the tournament's port and its room; the server's further lines.
fn start_vector(name: &str, more: &[&str]) -> (Mixed, String, std::sync::mpsc::Receiver<String>) {
    let site = site(name);
    let rooms = scratch(&format!("{name}-rooms"));
    let (site, rooms) = (s(&site), s(&rooms));
    let mut args = vec!["--site", &site, "--rooms", &rooms, "--vector-port", "0"];
    args.extend_from_slice(more);
    let (child, port, mut lines) = common::serve_lines(&args, Stdio::inherit());
    let mut vector = None;
    let mut room = None;
    while vector.is_none() || room.is_none() {
        let l = lines.next().expect("the server goes on").unwrap();
        if let Some(addr) = l.strip_prefix("vector tournament port on ") {
            vector = Some(addr.rsplit(':').next().unwrap().parse().unwrap());
        }
        if let Some(rest) = l.strip_prefix("vector tournament room ") {
            room = Some(rest.split_whitespace().next().unwrap().to_string());
        }
    }
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in lines.map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    (
        Mixed {
            child,
            port,
            catan: vector.unwrap(),
        },
        room.unwrap(),
        rx,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_on_the_page_plays_a_vector_tournament_beside_three_2009_clients() {
    let dir = scratch("mixed-vector");
    let record = dir.join("t.json");
    let (server, room, lines) = start_vector(
        "mixed-vector",
        &[
            "-g",
            "2",
            "-r",
            "4",
            "--record",
            &s(&record),
            "--seed",
            "9",
            "--person-clock",
            "20",
        ],
    );
    let tport = server.catan;
    // The WebSocket lobby lists the tournament, its person's seat open.
    let mut ada = Client::connect(server.port).await;
    ada.send(json!({"type": "list"})).await;
    let list = ada.until("rooms").await;
    let listed = list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["room"] == room.as_str())
        .unwrap_or_else(|| panic!("the tournament is listed: {list}"))
        .clone();
    assert_eq!(listed["ruleset"], "vector");
    assert_eq!(listed["phase"], "waiting");
    let people: Vec<&Value> = listed["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "person")
        .collect();
    assert_eq!(people.len(), 1, "{listed}");
    assert_eq!(people[0]["status"], "open");

    // Garbage before the start: refused, nothing changes.
    let mut eve = Client::connect(server.port).await;
    eve.send(json!({"type": "join", "room": room, "seat": 0}))
        .await;
    let r = eve.until("refused").await;
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .contains("client of the server's vector port"),
        "{r}"
    );
    assert_eq!(r["code"], "client-seat", "{r}");
    ada.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    let joined = ada.until("joined").await;
    assert_eq!(joined["seat"], 3);
    ada.send(json!({"type": "act", "room": room, "state": 0, "action": {"direction": "N"}}))
        .await;
    let r = ada.until("refused").await;
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .contains("not your seat's turn"),
        "{r}"
    );

    // Garbage on the tournament's port: a connection whose first line is
    // over the limit is closed and its place goes to the next one.
    let mut junk = TcpStream::connect(("127.0.0.1", tport)).unwrap();
    junk.write_all(&[b'x'; 3000]).unwrap();
    junk.write_all(b"\r\n").unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Three 2009 clients take the other places.
    let clients: Vec<Child> = ["c1", "c2", "c3"]
        .iter()
        .map(|n| {
            Command::new(env!("CARGO_BIN_EXE_tabula"))
                .args([
                    "client",
                    "--port",
                    &tport.to_string(),
                    "--bot",
                    "random",
                    "--name",
                    n,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();

    // The person plays every decision from `legal`, the first one slower
    // than a client's 0.5 s (the person's clock is 20 s); a stale action
    // and a garbage frame on the way are refused.
    let mut rng = 7u64;
    let mut decisions = 0;
    let mut stale_sent = false;
    let mut records: Vec<String> = Vec::new();
    loop {
        let m = ada.recv().await;
        match m["type"].as_str() {
            Some("state") if m["phase"] == "over" => break,
            Some("state") => {
                let legal = m["legal"].as_array().cloned().unwrap_or_default();
                if m["phase"] != "playing" || legal.is_empty() {
                    continue;
                }
                assert!(m["clock_ms"].as_u64().unwrap() > 1000, "{m}");
                if decisions == 0 {
                    tokio::time::sleep(Duration::from_millis(800)).await;
                    ada.send_text("{\"type\": \"act\"".into()).await;
                }
                if decisions == 1 && m["state"].as_u64().unwrap() > 0 {
                    stale_sent = true;
                    let stale = m["state"].as_u64().unwrap() - 1;
                    ada.send(
                        json!({"type": "act", "room": room, "state": stale, "action": legal[0]}),
                    )
                    .await;
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let action = legal[(rng >> 33) as usize % legal.len()].clone();
                ada.send(
                    json!({"type": "act", "room": room, "state": m["state"], "action": action}),
                )
                .await;
                decisions += 1;
            }
            Some("record") => records.push(m["record"].as_str().unwrap().to_string()),
            Some("refused") => {
                let why = m["reason"].as_str().unwrap_or("");
                assert!(
                    why.contains("stale or sent twice") || why.contains("not JSON"),
                    "refused: {m}"
                );
            }
            _ => {}
        }
    }
    assert!(decisions > 8, "the person decided {decisions} times");
    assert_eq!(records.len(), 2, "a record after each game");
    for c in clients {
        let out = c.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.trim_end().ends_with("TOURNAMENT OVER"), "{text}");
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut said = Vec::new();
    loop {
        let l = lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("the tournament port closes");
        assert!(!l.contains("disqualified"), "{l}");
        if l == "vector tournament port closed" {
            break;
        }
        said.push(l);
    }
    assert!(
        said.iter().any(|l| l.contains("did not identify itself")
            && l.contains("its place goes to the next connection")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l == "person 1 on the page is Ada"),
        "{said:?}"
    );
    drop(junk);
    // The tournament's record: written, the person an entrant, nobody
    // disqualified (the person's slow answer was within its own clock).
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let t: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let entrants = t["entrants"].as_array().unwrap();
    assert_eq!(entrants[3]["name"], "Ada");
    assert_eq!(entrants[3]["player"], "human");
    for g in t["games"].as_array().unwrap() {
        assert_eq!(g["disqualified"], json!([]), "{g}");
    }
    // Every state the person got was exactly its own seat's view of its
    // game (no other seat's magnitude before all were in).
    let mut game = 0;
    let mut checked = 0;
    let mut replayed = replay_views(&records[0]);
    for f in &ada.frames {
        if f["type"] == "record" {
            game += 1;
            if game < records.len() {
                replayed = replay_views(&records[game]);
            }
            continue;
        }
        if f["type"] != "state" || f["phase"] != "playing" {
            continue;
        }
        let seat = f["you"].as_u64().unwrap() as usize;
        let n = f["state"].as_u64().unwrap() as usize;
        assert_eq!(
            f["view"], replayed[n][seat],
            "game {game}, state {n}: not the seat's own view"
        );
        checked += 1;
    }
    assert!(checked > 10, "only {checked} states checked");
    assert!(stale_sent);
}

/// Every seat's view after each action of a Vector game's record.
fn replay_views(record: &str) -> Vec<Vec<Value>> {
    use tabula_engine::Game;
    use tabula_engine::record::{apply_recorded, initial_state, parse_record};
    let r = parse_record(record).unwrap();
    let mut g: tabula_vector::Vector = initial_state(&r).unwrap();
    let views = |g: &tabula_vector::Vector| -> Vec<Value> {
        (0..4)
            .map(|s| serde_json::to_value(g.player_view(s)).unwrap())
            .collect()
    };
    let mut out = vec![views(&g)];
    for (i, step) in r.actions.iter().enumerate() {
        apply_recorded(&mut g, i, step).unwrap();
        out.push(views(&g));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_their_clock_is_disqualified_and_the_tournament_goes_on() {
    let dir = scratch("mixed-vector-late");
    let record = dir.join("t.json");
    let (server, room, _lines) = start_vector(
        "mixed-vector-late",
        &[
            "-g",
            "1",
            "-r",
            "2",
            "--record",
            &s(&record),
            "--seed",
            "4",
            "--person-clock",
            "1",
        ],
    );
    let tport = server.catan;
    let mut ada = Client::connect(server.port).await;
    ada.send(json!({"type": "join", "room": room, "name": "Ada"}))
        .await;
    ada.until("joined").await;
    let clients: Vec<Child> = ["c1", "c2", "c3"]
        .iter()
        .map(|n| {
            Command::new(env!("CARGO_BIN_EXE_tabula"))
                .args([
                    "client",
                    "--port",
                    &tport.to_string(),
                    "--bot",
                    "random",
                    "--name",
                    n,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // The person is asked (a clock of 1 s) and never answers.
    let asked = loop {
        let m = ada.recv().await;
        if m["type"] == "state" && !m["legal"].as_array().unwrap().is_empty() {
            break m;
        }
    };
    assert!(asked["clock_ms"].as_u64().unwrap() <= 1000, "{asked}");
    let over = loop {
        let m = ada.recv().await;
        if m["type"] == "state" && m["phase"] == "over" {
            break m;
        }
    };
    assert_eq!(over["legal"], json!([]));
    for c in clients {
        let out = c.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("DISQUALIFICATION: "), "{text}");
        assert!(text.trim_end().ends_with("TOURNAMENT OVER"), "{text}");
    }
    let t: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let game = &t["games"][0];
    let d = game["disqualified"].as_array().unwrap();
    assert_eq!(d.len(), 1, "{game}");
    assert_eq!(
        d[0]["entrant"], 3,
        "the person is the one disqualified: {game}"
    );
    assert_eq!(d[0]["fault"]["fault"], "late", "{game}");
    assert_eq!(
        d[0]["fault"]["limit_ms"], 1000.0,
        "the person's own clock: {game}"
    );
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}
