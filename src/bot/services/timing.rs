//! Where a player's move spends its time inside the bot, from the request to
//! the bot's answer being posted: store round trips, waiting for an engine
//! slot, the search itself, rendering boards and posting replies. The load
//! test reads these to say what limits latency; each move's breakdown is also
//! logged at debug level (target `xiangqi_bot::bot::timing`).
//!
//! The phases are summed in a task-local, so the code that does the work only
//! wraps it in [`timed`]; outside a timed move (other commands) nothing is kept.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::store::GameId;

/// How many recent moves' timings are kept: enough for a load test, bounded
/// so that a long-running bot does not grow.
const KEPT: usize = 4096;

/// One player's move and the bot's answer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTiming {
    /// The game's id.
    pub game: GameId,
    /// Store reads and writes.
    pub store: Duration,
    /// Waiting for one of the engine's slots (searches run at once are capped).
    pub engine_wait: Duration,
    /// The search itself, on its blocking thread.
    pub search: Duration,
    /// Rendering board PNGs (including waiting for a blocking thread).
    pub render: Duration,
    /// Posting replies through the transport (HTTP on Discord).
    pub post: Duration,
    /// From the request to the bot's answer posted.
    pub total: Duration,
}

impl MoveTiming {
    /// What the phases above do not cover: parsing, locks, replaying the
    /// game, handing the search to a blocking thread. The last board is drawn
    /// while the last move is written, so those two phases overlap and this
    /// is at least what the others leave.
    pub fn other(&self) -> Duration {
        self.total
            .saturating_sub(self.store + self.engine_wait + self.search + self.render + self.post)
    }
}

/// A part of a move's handling that is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Store,
    EngineWait,
    Search,
    Render,
    Post,
}

/// A move being timed: its game, once known, and its phases so far.
#[derive(Clone, Copy, Default)]
struct Timing {
    game: Option<GameId>,
    store: Duration,
    engine_wait: Duration,
    search: Duration,
    render: Duration,
    post: Duration,
}

tokio::task_local! {
    static CURRENT: RefCell<Timing>;
}

/// Adds `elapsed` to `phase` of the move being timed, if any.
pub fn add(phase: Phase, elapsed: Duration) {
    let _ = CURRENT.try_with(|current| {
        let mut current = current.borrow_mut();
        let slot = match phase {
            Phase::Store => &mut current.store,
            Phase::EngineWait => &mut current.engine_wait,
            Phase::Search => &mut current.search,
            Phase::Render => &mut current.render,
            Phase::Post => &mut current.post,
        };
        *slot += elapsed;
    });
}

/// Names the game of the move being timed, once it is known.
pub fn set_game(game: GameId) {
    let _ = CURRENT.try_with(|current| current.borrow_mut().game = Some(game));
}

/// Runs `work`, counting its time to `phase`.
pub async fn timed<F: Future>(phase: Phase, work: F) -> F::Output {
    let started = Instant::now();
    let output = work.await;
    add(phase, started.elapsed());
    output
}

/// What is told of each move timed, beside keeping it (the metrics).
type Report = Box<dyn Fn(&MoveTiming) + Send + Sync>;

/// The timings of the bot's recent moves.
#[derive(Default)]
pub struct MoveTimings {
    recent: Mutex<VecDeque<MoveTiming>>,
    report: Option<Report>,
}

impl std::fmt::Debug for MoveTimings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveTimings")
            .field("recent", &self.recent)
            .finish_non_exhaustive()
    }
}

impl MoveTimings {
    /// Timings that also hand each move's timing to `report`.
    pub fn reporting_to(report: impl Fn(&MoveTiming) + Send + Sync + 'static) -> MoveTimings {
        MoveTimings {
            recent: Mutex::default(),
            report: Some(Box::new(report)),
        }
    }

    /// The kept timings, oldest first.
    pub fn recent(&self) -> Vec<MoveTiming> {
        self.lock().iter().copied().collect()
    }

    /// Runs the handling of a move, timing its phases, and keeps the result
    /// when the move was for a game.
    pub async fn time<F: Future>(&self, work: F) -> F::Output {
        let started = Instant::now();
        let cell = RefCell::new(Timing::default());
        let (output, cell) = CURRENT
            .scope(cell, async {
                let output = work.await;
                (output, CURRENT.with(|c| c.clone()))
            })
            .await;
        let phases = cell.into_inner();
        let Some(game) = phases.game else {
            // No game was found for it (chat that looked like a move, or a
            // move typed where no game is played): not a move to time.
            return output;
        };
        let timing = MoveTiming {
            game,
            store: phases.store,
            engine_wait: phases.engine_wait,
            search: phases.search,
            render: phases.render,
            post: phases.post,
            total: started.elapsed(),
        };
        tracing::debug!(
            game = timing.game.0,
            total_us = timing.total.as_micros() as u64,
            store_us = timing.store.as_micros() as u64,
            engine_wait_us = timing.engine_wait.as_micros() as u64,
            search_us = timing.search.as_micros() as u64,
            render_us = timing.render.as_micros() as u64,
            post_us = timing.post.as_micros() as u64,
            "move timing"
        );
        if let Some(report) = &self.report {
            report(&timing);
        }
        let mut recent = self.lock();
        if recent.len() == KEPT {
            recent.pop_front();
        }
        recent.push_back(timing);
        output
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<MoveTiming>> {
        self.recent
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
