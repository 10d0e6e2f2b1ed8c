//! The Discord adapter's metrics, in the bot's registry: REST calls by
//! route and outcome (429s counted apart too), the gateway's reconnects and
//! resumes, and which shards are connected now, which `/readyz` reads.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::metrics::{Counter, EncodeLabelSet, Family, Gauge, Metrics};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RestLabels {
    route: &'static str,
    status: &'static str,
}

/// The adapter's counters, and the shards' state.
pub struct DiscordMetrics {
    rest_calls: Family<RestLabels, Counter>,
    rate_limited: Counter,
    reconnects: Counter,
    resumes: Counter,
    shards_connected: Gauge,
    /// Shards that reached READY at least once: a later READY is a
    /// reconnect with a fresh IDENTIFY.
    identified: Mutex<BTreeSet<u32>>,
    /// The shards this process runs; 0 until known (the range given, or
    /// the shard count of the first READY when Discord chose it).
    expected: AtomicUsize,
}

impl DiscordMetrics {
    /// The adapter's metrics, registered in `registry`.
    pub fn new(registry: &Metrics) -> DiscordMetrics {
        DiscordMetrics {
            rest_calls: registry.register(
                "discord_rest_calls",
                "REST calls to Discord, each attempt, by route and status (2xx, the HTTP \
                 status of a refusal, or timeout, connect, connection_lost, other).",
                Family::default(),
            ),
            rate_limited: registry.register(
                "discord_rate_limited",
                "REST calls Discord answered with 429.",
                Counter::default(),
            ),
            reconnects: registry.register(
                "gateway_reconnects",
                "Gateway sessions replaced after the first: each RESUMED, and each READY \
                 after a shard's first.",
                Counter::default(),
            ),
            resumes: registry.register(
                "gateway_resumes",
                "Gateway sessions resumed (RESUMED).",
                Counter::default(),
            ),
            shards_connected: registry.register(
                "gateway_shards_connected",
                "Gateway shards of this process connected now.",
                Gauge::default(),
            ),
            identified: Mutex::default(),
            expected: AtomicUsize::new(0),
        }
    }

    /// Counts one attempt of a REST call.
    pub fn rest_call(&self, route: &'static str, outcome: &serenity::Result<impl Sized>) {
        let status = match outcome {
            Ok(_) => "2xx",
            Err(err) => status_label(err),
        };
        if status == "429" {
            self.rate_limited.inc();
        }
        self.rest_calls
            .get_or_create(&RestLabels { route, status })
            .inc();
    }

    /// The process runs `count` shards.
    pub fn expect_shards(&self, count: usize) {
        self.expected.store(count, Ordering::Relaxed);
    }

    /// `shard` (of `total`) got READY: connected on a fresh session.
    pub fn ready(&self, shard: u32, total: u32) {
        // Without a range given, Discord's recommendation is every shard.
        let _ =
            self.expected
                .compare_exchange(0, total as usize, Ordering::Relaxed, Ordering::Relaxed);
        let mut identified = self.identified.lock().unwrap_or_else(|e| e.into_inner());
        if !identified.insert(shard) {
            self.reconnects.inc();
        }
    }

    /// A shard got RESUMED: connected again on its session.
    pub fn resumed(&self) {
        self.reconnects.inc();
        self.resumes.inc();
    }

    /// Records how many of the process's shards are connected now (as
    /// serenity's shard manager has their stages) and returns whether that
    /// is every one. Read, not counted from events: serenity reports no
    /// stage change when Discord closes a session with 4010 or 4011, and
    /// only a change seen while reading the next event otherwise.
    pub fn shards_connected(&self, connected: usize) -> bool {
        self.shards_connected.set(connected as i64);
        let expected = self.expected.load(Ordering::Relaxed);
        expected > 0 && connected >= expected
    }
}

/// A failed call's `status` label: Discord's HTTP status, or how the
/// connection failed.
fn status_label(err: &serenity::Error) -> &'static str {
    use serenity::http::HttpError;
    match err {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            http_status_label(response.status_code.as_u16())
        }
        serenity::Error::Http(HttpError::Request(err)) if err.is_timeout() => "timeout",
        serenity::Error::Http(HttpError::Request(err)) if err.is_connect() => "connect",
        serenity::Error::Http(HttpError::Request(_)) => "connection_lost",
        _ => "other",
    }
}

/// The label of an HTTP status: the statuses Discord documents by number,
/// the rest by class, so that the label set stays small whatever comes.
fn http_status_label(status: u16) -> &'static str {
    const DOCUMENTED: [(u16, &str); 10] = [
        (400, "400"),
        (401, "401"),
        (403, "403"),
        (404, "404"),
        (405, "405"),
        (429, "429"),
        (500, "500"),
        (502, "502"),
        (503, "503"),
        (504, "504"),
    ];
    if let Some((_, label)) = DOCUMENTED.iter().find(|(code, _)| *code == status) {
        return label;
    }
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_ready_only_when_all_are_connected() {
        let registry = Metrics::default();
        let metrics = DiscordMetrics::new(&registry);
        assert!(!metrics.shards_connected(0), "nothing is known yet");
        assert!(!metrics.shards_connected(1), "how many is not known yet");
        metrics.expect_shards(2);
        metrics.ready(0, 4);
        assert!(!metrics.shards_connected(1));
        metrics.ready(1, 4);
        assert!(metrics.shards_connected(2));
        metrics.resumed();
        metrics.ready(0, 4);
        assert!(!metrics.shards_connected(1));
        let text = registry.encode();
        for line in [
            "xiangqi_gateway_reconnects_total 2",
            "xiangqi_gateway_resumes_total 1",
            "xiangqi_gateway_shards_connected 1",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line} in\n{text}");
        }
    }

    #[test]
    fn without_a_range_the_first_ready_says_how_many_shards() {
        let metrics = DiscordMetrics::new(&Metrics::default());
        metrics.ready(0, 1);
        assert!(metrics.shards_connected(1));
    }

    #[test]
    fn statuses_keep_a_small_label_set() {
        assert_eq!(http_status_label(502), "502");
        assert_eq!(http_status_label(418), "4xx");
        assert_eq!(http_status_label(599), "5xx");
        assert_eq!(http_status_label(204), "2xx");
    }
}
