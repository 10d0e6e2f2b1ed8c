//! Games and their moves: creating a game, applying a move under the ply check,
//! taking moves back, finishing (with ratings and stats) or aborting, and the
//! queries the bot needs to find games again after a restart. The writes
//! inside a transaction are `game_tx.rs`'s, the rows `game_rows.rs`'s.

use std::time::Duration;

use super::backend::{on_conn, Conn};
use super::error::{StoreError, StoreResult};
use super::game_rows::{load_game, load_game_with_moves, records, select_games, GameRow};
use super::game_tx::{apply_move_in, finish_in, take_back_in};
use super::handle::Store;
use super::jobs::{self, EngineJob};
use super::model::{
    color_column, fen_side_to_move, ActorId, GameId, GameRecord, GameResult, Iccs, Location,
    MoveRecord, Participant, UnixMillis, UserRef, START_FEN,
};
use super::players::upsert_player;
use super::time_control::TimeControl;

/// What a new game needs.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub location: Location,
    pub red: Participant,
    pub black: Participant,
    /// `None` for the standard start position.
    pub start_fen: Option<String>,
    pub rated: bool,
    pub time_control: TimeControl,
}

/// A game whose stored moves do not match its ply counter (found by
/// [`Store::check_consistency`]; never expected, reported rather than repaired).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    pub game_id: GameId,
    pub ply: i64,
    pub moves_stored: i64,
    pub highest_ply_stored: i64,
}

/// The condition on a `games` row (bound: `$1`, now) under which its moves
/// not yet shown are the sweep's to show: stored more than the grace ago,
/// or last taken by a sweep that long ago; and no bot move due, since the
/// process making it shows them before its answer.
macro_rules! late_to_show {
    () => {
        "announced_ply < ply AND announce_due_at <= $1 \
         AND NOT EXISTS (SELECT 1 FROM engine_jobs j WHERE j.game_id = games.id)"
    };
}

pub(super) async fn insert_game(
    conn: &mut Conn<'_>,
    new: &NewGame,
    now: UnixMillis,
) -> StoreResult<GameId> {
    if matches!(
        (&new.red, &new.black),
        (Participant::Bot(_), Participant::Bot(_))
    ) {
        return Err(StoreError::BotAgainstBot);
    }
    let start_fen = new.start_fen.as_deref().unwrap_or(START_FEN).trim();
    let start_side = fen_side_to_move(start_fen)?;
    // In the order of their ids, as every write takes players' rows.
    let mut users: Vec<&UserRef> = [&new.red, &new.black]
        .into_iter()
        .filter_map(|side| match side {
            Participant::User(user) => Some(user),
            Participant::Bot(_) => None,
        })
        .collect();
    users.sort_by(|a, b| a.id.cmp(&b.id));
    for user in users {
        upsert_player(&mut *conn, user, now).await?;
    }
    let level = |p: &Participant| p.bot_level().map(|l| i64::from(l.get()));
    let clocks = new.time_control.start(now);
    let (id,): (i64,) = on_conn!(conn, |c| {
        sqlx::query_as(
        "INSERT INTO games (guild_id, channel_id, thread_id, red_user_id, red_bot_level, \
         black_user_id, black_bot_level, start_fen, start_side, rated, created_at, last_activity_at, \
         time_control, red_clock_ms, black_clock_ms, turn_deadline_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15) RETURNING id",
    )
    .bind(&new.location.guild_id)
    .bind(&new.location.channel_id)
    .bind(&new.location.thread_id)
    .bind(new.red.user_id())
    .bind(level(&new.red))
    .bind(new.black.user_id())
    .bind(level(&new.black))
    .bind(start_fen)
    .bind(color_column(start_side))
    .bind(new.rated)
    .bind(now)
    .bind(new.time_control.to_string())
    .bind(clocks.red_ms)
    .bind(clocks.black_ms)
    .bind(clocks.deadline)
    .fetch_one(c)
    .await?
    });
    Ok(GameId(id))
}

impl Store {
    /// Starts a game (between two users, or a user and the bot) and returns it.
    /// Users are added to `players`, or their display name refreshed.
    pub async fn create_game(&self, new: NewGame) -> StoreResult<GameRecord> {
        let now = self.now();
        let record = self
            .write_alone(move |conn| {
                Box::pin(async move {
                    let id = insert_game(conn, &new, now).await?;
                    load_game(conn, id).await
                })
            })
            .await?;
        tracing::debug!(game = %record.id, "game created");
        Ok(record)
    }

    /// [`Store::create_game`], and in the same transaction the claim of the
    /// bot's first move when the bot has Red, for `owner` under a lease of
    /// `lease` (see `store::jobs`): no other process's worker can take that
    /// move, and post it ahead of the game's start, between the game's commit
    /// and the claim. The job is `None` when the bot does not move first.
    pub async fn create_game_claiming_answer(
        &self,
        new: NewGame,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<(GameRecord, Option<EngineJob>)> {
        let now = self.now();
        let until = jobs::lease_end(now, lease);
        let owner = owner.to_owned();
        let (record, job) = self
            .write_alone(move |conn| {
                Box::pin(async move {
                    let id = insert_game(conn, &new, now).await?;
                    let job = jobs::claim_job_in(conn, id, 0, &owner, until, now).await?;
                    Ok((load_game(conn, id).await?, job))
                })
            })
            .await?;
        tracing::debug!(game = %record.id, "game created");
        Ok((record, job))
    }

    /// Stores one move as one transaction: checks that the game is live, at
    /// `expected_ply` (the ply the caller's position is at), and that `by`
    /// plays the side to move; then inserts the move at ply `expected_ply + 1`,
    /// bumps the ply and the activity time, and drops offers the move answers.
    /// Returns once the move is committed (durably, with the default
    /// [`Durability::Full`](super::Durability::Full)); moves submitted at the
    /// same moment share the commit, each in its own savepoint.
    ///
    /// When two callers race with the same `expected_ply`, exactly one wins;
    /// the other gets [`StoreError::StaleGame`]. The move's legality is the
    /// caller's business (checked against the rebuilt position); the store
    /// checks only its form.
    pub async fn apply_move(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &str,
        by: &ActorId,
    ) -> StoreResult<MoveRecord> {
        let iccs = Iccs::parse(mv)?;
        let (now, grace) = (self.now(), self.announce_grace);
        self.retrying(|| {
            let by = by.clone();
            self.write_for_game(game, move |conn| {
                Box::pin(apply_move_in(
                    conn,
                    game,
                    expected_ply,
                    iccs,
                    by,
                    now,
                    grace,
                ))
            })
        })
        .await
    }

    /// [`Store::apply_move`], and in the same transaction the claim of the
    /// job the move makes when the bot is to answer it, for `owner` under a
    /// lease of `lease` (see `store::jobs`): no other process's worker can
    /// take the bot's answer between the move's commit and the claim. The
    /// job is `None` when the move leaves no bot move due.
    pub async fn apply_move_claiming_answer(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &str,
        by: &ActorId,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<(MoveRecord, Option<EngineJob>)> {
        let iccs = Iccs::parse(mv)?;
        let (now, grace) = (self.now(), self.announce_grace);
        let until = jobs::lease_end(now, lease);
        self.retrying(|| {
            let (by, owner) = (by.clone(), owner.to_owned());
            self.write_for_game(game, move |conn| {
                Box::pin(async move {
                    let stored =
                        apply_move_in(conn, game, expected_ply, iccs, by, now, grace).await?;
                    let job =
                        jobs::claim_job_in(conn, game, stored.ply, &owner, until, now).await?;
                    Ok((stored, job))
                })
            })
        })
        .await
    }

    /// Stores a move that ends the game, and the game's end, as one write:
    /// [`Store::apply_move`]'s checks and effects, then
    /// [`Store::finish_game`]'s (result, ratings, stats). Either both are
    /// stored or neither, so no crash can leave a live game in a position the
    /// rules have ended. Returns the finished game.
    pub async fn apply_final_move(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &str,
        by: &ActorId,
        result: GameResult,
        reason: &str,
    ) -> StoreResult<GameRecord> {
        let iccs = Iccs::parse(mv)?;
        let (now, grace) = (self.now(), self.announce_grace);
        self.retrying(|| {
            let (by, reason) = (by.clone(), reason.to_owned());
            self.write_alone(move |conn| {
                Box::pin(async move {
                    apply_move_in(conn, game, expected_ply, iccs, by, now, grace).await?;
                    finish_in(conn, game, Some(result), &reason, now).await??;
                    load_game(conn, game).await
                })
            })
        })
        .await
    }

    /// Removes the last `plies` moves (a granted takeback) in one transaction,
    /// guarded by `expected_ply` like a move. Returns the removed moves.
    pub async fn take_back(
        &self,
        game: GameId,
        expected_ply: u32,
        plies: u32,
    ) -> StoreResult<Vec<MoveRecord>> {
        let now = self.now();
        self.write_for_game(game, move |conn| {
            Box::pin(async move { take_back_in(conn, game, expected_ply, plies, now).await? })
        })
        .await
    }

    /// Ends a live game with `result`, for `reason` (`checkmate`,
    /// `resignation`, `abandonment`, …). In the same transaction: the players'
    /// ratings (if the game is rated) and their win/draw/loss counts.
    pub async fn finish_game(
        &self,
        game: GameId,
        result: GameResult,
        reason: &str,
    ) -> StoreResult<GameRecord> {
        self.end_game(game, Some(result), reason).await
    }

    /// Calls off a live game without a result: unrated, not in anyone's stats.
    pub async fn abort_game(&self, game: GameId, reason: &str) -> StoreResult<GameRecord> {
        self.end_game(game, None, reason).await
    }

    async fn end_game(
        &self,
        game: GameId,
        result: Option<GameResult>,
        reason: &str,
    ) -> StoreResult<GameRecord> {
        let now = self.now();
        let record = self
            .retrying(|| {
                let reason = reason.to_owned();
                self.write_alone(move |conn| {
                    Box::pin(async move {
                        finish_in(conn, game, result, &reason, now).await??;
                        load_game(conn, game).await
                    })
                })
            })
            .await?;
        tracing::debug!(game = %game, ?result, reason, "game ended");
        Ok(record)
    }

    /// One game, without its moves.
    pub async fn game(&self, game: GameId) -> StoreResult<GameRecord> {
        let mut conn = self.reader.acquire().await?;
        load_game(&mut conn.conn(), game).await
    }

    /// One game and its moves in ply order, read from one snapshot.
    pub async fn game_with_moves(
        &self,
        game: GameId,
    ) -> StoreResult<(GameRecord, Vec<MoveRecord>)> {
        let (record, moves) =
            load_game_with_moves(&mut self.reader.acquire().await?.conn(), game).await?;
        if moves.len() != record.ply as usize {
            return Err(StoreError::corrupt(format!(
                "game {game} is at ply {} but has {} moves stored",
                record.ply,
                moves.len()
            )));
        }
        Ok((record, moves))
    }

    /// Live games in a channel, or in a thread of it given by the thread's id.
    pub async fn live_games_in_channel(&self, channel_id: &str) -> StoreResult<Vec<GameRecord>> {
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
                "WHERE g.status = 'live' AND (g.channel_id = $1 OR g.thread_id = $1) ORDER BY g.id"
            ))
            .bind(channel_id)
            .fetch_all(c)
            .await?
        });
        records(rows)
    }

    /// Live games a user plays in, anywhere.
    pub async fn live_games_of_user(&self, user_id: &str) -> StoreResult<Vec<GameRecord>> {
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
            "WHERE g.status = 'live' AND (g.red_user_id = $1 OR g.black_user_id = $1) ORDER BY g.id"
        ))
            .bind(user_id)
            .fetch_all(c)
            .await?
        });
        records(rows)
    }

    /// Records that the moves of `game` up to `ply` have been shown where it
    /// is played. Never lowers the mark, nor raises it past the game's ply.
    pub async fn mark_announced(&self, game: GameId, ply: u32) -> StoreResult<()> {
        self.queue_mark_announced(game, ply).await?.await
    }

    /// [`Store::mark_announced`], returning once the write is queued in the
    /// game's lane: the returned future gives its result once committed.
    /// Writes of the same game queued after it in this process commit after
    /// it, so a post's mark need not be waited for under the game's lock.
    pub async fn queue_mark_announced(
        &self,
        game: GameId,
        ply: u32,
    ) -> StoreResult<impl std::future::Future<Output = StoreResult<()>> + Send + 'static> {
        self.queue_mark_shown(game, 0, ply).await
    }

    /// Records that a post showed the moves of `game` after ply `after` up
    /// to ply `upto`, queued as [`Store::queue_mark_announced`] is. The mark
    /// rises only when it already reaches `after`: a post that showed later
    /// moves while an earlier one's post failed leaves the earlier ones
    /// owed (the sweep, or the next bot move, shows them), rather than
    /// counting them as shown. Never lowers the mark, nor raises it past
    /// the game's ply.
    pub async fn queue_mark_shown(
        &self,
        game: GameId,
        after: u32,
        upto: u32,
    ) -> StoreResult<impl std::future::Future<Output = StoreResult<()>> + Send + 'static> {
        let (after, upto) = (i64::from(after), i64::from(upto));
        self.writer
            .queue_keyed(game.0, move |conn| {
                Box::pin(async move {
                    on_conn!(conn, |c| sqlx::query(
                        "UPDATE games SET announced_ply = $1 \
                         WHERE id = $2 AND ply >= $1 AND announced_ply >= $3 AND announced_ply < $1",
                    )
                    .bind(upto)
                    .bind(game.0)
                    .bind(after)
                    .execute(c)
                    .await?.rows_affected());
                    Ok(())
                })
            })
            .await
    }

    /// How many games are live, in every channel (for the operators'
    /// metrics). Its success also says the store answers reads.
    pub async fn count_live_games(&self) -> StoreResult<u64> {
        let (count,): (i64,) = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as("SELECT COUNT(*) FROM games WHERE status = 'live'")
                .fetch_one(c)
                .await?
        });
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Games with stored moves never shown (a post failed, or the process
    /// stopped between storing and posting) that the sweep may show: their
    /// last move is older than the announce grace
    /// ([`StoreConfig::announce_grace`](super::StoreConfig)), no other sweep is showing
    /// them, and no bot move is due (whoever makes it shows them first). A
    /// game listed is only a candidate: [`Store::take_late_announcement`]
    /// decides who posts.
    pub async fn games_unannounced(&self) -> StoreResult<Vec<GameId>> {
        let now = self.now();
        let rows: Vec<(i64,)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(concat!(
                "SELECT id FROM games WHERE ",
                late_to_show!(),
                " ORDER BY id"
            ))
            .bind(now)
            .fetch_all(c)
            .await?
        });
        Ok(rows.into_iter().map(|(id,)| GameId(id)).collect())
    }

    /// Takes the showing of `game`'s late moves (see
    /// [`Store::games_unannounced`]) for the next announce grace: `true`
    /// when the caller is to post them, `false` when they were shown
    /// meanwhile, another process took them, or they are not yet late. A
    /// post that fails leaves them to the first sweep after the grace.
    pub async fn take_late_announcement(&self, game: GameId) -> StoreResult<bool> {
        let now = self.now();
        let until = jobs::lease_end(now, self.announce_grace);
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                let taken = on_conn!(conn, |c| sqlx::query(concat!(
                    "UPDATE games SET announce_due_at = $2 WHERE id = $3 AND ",
                    late_to_show!()
                ))
                .bind(now)
                .bind(until)
                .bind(game.0)
                .execute(c)
                .await?
                .rows_affected());
                Ok(taken == 1)
            })
        })
        .await
    }

    /// Live games with no activity for `idle_for`, oldest first: candidates
    /// for abandonment. A game whose clock runs is not among them: its
    /// deadline ends it instead.
    pub async fn idle_games(&self, idle_for: Duration) -> StoreResult<Vec<GameRecord>> {
        let idle_ms = i64::try_from(idle_for.as_millis()).unwrap_or(i64::MAX);
        let cutoff = self.now().saturating_sub(idle_ms);
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
            "WHERE g.status = 'live' AND g.last_activity_at < $1 AND g.turn_deadline_at IS NULL \
             ORDER BY g.last_activity_at, g.id"
        ))
            .bind(cutoff)
            .fetch_all(c)
            .await?
        });
        records(rows)
    }

    /// Live games with no activity for `idle_for` whose idle spell nobody
    /// was warned of yet (see [`Store::take_idle_warning`]), oldest first.
    pub async fn games_to_warn_idle(&self, idle_for: Duration) -> StoreResult<Vec<GameRecord>> {
        let idle_ms = i64::try_from(idle_for.as_millis()).unwrap_or(i64::MAX);
        let cutoff = self.now().saturating_sub(idle_ms);
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
                "WHERE g.status = 'live' AND g.last_activity_at < $1 AND g.turn_deadline_at IS NULL \
                 AND (g.idle_warned_for IS NULL OR g.idle_warned_for <> g.last_activity_at) \
                 ORDER BY g.last_activity_at, g.id"
            ))
            .bind(cutoff)
            .fetch_all(c)
            .await?
        });
        records(rows)
    }

    /// Takes the warning of `game`'s idle spell that began at
    /// `last_activity_at`: `true` when the caller is to post it, `false` when
    /// the game moved, ended, or was warned of by another process. One
    /// conditional write, so two sweeps racing cannot both warn.
    pub async fn take_idle_warning(
        &self,
        game: GameId,
        last_activity_at: i64,
    ) -> StoreResult<bool> {
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                let taken = on_conn!(conn, |c| sqlx::query(concat!(
                    "UPDATE games SET idle_warned_for = last_activity_at ",
                    "WHERE id = $1 AND status = 'live' AND last_activity_at = $2 ",
                    "AND (idle_warned_for IS NULL OR idle_warned_for <> last_activity_at)"
                ))
                .bind(game.0)
                .bind(last_activity_at)
                .execute(c)
                .await?
                .rows_affected());
                Ok(taken == 1)
            })
        })
        .await
    }

    /// Gives back a warning taken by [`Store::take_idle_warning`] whose post
    /// failed, so that the next sweep tries it again.
    pub async fn give_back_idle_warning(
        &self,
        game: GameId,
        last_activity_at: i64,
    ) -> StoreResult<()> {
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| {
                    sqlx::query(
                    "UPDATE games SET idle_warned_for = NULL WHERE id = $1 AND idle_warned_for = $2"
                )
                .bind(game.0)
                .bind(last_activity_at)
                .execute(c)
                .await?
                .rows_affected()
                });
                Ok(())
            })
        })
        .await
    }

    /// Games whose stored moves are not exactly plies 1 to `ply`. Empty unless
    /// the file was damaged or edited by hand; the bot logs it at start.
    pub async fn check_consistency(&self) -> StoreResult<Vec<Inconsistency>> {
        let rows: Vec<(i64, i64, i64, i64)> =
            on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
                sqlx::query_as(
                    "SELECT g.id, g.ply, COUNT(m.ply), COALESCE(MAX(m.ply), 0) \
             FROM games g LEFT JOIN moves m ON m.game_id = g.id \
             GROUP BY g.id, g.ply \
             HAVING COUNT(m.ply) <> g.ply OR COALESCE(MAX(m.ply), 0) <> g.ply \
             ORDER BY g.id",
                )
                .fetch_all(c)
                .await?
            });
        Ok(rows
            .into_iter()
            .map(
                |(id, ply, moves_stored, highest_ply_stored)| Inconsistency {
                    game_id: GameId(id),
                    ply,
                    moves_stored,
                    highest_ply_stored,
                },
            )
            .collect())
    }
}
