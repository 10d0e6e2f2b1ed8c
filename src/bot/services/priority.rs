//! Who goes first on the engine: live games' searches (the bot's moves, and
//! advice asked in a live game) before reviews. Every live search holds a
//! [`LiveTicket`] from the moment it asks for a search slot until its search
//! ends; a review scores one position at a time and starts the next only
//! when no ticket is held ([`LivePriority::review_turn`]). So a live move
//! never waits behind a review for more than the one position being scored
//! when it arrived, and a busy bot's reviews wait until play pauses.

use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

/// The count of live searches waiting or running, and what reviews did.
#[derive(Default)]
pub struct LivePriority {
    state: Mutex<State>,
    /// Woken when the last live search ends.
    idle: Notify,
}

#[derive(Default)]
struct State {
    live: usize,
    /// Positions reviews started scoring, since the process started.
    steps_started: u64,
}

impl LivePriority {
    /// Marks a live search as waiting or running until the ticket is dropped.
    pub fn enter(self: &Arc<Self>) -> LiveTicket {
        self.lock().live += 1;
        LiveTicket {
            priority: Arc::clone(self),
        }
    }

    /// Waits until no live search waits or runs.
    pub async fn wait_for_idle(&self) {
        loop {
            let idle = self.idle.notified();
            tokio::pin!(idle);
            // Registered before the check, so an end in between still wakes us.
            idle.as_mut().enable();
            if self.lock().live == 0 {
                return;
            }
            idle.await;
        }
    }

    /// Whether a review may score its next position now: no live search
    /// waits or runs. Called on the blocking thread right before the step,
    /// and counted under the same lock a live search takes to announce
    /// itself, so no step starts once a live search is waiting.
    pub fn begin_review_step(&self) -> bool {
        let mut state = self.lock();
        if state.live > 0 {
            return false;
        }
        state.steps_started += 1;
        true
    }

    /// Positions reviews started scoring since the process started.
    pub fn review_steps(&self) -> u64 {
        self.lock().steps_started
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A live search waiting for the engine or running on it.
pub struct LiveTicket {
    priority: Arc<LivePriority>,
}

impl Drop for LiveTicket {
    fn drop(&mut self) {
        let mut state = self.priority.lock();
        state.live -= 1;
        if state.live == 0 {
            self.priority.idle.notify_waiters();
        }
    }
}
