//! The stand-in's gateway: a WebSocket on loopback that says HELLO, answers
//! heartbeats, refuses resumes (so a reconnecting client identifies afresh),
//! checks the intents of each IDENTIFY against what the application was
//! granted, and carries the dispatches tests inject.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{bot_user, State, APP_ID, GUILD_ID};

/// Gateway intents, as bits.
pub mod intents {
    pub const GUILD_MEMBERS: u64 = 1 << 1;
    pub const GUILD_PRESENCES: u64 = 1 << 8;
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
    pub const MESSAGE_CONTENT: u64 = 1 << 15;
}

pub enum Outgoing {
    Frame(String),
    /// Close the TCP connection without a WebSocket close handshake.
    Drop,
    /// Close the WebSocket with this close code and reason.
    Close(u16, String),
}

pub struct LiveConnection {
    pub id: u64,
    pub tx: mpsc::UnboundedSender<Outgoing>,
}

#[derive(Default)]
pub struct Gateway {
    pub live: Option<LiveConnection>,
    pub seq: u64,
}

pub async fn serve(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(stream, state.clone()));
    }
}

async fn connection(stream: TcpStream, state: Arc<State>) {
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let connection_id = state.connections.fetch_add(1, Ordering::Relaxed) as u64 + 1;
    let (mut sink, mut source) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 45_000}}).to_string();
    if sink.send(WsMessage::Text(hello)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = source.next() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => continue,
                    Some(Ok(WsMessage::Binary(_) | WsMessage::Frame(_))) => continue,
                    _ => break,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload.get("op").and_then(Value::as_u64) {
                    Some(1) => {
                        let _ = tx.send(Outgoing::Frame(json!({"op": 11}).to_string()));
                    }
                    Some(2) => identify(&state, connection_id, &tx, &payload),
                    Some(6) => {
                        // Refuse every resume: the client must identify afresh.
                        state.resumes.fetch_add(1, Ordering::Relaxed);
                        let _ = tx.send(Outgoing::Frame(json!({"op": 9, "d": false}).to_string()));
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Frame(frame)) => {
                    if sink.send(WsMessage::Text(frame)).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let frame = CloseFrame { code: CloseCode::from(code), reason: reason.into() };
                    let _ = sink.send(WsMessage::Close(Some(frame))).await;
                    let _ = sink.flush().await;
                    break;
                }
                Some(Outgoing::Drop) | None => break,
            },
        }
    }
    let mut gateway = state.gateway.lock().unwrap();
    if gateway
        .live
        .as_ref()
        .is_some_and(|live| live.id == connection_id)
    {
        gateway.live = None;
    }
    // Dropping the halves here closes the TCP connection without a close frame.
}

fn identify(
    state: &State,
    connection_id: u64,
    tx: &mpsc::UnboundedSender<Outgoing>,
    payload: &Value,
) {
    let asked = payload
        .get("d")
        .and_then(|d| d.get("intents"))
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let mut gateway = state.gateway.lock().unwrap();
    {
        let mut world = state.world.lock().unwrap();
        let config = &world.config;
        let mut granted = 0;
        if config.message_content_granted {
            granted |= intents::MESSAGE_CONTENT;
        }
        if config.guild_members_granted {
            granted |= intents::GUILD_MEMBERS;
        }
        if config.guild_presences_granted {
            granted |= intents::GUILD_PRESENCES;
        }
        let privileged =
            intents::MESSAGE_CONTENT | intents::GUILD_MEMBERS | intents::GUILD_PRESENCES;
        if asked & privileged & !granted != 0 {
            // A privileged intent the application may not use: close 4014.
            world.refused_identifies += 1;
            let _ = tx.send(Outgoing::Close(4014, "Disallowed intent(s).".into()));
            return;
        }
        world.identified_intents = Some(asked);
    }
    let session = state.identifies.borrow().to_owned() + 1;
    let ready = json!({
        "op": 0, "s": 1, "t": "READY",
        "d": {
            "v": 10,
            "user": bot_user(),
            "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
            "session_id": format!("stand-in-session-{session}"),
            "resume_gateway_url": state.gateway_url,
            "shard": [0, 1],
            "application": {"id": APP_ID.to_string(), "flags": 0},
        }
    });
    if tx.send(Outgoing::Frame(ready.to_string())).is_ok() {
        gateway.seq = 1;
        gateway.live = Some(LiveConnection {
            id: connection_id,
            tx: tx.clone(),
        });
        state.identifies.send_modify(|n| *n += 1);
    }
}
