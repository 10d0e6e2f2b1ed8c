//! xiangqi-bot: a Discord bot that plays Xiangqi, built in layers that each know
//! only the ones below them:
//!
//! - [`rules`]: positions, FEN, legal moves, game end, notations. Pure and fast.
//!
//! Later layers (engine, render, store, bot) are added on top of these.

pub mod rules;
