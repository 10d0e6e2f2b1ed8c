//! One module per command group, each a set of handlers that take the
//! request's context (`services::Ctx`) and the command's arguments:
//! `play`; `challenge` (challenge, accept, decline); `moves` (move,
//! resign, draw, takeback, hint); `watch` (board, games, watch); `history`
//! (history, game, stats, leaderboard); `review`; `puzzle`; `settings`;
//! `rematch`; `abort`; `tournament`; `help`; and `press`, which turns a pressed button into one of
//! those commands.

pub mod abort;
pub mod challenge;
pub mod help;
pub mod history;
pub mod moves;
pub mod play;
pub mod press;
pub mod puzzle;
pub mod rematch;
pub mod review;
pub mod settings;
pub mod tournament;
pub mod watch;
