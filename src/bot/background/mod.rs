//! The bot's work that no request asks for, apart from the handlers as an
//! indexer is kept apart from the API it feeds: the sweep (late moves,
//! expired challenges, abandoned games), the clock watcher (fallen flags),
//! the daily puzzle's schedule, the
//! engine worker that makes the bot's moves left in the job table, the
//! automatic reviews of games that ended, and the tournaments' rounds.

pub mod auto_review;
pub mod clocks;
pub mod daily;
pub mod sweep;
pub mod tournaments;
pub mod worker;
