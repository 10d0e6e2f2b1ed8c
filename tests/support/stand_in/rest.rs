//! The stand-in's REST API: HTTP/1.1 on loopback, one route per endpoint the
//! bot uses, each answering as Discord documents it (see
//! `docs/discord-stand-in.md`). Every call is recorded, refused or not.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;

use super::faults::{self, FaultKind};
use super::model::{
    apply_content, bot_message, perm, resolve_pings, resolve_role_pings, Ack, Thread, World,
};
use super::validate::{self, ApiError};
use super::{
    bot_user, RegisteredCommand, RestCall, State, UploadedFile, API_PREFIX, APP_ID, BOT_USER_ID,
    GUILD_ID,
};

pub(super) async fn serve(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        // Discord's edge does not hold small writes back (Nagle's algorithm);
        // with it on, a reply waits for the client's delayed ACK (up to 40 ms).
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_io(stream, state.clone()));
    }
}

/// Serves REST on one connection (plain TCP, or a stream a TLS front
/// decrypted).
pub(super) async fn serve_io<I>(io: I, state: Arc<State>)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |request| {
        let state = state.clone();
        async move { answer_or_reset(&state, request).await }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(io), service)
        .await;
}

/// What a call did besides its answer, for the record.
#[derive(Default)]
struct Effect {
    message: Option<u64>,
    effective_ephemeral: Option<bool>,
    edited_original: bool,
}

struct Outcome {
    status: u16,
    body: Option<Value>,
    headers: Vec<(&'static str, String)>,
    effect: Effect,
    /// A create answered with the message an earlier one with its nonce made.
    repeated_nonce: bool,
}

impl Outcome {
    fn ok(body: Value) -> Outcome {
        Outcome::with(200, Some(body), Effect::default())
    }

    fn no_content() -> Outcome {
        Outcome::with(204, None, Effect::default())
    }

    fn with(status: u16, body: Option<Value>, effect: Effect) -> Outcome {
        Outcome {
            status,
            body,
            headers: Vec::new(),
            effect,
            repeated_nonce: false,
        }
    }

    fn error(error: ApiError) -> Outcome {
        Outcome::with(error.status, Some(error.body()), Effect::default())
    }
}

type Routed = Result<Outcome, ApiError>;

struct Req<'a> {
    method: &'a Method,
    segments: Vec<&'a str>,
    query: &'a str,
    json: &'a Value,
    files: &'a [UploadedFile],
}

/// The connection was closed on purpose, without an answer (an injected
/// [`FaultKind::Reset`]).
#[derive(Debug)]
struct ConnectionReset;

impl std::fmt::Display for ConnectionReset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("connection reset by the stand-in")
    }
}

impl std::error::Error for ConnectionReset {}

/// Answers a call, unless a fault catches it: a reset reads the start of
/// the request and closes the connection (hyper drops a connection whose
/// service fails) with nothing carried out; other faults change how the
/// answer comes back.
async fn answer_or_reset(
    state: &State,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, ConnectionReset> {
    let full_path = request.uri().path().to_string();
    let path = full_path.strip_prefix(API_PREFIX).unwrap_or(&full_path);
    let method = request.method().clone();
    let fault = state.world.lock().unwrap().faults.take(&method, path);
    if fault != Some(FaultKind::Reset) {
        let response = answer(state, request, fault).await;
        if let Some(FaultKind::Delay(by)) = fault {
            tokio::time::sleep(by).await;
        }
        return Ok(response);
    }
    let query = request.uri().query().unwrap_or("").to_string();
    let path = path.to_string();
    let mut body = request.into_body();
    // Mid-upload: the first part of the body arrived, the rest never does.
    let _ = body.frame().await;
    let mut calls = state.calls.lock().unwrap();
    let index = calls.len();
    calls.push(RestCall {
        index,
        at: Instant::now(),
        method,
        path,
        query,
        json: Value::Null,
        files: Vec::new(),
        channel: None,
        interaction_token: None,
        status: 0,
        error_code: None,
        response: Value::Null,
        message_id: None,
        effective_ephemeral: None,
        edited_original: false,
        repeated_nonce: false,
    });
    state.call_count.send_replace(calls.len());
    Err(ConnectionReset)
}

async fn answer(
    state: &State,
    request: Request<Incoming>,
    fault: Option<FaultKind>,
) -> Response<Full<Bytes>> {
    let method = request.method().clone();
    let full_path = request.uri().path().to_string();
    let query = request.uri().query().unwrap_or("").to_string();
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let content_type = header("content-type");
    let authorized = header("authorization").starts_with("Bot ");
    let body = match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return build_response(Outcome::error(ApiError::new(400, 0, "Bad body"))),
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
    let path = full_path
        .strip_prefix(API_PREFIX)
        .unwrap_or(&full_path)
        .to_string();
    let segments: Vec<&str> = path.split('/').collect();
    let token = match segments.as_slice() {
        ["webhooks", _, token, ..] | ["interactions", _, token, ..] => Some(token.to_string()),
        _ => None,
    };

    let mut world = state.world.lock().unwrap();
    let channel = match segments.as_slice() {
        ["channels", channel, ..] => channel.parse().ok(),
        _ => token
            .as_ref()
            .and_then(|t| world.interactions.get(t).map(|i| i.channel)),
    };
    let req = Req {
        method: &method,
        segments: segments.clone(),
        query: &query,
        json: &json,
        files: &files,
    };
    let index = state.calls.lock().unwrap().len();
    let outcome = if !full_path.starts_with(API_PREFIX) {
        Outcome::error(ApiError::new(404, 0, "404: Not Found"))
    } else if !authorized {
        Outcome::error(ApiError::new(401, 0, "401: Unauthorized"))
    } else if let Some(limited) = rate_limited(&mut world, &path) {
        limited
    } else if let Some(failure) = injected(&mut world, &method, &path) {
        failure
    } else {
        route(state, &mut world, &req, index).unwrap_or_else(Outcome::error)
    };
    let outcome = match fault {
        // Carried out, but what comes back is the edge's error, which has
        // no Discord code.
        Some(FaultKind::AnswerLost { status }) => Outcome {
            status,
            body: Some(
                json!({"message": format!("{status}: the stand-in lost the answer"), "code": 0}),
            ),
            headers: Vec::new(),
            ..outcome
        },
        _ => outcome,
    };
    if matches!(outcome.status, 401 | 403 | 429) {
        world.invalid_requests += 1;
    }
    let call = RestCall {
        index,
        at: Instant::now(),
        method: method.clone(),
        path: path.clone(),
        query: query.clone(),
        json: json.clone(),
        files,
        channel,
        interaction_token: token,
        status: outcome.status,
        error_code: outcome
            .body
            .as_ref()
            .filter(|_| outcome.status >= 400)
            .and_then(|b| b.get("code"))
            .and_then(Value::as_i64),
        response: outcome.body.clone().unwrap_or(Value::Null),
        message_id: outcome.effect.message,
        effective_ephemeral: outcome.effect.effective_ephemeral,
        edited_original: outcome.effect.edited_original,
        repeated_nonce: outcome.repeated_nonce,
    };
    {
        let mut calls = state.calls.lock().unwrap();
        calls.push(call);
        state.call_count.send_replace(calls.len());
    }
    drop(world);
    build_response(outcome)
}

fn build_response(outcome: Outcome) -> Response<Full<Bytes>> {
    let mut response = Response::builder()
        .status(StatusCode::from_u16(outcome.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (name, value) in &outcome.headers {
        response = response.header(*name, value);
    }
    let bytes = match outcome.body {
        Some(value) => {
            response = response.header("content-type", "application/json");
            Bytes::from(value.to_string())
        }
        None => Bytes::new(),
    };
    response.body(Full::new(bytes)).expect("valid response")
}

fn epoch_secs() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
}

/// The route's bucket, for the X-RateLimit-Bucket header: its shape, with
/// ids and tokens blanked.
fn bucket(path: &str) -> String {
    let shape: Vec<&str> = path
        .split('/')
        .map(|s| {
            if s.chars().all(|c| c.is_ascii_digit()) || s.starts_with("token-") {
                "_"
            } else {
                s
            }
        })
        .collect();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in shape.join("/").bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn rate_limited(world: &mut World, path: &str) -> Option<Outcome> {
    let limit = world.rate_limit.as_mut()?;
    if limit.remaining == 0 {
        world.rate_limit = None;
        return None;
    }
    limit.remaining -= 1;
    let retry_after = limit.retry_after;
    if limit.remaining == 0 {
        world.rate_limit = None;
    }
    let mut outcome = Outcome::with(
        429,
        Some(
            json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
        ),
        Effect::default(),
    );
    outcome.headers = vec![
        ("retry-after", format!("{}", retry_after.ceil() as u64)),
        ("x-ratelimit-limit", "5".into()),
        ("x-ratelimit-remaining", "0".into()),
        (
            "x-ratelimit-reset",
            format!("{:.3}", epoch_secs() + retry_after),
        ),
        ("x-ratelimit-reset-after", format!("{retry_after:.3}")),
        ("x-ratelimit-bucket", bucket(path)),
        ("x-ratelimit-scope", "user".into()),
    ];
    Some(outcome)
}

fn injected(world: &mut World, method: &Method, path: &str) -> Option<Outcome> {
    let at = world.failures.iter().position(|f| {
        f.method.eq_ignore_ascii_case(method.as_str()) && path.starts_with(&f.prefix)
    })?;
    let failure = world.failures.remove(at);
    Some(Outcome::error(ApiError::new(
        failure.status,
        failure.code,
        validate::message_for_code(failure.code),
    )))
}

fn with_ratelimit_headers(mut outcome: Outcome, path: &str) -> Outcome {
    outcome.headers.extend([
        ("x-ratelimit-limit", "5".to_string()),
        ("x-ratelimit-remaining", "4".to_string()),
        ("x-ratelimit-reset", format!("{:.3}", epoch_secs() + 1.0)),
        ("x-ratelimit-reset-after", "1.000".to_string()),
        ("x-ratelimit-bucket", bucket(path)),
    ]);
    outcome
}

fn route(state: &State, world: &mut World, req: &Req, index: usize) -> Routed {
    let segments = req.segments.as_slice();
    let outcome = match (req.method, segments) {
        (&Method::GET, ["gateway"]) => Outcome::ok(json!({"url": state.gateway_url})),
        (&Method::GET, ["gateway", "bot"]) => Outcome::ok(json!({
            "url": state.gateway_url, "shards": world.config.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })),
        (&Method::GET, ["users", "@me"]) => Outcome::ok(bot_user()),
        (&Method::PUT, ["applications", _, "commands"]) => put_commands(world, req, None)?,
        (&Method::PUT, ["applications", _, "guilds", guild, "commands"]) => {
            put_commands(world, req, Some(parse_id(guild)?))?
        }
        (&Method::GET, ["applications", _, "commands"]) => get_commands(world, None),
        (&Method::GET, ["applications", _, "guilds", guild, "commands"]) => {
            get_commands(world, Some(parse_id(guild)?))
        }
        (&Method::POST, ["interactions", id, token, "callback"]) => {
            callback(state, world, req, parse_id(id)?, token, index)?
        }
        (&Method::POST, ["webhooks", app, token]) => {
            follow_up(state, world, req, app, token, index)?
        }
        (&Method::GET, ["webhooks", app, token, "messages", message]) => {
            webhook_interaction(world, app, token)?;
            let id = webhook_message(world, token, message)?;
            Outcome::ok(world.message_json(world.message(id).expect("a message")))
        }
        (&Method::PATCH, ["webhooks", app, token, "messages", message]) => {
            edit_webhook_message(state, world, req, app, token, message, index)?
        }
        (&Method::DELETE, ["webhooks", app, token, "messages", message]) => {
            webhook_interaction(world, app, token)?;
            let id = webhook_message(world, token, message)?;
            world.message_mut(id).expect("a message").deleted = true;
            Outcome::with(
                204,
                None,
                Effect {
                    message: Some(id),
                    ..Effect::default()
                },
            )
        }
        (&Method::POST, ["channels", channel, "messages"]) => {
            create_message(state, world, req, parse_id(channel)?, index)?
        }
        (&Method::GET, ["channels", channel, "messages", message]) => {
            let channel = parse_id(channel)?;
            world.check_access(channel)?;
            let id = channel_message(world, channel, message)?;
            Outcome::ok(world.message_json(world.message(id).expect("a message")))
        }
        (&Method::PATCH, ["channels", channel, "messages", message]) => {
            edit_message(state, world, req, parse_id(channel)?, message, index)?
        }
        (&Method::DELETE, ["channels", channel, "messages", message]) => {
            delete_message(world, parse_id(channel)?, message)?
        }
        (&Method::POST, ["channels", channel, "typing"]) => {
            world.check_access(parse_id(channel)?)?;
            Outcome::no_content()
        }
        (&Method::POST, ["channels", channel, "threads"]) => {
            start_thread(state, world, req, parse_id(channel)?, None)?
        }
        (&Method::POST, ["channels", channel, "messages", message, "threads"]) => start_thread(
            state,
            world,
            req,
            parse_id(channel)?,
            Some(parse_id(message)?),
        )?,
        (&Method::PUT, ["channels", thread, "thread-members", user]) => {
            add_thread_member(world, parse_id(thread)?, user)?
        }
        (&Method::DELETE, ["channels", thread, "thread-members", user]) => {
            let thread = parse_id(thread)?;
            world.check_access(thread)?;
            let user = if *user == "@me" {
                BOT_USER_ID
            } else {
                parse_id(user)?
            };
            let Some(t) = world.channel(thread).thread.as_mut() else {
                return Err(ApiError::wrong_channel_type());
            };
            t.members.retain(|m| *m != user);
            Outcome::no_content()
        }
        (&Method::GET, ["channels", channel]) => {
            let channel = parse_id(channel)?;
            world.check_access(channel)?;
            Outcome::ok(world.channel_json(channel))
        }
        (&Method::GET, ["guilds", guild, "members"]) => {
            list_members(world, parse_id(guild)?, req.query)?
        }
        (&Method::GET, ["guilds", guild, "members", "search"]) => {
            search_members(world, parse_id(guild)?, req.query)?
        }
        (&Method::GET, ["guilds", guild, "members", user]) => {
            if parse_id(guild)? != GUILD_ID {
                return Err(ApiError::new(404, 10004, "Unknown Guild"));
            }
            match world.member_json(parse_id(user)?, true, false) {
                Some(member) => Outcome::ok(member),
                None => return Err(ApiError::new(404, 10007, "Unknown Member")),
            }
        }
        _ => Outcome::error(ApiError::new(
            404,
            0,
            "404: Not Found (no such route in the stand-in)",
        )),
    };
    let path = req.segments.join("/");
    Ok(with_ratelimit_headers(outcome, &path))
}

fn parse_id(text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| {
        ApiError::form(
            &[],
            "NUMBER_TYPE_COERCE",
            &format!("Value \"{text}\" is not snowflake."),
        )
    })
}

fn new_id(state: &State) -> u64 {
    state.next_id.fetch_add(1, Ordering::Relaxed)
}

// ----------------------------------------------------------------- commands

fn put_commands(world: &mut World, req: &Req, guild: Option<u64>) -> Routed {
    validate::check_commands(req.json)?;
    let commands = req.json.as_array().cloned().unwrap_or_default();
    world.commands.retain(|c| c.guild != guild);
    let mut answered = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let name = command.get("name").and_then(Value::as_str).unwrap_or("");
        let id = 800_000_000_000_000_000 + (guild.unwrap_or(0) % 1000) * 1000 + i as u64;
        let mut value = command.clone();
        value["id"] = json!(id.to_string());
        value["application_id"] = json!(APP_ID.to_string());
        value["version"] = json!("1");
        if value.get("type").is_none() {
            value["type"] = json!(1);
        }
        if value.get("default_member_permissions").is_none() {
            value["default_member_permissions"] = Value::Null;
        }
        // A context menu command's description is the empty string.
        if value.get("description").is_none() {
            value["description"] = json!("");
        }
        if let Some(guild) = guild {
            value["guild_id"] = json!(guild.to_string());
        }
        answered.push(value.clone());
        world.commands.push(RegisteredCommand {
            guild,
            name: name.to_string(),
            json: command.clone(),
            answered: value,
            contexts_sent: command.get("contexts").is_some(),
            dm_permission_sent: command.get("dm_permission").is_some(),
        });
    }
    Ok(Outcome::ok(Value::Array(answered)))
}

fn get_commands(world: &World, guild: Option<u64>) -> Outcome {
    Outcome::ok(Value::Array(
        world
            .commands
            .iter()
            .filter(|c| c.guild == guild)
            .map(|c| c.answered.clone())
            .collect(),
    ))
}

// ------------------------------------------------------------- interactions

fn callback(
    state: &State,
    world: &mut World,
    req: &Req,
    id: u64,
    token: &str,
    index: usize,
) -> Routed {
    let deadline = world.config.initial_response_deadline;
    let Some(interaction) = world.interactions.get(token) else {
        return Err(ApiError::unknown_interaction());
    };
    if interaction.id != id {
        return Err(ApiError::unknown_interaction());
    }
    if interaction.ack.is_some() {
        return Err(ApiError::already_acknowledged());
    }
    if interaction.age() > deadline {
        return Err(ApiError::unknown_interaction());
    }
    let (kind, channel, user, size_limit, pressed) = (
        interaction.kind,
        interaction.channel,
        interaction.user,
        interaction.size_limit,
        interaction.message,
    );
    let callback_type = req.json.get("type").and_then(Value::as_u64).unwrap_or(0);
    let empty = json!({});
    let data = req.json.get("data").unwrap_or(&empty);
    let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
    let invalid_type = || {
        ApiError::form(
            &["type".into()],
            "INTERACTION_RESPONSE_TYPE_INVALID",
            "This interaction response type is not valid for this interaction.",
        )
    };
    let ack = match (kind, callback_type) {
        (2, 4) => {
            validate::check_message_fields(data, req.files, size_limit, &["data"])?;
            validate::check_not_empty(data, req.files)?;
            Ack::Message
        }
        (2, 5) => {
            if flags & !64 != 0 {
                return Err(ApiError::form(
                    &["data".into(), "flags".into()],
                    "MESSAGE_FLAGS_INVALID",
                    "A deferred response may only set the EPHEMERAL flag.",
                ));
            }
            Ack::Deferred
        }
        (4, 8) => {
            validate::check_autocomplete(req.json)?;
            Ack::Autocomplete
        }
        // DEFERRED_UPDATE_MESSAGE and UPDATE_MESSAGE exist only for a
        // message component: they act on the message it is on. A modal
        // submit from a component's modal carries that message and may act
        // on it too; one from a command's modal has none.
        (3, 6) | (5, 6) if pressed.is_some() => Ack::DeferredUpdate,
        (3, 7) | (5, 7) if pressed.is_some() => {
            validate::check_message_fields(data, req.files, size_limit, &["data"])?;
            let id = pressed.expect("checked above");
            let Some(mut message) = world.message(id).filter(|m| !m.deleted).cloned() else {
                return Err(ApiError::unknown_message());
            };
            apply_content(&mut message, data, req.files, |_| new_id(state));
            message.edited = true;
            message.call = Some(index);
            *world.message_mut(id).expect("the pressed message") = message;
            let interaction = world.interactions.get_mut(token).expect("known");
            interaction.ack = Some(Ack::Update);
            interaction.original = Some(id);
            return Ok(Outcome::with(204, None, Effect::default()));
        }
        // A channel message (4, 5) is allowed for a component and a modal
        // submit alike.
        (3 | 5, 4) => {
            validate::check_message_fields(data, req.files, size_limit, &["data"])?;
            validate::check_not_empty(data, req.files)?;
            Ack::Message
        }
        (3 | 5, 5) => Ack::Deferred,
        // MODAL answers a command or a component, never a modal submit
        // (nor an autocomplete).
        (2 | 3, 9) => {
            validate::check_modal(data)?;
            let interaction = world.interactions.get_mut(token).expect("known");
            interaction.ack = Some(Ack::Modal);
            interaction.modal = Some(data.clone());
            return Ok(Outcome::with(204, None, Effect::default()));
        }
        _ => return Err(invalid_type()),
    };
    if ack == Ack::DeferredUpdate {
        // Its original response is the message it acts on: `@original`
        // edits that message (an ephemeral one can be edited no other way).
        let interaction = world.interactions.get_mut(token).expect("known");
        interaction.ack = Some(ack);
        interaction.original = pressed;
        return Ok(Outcome::with(204, None, Effect::default()));
    }
    let mut effect = Effect::default();
    if ack != Ack::Autocomplete {
        let message_id = new_id(state);
        let mut message = bot_message(message_id, channel);
        message.interaction_token = Some(token.to_string());
        message.is_original = true;
        message.ephemeral = flags & 64 != 0;
        message.visible_to = message.ephemeral.then_some(user);
        message.loading = ack == Ack::Deferred;
        message.call = Some(index);
        if ack == Ack::Message {
            apply_content(&mut message, data, req.files, |_| new_id(state));
            set_pings(world, &mut message, data, true);
        }
        effect.message = Some(message_id);
        effect.effective_ephemeral = Some(message.ephemeral);
        world.add_message(message);
        world.interactions.get_mut(token).expect("known").original = Some(message_id);
    }
    world.interactions.get_mut(token).expect("known").ack = Some(ack);
    Ok(Outcome::with(204, None, effect))
}

/// The interaction a webhook call is for: 10015 when its token never got a
/// message response (no webhook exists), 50027 once 15 minutes are over.
fn webhook_interaction(world: &World, app: &str, token: &str) -> Result<(), ApiError> {
    if app.parse::<u64>().ok() != Some(APP_ID) {
        return Err(ApiError::unknown_webhook());
    }
    let Some(interaction) = world.interactions.get(token) else {
        return Err(ApiError::unknown_webhook());
    };
    if !matches!(
        interaction.ack,
        Some(Ack::Message | Ack::Deferred | Ack::DeferredUpdate | Ack::Update)
    ) {
        return Err(ApiError::unknown_webhook());
    }
    if interaction.age() > world.config.token_lifetime {
        return Err(ApiError::invalid_webhook_token());
    }
    Ok(())
}

/// `@original` or a follow-up's id → the message, if it exists still. The
/// original response of a component's deferred update or update is the
/// message the component is on, whichever interaction made that message.
fn webhook_message(world: &World, token: &str, message: &str) -> Result<u64, ApiError> {
    let original = world.interactions[token].original;
    let id = if message == "@original" {
        original
    } else {
        message.parse().ok()
    };
    id.and_then(|id| world.message(id))
        .filter(|m| {
            !m.deleted
                && (m.interaction_token.as_deref() == Some(token)
                    || (message == "@original" && Some(m.id) == original))
        })
        .map(|m| m.id)
        .ok_or_else(ApiError::unknown_message)
}

fn set_pings(world: &World, message: &mut super::ShownMessage, body: &Value, webhook: bool) {
    let (mut users, everyone, replied) = resolve_pings(&message.content, body, webhook);
    if replied {
        if let Some(author) = message
            .reference
            .and_then(|r| world.message(r))
            .map(|m| m.author)
            .filter(|a| *a != BOT_USER_ID)
        {
            if !users.contains(&author) {
                users.push(author);
            }
        }
    }
    if message.ephemeral {
        // Only the user who ran the command sees an ephemeral message: it
        // notifies no one.
        users.clear();
    }
    let in_guild = world.guild_of(message.channel).is_some();
    message.pinged = users;
    message.pinged_roles = if message.ephemeral || !in_guild {
        Vec::new()
    } else {
        resolve_role_pings(&message.content, body, webhook)
    };
    message.mentions_everyone = everyone && in_guild && !message.ephemeral;
    message.pings_everyone = message.mentions_everyone
        && world.app_permissions(message.channel) & perm::MENTION_EVERYONE != 0;
}

fn follow_up(
    state: &State,
    world: &mut World,
    req: &Req,
    app: &str,
    token: &str,
    index: usize,
) -> Routed {
    webhook_interaction(world, app, token)?;
    let interaction = &world.interactions[token];
    let (channel, user, size_limit, ack, original) = (
        interaction.channel,
        interaction.user,
        interaction.size_limit,
        interaction.ack,
        interaction.original,
    );
    validate::check_message_fields(req.json, req.files, size_limit, &[])?;
    validate::check_not_empty(req.json, req.files)?;
    let loading_original = original.filter(|id| {
        ack == Some(Ack::Deferred) && world.message(*id).is_some_and(|m| m.loading && !m.deleted)
    });
    if let Some(id) = loading_original {
        // The first follow-up after a deferral edits the loading response
        // and keeps the deferral's visibility: its flags are ignored.
        let mut message = world.message(id).expect("the original").clone();
        apply_content(&mut message, req.json, req.files, |_| new_id(state));
        message.loading = false;
        message.call = Some(index);
        set_pings(world, &mut message, req.json, true);
        let ephemeral = message.ephemeral;
        let body = world.message_json(&message);
        *world.message_mut(id).expect("the original") = message;
        return Ok(Outcome::with(
            200,
            Some(body),
            Effect {
                message: Some(id),
                effective_ephemeral: Some(ephemeral),
                edited_original: true,
            },
        ));
    }
    let flags = req.json.get("flags").and_then(Value::as_u64).unwrap_or(0);
    let id = new_id(state);
    let mut message = bot_message(id, channel);
    message.interaction_token = Some(token.to_string());
    message.ephemeral = flags & 64 != 0;
    message.visible_to = message.ephemeral.then_some(user);
    message.call = Some(index);
    apply_content(&mut message, req.json, req.files, |_| new_id(state));
    set_pings(world, &mut message, req.json, true);
    let ephemeral = message.ephemeral;
    let body = world.message_json(&message);
    world.add_message(message);
    Ok(Outcome::with(
        200,
        Some(body),
        Effect {
            message: Some(id),
            effective_ephemeral: Some(ephemeral),
            edited_original: false,
        },
    ))
}

fn edit_webhook_message(
    state: &State,
    world: &mut World,
    req: &Req,
    app: &str,
    token: &str,
    target: &str,
    index: usize,
) -> Routed {
    webhook_interaction(world, app, token)?;
    let id = webhook_message(world, token, target)?;
    let size_limit = world.interactions[token].size_limit;
    validate::check_message_fields(req.json, req.files, size_limit, &[])?;
    let mut message = world.message(id).expect("a message").clone();
    let was_loading = message.loading;
    apply_content(&mut message, req.json, req.files, |_| new_id(state));
    if message.content.is_empty() && !has_anything(&message) {
        return Err(ApiError::empty_message());
    }
    message.loading = false;
    // Filling a deferred response is its first showing, not an edit.
    message.edited |= !was_loading;
    message.call = Some(index);
    set_pings(world, &mut message, req.json, true);
    let ephemeral = message.ephemeral;
    let body = world.message_json(&message);
    *world.message_mut(id).expect("a message") = message;
    Ok(Outcome::with(
        200,
        Some(body),
        Effect {
            message: Some(id),
            effective_ephemeral: Some(ephemeral),
            edited_original: target == "@original",
        },
    ))
}

fn has_anything(message: &super::ShownMessage) -> bool {
    !message.files.is_empty() || !message.embeds.is_empty()
}

// ----------------------------------------------------------------- channels

/// Whether the bot may send into `channel` at all, and the thread rules:
/// a locked thread refuses (160005) unless the bot manages threads.
fn check_can_send(world: &World, channel: u64, with_files: bool) -> Result<(), ApiError> {
    world.check_access(channel)?;
    let kind = world.kind_of(channel);
    match kind {
        3 => return Err(ApiError::missing_access()),
        15 | 16 => {
            return Err(ApiError::new(
                400,
                40058,
                "Cannot send a message in a forum channel",
            ))
        }
        4 | 14 => {
            return Err(ApiError::new(
                400,
                50008,
                "Cannot send messages in a non-text channel",
            ))
        }
        _ => {}
    }
    let perms = world.app_permissions(channel);
    if world.guild_of(channel).is_some() {
        if perms & perm::VIEW_CHANNEL == 0 {
            return Err(ApiError::missing_access());
        }
        let send = if (10..=12).contains(&kind) {
            perm::SEND_MESSAGES_IN_THREADS
        } else {
            perm::SEND_MESSAGES
        };
        if perms & send == 0 || (with_files && perms & perm::ATTACH_FILES == 0) {
            return Err(ApiError::missing_permissions());
        }
    }
    if let Some(thread) = world.channels.get(&channel).and_then(|c| c.thread.as_ref()) {
        if thread.locked && perms & perm::MANAGE_THREADS == 0 {
            return Err(ApiError::thread_locked());
        }
    }
    Ok(())
}

fn create_message(
    state: &State,
    world: &mut World,
    req: &Req,
    channel: u64,
    index: usize,
) -> Routed {
    check_can_send(world, channel, !req.files.is_empty())?;
    let size_limit = world.config.attachment_size_limit;
    validate::check_message_fields(req.json, req.files, size_limit, &[])?;
    let nonce = message_nonce(req.json)?;
    let enforced = req.json.get("enforce_nonce").and_then(Value::as_bool) == Some(true);
    if let Some(earlier) = nonce
        .as_ref()
        .filter(|_| enforced)
        .and_then(|nonce| world.nonces.find(channel, nonce))
    {
        // resources/message, Create Message: "If another message was
        // created by the same author with the same nonce, that message
        // will be returned and no new message will be created."
        if let Some(message) = world.message(earlier).filter(|m| !m.deleted) {
            let body = world.message_json(message);
            let mut outcome = Outcome::with(
                200,
                Some(body),
                Effect {
                    message: Some(earlier),
                    effective_ephemeral: Some(false),
                    edited_original: false,
                },
            );
            outcome.repeated_nonce = true;
            return Ok(outcome);
        }
    }
    let mut reference = None;
    if let Some(asked) = req.json.get("message_reference").filter(|r| r.is_object()) {
        let wanted: Option<u64> = asked.get("message_id").and_then(|v| {
            v.as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| v.as_u64())
        });
        let in_channel: Option<u64> = asked.get("channel_id").and_then(|v| {
            v.as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| v.as_u64())
        });
        if world.guild_of(channel).is_some()
            && world.app_permissions(channel) & perm::READ_MESSAGE_HISTORY == 0
        {
            return Err(ApiError::new(
                403,
                160002,
                "Cannot reply without permission to read message history",
            ));
        }
        let found = wanted
            .and_then(|id| world.message(id))
            .filter(|m| !m.deleted && in_channel.is_none_or(|c| c == m.channel))
            .map(|m| m.id);
        let fail = asked.get("fail_if_not_exists").and_then(Value::as_bool) != Some(false);
        match found {
            Some(id) => reference = Some(id),
            None if fail => {
                return Err(ApiError::form(
                    &["message_reference".into()],
                    "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                    "Unknown message",
                ))
            }
            // Posted as a plain message, without the reference.
            None => {}
        }
    }
    validate::check_not_empty(req.json, req.files)?;
    if let Some(thread) = world.channel(channel).thread.as_mut() {
        if thread.archived {
            // Sending a message unarchives an (unlocked) thread.
            thread.archived = false;
            thread.unarchived += 1;
        }
    }
    let id = new_id(state);
    let mut message = bot_message(id, channel);
    message.reference = reference;
    message.call = Some(index);
    apply_content(&mut message, req.json, req.files, |_| new_id(state));
    set_pings(world, &mut message, req.json, false);
    let body = world.message_json(&message);
    world.add_message(message);
    if let Some(nonce) = nonce.filter(|_| enforced) {
        world.nonces.remember(channel, nonce, id);
    }
    Ok(Outcome::with(
        200,
        Some(body),
        Effect {
            message: Some(id),
            effective_ephemeral: Some(false),
            edited_original: false,
        },
    ))
}

/// A message create's `nonce` (resources/message, Create Message: an
/// integer or a string of up to 25 characters), as text.
fn message_nonce(json: &Value) -> Result<Option<String>, ApiError> {
    let bad = || {
        ApiError::form(
            &["nonce".into()],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        )
    };
    match json.get("nonce") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.chars().count() <= faults::MAX_NONCE_CHARS => {
            Ok(Some(text.clone()))
        }
        Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
            Ok(Some(number.to_string()))
        }
        Some(_) => Err(bad()),
    }
}

fn channel_message(world: &World, channel: u64, message: &str) -> Result<u64, ApiError> {
    // An ephemeral message is not in the channel for anyone but its user:
    // only its interaction's webhook reaches it.
    message
        .parse::<u64>()
        .ok()
        .and_then(|id| world.message(id))
        .filter(|m| m.channel == channel && !m.deleted && !m.ephemeral)
        .map(|m| m.id)
        .ok_or_else(ApiError::unknown_message)
}

fn edit_message(
    state: &State,
    world: &mut World,
    req: &Req,
    channel: u64,
    target: &str,
    index: usize,
) -> Routed {
    world.check_access(channel)?;
    let id = channel_message(world, channel, target)?;
    if world.message(id).expect("a message").author != BOT_USER_ID {
        return Err(ApiError::new(
            403,
            50005,
            "Cannot edit a message authored by another user",
        ));
    }
    let perms = world.app_permissions(channel);
    if let Some(thread) = world.channels.get(&channel).and_then(|c| c.thread.as_ref()) {
        if thread.locked && perms & perm::MANAGE_THREADS == 0 {
            return Err(ApiError::thread_locked());
        }
        if thread.archived {
            return Err(ApiError::thread_archived());
        }
    }
    validate::check_message_fields(req.json, req.files, world.config.attachment_size_limit, &[])?;
    let mut message = world.message(id).expect("a message").clone();
    apply_content(&mut message, req.json, req.files, |_| new_id(state));
    if message.content.is_empty() && !has_anything(&message) {
        return Err(ApiError::empty_message());
    }
    message.edited = true;
    message.call = Some(index);
    set_pings(world, &mut message, req.json, false);
    let body = world.message_json(&message);
    *world.message_mut(id).expect("a message") = message;
    Ok(Outcome::with(
        200,
        Some(body),
        Effect {
            message: Some(id),
            effective_ephemeral: Some(false),
            edited_original: false,
        },
    ))
}

fn delete_message(world: &mut World, channel: u64, target: &str) -> Routed {
    world.check_access(channel)?;
    let id = channel_message(world, channel, target)?;
    let author = world.message(id).expect("a message").author;
    if author != BOT_USER_ID
        && world.guild_of(channel).is_some()
        && world.app_permissions(channel) & perm::MANAGE_MESSAGES == 0
    {
        return Err(ApiError::missing_permissions());
    }
    world.message_mut(id).expect("a message").deleted = true;
    Ok(Outcome::with(
        204,
        None,
        Effect {
            message: Some(id),
            ..Effect::default()
        },
    ))
}

// ------------------------------------------------------------------ threads

fn start_thread(
    state: &State,
    world: &mut World,
    req: &Req,
    parent: u64,
    starter: Option<u64>,
) -> Routed {
    world.check_access(parent)?;
    let parent_kind = world.kind_of(parent);
    let forum = matches!(parent_kind, 15 | 16);
    // Threads grow in text and announcement channels (and, without a
    // starter message, as posts in forum and media channels).
    if !(matches!(parent_kind, 0 | 5) || (forum && starter.is_none())) {
        return Err(ApiError::wrong_channel_type());
    }
    if forum && req.json.get("message").is_none_or(Value::is_null) {
        return Err(ApiError::form(
            &["message".into()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    }
    let kind: u64 = match starter {
        Some(_) if parent_kind == 5 => 10,
        Some(_) => 11,
        None if forum => 11,
        // Without a starter message the type defaults to a private thread.
        None => req.json.get("type").and_then(Value::as_u64).unwrap_or(12),
    };
    if !(10..=12).contains(&kind) {
        return Err(ApiError::form(
            &["type".into()],
            "BASE_TYPE_CHOICES",
            "Value must be one of (10, 11, 12).",
        ));
    }
    if (kind == 10) != (parent_kind == 5) && !forum || (kind == 12 && parent_kind != 0) {
        return Err(ApiError::wrong_channel_type());
    }
    if let Some(message) = starter {
        let exists = world
            .message(message)
            .is_some_and(|m| m.channel == parent && !m.deleted);
        if !exists {
            return Err(ApiError::unknown_message());
        }
        if world.thread_of_message(message).is_some() {
            return Err(ApiError::thread_exists());
        }
    }
    let perms = world.app_permissions(parent);
    let needed = if forum {
        perm::SEND_MESSAGES
    } else if kind == 12 {
        perm::CREATE_PRIVATE_THREADS
    } else {
        perm::CREATE_PUBLIC_THREADS
    };
    if perms & perm::VIEW_CHANNEL == 0 {
        return Err(ApiError::missing_access());
    }
    if perms & needed == 0 {
        return Err(ApiError::missing_permissions());
    }
    validate::check_thread_fields(req.json)?;
    if forum {
        let empty = json!({});
        let first = req.json.get("message").unwrap_or(&empty);
        validate::check_message_fields(
            first,
            req.files,
            world.config.attachment_size_limit,
            &["message"],
        )?;
        validate::check_not_empty(first, req.files)?;
    }
    // A thread started from a message takes the message's id.
    let id = starter.unwrap_or_else(|| new_id(state));
    let name = req.json["name"].as_str().unwrap_or("").to_string();
    let auto_archive_duration = req
        .json
        .get("auto_archive_duration")
        .and_then(Value::as_u64)
        .unwrap_or(1440);
    let channel = world.channel(id);
    channel.kind = kind as u8;
    channel.parent = Some(parent);
    channel.thread = Some(Thread {
        name,
        archived: false,
        locked: false,
        auto_archive_duration,
        members: vec![BOT_USER_ID],
        unarchived: 0,
        starter,
    });
    if let Some(message) = starter {
        if let Some(m) = world.message_mut(message) {
            m.thread = Some(id);
        }
    }
    if forum {
        let empty = json!({});
        let first = req.json.get("message").unwrap_or(&empty);
        let mut message = bot_message(id, id);
        apply_content(&mut message, first, req.files, |_| new_id(state));
        set_pings(world, &mut message, first, false);
        world.add_message(message);
    }
    Ok(Outcome::ok(world.thread_json(id)))
}

fn add_thread_member(world: &mut World, thread: u64, user: &str) -> Routed {
    world.check_access(thread)?;
    let user = if user == "@me" {
        BOT_USER_ID
    } else {
        parse_id(user)?
    };
    let perms = world.app_permissions(thread);
    let Some(t) = world.channels.get(&thread).and_then(|c| c.thread.as_ref()) else {
        return Err(ApiError::wrong_channel_type());
    };
    if t.archived {
        return Err(ApiError::thread_archived());
    }
    if perms & perm::SEND_MESSAGES_IN_THREADS == 0 {
        return Err(ApiError::missing_permissions());
    }
    let t = world
        .channels
        .get_mut(&thread)
        .and_then(|c| c.thread.as_mut())
        .expect("a thread");
    if !t.members.contains(&user) {
        t.members.push(user);
    }
    Ok(Outcome::no_content())
}

// ------------------------------------------------------------------ members

fn search_members(world: &World, guild: u64, query: &str) -> Routed {
    if guild != GUILD_ID {
        return Err(ApiError::new(404, 10004, "Unknown Guild"));
    }
    let params = parse_query(query);
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let Some(wanted) = param("query") else {
        return Err(ApiError::form(
            &["query".into()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    let limit = match param("limit") {
        None => 1,
        Some(text) => match text.parse::<usize>() {
            Ok(n) if (1..=1000).contains(&n) => n,
            _ => {
                return Err(ApiError::form(
                    &["limit".into()],
                    "NUMBER_TYPE_MAX",
                    "Must be between 1 and 1000.",
                ))
            }
        },
    };
    let wanted = wanted.to_lowercase();
    let found: Vec<Value> = world
        .members
        .values()
        .filter(|m| {
            m.user.name.to_lowercase().starts_with(&wanted)
                || m.nick
                    .as_ref()
                    .is_some_and(|n| n.to_lowercase().starts_with(&wanted))
        })
        .take(limit)
        .filter_map(|m| world.member_json(m.user.id, true, false))
        .collect();
    Ok(Outcome::ok(Value::Array(found)))
}

/// Listing a guild's members needs the GUILD_MEMBERS intent granted to the
/// application (whatever the client identified with).
fn list_members(world: &World, guild: u64, query: &str) -> Routed {
    if guild != GUILD_ID {
        return Err(ApiError::new(404, 10004, "Unknown Guild"));
    }
    if !world.config.guild_members_granted {
        return Err(ApiError::missing_access());
    }
    let params = parse_query(query);
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let limit = match param("limit").map(str::parse::<usize>) {
        None => 1,
        Some(Ok(n)) if (1..=1000).contains(&n) => n,
        Some(_) => {
            return Err(ApiError::form(
                &["limit".into()],
                "NUMBER_TYPE_MAX",
                "Must be between 1 and 1000.",
            ))
        }
    };
    let after: u64 = param("after").and_then(|a| a.parse().ok()).unwrap_or(0);
    let found: Vec<Value> = world
        .members
        .range(after + 1..)
        .take(limit)
        .filter_map(|(id, _)| world.member_json(*id, true, false))
        .collect();
    Ok(Outcome::ok(Value::Array(found)))
}

/// `a=1&b=x%20y` → pairs, percent- and plus-decoded.
fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                match (
                    bytes.get(i + 1).and_then(|&b| hex(b)),
                    bytes.get(i + 2).and_then(|&b| hex(b)),
                ) {
                    (Some(high), Some(low)) => {
                        out.push(high * 16 + low);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).to_string()
}

// ---------------------------------------------------------------- multipart

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
