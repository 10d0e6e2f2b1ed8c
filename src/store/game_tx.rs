//! The writes to one game that run inside a caller's transaction: a move
//! under the ply check, a takeback, and a game's end with its ratings and
//! stats, with the offers each of them drops. `games.rs` runs them as the
//! store's moves and game ends, `offers.rs` as accepted draws and
//! takebacks: both import them from here, and neither imports the other.

use std::time::Duration;

use sqlx::FromRow;

use crate::rules::Color;

use super::backend::{lock_players, on_conn, Conn};
use super::error::{StoreError, StoreResult};
use super::game_rows::{ClockColumns, MoveRow};
use super::jobs;
use super::model::{
    parse_color, result_column, side_after, to_u32, ActorId, BotLevel, GameId, GameResult, Iccs,
    MoveRecord, UnixMillis,
};
use super::players::{load_rating, record_result};
use super::rating::{rate, GamePoints};
use super::time_control::{Clocks, FlagFell, TimeControl};

/// The two sides of a game as the guarded `UPDATE … RETURNING` gives them.
#[derive(FromRow)]
struct Sides {
    red_user_id: Option<String>,
    red_bot_level: Option<i64>,
    black_user_id: Option<String>,
    black_bot_level: Option<i64>,
    start_side: String,
    rated: bool,
}

/// What a move's guarded `UPDATE` returns: the sides, the clocks, and the
/// ply at which the game's first pending offer lapses (none without offers).
#[derive(FromRow)]
struct MoveGuard {
    #[sqlx(flatten)]
    sides: Sides,
    #[sqlx(flatten)]
    clocks: ClockColumns,
    first_lapse: Option<i64>,
}

/// Stores a timed game's clocks after a move or a takeback.
async fn store_clocks(conn: &mut Conn<'_>, game: GameId, clocks: Clocks) -> StoreResult<()> {
    on_conn!(conn, |c| sqlx::query(
        "UPDATE games SET red_clock_ms = $1, black_clock_ms = $2, turn_deadline_at = $3 \
         WHERE id = $4",
    )
    .bind(clocks.red_ms)
    .bind(clocks.black_ms)
    .bind(clocks.deadline)
    .bind(game.0)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

impl Sides {
    /// Whether `actor` plays `color`.
    fn plays(&self, color: Color, actor: &ActorId) -> bool {
        let (user, level) = match color {
            Color::Red => (&self.red_user_id, self.red_bot_level),
            Color::Black => (&self.black_user_id, self.black_bot_level),
        };
        match actor {
            ActorId::User(id) => user.as_deref() == Some(id.as_str()),
            ActorId::Bot => level.is_some(),
        }
    }
}

/// Why a guarded update matched no row: the game is missing, over, or at
/// another ply than the caller expected.
async fn refusal(conn: &mut Conn<'_>, game: GameId, expected_ply: u32) -> StoreResult<StoreError> {
    let found: Option<(String, i64)> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT status, ply FROM games WHERE id = $1"
    )
    .bind(game.0)
    .fetch_optional(c)
    .await?);
    Ok(match found {
        None => StoreError::GameNotFound(game),
        Some((status, _)) if status != "live" => StoreError::GameOver(game),
        Some((_, ply)) => StoreError::StaleGame {
            game,
            expected: expected_ply,
            actual: to_u32(ply, "a game's ply")?,
        },
    })
}

/// Stores one move inside the caller's transaction (see
/// [`Store::apply_move`](super::Store::apply_move)).
pub(super) async fn apply_move_in(
    conn: &mut Conn<'_>,
    game: GameId,
    expected_ply: u32,
    iccs: Iccs,
    by: ActorId,
    now: UnixMillis,
    announce_grace: Duration,
) -> StoreResult<MoveRecord> {
    // The guarded UPDATE is the first statement: it both takes the row and
    // checks the ply, so there is no window between check and write. It
    // also says when the game's first offer lapses, so that a move in a game
    // without offers (most moves) spends no statement on them.
    let guard: Option<MoveGuard> = on_conn!(conn, |c| sqlx::query_as(
        "UPDATE games SET ply = ply + 1, last_activity_at = $1, announce_due_at = $4 \
         WHERE id = $2 AND ply = $3 AND status = 'live' \
         RETURNING red_user_id, red_bot_level, black_user_id, black_bot_level, start_side, rated, \
         time_control, red_clock_ms, black_clock_ms, turn_deadline_at, \
         (SELECT MIN(lapses_at_ply) FROM offers WHERE offers.game_id = games.id) AS first_lapse",
    )
    .bind(now)
    .bind(game.0)
    .bind(i64::from(expected_ply))
    .bind(jobs::lease_end(now, announce_grace))
    .fetch_optional(c)
    .await?);
    let Some(MoveGuard {
        sides,
        clocks,
        first_lapse,
    }) = guard
    else {
        return Err(refusal(conn, game, expected_ply).await?);
    };
    let to_move = side_after(parse_color(&sides.start_side)?, expected_ply);
    if !sides.plays(to_move, &by) {
        return Err(if sides.plays(to_move.opponent(), &by) {
            StoreError::NotYourTurn { game, to_move }
        } else {
            StoreError::NotAParticipant(game)
        });
    }
    let ply = expected_ply + 1;
    // The clocks are judged by the store's time of the move's write, in
    // its transaction: a move that comes after its flag fell is refused
    // (the savepoint undoes the ply), whichever process it reached.
    let (control, before) = clocks.read()?;
    if control != TimeControl::Untimed {
        let after = before
            .after_move(control, to_move, ply, now)
            .map_err(|FlagFell| StoreError::FlagFell(game))?;
        if after != before {
            store_clocks(conn, game, after).await?;
        }
    }
    on_conn!(conn, |c| sqlx::query(
        "INSERT INTO moves (game_id, ply, iccs, by_user_id, played_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game.0)
    .bind(i64::from(ply))
    .bind(iccs.to_string())
    .bind(by.user_id())
    .bind(now)
    .execute(c)
    .await?
    .rows_affected());
    if first_lapse.is_some_and(|lapse| lapse <= i64::from(ply)) {
        drop_lapsed_offers(conn, game, ply).await?;
    }
    Ok(MoveRecord {
        game_id: game,
        ply,
        iccs,
        by,
        played_at: now,
    })
}

/// What a takeback's guarded `UPDATE` returns.
#[derive(FromRow)]
struct TakebackGuard {
    start_side: String,
    #[sqlx(flatten)]
    clocks: ClockColumns,
}

/// Removes the last `plies` moves of a live game at `expected_ply`, inside the
/// caller's transaction. Returns the removed moves in the order played.
pub(super) async fn take_back_in(
    conn: &mut Conn<'_>,
    game: GameId,
    expected_ply: u32,
    plies: u32,
    now: UnixMillis,
) -> StoreResult<Result<Vec<MoveRecord>, StoreError>> {
    // CASE rather than SQLite's min(a, b) or PostgreSQL's LEAST: both read it.
    let updated: Option<TakebackGuard> = on_conn!(conn, |c| sqlx::query_as(
        "UPDATE games SET ply = ply - $1, last_activity_at = $2, \
         announced_ply = CASE WHEN announced_ply < ply - $1 THEN announced_ply ELSE ply - $1 END \
         WHERE id = $3 AND ply = $4 AND status = 'live' AND ply >= $1 AND $1 > 0 \
         RETURNING start_side, time_control, red_clock_ms, black_clock_ms, turn_deadline_at",
    )
    .bind(i64::from(plies))
    .bind(now)
    .bind(game.0)
    .bind(i64::from(expected_ply))
    .fetch_optional(c)
    .await?);
    let Some(updated) = updated else {
        let refusal = refusal(&mut *conn, game, expected_ply).await?;
        let refusal = match refusal {
            StoreError::StaleGame { actual, .. } if actual == expected_ply => {
                StoreError::NothingToTakeBack {
                    requested: plies,
                    available: expected_ply,
                }
            }
            other => other,
        };
        return Ok(Err(refusal));
    };
    let (control, before) = updated.clocks.read()?;
    if control != TimeControl::Untimed {
        let start = parse_color(&updated.start_side)?;
        let after = before.after_takeback(
            control,
            side_after(start, expected_ply),
            side_after(start, expected_ply - plies),
            expected_ply - plies,
            now,
        );
        store_clocks(conn, game, after).await?;
    }
    let new_ply = i64::from(expected_ply - plies);
    let mut removed: Vec<MoveRow> = on_conn!(conn, |c| sqlx::query_as(
        "DELETE FROM moves WHERE game_id = $1 AND ply > $2 \
         RETURNING game_id, ply, iccs, by_user_id, played_at",
    )
    .bind(game.0)
    .bind(new_ply)
    .fetch_all(c)
    .await?);
    if removed.len() != plies as usize {
        return Err(StoreError::corrupt(format!(
            "game {game} had {} moves after ply {new_ply}, expected {plies}",
            removed.len()
        )));
    }
    drop_offers(conn, game).await?;
    removed.sort_by_key(|m| m.ply);
    Ok(Ok(removed
        .into_iter()
        .map(MoveRecord::try_from)
        .collect::<StoreResult<_>>()?))
}

/// What a game end's guarded `UPDATE` returns.
#[derive(FromRow)]
struct EndGuard {
    #[sqlx(flatten)]
    sides: Sides,
    ply: i64,
    #[sqlx(flatten)]
    clocks: ClockColumns,
}

/// Ends a live game inside the caller's transaction: sets the result, then
/// (for a rated game between different people, or a person and the bot)
/// updates ratings, and counts the result in each person's stats.
pub(super) async fn finish_in(
    conn: &mut Conn<'_>,
    game: GameId,
    result: Option<GameResult>,
    reason: &str,
    now: UnixMillis,
) -> StoreResult<Result<(), StoreError>> {
    let status = if result.is_some() {
        "finished"
    } else {
        "aborted"
    };
    let ended: Option<EndGuard> = on_conn!(conn, |c| {
        sqlx::query_as(
        "UPDATE games SET status = $1, result = $2, reason = $3, finished_at = $4, last_activity_at = $4 \
         WHERE id = $5 AND status = 'live' \
         RETURNING red_user_id, red_bot_level, black_user_id, black_bot_level, start_side, rated, \
         ply, time_control, red_clock_ms, black_clock_ms, turn_deadline_at",
    )
    .bind(status)
    .bind(result.map(result_column))
    .bind(reason)
    .bind(now)
    .bind(game.0)
    .fetch_optional(c)
    .await?
    });
    let Some(EndGuard { sides, ply, clocks }) = ended else {
        let found: Option<(String,)> = on_conn!(conn, |c| sqlx::query_as(
            "SELECT status FROM games WHERE id = $1"
        )
        .bind(game.0)
        .fetch_optional(c)
        .await?);
        return Ok(Err(match found {
            None => StoreError::GameNotFound(game),
            Some(_) => StoreError::GameOver(game),
        }));
    };
    let (_, running) = clocks.read()?;
    if running.deadline.is_some() {
        let to_move = side_after(
            parse_color(&sides.start_side)?,
            to_u32(ply, "a game's ply")?,
        );
        store_clocks(conn, game, running.stopped(to_move, now)).await?;
    }
    drop_offers(conn, game).await?;
    let Some(result) = result else {
        return Ok(Ok(()));
    };
    // A practice game against oneself counts for nothing.
    if sides.red_user_id.is_some() && sides.red_user_id == sides.black_user_id {
        return Ok(Ok(()));
    }

    let red_score = match result {
        GameResult::RedWins => GamePoints::WIN,
        GameResult::BlackWins => GamePoints::LOSS,
        GameResult::Draw => GamePoints::DRAW,
    };
    let black_score = match result {
        GameResult::RedWins => GamePoints::LOSS,
        GameResult::BlackWins => GamePoints::WIN,
        GameResult::Draw => GamePoints::DRAW,
    };

    // Both sides are rated from their ratings before this game, which no
    // other process may change until this one commits.
    let users: Vec<&str> = [&sides.red_user_id, &sides.black_user_id]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    lock_players(&mut *conn, &users).await?;
    let red_before = match (&sides.red_user_id, sides.red_bot_level) {
        (Some(id), _) => load_rating(&mut *conn, id).await?,
        (None, Some(level)) => BotLevel::from_column(level)?.rating(),
        (None, None) => return Err(StoreError::corrupt("the red side has no player")),
    };
    let black_before = match (&sides.black_user_id, sides.black_bot_level) {
        (Some(id), _) => load_rating(&mut *conn, id).await?,
        (None, Some(level)) => BotLevel::from_column(level)?.rating(),
        (None, None) => return Err(StoreError::corrupt("the black side has no player")),
    };

    let mut red_after = None;
    let mut black_after = None;
    if sides.rated {
        if sides.red_user_id.is_some() {
            red_after = Some(rate(red_before, &[(black_before, red_score)]));
        }
        if sides.black_user_id.is_some() {
            black_after = Some(rate(black_before, &[(red_before, black_score)]));
        }
    }
    if let Some(id) = &sides.red_user_id {
        record_result(&mut *conn, id, red_score, red_after).await?;
    }
    if let Some(id) = &sides.black_user_id {
        record_result(&mut *conn, id, black_score, black_after).await?;
    }
    if sides.rated {
        on_conn!(conn, |c| sqlx::query(
            "UPDATE games SET red_rating_before = $1, red_rating_after = $2, \
             black_rating_before = $3, black_rating_after = $4 WHERE id = $5",
        )
        .bind(red_after.map(|_| red_before.rating))
        .bind(red_after.map(|r| r.rating))
        .bind(black_after.map(|_| black_before.rating))
        .bind(black_after.map(|r| r.rating))
        .bind(game.0)
        .execute(c)
        .await?
        .rows_affected());
    }
    Ok(Ok(()))
}

/// Drops every offer in a game (it ended, or moves were taken back).
pub(super) async fn drop_offers(conn: &mut Conn<'_>, game: GameId) -> StoreResult<()> {
    on_conn!(conn, |c| sqlx::query(
        "DELETE FROM offers WHERE game_id = $1"
    )
    .bind(game.0)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Drops the offers in a game that lapse by `ply`.
pub(super) async fn drop_lapsed_offers(
    conn: &mut Conn<'_>,
    game: GameId,
    ply: u32,
) -> StoreResult<()> {
    on_conn!(conn, |c| sqlx::query(
        "DELETE FROM offers WHERE game_id = $1 AND lapses_at_ply <= $2"
    )
    .bind(game.0)
    .bind(i64::from(ply))
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}
