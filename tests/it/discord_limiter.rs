//! serenity's own rate limiter, on, against a 429.
//!
//! The other Discord tests send serenity's REST calls to the stand-in with
//! `HttpBuilder::proxy`, which needs the limiter off: the limiter builds its
//! requests for `https://discord.com` without the proxy. Here the limiter stays
//! on, as in production. serenity is given a reqwest client whose HTTPS proxy
//! is the TLS front in `support/tls_front.rs`: the limiter's requests for
//! discord.com are tunnelled to it, decrypted with a certificate from a CA made
//! for the test, and forwarded to a server on loopback. The front answers
//! chosen requests with Discord's 429 instead. Every wait is bounded, and each
//! test as a whole finishes within [`TEST_BOUND`].

use std::convert::Infallible;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::stand_in::{StandIn, TestUser};
use crate::support::tls_front::{retry_after_header, TlsFront, DISCORD_HOST};
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use serenity::all::{ChannelId, HttpBuilder};
use serenity::http::{RatelimitInfo, Ratelimiter};
use tokio::net::TcpListener;
use xiangqi_bot::bot::{Bot, BotArgs};
use xiangqi_bot::transport::discord::{build_client_with, DiscordArgs};

/// How long the front's 429s tell the client to wait (the body's
/// `retry_after`; the `Retry-After` header rounds it up to whole seconds).
const RETRY_AFTER: Duration = Duration::from_millis(300);

/// The longest any one expected event may take.
const WAIT: Duration = Duration::from_secs(8);

/// The longest a whole test may take.
const TEST_BOUND: Duration = Duration::from_secs(10);

/// Runs `test`, failing it if it takes longer than [`TEST_BOUND`].
async fn bounded<T>(test: impl Future<Output = T>) -> T {
    tokio::time::timeout(TEST_BOUND, test)
        .await
        .unwrap_or_else(|_| panic!("the test did not finish within {TEST_BOUND:?}"))
}

/// serenity's warnings, shown for a failing test (or with `--nocapture`).
/// The limiter logs each 429 it waits out at debug level ("Ratelimited on
/// route … for 1.0s", with the whole request in its span): to see it, run
/// with `RUST_LOG=serenity::http::ratelimiting=debug`.
fn show_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
}

/// serenity's `Http` with its limiter on and no `proxy`, sending through the
/// front to a plain server: the front answers the message post with a 429
/// first; the limiter waits the `Retry-After` out and sends it again, and the
/// message arrives once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limiter_waits_out_a_429_and_the_message_arrives_once() {
    show_logs();
    bounded(async {
        let server = ChannelServer::start().await;
        let front = TlsFront::start(&server.base).await;
        let client = front.client();
        // The limiter serenity would make itself, with a callback that notes
        // each rate limit it reports.
        let reported = Arc::new(Mutex::new(Vec::<RatelimitInfo>::new()));
        let mut limiter = Ratelimiter::new(client.clone(), "Bot limiter-test-token");
        let sink = reported.clone();
        limiter.set_ratelimit_callback(Box::new(move |info| sink.lock().unwrap().push(info)));
        let http = HttpBuilder::new("limiter-test-token")
            .client(client)
            .ratelimiter(limiter)
            .build();
        assert!(http.ratelimiter.is_some(), "the limiter is on");
        assert!(http.proxy.is_none(), "no URL rewriting: serenity aims at discord.com");

        let channel = 424_242_424_242_424_242;
        front.rate_limit_next(1, RETRY_AFTER);
        let started = Instant::now();
        let sent = tokio::time::timeout(
            WAIT,
            ChannelId::new(channel).say(&http, "through the limiter"),
        )
        .await
        .expect("the post returns in time")
        .expect("the post succeeds after the 429");
        let took = started.elapsed();
        assert_eq!(sent.content, "through the limiter");

        // The front: a 429, then the same request again, forwarded.
        let calls = front.calls();
        let path = format!("/api/v10/channels/{channel}/messages");
        assert_eq!(
            calls.len(),
            2,
            "one 429 and one retry:\n{}",
            front.describe_calls(0)
        );
        let (limited, retried) = (&calls[0], &calls[1]);
        assert!(limited.rate_limited && limited.status == StatusCode::TOO_MANY_REQUESTS);
        assert_eq!((&limited.method, limited.path.as_str()), (&Method::POST, path.as_str()));
        assert!(!retried.rate_limited && retried.status == StatusCode::OK);
        assert_eq!((&retried.method, retried.path.as_str()), (&Method::POST, path.as_str()));
        assert!(front
            .tunnels()
            .iter()
            .all(|t| *t == format!("{DISCORD_HOST}:443")));

        // It waited at least what it was told: the header's whole seconds,
        // which are at least the body's `retry_after`.
        let header = Duration::from_secs(retry_after_header(RETRY_AFTER));
        let waited = retried.at - limited.at;
        assert!(
            waited >= header && waited >= RETRY_AFTER,
            "the retry came {waited:?} after the 429 (Retry-After: {header:?})"
        );

        // The server got the message once.
        let posts = server.posts();
        assert_eq!(posts.len(), 1, "the server got {posts:?}");
        assert_eq!(posts[0].0, path);
        assert_eq!(posts[0].1["content"], "through the limiter");

        // The limiter reported the one rate limit, for the route and time
        // the 429 gave.
        let reported = reported.lock().unwrap();
        assert_eq!(reported.len(), 1, "reported {reported:?}");
        assert_eq!(reported[0].timeout, header);
        assert!(!reported[0].global);
        assert_eq!(reported[0].method, serenity::http::LightMethod::Post);
        eprintln!(
            "429 then retry: waited {waited:?} (Retry-After {header:?}, retry_after {RETRY_AFTER:?}); \
             say() took {took:?}; limiter reported {:?}",
            *reported
        );
    })
    .await;
}

/// The whole bot, built by `build_client_with` with the limiter on and its
/// REST through the front to the stand-in (the gateway URL comes from the
/// stand-in by that same path): a 429 on the first message post after
/// `!xq play` is waited out, and the game's first board arrives, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_replies_despite_a_429_with_the_limiter_on() {
    show_logs();
    bounded(async {
        let stand_in = StandIn::start().await;
        let front = TlsFront::start(stand_in.rest_base()).await;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("games.db");
        let args = DiscordArgs {
            bot: BotArgs {
                database_url: format!("sqlite://{}", db.display()),
                engine_threads: Some(1),
                idle_hours: 72.0,
                challenge_minutes: 10.0,
                engine_lease_secs: 30.0,
                announce_grace_secs: 60.0,
                shutdown_grace_secs: 5.0,
                hints: true,
                lang: Default::default(),
                board_dir: db.with_extension("boards"),
                pieces: Default::default(),
                theme: Default::default(),
                // A tiny review budget: reviews in tests take milliseconds.
                review_nodes: 500,
                review_progress_secs: 5.0,
                // The limits users get.
                user_rate: "60/15".into(),
                user_heavy_rate: "4/3".into(),
                metrics_addr: None,
            },
            token: "stand-in-token".into(),
            guild: None,
            shards: None,
            message_content: true,
            // No proxy: the limiter stays on, as in production.
            api_proxy: None,
            answer_within_ms: 1500,
            rest_timeout_secs: 15.0,
        };
        let bot = Arc::new(
            Bot::connect(&args.bot)
                .await
                .expect("the bot opens its store"),
        );
        let http = HttpBuilder::new(&args.token).client(front.client());
        let mut client = build_client_with(bot, &args, http)
            .await
            .expect("the client builds");
        assert!(client.http.ratelimiter.is_some(), "the limiter is on");
        assert!(client.http.proxy.is_none());
        let shards = client.shard_manager.clone();
        let running = tokio::spawn(async move { client.start().await });

        // Started: identified, and its slash command registered (READY ran).
        stand_in.wait_identified(1, WAIT).await;
        stand_in
            .wait_for("slash command registration", 0, WAIT, |c| {
                c.method == "PUT" && c.path.ends_with("/commands")
            })
            .await;
        // Its REST went by the limiter to discord.com, through the front.
        front
            .wait_for("GET /gateway through the front", 0, WAIT, |c| {
                c.method == Method::GET && c.path.starts_with("/api/v10/gateway")
            })
            .await;

        let alice = TestUser::new(101, "alice");
        let channel = stand_in.new_id();
        let from = stand_in.call_count();
        let front_from = front.request_count();
        front.rate_limit_next_where(1, RETRY_AFTER, |method, path| {
            method == Method::POST && path.ends_with("/messages")
        });
        stand_in.send_message(&alice, channel, "!xq play").await;
        let board = stand_in
            .wait_for("the game's first board", from, WAIT, |c| {
                c.shows_message() && c.content().contains("Game #") && !c.pngs().is_empty()
            })
            .await;

        // The 429 was served to a message post, which was sent again after
        // the wait and then forwarded.
        let limited = front
            .calls()
            .into_iter()
            .skip(front_from)
            .find(|c| c.rate_limited)
            .expect("the front served its 429");
        let retried = front
            .wait_for(
                "the retry of the rate-limited post",
                limited.index + 1,
                WAIT,
                |c| c.method == limited.method && c.path == limited.path && !c.rate_limited,
            )
            .await;
        assert!(
            retried.status.is_success(),
            "the retry got {}",
            retried.status
        );
        let header = Duration::from_secs(retry_after_header(RETRY_AFTER));
        let waited = retried.at - limited.at;
        assert!(
            waited >= header && waited >= RETRY_AFTER,
            "the retry came {waited:?} after the 429 (Retry-After: {header:?})"
        );
        assert_eq!(front.rate_limited_count(), 1);
        assert!(front
            .tunnels()
            .iter()
            .all(|t| *t == format!("{DISCORD_HOST}:443")));

        // The stand-in got the rate-limited post once: the 429 never reached
        // it, and the retry is not doubled.
        let path = limited
            .path
            .strip_prefix("/api/v10/")
            .expect("an API path")
            .to_string();
        let calls = stand_in.calls();
        let first = calls
            .iter()
            .skip(from)
            .find(|c| c.method == "POST" && c.path == path)
            .expect("the rate-limited post reached the stand-in");
        let copies = calls
            .iter()
            .skip(from)
            .filter(|c| c.method == "POST" && c.path == path && c.json == first.json)
            .count();
        assert_eq!(copies, 1, "{}", stand_in.describe_calls(from));
        let boards = calls
            .iter()
            .skip(from)
            .filter(|c| c.shows_message() && c.content() == board.content())
            .count();
        assert_eq!(boards, 1, "{}", stand_in.describe_calls(from));
        eprintln!(
            "bot: 429 on {} {}, retried {waited:?} later; first board: {:?}",
            limited.method,
            limited.path,
            board.content()
        );

        let _ = tokio::time::timeout(WAIT, shards.shutdown_all()).await;
        running.abort();
    })
    .await;
}

// ------------------------------------------------------- a channel server

/// A plain HTTP server that takes message posts as Discord would, and
/// records them: (path, JSON body).
struct ChannelServer {
    base: String,
    posts: Arc<Mutex<Vec<(String, Value)>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for ChannelServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ChannelServer {
    async fn start() -> ChannelServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().unwrap());
        let posts = Arc::new(Mutex::new(Vec::new()));
        let recorded = posts.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let recorded = recorded.clone();
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |request| {
                        let recorded = recorded.clone();
                        async move { Ok::<_, Infallible>(take_post(&recorded, request).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        ChannelServer { base, posts, task }
    }

    fn posts(&self) -> Vec<(String, Value)> {
        self.posts.lock().unwrap().clone()
    }
}

async fn take_post(
    recorded: &Mutex<Vec<(String, Value)>>,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let body = request
        .into_body()
        .collect()
        .await
        .map(|c| c.to_bytes())
        .unwrap_or_default();
    let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let (status, answer) = match (method, segments.as_slice()) {
        (Method::POST, ["api", "v10", "channels", channel, "messages"]) => {
            let message = json!({
                "id": "777000000000000001",
                "channel_id": channel,
                "author": {
                    "id": "900000000000000002", "username": "xiangqi-bot",
                    "discriminator": "0", "global_name": null, "avatar": null, "bot": true,
                },
                "content": json.get("content").cloned().unwrap_or(json!("")),
                "timestamp": "2024-01-01T00:00:00.000000+00:00",
                "edited_timestamp": null,
                "tts": false,
                "mention_everyone": false,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "pinned": false,
                "type": 0,
            });
            recorded.lock().unwrap().push((path, json));
            (StatusCode::OK, message)
        }
        _ => (
            StatusCode::NOT_FOUND,
            json!({"message": "404: Not Found", "code": 0}),
        ),
    };
    let mut response = Response::new(Full::new(Bytes::from(answer.to_string())));
    *response.status_mut() = status;
    response.headers_mut().insert(
        "content-type",
        hyper::header::HeaderValue::from_static("application/json"),
    );
    response
}
