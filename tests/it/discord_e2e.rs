//! End to end over Discord without Discord: the bot's real serenity client,
//! built by `bot::discord::build_client` exactly as in production except for
//! the REST base (and so the rate limiter), talks over loopback HTTP and
//! WebSocket to the stand-in in `support/stand_in.rs`. Each bot runs on its own
//! tokio runtime, so a test can kill it as a crash would and start another on
//! the same database. Every wait is bounded.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support;
use crate::support::load::{bot_move_in, game_id, without_pings};
use crate::support::shows_raw;
use crate::support::stand_in::{option, RestCall, ShownMessage, StandIn, TestUser, BOT_USER_ID};
use serde_json::json;
use serenity::all::{
    ClientBuilder, Context, EventHandler, GatewayIntents, HttpBuilder, Message, Ready, ShardManager,
};
use serenity::async_trait;
use tokio::sync::mpsc;
use xiangqi_bot::bot::{Bot, BotArgs, MoveTiming};
use xiangqi_bot::rules::{notation, Game, Position};
use xiangqi_bot::store::{GameId, Store};
use xiangqi_bot::transport::discord::{build_client, DiscordArgs};

/// The longest any single expected event may take (the engine at level 1
/// answers in milliseconds; this is for a loaded CI machine).
const WAIT: Duration = Duration::from_secs(30);

/// The stand-in itself speaks enough Discord for serenity: a bare client
/// connects, gets READY and receives an injected message, and a reply it
/// posts is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stand_in_serves_a_bare_serenity_client() {
    struct Forward(mpsc::UnboundedSender<String>);
    #[async_trait]
    impl EventHandler for Forward {
        async fn ready(&self, _: Context, ready: Ready) {
            let _ = self.0.send(format!("ready {}", ready.user.id));
        }
        async fn message(&self, ctx: Context, message: Message) {
            let _ = self.0.send(format!("message {}", message.content));
            let _ = message.channel_id.say(&ctx.http, "pong").await;
        }
    }

    let stand_in = StandIn::start().await;
    let http = HttpBuilder::new("stand-in-token")
        .proxy(stand_in.rest_base())
        .ratelimiter_disabled(true)
        .build();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut client = ClientBuilder::new_with_http(
        http,
        GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT,
    )
    .event_handler(Forward(tx))
    .await
    .expect("client builds");
    let shards = client.shard_manager.clone();
    let running = tokio::spawn(async move { client.start().await });

    let ready = tokio::time::timeout(WAIT, rx.recv())
        .await
        .expect("READY in time");
    assert_eq!(
        ready.as_deref(),
        Some(format!("ready {BOT_USER_ID}").as_str())
    );

    let alice = TestUser::new(11, "alice");
    let channel = stand_in.new_id();
    let from = stand_in.call_count();
    stand_in.send_message(&alice, channel, "ping").await;
    let got = tokio::time::timeout(WAIT, rx.recv())
        .await
        .expect("message in time");
    assert_eq!(got.as_deref(), Some("message ping"));
    let reply = stand_in
        .wait_for("the pong", from, WAIT, |c| c.shows_message())
        .await;
    assert_eq!(reply.content(), "pong");
    assert_eq!(reply.channel, Some(channel));

    shards.shutdown_all().await;
    let _ = tokio::time::timeout(WAIT, running).await;
}

// ------------------------------------------------------------------ harness

/// One bot process: the real client on its own runtime, as `xiangqi-bot
/// discord` would run it, pointed at the stand-in.
struct BotProcess {
    runtime: Option<tokio::runtime::Runtime>,
    shards: Arc<ShardManager>,
    /// The bot's core, to read where its moves spent their time.
    bot: Arc<Bot>,
}

/// `--rest-timeout-secs`: short, so that a call the stand-in holds is given
/// up and tried again within a test's patience, long enough for a loaded
/// machine's slowest answer.
const REST_TIMEOUT_SECS: f64 = 3.0;

/// How a test's bot is configured, where it differs from production.
#[derive(Clone, Copy)]
struct BotSettings {
    /// `--idle-hours`.
    idle_hours: f64,
    /// `--challenge-minutes`.
    challenge_minutes: f64,
    /// `--message-content`: whether the bot asks for the privileged intent.
    message_content: bool,
    /// `--answer-within-ms`: 0 defers every slash command at once.
    answer_within_ms: u64,
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        BotSettings {
            idle_hours: 72.0,
            challenge_minutes: 10.0,
            message_content: true,
            answer_within_ms: 1500,
        }
    }
}

impl BotProcess {
    async fn start(stand_in: &StandIn, db: &Path, settings: BotSettings) -> BotProcess {
        let BotSettings {
            idle_hours,
            challenge_minutes,
            message_content,
            answer_within_ms,
        } = settings;
        let args = DiscordArgs {
            bot: BotArgs {
                database_url: format!("sqlite://{}", db.display()),
                engine_threads: Some(2),
                idle_hours,
                challenge_minutes,
                // Short: a bot killed mid-think leaves its move to the next
                // one within seconds (the lease runs out), not half a minute.
                engine_lease_secs: 2.0,
                announce_grace_secs: 60.0,
                shutdown_grace_secs: 5.0,
                hints: true,
                lang: Default::default(),
                board_dir: db.with_extension("boards"),
                pieces: Default::default(),
                theme: Default::default(),
                // A tiny review budget: reviews in tests take milliseconds.
                review_nodes: 500,
                review_progress_secs: 5.0,
                // The limits users get.
                user_rate: "60/15".into(),
                user_heavy_rate: "4/3".into(),
                metrics_addr: None,
            },
            token: "stand-in-token".into(),
            guild: None,
            shards: None,
            message_content,
            api_proxy: Some(stand_in.rest_base().to_string()),
            answer_within_ms,
            rest_timeout_secs: REST_TIMEOUT_SECS,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime for the bot");
        let (tx, rx) = tokio::sync::oneshot::channel();
        runtime.spawn(async move {
            let bot = Arc::new(
                Bot::connect(&args.bot)
                    .await
                    .expect("the bot opens its store"),
            );
            let mut client = build_client(bot.clone(), &args)
                .await
                .expect("the client builds");
            let _ = tx.send((client.shard_manager.clone(), bot));
            if let Err(err) = client.start().await {
                eprintln!("bot client stopped: {err}");
            }
        });
        let (shards, bot) = tokio::time::timeout(WAIT, rx)
            .await
            .expect("the bot starts in time")
            .expect("the bot starts");
        BotProcess {
            runtime: Some(runtime),
            shards,
            bot,
        }
    }

    /// Stops the process at once, wherever it is, as a crash would: its tasks
    /// are dropped at their next await, its connections closed.
    fn kill(mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            let shards = self.shards.clone();
            runtime.spawn(async move { shards.shutdown_all().await });
            runtime.shutdown_background();
        }
    }
}

/// A stand-in Discord, a fresh database and a bot connected to both.
struct Harness {
    stand_in: StandIn,
    _dir: tempfile::TempDir,
    db: PathBuf,
    bot: Option<BotProcess>,
    /// Settings for the next bot started.
    settings: BotSettings,
    alice: TestUser,
    bob: TestUser,
    carol: TestUser,
}

impl Harness {
    async fn start() -> Harness {
        Harness::start_with(StandIn::start().await, BotSettings::default()).await
    }

    /// A bot that neither asks for nor is granted the privileged Message
    /// Content intent, as a larger bot Discord has not reviewed runs.
    async fn without_the_content_intent() -> Harness {
        let config = support::stand_in::StandInConfig {
            message_content_granted: false,
            ..Default::default()
        };
        let settings = BotSettings {
            message_content: false,
            ..BotSettings::default()
        };
        Harness::start_with(StandIn::start_with(config).await, settings).await
    }

    async fn start_with(stand_in: StandIn, settings: BotSettings) -> Harness {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("games.db");
        let mut harness = Harness {
            stand_in,
            _dir: dir,
            db,
            bot: None,
            settings,
            alice: TestUser::new(101, "alice"),
            bob: TestUser::new(102, "bob"),
            carol: TestUser::new(103, "carol"),
        };
        harness.start_bot(1).await;
        harness
    }

    /// Starts a bot and waits until it has identified for the `nth` time and
    /// registered its slash command (its READY handler ran).
    async fn start_bot(&mut self, nth: usize) {
        let from = self.stand_in.call_count();
        self.bot = Some(BotProcess::start(&self.stand_in, &self.db, self.settings).await);
        self.stand_in.wait_identified(nth, WAIT).await;
        let registered = self
            .stand_in
            .wait_for("slash command registration", from, WAIT, |c| {
                c.method == "PUT" && c.path.ends_with("/commands")
            })
            .await;
        let names: Vec<_> = registered
            .json
            .as_array()
            .expect("a command list")
            .iter()
            .map(|c| c["name"].as_str().unwrap_or("").to_string())
            .collect();
        assert_eq!(names, ["xiangqi", "Challenge to Xiangqi"]);
    }

    async fn store(&self) -> Store {
        Store::open(&format!("sqlite://{}", self.db.display()))
            .await
            .expect("the test opens the bot's database")
    }

    /// The next post after call `from` that shows a message in `channel`
    /// and satisfies `matches`.
    async fn post_in(
        &self,
        what: &str,
        from: usize,
        channel: u64,
        matches: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        self.stand_in
            .wait_for(what, from, WAIT, |c| {
                c.shows_message() && c.channel == Some(channel) && matches(c)
            })
            .await
    }

    /// `user` starts a game against the bot with `!xq play …` in a fresh
    /// channel; returns (game id, the thread it is played in).
    async fn start_bot_game(&self, user: &TestUser, args: &str) -> (i64, u64) {
        let channel = self.stand_in.new_id();
        let from = self.stand_in.call_count();
        self.stand_in
            .send_message(user, channel, &format!("!xq play {args}"))
            .await;
        let start = self
            .stand_in
            .wait_for("the game's first board", from, WAIT, |c| {
                c.shows_message()
                    && without_pings(c.content()).starts_with("Game #")
                    && !c.pngs().is_empty()
                    && c.channel.and_then(|t| self.stand_in.thread_parent(t)) == Some(channel)
            })
            .await;
        let thread = start.channel.expect("posted in a channel");
        assert_eq!(
            self.stand_in.thread_parent(thread),
            Some(channel),
            "the game got a thread"
        );
        (game_id(start.content()), thread)
    }

    /// `user` types `text` in `channel` and the bot answers there with a
    /// post containing `expected`; returns the call index the exchange
    /// started at, for looking at what was posted since.
    async fn exchange(&self, user: &TestUser, channel: u64, text: &str, expected: &str) -> usize {
        let from = self.stand_in.call_count();
        self.stand_in.send_message(user, channel, text).await;
        self.post_in(&format!("the answer to {text}"), from, channel, |c| {
            c.content().contains(expected)
        })
        .await;
        from
    }

    /// `user` types `text` in `channel`; waits for the post that echoes the
    /// move and returns the call index after which to look for more.
    async fn play(&self, user: &TestUser, channel: u64, text: &str, game: i64) -> RestCall {
        let from = self.stand_in.call_count();
        self.stand_in.send_message(user, channel, text).await;
        let mover = user.name.clone();
        self.post_in(&format!("{mover}'s move {text}"), from, channel, |c| {
            without_pings(c.content()).starts_with(&format!("#{game} · {mover}"))
        })
        .await
    }

    /// Alice challenges bob in `channel` with typed words, playing Red,
    /// and bob accepts: the game's id and the thread it is played in.
    async fn alice_plays_bob(&self, channel: u64) -> (i64, u64) {
        self.exchange(
            &self.alice,
            channel,
            &format!("!xq challenge {} red", self.bob.mention()),
            "challenges",
        )
        .await;
        let from = self.stand_in.call_count();
        self.stand_in
            .send_message(&self.bob, channel, "!xq accept")
            .await;
        let start = self
            .stand_in
            .wait_for("the game's start", from, WAIT, |c| {
                c.shows_message() && c.content().contains("Game #") && !c.pngs().is_empty()
            })
            .await;
        (game_id(start.content()), start.channel.expect("a channel"))
    }

    async fn stored_moves(&self, game: i64) -> Vec<String> {
        let store = self.store().await;
        let (_, moves) = store
            .game_with_moves(GameId(game))
            .await
            .expect("the game is stored");
        store.close().await;
        moves.iter().map(|m| m.iccs.to_string()).collect()
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        drop(self.bot.take());
    }
}

fn announced_move(text: &str) -> String {
    bot_move_in(text).unwrap_or_else(|| panic!("no move of the bot's in {text:?}"))
}

fn is_bot_move(call: &RestCall, game: i64) -> bool {
    call.shows_message()
        && call.content().starts_with(&format!("#{game} · "))
        && bot_move_in(call.content()).is_some()
        && !call.pngs().is_empty()
}

/// Replays ICCS moves from the start, panicking on an illegal one.
fn replay(moves: &[String]) -> Game {
    let mut game = Game::new(Position::startpos());
    for text in moves {
        let parsed = notation::parse_move(game.position(), text)
            .unwrap_or_else(|e| panic!("{text} is not legal after {moves:?}: {e}"));
        game.play(parsed.mv).expect("a parsed move is legal");
    }
    game
}

/// The PNG's width and height, decoding it whole.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let frame = reader
        .next_frame(&mut pixels)
        .expect("PNG data that decodes");
    (frame.width, frame.height)
}

fn assert_board(call: &RestCall) {
    let pngs = call.pngs();
    assert_eq!(pngs.len(), 1, "one board in {:?}", call.content());
    assert_eq!(
        png_size(&pngs[0].bytes),
        (
            xiangqi_bot::render::WIDTH as u32,
            xiangqi_bot::render::HEIGHT as u32
        )
    );
    // A plain attachment, not an embed image (mobile clients crop those).
    assert!(call
        .json
        .get("embeds")
        .is_none_or(|e| e.as_array().is_none_or(Vec::is_empty)));
}

// ---------------------------------------------------------------- scenarios

/// A server's settings and `abort` need the permissions Discord reports in
/// the interaction (`member.permissions`, a string bitfield): a member
/// without Manage Server is refused privately and changes nothing, one with
/// it changes the server's bot level, which the next `play` uses; a typed
/// `!xq` command, which carries no permissions, is pointed to the slash
/// command; without Manage Messages `abort` is refused, with it the game
/// ends aborted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_and_abort_need_the_permissions_discord_reports() {
    use support::stand_in::{perm, DEFAULT_MEMBER_PERMISSIONS};
    let h = Harness::start().await;
    h.stand_in.allow_threads(false);
    h.stand_in
        .add_member(&h.alice, None, DEFAULT_MEMBER_PERMISSIONS);
    h.stand_in.add_member(
        &h.bob,
        None,
        DEFAULT_MEMBER_PERMISSIONS | perm::MANAGE_GUILD | perm::MANAGE_MESSAGES,
    );
    let channel = h.stand_in.new_id();
    let set_level = || {
        vec![
            option("setting", 3, json!("server level")),
            option("value", 3, json!("5")),
        ]
    };

    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.alice, channel, "settings", set_level(), &[])
        .await;
    let refusal = h
        .stand_in
        .wait_for("alice's refusal", from, WAIT, |c| {
            c.is_ephemeral() && c.shows_message() && c.content().contains("Manage Server")
        })
        .await;
    assert!(
        !refusal.content().contains("is now"),
        "{}",
        refusal.content()
    );

    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, channel, "!xq settings server level 5")
        .await;
    h.stand_in
        .wait_for("the typed command's answer", from, WAIT, |c| {
            c.content().contains("/xiangqi") && c.content().contains("Manage Server")
        })
        .await;

    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.bob, channel, "settings", set_level(), &[])
        .await;
    h.stand_in
        .wait_for("bob's change", from, WAIT, |c| {
            c.is_ephemeral() && c.content().contains("is now 5")
        })
        .await;

    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.alice, channel, "play", vec![], &[])
        .await;
    let start = h
        .stand_in
        .wait_for("alice's game", from, WAIT, |c| {
            c.content().contains("Game #1")
        })
        .await;
    assert!(
        start.content().contains("(level 5)"),
        "the server's level: {}",
        start.content()
    );

    let abort = || vec![option("game", 4, json!(1))];
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.alice, channel, "abort", abort(), &[])
        .await;
    h.stand_in
        .wait_for("alice may not abort", from, WAIT, |c| {
            c.is_ephemeral() && c.content().contains("Manage Messages")
        })
        .await;
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.bob, channel, "abort", abort(), &[])
        .await;
    h.stand_in
        .wait_for("bob aborts", from, WAIT, |c| {
            c.content().contains("Game #1") && c.content().contains("was aborted by")
        })
        .await;
}

/// `/xiangqi play rated:false` and `/xiangqi challenge … rated:false`, with
/// the boolean option Discord registered: casual games, said to be casual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_false_starts_a_casual_game() {
    let h = Harness::start().await;
    h.stand_in.allow_threads(false);
    let command = h
        .stand_in
        .registered_commands()
        .into_iter()
        .find(|c| c.name == "xiangqi")
        .expect("registered");
    for sub in ["play", "challenge"] {
        let options = command.json["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == json!(sub))
            .unwrap()["options"]
            .clone();
        let rated = options
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == json!("rated"))
            .unwrap_or_else(|| panic!("{sub} has no rated option: {options}"))
            .clone();
        // 5: BOOLEAN.
        assert_eq!(rated["type"], json!(5), "{rated}");
        assert_eq!(rated["required"], json!(false), "{rated}");
    }
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "play",
            vec![
                option("level", 4, json!(1)),
                option("rated", 5, json!(false)),
            ],
            &[],
        )
        .await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    assert!(
        start.content().contains("Casual game"),
        "{}",
        start.content()
    );

    let elsewhere = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.bob,
            elsewhere,
            "challenge",
            vec![
                option("opponent", 9, json!(h.carol.id.to_string())),
                option("rated", 5, json!(false)),
            ],
            &[&h.carol],
        )
        .await;
    let made = h
        .stand_in
        .wait_for("the challenge", from, WAIT, |c| {
            c.shows_message() && c.content().contains("challenges")
        })
        .await;
    assert!(made.content().contains("Casual game"), "{}", made.content());
}

/// A slash command from a client set to Simplified Chinese (`zh-CN`) is
/// answered in Simplified Chinese, moves in Chinese notation first; the
/// registered command carries its descriptions and choices in `zh-CN`,
/// `zh-TW` and `vi`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zh_cn_client_is_answered_in_simplified_chinese() {
    let h = Harness::start().await;
    h.stand_in.allow_threads(false);
    let command = h
        .stand_in
        .registered_commands()
        .into_iter()
        .find(|c| c.name == "xiangqi")
        .expect("registered");
    let definition = &command.json;
    assert_eq!(
        definition["description_localizations"]["zh-CN"],
        json!("与机器人或其他人下中国象棋")
    );
    let play = definition["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|sub| sub["name"] == json!("play"))
        .unwrap();
    for locale in ["zh-CN", "zh-TW", "vi"] {
        assert!(
            play["description_localizations"][locale].is_string(),
            "{locale}"
        );
        let color = &play["options"][0];
        assert!(
            color["description_localizations"][locale].is_string(),
            "{locale}"
        );
        assert!(
            color["choices"][0]["name_localizations"][locale].is_string(),
            "{locale}"
        );
    }
    assert_eq!(
        play["options"][0]["choices"][0]["name_localizations"]["zh-TW"],
        json!("紅方（先走）")
    );
    // The subcommand's name is localized too; Discord still sends `play`,
    // the default name, when a zh-CN client invokes `/xiangqi 下棋`, which is
    // what `send_slash` below sends.
    assert_eq!(
        play["name_localizations"],
        json!({"zh-CN": "下棋", "zh-TW": "下棋", "vi": "chơi"})
    );

    h.stand_in.set_locale(&h.alice, "zh-CN");
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "play",
            vec![option("level", 4, json!(1))],
            &[],
        )
        .await;
    let ours = |c: &RestCall| c.interaction_token.as_deref() == Some(token.as_str());
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            ours(c) && c.shows_message()
        })
        .await;
    assert!(
        start.content().contains("轮到你走") && start.content().contains("（红方）"),
        "{}",
        start.content()
    );
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            channel,
            "move",
            vec![option("move", 3, json!("h2e2"))],
            &[],
        )
        .await;
    let answer = h
        .stand_in
        .wait_for("the moves", from, WAIT, |c| {
            c.content().contains("炮二平五 (h2e2)") && c.content().contains("xiangqi-bot")
        })
        .await;
    assert!(
        answer.content().contains("（黑方）"),
        "{}",
        answer.content()
    );
    // An error, too, is said in the client's language.
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            channel,
            "move",
            vec![option("move", 3, json!("a0a5"))],
            &[],
        )
        .await;
    let refusal = h
        .stand_in
        .wait_for("the refusal", from, WAIT, |c| {
            c.is_ephemeral() && c.shows_message()
        })
        .await;
    assert!(
        refusal.content().contains("请再试一次"),
        "{}",
        refusal.content()
    );
}

/// 1. `/xiangqi play` is acknowledged (deferred) before the engine thinks; a
/// follow-up carries the board, which decodes to the renderer's size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_play_is_answered_publicly_with_boards() {
    let h = Harness::start().await;
    // Without thread permission the game stays in the channel, so every
    // answer comes through the interaction itself.
    h.stand_in.allow_threads(false);
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "play",
            vec![
                option("color", 3, json!("black")),
                option("level", 4, json!(1)),
            ],
            &[],
        )
        .await;
    let ours = |c: &RestCall| c.interaction_token.as_deref() == Some(token.as_str());
    // The bot's move follows up; or, when the start-up sweep of games
    // waiting on the bot reached the new game first, comes as a message in
    // the channel. Either way it is public, in the channel.
    let bot_move = h
        .stand_in
        .wait_for("the bot's first move", from, WAIT, |c| {
            (ours(c) || c.channel == Some(channel))
                && c.content().contains("xiangqi-bot")
                && c.content().contains("): ")
        })
        .await;
    h.stand_in
        .wait_for("the game's start", from, WAIT, |c| ours(c))
        .await;
    let calls = h.stand_in.calls();
    let answers: Vec<&RestCall> = calls[from..].iter().filter(|c| ours(c)).collect();
    // The game's start came at once, so it is the initial response itself:
    // no "thinking…", and public.
    let start = answers[0];
    assert!(
        !answers.iter().any(|c| c.is_deferral()),
        "{}",
        h.stand_in.describe_calls(from)
    );
    assert!(start.path.ends_with("/callback") && start.shows_message());
    assert!(!start.is_ephemeral());
    assert!(
        start.content().contains("The bot moves first"),
        "{}",
        start.content()
    );
    assert_board(start);
    assert_eq!(bot_move.method, "POST");
    assert_eq!(bot_move.channel, Some(channel));
    assert!(!bot_move.is_ephemeral());
    assert_board(&bot_move);
    let shown = h.stand_in.interaction_messages(&token);
    assert!(!shown.is_empty() && shown.iter().all(|m| m.is_public()));
    let game = game_id(start.content());
    let played = announced_move(bot_move.content());
    let moves = h.stored_moves(game).await;
    assert_eq!(moves, [played]);
    replay(&moves);
}

/// 2. A bare move in the game's thread: one message names the move and the
/// bot's legal answer, with the board after both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bare_move_in_the_thread_gets_a_legal_answer_with_a_board() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let from = h.stand_in.call_count();
    let echo = h.play(&h.alice, thread, "h2e2", game).await;
    assert_board(&echo);
    assert!(
        echo.content()
            .starts_with(&format!("#{game} · alice (Red): h2e2 (C2=5")),
        "{}",
        echo.content()
    );
    let answer = h
        .post_in("the bot's answer", from, thread, |c| is_bot_move(c, game))
        .await;
    // A quick answer comes in the same message as the move, with one board.
    assert_eq!(
        answer.index,
        echo.index,
        "{}",
        h.stand_in.describe_calls(from)
    );
    assert_board(&answer);
    let reply = announced_move(answer.content());
    let moves = h.stored_moves(game).await;
    assert_eq!(moves, ["h2e2".to_string(), reply]);
    replay(&moves);
}

/// 3. An illegal move gets a clear error, typed or by slash command (then
/// ephemeral), and the stored game is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_moves_are_refused_clearly_and_change_nothing() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;

    let from = h.stand_in.call_count();
    // The rook's path up the a-file is blocked by its own pawn at a3.
    h.stand_in.send_message(&h.alice, thread, "a0a5").await;
    let refusal = h.post_in("the refusal", from, thread, |_| true).await;
    assert!(refusal.pngs().is_empty());
    assert!(
        refusal.content().contains("Try again"),
        "{}",
        refusal.content()
    );
    // Quoting the message, since ordinary messages cannot be ephemeral.
    assert!(refusal.json.get("message_reference").is_some());

    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            thread,
            "move",
            vec![option("move", 3, json!("a0a5"))],
            &[],
        )
        .await;
    // The refusal is the initial response, ephemeral: alice sees it, and
    // nothing of it shows in the thread for anyone else.
    h.stand_in
        .wait_until("the ephemeral refusal", WAIT, |shown| {
            shown.iter().any(|m| {
                m.interaction_token.as_deref() == Some(token.as_str())
                    && m.visible_to_user(h.alice.id)
                    && m.content.contains("Try again")
            })
        })
        .await;
    let shown = h.stand_in.interaction_messages(&token);
    assert!(
        shown.iter().all(|m| m.ephemeral && !m.loading),
        "{}",
        h.stand_in.describe_messages()
    );
    assert!(!shown.iter().any(|m| m.visible_to_user(h.carol.id)));
    assert!(h.stored_moves(game).await.is_empty());
}

/// 4. A stranger's move in someone else's game is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_move_is_refused() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.carol, thread, "h2e2").await;
    let refusal = h.post_in("the refusal", from, thread, |_| true).await;
    assert!(
        refusal
            .content()
            .contains(&format!("Game #{game} is between")),
        "{}",
        refusal.content()
    );
    assert!(h.stored_moves(game).await.is_empty());
    // Chat that is not a move stays unanswered.
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.carol, thread, "nice opening!")
        .await;
    h.stand_in.send_message(&h.alice, thread, "!xq board").await;
    let next = h.post_in("the board", from, thread, |_| true).await;
    assert!(
        !next.pngs().is_empty(),
        "only the board answers: {}",
        next.content()
    );
}

/// 4b. Typing into `/xiangqi move` suggests the legal moves of the game
/// there that start like the text, in any notation; nothing where there is
/// no game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_suggests_the_games_legal_moves() {
    let h = Harness::start().await;
    let (_, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let choices = |typed: &'static str, channel: u64| {
        let h = &h;
        async move {
            let from = h.stand_in.call_count();
            let token = h
                .stand_in
                .send_autocomplete(&h.alice, channel, "move", "move", typed)
                .await;
            let answer = h
                .stand_in
                .wait_for("the suggestions", from, WAIT, |c| {
                    c.path.ends_with("/callback")
                        && c.path.contains(&token)
                        && c.json["type"] == json!(8)
                })
                .await;
            answer.json["data"]["choices"]
                .as_array()
                .expect("a list of choices")
                .iter()
                .map(|c| (c["name"].as_str().unwrap().to_string(), c["value"].clone()))
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        choices("c2=5", thread).await,
        [("h2e2 · C2=5 · 炮二平五".to_string(), json!("h2e2"))]
    );
    assert_eq!(choices("", thread).await.len(), 25);
    assert!(choices("", h.stand_in.new_id()).await.is_empty());
}

/// 5. A challenge accepted, then moves by both, each only on its own turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_and_moves_in_turn() {
    let h = Harness::start().await;
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "challenge",
            vec![
                option("opponent", 9, json!(h.bob.id.to_string())),
                option("color", 3, json!("red")),
            ],
            &[&h.bob],
        )
        .await;
    let challenge = h
        .stand_in
        .wait_for("the challenge", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    assert!(
        challenge.content().contains("bob"),
        "{}",
        challenge.content()
    );

    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.bob, channel, "!xq accept").await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let game = game_id(start.content());
    let thread = start.channel.unwrap();

    // Bob has Black: not his turn yet.
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.bob, thread, "h9g7").await;
    let refusal = h.post_in("bob refused", from, thread, |_| true).await;
    assert!(
        refusal.content().contains("not your turn"),
        "{}",
        refusal.content()
    );

    h.play(&h.alice, thread, "h2e2", game).await;
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.alice, thread, "b2e2").await;
    let refusal = h.post_in("alice refused", from, thread, |_| true).await;
    assert!(
        refusal.content().contains("not your turn"),
        "{}",
        refusal.content()
    );
    let echo = h.play(&h.bob, thread, "h9g7", game).await;
    assert!(
        echo.content().contains("alice, your move"),
        "{}",
        echo.content()
    );
    h.play(&h.alice, thread, "h0g2", game).await;
    assert_eq!(h.stored_moves(game).await, ["h2e2", "h9g7", "h0g2"]);
}

/// Between people, the message that hands the move over pings the player
/// to move, and only them; `settings notify off` stops it for that player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_move_is_pinged_unless_they_turned_it_off() {
    let h = Harness::start().await;
    let channel = h.stand_in.new_id();
    let (game, thread) = h.alice_plays_bob(channel).await;
    let pinged = |call: &RestCall| {
        h.stand_in
            .messages_in(thread)
            .into_iter()
            .find(|m| m.call == Some(call.index))
            .expect("the message the call made")
            .pinged
    };

    let alices = h.play(&h.alice, thread, "h2e2", game).await;
    assert_eq!(pinged(&alices), vec![h.bob.id], "{}", alices.content());
    assert!(alices.content().starts_with(&h.bob.mention()));
    let bobs = h.play(&h.bob, thread, "h9g7", game).await;
    assert_eq!(pinged(&bobs), vec![h.alice.id], "{}", bobs.content());

    h.exchange(&h.bob, thread, "!xq settings notify off", "is now")
        .await;
    let alices = h.play(&h.alice, thread, "h0g2", game).await;
    assert!(pinged(&alices).is_empty(), "{}", alices.content());
    assert!(!alices.content().contains(&h.bob.mention()));
    // Alice did not turn hers off.
    let bobs = h.play(&h.bob, thread, "i9h9", game).await;
    assert_eq!(pinged(&bobs), vec![h.alice.id], "{}", bobs.content());
}

/// A 1+0 game against the bot, in real time: the player's clock starts
/// with the bot's first answer, the board's caption and text show the
/// clocks, and when the player lets the flag fall the loss is announced
/// within 2 s of the stored deadline. The wait is a real minute (the
/// shortest control there is): the watcher runs on the bot's own clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_against_the_bot_is_lost_on_time_within_two_seconds() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1 1+0").await;
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.alice, thread, "h2e2").await;
    let answer = h
        .post_in("the bot's answer", from, thread, |c| is_bot_move(c, game))
        .await;
    assert!(
        answer
            .content()
            .contains("⏱ alice [1:00] – 1:00 xiangqi-bot"),
        "{}",
        answer.content()
    );
    let record = h.store().await.game(GameId(game)).await.unwrap();
    let deadline = record.clocks.deadline.expect("alice's clock runs");
    let from = h.stand_in.call_count();
    let fallen = h
        .stand_in
        .wait_for("the flag's fall", from, Duration::from_secs(90), |c| {
            c.shows_message() && c.channel == Some(thread) && c.content().contains("time is up")
        })
        .await;
    let announced_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let late = announced_at - deadline;
    eprintln!("flag announced {late} ms after its deadline");
    assert!((0..2000).contains(&late), "{late} ms");
    assert!(
        fallen.content().contains("alice (Red)'s flag fell")
            && fallen.content().contains("wins by time"),
        "{}",
        fallen.content()
    );
    let record = h.store().await.game(GameId(game)).await.unwrap();
    assert_eq!(record.reason.as_deref(), Some("timeout"));
}

/// With the server's `one-board` on, a game between people keeps one board
/// message, edited after each move with the move list under it; since an
/// edit notifies nobody, a short notice pings the player to move, and each
/// notice is deleted when the next move is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_board_a_game_is_edited_in_place_and_the_player_to_move_is_pinged() {
    use support::stand_in::{perm, DEFAULT_MEMBER_PERMISSIONS};
    let h = Harness::start().await;
    h.stand_in.add_member(
        &h.alice,
        None,
        DEFAULT_MEMBER_PERMISSIONS | perm::MANAGE_GUILD,
    );
    h.stand_in
        .add_member(&h.bob, None, DEFAULT_MEMBER_PERMISSIONS);
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            channel,
            "settings",
            vec![
                option("setting", 3, json!("server one-board")),
                option("value", 3, json!("on")),
            ],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("the setting", from, WAIT, |c| {
            c.content().contains("is now")
        })
        .await;
    let (game, thread) = h.alice_plays_bob(channel).await;
    let boards = |messages: &[ShownMessage]| -> Vec<ShownMessage> {
        messages
            .iter()
            .filter(|m| m.channel == thread && m.author == BOT_USER_ID && !m.files.is_empty())
            .cloned()
            .collect()
    };
    let notices = |messages: &[ShownMessage]| -> Vec<ShownMessage> {
        messages
            .iter()
            .filter(|m| {
                m.channel == thread && !m.deleted && m.content.contains("your move in game #")
            })
            .cloned()
            .collect()
    };

    for (mover, mv, list, next) in [
        (&h.alice, "h2e2", "Moves: 1. h2e2", &h.bob),
        (&h.bob, "h9g7", "Moves: 1. h2e2 h9g7", &h.alice),
        (&h.alice, "h0g2", "Moves: 1. h2e2 h9g7 2. h0g2", &h.bob),
    ] {
        h.stand_in.send_message(mover, thread, mv).await;
        h.stand_in
            .wait_until(&format!("the board after {mv}"), WAIT, |messages| {
                let boards = boards(messages);
                let notices = notices(messages);
                boards.len() == 1
                    && boards[0].content.ends_with(list)
                    && notices.len() == 1
                    && notices[0].pinged == vec![next.id]
            })
            .await;
    }
    let messages = h.stand_in.messages_in(thread);
    let board = &boards(&messages)[0];
    assert!(board.edited, "the one board is edited, not posted again");
    assert!(board.pinged.is_empty(), "an edit pings nobody");
    assert_eq!(board.files.len(), 1, "the picture is replaced, not added");
    assert!(
        board.custom_ids().contains(&format!("xq1:move:{game}:3")),
        "its controls are at the position: {:?}",
        board.custom_ids()
    );
    // The notices of earlier moves are gone.
    let gone = messages
        .iter()
        .filter(|m| m.deleted && m.content.contains("your move in game #"))
        .count();
    assert_eq!(gone, 2);
    assert_eq!(h.stored_moves(game).await, ["h2e2", "h9g7", "h0g2"]);
}

/// One user's flood of slash commands: the first 15 are answered, every
/// later one (an interaction must be answered) is told privately how long
/// to wait, none is left as a bare "Done.", and another user is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_slash_commands_is_told_to_wait() {
    let h = Harness::start().await;
    let channel = h.stand_in.new_id();
    let mut tokens = Vec::new();
    for _ in 0..20 {
        tokens.push(
            h.stand_in
                .send_slash(&h.alice, channel, "stats", vec![], &[])
                .await,
        );
    }
    let mut waits = 0;
    for token in &tokens {
        let answer = h
            .stand_in
            .wait_for("an answer", 0, WAIT, |c| {
                c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
            })
            .await;
        assert_ne!(answer.content(), "Done.");
        if answer.content().contains("faster than the bot takes them") {
            assert!(answer.is_ephemeral(), "{}", answer.content());
            waits += 1;
        }
    }
    // The burst is 15 at once, refilled by one a second.
    assert!((4..=5).contains(&waits), "{waits}");
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.bob, channel, "stats", vec![], &[])
        .await;
    let answer = h
        .stand_in
        .wait_for("bob's answer", from, WAIT, |c| c.shows_message())
        .await;
    assert!(
        !answer.content().contains("faster than"),
        "{}",
        answer.content()
    );
}

/// 6. `history` and `game` after a finished game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_and_game_record_after_a_finished_game() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let from = h.stand_in.call_count();
    h.play(&h.alice, thread, "h2e2", game).await;
    h.post_in("the bot's answer", from, thread, |c| is_bot_move(c, game))
        .await;
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, thread, "!xq resign")
        .await;
    let resigned = h
        .post_in("the resignation", from, thread, |c| {
            c.content().contains("resign")
        })
        .await;
    assert!(
        resigned
            .content()
            .contains(&format!("`/xiangqi review {game}`")),
        "the review is offered as it works on Discord: {}",
        resigned.content()
    );

    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(&h.alice, channel, "history", vec![], &[])
        .await;
    let history = h
        .stand_in
        .wait_for("the history", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    assert!(
        history.content().contains(&format!("#{game}")),
        "{}",
        history.content()
    );
    assert!(!history.is_ephemeral());

    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "game",
            vec![option("id", 4, json!(game))],
            &[],
        )
        .await;
    let record = h
        .stand_in
        .wait_for("the game record", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    let text = record.content();
    assert!(text.contains("h2e2"), "{text}");
    assert!(
        text.contains("Result:") && text.contains("resign"),
        "{text}"
    );
    assert!(text.contains("FEN: `"), "{text}");
    let names: Vec<_> = record.files.iter().map(|f| f.filename.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with(".pgn")), "{names:?}");

    // `review`: the deferred response says how far the analysis is, then
    // the review replaces it, with the graph.
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "review",
            vec![option("game", 4, json!(game))],
            &[],
        )
        .await;
    let progress = h
        .stand_in
        .wait_for("a progress edit", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str())
                && c.edited_original
                && c.content().contains("analysed")
        })
        .await;
    assert!(progress.shows_message(), "{}", progress.content());
    assert!(!progress.is_ephemeral());
    let review = h
        .stand_in
        .wait_for("the review", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str())
                && c.shows_message()
                && c.content().contains(&format!("Review of game #{game}"))
        })
        .await;
    assert!(review.index > progress.index);
    assert!(review.edited_original, "the review replaces the progress");
    let shown = h
        .stand_in
        .original_response(&token)
        .expect("the review is the response");
    assert!(shown.content.contains("Accuracy: Red"), "{}", shown.content);
    let names: Vec<_> = review.files.iter().map(|f| f.filename.as_str()).collect();
    assert!(
        names.contains(&format!("game-{game}-review.png").as_str()),
        "{names:?}"
    );
}

/// 7. Restart: the bot dies between the player's move and its answer; a new
/// bot on the same database makes the pending move, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_makes_the_pending_move_and_plays_on() {
    let mut h = Harness::start().await;
    // Level 20 thinks about a second: a wide window to die in.
    let (game, thread) = h.start_bot_game(&h.alice, "red 20").await;
    h.play(&h.alice, thread, "h2e2", game).await;
    h.bot.take().expect("a running bot").kill();
    assert_eq!(
        h.stored_moves(game).await,
        ["h2e2"],
        "the bot died before answering"
    );

    let from = h.stand_in.call_count();
    h.start_bot(2).await;
    let answer = h
        .post_in("the resumed answer", from, thread, |c| is_bot_move(c, game))
        .await;
    let reply = announced_move(answer.content());
    let moves = h.stored_moves(game).await;
    assert_eq!(moves, ["h2e2".to_string(), reply]);
    // …and the game goes on.
    let next = replay(&moves).position().legal_moves()[0];
    h.play(&h.alice, thread, &next.to_string(), game).await;
}

/// 8. The gateway connection drops mid-game: the bot reconnects and answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_reconnects_after_the_gateway_drops() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let from = h.stand_in.call_count();
    h.play(&h.alice, thread, "h2e2", game).await;
    h.post_in("the bot's answer", from, thread, |c| is_bot_move(c, game))
        .await;

    h.stand_in.drop_gateway();
    h.stand_in.wait_identified(2, WAIT).await;
    let moves = h.stored_moves(game).await;
    let next = replay(&moves).position().legal_moves()[0];
    let from = h.stand_in.call_count();
    h.play(&h.alice, thread, &next.to_string(), game).await;
    h.post_in("the answer after reconnecting", from, thread, |c| {
        is_bot_move(c, game)
    })
    .await;
    assert_eq!(h.stored_moves(game).await.len(), 4);
}

/// Abandonment: a game with no move for the idle time is lost by the side to
/// move, and the bot says so in the game's thread (the sweep runs at start,
/// then every minute).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_game_is_ended_and_announced_in_its_thread() {
    let mut h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    h.bot.take().expect("a running bot").kill();
    // One second of idleness is enough for a bot started with 1/3600 hour.
    h.settings.idle_hours = 1.0 / 3600.0;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let from = h.stand_in.call_count();
    h.start_bot(2).await;
    let notice = h
        .post_in("the abandonment notice", from, thread, |c| {
            c.content().contains("abandonment")
        })
        .await;
    assert!(
        notice.content().contains(&format!("#{game}: no move for"))
            && notice
                .content()
                .contains("alice (Red) loses by abandonment"),
        "{}",
        notice.content()
    );
    let store = h.store().await;
    let record = store.game(GameId(game)).await.expect("the game is stored");
    store.close().await;
    assert!(!record.is_live(), "the game is over: {record:?}");
}

// ---------------------------------------------------------------------- load

/// One player's move against the bot, as the stand-in saw it.
struct Sample {
    game: i64,
    /// From the message to the post echoing the move.
    echo: Duration,
    /// From the message to the bot's answering move.
    answer: Duration,
}

/// `user` number `i` starts a game against the bot at level 1 and plays up to
/// `moves_each` moves, each after `think` (the player's thinking time, by ply).
async fn play_against_bot(
    h: &Harness,
    i: usize,
    moves_each: usize,
    think: impl Fn(usize) -> Duration,
) -> Vec<Sample> {
    let user = TestUser::new(1000 + i as u64, &format!("player{i}"));
    let (game, thread) = h.start_bot_game(&user, "red 1").await;
    let mut moves: Vec<String> = Vec::new();
    let mut samples = Vec::new();
    for ply in 0..moves_each {
        let position = replay(&moves);
        if !matches!(position.status(), xiangqi_bot::rules::GameStatus::Ongoing) {
            break;
        }
        tokio::time::sleep(think(ply)).await;
        let legal = position.position().legal_moves();
        let mv = legal[(i + ply * 7) % legal.len()].to_string();
        let from = h.stand_in.call_count();
        let sent = Instant::now();
        let echo = h.play(&user, thread, &mv, game).await;
        let answer = h
            .stand_in
            .try_wait_for(from, WAIT, |c| {
                c.channel == Some(thread) && is_bot_move(c, game)
            })
            .await;
        let Some(answer) = answer else {
            if echo.content().contains("Game over") {
                break;
            }
            panic!("game {game}: no answer to {mv}");
        };
        samples.push(Sample {
            game,
            echo: echo.at - sent,
            answer: answer.at - sent,
        });
        moves.push(mv);
        moves.push(announced_move(answer.content()));
    }
    samples
}

/// `games` players at once against a fresh bot, each playing `moves_each`
/// moves after `think(player, ply)`; asserts every move was answered and
/// prints the latencies and the bot's own breakdown of where they went.
async fn load(
    title: &str,
    games: usize,
    moves_each: usize,
    think: impl Fn(usize, usize) -> Duration + Send + Sync + Copy + 'static,
) {
    let h = Arc::new(Harness::start().await);
    let started = Instant::now();
    let mut players = Vec::new();
    for i in 0..games {
        let h = h.clone();
        players.push(tokio::spawn(async move {
            play_against_bot(&h, i, moves_each, move |ply| think(i, ply)).await
        }));
    }
    let mut samples = Vec::new();
    for player in players {
        samples.extend(player.await.expect("a player's task"));
    }
    let wall = started.elapsed();
    assert!(
        samples.len() >= games * (moves_each - 1),
        "{} moves answered",
        samples.len()
    );

    // The bot's timings of each game's moves, in order, beside the samples.
    // A move's timing is kept just after its answer is posted: wait for all.
    let bot = &h.bot.as_ref().expect("the bot runs").bot;
    let deadline = Instant::now() + WAIT;
    while bot.move_timings().len() < samples.len() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let timings = bot.move_timings();
    let mut by_game: std::collections::HashMap<i64, Vec<MoveTiming>> = Default::default();
    for timing in timings {
        by_game.entry(timing.game.0).or_default().push(timing);
    }
    let mut paired = Vec::new();
    let mut samples_of: std::collections::HashMap<i64, Vec<&Sample>> = Default::default();
    for sample in &samples {
        samples_of.entry(sample.game).or_default().push(sample);
    }
    for (game, played) in &samples_of {
        let timed = by_game.get(game).map(Vec::as_slice).unwrap_or_default();
        assert!(
            timed.len() >= played.len(),
            "game {game}: every move is timed"
        );
        paired.extend(played.iter().zip(timed).map(|(s, t)| (*s, *t)));
    }
    assert_eq!(paired.len(), samples.len());

    let report = |name: &str, of: &dyn Fn(&(&Sample, MoveTiming)) -> Duration| {
        let mut values: Vec<Duration> = paired.iter().map(of).collect();
        values.sort();
        let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
        println!(
            "  {name:<34} p50 {:>7.1} ms   p99 {:>7.1} ms   max {:>7.1} ms",
            at(0.5).as_secs_f64() * 1e3,
            at(0.99).as_secs_f64() * 1e3,
            at(1.0).as_secs_f64() * 1e3
        );
    };
    println!(
        "\n{title}: {games} games, {} moves answered at level 1 in {:.1} s",
        samples.len(),
        wall.as_secs_f64()
    );
    report("message -> move echoed", &|(s, _)| s.echo);
    report("message -> bot's answer", &|(s, _)| s.answer);
    report("  minus that move's search", &|(s, t)| {
        s.answer.saturating_sub(t.search)
    });
    println!("  inside the bot, request -> answer posted:");
    report("  total", &|(_, t)| t.total);
    report("  store reads and writes", &|(_, t)| t.store);
    report("  waiting for an engine slot", &|(_, t)| t.engine_wait);
    report("  engine search", &|(_, t)| t.search);
    report("  rendering boards", &|(_, t)| t.render);
    report("  posting replies (HTTP)", &|(_, t)| t.post);
    report("  other (parse, locks, threads)", &|(_, t)| t.other());
}

/// 50 games against the bot at level 1, every move answered, twice: all 50
/// players moving at the same instant (a burst, which on a 2-core machine
/// must queue), then paced as people play (each answers the bot's reply
/// after 200-1000 ms, seeded). Prints (with `--nocapture`) the latency from
/// message to reply and the bot's breakdown; asserts only that every move was
/// answered and timed, as timings are not asserted on a shared machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_concurrent_games_are_all_answered() {
    const GAMES: usize = 50;
    const MOVES_EACH: usize = 4;
    load("burst", GAMES, MOVES_EACH, |_, _| Duration::ZERO).await;
    load("paced", GAMES, MOVES_EACH, |player, ply| {
        // A small seeded hash of (player, ply): 200-1000 ms.
        let mut x = (player as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply as u64 + 1);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        Duration::from_millis(200 + x % 801)
    })
    .await;
}

// ------------------------------------------- real Discord's rules (issue 15)

/// With every slash command deferred at once (the engine or the store slow),
/// private answers stay private and nothing public is left half-done:
/// help and hint are deferred privately; an error after a public deferral
/// goes privately after a placeholder that is then removed; a public answer
/// fills the deferral; a malformed command is refused at once, privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_slash_answers_stay_private_when_deferred() {
    let settings = BotSettings {
        answer_within_ms: 0,
        ..BotSettings::default()
    };
    let h = Harness::start_with(StandIn::start().await, settings).await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let slash = |name: &'static str, options: Vec<serde_json::Value>| {
        let h = &h;
        async move {
            h.stand_in
                .send_slash(&h.alice, thread, name, options, &[])
                .await
        }
    };
    // Called inside wait_until with the messages it holds.
    let settled = |shown: &[support::stand_in::ShownMessage], token: &str| {
        let ours: Vec<_> = shown
            .iter()
            .filter(|m| m.interaction_token.as_deref() == Some(token))
            .collect();
        !ours.is_empty() && ours.iter().all(|m| !m.loading)
    };
    let original_deleted = |shown: &[support::stand_in::ShownMessage], token: &str| {
        shown
            .iter()
            .any(|m| m.interaction_token.as_deref() == Some(token) && m.is_original && m.deleted)
    };
    let only_alice_sees = |token: &str, expected: &str| {
        let shown = h.stand_in.interaction_messages(token);
        let visible: Vec<_> = shown
            .iter()
            .filter(|m| m.visible_to_user(h.alice.id))
            .collect();
        assert!(
            visible.iter().any(|m| m.content.contains(expected)),
            "{expected}: {}",
            h.stand_in.describe_messages()
        );
        assert!(
            !shown.iter().any(|m| m.visible_to_user(h.carol.id)),
            "{expected} shows to others: {}",
            h.stand_in.describe_messages()
        );
    };

    for (name, options, expected) in [
        ("help", vec![], "challenge [@user|@role]"),
        ("hint", vec![], "Hint for #"),
        ("move", vec![option("move", 3, json!("a0a5"))], "Try again"),
    ] {
        let from = h.stand_in.call_count();
        let token = slash(name, options).await;
        h.stand_in
            .wait_until(name, WAIT, |shown| {
                // After a public deferral the placeholder is removed.
                settled(shown, &token) && original_deleted(shown, &token) == (name == "move")
            })
            .await;
        only_alice_sees(&token, expected);
        let deferral = h.stand_in.calls()[from..]
            .iter()
            .find(|c| c.is_deferral() && c.interaction_token.as_deref() == Some(&token))
            .cloned()
            .expect("deferred");
        // help and hint say "thinking…" to alice alone; a move publicly.
        assert_eq!(deferral.requested_flags() & 64 != 0, name != "move");
    }
    assert!(h.stored_moves(game).await.is_empty());

    // A public answer fills the public deferral.
    let token = slash("board", vec![]).await;
    h.stand_in
        .wait_until("the board", WAIT, |shown| settled(shown, &token))
        .await;
    let original = h.stand_in.original_response(&token).expect("answered");
    assert!(original.is_public() && !original.pngs().is_empty());

    // A malformed command never reaches the core: refused at once.
    let from = h.stand_in.call_count();
    let token = slash("play", vec![option("level", 4, json!(99))]).await;
    let refusal = h
        .stand_in
        .wait_for("the refusal", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(&token)
        })
        .await;
    assert!(refusal.path.ends_with("/callback") && refusal.is_ephemeral());
    only_alice_sees(&token, "from 1 to 20");
}

/// A challenge pings exactly the person challenged, by mention or by plain
/// name (looked up among the server's members); an unknown name and a DM
/// are refused with a reason; the new game's thread pings its players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_ping_the_person_challenged_and_resolve_plain_names() {
    let h = Harness::start().await;
    for user in [&h.alice, &h.bob, &h.carol] {
        h.stand_in
            .add_member(user, None, support::stand_in::DEFAULT_MEMBER_PERMISSIONS);
    }
    let command = h
        .stand_in
        .registered_commands()
        .into_iter()
        .find(|c| c.name == "xiangqi")
        .expect("registered");
    assert_eq!(command.contexts(), Some(vec![0, 1]));
    assert!(!command.dm_permission_sent);

    let channel = h.stand_in.new_id();
    let said = |from: usize| {
        h.stand_in
            .messages_in(channel)
            .into_iter()
            .filter(|m| m.author == BOT_USER_ID && m.call.is_some_and(|c| c >= from))
            .collect::<Vec<_>>()
    };
    let from = h
        .exchange(
            &h.alice,
            channel,
            &format!("!xq challenge {}", h.bob.mention()),
            "challenges",
        )
        .await;
    assert_eq!(said(from)[0].pinged, vec![h.bob.id]);

    h.exchange(&h.alice, channel, "!xq decline", "withdraws")
        .await;

    // By plain name: the member called bob.
    let from = h
        .exchange(&h.alice, channel, "!xq challenge bob", "challenges")
        .await;
    assert_eq!(said(from)[0].pinged, vec![h.bob.id]);

    // Nobody of that name: refused, and nobody pinged.
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.carol, channel, "!xq challenge nobody")
        .await;
    let refusal = h.post_in("the refusal", from, channel, |_| true).await;
    assert!(
        refusal
            .content()
            .contains("Nobody in this server is called `nobody`"),
        "{}",
        refusal.content()
    );
    assert!(said(from)[0].pinged.is_empty());

    // Accepted: the game's thread opens with both players named.
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.bob, channel, "!xq accept").await;
    let first = h
        .stand_in
        .wait_for("the game's first message", from, WAIT, |c| {
            c.shows_message() && c.content().contains("Game #") && !c.pngs().is_empty()
        })
        .await;
    let thread = first.channel.expect("a channel");
    assert_eq!(h.stand_in.thread_parent(thread), Some(channel));
    let opening = h
        .stand_in
        .messages_in(thread)
        .into_iter()
        .find(|m| m.author == BOT_USER_ID)
        .expect("the thread's first message");
    let mut pinged = opening.pinged.clone();
    pinged.sort();
    assert_eq!(pinged, vec![h.alice.id, h.bob.id]);

    // In a DM nobody else could answer: refused.
    let dm = h.stand_in.new_id();
    h.stand_in.mark_dm(dm);
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.carol, dm, &format!("!xq challenge {}", h.bob.mention()))
        .await;
    let refusal = h.post_in("the DM refusal", from, dm, |_| true).await;
    assert!(
        refusal.content().contains("server channel"),
        "{}",
        refusal.content()
    );
}

/// Users whose display names are markdown, mentions, `@everyone`, links or
/// headers play and challenge: every bot message shows the names as typed,
/// and pings nobody a name mentions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_display_names_never_format_or_ping() {
    let h = Harness::start().await;
    let hostile = TestUser::hostile();
    let channel = h.stand_in.new_id();
    for (i, user) in hostile.iter().enumerate() {
        let from = h.stand_in.call_count();
        let victim = &hostile[(i + 1) % hostile.len()];
        h.stand_in
            .send_message(
                user,
                channel,
                &format!("!xq challenge {}", victim.mention()),
            )
            .await;
        h.post_in("the challenge", from, channel, |c| {
            c.content().contains("challenges")
        })
        .await;
        h.exchange(user, channel, "!xq decline", "withdraws").await;
    }
    let game_channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&hostile[0], game_channel, "!xq play 1")
        .await;
    h.stand_in
        .wait_for("the game's board", from, WAIT, |c| !c.pngs().is_empty())
        .await;
    let hostile_ids: Vec<u64> = hostile.iter().map(|u| u.id).collect();
    let ours: Vec<_> = h
        .stand_in
        .messages()
        .into_iter()
        .filter(|m| m.author == BOT_USER_ID)
        .collect();
    assert!(ours.len() >= 2 * hostile.len());
    for message in &ours {
        for fragment in [
            "**bold**",
            "<@1234>",
            "@everyone",
            "@here",
            "[click]",
            "<@&5678>",
        ] {
            assert!(
                !shows_raw(&message.content, fragment),
                "{fragment} raw in {:?}",
                message.content
            );
        }
        assert!(!message.mentions_everyone, "{:?}", message.content);
        assert!(
            message.pinged.iter().all(|id| hostile_ids.contains(id)),
            "{:?} pinged {:?}",
            message.content,
            message.pinged
        );
        for line in message.content.lines() {
            let line = line.trim_start();
            assert!(
                !line.trim_start_matches('#').starts_with(' ') && !line.starts_with("-# "),
                "{line}"
            );
        }
    }
}

/// Without the privileged content intent, Discord delivers a guild
/// message's text only when it mentions the bot: `@bot play` works, `!xq`
/// is not seen. A bot asking for an intent it was not granted is refused
/// with close code 4014 and stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_content_intent_a_mention_is_the_prefix() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, channel, "!xq play 1")
        .await;
    h.stand_in
        .send_message(&h.alice, channel, &format!("<@{BOT_USER_ID}> play 1"))
        .await;
    let first = h
        .stand_in
        .wait_for("the game's board", from, WAIT, |c| !c.pngs().is_empty())
        .await;
    let game = game_id(first.content());
    // One game: the `!xq` line arrived without its text.
    assert_eq!(
        h.store()
            .await
            .live_games_of_user(&h.alice.id.to_string())
            .await
            .unwrap()
            .len(),
        1,
        "game #{game}"
    );

    // The same stand-in refuses a bot that asks for message content.
    let dir = tempfile::tempdir().unwrap();
    let greedy = BotProcess::start(
        &h.stand_in,
        &dir.path().join("greedy.db"),
        BotSettings::default(),
    )
    .await;
    let deadline = Instant::now() + WAIT;
    while h.stand_in.refused_identify_count() == 0 {
        assert!(Instant::now() < deadline, "the identify was not refused");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    greedy.kill();
}

/// Threads are asked for only where they can be: not where the interaction
/// says the bot may not make them, not in a voice channel, and not again in
/// a channel where Discord refused one (refusals count against the bot).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_are_asked_for_only_where_discord_allows_them() {
    let h = Harness::start().await;
    let thread_calls = |from: usize| {
        h.stand_in.calls()[from..]
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
            .count()
    };
    // The interaction says: no thread permissions here.
    let channel = h.stand_in.new_id();
    h.stand_in.set_app_permissions(
        channel,
        support::stand_in::DEFAULT_APP_PERMISSIONS
            & !support::stand_in::perm::CREATE_PUBLIC_THREADS,
    );
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "play",
            vec![option("level", 4, json!(1))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("the game", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(&token) && !c.pngs().is_empty()
        })
        .await;
    assert_eq!(thread_calls(from), 0, "{}", h.stand_in.describe_calls(from));

    // A voice channel's chat has no threads.
    let voice = h.stand_in.new_id();
    h.stand_in.set_channel_kind(voice, 2);
    let from = h.stand_in.call_count();
    h.stand_in.send_message(&h.bob, voice, "!xq play 1").await;
    h.post_in("the game", from, voice, |c| !c.pngs().is_empty())
        .await;
    assert_eq!(thread_calls(from), 0, "{}", h.stand_in.describe_calls(from));

    // Refused once, not asked again in that channel.
    h.stand_in.allow_threads(false);
    let text = h.stand_in.new_id();
    let invalid_before = h.stand_in.invalid_request_count();
    let from = h.stand_in.call_count();
    for user in [&h.alice, &h.carol] {
        let at = h.stand_in.call_count();
        h.stand_in.send_message(user, text, "!xq play 1").await;
        h.post_in("the game", at, text, |c| !c.pngs().is_empty())
            .await;
    }
    assert_eq!(thread_calls(from), 1, "{}", h.stand_in.describe_calls(from));
    assert_eq!(h.stand_in.invalid_request_count() - invalid_before, 1);
}

/// Posts that fail heal: a 429 is waited out, a private reply to a message
/// deleted meanwhile is still posted, and expiry notices for a channel that
/// is gone neither block the others nor stay pending.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_posts_heal_and_notices_survive_a_gone_channel() {
    let settings = BotSettings {
        challenge_minutes: 0.02,
        ..BotSettings::default()
    };
    let mut h = Harness::start_with(StandIn::start().await, settings).await;

    // Behind the proxy, a 429 is tried again.
    let channel = h.stand_in.new_id();
    h.stand_in.rate_limit_next(1, 0.2);
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, channel, "!xq play 1")
        .await;
    h.stand_in
        .wait_for("the game despite the 429", from, WAIT, |c| {
            !c.pngs().is_empty()
        })
        .await;
    assert!(h.stand_in.calls()[from..].iter().any(|c| c.status == 429));

    // The message a private reply quotes is deleted before the reply.
    let from = h.stand_in.call_count();
    let typed = h.stand_in.send_message(&h.bob, channel, "!xq castle").await;
    h.stand_in.delete_message(typed);
    let refusal = h.post_in("the refusal", from, channel, |_| true).await;
    assert!(refusal.succeeded(), "{}", h.stand_in.describe_calls(from));
    assert_eq!(
        refusal.json["message_reference"]["fail_if_not_exists"],
        json!(false)
    );

    // Two challenges expire; one channel is deleted meanwhile.
    let (gone, kept) = (h.stand_in.new_id(), h.stand_in.new_id());
    for (who, at) in [(&h.bob, gone), (&h.carol, kept)] {
        h.exchange(
            who,
            at,
            &format!("!xq challenge {}", h.alice.mention()),
            "challenges",
        )
        .await;
    }
    h.stand_in.delete_channel(gone);
    h.bot.take().expect("a bot").kill();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let from = h.stand_in.call_count();
    h.start_bot(2).await;
    h.post_in("the expiry notice", from, kept, |c| {
        c.content().contains("expired")
    })
    .await;
    let store = h.store().await;
    let deadline = Instant::now() + WAIT;
    while !store.expired_challenges().await.unwrap().is_empty() {
        assert!(
            Instant::now() < deadline,
            "the gone channel's challenge stays pending"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The puzzle trainer through Discord: slash `puzzle` serves a puzzle in
/// public with its board, and the solution's moves, sent as the command's
/// `action`, are answered until it is solved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_puzzle_serves_a_puzzle_and_its_moves_solve_it() {
    let h = Harness::start().await;
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(&h.alice, channel, "puzzle", vec![], &[])
        .await;
    let served = h
        .stand_in
        .wait_for("the puzzle", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str())
                && c.content().contains("Puzzle #")
        })
        .await;
    assert!(!served.is_ephemeral());
    assert_board(&served);
    let id = served
        .content()
        .split("Puzzle #")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_default();
    let puzzle =
        xiangqi_bot::puzzles::serve::find(id).unwrap_or_else(|| panic!("{}", served.content()));
    let mut answer = None;
    for mv in puzzle.solution.iter().step_by(2) {
        let from = h.stand_in.call_count();
        let token = h
            .stand_in
            .send_slash(
                &h.alice,
                channel,
                "puzzle",
                vec![option("action", 3, json!(mv.to_string()))],
                &[],
            )
            .await;
        answer = Some(
            h.stand_in
                .wait_for("the puzzle's answer", from, WAIT, |c| {
                    c.interaction_token.as_deref() == Some(token.as_str())
                        && (c.content().contains("is right") || c.content().contains("solved!"))
                })
                .await,
        );
    }
    let solved = answer.expect("a puzzle has a move");
    assert!(solved.content().contains("solved!"), "{}", solved.content());
    assert!(!solved.is_ephemeral());
    assert_board(&solved);
}

/// Buttons with the content intent off: a challenge shows Accept, Decline
/// and Withdraw; a stranger's press is refused privately and changes
/// nothing; after a restart of the bot, the challenged player's Accept
/// still starts the game (everything is in the custom_id), and the spent
/// buttons are taken off the challenge; Withdraw is the challenger's alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_answered_by_its_buttons() {
    let mut h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let token = challenge_by_slash(&h, &h.alice, &h.bob, channel).await;
    let challenge = h
        .stand_in
        .original_response(&token)
        .expect("the challenge is the command's answer");
    assert!(
        !challenge.content.contains("type `accept`"),
        "no word Discord ignores: {}",
        challenge.content
    );
    let accept = challenge.button("Accept").expect("an Accept button");
    assert!(
        challenge.button("Decline").is_some(),
        "{:?}",
        challenge.components
    );
    assert!(
        challenge.button("Withdraw").is_some(),
        "{:?}",
        challenge.components
    );

    // Carol is not the one challenged: told so, privately; nothing changes.
    let from = h.stand_in.call_count();
    let pressed = h
        .stand_in
        .press_button(&h.carol, challenge.id, &accept)
        .await;
    let refusal = h
        .stand_in
        .wait_for("carol's refusal", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(pressed.as_str()) && c.shows_message()
        })
        .await;
    assert_eq!(refusal.effective_ephemeral, Some(true));
    assert!(
        refusal.content().contains("is for bob, not you"),
        "{}",
        refusal.content()
    );
    assert!(h.stand_in.is_acknowledged(&pressed));
    let store = h.store().await;
    assert!(store
        .live_games_of_user(&h.bob.id.to_string())
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        h.stand_in.message(challenge.id).unwrap().custom_ids().len(),
        3
    );

    // A bot that never saw the challenge made handles bob's press.
    h.bot.take().expect("a running bot").kill();
    h.start_bot(2).await;
    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, challenge.id, &accept).await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    game_id(start.content());
    h.stand_in
        .wait_for("the spent buttons removed", from, WAIT, |c| {
            c.method == "PATCH" && c.message_id == Some(challenge.id)
        })
        .await;
    let answered = h.stand_in.message(challenge.id).unwrap();
    assert!(
        answered.custom_ids().is_empty(),
        "{:?}",
        answered.components
    );
    assert_eq!(answered.content, challenge.content, "the text stays");

    // Withdraw: bob may not take back carol's challenge; carol may.
    let elsewhere = h.stand_in.new_id();
    let token = challenge_by_slash(&h, &h.carol, &h.alice, elsewhere).await;
    let second = h.stand_in.original_response(&token).unwrap();
    let withdraw = second.button("Withdraw").unwrap();
    let from = h.stand_in.call_count();
    let pressed = h.stand_in.press_button(&h.bob, second.id, &withdraw).await;
    let refusal = h
        .stand_in
        .wait_for("bob's refusal", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(pressed.as_str()) && c.shows_message()
        })
        .await;
    assert_eq!(refusal.effective_ephemeral, Some(true));
    assert!(
        refusal.content().contains("Only carol can withdraw"),
        "{}",
        refusal.content()
    );
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.carol, second.id, &withdraw)
        .await;
    let withdrawn = h
        .post_in("the withdrawal", from, elsewhere, |c| {
            c.content().contains("withdraws their challenge")
        })
        .await;
    assert_eq!(withdrawn.effective_ephemeral, Some(false));
    h.stand_in
        .wait_for(
            "the withdrawn challenge's buttons removed",
            from,
            WAIT,
            |c| c.method == "PATCH" && c.message_id == Some(second.id),
        )
        .await;
    assert!(h
        .stand_in
        .message(second.id)
        .unwrap()
        .custom_ids()
        .is_empty());
}

/// `from` challenges `to` with `/xiangqi challenge` in `channel` and the
/// challenge is shown; returns the interaction's token.
async fn challenge_by_slash(h: &Harness, from: &TestUser, to: &TestUser, channel: u64) -> String {
    let start = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            from,
            channel,
            "challenge",
            vec![
                option("opponent", 9, json!(to.id.to_string())),
                option("color", 3, json!("red")),
            ],
            &[to],
        )
        .await;
    h.stand_in
        .wait_for("the challenge", start, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    token
}

/// An open challenge (`/xiangqi challenge` without an opponent), content
/// intent off: it pings nobody and shows Join and Withdraw; the
/// challenger's own Join is refused privately; the first other member to
/// press Join plays (Black, as the challenger took Red), and the buttons
/// go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_joined_through_its_button() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "challenge",
            vec![option("color", 3, json!("red"))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("the open challenge", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    let seek = h.stand_in.original_response(&token).expect("the seek");
    assert!(
        seek.content.contains("looking for an opponent"),
        "{}",
        seek.content
    );
    assert!(
        !seek.content.contains("<@"),
        "a seek pings nobody: {}",
        seek.content
    );
    assert!(seek.button("Decline").is_none(), "{:?}", seek.components);
    assert!(seek.button("Withdraw").is_some(), "{:?}", seek.components);
    let join = seek.button("Join").expect("a Join button");

    let pressed = h.stand_in.press_button(&h.alice, seek.id, &join).await;
    let refusal = private_answer(&h, &pressed, "alice's own join refused").await;
    assert!(refusal.contains("cannot challenge yourself"), "{refusal}");

    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, seek.id, &join).await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let game = game_id(start.content());
    let store = h.store().await;
    let record = store.game(GameId(game)).await.unwrap();
    assert!(record.red.is_user(&h.alice.id.to_string()), "{record:?}");
    assert!(record.black.is_user(&h.bob.id.to_string()), "{record:?}");

    // Taken: its buttons go, so nobody else can press Join.
    h.stand_in
        .wait_for("the spent buttons removed", from, WAIT, |c| {
            c.method == "PATCH" && c.message_id == Some(seek.id)
        })
        .await;
    assert!(h.stand_in.message(seek.id).unwrap().custom_ids().is_empty());
}

/// A tournament through Discord: created with the slash command by a member
/// who may manage the server (another member is refused privately), joined
/// by its Join button, started early; its round is posted in the channel
/// and its game gets a thread whose first post pings both players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_joined_by_its_button_and_its_game_gets_a_thread() {
    use support::stand_in::{perm, DEFAULT_MEMBER_PERMISSIONS};
    use xiangqi_bot::store::TournamentId;
    let h = Harness::start().await;
    h.stand_in.add_member(
        &h.alice,
        None,
        DEFAULT_MEMBER_PERMISSIONS | perm::MANAGE_GUILD,
    );
    h.stand_in
        .add_member(&h.bob, None, DEFAULT_MEMBER_PERMISSIONS);
    h.stand_in
        .add_member(&h.carol, None, DEFAULT_MEMBER_PERMISSIONS);
    let channel = h.stand_in.new_id();
    let create = |who| {
        h.stand_in.send_slash(
            who,
            channel,
            "tournament",
            vec![option(
                "action",
                3,
                json!("create \"Cup\" swiss rounds 2 start 1h"),
            )],
            &[],
        )
    };
    let token = create(&h.bob).await;
    let refusal = private_answer(&h, &token, "bob may not create one").await;
    assert!(refusal.contains("Manage Server"), "{refusal}");
    let from = h.stand_in.call_count();
    let token = create(&h.alice).await;
    h.stand_in
        .wait_for("the announcement", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    let made = h
        .stand_in
        .original_response(&token)
        .expect("the announcement");
    assert!(made.content.contains("**Cup**"), "{}", made.content);
    let join = made.button("Join").expect("a Join button");
    for user in [&h.bob, &h.carol] {
        let from = h.stand_in.call_count();
        h.stand_in.press_button(user, made.id, &join).await;
        h.stand_in
            .wait_for("joined", from, WAIT, |c| {
                c.content().contains(&format!("{} joins", user.name))
            })
            .await;
    }
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            channel,
            "tournament",
            vec![option("action", 3, json!("start"))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("round 1 posted", from, WAIT, |c| {
            c.content().contains("round 1 of 1")
        })
        .await;
    let store = h.store().await;
    let tournament = store.tournament(TournamentId(1)).await.unwrap().unwrap();
    let game = tournament.boards[0].game.expect("a game");
    let record = store.game(game).await.unwrap();
    let thread: u64 = record
        .location
        .thread_id
        .as_deref()
        .expect("the game's thread")
        .parse()
        .unwrap();
    let first = h
        .stand_in
        .wait_for("the thread's first post", from, WAIT, |c| {
            c.channel == Some(thread) && c.shows_message()
        })
        .await;
    assert!(
        first.content().contains("**Cup**, round 1"),
        "{}",
        first.content()
    );
    let posted = h.stand_in.messages_in(thread);
    let mut pinged = posted[0].pinged.clone();
    pinged.sort_unstable();
    let mut players = vec![h.bob.id, h.carol.id];
    players.sort_unstable();
    assert_eq!(pinged, players, "{}", posted[0].content);
}

/// A server's seek channel and seek role, set by a member with Manage
/// Server: alice's open challenge made in another channel is posted in the
/// seek channel, pinging the role and no user; alice is told where it went.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_goes_to_the_seek_channel_pinging_the_seek_role() {
    use support::stand_in::{perm, DEFAULT_MEMBER_PERMISSIONS};
    let h = Harness::start().await;
    h.stand_in
        .add_member(&h.alice, None, DEFAULT_MEMBER_PERMISSIONS);
    h.stand_in.add_member(
        &h.bob,
        None,
        DEFAULT_MEMBER_PERMISSIONS | perm::MANAGE_GUILD,
    );
    let (lobby, seeks) = (h.stand_in.new_id(), h.stand_in.new_id());
    for (setting, value) in [
        ("server seek-channel", format!("<#{seeks}>")),
        ("server seek-role", "<@&77>".to_string()),
    ] {
        let from = h.stand_in.call_count();
        h.stand_in
            .send_slash(
                &h.bob,
                lobby,
                "settings",
                vec![
                    option("setting", 3, json!(setting)),
                    option("value", 3, json!(value)),
                ],
                &[],
            )
            .await;
        h.stand_in
            .wait_for("the change", from, WAIT, |c| c.content().contains("is now"))
            .await;
    }
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(&h.alice, lobby, "challenge", vec![], &[])
        .await;
    h.stand_in
        .wait_for("alice told", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str())
                && c.content().contains(&format!("posted in <#{seeks}>"))
        })
        .await;
    let seek = h
        .stand_in
        .messages_in(seeks)
        .into_iter()
        .find(|m| m.content.contains("looking for an opponent"))
        .expect("the seek, in the seek channel");
    assert_eq!(seek.pinged_roles, [77], "{}", seek.content);
    assert!(seek.pinged.is_empty(), "{:?}", seek.pinged);
    assert!(seek.button("Join").is_some(), "{:?}", seek.components);
}

/// A challenge to a role, picked in the mentionable `opponent` option: it
/// pings the role and no user; a member without the role is refused
/// privately when pressing Join, and the first member holding it plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_a_role_is_joined_by_a_member_holding_it() {
    use support::stand_in::DEFAULT_MEMBER_PERMISSIONS;
    let h = Harness::without_the_content_intent().await;
    for user in [&h.alice, &h.bob, &h.carol] {
        h.stand_in
            .add_member(user, None, DEFAULT_MEMBER_PERMISSIONS);
    }
    h.stand_in.give_role(&h.bob, 77);
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_slash(
            &h.alice,
            channel,
            "challenge",
            vec![
                option("opponent", 9, json!("77")),
                option("color", 3, json!("red")),
            ],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("the challenge", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    let seek = h.stand_in.original_response(&token).expect("the challenge");
    assert!(seek.content.contains("<@&77>"), "{}", seek.content);
    assert_eq!(seek.pinged_roles, [77]);
    assert!(seek.pinged.is_empty(), "{:?}", seek.pinged);
    let join = seek.button("Join").expect("a Join button");

    let pressed = h.stand_in.press_button(&h.carol, seek.id, &join).await;
    let refusal = private_answer(&h, &pressed, "carol, without the role, refused").await;
    assert!(refusal.contains("is for <@&77>"), "{refusal}");

    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, seek.id, &join).await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let record = h
        .store()
        .await
        .game(GameId(game_id(start.content())))
        .await
        .unwrap();
    assert!(record.red.is_user(&h.alice.id.to_string()), "{record:?}");
    assert!(record.black.is_user(&h.bob.id.to_string()), "{record:?}");
}

/// Two challenges wait for alice in one channel, bob's first, carol's
/// second: pressing Accept on bob's plays bob, not the newest challenger.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_takes_the_pressed_challenge_when_two_wait() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let older = challenge_by_slash(&h, &h.bob, &h.alice, channel).await;
    challenge_by_slash(&h, &h.carol, &h.alice, channel).await;
    let older = h
        .stand_in
        .original_response(&older)
        .expect("bob's challenge");
    let accept = older.button("Accept").expect("an Accept button");
    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.alice, older.id, &accept).await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let record = h
        .store()
        .await
        .game(GameId(game_id(start.content())))
        .await
        .unwrap();
    assert!(record.red.is_user(&h.bob.id.to_string()), "{record:?}");
    assert!(record.black.is_user(&h.alice.id.to_string()), "{record:?}");
}

/// A draw offer's buttons, content intent off: a press on an offer the game
/// has moved past is refused privately as stale and its buttons removed; a
/// stranger's press is refused; the opponent's Accept draw ends the game,
/// and no live button is left on the offer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_offered_and_accepted_by_buttons() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let token = challenge_by_slash(&h, &h.alice, &h.bob, channel).await;
    let challenge = h.stand_in.original_response(&token).unwrap();
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.bob, challenge.id, &challenge.button("Accept").unwrap())
        .await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let game = game_id(start.content());
    let thread = start.channel.unwrap();

    // The game moves on before bob answers: the old offer's button is stale.
    let first = draw_offer(&h, &h.alice, thread).await;
    let accept = first.button("Accept draw").expect("an Accept draw button");
    assert!(first.button("Decline").is_some(), "{:?}", first.components);
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            thread,
            "move",
            vec![option("move", 3, json!("h2e2"))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("alice's move", from, WAIT, |c| c.content().contains("h2e2"))
        .await;
    let pressed = h.stand_in.press_button(&h.bob, first.id, &accept).await;
    let stale = private_answer(&h, &pressed, "the stale refusal").await;
    assert!(stale.contains("has moved on"), "{stale}");
    h.stand_in
        .wait_for("the stale buttons removed", from, WAIT, |c| {
            c.method == "PATCH" && c.message_id == Some(first.id)
        })
        .await;
    assert!(h
        .stand_in
        .message(first.id)
        .unwrap()
        .custom_ids()
        .is_empty());

    // Bob's move declines the standing offer; a fresh one: carol may not
    // answer it; bob accepts it.
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.bob,
            thread,
            "move",
            vec![option("move", 3, json!("h9g7"))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("bob's move", from, WAIT, |c| c.content().contains("h9g7"))
        .await;
    let second = draw_offer(&h, &h.alice, thread).await;
    let accept = second.button("Accept draw").unwrap();
    let pressed = h.stand_in.press_button(&h.carol, second.id, &accept).await;
    let refusal = private_answer(&h, &pressed, "carol's refusal").await;
    assert!(refusal.contains("is between alice"), "{refusal}");
    assert!(h
        .store()
        .await
        .game(GameId(game))
        .await
        .unwrap()
        .result
        .is_none());

    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, second.id, &accept).await;
    h.post_in("the draw", from, thread, |c| {
        c.content().contains("draw agreed")
    })
    .await;
    h.stand_in
        .wait_for("the offer's buttons removed", from, WAIT, |c| {
            c.method == "PATCH" && c.message_id == Some(second.id)
        })
        .await;
    assert!(h
        .store()
        .await
        .game(GameId(game))
        .await
        .unwrap()
        .result
        .is_some());
    assert_only_end_buttons(&h, thread, game).await;
}

/// Every button left in `thread` once `game` is over is its Review or
/// Rematch: nothing of the game itself can be pressed any more.
/// The last board's controls are taken off just after the end is posted,
/// so this waits for it (and fails after `WAIT` with the messages).
async fn assert_only_end_buttons(h: &Harness, thread: u64, game: i64) {
    let ends = [
        format!("xq1:review:{game}:0"),
        format!("xq1:rematch:{game}:0"),
    ];
    h.stand_in
        .wait_until("only Review and Rematch live", WAIT, |messages| {
            messages
                .iter()
                .filter(|m| m.channel == thread && !m.deleted)
                .all(|m| m.custom_ids().iter().all(|id| ends.contains(id)))
        })
        .await;
    let end = h
        .stand_in
        .messages_in(thread)
        .into_iter()
        .rfind(|m| !m.custom_ids().is_empty())
        .expect("the end's message has buttons");
    assert_eq!(end.custom_ids(), ends, "{}", end.content);
    assert!(end.button("Review").is_some() && end.button("Rematch").is_some());
}

/// `user` offers a draw with `/xiangqi draw` in `thread`; returns the offer
/// as shown.
/// `user` offers a draw by the Draw button of the game's latest board (the
/// one board in `thread` whose controls are live).
async fn draw_offer(h: &Harness, user: &TestUser, thread: u64) -> ShownMessage {
    let live_boards = |messages: &[ShownMessage]| -> Vec<ShownMessage> {
        messages
            .iter()
            .filter(|m| m.channel == thread && !m.deleted && !m.ephemeral)
            .filter(|m| {
                m.custom_ids()
                    .iter()
                    .any(|id| id.starts_with("xq1:offerdraw:"))
            })
            .cloned()
            .collect()
    };
    h.stand_in
        .wait_until("one board with live controls", WAIT, |messages| {
            live_boards(messages).len() == 1
        })
        .await;
    let board = live_boards(&h.stand_in.messages_in(thread)).remove(0);
    let from = h.stand_in.call_count();
    let draw = board.button("Draw").expect("a Draw button");
    h.stand_in.press_button(user, board.id, &draw).await;
    let call = h
        .post_in("the draw offer", from, thread, |c| {
            c.content().contains("offers a draw")
        })
        .await;
    let shown = h.stand_in.message(call.message_id.unwrap()).unwrap();
    assert!(!shown.content.contains("type `draw`"), "{}", shown.content);
    shown
}

/// The answer to the press `pressed`, which must be private.
async fn private_answer(h: &Harness, pressed: &str, what: &str) -> String {
    let answer = h
        .stand_in
        .wait_for(what, 0, WAIT, |c| {
            c.interaction_token.as_deref() == Some(pressed) && c.shows_message()
        })
        .await;
    assert_eq!(answer.effective_ephemeral, Some(true), "{what}");
    answer.content().to_string()
}

/// `user` starts a game against the bot at level 1 with `/xiangqi play`,
/// playing Red, in a fresh channel; returns (game id, its thread).
async fn slash_bot_game(h: &Harness, user: &TestUser) -> (i64, u64) {
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            user,
            channel,
            "play",
            vec![
                option("color", 3, json!("red")),
                option("level", 4, json!(1)),
            ],
            &[],
        )
        .await;
    let start = h
        .stand_in
        .wait_for("the game's first board", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
                && c.channel.and_then(|t| h.stand_in.thread_parent(t)) == Some(channel)
        })
        .await;
    (game_id(start.content()), start.channel.unwrap())
}

/// The messages in `thread` that still carry buttons.
fn with_buttons(h: &Harness, thread: u64) -> Vec<ShownMessage> {
    h.stand_in
        .messages_in(thread)
        .into_iter()
        .filter(|m| !m.deleted && !m.custom_ids().is_empty())
        .collect()
}

/// The game's latest board, once it is the one message in `thread` whose
/// controls are live and its Move button is at `ply`.
async fn latest_board(h: &Harness, thread: u64, game: i64, ply: usize) -> ShownMessage {
    let move_id = format!("xq1:move:{game}:{ply}");
    h.stand_in
        .wait_until(&format!("the board at ply {ply}"), WAIT, |messages| {
            let live: Vec<_> = messages
                .iter()
                .filter(|m| m.channel == thread && !m.deleted && !m.ephemeral)
                .filter(|m| !m.custom_ids().is_empty())
                .collect();
            live.len() == 1 && live[0].custom_ids().contains(&move_id)
        })
        .await;
    let live = with_buttons(h, thread);
    live.into_iter().find(|m| !m.ephemeral).unwrap()
}

/// `user` presses Move on `board` and gets the form (a modal, the press's
/// initial response); returns the press's token.
async fn open_move_form(h: &Harness, user: &TestUser, board: &ShownMessage) -> String {
    let pressed = h
        .stand_in
        .press_button(
            user,
            board.id,
            &board.button("Move").expect("a Move button"),
        )
        .await;
    h.stand_in
        .wait_for("the move form", 0, WAIT, |c| {
            c.interaction_token.as_deref() == Some(pressed.as_str())
                && c.path.ends_with("/callback")
        })
        .await;
    pressed
}

/// A legal move for the side to move after `moves`, in ICCS.
fn some_legal_move(moves: &[String]) -> String {
    let game = replay(moves);
    let legal = game.position().legal_moves();
    // Not the first: it is a chariot's step on the edge in most positions,
    // and any other is as good a test.
    legal[legal.len() / 2].to_string()
}

/// A whole game against the bot with the Message Content intent off, played
/// through the board's Move button and its form: every board carries the
/// game's controls, only the latest one's stay live; a move the rules refuse
/// is answered privately and changes nothing; Resign first asks privately,
/// and only its confirmation ends the game, after which no button is live.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_is_played_through_the_move_form() {
    let h = Harness::without_the_content_intent().await;
    let (game, thread) = slash_bot_game(&h, &h.alice).await;
    let board = latest_board(&h, thread, game, 0).await;
    for label in ["Move", "Draw", "Takeback", "Hint", "Flip board", "Resign"] {
        assert!(
            board.button(label).is_some(),
            "{label}: {:?}",
            board.components
        );
    }

    // The form: one line for the move, titled with the game.
    let pressed = open_move_form(&h, &h.alice, &board).await;
    let modal = h.stand_in.modal_of(&pressed).expect("a modal");
    assert_eq!(modal["custom_id"], json!(format!("xq1:play:{game}:0")));
    assert!(
        modal["title"]
            .as_str()
            .unwrap()
            .contains(&format!("#{game}")),
        "{modal}"
    );
    // A move the rules refuse: said privately, nothing stored, the board's
    // buttons stay.
    let sent = h
        .stand_in
        .submit_modal(&h.alice, &pressed, &[("text", "a0a5")])
        .await;
    let refusal = private_answer(&h, &sent, "the illegal move's refusal").await;
    assert!(refusal.contains("blocked"), "{refusal}");
    assert!(h.stored_moves(game).await.is_empty());
    assert!(!h
        .stand_in
        .message(board.id)
        .unwrap()
        .custom_ids()
        .is_empty());

    for round in 0..3 {
        let moves = h.stored_moves(game).await;
        assert_eq!(moves.len(), round * 2);
        let board = latest_board(&h, thread, game, moves.len()).await;
        let mine = some_legal_move(&moves);
        let pressed = open_move_form(&h, &h.alice, &board).await;
        let from = h.stand_in.call_count();
        h.stand_in
            .submit_modal(&h.alice, &pressed, &[("text", &mine)])
            .await;
        let answer = h
            .post_in("alice's move and the bot's", from, thread, |c| {
                c.content().contains(&format!("alice (Red): {mine}"))
                    && c.content().contains("xiangqi-bot")
                    && !c.pngs().is_empty()
            })
            .await;
        assert!(!answer.is_ephemeral());
        let moves = h.stored_moves(game).await;
        assert_eq!(moves.len(), round * 2 + 2, "{moves:?}");
        assert_eq!(moves[round * 2], mine);
        replay(&moves);
        // The board the form came from is no longer live.
        h.stand_in
            .wait_until("the old board's buttons taken off", WAIT, |messages| {
                messages
                    .iter()
                    .any(|m| m.id == board.id && m.custom_ids().is_empty())
            })
            .await;
    }

    // Resign asks first, privately; the question alone changes nothing.
    let board = latest_board(&h, thread, game, 6).await;
    let pressed = h
        .stand_in
        .press_button(&h.alice, board.id, &board.button("Resign").unwrap())
        .await;
    let question = h
        .stand_in
        .wait_for("the confirmation", 0, WAIT, |c| {
            c.interaction_token.as_deref() == Some(pressed.as_str()) && c.shows_message()
        })
        .await;
    assert_eq!(question.effective_ephemeral, Some(true));
    let question = h.stand_in.message(question.message_id.unwrap()).unwrap();
    assert!(
        question.content.contains("Resign game"),
        "{}",
        question.content
    );
    let confirm = question.button("Yes, resign").expect("a confirm button");
    assert!(h
        .store()
        .await
        .game(GameId(game))
        .await
        .unwrap()
        .result
        .is_none());
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.alice, question.id, &confirm)
        .await;
    h.post_in("the resignation", from, thread, |c| {
        c.content().contains("resigns")
    })
    .await;
    assert!(h
        .store()
        .await
        .game(GameId(game))
        .await
        .unwrap()
        .result
        .is_some());
    // Nothing of the game can be pressed; its end offers Review and Rematch.
    assert_only_end_buttons(&h, thread, game).await;
}

/// The controls refuse a stranger privately and change nothing; a move
/// form sent back after the game moved on is refused privately with the
/// board as it is now; Hint answers privately and Flip board shows the
/// board; and a bot started again, which never saw the board, takes a move
/// through its buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_buttons_refuse_strangers_and_stale_forms_and_outlive_a_restart() {
    let mut h = Harness::without_the_content_intent().await;
    let (game, thread) = slash_bot_game(&h, &h.alice).await;
    let board = latest_board(&h, thread, game, 0).await;

    // Carol does not play here.
    for label in ["Resign", "Move"] {
        let pressed = h
            .stand_in
            .press_button(&h.carol, board.id, &board.button(label).unwrap())
            .await;
        let refusal = private_answer(&h, &pressed, "carol's refusal").await;
        assert!(refusal.contains("is between alice"), "{label}: {refusal}");
        assert!(h.stand_in.modal_of(&pressed).is_none(), "{label}");
    }
    assert!(h.stored_moves(game).await.is_empty());
    assert_eq!(
        h.stand_in.message(board.id).unwrap().custom_ids(),
        board.custom_ids()
    );

    // Alice opens the form, then moves by command before sending it.
    let pressed = open_move_form(&h, &h.alice, &board).await;
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            thread,
            "move",
            vec![option("move", 3, json!("h2e2"))],
            &[],
        )
        .await;
    h.post_in("the typed move's answer", from, thread, |c| {
        c.content().contains("alice (Red): h2e2") && c.content().contains("xiangqi-bot")
    })
    .await;
    let sent = h
        .stand_in
        .submit_modal(&h.alice, &pressed, &[("text", "b0c2")])
        .await;
    let stale = h
        .stand_in
        .wait_for("the stale form's refusal", 0, WAIT, |c| {
            c.interaction_token.as_deref() == Some(sent.as_str()) && c.shows_message()
        })
        .await;
    assert_eq!(stale.effective_ephemeral, Some(true));
    assert!(
        stale.content().contains("has moved on"),
        "{}",
        stale.content()
    );
    assert_board(&stale);
    assert_eq!(
        h.stored_moves(game).await.len(),
        2,
        "the stale move is not played"
    );

    // Hint answers privately; Flip board posts a board without controls;
    // neither moves the game on.
    let board = latest_board(&h, thread, game, 2).await;
    let pressed = h
        .stand_in
        .press_button(&h.alice, board.id, &board.button("Hint").unwrap())
        .await;
    let hint = private_answer(&h, &pressed, "the hint").await;
    assert!(hint.contains(&format!("Hint for #{game}")), "{hint}");
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.alice, board.id, &board.button("Flip board").unwrap())
        .await;
    let flipped = h
        .post_in("the flipped board", from, thread, |c| !c.pngs().is_empty())
        .await;
    assert!(!flipped.is_ephemeral());
    assert!(flipped.json["components"]
        .as_array()
        .is_none_or(Vec::is_empty));

    // A new bot, which never saw the latest board, takes a move from it.
    let moves = h.stored_moves(game).await;
    let board = latest_board(&h, thread, game, 2).await;
    h.bot.take().expect("a running bot").kill();
    h.start_bot(2).await;
    let mine = some_legal_move(&moves);
    let pressed = open_move_form(&h, &h.alice, &board).await;
    let from = h.stand_in.call_count();
    h.stand_in
        .submit_modal(&h.alice, &pressed, &[("text", &mine)])
        .await;
    h.post_in("the move after the restart", from, thread, |c| {
        c.content().contains(&format!("alice (Red): {mine}")) && !c.pngs().is_empty()
    })
    .await;
    assert_eq!(h.stored_moves(game).await.len(), 4);
    h.stand_in
        .wait_until("the pressed board's buttons taken off", WAIT, |messages| {
            messages
                .iter()
                .any(|m| m.id == board.id && m.custom_ids().is_empty())
        })
        .await;
    latest_board(&h, thread, game, 4).await;
}

mod faults;

/// The member menu's "Challenge to Xiangqi", content intent off: it is
/// registered as a user command as Discord wants one (no description, no
/// options); picked on bob it makes the challenge `challenge @bob` makes,
/// which bob accepts with its button, and the game's start says how to move
/// where typed moves never reach the bot. Picked on oneself or on another
/// bot it is refused privately; on the bot itself it starts a game against
/// the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_member_menu_challenges_and_its_accept_starts_the_game() {
    let h = Harness::without_the_content_intent().await;
    let menu = h
        .stand_in
        .registered_commands()
        .into_iter()
        .find(|c| c.json["type"].as_u64() == Some(2))
        .expect("a user command is registered beside /xiangqi");
    assert_eq!(menu.name, "Challenge to Xiangqi");
    assert!(menu.json["description"].as_str().unwrap_or("").is_empty());
    assert!(menu.json["options"].as_array().is_none_or(Vec::is_empty));

    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    let token = h
        .stand_in
        .send_user_command(&h.alice, channel, "Challenge to Xiangqi", &h.bob)
        .await;
    h.stand_in
        .wait_for("the challenge", from, WAIT, |c| {
            c.interaction_token.as_deref() == Some(token.as_str()) && c.shows_message()
        })
        .await;
    let challenge = h.stand_in.original_response(&token).unwrap();
    assert!(
        challenge.content.contains("challenges bob"),
        "{}",
        challenge.content
    );
    assert!(challenge.is_public());
    let accept = challenge.button("Accept").expect("an Accept button");
    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, challenge.id, &accept).await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    game_id(start.content());
    assert!(
        start.content().contains("`/xiangqi move`"),
        "the start names the move that works here: {}",
        start.content()
    );
    assert!(
        !start.content().contains("type it like"),
        "{}",
        start.content()
    );

    // Carol on herself, then on another bot: refused privately.
    for (target, said) in [
        (h.carol.clone(), "cannot challenge yourself"),
        (
            TestUser::other_bot(h.stand_in.new_id(), "chessbot"),
            "chessbot is a bot and cannot answer a challenge",
        ),
    ] {
        let elsewhere = h.stand_in.new_id();
        let token = h
            .stand_in
            .send_user_command(&h.carol, elsewhere, "Challenge to Xiangqi", &target)
            .await;
        let answer = private_answer(&h, &token, "the menu's refusal").await;
        assert!(answer.contains(said), "{answer}");
    }
    // On the bot itself: a game against it.
    let bot = TestUser {
        bot: true,
        ..TestUser::new(BOT_USER_ID, "xiangqi-bot")
    };
    let elsewhere = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_user_command(&h.carol, elsewhere, "Challenge to Xiangqi", &bot)
        .await;
    let start = h
        .stand_in
        .wait_for("the game against the bot", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    assert!(
        start.content().contains("carol (Red)"),
        "{}",
        start.content()
    );
}

/// A game against the bot ends (resigned), content intent off: its end
/// message carries Review and Rematch and no other live button is left;
/// a stranger's Rematch is refused privately; the player's starts the next
/// game at once with the colours swapped (the bot now moves first); a second
/// Rematch is refused; Review, pressed by anyone, gives the review.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_offers_review_and_rematch_by_buttons() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.alice, channel, "play", vec![], &[])
        .await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let game = game_id(start.content());
    let thread = start.channel.unwrap();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(
            &h.alice,
            thread,
            "move",
            vec![option("move", 3, json!("h2e2"))],
            &[],
        )
        .await;
    h.stand_in
        .wait_for("the bot's answer", from, WAIT, |c| is_bot_move(c, game))
        .await;
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.alice, thread, "resign", vec![], &[])
        .await;
    let end = h
        .post_in("the resignation", from, thread, |c| {
            c.content().contains("resigns")
        })
        .await;
    let end = h.stand_in.message(end.message_id.unwrap()).unwrap();
    assert_only_end_buttons(&h, thread, game).await;
    let rematch = end.button("Rematch").unwrap();
    let review = end.button("Review").unwrap();

    let pressed = h.stand_in.press_button(&h.carol, end.id, &rematch).await;
    let refusal = private_answer(&h, &pressed, "carol's rematch").await;
    assert!(
        refusal.contains("Only alice and"),
        "a stranger cannot ask for it: {refusal}"
    );

    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.alice, end.id, &rematch).await;
    let next = h
        .stand_in
        .wait_for("the rematch's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && game_id(c.content()) != game
        })
        .await;
    let next_game = game_id(next.content());
    assert!(
        next.content().contains("The bot moves first"),
        "{}",
        next.content()
    );
    h.stand_in
        .wait_for("the bot's first move", from, WAIT, |c| {
            is_bot_move(c, next_game)
        })
        .await;
    let store = h.store().await;
    let record = store.game(GameId(next_game)).await.unwrap();
    assert_eq!(
        record.black.user_id(),
        Some(h.alice.id.to_string().as_str()),
        "colours swapped"
    );
    assert!(record.red.user_id().is_none(), "the bot has Red");
    assert_eq!(
        h.stand_in.message(end.id).unwrap().custom_ids().len(),
        2,
        "Review stays useful after the rematch"
    );

    let pressed = h.stand_in.press_button(&h.alice, end.id, &rematch).await;
    let again = private_answer(&h, &pressed, "the second rematch").await;
    assert!(again.contains("already offered or started"), "{again}");

    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.carol, end.id, &review).await;
    let shown = h
        .stand_in
        .wait_for("the review", from, Duration::from_secs(60), |c| {
            c.shows_message() && c.content().contains(&format!("Review of game #{game}"))
        })
        .await;
    assert_eq!(shown.effective_ephemeral, Some(false));
}

/// A rematch between people, content intent off: the loser's Rematch is a
/// challenge to the winner with the colours swapped, which the winner
/// accepts with its Accept button; the game then starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_between_people_is_a_challenge_accepted_by_its_button() {
    let h = Harness::without_the_content_intent().await;
    let channel = h.stand_in.new_id();
    let token = challenge_by_slash(&h, &h.alice, &h.bob, channel).await;
    let challenge = h.stand_in.original_response(&token).unwrap();
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.bob, challenge.id, &challenge.button("Accept").unwrap())
        .await;
    let start = h
        .stand_in
        .wait_for("the game's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    let game = game_id(start.content());
    let thread = start.channel.unwrap();
    let from = h.stand_in.call_count();
    h.stand_in
        .send_slash(&h.bob, thread, "resign", vec![], &[])
        .await;
    let end = h
        .post_in("the resignation", from, thread, |c| {
            c.content().contains("resigns")
        })
        .await;
    let end = h.stand_in.message(end.message_id.unwrap()).unwrap();
    assert_only_end_buttons(&h, thread, game).await;

    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.bob, end.id, &end.button("Rematch").unwrap())
        .await;
    let offer = h
        .stand_in
        .wait_for("the rematch challenge", from, WAIT, |c| {
            c.shows_message() && c.content().contains("for a rematch of game")
        })
        .await;
    assert!(
        offer.content().contains("bob plays Red"),
        "bob had Black: {}",
        offer.content()
    );
    assert_eq!(offer.effective_ephemeral, Some(false));
    let offer = h.stand_in.message(offer.message_id.unwrap()).unwrap();
    let from = h.stand_in.call_count();
    h.stand_in
        .press_button(&h.alice, offer.id, &offer.button("Accept").unwrap())
        .await;
    let next = h
        .stand_in
        .wait_for("the rematch's start", from, WAIT, |c| {
            c.shows_message()
                && without_pings(c.content()).starts_with("Game #")
                && !c.pngs().is_empty()
        })
        .await;
    assert!(
        next.content().contains("bob (Red) vs alice (Black)"),
        "{}",
        next.content()
    );
    assert_ne!(game_id(next.content()), game);
}
