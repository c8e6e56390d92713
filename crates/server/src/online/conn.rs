//! One WebSocket connection: its frames read as messages, handed to the
//! hub or to a room; what rooms send it written by a task of its own.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;

use super::protocol::{ClientMsg, MAX_MESSAGE_BYTES, Why, read_message};
use super::room::{ConnId, Out, RoomIn, refusal};
use super::rooms::Hub;

/// Frames queued for one connection before it counts as stalled (and
/// leaves its rooms).
pub const OUT_QUEUE: usize = 256;
/// How long writing one frame may take.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);
/// Largest frame the WebSocket layer takes at all; past it the
/// connection is closed (code 1009). Frames up to it but over
/// [`MAX_MESSAGE_BYTES`] are refused with a reason.
pub const MAX_FRAME_BYTES: usize = 1 << 20;
/// Most rooms one connection may make: a client cannot fill the server
/// with rooms (each holds a thread and its game) without opening as many
/// connections.
pub const MAX_CREATES: usize = 16;

/// Serve one connection until it closes.
pub async fn run(socket: WebSocket, hub: Arc<Hub>) {
    let id: ConnId = hub.next_conn();
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Message>(OUT_QUEUE);
    let out = Out(tx.clone());
    let writer = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            let closing = matches!(m, Message::Close(_));
            match tokio::time::timeout(WRITE_DEADLINE, sink.send(m)).await {
                Ok(Ok(())) if !closing => {}
                _ => break,
            }
        }
        sink.close().await.ok();
    });
    out.send(
        json!({
            "type": "welcome",
            "server": "tabula",
            "protocol": super::protocol::PROTOCOL,
            "rulesets": hub.ruleset_names(),
            "clients": hub.client_rulesets(),
            "max_message_bytes": MAX_MESSAGE_BYTES,
        })
        .to_string(),
    );
    let mut rooms: BTreeMap<String, Sender<RoomIn>> = BTreeMap::new();
    let mut created = 0;
    // Pings every third of the silence allowed: a browser answers them by
    // itself, so only a connection that broke without closing stays
    // silent that long.
    let silent_after = hub.silent_after();
    let pinger = {
        let tx = tx.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(silent_after / 3);
            every.tick().await;
            loop {
                every.tick().await;
                if tx.try_send(Message::Ping(Vec::new().into())).is_err() && tx.is_closed() {
                    break;
                }
            }
        })
    };
    loop {
        let Ok(frame) = tokio::time::timeout(silent_after, stream.next()).await else {
            let close = Message::Close(Some(CloseFrame {
                code: 1001,
                reason: format!(
                    "nothing heard for {} s, not even an answer to a ping; the connection counts as gone",
                    silent_after.as_secs()
                )
                .into(),
            }));
            tx.try_send(close).ok();
            break;
        };
        let Some(frame) = frame else { break };
        let text = match frame {
            Ok(Message::Text(t)) => t,
            Ok(Message::Binary(b)) => {
                out.send(refusal(
                    "frame",
                    Why::BinaryFrame,
                    &format!(
                        "a binary frame of {} bytes was not read; send JSON text frames",
                        b.len()
                    ),
                ));
                continue;
            }
            Ok(Message::Close(_)) => break,
            Ok(_) => continue,
            Err(e) => {
                let reason = if e.to_string().contains("too long")
                    || e.to_string().contains("Space limit")
                {
                    format!("a frame over {MAX_FRAME_BYTES} bytes; the connection closes")
                } else {
                    "the connection broke".to_string()
                };
                let close = Message::Close(Some(CloseFrame {
                    code: 1009,
                    reason: reason.into(),
                }));
                tx.try_send(close).ok();
                break;
            }
        };
        if !handle(&hub, id, &out, (&mut rooms, &mut created), text.as_str()).await {
            break;
        }
    }
    pinger.abort();
    for (_, room) in rooms {
        room.send(RoomIn::Leave { conn: id }).ok();
    }
    drop(out);
    drop(tx);
    writer.await.ok();
}

/// Handle one frame's text; `false` when the connection should close.
async fn handle(
    hub: &Hub,
    id: ConnId,
    out: &Out,
    (rooms, created): (&mut BTreeMap<String, Sender<RoomIn>>, &mut usize),
    text: &str,
) -> bool {
    let msg = match read_message(text) {
        Ok(m) => m,
        Err(why) => return out.send(refusal("message", Why::BadMessage, &why)),
    };
    let (what, room) = match &msg {
        ClientMsg::List => {
            return out.send(json!({"type": "rooms", "rooms": hub.list()}).to_string());
        }
        ClientMsg::Create(_) if *created >= MAX_CREATES => {
            return out.send(refusal(
                "create",
                Why::TooManyRooms,
                &format!(
                    "this connection has made {MAX_CREATES} rooms, the most one connection may make"
                ),
            ));
        }
        ClientMsg::Create(c) => {
            let answer = match hub.create(c.clone()).await {
                Ok(room) => {
                    *created += 1;
                    json!({"type": "created", "room": room}).to_string()
                }
                Err((code, why)) => refusal("create", code, &why),
            };
            return out.send(answer);
        }
        ClientMsg::Join { room, .. } => ("join", room),
        ClientMsg::Watch { room } => ("watch", room),
        ClientMsg::Act { room, .. } => ("act", room),
        ClientMsg::Chat { room, .. } => ("chat", room),
        ClientMsg::Leave { room } => ("leave", room),
    };
    let shown: String = room.chars().take(40).filter(|c| !c.is_control()).collect();
    let Some(tx) = hub.room(room) else {
        return out.send(refusal(
            what,
            Why::NoRoom,
            &format!("there is no room {shown:?}"),
        ));
    };
    let room = room.clone();
    let sent = match msg {
        ClientMsg::Join {
            seat, name, token, ..
        } => {
            rooms.insert(room.clone(), tx.clone());
            tx.send(RoomIn::Join {
                conn: id,
                out: out.clone(),
                seat,
                name,
                token,
            })
        }
        ClientMsg::Watch { .. } => {
            rooms.insert(room.clone(), tx.clone());
            tx.send(RoomIn::Watch {
                conn: id,
                out: out.clone(),
            })
        }
        ClientMsg::Act {
            seat,
            state,
            action,
            ..
        } => tx.send(RoomIn::Act {
            conn: id,
            out: out.clone(),
            seat,
            state,
            action,
        }),
        ClientMsg::Chat { text, .. } => tx.send(RoomIn::Chat {
            conn: id,
            out: out.clone(),
            text,
        }),
        ClientMsg::Leave { .. } => {
            rooms.remove(&room);
            tx.send(RoomIn::Leave { conn: id })
        }
        ClientMsg::List | ClientMsg::Create(_) => Ok(()),
    };
    if sent.is_err() {
        rooms.remove(&room);
        return out.send(refusal(
            what,
            Why::RoomClosed,
            &format!("room {shown:?} has closed"),
        ));
    }
    true
}
