//! Everything the store can refuse or fail at, as one enum the bot matches on.
//! The `Display` texts are written to be shown to players where the cause is
//! theirs (a stale move, an expired challenge), and to operators otherwise.

use crate::rules::Color;

use super::ids::{ChallengeId, GameId, OfferKind};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another move (or a takeback) reached the game first: the position the
    /// caller saw is no longer the game's.
    #[error("the position changed: game {game} is at ply {actual}, not {expected}")]
    StaleGame {
        game: GameId,
        expected: u32,
        actual: u32,
    },
    #[error("there is no game {0}")]
    GameNotFound(GameId),
    #[error("game {0} is already over")]
    GameOver(GameId),
    /// A move came at or after its side's deadline: the flag fell first,
    /// and the game is lost (or drawn) on time, not moved in.
    #[error("time is up in game {0}: the flag fell before the move")]
    FlagFell(GameId),
    #[error("it is {to_move}'s turn in game {game}")]
    NotYourTurn { game: GameId, to_move: Color },
    #[error("you are not playing in game {0}")]
    NotAParticipant(GameId),
    #[error("{text:?} is not an ICCS move: {why}")]
    InvalidMove { text: String, why: String },
    #[error("the start position is not valid: {0}")]
    InvalidFen(String),
    /// A setting's name is empty or too long, or its value too long (the
    /// bot checks settings against its typed list before they get here).
    #[error("the setting {0:?} cannot be stored: name or value too long")]
    InvalidSetting(String),
    #[error(
        "the bot's level must be {min} to {max}, not {0}",
        min = crate::engine::Level::MIN.number(),
        max = crate::engine::Level::MAX.number()
    )]
    InvalidBotLevel(i64),
    #[error("a game needs two sides; the bot cannot play itself")]
    BotAgainstBot,
    #[error("a takeback must remove 1 to {available} moves, not {requested}")]
    NothingToTakeBack { requested: u32, available: u32 },

    #[error("there is no challenge waiting for you")]
    NoChallengePending,
    #[error("challenge {0} has expired")]
    ChallengeExpired(ChallengeId),
    #[error("challenge {0} is not addressed to you")]
    ChallengeNotForYou(ChallengeId),
    #[error("you cannot challenge yourself")]
    CannotChallengeYourself,
    /// The challenger already has [`MAX_PENDING_CHALLENGES`] open.
    ///
    /// [`MAX_PENDING_CHALLENGES`]: super::MAX_PENDING_CHALLENGES
    #[error("you already have {0} challenges waiting for an answer")]
    TooManyChallenges(u32),
    /// A game cannot start: `user` already plays a live game in its channel.
    #[error("user {user} is already playing game {game} in this channel")]
    AlreadyPlaying { user: String, game: GameId },

    /// The finished game already had its rematch (offered or started).
    #[error("game {0} already had its rematch")]
    RematchTaken(GameId),

    #[error("there is already a {kind} waiting in game {game}")]
    OfferAlreadyPending { game: GameId, kind: OfferKind },
    #[error("there is no {kind} waiting in game {game}")]
    NoOfferPending { game: GameId, kind: OfferKind },
    #[error("the {kind} in game {game} is not yours to answer")]
    OfferNotForYou { game: GameId, kind: OfferKind },

    /// A stored row breaks the schema's own rules (hand-edited or damaged file).
    #[error("the database holds an inconsistent record: {0}")]
    Corrupt(String),
    /// The transaction this write was batched in could not be committed (a
    /// disk error, a lock another process held too long): nothing of it was
    /// stored. Every write of the batch gets this.
    #[error("the write was not stored: {0}")]
    NotStored(String),
    /// The database URL names neither SQLite nor PostgreSQL.
    #[error("{0} is not a database the store can use: give sqlite://FILE, sqlite::memory: or postgres://USER@HOST/DATABASE")]
    UnsupportedUrl(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    pub(super) fn corrupt(what: impl Into<String>) -> StoreError {
        StoreError::Corrupt(what.into())
    }

    /// Whether the server broke a deadlock by failing this write (PostgreSQL's
    /// `40P01`) or refused it as a serialization failure (`40001`): the write
    /// was undone in its savepoint and the same write, run again, can succeed.
    pub(super) fn is_transient(&self) -> bool {
        match self {
            StoreError::Database(sqlx::Error::Database(error)) => {
                matches!(error.code().as_deref(), Some("40P01" | "40001"))
            }
            _ => false,
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
