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

impl DiscordProcess {
    pub fn start(stand_in: &StandIn, database: &str, shards: &str, boards: &Path) -> Self {
        let mut command = bot_binary();
        command
            .args(["discord", "--shards", shards])
            .env("DATABASE_URL", database)
            .env("DISCORD_TOKEN", "stand-in-token")
            .env("DISCORD_API_PROXY", stand_in.rest_base())
            // A short lease: a killed process's move is taken over in seconds.
            .env("XIANGQI_ENGINE_LEASE_SECS", "2")
            .env("XIANGQI_ENGINE_THREADS", "1")
            .env("XIANGQI_BOARD_DIR", boards)
            .env("RUST_LOG", "warn")
            .env_remove("DISCORD_GUILD_ID")
            .env_remove("DISCORD_SHARDS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        DiscordProcess(command.spawn().expect("the binary starts"))
    }
}

impl Drop for DiscordProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
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
        let all = self.latencies();
        all[((all.len() - 1) as f64 * q).round() as usize]
    }
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
    for ply in 0..plan.moves_each {
        if !matches!(game.status(), GameStatus::Ongoing) {
            break;
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
        let reply = bot_move_in(answer.content()).expect("checked above");
        let parsed = notation::parse_move(game.position(), &reply)
            .unwrap_or_else(|e| panic!("the bot's {reply} in #{id} is not legal: {e}"));
        game.play(parsed.mv).expect("a parsed move is legal");
        moves.push(reply);
    }
    PlayedGame { id, moves, answers }
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
