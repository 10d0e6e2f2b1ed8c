//! The engine: chooses moves for the bot and for the `uci` and `bench`
//! commands. Pure and synchronous: it reads a [`Position`](crate::rules::Position)
//! and the game's history, searches within [`Limits`], and can be stopped from
//! another thread through the limits' stop flag.
//!
//! Layout, one concern per module, in the manner of Stockfish:
//! - [`search`]: iterative deepening, PVS alpha-beta, quiescence, pruning;
//! - [`evaluate`] and [`pst`]: the static evaluation and its tables;
//! - [`correction`]: what searches found the evaluation missed, by structure;
//! - [`tt`]: the transposition table;
//! - [`movepick`]: move ordering (TT move, captures, killers, history);
//! - [`repetition`]: the game's past positions and the repetition rules in search;
//! - [`limits`]: depth, node and time limits, clock to time budget;
//! - [`levels`]: the bot's playing levels 1–8;
//! - [`score`]: scores, mate distances and their UCI form.

pub mod correction;
pub mod evaluate;
pub mod levels;
pub mod limits;
pub mod movepick;
pub mod pst;
pub mod repetition;
pub mod score;
pub mod search;
pub mod selfplay;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod weights;

pub use levels::{Level, LevelError, LevelSettings};
pub use limits::{clock_budget, Limits};
pub use repetition::{GameHistory, IllegalHistoryMove, PastPosition};
pub use score::Score;
pub use search::{SearchResult, Searcher};
pub use tt::DEFAULT_HASH_MB;
