//! Ratings after results, against people and bot levels.

use super::*;

async fn ratings_move_with_results_and_bot_levels(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    // Beating level 7 from 1500 is worth a lot; losing to level 1 costs a lot.
    let g = store
        .create_game(vs_bot(alice(), Color::Red, 7))
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
on_both_backends!(ratings_move_with_results_and_bot_levels);
