//! A stand-in for Discord's HTTPS edge, so that serenity's own rate limiter can
//! run in a test.
//!
//! serenity's `HttpBuilder::proxy` only rewrites the URLs of requests sent
//! with the limiter off; the limiter builds its requests for
//! `https://discord.com` itself. What it does use is the reqwest client that
//! serenity is given (`HttpBuilder::client`). [`TlsFront::client`] is such a
//! client: its HTTPS proxy is this front on loopback, and it trusts one root,
//! a certificate authority made for this front alone (rcgen), instead of the
//! built-in ones. reqwest sends `CONNECT discord.com:443`; the front answers
//! `200`, terminates TLS with a certificate for `discord.com` signed by that
//! authority, and forwards the decrypted HTTP/1.1 requests to a plain-HTTP
//! upstream (the stand-in's REST listener, or a test's own server). Nothing can
//! reach the real Discord: every HTTPS request goes to the proxy, and no real
//! certificate would be trusted.
//!
//! The front can answer a request itself with Discord's 429 (see
//! [`TlsFront::rate_limit_next`]), and records every request it saw.

#![allow(dead_code)] // helpers kept for tests that may use them; not every one does

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, CONNECTION, CONTENT_LENGTH, HOST, TRANSFER_ENCODING};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// The host serenity sends its REST calls to.
pub const DISCORD_HOST: &str = "discord.com";

/// One request the front received inside a tunnel.
#[derive(Clone, Debug)]
pub struct FrontCall {
    pub index: usize,
    /// When the request's head arrived.
    pub at: Instant,
    pub method: Method,
    /// The path and query, as sent to `https://discord.com`.
    pub path: String,
    /// The status the client got: the upstream's, or 429 from the front.
    pub status: StatusCode,
    /// Answered by the front with a 429, not forwarded.
    pub rate_limited: bool,
}

/// Which requests a pending 429 is for: by method and path.
type RequestMatcher = Arc<dyn Fn(&Method, &str) -> bool + Send + Sync>;

/// A 429 waiting for the next request that `matches`.
struct PendingLimit {
    retry_after: Duration,
    matches: RequestMatcher,
}

struct FrontState {
    upstream: String,
    forward: reqwest::Client,
    pending: Mutex<VecDeque<PendingLimit>>,
    calls: Mutex<Vec<FrontCall>>,
    call_count: watch::Sender<usize>,
    /// The `CONNECT` targets asked for, in order.
    tunnels: Mutex<Vec<String>>,
}

/// The running front. Dropping it stops its listener.
pub struct TlsFront {
    state: Arc<FrontState>,
    addr: SocketAddr,
    ca: CertificateDer<'static>,
    task: JoinHandle<()>,
}

impl Drop for TlsFront {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TlsFront {
    /// A front for `discord.com` on `127.0.0.1:0`, forwarding to `upstream`
    /// (a base URL such as `http://127.0.0.1:1234`).
    pub async fn start(upstream: &str) -> TlsFront {
        let (ca, chain, key) = certificates();
        let mut config =
            ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .expect("TLS versions")
                .with_no_client_auth()
                .with_single_cert(chain, key)
                .expect("the front's certificate");
        // Discord's edge speaks HTTP/2 too; serenity's reqwest is built
        // without it, and the front's hyper server speaks HTTP/1.1 only.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        let acceptor = TlsAcceptor::from(Arc::new(config));

        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind front");
        let addr = listener.local_addr().expect("front address");
        let state = Arc::new(FrontState {
            upstream: upstream.trim_end_matches('/').to_string(),
            forward: reqwest::Client::builder()
                .no_proxy()
                .build()
                .expect("the forwarding client"),
            pending: Mutex::new(VecDeque::new()),
            calls: Mutex::new(Vec::new()),
            call_count: watch::channel(0).0,
            tunnels: Mutex::new(Vec::new()),
        });
        let task = tokio::spawn(serve(listener, acceptor, state.clone()));
        TlsFront {
            state,
            addr,
            ca,
            task,
        }
    }

    /// The proxy URL (`http://127.0.0.1:PORT`), for a client of one's own.
    pub fn proxy_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The front's certificate authority, DER-encoded.
    pub fn ca_der(&self) -> &[u8] {
        &self.ca
    }

    /// A reqwest client for serenity (`HttpBuilder::client`): rustls as
    /// serenity configures its own, every HTTPS request tunnelled through the
    /// front, and the front's authority as the only trusted root.
    pub fn client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .use_rustls_tls()
            .proxy(reqwest::Proxy::https(self.proxy_url()).expect("the proxy URL"))
            .tls_built_in_root_certs(false)
            .add_root_certificate(
                reqwest::Certificate::from_der(self.ca_der()).expect("the front's CA"),
            )
            .build()
            .expect("a reqwest client through the front")
    }

    /// Answers the next `count` requests with Discord's 429 for a per-route
    /// ("user" scope) limit, `retry_after` long, instead of forwarding them.
    pub fn rate_limit_next(&self, count: usize, retry_after: Duration) {
        self.rate_limit_next_where(count, retry_after, |_, _| true);
    }

    /// Like [`rate_limit_next`](Self::rate_limit_next), for the next `count`
    /// requests whose method and path (as sent to Discord, with `/api/v10`)
    /// satisfy `matches`; others pass.
    pub fn rate_limit_next_where(
        &self,
        count: usize,
        retry_after: Duration,
        matches: impl Fn(&Method, &str) -> bool + Send + Sync + 'static,
    ) {
        let matches: RequestMatcher = Arc::new(matches);
        let mut pending = self.state.pending.lock().unwrap();
        for _ in 0..count {
            pending.push_back(PendingLimit {
                retry_after,
                matches: matches.clone(),
            });
        }
    }

    /// Every request received so far, in order of arrival.
    pub fn calls(&self) -> Vec<FrontCall> {
        self.state.calls.lock().unwrap().clone()
    }

    pub fn request_count(&self) -> usize {
        self.state.calls.lock().unwrap().len()
    }

    /// How many requests the front answered with a 429.
    pub fn rate_limited_count(&self) -> usize {
        self.state
            .calls
            .lock()
            .unwrap()
            .iter()
            .filter(|c| c.rate_limited)
            .count()
    }

    /// The `CONNECT` targets the client asked for (`host:port`).
    pub fn tunnels(&self) -> Vec<String> {
        self.state.tunnels.lock().unwrap().clone()
    }

    /// The first call at or after `from` that satisfies `matches`, waiting up
    /// to `timeout`; panics naming `what` with the calls that did arrive.
    pub async fn wait_for(
        &self,
        what: &str,
        from: usize,
        timeout: Duration,
        matches: impl Fn(&FrontCall) -> bool,
    ) -> FrontCall {
        let mut rx = self.state.call_count.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(call) = self.calls().into_iter().skip(from).find(|c| matches(c)) {
                return call;
            }
            rx.borrow_and_update();
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                panic!(
                    "timed out after {timeout:?} waiting for {what}; calls through the front:\n{}",
                    self.describe_calls(from)
                );
            }
        }
    }

    /// A readable list of the calls since `from`, for failure messages.
    pub fn describe_calls(&self, from: usize) -> String {
        self.calls()
            .iter()
            .skip(from)
            .map(|c| format!("  #{} {} {} -> {}", c.index, c.method, c.path, c.status))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Discord's `Retry-After` header: whole seconds, rounded up (its documented
/// example pairs `Retry-After: 65` with `"retry_after": 64.57`). serenity's
/// limiter reads this header, not the body's float.
pub fn retry_after_header(retry_after: Duration) -> u64 {
    retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0)
}

/// A certificate authority made for this run, and a `discord.com` server
/// certificate it signed (with its key): (CA, chain, key).
fn certificates() -> (
    CertificateDer<'static>,
    Vec<CertificateDer<'static>>,
    PrivateKeyDer<'static>,
) {
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA params");
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "xiangqi-bot test front CA");
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyCertSign,
        rcgen::KeyUsagePurpose::CrlSign,
        rcgen::KeyUsagePurpose::DigitalSignature,
    ];
    let ca = rcgen::CertifiedIssuer::self_signed(
        ca_params,
        rcgen::KeyPair::generate().expect("a CA key"),
    )
    .expect("the CA certificate");

    let mut leaf_params =
        rcgen::CertificateParams::new(vec![DISCORD_HOST.to_string()]).expect("leaf params");
    leaf_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, DISCORD_HOST);
    leaf_params
        .extended_key_usages
        .push(rcgen::ExtendedKeyUsagePurpose::ServerAuth);
    let leaf_key = rcgen::KeyPair::generate().expect("a server key");
    let leaf = leaf_params
        .signed_by(&leaf_key, &*ca)
        .expect("the discord.com certificate");

    let ca_der = ca.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der()));
    (ca_der.clone(), vec![leaf.der().clone(), ca_der], key)
}

async fn serve(listener: TcpListener, acceptor: TlsAcceptor, state: Arc<FrontState>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let acceptor = acceptor.clone();
        let state = state.clone();
        tokio::spawn(async move {
            let _ = tunnel(stream, acceptor, state).await;
        });
    }
}

/// One proxy connection: `CONNECT`, then TLS, then HTTP/1.1 requests.
async fn tunnel(
    mut stream: TcpStream,
    acceptor: TlsAcceptor,
    state: Arc<FrontState>,
) -> std::io::Result<()> {
    // The client sends the CONNECT head and waits for the answer, so reading
    // up to the blank line takes nothing of the TLS handshake.
    let head = read_head(&mut stream).await?;
    let mut lines = head.lines();
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split_whitespace();
    let (Some("CONNECT"), Some(target)) = (parts.next(), parts.next()) else {
        stream
            .write_all(b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n")
            .await?;
        return Ok(());
    };
    state.tunnels.lock().unwrap().push(target.to_string());
    if target != format!("{DISCORD_HOST}:443") {
        stream
            .write_all(b"HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n")
            .await?;
        return Ok(());
    }
    stream
        .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
        .await?;
    let tls = acceptor.accept(stream).await?;
    let service = hyper::service::service_fn(move |request| {
        let state = state.clone();
        async move { Ok::<_, Infallible>(answer(&state, request).await) }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(tls), service)
        .await;
    Ok(())
}

async fn read_head(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 8192 || stream.read(&mut byte).await? == 0 {
            return Err(std::io::ErrorKind::InvalidData.into());
        }
        head.push(byte[0]);
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}

async fn answer(state: &FrontState, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let at = Instant::now();
    let method = request.method().clone();
    let path = request
        .uri()
        .path_and_query()
        .map_or_else(|| "/".to_string(), |p| p.as_str().to_string());
    let limit = {
        let mut pending = state.pending.lock().unwrap();
        let found = pending.iter().position(|p| (p.matches)(&method, &path));
        found.and_then(|i| pending.remove(i))
    };
    let (response, rate_limited) = match limit {
        Some(limit) => (too_many_requests(limit.retry_after), true),
        None => (forward(state, request).await, false),
    };
    let mut calls = state.calls.lock().unwrap();
    let index = calls.len();
    calls.push(FrontCall {
        index,
        at,
        method,
        path,
        status: response.status(),
        rate_limited,
    });
    state.call_count.send_replace(index + 1);
    response
}

/// Discord's answer to a request over a per-route limit, as its rate-limit
/// documentation shows it (the "exceeded user rate limit" example).
fn too_many_requests(retry_after: Duration) -> Response<Full<Bytes>> {
    let seconds = retry_after.as_secs_f64();
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        + seconds;
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": seconds,
        "global": false,
    });
    Response::builder()
        .status(StatusCode::TOO_MANY_REQUESTS)
        .header("content-type", "application/json")
        .header("retry-after", retry_after_header(retry_after).to_string())
        .header("x-ratelimit-limit", "5")
        .header("x-ratelimit-remaining", "0")
        .header("x-ratelimit-reset", format!("{reset:.3}"))
        .header("x-ratelimit-reset-after", format!("{seconds:.3}"))
        .header("x-ratelimit-bucket", "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0")
        .header("x-ratelimit-scope", "user")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("a 429 response")
}

/// Sends `request` on to the upstream over plain HTTP and relays its answer.
async fn forward(state: &FrontState, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let url = format!(
        "{}{}",
        state.upstream,
        request.uri().path_and_query().map_or("/", |p| p.as_str())
    );
    let (parts, body) = request.into_parts();
    let body = match body.collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return bad_gateway("the request body did not arrive"),
    };
    let mut headers = parts.headers;
    for hop in [HOST, CONNECTION, CONTENT_LENGTH, TRANSFER_ENCODING] {
        headers.remove(hop);
    }
    let sent = state
        .forward
        .request(parts.method, &url)
        .headers(headers)
        .body(body)
        .send()
        .await;
    let upstream = match sent {
        Ok(upstream) => upstream,
        Err(err) => return bad_gateway(&format!("upstream: {err}")),
    };
    let status = upstream.status();
    let mut headers = upstream.headers().clone();
    for hop in [CONNECTION, CONTENT_LENGTH, TRANSFER_ENCODING] {
        headers.remove(hop);
    }
    let bytes = match upstream.bytes().await {
        Ok(bytes) => bytes,
        Err(err) => return bad_gateway(&format!("upstream body: {err}")),
    };
    let mut response = Response::new(Full::new(bytes));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn bad_gateway(why: &str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(why.to_string())));
    *response.status_mut() = StatusCode::BAD_GATEWAY;
    response
        .headers_mut()
        .insert("content-type", HeaderValue::from_static("text/plain"));
    response
}
