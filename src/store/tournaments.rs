//! Tournaments: a Swiss or a round-robin in a server, its entrants, and
//! every round's boards with their games. The store does not pair: the bot
//! reads a tournament back whole ([`TournamentRecord`]), asks the pure
//! `tournament` module for the next round, and stores it with
//! [`Store::advance_tournament`], which creates the round's games in the same
//! transaction and is guarded by the number of rounds paired, so two
//! processes pairing the same round cannot both store it.

use super::backend::{on_conn, Conn};
use super::error::{StoreError, StoreResult};
use super::game_tx::finish_in;
use super::games::{insert_game, NewGame};
use super::handle::Store;
use super::model::{
    parse_result, BotLevel, GameId, GameResult, GameState, Location, Participant, UnixMillis,
    UserRef,
};
use super::players::{load_rating, upsert_player};
use super::time_control::TimeControl;

/// The most entrants a tournament takes: a Swiss of 64 is paired in
/// milliseconds, and a server's channel cannot follow more games at once.
pub const MAX_TOURNAMENT_ENTRANTS: usize = 64;
/// The longest tournament name.
pub const MAX_TOURNAMENT_NAME: usize = 80;
/// The reason stored on a game that was not started in time.
pub const FORFEIT_REASON: &str = "forfeit";

/// A tournament's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl std::fmt::Display for TournamentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a tournament is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentFormat {
    Swiss,
    RoundRobin,
}

impl TournamentFormat {
    fn as_column(self) -> &'static str {
        match self {
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::RoundRobin => "round-robin",
        }
    }

    fn parse(text: &str) -> StoreResult<TournamentFormat> {
        match text {
            "swiss" => Ok(TournamentFormat::Swiss),
            "round-robin" => Ok(TournamentFormat::RoundRobin),
            other => Err(StoreError::corrupt(format!(
                "unknown tournament format {other:?}"
            ))),
        }
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentState {
    /// Taking entrants until its start.
    Registering,
    /// Started: entrants are seated and rounds are paired.
    Running,
    Finished,
    Cancelled,
}

impl TournamentState {
    fn parse(text: &str) -> StoreResult<TournamentState> {
        match text {
            "registering" => Ok(TournamentState::Registering),
            "running" => Ok(TournamentState::Running),
            "finished" => Ok(TournamentState::Finished),
            "cancelled" => Ok(TournamentState::Cancelled),
            other => Err(StoreError::corrupt(format!(
                "unknown tournament state {other:?}"
            ))),
        }
    }
}

/// A tournament to create.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub guild_id: Option<String>,
    /// Where its pairings and standings are posted and its games played
    /// (each in a thread of its own where the platform has threads).
    pub channel_id: String,
    pub name: String,
    pub format: TournamentFormat,
    /// Swiss: the rounds to play; round-robin: ignored (the field decides).
    pub rounds: u32,
    pub time_control: TimeControl,
    pub rated: bool,
    pub starts_at: UnixMillis,
    pub created_by: UserRef,
}

/// An entrant as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRecord {
    pub who: Participant,
    /// The pairing number minus one; `None` until the start.
    pub seat: Option<u32>,
    /// The rating when registering (the bot's is its level's nominal one,
    /// as the caller gave it).
    pub rating: f64,
    pub registered_at: UnixMillis,
    /// Took part in rounds `0..r` only.
    pub withdrawn_after: Option<u32>,
}

/// Who lost a game that was not started in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forfeit {
    Red,
    Black,
    /// Neither side moved: both lose.
    Both,
}

impl Forfeit {
    fn as_column(self) -> &'static str {
        match self {
            Forfeit::Red => "red",
            Forfeit::Black => "black",
            Forfeit::Both => "both",
        }
    }

    fn parse(text: &str) -> StoreResult<Forfeit> {
        match text {
            "red" => Ok(Forfeit::Red),
            "black" => Ok(Forfeit::Black),
            "both" => Ok(Forfeit::Both),
            other => Err(StoreError::corrupt(format!("unknown forfeit {other:?}"))),
        }
    }
}

/// A board of a new round, by seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewBoard {
    Game { red: u32, black: u32 },
    Bye(u32),
}

/// A board as stored, with its game's state as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRecord {
    /// 0-based.
    pub round: u32,
    /// 0-based, in the order the pairing gave.
    pub board: u32,
    pub red: u32,
    /// `None`: a bye for `red`.
    pub black: Option<u32>,
    pub game: Option<GameId>,
    /// The game is forfeited if not started by then.
    pub start_by: Option<UnixMillis>,
    pub forfeit: Option<Forfeit>,
    pub game_state: Option<GameState>,
    pub game_result: Option<GameResult>,
    /// Moves played in the game so far.
    pub game_ply: Option<u32>,
}

/// A tournament with its entrants (in registration order) and every board.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRecord {
    pub id: TournamentId,
    pub guild_id: Option<String>,
    pub channel_id: String,
    pub name: String,
    pub format: TournamentFormat,
    pub rounds: u32,
    pub time_control: TimeControl,
    pub rated: bool,
    pub starts_at: UnixMillis,
    pub created_by: String,
    pub state: TournamentState,
    pub rounds_paired: u32,
    pub rounds_announced: u32,
    pub entrants: Vec<EntrantRecord>,
    pub boards: Vec<BoardRecord>,
}

impl TournamentRecord {
    /// The entrant in `seat`.
    pub fn at_seat(&self, seat: u32) -> Option<&EntrantRecord> {
        self.entrants.iter().find(|e| e.seat == Some(seat))
    }

    /// The boards of round `round` (0-based), in board order.
    pub fn round_boards(&self, round: u32) -> impl Iterator<Item = &BoardRecord> {
        self.boards.iter().filter(move |b| b.round == round)
    }
}

/// What [`Store::register_entrant`] refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryRefusal {
    NoSuchTournament,
    /// Registration is over (started, finished or cancelled).
    Closed,
    AlreadyEntered,
    /// A bot already plays in it: two bots cannot meet.
    BotAlreadyEntered,
    Full,
}

/// What [`Store::leave_tournament`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// Unregistered before the start.
    Unregistered,
    /// Withdrawn from a running tournament: not paired from round `from`
    /// (0-based) on.
    Withdrawn {
        from: u32,
    },
    NotEntered,
}

#[derive(sqlx::FromRow)]
struct TournamentRow {
    id: i64,
    guild_id: Option<String>,
    channel_id: String,
    name: String,
    format: String,
    rounds: i64,
    time_control: String,
    rated: bool,
    starts_at: i64,
    created_by: String,
    state: String,
    rounds_paired: i64,
    rounds_announced: i64,
}

#[derive(sqlx::FromRow)]
struct EntrantRow {
    user_id: Option<String>,
    display_name: Option<String>,
    bot_level: Option<i64>,
    rating: f64,
    seat: Option<i64>,
    registered_at: i64,
    withdrawn_after: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct BoardRow {
    round: i64,
    board: i64,
    red_seat: i64,
    black_seat: Option<i64>,
    game_id: Option<i64>,
    start_by: Option<i64>,
    forfeit: Option<String>,
    status: Option<String>,
    result: Option<String>,
    ply: Option<i64>,
}

fn count(value: i64, what: &str) -> StoreResult<u32> {
    u32::try_from(value).map_err(|_| StoreError::corrupt(format!("{what} {value} out of range")))
}

async fn load_tournament(
    conn: &mut Conn<'_>,
    id: TournamentId,
) -> StoreResult<Option<TournamentRecord>> {
    let row: Option<TournamentRow> = on_conn!(conn, |c| {
        sqlx::query_as(
        "SELECT id, guild_id, channel_id, name, format, rounds, time_control, rated, starts_at, \
         created_by, state, rounds_paired, rounds_announced FROM tournaments WHERE id = $1"
    )
        .bind(id.0)
        .fetch_optional(c)
        .await?
    });
    let Some(row) = row else {
        return Ok(None);
    };
    let entrants: Vec<EntrantRow> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT e.user_id, p.display_name, e.bot_level, e.rating, e.seat, e.registered_at, \
         e.withdrawn_after FROM tournament_entrants e \
         LEFT JOIN players p ON p.user_id = e.user_id \
         WHERE e.tournament_id = $1 ORDER BY e.id",
    )
    .bind(id.0)
    .fetch_all(c)
    .await?);
    let boards: Vec<BoardRow> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT b.round, b.board, b.red_seat, b.black_seat, b.game_id, b.start_by, b.forfeit, \
         g.status, g.result, g.ply FROM tournament_boards b \
         LEFT JOIN games g ON g.id = b.game_id \
         WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
    )
    .bind(id.0)
    .fetch_all(c)
    .await?);
    Ok(Some(record(row, entrants, boards)?))
}

fn record(
    row: TournamentRow,
    entrants: Vec<EntrantRow>,
    boards: Vec<BoardRow>,
) -> StoreResult<TournamentRecord> {
    let time_control = TimeControl::parse(&row.time_control)
        .map_err(|e| StoreError::corrupt(format!("tournament {}: {e}", row.id)))?;
    let entrants = entrants
        .into_iter()
        .map(|e| {
            let who = match (e.user_id, e.bot_level) {
                (Some(id), None) => {
                    let name = e.display_name.unwrap_or_else(|| id.clone());
                    Participant::User(UserRef::new(id, name))
                }
                (None, Some(level)) => Participant::Bot(BotLevel::from_column(level)?),
                _ => return Err(StoreError::corrupt("an entrant must be a user or the bot")),
            };
            Ok(EntrantRecord {
                who,
                seat: e.seat.map(|s| count(s, "seat")).transpose()?,
                rating: e.rating,
                registered_at: e.registered_at,
                withdrawn_after: e.withdrawn_after.map(|r| count(r, "round")).transpose()?,
            })
        })
        .collect::<StoreResult<Vec<_>>>()?;
    let boards = boards
        .into_iter()
        .map(|b| {
            Ok(BoardRecord {
                round: count(b.round, "round")?,
                board: count(b.board, "board")?,
                red: count(b.red_seat, "seat")?,
                black: b.black_seat.map(|s| count(s, "seat")).transpose()?,
                game: b.game_id.map(GameId),
                start_by: b.start_by,
                forfeit: b.forfeit.as_deref().map(Forfeit::parse).transpose()?,
                game_state: b.status.as_deref().map(GameState::parse).transpose()?,
                game_result: b.result.as_deref().map(parse_result).transpose()?,
                game_ply: b.ply.map(|p| count(p, "ply")).transpose()?,
            })
        })
        .collect::<StoreResult<Vec<_>>>()?;
    Ok(TournamentRecord {
        id: TournamentId(row.id),
        guild_id: row.guild_id,
        channel_id: row.channel_id,
        name: row.name,
        format: TournamentFormat::parse(&row.format)?,
        rounds: count(row.rounds, "rounds")?,
        time_control,
        rated: row.rated,
        starts_at: row.starts_at,
        created_by: row.created_by,
        state: TournamentState::parse(&row.state)?,
        rounds_paired: count(row.rounds_paired, "rounds paired")?,
        rounds_announced: count(row.rounds_announced, "rounds announced")?,
        entrants,
        boards,
    })
}

/// The tournament's state, locking its row for the rest of the transaction
/// on PostgreSQL (SQLite's single writer serialises anyway).
async fn lock_state(
    conn: &mut Conn<'_>,
    id: TournamentId,
) -> StoreResult<Option<(TournamentState, u32)>> {
    let row: Option<(String, i64)> = on_conn!(conn, |c| sqlx::query_as(
        "UPDATE tournaments SET state = state WHERE id = $1 RETURNING state, rounds_paired"
    )
    .bind(id.0)
    .fetch_optional(c)
    .await?);
    row.map(|(state, paired)| {
        Ok((
            TournamentState::parse(&state)?,
            count(paired, "rounds paired")?,
        ))
    })
    .transpose()
}

impl Store {
    /// Creates a tournament, registering nobody (its creator joins like
    /// anyone else).
    pub async fn create_tournament(&self, new: NewTournament) -> StoreResult<TournamentRecord> {
        let now = self.now();
        self.write(move |conn| {
            Box::pin(async move {
                upsert_player(&mut *conn, &new.created_by, now).await?;
                let (id,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
                    "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, \
                     time_control, rated, starts_at, created_by, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                )
                .bind(&new.guild_id)
                .bind(&new.channel_id)
                .bind(&new.name)
                .bind(new.format.as_column())
                .bind(i64::from(new.rounds))
                .bind(new.time_control.to_string())
                .bind(new.rated)
                .bind(new.starts_at)
                .bind(&new.created_by.id)
                .bind(now)
                .fetch_one(c)
                .await?);
                load_tournament(conn, TournamentId(id))
                    .await?
                    .ok_or_else(|| StoreError::corrupt("a tournament vanished as it was created"))
            })
        })
        .await
    }

    /// One tournament, whole.
    pub async fn tournament(&self, id: TournamentId) -> StoreResult<Option<TournamentRecord>> {
        load_tournament(&mut self.reader.acquire().await?.conn(), id).await
    }

    /// The tournaments of a server (or, outside servers, of a channel) that
    /// are registering or running, oldest first.
    pub async fn open_tournaments(
        &self,
        guild_id: Option<&str>,
        channel_id: &str,
    ) -> StoreResult<Vec<TournamentRecord>> {
        let mut handle = self.reader.acquire().await?;
        let mut conn = handle.conn();
        let ids: Vec<(i64,)> = on_conn!(&mut conn, |c| sqlx::query_as(
            "SELECT id FROM tournaments WHERE state IN ('registering', 'running') \
             AND ((guild_id IS NOT NULL AND guild_id = $1) OR (guild_id IS NULL AND $1 IS NULL \
             AND channel_id = $2)) ORDER BY id",
        )
        .bind(guild_id)
        .bind(channel_id)
        .fetch_all(c)
        .await?);
        let mut found = Vec::with_capacity(ids.len());
        for (id,) in ids {
            found.extend(load_tournament(&mut conn, TournamentId(id)).await?);
        }
        Ok(found)
    }

    /// Tournaments with work for the background: running, or registering
    /// past their start.
    pub async fn tournaments_to_tick(&self) -> StoreResult<Vec<TournamentId>> {
        let ids: Vec<(i64,)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT id FROM tournaments WHERE state = 'running' \
                 OR (state = 'registering' AND starts_at <= $1) ORDER BY id",
            )
            .bind(self.now())
            .fetch_all(c)
            .await?
        });
        Ok(ids.into_iter().map(|(id,)| TournamentId(id)).collect())
    }

    /// Registers `who` (at `rating`, the bot's nominal one for a bot) while
    /// the tournament takes entrants.
    pub async fn register_entrant(
        &self,
        id: TournamentId,
        who: Participant,
        rating: Option<f64>,
    ) -> StoreResult<Result<TournamentRecord, EntryRefusal>> {
        let now = self.now();
        self.write(move |conn| {
            Box::pin(async move {
                match lock_state(&mut *conn, id).await? {
                    None => return Ok(Err(EntryRefusal::NoSuchTournament)),
                    Some((TournamentState::Registering, _)) => {}
                    Some(_) => return Ok(Err(EntryRefusal::Closed)),
                }
                let (entered,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
                    "SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1"
                )
                .bind(id.0)
                .fetch_one(c)
                .await?);
                if entered as usize >= MAX_TOURNAMENT_ENTRANTS {
                    return Ok(Err(EntryRefusal::Full));
                }
                let (user_id, level, rating) = match &who {
                    Participant::User(user) => {
                        upsert_player(&mut *conn, user, now).await?;
                        let rating = load_rating(&mut *conn, &user.id).await?.rating;
                        (Some(user.id.clone()), None, rating)
                    }
                    Participant::Bot(level) => {
                        (None, Some(i64::from(level.get())), rating.unwrap_or(1500.0))
                    }
                };
                let inserted = on_conn!(conn, |c| {
                    sqlx::query(
                    "INSERT INTO tournament_entrants (tournament_id, user_id, bot_level, rating, \
                     registered_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                )
                .bind(id.0)
                .bind(&user_id)
                .bind(level)
                .bind(rating)
                .bind(now)
                .execute(c)
                .await?
                .rows_affected()
                });
                if inserted == 0 {
                    return Ok(Err(if level.is_some() {
                        EntryRefusal::BotAlreadyEntered
                    } else {
                        EntryRefusal::AlreadyEntered
                    }));
                }
                let record = load_tournament(conn, id).await?;
                Ok(record.ok_or(EntryRefusal::NoSuchTournament))
            })
        })
        .await
    }

    /// Takes `user_id` out: unregistered before the start, withdrawn from
    /// the next round to be paired once it runs (a game they are playing
    /// goes on, and counts).
    pub async fn leave_tournament(&self, id: TournamentId, user_id: &str) -> StoreResult<Left> {
        let user_id = user_id.to_owned();
        self.write(move |conn| {
            Box::pin(async move {
                let Some((state, paired)) = lock_state(&mut *conn, id).await? else {
                    return Ok(Left::NotEntered);
                };
                let changed = match state {
                    TournamentState::Registering => on_conn!(conn, |c| {
                        sqlx::query(
                        "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2"
                    )
                    .bind(id.0)
                    .bind(&user_id)
                    .execute(c)
                    .await?
                    .rows_affected()
                    }),
                    TournamentState::Running => on_conn!(conn, |c| sqlx::query(
                        "UPDATE tournament_entrants SET withdrawn_after = $3 \
                         WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_after IS NULL"
                    )
                    .bind(id.0)
                    .bind(&user_id)
                    .bind(i64::from(paired))
                    .execute(c)
                    .await?
                    .rows_affected()),
                    TournamentState::Finished | TournamentState::Cancelled => 0,
                };
                Ok(match (changed, state) {
                    (0, _) => Left::NotEntered,
                    (_, TournamentState::Registering) => Left::Unregistered,
                    _ => Left::Withdrawn { from: paired },
                })
            })
        })
        .await
    }

    /// Starts a registering tournament: `seating` lists the entrants'
    /// participants in seat order (seat 0 first), every entrant exactly
    /// once; `rounds` is what the tournament will play. `None` when it is no
    /// longer registering (another process started or cancelled it).
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        seating: Vec<Participant>,
        rounds: u32,
    ) -> StoreResult<Option<TournamentRecord>> {
        self.write(move |conn| {
            Box::pin(async move {
                if !matches!(
                    lock_state(&mut *conn, id).await?,
                    Some((TournamentState::Registering, _))
                ) {
                    return Ok(None);
                }
                for (seat, who) in seating.iter().enumerate() {
                    let seat = seat as i64;
                    let set = match who {
                        Participant::User(user) => on_conn!(conn, |c| sqlx::query(
                            "UPDATE tournament_entrants SET seat = $3 \
                             WHERE tournament_id = $1 AND user_id = $2",
                        )
                        .bind(id.0)
                        .bind(&user.id)
                        .bind(seat)
                        .execute(c)
                        .await?
                        .rows_affected()),
                        Participant::Bot(_) => on_conn!(conn, |c| sqlx::query(
                            "UPDATE tournament_entrants SET seat = $2 \
                             WHERE tournament_id = $1 AND bot_level IS NOT NULL",
                        )
                        .bind(id.0)
                        .bind(seat)
                        .execute(c)
                        .await?
                        .rows_affected()),
                    };
                    if set != 1 {
                        return Err(StoreError::corrupt(format!(
                            "tournament {id}: seat {seat} names no entrant"
                        )));
                    }
                }
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE tournaments SET state = 'running', rounds = $2 WHERE id = $1"
                )
                .bind(id.0)
                .bind(i64::from(rounds))
                .execute(c)
                .await?
                .rows_affected());
                let record = load_tournament(&mut *conn, id).await?;
                if record
                    .as_ref()
                    .is_some_and(|t| t.entrants.iter().any(|e| e.seat.is_none()))
                {
                    return Err(StoreError::corrupt(format!(
                        "tournament {id}: an entrant has no seat"
                    )));
                }
                Ok(record)
            })
        })
        .await
    }

    /// Stores round `paired_before` (0-based) of a running tournament and
    /// creates its games, each to be started by `start_by`; the games are
    /// played in the tournament's channel. `None` when that round is already
    /// stored, or the tournament no longer runs: another process got there
    /// first.
    pub async fn advance_tournament(
        &self,
        id: TournamentId,
        paired_before: u32,
        boards: Vec<NewBoard>,
        start_by: UnixMillis,
    ) -> StoreResult<Option<TournamentRecord>> {
        let now = self.now();
        self.write_alone(move |conn| {
            Box::pin(async move {
                let advanced = on_conn!(conn, |c| sqlx::query(
                    "UPDATE tournaments SET rounds_paired = rounds_paired + 1 \
                     WHERE id = $1 AND state = 'running' AND rounds_paired = $2",
                )
                .bind(id.0)
                .bind(i64::from(paired_before))
                .execute(c)
                .await?
                .rows_affected());
                if advanced == 0 {
                    return Ok(None);
                }
                let Some(tournament) = load_tournament(&mut *conn, id).await? else {
                    return Ok(None);
                };
                for (number, board) in boards.iter().enumerate() {
                    let seat_of = |seat: u32| {
                        tournament
                            .at_seat(seat)
                            .map(|e| e.who.clone())
                            .ok_or_else(|| {
                                StoreError::corrupt(format!("tournament {id}: no seat {seat}"))
                            })
                    };
                    let (red, black, game) = match *board {
                        NewBoard::Bye(seat) => {
                            seat_of(seat)?;
                            (seat, None, None)
                        }
                        NewBoard::Game { red, black } => {
                            let new = NewGame {
                                location: Location {
                                    guild_id: tournament.guild_id.clone(),
                                    channel_id: tournament.channel_id.clone(),
                                    thread_id: None,
                                },
                                red: seat_of(red)?,
                                black: seat_of(black)?,
                                start_fen: None,
                                rated: tournament.rated,
                                time_control: tournament.time_control,
                            };
                            let game = insert_game(&mut *conn, &new, now).await?;
                            (red, Some(black), Some(game))
                        }
                    };
                    on_conn!(conn, |c| sqlx::query(
                        "INSERT INTO tournament_boards (tournament_id, round, board, red_seat, \
                         black_seat, game_id, start_by) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(id.0)
                    .bind(i64::from(paired_before))
                    .bind(number as i64)
                    .bind(i64::from(red))
                    .bind(black.map(i64::from))
                    .bind(game.map(|g| g.0))
                    .bind(game.map(|_| start_by))
                    .execute(c)
                    .await?
                    .rows_affected());
                }
                load_tournament(conn, id).await
            })
        })
        .await
    }

    /// Forfeits a tournament game not started in time: the game is called off
    /// (unrated; reason [`FORFEIT_REASON`]) and the board records who lost.
    /// Only while the game is live at `expected_ply` moves, so a move made
    /// meanwhile keeps the game; `false` when it did.
    pub async fn forfeit_board(
        &self,
        game: GameId,
        forfeit: Forfeit,
        expected_ply: u32,
    ) -> StoreResult<bool> {
        let now = self.now();
        self.write_alone(move |conn| {
            Box::pin(async move {
                let marked = on_conn!(conn, |c| sqlx::query(
                    "UPDATE tournament_boards SET forfeit = $2 WHERE game_id = $1 AND forfeit IS NULL \
                     AND EXISTS (SELECT 1 FROM games g WHERE g.id = $1 AND g.status = 'live' \
                     AND g.ply = $3)",
                )
                .bind(game.0)
                .bind(forfeit.as_column())
                .bind(i64::from(expected_ply))
                .execute(c)
                .await?
                .rows_affected());
                if marked == 0 {
                    return Ok(false);
                }
                finish_in(conn, game, None, FORFEIT_REASON, now).await??;
                Ok(true)
            })
        })
        .await
    }

    /// Ends a running tournament whose last round (`rounds_paired` of them)
    /// is decided; `false` when another process ended it first.
    pub async fn finish_tournament(
        &self,
        id: TournamentId,
        rounds_paired: u32,
    ) -> StoreResult<bool> {
        self.end_tournament(id, "finished", Some(rounds_paired))
            .await
    }

    /// Calls a tournament off: registering, or running (its live games go
    /// on, outside the tournament). `false` when it was already over.
    pub async fn cancel_tournament(&self, id: TournamentId) -> StoreResult<bool> {
        self.end_tournament(id, "cancelled", None).await
    }

    async fn end_tournament(
        &self,
        id: TournamentId,
        state: &'static str,
        paired: Option<u32>,
    ) -> StoreResult<bool> {
        let now = self.now();
        self.write(move |conn| {
            Box::pin(async move {
                let ended = on_conn!(conn, |c| sqlx::query(
                    "UPDATE tournaments SET state = $2, ended_at = $3 WHERE id = $1 \
                     AND state IN ('registering', 'running') \
                     AND ($4 IS NULL OR (state = 'running' AND rounds_paired = $4))",
                )
                .bind(id.0)
                .bind(state)
                .bind(now)
                .bind(paired.map(i64::from))
                .execute(c)
                .await?
                .rows_affected());
                Ok(ended == 1)
            })
        })
        .await
    }

    /// Takes round `round`'s announcement (0-based) for this process:
    /// `true` for exactly one caller of every process, and only once the
    /// round is paired. Taken before posting, so a post that fails is not
    /// retried by another process (the games' own posts still come).
    pub async fn take_round_announcement(&self, id: TournamentId, round: u32) -> StoreResult<bool> {
        self.write(move |conn| {
            Box::pin(async move {
                let taken = on_conn!(conn, |c| sqlx::query(
                    "UPDATE tournaments SET rounds_announced = $2 + 1 \
                     WHERE id = $1 AND rounds_announced = $2 AND rounds_paired > $2",
                )
                .bind(id.0)
                .bind(i64::from(round))
                .execute(c)
                .await?
                .rows_affected());
                Ok(taken == 1)
            })
        })
        .await
    }
}
