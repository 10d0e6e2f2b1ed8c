//! The game store: games, moves, players, ratings, challenges and offers in
//! SQLite through sqlx. The database is the truth: a game's state is its start
//! FEN plus its stored moves, played again through the rules layer
//! ([`rebuild`]), and every change is one transaction guarded by the game's ply
//! counter, so two racing writers can never both move at the same ply and a
//! crash leaves all of a change or none of it. `docs/store.md` describes the
//! schema and the PostgreSQL path.
//!
//! All writes go to one writer task with one connection (SQLite allows one
//! writer at a time anyway), which commits the writes queued at the same
//! moment together: one transaction and one fsync per batch, each write inside
//! its own savepoint, nobody answered before the commit (`writer.rs`). Reads
//! use a separate pool that WAL lets run beside the writer.

mod challenges;
mod clock;
mod error;
mod export;
mod games;
mod model;
mod offers;
mod players;
pub(crate) mod rating;
mod rebuild;
mod threads;
mod writer;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, SqlitePool, Transaction};

pub use challenges::{Accepter, NewChallenge, MAX_PENDING_CHALLENGES};
pub use clock::{Clock, ManualClock, SystemClock};
pub use error::{StoreError, StoreResult};
pub use games::NewGame;
pub use model::{
    ActorId, BotLevel, ChallengeState, ChallengeTarget, ColorChoice, GameId, GameRecord,
    GameResult, GameState, Location, MoveRecord, OfferKind, Participant, UserRef, START_FEN,
};
pub use offers::OfferAnswer;

pub(crate) use model::{ChallengeId, ChallengeRecord, OfferRecord, UnixMillis};
pub use writer::DiskLimit;
pub(crate) use writer::WriterStats;

use writer::{BoxFuture, Writer};

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
    /// How far the writer may grow the file (unlimited by default); tests
    /// keep a clone to fill the disk and free it again.
    pub disk: DiskLimit,
}

impl StoreConfig {
    pub fn new(url: impl Into<String>) -> StoreConfig {
        StoreConfig {
            url: url.into(),
            busy_timeout: Duration::from_secs(5),
            durability: Durability::Full,
            read_connections: 4,
            disk: DiskLimit::default(),
        }
    }
}

/// A handle to the store; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct Store {
    /// The queue into the writer task, which owns the writing connection.
    writer: Writer,
    /// The writer task's pool of one connection, kept to close it.
    write_pool: SqlitePool,
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
        let write_pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        let in_memory = config.url.contains(":memory:") || config.url.contains("mode=memory");
        {
            // Held until the migrations are done (dropping the file unlocks).
            let _migrating = if in_memory {
                None
            } else {
                Some(lock_for_migrations(options.get_filename()).await?)
            };
            MIGRATOR.run(&write_pool).await?;
        }
        // A private in-memory database exists only inside its connections; a
        // second pool would not see it, so reads share the writer's connection
        // there (between batches).
        let reader = if in_memory {
            write_pool.clone()
        } else {
            SqlitePoolOptions::new()
                .max_connections(config.read_connections.max(1))
                .connect_with(options)
                .await?
        };
        tracing::info!(url = %config.url, durability = ?config.durability, "game store open");
        Ok(Store {
            writer: Writer::spawn(write_pool.clone(), config.disk.clone()),
            write_pool,
            reader,
            clock,
        })
    }

    /// Stores the writes already submitted, then closes the writer and both
    /// pools; the file is left checkpointed and consistent. Later calls fail
    /// with a closed-pool error.
    pub async fn close(&self) {
        self.writer.close().await;
        self.reader.close().await;
        self.write_pool.close().await;
    }

    /// How the writer has grouped writes into transactions so far.
    pub fn writer_stats(&self) -> WriterStats {
        self.writer.stats()
    }

    fn now(&self) -> UnixMillis {
        self.clock.now_ms()
    }

    /// Runs `work` as one write: inside the writer's next batch transaction
    /// (which holds SQLite's write lock from its first statement, so the
    /// write's reads and writes see one state and cannot be overtaken), in
    /// its own savepoint. Returns once the batch is committed. An `Err` from
    /// `work` undoes just this write; `Ok(Err(..))` keeps its changes and
    /// still refuses (flatten it with `?`).
    async fn write<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut SqliteConnection) -> BoxFuture<'c, StoreResult<T>>
            + Send
            + 'static,
    {
        self.writer.write(work).await
    }

    /// A read transaction: one snapshot for several queries.
    async fn begin_read(&self) -> StoreResult<Transaction<'static, Sqlite>> {
        Ok(self.reader.begin().await?)
    }
}

/// Locks the file `<database>.migrate-lock` beside the database, waiting for
/// another process that holds it. sqlx's migrator takes no lock on SQLite, so
/// two processes starting on a new database both ran the first migration and
/// one failed ("table players already exists"). A lock file rather than a
/// retry: a process that loses the race would otherwise see a half-migrated
/// schema and have to tell a failure from a race by its message. Every
/// process sharing a WAL database must run on one host (SQLite's own rule),
/// so a host file lock reaches all of them; the operating system releases it
/// when its holder dies, so a crash leaves nothing to clean up.
async fn lock_for_migrations(database: &std::path::Path) -> StoreResult<std::fs::File> {
    let mut path = database.as_os_str().to_owned();
    path.push(".migrate-lock");
    let path = std::path::PathBuf::from(path);
    let locked = tokio::task::spawn_blocking(move || {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        file.lock()?;
        std::io::Result::Ok(file)
    })
    .await
    .map_err(|e| StoreError::Database(sqlx::Error::Io(std::io::Error::other(e))))?;
    locked.map_err(|e| StoreError::Database(sqlx::Error::Io(e)))
}

/// Converts a count or ply from a column, refusing negative or huge values.
fn to_u32(value: i64, what: &str) -> StoreResult<u32> {
    u32::try_from(value).map_err(|_| StoreError::corrupt(format!("{what} is {value}")))
}
