//! The transports, above the bot's core and using only what it exports
//! (`crate::bot`): Discord through serenity, and the local console. Each
//! turns what its users type or pick into the core's requests, gives the
//! core an outbox to post through, and runs the bot's background work once
//! it can post.

pub mod console;
pub mod discord;
pub mod ops;
pub mod stopping;

/// Runs a transport's main future on a new multi-threaded runtime until it
/// ends: the transports' entry points are plain functions built on this
/// (see `bot::BoxFuture` for why).
fn on_new_runtime(
    main: impl std::future::Future<Output = anyhow::Result<()>>,
) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(main)
}
