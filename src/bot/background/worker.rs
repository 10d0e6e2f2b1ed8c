//! The engine worker: this process's taker of the bot's moves left in the
//! job table (released after their message when no slot was free, released
//! by a process that stopped, or orphaned by one that died), and the
//! orderly stop that lets the moves it holds finish or gives them back.

use std::sync::Arc;
use std::time::Duration;

use super::auto_review::post_auto_reviews;
use crate::bot::services::answer::run_job;
use crate::bot::services::claims::claim_next;
use crate::bot::services::Core;
use crate::bot::vocabulary::reply::Outbox;

/// Starts this process's worker: it takes jobs from the table whenever a
/// search slot is free, each on a task of its own, until the bot stops.
/// Transports start it once they can post.
pub fn spawn_engine_worker(
    core: Arc<Core>,
    outbox: Arc<dyn Outbox>,
) -> tokio::task::JoinHandle<()> {
    tracing::info!(owner = %core.jobs.owner(), lease_ms = core.jobs.lease().as_millis() as u64, "engine worker started");
    tokio::spawn(async move {
        while let Some(claim) = claim_next(&core, true).await {
            let (core, outbox) = (core.clone(), outbox.clone());
            tokio::spawn(async move {
                run_job(&core, claim, None, outbox.as_ref()).await;
                post_auto_reviews(&core, outbox.as_ref()).await;
            });
        }
    })
}

/// Makes every move owed now, one after another, waiting for a slot for
/// each (at start, before taking commands).
pub async fn work_due_jobs(core: &Core, outbox: &dyn Outbox) {
    while let Some(claim) = claim_next(core, false).await {
        run_job(core, claim, None, outbox).await;
        post_auto_reviews(core, outbox).await;
    }
}

/// Stops the bot's engine work: claims nothing more, lets the jobs it holds
/// finish for up to `grace`, then stops the searches still running and
/// releases their jobs (cleared leases: another process, or the next start,
/// takes them at once), and closes the store once its queued writes are
/// stored. The transport stops taking commands first.
pub async fn shut_down(core: &Core, grace: Duration) {
    core.jobs.stop();
    let finished = tokio::time::timeout(grace, core.jobs.all_settled())
        .await
        .is_ok();
    // Searches whose callers stopped waiting run on too: none may keep the
    // process (its blocking threads) alive.
    core.engine.halt();
    if !finished {
        // The halted searches return at once; their jobs release themselves.
        if tokio::time::timeout(Duration::from_secs(5), core.jobs.all_settled())
            .await
            .is_err()
        {
            tracing::warn!("jobs still running at shutdown");
        }
    }
    match core.store.release_engine_jobs_of(core.jobs.owner()).await {
        Ok(0) => {}
        Ok(count) => tracing::info!(count, "released engine jobs at shutdown"),
        Err(err) => {
            tracing::warn!(error = %err, "could not release engine jobs; their leases will run out")
        }
    }
    core.store.close().await;
    tracing::info!(finished, "bot stopped");
}
