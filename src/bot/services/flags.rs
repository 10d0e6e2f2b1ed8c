//! A game's end on time: the flag of the side to move fell. The clock
//! watcher (`background::clocks`) finds such games; a move refused as too
//! late ends its game at once rather than waiting for the next look.

use crate::i18n::Msg;
use crate::rules::can_attack;
use crate::store::{GameId, GameResult, TIMEOUT_DRAW_REASON, TIMEOUT_REASON};

use super::ctx::post;
use super::games::{load, result_sentence, seat, store_error};
use super::moves::{end_buttons, review_offer};
use super::settings::place_voice;
use super::Core;
use crate::bot::vocabulary::error::BotResult;
use crate::bot::vocabulary::reply::{Outbox, Reply};

/// Ends `game` on time if its flag has fallen, found at `ply` (the
/// watcher) or at whatever ply it is (a move refused as too late): a loss
/// for the side to move, or a draw when the other side has nothing left
/// that could give mate (the rules' material test). `false` when a move or
/// another process came first.
pub async fn flag_fall(
    core: &Core,
    game: GameId,
    ply: Option<u32>,
    outbox: &dyn Outbox,
) -> BotResult<bool> {
    let lock = core.locks.game(game);
    let held = lock.lock().await;
    let loaded = load(&core.store, game).await?;
    let ply = ply.unwrap_or(loaded.record.ply);
    if !loaded.record.is_live() || loaded.record.ply != ply {
        return Ok(false);
    }
    let flagged = loaded.game.position().side_to_move();
    let (result, reason) = if can_attack(loaded.game.position(), flagged.opponent()) {
        (GameResult::win_for(flagged.opponent()), TIMEOUT_REASON)
    } else {
        (GameResult::Draw, TIMEOUT_DRAW_REASON)
    };
    let ended = core
        .store
        .finish_on_time(game, ply, result, reason)
        .await
        .map_err(|e| store_error(e, game))?;
    drop(held);
    let Some(record) = ended else {
        return Ok(false);
    };
    tracing::info!(game = game.0, ?result, "flag fell");
    let voice = place_voice(core, record.location.guild_id.as_deref(), outbox).await;
    let text = format!(
        "{}\n{}",
        voice.say(Msg::FlagFallen {
            game: game.0,
            seat: seat(&record, flagged, voice),
            result: result_sentence(&record, voice),
        }),
        review_offer(game, voice)
    );
    core.ended.push(game);
    let place = loaded.place();
    let reply = Reply::public(text).with_buttons(end_buttons(game, voice));
    post(outbox, &place, reply).await?;
    Ok(true)
}
