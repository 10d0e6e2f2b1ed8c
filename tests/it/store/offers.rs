//! Draw offers and takeback requests between the players of a game.

use super::*;

async fn draw_offers_stand_until_the_opponent_moves(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
on_both_backends!(draw_offers_stand_until_the_opponent_moves);

async fn takeback_requests_remove_one_or_two_plies(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
on_both_backends!(takeback_requests_remove_one_or_two_plies);
