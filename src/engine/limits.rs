//! What bounds a search: depth, nodes, time, and a flag another thread can
//! raise to stop it; and how a clock (`wtime`/`btime`) becomes a time budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits for one search. Any combination may be given; the search ends at
/// the first one reached. With none at all it runs until stopped (or until
/// the deepest depth).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes to search at most: the same node limit gives the same result.
    pub nodes: Option<u64>,
    /// Wall-clock time for the whole search.
    pub movetime: Option<Duration>,
    /// Spend all of `movetime` rather than saving what a new iteration
    /// would probably not finish: for a fixed time a move, where nothing
    /// saved is ever used (UCI `go movetime`).
    pub use_all_time: bool,
    /// Raised by anyone to make the search return as soon as it can.
    pub stop: Arc<AtomicBool>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::default()
        }
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The time to spend on one move given the clock: a share of the remaining
/// time plus most of the increment, never more than a fifth of what is left
/// (keeping a margin for the transport). `moves_to_go` defaults to 30.
pub fn clock_budget(
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
) -> Duration {
    let overhead = Duration::from_millis(30);
    let usable = remaining.saturating_sub(overhead);
    let share = usable / moves_to_go.unwrap_or(30).clamp(1, 100);
    let budget = share + increment * 3 / 4;
    budget.min(usable / 5).max(Duration::from_millis(1))
}

/// The clock a running search checks against.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadline {
    start: Instant,
    /// Stop the search at once when reached.
    hard: Option<Duration>,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
}

impl Deadline {
    pub(crate) fn new(movetime: Option<Duration>, use_all_time: bool) -> Deadline {
        Deadline {
            start: Instant::now(),
            hard: movetime,
            // An iteration costs a few times the previous one: one started
            // late rarely finishes, though its first moves still help (an
            // unfinished iteration's best move is played).
            soft: movetime.map(|t| if use_all_time { t } else { t * 3 / 4 }),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub(crate) fn hard_reached(&self) -> bool {
        self.hard.is_some_and(|t| self.start.elapsed() >= t)
    }

    pub(crate) fn soft_reached(&self) -> bool {
        self.soft.is_some_and(|t| self.start.elapsed() >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_is_a_share_of_the_clock_and_never_most_of_it() {
        let b = clock_budget(Duration::from_secs(60), Duration::ZERO, None);
        assert!(b > Duration::from_millis(1500) && b < Duration::from_millis(2500));
        let b = clock_budget(Duration::from_millis(500), Duration::from_secs(5), None);
        assert!(b <= Duration::from_millis(100));
        let b = clock_budget(Duration::ZERO, Duration::ZERO, Some(1));
        assert_eq!(b, Duration::from_millis(1));
    }
}
