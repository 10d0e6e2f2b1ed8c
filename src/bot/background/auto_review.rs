//! The automatic review a server can ask for (`settings server auto-review
//! on`): each game that ended is reviewed and posted where it was played,
//! after the game's last message.

use crate::store::{GameId, SettingScope};

use crate::bot::services::ctx::post;
use crate::bot::services::games::load;
use crate::bot::services::reviews::{game_review, review_reply};
use crate::bot::services::settings::place_voice;
use crate::bot::services::Core;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::Outbox;
use crate::bot::vocabulary::settings::{keys, Chosen};

/// Reviews the games that ended since the last call whose server asked for
/// automatic reviews, posting each where its game was played, after telling
/// the transport that each has ended. Called once a
/// request, a bot move or a sweep is answered, so the review comes after
/// the game's last message.
pub async fn post_auto_reviews(core: &Core, outbox: &dyn Outbox) {
    for id in core.ended.take() {
        // Its boards' buttons first: nothing of the game may be pressed now.
        outbox.game_ended(id.0).await;
        if let Err(err) = auto_review(core, id, outbox).await {
            tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not post an automatic review");
        }
    }
}

async fn auto_review(core: &Core, id: GameId, outbox: &dyn Outbox) -> BotResult<()> {
    let loaded = load(&core.store, id).await?;
    let place = loaded.place();
    let Some(server) = outbox.settings_server(&place) else {
        return Ok(());
    };
    let stored = core
        .store
        .settings(SettingScope::Server, &server)
        .await
        .map_err(BotError::internal)?;
    let chosen = Chosen::from_stored(SettingScope::Server, &stored);
    if chosen.on_off(keys::AUTO_REVIEW) != Some(true) || loaded.record.is_live() {
        return Ok(());
    }
    let voice = place_voice(core, Some(&server), outbox).await;
    let review = game_review(core, &loaded, None).await?;
    let reply = review_reply(core, &loaded, &review, false, voice).await?;
    post(outbox, &place, reply).await
}
