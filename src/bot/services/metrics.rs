//! The bot core's metrics (`crate::metrics` holds the registry): commands
//! by name and result, the bot's moves and where a move's time went, and,
//! read at each scrape, the engine's slots and queue, the jobs this process
//! holds, the live games and the store's writer lanes.

use std::sync::{Arc, Mutex};

use crate::metrics::{
    seconds_histograms, ConstCounter, ConstGauge, Counter, DescriptorEncoder, EncodeLabelSet,
    EncodeMetric, Family, Metrics, SecondsHistograms,
};
use crate::store::LaneStats;

use super::timing::MoveTiming;

/// What became of a request, as a command's `result` label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandResult {
    /// Done as asked.
    Done,
    /// Refused with an explanation (a wrong move, a game not found): the
    /// user's to fix.
    Refused,
    /// Failed inside the bot (the store, a post): logged as an error.
    Failed,
    /// Over the user's rate limit: not run.
    Limited,
}

impl CommandResult {
    fn label(self) -> &'static str {
        match self {
            CommandResult::Done => "done",
            CommandResult::Refused => "refused",
            CommandResult::Failed => "failed",
            CommandResult::Limited => "limited",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabels {
    command: &'static str,
    result: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PhaseLabels {
    phase: &'static str,
}

/// What is read at a scrape rather than counted as it happens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Searches that may run at once (`--engine-threads`).
    pub engine_slots: u64,
    /// Slots searching now.
    pub engine_busy: u64,
    /// Searches waiting for a slot.
    pub engine_waiting: u64,
    /// Bot moves (engine jobs) this process holds.
    pub owned_jobs: u64,
    /// Live games in the store, every process's; `None` when the store
    /// did not answer.
    pub live_games: Option<u64>,
    /// Each writer lane's commits and failures, lane 0 first.
    pub lanes: Vec<LaneStats>,
}

/// The last [`Snapshot`], encoded at each scrape.
#[derive(Debug, Default)]
struct Scraped(Mutex<Snapshot>);

impl prometheus_client::collector::Collector for Scraped {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let snapshot = self.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let gauges = [
            (
                "engine_slots",
                "Searches that may run at once.",
                snapshot.engine_slots,
            ),
            (
                "engine_slots_busy",
                "Search slots in use.",
                snapshot.engine_busy,
            ),
            (
                "engine_queue_depth",
                "Searches waiting for a slot.",
                snapshot.engine_waiting,
            ),
            (
                "owned_jobs",
                "Bot moves this process holds the lease of.",
                snapshot.owned_jobs,
            ),
        ];
        for (name, help, value) in gauges {
            let gauge = ConstGauge::new(value as i64);
            gauge.encode(encoder.encode_descriptor(name, help, None, gauge.metric_type())?)?;
        }
        if let Some(live) = snapshot.live_games {
            let gauge = ConstGauge::new(live as i64);
            gauge.encode(encoder.encode_descriptor(
                "live_games",
                "Live games in the store, of every process.",
                None,
                gauge.metric_type(),
            )?)?;
        }
        for (name, help, value) in [
            (
                "store_commits",
                "Write batches the store committed, by writer lane.",
                (|lane: &LaneStats| lane.commits) as fn(&LaneStats) -> u64,
            ),
            (
                "store_errors",
                "Write batches the store lost to an error, by writer lane.",
                |lane: &LaneStats| lane.failures,
            ),
        ] {
            let mut family = encoder.encode_descriptor(
                name,
                help,
                None,
                prometheus_client::metrics::MetricType::Counter,
            )?;
            for (lane, stats) in snapshot.lanes.iter().enumerate() {
                let lane = [("lane", lane.to_string())];
                ConstCounter::new(value(stats)).encode(family.encode_family(&lane)?)?;
            }
        }
        Ok(())
    }
}

/// The core's metrics, and the registry the transports add theirs to.
/// Cloned, it records into the same metrics.
#[derive(Clone)]
pub struct CoreMetrics {
    registry: Arc<Metrics>,
    commands: Family<CommandLabels, Counter>,
    bot_moves: Counter,
    move_seconds: SecondsHistograms<PhaseLabels>,
    scraped: Arc<Scraped>,
}

impl Default for CoreMetrics {
    fn default() -> Self {
        CoreMetrics::new(Arc::new(Metrics::default()))
    }
}

impl CoreMetrics {
    /// The core's metrics, registered in `registry`.
    pub fn new(registry: Arc<Metrics>) -> CoreMetrics {
        let commands = registry.register(
            "commands",
            "Requests handled, by command and result.",
            Family::default(),
        );
        let bot_moves = registry.register("bot_moves", "Moves the bot made.", Counter::default());
        let move_seconds = registry.register(
            "move_seconds",
            "A player's move to the bot's answer posted, by phase: queue (waiting for an \
             engine slot), search, store, render, post, beyond_search (all but the search) \
             and total.",
            seconds_histograms(),
        );
        let scraped = Arc::new(Scraped::default());
        registry.register_collector(Box::new(scraped.clone()));
        CoreMetrics {
            registry,
            commands,
            bot_moves,
            move_seconds,
            scraped,
        }
    }

    /// The registry, for a transport's own metrics and for scraping.
    pub fn registry(&self) -> &Arc<Metrics> {
        &self.registry
    }

    /// Counts one request for `command`.
    pub fn command(&self, command: &'static str, result: CommandResult) {
        self.commands
            .get_or_create(&CommandLabels {
                command,
                result: result.label(),
            })
            .inc();
    }

    /// Counts a move the bot stored.
    pub fn bot_move(&self) {
        self.bot_moves.inc();
    }

    /// Records where a timed move's time went.
    pub fn move_timing(&self, timing: &MoveTiming) {
        let beyond = timing.total.saturating_sub(timing.search);
        for (phase, spent) in [
            ("queue", timing.engine_wait),
            ("search", timing.search),
            ("store", timing.store),
            ("render", timing.render),
            ("post", timing.post),
            ("beyond_search", beyond),
            ("total", timing.total),
        ] {
            self.move_seconds
                .get_or_create(&PhaseLabels { phase })
                .observe(spent.as_secs_f64());
        }
    }

    /// Sets what the next scrapes show of the values read rather than counted.
    pub fn set_snapshot(&self, snapshot: Snapshot) {
        *self.scraped.0.lock().unwrap_or_else(|e| e.into_inner()) = snapshot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameId;
    use std::time::Duration;

    #[test]
    fn commands_moves_and_the_snapshot_are_scraped() {
        let metrics = CoreMetrics::default();
        metrics.command("move", CommandResult::Done);
        metrics.command("move", CommandResult::Done);
        metrics.command("review", CommandResult::Limited);
        metrics.bot_move();
        let ms = Duration::from_millis;
        metrics.move_timing(&MoveTiming {
            game: GameId(1),
            store: ms(2),
            engine_wait: ms(0),
            search: ms(100),
            render: ms(1),
            post: ms(3),
            total: ms(107),
        });
        metrics.set_snapshot(Snapshot {
            engine_slots: 2,
            engine_busy: 1,
            engine_waiting: 3,
            owned_jobs: 4,
            live_games: Some(5),
            lanes: vec![
                LaneStats {
                    commits: 6,
                    failures: 0,
                },
                LaneStats {
                    commits: 7,
                    failures: 1,
                },
            ],
        });
        let text = metrics.registry().encode();
        for line in [
            "xiangqi_commands_total{command=\"move\",result=\"done\"} 2",
            "xiangqi_commands_total{command=\"review\",result=\"limited\"} 1",
            "xiangqi_bot_moves_total 1",
            "xiangqi_move_seconds_count{phase=\"beyond_search\"} 1",
            "xiangqi_move_seconds_sum{phase=\"beyond_search\"} 0.007",
            "xiangqi_engine_slots 2",
            "xiangqi_engine_slots_busy 1",
            "xiangqi_engine_queue_depth 3",
            "xiangqi_owned_jobs 4",
            "xiangqi_live_games 5",
            "xiangqi_store_commits_total{lane=\"1\"} 7",
            "xiangqi_store_errors_total{lane=\"1\"} 1",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line} in\n{text}");
        }
    }
}
