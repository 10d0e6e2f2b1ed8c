//! Discord's faults, healed: every kind of REST call the bot makes meets
//! 5xx answers, answers lost after the call was carried out, resets
//! mid-upload and late answers; the gateway closes with each close code,
//! invalidates the session and stops acknowledging heartbeats. Through the
//! real serenity client, each test checks that every move the store
//! acknowledged is shown, once, in the stand-in's messages.

use super::*;
use crate::support::stand_in::{StandInConfig, DEFAULT_MEMBER_PERMISSIONS, GUILD_ID};

/// Alice (Red) plays the first legal move in `game` and waits for the
/// bot's answer in `thread`; returns the call index before the move.
async fn move_and_answer(h: &Harness, game: i64, thread: u64) -> usize {
    let moves = h.stored_moves(game).await;
    let next = replay(&moves).position().legal_moves()[0];
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, thread, &next.to_string())
        .await;
    // A create repeated with its nonce shows the message the first attempt
    // made: that is the answer too.
    h.stand_in
        .wait_for("the bot's answer", from, WAIT, |c| {
            c.channel == Some(thread)
                && (c.shows_message() || c.repeated_nonce)
                && c.content().starts_with(&format!("#{game} · "))
                && bot_move_in(c.content()).is_some()
        })
        .await;
    from
}

/// Every stored move of `game` is named by a message the bot showed in
/// `thread`, no message was shown twice, and the store counts them all
/// shown.
async fn assert_every_move_shown(h: &Harness, game: i64, thread: u64) {
    let moves = h.stored_moves(game).await;
    let shown: Vec<ShownMessage> = h
        .stand_in
        .messages_in(thread)
        .into_iter()
        .filter(|m| m.author == BOT_USER_ID && !m.deleted && !m.ephemeral)
        .collect();
    for (ply, mv) in moves.iter().enumerate() {
        assert!(
            shown.iter().any(|m| m.content.contains(mv.as_str())),
            "move {} ({mv}) of game {game} was never shown:\n{}",
            ply + 1,
            h.stand_in.describe_messages()
        );
    }
    let mut texts: Vec<&str> = shown.iter().map(|m| m.content.as_str()).collect();
    let count = texts.len();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(
        texts.len(),
        count,
        "a message was shown twice:\n{}",
        h.stand_in.describe_messages()
    );
    // The mark of a post is queued, not waited for: it commits soon after.
    let store = h.store().await;
    let deadline = Instant::now() + WAIT;
    loop {
        let record = store.game(GameId(game)).await.expect("the game is stored");
        if record.announced_ply as usize == moves.len() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "game {game}: {} of {} plies marked shown",
            record.announced_ply,
            moves.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    store.close().await;
}

/// A post refused with 500, 502, 503 or 504 goes out on a later attempt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_refused_with_5xx_go_out_on_a_later_attempt() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let path = format!("channels/{thread}/messages");
    for status in [500, 502, 503, 504] {
        h.stand_in.fail_next("POST", &path, status, 0);
        let from = move_and_answer(&h, game, thread).await;
        assert!(
            h.stand_in.calls()[from..]
                .iter()
                .any(|c| c.status == status && c.path == path),
            "{status} was not met: {}",
            h.stand_in.describe_calls(from)
        );
    }
    assert_every_move_shown(&h, game, thread).await;
}

/// A post that reached Discord but whose answer did not come back (a 502
/// from the edge after the message was made, an answer later than the
/// bot's timeout) is tried again with the same nonce, and Discord answers
/// with the message already made: nothing is shown twice. A reset
/// mid-upload carried nothing out, and the next attempt posts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_that_reached_discord_is_not_shown_twice() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let path = format!("channels/{thread}/messages");
    let late = Duration::from_secs_f64(super::REST_TIMEOUT_SECS + 1.0);
    for lost in [true, false] {
        if lost {
            h.stand_in.lose_answer_next("POST", &path, 502);
        } else {
            h.stand_in.delay_next("POST", &path, late);
        }
        let from = move_and_answer(&h, game, thread).await;
        let repeat = h
            .stand_in
            .wait_for("the repeated create", from, WAIT, |c| c.repeated_nonce)
            .await;
        let nonce = &repeat.json["nonce"];
        assert!(nonce.is_string(), "{}", repeat.json);
        assert_eq!(repeat.json["enforce_nonce"], json!(true));
        let calls = h.stand_in.calls();
        let first = calls[from..]
            .iter()
            .find(|c| &c.json["nonce"] == nonce && !c.repeated_nonce)
            .expect("the first attempt is recorded");
        assert_eq!(first.message_id, repeat.message_id);
        if lost {
            assert_eq!(first.status, 502);
        }
    }
    h.stand_in.reset_next("POST", &path);
    let from = move_and_answer(&h, game, thread).await;
    assert!(
        h.stand_in.calls()[from..]
            .iter()
            .any(|c| c.status == 0 && c.path == path),
        "no reset met: {}",
        h.stand_in.describe_calls(from)
    );
    assert_eq!(h.stand_in.pending_faults(), 0);
    assert_every_move_shown(&h, game, thread).await;
}

/// A post refused on every attempt leaves its moves owed: the next post,
/// which shows later moves, does not count them as shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_lost_for_good_leaves_its_moves_owed() {
    let h = Harness::start().await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    let path = format!("channels/{thread}/messages");
    for _ in 0..5 {
        h.stand_in.fail_next("POST", &path, 502, 0);
    }
    let moves = h.stored_moves(game).await;
    let next = replay(&moves).position().legal_moves()[0];
    let from = h.stand_in.call_count();
    h.stand_in
        .send_message(&h.alice, thread, &next.to_string())
        .await;
    let notice = h
        .post_in("the stored-not-shown notice", from, thread, |_| true)
        .await;
    assert!(notice.content().contains("stored"), "{}", notice.content());
    assert_eq!(h.stored_moves(game).await.len(), 2);
    move_and_answer(&h, game, thread).await;
    let store = h.store().await;
    let record = store.game(GameId(game)).await.expect("the game is stored");
    assert_eq!(record.ply, 4);
    assert_eq!(
        record.announced_ply, 0,
        "the lost post's moves are still owed"
    );
    store.close().await;
}

/// Interaction callbacks, webhook follow-ups, thread creation, message
/// edits and member search each survive a 5xx; a callback whose answer was
/// lost after Discord took it is not taken as a failure when its repeat is
/// refused as already acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_call_survives_a_5xx() {
    let h = Harness::start().await;
    for user in [&h.alice, &h.bob, &h.carol] {
        h.stand_in
            .add_member(user, None, DEFAULT_MEMBER_PERMISSIONS);
    }
    let channel = h.stand_in.new_id();

    // The slash command's response.
    h.stand_in.fail_next("POST", "interactions/", 503, 0);
    let from = h.stand_in.call_count();
    let token = challenge_by_slash(&h, &h.alice, &h.bob, channel).await;
    assert!(h.stand_in.calls()[from..].iter().any(|c| c.status == 503));
    let challenge = h
        .stand_in
        .original_response(&token)
        .expect("the challenge is the command's answer");
    let accept = challenge.button("Accept").expect("an Accept button");

    // A press acknowledged though its answer was lost, then a private
    // follow-up refused once.
    h.stand_in.lose_answer_next("POST", "interactions/", 502);
    h.stand_in.fail_next("POST", "webhooks/", 502, 0);
    let from = h.stand_in.call_count();
    let pressed = h
        .stand_in
        .press_button(&h.carol, challenge.id, &accept)
        .await;
    let refusal = private_answer(&h, &pressed, "carol's refusal").await;
    assert!(refusal.contains("is for bob, not you"), "{refusal}");
    let calls = h.stand_in.calls();
    assert!(
        calls[from..].iter().any(|c| c.error_code == Some(40060)),
        "{}",
        h.stand_in.describe_calls(from)
    );
    assert!(calls[from..]
        .iter()
        .any(|c| c.status == 502 && c.path.starts_with("webhooks/")));

    // Bob accepts: the thread is opened and the buttons removed, each
    // after a refusal.
    h.stand_in
        .fail_next("POST", &format!("channels/{channel}/threads"), 500, 0);
    h.stand_in
        .fail_next("PATCH", &format!("channels/{channel}/messages/"), 502, 0);
    let from = h.stand_in.call_count();
    h.stand_in.press_button(&h.bob, challenge.id, &accept).await;
    let start = h
        .stand_in
        .wait_for("the game in its thread", from, WAIT, |c| {
            c.shows_message()
                && c.channel.and_then(|t| h.stand_in.thread_parent(t)) == Some(channel)
        })
        .await;
    assert!(start.channel.is_some());
    h.stand_in
        .wait_until("the buttons removed", WAIT, |messages| {
            messages
                .iter()
                .any(|m| m.id == challenge.id && m.custom_ids().is_empty())
        })
        .await;
    assert_eq!(h.stand_in.pending_faults(), 0);

    // A plain name looked up among the members.
    let elsewhere = h.stand_in.new_id();
    h.stand_in
        .fail_next("GET", &format!("guilds/{GUILD_ID}/members/search"), 502, 0);
    let from = h
        .exchange(&h.carol, elsewhere, "!xq challenge alice", "challenges")
        .await;
    assert!(h.stand_in.calls()[from..]
        .iter()
        .any(|c| c.status == 502 && c.path.contains("members/search")));
}

/// The gateway closes with each close code Discord lets a client reconnect
/// after: the bot comes back each time and goes on answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_comes_back_after_each_reconnectable_close_code() {
    // serenity notices some closes (4003) only at its next heartbeat.
    let config = StandInConfig {
        heartbeat_interval: Duration::from_secs(2),
        ..StandInConfig::default()
    };
    let h = Harness::start_with(StandIn::start_with(config).await, BotSettings::default()).await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
    for code in [4000, 4001, 4002, 4003, 4005, 4007, 4008, 4009] {
        let identified = h.stand_in.identify_count();
        h.stand_in.close_gateway(code);
        h.stand_in.wait_identified(identified + 1, WAIT).await;
        move_and_answer(&h, game, thread).await;
    }
    assert_every_move_shown(&h, game, thread).await;
}

/// Closed with a code that says reconnecting will not help (a bad token,
/// invalid or disallowed intents), the client stops instead of looping:
/// no new connection comes after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fatal_close_code_stops_the_client() {
    for code in [4004, 4013, 4014] {
        let h = Harness::start().await;
        let connections = h.stand_in.connection_count();
        let identified = h.stand_in.identify_count();
        h.stand_in.close_gateway(code);
        // Longer than serenity's 5 s between shard boots.
        tokio::time::sleep(Duration::from_secs(7)).await;
        assert_eq!(
            h.stand_in.connection_count(),
            connections,
            "after {code} the client connected again"
        );
        assert_eq!(h.stand_in.identify_count(), identified);
    }
}

/// Closed with a code that only the process's settings (or Discord) can
/// cure: an invalid shard, sharding required, an invalid API version. The
/// client keeps trying, at most once every 5 s (serenity's pause between
/// a shard's starts), never in a hot loop, and once the cause is gone it
/// is back and the game goes on with every move shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_close_code_only_settings_cure_the_client_tries_slowly_and_heals() {
    let heals = [4010, 4011, 4012].map(|code| async move {
        // serenity tries 4010 and 4011 again at its next heartbeat.
        let config = StandInConfig {
            heartbeat_interval: Duration::from_secs(1),
            ..StandInConfig::default()
        };
        let h =
            Harness::start_with(StandIn::start_with(config).await, BotSettings::default()).await;
        let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;
        move_and_answer(&h, game, thread).await;
        let connections = h.stand_in.connection_count();
        h.stand_in.close_gateway(code);
        let refusing = Duration::from_secs(12);
        tokio::time::sleep(refusing).await;
        let refused = h.stand_in.identifies_refused_with(code);
        let attempts = h.stand_in.connection_count() - connections;
        assert!(refused >= 1, "after {code} the client did not try again");
        assert!(
            attempts <= 1 + refusing.as_secs() as usize / 5,
            "after {code}: {attempts} connections in {refusing:?}"
        );
        let identified = h.stand_in.identify_count();
        h.stand_in.clear_gateway_faults();
        h.stand_in.wait_identified(identified + 1, WAIT).await;
        move_and_answer(&h, game, thread).await;
        assert_every_move_shown(&h, game, thread).await;
    });
    let [a, b, c] = heals;
    tokio::join!(a, b, c);
}

/// INVALID_SESSION with `d: false`, then a connection that stops
/// acknowledging heartbeats (a zombie): each time the client identifies on
/// a fresh connection and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_session_and_a_zombie_connection_are_replaced() {
    let config = StandInConfig {
        heartbeat_interval: Duration::from_secs(1),
        ..StandInConfig::default()
    };
    let h = Harness::start_with(StandIn::start_with(config).await, BotSettings::default()).await;
    let (game, thread) = h.start_bot_game(&h.alice, "red 1").await;

    let identified = h.stand_in.identify_count();
    h.stand_in.invalidate_sessions();
    h.stand_in.wait_identified(identified + 1, WAIT).await;
    move_and_answer(&h, game, thread).await;

    let identified = h.stand_in.identify_count();
    let connections = h.stand_in.connection_count();
    h.stand_in.zombie_gateway();
    h.stand_in.wait_identified(identified + 1, WAIT).await;
    assert!(h.stand_in.unacknowledged_heartbeats() >= 1);
    assert!(h.stand_in.connection_count() > connections);
    move_and_answer(&h, game, thread).await;
    assert_every_move_shown(&h, game, thread).await;
}
