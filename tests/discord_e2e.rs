//! End to end over Discord without Discord: the bot's real serenity client,
//! built as in production except for the HTTP base and the rate limiter,
//! talks over loopback HTTP and WebSocket to the stand-in in
//! `support/stand_in.rs`. Every wait is bounded.

mod support;

use std::time::Duration;

use serenity::all::ClientBuilder;
use serenity::all::{Context, EventHandler, GatewayIntents, HttpBuilder, Message, Ready};
use serenity::async_trait;
use support::stand_in::{StandIn, TestUser, BOT_USER_ID};
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(20);

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
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILD_MESSAGES)
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
