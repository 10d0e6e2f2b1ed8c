//! Taking, holding and giving back the bot's jobs (see `jobs.rs` for how a
//! process comes to hold one): a claim with the player's move or from the
//! table, its lease kept while the process thinks or posts, and its
//! release when the move cannot be made here.

use std::future::Future;

use super::games::LoadedGame;
use super::jobs::Claim;
use super::state::Core;
use crate::bot::vocabulary::error::BotResult;
use crate::rules::Move;
use crate::store::EngineJob;

/// Whether this process is too far behind to answer a move it claimed:
/// stopping, or its engine expected to keep the move queued at least
/// `hand_off_after` (2 s by default: longer than any depth-limited level's
/// queue under load, short enough that a process whose searches back up
/// hands its moves to idle ones). Such a move is given back after the
/// player's move is shown.
pub fn too_far_behind(core: &Core) -> bool {
    core.jobs.is_stopping()
        || core
            .engine
            .expected_wait()
            .is_some_and(|wait| wait >= core.config.hand_off_after)
}

/// Claims the job of `game`, where the bot is to move, for this process;
/// `None` when another process holds it or the bot is stopping (the job
/// stays in the table, and this process's worker is told to look).
pub async fn claim_now(core: &Core, game: &LoadedGame) -> Option<Claim> {
    let held = try_claim_now(core, game).await;
    if held.is_none() {
        core.jobs.wake_worker();
    }
    held
}

async fn try_claim_now(core: &Core, game: &LoadedGame) -> Option<Claim> {
    let running = core.jobs.running_guard()?;
    let claim = core.store.claim_engine_job_for(
        game.record.id,
        game.ply(),
        core.jobs.owner(),
        core.jobs.lease(),
    );
    match claim.await {
        Ok(Some(job)) => Some(Claim::new(job, running)),
        Ok(None) => None,
        Err(err) => {
            tracing::warn!(game = game.id().0, error = %err, "could not claim the bot's move; a worker will");
            None
        }
    }
}

/// Runs `thinking` (the search of the bot's move for `claim`), renewing the
/// lease meanwhile. `None` when the bot has no move to make or began to stop
/// while it thought: the caller must then not store a move, and releases
/// the job.
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

/// What the write that made the bot's move due claimed (`job`), as this
/// process's claim. No job: another process holds it, or it waits in the
/// table, where the worker is told to look; stopping: it is given back.
pub async fn answer_claimed(core: &Core, job: Option<EngineJob>) -> Option<Claim> {
    let Some(job) = job else {
        core.jobs.wake_worker();
        return None;
    };
    match core.jobs.running_guard() {
        Some(running) => Some(Claim::new(job, running)),
        None => {
            release(core, &job).await;
            None
        }
    }
}

/// Runs `work` (posting the message a claimed move answers) while renewing
/// the claim's lease: a post slower than the lease must not let another
/// process take the move, and answer, or show the message again as never
/// shown, while it is still on its way.
pub async fn holding<T>(core: &Core, claim: Option<&Claim>, work: impl Future<Output = T>) -> T {
    let Some(claim) = claim else {
        return work.await;
    };
    tokio::select! {
        done = work => done,
        never = keep_lease(core, &claim.job) => match never {},
    }
}

/// Gives back a claimed move not started on, for any process to make.
pub async fn give_back(core: &Core, claim: Claim) {
    release(core, &claim.job).await;
}

/// Gives `job` back after its move could not be made here, so that any
/// process may make it at once (the store tells the others on PostgreSQL).
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

/// Waits until one of this process's engine slots is free, then claims the
/// oldest job nobody holds: no slot is held while the claim is written.
/// `None` when the bot is stopping, or (unless `wait`) there is none. With
/// `wait`, waits for one: woken when this process or (on PostgreSQL) another
/// gives a job back, and looking every quarter lease for leases run out,
/// with a read first, so that an idle process writes nothing.
pub async fn claim_next(core: &Core, wait: bool) -> Option<Claim> {
    let mut told = true;
    loop {
        core.engine.until_a_slot_is_free().await;
        let running = core.jobs.running_guard()?;
        let found = if told {
            core.store
                .claim_engine_job(core.jobs.owner(), core.jobs.lease())
                .await
        } else {
            match core.store.claimable_engine_jobs().await {
                Ok(0) => Ok(None),
                Ok(_) => {
                    core.store
                        .claim_engine_job(core.jobs.owner(), core.jobs.lease())
                        .await
                }
                Err(err) => Err(err),
            }
        };
        match found {
            Ok(Some(job)) => return Some(Claim::new(job, running)),
            Ok(None) if !wait => return None,
            Ok(None) => {}
            Err(err) => {
                tracing::warn!(error = %err, "could not look for engine jobs");
                if !wait {
                    return None;
                }
            }
        }
        drop(running);
        told = tokio::select! {
            () = tokio::time::sleep(core.jobs.poll_every()) => false,
            () = core.jobs.woken() => true,
        };
    }
}
