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
//! - [`levels`]: the bot's playing levels 1–20;
//! - [`score`]: scores, mate distances and their UCI form;
//! - [`analysis`]: game review, every move judged by the expected score it lost.

pub mod analysis;
pub(crate) mod correction;
pub(crate) mod evaluate;
pub(crate) mod levels;
pub(crate) mod limits;
pub(crate) mod movepick;
pub(crate) mod pst;
pub(crate) mod repetition;
pub(crate) mod score;
pub(crate) mod search;
pub mod selfplay;
pub(crate) mod tt;
pub mod tune;
pub mod uci;
pub(crate) mod weights;

pub(crate) use levels::{time_for_move, Level};
pub use limits::Limits;
pub use repetition::GameHistory;
pub use score::Score;
pub use search::{SearchResult, Searcher};
pub use tt::{DEFAULT_HASH_MB, MAX_HASH_MB};
