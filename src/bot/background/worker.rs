//! The engine worker: this process's taker of the bot's moves left in the
//! job table (given back by a process too far behind, released by one that
//! stopped, or orphaned by one that died), and the
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
        let listening = tokio::spawn(wake_on_released_jobs(core.clone()));
        while let Some(claim) = claim_next(&core, true).await {
            let (core, outbox) = (core.clone(), outbox.clone());
            tokio::spawn(async move {
                run_job(&core, claim, None, outbox.as_ref()).await;
                post_auto_reviews(&core, outbox.as_ref()).await;
            });
        }
        listening.abort();
    })
}

/// Wakes the worker whenever any process releases a job (PostgreSQL's
/// announcements), so that an idle process takes a job another left at
/// once rather than at its next look. On SQLite there is nothing to hear.
async fn wake_on_released_jobs(core: Arc<Core>) {
    loop {
        match core.store.job_signals().await {
            Ok(None) => return,
            Ok(Some(mut signals)) => loop {
                signals.next().await;
                core.jobs.wake_worker();
            },
            Err(err) => {
                tracing::warn!(error = %err, "could not listen for released jobs; trying again");
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    }
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
