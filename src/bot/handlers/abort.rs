//! `abort <game>`: a moderator (Manage Messages, as the platform reports
//! it) calls off a live game of their server. It is stored as aborted with
//! the reason `aborted`: no result, unrated, in nobody's counts, and shown
//! as called off in the game's record and in history.

use crate::i18n::Msg;
use crate::store::GameId;

use crate::bot::services::ctx::post;
use crate::bot::services::games::{load, pairing, result_sentence, store_error, visible_to};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::permissions::Right;
use crate::bot::vocabulary::reply::Reply;

/// The stored reason, which the catalogs' `end-reason` names.
pub const ABORTED: &str = "aborted";

pub async fn abort(ctx: &Ctx<'_>, game: GameId) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let permissions = ctx.requester.permissions;
    if !Right::ManageMessages.granted(permissions) {
        return Err(BotError::NotAllowed {
            right: Right::ManageMessages,
            known: permissions.is_some(),
        });
    }
    let lock = core.locks.game(game);
    let _held = lock.lock().await;
    let record = core
        .store
        .game(game)
        .await
        .map_err(|e| store_error(e, game))?;
    // A moderator of one server cannot reach another's games; saying "no
    // such game" tells them nothing about those.
    if !visible_to(&record, ctx.requester) {
        return Err(BotError::GameNotFound(game));
    }
    if !record.is_live() {
        return Err(BotError::GameOver(game));
    }
    let after = core
        .store
        .abort_game(record.id, ABORTED)
        .await
        .map_err(|e| store_error(e, game))?;
    tracing::info!(game = game.0, moderator = %ctx.actor().id, "game aborted");
    let loaded = load(&core.store, after.id).await?;
    let text = voice.say(Msg::GameAborted {
        game: game.0,
        pairing: pairing(&loaded.record, voice),
        name: shown(&ctx.actor().name).to_string(),
        result: result_sentence(&loaded.record, voice),
    });
    let place = loaded.place();
    post(ctx.outbox, &place, Reply::public(text.clone())).await?;
    // Not queued as ended (an aborted game is not reviewed): its board's
    // buttons are taken off here.
    ctx.outbox.game_ended(game.0).await;
    if &place != ctx.place() {
        ctx.answer(Reply::public(text)).await?;
    }
    Ok(())
}
