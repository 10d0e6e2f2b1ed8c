//! The stand-in's gateway: a WebSocket on loopback that says HELLO, answers
//! heartbeats, refuses resumes (so a reconnecting client identifies afresh),
//! checks the intents of each IDENTIFY against what the application was
//! granted and its `shard` (`[shard_id, num_shards]`, closing 4010 Invalid
//! shard when the id is not below the count), and carries the dispatches
//! tests inject to the shard Discord would send them to. Tests can close
//! the connections with any close code (the fatal ones then refuse every
//! IDENTIFY), invalidate the sessions, and stop acknowledging heartbeats.

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
    /// `[shard_id, num_shards]` as identified (`[0, 1]` when not sharded).
    pub shard: [u64; 2],
    pub seq: u64,
}

impl LiveConnection {
    /// Whether Discord would send this connection an event of `guild`
    /// (`None`: a DM or another event without a guild, which goes to shard
    /// 0). Gateway docs, "Sharding": `shard_id = (guild_id >> 22) % num_shards`.
    pub fn receives(&self, guild: Option<u64>) -> bool {
        let [shard, shards] = self.shard;
        match guild {
            Some(guild) => (guild >> 22) % shards == shard,
            None => shard == 0,
        }
    }
}

#[derive(Default)]
pub struct Gateway {
    /// Every identified connection: one per shard a client runs.
    pub live: Vec<LiveConnection>,
    /// A close code every IDENTIFY is answered with (a fault a test
    /// injected that reconnecting does not cure).
    pub refuse_identify_with: Option<u16>,
    /// The close codes IDENTIFYs were refused with under that fault.
    pub refused_with: Vec<u16>,
    /// Connections whose heartbeats are no longer acknowledged.
    pub zombies: Vec<u64>,
    /// Heartbeats left unacknowledged on them.
    pub unacknowledged: usize,
}

/// Whether a close code tells the client not to reconnect (events/gateway,
/// "Gateway Close Event Codes": Reconnect is false for these).
pub fn is_fatal(code: u16) -> bool {
    matches!(code, 4004 | 4010 | 4011 | 4012 | 4013 | 4014)
}

/// The description Discord's documentation gives each close code.
pub fn close_reason(code: u16) -> &'static str {
    match code {
        4000 => "Unknown error",
        4001 => "Unknown opcode",
        4002 => "Decode error",
        4003 => "Not authenticated",
        4004 => "Authentication failed",
        4005 => "Already authenticated",
        4007 => "Invalid seq",
        4008 => "Rate limited",
        4009 => "Session timed out",
        4010 => "Invalid shard",
        4011 => "Sharding required",
        4012 => "Invalid API version",
        4013 => "Invalid intent(s)",
        4014 => "Disallowed intent(s)",
        _ => "",
    }
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
    let interval = state.world.lock().unwrap().config.heartbeat_interval;
    let hello =
        json!({"op": 10, "d": {"heartbeat_interval": interval.as_millis() as u64}}).to_string();
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
                        let mut gateway = state.gateway.lock().unwrap();
                        if gateway.zombies.contains(&connection_id) {
                            gateway.unacknowledged += 1;
                        } else {
                            let _ = tx.send(Outgoing::Frame(json!({"op": 11}).to_string()));
                        }
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
    gateway.live.retain(|live| live.id != connection_id);
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
    let shard = match identified_shard(payload) {
        Ok(shard) => shard,
        Err(()) => {
            state.world.lock().unwrap().refused_identifies += 1;
            let _ = tx.send(Outgoing::Close(4010, "Invalid shard.".into()));
            return;
        }
    };
    let mut gateway = state.gateway.lock().unwrap();
    if let Some(code) = gateway.refuse_identify_with {
        gateway.refused_with.push(code);
        let _ = tx.send(Outgoing::Close(code, close_reason(code).into()));
        return;
    }
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
        world.identified_shards.push(shard);
    }
    let probe = LiveConnection {
        id: connection_id,
        tx: tx.clone(),
        shard,
        seq: 1,
    };
    let guilds: Vec<Value> = if probe.receives(Some(GUILD_ID)) {
        vec![json!({"id": GUILD_ID.to_string(), "unavailable": true})]
    } else {
        Vec::new()
    };
    let session = state.identifies.borrow().to_owned() + 1;
    let ready = json!({
        "op": 0, "s": 1, "t": "READY",
        "d": {
            "v": 10,
            "user": bot_user(),
            "guilds": guilds,
            "session_id": format!("stand-in-session-{session}"),
            "resume_gateway_url": state.gateway_url,
            "shard": shard,
            "application": {"id": APP_ID.to_string(), "flags": 0},
        }
    });
    if tx.send(Outgoing::Frame(ready.to_string())).is_ok() {
        gateway.live.retain(|live| live.id != connection_id);
        gateway.live.push(probe);
        state.identifies.send_modify(|n| *n += 1);
    }
}

/// IDENTIFY's `shard`, `[shard_id, num_shards]` (`[0, 1]` when absent), or
/// `Err` for what Discord closes with 4010 Invalid shard: not two whole
/// numbers, no shards, or an id not below the count (gateway docs, "Gateway
/// Close Event Codes" and "Sharding"). Discord lets sessions use different
/// counts and several use the same shard; so does the stand-in.
fn identified_shard(payload: &Value) -> Result<[u64; 2], ()> {
    let Some(shard) = payload.get("d").and_then(|d| d.get("shard")) else {
        return Ok([0, 1]);
    };
    match shard.as_array().map(Vec::as_slice) {
        Some([id, count]) => match (id.as_u64(), count.as_u64()) {
            (Some(id), Some(count)) if id < count => Ok([id, count]),
            _ => Err(()),
        },
        _ => Err(()),
    }
}
