//! Puzzle play in the store: attempts guarded by their ply, ratings moving
//! the right way, solved puzzles remembered across a reopen, the daily
//! puzzle chosen once with its solvers in order.

use xiangqi_bot::store::{PuzzleOutcome, Rating};

use super::*;

fn puzzle_rating(rating: f64) -> Rating {
    Rating {
        rating,
        deviation: 200.0,
        volatility: 0.06,
    }
}

async fn attempts_move_ratings_and_are_guarded_by_their_ply(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
    let here = in_guild("g1", "c1");
    let (session, new) = store
        .start_puzzle(&alice(), &here, "17", None, 1400.0)
        .await
        .unwrap();
    assert!(new);
    assert_eq!((session.puzzle_id.as_str(), session.ply), ("17", 0));
    let newcomer = store.puzzle_player(&alice().id).await.unwrap().unwrap();
    assert_eq!(newcomer.rating.rating, 1400.0, "the rating the caller gave");
    // A second start in the same place gives back the attempt in progress.
    let (again, new) = store
        .start_puzzle(&alice(), &here, "18", None, 900.0)
        .await
        .unwrap();
    assert!(!new);
    assert_eq!(again.puzzle_id, "17");

    store
        .advance_puzzle(&alice().id, &here, 0, 2)
        .await
        .unwrap();
    // The same move racing in again is refused: the attempt is at ply 2.
    let err = store
        .advance_puzzle(&alice().id, &here, 0, 2)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("at move 2"), "{err}");
    assert!(store
        .finish_puzzle(
            &alice().id,
            &here,
            0,
            PuzzleOutcome::Solved,
            puzzle_rating(1500.0)
        )
        .await
        .is_err());

    clock.advance(Duration::from_secs(30));
    let solved = store
        .finish_puzzle(
            &alice().id,
            &here,
            2,
            PuzzleOutcome::Solved,
            puzzle_rating(1500.0),
        )
        .await
        .unwrap();
    assert!(
        solved.player_after.rating > solved.player_before.rating,
        "{solved:?}"
    );
    assert!(
        solved.puzzle_after.rating < 1500.0,
        "a solved puzzle gets easier"
    );
    assert!(store
        .puzzle_session(&alice().id, &here)
        .await
        .unwrap()
        .is_none());

    // Bob fails the same puzzle: his rating drops, the puzzle's rises from
    // where Alice left it, not from the file's rating.
    store
        .start_puzzle(&bob(), &here, "17", None, 1500.0)
        .await
        .unwrap();
    let failed = store
        .finish_puzzle(
            &bob().id,
            &here,
            0,
            PuzzleOutcome::Failed,
            puzzle_rating(1500.0),
        )
        .await
        .unwrap();
    assert!(failed.player_after.rating < failed.player_before.rating);
    assert!(failed.puzzle_after.rating > solved.puzzle_after.rating);

    // A hint makes a solve worth less than a clean one, more than a failure.
    store
        .start_puzzle(&carol(), &here, "30", None, 1500.0)
        .await
        .unwrap();
    store.hint_puzzle(&carol().id, &here).await.unwrap();
    let hinted = store
        .finish_puzzle(
            &carol().id,
            &here,
            0,
            PuzzleOutcome::Solved,
            puzzle_rating(1500.0),
        )
        .await
        .unwrap();
    let gain = hinted.player_after.rating - hinted.player_before.rating;
    assert!(gain.abs() < solved.player_after.rating - solved.player_before.rating);

    // A skip costs like a failure.
    store
        .start_puzzle(&alice(), &here, "19", None, 1500.0)
        .await
        .unwrap();
    let skipped = store
        .finish_puzzle(
            &alice().id,
            &here,
            0,
            PuzzleOutcome::Skipped,
            puzzle_rating(1500.0),
        )
        .await
        .unwrap();
    assert!(skipped.player_after.rating < skipped.player_before.rating);

    // Everything survives a reopen: records, solved set, leaderboard.
    store.close().await;
    let store = open(&db, clock.clone()).await;
    let alice_record = store.puzzle_player(&alice().id).await.unwrap().unwrap();
    assert_eq!((alice_record.attempts, alice_record.solved), (2, 1));
    assert_eq!(alice_record.rating.rating, skipped.player_after.rating);
    assert_eq!(store.solved_puzzles(&alice().id).await.unwrap(), vec!["17"]);
    assert!(store.solved_puzzles(&bob().id).await.unwrap().is_empty());
    let board = store.puzzle_leaderboard(10, 1).await.unwrap();
    let names: Vec<&str> = board.iter().map(|p| p.user.display_name.as_str()).collect();
    assert_eq!(names.len(), 3);
    assert_eq!(names[2], "Bob", "{names:?}");
    let rated = stored_puzzle_rating(&db, "17").await.unwrap();
    assert_eq!(rated.rating, failed.puzzle_after.rating);
}
on_both_backends!(attempts_move_ratings_and_are_guarded_by_their_ply);

async fn a_retired_daily_puzzle_is_replaced_once(backend: Backend) {
    let (_db, _clock, store) = fresh(backend).await;
    let day = "2026-11-23";
    store
        .choose_daily_puzzle("g1", day, "old", None)
        .await
        .unwrap();
    store
        .choose_daily_puzzle("g2", day, "old", None)
        .await
        .unwrap();
    let replaced = store
        .replace_daily_puzzle("g1", day, "old", "7")
        .await
        .unwrap();
    assert_eq!(replaced.puzzle_id, "7");
    // A second replacer that also read "old" (another process) leaves the
    // first one's choice.
    let late = store
        .replace_daily_puzzle("g1", day, "old", "9")
        .await
        .unwrap();
    assert_eq!(late.puzzle_id, "7");
    let stored = store.daily_puzzle("g1", day).await.unwrap().unwrap();
    assert_eq!(stored.puzzle_id, "7");
    // Another server's day is its own.
    let other = store.daily_puzzle("g2", day).await.unwrap().unwrap();
    assert_eq!(other.puzzle_id, "old");
}
on_both_backends!(a_retired_daily_puzzle_is_replaced_once);

async fn a_daily_puzzle_is_chosen_once_and_lists_its_solvers_in_order(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
    let day = "2026-11-23";
    let chosen = store
        .choose_daily_puzzle("g1", day, "5", Some("c1"))
        .await
        .unwrap();
    // A second chooser (another process, a restart) gets the same puzzle.
    let again = store
        .choose_daily_puzzle("g1", day, "9", Some("c1"))
        .await
        .unwrap();
    assert_eq!(again, chosen);
    assert_eq!(chosen.puzzle_id, "5");
    assert_eq!(
        store.daily_puzzles_unfinished(day).await.unwrap(),
        vec![chosen.clone()]
    );
    store.mark_daily_posted("g1", day, false).await.unwrap();
    assert!(store
        .daily_puzzles_unfinished(day)
        .await
        .unwrap()
        .is_empty());

    for (user, channel) in [(bob(), "c1"), (alice(), "c2")] {
        let here = in_guild("g1", channel);
        store
            .start_puzzle(&user, &here, "5", Some(day), 1500.0)
            .await
            .unwrap();
        clock.advance(Duration::from_secs(5));
        let result = store
            .finish_puzzle(
                &user.id,
                &here,
                0,
                PuzzleOutcome::Solved,
                puzzle_rating(1200.0),
            )
            .await
            .unwrap();
        assert!(result.daily_place.is_some());
    }
    store.close().await;
    let store = open(&db, clock.clone()).await;
    let solvers = store.daily_solvers("g1", day, 10).await.unwrap();
    assert_eq!(solvers, vec![bob(), alice()]);
    // The next day, the solution is still to post.
    let unfinished = store.daily_puzzles_unfinished("2026-11-24").await.unwrap();
    assert_eq!(unfinished.len(), 1);
    store.mark_daily_posted("g1", day, true).await.unwrap();
    assert!(store
        .daily_puzzles_unfinished("2026-11-24")
        .await
        .unwrap()
        .is_empty());
}
on_both_backends!(a_daily_puzzle_is_chosen_once_and_lists_its_solvers_in_order);
