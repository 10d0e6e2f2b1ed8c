//! The store's handle and how it is opened: [`StoreConfig`], the two
//! databases' connection set-up and migrations, and [`Store`] itself, with
//! the ways its methods run a write (in the writer's batch, alone, in a
//! game's lane, again after a deadlock) or a read. The modules that add the
//! store's methods to `Store` (games, offers, players, …) import it from
//! here, and it imports none of them.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::backend::{url_without_password, Backend, Conn, Pool, Tx};
use super::clock::{Clock, SystemClock};
use super::error::{StoreError, StoreResult};
use super::model::{GameId, UnixMillis};
use super::writer::{BoxFuture, DiskLimit, LaneStats, Writer, WriterStats};

/// The database file used when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://xiangqi.db";

/// The embedded migrations, one set per database (`migrations/sqlite/`,
/// `migrations/postgres/`, the same versions), run at every open.
static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// Every commit is on disk before it returns (SQLite `synchronous=FULL`,
    /// PostgreSQL `synchronous_commit=on`), so an acknowledged move survives
    /// a power cut as well as a crash.
    #[default]
    Full,
    /// Commits survive a crash of the bot but the last few may be lost on a
    /// power cut (SQLite `synchronous=NORMAL` with WAL; PostgreSQL
    /// `synchronous_commit=off`, which also loses them to a crash of the
    /// server). Faster; for tests and benches.
    Normal,
}

/// How to open the store. `StoreConfig::new(url)` gives the defaults.
#[derive(Clone, Debug)]
pub struct StoreConfig {
    /// `sqlite://path/to/file.db` (created if missing), `sqlite::memory:`, or
    /// `postgres://user:password@host:port/database` (the database must
    /// exist; its tables are created).
    pub url: String,
    /// How long a write waits for another process's lock before failing
    /// (SQLite's busy timeout; PostgreSQL's `lock_timeout`).
    pub busy_timeout: Duration,
    pub durability: Durability,
    /// Connections for reads, which run beside the writer.
    pub read_connections: u32,
    /// The writer's lanes on PostgreSQL, each with its own connection (see
    /// the writer's module); SQLite always writes through one.
    pub write_lanes: u32,
    /// How far the writer may grow the file (unlimited by default); tests
    /// keep a clone to fill the disk and free it again.
    pub disk: DiskLimit,
    /// How long the process that stored a move has to post it before
    /// another process's sweep shows it as late ([`DEFAULT_ANNOUNCE_GRACE`]).
    /// Every process on one database should use the same.
    pub announce_grace: Duration,
}

/// How long a process that stored a move has to post it before the sweep
/// takes the move for one whose post failed (and shows it itself), unless
/// [`StoreConfig::announce_grace`] says otherwise:
/// longer than any post takes, short enough that a lost move is shown
/// within a couple of sweeps. A post still in flight after it is shown
/// twice.
pub const DEFAULT_ANNOUNCE_GRACE: Duration = Duration::from_secs(60);

/// PostgreSQL writer lanes: on a 2-core machine four lanes carried the store
/// benchmark's 200 games at 2,835 durable moves/s, where one lane gave 1,324
/// (docs/store.md, "Speed").
pub const DEFAULT_WRITE_LANES: u32 = 4;

/// How many times a write the server failed to break a deadlock is run
/// again before its caller gets the error.
const TRANSIENT_RETRIES: u32 = 3;

impl StoreConfig {
    pub fn new(url: impl Into<String>) -> StoreConfig {
        StoreConfig {
            url: url.into(),
            busy_timeout: Duration::from_secs(5),
            durability: Durability::Full,
            read_connections: 4,
            write_lanes: DEFAULT_WRITE_LANES,
            disk: DiskLimit::default(),
            announce_grace: DEFAULT_ANNOUNCE_GRACE,
        }
    }
}

/// A handle to the store; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct Store {
    /// The queue into the writer task, which owns the writing connection.
    pub(super) writer: Writer,
    /// The writer task's pool of one connection, kept to close it.
    write_pool: Pool,
    pub(super) reader: Pool,
    clock: Arc<dyn Clock>,
    /// See [`StoreConfig::announce_grace`].
    pub(super) announce_grace: Duration,
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
        let (write_pool, reader, lanes) = match Backend::of_url(&config.url)? {
            Backend::Sqlite => {
                let (write_pool, reader) = open_sqlite(&config).await?;
                (write_pool, reader, 1)
            }
            Backend::Postgres => {
                let (write_pool, reader) = open_postgres(&config).await?;
                (write_pool, reader, config.write_lanes.max(1))
            }
        };
        tracing::info!(
            url = %url_without_password(&config.url),
            durability = ?config.durability,
            announce_grace = ?config.announce_grace,
            "game store open"
        );
        Ok(Store {
            writer: Writer::spawn(write_pool.clone(), config.disk.clone(), lanes as usize),
            write_pool,
            reader,
            clock,
            announce_grace: config.announce_grace,
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

    /// Each writer lane's commits and failures so far, lane 0 first.
    pub fn lane_stats(&self) -> Vec<LaneStats> {
        self.writer.lane_stats()
    }

    /// The store's clock, for what shows its time (a board's clocks).
    pub fn clock(&self) -> Arc<dyn Clock> {
        Arc::clone(&self.clock)
    }

    /// Now, by the store's clock (a hand-driven one in tests): the time
    /// every deadline the store keeps is measured against.
    pub fn now(&self) -> UnixMillis {
        self.clock.now_ms()
    }

    /// As [`Store::write`], in `game`'s writer lane: for writes that touch
    /// only that game's own rows (its row, moves, offers and engine job),
    /// never players or other games, so that lanes meet as seldom as
    /// possible.
    pub(super) async fn write_for_game<T, F>(&self, game: GameId, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        self.writer.write_keyed(game.0, work).await
    }

    /// Runs the write `attempt` makes, again (up to [`TRANSIENT_RETRIES`]
    /// times) when the server failed it to break a deadlock: nothing of the
    /// failed run was stored, so a player's move or a game's end is not
    /// refused for another transaction's timing.
    pub(super) async fn retrying<T, Fut>(&self, mut attempt: impl FnMut() -> Fut) -> StoreResult<T>
    where
        Fut: std::future::Future<Output = StoreResult<T>>,
    {
        let mut retries = 0;
        loop {
            match attempt().await {
                Err(error) if error.is_transient() && retries < TRANSIENT_RETRIES => {
                    retries += 1;
                    tracing::warn!(%error, retries, "write failed to break a deadlock; running it again");
                }
                result => return result,
            }
        }
    }

    /// As [`Store::write`], committed in a transaction of its own: for a
    /// write that takes players' rows (ratings, stats, names, puzzle
    /// ratings), which no batch may hold while it waits for more (see
    /// `store::writer`).
    pub(super) async fn write_alone<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        self.writer.write_alone(work).await
    }

    /// Runs `work` as one write: inside the writer's next batch transaction
    /// (which holds SQLite's write lock from its first statement, so the
    /// write's reads and writes see one state and cannot be overtaken), in
    /// its own savepoint. Returns once the batch is committed. An `Err` from
    /// `work` undoes just this write; `Ok(Err(..))` keeps its changes and
    /// still refuses (flatten it with `?`).
    pub(super) async fn write<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        self.writer.write(work).await
    }

    /// A read transaction: one snapshot for several queries.
    pub(super) async fn begin_read(&self) -> StoreResult<Tx> {
        self.reader.begin_read().await
    }

    /// Which database the store is on.
    pub fn backend(&self) -> Backend {
        match self.reader {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }
}

/// The writer's connection and the read pool on a SQLite file (WAL lets
/// readers run beside the one writer).
async fn open_sqlite(config: &StoreConfig) -> StoreResult<(Pool, Pool)> {
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
    let in_memory = config.url.contains(":memory:") || config.url.contains("mode=memory");
    // Held until the pools are open and the migrations done (dropping the
    // file unlocks). Creating the file and switching a new database to WAL
    // race too, not only the migrations: a second process's first connection
    // met "database is locked" there, which SQLite's busy timeout does not
    // cover (1 round in 60 of the concurrent-open test under load).
    let migrating = if in_memory {
        None
    } else {
        Some(lock_for_migrations(options.get_filename()).await?)
    };
    let write_pool = SqlitePoolOptions::new()
        .test_before_acquire(false)
        .max_connections(1)
        .connect_with(options.clone())
        .await?;
    SQLITE_MIGRATOR.run(&write_pool).await?;
    // A private in-memory database exists only inside its connections; a
    // second pool would not see it, so reads share the writer's connection
    // there (between batches).
    let reader = if in_memory {
        write_pool.clone()
    } else {
        SqlitePoolOptions::new()
            .test_before_acquire(false)
            .max_connections(config.read_connections.max(1))
            .connect_with(options)
            .await?
    };
    drop(migrating);
    Ok((Pool::Sqlite(write_pool), Pool::Sqlite(reader)))
}

/// The writer's connection and the read pool on a PostgreSQL database. The
/// migrator holds an advisory lock while it works, so processes starting
/// together on a new database take turns and all find the schema made.
async fn open_postgres(config: &StoreConfig) -> StoreResult<(Pool, Pool)> {
    let synchronous_commit = match config.durability {
        Durability::Full => "on",
        Durability::Normal => "off",
    };
    let lock_timeout = format!("{}ms", config.busy_timeout.as_millis().max(1));
    let options = PgConnectOptions::from_str(&config.url)?
        .application_name("xiangqi-bot")
        .options([
            ("synchronous_commit", synchronous_commit),
            ("lock_timeout", lock_timeout.as_str()),
        ]);
    let write_pool = PgPoolOptions::new()
        .test_before_acquire(false)
        .before_acquire(ping_if_idle)
        .max_connections(config.write_lanes.max(1))
        .connect_with(options.clone())
        .await?;
    POSTGRES_MIGRATOR.run(&write_pool).await?;
    let reader = PgPoolOptions::new()
        .test_before_acquire(false)
        .before_acquire(ping_if_idle)
        .max_connections(config.read_connections.max(1))
        .connect_with(options)
        .await?;
    Ok((Pool::Postgres(write_pool), Pool::Postgres(reader)))
}

/// How long a PostgreSQL connection may idle in its pool and still be used
/// without a ping.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(1);

/// Pings a connection before use only when it has idled for
/// [`IDLE_BEFORE_PING`]: a connection busy a moment ago was tested as it came
/// back (sqlx pings on release), so under load no request pays the round
/// trip, and one the server dropped while idle is replaced before use. One
/// broken within the second fails its statement: a read then fails once,
/// and the writer begins its batch again on a fresh connection
/// (`writer::begin_batch`).
fn ping_if_idle(
    conn: &mut sqlx::PgConnection,
    meta: sqlx::pool::PoolConnectionMetadata,
) -> BoxFuture<'_, Result<bool, sqlx::Error>> {
    Box::pin(async move {
        if meta.idle_for >= IDLE_BEFORE_PING {
            sqlx::Connection::ping(conn).await?;
        }
        Ok(true)
    })
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
