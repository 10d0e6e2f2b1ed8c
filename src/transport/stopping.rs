//! How a bot process learns it must stop: SIGTERM (what service managers and
//! container runtimes send) or SIGINT (Ctrl-C). The transports wait on
//! [`stop_requested`] beside their work and then shut down in order: take no
//! more commands, finish or release the engine jobs held
//! (`Bot::shut_down`), close the store, stop the transport.

/// Resolves with the signal's name once SIGTERM or SIGINT arrives. If the
/// handlers cannot be installed (no signal support), it never resolves and
/// says so in the log: the process then stops the way it did before.
pub async fn stop_requested() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut term), Ok(mut int)) => {
                tokio::select! {
                    _ = term.recv() => "SIGTERM",
                    _ = int.recv() => "SIGINT",
                }
            }
            (Err(err), _) | (_, Err(err)) => {
                tracing::warn!(error = %err, "cannot listen for SIGTERM and SIGINT; no graceful shutdown");
                std::future::pending().await
            }
        }
    }
    #[cfg(not(unix))]
    {
        match tokio::signal::ctrl_c().await {
            Ok(()) => "Ctrl-C",
            Err(err) => {
                tracing::warn!(error = %err, "cannot listen for Ctrl-C; no graceful shutdown");
                std::future::pending().await
            }
        }
    }
}
