//! The sweep, run at start and every minute: stored moves never shown go
//! out, expired challenges are announced and retired, and a game with no
//! move for the idle time is lost by the side to move (the bot, whose turn
//! never idles, is asked to move instead). Each challenge and game is
//! handled on its own: one that fails (a post refused, a write that failed)
//! is logged and left for the next sweep, and the others go on.

use std::time::Duration;

use crate::i18n::Msg;
use crate::store::{self, GameResult};

use crate::bot::services::answer::move_now_or_later;
use crate::bot::services::ctx::post;
use crate::bot::services::games::{load, location_place, result_sentence, seat, store_error};
use crate::bot::services::moves::{announce_all_late, end_buttons, review_offer};
use crate::bot::services::settings::{place_voice, wants_turn_notices};
use crate::bot::services::Core;
use crate::bot::vocabulary::error::{role_mention, BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::{is_place_gone, Outbox, Reply};

/// One sweep (see the module's comment).
pub async fn sweep(core: &Core, outbox: &dyn Outbox) -> BotResult<()> {
    announce_all_late(core, outbox).await?;
    let expired = core
        .store
        .expired_challenges()
        .await
        .map_err(BotError::internal)?;
    for challenge in expired {
        if let Err(err) = retire_challenge(core, &challenge, outbox).await {
            tracing::warn!(challenge = challenge.id.0, error = %format!("{err:#}"), "could not announce an expired challenge; trying again at the next sweep");
        }
    }
    let idle = core
        .store
        .idle_games(core.config.idle_timeout)
        .await
        .map_err(BotError::internal)?;
    for record in idle {
        let id = record.id;
        if let Err(err) = end_idle_game(core, record, outbox).await {
            tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not end an idle game; trying again at the next sweep");
        }
    }
    let idle_limit = core.config.idle_timeout;
    let nearly_idle = core
        .store
        .games_to_warn_idle(idle_limit.saturating_sub(idle_warning_lead(idle_limit)))
        .await
        .map_err(BotError::internal)?;
    for record in nearly_idle {
        let id = record.id;
        if let Err(err) = warn_idle_game(core, record, Notice::IdleLimit, outbox).await {
            tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not warn of an idle game's end; trying again at the next sweep");
        }
    }
    let short_of_time = core
        .store
        .games_to_remind()
        .await
        .map_err(BotError::internal)?;
    for record in short_of_time {
        let id = record.id;
        if let Err(err) = warn_idle_game(core, record, Notice::MoveTime, outbox).await {
            tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not remind a player of their move's time; trying again at the next sweep");
        }
    }
    Ok(())
}

/// How long before the idle limit ends a game its player to move is
/// warned: a day, or half the limit when that is shorter (a server that
/// chose a limit of hours still gets a warning with time to act).
pub fn idle_warning_lead(idle_limit: Duration) -> Duration {
    (idle_limit / 2).min(Duration::from_secs(24 * 3600))
}

/// What a player to move is warned of.
#[derive(Clone, Copy)]
enum Notice {
    /// An untimed game near the idle limit.
    IdleLimit,
    /// A correspondence move with a quarter of its time left.
    MoveTime,
}

/// Warns the player to move in a game near the idle limit, or short of a
/// correspondence move's time, once per turn: the store's claim makes it
/// one process's post, given back when the post fails (the next sweep
/// tries again). The warning mentions them unless they turned notices off.
async fn warn_idle_game(
    core: &Core,
    record: store::GameRecord,
    notice: Notice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    if record.awaits_bot() {
        // The bot's turn never idles: its move is owed, and the idle sweep
        // above asks for it.
        return Ok(());
    }
    let since = record.last_activity_at;
    if !core
        .store
        .take_idle_warning(record.id, since)
        .await
        .map_err(|e| store_error(e, record.id))?
    {
        return Ok(());
    }
    let voice = place_voice(core, record.location.guild_id.as_deref(), outbox).await;
    let loaded = load(&core.store, record.id).await?;
    let to_move = loaded.game.position().side_to_move();
    let player = loaded.record.participant(to_move);
    let now = core.store.now();
    let left_ms = match notice {
        Notice::IdleLimit => since
            .saturating_add(i64::try_from(core.config.idle_timeout.as_millis()).unwrap_or(i64::MAX))
            .saturating_sub(now),
        Notice::MoveTime => loaded
            .record
            .clocks
            .left(to_move, to_move, now)
            .unwrap_or(0),
    };
    let left = voice.duration(Duration::from_millis(u64::try_from(left_ms).unwrap_or(0)));
    let (game, name, seat) = (
        loaded.id().0,
        shown(&voice.name_of(player)).to_string(),
        seat(&loaded.record, to_move, voice),
    );
    let text = voice.say(match notice {
        Notice::IdleLimit => Msg::IdleWarning {
            game,
            name,
            left,
            seat,
        },
        Notice::MoveTime => Msg::TurnReminder {
            game,
            name,
            left,
            seat,
        },
    });
    let mut reply = Reply::public(text);
    if let Some(user) = player.user_id() {
        if wants_turn_notices(&core.store, user).await {
            reply = reply.notifying([user.to_owned()]);
        }
    }
    match outbox.post(&loaded.place(), reply).await {
        Ok(()) => Ok(()),
        Err(err) if is_place_gone(&err) => {
            tracing::info!(game = record.id.0, "an idle game's place is gone: {err:#}");
            Ok(())
        }
        Err(err) => {
            if let Err(back) = core.store.give_back_idle_warning(record.id, since).await {
                tracing::warn!(game = record.id.0, error = %back, "could not give back an idle warning");
            }
            Err(BotError::internal(err))
        }
    }
}

/// Says where a challenge was made that it expired, then marks it
/// expired: only once the notice is posted, or its place is gone.
async fn retire_challenge(
    core: &Core,
    challenge: &store::ChallengeRecord,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let place = location_place(&challenge.location);
    let voice = place_voice(core, place.guild.as_deref(), outbox).await;
    let to = match &challenge.to {
        store::ChallengeTarget::User(user) => shown(&user.display_name).to_string(),
        store::ChallengeTarget::Bot(_) => voice.say(Msg::TargetBot),
        store::ChallengeTarget::Anyone => voice.say(Msg::TargetAnyone),
        store::ChallengeTarget::Role(role) => role_mention(role),
    };
    let text = voice.say(Msg::ChallengeExpiredNotice {
        from: shown(&challenge.from.display_name).to_string(),
        to,
    });
    match outbox.post(&place, Reply::public(text)).await {
        Ok(()) => {}
        Err(err) if is_place_gone(&err) => {
            tracing::info!(
                challenge = challenge.id.0,
                "an expired challenge's place is gone: {err:#}"
            );
        }
        Err(err) => return Err(BotError::internal(err)),
    }
    core.store
        .retire_expired_challenge(challenge.id)
        .await
        .map_err(BotError::internal)?;
    Ok(())
}

/// Ends one game found idle, unless it moved meanwhile.
async fn end_idle_game(
    core: &Core,
    record: store::GameRecord,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let voice = place_voice(core, record.location.guild_id.as_deref(), outbox).await;
    if record.awaits_bot() {
        return move_now_or_later(core, record.id, voice, outbox).await;
    }
    let lock = core.locks.game(record.id);
    let _held = lock.lock().await;
    let loaded = load(&core.store, record.id).await?;
    if !loaded.record.is_live() || loaded.record.last_activity_at != record.last_activity_at {
        return Ok(());
    }
    let loser = loaded.game.position().side_to_move();
    core.store
        .finish_game(
            record.id,
            GameResult::win_for(loser.opponent()),
            "abandonment",
        )
        .await
        .map_err(|e| store_error(e, record.id))?;
    let after = load(&core.store, record.id).await?;
    let text = format!(
        "{}\n{}",
        voice.say(Msg::IdleLost {
            game: after.id().0,
            idle: voice.duration(core.config.idle_timeout),
            seat: seat(&after.record, loser, voice),
            result: result_sentence(&after.record, voice),
        }),
        review_offer(after.id(), voice)
    );
    core.ended.push(after.record.id);
    let reply = Reply::public(text).with_buttons(end_buttons(after.id(), voice));
    post(outbox, &after.place(), reply).await
}
