//! A stand-in Discord on loopback, for end-to-end tests of the real serenity
//! client: REST over HTTP/1.1 and the gateway over a WebSocket, each on
//! `127.0.0.1:0`. It behaves as Discord's published API documentation says
//! wherever the documentation says what happens, and is lenient where it is
//! silent; `docs/discord-stand-in.md` lists both, rule by rule.
//!
//! It records every REST call (refused or not) with its JSON and uploaded
//! files, keeps a model of the messages as users would see them
//! ([`StandIn::messages`]), and plays the users: it injects `MESSAGE_CREATE`
//! and `INTERACTION_CREATE` events, drops the gateway connection on demand,
//! and refuses resumes so a reconnecting client identifies afresh. Tests can
//! age interactions, archive and lock threads, delete channels and messages,
//! remove the bot from a channel, and inject failures and rate limits.

#![allow(dead_code)] // helpers kept for tests that may use them; not every one does

mod faults;
mod gateway;
mod model;
mod rest;
mod validate;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hyper::Method;
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use gateway::{intents, Gateway, Outgoing};
use model::{Interaction, Member, World};

#[allow(unused_imports)]
pub use model::{perm, DEFAULT_APP_PERMISSIONS, DEFAULT_MEMBER_PERMISSIONS, DM_APP_PERMISSIONS};
#[allow(unused_imports)]
pub use validate::{
    valid_command_name, DEFAULT_ATTACHMENT_SIZE_LIMIT, MAX_CONTENT_CHARS, MAX_REQUEST_BYTES,
};

/// The application and bot user the stand-in logs the client in as.
pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_USER_ID: u64 = 900_000_000_000_000_002;
/// The one guild the stand-in's users are in.
pub const GUILD_ID: u64 = 900_000_000_000_000_003;

/// Gateway intent bits a test may want to compare with
/// [`StandIn::identified_intents`].
pub const INTENT_GUILD_MEMBERS: u64 = intents::GUILD_MEMBERS;
pub const INTENT_GUILD_PRESENCES: u64 = intents::GUILD_PRESENCES;
pub const INTENT_GUILD_MESSAGES: u64 = intents::GUILD_MESSAGES;
pub const INTENT_DIRECT_MESSAGES: u64 = intents::DIRECT_MESSAGES;
pub const INTENT_MESSAGE_CONTENT: u64 = intents::MESSAGE_CONTENT;

const API_PREFIX: &str = "/api/v10/";
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";
/// How long an injection waits for a connected, identified client.
const GATEWAY_WAIT: Duration = Duration::from_secs(20);

/// What the application was granted in the developer portal, and Discord's
/// clocks. `Default` is an application granted MESSAGE_CONTENT only, with
/// Discord's real deadlines and the default upload limit.
#[derive(Clone, Debug)]
pub struct StandInConfig {
    pub message_content_granted: bool,
    pub guild_members_granted: bool,
    pub guild_presences_granted: bool,
    /// How long after an interaction is created its initial response may
    /// come (Discord: 3 s).
    pub initial_response_deadline: Duration,
    /// How long an interaction token takes follow-ups and edits (Discord:
    /// 15 min).
    pub token_lifetime: Duration,
    /// The per-file upload limit, and the `attachment_size_limit` the
    /// interactions carry (Discord's default: 10 MiB).
    pub attachment_size_limit: u64,
    /// The shard count `GET /gateway/bot` recommends.
    pub recommended_shards: u64,
    /// The heartbeat interval HELLO asks for (Discord's is about 41 s); a
    /// short one lets a test see a client notice missing acknowledgements.
    pub heartbeat_interval: Duration,
}

impl Default for StandInConfig {
    fn default() -> StandInConfig {
        StandInConfig {
            message_content_granted: true,
            guild_members_granted: false,
            guild_presences_granted: false,
            initial_response_deadline: Duration::from_secs(3),
            token_lifetime: Duration::from_secs(15 * 60),
            attachment_size_limit: DEFAULT_ATTACHMENT_SIZE_LIMIT,
            recommended_shards: 1,
            heartbeat_interval: Duration::from_secs(45),
        }
    }
}

/// A person talking to the bot through the stand-in.
#[derive(Clone, Debug)]
pub struct TestUser {
    pub id: u64,
    /// The username (unique, lowercase on today's Discord).
    pub name: String,
    /// The display name, which anyone may set to anything.
    pub global_name: Option<String>,
    /// A bot account (another bot in the server), not a person.
    pub bot: bool,
}

impl TestUser {
    /// A user whose username and display name are both `name`.
    pub fn new(id: u64, name: &str) -> TestUser {
        TestUser {
            id,
            name: name.to_string(),
            global_name: Some(name.to_string()),
            bot: false,
        }
    }

    /// Another bot's account, named `name`.
    pub fn other_bot(id: u64, name: &str) -> TestUser {
        TestUser {
            bot: true,
            ..TestUser::new(id, name)
        }
    }

    /// A user with a plain username and the display name `global_name`.
    pub fn with_display_name(id: u64, username: &str, global_name: &str) -> TestUser {
        TestUser {
            id,
            name: username.to_string(),
            global_name: Some(global_name.to_string()),
            bot: false,
        }
    }

    /// Users whose display names are hostile text: markdown, a user mention,
    /// `@everyone`, a masked link, and a leading header and subtext marker.
    /// Their usernames are plain (`hostile0`…), as Discord's usernames are.
    pub fn hostile() -> Vec<TestUser> {
        super::HOSTILE_NAMES
            .iter()
            .enumerate()
            .map(|(i, name)| {
                TestUser::with_display_name(
                    666_000_000_000_000_000 + i as u64,
                    &format!("hostile{i}"),
                    name,
                )
            })
            .collect()
    }

    /// What Discord shows for the user outside a guild nickname.
    pub fn display_name(&self) -> &str {
        self.global_name.as_deref().unwrap_or(&self.name)
    }

    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": null,
            "bot": self.bot,
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

/// One REST call the client made, as the stand-in received and answered it.
#[derive(Clone, Debug)]
pub struct RestCall {
    /// Position in the record, for "calls after this one".
    pub index: usize,
    /// When the request had been answered.
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
    /// The HTTP status the stand-in answered.
    pub status: u16,
    /// Discord's JSON error code of a refusal.
    pub error_code: Option<i64>,
    /// The JSON answered (a message, an error body…), `Null` when none.
    pub response: Value,
    /// The message the call created, filled, edited or deleted.
    pub message_id: Option<u64>,
    /// Whether what the call showed is ephemeral, as Discord decided it (a
    /// follow-up that filled a deferred response keeps the deferral's
    /// visibility, whatever its flags said).
    pub effective_ephemeral: Option<bool>,
    /// The call edited the interaction's original response: a PATCH of
    /// `@original`, or a first follow-up after a deferral that Discord turns
    /// into one.
    pub edited_original: bool,
    /// A message create that repeated the nonce of one made before with
    /// `enforce_nonce`: answered with that message, nothing new shown.
    pub repeated_nonce: bool,
}

impl RestCall {
    pub fn segments(&self) -> Vec<&str> {
        self.path.split('/').collect()
    }

    /// Whether the stand-in accepted the call (2xx).
    pub fn succeeded(&self) -> bool {
        (200..300).contains(&self.status)
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

    /// The flags the call asked for.
    pub fn requested_flags(&self) -> u64 {
        let top = self.json.get("flags").and_then(Value::as_u64);
        let data = self
            .json
            .get("data")
            .and_then(|d| d.get("flags"))
            .and_then(Value::as_u64);
        top.or(data).unwrap_or(0)
    }

    /// Whether what the call showed is ephemeral (only the user who ran the
    /// command sees it): Discord's effective visibility where the stand-in
    /// decided it, else the EPHEMERAL flag asked for.
    pub fn is_ephemeral(&self) -> bool {
        self.effective_ephemeral
            .unwrap_or(self.requested_flags() & 64 != 0)
    }

    /// True for accepted calls that make a message appear: a channel post, an
    /// interaction response carrying a message, a follow-up, or the edit that
    /// fills a deferred response.
    pub fn shows_message(&self) -> bool {
        if !self.succeeded() || self.repeated_nonce {
            return false;
        }
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

/// A message as Discord would show it now, after every create, fill, edit
/// and delete. The bot's messages and the test users' both.
#[derive(Clone, Debug)]
pub struct ShownMessage {
    pub id: u64,
    pub channel: u64,
    /// [`BOT_USER_ID`] for the bot's.
    pub author: u64,
    pub content: String,
    pub files: Vec<UploadedFile>,
    /// The attachment id of each of `files`.
    pub attachment_ids: Vec<u64>,
    pub embeds: Vec<Value>,
    /// Only the user who ran the command sees it.
    pub ephemeral: bool,
    /// For an ephemeral message: the one user who sees it.
    pub visible_to: Option<u64>,
    /// A deferred response still showing "thinking…".
    pub loading: bool,
    pub deleted: bool,
    /// Shown as "(edited)".
    pub edited: bool,
    /// For an interaction response or follow-up: its token.
    pub interaction_token: Option<String>,
    /// The interaction's original response (`@original`).
    pub is_original: bool,
    /// The message it replies to.
    pub reference: Option<u64>,
    /// The users the message pings: `<@id>` in its content as the
    /// allowed-mentions rules let through (and the replied-to author when
    /// `replied_user` allows it). Empty for ephemeral messages.
    pub pinged: Vec<u64>,
    /// The roles it pings: `<@&id>` in its content as allowed mentions let
    /// through (`model::resolve_role_pings`). Empty for ephemeral messages.
    pub pinged_roles: Vec<u64>,
    /// `@everyone`/`@here` is in the content and allowed mentions let it
    /// through (whether or not the bot may actually mention everyone).
    pub mentions_everyone: bool,
    /// …and the bot has MENTION_EVERYONE there, so the whole channel is pinged.
    pub pings_everyone: bool,
    /// The REST call that last made it what it is (`None` for users' messages).
    pub call: Option<usize>,
    /// The thread started from it.
    pub thread: Option<u64>,
    /// Its action rows, as the bot sent them.
    pub components: Vec<Value>,
}

impl ShownMessage {
    /// The custom_id of every button on it, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// The custom_id of the button labelled `label`, if it has one.
    pub fn button(&self, label: &str) -> Option<String> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| c["label"].as_str() == Some(label))
            .and_then(|c| c["custom_id"].as_str().map(str::to_string))
    }

    /// Whether `user` sees it: not deleted, not still loading, and either
    /// public or ephemeral to them.
    pub fn visible_to_user(&self, user: u64) -> bool {
        !self.deleted && !self.loading && (!self.ephemeral || self.visible_to == Some(user))
    }

    /// Public and present: what everyone in the channel sees.
    pub fn is_public(&self) -> bool {
        !self.deleted && !self.loading && !self.ephemeral
    }

    pub fn pngs(&self) -> Vec<&UploadedFile> {
        self.files
            .iter()
            .filter(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
            .collect()
    }
}

/// A thread, as the stand-in holds it.
#[derive(Clone, Debug)]
pub struct ThreadInfo {
    pub id: u64,
    pub parent: u64,
    /// 10 announcement, 11 public, 12 private.
    pub kind: u8,
    pub name: String,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    /// User ids, the bot's included.
    pub members: Vec<u64>,
    /// How many times a post unarchived it.
    pub unarchived: usize,
    /// The message it was started from.
    pub starter: Option<u64>,
}

/// One application command of the last accepted bulk overwrite.
#[derive(Clone, Debug)]
pub struct RegisteredCommand {
    /// `None` for a global command.
    pub guild: Option<u64>,
    pub name: String,
    /// The command as the client sent it.
    pub json: Value,
    /// The command as the stand-in answered it (with id and version).
    pub answered: Value,
    /// Whether `contexts` was sent.
    pub contexts_sent: bool,
    /// Whether the deprecated `dm_permission` was sent.
    pub dm_permission_sent: bool,
}

impl RegisteredCommand {
    /// The interaction contexts sent (0 guild, 1 bot DM, 2 private channel).
    pub fn contexts(&self) -> Option<Vec<u64>> {
        self.json
            .get("contexts")
            .and_then(Value::as_array)
            .map(|c| c.iter().filter_map(Value::as_u64).collect())
    }
}

struct State {
    rest_base: String,
    gateway_url: String,
    calls: Mutex<Vec<RestCall>>,
    call_count: watch::Sender<usize>,
    next_id: AtomicU64,
    world: Mutex<World>,
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
        for live in self.state.gateway.lock().unwrap().live.drain(..) {
            let _ = live.tx.send(Outgoing::Drop);
        }
    }
}

impl StandIn {
    /// A stand-in for an application granted MESSAGE_CONTENT (only), with
    /// Discord's deadlines.
    pub async fn start() -> StandIn {
        StandIn::start_with(StandInConfig::default()).await
    }

    pub async fn start_with(config: StandInConfig) -> StandIn {
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
            world: Mutex::new(World::new(config)),
            gateway: Mutex::new(Gateway::default()),
            identifies: watch::channel(0).0,
            resumes: AtomicUsize::new(0),
            connections: AtomicUsize::new(0),
        });
        let rest_task = tokio::spawn(rest::serve(rest, state.clone()));
        let ws_task = tokio::spawn(gateway::serve(ws, state.clone()));
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

    /// Serves the REST API on a connection the test accepted itself (for
    /// example after terminating TLS in front of the stand-in).
    pub fn serve_rest_connection<I>(&self, io: I)
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        tokio::spawn(rest::serve_io(io, self.state.clone()));
    }

    /// A fresh snowflake, for channels, users and messages the test invents.
    pub fn new_id(&self) -> u64 {
        self.state.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn world(&self) -> std::sync::MutexGuard<'_, World> {
        self.state.world.lock().unwrap()
    }

    // ------------------------------------------------------------- gateway

    /// How many times a client has identified (each is answered with READY).
    pub fn identify_count(&self) -> usize {
        *self.state.identifies.borrow()
    }

    pub fn resume_count(&self) -> usize {
        self.state.resumes.load(Ordering::Relaxed)
    }

    /// The intents of the last accepted IDENTIFY.
    pub fn identified_intents(&self) -> Option<u64> {
        self.world().identified_intents
    }

    /// IDENTIFYs closed with 4014 for asking a privileged intent not granted.
    pub fn refused_identify_count(&self) -> usize {
        self.world().refused_identifies
    }

    /// MESSAGE_CREATE events [`send_message`](Self::send_message) did not
    /// deliver because the client had not asked for their intent.
    pub fn undelivered_count(&self) -> usize {
        self.world().undelivered
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

    /// Closes every gateway connection abruptly, as a network failure would.
    pub fn drop_gateway(&self) {
        for live in self.state.gateway.lock().unwrap().live.drain(..) {
            let _ = live.tx.send(Outgoing::Drop);
        }
    }

    /// Closes every gateway connection with the close `code` (and a
    /// reason), as Discord does (events/gateway, "Gateway Close Event
    /// Codes"). For the codes that say reconnecting will not help (4004,
    /// 4010, 4011, 4012, 4013, 4014) every later IDENTIFY is closed with
    /// the same code too, as the fault would persist at Discord, until
    /// [`clear_gateway_faults`](Self::clear_gateway_faults).
    pub fn close_gateway(&self, code: u16) {
        let mut gateway = self.state.gateway.lock().unwrap();
        if gateway::is_fatal(code) {
            gateway.refuse_identify_with = Some(code);
        }
        for live in gateway.live.drain(..) {
            let _ = live
                .tx
                .send(Outgoing::Close(code, gateway::close_reason(code).into()));
        }
    }

    /// IDENTIFYs closed since [`close_gateway`](Self::close_gateway) with a
    /// code that does not allow reconnecting.
    pub fn identifies_refused_with(&self, code: u16) -> usize {
        self.state
            .gateway
            .lock()
            .unwrap()
            .refused_with
            .iter()
            .filter(|c| **c == code)
            .count()
    }

    /// IDENTIFYs are answered with READY again.
    pub fn clear_gateway_faults(&self) {
        let mut gateway = self.state.gateway.lock().unwrap();
        gateway.refuse_identify_with = None;
    }

    /// Sends INVALID_SESSION (op 9) with `d: false` on every connection: the
    /// session cannot be resumed, and the client must identify afresh
    /// (events/gateway-events, "Invalid Session").
    pub fn invalidate_sessions(&self) {
        for live in &self.state.gateway.lock().unwrap().live {
            let _ = live
                .tx
                .send(Outgoing::Frame(json!({"op": 9, "d": false}).to_string()));
        }
    }

    /// The connections open now stop acknowledging heartbeats (op 11) while
    /// staying open, as a zombied connection does; the client is expected
    /// to notice at its next heartbeat and reconnect (events/gateway,
    /// "Heartbeat Interval"). New connections are acknowledged as usual.
    pub fn zombie_gateway(&self) {
        let mut gateway = self.state.gateway.lock().unwrap();
        let ids: Vec<u64> = gateway.live.iter().map(|live| live.id).collect();
        gateway.zombies.extend(ids);
    }

    /// Heartbeats the stand-in left unacknowledged (on zombied connections).
    pub fn unacknowledged_heartbeats(&self) -> usize {
        self.state.gateway.lock().unwrap().unacknowledged
    }

    /// Gateway connections opened in all (each HELLO).
    pub fn connection_count(&self) -> usize {
        self.state.connections.load(Ordering::Relaxed)
    }

    /// The `[shard_id, num_shards]` of every accepted IDENTIFY, in order.
    pub fn identified_shards(&self) -> Vec<[u64; 2]> {
        self.world().identified_shards.clone()
    }

    /// The shards connected now, sorted.
    pub fn connected_shards(&self) -> Vec<[u64; 2]> {
        let mut shards: Vec<[u64; 2]> = self
            .state
            .gateway
            .lock()
            .unwrap()
            .live
            .iter()
            .map(|live| live.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// Waits (bounded) for a connected, identified client.
    async fn wait_connected(&self, what: &str) {
        let deadline = Instant::now() + GATEWAY_WAIT;
        while self.state.gateway.lock().unwrap().live.is_empty() {
            assert!(
                Instant::now() < deadline,
                "no client connected to the gateway to receive {what}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sends a dispatch event to the connections Discord would send it to
    /// (the shard of its `guild_id`, or shard 0 without one), waiting
    /// (bounded) for one to be connected and identified.
    pub async fn inject(&self, event: &str, data: Value) {
        let guild = data
            .get("guild_id")
            .and_then(Value::as_str)
            .and_then(|id| id.parse::<u64>().ok());
        let deadline = Instant::now() + GATEWAY_WAIT;
        loop {
            {
                let mut gateway = self.state.gateway.lock().unwrap();
                let mut sent = false;
                for live in gateway.live.iter_mut().filter(|l| l.receives(guild)) {
                    let seq = live.seq + 1;
                    let frame = json!({"op": 0, "s": seq, "t": event, "d": data}).to_string();
                    if live.tx.send(Outgoing::Frame(frame)).is_ok() {
                        live.seq = seq;
                        sent = true;
                    }
                }
                if sent {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no client connected to the gateway to receive {event}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    // ------------------------------------------------------------ REST record

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
            // The new calls are copied out before `matches` runs: it may ask
            // the stand-in about threads or messages, whose lock the REST
            // handler takes before this one (holding both here deadlocked).
            let fresh: Vec<RestCall> = {
                let calls = self.state.calls.lock().unwrap();
                calls.iter().skip(scanned).cloned().collect()
            };
            if let Some(call) = fresh.iter().find(|c| matches(c)) {
                return Some(call.clone());
            }
            scanned += fresh.len();
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

    /// Waits (bounded) until the messages, as users see them, satisfy
    /// `ready`; re-checked after every REST call. Panics naming `what`.
    pub async fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        ready: impl Fn(&[ShownMessage]) -> bool,
    ) {
        let mut rx = self.state.call_count.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            rx.borrow_and_update();
            if ready(&self.world().messages) {
                return;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "timed out after {timeout:?} waiting for {what}; messages:\n{}\ncalls:\n{}",
                    self.describe_messages(),
                    self.describe_calls(0)
                );
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
                    "  #{} {} {} {} files={} -> {}{}",
                    c.index,
                    c.method,
                    c.path,
                    truncate(&c.json.to_string(), 300),
                    c.files.len(),
                    c.status,
                    c.error_code.map(|e| format!(" ({e})")).unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A readable list of the messages, for failure messages.
    pub fn describe_messages(&self) -> String {
        self.messages()
            .iter()
            .map(|m| {
                let mut state = Vec::new();
                if m.ephemeral {
                    state.push("ephemeral");
                }
                if m.loading {
                    state.push("loading");
                }
                if m.deleted {
                    state.push("deleted");
                }
                if m.edited {
                    state.push("edited");
                }
                format!(
                    "  {} in {} by {} [{}] files={} {:?}",
                    m.id,
                    m.channel,
                    m.author,
                    state.join(","),
                    m.files.len(),
                    truncate(&m.content, 200)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Invalid requests so far (401, 403 and 429 answers), which Discord
    /// counts toward its limit of 10,000 per 10 minutes.
    pub fn invalid_request_count(&self) -> usize {
        self.world().invalid_requests
    }

    // ---------------------------------------------------- what users see

    /// Every message, as users would see it now (in creation order).
    pub fn messages(&self) -> Vec<ShownMessage> {
        self.world().messages.clone()
    }

    pub fn message(&self, id: u64) -> Option<ShownMessage> {
        self.world().message(id).cloned()
    }

    /// The messages in `channel`, deleted ones included.
    pub fn messages_in(&self, channel: u64) -> Vec<ShownMessage> {
        self.world()
            .messages
            .iter()
            .filter(|m| m.channel == channel)
            .cloned()
            .collect()
    }

    /// The messages `user` sees in `channel`.
    pub fn visible_in(&self, channel: u64, user: u64) -> Vec<ShownMessage> {
        self.world()
            .messages
            .iter()
            .filter(|m| m.channel == channel && m.visible_to_user(user))
            .cloned()
            .collect()
    }

    /// The messages an interaction's token made (its original response
    /// first), deleted ones included.
    pub fn interaction_messages(&self, token: &str) -> Vec<ShownMessage> {
        let mut found: Vec<ShownMessage> = self
            .world()
            .messages
            .iter()
            .filter(|m| m.interaction_token.as_deref() == Some(token))
            .cloned()
            .collect();
        found.sort_by_key(|m| !m.is_original);
        found
    }

    /// The interaction's original response, if it made one.
    pub fn original_response(&self, token: &str) -> Option<ShownMessage> {
        let world = self.world();
        let id = world.interactions.get(token)?.original?;
        world.message(id).cloned()
    }

    /// Whether the interaction got its initial response.
    pub fn is_acknowledged(&self, token: &str) -> bool {
        self.world()
            .interactions
            .get(token)
            .is_some_and(|i| i.ack.is_some())
    }

    /// Deletes a message, as its author or a moderator would.
    pub fn delete_message(&self, id: u64) {
        if let Some(message) = self.world().message_mut(id) {
            message.deleted = true;
        }
    }

    // ------------------------------------------------------------ channels

    /// Makes `channel` a DM with the bot: messages there carry no guild.
    pub fn mark_dm(&self, channel: u64) {
        self.set_channel_kind(channel, 1);
    }

    /// Sets a channel's Discord type: 0 text, 1 DM with the bot, 2 voice,
    /// 3 group DM (the bot is not in it; only interactions reach it), 4
    /// category, 5 announcement, 13 stage, 15 forum, 16 media.
    pub fn set_channel_kind(&self, channel: u64, kind: u8) {
        self.world().channel(channel).kind = kind;
    }

    /// The parent channel of a thread.
    pub fn thread_parent(&self, thread: u64) -> Option<u64> {
        self.world().parent_of(thread)
    }

    pub fn thread(&self, thread: u64) -> Option<ThreadInfo> {
        self.world().thread_info(thread)
    }

    /// The thread's members (user ids, the bot's included).
    pub fn thread_members(&self, thread: u64) -> Vec<u64> {
        self.thread(thread).map(|t| t.members).unwrap_or_default()
    }

    /// Archives a thread, as inactivity or a moderator would; `locked` as a
    /// moderator would lock it.
    pub fn archive_thread(&self, thread: u64, locked: bool) {
        let mut world = self.world();
        if let Some(t) = world.channel(thread).thread.as_mut() {
            t.archived = true;
            t.locked = locked;
        }
    }

    /// Deletes a channel (and with it its threads).
    pub fn delete_channel(&self, channel: u64) {
        self.world().channel(channel).deleted = true;
    }

    /// Takes the bot's access to a channel away (kicked, or the channel
    /// hidden from it).
    pub fn remove_bot_from(&self, channel: u64) {
        self.world().channel(channel).bot_removed = true;
    }

    /// Whether the bot may open threads anywhere; when not, the thread
    /// permissions are off in every channel (interactions report it in
    /// `app_permissions`) and thread creation answers 403 Missing Permissions.
    pub fn allow_threads(&self, allowed: bool) {
        self.world().threads_allowed = allowed;
    }

    /// The bot's permissions in `channel` (and its threads), as interactions
    /// report them in `app_permissions` and as REST enforces them.
    pub fn set_app_permissions(&self, channel: u64, permissions: u64) {
        self.world().channel(channel).app_permissions = Some(permissions);
    }

    pub fn app_permissions(&self, channel: u64) -> u64 {
        self.world().app_permissions(channel)
    }

    // ------------------------------------------------------------ failures

    /// The next call whose method is `method` and whose path (below
    /// `/api/v10/`) starts with `path_prefix` is refused once with `status`
    /// and Discord's JSON error `code`.
    pub fn fail_next(&self, method: &str, path_prefix: &str, status: u16, code: u64) {
        self.world().failures.push(model::InjectedFailure {
            method: method.to_string(),
            prefix: path_prefix.trim_start_matches('/').to_string(),
            status,
            code,
        });
    }

    /// The next call of `method` on a path starting with `path_prefix` is
    /// carried out, and then answered with `status` (a 5xx) as if Discord's
    /// answer had been lost on the way: the message it made stays made.
    pub fn lose_answer_next(&self, method: &str, path_prefix: &str, status: u16) {
        self.world().faults.push(
            method,
            path_prefix,
            faults::FaultKind::AnswerLost { status },
        );
    }

    /// The next call of `method` on a path starting with `path_prefix` has
    /// its connection closed after the first part of its body arrived
    /// (a reset mid-upload): nothing is carried out, and the record shows
    /// the call with status 0.
    pub fn reset_next(&self, method: &str, path_prefix: &str) {
        self.world()
            .faults
            .push(method, path_prefix, faults::FaultKind::Reset);
    }

    /// The next call of `method` on a path starting with `path_prefix` is
    /// carried out at once and answered `by` later (a client with a shorter
    /// timeout gives up on it, though it reached Discord).
    pub fn delay_next(&self, method: &str, path_prefix: &str, by: Duration) {
        self.world()
            .faults
            .push(method, path_prefix, faults::FaultKind::Delay(by));
    }

    /// REST faults injected and not yet met.
    pub fn pending_faults(&self) -> usize {
        self.world().faults.pending()
    }

    /// The next `n` REST calls, whatever they are, get 429 with
    /// `retry_after` seconds, as a per-route (user-scope) limit answers.
    pub fn rate_limit_next(&self, n: usize, retry_after_secs: f64) {
        self.world().rate_limit = Some(model::RateLimit {
            remaining: n,
            retry_after: retry_after_secs,
        });
    }

    // --------------------------------------------------------- commands

    /// The application commands of the last accepted overwrites, global and
    /// per guild.
    pub fn registered_commands(&self) -> Vec<RegisteredCommand> {
        self.world().commands.clone()
    }

    /// Sets the language `user`'s Discord client is in (an interaction's
    /// `locale`), e.g. `zh-CN`.
    pub fn set_locale(&self, user: &TestUser, locale: &str) {
        self.world().locales.insert(user.id, locale.to_string());
    }

    // ----------------------------------------------------------- members

    /// Makes `user` a member of the guild with a nickname and permissions.
    pub fn add_member(&self, user: &TestUser, nick: Option<&str>, permissions: u64) {
        let mut world = self.world();
        world.remember_user(user);
        world.members.insert(
            user.id,
            Member {
                user: user.clone(),
                nick: nick.map(str::to_string),
                permissions,
                roles: Vec::new(),
            },
        );
    }

    // --------------------------------------------------------- interactions

    /// Makes an interaction `by` older than it is, as if that time had
    /// passed: past 3 s its initial response is refused, past 15 min its
    /// token.
    pub fn age_interaction(&self, token: &str, by: Duration) {
        if let Some(interaction) = self.world().interactions.get_mut(token) {
            interaction.aged += by;
        }
    }

    // ------------------------------------------------------------ users

    /// `author` writes `content` in `channel` (a guild channel or thread unless
    /// marked as a DM). Returns the message id. As Discord does, the event
    /// reaches the client only if it identified with GUILD_MESSAGES (or
    /// DIRECT_MESSAGES in a DM), and carries the content only with
    /// MESSAGE_CONTENT, in a DM, or when the message mentions the bot.
    pub async fn send_message(&self, author: &TestUser, channel: u64, content: &str) -> u64 {
        let id = self.new_id();
        self.wait_connected("MESSAGE_CREATE").await;
        let event = {
            let mut world = self.world();
            let kind = world.kind_of(channel);
            let guild = world.guild_of(channel);
            if guild.is_some() {
                world.ensure_member(author);
            } else {
                world.remember_user(author);
            }
            if let Some(thread) = world.channel(channel).thread.as_mut() {
                assert!(
                    !thread.locked,
                    "a user cannot post in a locked thread (Discord refuses it)"
                );
                if thread.archived {
                    // Sending a message unarchives an (unlocked) thread.
                    thread.archived = false;
                    thread.unarchived += 1;
                }
            }
            let mut shown = model::bot_message(id, channel);
            shown.author = author.id;
            shown.content = content.to_string();
            shown.pinged = model::user_mentions(content);
            shown.mentions_everyone = guild.is_some() && model::mentions_everyone(content);
            world.add_message(shown);

            let intents = world.identified_intents.unwrap_or(0);
            let needed = if guild.is_some() {
                intents::GUILD_MESSAGES
            } else {
                intents::DIRECT_MESSAGES
            };
            // The bot is not in a group DM: nothing said there reaches it.
            let delivered = intents & needed != 0 && kind != 3;
            let mentions_bot = model::user_mentions(content).contains(&BOT_USER_ID);
            let readable =
                intents & intents::MESSAGE_CONTENT != 0 || guild.is_none() || mentions_bot;
            let mut message = json!({
                "id": id.to_string(),
                "channel_id": channel.to_string(),
                "author": author.json(),
                "content": if readable { content } else { "" },
                "timestamp": TIMESTAMP,
                "edited_timestamp": null,
                "tts": false,
                "mention_everyone": guild.is_some() && model::mentions_everyone(content),
                "mentions": world.mentions_json(content, channel),
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "pinned": false,
                "type": 0,
                "channel_type": kind,
            });
            if let Some(guild) = guild {
                message["guild_id"] = json!(guild.to_string());
                message["member"] = world
                    .member_json(author.id, false, false)
                    .expect("a member");
            }
            if !delivered {
                world.undelivered += 1;
            }
            delivered.then_some(message)
        };
        if let Some(message) = event {
            self.inject("MESSAGE_CREATE", message).await;
        }
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
        let mut resolved = json!({"users": resolved_users
            .iter()
            .map(|u| (u.id.to_string(), u.json()))
            .collect::<serde_json::Map<String, Value>>()});
        {
            let mut world = self.world();
            for u in resolved_users {
                world.remember_user(u);
            }
            if world.guild_of(channel).is_some() {
                let members: serde_json::Map<String, Value> = resolved_users
                    .iter()
                    .filter_map(|u| {
                        world
                            .member_json(u.id, false, true)
                            .map(|m| (u.id.to_string(), m))
                    })
                    .collect();
                resolved["members"] = Value::Object(members);
            }
        }
        self.check_registered_options(subcommand, &options);
        // A role picked in a role or mentionable option comes resolved, as
        // Discord sends it; any id that is not a resolved user is a role.
        let roles: serde_json::Map<String, Value> = options
            .iter()
            .filter(|o| matches!(o["type"].as_u64(), Some(8 | 9)))
            .filter_map(|o| o["value"].as_str())
            .filter(|id| !resolved_users.iter().any(|u| u.id.to_string() == *id))
            .map(|id| (id.to_string(), model::role_json(id)))
            .collect();
        if !roles.is_empty() {
            resolved["roles"] = Value::Object(roles);
        }
        let data = json!({
            "id": self.new_id().to_string(),
            "name": "xiangqi",
            "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": resolved,
        });
        self.send_interaction(user, channel, 2, data, None).await
    }

    /// A client sends only the options a command registered, each with its
    /// registered type: an option of another name or type is a test's
    /// mistake (checked once the bot has registered its commands).
    fn check_registered_options(&self, subcommand: &str, options: &[Value]) {
        let registered = self.registered_commands();
        let Some(command) = registered.iter().find(|c| c.name == "xiangqi") else {
            return;
        };
        let Some(sub) = command.json["options"]
            .as_array()
            .and_then(|subs| subs.iter().find(|s| s["name"] == subcommand))
        else {
            return;
        };
        for option in options {
            let name = option["name"].as_str().unwrap_or_default();
            let kind = sub["options"]
                .as_array()
                .and_then(|os| os.iter().find(|o| o["name"] == name))
                .and_then(|o| o["type"].as_u64());
            assert_eq!(
                kind,
                option["type"].as_u64(),
                "/xiangqi {subcommand} has no option {name:?} of type {}: a client sends what is registered",
                option["type"]
            );
        }
    }

    /// Gives `user`, a member, the role `role` (sent in `member.roles`).
    pub fn give_role(&self, user: &TestUser, role: u64) {
        if let Some(member) = self.world().members.get_mut(&user.id) {
            member.roles.push(role);
        }
    }

    /// `user` picks the user command (context menu, type 2) `name` on
    /// `target`'s name in `channel`: an APPLICATION_COMMAND interaction whose
    /// data has type 2, `target_id` and the target in `resolved` (with its
    /// member in a server). A client offers only a registered user command,
    /// so one not registered is a test's mistake. Returns the token.
    pub async fn send_user_command(
        &self,
        user: &TestUser,
        channel: u64,
        name: &str,
        target: &TestUser,
    ) -> String {
        assert!(
            self.registered_commands()
                .iter()
                .any(|command| command.name == name && command.json["type"].as_u64() == Some(2)),
            "no user command {name:?} is registered: a client shows only what is"
        );
        let mut resolved = json!({"users": {target.id.to_string(): target.json()}});
        {
            let mut world = self.world();
            world.remember_user(target);
            if world.guild_of(channel).is_some() {
                if let Some(member) = world.member_json(target.id, false, true) {
                    resolved["members"] = json!({target.id.to_string(): member});
                }
            }
        }
        let data = json!({
            "id": self.new_id().to_string(),
            "name": name,
            "type": 2,
            "target_id": target.id.to_string(),
            "resolved": resolved,
        });
        self.send_interaction(user, channel, 2, data, None).await
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
        self.send_interaction(user, channel, 4, data, None).await
    }

    /// `user` presses the button `custom_id` on the bot's message `message`
    /// (a MESSAGE_COMPONENT interaction, type 3, which carries the message).
    /// Returns the interaction's token.
    pub async fn press_button(&self, user: &TestUser, message: u64, custom_id: &str) -> String {
        // Checked once the world is let go: a failed check must not
        // poison it for the rest of the test.
        let (channel, shown, message_json) = {
            let world = self.world();
            let shown = world
                .message(message)
                .expect("a message to press on")
                .clone();
            let json = world.message_json(&shown);
            (shown.channel, shown, json)
        };
        assert!(
            shown.custom_ids().iter().any(|id| id == custom_id),
            "no button {custom_id} on message {message}: a client shows only what is there"
        );
        assert!(
            shown.visible_to_user(user.id),
            "message {message} is not shown to {}: only what a user sees can be pressed",
            user.name
        );
        let shown = message_json;
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.send_interaction(user, channel, 3, data, Some((message, shown)))
            .await
    }

    /// The modal the bot answered interaction `token` with (callback 9),
    /// if it did.
    pub fn modal_of(&self, token: &str) -> Option<Value> {
        self.world().interactions.get(token)?.modal.clone()
    }

    /// `user` fills in and sends the modal the bot opened in answer to
    /// interaction `token`: a MODAL_SUBMIT (type 5) with the modal's
    /// custom_id and each text input's value (`values`, by the inputs'
    /// custom_ids; an input not named is sent empty), carrying the message
    /// whose button opened it. Returns the new interaction's token.
    pub async fn submit_modal(
        &self,
        user: &TestUser,
        token: &str,
        values: &[(&str, &str)],
    ) -> String {
        let (channel, modal, pressed) = {
            let world = self.world();
            let opened = world.interactions.get(token).expect("a known interaction");
            let modal = opened.modal.clone().expect(
                "no modal was opened for this interaction: a client shows only what is there",
            );
            let pressed = opened
                .message
                .and_then(|id| world.message(id).map(|m| (id, world.message_json(m))));
            (opened.channel, modal, pressed)
        };
        let rows: Vec<Value> = modal["components"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|row| {
                let inputs: Vec<Value> = row["components"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .iter()
                    .map(|input| {
                        let id = input["custom_id"].as_str().unwrap_or_default();
                        let value = values
                            .iter()
                            .find(|(name, _)| *name == id)
                            .map_or("", |(_, value)| *value);
                        json!({"type": 4, "custom_id": id, "value": value})
                    })
                    .collect();
                json!({"type": 1, "components": inputs})
            })
            .collect();
        let data = json!({"custom_id": modal["custom_id"], "components": rows});
        self.send_interaction(user, channel, 5, data, pressed).await
    }

    async fn send_interaction(
        &self,
        user: &TestUser,
        channel: u64,
        kind: u8,
        data: Value,
        pressed: Option<(u64, Value)>,
    ) -> String {
        let id = self.new_id();
        let token = format!("token-{id}");
        self.wait_connected("INTERACTION_CREATE").await;
        let interaction = {
            let mut world = self.world();
            let guild = world.guild_of(channel);
            let channel_kind = world.kind_of(channel);
            let size_limit = world.config.attachment_size_limit;
            // 0 in a guild, 1 in the bot's DM, 2 in a DM or group DM between others.
            let context = match (guild, channel_kind) {
                (Some(_), _) => 0,
                (None, 1) => 1,
                (None, _) => 2,
            };
            let mut interaction = json!({
                "id": id.to_string(),
                "application_id": APP_ID.to_string(),
                "type": kind,
                "data": data,
                "channel_id": channel.to_string(),
                "channel": world.interaction_channel_json(channel),
                "token": token,
                "version": 1,
                "locale": world.locales.get(&user.id).map_or("en-US", String::as_str),
                "entitlements": [],
                "attachment_size_limit": size_limit,
                "app_permissions": world.app_permissions(channel).to_string(),
                "context": context,
                "message": pressed.as_ref().map(|(_, m)| m.clone()),
                "authorizing_integration_owners": if guild.is_some() {
                    json!({"0": GUILD_ID.to_string()})
                } else {
                    json!({"1": user.id.to_string()})
                },
            });
            match guild {
                Some(guild) => {
                    world.ensure_member(user);
                    interaction["guild_id"] = json!(guild.to_string());
                    interaction["guild_locale"] = json!("en-US");
                    interaction["member"] =
                        world.member_json(user.id, true, true).expect("a member");
                }
                None => {
                    world.remember_user(user);
                    interaction["user"] = user.json();
                }
            }
            world.interactions.insert(
                token.clone(),
                Interaction {
                    id,
                    kind,
                    channel,
                    user: user.id,
                    created: Instant::now(),
                    aged: Duration::ZERO,
                    ack: None,
                    original: None,
                    size_limit,
                    message: pressed.as_ref().map(|(id, _)| *id),
                    modal: None,
                },
            );
            interaction
        };
        self.inject("INTERACTION_CREATE", interaction).await;
        token
    }
}

/// A slash command option of Discord type `kind` (3 string, 4 integer, 6 user).
pub fn option(name: &str, kind: u8, value: Value) -> Value {
    json!({"name": name, "type": kind, "value": value})
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
