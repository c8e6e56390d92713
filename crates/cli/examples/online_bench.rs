//! Online play's speed (BENCHMARKS.md, "Online play"): against a running
//! `tabula serve --site DIR`, ROOMS rooms of four people each (every
//! seat a WebSocket connection of this program) play Star Tigris at
//! once, beside IDLE connections that only said hello; each action's
//! round trip is timed from sending it to the moment every seat of its
//! room has the next state. Prints one JSON line.
//!
//! ```sh
//! cargo run --release -p tabula-cli --example online_bench -- PORT ROOMS IDLE ACTIONS [SERVER_PID [MORE_ROOMS]]
//! ```
//! With SERVER_PID, the server's resident memory is read before and after
//! (`server_rss_kb_*`); with MORE_ROOMS, that many more four-seat rooms
//! are made and left waiting for their people, and the memory they took
//! is printed per room (`rss_kb_per_waiting_room`).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(port: u16) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/play"))
        .await
        .expect("connects");
    recv(&mut ws).await; // welcome
    ws
}

async fn recv(ws: &mut Ws) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).unwrap(),
            Ok(Some(Ok(_))) => continue,
            other => panic!("connection: {other:?}"),
        }
    }
}

async fn until(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let m = recv(ws).await;
        if m["type"] == kind {
            return m;
        }
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Play `actions` actions in one room of four seat connections; the
/// round trip of each, in milliseconds.
async fn room(port: u16, actions: usize, seed: u64) -> Vec<f64> {
    let mut seats = Vec::new();
    for _ in 0..4 {
        seats.push(connect(port).await);
    }
    send(
        &mut seats[0],
        json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "person", "person", "person"], "seed": seed}),
    )
    .await;
    let room = until(&mut seats[0], "created").await["room"].clone();
    let mut latest = Vec::new();
    for (i, ws) in seats.iter_mut().enumerate() {
        send(
            ws,
            json!({"type": "join", "room": room, "seat": i, "name": format!("P{i}")}),
        )
        .await;
        until(ws, "joined").await;
    }
    // Everyone's state once all have joined.
    for ws in seats.iter_mut() {
        let mut s = until(ws, "state").await;
        while s["phase"] == "waiting" {
            s = until(ws, "state").await;
        }
        latest.push(s);
    }
    let mut times = Vec::new();
    for _ in 0..actions {
        let Some(seat) = latest
            .iter()
            .position(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty()))
        else {
            break;
        };
        let n = latest[seat]["state"].as_u64().unwrap();
        let action = latest[seat]["legal"][0].clone();
        let start = Instant::now();
        send(
            &mut seats[seat],
            json!({"type": "act", "room": room, "state": n, "action": action}),
        )
        .await;
        for (i, ws) in seats.iter_mut().enumerate() {
            loop {
                let s = until(ws, "state").await;
                if s["state"].as_u64() > Some(n) {
                    latest[i] = s;
                    break;
                }
            }
        }
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        if latest[0]["phase"] == "over" {
            break;
        }
    }
    times
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let port = arg(1, 8080) as u16;
    let rooms = arg(2, 1) as usize;
    let idle = arg(3, 0) as usize;
    let actions = arg(4, 200) as usize;
    let pid = arg(5, 0) as u32;
    let mut idlers = Vec::new();
    for _ in 0..idle {
        idlers.push(connect(port).await);
    }
    let before = rss_kb(pid);
    let start = Instant::now();
    let tasks: Vec<_> = (0..rooms)
        .map(|r| tokio::spawn(room(port, actions, 100 + r as u64)))
        .collect();
    let mut times = Vec::new();
    for t in tasks {
        times.extend(t.await.unwrap());
    }
    let seconds = start.elapsed().as_secs_f64();
    let after = rss_kb(pid);
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        times
            .get(((times.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{}",
        json!({
            "rooms": rooms,
            "connections": rooms * 4 + idle,
            "idle": idle,
            "actions": times.len(),
            "seconds": seconds,
            "actions_per_second": times.len() as f64 / seconds,
            "round_trip_ms_median": pct(0.5),
            "round_trip_ms_p99": pct(0.99),
            "server_rss_kb_before": before,
            "server_rss_kb_after": after,
        })
    );
    let more = arg(6, 0) as usize;
    if more > 0 {
        let mut c = connect(port).await;
        let before = rss_kb(pid);
        for r in 0..more {
            send(
                &mut c,
                json!({"type": "create", "ruleset": "star-tigris", "seats": ["person", "person", "person", "person"], "seed": r}),
            )
            .await;
            until(&mut c, "created").await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = rss_kb(pid);
        println!(
            "{}",
            json!({"waiting_rooms": more, "server_rss_kb_before": before, "server_rss_kb_after": after,
                "rss_kb_per_waiting_room": (after as f64 - before as f64) / more as f64})
        );
    }
    drop(idlers);
}
