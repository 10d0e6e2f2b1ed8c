//! The operators' HTTP endpoint, served only when `--metrics-addr` (or
//! `XIANGQI_METRICS_ADDR`) names an address:
//!
//! - `GET /metrics`: every metric, in the Prometheus text format;
//! - `GET /healthz`: 200 while the process answers at all;
//! - `GET /readyz`: 200 when the store answers a read, the transport is
//!   connected (every gateway shard of this process, on Discord) and the
//!   process is not stopping; 503 naming what is not, otherwise.
//!
//! A deliberately small HTTP/1.1 server on tokio: one request per
//! connection, a request head of at most 8 KiB read within 5 s, no body;
//! anything else is refused with the status HTTP has for it. It holds no
//! lock the bot's own work takes, beyond the metrics registry's while a
//! scrape is encoded.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::bot::BoxFuture;
use anyhow::Context as _;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::bot::Bot;

/// Whether the transport is connected (every shard, on Discord): asked at
/// each `/readyz`, and at each `/metrics` first, so that the transport's
/// gauges of its connections are read fresh.
pub type Connected = Box<dyn Fn() -> BoxFuture<'static, bool> + Send + Sync>;

/// The longest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// How long a connection may take to send its request head.
const READ_WITHIN: Duration = Duration::from_secs(5);
/// How long `/readyz` waits for the store before calling it not ready.
const STORE_WITHIN: Duration = Duration::from_secs(2);

/// Binds `addr` and serves the endpoints on it until the runtime ends;
/// returns the address bound (`addr` with port 0 gets a free port).
pub async fn serve(
    addr: SocketAddr,
    bot: Arc<Bot>,
    connected: Connected,
) -> anyhow::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding the metrics address {addr}"))?;
    let bound = listener.local_addr()?;
    tracing::info!(addr = %bound, "serving /metrics, /healthz and /readyz");
    let connected: Arc<dyn Fn() -> BoxFuture<'static, bool> + Send + Sync> = Arc::from(connected);
    tokio::spawn(async move {
        loop {
            let (stream, _) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors, say: wait for some to free.
                    tracing::warn!(error = %err, "the metrics endpoint could not accept");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let (bot, connected) = (bot.clone(), connected.clone());
            tokio::spawn(async move {
                if let Err(err) = answer(stream, &bot, connected.as_ref()).await {
                    tracing::debug!(error = %err, "a metrics request failed");
                }
            });
        }
    });
    Ok(bound)
}

/// What a request asks for.
#[derive(Debug, PartialEq, Eq)]
enum Asked {
    Metrics,
    Health,
    Ready,
    /// Any other path.
    NotFound,
    /// A method other than GET or HEAD.
    NotAllowed,
    /// Not an HTTP/1 request line.
    Bad,
}

/// Reads the request line of `head` (what came before the blank line).
fn parse_request(head: &[u8]) -> (Asked, bool) {
    let Ok(head) = std::str::from_utf8(head) else {
        return (Asked::Bad, false);
    };
    let line = head.lines().next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return (Asked::Bad, false);
    };
    if !version.starts_with("HTTP/1.") {
        return (Asked::Bad, false);
    }
    let head_only = method == "HEAD";
    if method != "GET" && !head_only {
        return (Asked::NotAllowed, false);
    }
    let path = target.split('?').next().unwrap_or_default();
    let asked = match path {
        "/metrics" => Asked::Metrics,
        "/healthz" => Asked::Health,
        "/readyz" => Asked::Ready,
        _ => Asked::NotFound,
    };
    (asked, head_only)
}

async fn answer(
    mut stream: TcpStream,
    bot: &Bot,
    connected: &(dyn Fn() -> BoxFuture<'static, bool> + Send + Sync),
) -> std::io::Result<()> {
    let head = match tokio::time::timeout(READ_WITHIN, read_head(&mut stream)).await {
        Ok(head) => head?,
        Err(_) => return respond(&mut stream, 408, "text/plain", "request timeout\n", false).await,
    };
    let Some(head) = head else {
        return respond(
            &mut stream,
            431,
            "text/plain",
            "request head too large\n",
            false,
        )
        .await;
    };
    let (asked, head_only) = parse_request(&head);
    match asked {
        Asked::Metrics => {
            connected().await;
            let text = bot.metrics_text().await;
            respond(
                &mut stream,
                200,
                crate::metrics::CONTENT_TYPE,
                &text,
                head_only,
            )
            .await
        }
        Asked::Health => respond(&mut stream, 200, "text/plain", "alive\n", head_only).await,
        Asked::Ready => {
            let mut not = Vec::new();
            if bot.is_stopping() {
                not.push("the process is stopping");
            }
            let store = tokio::time::timeout(STORE_WITHIN, bot.store_answers()).await;
            if !matches!(store, Ok(true)) {
                not.push("the store does not answer");
            }
            if !connected().await {
                not.push("the transport is not connected");
            }
            if not.is_empty() {
                respond(&mut stream, 200, "text/plain", "ready\n", head_only).await
            } else {
                let body = format!("not ready: {}\n", not.join("; "));
                respond(&mut stream, 503, "text/plain", &body, head_only).await
            }
        }
        Asked::NotFound => respond(&mut stream, 404, "text/plain", "not found\n", head_only).await,
        Asked::NotAllowed => {
            respond(&mut stream, 405, "text/plain", "only GET and HEAD\n", false).await
        }
        Asked::Bad => respond(&mut stream, 400, "text/plain", "bad request\n", false).await,
    }
}

/// The request head, up to its blank line; `None` when it is longer than
/// [`MAX_HEAD`]. A connection closed early gives what came.
async fn read_head(stream: &mut TcpStream) -> std::io::Result<Option<Vec<u8>>> {
    let mut head = Vec::with_capacity(512);
    let mut chunk = [0u8; 1024];
    loop {
        if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            head.truncate(end);
            return Ok(Some(head));
        }
        if head.len() > MAX_HEAD {
            return Ok(None);
        }
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Ok(Some(head));
        }
        head.extend_from_slice(&chunk[..read]);
    }
}

async fn respond(
    stream: &mut TcpStream,
    status: u16,
    content_type: &str,
    body: &str,
    head_only: bool,
) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        431 => "Request Header Fields Too Large",
        _ => "Service Unavailable",
    };
    let allow = if status == 405 {
        "Allow: GET, HEAD\r\n"
    } else {
        ""
    };
    let mut response = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n{allow}Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    if !head_only {
        response.extend_from_slice(body.as_bytes());
    }
    stream.write_all(&response).await?;
    stream.shutdown().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read_by_their_line() {
        let get = |line: &str| parse_request(format!("{line}\r\nHost: x").as_bytes());
        assert_eq!(get("GET /metrics HTTP/1.1"), (Asked::Metrics, false));
        assert_eq!(get("GET /healthz?probe=1 HTTP/1.0"), (Asked::Health, false));
        assert_eq!(get("HEAD /readyz HTTP/1.1"), (Asked::Ready, true));
        assert_eq!(get("GET / HTTP/1.1"), (Asked::NotFound, false));
        assert_eq!(get("POST /metrics HTTP/1.1"), (Asked::NotAllowed, false));
        assert_eq!(get("GET /metrics"), (Asked::Bad, false));
        assert_eq!(get("GET /metrics HTTP/2"), (Asked::Bad, false));
        assert_eq!(get("GET  /metrics HTTP/1.1"), (Asked::Bad, false));
        assert_eq!(parse_request(&[0xff, 0xfe]), (Asked::Bad, false));
        assert_eq!(parse_request(b""), (Asked::Bad, false));
    }
}
