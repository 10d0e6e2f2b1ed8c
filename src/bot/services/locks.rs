//! The locks that keep changes in order within this process: one per game
//! (a move, the bot's answer, a takeback or a resignation in one game happen
//! one at a time; the store's ply check backs this up across processes), and
//! one held while a game is started, so that two `play`s typed at once
//! cannot both start one for the same player.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::store::GameId;

#[derive(Default)]
pub struct GameLocks {
    games: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    start: tokio::sync::Mutex<()>,
}

impl GameLocks {
    /// The lock that orders changes to game `id`.
    pub fn game(&self, id: GameId) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.games.lock().unwrap_or_else(|e| e.into_inner());
        // Forget locks nobody holds, so the map stays the size of the live games.
        if locks.len() > 256 {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        locks.entry(id).or_default().clone()
    }

    /// Held while checking "one game per player per channel" and starting
    /// a game.
    pub async fn starting(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.start.lock().await
    }
}
