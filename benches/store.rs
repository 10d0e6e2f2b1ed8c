//! Moves stored per second, with durable commits (`synchronous=FULL`: every
//! acknowledged move fsynced) and, for comparison, `NORMAL`. One writer alone
//! (each move waits for the previous one) and sixteen games moving at once.
//! Prints the median of five runs of each.
//!
//!     cargo bench --bench store

use std::sync::Arc;
use std::time::Instant;

use xiangqi_bot::store::{
    Actor, Durability, Location, NewGame, Participant, Store, StoreConfig, SystemClock, UserRef,
};

const RUNS: usize = 5;
const MOVES_PER_RUN: u32 = 1_000;

fn move_for(n: u32) -> String {
    let from = (n * 7) % 90;
    let to = (from + 1 + n % 88) % 90;
    let sq = |i: u32| format!("{}{}", (b'a' + (i % 9) as u8) as char, i / 9);
    format!("{}{}", sq(from), sq(to))
}

async fn open(dir: &tempfile::TempDir, durability: Durability) -> Store {
    let mut config = StoreConfig::new(format!(
        "sqlite://{}",
        dir.path().join("bench.db").display()
    ));
    config.durability = durability;
    Store::open_with(config, Arc::new(SystemClock))
        .await
        .unwrap()
}

/// Moves/s for `games` games each playing `MOVES_PER_RUN / games` moves at once.
async fn run(durability: Durability, games: u32) -> f64 {
    let dir = tempfile::TempDir::new().unwrap();
    let store = open(&dir, durability).await;
    let (red, black) = (UserRef::new("1", "Red"), UserRef::new("2", "Black"));
    let mut ids = Vec::new();
    for _ in 0..games {
        let game = store
            .create_game(NewGame {
                location: Location::channel("bench"),
                red: Participant::User(red.clone()),
                black: Participant::User(black.clone()),
                start_fen: None,
                rated: true,
            })
            .await
            .unwrap();
        ids.push(game.id);
    }
    let per_game = MOVES_PER_RUN / games;
    let started = Instant::now();
    let tasks: Vec<_> = ids
        .into_iter()
        .map(|id| {
            let store = store.clone();
            tokio::spawn(async move {
                for ply in 0..per_game {
                    let by = Actor::user(if ply % 2 == 0 { "1" } else { "2" });
                    store
                        .apply_move(id, ply, &move_for(ply), &by)
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let rate = f64::from(per_game * games) / started.elapsed().as_secs_f64();
    store.close().await;
    rate
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for durability in [Durability::Full, Durability::Normal] {
        for games in [1, 16] {
            let mut rates: Vec<f64> = (0..RUNS)
                .map(|_| runtime.block_on(run(durability, games)))
                .collect();
            rates.sort_by(f64::total_cmp);
            println!(
                "store apply_move  synchronous={:<6} games at once={games:>2}: median {:>6.0} moves/s (min {:.0}, max {:.0}, {RUNS} runs of {MOVES_PER_RUN})",
                format!("{durability:?}").to_uppercase(),
                rates[RUNS / 2],
                rates[0],
                rates[RUNS - 1],
            );
        }
    }
}
