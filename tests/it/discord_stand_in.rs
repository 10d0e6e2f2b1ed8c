//! The stand-in Discord behaves as Discord's documentation says: each rule
//! in `docs/discord-stand-in.md` is checked here through the real serenity
//! client (its `Http` against the stand-in's REST, its gateway client against
//! the stand-in's WebSocket), both the refusal and the case Discord accepts.
//! Every wait is bounded; nothing sleeps for Discord's real deadlines, which
//! are reached by ageing interactions instead.

use std::sync::Arc;
use std::time::Duration;

use crate::support;
use crate::support::stand_in::{
    option, StandIn, StandInConfig, TestUser, APP_ID, BOT_USER_ID, DEFAULT_APP_PERMISSIONS,
    DEFAULT_ATTACHMENT_SIZE_LIMIT, GUILD_ID, INTENT_MESSAGE_CONTENT,
};
use serde_json::{json, Value};
use serenity::all::{
    ActionRowComponent, ChannelId, Client, ClientBuilder, CommandInteraction, Context,
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage, EventHandler,
    GatewayIntents, Http, HttpBuilder, Interaction, InteractionId, Message, MessageId, Ready,
    ShardManager, UserId,
};
use serenity::async_trait;
use tokio::sync::mpsc;

/// The longest any single expected event may take.
const WAIT: Duration = Duration::from_secs(20);

// ------------------------------------------------------------------ harness

enum Event {
    Ready,
    Message(Box<Message>),
    Interaction(Box<Interaction>),
}

struct Forward(mpsc::UnboundedSender<Event>);

#[async_trait]
impl EventHandler for Forward {
    async fn ready(&self, _: Context, _: Ready) {
        let _ = self.0.send(Event::Ready);
    }
    async fn message(&self, _: Context, message: Message) {
        let _ = self.0.send(Event::Message(Box::new(message)));
    }
    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        let _ = self.0.send(Event::Interaction(Box::new(interaction)));
    }
}

fn http_for(stand_in: &StandIn) -> Arc<Http> {
    let http = HttpBuilder::new("Bot x")
        .proxy(stand_in.rest_base())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(APP_ID.into());
    Arc::new(http)
}

/// A stand-in and a bare serenity client connected to it, forwarding every
/// event to the test.
struct Fixture {
    stand_in: StandIn,
    http: Arc<Http>,
    events: mpsc::UnboundedReceiver<Event>,
    shards: Arc<ShardManager>,
    alice: TestUser,
    bob: TestUser,
}

impl Fixture {
    async fn start() -> Fixture {
        Fixture::start_with(StandInConfig::default(), default_intents()).await
    }

    async fn start_with(config: StandInConfig, intents: GatewayIntents) -> Fixture {
        let stand_in = StandIn::start_with(config).await;
        let (client, events) = client(&stand_in, intents).await;
        let shards = client.shard_manager.clone();
        let mut client = client;
        tokio::spawn(async move { client.start().await });
        let mut fixture = Fixture {
            http: http_for(&stand_in),
            stand_in,
            events,
            shards,
            alice: TestUser::new(101, "alice"),
            bob: TestUser::new(102, "bob"),
        };
        match fixture.next_event().await {
            Event::Ready => {}
            _ => panic!("READY first"),
        }
        fixture
    }

    async fn next_event(&mut self) -> Event {
        tokio::time::timeout(WAIT, self.events.recv())
            .await
            .expect("an event in time")
            .expect("the client runs")
    }

    async fn next_message(&mut self) -> Message {
        loop {
            if let Event::Message(message) = self.next_event().await {
                return *message;
            }
        }
    }

    async fn next_command(&mut self) -> CommandInteraction {
        loop {
            if let Event::Interaction(interaction) = self.next_event().await {
                if let Interaction::Command(command) = *interaction {
                    return command;
                }
            }
        }
    }

    /// `alice` runs `/xiangqi <sub>` in `channel`; the command as serenity
    /// received it.
    async fn slash(&mut self, channel: u64, sub: &str) -> CommandInteraction {
        let alice = self.alice.clone();
        self.stand_in
            .send_slash(&alice, channel, sub, vec![], &[])
            .await;
        self.next_command().await
    }

    /// A slash command already answered with a (public or ephemeral) defer.
    async fn deferred(&mut self, channel: u64, ephemeral: bool) -> CommandInteraction {
        let command = self.slash(channel, "help").await;
        let data = if ephemeral {
            json!({"flags": 64})
        } else {
            json!({})
        };
        self.http
            .create_interaction_response(
                command.id,
                &command.token,
                &json!({"type": 5, "data": data}),
                vec![],
            )
            .await
            .expect("the defer is accepted");
        command
    }

    /// A message of alice's in a channel, as the stand-in knows it.
    async fn user_message(&mut self, channel: u64, content: &str) -> u64 {
        let alice = self.alice.clone();
        let id = self.stand_in.send_message(&alice, channel, content).await;
        self.next_message().await;
        id
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let shards = self.shards.clone();
        tokio::spawn(async move { shards.shutdown_all().await });
    }
}

fn default_intents() -> GatewayIntents {
    GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT
}

async fn client(
    stand_in: &StandIn,
    intents: GatewayIntents,
) -> (Client, mpsc::UnboundedReceiver<Event>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (client_handled_by(stand_in, intents, Forward(tx)).await, rx)
}

/// A bare serenity client of the stand-in, its events going to `handler`.
async fn client_handled_by(
    stand_in: &StandIn,
    intents: GatewayIntents,
    handler: impl EventHandler + 'static,
) -> Client {
    ClientBuilder::new_with_http(
        HttpBuilder::new("Bot x")
            .proxy(stand_in.rest_base())
            .ratelimiter_disabled(true)
            .build(),
        intents,
    )
    .event_handler(handler)
    .await
    .expect("the client builds")
}

/// Discord's answer to a refused call: (HTTP status, JSON code, the paths of
/// the form errors).
fn refusal<T: std::fmt::Debug>(result: serenity::Result<T>) -> (u16, isize, Vec<String>) {
    match result {
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(response))) => (
            response.status_code.as_u16(),
            response.error.code,
            response
                .error
                .errors
                .iter()
                .map(|e| e.path.clone())
                .collect(),
        ),
        other => panic!("expected a refusal from the stand-in, got {other:?}"),
    }
}

fn file(bytes: usize, name: &str) -> CreateAttachment {
    CreateAttachment::bytes(vec![b'x'; bytes], name)
}

// ------------------------------------------------------------ interactions

/// One initial response per interaction: a second gets 40060.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_takes_one_initial_response() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.slash(channel, "help").await;
    command
        .create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await
        .expect("the first response is accepted");
    assert!(f.stand_in.is_acknowledged(&command.token));
    let original = f
        .stand_in
        .original_response(&command.token)
        .expect("a loading response");
    assert!(original.loading && !original.ephemeral);

    let again = command
        .create_response(
            &f.http,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new().content("hi"),
            ),
        )
        .await;
    assert_eq!(refusal(again), (400, 40060, vec![]));

    // A type-4 response is one too.
    let other = f.slash(channel, "help").await;
    other
        .create_response(
            &f.http,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content("private")
                    .ephemeral(true),
            ),
        )
        .await
        .expect("a message response");
    let shown = f.stand_in.original_response(&other.token).unwrap();
    assert_eq!((shown.content.as_str(), shown.ephemeral), ("private", true));
    assert_eq!(shown.visible_to, Some(f.alice.id));
    let (status, code, _) = refusal(
        other
            .create_response(
                &f.http,
                CreateInteractionResponse::Defer(Default::default()),
            )
            .await,
    );
    assert_eq!((status, code), (400, 40060));
}

/// The initial response must come within 3 s of the interaction: later it
/// is an unknown interaction (10062).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_initial_response_after_three_seconds_is_an_unknown_interaction() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let late = f.slash(channel, "help").await;
    f.stand_in
        .age_interaction(&late.token, Duration::from_millis(3100));
    let (status, code, _) = refusal(
        late.create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await,
    );
    assert_eq!((status, code), (404, 10062));
    assert!(!f.stand_in.is_acknowledged(&late.token));

    let in_time = f.slash(channel, "help").await;
    f.stand_in
        .age_interaction(&in_time.token, Duration::from_millis(2500));
    in_time
        .create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await
        .expect("2.5 s is in time");
}

/// The token takes follow-ups, edits and deletes for 15 minutes, then they
/// get 50027 Invalid Webhook Token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_calls_after_fifteen_minutes_are_an_invalid_webhook_token() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.deferred(channel, false).await;
    f.stand_in
        .age_interaction(&command.token, Duration::from_secs(14 * 60));
    f.http
        .create_followup_message(&command.token, &json!({"content": "at 14 min"}), vec![])
        .await
        .expect("the token lives 15 minutes");

    f.stand_in
        .age_interaction(&command.token, Duration::from_secs(61));
    let follow_up = f
        .http
        .create_followup_message(&command.token, &json!({"content": "too late"}), vec![])
        .await;
    assert_eq!(refusal(follow_up), (401, 50027, vec![]));
    let edit = f
        .http
        .edit_original_interaction_response(&command.token, &json!({"content": "late"}), vec![])
        .await;
    assert_eq!(refusal(edit).1, 50027);
    let delete = f
        .http
        .delete_original_interaction_response(&command.token)
        .await;
    assert_eq!(refusal(delete).1, 50027);
    // 401s count as invalid requests.
    assert_eq!(f.stand_in.invalid_request_count(), 3);
}

/// After a public defer, the first follow-up fills the loading response and
/// stays public whatever its flags; later follow-ups are new messages that
/// honour EPHEMERAL. After an ephemeral defer the first follow-up stays
/// ephemeral.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_follow_up_after_a_defer_edits_the_original_and_keeps_its_visibility() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.deferred(channel, false).await;
    let original = f.stand_in.original_response(&command.token).unwrap();

    let first = f
        .http
        .create_followup_message(
            &command.token,
            &json!({"content": "secret", "flags": 64}),
            vec![],
        )
        .await
        .expect("the first follow-up is accepted");
    assert_eq!(first.id.get(), original.id, "it is the original response");
    let call = f.stand_in.calls().pop().unwrap();
    assert!(call.edited_original && call.shows_message());
    assert!(!call.is_ephemeral(), "EPHEMERAL was ignored");
    assert_eq!(call.requested_flags() & 64, 64);
    let shown = f.stand_in.message(original.id).unwrap();
    assert!(shown.is_public() && !shown.edited, "{shown:?}");
    assert_eq!(shown.content, "secret", "everyone in the channel sees it");

    let second = f
        .http
        .create_followup_message(
            &command.token,
            &json!({"content": "really secret", "flags": 64}),
            vec![],
        )
        .await
        .expect("a second follow-up");
    assert_ne!(second.id.get(), original.id);
    let shown = f.stand_in.message(second.id.get()).unwrap();
    assert!(shown.ephemeral && shown.visible_to == Some(f.alice.id));
    assert!(f.stand_in.calls().pop().unwrap().is_ephemeral());

    // An ephemeral defer: a public-looking first follow-up stays private.
    let private = f.deferred(channel, true).await;
    let first = f
        .http
        .create_followup_message(&private.token, &json!({"content": "for alice"}), vec![])
        .await
        .unwrap();
    let shown = f.stand_in.message(first.id.get()).unwrap();
    assert!(shown.is_original && shown.ephemeral, "{shown:?}");
    assert!(f.stand_in.calls().pop().unwrap().is_ephemeral());
    assert_eq!(
        f.stand_in
            .visible_in(channel, f.bob.id)
            .iter()
            .map(|m| m.content.as_str())
            .collect::<Vec<_>>(),
        ["secret"],
        "bob sees only the public message"
    );
}

/// PATCH @original fills a deferred response (then follow-ups are new
/// messages); DELETE @original deletes it, whatever filled it, and then it
/// is an Unknown Message (10008).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_original_response_is_filled_by_patch_and_gone_after_delete() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.deferred(channel, false).await;
    f.http
        .edit_original_interaction_response(&command.token, &json!({"content": "filled"}), vec![])
        .await
        .expect("PATCH @original");
    let original = f.stand_in.original_response(&command.token).unwrap();
    assert!(!original.loading && original.content == "filled");
    let follow = f
        .http
        .create_followup_message(&command.token, &json!({"content": "more"}), vec![])
        .await
        .unwrap();
    assert_ne!(follow.id.get(), original.id, "a new message once filled");

    // The first follow-up's text goes with the original when it is deleted.
    let other = f.deferred(channel, false).await;
    f.http
        .create_followup_message(
            &other.token,
            &json!({"content": "an error, meant privately", "flags": 64}),
            vec![],
        )
        .await
        .unwrap();
    f.http
        .delete_original_interaction_response(&other.token)
        .await
        .expect("DELETE @original");
    let gone = f.stand_in.original_response(&other.token).unwrap();
    assert!(gone.deleted && gone.content == "an error, meant privately");
    assert!(f
        .stand_in
        .interaction_messages(&other.token)
        .iter()
        .all(|m| m.deleted));
    let edit = f
        .http
        .edit_original_interaction_response(&other.token, &json!({"content": "again"}), vec![])
        .await;
    assert_eq!(refusal(edit), (404, 10008, vec![]));
    let delete = f
        .http
        .delete_original_interaction_response(&other.token)
        .await;
    assert_eq!(refusal(delete).1, 10008);
}

/// Webhook calls for a token that has not been acknowledged: no webhook
/// exists yet (10015 Unknown Webhook).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_calls_before_the_initial_response_are_an_unknown_webhook() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.slash(channel, "help").await;
    let follow_up = f
        .http
        .create_followup_message(&command.token, &json!({"content": "too early"}), vec![])
        .await;
    assert_eq!(refusal(follow_up), (404, 10015, vec![]));
    let edit = f
        .http
        .edit_original_interaction_response(&command.token, &json!({"content": "x"}), vec![])
        .await;
    assert_eq!(refusal(edit).1, 10015);
    let unknown = f
        .http
        .create_followup_message("token-never-issued", &json!({"content": "x"}), vec![])
        .await;
    assert_eq!(refusal(unknown).1, 10015);
    command
        .create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await
        .unwrap();
    f.http
        .create_followup_message(&command.token, &json!({"content": "now"}), vec![])
        .await
        .expect("after the defer");
}

/// An autocomplete answer: at most 25 choices named in 1 to 100 characters.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_answers_are_limited_to_25_choices_of_1_to_100_characters() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let alice = f.alice.clone();
    f.stand_in
        .send_autocomplete(&alice, channel, "move", "move", "h2")
        .await;
    let a = loop {
        if let Event::Interaction(interaction) = f.next_event().await {
            if let Interaction::Autocomplete(a) = *interaction {
                break a;
            }
        }
    };
    let choices = |n: usize, name: &str| -> Value {
        json!({"type": 8, "data": {"choices": (0..n).map(|i| json!({"name": format!("{name}{i}"), "value": "h2e2"})).collect::<Vec<_>>()}})
    };
    let r = f
        .http
        .create_interaction_response(a.id, &a.token, &choices(26, "m"), vec![])
        .await;
    assert_eq!(refusal(r), (400, 50035, vec!["data.choices".to_string()]));
    let r = f
        .http
        .create_interaction_response(a.id, &a.token, &choices(1, &"x".repeat(100)), vec![])
        .await;
    assert_eq!(refusal(r).2, ["data.choices.0.name"]);
    let r = f
        .http
        .create_interaction_response(
            a.id,
            &a.token,
            &json!({"type": 8, "data": {"choices": [{"name": "", "value": "x"}]}}),
            vec![],
        )
        .await;
    assert_eq!(refusal(r).2, ["data.choices.0.name"]);
    // A message is not an answer to autocomplete.
    let r = f
        .http
        .create_interaction_response(
            a.id,
            &a.token,
            &json!({"type": 4, "data": {"content": "x"}}),
            vec![],
        )
        .await;
    assert_eq!(refusal(r).2, ["type"]);
    f.http
        .create_interaction_response(a.id, &a.token, &choices(25, &"炮".repeat(98)), vec![])
        .await
        .expect("25 choices of up to 100 characters");
    assert!(f.stand_in.interaction_messages(&a.token).is_empty());
}

// ----------------------------------------------------------------- messages

/// Content is at most 2,000 characters (characters, not bytes), in channel
/// posts, interaction responses, follow-ups and edits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn content_over_2000_characters_is_refused() {
    let mut f = Fixture::start().await;
    let channel = ChannelId::new(f.stand_in.new_id());
    let long = "x".repeat(2001);
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": long}))
        .await;
    assert_eq!(refusal(r), (400, 50035, vec!["content".to_string()]));
    let posted = f
        .http
        .send_message(channel, vec![], &json!({"content": "炮".repeat(2000)}))
        .await
        .expect("2,000 characters of 3 bytes each");
    let r = f
        .http
        .edit_message(channel, posted.id, &json!({"content": long}), vec![])
        .await;
    assert_eq!(refusal(r).2, ["content"]);

    let command = f.slash(channel.get(), "help").await;
    let r = f
        .http
        .create_interaction_response(
            command.id,
            &command.token,
            &json!({"type": 4, "data": {"content": long}}),
            vec![],
        )
        .await;
    assert_eq!(refusal(r).2, ["data.content"]);
    assert!(
        !f.stand_in.is_acknowledged(&command.token),
        "a refused response acknowledges nothing"
    );
    let command = f.deferred(channel.get(), false).await;
    let r = f
        .http
        .create_followup_message(&command.token, &json!({"content": long}), vec![])
        .await;
    assert_eq!(refusal(r).2, ["content"]);
    let r = f
        .http
        .edit_original_interaction_response(&command.token, &json!({"content": long}), vec![])
        .await;
    assert_eq!(refusal(r).1, 50035);
}

/// A message with no content, file or embed is refused (50006), and so is an
/// edit that would leave one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn empty_messages_are_refused() {
    let mut f = Fixture::start().await;
    let channel = ChannelId::new(f.stand_in.new_id());
    let r = f.http.send_message(channel, vec![], &json!({})).await;
    assert_eq!(refusal(r), (400, 50006, vec![]));
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": ""}))
        .await;
    assert_eq!(refusal(r).1, 50006);
    let with_file = f
        .http
        .send_message(channel, vec![file(10, "a.txt")], &json!({"content": ""}))
        .await
        .expect("a file alone is a message");
    f.http
        .send_message(channel, vec![], &json!({"embeds": [{"title": "t"}]}))
        .await
        .expect("an embed alone is a message");
    let text = f
        .http
        .send_message(channel, vec![], &json!({"content": "text"}))
        .await
        .unwrap();
    let r = f
        .http
        .edit_message(channel, text.id, &json!({"content": ""}), vec![])
        .await;
    assert_eq!(refusal(r).1, 50006);
    f.http
        .edit_message(channel, with_file.id, &json!({"content": ""}), vec![])
        .await
        .expect("the file stays");

    let command = f.slash(channel.get(), "help").await;
    let r = f
        .http
        .create_interaction_response(
            command.id,
            &command.token,
            &json!({"type": 4, "data": {}}),
            vec![],
        )
        .await;
    assert_eq!(refusal(r).1, 50006);
    let command = f.deferred(channel.get(), false).await;
    let r = f
        .http
        .create_followup_message(&command.token, &json!({"content": ""}), vec![])
        .await;
    assert_eq!(refusal(r).1, 50006);
    let r = f
        .http
        .edit_original_interaction_response(&command.token, &json!({"content": ""}), vec![])
        .await;
    assert_eq!(
        refusal(r).1,
        50006,
        "the loading response cannot be filled with nothing"
    );
}

/// Each uploaded file is at most the attachment size limit (10 MiB by
/// default, which interactions report): above it, 413 with 40005.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_over_the_attachment_size_limit_are_refused() {
    let mut f = Fixture::start().await;
    let limit = DEFAULT_ATTACHMENT_SIZE_LIMIT as usize;
    assert_eq!(limit, 10_485_760);
    let channel = ChannelId::new(f.stand_in.new_id());
    let r = f
        .http
        .send_message(
            channel,
            vec![file(limit + 1, "big.gif")],
            &json!({"content": "replay"}),
        )
        .await;
    assert_eq!(refusal(r), (413, 40005, vec![]));
    f.http
        .send_message(
            channel,
            vec![file(limit, "big.gif")],
            &json!({"content": "replay"}),
        )
        .await
        .expect("exactly the limit");

    let command = f.slash(channel.get(), "help").await;
    assert_eq!(command.attachment_size_limit as usize, limit);
    let r = f
        .http
        .create_interaction_response(
            command.id,
            &command.token,
            &json!({"type": 4, "data": {"content": "x"}}),
            vec![file(limit + 1, "big.gif")],
        )
        .await;
    assert_eq!(refusal(r).1, 40005);
    command
        .create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await
        .unwrap();
    let r = f
        .http
        .create_followup_message(
            &command.token,
            &json!({"content": "x"}),
            vec![file(limit + 1, "big.gif")],
        )
        .await;
    assert_eq!(refusal(r).1, 40005);
}

/// A reply to a message that does not exist (or was deleted) is refused,
/// unless `fail_if_not_exists` is false: then it is posted without the
/// reference.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_to_a_missing_message_is_refused_unless_told_not_to_fail() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let said = f.user_message(channel, "a0a5").await;
    let reply = |id: u64, fail: Option<bool>| {
        json!({"content": "Try again", "message_reference": {
            "message_id": id.to_string(), "channel_id": channel.to_string(), "fail_if_not_exists": fail}})
    };
    let ok = f
        .http
        .send_message(ChannelId::new(channel), vec![], &reply(said, None))
        .await
        .expect("a reply to an existing message");
    assert_eq!(
        ok.message_reference
            .and_then(|r| r.message_id)
            .map(|m| m.get()),
        Some(said)
    );
    assert_eq!(
        f.stand_in.message(ok.id.get()).unwrap().reference,
        Some(said)
    );

    f.stand_in.delete_message(said);
    let r = f
        .http
        .send_message(ChannelId::new(channel), vec![], &reply(said, None))
        .await;
    assert_eq!(
        refusal(r),
        (400, 50035, vec!["message_reference".to_string()])
    );
    let r = f
        .http
        .send_message(ChannelId::new(channel), vec![], &reply(said, Some(true)))
        .await;
    assert_eq!(refusal(r).1, 50035);
    let posted = f
        .http
        .send_message(ChannelId::new(channel), vec![], &reply(said, Some(false)))
        .await
        .expect("posted without the reference");
    assert!(posted.message_reference.is_none());
    let shown = f.stand_in.message(posted.id.get()).unwrap();
    assert_eq!(
        (shown.reference, shown.content.as_str()),
        (None, "Try again")
    );
}

/// Who a message pings follows the allowed-mentions rules: regular messages
/// parse everything by default, interaction messages users only; `parse`
/// and `users` together are refused; ephemeral messages ping no one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowed_mentions_decide_who_is_pinged() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let text = format!("{} {} @everyone", f.alice.mention(), f.bob.mention());
    let post = |body: Value| {
        let http = f.http.clone();
        async move {
            http.send_message(ChannelId::new(channel), vec![], &body)
                .await
        }
    };
    let m = post(json!({"content": text})).await.unwrap();
    let shown = f.stand_in.message(m.id.get()).unwrap();
    assert_eq!(shown.pinged, [f.alice.id, f.bob.id]);
    assert!(
        shown.mentions_everyone,
        "parsed by default in a regular message"
    );
    assert!(
        !shown.pings_everyone,
        "but the bot may not mention everyone by default"
    );

    let m = post(json!({"content": text, "allowed_mentions": {"users": [f.bob.id.to_string()]}}))
        .await
        .unwrap();
    let shown = f.stand_in.message(m.id.get()).unwrap();
    assert_eq!(shown.pinged, [f.bob.id]);
    assert!(!shown.mentions_everyone);

    let m = post(json!({"content": text, "allowed_mentions": {"parse": ["users"]}}))
        .await
        .unwrap();
    assert_eq!(
        f.stand_in.message(m.id.get()).unwrap().pinged,
        [f.alice.id, f.bob.id]
    );
    let m = post(json!({"content": text, "allowed_mentions": {"parse": []}}))
        .await
        .unwrap();
    assert!(f.stand_in.message(m.id.get()).unwrap().pinged.is_empty());

    let r =
        post(json!({"content": text, "allowed_mentions": {"parse": ["users"], "users": ["1"]}}))
            .await;
    assert_eq!(refusal(r).2, ["allowed_mentions.parse"]);

    f.stand_in
        .set_app_permissions(channel, DEFAULT_APP_PERMISSIONS | (1 << 17));
    let m = post(json!({"content": "@here now"})).await.unwrap();
    assert!(f.stand_in.message(m.id.get()).unwrap().pings_everyone);

    // Interaction messages parse users only by default; ephemeral ones ping no one.
    let command = f.deferred(channel, false).await;
    let first = f
        .http
        .create_followup_message(&command.token, &json!({"content": text}), vec![])
        .await
        .unwrap();
    let shown = f.stand_in.message(first.id.get()).unwrap();
    assert_eq!(shown.pinged, [f.alice.id, f.bob.id]);
    assert!(!shown.mentions_everyone);
    let private = f
        .http
        .create_followup_message(
            &command.token,
            &json!({"content": text, "flags": 64}),
            vec![],
        )
        .await
        .unwrap();
    assert!(f
        .stand_in
        .message(private.id.get())
        .unwrap()
        .pinged
        .is_empty());
}

// ----------------------------------------------------------------- commands

fn command(options: Value) -> Value {
    json!([{"name": "xiangqi", "description": "Play Xiangqi", "type": 1, "options": options}])
}

fn sub(name: &str, options: Value) -> Value {
    json!({"type": 1, "name": name, "description": "A subcommand", "options": options})
}

fn string_option(name: &str, required: bool) -> Value {
    json!({"type": 3, "name": name, "description": "An option", "required": required})
}

async fn register(f: &Fixture, body: &Value) -> serenity::Result<Vec<serenity::all::Command>> {
    f.http.create_global_commands(body).await
}

/// The bot's own `/xiangqi` definition, as it registers it, is accepted and
/// kept; the deprecated `dm_permission` is accepted and recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_own_command_definition_is_accepted() {
    let f = Fixture::start().await;
    let definition = xiangqi_bot::transport::discord::slash_command();
    let answered = f
        .http
        .create_global_commands(&vec![definition])
        .await
        .expect("the bot's definition is valid");
    assert_eq!(answered.len(), 1);
    assert_eq!(answered[0].name, "xiangqi");
    let registered = f.stand_in.registered_commands();
    assert_eq!(registered.len(), 1);
    assert_eq!(
        (registered[0].guild, registered[0].name.as_str()),
        (None, "xiangqi")
    );
    // `contexts` (servers and DMs with the bot), not the deprecated
    // `dm_permission`.
    assert!(!registered[0].dm_permission_sent);
    assert!(registered[0].contexts_sent);
    assert_eq!(registered[0].contexts(), Some(vec![0, 1]));

    // Guild commands are kept apart, and `contexts` is recorded.
    let guild = serenity::all::GuildId::new(GUILD_ID);
    let mut body = command(json!([]));
    body[0]["contexts"] = json!([0, 1]);
    f.http.create_guild_commands(guild, &body).await.unwrap();
    let registered = f.stand_in.registered_commands();
    let in_guild: Vec<_> = registered
        .iter()
        .filter(|c| c.guild == Some(GUILD_ID))
        .collect();
    assert_eq!(in_guild.len(), 1);
    assert!(in_guild[0].contexts_sent);
    assert_eq!(in_guild[0].contexts(), Some(vec![0, 1]));
}

/// Localizations follow the fields' own rules, under Discord's locale keys
/// only: an unknown locale, a localized name breaking the naming rule, and
/// a localized description or choice name over 100 characters are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn localizations_are_checked_like_the_fields_they_translate() {
    let f = Fixture::start().await;
    let mut good = command(json!([sub("play", json!([string_option("color", false)]))]));
    good[0]["name_localizations"] = json!({"zh-CN": "象棋", "vi": "co-tuong"});
    good[0]["description_localizations"] = json!({"zh-CN": "下象棋", "zh-TW": "下象棋"});
    good[0]["options"][0]["options"][0]["choices"] =
        json!([{"name": "red", "value": "red", "name_localizations": {"vi": "đỏ"}}]);
    register(&f, &good).await.expect("valid localizations");

    let refused = |mut body: Value, path: &str, value: Value| {
        let pointer = format!("/0{}", path.replace('.', "/"));
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        body.pointer_mut(parent).unwrap()[key] = value;
        body
    };
    for (path, value, at) in [
        (
            "name_localizations",
            json!({"zh": "象棋"}),
            "0.name_localizations.zh",
        ),
        (
            "name_localizations",
            json!({"en": "xiangqi"}),
            "0.name_localizations.en",
        ),
        (
            "name_localizations",
            json!({"vi": "Cờ Tướng"}),
            "0.name_localizations.vi",
        ),
        (
            "name_localizations",
            json!({"vi": "a".repeat(33)}),
            "0.name_localizations.vi",
        ),
        (
            "description_localizations",
            json!({"zh-CN": "长".repeat(101)}),
            "0.description_localizations.zh-CN",
        ),
        (
            "description_localizations",
            json!({"zh-TW": ""}),
            "0.description_localizations.zh-TW",
        ),
        (
            "options.0.name_localizations",
            json!({"zh-CN": "Play"}),
            "0.options.0.name_localizations.zh-CN",
        ),
        (
            "options.0.options.0.choices.0.name_localizations",
            json!({"vi": "đ".repeat(101)}),
            "0.options.0.options.0.choices.0.name_localizations.vi",
        ),
    ] {
        let body = refused(good.clone(), &format!(".{path}"), value.clone());
        let r = register(&f, &body).await;
        assert_eq!(
            refusal(r),
            (400, 50035, vec![at.to_string()]),
            "{path}: {value}"
        );
    }
}

/// Localized option names are unique at their level (application-commands,
/// "Localization"): distinct from the other options' default names and from
/// their names in the same locale; the same word in two locales, the same
/// word at another level, and a value equal to its own default all pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn localized_option_names_are_unique_per_locale_at_each_level() {
    let f = Fixture::start().await;
    let named = |name: &str, localizations: Value| {
        let mut option = sub(name, json!([string_option("move", false)]));
        option["name_localizations"] = localizations;
        option
    };
    let good = command(json!([
        named(
            "play",
            json!({"zh-CN": "下棋", "zh-TW": "下棋", "vi": "play"})
        ),
        named("move", json!({"zh-CN": "走棋", "zh-TW": "走棋"})),
    ]));
    register(&f, &good).await.expect("unique in each locale");
    let mut nested = good.clone();
    nested[0]["options"][0]["options"][0]["name_localizations"] = json!({"zh-CN": "下棋"});
    register(&f, &nested)
        .await
        .expect("another level may repeat a name");

    for (second, why) in [
        (json!({"zh-CN": "下棋"}), "the other's name in zh-CN"),
        (json!({"vi": "play"}), "the other's default name"),
        (json!({"zh-TW": "xia qi"}), "a space"),
        (json!({"zh-TW": "Zou"}), "uppercase"),
        (json!({"zh-TW": "走".repeat(33)}), "33 characters"),
        (json!({"zh-HK": "走棋"}), "a locale Discord does not have"),
    ] {
        let mut body = good.clone();
        body[0]["options"][1]["name_localizations"] = second.clone();
        let locale = second.as_object().unwrap().keys().next().unwrap().clone();
        assert_eq!(
            refusal(register(&f, &body).await),
            (
                400,
                50035,
                vec![format!("0.options.1.name_localizations.{locale}")]
            ),
            "{why}"
        );
    }
}

/// Names match Discord's pattern and use lowercase where letters have it:
/// commands, subcommands and options.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_names_match_the_pattern_in_lowercase() {
    let f = Fixture::start().await;
    for bad in ["Xiangqi", "two words", "", &"a".repeat(33), "emoji😀"] {
        let mut body = command(json!([]));
        body[0]["name"] = json!(bad);
        let r = register(&f, &body).await;
        assert_eq!(
            refusal(r),
            (400, 50035, vec!["0.name".to_string()]),
            "{bad:?}"
        );
    }
    let r = register(&f, &command(json!([sub("Play", json!([]))]))).await;
    assert_eq!(refusal(r).2, ["0.options.0.name"]);
    let r = register(
        &f,
        &command(json!([sub(
            "play",
            json!([string_option("Colour", false)])
        )])),
    )
    .await;
    assert_eq!(refusal(r).2, ["0.options.0.options.0.name"]);
    let r = register(&f, &command(json!([sub("play", json!([]))]))).await;
    assert!(r.is_ok());
    for good in [
        "象棋",
        "xiangqi-2_it's",
        "шахматы",
        "शतरंज",
        "หมากรุก",
        &"a".repeat(32),
    ] {
        let mut body = command(json!([]));
        body[0]["name"] = json!(good);
        register(&f, &body)
            .await
            .unwrap_or_else(|e| panic!("{good:?} is a valid name: {e}"));
    }
    assert!(support::stand_in::valid_command_name("ß"));
    assert!(!support::stand_in::valid_command_name("Ω"));
}

/// Descriptions are 1 to 100 characters; choice names 1 to 100.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn descriptions_and_choice_names_are_1_to_100_characters() {
    let f = Fixture::start().await;
    for bad in ["", &"d".repeat(101)] {
        let mut body = command(json!([]));
        body[0]["description"] = json!(bad);
        assert_eq!(refusal(register(&f, &body).await).2, ["0.description"]);
        let mut option = string_option("move", false);
        option["description"] = json!(bad);
        let r = register(&f, &command(json!([sub("play", json!([option]))]))).await;
        assert_eq!(refusal(r).2, ["0.options.0.options.0.description"]);
        let mut option = string_option("color", false);
        option["choices"] = json!([{"name": bad, "value": "red"}]);
        let r = register(&f, &command(json!([option]))).await;
        assert_eq!(refusal(r).2, ["0.options.0.choices.0.name"]);
    }
    let mut option = string_option("color", false);
    option["description"] = json!("d".repeat(100));
    option["choices"] = json!([{"name": "c".repeat(100), "value": "red"}]);
    register(&f, &command(json!([option])))
        .await
        .expect("100 characters each");
}

/// At most 25 options, subcommands and choices at each level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_most_25_options_subcommands_and_choices() {
    let f = Fixture::start().await;
    let subs = |n: usize| {
        json!((0..n)
            .map(|i| sub(&format!("s{i}"), json!([])))
            .collect::<Vec<_>>())
    };
    assert_eq!(
        refusal(register(&f, &command(subs(26))).await).2,
        ["0.options"]
    );
    register(&f, &command(subs(25)))
        .await
        .expect("25 subcommands");
    let options = |n: usize| {
        json!((0..n)
            .map(|i| string_option(&format!("o{i}"), false))
            .collect::<Vec<_>>())
    };
    let r = register(&f, &command(json!([sub("play", options(26))]))).await;
    assert_eq!(refusal(r).2, ["0.options.0.options"]);
    register(&f, &command(json!([sub("play", options(25))])))
        .await
        .expect("25 options");
    let with_choices = |n: usize| {
        let mut option = string_option("level", false);
        option["choices"] = json!((0..n)
            .map(|i| json!({"name": format!("{i}"), "value": format!("{i}")}))
            .collect::<Vec<_>>());
        command(json!([sub("play", json!([option]))]))
    };
    assert_eq!(
        refusal(register(&f, &with_choices(26)).await).2,
        ["0.options.0.options.0.choices"]
    );
    register(&f, &with_choices(25)).await.expect("25 choices");
}

/// Required options come before optional ones, and autocomplete is never
/// set together with choices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn required_options_first_and_no_autocomplete_with_choices() {
    let f = Fixture::start().await;
    let r = register(
        &f,
        &command(json!([sub(
            "challenge",
            json!([
                string_option("color", false),
                string_option("opponent", true)
            ])
        )])),
    )
    .await;
    assert_eq!(refusal(r).2, ["0.options.0.options.1.required"]);
    register(
        &f,
        &command(json!([sub(
            "challenge",
            json!([
                string_option("opponent", true),
                string_option("color", false)
            ])
        )])),
    )
    .await
    .expect("required first");

    let mut option = string_option("move", true);
    option["autocomplete"] = json!(true);
    option["choices"] = json!([{"name": "h2e2", "value": "h2e2"}]);
    let r = register(&f, &command(json!([sub("move", json!([option]))]))).await;
    assert_eq!(refusal(r).2, ["0.options.0.options.0.autocomplete"]);
    option.as_object_mut().unwrap().remove("choices");
    register(&f, &command(json!([sub("move", json!([option]))])))
        .await
        .expect("autocomplete alone");
    let r = register(
        &f,
        &command(json!([
            string_option("x", false),
            string_option("x", false)
        ])),
    )
    .await;
    assert_eq!(
        refusal(r).2,
        ["0.options.1.name"],
        "option names are unique"
    );
}

// ------------------------------------------------------------------ threads

async fn start_thread(
    f: &Fixture,
    channel: u64,
    body: Value,
) -> serenity::Result<serenity::all::GuildChannel> {
    f.http
        .create_thread(ChannelId::new(channel), &body, None)
        .await
}

/// A thread's name is 1 to 100 characters and its auto-archive duration one
/// of 60, 1440, 4320 or 10080; the thread reports what was asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thread_names_and_auto_archive_durations_are_checked() {
    let f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    for bad in [json!(""), json!("n".repeat(101)), Value::Null] {
        let r = start_thread(&f, channel, json!({"name": bad, "type": 11})).await;
        assert_eq!(refusal(r), (400, 50035, vec!["name".to_string()]));
    }
    for bad in [0, 120, 10081] {
        let r = start_thread(
            &f,
            channel,
            json!({"name": "Game #1", "type": 11, "auto_archive_duration": bad}),
        )
        .await;
        assert_eq!(refusal(r).2, ["auto_archive_duration"]);
    }
    for duration in [60u64, 1440, 4320, 10080] {
        let thread = start_thread(
            &f,
            channel,
            json!({"name": "n".repeat(100), "type": 11, "auto_archive_duration": duration}),
        )
        .await
        .expect("a valid thread");
        let metadata = thread.thread_metadata.expect("thread metadata");
        assert_eq!(u16::from(metadata.auto_archive_duration) as u64, duration);
        assert_eq!(u8::from(thread.kind), 11);
        assert_eq!(thread.parent_id.map(|p| p.get()), Some(channel));
        assert_eq!(
            f.stand_in
                .thread(thread.id.get())
                .unwrap()
                .auto_archive_duration,
            duration
        );
    }
    // Without a type, Discord makes a private thread, which needs
    // CREATE_PRIVATE_THREADS (not among the permissions the bot asks for).
    let r = start_thread(&f, channel, json!({"name": "private"})).await;
    assert_eq!(refusal(r), (403, 50013, vec![]));
    f.stand_in
        .set_app_permissions(channel, DEFAULT_APP_PERMISSIONS | (1 << 36));
    let thread = start_thread(&f, channel, json!({"name": "private"}))
        .await
        .unwrap();
    assert_eq!(u8::from(thread.kind), 12);
}

/// No thread in a DM, a voice channel or (from a message, or without a first
/// message) a forum: 50024 for the channel type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_thread_in_dm_voice_or_forum_channels() {
    let mut f = Fixture::start().await;
    let body = json!({"name": "Game #1", "type": 11, "auto_archive_duration": 10080});
    for kind in [1u8, 2, 13, 4] {
        let channel = f.stand_in.new_id();
        f.stand_in.set_channel_kind(channel, kind);
        let r = start_thread(&f, channel, body.clone()).await;
        assert_eq!(refusal(r), (400, 50024, vec![]), "channel type {kind}");
    }
    let dm = f.stand_in.new_id();
    f.stand_in.mark_dm(dm);
    let said = f.user_message(dm, "!xq play").await;
    let r = f
        .http
        .create_thread_from_message(ChannelId::new(dm), MessageId::new(said), &body, None)
        .await;
    assert_eq!(refusal(r).1, 50024);

    let forum = f.stand_in.new_id();
    f.stand_in.set_channel_kind(forum, 15);
    let said = f.user_message(forum, "hello").await;
    let r = f
        .http
        .create_thread_from_message(ChannelId::new(forum), MessageId::new(said), &body, None)
        .await;
    assert_eq!(refusal(r).1, 50024);
    let r = start_thread(&f, forum, body.clone()).await;
    assert_eq!(
        refusal(r).2,
        ["message"],
        "a forum post needs its first message"
    );
    let mut post = body.clone();
    post["message"] = json!({"content": "Game #1"});
    start_thread(&f, forum, post).await.expect("a forum post");
    let text = f.stand_in.new_id();
    start_thread(&f, text, body)
        .await
        .expect("a thread in a text channel");
}

/// A message gets one thread (160004 for a second); the thread takes the
/// message's id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_gets_one_thread() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let said = f.user_message(channel, "!xq play").await;
    let body = json!({"name": "Game #1", "auto_archive_duration": 10080});
    let thread = f
        .http
        .create_thread_from_message(ChannelId::new(channel), MessageId::new(said), &body, None)
        .await
        .expect("a thread from the message");
    assert_eq!(thread.id.get(), said);
    assert_eq!(u8::from(thread.kind), 11);
    assert_eq!(f.stand_in.thread_parent(said), Some(channel));
    assert_eq!(f.stand_in.message(said).unwrap().thread, Some(said));
    let r = f
        .http
        .create_thread_from_message(ChannelId::new(channel), MessageId::new(said), &body, None)
        .await;
    assert_eq!(refusal(r), (400, 160004, vec![]));
    let r = f
        .http
        .create_thread_from_message(
            ChannelId::new(channel),
            MessageId::new(f.stand_in.new_id()),
            &body,
            None,
        )
        .await;
    assert_eq!(refusal(r).1, 10008, "no such message");
}

/// Posting in an archived thread unarchives it; in a locked one it is
/// refused (160005). Typing stays 204.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn locked_threads_refuse_posts_and_archived_ones_unarchive() {
    let f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let thread = start_thread(&f, channel, json!({"name": "Game #1", "type": 11}))
        .await
        .unwrap()
        .id;
    f.stand_in.archive_thread(thread.get(), false);
    f.http
        .broadcast_typing(thread)
        .await
        .expect("typing is 204");
    f.http
        .send_message(
            thread,
            vec![],
            &json!({"content": "#1 · alice (Red): h2e2"}),
        )
        .await
        .expect("a post in an archived thread");
    let info = f.stand_in.thread(thread.get()).unwrap();
    assert!(!info.archived && info.unarchived == 1, "{info:?}");
    // A user's post unarchives it as well.
    f.stand_in.archive_thread(thread.get(), false);
    f.stand_in
        .send_message(&f.alice, thread.get(), "h9g7")
        .await;
    let info = f.stand_in.thread(thread.get()).unwrap();
    assert!(!info.archived && info.unarchived == 2, "{info:?}");

    f.stand_in.archive_thread(thread.get(), true);
    let r = f
        .http
        .send_message(thread, vec![], &json!({"content": "no move for 72 h"}))
        .await;
    assert_eq!(refusal(r), (403, 160005, vec![]));
    assert!(f.stand_in.thread(thread.get()).unwrap().archived);
    // With MANAGE_THREADS the bot may post there.
    f.stand_in
        .set_app_permissions(thread.get(), DEFAULT_APP_PERMISSIONS | (1 << 34));
    f.http
        .send_message(thread, vec![], &json!({"content": "a moderator's post"}))
        .await
        .expect("MANAGE_THREADS overrides the lock");
}

/// Adding members to a thread: 204 and recorded; not in an archived thread
/// (50083).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thread_members_are_added_and_recorded() {
    let f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let thread = start_thread(&f, channel, json!({"name": "Game #1", "type": 11}))
        .await
        .unwrap()
        .id;
    assert_eq!(f.stand_in.thread_members(thread.get()), [BOT_USER_ID]);
    f.http
        .add_thread_channel_member(thread, UserId::new(f.alice.id))
        .await
        .expect("204");
    f.http
        .add_thread_channel_member(thread, UserId::new(f.alice.id))
        .await
        .expect("already a member is 204 too");
    assert_eq!(
        f.stand_in.thread_members(thread.get()),
        [BOT_USER_ID, f.alice.id]
    );
    f.stand_in.archive_thread(thread.get(), false);
    let r = f
        .http
        .add_thread_channel_member(thread, UserId::new(f.bob.id))
        .await;
    assert_eq!(refusal(r).1, 50083);
}

/// Without the thread permissions threads are refused (403 50013), and the
/// interactions say so in `app_permissions` before the bot tries.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_permissions_are_reported_and_enforced() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let command = f.slash(channel, "play").await;
    assert_eq!(
        command.app_permissions.map(|p| p.bits()),
        Some(DEFAULT_APP_PERMISSIONS)
    );
    start_thread(&f, channel, json!({"name": "ok", "type": 11}))
        .await
        .expect("allowed by default");

    let no_threads = DEFAULT_APP_PERMISSIONS & !(1 << 35);
    f.stand_in.set_app_permissions(channel, no_threads);
    let command = f.slash(channel, "play").await;
    assert_eq!(command.app_permissions.map(|p| p.bits()), Some(no_threads));
    let invalid = f.stand_in.invalid_request_count();
    let r = start_thread(&f, channel, json!({"name": "no", "type": 11})).await;
    assert_eq!(refusal(r), (403, 50013, vec![]));
    assert_eq!(
        f.stand_in.invalid_request_count(),
        invalid + 1,
        "a 403 counts"
    );

    let elsewhere = f.stand_in.new_id();
    f.stand_in.allow_threads(false);
    let command = f.slash(elsewhere, "play").await;
    assert_eq!(command.app_permissions.unwrap().bits() & (1 << 35), 0);
    let r = start_thread(&f, elsewhere, json!({"name": "no", "type": 11})).await;
    assert_eq!(refusal(r).1, 50013);
}

// ----------------------------------------------------------------- failures

/// A deleted channel is unknown (404 10003); a channel the bot was removed
/// from is Missing Access (403 50001), which counts as an invalid request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleted_channels_are_unknown_and_removed_bots_have_no_access() {
    let f = Fixture::start().await;
    let gone = f.stand_in.new_id();
    let thread = start_thread(&f, gone, json!({"name": "Game #1", "type": 11}))
        .await
        .unwrap()
        .id;
    f.stand_in.delete_channel(gone);
    let r = f
        .http
        .send_message(ChannelId::new(gone), vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r), (404, 10003, vec![]));
    let r = f
        .http
        .send_message(thread, vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r).1, 10003, "its threads go with it");
    assert_eq!(
        refusal(f.http.get_channel(ChannelId::new(gone)).await).1,
        10003
    );
    assert_eq!(f.stand_in.invalid_request_count(), 0, "404s do not count");

    let kicked = f.stand_in.new_id();
    f.stand_in.remove_bot_from(kicked);
    let r = f
        .http
        .send_message(ChannelId::new(kicked), vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r), (403, 50001, vec![]));
    let r = f.http.broadcast_typing(ChannelId::new(kicked)).await;
    assert_eq!(refusal(r).1, 50001);
    assert_eq!(f.stand_in.invalid_request_count(), 2);
    f.http
        .send_message(
            ChannelId::new(f.stand_in.new_id()),
            vec![],
            &json!({"content": "x"}),
        )
        .await
        .expect("other channels are fine");
}

/// `fail_next` refuses the next matching call once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_injected_failure_refuses_one_matching_call() {
    let f = Fixture::start().await;
    let channel = ChannelId::new(f.stand_in.new_id());
    f.stand_in
        .fail_next("POST", &format!("channels/{channel}/messages"), 500, 0);
    f.http
        .broadcast_typing(channel)
        .await
        .expect("another route is not matched");
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r).0, 500);
    f.http
        .send_message(channel, vec![], &json!({"content": "x"}))
        .await
        .expect("once only");
    f.stand_in.fail_next("post", "channels/", 403, 50013);
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r), (403, 50013, vec![]));
}

/// A rate-limited call gets 429 with `retry_after` in the body and Discord's
/// headers; 429s count as invalid requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limited_calls_get_429_with_retry_after() {
    let f = Fixture::start().await;
    let channel = ChannelId::new(f.stand_in.new_id());
    f.stand_in.rate_limit_next(2, 1.5);
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": "x"}))
        .await;
    // Discord's 429 body has no `code`, which serenity's error decoding
    // requires: with its limiter off, serenity reports only the status.
    match r {
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(e))) => {
            assert_eq!(e.status_code.as_u16(), 429);
        }
        other => panic!("expected 429, got {other:?}"),
    }
    let call = f.stand_in.calls().pop().unwrap();
    assert_eq!(
        call.response["message"],
        json!("You are being rate limited.")
    );
    assert_eq!(call.response["retry_after"], json!(1.5));
    assert_eq!(call.response["global"], json!(false));

    // The headers, read off the wire.
    let raw = raw_get(f.stand_in.rest_base(), "/api/v10/gateway").await;
    let head = raw.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 429"), "{raw}");
    for header in [
        "retry-after: 2",
        "x-ratelimit-limit: ",
        "x-ratelimit-remaining: 0",
        "x-ratelimit-reset: ",
        "x-ratelimit-reset-after: 1.500",
        "x-ratelimit-bucket: ",
        "x-ratelimit-scope: user",
    ] {
        assert!(head.contains(header), "{header} in {raw}");
    }
    assert!(raw.contains("\"retry_after\":1.5"), "{raw}");
    assert_eq!(f.stand_in.invalid_request_count(), 2);
    f.http
        .send_message(channel, vec![], &json!({"content": "x"}))
        .await
        .expect("after the two");
}

/// A GET by hand, to read response headers serenity does not show.
async fn raw_get(base: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bot x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut answer))
        .await
        .expect("an answer in time")
        .unwrap();
    String::from_utf8_lossy(&answer).to_string()
}

// --------------------------------------------------------- gateway and users

/// IDENTIFY asking for a privileged intent the application was not granted
/// is closed with 4014, and serenity's `start()` returns the error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ungranted_privileged_intent_closes_the_gateway_with_4014() {
    let config = StandInConfig {
        message_content_granted: false,
        ..StandInConfig::default()
    };
    let stand_in = StandIn::start_with(config).await;
    let (mut refused, _events) = client(&stand_in, default_intents()).await;
    let result = tokio::time::timeout(WAIT, refused.start())
        .await
        .expect("start() returns instead of retrying");
    let err = result.expect_err("the gateway refused the intents");
    assert!(
        matches!(
            err,
            serenity::Error::Gateway(serenity::all::GatewayError::DisallowedGatewayIntents)
        ),
        "{err:?}"
    );
    assert_eq!(stand_in.refused_identify_count(), 1);
    assert_eq!(stand_in.identify_count(), 0);

    // GUILD_MEMBERS is privileged too; without the privileged ones, READY.
    let (mut members, _events) = client(
        &stand_in,
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MEMBERS,
    )
    .await;
    let result = tokio::time::timeout(WAIT, members.start())
        .await
        .expect("returns");
    assert!(result.is_err());
    let (client, mut events) = client(
        &stand_in,
        default_intents() - GatewayIntents::MESSAGE_CONTENT,
    )
    .await;
    let shards = client.shard_manager.clone();
    let mut client = client;
    tokio::spawn(async move { client.start().await });
    assert!(matches!(
        tokio::time::timeout(WAIT, events.recv())
            .await
            .expect("READY in time"),
        Some(Event::Ready)
    ));
    assert_eq!(
        stand_in.identified_intents().unwrap() & INTENT_MESSAGE_CONTENT,
        0
    );
    shards.shutdown_all().await;
}

/// Without MESSAGE_CONTENT, a guild message arrives with empty content
/// unless it mentions the bot; DMs keep theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_content_arrives_only_with_the_intent_in_dms_or_when_mentioned() {
    let mut f = Fixture::start_with(
        StandInConfig::default(),
        default_intents() - GatewayIntents::MESSAGE_CONTENT,
    )
    .await;
    let channel = f.stand_in.new_id();
    let alice = f.alice.clone();
    f.stand_in.send_message(&alice, channel, "!xq play").await;
    let m = f.next_message().await;
    assert_eq!(m.content, "");
    assert_eq!(
        m.author.id.get(),
        alice.id,
        "the rest of the message is there"
    );

    let mention = format!("<@{BOT_USER_ID}> play black");
    f.stand_in.send_message(&alice, channel, &mention).await;
    let m = f.next_message().await;
    assert_eq!(m.content, mention);
    assert_eq!(
        m.mentions.iter().map(|u| u.id.get()).collect::<Vec<_>>(),
        [BOT_USER_ID]
    );

    let dm = f.stand_in.new_id();
    f.stand_in.mark_dm(dm);
    f.stand_in.send_message(&alice, dm, "!xq help").await;
    let m = f.next_message().await;
    assert_eq!((m.content.as_str(), m.guild_id), ("!xq help", None));

    // With the intent, everything.
    let mut g = Fixture::start().await;
    g.stand_in.send_message(&alice, channel, "!xq play").await;
    assert_eq!(g.next_message().await.content, "!xq play");
}

/// MESSAGE_CREATE needs GUILD_MESSAGES in a guild and DIRECT_MESSAGES in a
/// DM; a message the client did not ask for never arrives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_arrive_only_for_the_identified_intents() {
    let mut f = Fixture::start_with(
        StandInConfig::default(),
        GatewayIntents::DIRECT_MESSAGES | GatewayIntents::MESSAGE_CONTENT,
    )
    .await;
    let alice = f.alice.clone();
    f.stand_in
        .send_message(&alice, f.stand_in.new_id(), "in a guild")
        .await;
    let dm = f.stand_in.new_id();
    f.stand_in.mark_dm(dm);
    f.stand_in.send_message(&alice, dm, "in a DM").await;
    assert_eq!(
        f.next_message().await.content,
        "in a DM",
        "the guild message never came"
    );
    assert_eq!(f.stand_in.undelivered_count(), 1);
}

/// Mentioned users carry member data; the invoking member carries
/// permissions; members are found by username or nickname prefix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_have_nicknames_and_permissions_and_can_be_searched() {
    let mut f = Fixture::start().await;
    let (alice, bob) = (f.alice.clone(), f.bob.clone());
    f.stand_in.add_member(&bob, Some("Zed"), 1 << 11);
    f.stand_in.add_member(&alice, None, 0x7ff);
    let channel = f.stand_in.new_id();
    f.stand_in
        .send_message(&alice, channel, &format!("!xq challenge {}", bob.mention()))
        .await;
    let m = f.next_message().await;
    let mentioned = &m.mentions[0];
    assert_eq!(mentioned.id.get(), bob.id);
    let member = mentioned
        .member
        .as_ref()
        .expect("mentions carry member data");
    assert_eq!(member.nick.as_deref(), Some("Zed"));

    f.stand_in
        .send_slash(
            &alice,
            channel,
            "challenge",
            vec![option("opponent", 9, json!(bob.id.to_string()))],
            &[&bob],
        )
        .await;
    let command = f.next_command().await;
    let member = command.member.as_ref().expect("a guild member");
    assert_eq!(member.permissions.map(|p| p.bits()), Some(0x7ff));
    let resolved = command
        .data
        .resolved
        .members
        .get(&UserId::new(bob.id))
        .expect("resolved member");
    assert_eq!(resolved.nick.as_deref(), Some("Zed"));

    let guild = serenity::all::GuildId::new(GUILD_ID);
    let found = f
        .http
        .search_guild_members(guild, "AL", Some(10))
        .await
        .unwrap();
    assert_eq!(
        found.iter().map(|m| m.user.id.get()).collect::<Vec<_>>(),
        [alice.id]
    );
    let found = f
        .http
        .search_guild_members(guild, "ze", Some(10))
        .await
        .unwrap();
    assert_eq!(
        found.iter().map(|m| m.user.id.get()).collect::<Vec<_>>(),
        [bob.id],
        "by nickname"
    );
    assert!(
        f.http
            .search_guild_members(guild, "bob", Some(10))
            .await
            .unwrap()
            .len()
            == 1
    );
    assert!(f
        .http
        .search_guild_members(guild, "carol", Some(10))
        .await
        .unwrap()
        .is_empty());
    let r = f.http.search_guild_members(guild, "a", Some(1001)).await;
    assert_eq!(refusal(r).2, ["limit"]);
    let member = f.http.get_member(guild, UserId::new(bob.id)).await.unwrap();
    assert_eq!(member.nick.as_deref(), Some("Zed"));
    let r = f.http.get_member(guild, UserId::new(999)).await;
    assert_eq!(refusal(r), (404, 10007, vec![]));

    // Listing members needs the GUILD_MEMBERS intent granted; searching does not.
    let r = f.http.get_guild_members(guild, Some(10), None).await;
    assert_eq!(refusal(r), (403, 50001, vec![]));
    let granted = Fixture::start_with(
        StandInConfig {
            guild_members_granted: true,
            ..StandInConfig::default()
        },
        default_intents(),
    )
    .await;
    granted.stand_in.add_member(&alice, None, 0);
    granted.stand_in.add_member(&bob, None, 0);
    let listed = granted
        .http
        .get_guild_members(guild, Some(1000), None)
        .await
        .unwrap();
    assert_eq!(listed.len(), 2);
}

/// Hostile display names arrive as they are, for the bot to neutralise.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_users_arrive_with_their_display_names() {
    let mut f = Fixture::start().await;
    let hostile = TestUser::hostile();
    let names: Vec<&str> = hostile.iter().map(TestUser::display_name).collect();
    for expected in [
        "**bold**",
        "<@1234>",
        "@everyone",
        "[click](https://example.com)",
        "# ",
        "-# ",
    ] {
        assert!(
            names.iter().any(|n| n.contains(expected)),
            "{expected} in {names:?}"
        );
    }
    assert!(
        names.iter().any(|n| n.starts_with("# ")) && names.iter().any(|n| n.starts_with("-# "))
    );
    let channel = f.stand_in.new_id();
    for user in &hostile {
        assert!(
            user.name.chars().all(|c| c.is_ascii_alphanumeric()),
            "plain usernames"
        );
        f.stand_in.send_message(user, channel, "h2e2").await;
        let m = f.next_message().await;
        assert_eq!(m.author.global_name.as_deref(), Some(user.display_name()));
    }
    f.stand_in
        .send_slash(&hostile[2], channel, "play", vec![], &[])
        .await;
    let command = f.next_command().await;
    assert_eq!(command.user.global_name.as_deref(), Some("@everyone"));
}

/// Interactions say where they happen: guild (context 0) with a member,
/// the bot's DM (1) and a DM between others (2) with a user, and the
/// channel type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_carry_their_context_and_channel() {
    let mut f = Fixture::start().await;
    let guild_channel = f.stand_in.new_id();
    let command = f.slash(guild_channel, "help").await;
    assert_eq!(command.guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert!(command.member.is_some());
    assert_eq!(command.context.map(u8::from), Some(0));

    let dm = f.stand_in.new_id();
    f.stand_in.mark_dm(dm);
    let command = f.slash(dm, "help").await;
    assert_eq!(
        (command.guild_id, command.context.map(u8::from)),
        (None, Some(1))
    );
    assert_eq!(command.user.id.get(), f.alice.id);
    assert_eq!(command.channel.as_ref().map(|c| u8::from(c.kind)), Some(1));

    let group = f.stand_in.new_id();
    f.stand_in.set_channel_kind(group, 3);
    let command = f.slash(group, "challenge").await;
    assert_eq!(command.context.map(u8::from), Some(2));
    let r = f
        .http
        .send_message(ChannelId::new(group), vec![], &json!({"content": "x"}))
        .await;
    assert_eq!(refusal(r).1, 50001, "the bot is not in other people's DMs");
    command
        .create_response(
            &f.http,
            CreateInteractionResponse::Defer(Default::default()),
        )
        .await
        .expect("but the interaction can be answered");
}

// ---------------------------------------------------------------- sharding

/// Forwards each message with the shard that received it.
struct ShardForward(mpsc::UnboundedSender<(u32, String)>);

#[async_trait]
impl EventHandler for ShardForward {
    async fn message(&self, ctx: Context, message: Message) {
        let _ = self.0.send((ctx.shard_id.0, message.content));
    }
}

async fn sharded_client(stand_in: &StandIn) -> (Client, mpsc::UnboundedReceiver<(u32, String)>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let client = client_handled_by(stand_in, default_intents(), ShardForward(tx)).await;
    (client, rx)
}

/// Gateway docs, "Sharding": a guild's events go to shard
/// `(guild_id >> 22) % num_shards` only, and events without a guild (DMs)
/// to shard 0 only. `GET /gateway/bot` recommends the configured count and
/// serenity's autosharding opens that many, each identified `[id, count]`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_event_goes_to_the_one_shard_discord_routes_it_to() {
    let stand_in = StandIn::start_with(StandInConfig {
        recommended_shards: 2,
        ..StandInConfig::default()
    })
    .await;
    let (mut client, mut events) = sharded_client(&stand_in).await;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move { client.start_autosharded().await });
    // serenity starts one shard every 5 s.
    stand_in.wait_identified(2, WAIT).await;
    assert_eq!(stand_in.connected_shards(), vec![[0, 2], [1, 2]]);

    let guild_shard = ((GUILD_ID >> 22) % 2) as u32;
    let alice = TestUser::new(1001, "alice");
    stand_in
        .send_message(&alice, stand_in.new_id(), "in the guild")
        .await;
    let dm = stand_in.new_id();
    stand_in.mark_dm(dm);
    stand_in.send_message(&alice, dm, "in a DM").await;
    let mut got = Vec::new();
    while let Ok(Some(event)) =
        tokio::time::timeout(Duration::from_millis(1500), events.recv()).await
    {
        got.push(event);
    }
    got.sort();
    let mut expected = vec![
        (guild_shard, "in the guild".to_string()),
        (0, "in a DM".to_string()),
    ];
    expected.sort();
    assert_eq!(got, expected, "each event once, on its shard");
    shards.shutdown_all().await;
}

/// Gateway docs, "Gateway Close Event Codes": 4010 Invalid shard, for a
/// `shard` whose id is not below its count (or no count at all).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_shard_is_closed_with_4010() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message as WsMessage;

    let stand_in = StandIn::start().await;
    for shard in [json!([2, 2]), json!([0, 0]), json!([1]), json!("0/1")] {
        let (mut socket, _) = tokio_tungstenite::connect_async(stand_in.gateway_url())
            .await
            .expect("the gateway accepts the connection");
        let hello = socket.next().await.expect("HELLO").expect("a frame");
        assert!(hello.to_text().unwrap().contains("\"op\":10"), "{hello:?}");
        let identify = json!({"op": 2, "d": {
            "token": "Bot x", "intents": 0, "properties": {}, "shard": shard,
        }});
        socket
            .send(WsMessage::Text(identify.to_string()))
            .await
            .unwrap();
        let closed = tokio::time::timeout(WAIT, socket.next())
            .await
            .expect("an answer")
            .expect("a frame")
            .expect("a close frame, not an error");
        match closed {
            WsMessage::Close(Some(frame)) => assert_eq!(u16::from(frame.code), 4010, "{shard}"),
            other => panic!("{shard}: expected close 4010, got {other:?}"),
        }
    }
    assert_eq!(stand_in.identify_count(), 0);
    assert!(stand_in.identified_shards().is_empty());
}

// -------------------------------------------------------------- components

impl Fixture {
    /// A message of the bot's in `channel` carrying `components`.
    async fn bot_message_with(&self, channel: u64, components: Value) -> Message {
        self.http
            .send_message(
                ChannelId::new(channel),
                vec![],
                &json!({"content": "a board", "components": components}),
            )
            .await
            .expect("the message is accepted")
    }

    async fn next_interaction(&mut self) -> Interaction {
        loop {
            if let Event::Interaction(interaction) = self.next_event().await {
                return *interaction;
            }
        }
    }

    /// Answers interaction `id`/`token` with callback `kind` and `data`.
    async fn respond(
        &self,
        id: InteractionId,
        token: &str,
        kind: u8,
        data: Value,
    ) -> serenity::Result<()> {
        self.http
            .create_interaction_response(id, token, &json!({"type": kind, "data": data}), vec![])
            .await
    }
}

fn buttons(ids: &[&str]) -> Value {
    json!([{"type": 1, "components": ids.iter().map(|id| json!(
        {"type": 2, "style": 1, "label": "Go", "custom_id": id}
    )).collect::<Vec<_>>()}])
}

fn string_select(options: usize, label: &str) -> Value {
    let options: Vec<Value> = (0..options)
        .map(|i| json!({"label": format!("{label}{i}"), "value": format!("v{i}")}))
        .collect();
    json!([{"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": options}]}])
}

fn modal(title: &str, rows: Vec<Value>) -> Value {
    json!({"custom_id": "form", "title": title, "components": rows})
}

fn text_input(id: &str, label: &str) -> Value {
    json!({"type": 1, "components": [{"type": 4, "custom_id": id, "style": 1, "label": label}]})
}

/// Components reference: at most 5 action rows of up to 5 buttons or one
/// select; custom_ids of 1–100 characters, unique in the message; labels
/// of at most 80; a link button without a custom_id; a string select of 1
/// to 25 options whose labels and values are 1–100 characters; no text
/// input outside a modal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_components_are_checked_as_documented() {
    let f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let send = |components: Value| {
        let http = f.http.clone();
        async move {
            http.send_message(
                ChannelId::new(channel),
                vec![],
                &json!({"content": "x", "components": components}),
            )
            .await
        }
    };
    let row = |n: usize| {
        buttons(
            &(0..n)
                .map(|i| ["a", "b", "c", "d", "e", "f"][i])
                .collect::<Vec<_>>(),
        )[0]
        .clone()
    };
    let long = "x".repeat(101);
    let refused = [
        (
            json!((0..6).map(|_| row(1)).collect::<Vec<_>>()),
            "components",
        ),
        (json!([row(6)]), "components.0.components"),
        (
            buttons(&["same", "same"]),
            "components.0.components.1.custom_id",
        ),
        (
            buttons(&[long.as_str()]),
            "components.0.components.0.custom_id",
        ),
        (
            json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "y".repeat(81), "custom_id": "a"}]}]),
            "components.0.components.0.label",
        ),
        (
            json!([{"type": 1, "components": [{"type": 2, "style": 5, "label": "site", "url": "https://example.com", "custom_id": "a"}]}]),
            "components.0.components.0.custom_id",
        ),
        (
            json!([{"type": 1, "components": [{"type": 4, "custom_id": "t", "style": 1, "label": "Move"}]}]),
            "components.0.components.0.type",
        ),
        (string_select(0, "o"), "components.0.components.0.options"),
        (string_select(26, "o"), "components.0.components.0.options"),
        (
            string_select(1, &"o".repeat(100)),
            "components.0.components.0.options.0.label",
        ),
    ];
    for (components, path) in refused {
        let (status, code, paths) = refusal(send(components.clone()).await);
        assert_eq!((status, code), (400, 50035), "{components}");
        assert_eq!(paths, [path], "{components}");
    }
    let ids: Vec<String> = (0..25).map(|i| format!("b{i}")).collect();
    let full: Vec<Value> = ids
        .chunks(5)
        .map(|row| {
            json!({"type": 1, "components": row.iter().map(|id| json!(
            {"type": 2, "style": 2, "label": "y".repeat(80), "custom_id": id}
        )).collect::<Vec<_>>()})
        })
        .collect();
    send(json!(full)).await.expect("25 buttons in 5 rows");
    send(string_select(25, "o"))
        .await
        .expect("a select of 25 options");
    send(json!([{"type": 1, "components": [{"type": 2, "style": 5, "label": "site", "url": "https://example.com"}]}]))
        .await
        .expect("a link button");
}

/// Receiving and responding: MODAL (9) answers a command or a component,
/// within the 3 s, and never a modal submit; a modal has a title of 1–45
/// characters and 1–5 rows of one text input, labelled in 1–45. The submit
/// (type 5) carries the modal's custom_id and the values; from a
/// component's modal it carries the message, and only then may it take 6
/// or 7, whose original response is that message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modals_answer_commands_and_components_but_not_their_submits() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();

    // A command's modal: checked, then shown.
    let command = f.slash(channel, "move").await;
    let refused = [
        (
            modal(&"t".repeat(46), vec![text_input("m", "Move")]),
            "data.title",
        ),
        (modal("", vec![text_input("m", "Move")]), "data.title"),
        (
            modal("Move", vec![text_input("m", &"l".repeat(46))]),
            "data.components.0.components.0.label",
        ),
        (modal("Move", vec![]), "data.components"),
        (
            modal(
                "Move",
                (0..6).map(|i| text_input(&i.to_string(), "Move")).collect(),
            ),
            "data.components",
        ),
        (
            modal("Move", vec![text_input("m", "A"), text_input("m", "B")]),
            "data.components.1.components.0.custom_id",
        ),
        (
            modal(
                "Move",
                vec![json!({"type": 1, "components": [
                {"type": 4, "custom_id": "a", "style": 1, "label": "A"},
                {"type": 4, "custom_id": "b", "style": 1, "label": "B"}]})],
            ),
            "data.components.0.components",
        ),
        (
            modal(
                "Move",
                vec![
                    json!({"type": 1, "components": [{"type": 2, "style": 1, "label": "B", "custom_id": "b"}]}),
                ],
            ),
            "data.components.0.components.0.type",
        ),
    ];
    for (data, path) in refused {
        let (status, code, paths) =
            refusal(f.respond(command.id, &command.token, 9, data.clone()).await);
        assert_eq!((status, code), (400, 50035), "{data}");
        assert_eq!(paths, [path], "{data}");
    }
    let form = modal(&"t".repeat(45), vec![text_input("m", &"l".repeat(45))]);
    f.respond(command.id, &command.token, 9, form)
        .await
        .expect("a valid modal");
    assert!(f.stand_in.modal_of(&command.token).is_some());
    let r = f
        .http
        .create_followup_message(&command.token, &json!({"content": "x"}), vec![])
        .await;
    assert_eq!(refusal(r).1, 10015, "a modal is no message to follow up");

    // Its submit: no message, so no 6 or 7; never a modal again.
    let alice = f.alice.clone();
    f.stand_in
        .submit_modal(&alice, &command.token, &[("m", "h2e2")])
        .await;
    let Interaction::Modal(submit) = f.next_interaction().await else {
        panic!("a modal submit");
    };
    assert_eq!(submit.data.custom_id, "form");
    assert!(submit.message.is_none());
    let value = match &submit.data.components[0].components[0] {
        ActionRowComponent::InputText(input) => input.value.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(value.as_deref(), Some("h2e2"));
    for kind in [9, 6, 7] {
        let data = if kind == 9 {
            modal("Again", vec![text_input("m", "Move")])
        } else {
            json!({})
        };
        let (status, code, paths) = refusal(f.respond(submit.id, &submit.token, kind, data).await);
        assert_eq!(
            (status, code, paths),
            (400, 50035, vec!["type".to_string()]),
            "callback {kind}"
        );
    }
    f.respond(
        submit.id,
        &submit.token,
        4,
        json!({"content": "played", "flags": 64}),
    )
    .await
    .expect("a message answers a submit");

    // A component's modal: late is too late; in time it opens, and its
    // submit carries the message and may update it.
    let board = f.bot_message_with(channel, buttons(&["open"])).await;
    for late in [true, false] {
        f.stand_in
            .press_button(&alice, board.id.get(), "open")
            .await;
        let Interaction::Component(press) = f.next_interaction().await else {
            panic!("a press");
        };
        if late {
            f.stand_in
                .age_interaction(&press.token, Duration::from_secs(4));
            let r = f
                .respond(
                    press.id,
                    &press.token,
                    9,
                    modal("Move", vec![text_input("m", "Move")]),
                )
                .await;
            assert_eq!(refusal(r).1, 10062, "past 3 s");
            continue;
        }
        f.respond(
            press.id,
            &press.token,
            9,
            modal("Move", vec![text_input("m", "Move")]),
        )
        .await
        .expect("a component's modal");
        f.stand_in
            .submit_modal(&alice, &press.token, &[("m", "b0c2")])
            .await;
    }
    let Interaction::Modal(submit) = f.next_interaction().await else {
        panic!("a modal submit");
    };
    assert_eq!(submit.message.as_ref().map(|m| m.id), Some(board.id));
    f.respond(submit.id, &submit.token, 6, json!({}))
        .await
        .expect("a deferred update");
    f.http
        .edit_original_interaction_response(&submit.token, &json!({"components": []}), vec![])
        .await
        .expect("@original is the message the modal came from");
    assert!(f
        .stand_in
        .message(board.id.get())
        .unwrap()
        .custom_ids()
        .is_empty());
}

/// An ephemeral message exists only for its user: the channel's endpoints
/// do not reach it (10008), its interaction's webhook does; and a user
/// presses only buttons they see.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ephemeral_message_is_reached_only_through_its_interaction() {
    let mut f = Fixture::start().await;
    let channel = f.stand_in.new_id();
    let board = f.bot_message_with(channel, buttons(&["ask"])).await;
    let alice = f.alice.clone();
    f.stand_in.press_button(&alice, board.id.get(), "ask").await;
    let Interaction::Component(press) = f.next_interaction().await else {
        panic!("a press");
    };
    f.respond(press.id, &press.token, 6, json!({}))
        .await
        .unwrap();
    let question = f
        .http
        .create_followup_message(
            &press.token,
            &json!({"content": "sure?", "flags": 64, "components": buttons(&["yes"])}),
            vec![],
        )
        .await
        .unwrap();
    let r = f
        .http
        .edit_message(
            ChannelId::new(channel),
            question.id,
            &json!({"components": []}),
            vec![],
        )
        .await;
    assert_eq!(refusal(r).1, 10008);
    let bob = f.bob.clone();
    let stranger = futures_util::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(
        f.stand_in.press_button(&bob, question.id.get(), "yes"),
    ))
    .await;
    assert!(
        stranger.is_err(),
        "bob does not see alice's ephemeral message"
    );
    f.stand_in
        .press_button(&alice, question.id.get(), "yes")
        .await;
    let Interaction::Component(confirm) = f.next_interaction().await else {
        panic!("a press");
    };
    assert_eq!(confirm.message.id, question.id);
    f.respond(confirm.id, &confirm.token, 6, json!({}))
        .await
        .unwrap();
    f.http
        .edit_original_interaction_response(&confirm.token, &json!({"components": []}), vec![])
        .await
        .expect("the webhook reaches it");
    assert!(f
        .stand_in
        .message(question.id.get())
        .unwrap()
        .custom_ids()
        .is_empty());
}

mod faults;

/// A user command (a context menu entry, type 2) by Discord's rules for
/// one: the bot's "Challenge to Xiangqi" is accepted beside `/xiangqi`; a
/// name of 1 to 32 characters with capitals and spaces is fine; a
/// description, description localizations, options or a longer name are
/// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_command_has_a_name_and_nothing_more() {
    let f = Fixture::start().await;
    let definitions = vec![
        xiangqi_bot::transport::discord::slash_command(),
        xiangqi_bot::transport::discord::challenge_menu_command(),
    ];
    f.http
        .create_global_commands(&definitions)
        .await
        .expect("the bot's commands are valid");
    let registered = f.stand_in.registered_commands();
    assert_eq!(registered.len(), 2);
    assert_eq!(registered[1].name, "Challenge to Xiangqi");
    assert_eq!(registered[1].json["type"], 2);

    let menu = |name: &str| json!({"name": name, "type": 2});
    let good = json!([menu("Challenge to Xiangqi"), menu(&"A b".repeat(10)[..30])]);
    register(&f, &good).await.expect("capitals and spaces");
    let mut empty = menu("Challenge");
    empty["description"] = json!("");
    register(&f, &json!([empty]))
        .await
        .expect("an empty description");

    for (bad, field) in [
        (menu(""), "0.name"),
        (menu(&"a".repeat(33)), "0.name"),
        (
            json!({"name": "Challenge", "type": 2, "description": "Challenge them"}),
            "0.description",
        ),
        (
            json!({"name": "Challenge", "type": 2, "description": "",
                   "description_localizations": {"vi": "Thách đấu"}}),
            "0.description",
        ),
        (
            json!({"name": "Challenge", "type": 2,
                   "options": [string_option("side", false)]}),
            "0.options",
        ),
        (
            json!({"name": "Challenge", "type": 2,
                   "name_localizations": {"vi": "a".repeat(33)}}),
            "0.name_localizations",
        ),
    ] {
        let r = register(&f, &json!([bad.clone()])).await;
        assert_eq!(refusal(r), (400, 50035, vec![field.to_string()]), "{bad}");
    }
}
