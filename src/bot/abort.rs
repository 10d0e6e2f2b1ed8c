//! `abort <game>`: a moderator (Manage Messages, as the platform reports
//! it) calls off a live game of their server. It is stored as aborted with
//! the reason `aborted`: no result, unrated, in nobody's counts, and shown
//! as called off in the game's record and in history.

use super::error::{BotError, BotResult};
use super::games::{pairing, result_sentence, store_error, visible_to};
use super::markup::shown;
use super::permissions::Right;
use super::reply::{Outbox, Reply};
use super::voice::Voice;
use super::{post, Bot, Request};
use crate::i18n::Msg;
use crate::store::GameId;

/// The stored reason, which the catalogs' `end-reason` names.
pub const ABORTED: &str = "aborted";

impl Bot {
    pub(super) async fn abort(
        &self,
        request: &Request,
        game: i64,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        if !Right::ManageMessages.granted(request.permissions) {
            return Err(BotError::NotAllowed {
                right: Right::ManageMessages,
                known: request.permissions.is_some(),
            });
        }
        let lock = self.game_lock(game);
        let _held = lock.lock().await;
        let record = self
            .store
            .game(GameId(game))
            .await
            .map_err(|e| store_error(e, game))?;
        // A moderator of one server cannot reach another's games; saying
        // "no such game" tells them nothing about those.
        if !visible_to(&record, request) {
            return Err(BotError::GameNotFound(game));
        }
        if !record.is_live() {
            return Err(BotError::GameOver(game));
        }
        let after = self
            .store
            .abort_game(record.id, ABORTED)
            .await
            .map_err(|e| store_error(e, game))?;
        tracing::info!(game, moderator = %request.actor.id, "game aborted");
        let loaded = self.load(after.id).await?;
        let text = voice.say(Msg::GameAborted {
            game,
            pairing: pairing(&loaded.record, voice),
            name: shown(&request.actor.name).to_string(),
            result: result_sentence(&loaded.record, voice),
        });
        let place = loaded.place();
        post(outbox, &place, Reply::public(text.clone())).await?;
        if place != request.place {
            post(outbox, &request.place, Reply::public(text)).await?;
        }
        Ok(())
    }
}
