//! Engine jobs: the bot's moves that are due, as rows any bot process can
//! claim (`engine_jobs`, migration 0004). The table keeps itself: triggers on
//! `games` add a game's job in the transaction that makes the bot's turn and
//! drop it in the one that ends it, so a job exists exactly while a live game
//! waits on the bot, whoever changed the game.
//!
//! A process claims a job under its name with a lease: the job is its own
//! until the lease runs out, and it renews the lease while it thinks. When a
//! process dies mid-think its lease runs out and another process claims the
//! job; a process that stops cleanly releases its jobs (clears the lease) so
//! that another takes them at once. The move itself is stored under the
//! game's ply check as any move is: a process that lost its lease and
//! thinks on cannot store a second move for the same ply.
//!
//! A job given back (released) is announced on PostgreSQL with `NOTIFY` on
//! [`JOB_CHANNEL`] in the releasing transaction, so that every process's
//! worker hears of it when it commits ([`JobSignals`]) instead of at its
//! next look; leases that run out (a process died) are still found by
//! looking. SQLite has one process, whose worker is woken in memory.
//!
//! Claims are writes (through the writer, like every write): on PostgreSQL
//! the next-job claim locks with `FOR UPDATE SKIP LOCKED`, so processes
//! claiming at once take different jobs without waiting on one another; on
//! SQLite the one writer makes every claim exclusive already. Lease times are
//! the store's clock (the hosts of several processes must keep their clocks
//! in step, as NTP does, far closer than a lease).

use std::time::Duration;

use sqlx::postgres::{PgListener, PgPoolOptions};

use super::backend::{on_conn, Conn, Pool};
use super::error::StoreResult;
use super::handle::Store;
use super::model::{to_u32, GameId, UnixMillis};

/// The PostgreSQL notification channel on which released jobs are announced.
pub const JOB_CHANNEL: &str = "xiangqi_engine_jobs";

/// Announces, when the transaction on `conn` commits, that a job nobody
/// holds is waiting (PostgreSQL; nothing on SQLite).
async fn announce_released(conn: &mut Conn<'_>) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        sqlx::query("SELECT pg_notify($1, '')")
            .bind(JOB_CHANNEL)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

/// What this process hears of jobs released by any process, on a connection
/// of its own (PostgreSQL's `LISTEN`).
pub struct JobSignals {
    listener: PgListener,
}

impl JobSignals {
    /// Resolves when a job may be waiting: one was announced, or the
    /// connection was lost and made again (announcements meanwhile are
    /// lost, so the caller should look). After an error it waits a second
    /// first, so that a server that is down is not asked in a tight loop.
    pub async fn next(&mut self) {
        match self.listener.try_recv().await {
            Ok(Some(_)) => {}
            Ok(None) => tracing::info!("job announcements reconnected; looking for jobs"),
            Err(err) => {
                tracing::warn!(error = %err, "could not listen for job announcements; looking for jobs");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// A job its claimer holds: the bot's move in `game` at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineJob {
    pub game: GameId,
    /// The ply the bot moves at (the game's ply when the job was made).
    pub ply: u32,
}

/// A job as stored, with who holds it and until when (for status and tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineJobRow {
    pub job: EngineJob,
    pub due_at: UnixMillis,
    pub owner: Option<String>,
    pub lease_until: Option<UnixMillis>,
}

/// The oldest job nobody holds (never claimed, released, or its lease run
/// out), claimed in one statement. PostgreSQL skips rows another
/// transaction is claiming; SQLite's writer is alone.
const CLAIM_NEXT_POSTGRES: &str = "UPDATE engine_jobs SET owner = $1, lease_until = $2 \
     WHERE game_id = (SELECT game_id FROM engine_jobs \
                      WHERE lease_until IS NULL OR lease_until <= $3 \
                      ORDER BY due_at, game_id LIMIT 1 FOR UPDATE SKIP LOCKED) \
     RETURNING game_id, ply";
const CLAIM_NEXT_SQLITE: &str = "UPDATE engine_jobs SET owner = $1, lease_until = $2 \
     WHERE game_id = (SELECT game_id FROM engine_jobs \
                      WHERE lease_until IS NULL OR lease_until <= $3 \
                      ORDER BY due_at, game_id LIMIT 1) \
     RETURNING game_id, ply";

impl Store {
    /// Claims the oldest job nobody holds for `owner` until `lease` from now;
    /// `None` when there is none.
    pub async fn claim_engine_job(
        &self,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<Option<EngineJob>> {
        let now = self.now();
        let until = lease_end(now, lease);
        let owner = owner.to_owned();
        let row: Option<(i64, i64)> = self
            .write(move |conn| {
                Box::pin(async move {
                    let sql = match conn {
                        Conn::Sqlite(_) => CLAIM_NEXT_SQLITE,
                        Conn::Postgres(_) => CLAIM_NEXT_POSTGRES,
                    };
                    Ok(on_conn!(conn, |c| sqlx::query_as(sql)
                        .bind(&owner)
                        .bind(until)
                        .bind(now)
                        .fetch_optional(c)
                        .await?))
                })
            })
            .await?;
        row.map(job_of).transpose()
    }

    /// Claims the job of `game` at `ply` for `owner`, if it exists and
    /// nobody holds it: what the process that stored a player's move does
    /// when it has an engine slot free, to answer at once. Two processes
    /// claiming one job at once: the row's lock orders them, and the second
    /// finds it held.
    pub async fn claim_engine_job_for(
        &self,
        game: GameId,
        ply: u32,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<Option<EngineJob>> {
        let now = self.now();
        let until = lease_end(now, lease);
        let owner = owner.to_owned();
        self.write_for_game(game, move |conn| {
            Box::pin(async move { claim_job_in(conn, game, ply, &owner, until, now).await })
        })
        .await
    }

    /// Extends `owner`'s lease on `job` to `lease` from now. `false` when the
    /// job is no longer theirs: done (the game moved on), or the lease ran
    /// out and another process claimed it.
    pub async fn renew_engine_job(
        &self,
        job: &EngineJob,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<bool> {
        let until = lease_end(self.now(), lease);
        let (game, ply, owner) = (job.game, job.ply, owner.to_owned());
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                let renewed = on_conn!(conn, |c| sqlx::query(
                    "UPDATE engine_jobs SET lease_until = $1 \
                     WHERE game_id = $2 AND ply = $3 AND owner = $4",
                )
                .bind(until)
                .bind(game.0)
                .bind(i64::from(ply))
                .bind(&owner)
                .execute(c)
                .await?
                .rows_affected());
                Ok(renewed == 1)
            })
        })
        .await
    }

    /// Gives `job` back so that any process may claim it at once (its claimer
    /// could not make the move). `false` when it was not `owner`'s. In the
    /// game's lane, so it commits after the game's writes queued before it
    /// (the mark of its moves as shown, [`Store::queue_mark_announced`]).
    pub async fn release_engine_job(&self, job: &EngineJob, owner: &str) -> StoreResult<bool> {
        let (game, ply, owner) = (job.game, job.ply, owner.to_owned());
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                let released = on_conn!(conn, |c| sqlx::query(
                    "UPDATE engine_jobs SET owner = NULL, lease_until = NULL \
                     WHERE game_id = $1 AND ply = $2 AND owner = $3",
                )
                .bind(game.0)
                .bind(i64::from(ply))
                .bind(&owner)
                .execute(c)
                .await?
                .rows_affected());
                if released == 1 {
                    announce_released(conn).await?;
                }
                Ok(released == 1)
            })
        })
        .await
    }

    /// Gives back every job `owner` holds (a process stopping); returns how
    /// many.
    pub async fn release_engine_jobs_of(&self, owner: &str) -> StoreResult<u64> {
        let owner = owner.to_owned();
        self.write(move |conn| {
            Box::pin(async move {
                let released = on_conn!(conn, |c| sqlx::query(
                    "UPDATE engine_jobs SET owner = NULL, lease_until = NULL WHERE owner = $1",
                )
                .bind(&owner)
                .execute(c)
                .await?
                .rows_affected());
                if released > 0 {
                    announce_released(conn).await?;
                }
                Ok(released)
            })
        })
        .await
    }

    /// Listens for jobs released by any process (see [`JobSignals`]), on a
    /// connection apart from the store's pools; `None` on SQLite, where the
    /// one process wakes its worker itself.
    pub async fn job_signals(&self) -> StoreResult<Option<JobSignals>> {
        let Pool::Postgres(pool) = &self.reader else {
            return Ok(None);
        };
        let own = PgPoolOptions::new()
            .max_connections(1)
            .connect_lazy_with((*pool.connect_options()).clone());
        let mut listener = PgListener::connect_with(&own).await?;
        listener.listen(JOB_CHANNEL).await?;
        Ok(Some(JobSignals { listener }))
    }

    /// How many jobs nobody holds: a read, so that an idle process asks
    /// before it claims (a claim is a write, and a commit).
    pub async fn claimable_engine_jobs(&self) -> StoreResult<u64> {
        let now = self.now();
        let (count,): (i64,) = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT COUNT(*) FROM engine_jobs WHERE lease_until IS NULL OR lease_until <= $1",
            )
            .bind(now)
            .fetch_one(c)
            .await?
        });
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Every job, oldest first.
    pub async fn engine_jobs(&self) -> StoreResult<Vec<EngineJobRow>> {
        type Row = (i64, i64, i64, Option<String>, Option<i64>);
        let rows: Vec<Row> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT game_id, ply, due_at, owner, lease_until FROM engine_jobs \
                 ORDER BY due_at, game_id",
            )
            .fetch_all(c)
            .await?
        });
        rows.into_iter()
            .map(|(game, ply, due_at, owner, lease_until)| {
                Ok(EngineJobRow {
                    job: job_of((game, ply))?,
                    due_at,
                    owner,
                    lease_until,
                })
            })
            .collect()
    }
}

fn job_of((game, ply): (i64, i64)) -> StoreResult<EngineJob> {
    Ok(EngineJob {
        game: GameId(game),
        ply: to_u32(ply, "an engine job's ply")?,
    })
}

/// Claims `game`'s job at `ply` for `owner` until `until`, inside the
/// caller's transaction, if it exists and nobody holds it.
pub(super) async fn claim_job_in(
    conn: &mut Conn<'_>,
    game: GameId,
    ply: u32,
    owner: &str,
    until: UnixMillis,
    now: UnixMillis,
) -> StoreResult<Option<EngineJob>> {
    let row: Option<(i64, i64)> = on_conn!(conn, |c| sqlx::query_as(
        "UPDATE engine_jobs SET owner = $1, lease_until = $2 \
         WHERE game_id = $3 AND ply = $4 \
           AND (lease_until IS NULL OR lease_until <= $5) \
         RETURNING game_id, ply",
    )
    .bind(owner)
    .bind(until)
    .bind(game.0)
    .bind(i64::from(ply))
    .bind(now)
    .fetch_optional(c)
    .await?);
    row.map(job_of).transpose()
}

pub(super) fn lease_end(now: UnixMillis, lease: Duration) -> UnixMillis {
    now.saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX))
}
