//! What the clocks need of the store beyond a move's own write: the games
//! whose flag has fallen, a game's end on time under the same guard as a
//! move (so that a move in time and the flag's fall cannot both apply,
//! across processes too), the correspondence reminders due, and the
//! heartbeat that gives back the time the whole bot was down.

use std::time::Duration;

use super::backend::on_conn;
use super::error::StoreResult;
use super::game_rows::{load_game, records, select_games, GameRow};
use super::game_tx::finish_in;
use super::handle::Store;
use super::model::{to_u32, GameId, GameRecord, GameResult};

/// The reason a game lost (or drawn) on time is stored with.
pub const TIMEOUT_REASON: &str = "timeout";
/// The reason of a game drawn because the side whose flag fell faced a
/// side that could not have won.
pub const TIMEOUT_DRAW_REASON: &str = "timeout-vs-insufficient-material";

impl Store {
    /// Live games whose side to move's deadline has passed, with the ply
    /// each was at, the earliest first.
    pub async fn games_flagged(&self) -> StoreResult<Vec<(GameId, u32)>> {
        let now = self.now();
        let rows: Vec<(i64, i64)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT id, ply FROM games \
                 WHERE status = 'live' AND turn_deadline_at IS NOT NULL AND turn_deadline_at <= $1 \
                 ORDER BY turn_deadline_at, id",
            )
            .bind(now)
            .fetch_all(c)
            .await?
        });
        rows.into_iter()
            .map(|(id, ply)| Ok((GameId(id), to_u32(ply, "a game's ply")?)))
            .collect()
    }

    /// Ends `game` on time with `result` and `reason`, if it is still live
    /// at `expected_ply` and its deadline has passed by the store's clock:
    /// the finished game, or `None` when a move came first or the game
    /// ended otherwise. The guard takes the game's row first, so a move
    /// racing it (in any process) either commits before and the flag did
    /// not fall, or finds the game over.
    pub async fn finish_on_time(
        &self,
        game: GameId,
        expected_ply: u32,
        result: GameResult,
        reason: &str,
    ) -> StoreResult<Option<GameRecord>> {
        let now = self.now();
        self.retrying(|| {
            let reason = reason.to_owned();
            self.write_alone(move |conn| {
                Box::pin(async move {
                    let due: Option<(i64,)> = on_conn!(conn, |c| sqlx::query_as(
                        "UPDATE games SET last_activity_at = last_activity_at \
                         WHERE id = $1 AND ply = $2 AND status = 'live' \
                         AND turn_deadline_at IS NOT NULL AND turn_deadline_at <= $3 RETURNING id",
                    )
                    .bind(game.0)
                    .bind(i64::from(expected_ply))
                    .bind(now)
                    .fetch_optional(c)
                    .await?);
                    if due.is_none() {
                        return Ok(None);
                    }
                    finish_in(conn, game, Some(result), &reason, now).await??;
                    Ok(Some(load_game(conn, game).await?))
                })
            })
        })
        .await
    }

    /// Live correspondence games whose player to move has a quarter of the
    /// move's time left or less and was not yet reminded this turn. The
    /// reminder is taken, once, with [`Store::take_idle_warning`]: a turn's
    /// reminder and an untimed game's idle warning are the same mark, the
    /// activity time of the spell it was for.
    pub async fn games_to_remind(&self) -> StoreResult<Vec<GameRecord>> {
        let now = self.now();
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
                "WHERE g.status = 'live' AND g.time_control LIKE '%d' \
                 AND g.turn_deadline_at IS NOT NULL \
                 AND 4 * (g.turn_deadline_at - $1) <= g.turn_deadline_at - g.last_activity_at \
                 AND (g.idle_warned_for IS NULL OR g.idle_warned_for <> g.last_activity_at) \
                 ORDER BY g.turn_deadline_at, g.id"
            ))
            .bind(now)
            .fetch_all(c)
            .await?
        });
        records(rows)
    }

    /// Says the clocks are watched, and gives back an outage: when the last
    /// heartbeat of any process is older than `outage_after`, the whole bot
    /// was down since, and every running deadline moves by that gap, as
    /// Lichess does after its own downtime. Returns the gap given back.
    /// Two processes starting at once race on the heartbeat's old value:
    /// only the one whose write matches it moves the deadlines.
    pub async fn clock_heartbeat(&self, outage_after: Duration) -> StoreResult<Option<Duration>> {
        let now = self.now();
        let outage_ms = i64::try_from(outage_after.as_millis()).unwrap_or(i64::MAX);
        self.write_alone(move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO clock_heartbeat (id, alive_at) VALUES (1, $1) \
                     ON CONFLICT (id) DO NOTHING"
                )
                .bind(now)
                .execute(c)
                .await?
                .rows_affected());
                let (alive_at,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
                    "SELECT alive_at FROM clock_heartbeat WHERE id = 1"
                )
                .fetch_one(c)
                .await?);
                if alive_at >= now {
                    return Ok(None);
                }
                let beat = on_conn!(conn, |c| sqlx::query(
                    "UPDATE clock_heartbeat SET alive_at = $1 WHERE id = 1 AND alive_at = $2"
                )
                .bind(now)
                .bind(alive_at)
                .execute(c)
                .await?
                .rows_affected());
                let gap = now - alive_at;
                if beat == 0 || gap <= outage_ms {
                    return Ok(None);
                }
                let moved = on_conn!(conn, |c| sqlx::query(
                    "UPDATE games SET turn_deadline_at = turn_deadline_at + $1 \
                     WHERE status = 'live' AND turn_deadline_at IS NOT NULL"
                )
                .bind(gap)
                .execute(c)
                .await?
                .rows_affected());
                tracing::info!(
                    gap_ms = gap,
                    games = moved,
                    "the bot was down: the clocks' time is given back"
                );
                Ok(Some(Duration::from_millis(gap.unsigned_abs())))
            })
        })
        .await
    }
}
