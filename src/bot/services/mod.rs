//! What the handlers and the background work share: the bot's state
//! ([`Core`]: the store, the boards, the engine and its jobs, the locks that
//! keep one game's changes in order) and the operations on games that more
//! than one command needs (finding and naming games, announcing moves, the
//! bot's own move, reviews, puzzles, settings). Each service keeps its own
//! state in its own file; [`Ctx`] is what a handler is given for one
//! request.

pub mod answer;
pub mod boards;
pub mod claims;
pub mod config;
pub mod controls;
pub mod ctx;
pub mod engine;
pub mod flags;
pub mod games;
pub mod jobs;
pub mod limits;
pub mod locks;
pub mod metrics;
pub mod moves;
pub mod priority;
pub mod puzzles;
pub mod reviews;
pub mod settings;
pub mod start;
pub mod state;
pub mod suggest;
pub mod timing;
pub mod tournament_rounds;
pub mod tournaments;

pub use ctx::Ctx;
pub use state::Core;
