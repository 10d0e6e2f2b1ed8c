//! A game's life in the store: moves checked and the end recorded, custom
//! start positions, takebacks under the ply check, the queries that find
//! games, and display names.

use super::*;

async fn a_game_is_played_checked_and_finished(backend: Backend) {
    let (_dir, clock, store) = fresh(backend).await;
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
on_both_backends!(a_game_is_played_checked_and_finished);

async fn custom_start_positions_are_checked_and_kept(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
        BotLevel::new(22),
        Err(StoreError::InvalidBotLevel(22))
    ));
}
on_both_backends!(custom_start_positions_are_checked_and_kept);

async fn takebacks_remove_the_last_moves_under_the_ply_check(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
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
on_both_backends!(takebacks_remove_the_last_moves_under_the_ply_check);

async fn queries_find_live_idle_waiting_and_past_games(backend: Backend) {
    let (_dir, clock, store) = fresh(backend).await;
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
    // The live games in a server, as the bot finds a player's game there:
    // the player's live games, then each game's place.
    let mut live = std::collections::BTreeMap::new();
    for user in [alice(), bob(), carol()] {
        for game in store.live_games_of_user(&user.id).await.unwrap() {
            live.insert(game.id, game);
        }
    }
    let in_server = |guild: &str| {
        live.values()
            .filter(|g| g.location.guild_id.as_deref() == Some(guild))
            .map(|g| g.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(in_server("g1"), [g1.id, g3.id]);
    assert_eq!(in_server("g2"), [g2.id]);
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
    // The games waiting on the bot are its engine jobs (what a bot process
    // claims its moves from), oldest first.
    let awaiting_bot = || async {
        let jobs = store.engine_jobs().await.unwrap();
        jobs.into_iter().map(|row| row.job.game).collect::<Vec<_>>()
    };
    assert_eq!(awaiting_bot().await, [g2.id]);
    clock.advance(Duration::from_secs(1));
    store
        .apply_move(g3.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    assert_eq!(awaiting_bot().await, [g2.id, g3.id]);
    store
        .apply_move(g2.id, 0, "h2e2", &ActorId::Bot)
        .await
        .unwrap();
    assert_eq!(awaiting_bot().await, [g3.id]);

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
on_both_backends!(queries_find_live_idle_waiting_and_past_games);

async fn display_names_follow_the_platform(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let g = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .create_game(pvp(UserRef::new("100", "Alice Renamed"), carol()))
        .await
        .unwrap();
    let record = store.game(g.id).await.unwrap();
    assert_eq!(record.red.display_name(), "Alice Renamed");
}
on_both_backends!(display_names_follow_the_platform);

/// Moves stored and not shown are the sweep's only once their grace has run
/// out, only while no bot move is due after them (its maker shows them),
/// and for one taker at a time: two stores (two processes) taking a game's
/// late moves at once cannot both get them, and a take lasts a grace.
async fn late_moves_go_to_one_sweep_after_their_grace(backend: Backend) {
    use xiangqi_bot::store::DEFAULT_ANNOUNCE_GRACE;
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let (one, two) = (
        open(&db, clock.clone()).await,
        open(&db, clock.clone()).await,
    );
    let people = one.create_game(pvp(alice(), bob())).await.unwrap();
    let bot = one
        .create_game(vs_bot(alice(), Color::Red, 3))
        .await
        .unwrap();
    one.apply_move(people.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    one.apply_move(bot.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    assert_eq!(one.game(people.id).await.unwrap().announced_ply, 0);

    // Within the grace: its poster may still be posting.
    clock.advance(DEFAULT_ANNOUNCE_GRACE - Duration::from_millis(1));
    assert!(two.games_unannounced().await.unwrap().is_empty());
    assert!(!two.take_late_announcement(people.id).await.unwrap());

    // Past it: listed, and taken by exactly one of two racing stores. The
    // game with the bot's move due is not listed.
    clock.advance(Duration::from_millis(1));
    assert_eq!(two.games_unannounced().await.unwrap(), vec![people.id]);
    assert!(!two.take_late_announcement(bot.id).await.unwrap());
    let (a, b) = tokio::join!(
        one.take_late_announcement(people.id),
        two.take_late_announcement(people.id)
    );
    assert!(a.unwrap() ^ b.unwrap(), "exactly one takes it");
    assert!(one.games_unannounced().await.unwrap().is_empty());

    // The taker's post failed: a grace later it is anyone's again; once
    // shown, nobody's.
    clock.advance(DEFAULT_ANNOUNCE_GRACE);
    assert_eq!(one.games_unannounced().await.unwrap(), vec![people.id]);
    one.mark_announced(people.id, 1).await.unwrap();
    assert!(one.games_unannounced().await.unwrap().is_empty());
    assert!(!two.take_late_announcement(people.id).await.unwrap());

    // The bot's move, stored and not shown, is late a grace after it.
    one.apply_move(bot.id, 1, "h7e7", &ActorId::Bot)
        .await
        .unwrap();
    assert!(two.games_unannounced().await.unwrap().is_empty());
    clock.advance(DEFAULT_ANNOUNCE_GRACE);
    assert_eq!(two.games_unannounced().await.unwrap(), vec![bot.id]);
    assert!(two.take_late_announcement(bot.id).await.unwrap());
}
on_both_backends!(late_moves_go_to_one_sweep_after_their_grace, multi_thread);

/// A store opened with its own announce grace keeps to it, for a stored
/// move and for a sweep's take alike, rather than to the default.
/// A post marks only the moves it showed: one that showed ply 2 while
/// ply 1's post failed leaves both owed, and the sweep lists the game; a
/// post that shows them from where the mark stands raises it.
async fn a_post_marks_only_the_moves_it_showed(backend: Backend) {
    use xiangqi_bot::store::DEFAULT_ANNOUNCE_GRACE;
    let (_dir, clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .apply_move(game.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();
    store
        .apply_move(game.id, 1, "h9g7", &actor(&bob()))
        .await
        .unwrap();
    // Ply 1's post failed; ply 2's went out.
    store
        .queue_mark_shown(game.id, 1, 2)
        .await
        .unwrap()
        .await
        .unwrap();
    assert_eq!(store.game(game.id).await.unwrap().announced_ply, 0);
    clock.advance(DEFAULT_ANNOUNCE_GRACE);
    assert_eq!(store.games_unannounced().await.unwrap(), vec![game.id]);
    // Shown from the mark on (the sweep's late post): both are shown.
    store
        .queue_mark_shown(game.id, 0, 2)
        .await
        .unwrap()
        .await
        .unwrap();
    assert_eq!(store.game(game.id).await.unwrap().announced_ply, 2);
    // Never lowered, never past the game's ply.
    store
        .queue_mark_shown(game.id, 0, 1)
        .await
        .unwrap()
        .await
        .unwrap();
    store
        .queue_mark_shown(game.id, 2, 3)
        .await
        .unwrap()
        .await
        .unwrap();
    assert_eq!(store.game(game.id).await.unwrap().announced_ply, 2);
    assert!(store.games_unannounced().await.unwrap().is_empty());
}
on_both_backends!(a_post_marks_only_the_moves_it_showed);

async fn a_configured_announce_grace_is_kept(backend: Backend) {
    let grace = Duration::from_secs(5);
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let mut config = StoreConfig::new(db.url());
    config.durability = Durability::Normal;
    config.announce_grace = grace;
    let store = Store::open_with(config, clock.clone()).await.unwrap();
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .apply_move(game.id, 0, "h2e2", &actor(&alice()))
        .await
        .unwrap();

    clock.advance(grace - Duration::from_millis(1));
    assert!(store.games_unannounced().await.unwrap().is_empty());
    clock.advance(Duration::from_millis(1));
    assert_eq!(store.games_unannounced().await.unwrap(), vec![game.id]);

    assert!(store.take_late_announcement(game.id).await.unwrap());
    clock.advance(grace - Duration::from_millis(1));
    assert!(store.games_unannounced().await.unwrap().is_empty());
    clock.advance(Duration::from_millis(1));
    assert_eq!(store.games_unannounced().await.unwrap(), vec![game.id]);
}
on_both_backends!(a_configured_announce_grace_is_kept, multi_thread);
