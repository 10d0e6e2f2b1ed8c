//! The bot's own moves as engine jobs claimed from the store (`store::jobs`):
//! the one path by which the bot moves, in one process or several.
//!
//! A job is due whenever a live game waits on the bot (the store keeps the
//! rows). A process takes one in two ways:
//!
//! - at once, with the player's move (or after starting a game where the
//!   bot has Red): it claims that game's job in the move's own transaction,
//!   so that no other process's worker takes the job in between. With a free
//!   search slot it thinks at once, and the player's move and the bot's
//!   quick answer go out as one message; without one the claim is only
//!   parked ([`ClaimedAnswer::Parked`]) until the player's move (or the
//!   start) is posted, then released, so that no worker posts the bot's
//!   answer ahead of the message it answers;
//! - from the table: a worker per process waits for a free slot, looks for a
//!   job nobody holds (released after its message when no slot was free,
//!   released by a process that stopped, or whose lease ran out when its
//!   process died) and claims the oldest.
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
//! time for the jobs it holds, then stops their searches and releases them
//! (see [`Bot::shut_down`]).

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, OwnedRwLockReadGuard, RwLock};

use crate::rng::SplitMix64;
use crate::rules::Move;
use crate::store::{EngineJob, GameId};

use super::error::BotResult;
use super::games::LoadedGame;
use super::reply::Outbox;
use super::think::Slot;
use super::voice::Voice;
use super::Bot;

/// This process's side of the job table: its name on the leases it takes,
/// how long they last, and what shutting down needs.
pub(super) struct Jobs {
    /// Written on every lease this process takes: its pid and a random part,
    /// so that a restart under the same pid is someone else.
    owner: String,
    lease: Duration,
    /// Rung when a job is left in the table, so that a slot that frees up
    /// looks at once instead of at the next poll.
    wake: Notify,
    /// Set by [`Bot::shut_down`]: claim nothing more.
    stopping: AtomicBool,
    /// Every job this process works on holds a read guard; shutting down
    /// takes the write lock to wait for them.
    running: Arc<RwLock<()>>,
}

impl Jobs {
    pub(super) fn new(lease: Duration) -> Jobs {
        let tag = SplitMix64::from_entropy().next_u64() as u32;
        Jobs {
            owner: format!("{}-{tag:08x}", std::process::id()),
            lease,
            wake: Notify::new(),
            stopping: AtomicBool::new(false),
            running: Arc::new(RwLock::new(())),
        }
    }

    /// How often an idle worker looks for jobs nobody holds: often enough
    /// that a job released or orphaned waits a small part of its lease.
    fn poll_every(&self) -> Duration {
        (self.lease / 4).clamp(Duration::from_millis(50), Duration::from_secs(1))
    }
}

/// The bot's move, claimed in the write that made it due.
pub(super) enum ClaimedAnswer {
    /// With a search slot here: this process makes the move.
    Held(HeldJob),
    /// No slot was free here: claimed only so that no worker posts the
    /// move before the message it answers, and given back to every worker
    /// once that message is out ([`Bot::give_back`]).
    Parked(EngineJob),
}

/// A job this process holds and the search slot it thinks in.
pub(super) struct HeldJob {
    claim: Claim,
    slot: Slot,
}

/// A search slot and a place among the running jobs, held for a job about
/// to be claimed.
pub(super) struct ReservedSlot {
    running: OwnedRwLockReadGuard<()>,
    slot: Slot,
}

impl ReservedSlot {
    /// The claimed `job`, with this slot to think in.
    pub(super) fn hold(self, job: EngineJob) -> HeldJob {
        HeldJob {
            claim: Claim {
                job,
                _running: self.running,
            },
            slot: self.slot,
        }
    }
}

/// A job this process holds, with its place among the running jobs that
/// shutting down waits for: kept until the job is settled.
pub(super) struct Claim {
    job: EngineJob,
    _running: OwnedRwLockReadGuard<()>,
}

impl Bot {
    /// This process's name on the leases it takes (logged at start).
    pub fn job_owner(&self) -> &str {
        &self.jobs.owner
    }

    /// Whether [`Bot::shut_down`] has begun: adapters take no new commands.
    pub fn is_stopping(&self) -> bool {
        self.jobs.stopping.load(Ordering::SeqCst)
    }

    /// Claims the job of `game`, where the bot is to move, when a search
    /// slot is free now; otherwise (or when another process holds it) the
    /// job stays in the table for whichever worker has a slot first.
    pub(super) async fn claim_now(&self, game: &LoadedGame) -> Option<HeldJob> {
        let held = self.try_claim_now(game).await;
        if held.is_none() {
            self.wake_worker();
        }
        held
    }

    async fn try_claim_now(&self, game: &LoadedGame) -> Option<HeldJob> {
        let reserved = self.reserve_job_slot()?;
        let claim = self.store.claim_engine_job_for(
            game.record.id,
            game.ply(),
            &self.jobs.owner,
            self.jobs.lease,
        );
        match claim.await {
            Ok(Some(job)) => Some(reserved.hold(job)),
            Ok(None) => None,
            Err(err) => {
                tracing::warn!(game = game.id(), error = %err, "could not claim the bot's move; a worker will");
                None
            }
        }
    }

    /// A free search slot and a place among the running jobs, taken before
    /// a job is claimed so that a claimed job can always start; `None` when
    /// no slot is free or the bot is stopping.
    pub(super) fn reserve_job_slot(&self) -> Option<ReservedSlot> {
        let running = self.running_guard()?;
        let slot = self.engine.try_slot()?;
        Some(ReservedSlot { running, slot })
    }

    /// How long this process's leases last.
    pub(super) fn job_lease(&self) -> Duration {
        self.jobs.lease
    }

    /// Tells this process's worker that a job waits in the table, so that
    /// it looks as soon as it has a slot rather than at its next poll.
    pub(super) fn wake_worker(&self) {
        self.jobs.wake.notify_one();
    }

    /// A place among the running jobs, unless the bot is stopping.
    fn running_guard(&self) -> Option<OwnedRwLockReadGuard<()>> {
        if self.is_stopping() {
            return None;
        }
        self.jobs.running.clone().try_read_owned().ok()
    }

    /// Searches the bot's move for `held` on `snapshot` (the game at the
    /// job's ply), renewing the lease meanwhile. `None` when the bot has no
    /// move to make or the bot began to stop while it thought: the caller
    /// must then not store a move, and releases the job.
    pub(super) fn think_held<'a>(
        &'a self,
        held: HeldJob,
        snapshot: &LoadedGame,
    ) -> impl Future<Output = (Claim, BotResult<Option<Move>>)> + Send + 'a {
        let HeldJob { claim, slot } = held;
        let thinking = self.think(slot, snapshot);
        async move {
            let result = tokio::select! {
                result = thinking => result,
                never = self.keep_lease(&claim.job) => match never {},
            };
            let result = match result {
                // A search cut short by shutting down is not the level's move.
                Ok(Some(_)) if self.engine.halted() => Ok(None),
                other => other,
            };
            (claim, result)
        }
    }

    /// Renews `job`'s lease every third of the lease time, for as long as it
    /// is polled. A lease found lost (it ran out while this process stalled,
    /// and another took the job) is logged; the ply check keeps the two
    /// processes from both storing a move.
    async fn keep_lease(&self, job: &EngineJob) -> std::convert::Infallible {
        let mut ticks = tokio::time::interval(self.jobs.lease / 3);
        ticks.tick().await;
        let mut held = true;
        loop {
            ticks.tick().await;
            if !held {
                continue;
            }
            match self
                .store
                .renew_engine_job(job, &self.jobs.owner, self.jobs.lease)
                .await
            {
                Ok(true) => {}
                Ok(false) => {
                    held = false;
                    tracing::warn!(
                        game = job.game.0,
                        ply = job.ply,
                        "lost the lease on a bot move while thinking"
                    );
                }
                Err(err) => {
                    tracing::warn!(game = job.game.0, error = %err, "could not renew a lease")
                }
            }
        }
    }

    /// What the write that made the bot's move due claimed (`job`), with the
    /// slot reserved before it if there was one. No job: another process
    /// holds it, or it waits in the table, where the worker is told to look.
    pub(super) fn answer_claimed(
        &self,
        reserved: Option<ReservedSlot>,
        job: Option<EngineJob>,
    ) -> Option<ClaimedAnswer> {
        match (job, reserved) {
            (Some(job), Some(reserved)) => Some(ClaimedAnswer::Held(reserved.hold(job))),
            (Some(job), None) => Some(ClaimedAnswer::Parked(job)),
            (None, _) => {
                self.wake_worker();
                None
            }
        }
    }

    /// Runs `work` (posting the message a claimed move answers) while
    /// renewing the claim's lease: a post slower than the lease must not
    /// let another process take the move, and answer, or show the message
    /// again as never shown, while it is still on its way.
    pub(super) async fn holding<T>(
        &self,
        answer: Option<&ClaimedAnswer>,
        work: impl Future<Output = T>,
    ) -> T {
        let job = match answer {
            Some(ClaimedAnswer::Held(held)) => &held.claim.job,
            Some(ClaimedAnswer::Parked(job)) => job,
            None => return work.await,
        };
        tokio::select! {
            done = work => done,
            never = self.keep_lease(job) => match never {},
        }
    }

    /// Gives back a claimed move not started on, for any process to make.
    pub(super) async fn give_back(&self, answer: ClaimedAnswer) {
        match answer {
            ClaimedAnswer::Held(held) => self.release(&held.claim.job).await,
            ClaimedAnswer::Parked(job) => self.release(&job).await,
        }
    }

    /// Gives `job` back after its move could not be made, so that any
    /// process may try again at once.
    pub(super) async fn release(&self, job: &EngineJob) {
        match self.store.release_engine_job(job, &self.jobs.owner).await {
            Ok(_) => self.wake_worker(),
            Err(err) => {
                tracing::warn!(game = job.game.0, error = %err, "could not release a job; its lease will run out")
            }
        }
    }

    /// Makes the bot's move for a job this process holds: the game is read
    /// at the job's ply, searched, stored and posted (in `voice`, else the
    /// place's language).
    pub(super) async fn run_job(&self, held: HeldJob, voice: Option<Voice>, outbox: &dyn Outbox) {
        let (claim, made) = self.make_job_move(held, voice, outbox).await;
        self.settle(claim, &made).await;
        self.post_auto_reviews(outbox).await;
    }

    async fn make_job_move(
        &self,
        held: HeldJob,
        voice: Option<Voice>,
        outbox: &dyn Outbox,
    ) -> (Claim, BotResult<bool>) {
        let lock = self.game_lock(held.claim.job.game.0);
        let locked = lock.lock().await;
        let snapshot = match self.load(held.claim.job.game).await {
            Ok(snapshot) => snapshot,
            Err(err) => return (held.claim, Err(err)),
        };
        if !snapshot.record.awaits_bot() || snapshot.ply() != held.claim.job.ply {
            // Done already: the store dropped the job with the change.
            return (held.claim, Ok(true));
        }
        let voice = match voice {
            Some(voice) => voice,
            None => {
                self.place_voice(snapshot.record.location.guild_id.as_deref())
                    .await
            }
        };
        if snapshot.record.announced_ply < snapshot.ply() {
            // Moves whose post failed, or whose process died before posting:
            // the sweep leaves them to whoever holds this job, and they go
            // out before the answer to them.
            if let Err(err) = self.show_unshown(&snapshot, voice, outbox).await {
                tracing::warn!(game = snapshot.id(), error = %format!("{err:#}"), "could not show stored moves before the bot's answer");
            }
        }
        drop(locked);
        let (claim, thought) = self.think_held(held, &snapshot).await;
        let made = self
            .make_thought_move(&snapshot, thought, None, voice, outbox)
            .await;
        (claim, made)
    }

    /// After a job's move was tried: `Ok(true)` means it is done (its move
    /// stored, or the game moved on, which dropped the job); anything else
    /// releases it for any process to try again at once.
    pub(super) async fn settle(&self, claim: Claim, made: &BotResult<bool>) {
        let job = &claim.job;
        match made {
            Ok(true) => {}
            Ok(false) => self.release(job).await,
            Err(err) => {
                tracing::error!(game = job.game.0, error = %format!("{err:#}"), "the bot's move failed; released for another try");
                self.release(job).await;
            }
        }
    }

    /// Makes the bot's move in game `id` now if it is due and a slot is
    /// free; otherwise leaves it to the workers.
    pub(super) async fn move_now_or_later(
        &self,
        id: GameId,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let snapshot = {
            let lock = self.game_lock(id.0);
            let _held = lock.lock().await;
            self.load(id).await?
        };
        if !snapshot.record.awaits_bot() {
            return Ok(());
        }
        if let Some(held) = self.claim_now(&snapshot).await {
            self.run_job(held, Some(voice), outbox).await;
        }
        Ok(())
    }

    /// Makes every move owed now, one after another, waiting for a slot for
    /// each (at start, before taking commands).
    pub(super) async fn work_due_jobs(&self, outbox: &dyn Outbox) {
        while let Some(held) = self.claim_next(false).await {
            self.run_job(held, None, outbox).await;
        }
    }

    /// Waits for a free slot, then claims the oldest job nobody holds.
    /// `None` when the bot is stopping, or (unless `wait`) there is none.
    /// With `wait`, waits for one, looking every poll period or when woken.
    async fn claim_next(&self, wait: bool) -> Option<HeldJob> {
        loop {
            let slot = self.engine.slot().await.ok()?;
            let running = self.running_guard()?;
            let found = match self.store.claimable_engine_jobs().await {
                Ok(0) => Ok(None),
                Ok(_) => {
                    self.store
                        .claim_engine_job(&self.jobs.owner, self.jobs.lease)
                        .await
                }
                Err(err) => Err(err),
            };
            match found {
                Ok(Some(job)) => {
                    return Some(HeldJob {
                        claim: Claim {
                            job,
                            _running: running,
                        },
                        slot,
                    })
                }
                // Another process claimed it between the look and the claim.
                Ok(None) if !wait => return None,
                Ok(None) => {}
                Err(err) => {
                    tracing::warn!(error = %err, "could not look for engine jobs");
                    if !wait {
                        return None;
                    }
                }
            }
            drop((slot, running));
            tokio::select! {
                () = tokio::time::sleep(self.jobs.poll_every()) => {}
                () = self.jobs.wake.notified() => {}
            }
        }
    }

    /// Starts this process's worker: it takes jobs from the table whenever a
    /// search slot is free, each on a task of its own, until the bot stops.
    /// Adapters start it once they can post.
    pub fn spawn_engine_worker(
        bot: Arc<Bot>,
        outbox: Arc<dyn Outbox>,
    ) -> tokio::task::JoinHandle<()> {
        tracing::info!(owner = %bot.jobs.owner, lease_ms = bot.jobs.lease.as_millis() as u64, "engine worker started");
        tokio::spawn(async move {
            while let Some(held) = bot.claim_next(true).await {
                let (bot, outbox) = (bot.clone(), outbox.clone());
                tokio::spawn(async move { bot.run_job(held, None, outbox.as_ref()).await });
            }
        })
    }

    /// Stops the bot's engine work: claims nothing more, lets the jobs it
    /// holds finish for up to `grace`, then stops the searches still running
    /// and releases their jobs (cleared leases: another process, or the next
    /// start, takes them at once), and closes the store once its queued
    /// writes are stored. The adapter stops taking commands first.
    pub fn shut_down(&self, grace: Duration) -> super::BoxFuture<'_, ()> {
        Box::pin(async move {
            self.jobs.stopping.store(true, Ordering::SeqCst);
            self.jobs.wake.notify_waiters();
            let all_done = self.jobs.running.clone().write_owned();
            let finished = tokio::time::timeout(grace, all_done).await.is_ok();
            // Searches whose callers stopped waiting run on too: none may keep
            // the process (its blocking threads) alive.
            self.engine.halt();
            if !finished {
                // The halted searches return at once; their jobs release themselves.
                let all_done = self.jobs.running.clone().write_owned();
                if tokio::time::timeout(Duration::from_secs(5), all_done)
                    .await
                    .is_err()
                {
                    tracing::warn!("jobs still running at shutdown");
                }
            }
            match self.store.release_engine_jobs_of(&self.jobs.owner).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "released engine jobs at shutdown"),
                Err(err) => {
                    tracing::warn!(error = %err, "could not release engine jobs; their leases will run out")
                }
            }
            self.store.close().await;
            tracing::info!(finished, "bot stopped");
        })
    }
}
