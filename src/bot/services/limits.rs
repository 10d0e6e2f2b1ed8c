//! Per-user limits, so that one user cannot slow everyone: each user has a
//! token bucket for everything they send (commands, moves, button presses)
//! and a tighter one for the commands that cost an engine search or more
//! (`review`, `hint`). A request over a limit is refused before it reads
//! anything, and the user is told once, privately, how long to wait; more
//! requests in the same wait are dropped unanswered, so a flood costs the
//! bot one map lookup each, except where the transport answers every
//! request anyway (a Discord interaction), which is told the wait again.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A rate and the burst above it that a bucket allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests a minute, over time.
    pub per_minute: f64,
    /// Requests at once, after a pause.
    pub burst: f64,
}

impl Rate {
    /// No limit at all (a rate of 0 in the settings).
    pub const UNLIMITED: Rate = Rate {
        per_minute: f64::INFINITY,
        burst: f64::INFINITY,
    };

    fn per_second(self) -> f64 {
        self.per_minute / 60.0
    }
}

/// The two rates every user gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UserLimits {
    pub any: Rate,
    pub heavy: Rate,
}

impl Default for UserLimits {
    /// A player types or presses at most a few times a second even in a
    /// quick game, so 60 a minute with 15 at once never stops one; a review
    /// or hint costs a search, and 4 a minute with 3 at once is more than
    /// a player reads.
    fn default() -> UserLimits {
        UserLimits {
            any: Rate {
                per_minute: 60.0,
                burst: 15.0,
            },
            heavy: Rate {
                per_minute: 4.0,
                burst: 3.0,
            },
        }
    }
}

/// What the limiter says of one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Over a limit: tell the user to wait this long (the first refusal of
    /// a wait).
    TellToWait(Duration),
    /// Over a limit, and already told; the time left to wait.
    Drop(Duration),
}

/// One bucket: tokens now, as of `at`.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: Rate, at: Instant) -> Bucket {
        Bucket {
            tokens: rate.burst,
            at,
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second()).min(rate.burst);
        self.at = now;
    }

    /// How long until one token is there (zero when one is).
    fn wait_for_one(&self, rate: Rate) -> Duration {
        if self.tokens >= 1.0 {
            return Duration::ZERO;
        }
        Duration::from_secs_f64(((1.0 - self.tokens) / rate.per_second()).min(86_400.0))
    }
}

#[derive(Clone, Copy, Debug)]
struct UserState {
    any: Bucket,
    heavy: Bucket,
    /// Until when this user was told to wait: refusals before it are dropped.
    told_until: Option<Instant>,
}

/// Users whose buckets are full again are forgotten once this many are
/// kept: a user who sent nothing for a while costs no memory.
const FORGET_FULL_ABOVE: usize = 10_000;

/// The buckets of every user who sent something lately.
pub struct Limiter {
    limits: UserLimits,
    users: Mutex<HashMap<String, UserState>>,
}

impl Limiter {
    pub fn new(limits: UserLimits) -> Limiter {
        Limiter {
            limits,
            users: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `user` at `now` (`heavy` for a search's worth
    /// of work): allowed, or refused with what to say. A refused request
    /// takes no token, so a flood does not push the wait further away.
    pub fn check(&self, user: &str, heavy: bool, now: Instant) -> Verdict {
        let UserLimits {
            any,
            heavy: heavy_rate,
        } = self.limits;
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        if users.len() > FORGET_FULL_ABOVE {
            users.retain(|_, state| {
                let mut state = *state;
                state.any.refill(any, now);
                state.heavy.refill(heavy_rate, now);
                state.any.tokens < any.burst || state.heavy.tokens < heavy_rate.burst
            });
        }
        let state = users.entry(user.to_owned()).or_insert_with(|| UserState {
            any: Bucket::full(any, now),
            heavy: Bucket::full(heavy_rate, now),
            told_until: None,
        });
        state.any.refill(any, now);
        state.heavy.refill(heavy_rate, now);
        let wait = if heavy {
            state
                .any
                .wait_for_one(any)
                .max(state.heavy.wait_for_one(heavy_rate))
        } else {
            state.any.wait_for_one(any)
        };
        if wait.is_zero() {
            state.any.tokens -= 1.0;
            if heavy {
                state.heavy.tokens -= 1.0;
            }
            state.told_until = None;
            return Verdict::Allowed;
        }
        match state.told_until {
            Some(until) if now < until => Verdict::Drop(wait),
            _ => {
                state.told_until = Some(now + wait);
                Verdict::TellToWait(wait)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(per_minute: f64, burst: f64) -> Limiter {
        Limiter::new(UserLimits {
            any: Rate { per_minute, burst },
            heavy: Rate {
                per_minute: 2.0,
                burst: 1.0,
            },
        })
    }

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let limits = limiter(60.0, 3.0);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limits.check("ann", false, t0), Verdict::Allowed);
        }
        assert_eq!(
            limits.check("ann", false, t0),
            Verdict::TellToWait(Duration::from_secs(1))
        );
        // Told once; the rest of the wait is dropped, and takes nothing.
        for _ in 0..50 {
            assert!(matches!(limits.check("ann", false, t0), Verdict::Drop(_)));
        }
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(limits.check("ann", false, t1), Verdict::Allowed);
        assert!(matches!(
            limits.check("ann", false, t1),
            Verdict::TellToWait(_)
        ));
        // Someone else is not slowed by ann.
        assert_eq!(limits.check("bob", false, t0), Verdict::Allowed);
    }

    #[test]
    fn a_flood_gets_no_more_than_the_rate() {
        let limits = limiter(60.0, 15.0);
        let t0 = Instant::now();
        // 50 a second for 30 s.
        let allowed = (0..1500)
            .filter(|i| {
                let now = t0 + Duration::from_millis(i * 20);
                limits.check("flood", false, now) == Verdict::Allowed
            })
            .count();
        // The burst plus one a second.
        assert!((44..=46).contains(&allowed), "{allowed}");
    }

    #[test]
    fn heavy_requests_have_their_own_tighter_bucket() {
        let limits = limiter(60.0, 10.0);
        let t0 = Instant::now();
        assert_eq!(limits.check("ann", true, t0), Verdict::Allowed);
        assert_eq!(
            limits.check("ann", true, t0),
            Verdict::TellToWait(Duration::from_secs(30))
        );
        // Light requests still pass while the heavy ones wait.
        assert_eq!(limits.check("ann", false, t0), Verdict::Allowed);
        let later = t0 + Duration::from_secs(30);
        assert_eq!(limits.check("ann", true, later), Verdict::Allowed);
    }

    #[test]
    fn unlimited_never_refuses() {
        let limits = Limiter::new(UserLimits {
            any: Rate::UNLIMITED,
            heavy: Rate::UNLIMITED,
        });
        let t0 = Instant::now();
        assert!((0..10_000).all(|_| limits.check("ann", true, t0) == Verdict::Allowed));
    }

    #[test]
    fn users_with_full_buckets_are_forgotten() {
        let limits = limiter(60.0, 2.0);
        let t0 = Instant::now();
        for i in 0..=FORGET_FULL_ABOVE {
            limits.check(&format!("user{i}"), false, t0);
        }
        let later = t0 + Duration::from_secs(60);
        limits.check("late", false, later);
        assert_eq!(limits.users.lock().unwrap().len(), 1);
    }
}
