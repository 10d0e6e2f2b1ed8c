//! The `games` and `moves` tables as SQL gives them: the SELECT every game
//! query shares, the flat rows it and the moves' SELECT decode into, and
//! their checked conversion into [`GameRecord`] and [`MoveRecord`]. Below
//! every module that reads games (games, offers, players, challenges,
//! threads), so that none of them needs another for its rows.

use sqlx::FromRow;

use super::backend::{on_conn, Conn};
use super::error::{StoreError, StoreResult};
use super::model::{
    parse_color, parse_result, to_u32, ActorId, BotLevel, GameId, GameRecord, GameState, Iccs,
    Location, MoveRecord, Participant, RatingChange, UserRef,
};
use super::time_control::{Clocks, TimeControl};

/// The SELECT every game query shares: the game row with both users' names.
macro_rules! select_games {
    ($tail:literal) => {
        select_games!(columns: "", $tail)
    };
    // With more columns after the game's, each starting with its comma.
    (columns: $more:literal, $tail:literal) => {
        concat!(
            "SELECT g.id, g.guild_id, g.channel_id, g.thread_id, ",
            "g.red_user_id, rp.display_name AS red_name, g.red_bot_level, ",
            "g.black_user_id, bp.display_name AS black_name, g.black_bot_level, ",
            "g.status, g.result, g.reason, g.start_fen, g.start_side, g.ply, g.announced_ply, g.rated, ",
            "g.red_rating_before, g.red_rating_after, g.black_rating_before, g.black_rating_after, ",
            "g.created_at, g.last_activity_at, g.finished_at, ",
            "g.time_control, g.red_clock_ms, g.black_clock_ms, g.turn_deadline_at",
            $more,
            " FROM games g ",
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
    #[sqlx(flatten)]
    clocks: ClockColumns,
}

/// A game's clock columns, as its row and the guarded writes of
/// `game_tx.rs` (which return them) read them.
#[derive(FromRow)]
pub(super) struct ClockColumns {
    time_control: String,
    red_clock_ms: Option<i64>,
    black_clock_ms: Option<i64>,
    turn_deadline_at: Option<i64>,
}

impl ClockColumns {
    pub(super) fn read(&self) -> StoreResult<(TimeControl, Clocks)> {
        let clocks = Clocks {
            red_ms: self.red_clock_ms,
            black_ms: self.black_clock_ms,
            deadline: self.turn_deadline_at,
        };
        Ok((parse_time_control(&self.time_control)?, clocks))
    }
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

/// A stored time control, which only [`TimeControl`]'s own form reaches.
pub(super) fn parse_time_control(column: &str) -> StoreResult<TimeControl> {
    TimeControl::parse(column)
        .map_err(|e| StoreError::corrupt(format!("stored time control {column:?}: {e}")))
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
        let (time_control, clocks) = row.clocks.read()?;
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
            time_control,
            clocks,
        })
    }
}

pub(super) fn records(rows: Vec<GameRow>) -> StoreResult<Vec<GameRecord>> {
    rows.into_iter().map(GameRecord::try_from).collect()
}

#[derive(FromRow)]
pub(super) struct MoveRow {
    game_id: i64,
    /// Read where removed moves are put back in the order played.
    pub(super) ply: i64,
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

pub(super) async fn load_game(conn: &mut Conn<'_>, game: GameId) -> StoreResult<GameRecord> {
    let row: Option<GameRow> = on_conn!(conn, |c| sqlx::query_as(select_games!("WHERE g.id = $1"))
        .bind(game.0)
        .fetch_optional(c)
        .await?);
    row.ok_or(StoreError::GameNotFound(game))?.try_into()
}

/// A game and its moves in ply order, in one statement: one round trip,
/// and one snapshot on either backend without a transaction around it.
pub(super) async fn load_game_with_moves(
    conn: &mut Conn<'_>,
    game: GameId,
) -> StoreResult<(GameRecord, Vec<MoveRecord>)> {
    let rows: Vec<GameAndMoveRow> = on_conn!(conn, |c| {
        sqlx::query_as(select_games!(
        columns: ", m.ply AS move_ply, m.iccs AS move_iccs, m.by_user_id AS move_by_user_id, m.played_at AS move_played_at",
        "LEFT JOIN moves m ON m.game_id = g.id WHERE g.id = $1 ORDER BY m.ply"
    ))
    .bind(game.0)
    .fetch_all(c)
    .await?
    });
    let mut moves = Vec::with_capacity(rows.len());
    let mut record = None;
    for row in rows {
        if let (Some(ply), Some(iccs), Some(played_at)) =
            (row.move_ply, row.move_iccs, row.move_played_at)
        {
            moves.push(MoveRecord::try_from(MoveRow {
                game_id: game.0,
                ply,
                iccs,
                by_user_id: row.move_by_user_id,
                played_at,
            })?);
        }
        if record.is_none() {
            record = Some(row.game);
        }
    }
    let record = record.ok_or(StoreError::GameNotFound(game))?.try_into()?;
    Ok((record, moves))
}

/// A game's row with one of its moves (none for a game without moves), as
/// [`load_game_with_moves`] reads them.
#[derive(FromRow)]
struct GameAndMoveRow {
    #[sqlx(flatten)]
    game: GameRow,
    move_ply: Option<i64>,
    move_iccs: Option<String>,
    move_by_user_id: Option<String>,
    move_played_at: Option<i64>,
}
