//! The game store against real databases: SQLite files in temporary
//! directories and databases on a throwaway PostgreSQL server
//! (`tests/support/postgres.rs`). Schema, moves and their races, takebacks,
//! offers, challenges, ratings, queries, reopening, export, and a child
//! process killed while it writes. Each test is an `async fn(Backend)` run on
//! both databases by [`on_both_backends!`], as `NAME::sqlite` and
//! `NAME::postgres`. This module holds the harness the files below share.

mod challenges;
mod clocks;
mod durability;
mod export;
mod faults;
mod games;
mod jobs;
mod offers;
mod puzzles;
mod ratings;
mod replay;
mod reviews;
mod schema;
mod settings;
mod tournaments;
mod writer;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::Connection;
use tempfile::TempDir;
use xiangqi_bot::rules::{self, Color};
use xiangqi_bot::store::Backend;
use xiangqi_bot::store::{
    Accepter, ActorId, BotLevel, ChallengeState, ChallengeTarget, ColorChoice, Durability, GameId,
    GameRecord, GameResult, GameState, Location, ManualClock, NewChallenge, NewGame, OfferAnswer,
    OfferKind, Participant, Store, StoreConfig, StoreError, SystemClock, UserRef, START_FEN,
};

const T0: i64 = 1_795_323_600_000;

/// Runs `async fn NAME(backend: Backend)` as two tests, `NAME::sqlite` and
/// `NAME::postgres`; the second runs only where the test PostgreSQL server
/// can start (and says so once when it cannot). `multi_thread` gives the
/// tests a two-thread runtime.
macro_rules! on_both_backends {
    ($name:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name(xiangqi_bot::store::Backend::Sqlite).await
            }
            #[tokio::test]
            async fn postgres() {
                if crate::support::postgres::server().is_some() {
                    super::$name(xiangqi_bot::store::Backend::Postgres).await
                }
            }
        }
    };
    ($name:ident, multi_thread) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name(xiangqi_bot::store::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if crate::support::postgres::server().is_some() {
                    super::$name(xiangqi_bot::store::Backend::Postgres).await
                }
            }
        }
    };
}
use on_both_backends;

/// Where one test's store lives: a SQLite file in a temporary directory, or a
/// new database on the test PostgreSQL server. The directory is there for
/// both (tests write other files into it).
struct TestDb {
    backend: Backend,
    dir: TempDir,
    url: String,
}

impl TestDb {
    async fn new(backend: Backend) -> TestDb {
        let dir = TempDir::new().unwrap();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("games.db").display()),
            Backend::Postgres => crate::support::postgres::fresh_database()
                .await
                .expect("the PostgreSQL tests run only with a server"),
        };
        TestDb { backend, dir, url }
    }

    fn url(&self) -> &str {
        &self.url
    }
}

/// A puzzle's rating as its attempts left it in `puzzle_ratings`, read on a
/// connection of the test's own (the store reads it only inside an attempt's
/// write; the bot never shows it).
async fn stored_puzzle_rating(db: &TestDb, puzzle_id: &str) -> Option<xiangqi_bot::store::Rating> {
    const SQL: &str =
        "SELECT rating, rating_deviation, volatility FROM puzzle_ratings WHERE puzzle_id = $1";
    let row: Option<(f64, f64, f64)> = match db.backend {
        Backend::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
            sqlx::query_as(SQL)
                .bind(puzzle_id)
                .fetch_optional(&mut conn)
                .await
                .unwrap()
        }
        Backend::Postgres => {
            let mut conn = sqlx::PgConnection::connect(db.url()).await.unwrap();
            sqlx::query_as(SQL)
                .bind(puzzle_id)
                .fetch_optional(&mut conn)
                .await
                .unwrap()
        }
    };
    row.map(
        |(rating, deviation, volatility)| xiangqi_bot::store::Rating {
            rating,
            deviation,
            volatility,
        },
    )
}

async fn open(db: &TestDb, clock: Arc<ManualClock>) -> Store {
    open_url(db.url(), clock).await
}

async fn open_url(url: &str, clock: Arc<ManualClock>) -> Store {
    let mut config = StoreConfig::new(url);
    // Tests do not need power-cut safety; the crash test (durability.rs) uses Full.
    config.durability = Durability::Normal;
    Store::open_with(config, clock).await.expect("open store")
}

async fn fresh(backend: Backend) -> (TestDb, Arc<ManualClock>, Store) {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let store = open(&db, clock.clone()).await;
    (db, clock, store)
}

fn alice() -> UserRef {
    UserRef::new("100", "Alice")
}
fn bob() -> UserRef {
    UserRef::new("200", "Bob")
}
fn carol() -> UserRef {
    UserRef::new("300", "Carol")
}
fn actor(user: &UserRef) -> ActorId {
    ActorId::user(user.id.clone())
}

/// A channel in a server.
fn in_guild(guild_id: &str, channel_id: &str) -> Location {
    Location {
        guild_id: Some(guild_id.to_owned()),
        channel_id: channel_id.to_owned(),
        thread_id: None,
    }
}

/// Whether a write was refused because the game moved under it (reload and
/// try again), as opposed to an error to report.
fn is_stale(error: &StoreError) -> bool {
    matches!(error, StoreError::StaleGame { .. })
}

fn pvp(red: UserRef, black: UserRef) -> NewGame {
    NewGame {
        location: in_guild("g1", "c1"),
        red: Participant::User(red),
        black: Participant::User(black),
        start_fen: None,
        rated: true,
        time_control: xiangqi_bot::store::TimeControl::Untimed,
    }
}

fn vs_bot(user: UserRef, user_color: Color, level: u8) -> NewGame {
    let bot = Participant::Bot(BotLevel::new(level).unwrap());
    let human = Participant::User(user);
    let (red, black) = match user_color {
        Color::Red => (human, bot),
        Color::Black => (bot, human),
    };
    NewGame {
        location: in_guild("g1", "c1"),
        red,
        black,
        start_fen: None,
        rated: true,
        time_control: xiangqi_bot::store::TimeControl::Untimed,
    }
}

/// A syntactically valid move for ply `n` (the store checks form, not legality).
fn move_for(n: u32) -> String {
    let from = (n * 7) % 90;
    let to = (from + 1 + n % 88) % 90;
    let sq = |i: u32| format!("{}{}", (b'a' + (i % 9) as u8) as char, i / 9);
    format!("{}{}", sq(from), sq(to))
}

/// Plays `count` moves, each by whoever is to move.
async fn play(store: &Store, game: &GameRecord, count: u32) -> GameRecord {
    let mut record = store.game(game.id).await.unwrap();
    for _ in 0..count {
        let mover = match record.participant(record.side_to_move()) {
            Participant::User(user) => actor(user),
            Participant::Bot(_) => ActorId::Bot,
        };
        store
            .apply_move(record.id, record.ply, &move_for(record.ply + 1), &mover)
            .await
            .unwrap();
        record = store.game(game.id).await.unwrap();
    }
    record
}
