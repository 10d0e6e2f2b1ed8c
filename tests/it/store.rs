//! The game store against real SQLite files in temporary directories: schema,
//! moves and their races, takebacks, offers, challenges, ratings, queries,
//! reopening, export, and a child process killed while it writes.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::Connection;
use tempfile::TempDir;
use xiangqi_bot::rules::{self, Color};
use xiangqi_bot::store::{
    Accepter, ActorId, BotLevel, ChallengeState, ChallengeTarget, ColorChoice, Durability, GameId,
    GameRecord, GameResult, GameState, Location, ManualClock, NewChallenge, NewGame, OfferAnswer,
    OfferKind, Participant, Store, StoreConfig, StoreError, SystemClock, UserRef, START_FEN,
};

const T0: i64 = 1_795_323_600_000;

fn db_url(dir: &TempDir) -> String {
    format!("sqlite://{}", dir.path().join("games.db").display())
}

async fn open(dir: &TempDir, clock: Arc<ManualClock>) -> Store {
    open_url(&db_url(dir), clock).await
}

async fn open_url(url: &str, clock: Arc<ManualClock>) -> Store {
    let mut config = StoreConfig::new(url);
    // Tests do not need power-cut safety; the crash test below uses Full.
    config.durability = Durability::Normal;
    Store::open_with(config, clock).await.expect("open store")
}

async fn fresh() -> (TempDir, Arc<ManualClock>, Store) {
    let dir = TempDir::new().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let store = open(&dir, clock.clone()).await;
    (dir, clock, store)
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
    assert_eq!(applied, vec![(1, true)]);
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
async fn a_game_is_played_checked_and_finished() {
    let (_dir, clock, store) = fresh().await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert_eq!(game.status, GameState::Live);
    assert_eq!(game.start_fen, START_FEN);
    assert_eq!(game.start_side, Color::Red);
    assert_eq!(game.red, Participant::User(alice()));

    let (a, b) = (actor(&alice()), actor(&bob()));
    assert!(matches!(
        store.apply_move(game.id, 0, "h2e2", &b).await,
        Err(StoreError::NotYourTurn {
            to_move: Color::Red,
            ..
        })
    ));
    assert!(matches!(
        store.apply_move(game.id, 0, "h2e2", &actor(&carol())).await,
        Err(StoreError::NotAParticipant(_))
    ));
    assert!(matches!(
        store.apply_move(game.id, 0, "h2e9x", &a).await,
        Err(StoreError::InvalidMove { .. })
    ));
    assert!(matches!(
        store.apply_move(GameId(9999), 0, "h2e2", &a).await,
        Err(StoreError::GameNotFound(_))
    ));

    clock.advance(Duration::from_secs(5));
    let first = store.apply_move(game.id, 0, "H2-E2", &a).await.unwrap();
    assert_eq!((first.ply, first.iccs.to_string()), (1, "h2e2".to_owned()));
    assert!(matches!(
        store.apply_move(game.id, 0, "h0g2", &a).await,
        Err(StoreError::StaleGame {
            expected: 0,
            actual: 1,
            ..
        })
    ));
    store.apply_move(game.id, 1, "h9g7", &b).await.unwrap();

    let (record, moves) = store.game_with_moves(game.id).await.unwrap();
    assert_eq!(record.ply, 2);
    assert_eq!(record.last_activity_at, T0 + 5_000);
    let list: Vec<String> = moves.iter().map(|m| m.iccs.to_string()).collect();
    assert_eq!(list, ["h2e2", "h9g7"]);
    assert_eq!(moves[1].by, b);

    let done = store
        .finish_game(game.id, GameResult::RedWins, "resignation")
        .await
        .unwrap();
    assert_eq!(done.status, GameState::Finished);
    assert_eq!(done.result, Some(GameResult::RedWins));
    assert_eq!(done.reason.as_deref(), Some("resignation"));
    assert_eq!(done.finished_at, Some(T0 + 5_000));
    assert!(matches!(
        store.apply_move(game.id, 2, "h0g2", &a).await,
        Err(StoreError::GameOver(_))
    ));
    assert!(matches!(
        store
            .finish_game(game.id, GameResult::Draw, "agreement")
            .await,
        Err(StoreError::GameOver(_))
    ));
    assert!(store.check_consistency().await.unwrap().is_empty());
}

#[tokio::test]
async fn custom_start_positions_are_checked_and_kept() {
    let (_dir, _clock, store) = fresh().await;
    let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
    let mut new = vs_bot(alice(), Color::Red, 2);
    new.start_fen = Some(fen.to_owned());
    let game = store.create_game(new.clone()).await.unwrap();
    assert_eq!(game.start_side, Color::Black);
    // Black (the bot) moves first here.
    assert!(game.awaits_bot());
    assert!(matches!(
        store.apply_move(game.id, 0, "e1e2", &actor(&alice())).await,
        Err(StoreError::NotYourTurn {
            to_move: Color::Black,
            ..
        })
    ));
    store
        .apply_move(game.id, 0, "e9f9", &ActorId::Bot)
        .await
        .unwrap();

    new.start_fen = Some("4k4/9 x".to_owned());
    assert!(matches!(
        store.create_game(new.clone()).await,
        Err(StoreError::InvalidFen(_))
    ));
    new.red = Participant::Bot(BotLevel::new(1).unwrap());
    new.start_fen = None;
    assert!(matches!(
        store.create_game(new).await,
        Err(StoreError::BotAgainstBot)
    ));
    assert!(matches!(
        BotLevel::new(9),
        Err(StoreError::InvalidBotLevel(9))
    ));
}

/// Two tasks submit a move for the same ply, 200 times over: each time exactly
/// one is stored and the other is told the position changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_exactly_one_wins_each_time() {
    let (_dir, _clock, store) = fresh().await;
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

/// A move that ends the game is stored with the game's end in one write: a
/// final move racing an ordinary one for the same ply leaves exactly one of
/// them, and when the final move loses, neither it nor the result is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_final_move_and_the_games_end_are_stored_together_or_not_at_all() {
    let (_dir, _clock, store) = fresh().await;
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

/// The same race between two separately opened stores on one file (two
/// writer connections, as two processes would have): SQLite's own locking
/// and the ply check still let exactly one through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_across_two_connections() {
    let (dir, clock, first) = fresh().await;
    let second = open(&dir, clock).await;
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

// ---------------------------------------------------------------------------
// Group commit: writes queued together share one transaction, each in its own
// savepoint, and are answered only after the commit. On a current-thread
// runtime the writer task cannot run while `tokio::join!` is submitting, so
// everything joined lands in one batch, which `writer_stats` confirms.

/// In one batch: two good moves in one game (the second sees the first), a
/// good move elsewhere, and five writes that fail for five reasons. Each gets
/// its own answer and the failures leave no trace.
#[tokio::test]
async fn one_failing_write_in_a_batch_leaves_the_others_whole() {
    let (_dir, _clock, store) = fresh().await;
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

/// Four submissions for the same ply in one batch, round after round: the
/// first queued wins (the others' savepoints see its write) and the rest are
/// told the position changed.
#[tokio::test]
async fn racing_moves_in_one_batch_have_exactly_one_winner() {
    let (_dir, _clock, store) = fresh().await;
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

/// Many games moving at once with durable commits: the moment a caller is
/// told its move is stored, another connection already sees it (answering
/// before the commit would fail this), and a store opened afresh on the file
/// holds every acknowledged move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_move_is_committed_when_answered() {
    let dir = TempDir::new().unwrap();
    let store = Store::open_with(StoreConfig::new(db_url(&dir)), Arc::new(SystemClock))
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

    let reopened = open_url(&db_url(&dir), Arc::new(ManualClock::new(T0))).await;
    for (id, moves) in acked {
        let (record, stored) = reopened.game_with_moves(id).await.unwrap();
        assert_eq!(record.ply, plies);
        let stored: Vec<String> = stored.iter().map(|m| m.iccs.to_string()).collect();
        assert_eq!(stored, moves, "game {id}");
    }
}

/// When the batch cannot be committed (here: another connection holds the
/// write lock past the busy timeout) every caller in it gets an error and
/// nothing of it is stored; the writer carries on afterwards.
#[tokio::test]
async fn a_batch_that_cannot_commit_fails_every_write_in_it() {
    let dir = TempDir::new().unwrap();
    let mut config = StoreConfig::new(db_url(&dir));
    config.busy_timeout = Duration::from_millis(100);
    let store = Store::open_with(config, Arc::new(ManualClock::new(T0)))
        .await
        .unwrap();
    let (a, b) = (actor(&alice()), actor(&bob()));
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let other = store.create_game(pvp(alice(), bob())).await.unwrap();

    let mut blocker = sqlx::SqliteConnection::connect(&db_url(&dir))
        .await
        .unwrap();
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

/// `close` stores what was submitted before it and refuses what comes after.
#[tokio::test]
async fn close_stores_earlier_writes_and_refuses_later_ones() {
    let (dir, clock, store) = fresh().await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let a = actor(&alice());
    let (moved, ()) = tokio::join!(store.apply_move(game.id, 0, "h2e2", &a), store.close(),);
    assert_eq!(moved.unwrap().ply, 1);
    assert!(matches!(
        store.apply_move(game.id, 1, "h9g7", &actor(&bob())).await,
        Err(StoreError::Database(sqlx::Error::PoolClosed))
    ));
    let reopened = open(&dir, clock).await;
    assert_eq!(reopened.game(game.id).await.unwrap().ply, 1);
}

#[tokio::test]
async fn takebacks_remove_the_last_moves_under_the_ply_check() {
    let (_dir, _clock, store) = fresh().await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let game = play(&store, &game, 5).await;
    assert!(matches!(
        store.take_back(game.id, 4, 2).await,
        Err(StoreError::StaleGame { actual: 5, .. })
    ));
    assert!(matches!(
        store.take_back(game.id, 5, 6).await,
        Err(StoreError::NothingToTakeBack {
            requested: 6,
            available: 5
        })
    ));
    assert!(matches!(
        store.take_back(game.id, 5, 0).await,
        Err(StoreError::NothingToTakeBack { .. })
    ));
    let removed = store.take_back(game.id, 5, 2).await.unwrap();
    let plies: Vec<u32> = removed.iter().map(|m| m.ply).collect();
    assert_eq!(plies, [4, 5]);
    assert_eq!(removed[0].iccs.to_string(), move_for(4));
    let (record, moves) = store.game_with_moves(game.id).await.unwrap();
    assert_eq!((record.ply, moves.len()), (3, 3));
    // Black is to move again at ply 3 and may play a different move.
    store
        .apply_move(game.id, 3, "a9a8", &actor(&bob()))
        .await
        .unwrap();
    assert!(store.check_consistency().await.unwrap().is_empty());
}

#[tokio::test]
async fn draw_offers_stand_until_the_opponent_moves() {
    let (_dir, _clock, store) = fresh().await;
    let (a, b) = (actor(&alice()), actor(&bob()));
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let game = play(&store, &game, 2).await; // Red to move.

    // Red offers on its own turn, then moves: the offer still stands.
    let offer = store
        .make_offer(game.id, OfferKind::Draw, &a)
        .await
        .unwrap();
    assert_eq!(
        (offer.by, offer.at_ply, offer.lapses_at_ply),
        (Color::Red, 2, 4)
    );
    assert!(matches!(
        store.make_offer(game.id, OfferKind::Draw, &a).await,
        Err(StoreError::OfferAlreadyPending { .. })
    ));
    assert!(matches!(
        store
            .make_offer(game.id, OfferKind::Draw, &actor(&carol()))
            .await,
        Err(StoreError::NotAParticipant(_))
    ));
    store.apply_move(game.id, 2, "b0c2", &a).await.unwrap();
    assert_eq!(store.pending_offers(game.id).await.unwrap().len(), 1);
    assert!(matches!(
        store.answer_offer(game.id, OfferKind::Draw, &a, true).await,
        Err(StoreError::OfferNotForYou { .. })
    ));
    // Black moves instead of answering: the offer lapses.
    store.apply_move(game.id, 3, "b9c7", &b).await.unwrap();
    assert!(store.pending_offers(game.id).await.unwrap().is_empty());
    assert!(matches!(
        store.answer_offer(game.id, OfferKind::Draw, &b, true).await,
        Err(StoreError::NoOfferPending { .. })
    ));

    // Declined, then offered again and accepted: a rated draw by agreement.
    store
        .make_offer(game.id, OfferKind::Draw, &b)
        .await
        .unwrap();
    let declined = store
        .answer_offer(game.id, OfferKind::Draw, &a, false)
        .await
        .unwrap();
    assert!(matches!(declined, OfferAnswer::Declined(o) if o.by == Color::Black));
    store
        .make_offer(game.id, OfferKind::Draw, &b)
        .await
        .unwrap();
    let withdrawn = store
        .withdraw_offer(game.id, OfferKind::Draw, &b)
        .await
        .unwrap();
    assert_eq!(withdrawn.by, Color::Black);
    store
        .make_offer(game.id, OfferKind::Draw, &b)
        .await
        .unwrap();
    match store
        .answer_offer(game.id, OfferKind::Draw, &a, true)
        .await
        .unwrap()
    {
        OfferAnswer::DrawAgreed(record) => {
            assert_eq!(record.result, Some(GameResult::Draw));
            assert_eq!(record.reason.as_deref(), Some("agreement"));
            assert!(record.red_rating.is_some() && record.black_rating.is_some());
        }
        other => panic!("expected a draw, got {other:?}"),
    }
    let alice_stats = store.player(&alice().id).await.unwrap().unwrap();
    assert_eq!((alice_stats.games, alice_stats.draws), (1, 1));
    assert!(matches!(
        store.make_offer(game.id, OfferKind::Draw, &a).await,
        Err(StoreError::GameOver(_))
    ));
}

#[tokio::test]
async fn takeback_requests_remove_one_or_two_plies() {
    let (_dir, _clock, store) = fresh().await;
    let (a, b) = (actor(&alice()), actor(&bob()));
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    assert!(matches!(
        store.make_offer(game.id, OfferKind::Takeback, &b).await,
        Err(StoreError::NothingToTakeBack { .. })
    ));
    let game = play(&store, &game, 3).await; // Black to move after Red's third ply.

    // Red just moved and asks for it back: one ply.
    let request = store
        .make_offer(game.id, OfferKind::Takeback, &a)
        .await
        .unwrap();
    assert_eq!(request.takeback_plies, Some(1));
    match store
        .answer_offer(game.id, OfferKind::Takeback, &b, true)
        .await
        .unwrap()
    {
        OfferAnswer::TakenBack { game, removed } => {
            assert_eq!(game.ply, 2);
            assert_eq!(removed.len(), 1);
            assert_eq!(removed[0].ply, 3);
        }
        other => panic!("expected a takeback, got {other:?}"),
    }
    // Now Red is to move and asks: its own move and Black's reply go.
    let request = store
        .make_offer(game.id, OfferKind::Takeback, &a)
        .await
        .unwrap();
    assert_eq!(request.takeback_plies, Some(2));
    let answer = store
        .answer_offer(game.id, OfferKind::Takeback, &b, true)
        .await
        .unwrap();
    assert!(matches!(answer, OfferAnswer::TakenBack { ref game, .. } if game.ply == 0));
    let (record, moves) = store.game_with_moves(game.id).await.unwrap();
    assert_eq!((record.ply, moves.len()), (0, 0));
}

#[tokio::test]
async fn challenges_check_addressee_and_expiry() {
    let (_dir, clock, store) = fresh().await;
    let challenge = |to: ChallengeTarget, color| NewChallenge {
        location: in_guild("g1", "c1"),
        from: alice(),
        to,
        color,
        start_fen: None,
        rated: true,
        expires_in: Duration::from_secs(60),
    };
    assert!(matches!(
        store
            .create_challenge(challenge(ChallengeTarget::User(alice()), ColorChoice::Red))
            .await,
        Err(StoreError::CannotChallengeYourself)
    ));
    assert!(matches!(
        store
            .accept_challenge_in_channel("c1", None, &Accepter::User(bob()))
            .await,
        Err(StoreError::NoChallengePending)
    ));

    let to_bob = store
        .create_challenge(challenge(ChallengeTarget::User(bob()), ColorChoice::Black))
        .await
        .unwrap();
    assert_eq!(to_bob.state, ChallengeState::Pending);
    assert_eq!(to_bob.expires_at, T0 + 60_000);
    assert!(matches!(
        store.accept_challenge(to_bob.id, &Accepter::User(carol())).await,
        Err(StoreError::ChallengeNotForYou(id)) if id == to_bob.id
    ));
    assert!(matches!(
        store
            .accept_challenge_in_channel("c1", None, &Accepter::User(carol()))
            .await,
        Err(StoreError::ChallengeNotForYou(_))
    ));
    assert!(matches!(
        store
            .accept_challenge(to_bob.id, &Accepter::User(alice()))
            .await,
        Err(StoreError::ChallengeNotForYou(_))
    ));
    assert!(matches!(
        store.accept_challenge(to_bob.id, &Accepter::Bot).await,
        Err(StoreError::ChallengeNotForYou(_))
    ));

    let (accepted, game) = store
        .accept_challenge_in_channel("c1", Some(&alice().id), &Accepter::User(bob()))
        .await
        .unwrap();
    assert_eq!(accepted.state, ChallengeState::Accepted);
    assert_eq!(accepted.game_id, Some(game.id));
    // Alice asked for Black.
    assert_eq!(game.black, Participant::User(alice()));
    assert_eq!(game.red, Participant::User(bob()));
    assert_eq!(game.location, in_guild("g1", "c1"));
    assert!(matches!(
        store
            .accept_challenge(to_bob.id, &Accepter::User(bob()))
            .await,
        Err(StoreError::NoChallengePending)
    ));

    // Expiry: refused with its own error, and marked.
    let late = store
        .create_challenge(challenge(
            ChallengeTarget::User(carol()),
            ColorChoice::Random,
        ))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(61));
    assert!(matches!(
        store.accept_challenge_in_channel("c1", None, &Accepter::User(carol())).await,
        Err(StoreError::ChallengeExpired(id)) if id == late.id
    ));
    assert_eq!(
        store.challenge(late.id).await.unwrap().unwrap().state,
        ChallengeState::Expired
    );
    assert!(matches!(
        store
            .accept_challenge(late.id, &Accepter::User(carol()))
            .await,
        Err(StoreError::ChallengeExpired(_))
    ));

    // The sweep lists the rest, and retires each once it has announced it.
    let stale = store
        .create_challenge(challenge(ChallengeTarget::Anyone, ColorChoice::Red))
        .await
        .unwrap();
    assert_eq!(
        store
            .pending_challenges_in_channel("c1")
            .await
            .unwrap()
            .len(),
        1
    );
    clock.advance(Duration::from_secs(60));
    let expired = store.expired_challenges().await.unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        vec![stale.id]
    );
    assert!(store
        .pending_challenges_in_channel("c1")
        .await
        .unwrap()
        .is_empty());
    // Not announced yet: still listed at the next sweep.
    assert_eq!(store.expired_challenges().await.unwrap().len(), 1);
    assert!(store.retire_expired_challenge(stale.id).await.unwrap());
    assert!(!store.retire_expired_challenge(stale.id).await.unwrap());
    assert_eq!(
        store.challenge(stale.id).await.unwrap().unwrap().state,
        ChallengeState::Expired
    );
    assert!(store.expired_challenges().await.unwrap().is_empty());

    // Decline by the addressee, withdraw by the challenger.
    let declined = store
        .create_challenge(challenge(ChallengeTarget::User(bob()), ColorChoice::Red))
        .await
        .unwrap();
    assert!(matches!(
        store.decline_challenge(declined.id, &actor(&carol())).await,
        Err(StoreError::ChallengeNotForYou(_))
    ));
    let d = store
        .decline_challenge(declined.id, &actor(&bob()))
        .await
        .unwrap();
    assert_eq!(d.state, ChallengeState::Declined);
    let withdrawn = store
        .create_challenge(challenge(ChallengeTarget::Anyone, ColorChoice::Red))
        .await
        .unwrap();
    let w = store
        .decline_challenge(withdrawn.id, &actor(&alice()))
        .await
        .unwrap();
    assert_eq!(w.state, ChallengeState::Cancelled);
    assert!(matches!(
        store
            .decline_challenge(withdrawn.id, &actor(&alice()))
            .await,
        Err(StoreError::NoChallengePending)
    ));

    // A challenge to the bot is accepted by the bot.
    let to_bot = store
        .create_challenge(challenge(
            ChallengeTarget::Bot(BotLevel::new(5).unwrap()),
            ColorChoice::Red,
        ))
        .await
        .unwrap();
    let (_, game) = store
        .accept_challenge(to_bot.id, &Accepter::Bot)
        .await
        .unwrap();
    assert_eq!(game.black, Participant::Bot(BotLevel::new(5).unwrap()));
}

/// Many people click "accept" on one open challenge at once: one game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_becomes_exactly_one_game() {
    let (_dir, _clock, store) = fresh().await;
    let open_challenge = store
        .create_challenge(NewChallenge {
            location: Location::channel("c9"),
            from: alice(),
            to: ChallengeTarget::Anyone,
            color: ColorChoice::Random,
            start_fen: None,
            rated: false,
            expires_in: Duration::from_secs(60),
        })
        .await
        .unwrap();
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            let user = UserRef::new(format!("u{i}"), format!("User {i}"));
            tokio::spawn(async move {
                store
                    .accept_challenge(open_challenge.id, &Accepter::User(user))
                    .await
            })
        })
        .collect();
    let mut games = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok((_, game)) => games.push(game),
            Err(e) => assert!(matches!(e, StoreError::NoChallengePending), "{e}"),
        }
    }
    assert_eq!(games.len(), 1);
    assert!(!games[0].rated);
    assert_eq!(store.live_games_in_channel("c9").await.unwrap().len(), 1);
}

#[tokio::test]
async fn ratings_move_with_results_and_bot_levels() {
    let (_dir, _clock, store) = fresh().await;
    // Beating level 8 (2200) from 1500 is worth a lot; losing to level 1 costs a lot.
    let g = store
        .create_game(vs_bot(alice(), Color::Red, 8))
        .await
        .unwrap();
    let done = store
        .finish_game(g.id, GameResult::RedWins, "checkmate")
        .await
        .unwrap();
    let change = done.red_rating.unwrap();
    assert_eq!(change.before, 1500.0);
    assert!(change.after - change.before > 150.0, "{change:?}");
    assert!(done.black_rating.is_none(), "the bot's rating is fixed");
    let after_win = store.player(&alice().id).await.unwrap().unwrap();
    assert_eq!(after_win.rating.rating, change.after);
    assert!(after_win.rating.deviation < 350.0);

    let g = store
        .create_game(vs_bot(bob(), Color::Black, 1))
        .await
        .unwrap();
    let done = store
        .finish_game(g.id, GameResult::RedWins, "checkmate")
        .await
        .unwrap();
    let black = done.black_rating.unwrap();
    assert!(black.after - black.before < -150.0);

    // Between people both move, in opposite directions.
    let g = store.create_game(pvp(alice(), bob())).await.unwrap();
    let done = store
        .finish_game(g.id, GameResult::BlackWins, "resignation")
        .await
        .unwrap();
    let (red, black) = (done.red_rating.unwrap(), done.black_rating.unwrap());
    assert!(red.after < red.before && black.after > black.before);
    assert_eq!(red.before, after_win.rating.rating);

    // Unrated: counted, rating untouched. Aborted and self-play: neither.
    let before = store.player(&carol().id).await.unwrap();
    assert!(before.is_none());
    let mut unrated = pvp(carol(), alice());
    unrated.rated = false;
    let g = store.create_game(unrated).await.unwrap();
    let done = store
        .finish_game(g.id, GameResult::RedWins, "checkmate")
        .await
        .unwrap();
    assert!(done.red_rating.is_none());
    let carol_after = store.player(&carol().id).await.unwrap().unwrap();
    assert_eq!(
        (
            carol_after.games,
            carol_after.wins,
            carol_after.rating.rating
        ),
        (1, 1, 1500.0)
    );

    let g = store.create_game(pvp(carol(), alice())).await.unwrap();
    let aborted = store.abort_game(g.id, "no first move").await.unwrap();
    assert_eq!((aborted.status, aborted.result), (GameState::Aborted, None));
    let g = store.create_game(pvp(carol(), carol())).await.unwrap();
    store
        .finish_game(g.id, GameResult::RedWins, "checkmate")
        .await
        .unwrap();
    let carol_end = store.player(&carol().id).await.unwrap().unwrap();
    assert_eq!(carol_end, carol_after);

    let alice_end = store.player(&alice().id).await.unwrap().unwrap();
    assert_eq!(
        (
            alice_end.games,
            alice_end.wins,
            alice_end.draws,
            alice_end.losses
        ),
        (3, 1, 0, 2)
    );
    assert_eq!(alice_end.rating.rating, red.after);
}

#[tokio::test]
async fn queries_find_live_idle_waiting_and_past_games() {
    let (_dir, clock, store) = fresh().await;
    let mut in_thread = pvp(alice(), bob());
    in_thread.location.thread_id = Some("t1".to_owned());
    let g1 = store.create_game(in_thread).await.unwrap();
    let mut elsewhere = vs_bot(carol(), Color::Black, 3);
    elsewhere.location = in_guild("g2", "c2");
    let g2 = store.create_game(elsewhere).await.unwrap(); // Bot (Red) to move.
    let g3 = store
        .create_game(vs_bot(alice(), Color::Red, 3))
        .await
        .unwrap(); // Alice to move.

    let ids = |games: Vec<GameRecord>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.live_games_in_guild("g1").await.unwrap()),
        [g1.id, g3.id]
    );
    assert_eq!(ids(store.live_games_in_guild("g2").await.unwrap()), [g2.id]);
    assert_eq!(
        ids(store.live_games_in_channel("c1").await.unwrap()),
        [g1.id, g3.id]
    );
    assert_eq!(
        ids(store.live_games_in_channel("t1").await.unwrap()),
        [g1.id]
    );
    assert_eq!(
        ids(store.live_games_of_user(&alice().id).await.unwrap()),
        [g1.id, g3.id]
    );
    assert_eq!(ids(store.games_awaiting_bot().await.unwrap()), [g2.id]);
    clock.advance(Duration::from_secs(1));
    store
        .apply_move(g3.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    assert_eq!(
        ids(store.games_awaiting_bot().await.unwrap()),
        [g2.id, g3.id]
    );
    store
        .apply_move(g2.id, 0, "h2e2", &ActorId::Bot)
        .await
        .unwrap();
    assert_eq!(ids(store.games_awaiting_bot().await.unwrap()), [g3.id]);

    // Idle: g1 has not moved since T0; g2 and g3 moved at T0 + 1 s.
    clock.set(T0 + 10 * 60_000);
    assert_eq!(
        ids(store.idle_games(Duration::from_secs(600)).await.unwrap()),
        Vec::<GameId>::new()
    );
    clock.set(T0 + 10 * 60_000 + 500);
    assert_eq!(
        ids(store.idle_games(Duration::from_secs(600)).await.unwrap()),
        [g1.id]
    );
    clock.set(T0 + 20 * 60_000);
    assert_eq!(
        ids(store.idle_games(Duration::from_secs(600)).await.unwrap()),
        [g1.id, g2.id, g3.id]
    );

    // History: seven ended games, pages of three, newest first, no repeats.
    let mut ended = Vec::new();
    for i in 0..7 {
        clock.advance(Duration::from_secs(1));
        let g = store.create_game(pvp(alice(), carol())).await.unwrap();
        if i == 3 {
            store.abort_game(g.id, "abandonment").await.unwrap();
        } else {
            store
                .finish_game(g.id, GameResult::RedWins, "checkmate")
                .await
                .unwrap();
        }
        ended.push(g.id);
    }
    let mut seen = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let page = store.player_history(&alice().id, cursor, 3).await.unwrap();
        pages += 1;
        assert!(page.games.len() <= 3);
        seen.extend(page.games.iter().map(|g| g.id));
        match page.next {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    ended.reverse();
    assert_eq!(seen, ended);
    assert_eq!(pages, 3);
    assert!(store
        .player_history("nobody", None, 3)
        .await
        .unwrap()
        .games
        .is_empty());

    // Leaderboard and stats.
    let board = store.leaderboard(10, 1).await.unwrap();
    assert_eq!(board[0].user, alice());
    assert!(board
        .windows(2)
        .all(|w| w[0].rating.rating >= w[1].rating.rating));
    assert!(board.iter().all(|p| p.games >= 1));
    assert!(store.leaderboard(10, 100).await.unwrap().is_empty());
    let stats = store.player_stats(&alice().id).await.unwrap().unwrap();
    assert_eq!((stats.rank, stats.live_games, stats.player.wins), (1, 2, 6));
    let carol_stats = store.player_stats(&carol().id).await.unwrap().unwrap();
    assert_eq!(carol_stats.rank, 3, "Bob, never finished, is still at 1500");
    assert!(store.player_stats("nobody").await.unwrap().is_none());
}

#[tokio::test]
async fn display_names_follow_the_platform() {
    let (_dir, _clock, store) = fresh().await;
    let g = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .create_game(pvp(UserRef::new("100", "Alice Renamed"), carol()))
        .await
        .unwrap();
    let record = store.game(g.id).await.unwrap();
    assert_eq!(record.red.display_name(), "Alice Renamed");
}

/// Everything the store says about a file, for comparing two opens of it.
async fn snapshot(store: &Store, games: &[GameId]) -> String {
    let mut out = String::new();
    for &id in games {
        out.push_str(&format!("{:?}\n", store.game_with_moves(id).await.unwrap()));
        out.push_str(&format!("{:?}\n", store.pending_offers(id).await.unwrap()));
    }
    for user in [alice(), bob(), carol()] {
        out.push_str(&format!(
            "{:?}\n",
            store.player_stats(&user.id).await.unwrap()
        ));
        out.push_str(&format!(
            "{:?}\n",
            store.player_history(&user.id, None, 50).await.unwrap()
        ));
    }
    out.push_str(&format!("{:?}\n", store.leaderboard(50, 0).await.unwrap()));
    out.push_str(&format!(
        "{:?}\n",
        store.pending_challenges_in_channel("c1").await.unwrap()
    ));
    out
}

#[tokio::test]
async fn a_reopened_store_is_identical() {
    let dir = TempDir::new().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let store = open(&dir, clock.clone()).await;
    let g1 = store.create_game(pvp(alice(), bob())).await.unwrap();
    play(&store, &g1, 7).await;
    store
        .make_offer(g1.id, OfferKind::Draw, &actor(&bob()))
        .await
        .unwrap();
    let g2 = store
        .create_game(vs_bot(carol(), Color::Black, 6))
        .await
        .unwrap();
    play(&store, &g2, 4).await;
    store
        .finish_game(g2.id, GameResult::BlackWins, "checkmate")
        .await
        .unwrap();
    store
        .create_challenge(NewChallenge {
            location: in_guild("g1", "c1"),
            from: bob(),
            to: ChallengeTarget::User(carol()),
            color: ColorChoice::Random,
            start_fen: None,
            rated: true,
            expires_in: Duration::from_secs(3600),
        })
        .await
        .unwrap();
    let before = snapshot(&store, &[g1.id, g2.id]).await;
    drop(store);

    let reopened = open(&dir, clock).await;
    let after = snapshot(&reopened, &[g1.id, g2.id]).await;
    assert_eq!(before, after);
    // And play goes on from where it stopped.
    let g1 = reopened.game(g1.id).await.unwrap();
    assert_eq!(g1.ply, 7);
    play(&reopened, &g1, 1).await;
}

#[tokio::test]
async fn export_writes_the_stored_game_as_pgn() {
    let (_dir, _clock, store) = fresh().await;
    let g = store
        .create_game(vs_bot(alice(), Color::Red, 3))
        .await
        .unwrap();
    store
        .apply_move(g.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    store
        .apply_move(g.id, 1, "h9g7", &ActorId::Bot)
        .await
        .unwrap();
    store
        .apply_move(g.id, 2, "h0g2", &actor(&alice()))
        .await
        .unwrap();
    store
        .finish_game(g.id, GameResult::BlackWins, "resignation")
        .await
        .unwrap();
    let pgn = store.export_pgn(g.id).await.unwrap();
    assert!(pgn.starts_with("[Game \"Chinese Chess\"]\n"), "{pgn}");
    assert!(pgn.contains("[Red \"Alice\"]\n[Black \"xiangqi-bot (level 3)\"]\n[Result \"0-1\"]\n"));
    assert!(pgn.contains("[Format \"ICCS\"]\n"));
    assert!(
        pgn.contains("\n1. H2-E2 H9-G7\n2. H0-G2\n{Black wins: resignation.}\n0-1\n"),
        "{pgn}"
    );
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

// ---------------------------------------------------------------------------
// Crash safety: a child process writes moves and takebacks as fast as it can
// and is killed with SIGKILL at a random moment. Each write is logged before
// it starts ("try") and after its commit returned ("ack"); after the kill the
// file must hold, for every game, the acknowledged history or that plus the
// one write in flight — never half a write — and ply counters must match the
// stored moves.

const CRASH_DB_ENV: &str = "XQ_STORE_CRASH_TEST_DB";
/// Games written at once, so that writes share batches as in the bot.
const CRASH_GAMES: usize = 8;
/// Starts each line of the child's log: libtest may print on the same line first.
const MARK: &str = "@@ ";

/// A small xorshift generator; seeds differ per run.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(Instant::now().elapsed().as_nanos());
        Rng(h.finish() | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Not a test on its own: the body of the child process the crash test starts
/// (it does nothing unless that test set its environment variable).
#[test]
#[ignore = "run only as the crash test's child process"]
fn crash_writer_child() {
    let Ok(path) = std::env::var(CRASH_DB_ENV) else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let config = StoreConfig::new(format!("sqlite://{path}"));
        let store = Store::open_with(config, Arc::new(SystemClock))
            .await
            .unwrap();
        let mut tasks = Vec::new();
        for _ in 0..CRASH_GAMES {
            let game = store.create_game(pvp(alice(), bob())).await.unwrap();
            println!("{MARK}game {}", game.id.0);
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let mut rng = Rng::new();
                let mut ply = 0u32;
                // Bounded so that an orphaned child cannot run for ever.
                let deadline = Instant::now() + Duration::from_secs(30);
                while Instant::now() < deadline {
                    if ply >= 2 && rng.next().is_multiple_of(8) {
                        println!("{MARK}try back {} {ply} 2", game.id.0);
                        store.take_back(game.id, ply, 2).await.unwrap();
                        ply -= 2;
                        println!("{MARK}ack back {} {ply}", game.id.0);
                    } else {
                        let mv = move_for(ply + 1 + (rng.next() % 50) as u32);
                        let by = if ply.is_multiple_of(2) {
                            actor(&alice())
                        } else {
                            actor(&bob())
                        };
                        println!("{MARK}try move {} {ply} {mv}", game.id.0);
                        store.apply_move(game.id, ply, &mv, &by).await.unwrap();
                        ply += 1;
                        println!("{MARK}ack move {} {ply} {mv}", game.id.0);
                    }
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
    });
}

#[derive(Clone, Debug)]
enum Op {
    Move(String),
    Back(usize),
}

fn apply_op(moves: &[String], write: &Op) -> Vec<String> {
    let mut next = moves.to_vec();
    match write {
        Op::Move(mv) => next.push(mv.clone()),
        Op::Back(n) => next.truncate(next.len().saturating_sub(*n)),
    }
    next
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_writer_leaves_each_write_whole_or_absent() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("crash.db");
    let exe = std::env::current_exe().unwrap();
    // The child's full test name, as libtest filters it: this module's path
    // without the crate name (`store::crash_writer_child`).
    let child_test = format!(
        "{}::crash_writer_child",
        module_path!().split_once("::").unwrap().1
    );
    let mut rng = Rng::new();
    let mut in_flight_landed = 0;
    let mut in_flight_lost = 0;
    for round in 0..5 {
        let mut child = Command::new(&exe)
            .args([
                child_test.as_str(),
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CRASH_DB_ENV, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines_tx, lines_rx) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if lines_tx.send(line).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        // Let it get going (some hundreds of acknowledged writes), then kill
        // it a random few milliseconds later.
        let wanted_acks = 100 + (rng.next() % 400) as usize;
        let mut lines = Vec::new();
        let started = Instant::now();
        while lines
            .iter()
            .filter(|l: &&String| l.contains("@@ ack"))
            .count()
            < wanted_acks
        {
            match lines_rx.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => lines.push(line),
                Err(e) => panic!("round {round}: the child stopped writing ({e}) after {lines:?}"),
            }
        }
        std::thread::sleep(Duration::from_micros(rng.next() % 20_000));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        lines.extend(lines_rx.try_iter());
        let elapsed = started.elapsed();

        // Rebuild what the child knew: acknowledged history and the write in
        // flight, per game.
        let mut acked: HashMap<i64, Vec<String>> = HashMap::new();
        let mut pending: HashMap<i64, Option<Op>> = HashMap::new();
        for line in &lines {
            let Some(start) = line.find(MARK) else {
                continue;
            };
            let parts: Vec<&str> = line[start + MARK.len()..].split_whitespace().collect();
            let id = |s: &str| s.parse::<i64>().unwrap();
            match parts.as_slice() {
                ["game", g] => {
                    acked.insert(id(g), Vec::new());
                }
                ["try", "move", g, _, mv] => {
                    pending.insert(id(g), Some(Op::Move(mv.to_string())));
                }
                ["try", "back", g, _, n] => {
                    pending.insert(id(g), Some(Op::Back(n.parse().unwrap())));
                }
                ["ack", _, g, ply, ..] => {
                    let g = id(g);
                    let write = pending
                        .get_mut(&g)
                        .and_then(Option::take)
                        .expect("ack without try");
                    let history = acked.get_mut(&g).unwrap();
                    *history = apply_op(history, &write);
                    assert_eq!(history.len(), ply.parse::<usize>().unwrap());
                }
                // A line cut short by the kill.
                _ => {}
            }
        }

        let store = open_url(
            &format!("sqlite://{}", path.display()),
            Arc::new(ManualClock::new(T0)),
        )
        .await;
        assert!(
            store.check_consistency().await.unwrap().is_empty(),
            "round {round}"
        );
        for (&game, history) in &acked {
            let (record, moves) = store.game_with_moves(GameId(game)).await.unwrap();
            let stored: Vec<String> = moves.iter().map(|m| m.iccs.to_string()).collect();
            let plies: Vec<u32> = moves.iter().map(|m| m.ply).collect();
            assert_eq!(
                plies,
                (1..=record.ply).collect::<Vec<_>>(),
                "round {round}, game {game}"
            );
            if &stored == history {
                if pending.get(&game).is_some_and(Option::is_some) {
                    in_flight_lost += 1;
                }
                continue;
            }
            let in_flight = pending.get(&game).cloned().flatten().unwrap_or_else(|| {
                panic!("round {round}, game {game}: stored {stored:?}, acked {history:?}")
            });
            assert_eq!(
                stored,
                apply_op(history, &in_flight),
                "round {round}, game {game}: neither the acknowledged state nor that plus the write in flight"
            );
            in_flight_landed += 1;
        }
        let (integrity,): (String,) = {
            let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
                .await
                .unwrap();
            sqlx::query_as("PRAGMA integrity_check")
                .fetch_one(&mut conn)
                .await
                .unwrap()
        };
        assert_eq!(integrity, "ok");
        store.close().await;
        eprintln!(
            "crash round {round}: {} lines in {elapsed:?}, killed after {wanted_acks}+ acks",
            lines.len()
        );
    }
    eprintln!(
        "writes in flight at the kill: {in_flight_landed} had committed, {in_flight_lost} had not"
    );
}

// ---------------------------------------------------------------------------
// Replay: the rules state rebuilt from the store equals the live one.

/// Plays `plies` legal moves through both a live `rules::Game` and the store,
/// picking a different legal move each time, and returns the live game.
async fn play_legal(store: &Store, id: GameId, plies: usize) -> rules::Game {
    let (_, mut live) = store.load_game(id).await.unwrap();
    for i in 0..plies {
        if live.status() != rules::GameStatus::Ongoing {
            break;
        }
        let legal = live.position().legal_moves();
        let mv = legal[(i * 7 + 3) % legal.len()];
        let record = store.game(id).await.unwrap();
        let by = match record.participant(record.side_to_move()) {
            Participant::User(user) => actor(user),
            Participant::Bot(_) => ActorId::Bot,
        };
        store
            .apply_move(id, record.ply, &mv.to_string(), &by)
            .await
            .unwrap();
        live.play(mv).unwrap();
    }
    live
}

fn same_state(live: &rules::Game, rebuilt: &rules::Game) {
    assert_eq!(live.moves(), rebuilt.moves());
    assert_eq!(live.position().to_fen(), rebuilt.position().to_fen());
    assert_eq!(live.position().key(), rebuilt.position().key());
    assert_eq!(live.status(), rebuilt.status());
}

#[tokio::test]
async fn rebuilding_from_stored_moves_gives_the_live_state() {
    let (dir, clock, store) = fresh().await;
    let game = store
        .create_game(vs_bot(alice(), Color::Red, 4))
        .await
        .unwrap();
    let mut live = play_legal(&store, game.id, 60).await;
    let (record, rebuilt) = store.load_game(game.id).await.unwrap();
    assert_eq!(record.ply as usize, live.moves().len());
    assert!(record.ply > 10);
    same_state(&live, &rebuilt);

    // A takeback in the store and in the live game agree too.
    store.take_back(game.id, record.ply, 2).await.unwrap();
    live.undo();
    live.undo();
    same_state(&live, &store.load_game(game.id).await.unwrap().1);

    // And after the store is closed and opened again.
    store.close().await;
    let reopened = open(&dir, clock).await;
    same_state(&live, &reopened.load_game(game.id).await.unwrap().1);

    // From a custom position, Black to move.
    let mut new = vs_bot(bob(), Color::Black, 2);
    new.start_fen = Some("3k5/4a4/9/9/9/9/9/9/4R4/4K4 b - - 0 1".to_owned());
    let custom = reopened.create_game(new).await.unwrap();
    let live = play_legal(&reopened, custom.id, 12).await;
    same_state(&live, &reopened.load_game(custom.id).await.unwrap().1);
}

#[tokio::test]
async fn a_stored_move_the_rules_refuse_is_reported_not_rebuilt() {
    let (_dir, _clock, store) = fresh().await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    // Well-formed ICCS, but a chariot cannot jump its own horse.
    store
        .apply_move(game.id, 0, "a0a5", &actor(&alice()))
        .await
        .unwrap();
    match store.load_game(game.id).await {
        Err(StoreError::Corrupt(why)) => assert!(why.contains("a0a5"), "{why}"),
        other => panic!("expected a corrupt-game error, got {other:?}"),
    }
    let mut bad = pvp(alice(), bob());
    bad.start_fen = Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".to_owned());
    assert!(matches!(
        store.create_game(bad).await,
        Err(StoreError::InvalidFen(_))
    ));
}
