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
//!   300 bot moves a second: the wait at that rate, below capacity;
//! - `flood`: paced, one process on SQLite with the limits users get, 16
//!   moves a game (a run of 30 s or more), twice without and twice with one
//!   more user sending 50 cheap commands a second for 30 s (`games`,
//!   `stats`, ...) in a channel of their own, alternated: how much the
//!   flood adds to everyone else's p99, and how many of its commands the
//!   bot served (the rest refused by the limit, as `/metrics` counts them).
//!
//! Each run's process serves `/metrics` (`--metrics-addr`); a scrape in the
//! middle of the run is printed, a few lines of it, as an operator's
//! `curl` would see them move.
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
use support::scrape;
use support::stand_in::{StandIn, TestUser};

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

/// Paced, long enough for a 30 s flood to fall inside the run.
const FLOODED: Plan = Plan {
    moves_each: 16,
    ..PACED
};

/// The flooder: this many commands a second for this long.
const FLOOD_RATE: u64 = 50;
const FLOOD_FOR: Duration = Duration::from_secs(30);
/// Cheap commands, none a paced player sends, so that `/metrics` counts the
/// flooder's apart.
const FLOOD_COMMANDS: [&str; 5] = ["games", "stats", "leaderboard", "history", "help"];

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
        runtime.block_on(run(
            "paced, SQLite, 1 process",
            PACED,
            Database::Sqlite,
            1,
            false,
        ));
    }
    if wants("postgres") {
        match Cluster::start(true) {
            Ok(cluster) => {
                runtime.block_on(run(
                    "paced, PostgreSQL, 2 processes",
                    PACED,
                    Database::Postgres(&cluster.base_url),
                    2,
                    false,
                ));
            }
            Err(why) => println!("paced on PostgreSQL not measured: no server ({why})"),
        }
    }
    if wants("capacity") {
        runtime.block_on(run(
            "capacity, SQLite, 1 process",
            CAPACITY,
            Database::Sqlite,
            1,
            false,
        ));
    }
    if wants("rate") {
        runtime.block_on(run(
            "near 300 moves/s, SQLite, 1 process",
            RATE,
            Database::Sqlite,
            1,
            false,
        ));
    }
    if wants("flood") {
        let mut p99 = [Vec::new(), Vec::new()];
        for round in 0..4 {
            let flood = round % 2 == 1;
            let name = if flood {
                "paced, 16 moves, with a flood"
            } else {
                "paced, 16 moves, no flood"
            };
            let beyond = runtime.block_on(run(name, FLOODED, Database::Sqlite, 1, flood));
            p99[flood as usize].push(quantile(&beyond, 0.99));
        }
        let mean = |runs: &[Duration]| runs.iter().sum::<Duration>() / runs.len() as u32;
        println!(
            "flood: p99 beyond the search {:.1} ms without, {:.1} ms with (mean of {} runs each): \
             {:+.1} ms",
            mean(&p99[0]).as_secs_f64() * 1e3,
            mean(&p99[1]).as_secs_f64() * 1e3,
            p99[0].len(),
            (mean(&p99[1]).as_secs_f64() - mean(&p99[0]).as_secs_f64()) * 1e3,
        );
    }
}

enum Database<'a> {
    Sqlite,
    Postgres(&'a str),
}

/// Plays `plan` and prints what it measured; returns each answer's wait
/// beyond the search, sorted.
async fn run(
    name: &str,
    plan: Plan,
    database: Database<'_>,
    processes: usize,
    flood: bool,
) -> Vec<Duration> {
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
    let metrics_addr = scrape::free_addr();
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
                metrics_addr: (i == 0).then_some(metrics_addr),
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
    let before = scrape::get_until(metrics_addr, "/metrics", 200, Duration::from_secs(10))
        .await
        .map(|(_, text)| text)
        .unwrap_or_default();
    let started = Instant::now();
    let flooder = flood.then(|| tokio::spawn(flood_commands(stand_in.clone())));
    let midway = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(10)).await;
        scrape::get(metrics_addr, "/metrics").await
    });
    let outcome = load::play(stand_in.clone(), plan, 20_000).await;
    let wall = started.elapsed();
    let sent = match flooder {
        Some(flooder) => flooder.await.unwrap(),
        None => 0,
    };
    let after = scrape::get(metrics_addr, "/metrics")
        .await
        .map(|(_, text)| text)
        .unwrap_or_default();
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
    if let Ok(Some((_, text))) = midway.await {
        println!("  /metrics 10 s in:");
        for line in text.lines().filter(|line| {
            line.starts_with("xiangqi_bot_moves_total")
                || line.starts_with("xiangqi_commands_total{command=\"move\"")
                || line.starts_with("xiangqi_move_seconds_bucket{le=\"0.016\"")
                || line.starts_with("xiangqi_move_seconds_count")
                || line.starts_with("xiangqi_engine_")
                || line.starts_with("xiangqi_store_commits_total")
                || line.starts_with("xiangqi_live_games")
        }) {
            println!("    {line}");
        }
    }
    if flood {
        let count = |text: &str, result: &str| -> f64 {
            FLOOD_COMMANDS
                .iter()
                .map(|command| {
                    scrape::sum(
                        text,
                        "xiangqi_commands_total",
                        &[
                            &format!("command=\"{command}\""),
                            &format!("result=\"{result}\""),
                        ],
                    )
                })
                .sum()
        };
        let served = ["done", "refused", "failed"]
            .iter()
            .map(|result| count(&after, result) - count(&before, result))
            .sum::<f64>();
        let limited = count(&after, "limited") - count(&before, "limited");
        println!(
            "  the flooder sent {sent} commands in {:.0} s: {served} served, {limited} refused \
             by the limit",
            FLOOD_FOR.as_secs_f64()
        );
    }
    beyond
}

/// One user sending [`FLOOD_RATE`] commands a second for [`FLOOD_FOR`] in a
/// guild channel of their own; returns how many were sent.
async fn flood_commands(stand_in: Arc<StandIn>) -> u64 {
    let flooder = TestUser::new(90_000, "flooder");
    let channel = stand_in.new_id();
    let mut tick = tokio::time::interval(Duration::from_millis(1000 / FLOOD_RATE));
    let until = Instant::now() + FLOOD_FOR;
    let mut sent = 0;
    while Instant::now() < until {
        tick.tick().await;
        let command = FLOOD_COMMANDS[sent as usize % FLOOD_COMMANDS.len()];
        stand_in
            .send_message(&flooder, channel, &format!("!xq {command}"))
            .await;
        sent += 1;
    }
    sent
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
