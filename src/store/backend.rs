//! The two databases the store runs on, chosen by the URL's scheme: SQLite,
//! the embedded default (one process, one file), and PostgreSQL, for several
//! bot processes sharing one server.
//!
//! The store's SQL is written once, with `$1`-style parameters, which both
//! drivers read. [`on_conn!`] runs one query body against whichever connection
//! a write or read holds; each arm is type-checked for its own driver, so rows
//! decode natively in both (sqlx's `Any` driver was the other way to share
//! SQL, but it refuses SQLite's `BOOLEAN` columns and copies every row). Where
//! the SQL must differ (how a write transaction starts, row locks that SQLite's
//! single writer makes unnecessary) the backend is matched by name.

use sqlx::pool::PoolConnection;
use sqlx::postgres::PgPool;
use sqlx::{PgConnection, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

use super::error::{StoreError, StoreResult};
use super::ids::{ChallengeId, GameId};
use super::rating::Rating;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// `sqlite:…` or `postgres://…` / `postgresql://…`; anything else is
    /// refused with the schemes that work.
    pub fn of_url(url: &str) -> StoreResult<Backend> {
        let scheme = url.split(':').next().unwrap_or_default();
        match scheme {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(StoreError::UnsupportedUrl(url_without_password(url))),
        }
    }
}

/// The URL as it may be logged or shown: a password in it is replaced.
pub fn url_without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

/// A connection the store holds for one write or read, of either database.
pub(super) enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

impl Conn<'_> {
    /// The same connection, borrowed for less long (to hand to a write).
    pub(super) fn reborrow(&mut self) -> Conn<'_> {
        match self {
            Conn::Sqlite(c) => Conn::Sqlite(c),
            Conn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// Runs `$body` with `$c` bound to the driver's own connection
/// (`&mut SqliteConnection` or `&mut PgConnection`), for a `&mut Conn`. The
/// body is compiled once per driver, so it must not depend on which.
macro_rules! on_conn {
    ($conn:expr, |$c:ident| $body:expr) => {
        match &mut *$conn {
            $crate::store::backend::Conn::Sqlite($c) => {
                let $c = &mut **$c;
                $body
            }
            $crate::store::backend::Conn::Postgres($c) => {
                let $c = &mut **$c;
                $body
            }
        }
    };
}
pub(super) use on_conn;

/// A pool of either database's connections.
#[derive(Clone, Debug)]
pub(super) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A connection taken from a [`Pool`], returned to it when dropped.
pub(super) enum Pooled {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

impl Pooled {
    pub(super) fn conn(&mut self) -> Conn<'_> {
        match self {
            Pooled::Sqlite(c) => Conn::Sqlite(&mut *c),
            Pooled::Postgres(c) => Conn::Postgres(&mut *c),
        }
    }

    /// Closes the connection instead of returning it to the pool.
    pub(super) fn close_on_drop(&mut self) {
        match self {
            Pooled::Sqlite(c) => c.close_on_drop(),
            Pooled::Postgres(c) => c.close_on_drop(),
        }
    }
}

/// A transaction of either database; rolled back if dropped uncommitted.
pub(super) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub(super) fn conn(&mut self) -> Conn<'_> {
        match self {
            Tx::Sqlite(tx) => Conn::Sqlite(&mut *tx),
            Tx::Postgres(tx) => Conn::Postgres(&mut *tx),
        }
    }

    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
    }
}

impl Pool {
    pub(super) async fn acquire(&self) -> Result<Pooled, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(pool) => Pooled::Sqlite(pool.acquire().await?),
            Pool::Postgres(pool) => Pooled::Postgres(pool.acquire().await?),
        })
    }

    /// The most connections the pool opens at once.
    pub(super) fn max_connections(&self) -> u32 {
        match self {
            Pool::Sqlite(pool) => pool.options().get_max_connections(),
            Pool::Postgres(pool) => pool.options().get_max_connections(),
        }
    }

    /// A read transaction: one snapshot for several queries. PostgreSQL's
    /// default READ COMMITTED takes a snapshot per statement, so reads that
    /// must agree run REPEATABLE READ (a snapshot for the transaction, as
    /// SQLite's WAL readers get).
    pub(super) async fn begin_read(&self) -> StoreResult<Tx> {
        Ok(match self {
            Pool::Sqlite(pool) => Tx::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Tx::Postgres(
                pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await?,
            ),
        })
    }

    pub(super) async fn close(&self) {
        match self {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }
}

/// Holds a game's row until the write's transaction ends, for writes that read
/// before they change (offers). Under SQLite the transaction already holds
/// the database's write lock, so there is nothing to take.
pub(super) async fn lock_game(conn: &mut Conn<'_>, game: GameId) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
            .bind(game.0)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

/// As [`lock_game`], for a challenge: two processes accepting one challenge
/// at once take turns, and the second finds it accepted.
pub(super) async fn lock_challenge(conn: &mut Conn<'_>, id: ChallengeId) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        sqlx::query("SELECT 1 FROM challenges WHERE id = $1 FOR UPDATE")
            .bind(id.0)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

/// As [`lock_game`], for the players whose ratings a finished game changes,
/// in one statement and a fixed order so that two games ending at once
/// between the same people cannot deadlock on them. `NO KEY UPDATE`, the
/// lock an `UPDATE` of the ratings takes anyway: the key share that a new
/// move's or game's reference to a player takes does not wait for it.
pub(super) async fn lock_players(conn: &mut Conn<'_>, users: &[&str]) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        let users: Vec<String> = users.iter().map(|u| (*u).to_owned()).collect();
        sqlx::query(
            "SELECT 1 FROM players WHERE user_id = ANY($1) ORDER BY user_id FOR NO KEY UPDATE",
        )
        .bind(users)
        .execute(&mut **c)
        .await?;
    }
    Ok(())
}

/// Takes a user's puzzle rating row (which their attempt's start made) for
/// the rest of the transaction: two attempts of one user ending at once in
/// two processes are rated one after the other, not both from one rating.
pub(super) async fn lock_puzzle_player(conn: &mut Conn<'_>, user_id: &str) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        sqlx::query("SELECT 1 FROM puzzle_players WHERE user_id = $1 FOR NO KEY UPDATE")
            .bind(user_id)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

/// Takes a puzzle's rating row for the rest of the transaction, first making
/// it at `first` (and no attempts) if the puzzle has none yet: two attempts
/// at one puzzle ending at once in two processes (a daily puzzle) are rated
/// one after the other, the first ones too.
pub(super) async fn lock_puzzle_rating(
    conn: &mut Conn<'_>,
    puzzle_id: &str,
    first: Rating,
) -> StoreResult<()> {
    if let Conn::Postgres(c) = conn {
        sqlx::query(
            "INSERT INTO puzzle_ratings (puzzle_id, rating, rating_deviation, volatility, attempts) \
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT (puzzle_id) DO NOTHING",
        )
        .bind(puzzle_id)
        .bind(first.rating)
        .bind(first.deviation)
        .bind(first.volatility)
        .execute(&mut **c)
        .await?;
        sqlx::query("SELECT 1 FROM puzzle_ratings WHERE puzzle_id = $1 FOR NO KEY UPDATE")
            .bind(puzzle_id)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_picks_the_backend() {
        assert_eq!(Backend::of_url("sqlite://x.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::of_url("sqlite::memory:").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of_url("postgres://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::of_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres
        );
        let refused = Backend::of_url("mysql://u:secret@h/db").unwrap_err();
        let text = refused.to_string();
        assert!(text.contains("mysql://u:***@h/db"), "{text}");
        assert!(!text.contains("secret"), "{text}");
    }

    #[test]
    fn passwords_are_hidden_and_nothing_else_changes() {
        assert_eq!(
            url_without_password("postgres://bot:hunter2@db:5432/xq"),
            "postgres://bot:***@db:5432/xq"
        );
        assert_eq!(
            url_without_password("postgres://bot@db/xq"),
            "postgres://bot@db/xq"
        );
        assert_eq!(url_without_password("sqlite://a.db"), "sqlite://a.db");
    }
}
