//! The store under a full disk: SQLite's own page limit on the writer's
//! connection (`DiskLimit`) makes writes fail with "database or disk is full"
//! exactly where a full file system would, and SQLite rolls the transaction
//! back by itself, as it does then. The writer must tell those callers "not
//! stored", keep every acknowledged write, and write again once there is room.
//! SQLite only: a PostgreSQL server's disk is the server's, and a statement
//! or commit it fails reaches the writer as any other failure does
//! (`writer.rs`, the lock-timeout test).

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
