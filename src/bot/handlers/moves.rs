//! Playing a game: `move` (or a bare move) and the bot's answer to it,
//! `resign`, `draw`, `takeback` and `hint`.
//!
//! A move is checked against the game replayed from the store, stored under
//! the game's ply (`services::moves`), then announced with the board. When
//! the bot is to move next, its search runs without holding the game's lock
//! and its move is stored only if the game has not changed meanwhile; a
//! quick answer goes out in the same message as the player's move, with one
//! board after both.
//!
//! The bot answers a draw offer by its own evaluation: a quick search of the
//! position (the engine's advice, the same as a hint's, whatever the level).
//! It accepts when it thinks itself worse by at least half a pawn, or when
//! the game is long (60 plies or more) and the position level (within 0.2
//! pawn); otherwise it declines. So an early offer in an even position is
//! declined: a draw against a strong level is earned.

use crate::bot::vocabulary::buttons::{Action, Press, Style};
use tokio::sync::OwnedMutexGuard;
use tracing::Instrument;

use crate::i18n::Msg;
use crate::rules::notation;
use crate::rules::Color;
use crate::store::{self, GameId, GameResult, OfferAnswer, OfferKind, StoreError};

use super::puzzle::play_in_puzzle;
use crate::bot::services::answer::{make_thought_move, persist_claiming_answer, think_held};
use crate::bot::services::claims::{give_back, holding, settle, too_far_behind};
use crate::bot::services::ctx::post;
use crate::bot::services::flags::flag_fall;
use crate::bot::services::games::{
    against_bot, game_for_bare_move, game_here, load, my_game, not_a_player, result_sentence, seat,
    side_of, store_actor, store_error, LoadedGame,
};
use crate::bot::services::jobs::Claim;
use crate::bot::services::moves::{
    announce_locked, announcement, end_buttons, play_in_memory, post_file, post_with_board,
    review_offer, store_drawing_board, stored_not_shown, PlayedMove,
};
use crate::bot::services::timing;
use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::MoveText;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::request::Requester;

/// `move <move>`, or a move typed alone. Timed from the request to the
/// bot's answer posted (`services::timing`).
pub async fn make_move(ctx: &Ctx<'_>, text: MoveText) -> BotResult<()> {
    let played = ctx.core.timings.time(play(ctx, &text.0)).await;
    if let Err(BotError::FlagFell(game)) = &played {
        // Too late: the game ends on time now, not at the watcher's next look.
        if let Err(err) = flag_fall(ctx.core, *game, None, ctx.outbox).await {
            tracing::warn!(game = game.0, error = %format!("{err:#}"), "could not end a game on time; the watcher will");
        }
    }
    played
}

async fn play(ctx: &Ctx<'_>, text: &str) -> BotResult<()> {
    let (core, requester) = (ctx.core, ctx.requester);
    // A live game here takes the move; else the user's open puzzle here
    // (see `docs/puzzles.md`, "Routing a move").
    let record = if ctx.bare {
        game_for_bare_move(&core.store, requester).await?
    } else {
        game_here(&core.store, ctx.actor(), ctx.place()).await?
    };
    let Some(record) = record else {
        if play_in_puzzle(ctx, text).await? || ctx.bare {
            // Played in the puzzle, or chat that looks like a move where
            // nothing is played.
            return Ok(());
        }
        return Err(BotError::NoGameHere);
    };
    let id = record.id;
    timing::set_game(id);
    play_in(ctx, id, text)
        .instrument(tracing::info_span!("game", game = id.0))
        .await
}

/// Plays the requester's move `text` in game `id`, theirs to move in.
async fn play_in(ctx: &Ctx<'_>, id: GameId, text: &str) -> BotResult<()> {
    let (core, voice, requester) = (ctx.core, ctx.voice, ctx.requester);
    let (played, answer) = {
        let lock = core.locks.game(id);
        let _held = lock.lock().await;
        let loaded = load(&core.store, id).await?;
        let color = check_turn(&loaded, requester)?;
        let mv =
            notation::parse_move_preferring(loaded.game.position(), text, Some(voice.notation))
                .map_err(BotError::BadMove)?
                .mv;
        tracing::debug!(game = id.0, %mv, side = %color, "player move");
        let by = store_actor(ctx.actor());
        let unstored = play_in_memory(&loaded, mv, core.store.now(), voice)?;
        if unstored.played.after.record.awaits_bot() {
            persist_claiming_answer(core, unstored, &by).await?
        } else {
            // Between people, or the move ended the game: say it now.
            let (played, board) = store_drawing_board(core, unstored, &by, voice).await;
            let played = played?;
            let posted = match board {
                Ok(board) => {
                    let text = announcement(&played, voice);
                    let after = played.after.ply().saturating_sub(1);
                    post_file(core, text, &played.after, after, board, voice, ctx.outbox).await
                }
                Err(err) => Err(err),
            };
            return posted.map_err(|err| stored_not_shown(id, err));
        }
    };
    answer_player(ctx, played, answer)
        .await
        .map_err(|err| stored_not_shown(id, err))
}

/// How long the bot's answer may take to be sent with the player's move as
/// one message: the depth-limited levels answer in milliseconds even under
/// load, while a longer search should not leave the player's move unshown.
const ONE_MESSAGE_WITHIN: std::time::Duration = std::time::Duration::from_millis(300);

/// The bot answers a player's move (stored, not yet announced), with the
/// job of its answer when the move's write claimed it. The game as just
/// stored is the search's starting point: nothing is reloaded, and the
/// store's ply check refuses the bot's move if the game changed while it
/// thought. When the bot answers within [`ONE_MESSAGE_WITHIN`] (waiting for
/// an engine slot included), both moves go out as one message with one
/// board; a longer wait shows the player's move first, then the bot's when
/// it comes. A process too far behind shows the player's move and gives
/// the answer to the others.
async fn answer_player(ctx: &Ctx<'_>, player: PlayedMove, answer: Option<Claim>) -> BotResult<()> {
    let (core, voice, outbox) = (ctx.core, ctx.voice, ctx.outbox);
    let claim = match answer {
        Some(claim) if !too_far_behind(core) => claim,
        handed_off_or_none => {
            // Another process has the job, or this one gives it back once
            // the player's move is out, so the answer cannot come first.
            let announcing = announce_locked(core, &player, voice, outbox);
            let shown = holding(core, handed_off_or_none.as_ref(), announcing).await;
            if let Some(claim) = handed_off_or_none {
                give_back(core, claim).await;
            }
            return shown;
        }
    };
    let thinking = think_held(core, claim, &player.after);
    tokio::pin!(thinking);
    let quick = tokio::select! {
        answer = &mut thinking => Some(answer),
        () = tokio::time::sleep(ONE_MESSAGE_WITHIN) => None,
    };
    let Some((claim, answer)) = quick else {
        let shown = announce_locked(core, &player, voice, outbox).await;
        let (claim, answer) = thinking.await;
        let made = make_thought_move(core, &player.after, answer, None, voice, outbox).await;
        settle(core, claim, &made).await;
        return shown.and(made.map(drop));
    };
    let made = make_thought_move(core, &player.after, answer, Some(&player), voice, outbox).await;
    settle(core, claim, &made).await;
    made.map(drop)
}

/// The side the requester plays, when it is their move in a live game.
fn check_turn(loaded: &LoadedGame, requester: &Requester) -> BotResult<Color> {
    if !loaded.record.is_live() {
        return Err(BotError::GameOver(loaded.id()));
    }
    let Some(color) = side_of(&loaded.record, &requester.actor) else {
        return Err(not_a_player(&loaded.record));
    };
    if loaded.game.position().side_to_move() != color {
        return Err(if against_bot(&loaded.record, color).is_some() {
            BotError::BotThinking(loaded.id())
        } else {
            BotError::NotYourTurn(loaded.id())
        });
    }
    Ok(color)
}

/// The requester's live game here, held against every other change to it
/// until the guard drops, with the side they play: where resigning,
/// offering a draw and taking back start.
async fn my_game_to_change(ctx: &Ctx<'_>) -> BotResult<(OwnedMutexGuard<()>, LoadedGame, Color)> {
    let core = ctx.core;
    let record = my_game(&core.store, ctx.requester).await?;
    let held = core.locks.game(record.id).lock_owned().await;
    let loaded = load(&core.store, record.id).await?;
    if !loaded.record.is_live() {
        return Err(BotError::GameOver(loaded.id()));
    }
    let Some(color) = side_of(&loaded.record, ctx.actor()) else {
        return Err(not_a_player(&loaded.record));
    };
    Ok((held, loaded, color))
}

/// `resign`.
pub async fn resign(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let (_held, loaded, color) = my_game_to_change(ctx).await?;
    core.store
        .finish_game(
            loaded.record.id,
            GameResult::win_for(color.opponent()),
            "resignation",
        )
        .await
        .map_err(|e| store_error(e, loaded.id()))?;
    let after = load(&core.store, loaded.record.id).await?;
    let text = format!(
        "{}\n{}",
        voice.say(Msg::Resigns {
            game: after.id().0,
            seat: seat(&after.record, color, voice),
            result: result_sentence(&after.record, voice),
        }),
        review_offer(after.id(), voice)
    );
    core.ended.push(after.record.id);
    let board = core
        .boards
        .board(&after, color == Color::Black, voice.style, voice)
        .await?;
    let mut reply = Reply::public(text).with_buttons(end_buttons(after.id(), voice));
    reply.files.push(board);
    post(ctx.outbox, &after.place(), reply).await
}

/// `draw`: offers one, or accepts the one standing; the bot answers at once.
pub async fn draw(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice, outbox) = (ctx.core, ctx.voice, ctx.outbox);
    let (_held, loaded, color) = my_game_to_change(ctx).await?;
    let me = store_actor(ctx.actor());
    let place = loaded.place();
    let id = loaded.id();
    if against_bot(&loaded.record, color).is_some() {
        if loaded.game.position().side_to_move() != color {
            return Err(BotError::BotThinking(id));
        }
        let advice = core
            .engine
            .advise(loaded.game.start(), loaded.game.moves(), &ctx.actor().id)
            .await?;
        // The score is the side to move's, the player's: the bot's is its negation.
        if !bot_takes_draw(-advice.score.0, loaded.ply()) {
            let text = voice.say(Msg::BotDeclinesDraw { game: id.0 });
            return post(outbox, &place, Reply::public(text)).await;
        }
        core.store
            .finish_game(loaded.record.id, GameResult::Draw, "agreement")
            .await
            .map_err(|e| store_error(e, id))?;
        let text = format!(
            "{}\n{}",
            voice.say(Msg::BotAcceptsDraw { game: id.0 }),
            review_offer(id, voice)
        );
        core.ended.push(loaded.record.id);
        let reply = Reply::public(text).with_buttons(end_buttons(id, voice));
        return post(outbox, &place, reply).await;
    }
    match pending_offer(ctx, loaded.record.id, OfferKind::Draw).await? {
        Some(offer) if offer.by == color => Err(BotError::AlreadyAsked("draw")),
        Some(_) => {
            let answer = core
                .store
                .answer_offer(loaded.record.id, OfferKind::Draw, &me, true)
                .await
                .map_err(|e| store_error(e, id))?;
            let reply = match answer {
                OfferAnswer::DrawAgreed(record) => {
                    core.ended.push(record.id);
                    let text = format!(
                        "{}\n{}",
                        voice.say(Msg::DrawAgreed {
                            game: record.id.0,
                            result: result_sentence(&record, voice),
                        }),
                        review_offer(record.id, voice)
                    );
                    Reply::public(text).with_buttons(end_buttons(record.id, voice))
                }
                _ => Reply::public(voice.say(Msg::DrawOfferGone { game: id.0 })),
            };
            post(outbox, &place, reply).await
        }
        None => {
            core.store
                .make_offer(loaded.record.id, OfferKind::Draw, &me)
                .await
                .map_err(|e| store_error(e, id))?;
            let opponent = voice.name_of(loaded.record.participant(color.opponent()));
            let opponent = shown(&opponent).to_string();
            let text = voice.say(Msg::DrawOffered {
                game: id.0,
                name: shown(&ctx.actor().name).to_string(),
                opponent,
            });
            let button = |action, label, style| {
                let press = Press {
                    action,
                    target: id.0,
                    ply: loaded.record.ply,
                };
                press.button(voice, label, style)
            };
            let buttons = [
                button(Action::AcceptDraw, Msg::ButtonAcceptDraw, Style::Primary),
                button(Action::DeclineDraw, Msg::ButtonDecline, Style::Secondary),
            ];
            post(outbox, &place, Reply::public(text).with_buttons(buttons)).await
        }
    }
}

/// `takeback`: against the bot, granted when it is the player's turn;
/// between people, asked, or agreed to.
pub async fn takeback(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice, outbox) = (ctx.core, ctx.voice, ctx.outbox);
    let (_held, loaded, color) = my_game_to_change(ctx).await?;
    let id = loaded.id();
    let to_move = loaded.game.position().side_to_move();
    // How many plies go back so that the asker is to move again: their own
    // last move, plus the opponent's answer if there was one.
    let plies: u32 = if to_move == color { 2 } else { 1 };
    let nothing_to_take_back = loaded.ply() < plies;
    let me = store_actor(ctx.actor());
    if against_bot(&loaded.record, color).is_some() {
        if to_move != color {
            return Err(BotError::BotThinking(id));
        }
        if nothing_to_take_back {
            return Err(BotError::NothingToTakeBack(id));
        }
        core.store
            .take_back(loaded.record.id, loaded.ply(), plies)
            .await
            .map_err(|e| store_error(e, id))?;
        let moves = loaded.game.moves();
        let text = voice.say(Msg::TookBackAgainstBot {
            game: id.0,
            yours: moves[moves.len() - 2].to_string(),
            bots: moves[moves.len() - 1].to_string(),
        });
        return post_with_board(core, loaded.record.id, text, voice, outbox).await;
    }
    match pending_offer(ctx, loaded.record.id, OfferKind::Takeback).await? {
        Some(offer) if offer.by == color => Err(BotError::AlreadyAsked("takeback")),
        Some(_) => {
            let answer = core
                .store
                .answer_offer(loaded.record.id, OfferKind::Takeback, &me, true)
                .await
                .map_err(|e| store_error(e, id))?;
            let removed = match answer {
                OfferAnswer::TakenBack { removed, .. } => removed
                    .iter()
                    .map(|m| m.iccs.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                _ => return Err(BotError::NothingToTakeBack(id)),
            };
            let text = voice.say(Msg::TakebackAgreed {
                game: id.0,
                name: shown(&ctx.actor().name).to_string(),
                moves: removed,
            });
            post_with_board(core, loaded.record.id, text, voice, outbox).await
        }
        None if nothing_to_take_back => Err(BotError::NothingToTakeBack(id)),
        None => {
            core.store
                .make_offer(loaded.record.id, OfferKind::Takeback, &me)
                .await
                .map_err(|e| match e {
                    StoreError::NothingToTakeBack { .. } => BotError::NothingToTakeBack(id),
                    other => store_error(other, id),
                })?;
            let opponent = voice.name_of(loaded.record.participant(color.opponent()));
            let opponent = shown(&opponent).to_string();
            let text = voice.say(Msg::TakebackAsked {
                game: id.0,
                name: shown(&ctx.actor().name).to_string(),
                opponent,
            });
            post(outbox, &loaded.place(), Reply::public(text)).await
        }
    }
}

/// The open offer of `kind` in `game`, if one is pending.
async fn pending_offer(
    ctx: &Ctx<'_>,
    game: GameId,
    kind: OfferKind,
) -> BotResult<Option<store::OfferRecord>> {
    let pending = ctx
        .core
        .store
        .pending_offers(game)
        .await
        .map_err(BotError::internal)?;
    Ok(pending.into_iter().find(|o| o.kind == kind))
}

/// `hint`: the engine's move, privately, in a game against the bot.
pub async fn hint(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    if !core.config.hints {
        return Err(BotError::HintsDisabled);
    }
    let record = my_game(&core.store, ctx.requester).await?;
    let loaded = load(&core.store, record.id).await?;
    let color = check_turn(&loaded, ctx.requester)?;
    if against_bot(&loaded.record, color).is_none() {
        return Err(BotError::HintsAgainstPeople);
    }
    let advice = core
        .engine
        .advise(loaded.game.start(), loaded.game.moves(), &ctx.actor().id)
        .await?;
    let Some(mv) = advice.best_move else {
        return Err(BotError::GameOver(loaded.id()));
    };
    let text = voice.say(Msg::Hint {
        game: loaded.id().0,
        mv: voice.describe_move(loaded.game.position(), mv),
    });
    ctx.answer(Reply::private(text)).await
}

/// Below this score (centipawns, the bot's view) the bot takes a draw.
const DRAW_WHEN_WORSE_BY: i32 = 50;
/// A level position this late in a game is a draw the bot takes.
const DRAW_LEVEL_AFTER_PLIES: u32 = 60;
const DRAW_LEVEL_WITHIN: i32 = 20;

/// Whether the bot accepts a draw, from its own score of the position.
fn bot_takes_draw(bot_score: i32, ply: u32) -> bool {
    bot_score <= -DRAW_WHEN_WORSE_BY
        || (ply >= DRAW_LEVEL_AFTER_PLIES && bot_score.abs() <= DRAW_LEVEL_WITHIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_takes_a_draw_only_when_worse_or_late_and_level() {
        assert!(!bot_takes_draw(0, 2));
        assert!(!bot_takes_draw(-49, 10));
        assert!(bot_takes_draw(-50, 10));
        assert!(bot_takes_draw(-10, 60));
        assert!(!bot_takes_draw(30, 100));
    }
}
