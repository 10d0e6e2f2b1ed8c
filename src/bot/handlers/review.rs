//! `review [game]`: a finished game's review as a reply (see
//! `services::reviews`), by default the requester's last finished game
//! visible here. The first review of a game takes a few seconds and says
//! how far it is; asking again is a read.

use crate::store::GameId;

use crate::bot::services::games::{load, load_visible, seen_by_black, visible_history};
use crate::bot::services::reviews::{game_review, review_reply, Progress};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::error::{BotError, BotResult};

pub async fn review(ctx: &Ctx<'_>, game: Option<GameId>) -> BotResult<()> {
    let core = ctx.core;
    let loaded = match game {
        Some(id) => load_visible(&core.store, id, ctx.requester).await?,
        None => {
            let history = visible_history(&core.store, &ctx.actor().id, ctx.requester).await?;
            let last = history.first().ok_or(BotError::NoGameToReview)?;
            load(&core.store, last.id).await?
        }
    };
    if loaded.record.is_live() {
        return Err(BotError::ReviewLive(loaded.id()));
    }
    let progress = Progress {
        outbox: ctx.outbox,
        place: ctx.place(),
        voice: ctx.voice,
    };
    let review = game_review(core, &loaded, Some(progress)).await?;
    let black_seat = seen_by_black(&loaded.record, Some(ctx.actor()));
    let reply = review_reply(core, &loaded, &review, black_seat, ctx.voice).await?;
    ctx.answer(reply).await
}
