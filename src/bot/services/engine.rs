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
//! Reviews come last: they take no search slot but a permit of their own
//! (one review at a time), and score a position only while no live search
//! waits or runs ([`LivePriority`]).
//!
//! Searchers are kept between searches and cleared before each one
//! (`Searcher::new_game`), so a search does not allocate its table: at most
//! one searcher per slot and table size is ever kept.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

use crate::engine::analysis::Analyser;
use crate::engine::{GameHistory, Level, SearchResult, Searcher};
use crate::rules::{Move, Position};

use super::priority::{LivePriority, LiveTicket};
use super::timing::{self, Phase};
use crate::bot::vocabulary::error::{BotError, BotResult};

/// Transposition table per search, in megabytes: small, as several searches
/// may run at once and the bot's levels think for a second or two at most.
const HASH_MB: usize = 16;
/// Table size for the brief searches: the one-ply levels and the smallest
/// node budgets, over before a larger table would pay for its clearing.
const SHALLOW_HASH_MB: usize = 1;

/// What a search is asked for.
enum Task {
    /// The bot's move at `level`; `seed` makes a weak level's choice
    /// repeatable for a given game and ply.
    Play {
        level: Level,
        seed: u64,
        /// The bot's clock's limit on this move, if it has a clock.
        cap: Option<Duration>,
    },
    /// A hint or the bot's view of a draw offer: the engine's own best move,
    /// the same search whatever level the game is against.
    Advise,
}

impl Task {
    /// The table this search gets, in megabytes.
    fn hash_mb(&self) -> usize {
        match self {
            Task::Play { level, .. } if level.settings().searches_briefly() => SHALLOW_HASH_MB,
            _ => HASH_MB,
        }
    }

    /// Runs this search on `searcher`, the blocking part of a task.
    fn search(
        self,
        searcher: &mut Searcher,
        position: &Position,
        history: &GameHistory,
        stop: Arc<AtomicBool>,
    ) -> SearchResult {
        match self {
            Task::Play { level, seed, cap } => {
                searcher.play_level_within(position, history, level, seed, cap, stop)
            }
            Task::Advise => searcher.advise(position, history, stop),
        }
    }
}

/// Advice one user may have waiting or running at once.
pub const ADVICE_PER_USER: usize = 1;
/// Advice waiting or running in all, per search slot (`--engine-threads`).
pub const ADVICE_PER_SLOT: usize = 4;

pub struct Engine {
    slots: usize,
    permits: Arc<Semaphore>,
    advice: Admission,
    /// Idle searchers, with their table size in megabytes.
    idle: Arc<Mutex<Vec<(usize, Searcher)>>>,
    /// Every search's stop flag: set when the bot stops, so that searches
    /// still running end at once.
    halt: Arc<AtomicBool>,
    /// Live searches waiting or running, which reviews yield to.
    priority: Arc<LivePriority>,
    /// Reviews running: one at a time, beside the search slots.
    reviews: Arc<Semaphore>,
    /// The searches waiting for a slot, and how long the bot's own moves
    /// have taken lately: together, how long a move asked for now waits.
    backlog: Arc<Backlog>,
}

/// How far behind the engine is: searches waiting for a slot, a moving
/// average of the bot's searches' length, and a signal when a slot frees.
#[derive(Default)]
struct Backlog {
    waiting: AtomicUsize,
    /// Microseconds, a moving average over about the last eight searches.
    average_search_us: AtomicU64,
    freed: Notify,
}

impl Engine {
    pub fn new(concurrent_searches: usize) -> Engine {
        let slots = concurrent_searches.max(1);
        Engine {
            slots,
            permits: Arc::new(Semaphore::new(slots)),
            advice: Admission::new(ADVICE_PER_USER, ADVICE_PER_SLOT * slots),
            idle: Arc::default(),
            halt: Arc::default(),
            priority: Arc::default(),
            reviews: Arc::new(Semaphore::new(REVIEWS_AT_ONCE)),
            backlog: Arc::default(),
        }
    }

    /// The search slots, how many are searching now, and how many
    /// searches wait for one (the operators' metrics).
    pub fn slot_use(&self) -> (usize, usize, usize) {
        let busy = self.slots.saturating_sub(self.permits.available_permits());
        let waiting = self.backlog.waiting.load(Ordering::Relaxed);
        (self.slots, busy, waiting)
    }

    /// How long a search asked for now would wait for a slot, estimated
    /// from the searches waiting before it and how long the bot's searches
    /// take lately (nothing until one has ended); `None` when a slot is
    /// free and nothing waits, so it would not wait at all. A process this
    /// far behind leaves a move to others.
    pub fn expected_wait(&self) -> Option<Duration> {
        let waiting = self.backlog.waiting.load(Ordering::Relaxed) as u64;
        let slots = self.slots as u64;
        let busy = slots.saturating_sub(self.permits.available_permits() as u64);
        // Every waiting search, and the running ones, ahead of this one.
        let ahead = waiting + busy;
        if ahead < slots {
            return None;
        }
        let rounds = ahead / slots;
        let average = self.backlog.average_search_us.load(Ordering::Relaxed);
        Some(Duration::from_micros(rounds * average))
    }

    /// Resolves once a slot is free and no search is waiting for one: when
    /// a job taken from the table would start at once.
    pub async fn until_a_slot_is_free(&self) {
        loop {
            let freed = self.backlog.freed.notified();
            tokio::pin!(freed);
            // Registered before the look, so a slot freed in between wakes it.
            freed.as_mut().enable();
            if self.permits.available_permits() > 0
                && self.backlog.waiting.load(Ordering::Relaxed) == 0
            {
                return;
            }
            freed.await;
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

    /// A search slot, once one is free.
    pub async fn slot(&self) -> BotResult<Slot> {
        let waiting = Instant::now();
        // Live from the moment it waits: a review yields to a waiting move.
        let live = self.priority.enter();
        let permit = {
            // Counted until the permit comes or the caller stops waiting.
            let _waiting = Waiting::count(&self.backlog);
            self.permits.clone().acquire_owned().await
        };
        let permit = permit.map_err(BotError::internal)?;
        timing::add(Phase::EngineWait, waiting.elapsed());
        Ok(Slot {
            permit: Some(permit),
            _live: live,
            backlog: Arc::clone(&self.backlog),
        })
    }

    /// The review permit, once no other review runs.
    pub async fn review_permit(&self) -> BotResult<OwnedSemaphorePermit> {
        self.reviews
            .clone()
            .acquire_owned()
            .await
            .map_err(BotError::internal)
    }

    /// Scores the review's next position on the blocking pool, once no live
    /// search waits or runs; if one arrives before the position is started,
    /// waits again. A halted engine (the bot stopping) cancels the review.
    pub async fn review_step(&self, mut analyser: Analyser) -> BotResult<Analyser> {
        loop {
            self.priority.wait_for_idle().await;
            let priority = Arc::clone(&self.priority);
            let stop = Arc::clone(&self.halt);
            let (returned, stepped) = tokio::task::spawn_blocking(move || {
                if !priority.begin_review_step() {
                    return (analyser, Ok(false));
                }
                let stepped = analyser.step(&stop).map(|()| true);
                (analyser, stepped)
            })
            .await
            .map_err(BotError::internal)?;
            analyser = returned;
            match stepped {
                Ok(true) => return Ok(analyser),
                Ok(false) => continue,
                Err(cancelled) => return Err(BotError::internal(cancelled)),
            }
        }
    }

    /// Positions reviews started scoring since the process started.
    pub fn review_steps(&self) -> u64 {
        self.priority.review_steps()
    }

    /// The bot's move at `level` after `moves` from `start`, searched once a
    /// slot is free: the slot is held for the search alone. The seed makes
    /// the weak levels' choice repeatable for a given game and ply; `cap`,
    /// the bot's clock's share for this move, bounds the level's budget.
    pub async fn play(
        &self,
        start: &Position,
        moves: &[Move],
        level: u8,
        seed: u64,
        cap: Option<Duration>,
    ) -> BotResult<SearchResult> {
        let level = Level::new(i64::from(level)).map_err(BotError::internal)?;
        let slot = self.slot().await?;
        let started = Instant::now();
        let result = self
            .run(slot, start, moves, Task::Play { level, seed, cap })
            .await;
        self.backlog.record(started.elapsed());
        result
    }

    /// A quick search for advice asked by `user`: a hint, or whether the bot
    /// takes a draw. Refused with [`BotError::Busy`] when the user or the bot
    /// already has as much advice queued as it takes.
    pub async fn advise(
        &self,
        start: &Position,
        moves: &[Move],
        user: &str,
    ) -> BotResult<SearchResult> {
        let _queued = self.advice.admit(user).ok_or(BotError::Busy)?;
        let slot = self.slot().await?;
        self.run(slot, start, moves, Task::Advise).await
    }

    async fn run(
        &self,
        slot: Slot,
        start: &Position,
        moves: &[Move],
        task: Task,
    ) -> BotResult<SearchResult> {
        let (start, moves) = (start.clone(), moves.to_vec());
        let idle = Arc::clone(&self.idle);
        let stop = Arc::clone(&self.halt);
        let (result, searching) = tokio::task::spawn_blocking(move || {
            // Held until the search ends, even if its caller stops waiting.
            let _slot = slot;
            let started = Instant::now();
            let (position, history) = GameHistory::rebuild(&start, &moves)?;
            let hash_mb = task.hash_mb();
            let mut searcher = take_searcher(&idle, hash_mb);
            let result = task.search(&mut searcher, &position, &history, stop);
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
pub struct Slot {
    /// Always `Some` until dropped: taken in `drop` to give it back first.
    permit: Option<OwnedSemaphorePermit>,
    /// Held as long as the slot: reviews wait while it is.
    _live: LiveTicket,
    backlog: Arc<Backlog>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // The permit goes back before the wake-up, so a worker woken on
        // another thread that looks at once finds it back.
        drop(self.permit.take());
        self.backlog.freed.notify_waiters();
    }
}

/// One search counted as waiting for a slot, for as long as it lives: a
/// caller that stops waiting (its future dropped) is uncounted too.
struct Waiting<'a>(&'a Backlog);

impl<'a> Waiting<'a> {
    fn count(backlog: &'a Backlog) -> Waiting<'a> {
        backlog.waiting.fetch_add(1, Ordering::Relaxed);
        Waiting(backlog)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::Relaxed);
        // The last waiter gone may be what a worker waits on.
        self.0.freed.notify_waiters();
    }
}

impl Backlog {
    /// Adds one search's length (from asking for its slot to its end) to
    /// the moving average.
    fn record(&self, took: Duration) {
        let took = took.as_micros().min(u128::from(u32::MAX)) as u64;
        let old = self.average_search_us.load(Ordering::Relaxed);
        let new = if old == 0 { took } else { (old * 7 + took) / 8 };
        self.average_search_us.store(new, Ordering::Relaxed);
    }
}

/// Reviews the bot runs at once: one, so that a second waits rather than
/// taking a second core from play when play pauses.
const REVIEWS_AT_ONCE: usize = 1;

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
    use crate::engine::analysis::Budget;
    use std::time::Duration;

    /// A review of a 30-ply game at a small budget: a few milliseconds a
    /// position, about a tenth of a second in all.
    fn quick_analyser() -> Analyser {
        let mut position = Position::startpos();
        let mut moves = Vec::new();
        for ply in 0..30 {
            let legal = position.legal_moves();
            let mv = legal[(ply * 7 + 3) % legal.len()];
            position.make_move(mv);
            moves.push(mv);
        }
        Analyser::new(&Position::startpos(), &moves, Budget::Nodes(4000)).expect("a legal game")
    }

    async fn review_all(engine: Arc<Engine>) -> usize {
        let mut analyser = quick_analyser();
        while !analyser.is_finished() {
            analyser = engine.review_step(analyser).await.expect("a step");
        }
        analyser.done()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_review_scores_no_position_while_a_live_search_waits_or_runs() {
        let engine = Arc::new(Engine::new(1));
        let running = engine.slot().await.unwrap();
        let review = tokio::spawn(review_all(Arc::clone(&engine)));
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert_eq!(engine.review_steps(), 0, "a live search runs");
        // A second live search waits for the one slot; when the first ends
        // it runs, and the review still waits.
        let (release, released) = tokio::sync::oneshot::channel::<()>();
        let (ran, running_second) = tokio::sync::oneshot::channel::<()>();
        let waiting = tokio::spawn({
            let engine = Arc::clone(&engine);
            async move {
                let _slot = engine.slot().await.unwrap();
                let _ = ran.send(());
                let _ = released.await;
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(running);
        running_second.await.unwrap();
        tokio::time::sleep(Duration::from_millis(150)).await;
        // Between the first search's end and the second's start the review
        // may not slip in: the waiting search was live all along.
        assert_eq!(engine.review_steps(), 0, "a live search waited, then ran");
        release.send(()).unwrap();
        waiting.await.unwrap();
        let scored = review.await.unwrap();
        assert_eq!(scored, 31);
        assert_eq!(engine.review_steps(), 31);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_review_under_way_starts_no_position_once_a_live_search_arrives() {
        let engine = Arc::new(Engine::new(2));
        let review = tokio::spawn(review_all(Arc::clone(&engine)));
        while engine.review_steps() < 3 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let slot = engine.slot().await.unwrap();
        let at_arrival = engine.review_steps();
        assert!(at_arrival < 31, "the review is under way");
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert_eq!(
            engine.review_steps(),
            at_arrival,
            "the position being scored may end; no other starts"
        );
        drop(slot);
        assert_eq!(review.await.unwrap(), 31);
    }

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
