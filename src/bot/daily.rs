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
use crate::puzzles::{serve, Puzzle};
use crate::store::{DailyPuzzle, SettingScope};

use super::error::{BotError, BotResult};
use super::puzzle::{puzzle_caption, solution_text, solvers_text, DAILY_SOLVERS_SHOWN};
use super::reply::{Outbox, Reply};
use super::settings::{keys, Chosen};
use super::{Bot, BoxFuture, Place};

/// The hour (UTC) a server's daily puzzle goes out when it set none.
pub const DEFAULT_DAILY_HOUR: u8 = 12;

impl Bot {
    /// One round of the schedule: the solutions owed, then the puzzles due.
    /// Run by the sweeper every minute.
    pub fn post_daily_puzzles<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Err(err) = self.daily_round(outbox).await {
                tracing::error!(error = %err, "posting the daily puzzles failed");
            }
        })
    }

    async fn daily_round(&self, outbox: &dyn Outbox) -> BotResult<()> {
        let today = self.store.puzzle_day();
        let owed = self
            .store
            .daily_puzzles_unfinished(&today)
            .await
            .map_err(BotError::internal)?;
        for daily in owed.iter().filter(|d| d.day < today) {
            if let Err(err) = self.close_day(daily, outbox).await {
                tracing::warn!(guild = %daily.guild_id, day = %daily.day, error = %err, "could not post a daily puzzle's solution");
            }
        }
        let servers = self
            .store
            .owners_with_setting(SettingScope::Server, keys::PUZZLE_CHANNEL)
            .await
            .map_err(BotError::internal)?;
        for (guild, _) in servers {
            if let Err(err) = self.post_today(&guild, &today, outbox).await {
                tracing::warn!(%guild, error = %err, "could not post the daily puzzle");
            }
        }
        Ok(())
    }

    /// A server's daily puzzle of `day`, chosen now (for `channel`, when
    /// posted there) if no one has. A stored choice the shipped set no
    /// longer holds (an update retired it: `puzzles repair`) is replaced by
    /// the day's pick from the set as it is, so the day still has a puzzle;
    /// attempts open on the old one are dropped where they are next used.
    pub(super) async fn daily_choice(
        &self,
        guild: &str,
        day: &str,
        channel: Option<&str>,
    ) -> BotResult<&'static Puzzle> {
        let candidate =
            serve::daily(serve::shipped(), guild, day).ok_or(BotError::NoPuzzlesLeft)?;
        let mut daily = self
            .store
            .choose_daily_puzzle(guild, day, &candidate.id, channel)
            .await
            .map_err(BotError::internal)?;
        if serve::find(&daily.puzzle_id).is_none() {
            tracing::warn!(%guild, %day, retired = %daily.puzzle_id, now = %candidate.id, "the daily puzzle left the shipped set; choosing again");
            daily = self
                .store
                .replace_daily_puzzle(guild, day, &daily.puzzle_id, &candidate.id)
                .await
                .map_err(BotError::internal)?;
        }
        match serve::find(&daily.puzzle_id) {
            Some(puzzle) => Ok(puzzle),
            // Another process, with another set, chose a puzzle this one
            // does not ship: a mixed deployment, not the user's doing.
            None => Err(BotError::internal(anyhow::anyhow!(
                "the daily puzzle {} of {guild} on {day} is not in this process's puzzle set",
                daily.puzzle_id
            ))),
        }
    }

    /// A server's settings that bear on the schedule: its puzzle channel
    /// (the first named; `None` when unset or `all`) and hour.
    async fn daily_settings(&self, guild: &str) -> BotResult<(Option<String>, u8)> {
        let stored = self
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
    async fn post_today(&self, guild: &str, today: &str, outbox: &dyn Outbox) -> BotResult<()> {
        let (Some(channel), hour) = self.daily_settings(guild).await? else {
            return Ok(());
        };
        if self.store.puzzle_hour() < hour {
            return Ok(());
        }
        let known = self
            .store
            .daily_puzzle(guild, today)
            .await
            .map_err(BotError::internal)?;
        if known.as_ref().is_some_and(|d| d.posted_at.is_some()) {
            return Ok(());
        }
        let puzzle = self.daily_choice(guild, today, Some(&channel)).await?;
        let voice = self.place_voice(Some(guild)).await;
        let caption = puzzle_caption(puzzle, voice);
        let board = self
            .puzzle_board(puzzle, 0, Vec::new(), caption.clone(), voice)
            .await?;
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
        self.store
            .mark_daily_posted(guild, today, false)
            .await
            .map_err(BotError::internal)
    }

    /// A past day: its solution and first solvers posted where the puzzle
    /// was (or in the server's puzzle channel, when a member asked for the
    /// puzzle before it was posted), or closed unposted when it never went
    /// out.
    async fn close_day(&self, daily: &DailyPuzzle, outbox: &dyn Outbox) -> BotResult<()> {
        let guild = daily.guild_id.as_str();
        let channel = match &daily.channel_id {
            Some(channel) => Some(channel.clone()),
            None => self.daily_settings(guild).await?.0,
        };
        let puzzle = serve::find(&daily.puzzle_id);
        if let (Some(channel), Some(puzzle), Some(_)) = (channel, puzzle, daily.posted_at) {
            let voice = self.place_voice(Some(guild)).await;
            let solvers = self
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
            let board = self
                .puzzle_board(
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
            self.store
                .mark_daily_posted(guild, &daily.day, false)
                .await
                .map_err(BotError::internal)?;
        }
        self.store
            .mark_daily_posted(guild, &daily.day, true)
            .await
            .map_err(BotError::internal)
    }
}
