//! Faults a test injects on the way to and from the stand-in, beyond
//! Discord's refusals (`fail_next`): an answer lost after the call was
//! carried out (a 5xx from Discord's edge, or a timeout, after the message
//! was made), a connection reset while the request is still being sent, and
//! an answer held back. Each applies once, to the next call of its method
//! whose path starts with its prefix. The gateway's faults are in
//! `gateway.rs`.

use std::time::{Duration, Instant};

use hyper::Method;

/// What happens to a call a fault catches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FaultKind {
    /// The call is carried out, and then answered with this status and no
    /// Discord error code, as an edge proxy does when Discord's answer does
    /// not reach it in time.
    AnswerLost { status: u16 },
    /// Part of the request is read, then the connection is closed without
    /// an answer: nothing is carried out.
    Reset,
    /// The call is carried out and answered this much later.
    Delay(Duration),
}

pub struct Fault {
    pub method: String,
    pub prefix: String,
    pub kind: FaultKind,
}

/// The faults waiting, in the order they were injected.
#[derive(Default)]
pub struct Faults {
    pending: Vec<Fault>,
}

impl Faults {
    pub fn push(&mut self, method: &str, path_prefix: &str, kind: FaultKind) {
        self.pending.push(Fault {
            method: method.to_string(),
            prefix: path_prefix.trim_start_matches('/').to_string(),
            kind,
        });
    }

    /// Takes the first fault that catches a call of `method` on `path`
    /// (below `/api/v10/`).
    pub fn take(&mut self, method: &Method, path: &str) -> Option<FaultKind> {
        let at = self.pending.iter().position(|f| {
            f.method.eq_ignore_ascii_case(method.as_str()) && path.starts_with(&f.prefix)
        })?;
        Some(self.pending.remove(at).kind)
    }

    pub fn pending(&self) -> usize {
        self.pending.len()
    }
}

/// How long a message create's nonce is remembered when `enforce_nonce` is
/// set. Discord says "the past few minutes"; five is the stand-in's reading.
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);
/// The longest nonce Discord takes, in characters.
pub const MAX_NONCE_CHARS: usize = 25;

/// The messages created with `enforce_nonce`, by channel and nonce.
#[derive(Default)]
pub struct Nonces {
    seen: std::collections::HashMap<(u64, String), (u64, Instant)>,
}

impl Nonces {
    /// The message created in `channel` with `nonce` within the window.
    pub fn find(&self, channel: u64, nonce: &str) -> Option<u64> {
        self.seen
            .get(&(channel, nonce.to_string()))
            .filter(|(_, at)| at.elapsed() < NONCE_WINDOW)
            .map(|(id, _)| *id)
    }

    pub fn remember(&mut self, channel: u64, nonce: String, message: u64) {
        self.seen
            .insert((channel, nonce), (message, Instant::now()));
    }
}
