//! Tournaments: registration and its limits, the start, a round stored with
//! its games, forfeits, withdrawals, the end, and two processes pairing the
//! same round.

use super::*;
use xiangqi_bot::store::{
    EntryRefusal, Forfeit, Left, NewBoard, NewTournament, TimeControl, TournamentFormat,
    TournamentState, FORFEIT_REASON,
};

fn swiss(starts_in_ms: i64) -> NewTournament {
    NewTournament {
        guild_id: Some("g1".into()),
        channel_id: "c1".into(),
        name: "Winter Swiss".into(),
        format: TournamentFormat::Swiss,
        rounds: 3,
        time_control: TimeControl::Live {
            minutes: 10,
            increment_secs: 5,
        },
        rated: false,
        starts_at: T0 + starts_in_ms,
        created_by: alice(),
    }
}

fn bot(level: u8) -> Participant {
    Participant::Bot(BotLevel::new(level).unwrap())
}

async fn a_tournament_registers_starts_and_plays_a_round(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let created = store.create_tournament(swiss(60_000)).await.unwrap();
    assert_eq!(created.state, TournamentState::Registering);
    let id = created.id;
    for user in [alice(), bob(), carol()] {
        store
            .register_entrant(id, Participant::User(user), None)
            .await
            .unwrap()
            .unwrap();
    }
    assert_eq!(
        store
            .register_entrant(id, Participant::User(bob()), None)
            .await
            .unwrap(),
        Err(EntryRefusal::AlreadyEntered)
    );
    store
        .register_entrant(id, bot(3), Some(1400.0))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.register_entrant(id, bot(5), None).await.unwrap(),
        Err(EntryRefusal::BotAlreadyEntered)
    );
    // Carol leaves before the start: she is simply gone.
    assert_eq!(
        store.leave_tournament(id, "300").await.unwrap(),
        Left::Unregistered
    );
    assert_eq!(
        store.leave_tournament(id, "300").await.unwrap(),
        Left::NotEntered
    );
    let found = store
        .open_tournaments(Some("g1"), "elsewhere")
        .await
        .unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].entrants.len(), 3);
    assert_eq!(found[0].entrants[0].rating, 1500.0, "a newcomer's rating");
    assert!(store
        .open_tournaments(Some("g2"), "c1")
        .await
        .unwrap()
        .is_empty());

    // Not due yet; then due.
    assert!(store.tournaments_to_tick().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(60));
    assert_eq!(store.tournaments_to_tick().await.unwrap(), vec![id]);

    let seating = vec![Participant::User(alice()), Participant::User(bob()), bot(3)];
    let started = store
        .start_tournament(id, seating.clone(), 3)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(started.state, TournamentState::Running);
    assert_eq!(started.at_seat(2).map(|e| e.who.clone()), Some(bot(3)));
    assert!(
        store
            .start_tournament(id, seating, 3)
            .await
            .unwrap()
            .is_none(),
        "started once only"
    );
    assert_eq!(
        store
            .register_entrant(id, Participant::User(carol()), None)
            .await
            .unwrap(),
        Err(EntryRefusal::Closed)
    );

    let start_by = T0 + 60_000 + 600_000;
    let round = vec![NewBoard::Game { red: 2, black: 0 }, NewBoard::Bye(1)];
    let paired = store
        .advance_tournament(id, 0, round.clone(), start_by)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(paired.rounds_paired, 1);
    assert!(
        store
            .advance_tournament(id, 0, round, start_by)
            .await
            .unwrap()
            .is_none(),
        "round 1 is stored once"
    );
    let boards: Vec<_> = paired.round_boards(0).cloned().collect();
    assert_eq!(boards.len(), 2);
    assert_eq!(
        (boards[1].red, boards[1].black, boards[1].game),
        (1, None, None)
    );
    let game_id = boards[0].game.expect("a game board has its game");
    assert_eq!(boards[0].start_by, Some(start_by));
    assert_eq!(boards[0].game_state, Some(GameState::Live));
    let game = store.game(game_id).await.unwrap();
    assert_eq!(
        (game.red.clone(), game.black.clone()),
        (bot(3), Participant::User(alice()))
    );
    assert!(!game.rated, "a casual tournament's games are casual");
    assert_eq!(game.location.channel_id, "c1");

    // Bob withdraws while it runs: from the next round on.
    assert_eq!(
        store.leave_tournament(id, "200").await.unwrap(),
        Left::Withdrawn { from: 1 }
    );
    assert_eq!(
        store.leave_tournament(id, "200").await.unwrap(),
        Left::NotEntered
    );

    // Nobody moved: a forfeit at the wrong ply is refused, at ply 0 it holds.
    assert!(!store.forfeit_board(game_id, Forfeit::Red, 1).await.unwrap());
    assert!(store.forfeit_board(game_id, Forfeit::Red, 0).await.unwrap());
    assert!(
        !store
            .forfeit_board(game_id, Forfeit::Both, 0)
            .await
            .unwrap(),
        "once only"
    );
    let game = store.game(game_id).await.unwrap();
    assert_eq!(
        (game.status, game.reason.as_deref()),
        (GameState::Aborted, Some(FORFEIT_REASON))
    );
    let after = store.tournament(id).await.unwrap().unwrap();
    assert_eq!(after.boards[0].forfeit, Some(Forfeit::Red));
    assert_eq!(after.boards[0].game_state, Some(GameState::Aborted));
    let bob_line = after
        .entrants
        .iter()
        .find(|e| e.who.is_user("200"))
        .unwrap();
    assert_eq!(bob_line.withdrawn_after, Some(1));

    // The round's announcement is taken once; a round not paired cannot be.
    assert!(store.take_round_announcement(id, 0).await.unwrap());
    assert!(!store.take_round_announcement(id, 0).await.unwrap());
    assert!(!store.take_round_announcement(id, 1).await.unwrap());

    assert!(
        !store.finish_tournament(id, 2).await.unwrap(),
        "guarded by the rounds paired"
    );
    assert!(store.finish_tournament(id, 1).await.unwrap());
    assert!(!store.cancel_tournament(id).await.unwrap(), "already over");
    let ended = store.tournament(id).await.unwrap().unwrap();
    assert_eq!(ended.state, TournamentState::Finished);
    assert!(store.tournaments_to_tick().await.unwrap().is_empty());
    assert!(store
        .open_tournaments(Some("g1"), "c1")
        .await
        .unwrap()
        .is_empty());
}
on_both_backends!(a_tournament_registers_starts_and_plays_a_round);

/// Two processes pairing the same round at once: one stores it and creates
/// its games, the other is told it was too late, and no game is made twice.
async fn two_processes_cannot_both_pair_a_round(backend: Backend) {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let (first, second) = (
        open(&db, clock.clone()).await,
        open(&db, clock.clone()).await,
    );
    let id = first.create_tournament(swiss(0)).await.unwrap().id;
    let players = [alice(), bob(), carol(), UserRef::new("400", "Dan")];
    for user in &players {
        first
            .register_entrant(id, Participant::User(user.clone()), None)
            .await
            .unwrap()
            .unwrap();
    }
    let seating: Vec<Participant> = players.iter().cloned().map(Participant::User).collect();
    first
        .start_tournament(id, seating, 3)
        .await
        .unwrap()
        .unwrap();
    let round = vec![
        NewBoard::Game { red: 0, black: 2 },
        NewBoard::Game { red: 3, black: 1 },
    ];
    let (a, b) = tokio::join!(
        first.advance_tournament(id, 0, round.clone(), T0 + 1),
        second.advance_tournament(id, 0, round.clone(), T0 + 1),
    );
    let stored = [a.unwrap(), b.unwrap()];
    assert_eq!(stored.iter().filter(|r| r.is_some()).count(), 1);
    let live = first.live_games_in_channel("c1").await.unwrap();
    assert_eq!(live.len(), 2, "one round's games, once");
}
on_both_backends!(two_processes_cannot_both_pair_a_round);

/// A registration past the cap is refused.
async fn a_tournament_takes_at_most_its_cap(backend: Backend) {
    let (_db, _clock, store) = fresh(backend).await;
    let id = store.create_tournament(swiss(0)).await.unwrap().id;
    for n in 0..xiangqi_bot::store::MAX_TOURNAMENT_ENTRANTS {
        let user = UserRef::new(format!("u{n}"), format!("Player {n}"));
        store
            .register_entrant(id, Participant::User(user), None)
            .await
            .unwrap()
            .unwrap();
    }
    let late = UserRef::new("late", "Late");
    assert_eq!(
        store
            .register_entrant(id, Participant::User(late), None)
            .await
            .unwrap(),
        Err(EntryRefusal::Full)
    );
}
on_both_backends!(a_tournament_takes_at_most_its_cap);
