//! Challenges: one user asks another (or anyone in the channel, or the bot at
//! a level) for a game. Accepting checks the state, the expiry and the
//! addressee and creates the game in the same transaction, so a challenge
//! turns into at most one game however many people click "accept" at once.

use std::time::Duration;

use sqlx::FromRow;

use super::backend::{lock_challenge, on_conn, Conn};

use crate::rng::coin_flip;
use crate::rules::Color;

use super::error::{StoreError, StoreResult};
use super::game_rows::load_game;
use super::game_rows::parse_time_control;
use super::games::{insert_game, NewGame};
use super::handle::Store;
use super::model::{
    fen_side_to_move, ActorId, BotLevel, ChallengeId, ChallengeRecord, ChallengeState,
    ChallengeTarget, ColorChoice, GameId, GameRecord, Location, Participant, UnixMillis, UserRef,
};
use super::players::{insert_player_if_new, upsert_player};
use super::time_control::TimeControl;

/// Challenges one user may have waiting for an answer at once, anywhere: each
/// one pings its addressee, so an unbounded number would be a way to spam.
pub const MAX_PENDING_CHALLENGES: u32 = 3;

/// What a new challenge needs.
#[derive(Clone, Debug, PartialEq)]
pub struct NewChallenge {
    pub location: Location,
    pub from: UserRef,
    pub to: ChallengeTarget,
    pub color: ColorChoice,
    /// `None` for the standard start position.
    pub start_fen: Option<String>,
    pub rated: bool,
    /// The clocks its game will have.
    pub time_control: TimeControl,
    /// How long it stays open.
    pub expires_in: Duration,
}

/// Who accepts a challenge: a user (named, as they may be new to the store)
/// or the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accepter {
    User(UserRef),
    /// A user with the roles the platform reports them holding where the
    /// challenge is: they may join a challenge to one of those roles.
    Member {
        user: UserRef,
        roles: Vec<String>,
    },
    Bot,
}

impl Accepter {
    fn actor(&self) -> ActorId {
        match self {
            Accepter::User(user) | Accepter::Member { user, .. } => ActorId::User(user.id.clone()),
            Accepter::Bot => ActorId::Bot,
        }
    }
}

impl ChallengeRecord {
    /// Whether `by` may accept it (ignoring expiry): as [`ChallengeRecord::is_for`],
    /// and a challenge to a role for any member holding it but the challenger.
    pub fn accepts(&self, by: &Accepter) -> bool {
        match (&self.to, by) {
            (ChallengeTarget::Role(role), Accepter::Member { user, roles }) => {
                user.id != self.from.id && roles.contains(role)
            }
            _ => self.is_for(&by.actor()),
        }
    }
}

/// The SELECT every challenge query shares: the row with both users' names.
macro_rules! select_challenges {
    ($tail:literal) => {
        concat!(
            "SELECT c.id, c.guild_id, c.channel_id, c.thread_id, c.from_user_id, ",
            "fp.display_name AS from_name, c.to_user_id, tp.display_name AS to_name, c.bot_level, ",
            "c.color, c.start_fen, c.rated, c.state, c.created_at, c.expires_at, c.resolved_at, c.game_id, ",
            "c.time_control, c.to_role_id ",
            "FROM challenges c ",
            "JOIN players fp ON fp.user_id = c.from_user_id ",
            "LEFT JOIN players tp ON tp.user_id = c.to_user_id ",
            $tail
        )
    };
}

#[derive(FromRow)]
struct ChallengeRow {
    id: i64,
    guild_id: Option<String>,
    channel_id: String,
    thread_id: Option<String>,
    from_user_id: String,
    from_name: String,
    to_user_id: Option<String>,
    to_name: Option<String>,
    bot_level: Option<i64>,
    color: String,
    start_fen: Option<String>,
    rated: bool,
    state: String,
    created_at: i64,
    expires_at: i64,
    resolved_at: Option<i64>,
    game_id: Option<i64>,
    time_control: String,
    to_role_id: Option<String>,
}

impl TryFrom<ChallengeRow> for ChallengeRecord {
    type Error = StoreError;

    fn try_from(row: ChallengeRow) -> StoreResult<ChallengeRecord> {
        let to = match (row.to_user_id, row.bot_level, row.to_role_id) {
            (Some(id), None, None) => {
                let display_name = row.to_name.unwrap_or_else(|| id.clone());
                ChallengeTarget::User(UserRef { id, display_name })
            }
            (None, Some(level), None) => ChallengeTarget::Bot(BotLevel::from_column(level)?),
            (None, None, Some(role)) => ChallengeTarget::Role(role),
            (None, None, None) => ChallengeTarget::Anyone,
            _ => {
                return Err(StoreError::corrupt(format!(
                    "challenge {} is addressed to more than one kind of opponent",
                    row.id
                )))
            }
        };
        Ok(ChallengeRecord {
            id: ChallengeId(row.id),
            location: Location {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                thread_id: row.thread_id,
            },
            from: UserRef {
                id: row.from_user_id,
                display_name: row.from_name,
            },
            to,
            color: ColorChoice::parse(&row.color)?,
            start_fen: row.start_fen,
            rated: row.rated,
            state: ChallengeState::parse(&row.state)?,
            created_at: row.created_at,
            expires_at: row.expires_at,
            resolved_at: row.resolved_at,
            game_id: row.game_id.map(GameId),
            time_control: parse_time_control(&row.time_control)?,
        })
    }
}

async fn load_challenge(
    conn: &mut Conn<'_>,
    id: ChallengeId,
) -> StoreResult<Option<ChallengeRecord>> {
    let row: Option<ChallengeRow> = on_conn!(conn, |c| sqlx::query_as(select_challenges!(
        "WHERE c.id = $1"
    ))
    .bind(id.0)
    .fetch_optional(c)
    .await?);
    row.map(ChallengeRecord::try_from).transpose()
}

async fn set_state(
    conn: &mut Conn<'_>,
    id: ChallengeId,
    state: &str,
    game: Option<GameId>,
    now: UnixMillis,
) -> StoreResult<()> {
    on_conn!(conn, |c| {
        sqlx::query(
        "UPDATE challenges SET state = $1, game_id = $2, resolved_at = $3 WHERE id = $4 AND state = 'pending'",
    )
    .bind(state)
    .bind(game.map(|g| g.0))
    .bind(now)
    .bind(id.0)
    .execute(c)
    .await?.rows_affected()
    });
    Ok(())
}

pub(super) async fn insert_challenge(
    conn: &mut Conn<'_>,
    new: NewChallenge,
    now: UnixMillis,
    expires_in: i64,
) -> StoreResult<ChallengeRecord> {
    let (pending,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
        "SELECT count(*) FROM challenges \
         WHERE from_user_id = $1 AND state = 'pending' AND expires_at > $2",
    )
    .bind(&new.from.id)
    .bind(now)
    .fetch_one(c)
    .await?);
    if pending >= i64::from(MAX_PENDING_CHALLENGES) {
        return Err(StoreError::TooManyChallenges(MAX_PENDING_CHALLENGES));
    }
    // Both players' rows in the order of their ids, as every write takes them.
    let named = match &new.to {
        ChallengeTarget::User(user) => Some(user),
        ChallengeTarget::Anyone | ChallengeTarget::Role(_) | ChallengeTarget::Bot(_) => None,
    };
    let (named_first, named_last) = match named {
        Some(user) if user.id < new.from.id => (Some(user), None),
        other => (None, other),
    };
    if let Some(user) = named_first {
        insert_player_if_new(&mut *conn, user, now).await?;
    }
    upsert_player(&mut *conn, &new.from, now).await?;
    if let Some(user) = named_last {
        insert_player_if_new(&mut *conn, user, now).await?;
    }
    let (to_user, bot_level, to_role) = match &new.to {
        ChallengeTarget::User(user) => (Some(user.id.as_str()), None, None),
        ChallengeTarget::Anyone => (None, None, None),
        ChallengeTarget::Role(role) => (None, None, Some(role.as_str())),
        ChallengeTarget::Bot(level) => (None, Some(i64::from(level.get())), None),
    };
    let (id,): (i64,) = on_conn!(conn, |c| sqlx::query_as(
        "INSERT INTO challenges (guild_id, channel_id, thread_id, from_user_id, to_user_id, \
         bot_level, color, start_fen, rated, created_at, expires_at, time_control, to_role_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(&new.location.guild_id)
    .bind(&new.location.channel_id)
    .bind(&new.location.thread_id)
    .bind(&new.from.id)
    .bind(to_user)
    .bind(bot_level)
    .bind(new.color.as_str())
    .bind(&new.start_fen)
    .bind(new.rated)
    .bind(now)
    .bind(now.saturating_add(expires_in))
    .bind(new.time_control.to_string())
    .bind(to_role)
    .fetch_one(c)
    .await?);
    load_challenge(conn, ChallengeId(id))
        .await?
        .ok_or_else(|| StoreError::corrupt("a challenge vanished as it was stored"))
}

/// Accepts inside the caller's transaction. The outer `Err` undoes it; the
/// inner one (an expired challenge, now marked so) keeps its change.
async fn accept_in(
    conn: &mut Conn<'_>,
    id: ChallengeId,
    by: Accepter,
    now: UnixMillis,
) -> StoreResult<StoreResult<(ChallengeRecord, GameRecord)>> {
    lock_challenge(&mut *conn, id).await?;
    let challenge = load_challenge(&mut *conn, id)
        .await?
        .ok_or(StoreError::NoChallengePending)?;
    match challenge.state {
        ChallengeState::Pending => {}
        ChallengeState::Expired => return Err(StoreError::ChallengeExpired(id)),
        _ => return Err(StoreError::NoChallengePending),
    }
    let accepter = match (&challenge.to, &by) {
        (ChallengeTarget::Bot(level), Accepter::Bot) => Participant::Bot(*level),
        (_, Accepter::User(user) | Accepter::Member { user, .. }) if challenge.accepts(&by) => {
            Participant::User(user.clone())
        }
        _ => return Err(StoreError::ChallengeNotForYou(id)),
    };
    if now >= challenge.expires_at {
        set_state(&mut *conn, id, "expired", None, now).await?;
        return Ok(Err(StoreError::ChallengeExpired(id)));
    }
    let accepter_id = by.actor().user_id().map(str::to_owned);
    let players = [Some(challenge.from.id.clone()), accepter_id];
    if let Some((game, user)) =
        live_game_in_channel(&mut *conn, &challenge.location.channel_id, &players).await?
    {
        return Err(StoreError::AlreadyPlaying { user, game });
    }
    let challenger_color = challenge.color.resolve(coin_flip());
    let challenger = Participant::User(challenge.from.clone());
    let (red, black) = match challenger_color {
        Color::Red => (challenger, accepter),
        Color::Black => (accepter, challenger),
    };
    let new_game = NewGame {
        location: challenge.location.clone(),
        red,
        black,
        start_fen: challenge.start_fen.clone(),
        rated: challenge.rated,
        time_control: challenge.time_control,
    };
    let game_id = insert_game(&mut *conn, &new_game, now).await?;
    set_state(&mut *conn, id, "accepted", Some(game_id), now).await?;
    let game = load_game(&mut *conn, game_id).await?;
    let challenge = load_challenge(conn, id)
        .await?
        .ok_or_else(|| StoreError::corrupt("an accepted challenge vanished"))?;
    Ok(Ok((challenge, game)))
}

/// A live game in `channel` (its threads included) that one of `users`
/// plays, and which of them: each player has one live game per channel, and
/// the write that starts a game checks it for both players, so that neither
/// a challenger who started another game meanwhile nor another process can
/// give anyone a second one.
async fn live_game_in_channel(
    conn: &mut Conn<'_>,
    channel: &str,
    users: &[Option<String>; 2],
) -> StoreResult<Option<(GameId, String)>> {
    let [first, second] = users;
    let row: Option<(i64, Option<String>, Option<String>)> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT id, red_user_id, black_user_id FROM games \
         WHERE status = 'live' AND channel_id = $1 \
         AND (red_user_id IN ($2, $3) OR black_user_id IN ($2, $3)) LIMIT 1",
    )
    .bind(channel)
    .bind(first)
    .bind(second)
    .fetch_optional(c)
    .await?);
    Ok(row.and_then(|(id, red, black)| {
        let plays = |user: &Option<String>| user.is_some() && (*user == red || *user == black);
        let user = [first, second].into_iter().find(|user| plays(user))?;
        Some((GameId(id), user.clone()?))
    }))
}

async fn decline_in(
    conn: &mut Conn<'_>,
    id: ChallengeId,
    by: ActorId,
    now: UnixMillis,
) -> StoreResult<ChallengeRecord> {
    lock_challenge(&mut *conn, id).await?;
    let challenge = load_challenge(&mut *conn, id)
        .await?
        .ok_or(StoreError::NoChallengePending)?;
    if challenge.state != ChallengeState::Pending {
        return Err(StoreError::NoChallengePending);
    }
    let by_challenger = by.user_id() == Some(challenge.from.id.as_str());
    let by_addressee = match (&challenge.to, &by) {
        (ChallengeTarget::User(user), ActorId::User(id)) => &user.id == id,
        (ChallengeTarget::Bot(_), ActorId::Bot) => true,
        _ => false,
    };
    let state = if by_challenger {
        "cancelled"
    } else if by_addressee {
        "declined"
    } else {
        return Err(StoreError::ChallengeNotForYou(id));
    };
    set_state(&mut *conn, id, state, None, now).await?;
    load_challenge(conn, id)
        .await?
        .ok_or_else(|| StoreError::corrupt("a declined challenge vanished"))
}

impl Store {
    /// Stores a challenge; the challenger (and a named addressee) are added to
    /// `players` if new.
    pub async fn create_challenge(&self, new: NewChallenge) -> StoreResult<ChallengeRecord> {
        if let ChallengeTarget::User(to) = &new.to {
            if to.id == new.from.id {
                return Err(StoreError::CannotChallengeYourself);
            }
        }
        if let Some(fen) = &new.start_fen {
            fen_side_to_move(fen)?;
        }
        let now = self.now();
        let expires_in = i64::try_from(new.expires_in.as_millis()).unwrap_or(i64::MAX);
        self.write_alone(move |conn| Box::pin(insert_challenge(conn, new, now, expires_in)))
            .await
    }

    /// Accepts challenge `id` and starts its game. Refuses, with the reason, a
    /// challenge that is expired ([`StoreError::ChallengeExpired`], and it is
    /// marked so), addressed to someone else, or no longer pending.
    pub async fn accept_challenge(
        &self,
        id: ChallengeId,
        by: &Accepter,
    ) -> StoreResult<(ChallengeRecord, GameRecord)> {
        let now = self.now();
        let by = by.clone();
        // An expired challenge is marked so (kept) and still refused. Alone:
        // the game it starts takes the players' rows.
        self.write_alone(move |conn| Box::pin(accept_in(conn, id, by, now)))
            .await?
    }

    /// Accepts the newest pending challenge in a channel that `by` may accept
    /// (from `from_user` only, if given): what "accept" typed in a channel
    /// means. Refuses with [`StoreError::NoChallengePending`] when there is
    /// none, [`StoreError::ChallengeNotForYou`] when the pending ones are for
    /// others, [`StoreError::ChallengeExpired`] when the ones for `by` ran out.
    pub async fn accept_challenge_in_channel(
        &self,
        channel_id: &str,
        from_user: Option<&str>,
        by: &Accepter,
    ) -> StoreResult<(ChallengeRecord, GameRecord)> {
        let rows: Vec<ChallengeRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_challenges!(
                "WHERE c.state = 'pending' AND (c.channel_id = $1 OR c.thread_id = $1) \
             AND ($2 IS NULL OR c.from_user_id = $2) ORDER BY c.created_at DESC, c.id DESC"
            ))
            .bind(channel_id)
            .bind(from_user)
            .fetch_all(c)
            .await?
        });
        let pending: Vec<ChallengeRecord> = rows
            .into_iter()
            .map(ChallengeRecord::try_from)
            .collect::<StoreResult<_>>()?;
        let Some(first) = pending.first() else {
            return Err(StoreError::NoChallengePending);
        };
        let mine: Vec<&ChallengeRecord> = pending.iter().filter(|c| c.accepts(by)).collect();
        let now = self.now();
        match mine.iter().find(|c| now < c.expires_at).or(mine.first()) {
            // An expired one is accepted too, so that it is marked expired and
            // the refusal says so.
            Some(challenge) => self.accept_challenge(challenge.id, by).await,
            None => Err(StoreError::ChallengeNotForYou(first.id)),
        }
    }

    /// The addressee declines, or the challenger withdraws (state `cancelled`).
    /// An open challenge can only be withdrawn.
    pub async fn decline_challenge(
        &self,
        id: ChallengeId,
        by: &ActorId,
    ) -> StoreResult<ChallengeRecord> {
        let now = self.now();
        let by = by.clone();
        self.write(move |conn| Box::pin(decline_in(conn, id, by, now)))
            .await
    }

    /// Pending challenges past their expiry, oldest first. Nothing can accept
    /// them any more; the sweep announces each and then retires it with
    /// [`Store::retire_expired_challenge`], so a notice that could not be
    /// posted is tried again at the next sweep instead of being lost.
    pub async fn expired_challenges(&self) -> StoreResult<Vec<ChallengeRecord>> {
        let rows: Vec<ChallengeRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_challenges!(
                "WHERE c.state = 'pending' AND c.expires_at <= $1 ORDER BY c.id"
            ))
            .bind(self.now())
            .fetch_all(c)
            .await?
        });
        rows.into_iter().map(ChallengeRecord::try_from).collect()
    }

    /// Marks one pending challenge past its expiry as expired, once its
    /// expiry was announced (or its place is gone). False when it was no
    /// longer pending (accepted as expired, or retired by another process).
    pub async fn retire_expired_challenge(&self, id: ChallengeId) -> StoreResult<bool> {
        let now = self.now();
        let changed = self
            .write(move |conn| {
                Box::pin(async move {
                    let done = on_conn!(conn, |c| sqlx::query(
                        "UPDATE challenges SET state = 'expired', resolved_at = $1 \
                         WHERE id = $2 AND state = 'pending' AND expires_at <= $1",
                    )
                    .bind(now)
                    .bind(id.0)
                    .execute(c)
                    .await?
                    .rows_affected());
                    Ok(done == 1)
                })
            })
            .await?;
        Ok(changed)
    }

    /// Pending, unexpired challenges in a channel (or thread), newest first.
    pub async fn pending_challenges_in_channel(
        &self,
        channel_id: &str,
    ) -> StoreResult<Vec<ChallengeRecord>> {
        let rows: Vec<ChallengeRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(select_challenges!(
                "WHERE c.state = 'pending' AND (c.channel_id = $1 OR c.thread_id = $1) \
             AND c.expires_at > $2 ORDER BY c.created_at DESC, c.id DESC"
            ))
            .bind(channel_id)
            .bind(self.now())
            .fetch_all(c)
            .await?
        });
        rows.into_iter().map(ChallengeRecord::try_from).collect()
    }

    /// One challenge, in whatever state.
    pub async fn challenge(&self, id: ChallengeId) -> StoreResult<Option<ChallengeRecord>> {
        let mut conn = self.reader.acquire().await?;
        load_challenge(&mut conn.conn(), id).await
    }
}
