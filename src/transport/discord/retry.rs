//! Retrying REST calls that failed on the way rather than on their merits:
//! 429 (rate limited), 500, 502, 503 and 504, a connection reset or refused,
//! and a request that timed out. Each is tried again a bounded number of
//! times, after a wait that doubles with each attempt, with jitter so that
//! many posts failed by one outage do not all come back at one instant.
//!
//! A call Discord refused (any other 4xx) is not tried again: it would be
//! refused again, and refusals count toward Discord's invalid-request limit.
//!
//! Whether a retry can double what the first attempt did is the caller's
//! concern: message creates carry a nonce with `enforce_nonce` (Discord then
//! answers a repeat with the message already made), edits and deletes are
//! idempotent, an interaction callback repeated after it reached Discord is
//! answered 40060 (*already acknowledged*), which [`acknowledged_before`]
//! lets the caller take as done.

use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

use super::metrics::DiscordMetrics;

/// A kind of REST call: what the log calls it, and its route (Discord's
/// path with its ids as names), the metrics' label.
#[derive(Clone, Copy, Debug)]
pub struct Call {
    pub what: &'static str,
    pub route: &'static str,
}

const MESSAGES: &str = "POST /channels/{channel}/messages";
const MESSAGE: &str = "PATCH /channels/{channel}/messages/{message}";
const DELETE_MESSAGE: &str = "DELETE /channels/{channel}/messages/{message}";
const FOLLOWUP: &str = "POST /webhooks/{application}/{token}";
const ORIGINAL: &str = "PATCH /webhooks/{application}/{token}/messages/@original";

pub const POST_MESSAGE: Call = Call {
    what: "posting a message",
    route: MESSAGES,
};
pub const POST_TURN_NOTICE: Call = Call {
    what: "posting a turn notice",
    route: MESSAGES,
};
pub const EDIT_BOARD: Call = Call {
    what: "editing a game's board",
    route: MESSAGE,
};
pub const CLEAR_BOARD_BUTTONS: Call = Call {
    what: "taking a board's buttons off",
    route: MESSAGE,
};
pub const CLEAR_PRESSED_BUTTONS: Call = Call {
    what: "removing used buttons",
    route: MESSAGE,
};
pub const CLEAR_RESPONSE_BUTTONS: Call = Call {
    what: "removing used buttons",
    route: ORIGINAL,
};
pub const DELETE_TURN_NOTICE: Call = Call {
    what: "deleting a turn notice",
    route: DELETE_MESSAGE,
};
pub const THREAD_FROM_MESSAGE: Call = Call {
    what: "opening a thread",
    route: "POST /channels/{channel}/messages/{message}/threads",
};
pub const THREAD_ALONE: Call = Call {
    what: "opening a thread",
    route: "POST /channels/{channel}/threads",
};
pub const FOLLOW_UP: Call = Call {
    what: "following up a slash command",
    route: FOLLOWUP,
};
pub const FOLLOW_UP_PRIVATELY: Call = Call {
    what: "answering a button privately",
    route: FOLLOWUP,
};
pub const EDIT_RESPONSE: Call = Call {
    what: "editing a slash command's response",
    route: ORIGINAL,
};
pub const DELETE_RESPONSE: Call = Call {
    what: "deleting a placeholder",
    route: "DELETE /webhooks/{application}/{token}/messages/@original",
};
pub const INTERACTION_CALLBACK: Call = Call {
    what: "answering an interaction",
    route: "POST /interactions/{interaction}/{token}/callback",
};
pub const SEARCH_MEMBERS: Call = Call {
    what: "searching members",
    route: "GET /guilds/{guild}/members/search",
};

/// Attempts in all, the first included. With the waits below, a call is
/// given up after about 0.25 + 0.5 + 1 + 2 = 3.75 s of waiting (jitter
/// aside), short enough that a player is told soon that their move is
/// stored and will be shown, long enough to ride out a proxy restarting.
pub const ATTEMPTS: u32 = 5;
/// The wait before the first retry, doubled after each.
const FIRST_WAIT: Duration = Duration::from_millis(250);
/// No wait is longer than this.
const LONGEST_WAIT: Duration = Duration::from_secs(4);
/// How long a REST call may take, by default, before it is given up and
/// tried again (`--rest-timeout-secs`): a post carries a board of about
/// 50 KB, an answer comes in well under a second.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// Why a call may succeed if tried again, or `None` when it should not be.
pub fn transient(err: &serenity::Error) -> Option<&'static str> {
    use serenity::http::HttpError;
    match err {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            match response.status_code.as_u16() {
                429 => Some("rate limited"),
                500 => Some("500 Internal Server Error"),
                502 => Some("502 Bad Gateway"),
                503 => Some("503 Service Unavailable"),
                504 => Some("504 Gateway Timeout"),
                _ => None,
            }
        }
        serenity::Error::Http(HttpError::Request(err)) => {
            if err.is_timeout() {
                Some("timed out")
            } else if err.is_connect() {
                Some("could not connect")
            } else if err.is_request() || err.is_body() {
                // The connection broke while the request or its answer was
                // on the way (a reset mid-upload shows as this).
                Some("connection lost")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether Discord refused an interaction callback because the interaction
/// was acknowledged already (40060): after an attempt that failed on the
/// way, that attempt reached Discord, and the callback is done.
pub fn acknowledged_before(err: &serenity::Error) -> bool {
    matches!(
        err,
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 40060
    )
}

/// The wait before retry number `retry` (1 for the first): the doubling
/// wait, jittered to between half of it and all of it.
pub fn backoff(retry: u32, jitter: u64) -> Duration {
    let doubled = FIRST_WAIT.saturating_mul(1 << retry.saturating_sub(1).min(16));
    let full = doubled.min(LONGEST_WAIT);
    let half = full / 2;
    let spread = u64::try_from(half.as_micros()).unwrap_or(u64::MAX).max(1);
    half + Duration::from_micros(jitter % spread)
}

/// A number that differs between calls and processes, for jitter and
/// message nonces: the standard library's randomly keyed hasher over the
/// time.
pub fn jitter() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// Runs `call` until it succeeds, fails for good, or [`ATTEMPTS`] are
/// spent, counting each attempt in `metrics`; `kind` names it in the log
/// and the metrics. `call` is given the attempt's number (1 for the
/// first), so that it can read a refusal of a repeat.
pub async fn retrying<T, F, Fut>(
    metrics: &DiscordMetrics,
    kind: Call,
    mut call: F,
) -> serenity::Result<T>
where
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 1;
    loop {
        let outcome = call(attempt).await;
        metrics.rest_call(kind.route, &outcome);
        match outcome {
            Err(err) if attempt < ATTEMPTS => {
                let Some(why) = transient(&err) else {
                    return Err(err);
                };
                let wait = backoff(attempt, jitter());
                tracing::info!(
                    call = kind.what,
                    attempt,
                    ?wait,
                    "Discord call failed ({why}); trying again"
                );
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_and_stay_bounded() {
        for retry in 1..=40 {
            for jitter in [0, 1, 12_345, u64::MAX] {
                let wait = backoff(retry, jitter);
                let full = FIRST_WAIT
                    .saturating_mul(1 << (retry - 1).min(16))
                    .min(LONGEST_WAIT);
                assert!(wait >= full / 2 && wait <= full, "{retry}: {wait:?}");
            }
        }
        assert_eq!(backoff(1, 0), Duration::from_millis(125));
        assert_eq!(backoff(2, 0), Duration::from_millis(250));
        assert_eq!(backoff(30, 0), LONGEST_WAIT / 2);
    }

    #[test]
    fn jitter_spreads_the_waits() {
        let waits: std::collections::HashSet<Duration> =
            (0..50).map(|_| backoff(3, jitter())).collect();
        assert!(waits.len() > 10, "{waits:?}");
    }
}
