//! The integration tests, built as one test binary (`it`) so that a build
//! links once instead of once per file. Each file below is one subject; the
//! helpers they share live in `tests/support/`, and the data files in
//! `tests/data/`.
//!
//! Run everything with `cargo test --release --test it`, and one part by its
//! module path as a filter, for example `cargo test --release --test it store::`
//! or `cargo test --release --test it discord_e2e::fifty -- --nocapture`.

#[path = "../support/mod.rs"]
mod support;

mod analyze_cli;
mod bot_core;
mod cli;
mod console;
mod deploy;
mod discord_e2e;
mod discord_limiter;
mod discord_stand_in;
mod engine_mates;
mod engine_search;
mod fen;
mod match_cli;
mod movegen;
mod operations;
mod perft;
mod puzzles;
mod scale_out;
mod status_cli;
mod store;
mod structure;
mod tournaments;
mod uci_session;
