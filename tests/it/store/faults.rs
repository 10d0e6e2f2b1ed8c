//! The store under a full disk: SQLite's own page limit on the writer's
//! connection (`DiskLimit`) makes writes fail with "database or disk is full"
//! exactly where a full file system would, and SQLite rolls the transaction
//! back by itself, as it does then. The writer must tell those callers "not
//! stored", keep every acknowledged write, and write again once there is room.
//! SQLite only: a PostgreSQL server's disk is the server's, and a statement
//! or commit it fails reaches the writer as any other failure does
//! (`writer.rs`, the lock-timeout test). Last, connections a PostgreSQL
//! server ends under the store.

use super::*;
use xiangqi_bot::store::DiskLimit;

fn sqlite_url(dir: &TempDir) -> String {
    format!("sqlite://{}", dir.path().join("games.db").display())
}

async fn open_limited(dir: &TempDir, disk: &DiskLimit) -> Store {
    let mut config = StoreConfig::new(sqlite_url(dir));
    config.durability = Durability::Normal;
    config.disk = disk.clone();
    Store::open_with(config, Arc::new(ManualClock::new(T0)))
        .await
        .expect("open store")
}

/// Plays moves in `game` one at a time until the disk refuses one; returns
/// the game's ply as acknowledged and the refusal.
async fn play_until_full(store: &Store, game: GameId) -> (u32, StoreError) {
    let mut ply = store.game(game).await.unwrap().ply;
    for _ in 0..5_000 {
        let mover = if ply % 2 == 0 {
            actor(&alice())
        } else {
            actor(&bob())
        };
        match store
            .apply_move(game, ply, &move_for(ply + 1), &mover)
            .await
        {
            Ok(record) => ply = record.ply,
            Err(error) => return (ply, error),
        }
    }
    panic!("the disk never filled up");
}

fn is_full_disk(error: &StoreError) -> bool {
    let text = error.to_string();
    text.contains("full") || matches!(error, StoreError::NotStored(_))
}

/// One write at a time: the write that finds the disk full is refused, and
/// once the disk has room the very next write is stored (before the fix,
/// every later write failed with "begin_with at non-zero transaction depth"
/// until a restart). Nothing acknowledged is lost, nothing refused is stored.
#[tokio::test]
async fn the_writer_writes_again_once_a_full_disk_has_room() {
    let dir = TempDir::new().unwrap();
    let disk = DiskLimit::default();
    let store = open_limited(&dir, &disk).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    disk.fill_up();
    let (acknowledged, refusal) = play_until_full(&store, game.id).await;
    assert!(is_full_disk(&refusal), "refused with {refusal}");
    assert!(acknowledged > 0, "some moves fit before the disk filled");
    assert_eq!(store.game(game.id).await.unwrap().ply, acknowledged);

    // Still full: refused again, and the writer stays usable.
    let mover = if acknowledged % 2 == 0 {
        alice()
    } else {
        bob()
    };
    let next = move_for(acknowledged + 1);
    let again = store
        .apply_move(game.id, acknowledged, &next, &actor(&mover))
        .await;
    assert!(again.is_err(), "a full disk took a write");

    disk.free();
    let stored = store
        .apply_move(
            game.id,
            acknowledged,
            &move_for(acknowledged + 1),
            &actor(&mover),
        )
        .await
        .expect("a write once the disk has room");
    assert_eq!(stored.ply, acknowledged + 1);
    store.close().await;

    let reopened = open_url(&sqlite_url(&dir), Arc::new(ManualClock::new(T0))).await;
    let (record, moves) = reopened.game_with_moves(game.id).await.unwrap();
    assert_eq!(record.ply, acknowledged + 1);
    assert_eq!(moves.len() as u32, acknowledged + 1);
}

/// Writes batched together when the disk fills: SQLite rolls the whole batch
/// back, so each caller is told either "stored" (and it is in the file) or
/// "not stored" (and it is not), and after the disk is freed every game takes
/// its next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_lost_to_a_full_disk_tells_every_caller_and_the_next_batch_stores() {
    let dir = TempDir::new().unwrap();
    let disk = DiskLimit::default();
    let store = open_limited(&dir, &disk).await;
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(store.create_game(pvp(alice(), bob())).await.unwrap().id);
    }
    disk.fill_up();
    play_until_full(&store, games[0]).await;

    let mut refused = 0;
    for _round in 0..3 {
        let writes: Vec<_> = games
            .iter()
            .map(|&id| {
                let store = store.clone();
                tokio::spawn(async move {
                    let ply = store.game(id).await.unwrap().ply;
                    let mover = if ply % 2 == 0 { alice() } else { bob() };
                    let told = store
                        .apply_move(id, ply, &move_for(ply + 1), &actor(&mover))
                        .await;
                    (id, ply, told.is_ok())
                })
            })
            .collect();
        for write in writes {
            let (id, ply, stored) = write.await.unwrap();
            let now = store.game(id).await.unwrap().ply;
            if stored {
                assert_eq!(now, ply + 1, "game {id}: acknowledged but not stored");
            } else {
                refused += 1;
                assert_eq!(now, ply, "game {id}: refused but stored");
            }
        }
    }
    assert!(refused > 0, "the full disk refused nothing");

    disk.free();
    for &id in &games {
        let ply = store.game(id).await.unwrap().ply;
        let mover = if ply % 2 == 0 { alice() } else { bob() };
        store
            .apply_move(id, ply, &move_for(ply + 1), &actor(&mover))
            .await
            .expect("a write once the disk has room");
    }
}

/// Every connection the store holds on PostgreSQL, ended by the server (as a
/// restart or an idle-connection reaper would): the pools no longer ping a
/// connection before each use, so the store itself must find out. A write
/// at once begins its batch again on a fresh connection; after a second's
/// idling, reads and writes alike are given tested connections. Nothing
/// acknowledged before is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_the_server_ends_are_replaced_without_failing_a_move() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let (a, b) = (actor(&alice()), actor(&bob()));
    store.apply_move(game.id, 0, "h2e2", &a).await.unwrap();
    // Reads too, so that the read pool holds connections to lose.
    assert_eq!(store.game(game.id).await.unwrap().ply, 1);

    let ended = end_the_stores_connections(&db).await;
    assert!(
        ended >= 2,
        "the writer's and a reader's connection: {ended}"
    );
    store
        .apply_move(game.id, 1, "h9g7", &b)
        .await
        .expect("a move written just after its connection was ended");

    end_the_stores_connections(&db).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (record, moves) = store
        .game_with_moves(game.id)
        .await
        .expect("a read on an idle connection the server ended");
    assert_eq!(record.ply, 2);
    assert_eq!(moves.len(), 2);
    store
        .apply_move(game.id, 2, "b0c2", &a)
        .await
        .expect("a write on an idle connection the server ended");
}

/// Ends every connection of the bot's (by its application name) to the
/// test's database; how many.
async fn end_the_stores_connections(db: &TestDb) -> i64 {
    let mut own = sqlx::PgConnection::connect(db.url()).await.unwrap();
    let (ended,): (i64,) = sqlx::query_as(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
         WHERE application_name = 'xiangqi-bot' AND datname = current_database() \
         AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut own)
    .await
    .unwrap();
    ended
}
