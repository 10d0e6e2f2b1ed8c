//! Puzzle play: each user's puzzle rating (Glicko-2, like game ratings but
//! its own), every finished attempt, the attempt in progress per user and
//! place, and each server's daily puzzle with its solvers. The puzzles
//! themselves are not stored: they ship with the binary and are named by id.
//!
//! Every change is one write (one transaction); a move in an attempt is
//! guarded by the attempt's ply, so two racing requests cannot both apply.

use sqlx::FromRow;

use super::backend::{lock_puzzle_player, lock_puzzle_rating, on_conn, Conn};
use super::error::{StoreError, StoreResult};
use super::handle::Store;
use super::model::{to_u32, Location, UnixMillis, UserRef};
use super::rating::{rate, GamePoints, Rating};

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleOutcome {
    Solved,
    /// A wrong move.
    Failed,
    Skipped,
}

impl PuzzleOutcome {
    fn as_str(self) -> &'static str {
        match self {
            PuzzleOutcome::Solved => "solved",
            PuzzleOutcome::Failed => "failed",
            PuzzleOutcome::Skipped => "skipped",
        }
    }

    /// The attempt as a game against the puzzle: solved alone is a win, solved
    /// after a hint a draw, a wrong move or a skip a loss (a skip that cost
    /// nothing would let anyone keep only the puzzles they like).
    fn points(self, hinted: bool) -> GamePoints {
        match (self, hinted) {
            (PuzzleOutcome::Solved, false) => GamePoints::WIN,
            (PuzzleOutcome::Solved, true) => GamePoints::DRAW,
            _ => GamePoints::LOSS,
        }
    }
}

/// A user's puzzle record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePlayer {
    pub user: UserRef,
    pub rating: Rating,
    pub attempts: u32,
    pub solved: u32,
}

/// An attempt in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSession {
    pub user_id: String,
    pub puzzle_id: String,
    /// Moves of the solution played so far.
    pub ply: u32,
    pub hinted: bool,
    /// The server day, when this is the daily puzzle.
    pub daily_day: Option<String>,
    pub started_at: UnixMillis,
}

/// What finishing an attempt changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleResult {
    pub player_before: Rating,
    pub player_after: Rating,
    pub puzzle_after: Rating,
    /// For a solved daily puzzle: the solver's place among that day's solvers
    /// (1 for the first).
    pub daily_place: Option<u32>,
}

/// A server's puzzle of one day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPuzzle {
    pub guild_id: String,
    pub day: String,
    pub puzzle_id: String,
    pub channel_id: Option<String>,
    pub posted_at: Option<UnixMillis>,
    pub solution_posted_at: Option<UnixMillis>,
}

/// The key of a place for attempts: its thread if any, else its channel.
fn place_key(place: &Location) -> String {
    match &place.thread_id {
        Some(thread) => format!("{}/{thread}", place.channel_id),
        None => place.channel_id.clone(),
    }
}

#[derive(FromRow)]
struct PlayerRow {
    user_id: String,
    display_name: String,
    rating: f64,
    rating_deviation: f64,
    volatility: f64,
    attempts: i64,
    solved: i64,
}

impl TryFrom<PlayerRow> for PuzzlePlayer {
    type Error = StoreError;

    fn try_from(row: PlayerRow) -> StoreResult<PuzzlePlayer> {
        Ok(PuzzlePlayer {
            user: UserRef::new(row.user_id, row.display_name),
            rating: Rating {
                rating: row.rating,
                deviation: row.rating_deviation,
                volatility: row.volatility,
            },
            attempts: to_u32(row.attempts, "a puzzle attempt count")?,
            solved: to_u32(row.solved, "a solved puzzle count")?,
        })
    }
}

#[derive(FromRow)]
struct SessionRow {
    user_id: String,
    puzzle_id: String,
    ply: i64,
    hinted: bool,
    daily_day: Option<String>,
    started_at: i64,
}

impl TryFrom<SessionRow> for PuzzleSession {
    type Error = StoreError;

    fn try_from(row: SessionRow) -> StoreResult<PuzzleSession> {
        Ok(PuzzleSession {
            user_id: row.user_id,
            puzzle_id: row.puzzle_id,
            ply: to_u32(row.ply, "a puzzle ply")?,
            hinted: row.hinted,
            daily_day: row.daily_day,
            started_at: row.started_at,
        })
    }
}

#[derive(FromRow)]
struct DailyRow {
    guild_id: String,
    day: String,
    puzzle_id: String,
    channel_id: Option<String>,
    posted_at: Option<i64>,
    solution_posted_at: Option<i64>,
}

impl From<DailyRow> for DailyPuzzle {
    fn from(row: DailyRow) -> DailyPuzzle {
        DailyPuzzle {
            guild_id: row.guild_id,
            day: row.day,
            puzzle_id: row.puzzle_id,
            channel_id: row.channel_id,
            posted_at: row.posted_at,
            solution_posted_at: row.solution_posted_at,
        }
    }
}

/// The SELECTs the queries below share, with their tails.
macro_rules! select_player {
    ($tail:literal) => {
        concat!(
            "SELECT user_id, display_name, rating, rating_deviation, volatility, ",
            "attempts, solved FROM puzzle_players ",
            $tail
        )
    };
}
macro_rules! select_session {
    ($tail:literal) => {
        concat!(
            "SELECT user_id, puzzle_id, ply, hinted, daily_day, started_at FROM puzzle_sessions ",
            $tail
        )
    };
}
macro_rules! select_daily {
    ($tail:literal) => {
        concat!(
            "SELECT guild_id, day, puzzle_id, channel_id, posted_at, solution_posted_at ",
            "FROM puzzle_daily ",
            $tail
        )
    };
}

async fn session_in(
    conn: &mut Conn<'_>,
    user_id: &str,
    place: &str,
) -> StoreResult<Option<PuzzleSession>> {
    let row: Option<SessionRow> = on_conn!(conn, |c| sqlx::query_as(select_session!(
        "WHERE user_id = $1 AND place = $2"
    ))
    .bind(user_id)
    .bind(place)
    .fetch_optional(c)
    .await?);
    row.map(PuzzleSession::try_from).transpose()
}

/// A server's daily puzzle of a day, read inside a write that has just
/// chosen or changed it.
async fn daily_in(conn: &mut Conn<'_>, guild_id: &str, day: &str) -> StoreResult<DailyPuzzle> {
    let row: DailyRow = on_conn!(conn, |c| sqlx::query_as(select_daily!(
        "WHERE guild_id = $1 AND day = $2"
    ))
    .bind(guild_id)
    .bind(day)
    .fetch_one(c)
    .await?);
    Ok(row.into())
}

/// Why a change to an attempt was refused.
fn stale(session: Option<PuzzleSession>, expected_ply: u32) -> StoreError {
    match session {
        None => StoreError::NotStored("no puzzle attempt is in progress here".into()),
        Some(s) => StoreError::NotStored(format!(
            "the puzzle attempt moved on: it is at move {}, not {expected_ply}",
            s.ply
        )),
    }
}

impl Store {
    /// Today in UTC, `yyyy-mm-dd`, by the store's clock: the day a daily
    /// puzzle belongs to (a test's clock moves it).
    pub fn puzzle_day(&self) -> String {
        let (year, month, day) = super::export::civil_date(self.now().div_euclid(86_400_000));
        format!("{year:04}-{month:02}-{day:02}")
    }

    /// The hour of the day (UTC, 0–23) by the store's clock.
    pub fn puzzle_hour(&self) -> u8 {
        (self.now().div_euclid(3_600_000).rem_euclid(24)) as u8
    }

    /// A user's puzzle record, if they have tried a puzzle.
    pub async fn puzzle_player(&self, user_id: &str) -> StoreResult<Option<PuzzlePlayer>> {
        let row: Option<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_player!("WHERE user_id = $1"))
                .bind(user_id)
                .fetch_optional(c)
                .await?
        });
        row.map(PuzzlePlayer::try_from).transpose()
    }

    /// The highest puzzle ratings among users with at least `min_attempts`.
    pub async fn puzzle_leaderboard(
        &self,
        limit: u32,
        min_attempts: u32,
    ) -> StoreResult<Vec<PuzzlePlayer>> {
        let rows: Vec<PlayerRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_player!(
                "WHERE attempts >= $1 ORDER BY rating DESC, solved DESC, user_id LIMIT $2"
            ))
            .bind(i64::from(min_attempts))
            .bind(i64::from(limit))
            .fetch_all(c)
            .await?
        });
        rows.into_iter().map(PuzzlePlayer::try_from).collect()
    }

    /// The puzzles a user has solved: never served to them again.
    pub async fn solved_puzzles(&self, user_id: &str) -> StoreResult<Vec<String>> {
        let rows: Vec<(String,)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT DISTINCT puzzle_id FROM puzzle_attempts \
                 WHERE user_id = $1 AND outcome = 'solved' ORDER BY puzzle_id",
            )
            .bind(user_id)
            .fetch_all(c)
            .await?
        });
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The attempt in progress of a user in a place.
    pub async fn puzzle_session(
        &self,
        user_id: &str,
        place: &Location,
    ) -> StoreResult<Option<PuzzleSession>> {
        let key = place_key(place);
        session_in(&mut self.reader.acquire().await?.conn(), user_id, &key).await
    }

    /// Starts an attempt, unless one is already in progress for the user in
    /// this place: then that one is returned (and `false`). A user's first
    /// attempt gives them a puzzle rating of `first_rating` (the caller's
    /// scale: the middle of the puzzles it serves), deviation as a newcomer's.
    pub async fn start_puzzle(
        &self,
        user: &UserRef,
        place: &Location,
        puzzle_id: &str,
        daily_day: Option<&str>,
        first_rating: f64,
    ) -> StoreResult<(PuzzleSession, bool)> {
        let (user, key, puzzle_id) = (user.clone(), place_key(place), puzzle_id.to_owned());
        let daily_day = daily_day.map(str::to_owned);
        let now = self.now();
        // Alone: it takes the user's puzzle rating row.
        self.write_alone(move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO puzzle_players (user_id, display_name, created_at, rating) \
                     VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name",
                )
                .bind(&user.id)
                .bind(&user.display_name)
                .bind(now)
                .bind(first_rating)
                .execute(c)
                .await?
                .rows_affected());
                if let Some(existing) = session_in(conn, &user.id, &key).await? {
                    return Ok((existing, false));
                }
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO puzzle_sessions (user_id, place, puzzle_id, daily_day, started_at) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&user.id)
                .bind(&key)
                .bind(&puzzle_id)
                .bind(&daily_day)
                .bind(now)
                .execute(c)
                .await?
                .rows_affected());
                let session = session_in(conn, &user.id, &key)
                    .await?
                    .ok_or_else(|| StoreError::corrupt("a puzzle attempt vanished as it was made"))?;
                Ok((session, true))
            })
        })
        .await
    }

    /// Records moves played in an attempt (the solver's and the bot's reply):
    /// from `expected_ply` to `new_ply`, refused if the attempt is elsewhere.
    pub async fn advance_puzzle(
        &self,
        user_id: &str,
        place: &Location,
        expected_ply: u32,
        new_ply: u32,
    ) -> StoreResult<()> {
        let (user_id, key) = (user_id.to_owned(), place_key(place));
        self.write(move |conn| {
            Box::pin(async move {
                let changed = on_conn!(conn, |c| sqlx::query(
                    "UPDATE puzzle_sessions SET ply = $1 WHERE user_id = $2 AND place = $3 AND ply = $4",
                )
                .bind(i64::from(new_ply))
                .bind(&user_id)
                .bind(&key)
                .bind(i64::from(expected_ply))
                .execute(c)
                .await?
                .rows_affected());
                if changed == 0 {
                    return Err(stale(session_in(conn, &user_id, &key).await?, expected_ply));
                }
                Ok(())
            })
        })
        .await
    }

    /// Drops the attempt in progress without scoring it: for an attempt
    /// whose puzzle is no longer in the shipped set, which nobody can finish.
    pub async fn drop_puzzle_session(&self, user_id: &str, place: &Location) -> StoreResult<()> {
        self.change_session(
            "DELETE FROM puzzle_sessions WHERE user_id = $1 AND place = $2",
            user_id,
            place,
        )
        .await
    }

    /// Marks the attempt as helped by a hint (it then scores as a draw).
    pub async fn hint_puzzle(&self, user_id: &str, place: &Location) -> StoreResult<()> {
        self.change_session(
            "UPDATE puzzle_sessions SET hinted = TRUE WHERE user_id = $1 AND place = $2",
            user_id,
            place,
        )
        .await
    }

    /// Runs `sql` on the user's attempt here (`$1` the user, `$2` the place).
    async fn change_session(
        &self,
        sql: &'static str,
        user_id: &str,
        place: &Location,
    ) -> StoreResult<()> {
        let (user_id, key) = (user_id.to_owned(), place_key(place));
        self.write(move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(sql)
                    .bind(&user_id)
                    .bind(&key)
                    .execute(c)
                    .await?
                    .rows_affected());
                Ok(())
            })
        })
        .await
    }

    /// Ends the attempt at `expected_ply` with `outcome`, in one transaction:
    /// the attempt recorded, the user's and the puzzle's ratings moved (the
    /// puzzle starting from `file_rating` the first time), the session gone,
    /// and a solved daily puzzle's solver listed.
    pub async fn finish_puzzle(
        &self,
        user_id: &str,
        place: &Location,
        expected_ply: u32,
        outcome: PuzzleOutcome,
        file_rating: Rating,
    ) -> StoreResult<PuzzleResult> {
        let (user_id, key) = (user_id.to_owned(), place_key(place));
        let guild_id = place.guild_id.clone();
        let now = self.now();
        // Alone: it takes the user's and the puzzle's rating rows.
        self.write_alone(move |conn| {
            Box::pin(async move {
                let session = match session_in(conn, &user_id, &key).await? {
                    Some(s) if s.ply == expected_ply => s,
                    other => return Err(stale(other, expected_ply)),
                };
                // Both ratings are read to be changed: no other process may
                // change them before this commits.
                lock_puzzle_player(conn, &user_id).await?;
                lock_puzzle_rating(conn, &session.puzzle_id, file_rating).await?;
                let player: (f64, f64, f64) = on_conn!(conn, |c| sqlx::query_as(
                    "SELECT rating, rating_deviation, volatility FROM puzzle_players WHERE user_id = $1",
                )
                .bind(&user_id)
                .fetch_one(c)
                .await?);
                let player = Rating {
                    rating: player.0,
                    deviation: player.1,
                    volatility: player.2,
                };
                let stored: Option<(f64, f64, f64)> = on_conn!(conn, |c| sqlx::query_as(
                    "SELECT rating, rating_deviation, volatility FROM puzzle_ratings WHERE puzzle_id = $1",
                )
                .bind(&session.puzzle_id)
                .fetch_optional(c)
                .await?);
                let puzzle = stored.map_or(file_rating, |(rating, deviation, volatility)| Rating {
                    rating,
                    deviation,
                    volatility,
                });
                let points = outcome.points(session.hinted);
                let player_after = rate(player, &[(puzzle, points)]);
                let puzzle_after =
                    rate(puzzle, &[(player, points.for_opponent())]);
                let solved = i64::from(outcome == PuzzleOutcome::Solved);
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE puzzle_players SET rating = $1, rating_deviation = $2, volatility = $3, \
                     attempts = attempts + 1, solved = solved + $4 WHERE user_id = $5",
                )
                .bind(player_after.rating)
                .bind(player_after.deviation)
                .bind(player_after.volatility)
                .bind(solved)
                .bind(&user_id)
                .execute(c)
                .await?
                .rows_affected());
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO puzzle_ratings (puzzle_id, rating, rating_deviation, volatility, attempts) \
                     VALUES ($1, $2, $3, $4, 1) ON CONFLICT (puzzle_id) DO UPDATE SET \
                     rating = excluded.rating, rating_deviation = excluded.rating_deviation, \
                     volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1",
                )
                .bind(&session.puzzle_id)
                .bind(puzzle_after.rating)
                .bind(puzzle_after.deviation)
                .bind(puzzle_after.volatility)
                .execute(c)
                .await?
                .rows_affected());
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO puzzle_attempts (user_id, puzzle_id, outcome, hinted, rating_before, \
                     rating_after, started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(&user_id)
                .bind(&session.puzzle_id)
                .bind(outcome.as_str())
                .bind(session.hinted)
                .bind(player.rating)
                .bind(player_after.rating)
                .bind(session.started_at)
                .bind(now)
                .execute(c)
                .await?
                .rows_affected());
                on_conn!(conn, |c| sqlx::query(
                    "DELETE FROM puzzle_sessions WHERE user_id = $1 AND place = $2",
                )
                .bind(&user_id)
                .bind(&key)
                .execute(c)
                .await?
                .rows_affected());
                let daily_place = match (&session.daily_day, &guild_id, outcome) {
                    (Some(day), Some(guild), PuzzleOutcome::Solved) => {
                        Some(add_daily_solver(conn, guild, day, &user_id, now).await?)
                    }
                    _ => None,
                };
                Ok(PuzzleResult {
                    player_before: player,
                    player_after,
                    puzzle_after,
                    daily_place,
                })
            })
        })
        .await
    }

    /// The daily puzzle of a server and day, choosing `puzzle_id` if none is
    /// chosen yet (racing choosers all get the first one stored).
    pub async fn choose_daily_puzzle(
        &self,
        guild_id: &str,
        day: &str,
        puzzle_id: &str,
        channel_id: Option<&str>,
    ) -> StoreResult<DailyPuzzle> {
        let (guild_id, day, puzzle_id) =
            (guild_id.to_owned(), day.to_owned(), puzzle_id.to_owned());
        let channel_id = channel_id.map(str::to_owned);
        self.write(move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO puzzle_daily (guild_id, day, puzzle_id, channel_id) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, day) DO NOTHING",
                )
                .bind(&guild_id)
                .bind(&day)
                .bind(&puzzle_id)
                .bind(&channel_id)
                .execute(c)
                .await?
                .rows_affected());
                daily_in(conn, &guild_id, &day).await
            })
        })
        .await
    }

    /// Replaces a day's daily puzzle `stale_id` (one no longer served: an
    /// update retired it) with `puzzle_id`, unless another replacer got
    /// there first; the day's puzzle as it is then.
    pub async fn replace_daily_puzzle(
        &self,
        guild_id: &str,
        day: &str,
        stale_id: &str,
        puzzle_id: &str,
    ) -> StoreResult<DailyPuzzle> {
        let (guild_id, day) = (guild_id.to_owned(), day.to_owned());
        let (stale_id, puzzle_id) = (stale_id.to_owned(), puzzle_id.to_owned());
        self.write(move |conn| {
            Box::pin(async move {
                // Guarded by the stale id: two processes replacing at once
                // leave one puzzle, the first one's.
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE puzzle_daily SET puzzle_id = $1 \
                     WHERE guild_id = $2 AND day = $3 AND puzzle_id = $4",
                )
                .bind(&puzzle_id)
                .bind(&guild_id)
                .bind(&day)
                .bind(&stale_id)
                .execute(c)
                .await?
                .rows_affected());
                daily_in(conn, &guild_id, &day).await
            })
        })
        .await
    }

    /// A server's daily puzzle of a day, if chosen.
    pub async fn daily_puzzle(
        &self,
        guild_id: &str,
        day: &str,
    ) -> StoreResult<Option<DailyPuzzle>> {
        let row: Option<DailyRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_daily!("WHERE guild_id = $1 AND day = $2"))
                .bind(guild_id)
                .bind(day)
                .fetch_optional(c)
                .await?
        });
        Ok(row.map(DailyPuzzle::from))
    }

    /// Daily puzzles chosen but not yet posted, or whose solution is not yet
    /// posted, from days before `today` (the schedule's work after a restart).
    pub async fn daily_puzzles_unfinished(&self, today: &str) -> StoreResult<Vec<DailyPuzzle>> {
        let rows: Vec<DailyRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_daily!(
                "WHERE posted_at IS NULL OR (solution_posted_at IS NULL AND day < $1) \
                 ORDER BY day, guild_id"
            ))
            .bind(today)
            .fetch_all(c)
            .await?
        });
        Ok(rows.into_iter().map(DailyPuzzle::from).collect())
    }

    /// Notes that a daily puzzle (`solution` false) or its solution was posted.
    pub async fn mark_daily_posted(
        &self,
        guild_id: &str,
        day: &str,
        solution: bool,
    ) -> StoreResult<()> {
        let (guild_id, day) = (guild_id.to_owned(), day.to_owned());
        let now = self.now();
        self.write(move |conn| {
            Box::pin(async move {
                let sql = if solution {
                    "UPDATE puzzle_daily SET solution_posted_at = $1 WHERE guild_id = $2 AND day = $3"
                } else {
                    "UPDATE puzzle_daily SET posted_at = $1 WHERE guild_id = $2 AND day = $3"
                };
                on_conn!(conn, |c| sqlx::query(sql)
                    .bind(now)
                    .bind(&guild_id)
                    .bind(&day)
                    .execute(c)
                    .await?
                    .rows_affected());
                Ok(())
            })
        })
        .await
    }

    /// The first `limit` solvers of a server's daily puzzle, in order.
    pub async fn daily_solvers(
        &self,
        guild_id: &str,
        day: &str,
        limit: u32,
    ) -> StoreResult<Vec<UserRef>> {
        let rows: Vec<(String, String)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT s.user_id, p.display_name FROM puzzle_daily_solvers s \
                 JOIN puzzle_players p ON p.user_id = s.user_id \
                 WHERE s.guild_id = $1 AND s.day = $2 ORDER BY s.solved_at, s.user_id LIMIT $3",
            )
            .bind(guild_id)
            .bind(day)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(id, name)| UserRef::new(id, name))
            .collect())
    }
}

/// Lists a daily puzzle's solver (once) and returns their place.
async fn add_daily_solver(
    conn: &mut Conn<'_>,
    guild_id: &str,
    day: &str,
    user_id: &str,
    now: UnixMillis,
) -> StoreResult<u32> {
    on_conn!(conn, |c| sqlx::query(
        "INSERT INTO puzzle_daily_solvers (guild_id, day, user_id, solved_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, day, user_id) DO NOTHING",
    )
    .bind(guild_id)
    .bind(day)
    .bind(user_id)
    .bind(now)
    .execute(c)
    .await?
    .rows_affected());
    let (place,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
        "SELECT COUNT(*) FROM puzzle_daily_solvers WHERE guild_id = $1 AND day = $2 \
         AND solved_at <= (SELECT solved_at FROM puzzle_daily_solvers \
                           WHERE guild_id = $1 AND day = $2 AND user_id = $3)",
    )
    .bind(guild_id)
    .bind(day)
    .bind(user_id)
    .fetch_one(c)
    .await?);
    to_u32(place, "a daily solver's place")
}
