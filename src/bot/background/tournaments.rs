//! The tournaments' rounds, each sweep: every tournament past its start
//! or running takes the steps it is due (`services::tournament_rounds`).
//! One tournament's failure is logged and the others go on; the next sweep
//! takes up where it stopped, as every step is read back from the store.

use crate::bot::services::tournament_rounds::tick_tournament;
use crate::bot::services::Core;
use crate::bot::vocabulary::reply::Outbox;

pub async fn tick_tournaments(core: &Core, outbox: &dyn Outbox) {
    let due = match core.store.tournaments_to_tick().await {
        Ok(due) => due,
        Err(err) => {
            tracing::error!(error = %err, "could not list the tournaments due a step");
            return;
        }
    };
    for id in due {
        if let Err(err) = tick_tournament(core, outbox, id, false).await {
            tracing::warn!(tournament = %id, error = %err, "a tournament's step failed; the next sweep tries again");
        }
    }
}
