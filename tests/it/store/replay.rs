//! Replay: the rules state rebuilt from the store equals the live one.

use super::*;

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

async fn rebuilding_from_stored_moves_gives_the_live_state(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
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
    let reopened = open(&db, clock).await;
    same_state(&live, &reopened.load_game(game.id).await.unwrap().1);

    // From a custom position, Black to move.
    let mut new = vs_bot(bob(), Color::Black, 2);
    new.start_fen = Some("3k5/4a4/9/9/9/9/9/9/4R4/4K4 b - - 0 1".to_owned());
    let custom = reopened.create_game(new).await.unwrap();
    let live = play_legal(&reopened, custom.id, 12).await;
    same_state(&live, &reopened.load_game(custom.id).await.unwrap().1);
}
on_both_backends!(rebuilding_from_stored_moves_gives_the_live_state);

async fn a_stored_move_the_rules_refuse_is_reported_not_rebuilt(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
on_both_backends!(a_stored_move_the_rules_refuse_is_reported_not_rebuilt);
