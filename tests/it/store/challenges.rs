//! Challenges: addressee and expiry checks, and an open challenge accepted by
//! many at once.

use super::*;

async fn challenges_check_addressee_and_expiry(backend: Backend) {
    let (_dir, clock, store) = fresh(backend).await;
    let challenge = |to: ChallengeTarget, color| NewChallenge {
        location: in_guild("g1", "c1"),
        from: alice(),
        to,
        color,
        start_fen: None,
        rated: true,
        expires_in: Duration::from_secs(60),
        time_control: xiangqi_bot::store::TimeControl::Untimed,
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

    // A challenge to the bot is accepted by the bot, once alice's game with
    // bob here is over (one live game per player per channel).
    for game in store.live_games_of_user(&alice().id).await.unwrap() {
        store.abort_game(game.id, "aborted").await.unwrap();
    }
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
on_both_backends!(challenges_check_addressee_and_expiry);

/// Many people click "accept" on one open challenge at once: one game.
async fn an_open_challenge_becomes_exactly_one_game(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let open_challenge = store
        .create_challenge(NewChallenge {
            location: Location::channel("c9"),
            from: alice(),
            to: ChallengeTarget::Anyone,
            color: ColorChoice::Random,
            start_fen: None,
            rated: false,
            expires_in: Duration::from_secs(60),
            time_control: xiangqi_bot::store::TimeControl::Untimed,
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
on_both_backends!(an_open_challenge_becomes_exactly_one_game, multi_thread);

fn challenge_from(from: UserRef, to: UserRef, channel: &str) -> NewChallenge {
    NewChallenge {
        location: in_guild("g1", channel),
        from,
        to: ChallengeTarget::User(to),
        color: ColorChoice::Red,
        start_fen: None,
        rated: true,
        expires_in: Duration::from_secs(600),
        time_control: xiangqi_bot::store::TimeControl::Untimed,
    }
}

/// The person challenged keeps the name they gave themselves: the
/// challenger's view of it (a mention's text) is stored only for someone new.
async fn a_challenge_does_not_rename_the_person_challenged(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    store
        .create_challenge(challenge_from(bob(), alice(), "c0"))
        .await
        .unwrap();
    let renamed = UserRef::new("100", "xiangqi-bot");
    store
        .create_challenge(challenge_from(carol(), renamed, "c1"))
        .await
        .unwrap();
    let alice_now = store.player_stats("100").await.unwrap().unwrap();
    assert_eq!(alice_now.player.user.display_name, "Alice");
}
on_both_backends!(a_challenge_does_not_rename_the_person_challenged);

/// At most `MAX_PENDING_CHALLENGES` open challenges per challenger, in all
/// channels together; one answered or expired frees its place.
async fn pending_challenges_per_user_are_bounded(backend: Backend) {
    let (_dir, clock, store) = fresh(backend).await;
    let limit = xiangqi_bot::store::MAX_PENDING_CHALLENGES;
    for n in 0..limit {
        let to = UserRef::new(format!("9{n}"), format!("P{n}"));
        store
            .create_challenge(challenge_from(alice(), to, &format!("c{n}")))
            .await
            .unwrap();
    }
    let refused = store
        .create_challenge(challenge_from(alice(), bob(), "c9"))
        .await
        .unwrap_err();
    assert!(
        matches!(refused, StoreError::TooManyChallenges(n) if n == limit),
        "{refused}"
    );
    // Others are not limited by alice's challenges.
    store
        .create_challenge(challenge_from(bob(), carol(), "c9"))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    store
        .create_challenge(challenge_from(alice(), bob(), "c8"))
        .await
        .expect("expired challenges free their places");
}
on_both_backends!(pending_challenges_per_user_are_bounded);

/// Accepting starts no game when the challenger already plays one in the
/// channel (they started another after challenging): the challenge stays
/// pending and nobody gets a second live game there.
async fn accept_refuses_when_the_challenger_now_plays_in_the_channel(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let challenge = store
        .create_challenge(challenge_from(alice(), bob(), "c1"))
        .await
        .unwrap();
    let other = store
        .create_game(vs_bot(alice(), Color::Red, 2))
        .await
        .unwrap();
    let refused = store
        .accept_challenge(challenge.id, &Accepter::User(bob()))
        .await
        .unwrap_err();
    match refused {
        StoreError::AlreadyPlaying { user, game } => {
            assert_eq!(user, alice().id);
            assert_eq!(game, other.id);
        }
        other => panic!("unexpected {other}"),
    }
    assert_eq!(store.live_games_of_user("100").await.unwrap().len(), 1);
}
on_both_backends!(accept_refuses_when_the_challenger_now_plays_in_the_channel);

/// A finished game has one rematch: the first (a challenge here) is stored
/// with its row, and any later one, a challenge or a game, is refused with
/// nothing stored.
async fn a_finished_game_has_one_rematch(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let game = store.create_game(pvp(alice(), bob())).await.unwrap();
    store
        .finish_game(game.id, GameResult::RedWins, "resignation")
        .await
        .unwrap();
    assert!(!store.has_rematch(game.id).await.unwrap());
    store
        .create_rematch_challenge(game.id, challenge_from(bob(), alice(), "c1"))
        .await
        .expect("the first rematch");
    assert!(store.has_rematch(game.id).await.unwrap());
    let again = store
        .create_rematch_challenge(game.id, challenge_from(alice(), bob(), "c1"))
        .await;
    assert!(
        matches!(again, Err(StoreError::RematchTaken(id)) if id == game.id),
        "{again:?}"
    );
    let as_game = store
        .create_rematch_game(
            game.id,
            "alice",
            pvp(bob(), alice()),
            "me",
            Duration::from_secs(5),
        )
        .await;
    assert!(
        matches!(as_game, Err(StoreError::RematchTaken(_))),
        "{as_game:?}"
    );
    assert!(store.live_games_of_user("alice").await.unwrap().is_empty());
}
on_both_backends!(a_finished_game_has_one_rematch);

/// A challenge to a role: kept with its role across a reload; refused to a
/// user whose roles are unknown, to a member without the role and to the
/// challenger holding it; taken by a member holding it, through the
/// channel's newest-first lookup too.
async fn a_challenge_to_a_role_is_for_its_members(backend: Backend) {
    let (_dir, _clock, store) = fresh(backend).await;
    let to_role = store
        .create_challenge(NewChallenge {
            location: in_guild("g1", "c1"),
            from: alice(),
            to: ChallengeTarget::Role("77".into()),
            color: ColorChoice::Red,
            start_fen: None,
            rated: true,
            expires_in: Duration::from_secs(60),
            time_control: xiangqi_bot::store::TimeControl::Untimed,
        })
        .await
        .unwrap();
    let reloaded = store.challenge(to_role.id).await.unwrap().unwrap();
    assert_eq!(reloaded.to, ChallengeTarget::Role("77".into()));
    let member = |user: UserRef, roles: &[&str]| Accepter::Member {
        user,
        roles: roles.iter().map(|r| r.to_string()).collect(),
    };
    for refused in [
        Accepter::User(bob()),
        member(bob(), &["12"]),
        member(alice(), &["77"]),
    ] {
        assert!(
            matches!(
                store.accept_challenge(to_role.id, &refused).await,
                Err(StoreError::ChallengeNotForYou(_))
            ),
            "{refused:?}"
        );
    }
    let (accepted, game) = store
        .accept_challenge_in_channel("c1", None, &member(bob(), &["12", "77"]))
        .await
        .unwrap();
    assert_eq!(accepted.id, to_role.id);
    assert!(game.red.is_user(&alice().id) && game.black.is_user(&bob().id));
}

on_both_backends!(a_challenge_to_a_role_is_for_its_members);
