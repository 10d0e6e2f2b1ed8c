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

/// A database made before the levels went to 1–21 (migrations 1–7 only),
/// where the full engine was level 8.
async fn the_old_full_strength_level_8_becomes_level_20(backend: Backend) {
    the_old_full_engine_becomes_level_20(backend, 7, 8).await;
}
on_both_backends!(the_old_full_strength_level_8_becomes_level_20);

/// A database made while the levels were 1–21 (migrations 1–8 only), where
/// the full engine was level 21.
async fn the_old_full_strength_level_21_becomes_level_20(backend: Backend) {
    the_old_full_engine_becomes_level_20(backend, 8, 21).await;
}
on_both_backends!(the_old_full_strength_level_21_becomes_level_20);

/// A database made by the first `migrations` migrations, holding the full
/// engine as level `old_full` in a live game, a finished game, a challenge
/// and a server's default level: opening it with this store renumbers each
/// to 20 and keeps everything else. On SQLite the games and challenges
/// tables are rebuilt, so the test also checks that nothing hung on them
/// went with the old table: the moves and the bot's job stay, the job
/// triggers fire on the new table, and foreign keys and the new CHECK hold.
async fn the_old_full_engine_becomes_level_20(backend: Backend, migrations: usize, old_full: i64) {
    let db = TestDb::new(backend).await;
    let before = TempDir::new().unwrap();
    let shipped = format!(
        "{}/migrations/{}",
        env!("CARGO_MANIFEST_DIR"),
        backend_dir(backend)
    );
    for entry in std::fs::read_dir(&shipped).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.as_str() < format!("{:04}", migrations + 1).as_str() {
            std::fs::copy(&path, before.path().join(name)).unwrap();
        }
    }
    let old_schema = sqlx::migrate::Migrator::new(before.path()).await.unwrap();
    assert_eq!(old_schema.iter().count(), migrations);
    let old_data = [
        "INSERT INTO players (user_id, display_name, created_at) VALUES ('100', 'Alice', 0)",
        // Ids come from the database, 1 up, as on any new database.
        // Game 1, live: Alice moved, so the bot at the old full level is to move (a job).
        "INSERT INTO games (channel_id, red_user_id, black_bot_level, start_fen, start_side, \
         ply, created_at, last_activity_at) VALUES ('c1', '100', FULL, 'START', 'red', 1, 0, 0)",
        "INSERT INTO moves (game_id, ply, iccs, by_user_id, played_at) VALUES (1, 1, 'h2e2', '100', 0)",
        // Game 2, finished against it; game 3, live at level 5.
        "INSERT INTO games (channel_id, red_bot_level, black_user_id, start_fen, start_side, \
         status, result, ply, created_at, last_activity_at, finished_at) \
         VALUES ('c1', FULL, '100', 'START', 'red', 'finished', 'red', 0, 0, 0, 1)",
        "INSERT INTO games (channel_id, red_user_id, black_bot_level, start_fen, start_side, \
         created_at, last_activity_at) VALUES ('c2', '100', 5, 'START', 'red', 0, 0)",
        "INSERT INTO challenges (channel_id, from_user_id, bot_level, color, created_at, \
         expires_at) VALUES ('c1', '100', FULL, 'red', 0, 1)",
        "INSERT INTO settings (scope, owner_id, name, value, set_by, set_at) \
         VALUES ('server', 'g1', 'level', 'FULL', '100', 0), ('server', 'g2', 'level', '5', '100', 0)",
    ];
    let levels = "SELECT id, red_bot_level, black_bot_level FROM games ORDER BY id";
    let challenge = "SELECT bot_level FROM challenges WHERE id = 1";
    let defaults = "SELECT value FROM settings ORDER BY owner_id";
    let moves = "SELECT COUNT(*) FROM moves WHERE game_id = 1";
    let jobs = "SELECT game_id FROM engine_jobs ORDER BY game_id";
    type Levels = Vec<(i64, Option<i64>, Option<i64>)>;
    macro_rules! upgrade_and_read {
        ($connect:expr) => {{
            let mut conn = $connect.await.unwrap();
            old_schema.run(&mut conn).await.unwrap();
            for statement in old_data {
                // Only the shipped start position goes into the text.
                sqlx::query(sqlx::AssertSqlSafe(
                    statement
                        .replace("'START'", &format!("'{START_FEN}'"))
                        .replace("FULL", &old_full.to_string()),
                ))
                .execute(&mut conn)
                .await
                .unwrap();
            }
            conn.close().await.unwrap();

            // The store opens the old database and brings it up to date.
            let store = open(&db, Arc::new(ManualClock::new(T0))).await;
            let game = store.game(GameId(1)).await.unwrap();
            assert_eq!(
                game.participant(Color::Black),
                &Participant::Bot(BotLevel::new(20).unwrap())
            );
            let new_game = store
                .create_game(vs_bot(alice(), Color::Black, 20))
                .await
                .unwrap();
            store.close().await;

            let mut conn = $connect.await.unwrap();
            let read_levels: Levels = sqlx::query_as(levels).fetch_all(&mut conn).await.unwrap();
            let (read_challenge,): (i64,) = sqlx::query_as(challenge)
                .fetch_one(&mut conn)
                .await
                .unwrap();
            let read_defaults: Vec<(String,)> =
                sqlx::query_as(defaults).fetch_all(&mut conn).await.unwrap();
            let (read_moves,): (i64,) = sqlx::query_as(moves).fetch_one(&mut conn).await.unwrap();
            let read_jobs: Vec<(i64,)> = sqlx::query_as(jobs).fetch_all(&mut conn).await.unwrap();
            let level_21 = sqlx::query("UPDATE games SET black_bot_level = 21 WHERE id = 1")
                .execute(&mut conn)
                .await;
            let orphan = sqlx::query(
                "INSERT INTO moves (game_id, ply, iccs, played_at) VALUES (999, 1, 'h2e2', 0)",
            )
            .execute(&mut conn)
            .await;
            (
                read_levels,
                read_challenge,
                read_defaults,
                read_moves,
                read_jobs,
                new_game.id.0,
                level_21.is_err(),
                orphan.is_err(),
            )
        }};
    }
    let (levels, challenge, defaults, moves, jobs, new_game, level_21_refused, orphan_refused) =
        match backend {
            Backend::Sqlite => {
                // The store's own connections enforce foreign keys; so does this one.
                let options: sqlx::sqlite::SqliteConnectOptions = db.url().parse().unwrap();
                let options = options.foreign_keys(true).create_if_missing(true);
                upgrade_and_read!(sqlx::SqliteConnection::connect_with(&options))
            }
            Backend::Postgres => upgrade_and_read!(sqlx::PgConnection::connect(db.url())),
        };
    assert_eq!(
        levels,
        vec![
            (1, None, Some(20)),
            (2, Some(20), None),
            (3, None, Some(5)),
            (new_game, Some(20), None),
        ]
    );
    assert_eq!(challenge, 20);
    assert_eq!(defaults, vec![("20".to_owned(),), ("5".to_owned(),)]);
    assert_eq!(moves, 1, "the old game's moves stay with it");
    // Game 1's job survived the rebuild; the new game's came from the
    // trigger on the rebuilt table (the bot plays Red and moves first).
    assert_eq!(jobs, vec![(1,), (new_game,)]);
    assert!(level_21_refused, "the new CHECK stops at 20");
    assert!(
        orphan_refused,
        "foreign keys still point at the games table"
    );
}

fn backend_dir(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    }
}
