//! xiangqi-bot: a Discord bot that plays Xiangqi, built in layers that each know
//! only the ones below them:
//!
//! - [`rules`]: positions, FEN, legal moves, game end, notations. Pure and fast.
//! - [`engine`]: search and evaluation, pure and synchronous, cancellable.
//! - [`render`]: board pictures (PNG) and game replays (GIF).
//! - [`store`]: games, moves, players, ratings and challenges in SQLite or
//!   PostgreSQL.
//! - [`bot`]: commands, games and replies, knowing no transport.
//! - [`transport`]: Discord (through serenity) and the console channel, on
//!   top of the bot's core.
//! - [`review`]: game review, the engine's judgement of each move as the
//!   renderer draws it (graph, key moments).
//! - [`matches`]: engine-against-engine matches (a measuring tool on top of
//!   the engine; the bot does not use it).
//! - [`puzzles`]: puzzles found in engine games and checked by the engine
//!   (on top of rules and engine; the bot serves them).
//! - [`tournament`]: round-robin and Swiss pairings and standings (pure, on
//!   no other layer; the bot keeps the tournaments in the store).
//!
//! Beside them, [`rng`]: the one small random-number generator all layers use,
//! and [`metrics`]: the registry each layer adds its metrics for operators to.

pub mod bot;
pub mod engine;
pub mod i18n;
pub mod lines;
pub mod matches;
pub mod metrics;
pub mod puzzles;
pub mod render;
pub mod review;
pub mod rng;
pub mod rules;
pub mod store;
pub mod tournament;
pub mod transport;
