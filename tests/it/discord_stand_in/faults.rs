//! The stand-in's nonce rule and its REST faults, through serenity's HTTP
//! client.

use super::*;

/// Create Message with `enforce_nonce` (resources/message): a second create
/// with the same nonce in the same channel is answered with the first
/// message and makes none; in another channel, or without
/// `enforce_nonce`, a create makes a message; a nonce over 25 characters
/// is refused. An answer lost after the create leaves the message made,
/// and the repeat finds it; a reset mid-upload makes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_nonce_is_answered_with_the_first_message() {
    let f = Fixture::start().await;
    let channel = ChannelId::new(f.stand_in.new_id());
    let other = ChannelId::new(f.stand_in.new_id());
    let count = |text: &str| {
        f.stand_in
            .messages()
            .iter()
            .filter(|m| m.content == text && !m.deleted)
            .count()
    };
    let body = json!({"content": "once", "nonce": "n-1", "enforce_nonce": true});
    let first = f.http.send_message(channel, vec![], &body).await.unwrap();
    let again = f.http.send_message(channel, vec![], &body).await.unwrap();
    assert_eq!(first.id, again.id);
    assert_eq!(count("once"), 1);
    let elsewhere = f.http.send_message(other, vec![], &body).await.unwrap();
    assert_ne!(elsewhere.id, first.id);
    let loose = json!({"content": "once", "nonce": "n-1"});
    let third = f.http.send_message(channel, vec![], &loose).await.unwrap();
    assert_ne!(third.id, first.id);
    assert_eq!(count("once"), 3);
    let long = json!({"content": "x", "nonce": "n".repeat(26), "enforce_nonce": true});
    let r = f.http.send_message(channel, vec![], &long).await;
    assert_eq!(refusal(r), (400, 50035, vec!["nonce".to_string()]));

    let path = format!("channels/{channel}/messages");
    let lost = json!({"content": "lost", "nonce": 42, "enforce_nonce": true});
    f.stand_in.lose_answer_next("POST", &path, 502);
    let r = f.http.send_message(channel, vec![], &lost).await;
    assert_eq!(refusal(r).0, 502);
    assert_eq!(count("lost"), 1, "the create was carried out");
    let found = f.http.send_message(channel, vec![], &lost).await.unwrap();
    assert_eq!(count("lost"), 1);
    assert!(f.stand_in.message(found.id.get()).is_some());

    f.stand_in.reset_next("POST", &path);
    let r = f
        .http
        .send_message(channel, vec![], &json!({"content": "reset"}))
        .await;
    assert!(
        matches!(
            r,
            Err(serenity::Error::Http(serenity::all::HttpError::Request(_)))
        ),
        "{r:?}"
    );
    assert_eq!(count("reset"), 0);
    let reset = f
        .stand_in
        .calls()
        .pop()
        .expect("the reset call is recorded");
    assert_eq!(reset.status, 0);
}
