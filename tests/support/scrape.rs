//! Reading a bot process's operator endpoint (`--metrics-addr`) as a
//! Prometheus server or a load balancer's health check would: a plain
//! HTTP/1.1 GET, and the value of one metric line.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A loopback address with a port free a moment ago, for a process to bind.
pub fn free_addr() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address")
}

/// `GET path` on `addr`: the status and the body; `None` when nothing
/// answers within 5 s (not started yet, or gone).
pub async fn get(addr: SocketAddr, path: &str) -> Option<(u16, String)> {
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok()?;
        let answer = String::from_utf8(answer).ok()?;
        let (head, body) = answer.split_once("\r\n\r\n")?;
        let status = head.split_whitespace().nth(1)?.parse().ok()?;
        Some((status, body.to_owned()))
    };
    tokio::time::timeout(Duration::from_secs(5), exchange)
        .await
        .ok()
        .flatten()
}

/// `GET path`, asked again every 100 ms until `addr` answers with `status`
/// or `within` passes; the last answer.
pub async fn get_until(
    addr: SocketAddr,
    path: &str,
    status: u16,
    within: Duration,
) -> Option<(u16, String)> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let answer = get(addr, path).await;
        if answer.as_ref().is_some_and(|(got, _)| *got == status)
            || tokio::time::Instant::now() >= deadline
        {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value of the sample `series` (a name and its labels as the text
/// format writes them: `xiangqi_bot_moves_total`,
/// `xiangqi_move_seconds_count{phase="post"}`) in scraped `text`.
pub fn value(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(series)?.strip_prefix(' ')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// The sum over every sample of `name` whose labels include each of
/// `labels` (`command="games"`), in scraped `text`.
pub fn sum(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix(name)?;
            let (labelled, value) = match rest.strip_prefix('{') {
                Some(rest) => rest.split_once("} ")?,
                None => ("", rest.strip_prefix(' ')?),
            };
            let has = |wanted: &&str| labelled.split(',').any(|label| label == *wanted);
            labels
                .iter()
                .all(has)
                .then(|| value.split_whitespace().next()?.parse::<f64>().ok())?
        })
        .sum()
}
