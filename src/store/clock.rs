//! Where the store gets the time: the system clock in the bot, a hand-driven
//! one in tests of expiry and abandonment.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Unix time in milliseconds, UTC.
pub type UnixMillis = i64;

pub trait Clock: Send + Sync + 'static {
    fn now_ms(&self) -> UnixMillis;
}

/// Wall-clock time.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> UnixMillis {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(start: UnixMillis) -> ManualClock {
        ManualClock(AtomicI64::new(start))
    }

    pub fn set(&self, now: UnixMillis) {
        self.0.store(now, Ordering::SeqCst);
    }

    pub fn advance(&self, by: std::time::Duration) {
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(by, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> UnixMillis {
        self.0.load(Ordering::SeqCst)
    }
}
