//! The wait a player has beyond the bot's search, through the stand-in
//! Discord against the release binary with its default settings (the
//! engine threads are the cores, the leases their default), in four runs:
//!
//! - `sqlite`: paced, one process on SQLite;
//! - `postgres`: paced, two processes (shards 0/2 and 1/2) on one durable
//!   PostgreSQL;
//! - `capacity`: not paced, one process on SQLite, 100 players answering the
//!   bot at once: the bot moves a second one process gives;
//! - `rate`: one process on SQLite, 150 players thinking 0.3 to 0.7 s, about
//!   300 bot moves a second: the wait at that rate, below capacity.
//!
//! Paced: 200 players, each in a channel of their own (every other one in a
//! DM, so both shards play), each playing 8 moves against level 1 (a
//! one-ply search of microseconds, so nearly the whole wait is beyond it)
//! and thinking 1 to 3 s (seeded) before each move, as people do. Each
//! answer's latency is from the player's message to the post of the bot's
//! answer, as the stand-in sees them; its search time, from the bot's own
//! timing log line for that move, is taken off. Printed: p50, p90, p99 and
//! the worst beyond the search, how many answers were posted apart from the
//! player's move, and the bot's CPU time a bot move (user and system, from
//! `/proc`), with the machine's load.
//!
//!     cargo bench --bench latency                 # all four
//!     cargo bench --bench latency -- capacity     # one of them
//!     XIANGQI_PERF_OUT=/tmp/bot.perf cargo bench --bench latency -- capacity
//!                                                 # and where its CPU goes

use std::sync::Arc;
use std::time::{Duration, Instant};

#[path = "../tests/support/mod.rs"]
#[allow(dead_code)]
mod support;

use support::load::{self, quantile, DiscordProcess, Plan, ProcessSettings};
use support::postgres::{create_database, Cluster};
use support::stand_in::StandIn;

const PACED: Plan = Plan {
    games: 200,
    moves_each: 8,
    level: 1,
    dm_every: 2,
    think: Some((Duration::from_secs(1), Duration::from_secs(3))),
};

const CAPACITY: Plan = Plan {
    games: 100,
    moves_each: 8,
    level: 1,
    dm_every: 2,
    think: None,
};

/// About 300 bot moves a second: 150 players, each answering every 0.5 s
/// on average.
const RATE: Plan = Plan {
    games: 150,
    moves_each: 8,
    level: 1,
    dm_every: 2,
    think: Some((Duration::from_millis(300), Duration::from_millis(700))),
};

fn main() {
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wants = |name: &str| asked.is_empty() || asked.iter().any(|a| a == name);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    if wants("sqlite") {
        runtime.block_on(run("paced, SQLite, 1 process", PACED, Database::Sqlite, 1));
    }
    if wants("postgres") {
        match Cluster::start(true) {
            Ok(cluster) => runtime.block_on(run(
                "paced, PostgreSQL, 2 processes",
                PACED,
                Database::Postgres(&cluster.base_url),
                2,
            )),
            Err(why) => println!("paced on PostgreSQL not measured: no server ({why})"),
        }
    }
    if wants("capacity") {
        runtime.block_on(run(
            "capacity, SQLite, 1 process",
            CAPACITY,
            Database::Sqlite,
            1,
        ));
    }
    if wants("rate") {
        runtime.block_on(run(
            "near 300 moves/s, SQLite, 1 process",
            RATE,
            Database::Sqlite,
            1,
        ));
    }
}

enum Database<'a> {
    Sqlite,
    Postgres(&'a str),
}

async fn run(name: &str, plan: Plan, database: Database<'_>, processes: usize) {
    let dir = tempfile::tempdir().unwrap();
    let url = match database {
        Database::Sqlite => format!("sqlite://{}", dir.path().join("games.db").display()),
        Database::Postgres(base) => create_database(base).await,
    };
    let stand_in = Arc::new(StandIn::start().await);
    let shards: &[&str] = if processes == 1 {
        &["0-2/2"]
    } else {
        &["0/2", "1/2"]
    };
    let logs: Vec<_> = (0..processes)
        .map(|i| dir.path().join(format!("timing-{i}.log")))
        .collect();
    let bots: Vec<DiscordProcess> = shards
        .iter()
        .zip(&logs)
        .enumerate()
        .map(|(i, (range, log))| {
            // Players faster than a person (a move a second or more) are
            // over the per-user limit people get; paced ones are not.
            let faster_than_people = plan
                .think
                .is_none_or(|(least, _)| least < Duration::from_secs(1));
            let settings = ProcessSettings {
                timing_log: Some(log.clone()),
                user_rate: faster_than_people.then_some("0"),
                ..ProcessSettings::default()
            };
            let boards = dir.path().join(format!("boards-{i}"));
            DiscordProcess::start_with(&stand_in, &url, range, &boards, &settings)
        })
        .collect();
    stand_in.wait_identified(2, Duration::from_secs(60)).await;
    // `XIANGQI_PERF_OUT=FILE` samples the first process's stacks for the run
    // with Linux's perf (the software clock: it needs no hardware counters).
    let perf = std::env::var_os("XIANGQI_PERF_OUT").map(|out| {
        std::process::Command::new("perf")
            .args(["record", "-e", "cpu-clock", "-F", "1999", "-g", "-o"])
            .arg(out)
            .args(["-p", &bots[0].0.id().to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("perf starts")
    });
    let load_before = loadavg();
    let cpu_before: Vec<_> = bots.iter().map(DiscordProcess::cpu_time).collect();
    let started = Instant::now();
    let outcome = load::play(stand_in.clone(), plan, 20_000).await;
    let wall = started.elapsed();
    let cpu: Option<Duration> = bots
        .iter()
        .zip(&cpu_before)
        .map(|(bot, before)| Some(bot.cpu_time()? - (*before)?))
        .sum();
    if let Some(mut perf) = perf {
        // SIGINT makes perf write its samples out and stop.
        let _ = std::process::Command::new("kill")
            .args(["-INT", &perf.id().to_string()])
            .status();
        let _ = perf.wait();
    }
    // The last timing lines are written as the answers go out: let them land.
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(bots);
    let mut searches = std::collections::HashMap::new();
    for log in &logs {
        searches.extend(load::search_times(log));
    }
    let beyond = outcome.beyond_search(&searches);
    let answers = beyond.len();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name}: {answers} bot moves in {:.1} s ({:.0}/s); beyond the search p50 {:.1} ms, \
         p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} answers apart from the move; \
         bot CPU {} a move; load {load_before} before, {} after",
        wall.as_secs_f64(),
        answers as f64 / wall.as_secs_f64(),
        ms(quantile(&beyond, 0.5)),
        ms(quantile(&beyond, 0.9)),
        ms(quantile(&beyond, 0.99)),
        ms(*beyond.last().unwrap()),
        outcome.apart(),
        cpu.map_or("unknown".to_owned(), |cpu| format!(
            "{:.2} ms",
            ms(cpu) / answers as f64
        )),
        loadavg(),
    );
    // Where the bot's own time for a move went, as its timing log has it.
    let mut phases = Vec::new();
    for phase in ["store", "engine_wait", "search", "render", "post", "total"] {
        let mut times: Vec<Duration> = logs
            .iter()
            .flat_map(|log| load::phase_times(log, phase))
            .collect();
        times.sort();
        if !times.is_empty() {
            phases.push(format!(
                "{phase} p50 {:.2} p99 {:.2}",
                ms(quantile(&times, 0.5)),
                ms(quantile(&times, 0.99))
            ));
        }
    }
    println!("  inside the bot, ms a move: {}", phases.join(", "));
}

/// The machine's load averages over 1, 5 and 15 minutes.
fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".to_owned())
}
