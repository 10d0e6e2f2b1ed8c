//! The daily puzzle's schedule: each server that set a puzzle channel gets
//! its puzzle of the day posted there once the hour it set has come (UTC),
//! and the solution, with the first solvers, once the day is over.
//!
//! What was posted is in the store (`puzzle_daily`: `posted_at`,
//! `solution_posted_at`), so a restart neither skips a post nor repeats
//! one: each round reads what is still owed. A post is marked after it went
//! out, so a crash between the two posts it once more, never not at all.
//! A day that passed entirely with the bot stopped is closed unposted.

use crate::i18n::Msg;
use crate::puzzles::serve;
use crate::store::{DailyPuzzle, SettingScope};

use crate::bot::services::puzzles::{
    daily_choice, puzzle_board, puzzle_caption, solution_text, solvers_text, DAILY_SOLVERS_SHOWN,
};
use crate::bot::services::settings::place_voice;
use crate::bot::services::Core;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::{Outbox, Reply};
use crate::bot::vocabulary::request::Place;
use crate::bot::vocabulary::settings::keys::{self, DEFAULT_DAILY_HOUR};
use crate::bot::vocabulary::settings::Chosen;

/// One round of the schedule: the solutions owed, then the puzzles due.
/// Run by the sweeper every minute.
pub async fn post_daily_puzzles(core: &Core, outbox: &dyn Outbox) {
    if let Err(err) = daily_round(core, outbox).await {
        tracing::error!(error = %err, "posting the daily puzzles failed");
    }
}

async fn daily_round(core: &Core, outbox: &dyn Outbox) -> BotResult<()> {
    let today = core.store.puzzle_day();
    let owed = core
        .store
        .daily_puzzles_unfinished(&today)
        .await
        .map_err(BotError::internal)?;
    for daily in owed.iter().filter(|d| d.day < today) {
        if let Err(err) = close_day(core, daily, outbox).await {
            tracing::warn!(guild = %daily.guild_id, day = %daily.day, error = %err, "could not post a daily puzzle's solution");
        }
    }
    let servers = core
        .store
        .owners_with_setting(SettingScope::Server, keys::PUZZLE_CHANNEL)
        .await
        .map_err(BotError::internal)?;
    for (guild, _) in servers {
        if let Err(err) = post_today(core, &guild, &today, outbox).await {
            tracing::warn!(%guild, error = %err, "could not post the daily puzzle");
        }
    }
    Ok(())
}

/// A server's settings that bear on the schedule: its puzzle channel
/// (the first named; `None` when unset or `all`) and hour.
async fn daily_settings(core: &Core, guild: &str) -> BotResult<(Option<String>, u8)> {
    let stored = core
        .store
        .settings(SettingScope::Server, guild)
        .await
        .map_err(BotError::internal)?;
    let chosen = Chosen::from_stored(SettingScope::Server, &stored);
    let channel = chosen
        .channels(keys::PUZZLE_CHANNEL)
        .and_then(|ids| ids.first().cloned());
    let hour = chosen.hour(keys::PUZZLE_HOUR).unwrap_or(DEFAULT_DAILY_HOUR);
    Ok((channel, hour))
}

/// Posts today's puzzle in the server's channel if its hour has come
/// and it is not posted yet.
async fn post_today(core: &Core, guild: &str, today: &str, outbox: &dyn Outbox) -> BotResult<()> {
    let (Some(channel), hour) = daily_settings(core, guild).await? else {
        return Ok(());
    };
    if core.store.puzzle_hour() < hour {
        return Ok(());
    }
    let known = core
        .store
        .daily_puzzle(guild, today)
        .await
        .map_err(BotError::internal)?;
    if known.as_ref().is_some_and(|d| d.posted_at.is_some()) {
        return Ok(());
    }
    let puzzle = daily_choice(core, guild, today, Some(&channel)).await?;
    let voice = place_voice(core, Some(guild), outbox).await;
    let caption = puzzle_caption(puzzle, voice);
    let board = puzzle_board(core, puzzle, 0, Vec::new(), caption.clone(), voice).await?;
    let mut reply = Reply::public(voice.say(Msg::PuzzleDailyPost { caption }));
    reply.files.push(board);
    let place = Place {
        guild: Some(guild.to_owned()),
        channel: channel.clone(),
        thread: None,
    };
    outbox
        .post(&place, reply)
        .await
        .map_err(BotError::internal)?;
    core.store
        .mark_daily_posted(guild, today, false)
        .await
        .map_err(BotError::internal)
}

/// A past day: its solution and first solvers posted where the puzzle
/// was (or in the server's puzzle channel, when a member asked for the
/// puzzle before it was posted), or closed unposted when it never went
/// out.
async fn close_day(core: &Core, daily: &DailyPuzzle, outbox: &dyn Outbox) -> BotResult<()> {
    let guild = daily.guild_id.as_str();
    let channel = match &daily.channel_id {
        Some(channel) => Some(channel.clone()),
        None => daily_settings(core, guild).await?.0,
    };
    let puzzle = serve::find(&daily.puzzle_id);
    if let (Some(channel), Some(puzzle), Some(_)) = (channel, puzzle, daily.posted_at) {
        let voice = place_voice(core, Some(guild), outbox).await;
        let solvers = core
            .store
            .daily_solvers(guild, &daily.day, DAILY_SOLVERS_SHOWN)
            .await
            .map_err(BotError::internal)?;
        let text = [
            voice.say(Msg::PuzzleDailySolutionPost {
                day: daily.day.clone(),
                solution: puzzle_caption(puzzle, voice),
            }),
            solution_text(puzzle, voice),
            if solvers.is_empty() {
                voice.say(Msg::PuzzleDailyNobody)
            } else {
                solvers_text(&solvers, voice)
            },
        ]
        .join("\n");
        let board = puzzle_board(
            core,
            puzzle,
            puzzle.solution.len(),
            Vec::new(),
            puzzle_caption(puzzle, voice),
            voice,
        )
        .await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        let place = Place {
            guild: Some(guild.to_owned()),
            channel,
            thread: None,
        };
        outbox
            .post(&place, reply)
            .await
            .map_err(BotError::internal)?;
    } else {
        tracing::info!(%guild, day = %daily.day, "closing a daily puzzle that was never posted");
        core.store
            .mark_daily_posted(guild, &daily.day, false)
            .await
            .map_err(BotError::internal)?;
    }
    core.store
        .mark_daily_posted(guild, &daily.day, true)
        .await
        .map_err(BotError::internal)
}
