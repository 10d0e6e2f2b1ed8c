//! The engine as the bot uses it: searches run on tokio's blocking pool, never
//! on the runtime's threads, and a semaphore sized to the cores (or the
//! `--engine-threads` setting) bounds how many run at once, so a burst of games
//! queues instead of starving the chat.
//!
//! Two kinds of work share the engine. The bot's own move in a live game is
//! owed: it is never refused, it waits for a slot (and the game row, where
//! the bot is to move, makes it durable: a restart resumes it). Advice (a
//! hint, the bot's answer to a draw offer) is work a user asked for and can
//! ask for again, so it goes through a bounded queue ([`Admission`]): at most
//! [`ADVICE_PER_USER`] per user and [`ADVICE_PER_SLOT`] per search slot in
//! all, waiting or running; beyond that the user is told the bot is busy
//! instead of waiting without bound.
//!
//! Searchers are kept between searches and cleared before each one
//! (`Searcher::new_game`), so a search does not allocate its table: at most
//! one searcher per slot and table size is ever kept.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::engine::{GameHistory, Level, SearchResult, Searcher};
use crate::rules::{Move, Position};

use super::error::{BotError, BotResult};
use super::timing::{self, Phase};

/// Transposition table per search, in megabytes: small, as several searches
/// may run at once and the bot's levels think for at most a few seconds.
const HASH_MB: usize = 16;
/// Table size for the depth-limited levels 1–4.
const SHALLOW_HASH_MB: usize = 1;

/// The level whose budget a hint or a draw decision uses: a fixed, quick
/// search, so that neither depends on how weak the opponent level is.
const ADVICE_LEVEL: u8 = 5;

/// Advice one user may have waiting or running at once.
pub(super) const ADVICE_PER_USER: usize = 1;
/// Advice waiting or running in all, per search slot (`--engine-threads`).
pub(super) const ADVICE_PER_SLOT: usize = 4;

pub(super) struct Engine {
    permits: Arc<Semaphore>,
    advice: Admission,
    /// Idle searchers, with their table size in megabytes.
    idle: Arc<Mutex<Vec<(usize, Searcher)>>>,
    /// Every search's stop flag: set when the bot stops, so that searches
    /// still running end at once.
    halt: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(concurrent_searches: usize) -> Engine {
        let slots = concurrent_searches.max(1);
        Engine {
            permits: Arc::new(Semaphore::new(slots)),
            advice: Admission::new(ADVICE_PER_USER, ADVICE_PER_SLOT * slots),
            idle: Arc::default(),
            halt: Arc::default(),
        }
    }

    /// Stops every search running now or started later (the bot is
    /// stopping); each returns the best move it has so far.
    pub fn halt(&self) {
        self.halt.store(true, Ordering::SeqCst);
    }

    /// Whether [`Engine::halt`] was called: a search that returned since may
    /// have been cut short.
    pub fn halted(&self) -> bool {
        self.halt.load(Ordering::SeqCst)
    }

    /// A search slot if one is free now, without waiting: the bot takes on a
    /// move only when it can start thinking at once (`jobs.rs`).
    pub fn try_slot(&self) -> Option<Slot> {
        self.permits
            .clone()
            .try_acquire_owned()
            .ok()
            .map(|permit| Slot { _permit: permit })
    }

    /// A search slot, once one is free.
    pub async fn slot(&self) -> BotResult<Slot> {
        let waiting = Instant::now();
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(BotError::internal)?;
        timing::add(Phase::EngineWait, waiting.elapsed());
        Ok(Slot { _permit: permit })
    }

    /// The bot's move at `level` after `moves` from `start`, searched in
    /// `slot`. The seed makes the weak levels' choice repeatable for a given
    /// game and ply.
    pub async fn play(
        &self,
        slot: Slot,
        start: &Position,
        moves: &[Move],
        level: u8,
        seed: u64,
    ) -> BotResult<SearchResult> {
        let level = Level::new(i64::from(level)).map_err(BotError::internal)?;
        self.run(slot, start, moves, level, seed).await
    }

    /// A quick search for advice asked by `user`: a hint, or whether the bot
    /// takes a draw. Refused with [`BotError::Busy`] when the user or the bot
    /// already has as much advice queued as it takes.
    pub async fn advise(
        &self,
        start: &Position,
        moves: &[Move],
        seed: u64,
        user: &str,
    ) -> BotResult<SearchResult> {
        let _queued = self.advice.admit(user).ok_or(BotError::Busy)?;
        let level = Level::new(i64::from(ADVICE_LEVEL)).map_err(BotError::internal)?;
        let slot = self.slot().await?;
        self.run(slot, start, moves, level, seed).await
    }

    async fn run(
        &self,
        slot: Slot,
        start: &Position,
        moves: &[Move],
        level: Level,
        seed: u64,
    ) -> BotResult<SearchResult> {
        let (start, moves) = (start.clone(), moves.to_vec());
        let idle = Arc::clone(&self.idle);
        let stop = Arc::clone(&self.halt);
        let (result, searching) = tokio::task::spawn_blocking(move || {
            // Held until the search ends, even if its caller stops waiting.
            let _slot = slot;
            let started = Instant::now();
            let (position, history) = GameHistory::rebuild(&start, &moves)?;
            let hash_mb = if level.settings().searches_briefly() {
                SHALLOW_HASH_MB
            } else {
                HASH_MB
            };
            let mut searcher = take_searcher(&idle, hash_mb);
            let result = searcher.play_level(&position, &history, level, seed, stop);
            lock(&idle).push((hash_mb, searcher));
            anyhow::Ok((result, started.elapsed()))
        })
        .await
        .map_err(BotError::internal)?
        .map_err(BotError::internal)?;
        timing::add(Phase::Search, searching);
        Ok(result)
    }
}

/// One of the engine's search slots (`--engine-threads`), held while a
/// search runs and given back when dropped.
pub(super) struct Slot {
    _permit: OwnedSemaphorePermit,
}

/// A bounded queue of retryable work: how much each user and everyone has
/// waiting or running.
struct Admission {
    per_user: usize,
    total: usize,
    held: Arc<Mutex<HashMap<String, usize>>>,
}

/// A place in the queue, given back when dropped.
struct Ticket {
    user: String,
    held: Arc<Mutex<HashMap<String, usize>>>,
}

impl Admission {
    fn new(per_user: usize, total: usize) -> Admission {
        Admission {
            per_user,
            total,
            held: Arc::default(),
        }
    }

    fn admit(&self, user: &str) -> Option<Ticket> {
        let mut held = lock(&self.held);
        let everyone: usize = held.values().sum();
        let mine = held.get(user).copied().unwrap_or(0);
        if everyone >= self.total || mine >= self.per_user {
            return None;
        }
        *held.entry(user.to_owned()).or_default() += 1;
        Some(Ticket {
            user: user.to_owned(),
            held: Arc::clone(&self.held),
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut held = lock(&self.held);
        if let Some(count) = held.get_mut(&self.user) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.user);
            }
        }
    }
}

/// An idle searcher with a table of `hash_mb` megabytes, cleared, or a new one.
fn take_searcher(idle: &Mutex<Vec<(usize, Searcher)>>, hash_mb: usize) -> Searcher {
    let kept = {
        let mut idle = lock(idle);
        let found = idle.iter().position(|(size, _)| *size == hash_mb);
        found.map(|index| idle.swap_remove(index).1)
    };
    match kept {
        Some(mut searcher) => {
            searcher.new_game();
            searcher
        }
        None => Searcher::new(hash_mb),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_is_bounded_per_user_and_in_all_and_given_back() {
        let admission = Admission::new(1, 2);
        let ann = admission.admit("ann").expect("ann's first");
        assert!(admission.admit("ann").is_none(), "one per user");
        let bob = admission.admit("bob").expect("bob's first");
        assert!(admission.admit("cy").is_none(), "two in all");
        drop(ann);
        assert!(
            admission.admit("cy").is_some(),
            "a place given back is free"
        );
        drop(bob);
        assert!(lock(&admission.held).is_empty());
    }
}
