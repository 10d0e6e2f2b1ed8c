//! Helpers shared by the integration tests: the stand-in Discord, the TLS
//! front for serenity's rate limiter, and small checks more than one test
//! file makes.

pub mod stand_in;
pub mod tls_front;

/// Whether `text` shows `fragment` as markdown would read it: unescaped.
pub fn shows_raw(text: &str, fragment: &str) -> bool {
    text.match_indices(fragment)
        .any(|(at, _)| !text[..at].ends_with('\\'))
}
