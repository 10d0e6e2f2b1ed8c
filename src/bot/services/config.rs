//! The bot's settings, read by clap from flags with environment fallbacks.
//! Shared by every transport: the console and Discord flatten [`BotArgs`] into
//! their subcommands.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::i18n::Lang;
use crate::render::{PieceStyle, Style, Theme};
use crate::store::StoreConfig;

use super::limits::{Rate, UserLimits};

/// The most engine searches the bot runs at once: far above any machine's
/// cores, and far below what the engine's semaphore can count.
pub const MAX_ENGINE_THREADS: usize = 1024;

/// Settings every transport shares.
#[derive(Args, Clone, Debug)]
pub struct BotArgs {
    /// The database: an sqlx URL (`sqlite://xiangqi.db`,
    /// `postgres://user:password@host/database`) or a SQLite file path.
    #[arg(
        long = "db",
        env = "DATABASE_URL",
        // Its password stays out of `--help`.
        hide_env_values = true,
        default_value = crate::store::DEFAULT_DATABASE_URL
    )]
    pub database_url: String,

    /// How many engine searches may run at once (default: the number of cores).
    #[arg(long, env = "XIANGQI_ENGINE_THREADS")]
    pub engine_threads: Option<usize>,

    /// Seconds a process holds a bot move it claimed before another process
    /// may take it over (renewed while it thinks). A process that dies
    /// mid-think delays that move by at most this much.
    #[arg(long, env = "XIANGQI_ENGINE_LEASE_SECS", default_value_t = 30.0)]
    pub engine_lease_secs: f64,

    /// Seconds the process that stored a move has to post it before another
    /// process's sweep takes it for a lost post and shows it late. Longer
    /// than any post takes; every process on one database should agree.
    #[arg(long, env = "XIANGQI_ANNOUNCE_GRACE_SECS", default_value_t = 60.0)]
    pub announce_grace_secs: f64,

    /// Seconds a stopping process (SIGTERM, SIGINT) lets the bot moves it is
    /// thinking on finish before it stops them and releases them to other
    /// processes.
    #[arg(long, env = "XIANGQI_SHUTDOWN_GRACE_SECS", default_value_t = 5.0)]
    pub shutdown_grace_secs: f64,

    /// A game with no move for this many hours ends as a loss for the side to move.
    #[arg(long, env = "XIANGQI_IDLE_HOURS", default_value_t = 72.0)]
    pub idle_hours: f64,

    /// Minutes a challenge stays open.
    #[arg(long, env = "XIANGQI_CHALLENGE_MINUTES", default_value_t = 10.0)]
    pub challenge_minutes: f64,

    /// Whether `hint` is allowed (`true`/`false`).
    #[arg(long, env = "XIANGQI_HINTS", default_value_t = true, action = clap::ArgAction::Set)]
    pub hints: bool,

    /// The language the bot speaks where neither the user nor the server
    /// chose one: en, zh-Hans, zh-Hant or vi (in the console, the language).
    #[arg(long, env = "XIANGQI_LANG", default_value = "en")]
    pub lang: Lang,

    /// Where the console writes board pictures and other files.
    #[arg(long, env = "XIANGQI_BOARD_DIR", default_value = "boards")]
    pub board_dir: PathBuf,

    /// The pieces on every board and replay: `chinese` or `international`
    /// (`board` and `game` can name another).
    #[arg(long, env = "XIANGQI_PIECES", default_value_t = PieceStyle::Chinese)]
    pub pieces: PieceStyle,

    /// The board theme: `wood` or `contrast` (`board` and `game` can name another).
    #[arg(long, env = "XIANGQI_THEME", default_value_t = Theme::Wood)]
    pub theme: Theme,

    /// Nodes the engine searches each position of a game it reviews
    /// (`review`). Reviews are stored per budget, so changing it makes
    /// reviews anew.
    #[arg(long, env = "XIANGQI_REVIEW_NODES", default_value_t = crate::engine::analysis::DEFAULT_NODES)]
    pub review_nodes: u64,

    /// Seconds between a running review's progress updates ("analysed 40 of
    /// 120 moves").
    #[arg(long, env = "XIANGQI_REVIEW_PROGRESS_SECS", default_value_t = 5.0)]
    pub review_progress_secs: f64,

    /// How fast one user may send commands, moves and button presses:
    /// `PER_MINUTE/BURST` (requests a minute over time, and at once after a
    /// pause), or `0` for no limit.
    #[arg(long, env = "XIANGQI_USER_RATE", default_value = "60/15")]
    pub user_rate: String,

    /// The same for the commands that cost a search or more (`review`,
    /// `hint`), counted on top of the rate above.
    #[arg(long, env = "XIANGQI_USER_HEAVY_RATE", default_value = "4/3")]
    pub user_heavy_rate: String,

    /// Serve the operators' endpoints (`/metrics` for Prometheus,
    /// `/healthz`, `/readyz`) on this address, as `127.0.0.1:9464`. Off
    /// without it.
    #[arg(long, env = "XIANGQI_METRICS_ADDR")]
    pub metrics_addr: Option<std::net::SocketAddr>,
}

impl BotArgs {
    /// The core's settings from the flags; errors name the flag at fault.
    pub fn bot_config(&self) -> anyhow::Result<BotConfig> {
        let engine_threads = match self.engine_threads {
            Some(n) if !(1..=MAX_ENGINE_THREADS).contains(&n) => {
                anyhow::bail!("--engine-threads must be 1 to {MAX_ENGINE_THREADS}, not {n}")
            }
            Some(n) => n,
            None => default_engine_threads(),
        };
        Ok(BotConfig {
            idle_timeout: positive_duration(self.idle_hours, 3600.0, "idle-hours")?,
            challenge_expiry: positive_duration(self.challenge_minutes, 60.0, "challenge-minutes")?,
            hints: self.hints,
            engine_threads,
            engine_lease: positive_duration(self.engine_lease_secs, 1.0, "engine-lease-secs")?,
            shutdown_grace: if self.shutdown_grace_secs == 0.0 {
                Duration::ZERO
            } else {
                positive_duration(self.shutdown_grace_secs, 1.0, "shutdown-grace-secs")?
            },
            lang: self.lang,
            style: Style {
                pieces: self.pieces,
                theme: self.theme,
            },
            review_nodes: match self.review_nodes {
                0 => anyhow::bail!("--review-nodes must be at least 1"),
                n => n,
            },
            review_progress_every: positive_duration(
                self.review_progress_secs,
                1.0,
                "review-progress-secs",
            )?,
            limits: UserLimits {
                any: rate(&self.user_rate, "user-rate")?,
                heavy: rate(&self.user_heavy_rate, "user-heavy-rate")?,
            },
            ..BotConfig::default()
        })
    }

    /// The store's settings from the flags: the database, and how long a
    /// stored move's poster has before the sweep shows the move late.
    pub fn store_config(&self) -> anyhow::Result<StoreConfig> {
        let mut config = StoreConfig::new(self.database_url());
        config.announce_grace =
            positive_duration(self.announce_grace_secs, 1.0, "announce-grace-secs")?;
        Ok(config)
    }

    /// The sqlx URL, accepting a bare path for convenience (`--db games.db`).
    pub fn database_url(&self) -> String {
        database_url(&self.database_url)
    }
}

/// `value` in units of `unit_secs` seconds, or an error naming `--flag`
/// unless it is a positive, finite number.
fn positive_duration(value: f64, unit_secs: f64, flag: &str) -> anyhow::Result<Duration> {
    let secs = value * unit_secs;
    if secs.is_finite() && secs > 0.0 && secs < 1e12 {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(anyhow::anyhow!("--{flag} must be a positive number"))
    }
}

/// A rate typed as `PER_MINUTE/BURST` (`60/15`), or `0` for none; an
/// error says what `--flag` takes.
fn rate(text: &str, flag: &str) -> anyhow::Result<Rate> {
    let bad = || {
        anyhow::anyhow!(
            "--{flag} takes PER_MINUTE/BURST, two positive numbers such as `60/15`, or 0 for no limit; not `{}`",
            text.chars().take(40).collect::<String>()
        )
    };
    let text = text.trim();
    if text == "0" {
        return Ok(Rate::UNLIMITED);
    }
    let (per_minute, burst) = text.split_once('/').ok_or_else(bad)?;
    let number = |part: &str| {
        part.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n > 0.0 && *n < 1e9)
            .ok_or_else(bad)
    };
    let (per_minute, burst) = (number(per_minute)?, number(burst)?);
    if burst < 1.0 {
        return Err(bad());
    }
    Ok(Rate { per_minute, burst })
}

/// `games.db` → `sqlite://games.db`; URLs pass through.
pub fn database_url(text: &str) -> String {
    if text.contains("://") || text.starts_with("sqlite:") {
        text.to_string()
    } else {
        format!("sqlite://{text}")
    }
}

/// The command core's own settings.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// A game with no move for this long ends as a loss for the side to move.
    pub idle_timeout: Duration,
    /// How long a challenge stays open.
    pub challenge_expiry: Duration,
    /// Whether players may ask for a hint.
    pub hints: bool,
    /// How many engine searches may run at once.
    pub engine_threads: usize,
    /// How long a claimed bot move stays this process's without renewal.
    pub engine_lease: Duration,
    /// How long a stopping process lets its searches finish.
    pub shutdown_grace: Duration,
    /// How long a claimed bot move may expect to queue for this process's
    /// engine before the process leaves it to the others.
    pub hand_off_after: Duration,
    /// The language where neither the user nor the server chose one.
    pub lang: Lang,
    /// How pictures look unless a command names a style.
    pub style: Style,
    /// Nodes a position in a review.
    pub review_nodes: u64,
    /// How often a running review says how far it is.
    pub review_progress_every: Duration,
    /// How fast one user may send requests.
    pub limits: UserLimits,
}

impl Default for BotConfig {
    fn default() -> BotConfig {
        BotConfig {
            idle_timeout: Duration::from_secs(3 * 24 * 3600),
            challenge_expiry: Duration::from_secs(10 * 60),
            hints: true,
            engine_threads: default_engine_threads(),
            engine_lease: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(5),
            hand_off_after: Duration::from_secs(2),
            lang: Lang::En,
            style: Style::default(),
            review_nodes: crate::engine::analysis::DEFAULT_NODES,
            review_progress_every: Duration::from_secs(5),
            limits: UserLimits::default(),
        }
    }
}

fn default_engine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(engine_threads: Option<usize>) -> BotArgs {
        BotArgs {
            database_url: String::new(),
            engine_threads,
            engine_lease_secs: 30.0,
            announce_grace_secs: 60.0,
            shutdown_grace_secs: 5.0,
            idle_hours: 72.0,
            challenge_minutes: 10.0,
            hints: true,
            lang: Lang::En,
            board_dir: PathBuf::new(),
            pieces: PieceStyle::default(),
            theme: Theme::default(),
            review_nodes: 100,
            review_progress_secs: 5.0,
            user_rate: "60/15".into(),
            user_heavy_rate: "4/3".into(),
            metrics_addr: None,
        }
    }

    #[test]
    fn user_rates_read_as_per_minute_and_burst_or_none() {
        let mut given = args(None);
        given.user_rate = "120/20".into();
        given.user_heavy_rate = "0".into();
        let limits = given.bot_config().unwrap().limits;
        assert_eq!(
            limits.any,
            Rate {
                per_minute: 120.0,
                burst: 20.0
            }
        );
        assert_eq!(limits.heavy, Rate::UNLIMITED);
        for bad in [
            "", "60", "60/", "/15", "-1/5", "60/0.5", "x/y", "60/15/2", "inf/3",
        ] {
            given.user_rate = bad.into();
            let err = given.bot_config().unwrap_err().to_string();
            assert!(
                err.contains("--user-rate takes PER_MINUTE/BURST"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn engine_threads_out_of_range_is_an_error_naming_the_flag() {
        for bad in [0, MAX_ENGINE_THREADS + 1, usize::MAX] {
            let err = args(Some(bad)).bot_config().unwrap_err().to_string();
            assert!(
                err.contains("--engine-threads must be 1 to"),
                "{bad}: {err}"
            );
        }
        let fine = args(Some(MAX_ENGINE_THREADS)).bot_config().unwrap();
        assert_eq!(fine.engine_threads, MAX_ENGINE_THREADS);
    }

    #[test]
    fn leases_and_grace_are_checked_and_grace_may_be_zero() {
        let mut bad = args(None);
        bad.engine_lease_secs = 0.0;
        let err = bad.bot_config().unwrap_err().to_string();
        assert!(
            err.contains("--engine-lease-secs must be a positive number"),
            "{err}"
        );
        let mut bad = args(None);
        bad.shutdown_grace_secs = -1.0;
        let err = bad.bot_config().unwrap_err().to_string();
        assert!(err.contains("--shutdown-grace-secs"), "{err}");
        let mut fine = args(None);
        fine.engine_lease_secs = 0.5;
        fine.shutdown_grace_secs = 0.0;
        let config = fine.bot_config().unwrap();
        assert_eq!(config.engine_lease, Duration::from_millis(500));
        assert_eq!(config.shutdown_grace, Duration::ZERO);
    }

    #[test]
    fn the_announce_grace_reaches_the_store_settings_and_is_checked() {
        let mut custom = args(None);
        custom.announce_grace_secs = 90.0;
        let config = custom.store_config().unwrap();
        assert_eq!(config.announce_grace, Duration::from_secs(90));
        for bad_value in [0.0, -5.0, f64::NAN] {
            let mut bad = args(None);
            bad.announce_grace_secs = bad_value;
            let err = bad.store_config().unwrap_err().to_string();
            assert!(
                err.contains("--announce-grace-secs must be a positive number"),
                "{bad_value}: {err}"
            );
        }
    }

    #[test]
    fn review_budget_and_progress_period_are_checked() {
        let mut bad = args(None);
        bad.review_nodes = 0;
        let err = bad.bot_config().unwrap_err().to_string();
        assert!(err.contains("--review-nodes must be at least 1"), "{err}");
        let mut bad = args(None);
        bad.review_progress_secs = f64::NAN;
        let err = bad.bot_config().unwrap_err().to_string();
        assert!(err.contains("--review-progress-secs"), "{err}");
        let config = args(None).bot_config().unwrap();
        assert_eq!(config.review_nodes, 100);
        assert_eq!(config.review_progress_every, Duration::from_secs(5));
    }

    #[test]
    fn bare_paths_become_sqlite_urls() {
        assert_eq!(database_url("x.db"), "sqlite://x.db");
        assert_eq!(database_url("/tmp/x.db"), "sqlite:///tmp/x.db");
        assert_eq!(database_url("sqlite://x.db"), "sqlite://x.db");
        assert_eq!(database_url("sqlite::memory:"), "sqlite::memory:");
    }
}
