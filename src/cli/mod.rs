//! Command-line subcommands. Each file is one subcommand; this module holds
//! what they share.

pub mod analyze;
pub mod bench;
pub mod bot;
pub mod fit_win_rate;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod puzzles;
pub mod render;
pub mod selfplay;
pub mod status;
pub mod tune;
pub mod uci;

/// How log lines are written (`--log-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text an event, for people.
    Text,
    /// One JSON object a line: the event's fields, and those of the spans
    /// it happened in (`game`, `shard`) flattened beside them.
    Json,
}

/// Logs go to stderr through `tracing`, filtered by `RUST_LOG` (default `info`),
/// so that stdout stays clean for the machine-readable subcommands.
pub fn init_logging(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(true)
            .init(),
    }
}
