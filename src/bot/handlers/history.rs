//! Looking back: `history [@user]`, `game <id>` (moves in ICCS and WXF, the
//! result, the FEN, the downloadable record and the animated replay),
//! `stats [@user]` and `leaderboard`.

use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};
use crate::rules::Color;
use crate::store::{GameId, GameRecord, GameResult, TimeClass};

use crate::bot::services::boards::style_asked;
use crate::bot::services::games::{
    line_text, load_visible, pairing, result_sentence, seat, visible_history,
};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::{Attachment, Reply};
use crate::bot::vocabulary::request::Actor;
use crate::bot::vocabulary::voice::{color_key, Voice};

/// Players listed by `leaderboard`.
const LEADERBOARD_SIZE: u32 = 10;

/// `history [@user]`: a player's last finished games visible here.
pub async fn history(ctx: &Ctx<'_>, user: Option<Actor>) -> BotResult<()> {
    let voice = ctx.voice;
    let who = user.as_ref().unwrap_or(ctx.actor());
    let games = visible_history(&ctx.core.store, &who.id, ctx.requester).await?;
    let name = known_name(ctx, who).await;
    let text = if games.is_empty() {
        voice.say(Msg::HistoryNone { name })
    } else {
        let mut text = voice.say(Msg::HistoryTitle { name });
        for record in &games {
            text.push('\n');
            text.push_str(&history_line(record, &who.id, voice));
        }
        text.push('\n');
        text.push_str(&voice.say(Msg::HistoryFooter));
        text
    };
    ctx.answer(Reply::public(text)).await
}

/// `game <id> [pieces] [theme]`: a game's record, its PGN and its replay.
pub async fn game_record(
    ctx: &Ctx<'_>,
    id: GameId,
    pieces: Option<PieceStyle>,
    theme: Option<Theme>,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let loaded = load_visible(&core.store, id, ctx.requester).await?;
    let pgn = core
        .store
        .export_pgn(id)
        .await
        .map_err(BotError::internal)?;
    let lines = [
        with_casual_mark(
            voice.say(Msg::RecordHead {
                game: id.0,
                red: seat(&loaded.record, Color::Red, voice),
                black: seat(&loaded.record, Color::Black, voice),
            }),
            &loaded.record,
            voice,
        ),
        voice.say(if loaded.record.is_live() {
            Msg::RecordLive {
                color: color_key(loaded.game.position().side_to_move()).into(),
            }
        } else {
            Msg::RecordResult {
                result: result_sentence(&loaded.record, voice),
            }
        }),
        voice.say(Msg::RecordMoves {
            moves: line_text(loaded.game.start(), loaded.game.moves(), voice),
        }),
        format!("FEN: `{}`", loaded.game.position().to_fen()),
    ];
    let text = lines.join("\n");
    let mut reply = Reply::public(text);
    reply.files.push(Attachment {
        filename: format!("game-{}.pgn", id.0),
        bytes: pgn.into_bytes(),
    });
    let style = style_asked(pieces, theme, voice.style);
    reply
        .files
        .push(core.boards.replay_gif(&loaded, style, voice).await?);
    ctx.answer(reply).await
}

/// `stats [@user] [live|correspondence]`: a player's rating and results,
/// all of them or those under one kind of clock (the rating is one pool).
pub async fn stats(ctx: &Ctx<'_>, user: Option<Actor>, class: Option<TimeClass>) -> BotResult<()> {
    let voice = ctx.voice;
    let who = user.as_ref().unwrap_or(ctx.actor());
    let store = &ctx.core.store;
    let stats = match class {
        None => store.player_stats(&who.id).await,
        Some(class) => store.player_stats_in(&who.id, class).await,
    }
    .map_err(BotError::internal)?;
    let mut text = voice.say(match stats {
        None => Msg::StatsNone {
            name: shown(&who.name).to_string(),
        },
        Some(stats) => {
            let p = &stats.player;
            Msg::StatsLine {
                name: shown(&p.user.display_name).to_string(),
                rating: p.rating.display().to_string(),
                rank: count(stats.rank),
                games: count(p.games),
                wins: count(p.wins),
                draws: count(p.draws),
                losses: count(p.losses),
                live: count(stats.live_games),
            }
        }
    });
    if let Some(class) = class {
        text = format!("{} {text}", class_heading(class, voice));
    }
    ctx.answer(Reply::public(text)).await
}

/// "Live games:" before a filtered record.
fn class_heading(class: TimeClass, voice: Voice) -> String {
    voice.say(Msg::ClassOnly {
        class: match class {
            TimeClass::Live => "live",
            TimeClass::Correspondence => "correspondence",
        }
        .into(),
    })
}

/// `leaderboard [live|correspondence]`: the best rated players, all of
/// them or those who finished games under one kind of clock, with their
/// results there.
pub async fn leaderboard(ctx: &Ctx<'_>, class: Option<TimeClass>) -> BotResult<()> {
    let voice = ctx.voice;
    let store = &ctx.core.store;
    let top = match class {
        None => store.leaderboard(LEADERBOARD_SIZE, 1).await,
        Some(class) => store.leaderboard_in(class, LEADERBOARD_SIZE).await,
    }
    .map_err(BotError::internal)?;
    let text = if top.is_empty() {
        voice.say(Msg::LeaderboardEmpty)
    } else {
        let mut text = voice.say(Msg::LeaderboardTitle);
        if let Some(class) = class {
            text = format!("{} {text}", class_heading(class, voice));
        }
        for (rank, p) in top.iter().enumerate() {
            text.push('\n');
            text.push_str(&voice.say(Msg::LeaderboardLine {
                rank: rank as i64 + 1,
                name: shown(&p.user.display_name).to_string(),
                rating: p.rating.display().to_string(),
                games: count(p.games),
                wins: count(p.wins),
                draws: count(p.draws),
                losses: count(p.losses),
            }));
        }
        text
    };
    ctx.answer(Reply::public(text)).await
}

/// The name the store knows a user by (their display name when they
/// played), else the name they were mentioned with.
async fn known_name(ctx: &Ctx<'_>, who: &Actor) -> String {
    match ctx.core.store.player(&who.id).await {
        Ok(Some(player)) => player.user.display_name,
        _ => who.name.clone(),
    }
}

/// A count from the store, as the catalogs take numbers.
fn count(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

/// "#3 · alice vs bob · won · checkmate · 42 moves" from `user_id`'s side.
fn history_line(record: &GameRecord, user_id: &str, voice: Voice) -> String {
    let mine = if record.red.is_user(user_id) {
        Some(Color::Red)
    } else if record.black.is_user(user_id) {
        Some(Color::Black)
    } else {
        None
    };
    let outcome = match (record.result, mine) {
        (Some(GameResult::Draw), _) => "drawn",
        (Some(GameResult::RedWins), Some(Color::Red))
        | (Some(GameResult::BlackWins), Some(Color::Black)) => "won",
        (Some(_), Some(_)) => "lost",
        (Some(_), None) => "finished",
        (None, _) => "called-off",
    };
    let line = voice.say(Msg::HistoryLine {
        game: record.id.0,
        pairing: pairing(record, voice),
        outcome: outcome.into(),
        plies: i64::from(record.ply),
        reason: record.reason.clone().unwrap_or_default(),
    });
    with_casual_mark(line, record, voice)
}

/// `text`, then " · casual" when `record` is of a casual game. A called-off
/// game is unrated for another reason, and its line says why already.
fn with_casual_mark(mut text: String, record: &GameRecord, voice: Voice) -> String {
    if !record.rated && (record.result.is_some() || record.is_live()) {
        text.push_str(" · ");
        text.push_str(&voice.say(Msg::CasualMark));
    }
    text
}
