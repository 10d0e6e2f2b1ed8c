//! The schema: migrations on an empty database (and two processes running
//! them at once), the constraints each database enforces, and opening by URL
//! alone with the system clock.

use super::*;

/// The store's tables and applied migrations, read past the store.
async fn tables_and_migrations(db: &TestDb) -> (Vec<String>, Vec<(i64, bool)>) {
    let tables = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name";
    let pg_tables = "SELECT table_name::text FROM information_schema.tables \
                     WHERE table_schema = 'public' ORDER BY table_name";
    let migrations = "SELECT version, success FROM _sqlx_migrations ORDER BY version";
    match db.backend {
        Backend::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
            let names: Vec<(String,)> = sqlx::query_as(tables).fetch_all(&mut conn).await.unwrap();
            let applied = sqlx::query_as(migrations)
                .fetch_all(&mut conn)
                .await
                .unwrap();
            let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
                .fetch_one(&mut conn)
                .await
                .unwrap();
            assert_eq!(mode, "wal");
            (names.into_iter().map(|t| t.0).collect(), applied)
        }
        Backend::Postgres => {
            let mut conn = sqlx::PgConnection::connect(db.url()).await.unwrap();
            let names: Vec<(String,)> = sqlx::query_as(pg_tables)
                .fetch_all(&mut conn)
                .await
                .unwrap();
            let applied = sqlx::query_as(migrations)
                .fetch_all(&mut conn)
                .await
                .unwrap();
            (names.into_iter().map(|t| t.0).collect(), applied)
        }
    }
}

async fn migrations_run_on_an_empty_database(backend: Backend) {
    let db = TestDb::new(backend).await;
    let path = db.dir.path().join("games.db");
    assert!(!path.exists());
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    if backend == Backend::Sqlite {
        assert!(path.exists(), "the database file is created");
    }
    store.close().await;

    let (tables, applied) = tables_and_migrations(&db).await;
    for expected in [
        "challenges",
        "engine_jobs",
        "game_reviews",
        "games",
        "moves",
        "offers",
        "players",
        "puzzle_attempts",
        "puzzle_daily",
        "puzzle_sessions",
        "settings",
    ] {
        assert!(
            tables.iter().any(|t| t == expected),
            "{expected} missing from {tables:?}"
        );
    }
    assert_eq!(applied, every_migration());

    // Opening again applies nothing twice and keeps working.
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(game.ply, 0);
}
on_both_backends!(migrations_run_on_an_empty_database);

/// Bot processes started together on a new database all open it: the
/// migrations run once (under sqlx's advisory lock on PostgreSQL, the lock
/// file beside the database on SQLite) and the others find them done. Each
/// store stands for a process (its own connections).
async fn stores_opening_a_new_database_together_all_succeed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let opens: Vec<_> = (0..4)
        .map(|_| {
            let url = db.url().to_owned();
            tokio::spawn(async move {
                let mut config = StoreConfig::new(url);
                config.durability = Durability::Normal;
                Store::open_with(config, Arc::new(ManualClock::new(T0))).await
            })
        })
        .collect();
    let mut stores = Vec::new();
    for open in opens {
        stores.push(open.await.unwrap().expect("every store opens"));
    }
    let game = stores[0].create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(stores[3].game(game.id).await.unwrap().ply, 0);
    for store in &stores {
        store.close().await;
    }
    let (_, applied) = tables_and_migrations(&db).await;
    assert_eq!(applied, every_migration());
}
on_both_backends!(
    stores_opening_a_new_database_together_all_succeed,
    multi_thread
);

async fn foreign_keys_and_checks_are_enforced(backend: Backend) {
    let (db, _clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    store.close().await;
    let orphan = "INSERT INTO moves (game_id, ply, iccs, played_at) VALUES (999, 1, 'h2e2', 0)";
    let two_sides = "UPDATE games SET red_bot_level = 3 WHERE id = $1";
    let (orphan, two_sides) = match backend {
        Backend::Sqlite => {
            // A connection set up as the store sets up its own.
            let options: sqlx::sqlite::SqliteConnectOptions = db.url().parse().unwrap();
            let mut conn = sqlx::SqliteConnection::connect_with(&options.foreign_keys(true))
                .await
                .unwrap();
            (
                sqlx::query(orphan).execute(&mut conn).await.is_err(),
                sqlx::query(two_sides)
                    .bind(game.id.0)
                    .execute(&mut conn)
                    .await
                    .is_err(),
            )
        }
        Backend::Postgres => {
            let mut conn = sqlx::PgConnection::connect(db.url()).await.unwrap();
            (
                sqlx::query(orphan).execute(&mut conn).await.is_err(),
                sqlx::query(two_sides)
                    .bind(game.id.0)
                    .execute(&mut conn)
                    .await
                    .is_err(),
            )
        }
    };
    assert!(orphan, "a move of a missing game is refused");
    assert!(two_sides, "a side cannot be a user and the bot");
}
on_both_backends!(foreign_keys_and_checks_are_enforced);

async fn the_default_url_and_system_clock_work(backend: Backend) {
    // A store opened by URL alone, as the bot does with DATABASE_URL.
    let db = TestDb::new(backend).await;
    let store = Store::open(db.url()).await.unwrap();
    assert_eq!(store.backend(), backend);
    let g = store.create_game(pvp(alice(), bob())).await.unwrap();
    let now = xiangqi_bot::store::Clock::now_ms(&SystemClock);
    assert!((now - g.created_at).abs() < 60_000);
    let memory = Store::open("sqlite::memory:").await.unwrap();
    let g = memory.create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(memory.game(g.id).await.unwrap().ply, 0);
}
on_both_backends!(the_default_url_and_system_clock_work);

#[tokio::test]
async fn a_url_of_another_database_is_refused_with_the_ones_that_work() {
    let error = Store::open("mysql://bot:secret@db/xq").await.unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("postgres://") && text.contains("sqlite://"),
        "{text}"
    );
    assert!(!text.contains("secret"), "{text}");
}

/// Two stores opened at once on a new database: both run the migrations, and
/// neither fails (before the lock beside the database, about 4 runs in 10
/// failed with "table players already exists"). Two opens in one process
/// contend as two processes do: the lock is per open file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stores_opened_together_on_a_new_database_both_migrate() {
    for round in 0..10 {
        let db = TestDb::new(Backend::Sqlite).await;
        let url = db.url().to_owned();
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

/// Every migration the store ships (the files of `migrations/sqlite`, which
/// `migrations/postgres` mirrors one for one), each applied successfully.
fn every_migration() -> Vec<(i64, bool)> {
    let count = |set: &str| {
        std::fs::read_dir(format!("{}/migrations/{set}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .filter(|entry| entry.as_ref().unwrap().path().extension() == Some("sql".as_ref()))
            .count() as i64
    };
    let shipped = count("sqlite");
    assert_eq!(shipped, count("postgres"), "both sets ship every migration");
    (1..=shipped).map(|version| (version, true)).collect()
}
