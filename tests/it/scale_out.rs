//! Several bot processes on one database, and stopping one: the built binary
//! told to stop (SIGTERM) while the bot thinks either finishes that move or
//! releases it, and a restart makes a released move at once; two `discord`
//! processes on two shard ranges against the stand-in, on one PostgreSQL,
//! each answer their shard's events, and when the one thinking for the bot
//! is killed the other makes that move once the lease runs out.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::load::{self, DiscordProcess, Plan};
use crate::support::{bot_binary, run_with_stdin, spawn_piped};

/// A bot process whose stdout and stderr are read line by line as they come.
struct Running {
    child: Child,
    out: Lines,
    log: Lines,
}

/// The lines one of the process's streams has written: read on a thread of
/// their own, and kept once received.
struct Lines {
    incoming: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Lines {
    fn of(from: impl std::io::Read + Send + 'static) -> Lines {
        let (send, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(from).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            incoming,
            seen: Vec::new(),
        }
    }

    /// Receives lines until one contains `needle`; fails with everything
    /// seen.
    fn wait_for(&mut self, needle: &str, within: Duration) {
        let deadline = Instant::now() + within;
        while !self.seen.iter().any(|line| line.contains(needle)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(_) => panic!("no {needle:?} within {within:?}:\n{}", self.text()),
            }
        }
    }

    /// Everything the stream wrote, once the process has exited.
    fn rest(&mut self) -> String {
        while let Ok(line) = self.incoming.recv_timeout(Duration::from_secs(1)) {
            self.seen.push(line);
        }
        self.text()
    }

    fn text(&self) -> String {
        self.seen.join("\n")
    }
}

impl Running {
    fn spawn(command: Command) -> Running {
        let mut child = spawn_piped(command);
        let out = Lines::of(child.stdout.take().expect("its stdout"));
        let log = Lines::of(child.stderr.take().expect("its stderr"));
        Running { child, out, log }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().expect("its stdin");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads output until a line contains `needle`; fails with everything seen.
    fn wait_for(&mut self, needle: &str, within: Duration) {
        self.out.wait_for(needle, within);
    }

    /// Reads the log (stderr) until a line contains `needle`.
    fn wait_for_log(&mut self, needle: &str, within: Duration) {
        self.log.wait_for(needle, within);
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([format!("-{name}"), self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits for the process to exit; returns its status and all its output.
    fn finish(mut self, within: Duration) -> (ExitStatus, String, String) {
        let deadline = Instant::now() + within;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("still running after {within:?}:\n{}", self.out.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        (status, self.out.rest(), self.log.rest())
    }
}

fn console(db: &Path, boards: &Path) -> Command {
    let mut command = bot_binary();
    command
        .args(["console", "--user", "carol", "--db"])
        .arg(db)
        .arg("--board-dir")
        .arg(boards)
        .env("RUST_LOG", "info")
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("XIANGQI_SHUTDOWN_GRACE_SECS")
        .env_remove("XIANGQI_ENGINE_LEASE_SECS");
    command
}

/// The bot's first move in game #1 at level 20 (2 million nodes, about a
/// second of search).
const BOT_MOVED: &str = "#1 · xiangqi-bot (level 20) (Red):";

#[test]
fn sigterm_while_the_bot_thinks_releases_the_move_and_a_restart_makes_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("games.db"), dir.path().join("boards"));
    let mut command = console(&db, &boards);
    // No grace: the search is stopped and its move released at once.
    command.env("XIANGQI_SHUTDOWN_GRACE_SECS", "0");
    let mut first = Running::spawn(command);
    first.send("play black 20\n");
    first.wait_for("The bot moves first", Duration::from_secs(30));
    std::thread::sleep(Duration::from_millis(300));
    let stopping = Instant::now();
    first.signal("TERM");
    let (status, out, err) = first.finish(Duration::from_secs(10));
    assert!(status.success(), "{status:?}\n{out}\n{err}");
    assert!(
        stopping.elapsed() < Duration::from_secs(3),
        "stopped without waiting for the search: {:?}",
        stopping.elapsed()
    );
    assert!(
        !out.contains(BOT_MOVED),
        "a move cut short is not played:\n{out}"
    );
    assert!(err.contains("SIGTERM"), "{err}");

    // The lease is 30 s; the move is made at once because it was released.
    let restarted = Instant::now();
    let mut restart = console(&db, &boards);
    restart.env("XIANGQI_SHUTDOWN_GRACE_SECS", "0");
    let output = run_with_stdin(restart, "board\n");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(out.contains(BOT_MOVED), "{out}");
    assert!(restarted.elapsed() < Duration::from_secs(20));
}

#[test]
fn sigterm_with_a_grace_time_lets_the_bot_finish_its_move_first() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("games.db"), dir.path().join("boards"));
    let mut command = console(&db, &boards);
    command.env("XIANGQI_SHUTDOWN_GRACE_SECS", "20");
    let mut first = Running::spawn(command);
    first.send("play black 20\n");
    first.wait_for("The bot moves first", Duration::from_secs(30));
    first.signal("TERM");
    // Once it says it is stopping, it reads no more commands: this one is
    // never answered. (Sent before that, it could be read first: the signal
    // reaches the process on its own time.)
    first.wait_for_log("SIGTERM", Duration::from_secs(10));
    first.send("history\n");
    let (status, out, err) = first.finish(Duration::from_secs(30));
    assert!(status.success(), "{status:?}\n{out}\n{err}");
    assert!(
        out.contains(BOT_MOVED),
        "the move in progress is finished:\n{out}"
    );
    assert!(
        !out.contains("no finished games"),
        "no command after the signal:\n{out}"
    );
}

/// Two bot processes, on shards 0 and 1 of 2, share one PostgreSQL: a
/// command in the guild (on the guild's shard) and one in a DM (shard 0)
/// are each answered; then the process thinking for the bot is killed with
/// SIGKILL and the other makes that move once its lease (2 s) runs out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_answer_both_and_one_takes_over_a_killed_ones_move() {
    use crate::support::stand_in::{StandIn, TestUser, GUILD_ID};
    if crate::support::postgres::server().is_none() {
        return;
    }
    let database = crate::support::postgres::fresh_database()
        .await
        .expect("a database on the test server");
    let dir = tempfile::tempdir().unwrap();
    let stand_in = StandIn::start().await;
    let guild_shard = (GUILD_ID >> 22) % 2;
    let other_shard = 1 - guild_shard;
    let mut guild_process = Some(DiscordProcess::start(
        &stand_in,
        &database,
        &format!("{guild_shard}/2"),
        &dir.path().join("a"),
    ));
    let _dm_process = DiscordProcess::start(
        &stand_in,
        &database,
        &format!("{other_shard}/2"),
        &dir.path().join("b"),
    );
    let wait = Duration::from_secs(30);
    stand_in.wait_identified(2, wait).await;
    assert_eq!(stand_in.connected_shards(), vec![[0, 2], [1, 2]]);

    let alice = TestUser::new(1001, "alice");
    let bob = TestUser::new(1002, "bob");
    let lobby = stand_in.new_id();
    let dm = stand_in.new_id();
    stand_in.mark_dm(dm);
    let from = stand_in.call_count();
    stand_in.send_message(&bob, dm, "!xq play red 1").await;
    stand_in
        .wait_for("a game started in the DM (shard 0)", from, wait, |c| {
            c.channel == Some(dm) && c.content().contains("bob, your move")
        })
        .await;

    // Alice moves first against level 20, which thinks about a second: the
    // guild's process claims that move as it stores hers, and is killed
    // while it thinks.
    let from = stand_in.call_count();
    stand_in
        .send_message(&alice, lobby, "!xq play red 20")
        .await;
    let start = stand_in
        .wait_for("the game's start in its thread", from, wait, |c| {
            c.content().contains("alice, your move")
        })
        .await;
    let thread = start.channel.expect("the start is posted in a channel");
    let from = stand_in.call_count();
    stand_in.send_message(&alice, thread, "h2e2").await;
    stand_in
        .wait_for(
            "alice's move, shown while the bot thinks",
            from,
            wait,
            |c| c.content().contains("alice (Red): "),
        )
        .await;
    let guild_pid = guild_process.as_ref().unwrap().0.id();
    let store = xiangqi_bot::store::Store::open(&database).await.unwrap();
    let jobs = store.engine_jobs().await.unwrap();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    let owner = jobs[0].owner.clone().unwrap_or_default();
    assert!(
        owner.starts_with(&format!("{guild_pid}-")),
        "the guild's process thinks: {owner}"
    );
    let killed = Instant::now();
    drop(guild_process.take());
    let moved = stand_in
        .wait_for(
            "the bot's move, made by the other process",
            from,
            wait,
            |c| c.content().contains("xiangqi-bot (level 20) (Black):"),
        )
        .await;
    let took = killed.elapsed();
    // Two seconds of lease, a second at most for the worker to look, then
    // three of search.
    assert!(took < Duration::from_secs(15), "{took:?}");
    assert!(moved.shows_message(), "{}", moved.content());
    let games = store.live_games_of_user("1001").await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ply, 2, "alice's move and exactly one of the bot's");
    assert!(store.engine_jobs().await.unwrap().is_empty());
    store.close().await;
}

/// 200 people play the bot at once across two processes on one PostgreSQL:
/// every other player in a DM (shard 0), the rest in the guild (its shard),
/// so each process takes its shard's games. Every move is answered, and
/// each game's stored moves are exactly the moves its posts showed, in
/// order: none lost, none twice. Prints (with `--nocapture`) the latency
/// from a move to the bot's answer; level 1 searches one ply (microseconds),
/// so that latency is all beyond the search. Timings are not asserted on a
/// shared machine; `cargo bench --bench scale` measures throughput.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_games_across_two_processes_lose_no_move() {
    use crate::support::stand_in::StandIn;
    use std::sync::Arc;
    use xiangqi_bot::store::{GameId, Store};
    if crate::support::postgres::server().is_none() {
        return;
    }
    let database = crate::support::postgres::fresh_database()
        .await
        .expect("a database on the test server");
    let dir = tempfile::tempdir().unwrap();
    let stand_in = Arc::new(StandIn::start().await);
    let _first = DiscordProcess::start(&stand_in, &database, "0/2", &dir.path().join("a"));
    let _second = DiscordProcess::start(&stand_in, &database, "1/2", &dir.path().join("b"));
    stand_in.wait_identified(2, Duration::from_secs(30)).await;

    let plan = Plan {
        games: 200,
        moves_each: 3,
        level: 1,
        dm_every: 2,
        think: None,
    };
    let outcome = load::play(stand_in.clone(), plan, 5_000).await;
    let answered = outcome.latencies().len();
    assert!(answered >= 200 * 2, "{answered} answers");

    let store = Store::open(&database).await.unwrap();
    for game in &outcome.games {
        let (_, stored) = store.game_with_moves(GameId(game.id)).await.unwrap();
        let stored: Vec<String> = stored.iter().map(|m| m.iccs.to_string()).collect();
        assert_eq!(stored, game.moves, "game #{}", game.id);
    }
    store.close().await;
    println!(
        "\n200 games across two processes: {answered} bot moves in {:.1} s ({:.0}/s); \
         move -> answer p50 {:.1} ms, p99 {:.1} ms; {} answers posted apart from their move",
        outcome.wall.as_secs_f64(),
        outcome.answers_per_second(),
        outcome.quantile(0.5).as_secs_f64() * 1e3,
        outcome.quantile(0.99).as_secs_f64() * 1e3,
        outcome.apart(),
    );
}
