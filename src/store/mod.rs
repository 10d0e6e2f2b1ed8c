//! The game store: games, moves, players, ratings, challenges and offers in
//! SQLite through sqlx. The database is the truth: a game's state is its start
//! FEN plus its stored moves, replayed through the rules layer, and every change
//! is one transaction guarded by the game's ply counter, so two racing writers
//! can never both move at the same ply and a crash leaves all of a change or
//! none of it. `docs/store.md` describes the schema and the PostgreSQL path.
//!
//! All writes go through one connection (SQLite allows one writer at a time
//! anyway; queueing in the pool is cheaper than SQLite's sleeping busy handler)
//! and take the write lock up front (`BEGIN IMMEDIATE`), while reads use a
//! separate pool that WAL lets run beside the writer.

mod challenges;
mod clock;
mod error;
mod export;
mod games;
mod model;
mod offers;
mod players;
pub mod rating;
mod replay;
mod threads;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};

pub use challenges::{Accepter, NewChallenge};
pub use clock::{Clock, ManualClock, SystemClock};
pub use error::{StoreError, StoreResult};
pub use export::to_pgn;
pub use games::{Inconsistency, NewGame};
pub use model::{
    fen_side_to_move, side_after, Actor, BotLevel, ChallengeId, ChallengeRecord, ChallengeState,
    ChallengeTarget, ColorChoice, GameId, GameRecord, GameResult, GameStatus, Iccs, Location,
    MoveRecord, OfferKind, OfferRecord, Participant, PlayerRecord, RatingChange, UnixMillis,
    UserRef, START_FEN,
};
pub use offers::OfferAnswer;
pub use players::{HistoryCursor, HistoryPage, PlayerStats};
pub use replay::replay;

/// The database file used when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://xiangqi.db";

/// The embedded migrations in `migrations/`, run at every open.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=FULL`: every commit is fsynced before it returns, so an
    /// acknowledged move survives a power cut as well as a crash.
    #[default]
    Full,
    /// `synchronous=NORMAL`: with WAL, commits survive a crash of the bot but
    /// the last few may be lost on a power cut. Faster; for tests and benches.
    Normal,
}

/// How to open the store. `StoreConfig::new(url)` gives the defaults.
#[derive(Clone, Debug)]
pub struct StoreConfig {
    /// `sqlite://path/to/file.db` (created if missing) or `sqlite::memory:`.
    pub url: String,
    /// How long a write waits for another process's lock before failing.
    pub busy_timeout: Duration,
    pub durability: Durability,
    /// Connections for reads, which run beside the single writer.
    pub read_connections: u32,
}

impl StoreConfig {
    /// The defaults, with the file from `DATABASE_URL` (or
    /// [`DEFAULT_DATABASE_URL`] when it is unset or empty).
    pub fn from_env() -> StoreConfig {
        let url = std::env::var("DATABASE_URL")
            .ok()
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        StoreConfig::new(url)
    }

    pub fn new(url: impl Into<String>) -> StoreConfig {
        StoreConfig {
            url: url.into(),
            busy_timeout: Duration::from_secs(5),
            durability: Durability::Full,
            read_connections: 4,
        }
    }
}

/// A handle to the store; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct Store {
    writer: SqlitePool,
    reader: SqlitePool,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (creating if missing) the database at `url` with the default
    /// settings and brings its schema up to date.
    pub async fn open(url: &str) -> StoreResult<Store> {
        Store::open_with(StoreConfig::new(url), Arc::new(SystemClock)).await
    }

    /// Opens with explicit settings and clock (tests drive time by hand).
    pub async fn open_with(config: StoreConfig, clock: Arc<dyn Clock>) -> StoreResult<Store> {
        let synchronous = match config.durability {
            Durability::Full => SqliteSynchronous::Full,
            Durability::Normal => SqliteSynchronous::Normal,
        };
        let options = SqliteConnectOptions::from_str(&config.url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(synchronous)
            .foreign_keys(true)
            .busy_timeout(config.busy_timeout);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&writer).await?;
        // A private in-memory database exists only inside its connections; a
        // second pool would not see it, so reads share the writer there.
        let in_memory = config.url.contains(":memory:") || config.url.contains("mode=memory");
        let reader = if in_memory {
            writer.clone()
        } else {
            SqlitePoolOptions::new()
                .max_connections(config.read_connections.max(1))
                .connect_with(options)
                .await?
        };
        tracing::info!(url = %config.url, durability = ?config.durability, "game store open");
        Ok(Store {
            writer,
            reader,
            clock,
        })
    }

    /// Closes both pools, waiting for running statements; the file is left
    /// checkpointed and consistent.
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }

    fn now(&self) -> UnixMillis {
        self.clock.now_ms()
    }

    /// Starts a write transaction holding SQLite's write lock from its first
    /// statement, so its reads and writes see one state and cannot be
    /// overtaken (PostgreSQL would use `BEGIN` plus the guarded `UPDATE`s).
    async fn begin_write(&self) -> StoreResult<Transaction<'static, Sqlite>> {
        Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?)
    }

    /// A read transaction: one snapshot for several queries.
    async fn begin_read(&self) -> StoreResult<Transaction<'static, Sqlite>> {
        Ok(self.reader.begin().await?)
    }
}

/// Converts a count or ply from a column, refusing negative or huge values.
fn to_u32(value: i64, what: &str) -> StoreResult<u32> {
    u32::try_from(value).map_err(|_| StoreError::corrupt(format!("{what} is {value}")))
}
