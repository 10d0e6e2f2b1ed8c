//! What every new game shares, whoever started it: its own thread when the
//! transport can open one, and the opening announcement, after which the
//! bot moves at once if it has Red.

use crate::i18n::Msg;
use crate::rules::Color;
use crate::store::{GameRecord, Participant};

use super::answer::run_job;
use super::claims::{give_back, holding, too_far_behind};
use super::controls::board_controls;
use super::ctx::post;
use super::games::{game_place, load, pairing, seat, LoadedGame};
use super::jobs::Claim;
use super::{Core, Ctx};
use crate::bot::vocabulary::error::BotResult;
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::{Outbox, Reply};
use crate::bot::vocabulary::request::Place;
use crate::bot::vocabulary::settings::keys;
use crate::bot::vocabulary::voice::Voice;

/// A new game's thread title, "Xiangqi: alice vs bob", in `voice`'s language.
pub fn thread_title(voice: Voice, red: &Participant, black: &Participant) -> String {
    voice.say(Msg::ThreadTitle {
        pairing: voice.say(Msg::Pairing {
            red: voice.name_of(red),
            black: voice.name_of(black),
        }),
    })
}

/// Where a new game will live: a thread opened for it (unless the server
/// turned threads off), or else the place the request was typed in.
pub async fn game_home(ctx: &Ctx<'_>, title: &str) -> Place {
    let here = ctx.place();
    if ctx.settings.server.on_off(keys::THREADS) == Some(false) {
        return here.clone();
    }
    if here.thread.is_some() {
        // Already in a thread: transports cannot nest them.
        return here.clone();
    }
    ctx.outbox
        .open_thread(&here.channel_only(), title)
        .await
        .unwrap_or_else(|| here.clone())
}

/// Says a game has begun (pointing to its thread from the channel), shows
/// the board, and lets the bot make its first move if it has Red:
/// `first_move`, claimed by the game's creation, is made here once the start
/// is out (given back to the others when this process is too far behind).
/// (Games accepted from a challenge are between people.)
pub async fn announce_start(
    ctx: &Ctx<'_>,
    record: &GameRecord,
    first_move: Option<Claim>,
) -> BotResult<()> {
    let core = ctx.core;
    let loaded = match load(&core.store, record.id).await {
        Ok(loaded) => loaded,
        Err(err) => {
            if let Some(answer) = first_move {
                give_back(core, answer).await;
            }
            return Err(err);
        }
    };
    then_first_move(
        core,
        ctx.voice,
        ctx.outbox,
        first_move,
        show_start(ctx, &loaded),
    )
    .await
}

/// Runs `showing` (a game's start being posted) holding `first_move`'s
/// lease, then makes the bot's first move once the start is out; a claim
/// is given back to the others when the start failed or this process is
/// too far behind. What `showing` gave is returned.
pub async fn then_first_move(
    core: &Core,
    voice: Voice,
    outbox: &dyn Outbox,
    first_move: Option<Claim>,
    showing: impl std::future::Future<Output = BotResult<()>>,
) -> BotResult<()> {
    let shown = holding(core, first_move.as_ref(), showing).await;
    match (shown, first_move) {
        (Ok(()), Some(claim)) if !too_far_behind(core) => {
            run_job(core, claim, Some(voice), outbox).await;
            Ok(())
        }
        (shown, Some(claim)) => {
            give_back(core, claim).await;
            shown
        }
        (shown, None) => shown,
    }
}

/// Posts the start of `loaded` (see [`announce_start`]).
async fn show_start(ctx: &Ctx<'_>, loaded: &LoadedGame) -> BotResult<()> {
    let (voice, outbox) = (ctx.voice, ctx.outbox);
    let place = game_place(&loaded.record);
    let elsewhere = &place != ctx.place();
    if elsewhere {
        let pointer = voice.say(Msg::GameStartsIn {
            game: loaded.id().0,
            pairing: pairing(&loaded.record, voice),
            link: outbox.link(&place),
        });
        ctx.answer(Reply::public(pointer)).await?;
    }
    post_game_start(ctx.core, voice, outbox, loaded, None, elsewhere).await
}

/// Posts a game's opening board where it is played, after `preface` when
/// given; `ping_players`: its first message names the players (a thread of
/// its own, so that they are in it and hear of its moves).
pub async fn post_game_start(
    core: &Core,
    voice: Voice,
    outbox: &dyn Outbox,
    loaded: &LoadedGame,
    preface: Option<String>,
    ping_players: bool,
) -> BotResult<()> {
    let place = game_place(&loaded.record);
    let to_move = loaded.game.position().side_to_move();
    let (game, red, black) = (
        loaded.id().0,
        seat(&loaded.record, Color::Red, voice),
        seat(&loaded.record, Color::Black, voice),
    );
    let mover = loaded.record.participant(to_move);
    let mut text = preface.map(|p| p + "\n").unwrap_or_default();
    text.push_str(&voice.say(if mover.bot_level().is_some() {
        Msg::GameStartBotFirst { game, red, black }
    } else {
        Msg::GameStartYourMove {
            game,
            red,
            black,
            name: shown(&voice.name_of(mover)).to_string(),
        }
    }));
    if !loaded.record.rated {
        text.push(' ');
        text.push_str(&voice.say(Msg::CasualGame));
    }
    // Each player sees the board from their own seat; the bot's opponent
    // always does, and between people the one to move does.
    let black_seat = match (
        loaded.record.red.bot_level(),
        loaded.record.black.bot_level(),
    ) {
        (Some(_), _) => true,
        (_, Some(_)) => false,
        _ => to_move == Color::Black,
    };
    let board = core
        .boards
        .board(loaded, black_seat, voice.style, voice)
        .await?;
    let mut reply = Reply::public(text).with_buttons(board_controls(core, loaded, voice));
    reply.files.push(board);
    if ping_players {
        let players = [&loaded.record.red, &loaded.record.black];
        reply = reply.notifying(
            players
                .iter()
                .filter_map(|p| p.user_id().map(str::to_string)),
        );
    }
    post(outbox, &place, reply).await
}
