//! The Discord adapter: a thin layer that turns slash commands, `!xq` messages
//! and bare moves into the core's requests, and posts the core's replies (text
//! and board PNGs) back through serenity. It knows no rules and keeps no game
//! state: the core and its store do.
//!
//! [`build_client`] is the one way a client is made, in production and in the
//! end-to-end tests alike; only the REST base (`--api-proxy`) differs there,
//! and with it serenity's own rate limiter, which would send around the proxy.
//! [`build_client_with`] is the same with the test's own HTTP client, so that
//! a test can keep the rate limiter on (`tests/it/discord_limiter.rs`).

mod commands;
mod events;
pub mod metrics;
mod outbox;
mod places;
mod retry;
pub mod shards;

use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;
use serenity::all::{ClientBuilder, CreateAllowedMentions, GatewayIntents, GuildId, HttpBuilder};
use serenity::Client;

use crate::bot::{Bot, BotArgs};

pub use commands::challenge_menu as challenge_menu_command;
pub use commands::definition as slash_command;
pub use outbox::ChannelOutbox;

/// `xiangqi-bot discord`'s settings (flags with environment fallbacks).
#[derive(Args, Clone, Debug)]
pub struct DiscordArgs {
    #[command(flatten)]
    pub bot: BotArgs,

    /// The bot's token, from the Discord developer portal (Bot page).
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub token: String,

    /// Register the slash command in this server only (shows at once; for
    /// development). Without it the command is global, which Discord may take
    /// up to an hour to show everywhere.
    #[arg(long, env = "DISCORD_GUILD_ID")]
    pub guild: Option<u64>,

    /// Read ordinary messages, for `!xq` commands and bare moves. Needs the
    /// privileged MESSAGE_CONTENT intent; `false` runs on slash commands only.
    #[arg(long, env = "DISCORD_MESSAGE_CONTENT", default_value_t = true, action = clap::ArgAction::Set)]
    pub message_content: bool,

    /// Send REST calls to this base URL instead of Discord (a rate-limiting
    /// proxy, or a test stand-in). Turns serenity's own rate limiter off; a
    /// call answered with 429 is then tried again like one that failed on
    /// the way (see `retry.rs`).
    #[arg(long, env = "DISCORD_API_PROXY")]
    pub api_proxy: Option<String>,

    /// The gateway shards this process runs: `FIRST-END/TOTAL` (shards
    /// FIRST to END-1 of TOTAL, as `0-2/4`) or `SHARD/TOTAL`. Without it,
    /// all the shards Discord recommends for the bot.
    #[arg(long, env = "DISCORD_SHARDS")]
    pub shards: Option<shards::ShardRange>,

    /// How long a slash command waits for its first answer before it shows
    /// "thinking…", in milliseconds (Discord needs an answer within 3 s).
    #[arg(long, env = "DISCORD_ANSWER_WITHIN_MS", default_value_t = 1500,
          value_parser = clap::value_parser!(u64).range(0..=2500))]
    pub answer_within_ms: u64,

    /// How long one REST call may take before it is given up and tried
    /// again, in seconds.
    #[arg(long, env = "DISCORD_REST_TIMEOUT_SECS", default_value_t = retry::REQUEST_TIMEOUT.as_secs_f64(),
          value_parser = rest_timeout)]
    pub rest_timeout_secs: f64,
}

/// A REST timeout of 0.1 s to 10 minutes.
fn rest_timeout(text: &str) -> Result<f64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if (0.1..=600.0).contains(&secs) {
        Ok(secs)
    } else {
        Err(format!(
            "the REST timeout must be 0.1 to 600 seconds, not {secs}"
        ))
    }
}

/// The gateway events the bot needs: guilds and their messages, and DMs.
/// MESSAGE_CONTENT only when it reads typed commands and bare moves; slash
/// commands cover everything without it.
pub fn intents(message_content: bool) -> GatewayIntents {
    let base =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if message_content {
        base | GatewayIntents::MESSAGE_CONTENT
    } else {
        base
    }
}

/// The serenity client for `bot`, ready to `start()`.
pub async fn build_client(bot: Arc<Bot>, args: &DiscordArgs) -> anyhow::Result<Client> {
    build_client_with(bot, args, http_builder(args)?).await
}

/// serenity's HTTP client with a timeout: its own waits for an answer for
/// ever, and a call that hangs would hold its game's lock. This one gives
/// up, and the call is tried again (`retry.rs`).
fn http_builder(args: &DiscordArgs) -> anyhow::Result<HttpBuilder> {
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(std::time::Duration::from_secs_f64(args.rest_timeout_secs))
        .build()
        .context("building the HTTP client")?;
    Ok(HttpBuilder::new(&args.token).client(client))
}

/// [`build_client`] from an `HttpBuilder` the caller began: a test gives it
/// its own reqwest client (`HttpBuilder::client`), which serenity's rate
/// limiter sends through too, so the limiter can stay on against a stand-in.
/// The bot's own settings (allowed mentions, `--api-proxy`) go on top as in
/// production; `args.token` is not read, the builder's is used.
pub async fn build_client_with(
    bot: Arc<Bot>,
    args: &DiscordArgs,
    http: HttpBuilder,
) -> anyhow::Result<Client> {
    Ok(build(bot, args, http).await?.0)
}

/// What `serve` reads of a client it built: its adapter's metrics, and
/// whether every shard is connected.
struct Watched {
    metrics: Arc<metrics::DiscordMetrics>,
    connected: super::ops::Connected,
}

async fn build(
    bot: Arc<Bot>,
    args: &DiscordArgs,
    http: HttpBuilder,
) -> anyhow::Result<(Client, Watched)> {
    let mut http = http
        // Nothing pings unless a message names whom it may ping (each of the
        // bot's messages does): a display name of "@everyone" or "<@id>" in a
        // reply must not notify anyone.
        .default_allowed_mentions(CreateAllowedMentions::new());
    if let Some(proxy) = &args.api_proxy {
        // serenity's rate limiter builds its requests without the proxy: with
        // a proxy it must be off (the proxy limits, or there is no Discord).
        http = http
            .proxy(proxy.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let handler = events::Handler::new(
        bot,
        args.guild.map(GuildId::new),
        std::time::Duration::from_millis(args.answer_within_ms),
    );
    let shard_manager = handler.shard_manager.clone();
    let (metrics, manager) = (handler.metrics(), shard_manager.clone());
    let watched = Watched {
        metrics: metrics.clone(),
        connected: Box::new(move || events::shards_connected(metrics.clone(), manager.clone())),
    };
    let client = ClientBuilder::new_with_http(http.build(), intents(args.message_content))
        .event_handler(handler)
        .await
        .context("building the Discord client")?;
    let _ = shard_manager.set(client.shard_manager.clone());
    Ok((client, watched))
}

/// Runs the Discord bot, on a runtime of its own, until the process is
/// stopped or the gateway refuses it for good (a bad token, or intents the
/// application may not use).
pub fn run(args: DiscordArgs) -> anyhow::Result<()> {
    super::on_new_runtime(serve(args))
}

async fn serve(args: DiscordArgs) -> anyhow::Result<()> {
    if args.api_proxy.is_none() {
        serenity::utils::token::validate(&args.token)
            .map_err(|_| anyhow::anyhow!("DISCORD_TOKEN does not look like a bot token"))?;
    }
    let bot = Arc::new(Bot::connect(&args.bot).await?);
    let (mut client, watched) = build(bot.clone(), &args, http_builder(&args)?).await?;
    if let Some(range) = args.shards {
        watched
            .metrics
            .expect_shards((range.end - range.first) as usize);
    }
    if let Some(addr) = args.bot.metrics_addr {
        super::ops::serve(addr, bot.clone(), watched.connected).await?;
    }
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        let signal = super::stopping::stop_requested().await;
        tracing::info!(signal, "stopping");
        bot.shut_down(bot.config().shutdown_grace).await;
        shards.shutdown_all().await;
    });
    let started = match args.shards {
        Some(range) => {
            tracing::info!(shards = %range, "running a range of shards");
            // serenity's `start_shard_range` runs up to and including the
            // range's end, unlike Rust ranges: give it the last shard.
            client
                .start_shard_range(range.first..range.end - 1, range.total)
                .await
        }
        None => client.start_autosharded().await,
    };
    started.context("the Discord connection failed")
}
