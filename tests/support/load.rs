//! Many people playing the bot at once through the stand-in Discord, against
//! however many bot processes serve it: the two-process load test and the
//! scale benchmark (`benches/scale.rs`) both play through this.
//!
//! Each player has a channel of their own, in the guild or a DM (so a plan
//! can put games on every shard: the guild is on one, DMs on shard 0),
//! starts a game against the bot with `!xq play red LEVEL`, and plays legal
//! moves, each as soon as the bot's answer is posted. One watcher reads the
//! stand-in's calls once, in order, and hands each player the posts of its
//! own channel, so a thousand waiting players cost no more than one.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use xiangqi_bot::rules::{notation, Game, GameStatus, Position};

use super::bot_binary;
use super::stand_in::{RestCall, StandIn, TestUser};

/// How long one player waits for one post before the run fails.
const WAIT: Duration = Duration::from_secs(60);

/// A bot process in Discord mode against the stand-in, on the shards
/// `shards` (`FIRST-END/TOTAL` or `SHARD/TOTAL`) and `database`; killed when
/// dropped.
pub struct DiscordProcess(pub Child);

/// How a bot process is started beyond its shards and database.
#[derive(Clone, Debug, Default)]
pub struct ProcessSettings {
    /// `XIANGQI_ENGINE_THREADS`; the bot's default (the cores) when `None`.
    pub engine_threads: Option<u32>,
    /// `XIANGQI_ENGINE_LEASE_SECS`; the bot's default when `None`.
    pub lease_secs: Option<f64>,
    /// Where the process's log goes, with each bot move's timing line
    /// (`move timing`, at debug level); inherited stderr at `warn` when `None`.
    pub timing_log: Option<std::path::PathBuf>,
    /// `XIANGQI_USER_RATE`; the bot's default (what users get) when `None`.
    /// Players who answer faster than a person (a capacity run) need `"0"`.
    pub user_rate: Option<&'static str>,
    /// `XIANGQI_METRICS_ADDR`: where the process serves `/metrics`,
    /// `/healthz` and `/readyz`; not served when `None`.
    pub metrics_addr: Option<std::net::SocketAddr>,
}

impl ProcessSettings {
    /// What the load tests have used: one engine thread, and a short lease
    /// so that a killed process's move is taken over in seconds.
    pub fn one_thread_short_lease() -> ProcessSettings {
        ProcessSettings {
            engine_threads: Some(1),
            lease_secs: Some(2.0),
            timing_log: None,
            user_rate: None,
            metrics_addr: None,
        }
    }
}

impl DiscordProcess {
    pub fn start(stand_in: &StandIn, database: &str, shards: &str, boards: &Path) -> Self {
        Self::start_with(
            stand_in,
            database,
            shards,
            boards,
            &ProcessSettings::one_thread_short_lease(),
        )
    }

    pub fn start_with(
        stand_in: &StandIn,
        database: &str,
        shards: &str,
        boards: &Path,
        settings: &ProcessSettings,
    ) -> Self {
        let mut command = bot_binary();
        command
            .args(["discord", "--shards", shards])
            .env("DATABASE_URL", database)
            .env("DISCORD_TOKEN", "stand-in-token")
            .env("DISCORD_API_PROXY", stand_in.rest_base())
            .env("XIANGQI_BOARD_DIR", boards)
            .env_remove("XIANGQI_ENGINE_THREADS")
            .env_remove("XIANGQI_ENGINE_LEASE_SECS")
            .env_remove("XIANGQI_USER_RATE")
            .env_remove("XIANGQI_METRICS_ADDR")
            .env_remove("DISCORD_GUILD_ID")
            .env_remove("DISCORD_SHARDS")
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        if let Some(threads) = settings.engine_threads {
            command.env("XIANGQI_ENGINE_THREADS", threads.to_string());
        }
        if let Some(rate) = settings.user_rate {
            command.env("XIANGQI_USER_RATE", rate);
        }
        if let Some(addr) = settings.metrics_addr {
            command.env("XIANGQI_METRICS_ADDR", addr.to_string());
        }
        if let Some(lease) = settings.lease_secs {
            command.env("XIANGQI_ENGINE_LEASE_SECS", lease.to_string());
        }
        match &settings.timing_log {
            Some(path) => {
                let file = std::fs::File::create(path).expect("the timing log opens");
                command
                    .env("RUST_LOG", "warn,xiangqi_bot::bot::services::timing=debug")
                    .env("NO_COLOR", "1")
                    .stderr(file);
            }
            None => {
                command.env("RUST_LOG", "warn").stderr(Stdio::inherit());
            }
        }
        DiscordProcess(command.spawn().expect("the binary starts"))
    }

    /// The CPU time (user and system) the process has used so far, from
    /// `/proc` (Linux); `None` elsewhere.
    #[allow(dead_code, reason = "the latency bench's, not the tests'")]
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.0.id())).ok()?;
        // The fields after the command's name, which is in parentheses and
        // may hold spaces: utime and stime are the 12th and 13th of them.
        let after_name = &stat[stat.rfind(')')? + 2..];
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        // The kernel's clock ticks are 100 a second on every Linux build here.
        Some(Duration::from_millis(ticks * 10))
    }
}

impl Drop for DiscordProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The search time of each bot move a timing log names, by game, in order
/// (the `move timing` lines: `game=… search_us=…`).
#[allow(dead_code, reason = "the latency bench's, not the tests'")]
pub fn search_times(log: &Path) -> HashMap<i64, Vec<Duration>> {
    let mut by_game: HashMap<i64, Vec<Duration>> = HashMap::new();
    for line in timing_lines(log) {
        if let (Some(game), Some(search)) = (
            timing_field(&line, "game"),
            timing_field(&line, "search_us"),
        ) {
            by_game
                .entry(game as i64)
                .or_default()
                .push(Duration::from_micros(search));
        }
    }
    by_game
}

/// One phase's time (`store`, `engine_wait`, `search`, `render`, `post` or
/// `total`) of every bot move a timing log names, sorted.
#[allow(dead_code, reason = "the latency bench's, not the tests'")]
pub fn phase_times(log: &Path, phase: &str) -> Vec<Duration> {
    let field = format!("{phase}_us");
    let mut all: Vec<Duration> = timing_lines(log)
        .iter()
        .filter_map(|line| timing_field(line, &field))
        .map(Duration::from_micros)
        .collect();
    all.sort();
    all
}

/// The `move timing` lines of a timing log.
fn timing_lines(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines()
        .filter(|l| l.contains("move timing"))
        .map(str::to_owned)
        .collect()
}

/// The number after `name=` in a timing line.
fn timing_field(line: &str, name: &str) -> Option<u64> {
    let at = line.find(&format!(" {name}="))? + name.len() + 2;
    line[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub games: usize,
    /// The player's moves in each game (fewer when the game ends sooner).
    pub moves_each: usize,
    pub level: u8,
    /// Every how many players one plays in a DM rather than in the guild
    /// (0: none).
    pub dm_every: usize,
    /// How long a player thinks before each move, drawn evenly from this
    /// range (seeded by the player); `None`: each move as soon as the bot's
    /// answer is posted (a capacity run).
    pub think: Option<(Duration, Duration)>,
}

/// What one game saw.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub id: i64,
    /// Every move, the player's and the bot's, in ICCS, as the posts showed
    /// them.
    pub moves: Vec<String>,
    /// For each of the player's moves: from sending it to the post of the
    /// bot's answer.
    pub answers: Vec<Duration>,
    /// How many of those answers were posted apart from the player's move
    /// (after a post showing the move alone) rather than in one message.
    pub apart: usize,
}

/// What a run saw.
#[derive(Debug)]
pub struct Outcome {
    pub games: Vec<PlayedGame>,
    /// From the first game asked for to the last answer.
    pub wall: Duration,
}

impl Outcome {
    /// Every answer's latency, sorted.
    pub fn latencies(&self) -> Vec<Duration> {
        let mut all: Vec<Duration> = self
            .games
            .iter()
            .flat_map(|g| g.answers.iter().copied())
            .collect();
        all.sort();
        all
    }

    /// The bot's moves answered per second over the run.
    pub fn answers_per_second(&self) -> f64 {
        self.latencies().len() as f64 / self.wall.as_secs_f64()
    }

    /// The latency at quantile `q` (0 to 1).
    pub fn quantile(&self, q: f64) -> Duration {
        quantile(&self.latencies(), q)
    }

    /// The answers posted apart from the player's move.
    pub fn apart(&self) -> usize {
        self.games.iter().map(|g| g.apart).sum()
    }

    /// Every answer's latency beyond the bot's own search for it, sorted,
    /// with each search's time from the bot's timing logs (`searches`, by
    /// game and in order); an answer whose search is not in the logs counts
    /// whole.
    #[allow(dead_code, reason = "the latency bench's, not the tests'")]
    pub fn beyond_search(&self, searches: &HashMap<i64, Vec<Duration>>) -> Vec<Duration> {
        let mut all: Vec<Duration> = self
            .games
            .iter()
            .flat_map(|game| {
                let searched = searches.get(&game.id).map(Vec::as_slice).unwrap_or(&[]);
                game.answers.iter().enumerate().map(move |(i, answer)| {
                    answer.saturating_sub(searched.get(i).copied().unwrap_or_default())
                })
            })
            .collect();
        all.sort();
        all
    }
}

/// The value at quantile `q` (0 to 1) of `sorted`.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Posts by the channel they show in (a thread's posts under the thread).
type Routes = Arc<Mutex<HashMap<u64, mpsc::UnboundedSender<RestCall>>>>;

/// Plays `plan` through `stand_in`, whose bot processes must be running and
/// connected; the players are users `first_user`, `first_user + 1`, ….
pub async fn play(stand_in: Arc<StandIn>, plan: Plan, first_user: u64) -> Outcome {
    let routes: Routes = Arc::default();
    let watcher = tokio::spawn(watch(stand_in.clone(), routes.clone()));
    let started = Instant::now();
    let players: Vec<_> = (0..plan.games)
        .map(|i| {
            let (stand_in, routes) = (stand_in.clone(), routes.clone());
            let in_dm = plan.dm_every > 0 && i % plan.dm_every == 0;
            let user = TestUser::new(first_user + i as u64, &format!("player{i}"));
            tokio::spawn(async move { play_one(&stand_in, &routes, user, in_dm, i, plan).await })
        })
        .collect();
    let mut games = Vec::with_capacity(plan.games);
    for player in players {
        games.push(player.await.expect("a player's task"));
    }
    let wall = started.elapsed();
    watcher.abort();
    Outcome { games, wall }
}

/// Reads every call once, in order, and sends each post that shows a message
/// to the player of its channel (or of the channel its thread is in).
async fn watch(stand_in: Arc<StandIn>, routes: Routes) {
    let mut next = 0;
    loop {
        let Some(call) = stand_in
            .try_wait_for(next, Duration::from_secs(3600), |_| true)
            .await
        else {
            continue;
        };
        next += 1;
        if !call.shows_message() {
            continue;
        }
        let Some(channel) = call.channel else {
            continue;
        };
        let routes = routes.lock().unwrap();
        let to = routes.get(&channel).or_else(|| {
            stand_in
                .thread_parent(channel)
                .and_then(|parent| routes.get(&parent))
        });
        if let Some(to) = to {
            let _ = to.send(call);
        }
    }
}

/// The next post for this player that satisfies `wanted`.
async fn next_post(
    posts: &mut mpsc::UnboundedReceiver<RestCall>,
    what: &str,
    wanted: impl Fn(&RestCall) -> bool,
) -> RestCall {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match tokio::time::timeout_at(deadline, posts.recv()).await {
            Ok(Some(call)) if wanted(&call) => return call,
            Ok(Some(_)) => continue,
            _ => panic!("no post within {WAIT:?}: {what}"),
        }
    }
}

async fn play_one(
    stand_in: &StandIn,
    routes: &Routes,
    user: TestUser,
    in_dm: bool,
    index: usize,
    plan: Plan,
) -> PlayedGame {
    let channel = stand_in.new_id();
    if in_dm {
        stand_in.mark_dm(channel);
    }
    let (send, mut posts) = mpsc::unbounded_channel();
    routes.lock().unwrap().insert(channel, send);
    stand_in
        .send_message(&user, channel, &format!("!xq play red {}", plan.level))
        .await;
    let start = next_post(&mut posts, &format!("{}'s game", user.name), |c| {
        without_pings(c.content()).starts_with("Game #")
    })
    .await;
    let id = game_id(start.content());
    let here = start.channel.expect("a post shows in a channel");
    let mut game = Game::new(Position::startpos());
    let mut moves = Vec::new();
    let mut answers = Vec::new();
    let mut apart = 0;
    let mut thinking = xiangqi_bot::rng::SplitMix64::new(0x5eed ^ index as u64);
    for ply in 0..plan.moves_each {
        if !matches!(game.status(), GameStatus::Ongoing) {
            break;
        }
        if let Some((least, most)) = plan.think {
            let spread = (most - least).as_millis() as u64;
            let pause = least + Duration::from_millis(thinking.below(spread.max(1)));
            tokio::time::sleep(pause).await;
        }
        let legal = game.position().legal_moves();
        let mv = legal[(index * 31 + ply * 7) % legal.len()];
        let sent = Instant::now();
        stand_in.send_message(&user, here, &mv.to_string()).await;
        game.play(mv).expect("a legal move");
        moves.push(mv.to_string());
        if !matches!(game.status(), GameStatus::Ongoing) {
            break;
        }
        let prefix = format!("#{id} · ");
        let answer = next_post(&mut posts, &format!("the answer to {mv} in #{id}"), |c| {
            c.content().starts_with(&prefix) && bot_move_in(c.content()).is_some()
        })
        .await;
        answers.push(answer.at - sent);
        // One message shows both moves; an answer apart shows the bot's alone.
        if !answer.content().contains(&user.name) {
            apart += 1;
        }
        let reply = bot_move_in(answer.content()).expect("checked above");
        let parsed = notation::parse_move(game.position(), &reply)
            .unwrap_or_else(|e| panic!("the bot's {reply} in #{id} is not legal: {e}"));
        game.play(parsed.mv).expect("a parsed move is legal");
        moves.push(reply);
    }
    PlayedGame {
        id,
        moves,
        answers,
        apart,
    }
}

/// A message's text after the mentions it starts with (`<@1> <@2> Game #…`).
pub fn without_pings(text: &str) -> &str {
    let mut rest = text;
    while let Some(after) = rest.strip_prefix("<@") {
        match after.find('>') {
            Some(end) => rest = after[end + 1..].trim_start(),
            None => break,
        }
    }
    rest
}

/// "Game #12: …" or "#12 · …" → 12.
pub fn game_id(text: &str) -> i64 {
    let digits: String = without_pings(text)
        .trim_start_matches("Game ")
        .trim_start_matches('#')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no game id in {text:?}"))
}

/// The ICCS move of the bot's that a post announces, if it names one:
/// "#3 · alice (Red): h2e2 (…). xiangqi-bot (level 1) (Black): h7e7 (…)." or
/// "#3 · xiangqi-bot (level 1) (Red): h2e2 (…)." → the bot's move.
pub fn bot_move_in(text: &str) -> Option<String> {
    let (_, rest) = text.split_once("xiangqi-bot (level ")?;
    let (seat, after) = rest.split_once("): ")?;
    // "1) (Black": the level and the colour, nothing longer.
    if seat.len() > 12 {
        return None;
    }
    Some(after.chars().take(4).collect())
}
