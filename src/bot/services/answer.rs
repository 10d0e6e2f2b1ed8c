//! The bot's own move: searched on a snapshot of the game without holding
//! it, stored only if the game has not changed meanwhile (the store's ply
//! check), and posted with the board; after the player's move it answers,
//! in the same message when that is still to be shown. Jobs (`jobs.rs`,
//! `claims.rs`) say which process makes it.

use std::future::Future;
use tracing::Instrument;

use std::time::Duration;

use crate::engine::time_for_move;
use crate::rules::{Color, Move};
use crate::store::{self, GameId, GameRecord, TimeControl, UnixMillis};

use super::claims::{self, answer_claimed, claim_now, settle};
use super::games::{load, store_error, LoadedGame};
use super::jobs::Claim;
use super::moves::{
    announce, announce_locked, announcement, last_move_iccs, move_words, play_in_memory, post_file,
    show_unshown, store_drawing_board, whats_next, PlayedMove, Unstored,
};
use super::settings::place_voice;
use super::state::Core;
use super::timing::{self, Phase};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::Outbox;
use crate::bot::vocabulary::voice::Voice;

/// Stores a player's move that the bot is to answer and, in the same
/// write, claims the answer's job for this process, so that no other
/// process's worker takes it in between: this process answers it.
pub async fn persist_claiming_answer(
    core: &Core,
    unstored: Unstored,
    by: &store::ActorId,
) -> BotResult<(PlayedMove, Option<Claim>)> {
    let Unstored {
        mut played,
        loaded_ply,
        ending,
    } = unstored;
    debug_assert!(ending.is_none(), "a game the bot is to move in is live");
    let id = played.after.id();
    let iccs = last_move_iccs(&played);
    let storing = core.store.apply_move_claiming_answer(
        id,
        loaded_ply,
        &iccs,
        by,
        core.jobs.owner(),
        core.jobs.lease(),
    );
    let (stored, job) = timing::timed(Phase::Store, storing)
        .await
        .map_err(|e| store_error(e, id))?;
    let record = &mut played.after.record;
    record.ply = stored.ply;
    record.last_activity_at = stored.played_at;
    Ok((played, answer_claimed(core, job).await))
}

/// Searches the bot's move in `snapshot` (the game at the job's ply) for
/// `claim`, renewing its lease meanwhile (see [`claims::think_held`]); the
/// search waits for one of the engine's slots, and holds it while it runs.
pub fn think_held<'a>(
    core: &'a Core,
    claim: Claim,
    snapshot: &LoadedGame,
) -> impl Future<Output = (Claim, BotResult<Option<Move>>)> + Send + 'a {
    claims::think_held(core, claim, think(core, snapshot))
}

/// The most the bot's search may take under a live clock, `to_move` being
/// the bot's side: a share of its time left at `now`, measured from the
/// start of its turn, so that time spent waiting for a slot counts.
fn clock_cap(record: &GameRecord, to_move: Color, now: UnixMillis) -> Option<Duration> {
    let TimeControl::Live { increment_secs, .. } = record.time_control else {
        return None;
    };
    let left = record.clocks.left(to_move, to_move, now)?;
    Some(time_for_move(
        Duration::from_millis(left.unsigned_abs()),
        Duration::from_secs(increment_secs.into()),
    ))
}

/// The bot's move in `snapshot`, searched without holding the game (the
/// position is copied first). `None` when the bot has no move to make.
fn think<'a>(
    core: &'a Core,
    snapshot: &LoadedGame,
) -> impl Future<Output = BotResult<Option<Move>>> + Send + 'a {
    let id = snapshot.id().0;
    let to_move = snapshot.game.position().side_to_move();
    let level = snapshot.record.participant(to_move).bot_level();
    let seed = (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(snapshot.ply());
    let start = snapshot.game.start().clone();
    let moves = snapshot.game.moves().to_vec();
    let cap = clock_cap(&snapshot.record, to_move, core.store.now());
    async move {
        let Some(level) = level else {
            return Ok(None);
        };
        let result = core
            .engine
            .play(&start, &moves, level.get(), seed, cap)
            .await?;
        match result.best_move {
            Some(mv) => {
                tracing::debug!(game = id, %mv, score = result.score.0, depth = result.depth, "bot move");
                Ok(Some(mv))
            }
            None => {
                // No legal move means the rules already ended the game.
                tracing::warn!(game = id, "the bot has no move in a live game");
                Ok(None)
            }
        }
    }
}

/// Stores and posts the bot's move searched on `snapshot` (`answer`),
/// after `player`'s move when that is still to be shown; when there is no
/// move to store, shows the player's move alone. `Ok(true)` when the job
/// is done: the move stored, or the game changed meanwhile (the store
/// refused the move and dropped the job).
pub async fn make_thought_move(
    core: &Core,
    snapshot: &LoadedGame,
    answer: BotResult<Option<Move>>,
    player: Option<&PlayedMove>,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<bool> {
    let mv = match answer {
        Ok(Some(mv)) => mv,
        Ok(None) | Err(_) => {
            if let Some(player) = player {
                announce_locked(core, player, voice, outbox).await?;
            }
            return answer.map(|_| false);
        }
    };
    store_bot_move(core, snapshot, mv, player, voice, outbox).await?;
    Ok(true)
}

/// Stores the bot's `mv` in `snapshot` under the snapshot's ply and posts
/// it, after `player`'s move when that is still to be shown (one message,
/// one board). If the game changed while the bot thought (resigned,
/// abandoned, answered by another turn) the store refuses the move: the
/// bot says nothing of it, and only the player's move is shown.
async fn store_bot_move(
    core: &Core,
    snapshot: &LoadedGame,
    mv: Move,
    player: Option<&PlayedMove>,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let lock = core.locks.game(snapshot.id());
    let _held = lock.lock().await;
    let unstored = play_in_memory(snapshot, mv, core.store.now(), voice)?;
    let (stored, board) = store_drawing_board(core, unstored, &store::ActorId::Bot, voice).await;
    let bot = match stored {
        Ok(bot) => {
            core.metrics.bot_move();
            bot
        }
        Err(BotError::Stale(_) | BotError::GameOver(_)) => {
            return match player {
                Some(player) => announce(core, player, voice, outbox).await,
                None => Ok(()),
            };
        }
        Err(other) => return Err(other),
    };
    // The moves the message shows: the bot's, and the player's before it
    // when it goes in the same message.
    let shows = if player.is_some() { 2 } else { 1 };
    let text = match player {
        Some(player) => format!(
            "#{} · {} {}{}",
            bot.after.id().0,
            move_words(player, voice),
            move_words(&bot, voice),
            whats_next(&bot, voice)
        ),
        None => announcement(&bot, voice),
    };
    let after = bot.after.ply().saturating_sub(shows);
    post_file(core, text, &bot.after, after, board?, voice, outbox).await
}

/// Makes the bot's move for a job this process holds, timed as every bot
/// move is: the game is read at the job's ply, searched, stored and posted
/// (in `voice`, else the place's language).
pub async fn run_job(core: &Core, claim: Claim, voice: Option<Voice>, outbox: &dyn Outbox) {
    let game = claim.job.game;
    core.timings
        .time(async {
            timing::set_game(game);
            let (claim, made) = make_job_move(core, claim, voice, outbox).await;
            settle(core, claim, &made).await;
        })
        .instrument(tracing::info_span!("game", game = game.0))
        .await
}

async fn make_job_move(
    core: &Core,
    claim: Claim,
    voice: Option<Voice>,
    outbox: &dyn Outbox,
) -> (Claim, BotResult<bool>) {
    let lock = core.locks.game(claim.job.game);
    let locked = lock.lock().await;
    let snapshot = match load(&core.store, claim.job.game).await {
        Ok(snapshot) => snapshot,
        Err(err) => return (claim, Err(err)),
    };
    if !snapshot.record.awaits_bot() || snapshot.ply() != claim.job.ply {
        // Done already: the store dropped the job with the change.
        return (claim, Ok(true));
    }
    let voice = match voice {
        Some(voice) => voice,
        None => place_voice(core, snapshot.record.location.guild_id.as_deref(), outbox).await,
    };
    if snapshot.record.announced_ply < snapshot.ply() {
        // Moves whose post failed, or whose process died before posting:
        // the sweep leaves them to whoever holds this job, and they go out
        // before the answer to them.
        if let Err(err) = show_unshown(core, &snapshot, voice, outbox).await {
            tracing::warn!(game = snapshot.id().0, error = %format!("{err:#}"), "could not show stored moves before the bot's answer");
        }
    }
    drop(locked);
    let (claim, thought) = think_held(core, claim, &snapshot).await;
    let made = make_thought_move(core, &snapshot, thought, None, voice, outbox).await;
    (claim, made)
}

/// Makes the bot's move in game `id` now if it is due and no other process
/// holds it; otherwise leaves it to the workers.
pub async fn move_now_or_later(
    core: &Core,
    id: GameId,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let snapshot = {
        let lock = core.locks.game(id);
        let _held = lock.lock().await;
        load(&core.store, id).await?
    };
    if !snapshot.record.awaits_bot() {
        return Ok(());
    }
    if let Some(claim) = claim_now(core, &snapshot).await {
        run_job(core, claim, Some(voice), outbox).await;
    }
    Ok(())
}
