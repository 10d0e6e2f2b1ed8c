//! The process's metrics for operators: one registry that each layer adds
//! its own counters and histograms to when it is built (the bot core its
//! commands, moves and engine; a transport its calls and connections), read
//! out in the Prometheus text format (OpenMetrics) when scraped
//! (`transport::ops` serves it).
//!
//! Recording is an atomic add on a metric the recorder holds: no lock on
//! the move path. The registry's lock is taken only to register (at start)
//! and to encode (a scrape). Built on `prometheus-client`, the Prometheus
//! project's own Rust client: it adds two small crates to the build and
//! keeps labelled families in a map behind a read lock (`docs/deploy.md`,
//! "Metrics", has its cost on a bot move).

use std::sync::Mutex;

use prometheus_client::collector::Collector;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Metric, Registry};

pub use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
pub use prometheus_client::metrics::counter::{ConstCounter, Counter};
pub use prometheus_client::metrics::family::Family;
pub use prometheus_client::metrics::gauge::{ConstGauge, Gauge};

/// The content type of [`Metrics::encode`]'s text, as Prometheus asks for it.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Every metric name begins with this (`xiangqi_commands_total`, ...).
const PREFIX: &str = "xiangqi";

/// The process's registry of metrics.
pub struct Metrics {
    registry: Mutex<Registry>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            registry: Mutex::new(Registry::with_prefix(PREFIX)),
        }
    }
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

impl Metrics {
    /// Adds `metric` under `name` (after the prefix; a counter's `_total`
    /// is added by the encoder) and returns it, for the caller to keep and
    /// record into.
    pub fn register<M: Metric + Clone>(&self, name: &str, help: &str, metric: M) -> M {
        self.lock().register(name, help, metric.clone());
        metric
    }

    /// Adds a collector: metrics read from elsewhere (the store's counters,
    /// the engine's slots) at each scrape.
    pub fn register_collector(&self, collector: Box<dyn Collector>) {
        self.lock().register_collector(collector);
    }

    /// Every metric, in the OpenMetrics text format ([`CONTENT_TYPE`]).
    pub fn encode(&self) -> String {
        let mut text = String::new();
        // Writing into a String cannot fail; an encoder error would be a
        // metric name the registry itself refused, which none of ours is.
        if let Err(err) = prometheus_client::encoding::text::encode(&mut text, &self.lock()) {
            tracing::error!(error = %err, "could not encode the metrics");
        }
        text
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Registry> {
        self.registry
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A histogram of durations in seconds, from half a millisecond to about
/// 16 s, each bucket twice the one before: a bot move beyond its search is
/// milliseconds, a search up to seconds.
pub fn seconds_histogram() -> Histogram {
    Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(
        0.0005, 2.0, 16,
    ))
}

/// A [`Family`] of [`seconds_histogram`]s.
pub type SecondsHistograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// An empty [`SecondsHistograms`].
pub fn seconds_histograms<L: Clone + std::hash::Hash + Eq>() -> SecondsHistograms<L> {
    Family::new_with_constructor(seconds_histogram as fn() -> Histogram)
}

pub use prometheus_client::metrics::histogram::Histogram as SecondsHistogram;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
    struct Labels {
        phase: &'static str,
    }

    #[test]
    fn registered_metrics_are_encoded_with_the_prefix() {
        let metrics = Metrics::default();
        let moves = metrics.register("bot_moves", "Bot moves made.", Counter::<u64>::default());
        let phases = metrics.register(
            "bot_move_seconds",
            "Time by phase.",
            seconds_histograms::<Labels>(),
        );
        moves.inc();
        moves.inc();
        phases
            .get_or_create(&Labels { phase: "post" })
            .observe(0.003);
        let text = metrics.encode();
        assert!(text.contains("xiangqi_bot_moves_total 2"), "{text}");
        assert!(
            text.contains("xiangqi_bot_move_seconds_bucket{le=\"0.004\",phase=\"post\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("xiangqi_bot_move_seconds_bucket{le=\"0.002\",phase=\"post\"} 0"),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
