//! The engine as the bot uses it: searches run on tokio's blocking pool, never
//! on the runtime's threads, and a semaphore sized to the cores (or the
//! `--engine-threads` setting) bounds how many run at once, so a burst of games
//! queues instead of starving the chat.
//!
//! Searchers are kept between searches and cleared before each one
//! (`Searcher::new_game`), so a search does not allocate its table: at most
//! one searcher per slot and table size is ever kept.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::Semaphore;

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

pub(super) struct Engine {
    permits: Arc<Semaphore>,
    /// Idle searchers, with their table size in megabytes.
    idle: Arc<Mutex<Vec<(usize, Searcher)>>>,
}

impl Engine {
    pub fn new(concurrent_searches: usize) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(concurrent_searches.max(1))),
            idle: Arc::default(),
        }
    }

    /// The bot's move at `level` after `moves` from `start`. The seed makes
    /// the weak levels' choice repeatable for a given game and ply.
    pub async fn play(
        &self,
        start: &Position,
        moves: &[Move],
        level: u8,
        seed: u64,
    ) -> BotResult<SearchResult> {
        let level = Level::new(i64::from(level)).map_err(BotError::internal)?;
        self.run(start, moves, level, seed).await
    }

    /// A quick search for advice: a hint, or whether the bot takes a draw.
    pub async fn advise(
        &self,
        start: &Position,
        moves: &[Move],
        seed: u64,
    ) -> BotResult<SearchResult> {
        let level = Level::new(i64::from(ADVICE_LEVEL)).map_err(BotError::internal)?;
        self.run(start, moves, level, seed).await
    }

    async fn run(
        &self,
        start: &Position,
        moves: &[Move],
        level: Level,
        seed: u64,
    ) -> BotResult<SearchResult> {
        let waiting = Instant::now();
        let _permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(BotError::internal)?;
        timing::add(Phase::EngineWait, waiting.elapsed());
        let (start, moves) = (start.clone(), moves.to_vec());
        let idle = Arc::clone(&self.idle);
        let (result, searching) = tokio::task::spawn_blocking(move || {
            let started = Instant::now();
            let (position, history) = GameHistory::rebuild(&start, &moves)?;
            // The shallow levels search a few thousand nodes: a full-size
            // table would cost more to clear than the search.
            let hash_mb = if level.settings().depth.is_some() {
                SHALLOW_HASH_MB
            } else {
                HASH_MB
            };
            let mut searcher = take_searcher(&idle, hash_mb);
            let stop = Arc::new(AtomicBool::new(false));
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
