//! Stored game reviews: kept per game, budget and engine, the first one
//! stored stays, and they survive the store being opened again.

use super::*;
use xiangqi_bot::store::ReviewKey;

async fn a_review_is_kept_per_game_budget_and_engine(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    let other = store.create_game(pvp(alice(), carol())).await.unwrap();
    let key = ReviewKey {
        game: game.id,
        budget: "nodes 60000".into(),
        engine: "0123456789abcdef".into(),
    };
    assert_eq!(store.stored_review(&key).await.unwrap(), None);
    let text = "ply 1 move h2e2 class best eval cp 30 best h2e2\nsummary red-accuracy 100.0 black-accuracy -\n";
    store.save_review(&key, text).await.unwrap();
    assert_eq!(
        store.stored_review(&key).await.unwrap().as_deref(),
        Some(text)
    );

    // Another budget, another engine, another game: not this review.
    for changed in [
        ReviewKey {
            budget: "nodes 1000".into(),
            ..key.clone()
        },
        ReviewKey {
            engine: "fedcba9876543210".into(),
            ..key.clone()
        },
        ReviewKey {
            game: other.id,
            ..key.clone()
        },
    ] {
        assert_eq!(
            store.stored_review(&changed).await.unwrap(),
            None,
            "{changed:?}"
        );
    }

    // A second review of the same key (a race) leaves the first.
    store
        .save_review(&key, "summary red-accuracy - black-accuracy -\n")
        .await
        .unwrap();
    assert_eq!(
        store.stored_review(&key).await.unwrap().as_deref(),
        Some(text)
    );

    // After a restart it is still there.
    store.close().await;
    let store = open(&db, clock).await;
    assert_eq!(
        store.stored_review(&key).await.unwrap().as_deref(),
        Some(text)
    );
}
on_both_backends!(a_review_is_kept_per_game_budget_and_engine);
