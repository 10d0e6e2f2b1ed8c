//! Group commit: every write of the store goes to one writer task, which
//! stores whatever is queued when it is free in one transaction and one fsync.
//!
//! A durable commit costs an fsync (about 2 ms on the bot's disk), so a writer
//! committing each move alone tops out near 400 moves/s. Here the writer takes
//! everything waiting (up to [`MAX_BATCH`]), opens one transaction
//! (`BEGIN IMMEDIATE` on SQLite, taking the write lock up front), runs each
//! write inside its own `SAVEPOINT`, and `COMMIT`s once
//! (a write alone in its batch needs no savepoint: the transaction is one).
//! A write that fails (a stale ply, a game already over, any error) is rolled
//! back to its savepoint alone and its caller gets its own error; later writes
//! in the batch see the earlier ones, so two moves for the same ply still have
//! exactly one winner. Nobody is answered before the `COMMIT` has returned, so
//! an acknowledged write is on disk; a crash before it loses the batch, but
//! none of its callers was told it was stored. There is no waiting for company:
//! a lone write is committed at once, and writes pile up only while an earlier
//! commit is on the disk.
//!
//! The writer runs `BEGIN`, `SAVEPOINT` and `COMMIT` itself rather than
//! through sqlx's `Transaction`, because a failed batch must leave the
//! connection ready for the next one. When the disk is full or fails, SQLite
//! may already have rolled the whole transaction back by itself; sqlx's
//! transaction then keeps counting one open transaction that no `ROLLBACK`
//! can end, and refuses every later `BEGIN` until a restart. Here a failed
//! batch ends with a `ROLLBACK` whose "no transaction is active" is expected,
//! every caller of the batch is told "not stored", and the next batch starts
//! afresh: writes work again as soon as the disk does.
//!
//! On PostgreSQL the writer runs several lanes, each a task with its own
//! connection and its own batches, because there a commit's cost is mostly
//! round trips rather than the disk, and lanes overlap them (the server
//! flushes concurrent commits together). A write about one game's own rows
//! (a move, a takeback, an offer) goes to that game's lane, so a game's
//! writes keep one order and batch together; every other write goes to the
//! first lane. Writes in different lanes meet only in the server's row
//! locks, exactly as the writes of two bot processes on one database do:
//! the guarded statements still let one of two racing writes win, and a
//! deadlock the server breaks fails one write, in its savepoint. SQLite has
//! one write lock for the whole file, so it keeps one lane.
//!
//! A batch holds the row locks of all its writes until its commit, so two
//! batches (of two lanes, or of two processes) that touch two games in
//! opposite orders would deadlock: one marks game A shown and then stores a
//! move in B while the other marks B shown and then stores a move in A.
//! So a batch applies its writes in the order of their games' ids: writes
//! about no one game first, in the order they came, then each game's writes.
//! Every transaction takes the games' rows in one global order, so writes
//! about games never wait on each other in a cycle. Writes in one batch were
//! all waiting at once, so no order among them is owed to anyone; one game's
//! writes keep theirs (the sort is stable).
//!
//! Players' rows (ratings, puzzle ratings) cannot be ordered that way: a
//! write finds whose rows it needs only as it runs (a game's end reads the
//! game's sides). Two batches each ending two games crosswise would each
//! hold one game's players while waiting for the other's. So a write that
//! takes players' rows runs alone ([`Writer::write_alone`]): the batch
//! before it is committed first, it commits in a transaction of its own, and
//! the writes after it form the next batch. Such a transaction holds one
//! write's rows, taken in that write's own fixed order (a challenge, then a
//! game, then its players in one sorted statement), and waits for nothing
//! while holding a player's row but more players' rows in that statement,
//! so no cycle can pass through players' rows. These writes are rare (a
//! game's start and end, a challenge, a puzzle's start and end), so the
//! commits they cost alone do not show.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use super::backend::{on_conn, Conn, Pool, Pooled};
use super::error::{StoreError, StoreResult};

/// At most this many writes share one transaction, so that one huge batch
/// does not hold every caller for long.
pub(super) const MAX_BATCH: usize = 256;
/// Writes waiting for the writer before callers wait to enqueue.
const QUEUE: usize = 4 * MAX_BATCH;

/// A future borrowing the writer's connection.
pub(super) type BoxFuture<'c, T> = Pin<Box<dyn Future<Output = T> + Send + 'c>>;

/// One write as the writer runs it: applied inside its savepoint, answered
/// after the batch's commit.
trait Write: Send {
    /// Runs the write on the transaction's connection; `true` keeps its
    /// changes, `false` rolls them back to the savepoint.
    fn apply<'c>(&'c mut self, conn: &'c mut Conn<'c>) -> BoxFuture<'c, bool>;
    /// Answers the caller once the batch is committed (`Ok`) or lost (`Err`
    /// with the reason, for every write in the batch).
    fn answer(self: Box<Self>, batch: Result<(), &str>);
    /// The game whose rows the write is about, if it is about one.
    fn game(&self) -> Option<i64>;
    /// Whether the write takes players' rows, and so commits alone.
    fn alone(&self) -> bool;
}

struct TypedWrite<T, F> {
    game: Option<i64>,
    alone: bool,
    work: Option<F>,
    result: Option<StoreResult<T>>,
    reply: oneshot::Sender<StoreResult<T>>,
}

impl<T, F> Write for TypedWrite<T, F>
where
    T: Send + 'static,
    F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
{
    fn apply<'c>(&'c mut self, conn: &'c mut Conn<'c>) -> BoxFuture<'c, bool> {
        Box::pin(async move {
            let Some(work) = self.work.take() else {
                return false;
            };
            let result = work(conn).await;
            let keep = result.is_ok();
            self.result = Some(result);
            keep
        })
    }

    fn answer(self: Box<Self>, batch: Result<(), &str>) {
        let TypedWrite { result, reply, .. } = *self;
        let answer = match (batch, result) {
            (Ok(()), Some(result)) => result,
            (Err(why), _) => Err(StoreError::NotStored(why.to_owned())),
            (Ok(()), None) => Err(StoreError::NotStored("it was never applied".to_owned())),
        };
        // The caller may have stopped waiting; the write stands regardless.
        let _ = reply.send(answer);
    }

    fn game(&self) -> Option<i64> {
        self.game
    }

    fn alone(&self) -> bool {
        self.alone
    }
}

enum Request {
    Write(Box<dyn Write>),
    /// Store what came before, then stop; answered once the writer is done.
    Close(oneshot::Sender<()>),
}

/// How the writer has grouped writes so far (for benchmarks and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriterStats {
    /// Transactions committed (or attempted), each holding one batch.
    pub batches: u64,
    /// Writes run in those batches.
    pub writes: u64,
    /// The most writes one batch held.
    pub largest_batch: u64,
}

/// What one lane has committed so far (for the operators' metrics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneStats {
    /// Batches committed.
    pub commits: u64,
    /// Batches lost: the transaction failed and every write in it was
    /// answered with the error.
    pub failures: u64,
}

#[derive(Default)]
struct Counters {
    batches: AtomicU64,
    writes: AtomicU64,
    largest_batch: AtomicU64,
}

#[derive(Default)]
struct LaneCounters {
    commits: AtomicU64,
    failures: AtomicU64,
}

/// The store's side of the writer: a queue into each lane.
#[derive(Clone)]
pub(super) struct Writer {
    lanes: Arc<[mpsc::Sender<Request>]>,
    counters: Arc<Counters>,
    lane_counters: Arc<[LaneCounters]>,
}

fn closed() -> StoreError {
    StoreError::Database(sqlx::Error::PoolClosed)
}

impl Writer {
    /// Starts `lanes` writer tasks (at least one) on the current tokio
    /// runtime, writing through `pool`, which must allow as many connections.
    pub(super) fn spawn(pool: Pool, disk: DiskLimit, lanes: usize) -> Writer {
        let counters = Arc::new(Counters::default());
        let lane_counters: Arc<[LaneCounters]> =
            (0..lanes.max(1)).map(|_| LaneCounters::default()).collect();
        let lanes = (0..lanes.max(1))
            .map(|lane| {
                let (queue, requests) = mpsc::channel(QUEUE);
                let counted = Counted {
                    all: counters.clone(),
                    lanes: lane_counters.clone(),
                    lane,
                };
                tokio::spawn(run(pool.clone(), disk.clone(), requests, counted));
                queue
            })
            .collect();
        Writer {
            lanes,
            counters,
            lane_counters,
        }
    }

    /// Runs `work` inside the first lane's next batch and returns its result
    /// once the batch is committed. An `Err` from `work` undoes its changes
    /// (not the batch's); a write that must keep its changes and still
    /// refuse returns `Ok(Err(..))`.
    pub(super) async fn write<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        self.write_on(0, None, false, work).await
    }

    /// As [`Writer::write`], in a transaction of its own: for a write that
    /// takes players' rows (see the module's notes).
    pub(super) async fn write_alone<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        self.write_on(0, None, true, work).await
    }

    /// As [`Writer::write`], in the lane of `key` (a game's id): for writes
    /// that touch only that game's own rows.
    pub(super) async fn write_keyed<T, F>(&self, key: i64, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        let lane = key.unsigned_abs() % self.lanes.len() as u64;
        self.write_on(lane as usize, Some(key), false, work).await
    }

    /// Queues `work` in the lane of `key`, as [`Writer::write_keyed`], and
    /// returns once it is queued: the returned future gives its result once
    /// its batch commits. Writes for one game queued later by anyone in this
    /// process commit after it, on the same lane.
    pub(super) async fn queue_keyed<T, F>(
        &self,
        key: i64,
        work: F,
    ) -> StoreResult<impl std::future::Future<Output = StoreResult<T>> + Send + 'static>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        let lane = key.unsigned_abs() % self.lanes.len() as u64;
        let answer = self.queue_on(lane as usize, Some(key), false, work).await?;
        Ok(async move { answer.await.map_err(|_| closed())? })
    }

    async fn write_on<T, F>(
        &self,
        lane: usize,
        game: Option<i64>,
        alone: bool,
        work: F,
    ) -> StoreResult<T>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        let answer = self.queue_on(lane, game, alone, work).await?;
        answer.await.map_err(|_| closed())?
    }

    async fn queue_on<T, F>(
        &self,
        lane: usize,
        game: Option<i64>,
        alone: bool,
        work: F,
    ) -> StoreResult<oneshot::Receiver<StoreResult<T>>>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn<'c>) -> BoxFuture<'c, StoreResult<T>> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let write = TypedWrite {
            game,
            alone,
            work: Some(work),
            result: None,
            reply,
        };
        self.lanes[lane]
            .send(Request::Write(Box::new(write)))
            .await
            .map_err(|_| closed())?;
        Ok(answer)
    }

    /// Stores everything queued so far, then stops every lane. Later writes
    /// fail as if the pool were closed.
    pub(super) async fn close(&self) {
        for lane in self.lanes.iter() {
            let (done, finished) = oneshot::channel();
            if lane.send(Request::Close(done)).await.is_ok() {
                let _ = finished.await;
            }
        }
    }

    pub(super) fn stats(&self) -> WriterStats {
        WriterStats {
            batches: self.counters.batches.load(Ordering::Relaxed),
            writes: self.counters.writes.load(Ordering::Relaxed),
            largest_batch: self.counters.largest_batch.load(Ordering::Relaxed),
        }
    }

    /// Each lane's commits and failures so far, lane 0 first.
    pub(super) fn lane_stats(&self) -> Vec<LaneStats> {
        self.lane_counters
            .iter()
            .map(|lane| LaneStats {
                commits: lane.commits.load(Ordering::Relaxed),
                failures: lane.failures.load(Ordering::Relaxed),
            })
            .collect()
    }
}

/// The counters a lane's task adds to: the writer's and its own.
struct Counted {
    all: Arc<Counters>,
    lanes: Arc<[LaneCounters]>,
    lane: usize,
}

impl Counted {
    fn lane(&self) -> &LaneCounters {
        &self.lanes[self.lane]
    }
}

async fn run(
    pool: Pool,
    disk: DiskLimit,
    mut requests: mpsc::Receiver<Request>,
    counters: Counted,
) {
    let mut pages_applied = None;
    let mut queued = Vec::with_capacity(MAX_BATCH);
    while requests.recv_many(&mut queued, MAX_BATCH).await > 0 {
        let mut batch = Vec::with_capacity(queued.len());
        let mut close = None;
        for request in queued.drain(..) {
            match (request, &close) {
                // Alone: what came before it first, then it by itself.
                (Request::Write(write), None) if write.alone() => {
                    if !batch.is_empty() {
                        commit_sorted(
                            &pool,
                            &disk,
                            &mut pages_applied,
                            &counters,
                            std::mem::take(&mut batch),
                        )
                        .await;
                    }
                    commit_sorted(&pool, &disk, &mut pages_applied, &counters, vec![write]).await;
                }
                (Request::Write(write), None) => batch.push(write),
                // Queued after a close: dropping it tells its caller so.
                (Request::Write(_), Some(_)) => {}
                (Request::Close(done), _) => close = Some(done),
            }
        }
        if !batch.is_empty() {
            commit_sorted(&pool, &disk, &mut pages_applied, &counters, batch).await;
        }
        if let Some(done) = close {
            requests.close();
            let _ = done.send(());
            break;
        }
    }
}

/// Commits `batch` with its writes in the order of their games' ids (one lock
/// order for every transaction: see the module's notes), and counts it.
async fn commit_sorted(
    pool: &Pool,
    disk: &DiskLimit,
    pages_applied: &mut Option<u32>,
    counters: &Counted,
    mut batch: Vec<Box<dyn Write>>,
) {
    let size = batch.len() as u64;
    counters.all.batches.fetch_add(1, Ordering::Relaxed);
    counters.all.writes.fetch_add(size, Ordering::Relaxed);
    counters
        .all
        .largest_batch
        .fetch_max(size, Ordering::Relaxed);
    batch.sort_by_key(|write| write.game());
    let outcome = if commit_batch(pool, disk, pages_applied, batch).await {
        &counters.lane().commits
    } else {
        &counters.lane().failures
    };
    outcome.fetch_add(1, Ordering::Relaxed);
}

/// Applies `batch` in one transaction, each write in its savepoint, commits,
/// then answers every caller. Returns whether the batch was committed.
async fn commit_batch(
    pool: &Pool,
    disk: &DiskLimit,
    pages_applied: &mut Option<u32>,
    batch: Vec<Box<dyn Write>>,
) -> bool {
    let mut applied = Vec::with_capacity(batch.len());
    let mut waiting = batch.into_iter();
    let outcome = match begin_batch(pool, disk, pages_applied).await {
        Ok(mut pooled) => {
            let mut conn = pooled.conn();
            let outcome = apply_all(&mut conn, &mut waiting, &mut applied).await;
            if outcome.is_err() {
                end_failed_transaction(&mut pooled).await;
            }
            outcome
        }
        Err(error) => Err(error),
    };
    match outcome {
        Ok(()) => {
            for write in applied {
                write.answer(Ok(()));
            }
            true
        }
        Err(error) => {
            let why = error.to_string();
            tracing::error!(error = %why, writes = applied.len() + waiting.len(), "a batch of writes was lost");
            for write in applied.into_iter().chain(waiting) {
                write.answer(Err(&why));
            }
            false
        }
    }
}

/// A connection with the batch's transaction open. Pools hand out
/// connections without a ping (a round trip on every write), so a connection
/// the server dropped while it idled is found broken here, before anything
/// of the batch was sent: it is closed and the batch begins once more on a
/// fresh one. Every connection the pool holds may have been ended at once (a
/// server restart): one more attempt than the pool has connections reaches a
/// new one, and only its failure fails the batch.
async fn begin_batch(
    pool: &Pool,
    disk: &DiskLimit,
    pages_applied: &mut Option<u32>,
) -> Result<Pooled, sqlx::Error> {
    let mut attempts = 0;
    loop {
        attempts += 1;
        let mut pooled = pool.acquire().await?;
        match begin_on(&mut pooled.conn(), disk, pages_applied).await {
            Ok(()) => return Ok(pooled),
            Err(error) if attempts <= pool.max_connections() && is_broken_connection(&error) => {
                tracing::warn!(%error, "a pooled connection was broken; beginning on a fresh one");
                pooled.close_on_drop();
                // The limit is set again on the fresh connection.
                *pages_applied = None;
            }
            Err(error) => {
                end_failed_transaction(&mut pooled).await;
                return Err(error);
            }
        }
    }
}

async fn begin_on(
    conn: &mut Conn<'_>,
    disk: &DiskLimit,
    pages_applied: &mut Option<u32>,
) -> Result<(), sqlx::Error> {
    disk.apply(conn, pages_applied).await?;
    // SQLite's IMMEDIATE takes the database's one write lock up front, so a
    // write's reads and writes see one state. PostgreSQL's READ COMMITTED
    // needs nothing here: each write starts with a guarded UPDATE or a row
    // lock (`backend::lock_game` and its kin).
    let begin = match conn {
        Conn::Sqlite(_) => "BEGIN IMMEDIATE",
        Conn::Postgres(_) => "BEGIN",
    };
    execute(conn, begin).await
}

/// Whether `error` says the connection itself failed (cut, reset, or ended
/// by the server: PostgreSQL's SQLSTATE classes 08, connection exception,
/// and 57P, the server shutting the session down), rather than the statement.
fn is_broken_connection(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_) | sqlx::Error::Protocol(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(error) => error
            .code()
            .is_some_and(|code| code.starts_with("08") || code.starts_with("57P")),
        _ => false,
    }
}

async fn execute(conn: &mut Conn<'_>, sql: &'static str) -> Result<(), sqlx::Error> {
    on_conn!(conn, |c| sqlx::raw_sql(sql).execute(c).await.map(drop))
}

async fn apply_all(
    conn: &mut Conn<'_>,
    waiting: &mut std::vec::IntoIter<Box<dyn Write>>,
    applied: &mut Vec<Box<dyn Write>>,
) -> Result<(), sqlx::Error> {
    if waiting.len() == 1 {
        // Alone in its transaction, the transaction is its savepoint: a lone
        // player pays no more statements than before group commit.
        if let Some(mut write) = waiting.next() {
            let keep = write.apply(&mut conn.reborrow()).await;
            applied.push(write);
            return if keep {
                execute(conn, "COMMIT").await
            } else {
                // The write's own error is its caller's answer; SQLite may
                // have rolled back already (a full disk does), and the
                // failure path ends what is left.
                rollback_if_open(conn).await
            };
        }
    }
    execute(conn, "SAVEPOINT write").await?;
    while let Some(mut write) = waiting.next() {
        let keep = write.apply(&mut conn.reborrow()).await;
        applied.push(write);
        let more = !waiting.as_slice().is_empty();
        // Ending one savepoint and opening the next in one call saves a round
        // trip to SQLite's thread per write.
        let end = match (keep, more) {
            (true, true) => "RELEASE write; SAVEPOINT write",
            (true, false) => "RELEASE write",
            (false, true) => "ROLLBACK TO write; RELEASE write; SAVEPOINT write",
            (false, false) => "ROLLBACK TO write; RELEASE write",
        };
        // After a full disk SQLite may have rolled back every write so far:
        // the savepoint is gone, this fails, and the whole batch is lost.
        // A failed statement aborts a PostgreSQL transaction until it rolls
        // back to a savepoint; this is that rollback, so one write's error
        // (a deadlock or lock timeout another process caused included) stays
        // its own.
        execute(conn, end).await?;
    }
    execute(conn, "COMMIT").await
}

/// Whether an error says there was no transaction to end: SQLite rolled it
/// back by itself (a full disk or an I/O error during a statement or commit).
fn no_transaction(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.message().contains("no transaction is active"))
}

/// `ROLLBACK`, where SQLite having rolled back already is as good.
async fn rollback_if_open(conn: &mut Conn<'_>) -> Result<(), sqlx::Error> {
    match execute(conn, "ROLLBACK").await {
        Err(error) if !no_transaction(&error) => Err(error),
        _ => Ok(()),
    }
}

/// Leaves the connection outside any transaction after a failed batch. If
/// even that fails the connection is in a state nobody knows: it is closed,
/// and the pool opens a fresh one for the next batch.
async fn end_failed_transaction(pooled: &mut Pooled) {
    if let Err(error) = rollback_if_open(&mut pooled.conn()).await {
        tracing::error!(%error, "could not end a failed transaction; reconnecting");
        pooled.close_on_drop();
    }
}

/// How far the writer may grow the database file, in pages: SQLite's
/// `max_page_count`, set on the writer's connection before each batch. Unset
/// (the default) leaves SQLite's own limit. Lowering it to the file's size is
/// a full disk exactly as SQLite meets one, without privileges or a small
/// file system: the tests fill the disk this way. Clones share the limit.
#[derive(Clone, Debug, Default)]
pub struct DiskLimit(Arc<AtomicU32>);

/// SQLite's largest `max_page_count`.
const NO_PAGE_LIMIT: u32 = 0xFFFF_FFFE;

impl DiskLimit {
    /// From the next batch on, the file may not grow: writes that need a new
    /// page fail with "database or disk is full".
    pub fn fill_up(&self) {
        // SQLite raises a limit below the file's size to the size.
        self.0.store(1, Ordering::Relaxed);
    }

    /// From the next batch on, the file may grow again.
    pub fn free(&self) {
        self.0.store(NO_PAGE_LIMIT, Ordering::Relaxed);
    }

    /// Sets the limit on SQLite; a PostgreSQL server's disk is the server's.
    async fn apply(
        &self,
        conn: &mut Conn<'_>,
        applied: &mut Option<u32>,
    ) -> Result<(), sqlx::Error> {
        let Conn::Sqlite(conn) = conn else {
            return Ok(());
        };
        let pages = self.0.load(Ordering::Relaxed);
        if pages == 0 || *applied == Some(pages) {
            return Ok(());
        }
        // A number the writer formatted itself, not user text.
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "PRAGMA max_page_count = {pages}"
        )))
        .execute(&mut **conn)
        .await?;
        *applied = Some(pages);
        Ok(())
    }
}
