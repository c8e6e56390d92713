//! `tabula serve --ruleset catan` over real TCP, with clients written from
//! the seed (002) alone: the lobby transcript, a whole game played by
//! three clients that answer prompts with random listed values, both
//! Commercial Harbor transcripts, UPLOAD MAP of bad maps refused rule by
//! rule, accounts from a users file, and hostile clients that change
//! nothing for another game.

mod common;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::{s, scratch, tabula};
use serde_json::{Value, json};

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn serve(args: &[&str]) -> Server {
    let mut all = vec!["--ruleset", "catan"];
    all.extend_from_slice(args);
    let (child, port, lines) = common::serve_lines(&all, Stdio::null());
    thread::spawn(move || for _ in lines {});
    Server { child, port }
}

/// A client connection, as a student's program written from the seed.
struct Client {
    w: TcpStream,
    r: BufReader<TcpStream>,
    /// Every line heard.
    heard: Vec<String>,
}

impl Client {
    fn connect(port: u16) -> Client {
        let w = TcpStream::connect(("127.0.0.1", port)).unwrap();
        w.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let r = BufReader::new(w.try_clone().unwrap());
        Client {
            w,
            r,
            heard: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.w.write_all(format!("{line}\r\n").as_bytes()).unwrap();
    }

    fn line(&mut self) -> Option<String> {
        let mut l = String::new();
        match self.r.read_line(&mut l) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let l = l.trim_end_matches(['\r', '\n']).to_string();
                self.heard.push(l.clone());
                Some(l)
            }
        }
    }

    /// Send a lobby command; its answer up to `OK` or an `ERROR` line.
    fn ask(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        let mut out = Vec::new();
        loop {
            let l = self
                .line()
                .unwrap_or_else(|| panic!("closed after {cmd}: {out:?}"));
            let end = l == "OK" || l.starts_with("ERROR");
            out.push(l);
            if end {
                return out;
            }
        }
    }

    fn login(port: u16, nick: &str) -> Client {
        let mut c = Client::connect(port);
        c.line().unwrap();
        let a = c.ask(&format!("LOGIN {nick} pw-{nick}"));
        assert_eq!(a.last().unwrap(), "OK", "{a:?}");
        c
    }

    /// The next JSON event.
    fn event(&mut self) -> Option<Value> {
        let l = self.line()?;
        Some(serde_json::from_str(&l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
    }

    /// Events up to a `USER_MESSAGE` whose text starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<Value> {
        let mut out = Vec::new();
        loop {
            let e = self
                .event()
                .unwrap_or_else(|| panic!("closed waiting for {prefix}"));
            let hit = e["@prop"] == "USER_MESSAGE"
                && e["@nv"].as_str().is_some_and(|t| t.starts_with(prefix));
            out.push(e);
            if hit {
                return out;
            }
        }
    }
}

fn cmd(action: &str, pairs: &[(&str, &str)]) -> String {
    let entries: Vec<Value> = pairs
        .iter()
        .map(|(k, v)| json!({"key": k, "value": v}))
        .collect();
    match entries.len() {
        0 => json!({"@action": action}).to_string(),
        1 => json!({"@action": action, "properties": {"entry": entries[0]}}).to_string(),
        _ => json!({"@action": action, "properties": {"entry": entries}}).to_string(),
    }
}

/// A client's model, built from the events alone: (src, prop) -> value.
#[derive(Default)]
struct Model(BTreeMap<(String, String), String>);

impl Model {
    fn apply(&mut self, e: &Value) {
        let src = e["@src"].as_str().unwrap_or("").to_string();
        if src == "SERVER" || src.starts_with("User@") {
            return;
        }
        let prop = e["@prop"].as_str().unwrap().to_string();
        match e["@nv"].as_str() {
            Some(v) => self.0.insert((src, prop), v.to_string()),
            None => self.0.remove(&(src, prop)),
        };
    }

    /// The object whose `prop` is `value`.
    fn find(&self, class: &str, prop: &str, value: &str) -> Option<String> {
        self.0
            .iter()
            .find(|((src, p), v)| src.starts_with(class) && p == prop && *v == value)
            .map(|((src, _), _)| src.clone())
    }

    fn get(&self, src: &str, prop: &str) -> Option<&String> {
        self.0.get(&(src.to_string(), prop.to_string()))
    }
}

fn lcg(state: &mut u64, n: usize) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*state >> 33) as usize) % n
}

/// What one random client saw of its game.
struct Played {
    over: String,
    errors: Vec<String>,
    model: Model,
    me: String,
    prompts: usize,
}

/// Join `game`, send START_GAME and answer every prompt with a random
/// listed value (for rollDies, yourTurn and offer: a random command of
/// the OPTIONS event, END_TURN one time in three) until the game is over.
fn random_player(mut c: Client, nick: &str, game: &str, seed: u64) -> Played {
    let a = c.ask(&format!("JOIN GAME {game}"));
    assert_eq!(a, vec!["OK"], "{nick} joins");
    c.send(&cmd("START_GAME", &[]));
    answer_prompts(c, nick, seed, Model::default())
}

/// Answer every prompt with a random listed value until the game is over.
fn answer_prompts(mut c: Client, nick: &str, seed: u64, model: Model) -> Played {
    let mut model = model;
    let (over, errors, prompts) =
        answer_some(&mut c, nick, seed, &mut model, usize::MAX).expect("the game ends");
    let me = model.find("UserAssets@", "nickname", nick).unwrap();
    c.send(&cmd("LEAVE_GAME", &[]));
    Played {
        over,
        errors,
        model,
        me,
        prompts,
    }
}

/// Answer up to `limit` prompts with random listed values: the game's
/// last word, the errors heard and the prompts answered once the game is
/// over, or `None` when the limit came first.
fn answer_some(
    c: &mut Client,
    nick: &str,
    seed: u64,
    model: &mut Model,
    limit: usize,
) -> Option<(String, Vec<String>, usize)> {
    let mut rng = seed.wrapping_add(99);
    let mut options: Vec<Value> = Vec::new();
    let mut errors = Vec::new();
    let mut prompts = 0;
    loop {
        if prompts == limit {
            return None;
        }
        let e = c.event().expect("the game ends before the connection");
        model.apply(&e);
        if e["@src"] != "SERVER" {
            continue;
        }
        let text = e["@nv"].as_str().unwrap_or("").to_string();
        if e["@prop"] == "OPTIONS" {
            options = serde_json::from_str::<Vec<Value>>(&text).unwrap();
            continue;
        }
        if text.starts_with("ERROR") {
            errors.push(text);
            continue;
        }
        let Some(p) = text.strip_prefix("OK - ") else {
            panic!("{nick}: a USER_MESSAGE is OK or ERROR: {text:?}");
        };
        if p.starts_with("gameOver") {
            return Some((p.to_string(), errors, prompts));
        }
        if matches!(p, "rollDies" | "yourTurn" | "offer(card,user)") {
            prompts += 1;
            assert!(!options.is_empty(), "{p} comes with its options");
            let ends: Vec<&Value> = options
                .iter()
                .filter(|o| o["@action"] == "END_TURN")
                .collect();
            let pick = if !ends.is_empty() && lcg(&mut rng, 3) == 0 {
                ends[0].clone()
            } else {
                options[lcg(&mut rng, options.len())].clone()
            };
            c.send(&pick.to_string());
        } else if let Some(inner) = p.strip_prefix("choose(") {
            prompts += 1;
            let inner = inner.strip_suffix(')').unwrap();
            let (_, values) = inner.split_once(':').expect("choose lists its values");
            let values: Vec<&str> = values.split(',').collect();
            let v = values[lcg(&mut rng, values.len())];
            c.send(&cmd("CHOOSE", &[("id", v)]));
        }
    }
}

#[test]
fn the_lobby_answers_as_the_seed_transcript_shows() {
    let server = serve(&["--timeout", "3600000"]);
    let mut c = Client::connect(server.port);
    assert_eq!(
        c.line().unwrap(),
        "SE1 SettlersOfCatan-Server 1.0, Timeout set to 3600000ms"
    );
    // An open server: a new login makes the account.
    assert_eq!(
        c.ask("login zenobios secret"),
        vec!["USER NICK=zenobios EMAIL=zenobios ROLE=USER", "OK"]
    );
    assert_eq!(
        c.ask("help"),
        vec![
            "Available commands after greeting: LOGIN, LOGOUT",
            "User commands: ID, LIST USERS",
            "Game management: LIST MAPS, CREATE GAME, LIST GAMES, JOIN GAME, UPLOAD MAP, DOWNLOAD MAP",
            "Team management: LIST TEAMS",
            "Other commands: CREATE TESTPLAYER, MSG, CHANGELOG, UPLOAD MAP, NOOP, HELP",
            "send 'HELP <command>' for details",
            "a successfull command will be acknowledged with an 'OK' line",
            "an unsuccessfull command will be acknowledged with an 'ERROR' line",
            "OK",
        ]
    );
    assert_eq!(
        c.ask("help create testplayer"),
        vec![
            "Creates a temporary user e.g. for testing purposes. This user exists at least for 24h hours or until the next server restart",
            "Usage: \"CREATE TESTPLAYER\"",
            "OK",
        ]
    );
    let t = c.ask("create testplayer");
    assert_eq!(t.len(), 2);
    assert_eq!(t[1], "OK");
    let rest = t[0]
        .strip_prefix("TEMPORARY USER NICK=tempUser0 PASSWORD=")
        .unwrap_or_else(|| panic!("{t:?}"));
    assert_eq!(rest.len(), 6);
    // The test player logs in with its password, and not without.
    let mut tmp = Client::connect(server.port);
    tmp.line().unwrap();
    assert!(tmp.ask("LOGIN tempUser0 wrong")[0].starts_with("ERROR"));
    assert_eq!(
        tmp.ask(&format!("LOGIN tempUser0 {rest}")).last().unwrap(),
        "OK"
    );
    let maps = c.ask("LIST MAPS");
    assert!(
        maps.contains(&"MAP NAME=standard OWNER=TABULA".to_string()),
        "{maps:?}"
    );
    assert_eq!(maps.last().unwrap(), "OK");
    assert_eq!(c.ask("CREATE GAME g1 -maxPlayers 3"), vec!["OK"]);
    assert!(c.ask("CREATE GAME g1 -maxPlayers 3")[0].starts_with("ERROR"));
    assert!(c.ask("CREATE GAME g2 -maxPlayers 9")[0].starts_with("ERROR"));
    assert!(c.ask("CREATE GAME g2 -maxPlayers 3 -map nowhere")[0].starts_with("ERROR"));
    assert_eq!(
        c.ask("list games"),
        vec![
            "GAME NAME=g1 MAP=standard PLAYERS=0/3 VISITORS=0 STATE=WAITING TESTGAME=false",
            "OK"
        ]
    );
    let users = c.ask("LIST USERS");
    assert!(
        users.contains(&"USER NICK=tempUser0".to_string()),
        "{users:?}"
    );
    assert_eq!(c.ask("NOOP"), vec!["OK"]);
    assert_eq!(
        c.ask("ID")[0],
        "USER NICK=zenobios EMAIL=zenobios ROLE=USER"
    );
    assert!(c.ask("CHANGELOG").len() >= 2);
    // Lobby messages reach the others in the lobby.
    assert_eq!(c.ask("MSG ALL hello there"), vec!["OK"]);
    assert_eq!(tmp.line().unwrap(), "MSG FROM=zenobios TO=ALL: hello there");
    assert_eq!(c.ask("MSG USER tempUser0 psst"), vec!["OK"]);
    assert_eq!(tmp.line().unwrap(), "MSG FROM=zenobios TO=USER: psst");
    // Failures are one line starting ERROR.
    for bad in [
        "FROBNICATE",
        "JOIN GAME nope",
        "DOWNLOAD MAP nope",
        "LIST",
        "HELP frob",
        "LOGIN x",
    ] {
        let a = c.ask(bad);
        assert_eq!(a.len(), 1, "{bad}: {a:?}");
        assert!(a[0].starts_with("ERROR "), "{bad}: {a:?}");
    }
    let map = c.ask("DOWNLOAD MAP standard");
    assert_eq!(map.last().unwrap(), "OK");
    assert!(map.iter().any(|l| l.contains(";DESERT;")));
    // A game waits for its players (here a little over a second).
    thread::sleep(Duration::from_millis(1200));
    // JOIN GAME switches to JSON.
    assert_eq!(c.ask("JOIN GAME g1"), vec!["OK"]);
    let e = c.event().unwrap();
    assert_eq!(e["@src"], "SERVER");
    assert_eq!(e["@prop"], "USER_MESSAGE");
    assert!(e["@ts"].as_str().unwrap().parse::<u64>().is_ok());
    // LEAVE_GAME goes back to the lobby.
    c.send(&cmd("LEAVE_GAME", &[]));
    assert_eq!(c.event().unwrap()["@nv"], "OK - LEAVE_GAME");
    assert_eq!(c.ask("NOOP"), vec!["OK"]);
    // Before LOGIN, only HELP, LOGIN and NOOP.
    let mut anon = Client::connect(server.port);
    anon.line().unwrap();
    assert!(anon.ask("LIST GAMES")[0].starts_with("ERROR"));
    assert_eq!(anon.ask("LOGOUT").len(), 1);
}

#[test]
fn accounts_come_from_the_users_file_and_keep_only_hashes() {
    let dir = scratch("catan-users");
    let file = dir.join("users.txt");
    let add = |login: &str, email: &str, team: &str, pw: &str| {
        let mut p = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["users", "add", &s(&file), login, email, "--team", team])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        p.stdin
            .take()
            .unwrap()
            .write_all(format!("{pw}\n").as_bytes())
            .unwrap();
        p.wait().unwrap().code()
    };
    assert_eq!(
        add("zenobios", "andreas@example.org", "SE", "geheim"),
        Some(0)
    );
    assert_eq!(add("bob", "bob@example.org", "SE", "pw2"), Some(0));
    assert_eq!(
        add("bob", "bob@example.org", "SE", "pw3"),
        Some(1),
        "a login once"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("geheim") && text.contains("$argon2id$"));
    let server = serve(&["--users", &s(&file)]);
    let mut c = Client::connect(server.port);
    c.line().unwrap();
    assert!(c.ask("LOGIN zenobios wrong")[0].starts_with("ERROR"));
    assert!(
        c.ask("LOGIN stranger geheim")[0].starts_with("ERROR"),
        "closed server"
    );
    let login = c.ask("LOGIN andreas@example.org geheim");
    assert_eq!(login.len(), 3, "{login:?}");
    assert_eq!(
        login[0],
        "USER NICK=zenobios EMAIL=andreas@example.org ROLE=SE"
    );
    let team = login[1].strip_prefix("TEAM NAME=SE ID=").unwrap();
    assert!(team.len() == 8 && team.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(login[2], "OK");
    let teams = c.ask("LIST TEAMS");
    assert_eq!(teams.len(), 2);
    assert!(teams[0].starts_with("TEAM NAME=SE ID="), "{teams:?}");
}

#[test]
fn three_clients_answering_prompts_alone_play_a_whole_game_and_the_record_replays() {
    let dir = scratch("catan-serve-game");
    let server = serve(&["--record", &s(&dir)]);
    let mut host = Client::login(server.port, "ann");
    assert_eq!(host.ask("CREATE GAME whole -maxPlayers 3"), vec!["OK"]);
    let mut visitor = Client::login(server.port, "vic");
    assert_eq!(visitor.ask("JOIN GAME whole -visitor true"), vec!["OK"]);
    let nicks = ["ann", "bob", "cy"];
    let mut clients = vec![host];
    clients.extend(nicks[1..].iter().map(|n| Client::login(server.port, n)));
    let players: Vec<_> = clients
        .into_iter()
        .zip(nicks)
        .enumerate()
        .map(|(i, (c, n))| thread::spawn(move || random_player(c, n, "whole", i as u64)))
        .collect();
    let played: Vec<Played> = players.into_iter().map(|p| p.join().unwrap()).collect();
    // The visitor follows the public events to the end.
    let mut vmodel = Model::default();
    loop {
        let e = visitor.event().unwrap();
        vmodel.apply(&e);
        if e["@nv"]
            .as_str()
            .is_some_and(|t| t.starts_with("OK - gameOver"))
        {
            break;
        }
    }
    for (p, nick) in played.iter().zip(nicks) {
        assert_eq!(
            p.over, played[0].over,
            "{nick}: every seat hears the same end"
        );
        assert!(
            p.errors.is_empty(),
            "{nick}: a client that follows the prompts is never refused: {:?}",
            p.errors
        );
        assert!(p.prompts > 20, "{nick}: {} prompts", p.prompts);
        // Hidden information: a seat's model holds only its own cards.
        for ((src, prop), v) in &p.model.0 {
            if (src.starts_with("Card@") || src.starts_with("ProgressCard@")) && prop == "owner" {
                assert_eq!(v, &p.me, "{nick} saw another seat's card {src}");
            }
        }
        // Its own cards add up to the count others see.
        let cards: u32 = p
            .model
            .0
            .iter()
            .filter(|((src, prop), _)| src.starts_with("Card@") && prop == "count")
            .map(|(_, v)| v.parse::<u32>().unwrap())
            .sum();
        let counted: u32 = ["resourceCards", "commodityCards"]
            .iter()
            .map(|k| vmodel.get(&p.me, k).unwrap().parse::<u32>().unwrap())
            .sum();
        assert_eq!(cards, counted, "{nick}: own cards against the public count");
    }
    assert!(
        !vmodel
            .0
            .keys()
            .any(|(src, _)| src.starts_with("Card@") || src.starts_with("ProgressCard@")),
        "a visitor sees no cards"
    );
    // The winner (or the round limit) is in every model; the record replays.
    let records: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    let v = tabula(&["record", "verify", &s(&records[0])]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&records[0]).unwrap()).unwrap();
    let mut names: Vec<&str> = rec["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, nicks, "seats in the order the players joined");
}

/// Normalise a transcript line: object ids and a choose's values aside.
fn normal(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('@') {
        out.push_str(&rest[..=i]);
        rest = rest[i + 1..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
        out.push('*');
    }
    out.push_str(rest);
    match out.split_once("choose(") {
        Some((head, tail)) => match tail.split_once(':') {
            Some((kind, _)) => format!("{head}choose({kind})"),
            None => out,
        },
        None => out,
    }
}

fn messages(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["@prop"] == "USER_MESSAGE")
        .map(|e| normal(e["@nv"].as_str().unwrap()))
        .collect()
}

/// Three clients at a table that starts from `position`; their models
/// up to each one's first prompt.
fn harbor_table(port: u16, game: &str, position: &str) -> Vec<(Client, Model)> {
    let mut z = Client::login(port, "zenobios");
    assert_eq!(
        z.ask(&format!(
            "CREATE GAME {game} -maxPlayers 3 -position {position}"
        )),
        vec!["OK"]
    );
    let mut out = vec![z];
    out.push(Client::login(port, "bob"));
    out.push(Client::login(port, "charly"));
    for c in out.iter_mut() {
        assert_eq!(c.ask(&format!("JOIN GAME {game}")), vec!["OK"]);
        c.send(&cmd("START_GAME", &[]));
    }
    out.into_iter()
        .map(|mut c| {
            let mut m = Model::default();
            for e in c.until("OK - START_GAME") {
                m.apply(&e);
            }
            (c, m)
        })
        .collect()
}

/// Events up to a message starting `prefix`, applied to `model`.
fn upto(c: &mut Client, model: &mut Model, prefix: &str) -> Vec<Value> {
    let events = c.until(prefix);
    for e in &events {
        model.apply(e);
    }
    events
}

/// Read events until the connection has been quiet a moment.
fn drain(c: &mut Client, model: &mut Model) -> Vec<Value> {
    c.w.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut out = Vec::new();
    while let Some(e) = c.event() {
        model.apply(&e);
        out.push(e);
    }
    c.w.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    out
}

fn positions_dir() -> PathBuf {
    let dir = scratch("catan-serve-positions");
    std::fs::write(
        dir.join("harbor-trade.txt"),
        "# The seed's first Commercial Harbor scenario.\nplayers 3\nturn 9 player 1 main\nhand 1 GRAIN 2\nprogress 1 COMMERCIAL_HARBOR\nhand 2 COIN 1 CLOTH 1\nhand 3 LUMBER 2 PAPER 1\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("harbor-nobody.txt"),
        "# The seed's second Commercial Harbor scenario.\nplayers 3\nturn 9 player 1 main\nhand 1 GRAIN 3\nprogress 1 COMMERCIAL_HARBOR\nhand 2 GRAIN 3\n",
    )
    .unwrap();
    dir
}

fn hand(model: &Model, me: &str) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for ((src, prop), v) in &model.0 {
        if src.starts_with("Card@") && prop == "owner" && v == me {
            let n: u32 = model.get(src, "count").unwrap().parse().unwrap();
            if n > 0 {
                out.insert(model.get(src, "type").unwrap().clone(), n);
            }
        }
    }
    out
}

#[test]
fn both_commercial_harbor_transcripts_reproduce_line_for_line() {
    let dir = positions_dir();
    let server = serve(&["--positions", &s(&dir)]);
    // Scenario 1: Zenobios trades two grain for paper and coin.
    let mut t = harbor_table(server.port, "harbor1", "harbor-trade");
    for (c, m) in t.iter_mut() {
        drain(c, m);
    }
    let id = |m: &Model, nick: &str| m.find("UserAssets@", "nickname", nick).unwrap();
    let (zm, bm, cm) = (&t[0].1, &t[1].1, &t[2].1);
    let (zen, bob, charly) = (id(zm, "zenobios"), id(zm, "bob"), id(zm, "charly"));
    let card = zm
        .find("ProgressCard@", "type", "COMMERCIAL_HARBOR")
        .unwrap();
    let grain =
        zm.0.iter()
            .find(|((src, p), v)| src.starts_with("Card@") && p == "type" && *v == "GRAIN")
            .map(|((src, _), _)| src.clone())
            .unwrap();
    assert_eq!(hand(zm, &zen), BTreeMap::from([("GRAIN".into(), 2)]));
    assert_eq!(hand(bm, &bob).len(), 2);
    assert_eq!(hand(cm, &charly).len(), 2);
    let (mut z, mut zm) = t.remove(0);
    let (mut b, mut bm) = t.remove(0);
    let (mut c, mut cm) = t.remove(0);
    z.send(&cmd("PLAY", &[("id", &card)]));
    let zs = messages(&upto(&mut z, &mut zm, "OK - offer"));
    assert_eq!(zs, vec!["OK - offer(card,user)"]);
    z.send(&cmd("OFFER", &[("user", &charly), ("id", &grain)]));
    let cs = upto(&mut c, &mut cm, "OK - choose");
    assert_eq!(
        messages(&cs),
        vec![
            "OK - User zenobios offered you a card of type GRAIN. Choose one of your commodity cards for exchange.",
            "OK - choose(commodityCard)",
        ]
    );
    let paper = cm.find("Card@", "type", "PAPER").unwrap();
    let last = cs.last().unwrap()["@nv"].as_str().unwrap().to_string();
    assert_eq!(
        last,
        format!("OK - choose(commodityCard:{paper})"),
        "the values are listed"
    );
    c.send(&cmd("CHOOSE", &[("id", &paper)]));
    assert_eq!(
        messages(&upto(&mut c, &mut cm, "OK - CHOOSE")),
        vec!["OK - CHOOSE"]
    );
    assert_eq!(
        messages(&upto(&mut z, &mut zm, "OK - offer")),
        vec!["OK - offer(card,user)"]
    );
    z.send(&cmd("OFFER", &[("user", &bob), ("id", &grain)]));
    upto(&mut b, &mut bm, "OK - choose");
    let coin = bm.find("Card@", "type", "COIN").unwrap();
    b.send(&cmd("CHOOSE", &[("id", &coin)]));
    assert_eq!(
        messages(&upto(&mut b, &mut bm, "OK - CHOOSE")),
        vec!["OK - CHOOSE"]
    );
    assert_eq!(
        messages(&upto(&mut z, &mut zm, "OK - yourTurn")),
        vec!["OK - yourTurn"]
    );
    for (cl, m) in [(&mut z, &mut zm), (&mut b, &mut bm), (&mut c, &mut cm)] {
        drain(cl, m);
    }
    assert_eq!(
        hand(&zm, &zen),
        BTreeMap::from([("COIN".into(), 1), ("PAPER".into(), 1)])
    );
    assert_eq!(
        hand(&bm, &bob),
        BTreeMap::from([("CLOTH".into(), 1), ("GRAIN".into(), 1)])
    );
    assert_eq!(
        hand(&cm, &charly),
        BTreeMap::from([("GRAIN".into(), 1), ("LUMBER".into(), 2)])
    );
    // Scenario 2: nobody else holds a commodity card.
    let mut t = harbor_table(server.port, "harbor2", "harbor-nobody");
    for (cl, m) in t.iter_mut() {
        drain(cl, m);
    }
    let (mut z, mut zm) = t.remove(0);
    let zen = id(&zm, "zenobios");
    let card = zm
        .find("ProgressCard@", "type", "COMMERCIAL_HARBOR")
        .unwrap();
    z.send(&cmd("PLAY", &[("id", &card)]));
    let zs = messages(&upto(&mut z, &mut zm, "OK - yourTurn"));
    assert_eq!(zs.len(), 2, "{zs:?}");
    assert!(
        zs[0].starts_with("ERROR: PLAY - ") && zs[0].contains("no player who has a commodity card"),
        "{zs:?}"
    );
    assert_eq!(zs[1], "OK - yourTurn");
    drain(&mut z, &mut zm);
    assert_eq!(hand(&zm, &zen), BTreeMap::from([("GRAIN".into(), 3)]));
    assert!(zm.get(&card, "type").is_some(), "the card stays in hand");
}

#[test]
fn upload_map_refuses_a_bad_map_rule_by_rule() {
    let server = serve(&[]);
    let mut c = Client::login(server.port, "mapper");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../catan/tests/fixtures");
    let mut checked = 0;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(expect) = text.lines().find_map(|l| l.strip_prefix("# expect: ")) else {
            continue;
        };
        let (rule, place) = expect.split_once(' ').unwrap();
        c.send("UPLOAD MAP");
        for line in text.lines() {
            c.send(line);
        }
        c.send(".");
        let mut lines = Vec::new();
        loop {
            let l = c.line().unwrap();
            let end = l == "OK" || l.starts_with("ERROR UPLOAD MAP");
            lines.push(l);
            if end {
                break;
            }
        }
        let want = if place == "-" {
            format!("[{rule}] ")
        } else {
            format!("[{rule}] line {place}: ")
        };
        assert!(
            lines.iter().any(|l| l.contains(&want)),
            "{}: want {want:?} in {lines:?}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 35, "{checked} fixtures");
    // A good map is kept under its name and can be played on.
    let good = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/catan/standard.txt"),
    )
    .unwrap()
    .replace("### STANDARD", "### MINE");
    c.send("UPLOAD MAP");
    for line in good.lines() {
        c.send(line);
    }
    assert_eq!(c.ask("."), vec!["MAP NAME=mine", "OK"]);
    c.send("UPLOAD MAP");
    for line in good.lines() {
        c.send(line);
    }
    let again = c.ask(".");
    assert!(
        again[0].starts_with("ERROR UPLOAD MAP - there is a map mine"),
        "{again:?}"
    );
    assert!(
        c.ask("LIST MAPS")
            .contains(&"MAP NAME=mine OWNER=mapper".to_string())
    );
    // A map over 64 KiB is read to its end, not kept, and refused once.
    c.send("UPLOAD MAP");
    for i in 0..5000 {
        c.send(&format!("{i};WATER;0;N,{};SE,{};", i + 1, i + 2));
    }
    let big = c.ask(".");
    assert_eq!(big.len(), 1, "{big:?}");
    assert!(
        big[0].starts_with("ERROR UPLOAD MAP - [too-large]"),
        "{big:?}"
    );
    assert_eq!(c.ask("NOOP"), vec!["OK"]);
    assert_eq!(
        c.ask("CREATE GAME onmine -maxPlayers 2 -map mine"),
        vec!["OK"]
    );
}

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

#[test]
fn hostile_clients_change_nothing_for_another_game() {
    let dir = scratch("catan-serve-hostile");
    let server = serve(&["--record", &s(&dir), "--answer-timeout", "400"]);
    let port = server.port;
    // 200 connections that say nothing.
    let silent: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    // A game of three well-behaved clients, played meanwhile.
    let mut host = Client::login(port, "p1");
    assert_eq!(
        host.ask("CREATE GAME calm -maxPlayers 3 -timeout 20000"),
        vec!["OK"]
    );
    let mut clients = vec![host];
    clients.extend(["p2", "p3"].iter().map(|n| Client::login(port, n)));
    let calm: Vec<_> = clients
        .into_iter()
        .zip(["p1", "p2", "p3"])
        .enumerate()
        .map(|(i, (c, n))| thread::spawn(move || random_player(c, n, "calm", 10 + i as u64)))
        .collect();
    // A second game with the hostile clients: garbage, half JSON, a 10 MB
    // line, a command out of turn; one disconnects mid-game, one never
    // answers (both played by a bot from then on).
    let mut h = Client::login(port, "h1");
    assert_eq!(
        h.ask("CREATE GAME wild -maxPlayers 3 -bot random"),
        vec!["OK"]
    );
    assert!(h.ask("\u{1}\u{2}garbage ;;; \u{7f}")[0].starts_with("ERROR"));
    let mut long = Client::login(port, "h0");
    long.w.write_all(&vec![b'A'; 10 << 20]).unwrap();
    long.w.write_all(b"\r\n").unwrap();
    assert!(
        long.line()
            .unwrap()
            .starts_with("ERROR the line is longer than")
    );
    assert_eq!(
        long.ask("NOOP"),
        vec!["OK"],
        "the connection goes on after a long line"
    );
    let mut h2 = Client::login(port, "h2");
    let mut h3 = Client::login(port, "h3");
    for c in [&mut h, &mut h2, &mut h3] {
        assert_eq!(c.ask("JOIN GAME wild"), vec!["OK"]);
    }
    h.send("this is not json");
    h.send("{\"@action\":\"BUILD\",\"properties\":{\"entry\":[{\"key\":");
    h.send(&cmd("START_GAME", &[]));
    let early = h.until("OK - START_GAME");
    let errs: Vec<String> = messages(&early)
        .into_iter()
        .filter(|m| m.starts_with("ERROR"))
        .collect();
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].starts_with("ERROR: UNKNOWN - the command is not JSON"),
        "{errs:?}"
    );
    assert!(errs[1].contains("not complete JSON"), "{errs:?}");
    // Out of turn: seat 3 tries to end seat 1's set-up turn.
    h3.send(&cmd("END_TURN", &[]));
    let e = h3.until("ERROR");
    assert!(
        messages(&e)
            .last()
            .unwrap()
            .starts_with("ERROR: END_TURN - it is not your move"),
        "{:?}",
        messages(&e)
    );
    // h2 hangs up; h3 and h never answer: bots take their seats.
    drop(h2);
    let mut bots = BTreeSet::new();
    let mut over = None;
    let deadline = Instant::now() + Duration::from_secs(60);
    while over.is_none() && Instant::now() < deadline {
        let Some(e) = h3.event() else { break };
        let t = e["@nv"].as_str().unwrap_or("").to_string();
        if t.contains("a Tabula bot") {
            bots.insert(t.split(' ').nth(2).unwrap_or("").to_string());
        }
        if t.starts_with("OK - gameOver") {
            over = Some(t);
        }
    }
    assert!(over.is_some(), "the wild game ends, played by bots");
    assert_eq!(
        bots,
        BTreeSet::from(["h1".into(), "h2".into(), "h3".into()]),
        "{bots:?}"
    );
    let played: Vec<Played> = calm.into_iter().map(|p| p.join().unwrap()).collect();
    for p in &played {
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert!(p.over.starts_with("gameOver"));
        assert!(!p.over.contains("bot"));
    }
    let kb = rss_kb(server.child.id());
    assert!(
        kb < 150_000,
        "the server holds {kb} kB with 200 idle connections"
    );
    // The silent connections are still greeted and open.
    let mut one = silent.into_iter().next().unwrap();
    let mut greet = [0u8; 20];
    one.read_exact(&mut greet).unwrap();
    assert_eq!(&greet, b"SE1 SettlersOfCatan-");
    let n = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(n, 2, "both games are recorded");
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let v = tabula(&["record", "verify", &s(&path)]);
        assert_eq!(v.code, 0, "{}", v.stderr);
        // A seat a bot took over is recorded as that bot.
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let players: Vec<&str> = record["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["player"].as_str().unwrap())
            .collect();
        if s(&path).contains("-wild-") {
            assert_eq!(players, ["bot:random"; 3], "{path:?}");
        } else {
            assert_eq!(players, ["human"; 3], "{path:?}");
        }
    }
}

#[test]
fn a_stopped_server_records_the_game_in_progress_and_tells_its_players() {
    let dir = scratch("catan-serve-stop");
    let (child, port, lines) =
        common::serve_lines(&["--ruleset", "catan", "--record", &s(&dir)], Stdio::null());
    // Killed when the test ends, should it fail before the server stops.
    let mut server = Server { child, port };
    let mut host = Client::login(port, "s1");
    assert_eq!(host.ask("CREATE GAME halt -maxPlayers 3"), vec!["OK"]);
    let mut clients = vec![host];
    clients.extend(["s2", "s3"].iter().map(|n| Client::login(port, n)));
    for c in &mut clients {
        assert_eq!(c.ask("JOIN GAME halt"), vec!["OK"]);
        c.send(&cmd("START_GAME", &[]));
    }
    // Each places its first settlement and road (the set-up goes round
    // the table), then the game waits on the last.
    let playing: Vec<_> = clients
        .into_iter()
        .zip(["s1", "s2", "s3"])
        .enumerate()
        .map(|(i, (mut c, n))| {
            thread::spawn(move || {
                let mut model = Model::default();
                assert!(answer_some(&mut c, n, 40 + i as u64, &mut model, 2).is_none());
                (c, model)
            })
        })
        .collect();
    let mut clients: Vec<(Client, Model)> =
        playing.into_iter().map(|t| t.join().unwrap()).collect();
    // The server is asked to stop, as `kill` or a service manager does.
    let term = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    for (c, model) in &mut clients {
        let over = loop {
            let e = c
                .event()
                .expect("the players are told before the connection ends");
            model.apply(&e);
            let t = e["@nv"].as_str().unwrap_or("").to_string();
            if t.starts_with("OK - gameOver") {
                break t;
            }
        };
        assert_eq!(
            over,
            "OK - gameOver - the server was stopped; the game so far is recorded"
        );
    }
    let said: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        server.child.wait().unwrap().success(),
        "the server ends cleanly"
    );
    assert!(
        said.iter()
            .any(|l| l.starts_with("stopped: 1 games closed")),
        "{said:?}"
    );
    // And how long it took to answer the game's commands.
    let times = said
        .iter()
        .find_map(|l| l.strip_prefix("from a command's arrival to its answer: answers "))
        .unwrap_or_else(|| panic!("{said:?}"));
    let n: usize = times.split(':').next().unwrap().parse().unwrap();
    assert!(n >= 6, "{times}");
    assert!(times.contains(" us, p99 "), "{times}");
    let records: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert!(s(&records[0]).ends_with("-stopped.json"), "{records:?}");
    let v = tabula(&["record", "verify", &s(&records[0])]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(&records[0]).unwrap()).unwrap();
    assert!(
        record["actions"].as_array().unwrap().len() >= 6,
        "the answers given are in the record"
    );
}

#[test]
fn an_idle_connection_is_closed_at_the_announced_timeout() {
    let server = serve(&["--timeout", "1000"]);
    let mut c = Client::connect(server.port);
    assert_eq!(
        c.line().unwrap(),
        "SE1 SettlersOfCatan-Server 1.0, Timeout set to 1000ms"
    );
    // NOOP keeps it open.
    for _ in 0..6 {
        thread::sleep(Duration::from_millis(200));
        assert_eq!(c.ask("NOOP"), vec!["OK"]);
    }
    thread::sleep(Duration::from_millis(1500));
    let l = c.line().unwrap();
    assert!(l.starts_with("ERROR timeout"), "{l}");
    assert_eq!(c.line(), None, "closed");
}

/// Past `--max-connections`, a new connection is told why in one ERROR
/// line and closed; those already in go on, and a place freed is taken
/// by the next.
#[test]
fn a_connection_past_the_most_is_told_so_and_the_others_go_on() {
    let server = serve(&["--max-connections", "3"]);
    let mut held: Vec<Client> = (0..3)
        .map(|_| {
            let mut c = Client::connect(server.port);
            assert!(c.line().unwrap().starts_with("SE1 SettlersOfCatan-Server"));
            c
        })
        .collect();
    let mut extra = Client::connect(server.port);
    assert_eq!(
        extra.line().unwrap(),
        "ERROR the server holds 3 connections, its most; try again later"
    );
    assert_eq!(extra.line(), None, "closed");
    for c in &mut held {
        assert_eq!(c.ask("NOOP"), vec!["OK"]);
    }
    // One leaves: its place is free again.
    drop(held.pop());
    let mut next = None;
    for _ in 0..50 {
        let mut c = Client::connect(server.port);
        if c.line().unwrap().starts_with("SE1") {
            next = Some(c);
            break;
        }
        thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        next.expect("a place freed is taken").ask("NOOP"),
        vec!["OK"]
    );
}

#[test]
fn three_tabula_clients_play_a_test_game_on_the_server() {
    let dir = scratch("catan-serve-clients");
    let server = serve(&["--record", &s(&dir)]);
    let port = server.port.to_string();
    // A client written from the seed watches the test game's deal.
    let mut seedy = Client::login(server.port, "seedy");
    let spawn = |login: &str, table: &[&str], seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["client", "--ruleset", "catan", "--port", &port])
            .args(["--login", login, "--password", "pw", "--seed", seed])
            .args(table)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let first = spawn(
        "t1",
        &["--create", "tg", "--players", "4", "--testgame"],
        "1",
    );
    let others: Vec<Child> = ["t2", "t3"]
        .iter()
        .enumerate()
        .map(|(i, l)| spawn(l, &["--join", "tg"], &(i + 2).to_string()))
        .collect();
    // The fourth seat: a client from the seed, which checks the test
    // game's deal and plays on to the end beside the three Tabula clients.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !seedy
        .ask("LIST GAMES")
        .iter()
        .any(|l| l.contains("NAME=tg"))
    {
        assert!(Instant::now() < deadline, "the game is created");
        thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(seedy.ask("JOIN GAME tg"), vec!["OK"]);
    seedy.send(&cmd("START_GAME", &[]));
    let mut m = Model::default();
    upto(&mut seedy, &mut m, "OK - choose(Intersection:");
    let me = m.find("UserAssets@", "nickname", "seedy").unwrap();
    let kinds: BTreeSet<&String> =
        m.0.iter()
            .filter(|((src, p), _)| src.starts_with("ProgressCard@") && p == "type")
            .map(|(_, v)| v)
            .collect();
    assert_eq!(
        kinds.len(),
        23,
        "one of each progress card but the two point cards: {kinds:?}"
    );
    assert_eq!(m.get(&me, "progressCards").unwrap(), "23");
    // It answers the set-up prompt it holds, then plays to the end.
    let prompt = seedy.heard.last().unwrap().clone();
    let e: Value = serde_json::from_str(&prompt).unwrap();
    let values = e["@nv"].as_str().unwrap();
    let spot = values
        .trim_start_matches("OK - choose(Intersection:")
        .split(',')
        .next()
        .unwrap()
        .to_string();
    seedy.send(&cmd("CHOOSE", &[("id", &spot)]));
    let seedy = thread::spawn(move || answer_prompts(seedy, "seedy", 7, m));
    for c in std::iter::once(first).chain(others) {
        let out = c.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.starts_with("gameOver - "), "{text}");
    }
    let played = seedy.join().unwrap();
    assert!(played.over.starts_with("gameOver"), "{}", played.over);
    assert!(played.errors.is_empty(), "{:?}", played.errors);
    assert!(!played.over.contains("bot"));
    let records: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1);
    let v = tabula(&["record", "verify", &s(&records[0])]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    // The dealt cards never count toward the progress card limit (rules,
    // decision 39): the first player ends its first turn holding them all
    // (at most one drawn beside them) and puts none back.
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&records[0]).unwrap()).unwrap();
    let actions = rec["actions"].as_array().unwrap();
    let first_end = actions
        .iter()
        .position(|a| a["action"] == "end_turn")
        .expect("a turn ended");
    assert!(
        !actions[..first_end]
            .iter()
            .any(|a| a["action"].get("return").is_some()),
        "no card went back in the first turn"
    );
    let bad = tabula(&[
        "client",
        "--ruleset",
        "catan",
        "--bot",
        "clever",
        "--login",
        "x",
        "--password",
        "y",
        "--join",
        "g",
    ]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

#[test]
fn game_messages_follow_the_seeds_table_of_audience_and_recipient() {
    let server = serve(&[]);
    let mut a = Client::login(server.port, "ann");
    let mut b = Client::login(server.port, "bob");
    assert_eq!(a.ask("CREATE GAME chat -maxPlayers 3"), vec!["OK"]);
    for c in [&mut a, &mut b] {
        assert_eq!(c.ask("JOIN GAME chat"), vec!["OK"]);
        c.until("OK - JOIN GAME");
    }
    let msg = |pairs: &[(&str, &str)]| cmd("MESSAGE", pairs);
    // No audience, no recipient: everyone in the game.
    a.send(&msg(&[("message", "hello all")]));
    for c in [&mut a, &mut b] {
        let e = c.event().unwrap();
        assert_eq!(e["@src"], "User@ann");
        assert_eq!(e["@prop"], "PUBLIC_MESSAGE");
        assert_eq!(e["@nv"], "ann: hello all");
    }
    // ALL: everyone.
    b.send(&msg(&[("message", "hi"), ("audience", "ALL")]));
    assert_eq!(a.event().unwrap()["@nv"], "bob: hi");
    assert_eq!(b.event().unwrap()["@nv"], "bob: hi");
    // Not sent: a recipient without USER or TEAM, USER without a recipient.
    for pairs in [
        vec![("message", "x"), ("recipient", "bob")],
        vec![("message", "x"), ("audience", "ALL"), ("recipient", "bob")],
        vec![("message", "x"), ("audience", "USER")],
        vec![
            ("message", "x"),
            ("audience", "USER"),
            ("recipient", "nobody"),
        ],
        vec![("audience", "ALL")],
    ] {
        a.send(&msg(&pairs));
        let e = a.event().unwrap();
        assert_eq!(e["@src"], "SERVER");
        assert!(
            e["@nv"].as_str().unwrap().starts_with("ERROR: MESSAGE - "),
            "{pairs:?}: {e}"
        );
    }
    // USER: the recipient (and a copy to the sender).
    a.send(&msg(&[
        ("message", "psst"),
        ("audience", "USER"),
        ("recipient", "bob"),
    ]));
    let e = b.event().unwrap();
    assert_eq!(e["@prop"], "USER_MESSAGE");
    assert_eq!(e["@src"], "User@ann");
    assert_eq!(e["@nv"], "ann: psst");
    assert_eq!(a.event().unwrap()["@nv"], "ann: psst");
    // Colours are six hex digits.
    a.send(&cmd("CHANGE_USER_COLOR", &[("color", "FFFF00")]));
    assert_eq!(a.event().unwrap()["@nv"], "OK - CHANGE_USER_COLOR");
    a.send(&cmd("CHANGE_USER_COLOR", &[("color", "yellow")]));
    assert!(
        a.event().unwrap()["@nv"]
            .as_str()
            .unwrap()
            .starts_with("ERROR: CHANGE_USER_COLOR - ")
    );
    // Game commands wait for the start.
    a.send(&cmd("END_TURN", &[]));
    assert_eq!(
        a.event().unwrap()["@nv"],
        "ERROR: END_TURN - the game has not started"
    );
}

/// The summary's count after `label`: `greedy decided 12` → 12.
fn count_after(text: &str, label: &str) -> usize {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("{label:?} in {text}"))
        + label.len();
    text[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number after {label:?} in {text}"))
}

/// `tabula client --bot SPEC` creates a short game (`-rounds`) that two
/// random clients join; every client's summary line.
fn bot_game(spec: &str, game: &str, rounds: &str) -> Vec<String> {
    let server = serve(&[]);
    let port = server.port.to_string();
    let spawn = |login: &str, bot: &str, table: &[&str], seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["client", "--ruleset", "catan", "--port", &port])
            .args(["--login", login, "--password", "pw", "--seed", seed])
            .args(["--bot", bot])
            .args(table)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let first = spawn(
        "botty",
        spec,
        &["--create", game, "--players", "3", "--round-limit", rounds],
        "5",
    );
    let others: Vec<Child> = ["r1", "r2"]
        .iter()
        .enumerate()
        .map(|(i, l)| spawn(l, "random", &["--join", game], &(i + 2).to_string()))
        .collect();
    std::iter::once(first)
        .chain(others)
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            assert!(
                out.status.success(),
                "{text} {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(text.starts_with("gameOver - "), "{text}");
            text
        })
        .collect()
}

#[test]
fn a_greedy_client_plays_a_whole_game_from_the_events() {
    let lines = bot_game("greedy", "greedy-game", "30");
    let greedy = &lines[0];
    // The bot decided the rolls and turns from the view the events gave,
    // and every command it chose was one the server listed.
    assert!(count_after(greedy, "greedy decided ") > 20, "{greedy}");
    assert_eq!(
        count_after(greedy, "answered with a listed value, "),
        0,
        "{greedy}"
    );
    assert!(!lines[1].contains("decided"), "{}", lines[1]);
}

#[test]
fn a_search_client_plays_a_whole_game_from_the_events() {
    let lines = bot_game("search:easy", "search-game", "8");
    let search = &lines[0];
    assert!(count_after(search, "search:easy decided ") > 5, "{search}");
    assert_eq!(
        count_after(search, "answered with a listed value, "),
        0,
        "{search}"
    );
}
