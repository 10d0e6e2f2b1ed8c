//! Games and their moves: creating a game, applying a move under the ply check,
//! taking moves back, finishing (with ratings and stats) or aborting, and the
//! queries the bot needs to find games again after a restart.

use std::time::Duration;

use sqlx::FromRow;

use super::backend::{lock_players, on_conn, Conn};

use crate::rules::Color;

use super::error::{StoreError, StoreResult};
use super::jobs::{self, EngineJob};
use super::model::{
    color_column, fen_side_to_move, parse_color, parse_result, result_column, side_after, ActorId,
    BotLevel, GameId, GameRecord, GameResult, GameState, Iccs, Location, MoveRecord, Participant,
    RatingChange, UnixMillis, UserRef, START_FEN,
};
use super::offers::{drop_lapsed_offers, drop_offers};
use super::players::{load_rating, record_result, upsert_player};
use super::rating::{rate, GamePoints};
use super::{to_u32, Store};

/// What a new game needs.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub location: Location,
    pub red: Participant,
    pub black: Participant,
    /// `None` for the standard start position.
    pub start_fen: Option<String>,
    pub rated: bool,
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

/// The SELECT every game query shares: the game row with both users' names.
/// How long a process that stored a move has to post it before the sweep
/// takes the move for one whose post failed (and shows it itself), unless
/// [`StoreConfig::announce_grace`](super::StoreConfig) says otherwise:
/// longer than any post takes, short enough that a lost move is shown
/// within a couple of sweeps. A post still in flight after it is shown
/// twice.
pub const DEFAULT_ANNOUNCE_GRACE: Duration = Duration::from_secs(60);

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

macro_rules! select_games {
    ($tail:literal) => {
        concat!(
            "SELECT g.id, g.guild_id, g.channel_id, g.thread_id, ",
            "g.red_user_id, rp.display_name AS red_name, g.red_bot_level, ",
            "g.black_user_id, bp.display_name AS black_name, g.black_bot_level, ",
            "g.status, g.result, g.reason, g.start_fen, g.start_side, g.ply, g.announced_ply, g.rated, ",
            "g.red_rating_before, g.red_rating_after, g.black_rating_before, g.black_rating_after, ",
            "g.created_at, g.last_activity_at, g.finished_at ",
            "FROM games g ",
            "LEFT JOIN players rp ON rp.user_id = g.red_user_id ",
            "LEFT JOIN players bp ON bp.user_id = g.black_user_id ",
            $tail
        )
    };
}
pub(super) use select_games;

#[derive(FromRow)]
pub(super) struct GameRow {
    id: i64,
    guild_id: Option<String>,
    channel_id: String,
    thread_id: Option<String>,
    red_user_id: Option<String>,
    red_name: Option<String>,
    red_bot_level: Option<i64>,
    black_user_id: Option<String>,
    black_name: Option<String>,
    black_bot_level: Option<i64>,
    status: String,
    result: Option<String>,
    reason: Option<String>,
    start_fen: String,
    start_side: String,
    ply: i64,
    announced_ply: i64,
    rated: bool,
    red_rating_before: Option<f64>,
    red_rating_after: Option<f64>,
    black_rating_before: Option<f64>,
    black_rating_after: Option<f64>,
    created_at: i64,
    last_activity_at: i64,
    finished_at: Option<i64>,
}

fn participant(
    user_id: Option<String>,
    name: Option<String>,
    level: Option<i64>,
    side: &str,
) -> StoreResult<Participant> {
    match (user_id, level) {
        (Some(id), None) => {
            let display_name = name.unwrap_or_else(|| id.clone());
            Ok(Participant::User(UserRef { id, display_name }))
        }
        (None, Some(level)) => Ok(Participant::Bot(BotLevel::from_column(level)?)),
        _ => Err(StoreError::corrupt(format!(
            "the {side} side is neither one user nor one bot level"
        ))),
    }
}

fn rating_change(before: Option<f64>, after: Option<f64>) -> Option<RatingChange> {
    Some(RatingChange {
        before: before?,
        after: after?,
    })
}

impl TryFrom<GameRow> for GameRecord {
    type Error = StoreError;

    fn try_from(row: GameRow) -> StoreResult<GameRecord> {
        Ok(GameRecord {
            id: GameId(row.id),
            location: Location {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                thread_id: row.thread_id,
            },
            red: participant(row.red_user_id, row.red_name, row.red_bot_level, "red")?,
            black: participant(
                row.black_user_id,
                row.black_name,
                row.black_bot_level,
                "black",
            )?,
            status: GameState::parse(&row.status)?,
            result: row.result.as_deref().map(parse_result).transpose()?,
            reason: row.reason,
            start_fen: row.start_fen,
            start_side: parse_color(&row.start_side)?,
            ply: to_u32(row.ply, "a game's ply")?,
            announced_ply: to_u32(row.announced_ply, "a game's announced ply")?,
            rated: row.rated,
            red_rating: rating_change(row.red_rating_before, row.red_rating_after),
            black_rating: rating_change(row.black_rating_before, row.black_rating_after),
            created_at: row.created_at,
            last_activity_at: row.last_activity_at,
            finished_at: row.finished_at,
        })
    }
}

pub(super) fn records(rows: Vec<GameRow>) -> StoreResult<Vec<GameRecord>> {
    rows.into_iter().map(GameRecord::try_from).collect()
}

#[derive(FromRow)]
struct MoveRow {
    game_id: i64,
    ply: i64,
    iccs: String,
    by_user_id: Option<String>,
    played_at: i64,
}

impl TryFrom<MoveRow> for MoveRecord {
    type Error = StoreError;

    fn try_from(row: MoveRow) -> StoreResult<MoveRecord> {
        let iccs = Iccs::parse(&row.iccs).map_err(|e| {
            StoreError::corrupt(format!("stored move of game {}: {e}", row.game_id))
        })?;
        Ok(MoveRecord {
            game_id: GameId(row.game_id),
            ply: to_u32(row.ply, "a move's ply")?,
            iccs,
            by: row.by_user_id.map_or(ActorId::Bot, ActorId::User),
            played_at: row.played_at,
        })
    }
}

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

/// What a move's guarded `UPDATE` returns: the sides, and the ply at which
/// the game's first pending offer lapses (none without offers).
#[derive(FromRow)]
struct MoveGuard {
    #[sqlx(flatten)]
    sides: Sides,
    first_lapse: Option<i64>,
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

pub(super) async fn load_game(conn: &mut Conn<'_>, game: GameId) -> StoreResult<GameRecord> {
    let row: Option<GameRow> = on_conn!(conn, |c| sqlx::query_as(select_games!("WHERE g.id = $1"))
        .bind(game.0)
        .fetch_optional(c)
        .await?);
    row.ok_or(StoreError::GameNotFound(game))?.try_into()
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
    let (id,): (i64,) = on_conn!(conn, |c| {
        sqlx::query_as(
        "INSERT INTO games (guild_id, channel_id, thread_id, red_user_id, red_bot_level, \
         black_user_id, black_bot_level, start_fen, start_side, rated, created_at, last_activity_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
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
    .fetch_one(c)
    .await?
    });
    Ok(GameId(id))
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
    let updated = on_conn!(conn, |c| sqlx::query(
        "UPDATE games SET ply = ply - $1, last_activity_at = $2, \
         announced_ply = CASE WHEN announced_ply < ply - $1 THEN announced_ply ELSE ply - $1 END \
         WHERE id = $3 AND ply = $4 AND status = 'live' AND ply >= $1 AND $1 > 0",
    )
    .bind(i64::from(plies))
    .bind(now)
    .bind(game.0)
    .bind(i64::from(expected_ply))
    .execute(c)
    .await?
    .rows_affected());
    if updated == 0 {
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
    let sides: Option<Sides> = on_conn!(conn, |c| {
        sqlx::query_as(
        "UPDATE games SET status = $1, result = $2, reason = $3, finished_at = $4, last_activity_at = $4 \
         WHERE id = $5 AND status = 'live' \
         RETURNING red_user_id, red_bot_level, black_user_id, black_bot_level, start_side, rated",
    )
    .bind(status)
    .bind(result.map(result_column))
    .bind(reason)
    .bind(now)
    .bind(game.0)
    .fetch_optional(c)
    .await?
    });
    let Some(sides) = sides else {
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

/// Stores one move inside the caller's transaction (see [`Store::apply_move`]).
async fn apply_move_in(
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
         (SELECT MIN(lapses_at_ply) FROM offers WHERE offers.game_id = games.id) AS first_lapse",
    )
    .bind(now)
    .bind(game.0)
    .bind(i64::from(expected_ply))
    .bind(jobs::lease_end(now, announce_grace))
    .fetch_optional(c)
    .await?);
    let Some(MoveGuard { sides, first_lapse }) = guard else {
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
        let mut tx = self.begin_read().await?;
        let record = load_game(&mut tx.conn(), game).await?;
        let moves = moves_of(&mut tx.conn(), game).await?;
        tx.commit().await?;
        if moves.len() != record.ply as usize {
            return Err(StoreError::corrupt(format!(
                "game {game} is at ply {} but has {} moves stored",
                record.ply,
                moves.len()
            )));
        }
        Ok((record, moves))
    }

    /// Live games in a server.
    pub async fn live_games_in_guild(&self, guild_id: &str) -> StoreResult<Vec<GameRecord>> {
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
                "WHERE g.status = 'live' AND g.guild_id = $1 ORDER BY g.id"
            ))
            .bind(guild_id)
            .fetch_all(c)
            .await?
        });
        records(rows)
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
        let ply = i64::from(ply);
        self.write_for_game(game, move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE games SET announced_ply = CASE WHEN announced_ply > $1 THEN announced_ply ELSE $1 END \
                     WHERE id = $2 AND ply >= $1",
                )
                .bind(ply)
                .bind(game.0)
                .execute(c)
                .await?.rows_affected());
                Ok(())
            })
        })
        .await
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

    /// Live games where the bot is to move: after a restart the bot resumes
    /// thinking on each.
    pub async fn games_awaiting_bot(&self) -> StoreResult<Vec<GameRecord>> {
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
            "WHERE g.status = 'live' AND ( \
               (g.red_bot_level IS NOT NULL AND ((g.ply % 2 = 0) = (g.start_side = 'red'))) \
               OR (g.black_bot_level IS NOT NULL AND ((g.ply % 2 = 0) = (g.start_side = 'black')))) \
             ORDER BY g.last_activity_at, g.id"
        ))
        .fetch_all(c)
        .await?
        });
        records(rows)
    }

    /// Live games with no activity for `idle_for`, oldest first: candidates
    /// for abandonment.
    pub async fn idle_games(&self, idle_for: Duration) -> StoreResult<Vec<GameRecord>> {
        let idle_ms = i64::try_from(idle_for.as_millis()).unwrap_or(i64::MAX);
        let cutoff = self.now().saturating_sub(idle_ms);
        let rows: Vec<GameRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_games!(
            "WHERE g.status = 'live' AND g.last_activity_at < $1 ORDER BY g.last_activity_at, g.id"
        ))
            .bind(cutoff)
            .fetch_all(c)
            .await?
        });
        records(rows)
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

pub(super) async fn moves_of(conn: &mut Conn<'_>, game: GameId) -> StoreResult<Vec<MoveRecord>> {
    let rows: Vec<MoveRow> = on_conn!(conn, |c| {
        sqlx::query_as(
        "SELECT game_id, ply, iccs, by_user_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
    )
    .bind(game.0)
    .fetch_all(c)
    .await?
    });
    rows.into_iter().map(MoveRecord::try_from).collect()
}
