//! Taking, holding and giving back the bot's jobs (see `jobs.rs` for how a
//! process comes to hold one): a claim with the player's move or from the
//! table, its lease kept while the process thinks or posts, and its
//! release when the move cannot be made.

use std::future::Future;

use super::games::LoadedGame;
use super::jobs::{Claim, ClaimedAnswer, HeldJob, ReservedSlot};
use super::state::Core;
use crate::bot::vocabulary::error::BotResult;
use crate::rules::Move;
use crate::store::EngineJob;

/// Claims the job of `game`, where the bot is to move, when a search slot
/// is free now; otherwise (or when another process holds it) the job stays
/// in the table for whichever worker has a slot first.
pub async fn claim_now(core: &Core, game: &LoadedGame) -> Option<HeldJob> {
    let held = try_claim_now(core, game).await;
    if held.is_none() {
        core.jobs.wake_worker();
    }
    held
}

async fn try_claim_now(core: &Core, game: &LoadedGame) -> Option<HeldJob> {
    let reserved = reserve_slot(core)?;
    let claim = core.store.claim_engine_job_for(
        game.record.id,
        game.ply(),
        core.jobs.owner(),
        core.jobs.lease(),
    );
    match claim.await {
        Ok(Some(job)) => Some(reserved.hold(job)),
        Ok(None) => None,
        Err(err) => {
            tracing::warn!(game = game.id().0, error = %err, "could not claim the bot's move; a worker will");
            None
        }
    }
}

/// A free search slot and a place among the running jobs, taken before a
/// job is claimed so that a claimed job can always start; `None` when no
/// slot is free or the bot is stopping.
pub fn reserve_slot(core: &Core) -> Option<ReservedSlot> {
    let running = core.jobs.running_guard()?;
    let slot = core.engine.try_slot()?;
    Some(ReservedSlot::new(running, slot))
}

/// Searches the bot's move for `held` with `think` (on the game at the
/// job's ply), renewing the lease meanwhile. `None` when the bot has no
/// move to make or the bot began to stop while it thought: the caller
/// must then not store a move, and releases the job.
pub async fn think_held(
    core: &Core,
    claim: Claim,
    thinking: impl Future<Output = BotResult<Option<Move>>> + Send,
) -> (Claim, BotResult<Option<Move>>) {
    let result = tokio::select! {
        result = thinking => result,
        never = keep_lease(core, &claim.job) => match never {},
    };
    let result = match result {
        // A search cut short by shutting down is not the level's move.
        Ok(Some(_)) if core.engine.halted() => Ok(None),
        other => other,
    };
    (claim, result)
}

/// Renews `job`'s lease every third of the lease time, for as long as it
/// is polled. A lease found lost (it ran out while this process stalled,
/// and another took the job) is logged; the ply check keeps the two
/// processes from both storing a move.
async fn keep_lease(core: &Core, job: &EngineJob) -> std::convert::Infallible {
    let mut ticks = tokio::time::interval(core.jobs.lease() / 3);
    ticks.tick().await;
    let mut held = true;
    loop {
        ticks.tick().await;
        if !held {
            continue;
        }
        match core
            .store
            .renew_engine_job(job, core.jobs.owner(), core.jobs.lease())
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
/// slot reserved before it if there was one. No job: another process holds
/// it, or it waits in the table, where the worker is told to look.
pub fn answer_claimed(
    core: &Core,
    reserved: Option<ReservedSlot>,
    job: Option<EngineJob>,
) -> Option<ClaimedAnswer> {
    match (job, reserved) {
        (Some(job), Some(reserved)) => Some(ClaimedAnswer::Held(reserved.hold(job))),
        (Some(job), None) => Some(ClaimedAnswer::Parked(job)),
        (None, _) => {
            core.jobs.wake_worker();
            None
        }
    }
}

/// Runs `work` (posting the message a claimed move answers) while renewing
/// the claim's lease: a post slower than the lease must not let another
/// process take the move, and answer, or show the message again as never
/// shown, while it is still on its way.
pub async fn holding<T>(
    core: &Core,
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
        never = keep_lease(core, job) => match never {},
    }
}

/// Gives back a claimed move not started on, for any process to make.
pub async fn give_back(core: &Core, answer: ClaimedAnswer) {
    match answer {
        ClaimedAnswer::Held(held) => release(core, &held.claim.job).await,
        ClaimedAnswer::Parked(job) => release(core, &job).await,
    }
}

/// Gives `job` back after its move could not be made, so that any process
/// may try again at once.
pub async fn release(core: &Core, job: &EngineJob) {
    match core.store.release_engine_job(job, core.jobs.owner()).await {
        Ok(_) => core.jobs.wake_worker(),
        Err(err) => {
            tracing::warn!(game = job.game.0, error = %err, "could not release a job; its lease will run out")
        }
    }
}

/// After a job's move was tried: `Ok(true)` means it is done (its move
/// stored, or the game moved on, which dropped the job); anything else
/// releases it for any process to try again at once.
pub async fn settle(core: &Core, claim: Claim, made: &BotResult<bool>) {
    let job = &claim.job;
    match made {
        Ok(true) => {}
        Ok(false) => release(core, job).await,
        Err(err) => {
            tracing::error!(game = job.game.0, error = %format!("{err:#}"), "the bot's move failed; released for another try");
            release(core, job).await;
        }
    }
}

/// Waits for a free slot, then claims the oldest job nobody holds. `None`
/// when the bot is stopping, or (unless `wait`) there is none. With `wait`,
/// waits for one, looking every poll period or when woken.
pub async fn claim_next(core: &Core, wait: bool) -> Option<HeldJob> {
    loop {
        let slot = core.engine.slot().await.ok()?;
        let running = core.jobs.running_guard()?;
        let found = match core.store.claimable_engine_jobs().await {
            Ok(0) => Ok(None),
            Ok(_) => {
                core.store
                    .claim_engine_job(core.jobs.owner(), core.jobs.lease())
                    .await
            }
            Err(err) => Err(err),
        };
        match found {
            Ok(Some(job)) => return Some(ReservedSlot::new(running, slot).hold(job)),
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
            () = tokio::time::sleep(core.jobs.poll_every()) => {}
            () = core.jobs.woken() => {}
        }
    }
}
