//! The single writer: moves racing for one ply (in one store, across two
//! connections, in one batch), group commit, and `close`.

use xiangqi_bot::store::PuzzleOutcome;

use super::*;

/// Two tasks submit a move for the same ply, 200 times over: each time exactly
/// one is stored and the other is told the position changed.
async fn racing_moves_exactly_one_wins_each_time(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let game = store
        .create_game(vs_bot(alice(), Color::Red, 4))
        .await
        .unwrap();
    let rounds = 200;
    let mut winners = Vec::new();
    for ply in 0..rounds {
        let mover = if ply % 2 == 0 {
            actor(&alice())
        } else {
            ActorId::Bot
        };
        let tasks: Vec<_> = ["a", "b"]
            .into_iter()
            .enumerate()
            .map(|(i, _)| {
                let (store, mover) = (store.clone(), mover.clone());
                let mv = move_for(ply * 2 + i as u32);
                tokio::spawn(async move {
                    (
                        mv.clone(),
                        store.apply_move(game.id, ply, &mv, &mover).await,
                    )
                })
            })
            .collect();
        let mut ok = Vec::new();
        for task in tasks {
            let (mv, result) = task.await.unwrap();
            match result {
                Ok(record) => ok.push((mv, record)),
                Err(e) => assert!(is_stale(&e), "round {ply}: unexpected {e}"),
            }
        }
        assert_eq!(ok.len(), 1, "round {ply}: {} winners", ok.len());
        assert_eq!(ok[0].1.ply, ply + 1);
        winners.push(ok[0].0.clone());
    }
    let (record, moves) = store.game_with_moves(game.id).await.unwrap();
    assert_eq!(record.ply, rounds);
    let stored: Vec<String> = moves.iter().map(|m| m.iccs.to_string()).collect();
    assert_eq!(stored, winners, "the stored moves are exactly the winners'");
}
on_both_backends!(racing_moves_exactly_one_wins_each_time, multi_thread);

/// A move that ends the game is stored with the game's end in one write: a
/// final move racing an ordinary one for the same ply leaves exactly one of
/// them, and when the final move loses, neither it nor the result is stored.
async fn a_final_move_and_the_games_end_are_stored_together_or_not_at_all(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let mut finals_won = 0;
    for round in 0..40u32 {
        let game = store
            .create_game(vs_bot(alice(), Color::Red, 2))
            .await
            .unwrap();
        let final_move = {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .apply_final_move(
                        game.id,
                        0,
                        "h2e2",
                        &actor(&alice()),
                        GameResult::RedWins,
                        "checkmate",
                    )
                    .await
            })
        };
        let plain_move = {
            let store = store.clone();
            tokio::spawn(
                async move { store.apply_move(game.id, 0, "b2e2", &actor(&alice())).await },
            )
        };
        let (final_move, plain_move) = (final_move.await.unwrap(), plain_move.await.unwrap());
        let (record, moves) = store.game_with_moves(game.id).await.unwrap();
        assert_eq!(record.ply, 1, "round {round}: one move stored");
        match (final_move, plain_move) {
            (Ok(finished), Err(e)) => {
                assert!(
                    is_stale(&e) || matches!(e, StoreError::GameOver(_)),
                    "round {round}: {e}"
                );
                finals_won += 1;
                assert_eq!(finished.status, GameState::Finished);
                assert_eq!(finished.result, Some(GameResult::RedWins));
                assert_eq!(finished.reason.as_deref(), Some("checkmate"));
                assert_eq!(finished.ply, 1);
                assert_eq!(record.status, GameState::Finished);
                assert_eq!(moves[0].iccs.to_string(), "h2e2");
            }
            (Err(e), Ok(_)) => {
                assert!(is_stale(&e), "round {round}: {e}");
                assert!(
                    record.is_live(),
                    "round {round}: the lost final move ended nothing"
                );
                assert_eq!(record.result, None);
                assert_eq!(moves[0].iccs.to_string(), "b2e2");
            }
            (a, b) => panic!("round {round}: expected one winner, got {a:?} and {b:?}"),
        }
    }
    // Alice's stats count exactly the games her final move ended.
    let stats = store.player(&alice().id).await.unwrap().unwrap();
    assert_eq!(stats.wins, finals_won);
    // A stale final move, alone, changes nothing either.
    let game = store
        .create_game(vs_bot(bob(), Color::Red, 2))
        .await
        .unwrap();
    let refused = store
        .apply_final_move(
            game.id,
            3,
            "h2e2",
            &actor(&bob()),
            GameResult::RedWins,
            "checkmate",
        )
        .await;
    assert!(
        matches!(refused, Err(StoreError::StaleGame { actual: 0, .. })),
        "{refused:?}"
    );
    let record = store.game(game.id).await.unwrap();
    assert!(record.is_live() && record.ply == 0);
    assert!(store.check_consistency().await.unwrap().is_empty());
}
on_both_backends!(
    a_final_move_and_the_games_end_are_stored_together_or_not_at_all,
    multi_thread
);

/// The same race between two separately opened stores on one database (two
/// writer connections, as two processes would have): the database's locking
/// (SQLite's write lock, PostgreSQL's row lock) and the ply check still let
/// exactly one through.
async fn racing_moves_across_two_connections(backend: Backend) {
    let (db, clock, first) = fresh(backend).await;
    let second = open(&db, clock).await;
    let game = first.create_game(pvp(alice(), bob())).await.unwrap();
    let rounds = 100;
    for ply in 0..rounds {
        let mover = if ply % 2 == 0 {
            actor(&alice())
        } else {
            actor(&bob())
        };
        let a = {
            let (s, m) = (first.clone(), mover.clone());
            tokio::spawn(async move { s.apply_move(game.id, ply, &move_for(ply), &m).await })
        };
        let b = {
            let (s, m) = (second.clone(), mover.clone());
            tokio::spawn(async move { s.apply_move(game.id, ply, &move_for(ply + 1), &m).await })
        };
        let results = [a.await.unwrap(), b.await.unwrap()];
        let wins = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(wins, 1, "round {ply}: {results:?}");
        for r in &results {
            if let Err(e) = r {
                assert!(is_stale(e), "round {ply}: {e}");
            }
        }
    }
    assert_eq!(second.game(game.id).await.unwrap().ply, rounds);
    assert!(first.check_consistency().await.unwrap().is_empty());
}
on_both_backends!(racing_moves_across_two_connections, multi_thread);

// ---------------------------------------------------------------------------
// Group commit: writes queued together share one transaction, each in its own
// savepoint, and are answered only after the commit. On a current-thread
// runtime the writer task cannot run while `tokio::join!` is submitting, so
// everything joined lands in one batch, which `writer_stats` confirms.

/// A store on `db` with one writer lane, so that every write, whatever its
/// game, can share a batch on PostgreSQL too.
async fn open_one_lane(db: &TestDb) -> Store {
    let mut config = StoreConfig::new(db.url());
    config.durability = Durability::Normal;
    config.write_lanes = 1;
    Store::open_with(config, Arc::new(ManualClock::new(T0)))
        .await
        .unwrap()
}

/// In one batch: two good moves in one game (the second sees the first), a
/// good move elsewhere, and five writes that fail for five reasons. Each gets
/// its own answer and the failures leave no trace. (One writer lane, so that
/// the three games share the batch on PostgreSQL too.)
async fn one_failing_write_in_a_batch_leaves_the_others_whole(backend: Backend) {
    let db = TestDb::new(backend).await;
    let store = open_one_lane(&db).await;
    let (a, b, c) = (actor(&alice()), actor(&bob()), actor(&carol()));
    let first = store.create_game(pvp(alice(), bob())).await.unwrap();
    let second = store.create_game(pvp(alice(), bob())).await.unwrap();
    let over = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .finish_game(over.id, GameResult::Draw, "agreement")
        .await
        .unwrap();
    let before = store.writer_stats();

    let (first_move, stale, game_over, intruder, wrong_turn, reply, elsewhere, no_takeback) = tokio::join!(
        store.apply_move(first.id, 0, "h2e2", &a),
        store.apply_move(second.id, 5, "h2e2", &a),
        store.apply_move(over.id, 0, "h2e2", &a),
        store.apply_move(second.id, 0, "h2e2", &c),
        store.apply_move(second.id, 0, "h9g7", &b),
        store.apply_move(first.id, 1, "h9g7", &b),
        store.apply_move(second.id, 0, "b2e2", &a),
        store.take_back(over.id, 0, 1),
    );

    let after = store.writer_stats();
    assert_eq!(
        after.batches,
        before.batches + 1,
        "{before:?} then {after:?}"
    );
    assert_eq!(after.writes, before.writes + 8);
    assert_eq!(first_move.unwrap().ply, 1);
    assert_eq!(reply.unwrap().ply, 2, "the reply saw the first move");
    assert_eq!(elsewhere.unwrap().ply, 1);
    assert!(matches!(
        stale,
        Err(StoreError::StaleGame {
            expected: 5,
            actual: 0,
            ..
        })
    ));
    assert!(matches!(game_over, Err(StoreError::GameOver(_))));
    assert!(matches!(intruder, Err(StoreError::NotAParticipant(_))));
    assert!(matches!(wrong_turn, Err(StoreError::NotYourTurn { .. })));
    assert!(matches!(no_takeback, Err(StoreError::GameOver(_))));

    let stored = |moves: Vec<xiangqi_bot::store::MoveRecord>| -> Vec<String> {
        moves.iter().map(|m| m.iccs.to_string()).collect()
    };
    let (record, moves) = store.game_with_moves(first.id).await.unwrap();
    assert_eq!(
        (record.ply, stored(moves)),
        (2, vec!["h2e2".into(), "h9g7".into()])
    );
    let (record, moves) = store.game_with_moves(second.id).await.unwrap();
    assert_eq!((record.ply, stored(moves)), (1, vec!["b2e2".into()]));
    let (record, moves) = store.game_with_moves(over.id).await.unwrap();
    assert_eq!((record.ply, moves.len()), (0, 0));
    assert_eq!(record.status, GameState::Finished);
    assert!(store.check_consistency().await.unwrap().is_empty());
}
on_both_backends!(one_failing_write_in_a_batch_leaves_the_others_whole);

/// Four submissions for the same ply in one batch, round after round: the
/// first queued wins (the others' savepoints see its write) and the rest are
/// told the position changed.
async fn racing_moves_in_one_batch_have_exactly_one_winner(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let rounds = 30;
    for ply in 0..rounds {
        let mover = if ply % 2 == 0 {
            actor(&alice())
        } else {
            actor(&bob())
        };
        let moves: Vec<String> = (0..4).map(|i| move_for(ply * 4 + i)).collect();
        let before = store.writer_stats();
        let results = tokio::join!(
            store.apply_move(game.id, ply, &moves[0], &mover),
            store.apply_move(game.id, ply, &moves[1], &mover),
            store.apply_move(game.id, ply, &moves[2], &mover),
            store.apply_move(game.id, ply, &moves[3], &mover),
        );
        assert_eq!(store.writer_stats().batches, before.batches + 1);
        let results = [results.0, results.1, results.2, results.3];
        let winners: Vec<usize> = (0..4).filter(|&i| results[i].is_ok()).collect();
        assert_eq!(winners, [0], "round {ply}: {results:?}");
        for loser in &results[1..] {
            assert!(
                matches!(loser, Err(StoreError::StaleGame { expected, actual, .. })
                    if *expected == ply && *actual == ply + 1),
                "round {ply}: {loser:?}"
            );
        }
        let (record, stored) = store.game_with_moves(game.id).await.unwrap();
        assert_eq!(record.ply, ply + 1);
        assert_eq!(stored.last().unwrap().iccs.to_string(), moves[0]);
    }
}
on_both_backends!(racing_moves_in_one_batch_have_exactly_one_winner);

/// Many games moving at once with durable commits: the moment a caller is
/// told its move is stored, another connection already sees it (answering
/// before the commit would fail this), and a store opened afresh on the file
/// holds every acknowledged move.
async fn every_acknowledged_move_is_committed_when_answered(backend: Backend) {
    let db = TestDb::new(backend).await;
    let store = Store::open_with(StoreConfig::new(db.url()), Arc::new(SystemClock))
        .await
        .unwrap();
    let plies = 20u32;
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let game = store.create_game(pvp(alice(), bob())).await.unwrap();
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut acked = Vec::new();
            for ply in 0..plies {
                let by = if ply % 2 == 0 {
                    actor(&alice())
                } else {
                    actor(&bob())
                };
                let mv = move_for(game.id.0 as u32 * 100 + ply);
                let record = store.apply_move(game.id, ply, &mv, &by).await.unwrap();
                let seen = store.game(game.id).await.unwrap().ply;
                assert!(
                    seen > ply,
                    "move {} acknowledged, reader sees ply {seen}",
                    ply + 1
                );
                assert_eq!(record.ply, ply + 1);
                acked.push(mv);
            }
            (game.id, acked)
        }));
    }
    let mut acked = Vec::new();
    for task in tasks {
        acked.push(task.await.unwrap());
    }
    let stats = store.writer_stats();
    assert!(stats.writes >= 16 * u64::from(plies) && stats.batches <= stats.writes);
    eprintln!("writer: {stats:?}");
    drop(store);

    let reopened = open(&db, Arc::new(ManualClock::new(T0))).await;
    for (id, moves) in acked {
        let (record, stored) = reopened.game_with_moves(id).await.unwrap();
        assert_eq!(record.ply, plies);
        let stored: Vec<String> = stored.iter().map(|m| m.iccs.to_string()).collect();
        assert_eq!(stored, moves, "game {id}");
    }
}
on_both_backends!(
    every_acknowledged_move_is_committed_when_answered,
    multi_thread
);

/// When the batch cannot be committed (here: another connection holds the
/// write lock past the busy timeout) every caller in it gets an error and
/// nothing of it is stored; the writer carries on afterwards. SQLite only:
/// its writer takes the database's lock at `BEGIN`, so the whole batch
/// fails there; PostgreSQL's waits row by row, below.
#[tokio::test]
async fn a_batch_that_cannot_commit_fails_every_write_in_it() {
    let db = TestDb::new(Backend::Sqlite).await;
    let mut config = StoreConfig::new(db.url());
    config.busy_timeout = Duration::from_millis(100);
    let store = Store::open_with(config, Arc::new(ManualClock::new(T0)))
        .await
        .unwrap();
    let (a, b) = (actor(&alice()), actor(&bob()));
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let other = store.create_game(pvp(alice(), bob())).await.unwrap();

    let mut blocker = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut blocker)
        .await
        .unwrap();
    let results = tokio::join!(
        store.apply_move(game.id, 0, "h2e2", &a),
        store.apply_move(game.id, 1, "h9g7", &b),
        store.apply_move(other.id, 0, "b2e2", &a),
    );
    for result in [&results.0, &results.1, &results.2] {
        assert!(
            matches!(result, Err(StoreError::NotStored(_))),
            "{result:?}"
        );
    }
    sqlx::raw_sql("ROLLBACK")
        .execute(&mut blocker)
        .await
        .unwrap();

    assert_eq!(store.game(game.id).await.unwrap().ply, 0);
    assert_eq!(store.game(other.id).await.unwrap().ply, 0);
    store.apply_move(game.id, 0, "h2e2", &a).await.unwrap();
    assert_eq!(store.game(game.id).await.unwrap().ply, 1);
}

/// PostgreSQL: writes that wait for a row another connection holds past the
/// lock timeout each fail alone (rolled back to their savepoint), nothing of
/// them is stored, a write in the same batch on another game is stored, and
/// the writer carries on once the lock is gone.
#[tokio::test]
async fn a_write_held_up_past_the_lock_timeout_fails_alone() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let mut config = StoreConfig::new(db.url());
    config.busy_timeout = Duration::from_millis(100);
    let store = Store::open_with(config, Arc::new(ManualClock::new(T0)))
        .await
        .unwrap();
    let (a, b) = (actor(&alice()), actor(&bob()));
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let other = store.create_game(pvp(alice(), bob())).await.unwrap();

    let mut blocker = hold_row(&db, LOCK_GAME, game.id.0).await;
    let results = tokio::join!(
        store.apply_move(game.id, 0, "h2e2", &a),
        store.apply_move(game.id, 1, "h9g7", &b),
        store.apply_move(other.id, 0, "b2e2", &a),
    );
    assert!(
        matches!(results.0, Err(StoreError::Database(_))),
        "{:?}",
        results.0
    );
    assert!(results.1.is_err(), "{:?}", results.1);
    assert_eq!(results.2.unwrap().ply, 1);
    sqlx::raw_sql("ROLLBACK")
        .execute(&mut blocker)
        .await
        .unwrap();

    assert_eq!(store.game(game.id).await.unwrap().ply, 0);
    assert_eq!(store.game(other.id).await.unwrap().ply, 1);
    store.apply_move(game.id, 0, "h2e2", &a).await.unwrap();
    assert_eq!(store.game(game.id).await.unwrap().ply, 1);
    assert!(store.check_consistency().await.unwrap().is_empty());
}

/// PostgreSQL: each game's writes have a lane of the writer, so a move that
/// waits for a row lock another connection holds (another process's write,
/// say) holds up only its own lane: a move in another game is stored while
/// the first still waits, and the first is stored once the lock is gone.
/// With one lane the second move would share the first one's batch and wait
/// for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_waiting_for_a_lock_holds_up_no_other_games_lane() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    let held = store.create_game(pvp(alice(), bob())).await.unwrap();
    let free = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert_ne!(
        held.id.0 % i64::from(xiangqi_bot::store::DEFAULT_WRITE_LANES),
        free.id.0 % i64::from(xiangqi_bot::store::DEFAULT_WRITE_LANES),
        "consecutive games have different lanes"
    );

    let mut blocker = hold_row(&db, LOCK_GAME, held.id.0).await;
    let waiting = {
        let store = store.clone();
        let a = actor(&alice());
        tokio::spawn(async move { store.apply_move(held.id, 0, "h2e2", &a).await })
    };
    // Whether or not the first move has reached its lock yet, the second
    // must not wait for it.
    tokio::task::yield_now().await;
    let moved = store
        .apply_move(free.id, 0, "b2e2", &actor(&alice()))
        .await
        .unwrap();
    assert_eq!(moved.ply, 1);
    assert!(
        !waiting.is_finished(),
        "the held game's move still waits for its lock"
    );
    sqlx::raw_sql("ROLLBACK")
        .execute(&mut blocker)
        .await
        .unwrap();
    assert_eq!(waiting.await.unwrap().unwrap().ply, 1);
    assert!(store.check_consistency().await.unwrap().is_empty());
}

/// Locks one game's row, given its id.
const LOCK_GAME: &str = "SELECT 1 FROM games WHERE id = $1 FOR UPDATE";
/// Locks one player's row, given the user's id.
const LOCK_PLAYER: &str = "SELECT 1 FROM players WHERE user_id = $1 FOR UPDATE";

/// Another connection to `db`'s database, in a transaction holding the row
/// that `lock` (one of the `LOCK_` statements) takes for `key`, as another
/// process's write would.
async fn hold_row<K>(db: &TestDb, lock: &'static str, key: K) -> sqlx::PgConnection
where
    K: for<'q> sqlx::Encode<'q, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send,
{
    let mut holder = sqlx::PgConnection::connect(db.url()).await.unwrap();
    sqlx::raw_sql("BEGIN").execute(&mut holder).await.unwrap();
    sqlx::query(lock)
        .bind(key)
        .execute(&mut holder)
        .await
        .unwrap();
    holder
}

/// Waits (up to 10 s) until some connection to `db`'s database waits for a
/// row lock; panics with `what` if none does.
async fn wait_for_a_lock_wait(db: &TestDb, what: &str) {
    wait_for_lock_waits(db, 1, what).await;
}

/// Waits (up to 10 s) until `count` connections to `db`'s database wait for
/// a lock; panics with `what` if they do not.
async fn wait_for_lock_waits(db: &TestDb, count: i64, what: &str) {
    let mut watcher = sqlx::PgConnection::connect(db.url()).await.unwrap();
    let waited_since = Instant::now();
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE wait_event_type = 'Lock' AND datname = current_database()",
        )
        .fetch_one(&mut watcher)
        .await
        .unwrap();
        if waiting >= count {
            return;
        }
        assert!(waited_since.elapsed() < Duration::from_secs(10), "{what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// PostgreSQL: a batch takes its games' rows in the order of their ids,
/// whatever order its writes came in, so it cannot deadlock with another
/// process's transaction that takes them in that order too. Here the batch
/// gets "mark game B shown" before "a move in game A" while another
/// connection holds A and then wants B. Applied as they came, the batch
/// would hold B while waiting for A, and the server would break the
/// deadlock by failing one of them; in id order the batch waits for A
/// holding nothing, the other connection takes B and finishes, and then
/// both writes are stored.
#[tokio::test]
async fn a_batch_takes_its_games_in_id_order_and_meets_no_deadlock() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let store = open_one_lane(&db).await;
    let first = store.create_game(pvp(alice(), bob())).await.unwrap();
    let second = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert!(first.id.0 < second.id.0);

    let mut other = hold_row(&db, LOCK_GAME, first.id.0).await;
    // On this one-thread runtime the task submits both writes before the
    // writer runs: one batch, in this order.
    let writes = {
        let store = store.clone();
        let a = actor(&alice());
        tokio::spawn(async move {
            tokio::join!(
                store.mark_announced(second.id, 0),
                store.apply_move(first.id, 0, "h2e2", &a),
            )
        })
    };
    wait_for_a_lock_wait(&db, "the batch never reached the held row").await;
    sqlx::raw_sql("SET LOCAL lock_timeout = '5s'")
        .execute(&mut other)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET last_activity_at = last_activity_at WHERE id = $1")
        .bind(second.id.0)
        .execute(&mut other)
        .await
        .expect("the batch does not hold the later game while it waits");
    sqlx::raw_sql("COMMIT").execute(&mut other).await.unwrap();
    let (shown, moved) = writes.await.unwrap();
    shown.unwrap();
    assert_eq!(moved.unwrap().ply, 1);
    assert!(store.check_consistency().await.unwrap().is_empty());
}

/// PostgreSQL: a game's end takes its players' rows, and commits alone, so it
/// never holds them while waiting for another row. Two games end in one
/// drain of the writer's queue while another connection (another process)
/// holds Carol's row and then wants Bob's. In one transaction the first end
/// would hold Alice's and Bob's rows while the second waited for Carol's,
/// and the other connection would wait for Bob's: a deadlock. Alone, the
/// first end has committed when the second waits, and Bob's row is free.
#[tokio::test]
async fn games_ending_together_commit_alone_and_hold_no_players_while_waiting() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let store = open_one_lane(&db).await;
    let dave = UserRef::new("400", "Dave");
    let first = store.create_game(pvp(alice(), bob())).await.unwrap();
    let second = store.create_game(pvp(carol(), dave)).await.unwrap();

    let mut other = hold_row(&db, LOCK_PLAYER, carol().id).await;
    let before = store.writer_stats();
    // On this one-thread runtime both ends are queued before the writer runs.
    let ends = {
        let store = store.clone();
        tokio::spawn(async move {
            tokio::join!(
                store.finish_game(first.id, GameResult::RedWins, "resignation"),
                store.finish_game(second.id, GameResult::Draw, "agreement"),
            )
        })
    };
    wait_for_a_lock_wait(&db, "the second end never reached Carol's row").await;
    // Not waiting at all: a deadlock would take the server a second to see.
    sqlx::raw_sql("SET LOCAL lock_timeout = '200ms'")
        .execute(&mut other)
        .await
        .unwrap();
    sqlx::query(LOCK_PLAYER)
        .bind(bob().id)
        .execute(&mut other)
        .await
        .expect("no write holds Bob's row while it waits for Carol's");
    sqlx::raw_sql("COMMIT").execute(&mut other).await.unwrap();
    let (won, drawn) = ends.await.unwrap();
    assert_eq!(won.unwrap().result, Some(GameResult::RedWins));
    assert_eq!(drawn.unwrap().result, Some(GameResult::Draw));
    let after = store.writer_stats();
    assert_eq!(after.batches, before.batches + 2, "one transaction each");
    assert!(store.check_consistency().await.unwrap().is_empty());
}

/// PostgreSQL: two processes end attempts at one puzzle at the same moment
/// (a server's daily puzzle), and both move its rating, one after the
/// other. Another connection holds up the puzzle's first rating row until
/// both attempts are under way; read without a lock, both would start from
/// the file's rating and the second commit would overwrite the first. Alice
/// and Bob are alike (newcomers at 1500, both solving), so in either order
/// two attempts end where Alice's then Bob's do in one process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_puzzles_attempts_ending_at_once_in_two_processes_both_count() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let file_rating = xiangqi_bot::store::Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let here = in_guild("g1", "c1");
    let solve = move |store: Store, user: UserRef| {
        let here = here.clone();
        async move {
            store
                .start_puzzle(&user, &here, "17", None, 1500.0)
                .await
                .unwrap();
            store
                .finish_puzzle(&user.id, &here, 0, PuzzleOutcome::Solved, file_rating)
                .await
                .unwrap()
        }
    };

    // One after the other, in one process.
    let db = TestDb::new(Backend::Postgres).await;
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    solve(store.clone(), alice()).await;
    solve(store.clone(), bob()).await;
    let in_turn = stored_puzzle_rating(&db, "17").await.unwrap();

    // At once, in two.
    let db = TestDb::new(Backend::Postgres).await;
    let (one, two) = (
        open(&db, Arc::new(ManualClock::new(T0))).await,
        open(&db, Arc::new(ManualClock::new(T0))).await,
    );
    let mut other = sqlx::PgConnection::connect(db.url()).await.unwrap();
    sqlx::raw_sql(
        "BEGIN; INSERT INTO puzzle_ratings (puzzle_id, rating, rating_deviation, volatility, attempts) \
         VALUES ('17', 1500, 200, 0.06, 0)",
    )
    .execute(&mut other)
    .await
    .unwrap();
    let attempts =
        tokio::spawn(async move { tokio::join!(solve(one, alice()), solve(two, bob())) });
    wait_for_lock_waits(&db, 2, "both attempts wait for the puzzle's rating").await;
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    let (alices, bobs) = attempts.await.unwrap();
    let at_once = stored_puzzle_rating(&db, "17").await.unwrap();
    assert!(
        (at_once.rating - in_turn.rating).abs() < 1e-9,
        "two attempts at once left the puzzle at {at_once:?}, in turn at {in_turn:?} \
         (Alice's attempt left it at {:?}, Bob's at {:?})",
        alices.puzzle_after,
        bobs.puzzle_after
    );
    assert!(at_once.rating < alices.puzzle_after.rating.max(bobs.puzzle_after.rating));
}

/// PostgreSQL: a write the server fails to break a deadlock is run again,
/// so a game's end is not refused for another transaction's timing. The end
/// takes the game's row and then waits for a player's row another
/// connection holds; that connection then wants the game's row. The server
/// fails the end (it waited first), the other connection goes on and
/// commits, and the end, run again, is stored.
#[tokio::test]
async fn a_write_failed_by_a_deadlock_is_run_again() {
    if crate::support::postgres::server().is_none() {
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let store = open(&db, Arc::new(ManualClock::new(T0))).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();

    let mut other = hold_row(&db, LOCK_PLAYER, alice().id).await;
    let ending = {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .finish_game(game.id, GameResult::RedWins, "resignation")
                .await
        })
    };
    wait_for_a_lock_wait(&db, "the game's end never reached the held player").await;
    sqlx::raw_sql("SET LOCAL lock_timeout = '10s'")
        .execute(&mut other)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET last_activity_at = last_activity_at WHERE id = $1")
        .bind(game.id.0)
        .execute(&mut other)
        .await
        .expect("the server fails the game's end, which waited first");
    sqlx::raw_sql("COMMIT").execute(&mut other).await.unwrap();
    let ended = ending
        .await
        .unwrap()
        .expect("the end, run again, is stored");
    assert_eq!(ended.result, Some(GameResult::RedWins));
    assert_eq!(
        store.game(game.id).await.unwrap().result,
        Some(GameResult::RedWins)
    );
    assert!(store.check_consistency().await.unwrap().is_empty());
}

/// `close` stores what was submitted before it and refuses what comes after.
async fn close_stores_earlier_writes_and_refuses_later_ones(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let a = actor(&alice());
    let (moved, ()) = tokio::join!(store.apply_move(game.id, 0, "h2e2", &a), store.close(),);
    assert_eq!(moved.unwrap().ply, 1);
    assert!(matches!(
        store.apply_move(game.id, 1, "h9g7", &actor(&bob())).await,
        Err(StoreError::Database(sqlx::Error::PoolClosed))
    ));
    let reopened = open(&db, clock).await;
    assert_eq!(reopened.game(game.id).await.unwrap().ply, 1);
}
on_both_backends!(close_stores_earlier_writes_and_refuses_later_ones);
