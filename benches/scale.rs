//! Bot moves per second with one and with two bot processes on one
//! PostgreSQL, at level 1 and level 5: the capacity figures of
//! `docs/deploy.md`.
//!
//! Each run starts a fresh database on a throwaway durable server (fsync on,
//! as in production), the stand-in Discord, and the built binary in Discord
//! mode: one process on both shards, or two processes on one shard each.
//! Then many people play the bot at once, half of them in DMs (shard 0) and
//! half in the guild (the other shard), each answering the bot at once, so
//! the bot is never idle: the answers per second are what the processes
//! (one engine thread each) can give on this machine, and the latencies
//! (move to answer) are what a player waits at that load.
//!
//!     cargo bench --bench scale

use std::sync::Arc;
use std::time::Duration;

#[path = "../tests/support/mod.rs"]
#[allow(dead_code)]
mod support;

use support::load::{self, DiscordProcess, Plan};
use support::postgres::{create_database, Cluster};
use support::stand_in::StandIn;

const RUNS: usize = 3;
const GAMES: usize = 100;
const MOVES_EACH: usize = 5;

fn main() {
    let cluster = match Cluster::start(true) {
        Ok(cluster) => cluster,
        Err(why) => {
            println!("bot moves/s not measured: no PostgreSQL server ({why})");
            return;
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for level in [1, 5] {
        for processes in [1, 2] {
            let mut rates = Vec::new();
            let mut p50s = Vec::new();
            let mut p99s = Vec::new();
            for run in 0..RUNS {
                let outcome = runtime.block_on(one_run(&cluster.base_url, processes, level, run));
                rates.push(outcome.answers_per_second());
                p50s.push(outcome.quantile(0.5).as_secs_f64() * 1e3);
                p99s.push(outcome.quantile(0.99).as_secs_f64() * 1e3);
            }
            println!(
                "bot moves, level {level}, {processes} process{}: median {:>5.0} moves/s \
                 (min {:.0}, max {:.0}; {RUNS} runs of {GAMES} games x {MOVES_EACH} moves), \
                 move -> answer median p50 {:.0} ms, p99 {:.0} ms",
                if processes == 1 { "" } else { "es" },
                median(&mut rates),
                rates[0],
                rates[RUNS - 1],
                median(&mut p50s),
                median(&mut p99s),
            );
        }
    }
}

async fn one_run(base: &str, processes: usize, level: u8, run: usize) -> load::Outcome {
    let database = create_database(base).await;
    let dir = tempfile::tempdir().unwrap();
    let stand_in = Arc::new(StandIn::start().await);
    let shards: &[&str] = if processes == 1 {
        &["0-2/2"]
    } else {
        &["0/2", "1/2"]
    };
    let bots: Vec<DiscordProcess> = shards
        .iter()
        .enumerate()
        .map(|(i, range)| {
            DiscordProcess::start(&stand_in, &database, range, &dir.path().join(i.to_string()))
        })
        .collect();
    // Both shards, whoever runs them.
    stand_in.wait_identified(2, Duration::from_secs(60)).await;
    let plan = Plan {
        games: GAMES,
        moves_each: MOVES_EACH,
        level,
        dm_every: 2,
        think: None,
    };
    let outcome = load::play(stand_in.clone(), plan, 10_000 + 1_000 * run as u64).await;
    // The processes stop before the stand-in they talk to.
    drop(bots);
    outcome
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
