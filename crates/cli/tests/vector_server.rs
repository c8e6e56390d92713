//! `tabula serve --ruleset vector` over real TCP: four clients written
//! from the 2009 protocol (seed 004, appendix D) play a whole tournament,
//! one client's transcript is checked line by line against the protocol;
//! a client that answers late, one that sends garbage and one that hangs
//! up each disqualify their team, and the tournament still finishes with a
//! record that replays.

mod common;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::Duration;

use common::{ServerProcess, s, scratch, tabula};

fn serve(args: &[&str]) -> (ServerProcess, u16) {
    let (child, port, _) = serve_heard(args);
    (child, port)
}

/// Start `tabula serve`: the process, its port, and every later line of
/// its output as it is printed.
fn serve_heard(args: &[&str]) -> (ServerProcess, u16, std::sync::mpsc::Receiver<String>) {
    let (child, port, lines) = common::serve_lines(args, Stdio::piped());
    // Keep reading the server's own output so it never blocks.
    let (tx, rx) = std::sync::mpsc::channel();
    thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            tx.send(line).ok();
        }
    });
    (ServerProcess(child), port, rx)
}

/// How a client misbehaves: once, at its `from`-th question (a hang-up
/// is for good).
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    Late,
    Garbage,
    HangUp,
}

/// A client as the 2009 dummy: its name, then a random answer to every
/// question; its transcript (every line the server sent).
fn client(
    port: u16,
    name: &'static str,
    fault: Fault,
    from: usize,
    seed: u64,
) -> thread::JoinHandle<Vec<String>> {
    thread::spawn(move || {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let mut writer = stream.try_clone().unwrap();
        let mut reader = BufReader::new(stream);
        let mut transcript = Vec::new();
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut rand = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut questions = 0;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            assert!(line.ends_with("\r\n"), "lines end with CRLF: {line:?}");
            let line = line.trim_end().to_string();
            transcript.push(line.clone());
            let answer = match line.as_str() {
                "IDENTIFY?" => Some(name.to_string()),
                "DIRECTION?" => Some(format!(
                    "DIRECTION: {}",
                    ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][rand(8) as usize]
                )),
                "MAGNITUDE?" => Some(format!("MAGNITUDE: {}", rand(4))),
                "TOURNAMENT OVER" => break,
                _ => None,
            };
            if let Some(a) = answer {
                if line != "IDENTIFY?" {
                    questions += 1;
                }
                let faulty = line != "IDENTIFY?" && questions == from;
                match (fault, faulty) {
                    (Fault::Late, true) => {
                        thread::sleep(Duration::from_millis(450));
                        writer.write_all(format!("{a}\r\n").as_bytes()).ok();
                    }
                    (Fault::Garbage, true) => {
                        writer.write_all(b"DIRECTION: UPWARDS\r\n").ok();
                    }
                    (Fault::HangUp, true) => return transcript,
                    _ => {
                        writer.write_all(format!("{a}\r\n").as_bytes()).ok();
                    }
                }
            }
        }
        transcript
    })
}

fn matches_protocol(line: &str) -> bool {
    let w: Vec<&str> = line.split(' ').collect();
    let seat = |s: &str| ["N", "E", "S", "W"].contains(&s);
    let dir = |s: &str| ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].contains(&s);
    let num = |s: &str| s.parse::<i64>().is_ok();
    match w.as_slice() {
        ["ALL", "PLAYERS", "CONNECTED"]
        | ["GAME", "START"]
        | ["IDENTIFY?"]
        | ["DIRECTION?"]
        | ["MAGNITUDE?"]
        | ["TOURNAMENT", "OVER"] => true,
        ["GAME", g, _, _, _, _] | ["BEGIN", "GAME", g, _, _, _, _] => {
            g.strip_suffix(':').is_some_and(num)
        }
        ["BEGIN", "ROUND", r] => num(r),
        ["COORD:", r, c] => num(r) && num(c),
        ["TURN", "ORDER:", rest @ ..] => !rest.is_empty() && rest.iter().all(|s| seat(s)),
        [s, "CHOOSES:", d] => seat(s) && dir(d),
        ["MAGNITUDES:", m @ ..] => {
            m.len() == 4 && m.iter().all(|x| ["0", "1", "2", "3"].contains(x))
        }
        ["SCORES(NESW):", m @ ..] => m.len() == 4 && m.iter().all(|x| num(x)),
        ["DISQUALIFICATION:", rest @ ..] => !rest.is_empty() && rest.iter().all(|s| seat(s)),
        ["WINNER:", w] => ["NS", "EW", "TIE"].contains(w),
        ["TOURNAMENT", "SCORES:", rest @ ..] => {
            rest.len() == 4
                && rest.iter().all(|p| {
                    p.split_once('=')
                        .is_some_and(|(_, v)| v.parse::<f64>().is_ok())
                })
        }
        _ => false,
    }
}

#[test]
fn a_whole_tournament_over_tcp_follows_the_2009_protocol() {
    let dir = scratch("vector-serve");
    let record = dir.join("t.json");
    let (mut server, port) = serve(&["-g", "13", "-t", "0.5", "--record", &s(&record)]);
    let names = ["ada", "bo", "cy", "di"];
    let clients: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| client(port, n, Fault::None, 0, i as u64))
        .collect();
    let transcripts: Vec<Vec<String>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(server.wait().unwrap().success());
    let t = &transcripts[0];
    for line in t {
        assert!(matches_protocol(line), "not in the protocol: {line:?}");
    }
    assert_eq!(t[0], "ALL PLAYERS CONNECTED");
    assert_eq!(t[2], "IDENTIFY?");
    assert_eq!(
        t.iter()
            .filter(|l| l.starts_with("GAME ") && l.contains(':'))
            .count(),
        13
    );
    assert_eq!(t.iter().filter(|l| l.starts_with("BEGIN GAME")).count(), 13);
    assert_eq!(t.iter().filter(|l| l.starts_with("WINNER:")).count(), 13);
    assert_eq!(t.last().unwrap(), "TOURNAMENT OVER");
    assert!(
        !t.iter().any(|l| l.starts_with("DISQUALIFICATION")),
        "nobody was late"
    );
    // Rounds: BEGIN ROUND, COORD, TURN ORDER, then the directions and magnitudes.
    let i = t.iter().position(|l| l == "BEGIN ROUND 0").unwrap();
    assert!(t[i + 1].starts_with("COORD: 10 10"));
    assert!(t[i + 2].starts_with("TURN ORDER: N"));
    // Every direction goes to all four, the chooser's own included: the
    // line after each `DIRECTION?` to "ada" is its own seat's CHOOSES.
    let mut own = 0;
    let mut seat = "";
    for (k, line) in t.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("BEGIN GAME ") {
            let names: Vec<&str> = rest.split(' ').skip(1).collect();
            let at = names.iter().position(|n| *n == "ada").unwrap();
            seat = ["N", "E", "S", "W"][at];
        }
        if line == "DIRECTION?" {
            let next = &t[k + 1];
            assert!(
                next.starts_with(&format!("{seat} CHOOSES: ")),
                "after DIRECTION? to {seat}: {next:?}"
            );
            own += 1;
        }
    }
    assert!(own >= 13, "ada chose in every game: {own}");
    let heard_chooses = t.iter().filter(|l| l.contains(" CHOOSES: ")).count();
    let rounds = t.iter().filter(|l| l.starts_with("TURN ORDER:")).count();
    let choices: usize = t
        .iter()
        .filter_map(|l| l.strip_prefix("TURN ORDER: "))
        .map(|l| l.split(' ').count())
        .sum();
    assert!(rounds > 0);
    assert_eq!(heard_chooses, choices, "every seat's direction, ada's too");
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}

#[test]
fn a_late_a_garbled_and_a_vanished_client_disqualify_their_teams_and_the_tournament_finishes() {
    let dir = scratch("vector-serve-faults");
    let record = dir.join("t.json");
    let (mut server, port, said) = serve_heard(&[
        "-g",
        "8",
        "-t",
        "0.3",
        "--record",
        &s(&record),
        "--seed",
        "5",
    ]);
    let clients = vec![
        client(port, "good", Fault::None, 0, 1),
        client(port, "slow", Fault::Late, 2, 2),
        client(port, "noisy", Fault::Garbage, 5, 3),
        client(port, "quitter", Fault::HangUp, 8, 4),
    ];
    let transcripts: Vec<Vec<String>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(
        server.wait().unwrap().success(),
        "the server finishes the tournament"
    );
    let t = &transcripts[0];
    assert_eq!(t.last().unwrap(), "TOURNAMENT OVER");
    assert!(t.iter().any(|l| l.starts_with("DISQUALIFICATION:")));
    for line in t {
        assert!(matches_protocol(line), "not in the protocol: {line:?}");
    }
    let text = std::fs::read_to_string(&record).unwrap();
    let rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    let faults: Vec<String> = rec["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["disqualified"].as_array().unwrap().clone())
        .map(|d| d["fault"]["fault"].as_str().unwrap().to_string())
        .collect();
    for kind in ["late", "malformed", "gone"] {
        assert!(faults.iter().any(|f| f == kind), "{kind} in {faults:?}");
    }
    // The server's log says what each did.
    let said: Vec<String> = said.iter().collect();
    let log = said.join("\n");
    assert!(
        log.contains("(slow) did not answer within 300 ms: disqualified"),
        "{log}"
    );
    assert!(
        log.contains(
            "(noisy) sent something that is not an action: \"DIRECTION: UPWARDS\": disqualified"
        ),
        "{log}"
    );
    assert!(
        log.contains("(quitter) closed the connection: disqualified"),
        "{log}"
    );
    assert!(!log.contains("answered in"), "{log}");
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}

fn tabula_client(port: u16, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["client", "--port", &port.to_string()])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula client starts")
}

#[test]
fn four_tabula_clients_play_a_tournament_against_the_server() {
    let dir = scratch("vector-clients");
    let record = dir.join("t.json");
    let (mut server, port) = serve(&["-g", "3", "--record", &s(&record), "--seed", "9"]);
    let mut clients = Vec::new();
    for (i, bot) in ["search:easy", "random", "greedy", "random"]
        .iter()
        .enumerate()
    {
        let mut args = vec!["--bot", bot, "--name", bot];
        if i == 0 {
            args.push("--verbose");
        }
        clients.push(tabula_client(port, &args));
        // Connect in this order, so that client 0 is the first entrant.
        thread::sleep(Duration::from_millis(100));
    }
    let outs: Vec<_> = clients
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    assert!(server.wait().unwrap().success());
    for out in &outs {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.trim_end().ends_with("TOURNAMENT OVER"), "{text}");
    }
    // The verbose client's transcript: what it heard is the protocol, and
    // it answered every question it was asked.
    let text = String::from_utf8_lossy(&outs[0].stdout);
    let heard: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("< ")).collect();
    let said: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    for line in &heard {
        assert!(matches_protocol(line), "not in the protocol: {line:?}");
    }
    let asked = heard
        .iter()
        .filter(|l| ["IDENTIFY?", "DIRECTION?", "MAGNITUDE?"].contains(l))
        .count();
    assert_eq!(asked, said.len(), "one answer a question");
    assert_eq!(said[0], "search:easy");
    // Its own direction comes back to it, as the one it sent.
    let lines: Vec<&str> = text.lines().collect();
    for (k, l) in lines.iter().enumerate() {
        if let Some(d) = l.strip_prefix("> DIRECTION: ") {
            let next = lines[k + 1];
            assert!(
                next.starts_with("< ") && next.ends_with(&format!(" CHOOSES: {d}")),
                "after sending DIRECTION: {d}: {next:?}"
            );
        }
    }
    assert!(said.iter().any(|l| l.starts_with("DIRECTION: ")));
    assert!(said.iter().any(|l| l.starts_with("MAGNITUDE: ")));
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert!(
        rec["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["disqualified"].as_array().unwrap().is_empty()),
        "no client was late or wrong"
    );
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}

#[test]
fn a_client_that_disagrees_with_the_server_stops_and_says_where() {
    // The server plays 12 rounds; a client told 2 finds the third round's
    // turn order against the rules as it knows them.
    let dir = scratch("vector-client-disagrees");
    let record = dir.join("t.json");
    let (mut server, port) = serve(&["-g", "1", "--record", &s(&record)]);
    let mut clients = vec![tabula_client(port, &["--bot", "random", "-r", "2"])];
    for _ in 0..3 {
        clients.push(tabula_client(port, &["--bot", "random"]));
    }
    let outs: Vec<_> = clients
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    assert!(server.wait().unwrap().success(), "the tournament finishes");
    let wrong = &outs[0];
    assert_eq!(wrong.status.code(), Some(1));
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert!(err.contains("server line"), "{err}");
    assert!(err.contains("by the rules"), "{err}");
    let bad = tabula(&["client", "--ruleset", "star-tigris"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("only vector"), "{}", bad.stderr);
    // A Catan client needs an account on the server.
    let bad = tabula(&["client", "--ruleset", "catan"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("--login"), "{}", bad.stderr);
}

/// Play a 13-game tournament of four protocol clients; the server's
/// printed seed, the record, and the seatings announced to a client.
fn tournament(extra: &[&str], name: &str) -> (u64, serde_json::Value, Vec<String>) {
    let dir = scratch(name);
    let record = dir.join("t.json");
    let mut args = vec!["-g", "13", "--record"];
    let path = s(&record);
    args.push(&path);
    args.extend_from_slice(extra);
    let (mut server, port, said) = serve_heard(&args);
    let clients: Vec<_> = ["ada", "bo", "cy", "di"]
        .iter()
        .enumerate()
        .map(|(i, n)| client(port, n, Fault::None, 0, i as u64))
        .collect();
    let transcripts: Vec<Vec<String>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(server.wait().unwrap().success());
    let said: Vec<String> = said.iter().collect();
    let seed_line = said
        .iter()
        .find(|l| l.starts_with("seed "))
        .unwrap_or_else(|| panic!("the seed is printed: {said:?}"));
    let seed: u64 = seed_line.split(' ').nth(1).unwrap().parse().unwrap();
    let v = tabula(&["record", "verify", &path]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let announced = transcripts[0]
        .iter()
        .filter(|l| l.starts_with("GAME ") && l.contains(':'))
        .cloned()
        .collect();
    (seed, rec, announced)
}

#[test]
fn without_a_seed_each_tournament_draws_its_own_seatings_and_its_seed_plays_them_again() {
    let (seed_a, rec_a, seats_a) = tournament(&[], "vector-os-seed-a");
    let (seed_b, rec_b, seats_b) = tournament(&[], "vector-os-seed-b");
    assert_ne!(seed_a, seed_b, "two seeds from the operating system");
    assert_ne!(
        rec_a["seatings"], rec_b["seatings"],
        "two tournaments, two sets of seatings"
    );
    let again = seed_a.to_string();
    let (seed_c, rec_c, seats_c) = tournament(&["--seed", &again], "vector-os-seed-c");
    for (seed, rec, announced) in [
        (seed_a, &rec_a, &seats_a),
        (seed_b, &rec_b, &seats_b),
        (seed_c, &rec_c, &seats_c),
    ] {
        assert_eq!(
            rec["seed"].as_u64(),
            Some(seed),
            "the printed seed is recorded"
        );
        let drawn: Vec<Vec<usize>> = serde_json::from_value(rec["seatings"].clone()).unwrap();
        assert_eq!(drawn, tabula_tournament::seatings(4, 13, seed, false));
        // What the clients were told is the recorded seatings, by name
        // (entrants are numbered in the order they identified).
        let entrants: Vec<&str> = rec["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        let told: Vec<Vec<usize>> = announced
            .iter()
            .map(|l| {
                l.split(' ')
                    .skip(2)
                    .map(|n| entrants.iter().position(|e| *e == n).unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(told, drawn);
    }
    // The recorded seed, given back, draws the same seatings.
    assert_eq!(seed_c, seed_a);
    assert_eq!(rec_c["seatings"], rec_a["seatings"]);
}

#[test]
fn a_shipped_board_other_than_the_starter_is_served_and_recorded_and_a_bad_one_refused() {
    let dir = scratch("vector-serve-board");
    let record = dir.join("t.json");
    let gauntlet = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/vector/gauntlet.txt"
    );
    let (mut server, port) = serve(&[
        "-g",
        "2",
        "--board",
        gauntlet,
        "--record",
        &s(&record),
        "--seed",
        "3",
    ]);
    let clients: Vec<_> = (0..4)
        .map(|_| tabula_client(port, &["--bot", "random", "--board", gauntlet]))
        .collect();
    let outs: Vec<_> = clients
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    assert!(server.wait().unwrap().success());
    for out in &outs {
        // A client that followed the starter board would stop at the
        // first scores that differ.
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let text = std::fs::read_to_string(gauntlet).unwrap();
    for g in rec["games"].as_array().unwrap() {
        assert_eq!(g["record"]["map"].as_str(), Some(text.as_str()));
    }
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);

    // A board the checker refuses is refused by the server and the
    // client, with the checker's problems line by line.
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        text.replacen("POINTS 2 ALL", "POINTS 2 EVERYONE", 1)
            .replacen("BLANK", "BLANKET", 1),
    )
    .unwrap();
    let check = tabula(&["map", "check", "--ruleset", "vector", &s(&bad)]);
    assert_eq!(check.code, 1);
    let problems: Vec<&str> = check.stderr.lines().collect();
    assert!(problems.len() >= 2, "{}", check.stderr);
    for cmd in ["serve", "client"] {
        let run = tabula(&[
            cmd,
            "--ruleset",
            "vector",
            "--port",
            "0",
            "--board",
            &s(&bad),
        ]);
        assert_eq!(run.code, 1, "{cmd}: {}", run.stderr);
        for p in &problems {
            assert!(run.stderr.contains(p), "{cmd} says {p}: {}", run.stderr);
        }
        assert!(!run.stdout.contains("listening"), "{}", run.stdout);
    }
}

#[test]
fn four_silent_connections_lose_their_places_to_four_real_clients() {
    let dir = scratch("vector-serve-silent");
    let record = dir.join("t.json");
    let (mut server, port, said) =
        serve_heard(&["-g", "2", "--identify-wait", "0.5", "--record", &s(&record)]);
    let silent: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    thread::sleep(Duration::from_millis(100));
    let names = ["ada", "bo", "cy", "di"];
    let clients: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| client(port, n, Fault::None, 0, i as u64))
        .collect();
    let transcripts: Vec<Vec<String>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(server.wait().unwrap().success());
    for t in &transcripts {
        assert_eq!(t.last().unwrap(), "TOURNAMENT OVER");
        assert_eq!(t.iter().filter(|l| l.starts_with("WINNER:")).count(), 2);
    }
    // Each silent connection was asked its name, then closed.
    for mut c in silent {
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut heard = String::new();
        std::io::Read::read_to_string(&mut c, &mut heard).expect("closed by the server");
        assert_eq!(
            heard,
            "ALL PLAYERS CONNECTED\r\nGAME START\r\nIDENTIFY?\r\n"
        );
    }
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let mut entrants: Vec<&str> = rec["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    entrants.sort_unstable();
    assert_eq!(entrants, names, "the tournament is played by the real ones");
    let said: Vec<String> = said.iter().collect();
    let closed = said
        .iter()
        .filter(|l| l.contains("did not identify itself within 500 ms; closed"))
        .count();
    assert_eq!(closed, 4, "{said:?}");
    let v = tabula(&["record", "verify", &s(&record)]);
    assert_eq!(v.code, 0, "{}", v.stderr);
}
