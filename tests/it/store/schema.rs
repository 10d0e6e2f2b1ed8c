//! The schema: migrations from an empty directory, the constraints SQLite
//! enforces, and opening by URL alone with the system clock.

use super::*;

#[tokio::test]
async fn migrations_run_from_an_empty_directory() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("games.db");
    assert!(!path.exists());
    let store = open(&dir, Arc::new(ManualClock::new(T0))).await;
    assert!(path.exists(), "the database file is created");
    store.close().await;

    let mut conn = sqlx::SqliteConnection::connect(&db_url(&dir))
        .await
        .unwrap();
    let tables: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let tables: Vec<&str> = tables.iter().map(|t| t.0.as_str()).collect();
    for expected in ["challenges", "games", "moves", "offers", "players"] {
        assert!(
            tables.contains(&expected),
            "{expected} missing from {tables:?}"
        );
    }
    let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let applied: Vec<(i64, bool)> =
        sqlx::query_as("SELECT version, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(applied, vec![(1, true), (2, true)]);
    conn.close().await.unwrap();

    // Opening again applies nothing twice and keeps working.
    let store = open(&dir, Arc::new(ManualClock::new(T0))).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(game.ply, 0);
}

#[tokio::test]
async fn foreign_keys_and_checks_are_enforced() {
    let (dir, _clock, store) = fresh().await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    store.close().await;
    // A connection set up as the store sets up its own.
    let options: sqlx::sqlite::SqliteConnectOptions = db_url(&dir).parse().unwrap();
    let mut conn = sqlx::SqliteConnection::connect_with(&options.foreign_keys(true))
        .await
        .unwrap();
    let orphan =
        sqlx::query("INSERT INTO moves (game_id, ply, iccs, played_at) VALUES (999, 1, 'h2e2', 0)")
            .execute(&mut conn)
            .await;
    assert!(orphan.is_err(), "a move of a missing game is refused");
    let two_sides = sqlx::query("UPDATE games SET red_bot_level = 3 WHERE id = $1")
        .bind(game.id.0)
        .execute(&mut conn)
        .await;
    assert!(two_sides.is_err(), "a side cannot be a user and the bot");
}

#[tokio::test]
async fn the_default_url_and_system_clock_work() {
    // A store opened by URL alone, as the bot does with DATABASE_URL.
    let dir = TempDir::new().unwrap();
    let store = Store::open(&db_url(&dir)).await.unwrap();
    let g = store.create_game(pvp(alice(), bob())).await.unwrap();
    let now = xiangqi_bot::store::Clock::now_ms(&SystemClock);
    assert!((now - g.created_at).abs() < 60_000);
    let memory = Store::open("sqlite::memory:").await.unwrap();
    let g = memory.create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(memory.game(g.id).await.unwrap().ply, 0);
}

/// Two stores opened at once on a new database: both run the migrations, and
/// neither fails (before the lock beside the database, about 4 runs in 10
/// failed with "table players already exists"). Two opens in one process
/// contend as two processes do: the lock is per open file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stores_opened_together_on_a_new_database_both_migrate() {
    for round in 0..10 {
        let dir = TempDir::new().unwrap();
        let url = db_url(&dir);
        let opens: Vec<_> = (0..2)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move {
                    let mut config = StoreConfig::new(url);
                    config.durability = Durability::Normal;
                    Store::open_with(config, Arc::new(ManualClock::new(T0))).await
                })
            })
            .collect();
        for open in opens {
            let store = open
                .await
                .unwrap()
                .unwrap_or_else(|e| panic!("round {round}: {e}"));
            store.create_game(pvp(alice(), bob())).await.unwrap();
            store.close().await;
        }
    }
}
