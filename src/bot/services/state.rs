//! The bot's state, shared by every handler and background task: the
//! store, the boards, the engine and its jobs, the locks, the timings and
//! the settings. The services that work on more than one of them take it
//! whole; those below it (the boards, the engine, the jobs' table) keep
//! their own state and know nothing of the rest.

use std::sync::Mutex;

use crate::render::Renderer;
use crate::store::{GameId, Store};

use super::boards::Boards;
use super::config::BotConfig;
use super::engine::Engine;
use super::jobs::Jobs;
use super::limits::Limiter;
use super::locks::GameLocks;
use super::metrics::CoreMetrics;
use super::timing::MoveTimings;

/// The one shared state of the bot, in an `Arc` behind the bot's face.
pub struct Core {
    pub store: Store,
    pub boards: Boards,
    pub engine: Engine,
    /// The bot's moves as jobs claimed from the store (`jobs.rs`).
    pub jobs: Jobs,
    pub locks: GameLocks,
    pub timings: MoveTimings,
    pub config: BotConfig,
    /// Games that ended and may be due an automatic review.
    pub ended: EndedGames,
    /// Each user's rate of requests (`limits.rs`).
    pub limiter: Limiter,
    /// What operators scrape (`metrics.rs`).
    pub metrics: CoreMetrics,
}

impl Core {
    pub fn new(store: Store, renderer: Renderer, config: BotConfig) -> Core {
        let metrics = CoreMetrics::default();
        let reported = metrics.clone();
        Core {
            engine: Engine::new(config.engine_threads),
            jobs: Jobs::new(config.engine_lease),
            timings: MoveTimings::reporting_to(move |timing| reported.move_timing(timing)),
            metrics,
            boards: Boards::new(renderer, store.clock()),
            locks: GameLocks::default(),
            ended: EndedGames::default(),
            limiter: Limiter::new(config.limits),
            store,
            config,
        }
    }
}

/// The games that ended since the automatic reviews last looked.
#[derive(Default)]
pub struct EndedGames(Mutex<Vec<GameId>>);

impl EndedGames {
    /// Notes that game `id` just ended.
    pub fn push(&self, id: GameId) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(id);
    }

    /// The games noted since the last call.
    pub fn take(&self) -> Vec<GameId> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
