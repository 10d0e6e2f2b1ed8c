//! Following games: `board [game]` and `flip [game]` (its board, from
//! either side), `games` (the live games here) and `watch <game>` (where a
//! game is played, and its board).

use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};
use crate::rules::Color;
use crate::store::GameId;

use crate::bot::services::boards::style_asked;
use crate::bot::services::games::{
    game_place, load, load_visible, my_game, pairing, result_sentence, seat, seen_by_black,
    LoadedGame,
};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::Page;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::voice::{color_key, Voice};

/// `board [game] [pieces] [theme]`: a game's board, the requester's game
/// here when none is named, from the requester's seat (Red's for watchers).
pub async fn board(
    ctx: &Ctx<'_>,
    game: Option<GameId>,
    pieces: Option<PieceStyle>,
    theme: Option<Theme>,
) -> BotResult<()> {
    show_board(ctx, game, pieces, theme, false).await
}

/// `flip [game]`: the same board seen from the other side.
pub async fn flip(ctx: &Ctx<'_>, game: Option<GameId>) -> BotResult<()> {
    show_board(ctx, game, None, None, true).await
}

async fn show_board(
    ctx: &Ctx<'_>,
    game: Option<GameId>,
    pieces: Option<PieceStyle>,
    theme: Option<Theme>,
    flipped: bool,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let loaded = match game {
        Some(id) => load_visible(&core.store, id, ctx.requester).await?,
        None => load(&core.store, my_game(&core.store, ctx.requester).await?.id).await?,
    };
    let text = status_line(&loaded, voice);
    let black_seat = seen_by_black(&loaded.record, Some(ctx.actor())) != flipped;
    let style = style_asked(pieces, theme, voice.style);
    let board = core.boards.board(&loaded, black_seat, style, voice).await?;
    let mut reply = Reply::public(text);
    reply.files.push(board);
    ctx.answer(reply).await
}

/// Games listed in one `games` reply.
const GAMES_PER_PAGE: usize = 15;

/// `games [page]`: one page of the live games here, [`GAMES_PER_PAGE`] to a
/// page: a channel with hundreds of games would otherwise be one reply
/// longer than a message may be.
pub async fn games(ctx: &Ctx<'_>, page: Option<Page>) -> BotResult<()> {
    let voice = ctx.voice;
    let live = ctx
        .core
        .store
        .live_games_in_channel(&ctx.place().channel)
        .await
        .map_err(BotError::internal)?;
    if live.is_empty() {
        return Err(BotError::NoGamesHere);
    }
    let pages = live.len().div_ceil(GAMES_PER_PAGE);
    let page = (page.map_or(1, |p| p.0) as usize).clamp(1, pages);
    let shown = live
        .iter()
        .skip((page - 1) * GAMES_PER_PAGE)
        .take(GAMES_PER_PAGE);
    let count = live.len() as i64;
    let mut text = voice.say(if pages > 1 {
        Msg::GamesTitlePaged {
            count,
            page: page as i64,
            pages: pages as i64,
        }
    } else {
        Msg::GamesTitle { count }
    });
    for record in shown {
        let line = voice.say(Msg::GamesLine {
            game: record.id.0,
            pairing: pairing(record, voice),
            number: i64::from(record.ply / 2 + 1),
            color: color_key(record.side_to_move()).into(),
        });
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(&voice.say(Msg::GamesFooter));
    if page < pages {
        text.push(' ');
        text.push_str(&voice.say(Msg::GamesNextPage {
            next: page as i64 + 1,
        }));
    }
    ctx.answer(Reply::public(text)).await
}

/// `watch <game>`: where a game is played, and its board.
pub async fn watch(ctx: &Ctx<'_>, game: GameId) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let loaded = load_visible(&core.store, game, ctx.requester).await?;
    let place = game_place(&loaded.record);
    let pairing = pairing(&loaded.record, voice);
    let text = voice.say(if loaded.record.is_live() {
        Msg::WatchLive {
            game: game.0,
            pairing,
            link: ctx.outbox.link(&place),
            status: status_line(&loaded, voice),
        }
    } else {
        Msg::WatchOver {
            game: game.0,
            pairing,
            result: result_sentence(&loaded.record, voice),
        }
    });
    let board = core
        .boards
        .board(&loaded, false, voice.style, voice)
        .await?;
    let mut reply = Reply::public(text);
    reply.files.push(board);
    ctx.answer(reply).await
}

/// "#3 · alice (Red) vs bob (Black) · move 5 · last h2e2 · Red to move".
fn status_line(loaded: &LoadedGame, voice: Voice) -> String {
    let record = &loaded.record;
    let position = loaded.game.position();
    let mut parts = vec![voice.say(Msg::StatusHead {
        game: loaded.id().0,
        red: seat(record, Color::Red, voice),
        black: seat(record, Color::Black, voice),
        number: (loaded.game.moves().len() / 2 + 1) as i64,
    })];
    if let Some(last) = loaded.game.moves().last() {
        parts.push(voice.say(Msg::StatusLast {
            mv: last.to_string(),
        }));
    }
    if record.is_live() {
        let color = color_key(position.side_to_move()).into();
        parts.push(voice.say(if position.in_check() {
            Msg::StatusToMoveInCheck { color }
        } else {
            Msg::StatusToMove { color }
        }));
    } else {
        parts.push(result_sentence(record, voice));
    }
    parts.join(" · ")
}
