//! Export of a stored game as PGN.

use super::*;

async fn export_writes_the_stored_game_as_pgn(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
    assert!(pgn.contains("\n1. H2-E2 H9-G7\n2. H0-G2\n0-1\n"), "{pgn}");
}
on_both_backends!(export_writes_the_stored_game_as_pgn);
