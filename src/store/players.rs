//! Players: added when they first play or challenge, their rating and counts
//! updated when a game finishes, and the read side (one player's stats and
//! history, the leaderboard).

use sqlx::FromRow;

use super::backend::{on_conn, Conn};

use super::error::{StoreError, StoreResult};
use super::game_rows::{records, select_games, GameRow};
use super::handle::Store;
use super::model::{to_u32, GameRecord, PlayerRecord, UnixMillis, UserRef};
use super::rating::{GamePoints, Rating};

/// A player's record with their place on the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    pub player: PlayerRecord,
    /// 1 for the highest rating.
    pub rank: u32,
    pub live_games: u32,
}

/// Where the next page of a history starts: after the game that ended at
/// `finished_at` with id `game_id` (newest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryCursor {
    pub finished_at: UnixMillis,
    pub game_id: i64,
}

/// One page of a player's finished games, newest first.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPage {
    pub games: Vec<GameRecord>,
    /// `Some` when older games remain.
    pub next: Option<HistoryCursor>,
}

#[derive(FromRow)]
struct PlayerRow {
    user_id: String,
    display_name: String,
    rating: f64,
    rating_deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
    created_at: i64,
}

impl TryFrom<PlayerRow> for PlayerRecord {
    type Error = StoreError;

    fn try_from(row: PlayerRow) -> StoreResult<PlayerRecord> {
        Ok(PlayerRecord {
            user: UserRef {
                id: row.user_id,
                display_name: row.display_name,
            },
            rating: Rating {
                rating: row.rating,
                deviation: row.rating_deviation,
                volatility: row.volatility,
            },
            games: to_u32(row.games, "a game count")?,
            wins: to_u32(row.wins, "a win count")?,
            draws: to_u32(row.draws, "a draw count")?,
            losses: to_u32(row.losses, "a loss count")?,
            created_at: row.created_at,
        })
    }
}

/// The SELECT every player query shares.
macro_rules! select_players {
    ($tail:literal) => {
        concat!(
            "SELECT user_id, display_name, rating, rating_deviation, volatility, ",
            "games, wins, draws, losses, created_at FROM players ",
            $tail
        )
    };
}

/// Which clocks a filtered record counts: one rating pool, results apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeClass {
    /// Minutes and an increment.
    Live,
    /// Days a move.
    Correspondence,
}

impl TimeClass {
    /// The `LIKE` pattern of its stored time controls (`10+5`, `3d`).
    fn pattern(self) -> &'static str {
        match self {
            TimeClass::Live => "%+%",
            TimeClass::Correspondence => "%d",
        }
    }
}

/// Each player's results in the finished games of one class of clock
/// (bound: `$1`, its pattern), as [`PlayerRow`]s; practice games against
/// oneself count for nothing, as in the players' own tallies.
macro_rules! select_results_in_class {
    () => {
        concat!(
            "SELECT p.user_id, p.display_name, p.rating, p.rating_deviation, p.volatility, ",
            "COUNT(*) AS games, ",
            "SUM(CASE WHEN g.result = CASE WHEN g.red_user_id = p.user_id THEN 'red' ELSE 'black' END ",
            "THEN 1 ELSE 0 END) AS wins, ",
            "SUM(CASE WHEN g.result = 'draw' THEN 1 ELSE 0 END) AS draws, ",
            "SUM(CASE WHEN g.result <> 'draw' AND g.result <> ",
            "CASE WHEN g.red_user_id = p.user_id THEN 'red' ELSE 'black' END ",
            "THEN 1 ELSE 0 END) AS losses, ",
            "p.created_at FROM players p ",
            "JOIN games g ON (g.red_user_id = p.user_id OR g.black_user_id = p.user_id) ",
            "WHERE g.status = 'finished' AND g.time_control LIKE $1 ",
            "AND (g.red_user_id IS NULL OR g.black_user_id IS NULL OR g.red_user_id <> g.black_user_id)"
        )
    };
}

macro_rules! group_results {
    () => {
        " GROUP BY p.user_id, p.display_name, p.rating, p.rating_deviation, p.volatility, p.created_at"
    };
}

/// Adds a user, or refreshes the name they go by.
pub(super) async fn upsert_player(
    conn: &mut Conn<'_>,
    user: &UserRef,
    now: UnixMillis,
) -> StoreResult<()> {
    on_conn!(conn, |c| sqlx::query(
        "INSERT INTO players (user_id, display_name, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name",
    )
    .bind(&user.id)
    .bind(&user.display_name)
    .bind(now)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Adds a user named by someone else (the person challenged), keeping the
/// name a known user gave themselves: only a user's own requests rename them.
pub(super) async fn insert_player_if_new(
    conn: &mut Conn<'_>,
    user: &UserRef,
    now: UnixMillis,
) -> StoreResult<()> {
    on_conn!(conn, |c| sqlx::query(
        "INSERT INTO players (user_id, display_name, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(&user.id)
    .bind(&user.display_name)
    .bind(now)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

pub(super) async fn load_rating(conn: &mut Conn<'_>, user_id: &str) -> StoreResult<Rating> {
    let row: Option<(f64, f64, f64)> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT rating, rating_deviation, volatility FROM players WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    let (rating, deviation, volatility) =
        row.ok_or_else(|| StoreError::corrupt(format!("player {user_id:?} is missing")))?;
    Ok(Rating {
        rating,
        deviation,
        volatility,
    })
}

/// Counts one finished game for a player and stores their new rating, if the
/// game was rated.
pub(super) async fn record_result(
    conn: &mut Conn<'_>,
    user_id: &str,
    score: GamePoints,
    new_rating: Option<Rating>,
) -> StoreResult<()> {
    let (win, draw, loss) = if score == GamePoints::WIN {
        (1_i64, 0_i64, 0_i64)
    } else if score == GamePoints::DRAW {
        (0, 1, 0)
    } else {
        (0, 0, 1)
    };
    // COALESCE keeps the old rating when the game was unrated.
    on_conn!(conn, |c| sqlx::query(
        "UPDATE players SET games = games + 1, wins = wins + $1, draws = draws + $2, \
         losses = losses + $3, rating = COALESCE($4, rating), \
         rating_deviation = COALESCE($5, rating_deviation), volatility = COALESCE($6, volatility) \
         WHERE user_id = $7",
    )
    .bind(win)
    .bind(draw)
    .bind(loss)
    .bind(new_rating.map(|r| r.rating))
    .bind(new_rating.map(|r| r.deviation))
    .bind(new_rating.map(|r| r.volatility))
    .bind(user_id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

impl Store {
    /// A player's record, if they have ever played or challenged.
    pub async fn player(&self, user_id: &str) -> StoreResult<Option<PlayerRecord>> {
        let row: Option<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_players!("WHERE user_id = $1"))
                .bind(user_id)
                .fetch_optional(c)
                .await?
        });
        row.map(PlayerRecord::try_from).transpose()
    }

    /// A player's record, rank and number of live games, from one snapshot.
    pub async fn player_stats(&self, user_id: &str) -> StoreResult<Option<PlayerStats>> {
        let mut tx = self.begin_read().await?;
        let row: Option<PlayerRow> = on_conn!(&mut tx.conn(), |c| sqlx::query_as(select_players!(
            "WHERE user_id = $1"
        ))
        .bind(user_id)
        .fetch_optional(c)
        .await?);
        let Some(row) = row else {
            return Ok(None);
        };
        let player = PlayerRecord::try_from(row)?;
        let (higher,): (i64,) = on_conn!(&mut tx.conn(), |c| sqlx::query_as(
            "SELECT COUNT(*) FROM players WHERE rating > $1"
        )
        .bind(player.rating.rating)
        .fetch_one(c)
        .await?);
        let (live,): (i64,) = on_conn!(&mut tx.conn(), |c| sqlx::query_as(
            "SELECT COUNT(*) FROM games WHERE status = 'live' \
             AND (red_user_id = $1 OR black_user_id = $1)",
        )
        .bind(user_id)
        .fetch_one(c)
        .await?);
        tx.commit().await?;
        Ok(Some(PlayerStats {
            player,
            rank: to_u32(higher + 1, "a rank")?,
            live_games: to_u32(live, "a live game count")?,
        }))
    }

    /// [`Store::player_stats`] with the games counted only in `class`:
    /// the rating and rank are the one pool's, the results those of the
    /// player's finished games under that kind of clock. `None` for a
    /// player with none.
    pub async fn player_stats_in(
        &self,
        user_id: &str,
        class: TimeClass,
    ) -> StoreResult<Option<PlayerStats>> {
        let Some(mut stats) = self.player_stats(user_id).await? else {
            return Ok(None);
        };
        let rows: Vec<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(concat!(
                select_results_in_class!(),
                " AND p.user_id = $2 ",
                group_results!()
            ))
            .bind(class.pattern())
            .bind(user_id)
            .fetch_all(c)
            .await?
        });
        let Some(row) = rows.into_iter().next() else {
            return Ok(None);
        };
        stats.player = PlayerRecord::try_from(row)?;
        Ok(Some(stats))
    }

    /// [`Store::leaderboard`] of the players with finished games in
    /// `class`, each with their results in it; ranked by the one rating.
    pub async fn leaderboard_in(
        &self,
        class: TimeClass,
        limit: u32,
    ) -> StoreResult<Vec<PlayerRecord>> {
        let rows: Vec<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(concat!(
                select_results_in_class!(),
                group_results!(),
                " ORDER BY p.rating DESC, games DESC, p.user_id LIMIT $2"
            ))
            .bind(class.pattern())
            .bind(i64::from(limit))
            .fetch_all(c)
            .await?
        });
        rows.into_iter().map(PlayerRecord::try_from).collect()
    }

    /// The highest-rated players with at least `min_games` finished games.
    pub async fn leaderboard(&self, limit: u32, min_games: u32) -> StoreResult<Vec<PlayerRecord>> {
        let rows: Vec<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_players!(
                "WHERE games >= $1 ORDER BY rating DESC, games DESC, user_id LIMIT $2"
            ))
            .bind(i64::from(min_games))
            .bind(i64::from(limit))
            .fetch_all(c)
            .await?
        });
        rows.into_iter().map(PlayerRecord::try_from).collect()
    }

    /// A player's ended games (finished or aborted), newest first, `limit` per
    /// page; pass the previous page's `next` to go on. Keyset paging, so a
    /// game ending meanwhile neither repeats nor skips an entry.
    pub async fn player_history(
        &self,
        user_id: &str,
        after: Option<HistoryCursor>,
        limit: u32,
    ) -> StoreResult<HistoryPage> {
        let cursor = after.unwrap_or(HistoryCursor {
            finished_at: i64::MAX,
            game_id: i64::MAX,
        });
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
                "WHERE (g.red_user_id = $1 OR g.black_user_id = $1) AND g.status <> 'live' \
             AND (g.finished_at < $2 OR (g.finished_at = $2 AND g.id < $3)) \
             ORDER BY g.finished_at DESC, g.id DESC LIMIT $4"
            ))
            .bind(user_id)
            .bind(cursor.finished_at)
            .bind(cursor.game_id)
            .bind(i64::from(limit) + 1)
            .fetch_all(c)
            .await?
        });
        let mut games = records(rows)?;
        let next = if games.len() > limit as usize {
            games.truncate(limit as usize);
            games.last().map(|g| HistoryCursor {
                finished_at: g.finished_at.unwrap_or(0),
                game_id: g.id.0,
            })
        } else {
            None
        };
        Ok(HistoryPage { games, next })
    }
}
