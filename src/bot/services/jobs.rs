//! The bot's own moves as engine jobs claimed from the store (`store::jobs`):
//! the one path by which the bot moves, in one process or several. This
//! file holds this process's side of the table and what a claim is;
//! `claims.rs` takes, holds and gives back claims.
//!
//! A job is due whenever a live game waits on the bot (the store keeps the
//! rows). A process takes one in two ways:
//!
//! - with the player's move (or with the start of a game where the bot has
//!   Red): it claims that game's job in the move's own transaction, so that
//!   no other process's worker takes the job in between, and answers it
//!   itself, waiting for one of its engine slots like any search. The
//!   answer is its own from the move to the post: never parked, released
//!   and claimed again. Only a process too far behind (its engine's
//!   expected wait too long, or it is stopping) gives the job back to the
//!   table after posting the player's move, for whichever process has a
//!   slot free;
//! - from the table: a worker per process (`background::worker`) waits for
//!   a free slot, then claims the oldest job nobody holds (given back by a
//!   process too far behind, released by a process that stopped, or whose
//!   lease ran out when its process died). A worker is woken when any
//!   process gives a job back (on PostgreSQL through the store's
//!   `JobSignals`), and looks every quarter lease for leases run out.
//!
//! Moves stored before the job's ply and never shown (their post failed, or
//! their process died) are the job holder's to show, before its answer: the
//! sweep leaves games with a job due alone.
//!
//! While it thinks the process renews its lease every third of the lease
//! time. The move is stored under the game's ply check, which also drops the
//! job; when the move cannot be made (the search failed, a post failed
//! before the move was stored) the job is released for any process to
//! retry. A process that stops claims nothing more, waits up to its grace
//! time for the jobs it holds, then stops their searches and releases them.

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, OwnedRwLockReadGuard, OwnedRwLockWriteGuard, RwLock};

use crate::rng::SplitMix64;
use crate::store::EngineJob;

/// This process's side of the job table: its name on the leases it takes,
/// how long they last, and what shutting down needs.
pub struct Jobs {
    /// Written on every lease this process takes: its pid and a random part,
    /// so that a restart under the same pid is someone else.
    owner: String,
    lease: Duration,
    /// Rung when a job is left in the table, so that a slot that frees up
    /// looks at once instead of at the next poll.
    wake: Notify,
    /// Set when the bot begins to stop: claim nothing more.
    stopping: AtomicBool,
    /// Every job this process works on holds a read guard; shutting down
    /// takes the write lock to wait for them.
    running: Arc<RwLock<()>>,
    /// How many read guards are out: the jobs this process holds.
    held: Arc<AtomicUsize>,
}

impl Jobs {
    pub fn new(lease: Duration) -> Jobs {
        let tag = SplitMix64::from_entropy().next_u64() as u32;
        Jobs {
            owner: format!("{}-{tag:08x}", std::process::id()),
            lease,
            wake: Notify::new(),
            stopping: AtomicBool::new(false),
            running: Arc::new(RwLock::new(())),
            held: Arc::default(),
        }
    }

    /// This process's name on the leases it takes.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// How long this process's leases last.
    pub fn lease(&self) -> Duration {
        self.lease
    }

    /// How often an idle worker looks for jobs nobody holds: often enough
    /// that a job released or orphaned waits a small part of its lease.
    pub fn poll_every(&self) -> Duration {
        (self.lease / 4).clamp(Duration::from_millis(50), Duration::from_secs(1))
    }

    /// Whether the bot has begun to stop: claim nothing, take no commands.
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Claims nothing more from now on, and wakes the workers to see it.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.wake.notify_waiters();
    }

    /// Resolves once every job this process holds is settled.
    pub fn all_settled(&self) -> impl Future<Output = OwnedRwLockWriteGuard<()>> {
        self.running.clone().write_owned()
    }

    /// Tells this process's worker that a job waits in the table, so that
    /// it looks as soon as it has a slot rather than at its next poll.
    pub fn wake_worker(&self) {
        self.wake.notify_one();
    }

    /// Resolves when [`Jobs::wake_worker`] is called.
    pub async fn woken(&self) {
        self.wake.notified().await
    }

    /// A place among the running jobs, unless the bot is stopping.
    pub fn running_guard(&self) -> Option<Running> {
        if self.is_stopping() {
            return None;
        }
        let guard = self.running.clone().try_read_owned().ok()?;
        self.held.fetch_add(1, Ordering::Relaxed);
        Some(Running {
            _guard: guard,
            held: self.held.clone(),
        })
    }

    /// How many jobs this process holds now.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }
}

/// A place among the running jobs: shutting down waits until every one is
/// dropped.
pub struct Running {
    _guard: OwnedRwLockReadGuard<()>,
    held: Arc<AtomicUsize>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.held.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A job this process holds, with its place among the running jobs that
/// shutting down waits for: kept until the job is settled.
pub struct Claim {
    pub job: EngineJob,
    _running: Running,
}

impl Claim {
    /// `job`, claimed by this process, counted among its running jobs.
    pub fn new(job: EngineJob, running: Running) -> Claim {
        Claim {
            job,
            _running: running,
        }
    }
}
