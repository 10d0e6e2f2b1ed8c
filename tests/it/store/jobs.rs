//! Engine jobs: a job exists exactly while a live game waits on the bot,
//! whatever changed the game; a claim holds it for one owner until its lease
//! runs out or it is released; two claimers racing for one job never both
//! get it.

use super::*;
use xiangqi_bot::store::EngineJob;

const LEASE: Duration = Duration::from_secs(30);

/// The jobs as (game, ply, owner).
async fn jobs(store: &Store) -> Vec<(i64, u32, Option<String>)> {
    store
        .engine_jobs()
        .await
        .unwrap()
        .into_iter()
        .map(|row| (row.job.game.0, row.job.ply, row.owner))
        .collect()
}

async fn jobs_follow_the_bots_turn_whatever_changes_the_game(backend: Backend) {
    let (_db, _clock, store) = fresh(backend).await;
    // The bot has Red: its job is there from the start.
    let bot_first = store
        .create_game(vs_bot(alice(), Color::Black, 3))
        .await
        .unwrap();
    // The player has Red: no job until the player moves.
    let player_first = store
        .create_game(vs_bot(bob(), Color::Red, 3))
        .await
        .unwrap();
    let people = store
        .create_game(pvp(carol(), UserRef::new("400", "Dan")))
        .await
        .unwrap();
    assert_eq!(jobs(&store).await, vec![(bot_first.id.0, 0, None)]);

    play(&store, &player_first, 1).await;
    play(&store, &people, 1).await;
    assert_eq!(
        jobs(&store).await,
        vec![(bot_first.id.0, 0, None), (player_first.id.0, 1, None)]
    );

    // The bot's move ends its job; the player's next move makes the next one.
    play(&store, &bot_first, 1).await;
    assert_eq!(jobs(&store).await, vec![(player_first.id.0, 1, None)]);
    let after_two = play(&store, &bot_first, 1).await;
    assert_eq!(after_two.ply, 2);
    // Due at the same instant (the clock stood still): by game.
    assert_eq!(
        jobs(&store).await,
        vec![(bot_first.id.0, 2, None), (player_first.id.0, 1, None)]
    );

    // A takeback to the player's turn drops the job; so does the game's end.
    store.take_back(bot_first.id, 2, 1).await.unwrap();
    assert_eq!(jobs(&store).await, vec![(player_first.id.0, 1, None)]);
    store
        .finish_game(player_first.id, GameResult::BlackWins, "resignation")
        .await
        .unwrap();
    assert!(jobs(&store).await.is_empty());
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 0);
}
on_both_backends!(jobs_follow_the_bots_turn_whatever_changes_the_game);

async fn a_lease_holds_a_job_until_it_runs_out_or_is_released(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let game = store
        .create_game(vs_bot(alice(), Color::Black, 3))
        .await
        .unwrap();
    let job = EngineJob {
        game: game.id,
        ply: 0,
    };
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 1);

    let claimed = store.claim_engine_job("one", LEASE).await.unwrap();
    assert_eq!(claimed, Some(job.clone()));
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 0);
    assert_eq!(store.claim_engine_job("two", LEASE).await.unwrap(), None);
    assert_eq!(
        store
            .claim_engine_job_for(game.id, 0, "two", LEASE)
            .await
            .unwrap(),
        None,
        "a held job cannot be claimed by name either"
    );
    assert!(
        !store.release_engine_job(&job, "two").await.unwrap(),
        "not two's to release"
    );

    // Renewed before it runs out, the lease holds past its first end.
    clock.advance(LEASE - Duration::from_secs(1));
    assert!(store.renew_engine_job(&job, "one", LEASE).await.unwrap());
    clock.advance(Duration::from_secs(2));
    assert_eq!(store.claim_engine_job("two", LEASE).await.unwrap(), None);

    // Not renewed, it runs out and another owner takes the job over; the
    // first owner's renewal then fails.
    clock.advance(LEASE);
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 1);
    assert_eq!(
        store.claim_engine_job("two", LEASE).await.unwrap(),
        Some(job.clone())
    );
    assert!(!store.renew_engine_job(&job, "one", LEASE).await.unwrap());
    let rows = store.engine_jobs().await.unwrap();
    assert_eq!(rows[0].owner.as_deref(), Some("two"));
    assert_eq!(
        rows[0].lease_until,
        Some(T0 + 3 * LEASE.as_millis() as i64 + 1_000)
    );

    // Released, it is claimable at once, by name too.
    assert!(store.release_engine_job(&job, "two").await.unwrap());
    assert_eq!(
        store
            .claim_engine_job_for(game.id, 0, "three", LEASE)
            .await
            .unwrap(),
        Some(job.clone())
    );
    // A claim by name at another ply finds nothing.
    assert!(store.release_engine_job(&job, "three").await.unwrap());
    assert_eq!(
        store
            .claim_engine_job_for(game.id, 1, "three", LEASE)
            .await
            .unwrap(),
        None
    );

    // A stopping process releases everything it holds.
    let other = store
        .create_game(vs_bot(bob(), Color::Black, 2))
        .await
        .unwrap();
    clock.advance(Duration::from_millis(1));
    store
        .claim_engine_job("four", LEASE)
        .await
        .unwrap()
        .unwrap();
    store
        .claim_engine_job("four", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 0);
    assert_eq!(store.release_engine_jobs_of("four").await.unwrap(), 2);
    assert_eq!(store.claimable_engine_jobs().await.unwrap(), 2);

    // The bot's move, stored, ends the job even while it is held.
    store
        .claim_engine_job_for(other.id, 0, "five", LEASE)
        .await
        .unwrap()
        .unwrap();
    store
        .apply_move(other.id, 0, "h2e2", &ActorId::Bot)
        .await
        .unwrap();
    assert_eq!(jobs(&store).await, vec![(game.id.0, 0, None)]);
}
on_both_backends!(a_lease_holds_a_job_until_it_runs_out_or_is_released);

async fn the_oldest_job_is_claimed_first(backend: Backend) {
    let (_db, clock, store) = fresh(backend).await;
    let first = store
        .create_game(vs_bot(alice(), Color::Black, 3))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(1));
    let second = store
        .create_game(vs_bot(bob(), Color::Black, 3))
        .await
        .unwrap();
    let claimed = store.claim_engine_job("one", LEASE).await.unwrap().unwrap();
    assert_eq!(claimed.game, first.id);
    let claimed = store.claim_engine_job("one", LEASE).await.unwrap().unwrap();
    assert_eq!(claimed.game, second.id);
    assert_eq!(store.claim_engine_job("one", LEASE).await.unwrap(), None);
}
on_both_backends!(the_oldest_job_is_claimed_first);

/// Two stores on one database (two processes' writers and connections) race
/// for one job, round after round, by both ways of claiming: exactly one
/// gets it each time.
async fn two_claimers_racing_for_one_job_never_both_get_it(backend: Backend) {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let one = open(&db, clock.clone()).await;
    let two = open(&db, clock.clone()).await;
    for round in 0..20u32 {
        let game = one
            .create_game(vs_bot(
                UserRef::new(format!("u{round}"), "U"),
                Color::Black,
                1,
            ))
            .await
            .unwrap();
        let (a, b) = if round % 2 == 0 {
            tokio::join!(
                one.claim_engine_job("one", LEASE),
                two.claim_engine_job("two", LEASE)
            )
        } else {
            tokio::join!(
                one.claim_engine_job_for(game.id, 0, "one", LEASE),
                two.claim_engine_job_for(game.id, 0, "two", LEASE)
            )
        };
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(
            a.is_some() != b.is_some(),
            "round {round}: exactly one claim wins: {a:?} {b:?}"
        );
        let winner = a.or(b).unwrap();
        assert_eq!(winner.game, game.id);
        // Done: the bot's move drops the job before the next round.
        one.apply_move(game.id, 0, "h2e2", &ActorId::Bot)
            .await
            .unwrap();
    }
    assert!(jobs(&one).await.is_empty());
}
on_both_backends!(
    two_claimers_racing_for_one_job_never_both_get_it,
    multi_thread
);

/// Another process's engine worker: it claims every job it can, over and
/// over, until it is told to stop, and returns what it took.
struct RivalWorker {
    done: Arc<std::sync::atomic::AtomicBool>,
    taken: tokio::task::JoinHandle<Vec<EngineJob>>,
}

impl RivalWorker {
    /// A fresh database, a store on it, and a rival working through a
    /// second store on the same database (another process, as it were).
    async fn beside_a_store(backend: Backend) -> (TestDb, Store, RivalWorker) {
        let db = TestDb::new(backend).await;
        let clock = Arc::new(ManualClock::new(T0));
        let one = open(&db, clock.clone()).await;
        let rival = RivalWorker::start(open(&db, clock).await);
        (db, one, rival)
    }

    fn start(store: Store) -> Self {
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let taken = tokio::spawn({
            let done = done.clone();
            async move {
                let mut taken = Vec::new();
                while !done.load(std::sync::atomic::Ordering::SeqCst) {
                    if let Some(job) = store.claim_engine_job("rival", LEASE).await.unwrap() {
                        taken.push(job);
                    }
                }
                taken
            }
        });
        RivalWorker { done, taken }
    }

    async fn stop(self) -> Vec<EngineJob> {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.taken.await.unwrap()
    }
}

/// A player's move stored with the claim of the bot's answer: the job is the
/// mover's process's from the move's own commit, so another process's
/// worker, looking for jobs over and over meanwhile, never takes it. A move
/// that leaves no bot move due claims nothing.
async fn a_move_claims_the_bots_answer_in_its_own_write(backend: Backend) {
    let (_db, one, rival) = RivalWorker::beside_a_store(backend).await;
    for round in 0..30u32 {
        let user = UserRef::new(format!("u{round}"), "U");
        let game = one
            .create_game(vs_bot(user.clone(), Color::Red, 1))
            .await
            .unwrap();
        let (stored, job) = one
            .apply_move_claiming_answer(game.id, 0, "h2e2", &actor(&user), "one", LEASE)
            .await
            .unwrap();
        assert_eq!(stored.ply, 1);
        assert_eq!(
            job,
            Some(EngineJob {
                game: game.id,
                ply: 1
            }),
            "round {round}"
        );
        one.apply_move(game.id, 1, "h9g7", &ActorId::Bot)
            .await
            .unwrap();
    }
    assert_eq!(rival.stop().await, vec![], "the rival took none");

    let people = one
        .create_game(pvp(carol(), UserRef::new("400", "Dan")))
        .await
        .unwrap();
    let (_, job) = one
        .apply_move_claiming_answer(people.id, 0, "h2e2", &actor(&carol()), "one", LEASE)
        .await
        .unwrap();
    assert_eq!(job, None);
    assert!(jobs(&one).await.is_empty());
}
on_both_backends!(a_move_claims_the_bots_answer_in_its_own_write, multi_thread);

/// A game where the bot has Red, created with the claim of its first move:
/// the job is the creator's from the game's own commit, whatever another
/// process's worker does meanwhile; a game where the player moves first
/// claims nothing.
async fn a_new_game_claims_the_bots_first_move_in_its_own_write(backend: Backend) {
    let (_db, one, rival) = RivalWorker::beside_a_store(backend).await;
    for round in 0..30u32 {
        let user = UserRef::new(format!("u{round}"), "U");
        let (game, job) = one
            .create_game_claiming_answer(vs_bot(user, Color::Black, 3), "one", LEASE)
            .await
            .unwrap();
        assert_eq!(game.ply, 0);
        assert_eq!(
            job,
            Some(EngineJob {
                game: game.id,
                ply: 0
            }),
            "round {round}"
        );
        one.apply_move(game.id, 0, "h2e2", &ActorId::Bot)
            .await
            .unwrap();
    }
    assert_eq!(rival.stop().await, vec![], "the rival took none");

    let (_, job) = one
        .create_game_claiming_answer(vs_bot(bob(), Color::Red, 3), "one", LEASE)
        .await
        .unwrap();
    assert_eq!(job, None);
    assert!(jobs(&one).await.is_empty());
}
on_both_backends!(
    a_new_game_claims_the_bots_first_move_in_its_own_write,
    multi_thread
);

/// On PostgreSQL a job given back is announced to every process that
/// listens, when the release commits, whether one job is released or all
/// of a stopping process's; a claim alone announces nothing. SQLite has no
/// other process to tell: it gives no listener.
async fn a_released_job_is_announced_to_every_listening_process(backend: Backend) {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let one = open(&db, clock.clone()).await;
    let two = open(&db, clock.clone()).await;
    let Some(mut heard) = two.job_signals().await.unwrap() else {
        assert_eq!(backend, Backend::Sqlite);
        return;
    };
    let game = one
        .create_game(vs_bot(alice(), Color::Black, 1))
        .await
        .unwrap();
    let job = one.claim_engine_job("one", LEASE).await.unwrap().unwrap();
    // The claim said nothing: nothing to hear yet.
    let early = tokio::time::timeout(Duration::from_millis(300), heard.next()).await;
    assert!(early.is_err(), "a claim was announced");

    let released_at = std::time::Instant::now();
    assert!(one.release_engine_job(&job, "one").await.unwrap());
    tokio::time::timeout(Duration::from_secs(5), heard.next())
        .await
        .expect("the release is heard");
    println!("release heard after {:?}", released_at.elapsed());
    let taken = two.claim_engine_job("two", LEASE).await.unwrap();
    assert_eq!(taken.map(|j| j.game), Some(game.id));

    assert_eq!(two.release_engine_jobs_of("two").await.unwrap(), 1);
    tokio::time::timeout(Duration::from_secs(5), heard.next())
        .await
        .expect("a stopping process's release is heard");
    // Releasing nothing announces nothing.
    assert_eq!(two.release_engine_jobs_of("nobody").await.unwrap(), 0);
    let quiet = tokio::time::timeout(Duration::from_millis(300), heard.next()).await;
    assert!(quiet.is_err(), "an empty release was announced");
}
on_both_backends!(a_released_job_is_announced_to_every_listening_process);
