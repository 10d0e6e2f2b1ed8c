//! The engine as the bot uses it: searches run on tokio's blocking pool, never
//! on the runtime's threads, and a semaphore sized to the cores (or the
//! `--engine-threads` setting) bounds how many run at once, so a burst of games
//! queues instead of starving the chat.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::engine::{GameHistory, Level, SearchResult, Searcher};
use crate::rules::{Move, Position};

use super::error::{BotError, BotResult};

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
}

impl Engine {
    pub fn new(concurrent_searches: usize) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(concurrent_searches.max(1))),
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
        let _permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(BotError::internal)?;
        let (start, moves) = (start.clone(), moves.to_vec());
        let result = tokio::task::spawn_blocking(move || {
            let (position, history) = GameHistory::replay(&start, &moves)?;
            // The shallow levels search a few thousand nodes: a full-size
            // table would cost more to allocate and clear than the search.
            let hash_mb = if level.settings().depth.is_some() {
                SHALLOW_HASH_MB
            } else {
                HASH_MB
            };
            let mut searcher = Searcher::new(hash_mb);
            let stop = Arc::new(AtomicBool::new(false));
            anyhow::Ok(searcher.play_level(&position, &history, level, seed, stop))
        })
        .await
        .map_err(BotError::internal)?
        .map_err(BotError::internal)?;
        Ok(result)
    }
}
