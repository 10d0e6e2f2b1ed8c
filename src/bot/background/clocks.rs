//! The clock watcher, run twice a second in every process: a game whose
//! side to move let its deadline pass is ended on time and said so where
//! it is played, within a second of the flag's fall. The store's guard
//! decides which process ends it (and that a move stored in time wins);
//! the others find nothing to do. Before the first look, and every few
//! seconds after, the watcher's heartbeat gives back the time the whole
//! bot was down (`Store::clock_heartbeat`).

use std::time::{Duration, Instant};

use crate::bot::services::flags::flag_fall;
use crate::bot::services::Core;
use crate::bot::vocabulary::reply::Outbox;

/// How often the watcher looks for fallen flags: a flag is announced at
/// most this long after it fell, plus a post.
pub const WATCH_EVERY: Duration = Duration::from_millis(500);
/// How often the heartbeat is written.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(2);
/// A heartbeat older than this means no process watched the clocks: the
/// bot was down, and the gap is given back. Well above a heartbeat's
/// period, so that a slow write is not taken for an outage.
pub const OUTAGE_AFTER: Duration = Duration::from_secs(10);

/// The watcher's state between looks: when it last wrote its heartbeat.
#[derive(Default)]
pub struct Watcher {
    last_beat: Option<Instant>,
}

impl Watcher {
    /// One look: the heartbeat when due (always on the first look, so an
    /// outage is given back before any flag is judged), then every game
    /// whose flag fell. A game that fails is logged and looked at again
    /// next time; the others go on.
    pub async fn look(&mut self, core: &Core, outbox: &dyn Outbox) {
        if self
            .last_beat
            .is_none_or(|at| at.elapsed() >= HEARTBEAT_EVERY)
        {
            match core.store.clock_heartbeat(OUTAGE_AFTER).await {
                Ok(_) => self.last_beat = Some(Instant::now()),
                Err(err) => {
                    // Flags are not judged without the heartbeat: after an
                    // outage they would fall for the bot's absence.
                    tracing::warn!(error = %err, "could not write the clocks' heartbeat");
                    return;
                }
            }
        }
        let flagged = match core.store.games_flagged().await {
            Ok(flagged) => flagged,
            Err(err) => {
                tracing::warn!(error = %err, "could not look for fallen flags");
                return;
            }
        };
        for (game, ply) in flagged {
            if let Err(err) = flag_fall(core, game, Some(ply), outbox).await {
                tracing::warn!(game = game.0, error = %format!("{err:#}"), "could not end a game on time; trying again");
            }
        }
    }
}
