//! A stand-in Discord on loopback, for end-to-end tests of the real serenity
//! client: REST over HTTP/1.1 and the gateway over a WebSocket, each on
//! `127.0.0.1:0`. It answers what the bot uses (see `docs/architecture.md`,
//! "Testing against a stand-in Discord"), records every REST call with its JSON
//! and uploaded files so that tests can assert on what the bot posted, and
//! plays the users: it injects `MESSAGE_CREATE` and `INTERACTION_CREATE`
//! events, drops the gateway connection on demand, and refuses resumes so a
//! reconnecting client identifies afresh.

#![allow(dead_code)] // each test binary uses a different part of the stand-in

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The application and bot user the stand-in logs the client in as.
pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_USER_ID: u64 = 900_000_000_000_000_002;
/// The one guild the stand-in's users are in.
pub const GUILD_ID: u64 = 900_000_000_000_000_003;

const API_PREFIX: &str = "/api/v10/";
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";
/// How long an injection waits for a connected, identified client.
const GATEWAY_WAIT: Duration = Duration::from_secs(20);

/// A person talking to the bot through the stand-in.
#[derive(Clone, Debug)]
pub struct TestUser {
    pub id: u64,
    pub name: String,
}

impl TestUser {
    pub fn new(id: u64, name: &str) -> TestUser {
        TestUser {
            id,
            name: name.to_string(),
        }
    }

    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
            "bot": false,
        })
    }

    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// A file part of a multipart REST call.
#[derive(Clone, Debug)]
pub struct UploadedFile {
    /// The form field, `files[N]`.
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One REST call the client made, as the stand-in received it.
#[derive(Clone, Debug)]
pub struct RestCall {
    /// Position in the record, for "calls after this one".
    pub index: usize,
    /// When the request (headers and body) had arrived.
    pub at: Instant,
    pub method: Method,
    /// The path below `/api/v10/`, e.g. `channels/12/messages`.
    pub path: String,
    pub query: String,
    /// The JSON body, or a multipart request's `payload_json`; `Null` when none.
    pub json: Value,
    pub files: Vec<UploadedFile>,
    /// For a call that posts or edits a message: the channel it shows in (the
    /// path's channel, or the interaction's channel for webhook calls).
    pub channel: Option<u64>,
    /// For a webhook call: the interaction token it answers.
    pub interaction_token: Option<String>,
}

impl RestCall {
    pub fn segments(&self) -> Vec<&str> {
        self.path.split('/').collect()
    }

    /// The message text the call carries (empty when none).
    pub fn content(&self) -> &str {
        self.json
            .get("content")
            .and_then(Value::as_str)
            .or_else(|| {
                // An interaction callback carries its message under `data`.
                self.json
                    .get("data")
                    .and_then(|d| d.get("content"))
                    .and_then(Value::as_str)
            })
            .unwrap_or("")
    }

    fn flags(&self) -> u64 {
        let top = self.json.get("flags").and_then(Value::as_u64);
        let data = self
            .json
            .get("data")
            .and_then(|d| d.get("flags"))
            .and_then(Value::as_u64);
        top.or(data).unwrap_or(0)
    }

    /// Discord's EPHEMERAL message flag: only the user who ran the command sees it.
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// True for calls that make a message appear: a channel post, an
    /// interaction response carrying a message, a follow-up, or the edit that
    /// fills a deferred response.
    pub fn shows_message(&self) -> bool {
        let segs = self.segments();
        match (&self.method, segs.as_slice()) {
            (&Method::POST, ["channels", _, "messages"]) => true,
            (&Method::POST, ["webhooks", _, _]) => true,
            (&Method::PATCH, ["webhooks", _, _, "messages", _]) => true,
            (&Method::POST, ["interactions", _, _, "callback"]) => {
                self.json.get("type").and_then(Value::as_u64) == Some(4)
            }
            _ => false,
        }
    }

    /// True for an interaction callback that defers (type 5: "thinking…").
    pub fn is_deferral(&self) -> bool {
        self.method == Method::POST
            && self.path.starts_with("interactions/")
            && self.path.ends_with("/callback")
            && self.json.get("type").and_then(Value::as_u64) == Some(5)
    }

    /// The PNG files the call uploaded.
    pub fn pngs(&self) -> Vec<&UploadedFile> {
        self.files
            .iter()
            .filter(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
            .collect()
    }
}

enum Outgoing {
    Frame(String),
    /// Close the TCP connection without a WebSocket close handshake.
    Drop,
}

struct LiveConnection {
    id: u64,
    tx: mpsc::UnboundedSender<Outgoing>,
}

#[derive(Default)]
struct Gateway {
    live: Option<LiveConnection>,
    seq: u64,
}

struct State {
    rest_base: String,
    gateway_url: String,
    calls: Mutex<Vec<RestCall>>,
    call_count: watch::Sender<usize>,
    next_id: AtomicU64,
    threads_allowed: AtomicBool,
    /// Threads the bot opened: thread id → parent channel.
    threads: Mutex<HashMap<u64, u64>>,
    /// Channels that are DMs rather than guild channels.
    dm_channels: Mutex<HashSet<u64>>,
    /// Interaction token → (channel, guild), so follow-ups land where the command was used.
    interactions: Mutex<HashMap<String, (u64, Option<u64>)>>,
    /// Interaction token → the id given to its original response message.
    originals: Mutex<HashMap<String, u64>>,
    gateway: Mutex<Gateway>,
    identifies: watch::Sender<usize>,
    resumes: AtomicUsize,
    connections: AtomicUsize,
}

/// The running stand-in. Dropping it stops its listeners.
pub struct StandIn {
    state: Arc<State>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for StandIn {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
        if let Some(live) = self.state.gateway.lock().unwrap().live.take() {
            let _ = live.tx.send(Outgoing::Drop);
        }
    }
}

impl StandIn {
    pub async fn start() -> StandIn {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_base = format!("http://{}", rest.local_addr().unwrap());
        let gateway_url = format!("ws://{}/ws", ws.local_addr().unwrap());
        let state = Arc::new(State {
            rest_base,
            gateway_url,
            calls: Mutex::new(Vec::new()),
            call_count: watch::channel(0).0,
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            threads_allowed: AtomicBool::new(true),
            threads: Mutex::new(HashMap::new()),
            dm_channels: Mutex::new(HashSet::new()),
            interactions: Mutex::new(HashMap::new()),
            originals: Mutex::new(HashMap::new()),
            gateway: Mutex::new(Gateway::default()),
            identifies: watch::channel(0).0,
            resumes: AtomicUsize::new(0),
            connections: AtomicUsize::new(0),
        });
        let rest_task = tokio::spawn(serve_rest(rest, state.clone()));
        let ws_task = tokio::spawn(serve_gateway(ws, state.clone()));
        StandIn {
            state,
            tasks: vec![rest_task, ws_task],
        }
    }

    /// What the bot's HTTP client is pointed at (serenity's `proxy`).
    pub fn rest_base(&self) -> &str {
        &self.state.rest_base
    }

    pub fn gateway_url(&self) -> &str {
        &self.state.gateway_url
    }

    /// A fresh snowflake, for channels, users and messages the test invents.
    pub fn new_id(&self) -> u64 {
        self.state.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Whether the bot may open threads; when not, thread creation answers
    /// 403 Missing Permissions as Discord does.
    pub fn allow_threads(&self, allowed: bool) {
        self.state.threads_allowed.store(allowed, Ordering::Relaxed);
    }

    /// How many times a client has identified (each is answered with READY).
    pub fn identify_count(&self) -> usize {
        *self.state.identifies.borrow()
    }

    pub fn resume_count(&self) -> usize {
        self.state.resumes.load(Ordering::Relaxed)
    }

    /// Waits until the client has identified at least `count` times in all.
    pub async fn wait_identified(&self, count: usize, timeout: Duration) {
        let mut rx = self.state.identifies.subscribe();
        let waited = tokio::time::timeout(timeout, rx.wait_for(|n| *n >= count)).await;
        assert!(
            matches!(waited, Ok(Ok(_))),
            "the client did not identify {count} time(s) within {timeout:?} (identified {})",
            self.identify_count()
        );
    }

    /// Closes the gateway connection abruptly, as a network failure would.
    pub fn drop_gateway(&self) {
        if let Some(live) = self.state.gateway.lock().unwrap().live.take() {
            let _ = live.tx.send(Outgoing::Drop);
        }
    }

    /// Sends a dispatch event to the connected client, waiting (bounded) for
    /// one to be connected and identified.
    pub async fn inject(&self, event: &str, data: Value) {
        let deadline = Instant::now() + GATEWAY_WAIT;
        loop {
            {
                let mut gateway = self.state.gateway.lock().unwrap();
                let seq = gateway.seq + 1;
                if let Some(live) = &gateway.live {
                    let frame = json!({"op": 0, "s": seq, "t": event, "d": data}).to_string();
                    if live.tx.send(Outgoing::Frame(frame)).is_ok() {
                        gateway.seq = seq;
                        return;
                    }
                }
            }
            assert!(
                Instant::now() < deadline,
                "no client connected to the gateway to receive {event}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Every REST call so far.
    pub fn calls(&self) -> Vec<RestCall> {
        self.state.calls.lock().unwrap().clone()
    }

    pub fn call_count(&self) -> usize {
        self.state.calls.lock().unwrap().len()
    }

    /// The first call at or after `from` that satisfies `matches`, waiting up
    /// to `timeout` for it; panics naming `what` and listing what did arrive.
    pub async fn wait_for(
        &self,
        what: &str,
        from: usize,
        timeout: Duration,
        matches: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        match self.try_wait_for(from, timeout, matches).await {
            Some(call) => call,
            None => panic!(
                "timed out after {timeout:?} waiting for {what}; calls since #{from}:\n{}",
                self.describe_calls(from)
            ),
        }
    }

    /// Like [`wait_for`](Self::wait_for), but `None` on timeout.
    pub async fn try_wait_for(
        &self,
        from: usize,
        timeout: Duration,
        matches: impl Fn(&RestCall) -> bool,
    ) -> Option<RestCall> {
        let mut rx = self.state.call_count.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        let mut scanned = from;
        loop {
            {
                let calls = self.state.calls.lock().unwrap();
                if let Some(call) = calls.iter().skip(scanned).find(|c| matches(c)) {
                    return Some(call.clone());
                }
                scanned = scanned.max(calls.len());
            }
            rx.borrow_and_update();
            if self.call_count() > scanned {
                continue;
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => continue,
                _ => return None,
            }
        }
    }

    /// A readable list of the calls since `from`, for failure messages.
    pub fn describe_calls(&self, from: usize) -> String {
        self.calls()
            .iter()
            .skip(from)
            .map(|c| {
                format!(
                    "  #{} {} {} {} files={}",
                    c.index,
                    c.method,
                    c.path,
                    truncate(&c.json.to_string(), 300),
                    c.files.len()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Makes `channel` a DM channel: messages there carry no guild.
    pub fn mark_dm(&self, channel: u64) {
        self.state.dm_channels.lock().unwrap().insert(channel);
    }

    /// The parent channel of a thread the bot opened.
    pub fn thread_parent(&self, thread: u64) -> Option<u64> {
        self.state.threads.lock().unwrap().get(&thread).copied()
    }

    fn guild_of(&self, channel: u64) -> Option<u64> {
        (!self.state.dm_channels.lock().unwrap().contains(&channel)).then_some(GUILD_ID)
    }

    /// `author` writes `content` in `channel` (a guild channel or thread unless
    /// marked as a DM). Returns the message id.
    pub async fn send_message(&self, author: &TestUser, channel: u64, content: &str) -> u64 {
        let id = self.new_id();
        let mut message = json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "author": author.json(),
            "content": content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": mentioned_users(content),
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
        });
        if let Some(guild) = self.guild_of(channel) {
            message["guild_id"] = json!(guild.to_string());
            message["member"] = json!({
                "roles": [], "joined_at": TIMESTAMP, "deaf": false, "mute": false, "flags": 0,
            });
        }
        self.inject("MESSAGE_CREATE", message).await;
        id
    }

    /// `user` runs `/xiangqi <subcommand>` with `options` (built with
    /// [`option`]) in `channel`. Returns the interaction's token.
    pub async fn send_slash(
        &self,
        user: &TestUser,
        channel: u64,
        subcommand: &str,
        options: Vec<Value>,
        resolved_users: &[&TestUser],
    ) -> String {
        let data = json!({
            "id": self.new_id().to_string(),
            "name": "xiangqi",
            "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": {"users": resolved_users
                .iter()
                .map(|u| (u.id.to_string(), u.json()))
                .collect::<serde_json::Map<String, Value>>()},
        });
        self.send_interaction(user, channel, 2, data).await
    }

    /// `user` types into `/xiangqi <subcommand>`'s option `focused`, asking for
    /// autocompletion. Returns the interaction's token.
    pub async fn send_autocomplete(
        &self,
        user: &TestUser,
        channel: u64,
        subcommand: &str,
        focused: &str,
        typed: &str,
    ) -> String {
        let data = json!({
            "id": self.new_id().to_string(),
            "name": "xiangqi",
            "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": [
                {"name": focused, "type": 3, "value": typed, "focused": true}
            ]}],
        });
        self.send_interaction(user, channel, 4, data).await
    }

    async fn send_interaction(
        &self,
        user: &TestUser,
        channel: u64,
        kind: u8,
        data: Value,
    ) -> String {
        let id = self.new_id();
        let token = format!("token-{id}");
        let guild = self.guild_of(channel);
        let parent = self.thread_parent(channel);
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "data": data,
            "channel_id": channel.to_string(),
            "channel": {
                "id": channel.to_string(),
                "type": if parent.is_some() { 11 } else if guild.is_some() { 0 } else { 1 },
                "parent_id": parent.map(|p| p.to_string()),
            },
            "token": token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 26_214_400,
            "app_permissions": "2248473465835073",
        });
        match guild {
            Some(guild) => {
                interaction["guild_id"] = json!(guild.to_string());
                interaction["member"] = json!({
                    "user": user.json(), "roles": [], "joined_at": TIMESTAMP,
                    "deaf": false, "mute": false, "flags": 0, "permissions": "2248473465835073",
                });
            }
            None => interaction["user"] = user.json(),
        }
        self.state
            .interactions
            .lock()
            .unwrap()
            .insert(token.clone(), (channel, guild));
        self.inject("INTERACTION_CREATE", interaction).await;
        token
    }
}

/// A slash command option of Discord type `kind` (3 string, 4 integer, 6 user).
pub fn option(name: &str, kind: u8, value: Value) -> Value {
    json!({"name": name, "type": kind, "value": value})
}

fn mentioned_users(content: &str) -> Value {
    let mut users = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        let after = &rest[start + 2..];
        let after = after.strip_prefix('!').unwrap_or(after);
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && after[digits.len()..].starts_with('>') {
            users.push(
                json!({"id": digits, "username": format!("user{digits}"), "discriminator": "0"}),
            );
        }
        rest = &rest[start + 2..];
    }
    Value::Array(users)
}

fn truncate(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "xiangqi-bot",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
    })
}

// ---------------------------------------------------------------- REST

async fn serve_rest(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        // Discord's edge does not hold small writes back (Nagle's algorithm);
        // with it on, a reply waits for the client's delayed ACK (up to 40 ms).
        let _ = stream.set_nodelay(true);
        let state = state.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let state = state.clone();
                async move { Ok::<_, Infallible>(answer_rest(&state, request).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

fn respond(status: StatusCode, body: Option<Value>) -> Response<Full<Bytes>> {
    let mut response = Response::builder().status(status);
    let bytes = match body {
        Some(value) => {
            response = response.header("content-type", "application/json");
            Bytes::from(value.to_string())
        }
        None => Bytes::new(),
    };
    response.body(Full::new(bytes)).expect("valid response")
}

async fn answer_rest(state: &State, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let query = request.uri().query().unwrap_or("").to_string();
    let content_type = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return respond(StatusCode::BAD_REQUEST, None),
    };
    let (json, files) = match content_type.split_once("boundary=") {
        Some((_, boundary)) if content_type.starts_with("multipart/") => {
            parse_multipart(&body, boundary.trim_matches('"'))
        }
        _ => (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        ),
    };
    let Some(path) = path.strip_prefix(API_PREFIX) else {
        return respond(
            StatusCode::NOT_FOUND,
            Some(json!({"message": "404: Not Found", "code": 0})),
        );
    };
    let segments: Vec<&str> = path.split('/').collect();
    let token = match segments.as_slice() {
        ["webhooks", _, token, ..] => Some(token.to_string()),
        ["interactions", _, token, ..] => Some(token.to_string()),
        _ => None,
    };
    let channel = match segments.as_slice() {
        ["channels", channel, ..] => channel.parse().ok(),
        _ => token
            .as_ref()
            .and_then(|t| state.interactions.lock().unwrap().get(t).map(|(c, _)| *c)),
    };
    let call = RestCall {
        index: 0,
        at: Instant::now(),
        method: method.clone(),
        path: path.to_string(),
        query,
        json,
        files,
        channel,
        interaction_token: token,
    };
    let response = route(state, &call, &segments);
    {
        let mut calls = state.calls.lock().unwrap();
        let index = calls.len();
        calls.push(RestCall { index, ..call });
        state.call_count.send_replace(index + 1);
    }
    response
}

fn route(state: &State, call: &RestCall, segments: &[&str]) -> Response<Full<Bytes>> {
    use StatusCode as S;
    let ok = |value: Value| respond(S::OK, Some(value));
    match (&call.method, segments) {
        (&Method::GET, ["gateway"]) => ok(json!({"url": state.gateway_url})),
        (&Method::GET, ["gateway", "bot"]) => ok(json!({
            "url": state.gateway_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })),
        (&Method::GET, ["users", "@me"]) => ok(bot_user()),
        (&Method::PUT, ["applications", _, "commands"])
        | (&Method::PUT, ["applications", _, "guilds", _, "commands"]) => ok(json!([])),
        (&Method::POST, ["interactions", _, _, "callback"]) => respond(S::NO_CONTENT, None),
        (&Method::POST, ["webhooks", _, _]) => {
            let id = state.next_id.fetch_add(1, Ordering::Relaxed);
            ok(message_json(state, id, call))
        }
        (&Method::GET | &Method::PATCH, ["webhooks", _, token, "messages", message]) => {
            let id = if *message == "@original" {
                *state
                    .originals
                    .lock()
                    .unwrap()
                    .entry(token.to_string())
                    .or_insert_with(|| state.next_id.fetch_add(1, Ordering::Relaxed))
            } else {
                message.parse().unwrap_or(1)
            };
            ok(message_json(state, id, call))
        }
        (&Method::DELETE, ["webhooks", ..]) => respond(S::NO_CONTENT, None),
        (&Method::POST, ["channels", _, "messages"]) => {
            let id = state.next_id.fetch_add(1, Ordering::Relaxed);
            ok(message_json(state, id, call))
        }
        (&Method::PATCH, ["channels", _, "messages", message]) => {
            ok(message_json(state, message.parse().unwrap_or(1), call))
        }
        (&Method::DELETE, ["channels", _, "messages", _]) => respond(S::NO_CONTENT, None),
        (&Method::POST, ["channels", _, "typing"]) => respond(S::NO_CONTENT, None),
        (&Method::POST, ["channels", parent, "threads"])
        | (&Method::POST, ["channels", parent, "messages", _, "threads"]) => {
            if !state.threads_allowed.load(Ordering::Relaxed) {
                return respond(
                    S::FORBIDDEN,
                    Some(json!({"message": "Missing Permissions", "code": 50013})),
                );
            }
            let parent: u64 = parent.parse().unwrap_or(1);
            let id = state.next_id.fetch_add(1, Ordering::Relaxed);
            state.threads.lock().unwrap().insert(id, parent);
            let name = call.json.get("name").cloned().unwrap_or(json!("thread"));
            ok(thread_json(id, parent, name))
        }
        (&Method::GET, ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap_or(1);
            if let Some(parent) = state.threads.lock().unwrap().get(&channel) {
                return ok(thread_json(channel, *parent, json!("thread")));
            }
            if state.dm_channels.lock().unwrap().contains(&channel) {
                return ok(json!({
                    "id": channel.to_string(), "type": 1,
                    "recipients": [{"id": "1", "username": "someone", "discriminator": "0"}],
                }));
            }
            ok(json!({
                "id": channel.to_string(), "type": 0, "guild_id": GUILD_ID.to_string(),
                "name": format!("channel-{channel}"), "position": 0, "permission_overwrites": [],
            }))
        }
        _ => respond(
            S::NOT_FOUND,
            Some(json!({"message": "Unknown route (stand-in)", "code": 0})),
        ),
    }
}

fn thread_json(id: u64, parent: u64, name: Value) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(), "name": name, "owner_id": BOT_USER_ID.to_string(),
        "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "locked": false,
                            "archive_timestamp": TIMESTAMP},
        "message_count": 0, "member_count": 1,
    })
}

/// The Message Discord would answer a post or edit with.
fn message_json(state: &State, id: u64, call: &RestCall) -> Value {
    let channel = call.channel.unwrap_or(1);
    let attachments: Vec<Value> = call
        .files
        .iter()
        .map(|file| {
            let url = format!("{}/attachments/{id}/{}", state.rest_base, file.filename);
            json!({
                "id": state.next_id.fetch_add(1, Ordering::Relaxed).to_string(),
                "filename": file.filename, "size": file.bytes.len(),
                "url": url, "proxy_url": url,
            })
        })
        .collect();
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user(),
        "content": call.json.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": call.json.get("flags").cloned().unwrap_or(json!(0)),
    });
    if !state.dm_channels.lock().unwrap().contains(&channel) {
        message["guild_id"] = json!(GUILD_ID.to_string());
    }
    message
}

/// Splits a `multipart/form-data` body into its `payload_json` and its files.
fn parse_multipart(body: &[u8], boundary: &str) -> (Value, Vec<UploadedFile>) {
    let delimiter = format!("--{boundary}");
    let mut json = Value::Null;
    let mut files = Vec::new();
    for part in split_bytes(body, delimiter.as_bytes()).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break; // the closing delimiter
        }
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(header_end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..header_end]).to_string();
        let content = &part[header_end + 4..];
        let content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let field = header_param(&headers, "name").unwrap_or_default();
        match header_param(&headers, "filename") {
            Some(filename) => files.push(UploadedFile {
                field,
                filename,
                bytes: content.to_vec(),
            }),
            None if field == "payload_json" => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null);
            }
            None => {}
        }
    }
    (json, files)
}

fn header_param(headers: &str, name: &str) -> Option<String> {
    let needle = format!("{name}=\"");
    headers.split(';').find_map(|piece| {
        let piece = piece.trim();
        piece
            .strip_prefix(&needle)
            .and_then(|rest| rest.split('"').next())
            .map(str::to_string)
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn split_bytes<'a>(mut body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(body, delimiter) {
        parts.push(&body[..at]);
        body = &body[at + delimiter.len()..];
    }
    parts.push(body);
    parts
}

// ---------------------------------------------------------------- gateway

async fn serve_gateway(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        // Discord's edge does not hold small writes back (Nagle's algorithm);
        // with it on, a reply waits for the client's delayed ACK (up to 40 ms).
        let _ = stream.set_nodelay(true);
        tokio::spawn(gateway_connection(stream, state.clone()));
    }
}

async fn gateway_connection(stream: TcpStream, state: Arc<State>) {
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
                    Some(2) => identify(&state, connection_id, &tx),
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

fn identify(state: &State, connection_id: u64, tx: &mpsc::UnboundedSender<Outgoing>) {
    let mut gateway = state.gateway.lock().unwrap();
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
