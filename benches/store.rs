//! Moves stored per second with durable commits (no move is acknowledged
//! before it is on disk: SQLite `synchronous=FULL`, PostgreSQL
//! `synchronous_commit=on` with fsync), the figure issue 5 sets at 2,000, on
//! SQLite and on PostgreSQL.
//!
//! - Many games at once (64 and 200): each game is a task that plays a legal
//!   game through `Store::apply_move`, awaiting every move before the next, as
//!   a player does. Reports moves/s over all games.
//! - One game alone: the latency of each move when nobody else writes, which
//!   group commit must not make worse than one commit.
//!
//! PostgreSQL is measured with one writer lane and with the default number
//! (several connections writing at once; see the store's writer), runs of
//! the two taking turns so that a noisy machine weighs on both alike.
//!
//! Prints the median (min, max) of several runs of each, and how many moves
//! the writer grouped into each commit. PostgreSQL runs on a throwaway local
//! server started from the installed binaries (as the tests do, but with
//! fsync on), or on the server named by `XIANGQI_BENCH_PG_URL`
//! (`postgres://user@host:port`, a database is created on it per run); it is
//! skipped, with a note, when neither is there.
//!
//!     cargo bench --bench store

use std::sync::Arc;
use std::time::{Duration, Instant};

use xiangqi_bot::rules::{Game, Position};
use xiangqi_bot::store::{
    ActorId, GameId, Location, NewGame, Participant, Store, StoreConfig, SystemClock, UserRef,
    DEFAULT_WRITE_LANES,
};

#[path = "../tests/support/postgres.rs"]
#[allow(dead_code)]
mod postgres;

const RUNS: usize = 5;
/// Plies per game in the many-games runs (fewer if a game ends sooner).
const PLIES_PER_GAME: usize = 40;
/// Moves timed one by one in each lone-game run.
const LONE_MOVES: usize = 300;

/// A small xorshift generator, so that the games differ but the bench needs
/// no RNG dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A legal game of at most `plies` plies from the start position, as ICCS
/// moves, chosen pseudo-randomly from `seed`.
fn legal_game(seed: u64, plies: usize) -> Vec<String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = Game::new(Position::startpos());
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(rng.next() % legal.len() as u64) as usize];
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv.to_string());
    }
    moves
}

/// Where the store under test lives.
#[derive(Clone)]
enum Target {
    Sqlite,
    /// A server's base URL (each run gets a new database on it), and the
    /// writer's lanes.
    Postgres(String, u32),
}

impl Target {
    fn name(&self) -> String {
        match self {
            Target::Sqlite => "SQLite".to_owned(),
            Target::Postgres(_, 1) => "PostgreSQL, 1 writer lane".to_owned(),
            Target::Postgres(_, lanes) => format!("PostgreSQL, {lanes} writer lanes"),
        }
    }
}

/// A new store on `target`, with the directory that holds it (SQLite).
async fn open(target: &Target) -> (tempfile::TempDir, Store) {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = match target {
        Target::Sqlite => StoreConfig::new(format!(
            "sqlite://{}",
            dir.path().join("bench.db").display()
        )),
        Target::Postgres(base, lanes) => {
            let mut config = StoreConfig::new(postgres::create_database(base).await);
            config.write_lanes = *lanes;
            config
        }
    };
    config.read_connections = 2;
    let store = Store::open_with(config, Arc::new(SystemClock))
        .await
        .unwrap();
    (dir, store)
}

async fn new_game(store: &Store) -> GameId {
    store
        .create_game(NewGame {
            location: Location::channel("bench"),
            red: Participant::User(UserRef::new("1", "Red")),
            black: Participant::User(UserRef::new("2", "Black")),
            start_fen: None,
            rated: true,
            time_control: xiangqi_bot::store::TimeControl::Untimed,
        })
        .await
        .unwrap()
        .id
}

fn mover(ply: usize) -> ActorId {
    ActorId::user(if ply.is_multiple_of(2) { "1" } else { "2" })
}

/// Moves/s for `games` games played at once, each its own task, and the
/// writer's moves per commit.
async fn many_games(target: &Target, games: usize, seed: u64) -> (f64, f64) {
    let (_dir, store) = open(target).await;
    let mut played = Vec::with_capacity(games);
    for g in 0..games {
        played.push((
            new_game(&store).await,
            legal_game(seed + g as u64, PLIES_PER_GAME),
        ));
    }
    let total: usize = played.iter().map(|(_, moves)| moves.len()).sum();
    let before = store.writer_stats();
    let started = Instant::now();
    let tasks: Vec<_> = played
        .into_iter()
        .map(|(id, moves)| {
            let store = store.clone();
            tokio::spawn(async move {
                for (ply, mv) in moves.iter().enumerate() {
                    store
                        .apply_move(id, ply as u32, mv, &mover(ply))
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let rate = total as f64 / started.elapsed().as_secs_f64();
    let after = store.writer_stats();
    let per_commit =
        (after.writes - before.writes) as f64 / (after.batches - before.batches) as f64;
    store.close().await;
    (rate, per_commit)
}

/// Each move's latency for one game alone (new games as old ones end).
async fn lone_game(target: &Target, seed: u64) -> Vec<Duration> {
    let (_dir, store) = open(target).await;
    let mut latencies = Vec::with_capacity(LONE_MOVES);
    let mut round = 0;
    while latencies.len() < LONE_MOVES {
        let id = new_game(&store).await;
        for (ply, mv) in legal_game(seed + round, LONE_MOVES - latencies.len())
            .iter()
            .enumerate()
        {
            let started = Instant::now();
            store
                .apply_move(id, ply as u32, mv, &mover(ply))
                .await
                .unwrap();
            latencies.push(started.elapsed());
        }
        round += 1;
    }
    store.close().await;
    latencies
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut sqlite = vec![Target::Sqlite];
    let mut postgres = Vec::new();
    let server = match std::env::var("XIANGQI_BENCH_PG_URL") {
        Ok(url) => Ok((url, None)),
        Err(_) => postgres::Cluster::start(true).map(|c| (c.base_url.clone(), Some(c))),
    };
    // Kept alive (the server stops with it) until the end of main.
    let _cluster = match server {
        Ok((url, cluster)) => {
            postgres.push(Target::Postgres(url.clone(), 1));
            postgres.push(Target::Postgres(url, DEFAULT_WRITE_LANES));
            cluster
        }
        Err(why) => {
            println!("PostgreSQL not measured: {why}");
            None
        }
    };
    for targets in [&mut sqlite, &mut postgres] {
        if !targets.is_empty() {
            bench(&runtime, targets);
        }
    }
}

/// Measures `targets` in turns: each run of one is followed by a run of
/// each other, so a burst of load lands on all of them.
fn bench(runtime: &tokio::runtime::Runtime, targets: &[Target]) {
    for games in [64, 200] {
        let mut rates = vec![Vec::new(); targets.len()];
        let mut per_commit = vec![Vec::new(); targets.len()];
        for run in 0..RUNS {
            for (t, target) in targets.iter().enumerate() {
                let (rate, grouped) =
                    runtime.block_on(many_games(target, games, 1000 * run as u64));
                rates[t].push(rate);
                per_commit[t].push(grouped);
            }
        }
        for (t, target) in targets.iter().enumerate() {
            let mid = median(&mut rates[t]);
            println!(
                "store apply_move, {}, durable, {games:>3} games at once: median {mid:>6.0} moves/s \
                 (min {:.0}, max {:.0}; {RUNS} runs of up to {} moves), median {:.1} moves per commit",
                target.name(),
                rates[t][0],
                rates[t][RUNS - 1],
                games * PLIES_PER_GAME,
                median(&mut per_commit[t]),
            );
        }
    }
    for target in targets {
        let mut medians = Vec::new();
        let mut p90s = Vec::new();
        for run in 0..RUNS {
            let mut latencies = runtime.block_on(lone_game(target, 7 + run as u64));
            latencies.sort();
            medians.push(latencies[latencies.len() / 2].as_secs_f64() * 1e3);
            p90s.push(latencies[latencies.len() * 9 / 10].as_secs_f64() * 1e3);
        }
        let mid = median(&mut medians);
        let p90 = median(&mut p90s);
        println!(
            "store apply_move, {}, durable, one game alone: median latency {mid:.2} ms (per-run medians \
             {:.2}–{:.2}), p90 {p90:.2} ms, about {:.0} moves/s; {RUNS} runs of {LONE_MOVES} moves",
            target.name(),
            medians[0],
            medians[RUNS - 1],
            1e3 / mid,
        );
    }
}
