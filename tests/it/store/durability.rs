//! What survives: a store reopened on its database is identical, and a
//! writer killed mid-write leaves each write whole or absent.

use super::*;

/// Everything the store says about a file, for comparing two opens of it.
async fn snapshot(store: &Store, games: &[GameId]) -> String {
    let mut out = String::new();
    for &id in games {
        out.push_str(&format!("{:?}\n", store.game_with_moves(id).await.unwrap()));
        out.push_str(&format!("{:?}\n", store.pending_offers(id).await.unwrap()));
    }
    for user in [alice(), bob(), carol()] {
        out.push_str(&format!(
            "{:?}\n",
            store.player_stats(&user.id).await.unwrap()
        ));
        out.push_str(&format!(
            "{:?}\n",
            store.player_history(&user.id, None, 50).await.unwrap()
        ));
    }
    out.push_str(&format!("{:?}\n", store.leaderboard(50, 0).await.unwrap()));
    out.push_str(&format!(
        "{:?}\n",
        store.pending_challenges_in_channel("c1").await.unwrap()
    ));
    out
}

async fn a_reopened_store_is_identical(backend: Backend) {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(T0));
    let store = open(&db, clock.clone()).await;
    let g1 = store.create_game(pvp(alice(), bob())).await.unwrap();
    play(&store, &g1, 7).await;
    store
        .make_offer(g1.id, OfferKind::Draw, &actor(&bob()))
        .await
        .unwrap();
    let g2 = store
        .create_game(vs_bot(carol(), Color::Black, 6))
        .await
        .unwrap();
    play(&store, &g2, 4).await;
    store
        .finish_game(g2.id, GameResult::BlackWins, "checkmate")
        .await
        .unwrap();
    store
        .create_challenge(NewChallenge {
            location: in_guild("g1", "c1"),
            from: bob(),
            to: ChallengeTarget::User(carol()),
            color: ColorChoice::Random,
            start_fen: None,
            rated: true,
            expires_in: Duration::from_secs(3600),
            time_control: xiangqi_bot::store::TimeControl::Untimed,
        })
        .await
        .unwrap();
    let before = snapshot(&store, &[g1.id, g2.id]).await;
    drop(store);

    let reopened = open(&db, clock).await;
    let after = snapshot(&reopened, &[g1.id, g2.id]).await;
    assert_eq!(before, after);
    // And play goes on from where it stopped.
    let g1 = reopened.game(g1.id).await.unwrap();
    assert_eq!(g1.ply, 7);
    play(&reopened, &g1, 1).await;
}
on_both_backends!(a_reopened_store_is_identical);

// ---------------------------------------------------------------------------
// Crash safety: a child process writes moves and takebacks as fast as it can
// and is killed with SIGKILL at a random moment (on PostgreSQL the server
// sees its connection drop mid-transaction). Each write is logged before
// it starts ("try") and after its commit returned ("ack"); after the kill the
// file must hold, for every game, the acknowledged history or that plus the
// one write in flight — never half a write — and ply counters must match the
// stored moves.

const CRASH_DB_ENV: &str = "XQ_STORE_CRASH_TEST_DB";
/// Games written at once, so that writes share batches as in the bot.
const CRASH_GAMES: usize = 8;
/// Starts each line of the child's log: libtest may print on the same line first.
const MARK: &str = "@@ ";

/// A small xorshift generator; seeds differ per run.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(Instant::now().elapsed().as_nanos());
        Rng(h.finish() | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Not a test on its own: the body of the child process the crash test starts
/// (it does nothing unless that test set its environment variable).
#[test]
#[ignore = "run only as the crash test's child process"]
fn crash_writer_child() {
    let Ok(url) = std::env::var(CRASH_DB_ENV) else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let config = StoreConfig::new(url);
        let store = Store::open_with(config, Arc::new(SystemClock))
            .await
            .unwrap();
        let mut tasks = Vec::new();
        for _ in 0..CRASH_GAMES {
            let game = store.create_game(pvp(alice(), bob())).await.unwrap();
            println!("{MARK}game {}", game.id.0);
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let mut rng = Rng::new();
                let mut ply = 0u32;
                // Bounded so that an orphaned child cannot run for ever.
                let deadline = Instant::now() + Duration::from_secs(30);
                while Instant::now() < deadline {
                    if ply >= 2 && rng.next().is_multiple_of(8) {
                        println!("{MARK}try back {} {ply} 2", game.id.0);
                        store.take_back(game.id, ply, 2).await.unwrap();
                        ply -= 2;
                        println!("{MARK}ack back {} {ply}", game.id.0);
                    } else {
                        let mv = move_for(ply + 1 + (rng.next() % 50) as u32);
                        let by = if ply.is_multiple_of(2) {
                            actor(&alice())
                        } else {
                            actor(&bob())
                        };
                        println!("{MARK}try move {} {ply} {mv}", game.id.0);
                        store.apply_move(game.id, ply, &mv, &by).await.unwrap();
                        ply += 1;
                        println!("{MARK}ack move {} {ply} {mv}", game.id.0);
                    }
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
    });
}

#[derive(Clone, Debug)]
enum Op {
    Move(String),
    Back(usize),
}

fn apply_op(moves: &[String], write: &Op) -> Vec<String> {
    let mut next = moves.to_vec();
    match write {
        Op::Move(mv) => next.push(mv.clone()),
        Op::Back(n) => next.truncate(next.len().saturating_sub(*n)),
    }
    next
}

async fn a_killed_writer_leaves_each_write_whole_or_absent(backend: Backend) {
    let db = TestDb::new(backend).await;
    let exe = std::env::current_exe().unwrap();
    // The child's full test name, as libtest filters it: this module's path
    // without the crate name (`store::durability::crash_writer_child`).
    let child_test = format!(
        "{}::crash_writer_child",
        module_path!().split_once("::").unwrap().1
    );
    let mut rng = Rng::new();
    let mut in_flight_landed = 0;
    let mut in_flight_lost = 0;
    for round in 0..5 {
        let mut child = Command::new(&exe)
            .args([
                child_test.as_str(),
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CRASH_DB_ENV, db.url())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines_tx, lines_rx) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if lines_tx.send(line).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        // Let it get going (some hundreds of acknowledged writes), then kill
        // it a random few milliseconds later.
        let wanted_acks = 100 + (rng.next() % 400) as usize;
        let mut lines = Vec::new();
        let started = Instant::now();
        while lines
            .iter()
            .filter(|l: &&String| l.contains("@@ ack"))
            .count()
            < wanted_acks
        {
            match lines_rx.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => lines.push(line),
                Err(e) => panic!("round {round}: the child stopped writing ({e}) after {lines:?}"),
            }
        }
        std::thread::sleep(Duration::from_micros(rng.next() % 20_000));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        lines.extend(lines_rx.try_iter());
        let elapsed = started.elapsed();

        // Rebuild what the child knew: acknowledged history and the write in
        // flight, per game.
        let mut acked: HashMap<i64, Vec<String>> = HashMap::new();
        let mut pending: HashMap<i64, Option<Op>> = HashMap::new();
        for line in &lines {
            let Some(start) = line.find(MARK) else {
                continue;
            };
            let parts: Vec<&str> = line[start + MARK.len()..].split_whitespace().collect();
            let id = |s: &str| s.parse::<i64>().unwrap();
            match parts.as_slice() {
                ["game", g] => {
                    acked.insert(id(g), Vec::new());
                }
                ["try", "move", g, _, mv] => {
                    pending.insert(id(g), Some(Op::Move(mv.to_string())));
                }
                ["try", "back", g, _, n] => {
                    pending.insert(id(g), Some(Op::Back(n.parse().unwrap())));
                }
                ["ack", _, g, ply, ..] => {
                    let g = id(g);
                    let write = pending
                        .get_mut(&g)
                        .and_then(Option::take)
                        .expect("ack without try");
                    let history = acked.get_mut(&g).unwrap();
                    *history = apply_op(history, &write);
                    assert_eq!(history.len(), ply.parse::<usize>().unwrap());
                }
                // A line cut short by the kill.
                _ => {}
            }
        }

        let store = open(&db, Arc::new(ManualClock::new(T0))).await;
        assert!(
            store.check_consistency().await.unwrap().is_empty(),
            "round {round}"
        );
        for (&game, history) in &acked {
            let (record, moves) = store.game_with_moves(GameId(game)).await.unwrap();
            let stored: Vec<String> = moves.iter().map(|m| m.iccs.to_string()).collect();
            let plies: Vec<u32> = moves.iter().map(|m| m.ply).collect();
            assert_eq!(
                plies,
                (1..=record.ply).collect::<Vec<_>>(),
                "round {round}, game {game}"
            );
            if &stored == history {
                if pending.get(&game).is_some_and(Option::is_some) {
                    in_flight_lost += 1;
                }
                continue;
            }
            let in_flight = pending.get(&game).cloned().flatten().unwrap_or_else(|| {
                panic!("round {round}, game {game}: stored {stored:?}, acked {history:?}")
            });
            assert_eq!(
                stored,
                apply_op(history, &in_flight),
                "round {round}, game {game}: neither the acknowledged state nor that plus the write in flight"
            );
            in_flight_landed += 1;
        }
        // The file is SQLite's to keep whole; PostgreSQL's server outlived
        // its client and needs no such check.
        if db.backend == Backend::Sqlite {
            let mut conn = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
            let (integrity,): (String,) = sqlx::query_as("PRAGMA integrity_check")
                .fetch_one(&mut conn)
                .await
                .unwrap();
            assert_eq!(integrity, "ok");
        }
        store.close().await;
        eprintln!(
            "crash round {round}: {} lines in {elapsed:?}, killed after {wanted_acks}+ acks",
            lines.len()
        );
    }
    eprintln!(
        "writes in flight at the kill: {in_flight_landed} had committed, {in_flight_lost} had not"
    );
}
on_both_backends!(
    a_killed_writer_leaves_each_write_whole_or_absent,
    multi_thread
);
