//! Clocks in the store, on both backends and a hand-driven clock: the
//! increment kept with the move, a move after the flag refused and
//! changing nothing, the end on time guarded like a move, takebacks, the
//! correspondence reminder's query, and an outage given back once.

use super::*;
use xiangqi_bot::store::{TimeControl, TIMEOUT_REASON};

const SECOND: u64 = 1000;

fn timed(control: &str) -> NewGame {
    NewGame {
        time_control: TimeControl::parse(control).unwrap(),
        ..pvp(alice(), bob())
    }
}

fn by(user: &UserRef) -> ActorId {
    ActorId::User(user.id.clone())
}

async fn live_clocks_keep_the_increment_and_refuse_a_late_move(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let game = store.create_game(timed("1+2")).await.unwrap();
    assert_eq!(game.time_control.to_string(), "1+2");
    assert_eq!(
        (game.clocks.red_ms, game.clocks.deadline),
        (Some(60_000), None)
    );
    let id = game.id;
    store
        .apply_move(id, 0, "h2e2", &by(&alice()))
        .await
        .unwrap();
    clock.advance(Duration::from_millis(5 * SECOND));
    store.apply_move(id, 1, "h9g7", &by(&bob())).await.unwrap();
    let after_both = store.game(id).await.unwrap();
    assert_eq!(after_both.clocks.deadline, Some(T0 + 5_000 + 60_000));
    clock.advance(Duration::from_millis(10 * SECOND));
    store
        .apply_move(id, 2, "b0c2", &by(&alice()))
        .await
        .unwrap();
    let record = store.game(id).await.unwrap();
    assert_eq!(record.clocks.red_ms, Some(52_000), "10 s spent, 2 s back");
    assert_eq!(record.clocks.deadline, Some(T0 + 15_000 + 60_000));

    // Bob's flag falls at his deadline's millisecond: his move then is refused.
    clock.advance(Duration::from_millis(60 * SECOND));
    let late = store.apply_move(id, 3, "b9c7", &by(&bob())).await;
    assert!(
        matches!(late, Err(StoreError::FlagFell(g)) if g == id),
        "{late:?}"
    );
    let unchanged = store.game(id).await.unwrap();
    assert_eq!((unchanged.ply, unchanged.clocks), (3, record.clocks));
    assert_eq!(store.games_flagged().await.unwrap(), vec![(id, 3)]);

    // The end on time is guarded by the ply: a stale one does nothing.
    assert!(store
        .finish_on_time(id, 2, GameResult::RedWins, TIMEOUT_REASON)
        .await
        .unwrap()
        .is_none());
    let ended = store
        .finish_on_time(id, 3, GameResult::RedWins, TIMEOUT_REASON)
        .await
        .unwrap()
        .expect("the flag fell");
    assert_eq!(ended.result, Some(GameResult::RedWins));
    assert_eq!(ended.reason.as_deref(), Some(TIMEOUT_REASON));
    assert_eq!(
        (ended.clocks.black_ms, ended.clocks.deadline),
        (Some(0), None),
        "the clocks stop, the fallen flag at zero"
    );
    assert!(store.games_flagged().await.unwrap().is_empty());
    assert!(store
        .finish_on_time(id, 3, GameResult::RedWins, TIMEOUT_REASON)
        .await
        .unwrap()
        .is_none());
}
on_both_backends!(live_clocks_keep_the_increment_and_refuse_a_late_move);

async fn a_move_in_time_beats_the_flag(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let id = store.create_game(timed("1+0")).await.unwrap().id;
    store
        .apply_move(id, 0, "h2e2", &by(&alice()))
        .await
        .unwrap();
    store.apply_move(id, 1, "h9g7", &by(&bob())).await.unwrap();
    clock.advance(Duration::from_millis(60 * SECOND - 1));
    store
        .apply_move(id, 2, "b0c2", &by(&alice()))
        .await
        .unwrap();
    clock.advance(Duration::from_millis(1));
    // The watcher saw ply 2 flagged a moment ago: too late, a move came.
    assert!(store
        .finish_on_time(id, 2, GameResult::BlackWins, TIMEOUT_REASON)
        .await
        .unwrap()
        .is_none());
    assert!(store.game(id).await.unwrap().is_live());
    assert_eq!(
        store.game(id).await.unwrap().clocks.red_ms,
        Some(1),
        "a millisecond left"
    );
}
on_both_backends!(a_move_in_time_beats_the_flag);

async fn a_takeback_keeps_the_time_spent(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let id = store.create_game(timed("5+0")).await.unwrap().id;
    store
        .apply_move(id, 0, "h2e2", &by(&alice()))
        .await
        .unwrap();
    store.apply_move(id, 1, "h9g7", &by(&bob())).await.unwrap();
    clock.advance(Duration::from_millis(20 * SECOND));
    store
        .apply_move(id, 2, "b0c2", &by(&alice()))
        .await
        .unwrap();
    clock.advance(Duration::from_millis(30 * SECOND));
    // Bob spent 30 s of his turn; Alice's move is taken back.
    store.take_back(id, 3, 1).await.unwrap();
    let record = store.game(id).await.unwrap();
    assert_eq!(record.clocks.black_ms, Some(270_000));
    assert_eq!(record.clocks.red_ms, Some(280_000));
    assert_eq!(record.clocks.deadline, Some(store.now() + 280_000));
}
on_both_backends!(a_takeback_keeps_the_time_spent);

async fn an_outage_is_given_back_once(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let live = store.create_game(timed("1+0")).await.unwrap().id;
    store
        .apply_move(live, 0, "h2e2", &by(&alice()))
        .await
        .unwrap();
    store
        .apply_move(live, 1, "h9g7", &by(&bob()))
        .await
        .unwrap();
    let mail = store
        .create_game(NewGame {
            location: in_guild("g1", "c2"),
            ..timed("3d")
        })
        .await
        .unwrap()
        .id;
    let untimed = store
        .create_game(NewGame {
            location: in_guild("g1", "c3"),
            ..pvp(alice(), bob())
        })
        .await
        .unwrap()
        .id;
    let outage = Duration::from_secs(10);
    assert_eq!(store.clock_heartbeat(outage).await.unwrap(), None);
    let deadline = |record: GameRecord| record.clocks.deadline;
    let before = deadline(store.game(live).await.unwrap()).unwrap();
    let mail_before = deadline(store.game(mail).await.unwrap()).unwrap();

    // Beats within the outage limit give nothing back.
    clock.advance(Duration::from_secs(2));
    assert_eq!(store.clock_heartbeat(outage).await.unwrap(), None);
    // Nobody watched for 45 s: the whole bot was down.
    clock.advance(Duration::from_secs(45));
    assert_eq!(
        store.clock_heartbeat(outage).await.unwrap(),
        Some(Duration::from_secs(45))
    );
    assert_eq!(
        deadline(store.game(live).await.unwrap()),
        Some(before + 45_000)
    );
    assert_eq!(
        deadline(store.game(mail).await.unwrap()),
        Some(mail_before + 45_000)
    );
    assert_eq!(deadline(store.game(untimed).await.unwrap()), None);
    assert!(store.games_flagged().await.unwrap().is_empty());
    // Given back once: the next beat finds a fresh heartbeat.
    assert_eq!(store.clock_heartbeat(outage).await.unwrap(), None);
    assert_eq!(
        deadline(store.game(live).await.unwrap()),
        Some(before + 45_000)
    );
}
on_both_backends!(an_outage_is_given_back_once);

async fn a_correspondence_turn_is_reminded_at_a_quarter_left(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let id = store.create_game(timed("1d")).await.unwrap().id;
    store
        .apply_move(id, 0, "h2e2", &by(&alice()))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(18 * 3600 - 1));
    assert!(store.games_to_remind().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(1));
    let due = store.games_to_remind().await.unwrap();
    assert_eq!(due.iter().map(|g| g.id).collect::<Vec<_>>(), vec![id]);
    assert!(store
        .take_idle_warning(id, due[0].last_activity_at)
        .await
        .unwrap());
    assert!(store.games_to_remind().await.unwrap().is_empty(), "once");
    // A correspondence game is its clock's, not the idle limit's.
    clock.advance(Duration::from_secs(5 * 3600));
    assert!(store
        .idle_games(Duration::from_secs(3600))
        .await
        .unwrap()
        .is_empty());
}
on_both_backends!(a_correspondence_turn_is_reminded_at_a_quarter_left);

async fn results_are_counted_by_the_kind_of_clock(backend: Backend) {
    use xiangqi_bot::store::TimeClass;
    let (_db, _clock, store) = fresh(backend).await;
    for (control, result) in [
        ("5+0", GameResult::RedWins),
        ("3+2", GameResult::Draw),
        ("3d", GameResult::BlackWins),
        ("none", GameResult::BlackWins),
    ] {
        let id = store.create_game(timed(control)).await.unwrap().id;
        store.finish_game(id, result, "agreement").await.unwrap();
    }
    let live = store
        .player_stats_in(&alice().id, TimeClass::Live)
        .await
        .unwrap()
        .unwrap()
        .player;
    assert_eq!(
        (live.games, live.wins, live.draws, live.losses),
        (2, 1, 1, 0)
    );
    let mail = store
        .leaderboard_in(TimeClass::Correspondence, 10)
        .await
        .unwrap();
    let tallies: Vec<_> = mail
        .iter()
        .map(|p| (p.user.id.as_str(), p.games, p.wins, p.losses))
        .collect();
    assert_eq!(tallies.len(), 2);
    assert!(tallies.contains(&("100", 1, 0, 1)), "{tallies:?}");
    assert!(
        tallies.contains(&(bob().id.as_str(), 1, 1, 0)),
        "{tallies:?}"
    );
    assert!(
        mail.windows(2)
            .all(|w| w[0].rating.rating >= w[1].rating.rating),
        "by the one rating"
    );
    let everything = store.player(&alice().id).await.unwrap().unwrap();
    assert_eq!(everything.games, 4);
}
on_both_backends!(results_are_counted_by_the_kind_of_clock);
