//! What the online-play tests share: a server with a small site, a
//! scripted WebSocket client that keeps every frame it receives, and the
//! check that each frame a seat got is exactly that seat's view.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tabula_engine::record::{apply_recorded, initial_state, parse_record};
use tabula_engine::{Game, Ruleset};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::{scratch, serve_lines};

/// A running `tabula serve --site`.
pub struct Server {
    pub child: Child,
    pub port: u16,
    _lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    pub first_lines: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A small built site: a page, a hashed script and a hashed wasm file.
pub fn site(name: &str) -> PathBuf {
    let dir = scratch(&format!("{name}-site"));
    std::fs::write(
        dir.join("index.html"),
        format!(
            "<!doctype html><title>Tabula</title>{}",
            "<p>Play</p>".repeat(100)
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("game-0123456789abcdef.js"),
        "export function start() { return 1; }\n".repeat(200),
    )
    .unwrap();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend(std::iter::repeat_n(0u8, 10_000));
    std::fs::write(dir.join("game-0123456789abcdef_bg.wasm"), wasm).unwrap();
    dir
}

/// Start a server on the site, writing rooms to `rooms`.
pub fn start(site: &Path, rooms: &Path) -> Server {
    start_with(site, rooms, &[])
}

/// [`start`] with further arguments of `tabula serve`.
pub fn start_with(site: &Path, rooms: &Path, more: &[&str]) -> Server {
    let site = site.display().to_string();
    let rooms = rooms.display().to_string();
    let mut args = vec!["--site", &site, "--rooms", &rooms];
    args.extend_from_slice(more);
    let (child, port, mut lines) = serve_lines(&args, Stdio::inherit());
    let mut first_lines = Vec::new();
    for _ in 0..2 {
        first_lines.push(lines.next().unwrap().unwrap());
    }
    Server {
        child,
        port,
        _lines: lines,
        first_lines,
    }
}

/// A scripted client: every frame it received, in order.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub frames: Vec<Value>,
}

impl Client {
    /// Connect and read the welcome.
    pub async fn connect(port: u16) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/play"))
            .await
            .expect("the WebSocket connects");
        let mut c = Client {
            ws,
            frames: Vec::new(),
        };
        let w = c.recv().await;
        assert_eq!(w["type"], "welcome", "{w}");
        c
    }

    /// Send a message.
    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    /// Send a text frame as it is.
    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.unwrap();
    }

    /// Send a text frame that the server may refuse by closing the
    /// connection before it has all been sent: whether it all went.
    pub async fn try_send_text(&mut self, t: String) -> bool {
        self.ws.send(Message::Text(t.into())).await.is_ok()
    }

    /// Send a binary frame.
    pub async fn send_binary(&mut self, b: Vec<u8>) {
        self.ws.send(Message::Binary(b.into())).await.unwrap();
    }

    /// The next message (30 s at most).
    pub async fn recv(&mut self) -> Value {
        match self.next_frame(Duration::from_secs(60)).await {
            Some(Message::Text(t)) => {
                let v: Value = serde_json::from_str(t.as_str()).expect("the frame is JSON");
                assert!(v["type"].is_string(), "a message without a type: {v}");
                self.frames.push(v.clone());
                v
            }
            other => panic!("expected a text frame, got {other:?}"),
        }
    }

    /// The next frame of any kind, `None` at the end or after `wait`.
    pub async fn next_frame(&mut self, wait: Duration) -> Option<Message> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
                Ok(Some(Ok(m))) => return Some(m),
                _ => return None,
            }
        }
    }

    /// Messages up to and including the first of type `kind`.
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == kind {
                return m;
            }
            assert_ne!(
                m["type"], "refused",
                "refused while waiting for {kind}: {m}"
            );
        }
    }

    /// Whether nothing arrives for `wait`.
    pub async fn quiet(&mut self, wait: Duration) -> Option<Value> {
        match self.next_frame(wait).await {
            Some(Message::Text(t)) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                self.frames.push(v.clone());
                Some(v)
            }
            _ => None,
        }
    }

    /// Play the seat's turns (a pseudo-random legal action each time)
    /// until the record arrives; the record's text. Stop early (and
    /// return `None`) after `stop_after` own actions.
    pub async fn play(
        &mut self,
        room: &str,
        seed: u64,
        stop_after: Option<usize>,
    ) -> Option<String> {
        let mut rng = seed;
        let mut acted = 0;
        // The newest state already read may be waiting for this seat.
        let mut pending = self
            .frames
            .iter()
            .rev()
            .find(|f| f["type"] == "state")
            .cloned();
        loop {
            let m = match pending.take() {
                Some(m) => m,
                None => self.recv().await,
            };
            match m["type"].as_str() {
                Some("state") => {
                    let legal = m["legal"].as_array().cloned().unwrap_or_default();
                    if m["phase"] == "playing" && !legal.is_empty() {
                        if stop_after == Some(acted) {
                            return None;
                        }
                        rng = rng
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let action = legal[(rng >> 33) as usize % legal.len()].clone();
                        self.send(json!({"type": "act", "room": room, "state": m["state"], "action": action}))
                            .await;
                        acted += 1;
                    }
                }
                Some("record") => return Some(m["record"].as_str().unwrap().to_string()),
                Some("refused") => {
                    let why = m["reason"].as_str().unwrap_or("");
                    assert!(why.contains("stale or sent twice"), "refused: {m}");
                }
                _ => {}
            }
        }
    }
}

/// Create a room; its id.
pub async fn create(c: &mut Client, msg: Value) -> String {
    c.send(msg).await;
    let m = c.recv().await;
    assert_eq!(m["type"], "created", "{m}");
    m["room"].as_str().unwrap().to_string()
}

/// Check every `state` frame a connection received against the game
/// replayed from the record: the view is exactly `player_view(seat)` (or
/// the public view for a watcher) of the state it names, and the legal
/// actions those of the seat then. The number of frames checked.
pub fn check_frames<G: Ruleset>(record: &str, frames: &[Value], seat: Option<u8>) -> usize {
    let record = parse_record(record).expect("the record reads");
    let mut game: G = initial_state::<G>(&record).expect("the record starts");
    let mut views = vec![(view_of(&game, seat), legal_of(&game, seat))];
    for (i, step) in record.actions.iter().enumerate() {
        apply_recorded(&mut game, i, step).expect("the record replays");
        views.push((view_of(&game, seat), legal_of(&game, seat)));
    }
    let mut checked = 0;
    for f in frames.iter().filter(|f| f["type"] == "state") {
        let n = f["state"].as_u64().unwrap() as usize;
        let (view, legal) = &views[n];
        assert_eq!(
            &f["view"], view,
            "state {n}: the view is not the seat's own"
        );
        assert_eq!(f["you"], json!(seat));
        if f["phase"] == "playing" {
            assert_eq!(&f["legal"], legal, "state {n}: legal actions");
        } else {
            assert_eq!(f["legal"], json!([]));
        }
        checked += 1;
    }
    checked
}

fn view_of<G: Game>(g: &G, seat: Option<u8>) -> Value {
    match seat {
        Some(s) => serde_json::to_value(g.player_view(s)).unwrap(),
        None => serde_json::to_value(g.public_view()).unwrap(),
    }
}

fn legal_of<G: Game>(g: &G, seat: Option<u8>) -> Value {
    match seat {
        Some(s) => serde_json::to_value(g.legal_actions(s)).unwrap(),
        None => json!([]),
    }
}

/// One HTTP GET over a plain socket: the status line and headers (lower
/// case names), and the body's length.
pub fn http_get(port: u16, path: &str, encoding: &str) -> (String, Vec<(String, String)>, usize) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {encoding}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).unwrap();
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&all[..split]).to_string();
    let mut lines = head.lines();
    let status = lines.next().unwrap().to_string();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, all.len() - split - 4)
}

/// One HTTP GET over a plain socket, sent as it is: the status line,
/// headers (lower case names) and the body as text.
pub fn http_get_body(port: u16, path: &str) -> (String, Vec<(String, String)>, String) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).unwrap();
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&all[..split]).to_string();
    let mut lines = head.lines();
    let status = lines.next().unwrap().to_string();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (
        status,
        headers,
        String::from_utf8_lossy(&all[split + 4..]).to_string(),
    )
}

/// A header's value.
pub fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The actions of a room on disk: its file's record, then its log.
pub fn stored_actions(dir: &Path, room: &str) -> Value {
    let file: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{room}.json"))).unwrap())
            .unwrap();
    let mut actions = file["record"]["actions"].as_array().unwrap().clone();
    let log = std::fs::read_to_string(dir.join(format!("{room}.log"))).unwrap_or_default();
    for line in log.lines() {
        let l: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            l["index"].as_u64().unwrap() as usize,
            actions.len(),
            "{line}"
        );
        actions.push(json!({"seat": l["seat"], "action": l["action"]}));
    }
    Value::Array(actions)
}
