//! The command core against a real store (SQLite in a temporary directory), the
//! real renderer and the engine at level 1: every command, and every way a
//! request can be refused. Replies are caught by a recording outbox.

use std::sync::Arc;
use std::time::Duration;

use crate::support::recording::RecordingOutbox;
use crate::support::shows_raw;
use xiangqi_bot::bot::{parse, Action, Actor, Bot, BotConfig, Place, Reply, Request};
use xiangqi_bot::render::Renderer;
use xiangqi_bot::store::{
    BotLevel, Durability, GameId, GameRecord, ManualClock, NewGame, Participant, Rating, Store,
    StoreConfig, UserRef, DEFAULT_ANNOUNCE_GRACE,
};

const START_MS: i64 = 1_700_000_000_000;

pub(crate) struct Harness {
    pub(crate) bot: Bot,
    pub(crate) outbox: RecordingOutbox,
    pub(crate) clock: Arc<ManualClock>,
    pub(crate) store: Store,
    _dir: tempfile::TempDir,
}

pub(crate) async fn harness_with(config: BotConfig, threads: bool) -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let clock = Arc::new(ManualClock::new(START_MS));
    let mut store_config = StoreConfig::new(url);
    store_config.durability = Durability::Normal;
    let store = Store::open_with(store_config, clock.clone()).await.unwrap();
    let bot = Bot::new(store.clone(), renderer(), config);
    let outbox = if threads {
        RecordingOutbox::with_threads()
    } else {
        RecordingOutbox::new()
    };
    Harness {
        bot,
        outbox,
        clock,
        store,
        _dir: dir,
    }
}

async fn harness() -> Harness {
    harness_with(config(), false).await
}

pub(crate) fn config() -> BotConfig {
    BotConfig {
        engine_threads: 2,
        ..BotConfig::default()
    }
}

/// The renderer is built once per test binary: it rasterises its sprites up front.
fn renderer() -> Renderer {
    Renderer::new()
}

fn channel() -> Place {
    Place {
        guild: None,
        channel: "lobby".into(),
        thread: None,
    }
}

pub(crate) fn actor(name: &str) -> Actor {
    Actor {
        id: name.into(),
        name: name.into(),
    }
}

/// `who` types `text` in the lobby.
fn request_in_lobby(who: &str, text: &str) -> Request {
    Request {
        actor: actor(who),
        place: channel(),
        command: parse(text).unwrap_or_else(|e| panic!("{text}: {e}")),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    }
}

impl Harness {
    /// `who` types `text` in `place`; returns everything the bot posted.
    async fn say_in(&self, place: &Place, who: &str, text: &str) -> Vec<(Place, Reply)> {
        self.say_with(place, who, text, None).await
    }

    /// [`Harness::say_in`] with the permissions the platform reports.
    pub(crate) async fn say_with(
        &self,
        place: &Place,
        who: &str,
        text: &str,
        permissions: Option<xiangqi_bot::bot::Permissions>,
    ) -> Vec<(Place, Reply)> {
        let command = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let request = Request {
            actor: actor(who),
            place: place.clone(),
            command,
            locale: None,
            permissions,
            roles: Vec::new(),
        };
        self.bot.handle(&request, &self.outbox).await;
        self.outbox.take()
    }

    async fn say(&self, who: &str, text: &str) -> Vec<(Place, Reply)> {
        self.say_in(&channel(), who, text).await
    }

    /// `who` types `text` and must get exactly one private reply containing `expected`.
    async fn refused(&self, who: &str, text: &str, expected: &str) {
        let replies = self.say(who, text).await;
        assert_eq!(replies.len(), 1, "{text}: {}", texts(&replies));
        let reply = &replies[0].1;
        assert!(
            reply.private,
            "{text}: the refusal should be private: {}",
            reply.text
        );
        assert!(
            reply.text.contains(expected),
            "{text}: expected {expected:?} in {:?}",
            reply.text
        );
    }

    /// A rated game stored directly in the lobby, as if made before a restart.
    async fn stored_game(
        &self,
        red: Participant,
        black: Participant,
        start_fen: Option<&str>,
    ) -> GameRecord {
        self.store
            .create_game(NewGame {
                location: xiangqi_bot::store::Location::channel("lobby"),
                red,
                black,
                start_fen: start_fen.map(str::to_owned),
                rated: true,
                time_control: xiangqi_bot::store::TimeControl::Untimed,
            })
            .await
            .unwrap()
    }

    async fn ply(&self, game: i64) -> u32 {
        self.store.game(GameId(game)).await.unwrap().ply
    }

    async fn live_game_of(&self, who: &str) -> i64 {
        let games = self.store.live_games_of_user(who).await.unwrap();
        assert_eq!(games.len(), 1, "{who} should have one live game");
        games[0].id.0
    }
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

/// The thread a new game's replies went to.
fn game_thread(replies: &[(Place, Reply)]) -> Place {
    replies
        .iter()
        .map(|(place, _)| place.clone())
        .find(|place| place.thread.is_some())
        .expect("the game gets its own thread")
}

pub(crate) fn texts(replies: &[(Place, Reply)]) -> String {
    replies
        .iter()
        .map(|(_, r)| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n---\n")
}

/// Alice (Red) against bob (Black), through a challenge.
async fn alice_vs_bob(h: &Harness) -> i64 {
    let made = h.say("alice", "challenge @bob red").await;
    assert!(texts(&made).contains("bob"), "{}", texts(&made));
    let started = h.say("bob", "accept").await;
    assert!(started
        .iter()
        .any(|(_, r)| r.files.iter().any(|f| is_png(&f.bytes))));
    h.live_game_of("alice").await
}

#[tokio::test]
async fn a_move_against_the_bot_gets_the_board_and_the_bots_answer() {
    let h = harness().await;
    let start = h.say("ann", "play red 1").await;
    assert_eq!(start.len(), 1, "{}", texts(&start));
    assert!(start[0].1.text.contains("ann"));
    assert!(is_png(&start[0].1.files[0].bytes));
    let game = h.live_game_of("ann").await;

    let replies = h.say("ann", "h2e2").await;
    assert_eq!(
        replies.len(),
        1,
        "the move and the bot's answer in one message: {}",
        texts(&replies)
    );
    let answer = &replies[0].1;
    assert!(!answer.private);
    assert!(
        answer
            .text
            .starts_with(&format!("#{game} · ann (Red): h2e2 (C2=5, ")),
        "{}",
        answer.text
    );
    // The bot's move, as stored, named after the player's, with whose turn it is.
    let stored = h.store.game_with_moves(GameId(game)).await.unwrap().1;
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[0].iccs.to_string(), "h2e2");
    let bot_says = format!("xiangqi-bot (level 1) (Black): {} (", stored[1].iccs);
    assert!(answer.text.contains(&bot_says), "{}", answer.text);
    assert!(answer.text.ends_with("ann, your move."), "{}", answer.text);
    // One board, after both moves.
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].filename, format!("game-{game}-ply-2.png"));
    assert!(is_png(&answer.files[0].bytes));
    assert_eq!(h.ply(game).await, 2);

    // WXF notation works as well as ICCS. The soldier's step is legal
    // whatever the bot answered (no single Black move reaches c4 or checks),
    // so the test does not depend on the engine's choice.
    let replies = h.say("ann", "move P7+1").await;
    assert_eq!(replies.len(), 1, "{}", texts(&replies));
    assert!(
        replies[0].1.text.contains("c3c4 (P7+1"),
        "{}",
        texts(&replies)
    );
    assert_eq!(h.ply(game).await, 4);
}

#[tokio::test]
async fn playing_black_lets_the_bot_move_first() {
    let h = harness().await;
    let replies = h.say("ann", "play black 1").await;
    assert_eq!(
        replies.len(),
        2,
        "start, then the bot's move: {}",
        texts(&replies)
    );
    let game = h.live_game_of("ann").await;
    assert_eq!(h.ply(game).await, 1);
    // Nothing of ann's to take back yet.
    h.refused("ann", "takeback", "nothing to take back").await;
}

#[tokio::test]
async fn illegal_and_malformed_moves_are_refused_and_change_nothing() {
    let h = harness().await;
    h.say("ann", "play red 1").await;
    let game = h.live_game_of("ann").await;
    h.refused("ann", "a0a5", "Try again").await; // the chariot is blocked by its pawn
    h.refused("ann", "h2h8", "Try again").await; // no screen to jump, blocked
    h.refused("ann", "C9=1", "Try again").await;
    h.refused("ann", "炮二进九", "Try again").await;
    assert_eq!(h.ply(game).await, 0);
}

#[tokio::test]
async fn moves_need_a_game_and_the_turn() {
    let h = harness().await;
    h.refused("ann", "h2e2", "no game here").await;
    let game = alice_vs_bob(&h).await;
    h.refused("bob", "h9g7", "not your turn").await;
    assert_eq!(h.ply(game).await, 0);
    let replies = h.say("alice", "h2e2").await;
    assert_eq!(replies.len(), 1, "no bot answer between people");
    assert!(
        replies[0].1.text.contains("bob, your move"),
        "{}",
        replies[0].1.text
    );
    h.refused("alice", "h0g2", "not your turn").await;
    assert_eq!(h.ply(game).await, 1);
}

#[tokio::test]
async fn a_stranger_cannot_move_in_someone_elses_game() {
    let h = harness_with(config(), true).await;
    h.say("alice", "challenge bob").await;
    let started = h.say("bob", "accept").await;
    let thread = game_thread(&started);
    let game = h.live_game_of("alice").await;
    let replies = h.say_in(&thread, "carol", "h2e2").await;
    assert_eq!(replies.len(), 1);
    assert!(replies[0].1.private);
    assert!(
        replies[0].1.text.contains("between alice and bob"),
        "{}",
        replies[0].1.text
    );
    assert_eq!(h.ply(game).await, 0);
    // The players themselves move from the thread.
    let replies = h.say_in(&thread, "alice", "h2e2").await;
    assert_eq!(replies[0].0, thread);
    assert_eq!(h.ply(game).await, 1);
}

#[tokio::test]
async fn one_game_per_player_per_channel() {
    let h = harness().await;
    h.say("ann", "play").await;
    h.refused("ann", "play black", "already playing").await;
    h.refused("ann", "challenge bob", "already playing").await;
    h.refused("bob", "challenge ann", "ann is already playing")
        .await;
    // Another channel is another matter.
    let elsewhere = Place {
        channel: "other".into(),
        ..channel()
    };
    let replies = h.say_in(&elsewhere, "ann", "play 1").await;
    assert!(!replies[0].1.private, "{}", texts(&replies));
}

#[tokio::test]
async fn challenges_can_be_refused_for_every_reason() {
    let h = harness().await;
    h.refused("alice", "challenge alice", "cannot challenge yourself")
        .await;
    h.refused("bob", "accept", "Nobody has challenged you")
        .await;
    h.say("alice", "challenge bob black").await;
    h.refused("carol", "accept", "is for bob").await;
    // Ten minutes pass: the challenge has expired and counts for nobody.
    h.clock.advance(Duration::from_secs(11 * 60));
    h.refused("bob", "accept", "expired").await;
    assert!(h.store.live_games_of_user("bob").await.unwrap().is_empty());
    assert!(h
        .store
        .player_stats("bob")
        .await
        .unwrap()
        .is_none_or(|s| s.player.games == 0));

    h.say("alice", "challenge bob").await;
    let declined = h.say("bob", "decline").await;
    assert!(
        texts(&declined).contains("declines"),
        "{}",
        texts(&declined)
    );
    h.refused("bob", "accept", "Nobody has challenged you")
        .await;

    h.say("alice", "challenge bob").await;
    let withdrawn = h.say("alice", "decline").await;
    assert!(
        texts(&withdrawn).contains("withdraws"),
        "{}",
        texts(&withdrawn)
    );
    h.refused("bob", "decline", "nothing to decline").await;
}

#[tokio::test]
async fn challenge_colours_are_respected() {
    let h = harness().await;
    h.say("alice", "challenge bob black").await;
    h.say("bob", "accept").await;
    let game = h
        .store
        .game(GameId(h.live_game_of("alice").await))
        .await
        .unwrap();
    assert!(game.black.is_user("alice") && game.red.is_user("bob"));
}

#[tokio::test]
async fn takebacks_against_the_bot_and_between_people() {
    let h = harness().await;
    h.say("ann", "play red 1").await;
    let game = h.live_game_of("ann").await;
    h.refused("ann", "takeback", "nothing to take back").await;
    h.say("ann", "h2e2").await;
    assert_eq!(h.ply(game).await, 2);
    let replies = h.say("ann", "takeback").await;
    assert!(
        texts(&replies).contains("took back h2e2"),
        "{}",
        texts(&replies)
    );
    assert_eq!(h.ply(game).await, 0);

    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    h.refused("alice", "takeback", "nothing to take back").await;
    h.say("alice", "h2e2").await;
    let asked = h.say("alice", "takeback").await;
    assert!(
        texts(&asked).contains("asks to take back"),
        "{}",
        texts(&asked)
    );
    h.refused("alice", "takeback", "already asked").await;
    let granted = h.say("bob", "takeback").await;
    assert!(
        texts(&granted).contains("took back h2e2"),
        "{}",
        texts(&granted)
    );
    assert_eq!(h.ply(game).await, 0);

    // A refused request leaves the move on the board.
    h.say("alice", "h2e2").await;
    h.say("alice", "takeback").await;
    let declined = h.say("bob", "decline").await;
    assert!(
        texts(&declined).contains("declines the takeback"),
        "{}",
        texts(&declined)
    );
    assert_eq!(h.ply(game).await, 1);
}

#[tokio::test]
async fn draws_offered_and_accepted() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    let offered = h.say("alice", "draw").await;
    assert!(texts(&offered).contains("offers a draw"));
    h.refused("alice", "draw", "already asked").await;
    let agreed = h.say("bob", "draw").await;
    assert!(
        texts(&agreed).contains("Draw by agreement"),
        "{}",
        texts(&agreed)
    );
    let record = h.store.game(GameId(game)).await.unwrap();
    assert!(!record.is_live());
    assert_eq!(record.reason.as_deref(), Some("agreement"));
    h.refused("alice", "h2e2", "no game here").await;

    // Against the bot, the answer follows its evaluation, and the state matches it.
    let h = harness().await;
    h.say("ann", "play red 1").await;
    let game = h.live_game_of("ann").await;
    let answer = texts(&h.say("ann", "draw").await);
    let live = h.store.game(GameId(game)).await.unwrap().is_live();
    if answer.contains("accepts") {
        assert!(!live);
    } else {
        assert!(answer.contains("declines"), "{answer}");
        assert!(live);
    }
}

#[tokio::test]
async fn resigning_ends_the_game_for_the_opponent() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    h.refused("carol", "resign", "no game here").await;
    let replies = h.say("bob", "resign").await;
    assert!(
        texts(&replies).contains("bob (Black) resigns"),
        "{}",
        texts(&replies)
    );
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.reason.as_deref(), Some("resignation"));
    assert_eq!(h.store.player("alice").await.unwrap().unwrap().wins, 1);
    h.refused("bob", "resign", "no game here").await;
}

#[tokio::test]
async fn hints_when_allowed() {
    let h = harness().await;
    h.say("ann", "play red 1").await;
    let replies = h.say("ann", "hint").await;
    assert_eq!(replies.len(), 1);
    assert!(
        replies[0].1.private && replies[0].1.text.starts_with("Hint"),
        "{}",
        replies[0].1.text
    );

    let h = harness_with(
        BotConfig {
            hints: false,
            ..config()
        },
        false,
    )
    .await;
    h.say("ann", "play red 1").await;
    h.refused("ann", "hint", "turned off").await;

    let h = harness().await;
    alice_vs_bob(&h).await;
    h.refused("alice", "hint", "against the bot").await;
    h.refused("bob", "hint", "not your turn").await;
}

#[tokio::test]
async fn watching_games() {
    let h = harness().await;
    h.refused("ann", "games", "no game in progress").await;
    h.refused("ann", "board", "no game here").await;
    h.refused("ann", "watch 42", "no game #42").await;
    let game = alice_vs_bob(&h).await;
    h.say("alice", "h2e2").await;

    let listed = texts(&h.say("carol", "games").await);
    assert!(
        listed.contains(&format!("#{game}")) && listed.contains("alice vs bob"),
        "{listed}"
    );
    let board = h.say("bob", "board").await;
    assert!(board[0].1.text.contains("last h2e2"), "{}", board[0].1.text);
    assert!(is_png(&board[0].1.files[0].bytes));
    let by_id = h.say("carol", &format!("board {game}")).await;
    assert!(is_png(&by_id[0].1.files[0].bytes));
    let watched = h.say("carol", &format!("watch {game}")).await;
    assert!(
        watched[0].1.text.contains("is played in #lobby"),
        "{}",
        watched[0].1.text
    );
    assert!(is_png(&watched[0].1.files[0].bytes));
}

/// `challenge` without an opponent is open: anyone but the challenger may
/// `join` (or `accept`) it, the first to do so plays, and it is gone then.
#[tokio::test]
async fn an_open_challenge_is_joined_by_the_first_taker() {
    let h = harness().await;
    let made = h.say("ann", "challenge red").await;
    assert!(
        texts(&made).contains("looking for an opponent"),
        "{}",
        texts(&made)
    );
    assert!(made[0].1.mentions.is_empty(), "a seek pings nobody");
    let buttons: Vec<String> = made[0].1.buttons.iter().map(|b| b.label.clone()).collect();
    assert_eq!(buttons, ["Join", "Withdraw"]);
    h.refused("ann", "join", "cannot challenge yourself").await;
    h.say("bob", "join").await;
    let game = h.live_game_of("bob").await;
    assert_eq!(h.live_game_of("ann").await, game);
    let record = h.store.game(GameId(game)).await.unwrap();
    assert!(record.red.is_user("ann") && record.black.is_user("bob"));
    h.refused("carol", "join", "Nobody has challenged you")
        .await;
    assert!(h
        .store
        .live_games_of_user("carol")
        .await
        .unwrap()
        .is_empty());
}

/// `accept @user` takes that user's challenge when two wait: the newest
/// is carol's, but ann names bob.
#[tokio::test]
async fn accept_naming_the_challenger_takes_their_challenge() {
    let h = harness().await;
    h.say("bob", "challenge @ann red").await;
    h.say("carol", "challenge @ann red").await;
    h.say("ann", "accept @bob").await;
    let game = h.live_game_of("ann").await;
    let record = h.store.game(GameId(game)).await.unwrap();
    assert!(record.red.is_user("bob") && record.black.is_user("ann"));
    h.refused("dan", "accept @carol", "is for ann").await;
}

/// A server's seek channel and seek role: an open challenge made in the
/// lobby is posted in the seek channel, pinging the role (and the lobby
/// is told where it went); it is joined there and played there. A
/// challenge naming its opponent stays where it was made and pings only
/// them.
#[tokio::test]
async fn open_challenges_go_to_the_seek_channel_and_ping_the_seek_role() {
    let h = harness().await;
    let in_server = |channel: &str| Place {
        guild: Some("server-1".into()),
        channel: channel.into(),
        thread: None,
    };
    for setting in ["seek-channel #seeks", "seek-role <@&77>"] {
        let request = Request {
            actor: actor("mod"),
            place: in_server("lobby"),
            command: parse(&format!("settings server {setting}")).unwrap(),
            locale: None,
            permissions: Some(xiangqi_bot::bot::Permissions::ALL),
            roles: Vec::new(),
        };
        h.bot.handle(&request, &h.outbox).await;
        let changed = texts(&h.outbox.take());
        assert!(changed.contains("is now"), "{changed}");
    }
    let made = h.say_in(&in_server("lobby"), "ann", "challenge red").await;
    assert_eq!(made.len(), 2, "{}", texts(&made));
    let (seek_place, seek) = made
        .iter()
        .find(|(_, reply)| reply.text.contains("looking for an opponent"))
        .expect("the seek");
    assert_eq!(*seek_place, in_server("seeks"));
    assert_eq!(seek.role_mentions, ["77"]);
    assert!(seek.mentions.is_empty());
    let (told_place, told) = made
        .iter()
        .find(|(_, reply)| !reply.text.contains("looking for an opponent"))
        .unwrap();
    assert_eq!(*told_place, in_server("lobby"));
    assert!(told.text.contains("posted in #seeks"), "{}", told.text);

    h.refused("bob", "join", "Nobody has challenged you").await;
    h.say_in(&in_server("seeks"), "bob", "join").await;
    let game = h.live_game_of("bob").await;
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.location.channel_id, "seeks");

    let named = h
        .say_in(&in_server("lobby"), "carol", "challenge @dan")
        .await;
    assert_eq!(named.len(), 1, "{}", texts(&named));
    assert_eq!(named[0].0, in_server("lobby"));
    assert!(named[0].1.role_mentions.is_empty());
}

/// A casual game, against the bot or between people, is said to be casual
/// when it starts, changes nobody's rating (the results still count in
/// the players' wins and losses), and is marked casual in history and in
/// its record; a rated game after it moves the rating as usual.
#[tokio::test]
async fn casual_games_change_no_rating_and_say_so() {
    let h = harness().await;
    let rating = |user: &'static str| {
        let store = &h.store;
        async move {
            let stats = store.player_stats(user).await.unwrap().expect("a player");
            (stats.player.rating, stats.player.games)
        }
    };
    let start = texts(&h.say("ann", "play red 1 casual").await);
    assert!(start.contains("Casual game"), "{start}");
    let game = h.live_game_of("ann").await;
    h.say("ann", "resign").await;
    let (after_bot, games) = rating("ann").await;
    assert_eq!(games, 1);
    assert_eq!(
        after_bot,
        Rating::NEWCOMER,
        "a casual loss to the bot moved the rating"
    );
    let history = texts(&h.say("ann", "history").await);
    let line = history
        .lines()
        .find(|line| line.contains(&format!("#{game}")))
        .expect("the game's line");
    assert!(line.ends_with("· casual"), "{history}");
    let record = texts(&h.say("ann", &format!("game {game}")).await);
    assert!(
        record.lines().next().unwrap().ends_with("· casual"),
        "{record}"
    );

    let made = texts(&h.say("alice", "challenge @bob casual").await);
    assert!(made.contains("Casual game"), "{made}");
    let started = texts(&h.say("bob", "accept").await);
    assert!(started.contains("Casual game"), "{started}");
    h.say("bob", "resign").await;
    assert_eq!(rating("alice").await, (Rating::NEWCOMER, 1));
    assert_eq!(rating("bob").await, (Rating::NEWCOMER, 1));

    // Rated, the default: the next result moves both ratings.
    alice_vs_bob(&h).await;
    h.say("bob", "resign").await;
    assert!(rating("alice").await.0.rating > Rating::NEWCOMER.rating);
    assert!(rating("bob").await.0.rating < Rating::NEWCOMER.rating);
    let history = texts(&h.say("alice", "history").await);
    assert_eq!(history.matches("· casual").count(), 1, "{history}");
}

#[tokio::test]
async fn history_game_record_stats_and_leaderboard() {
    let h = harness().await;
    h.refused("ann", "game 1", "no game #1").await;
    let none = texts(&h.say("ann", "history").await);
    assert!(none.contains("no finished games"), "{none}");
    let game = alice_vs_bob(&h).await;
    h.say("alice", "h2e2").await;
    h.say("bob", "h9g7").await;
    h.say("bob", "resign").await;

    let history = texts(&h.say("carol", "history @alice").await);
    assert!(
        history.contains(&format!("#{game}")) && history.contains("won by resignation"),
        "{history}"
    );
    let record = h.say("carol", &format!("game {game}")).await;
    let reply = &record[0].1;
    assert!(
        reply.text.contains("1. h2e2 C2=5  h9g7 H8+7"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("FEN: `"), "{}", reply.text);
    assert!(reply.text.contains("wins by resignation"), "{}", reply.text);
    let pgn = reply
        .files
        .iter()
        .find(|f| f.filename.ends_with(".pgn"))
        .expect("a record");
    assert!(
        String::from_utf8_lossy(&pgn.bytes).contains("H2-E2")
            || String::from_utf8_lossy(&pgn.bytes).contains("h2e2")
    );
    let gif = reply
        .files
        .iter()
        .find(|f| f.filename.ends_with(".gif"))
        .expect("a replay");
    assert!(gif.bytes.starts_with(b"GIF89a"));

    let stats = texts(&h.say("alice", "stats").await);
    assert!(stats.contains("1 won, 0 drawn, 0 lost"), "{stats}");
    let stats = texts(&h.say("alice", "stats @nobody").await);
    assert!(stats.contains("has not played"), "{stats}");
    let board = texts(&h.say("carol", "leaderboard").await);
    assert!(board.contains("1. alice"), "{board}");
    let help = h.say("carol", "help").await;
    assert!(help[0].1.private && help[0].1.text.contains("challenge [@user|@role]"));
}

#[tokio::test]
async fn idle_games_are_lost_by_the_side_to_move() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    h.say("alice", "h2e2").await;
    h.clock.advance(Duration::from_secs(2 * 86_400));
    h.bot.sweep_idle(&h.outbox).await;
    assert!(
        h.outbox.take().is_empty(),
        "two days is not yet abandonment"
    );
    h.clock.advance(Duration::from_secs(86_400 + 60));
    h.bot.sweep_idle(&h.outbox).await;
    let said = texts(&h.outbox.take());
    assert!(said.contains("bob (Black) loses by abandonment"), "{said}");
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.reason.as_deref(), Some("abandonment"));
    assert!(!record.is_live());
}

/// A day before the idle limit (72 h) the player to move is warned, once
/// per idle spell, by whichever process sweeps first, a restarted one
/// included; after a move, the next spell is warned of again, without the
/// mention for a player who turned notices off.
#[tokio::test]
async fn the_player_to_move_is_warned_once_a_day_before_the_idle_limit() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    h.say("alice", "h2e2").await;
    h.outbox.take();
    h.clock.advance(Duration::from_secs(47 * 3600));
    h.bot.sweep_idle(&h.outbox).await;
    assert!(
        h.outbox.take().is_empty(),
        "47 hours is not yet a day before"
    );

    h.clock.advance(Duration::from_secs(2 * 3600));
    h.bot.sweep_idle(&h.outbox).await;
    let warned = h.outbox.take();
    assert_eq!(warned.len(), 1, "{}", texts(&warned));
    let (_, warning) = &warned[0];
    assert!(
        warning
            .text
            .contains(&format!("#{game}: bob, it is your move"))
            && warning.text.contains("in the next 23 hours"),
        "{}",
        warning.text
    );
    assert_eq!(warning.mentions, vec!["bob".to_string()]);

    h.bot.sweep_idle(&h.outbox).await;
    let restarted = Bot::new(h.store.clone(), renderer(), config());
    restarted.sweep_idle(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "warned once");

    // Bob moves: the next spell is Alice's, and she turned notices off.
    h.say("alice", "settings notify off").await;
    h.say("bob", "h9g7").await;
    h.outbox.take();
    h.clock.advance(Duration::from_secs(49 * 3600));
    h.bot.sweep_idle(&h.outbox).await;
    let warned = h.outbox.take();
    assert_eq!(warned.len(), 1, "{}", texts(&warned));
    assert!(warned[0].1.text.contains("alice, it is your move"));
    assert!(warned[0].1.mentions.is_empty());
    assert!(h.store.game(GameId(game)).await.unwrap().is_live());
}

/// One user flooding is refused past their burst, told once and privately
/// how long to wait, and nobody else is slowed; a review counts against
/// the tighter limit too.
#[tokio::test]
async fn a_flooding_user_is_told_once_to_wait_and_nobody_else_is_held() {
    let h = harness().await;
    let mut answered = 0;
    let mut refusals = Vec::new();
    for _ in 0..40 {
        for (_, reply) in h.say("flood", "stats").await {
            if reply.text.contains("faster than the bot takes them") {
                assert!(reply.private, "{}", reply.text);
                refusals.push(reply.text);
            } else {
                answered += 1;
            }
        }
    }
    // The burst (15), and perhaps one more the time the loop took refilled.
    assert!((15..=17).contains(&answered), "{answered}");
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert!(refusals[0].contains("Wait 1 second"), "{}", refusals[0]);
    // Someone else, at the same moment, is answered.
    let stats = texts(&h.say("carol", "stats").await);
    assert!(stats.contains("has not played"), "{stats}");

    // Reviews: three at once, then the fourth waits (15 s at 4 a minute).
    for _ in 0..3 {
        let said = texts(&h.say("reviewer", "review").await);
        assert!(!said.contains("faster than"), "{said}");
    }
    let said = texts(&h.say("reviewer", "review").await);
    assert!(said.contains("Wait 15 seconds"), "{said}");
}

#[tokio::test]
async fn expired_challenges_are_announced_by_the_sweep() {
    let h = harness().await;
    h.say("alice", "challenge bob").await;
    h.clock.advance(Duration::from_secs(10 * 60 + 1));
    h.bot.sweep_idle(&h.outbox).await;
    let said = texts(&h.outbox.take());
    assert!(said.contains("expired"), "{said}");
}

#[tokio::test]
async fn resume_pending_makes_the_moves_the_bot_owes() {
    let h = harness().await;
    // A game stored with the bot to move, as after a restart mid-thought.
    let record = h
        .stored_game(
            Participant::Bot(BotLevel::new(1).unwrap()),
            Participant::User(UserRef::new("ann", "ann")),
            None,
        )
        .await;
    h.bot.resume_pending(&h.outbox).await;
    let said = h.outbox.take();
    assert_eq!(said.len(), 1, "{}", texts(&said));
    assert_eq!(said[0].0, channel());
    assert_eq!(h.ply(record.id.0).await, 1);
    // Nothing more is owed.
    h.bot.resume_pending(&h.outbox).await;
    assert!(h.outbox.take().is_empty());
}

#[tokio::test]
async fn a_move_that_mates_the_bot_ends_the_game_in_one_write_and_one_message() {
    let h = harness().await;
    // Red mates in one: the chariot on a8 holds rank 8, the one on b0 goes to b9.
    let record = h
        .stored_game(
            Participant::User(UserRef::new("ann", "ann")),
            Participant::Bot(BotLevel::new(1).unwrap()),
            Some("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"),
        )
        .await;
    let replies = h.say("ann", "b0b9").await;
    assert_eq!(replies.len(), 1, "{}", texts(&replies));
    let reply = &replies[0].1;
    assert!(reply.text.contains("ann (Red): b0b9"), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("Game over: ann (Red) wins by checkmate."),
        "{}",
        reply.text
    );
    assert!(
        reply.text.ends_with(&format!(
            "\nReview (or `review {}`) shows where this game turned; \
             Rematch plays it again with the colours swapped.",
            record.id.0
        )),
        "the review is offered in one line: {}",
        reply.text
    );
    let presses: Vec<_> = reply
        .buttons
        .iter()
        .map(|b| (b.press.action, b.press.target))
        .collect();
    assert_eq!(
        presses,
        [
            (Action::Review, record.id.0),
            (Action::Rematch, record.id.0)
        ],
        "the end's message offers Review and Rematch, and nothing else"
    );
    assert_eq!(reply.files.len(), 1);
    assert!(is_png(&reply.files[0].bytes));
    // The move and the result were stored together; the bot did not move.
    let (after, moves) = h.store.game_with_moves(record.id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert!(!after.is_live());
    assert_eq!(after.reason.as_deref(), Some("checkmate"));
    let ann = h.store.player("ann").await.unwrap().unwrap();
    assert_eq!((ann.games, ann.wins), (1, 1));
}

#[tokio::test]
async fn a_bare_move_is_played_where_a_game_is_and_ignored_elsewhere() {
    let h = harness_with(config(), true).await;
    let bare = |who: &str, place: &Place, text: &str| Request {
        actor: actor(who),
        place: place.clone(),
        command: parse(text).unwrap(),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };
    // No game in the channel: chat that looks like a move gets no answer.
    h.bot
        .handle_bare_move(&bare("ann", &channel(), "h2e2"), &h.outbox)
        .await;
    assert!(h.outbox.take().is_empty());
    assert!(h.bot.move_timings().is_empty(), "nothing was timed");

    let started = h.say("ann", "play red 1").await;
    let thread = game_thread(&started);
    let game = h.live_game_of("ann").await;
    // In another thread of the channel, not the game's: still chat.
    let elsewhere = Place {
        thread: Some("another thread".into()),
        ..thread.clone()
    };
    h.bot
        .handle_bare_move(&bare("ann", &elsewhere, "h2e2"), &h.outbox)
        .await;
    assert!(h.outbox.take().is_empty());
    assert_eq!(h.ply(game).await, 0);
    // In the game's thread it is a move, answered like any other.
    h.bot
        .handle_bare_move(&bare("ann", &thread, "h2e2"), &h.outbox)
        .await;
    let said = h.outbox.take();
    assert_eq!(said.len(), 1, "{}", texts(&said));
    assert!(said[0].1.text.contains("h2e2"), "{}", texts(&said));
    assert_eq!(h.ply(game).await, 2);
    let timed = h.bot.move_timings();
    assert_eq!(timed.len(), 1);
    assert_eq!(timed[0].game, GameId(game));
    // An illegal bare move in the game's thread is refused, privately.
    h.bot
        .handle_bare_move(&bare("ann", &thread, "a0a5"), &h.outbox)
        .await;
    let said = h.outbox.take();
    assert_eq!(said.len(), 1);
    assert!(said[0].1.private && said[0].1.text.contains("Try again"));
}

#[tokio::test]
async fn move_suggestions_come_from_the_game_the_move_would_be_played_in() {
    let h = harness_with(config(), true).await;
    let suggest = |who: &'static str, place: Place, typed: &'static str| {
        let bot = &h.bot;
        async move { bot.move_suggestions(&actor(who), &place, typed, 25).await }
    };
    assert!(
        suggest("ann", channel(), "").await.is_empty(),
        "no game yet"
    );

    let started = h.say("ann", "play red 1").await;
    let thread = game_thread(&started);
    let cannon = vec![("h2e2 · C2=5 · 炮二平五".to_string(), "h2e2".to_string())];
    assert_eq!(suggest("ann", thread.clone(), "炮二平五").await, cannon);
    assert_eq!(suggest("ann", thread.clone(), "").await.len(), 25);
    assert_eq!(suggest("ann", thread.clone(), "H2E").await, cannon);
    // In the channel, as `move` would, ann's game there; nobody else's.
    assert_eq!(suggest("ann", channel(), "h2e").await, cannon);
    assert!(suggest("bob", channel(), "h2e").await.is_empty());

    // After ann's move and the bot's answer, Red's moves again, from the new position.
    h.say_in(&thread, "ann", "h2e2").await;
    let after = suggest("ann", thread, "e2").await;
    assert!(!after.is_empty());
    assert!(after.iter().all(|(_, iccs)| iccs.starts_with("e2")));
}

use crate::support::HOSTILE_NAMES;

#[tokio::test]
async fn hostile_display_names_are_shown_as_typed_and_never_as_markdown() {
    let h = harness_with(config(), true).await;
    let lobby = channel();
    let mut said = Vec::new();
    for (i, name) in HOSTILE_NAMES.iter().enumerate() {
        let me = Actor {
            id: format!("hostile{i}"),
            name: name.to_string(),
        };
        let other = Actor {
            id: format!("victim{i}"),
            name: HOSTILE_NAMES[(i + 1) % HOSTILE_NAMES.len()].to_string(),
        };
        let request = |actor: &Actor, command| Request {
            actor: actor.clone(),
            place: lobby.clone(),
            command,
            locale: None,
            permissions: None,
            roles: Vec::new(),
        };
        let challenge = xiangqi_bot::bot::Command::Challenge {
            opponent: Some(xiangqi_bot::bot::Opponent::User(other.clone())),
            color: Some(xiangqi_bot::store::ColorChoice::Red),
            time: None,
            rated: None,
        };
        for (who, command) in [
            (&me, challenge.clone()),
            (&me, challenge),
            (&other, parse("accept").unwrap()),
            (&me, parse("h2e2").unwrap()),
            (&other, parse("draw").unwrap()),
            (&me, parse("games").unwrap()),
            (&me, parse("resign").unwrap()),
            (&me, parse("stats").unwrap()),
            (&other, parse("leaderboard").unwrap()),
        ] {
            h.bot.handle(&request(who, command), &h.outbox).await;
        }
        said.extend(h.outbox.take());
    }
    let text = texts(&said);
    for fragment in ["**bold**", "<@1234>", "@everyone", "[click]", "||spoiler"] {
        let raw: Vec<&str> = text.lines().filter(|l| shows_raw(l, fragment)).collect();
        assert!(raw.is_empty(), "{fragment} shown raw in: {raw:#?}");
    }
    for line in text.lines() {
        let line = line.trim_start();
        assert!(
            !line.trim_start_matches('#').starts_with(' ') && !line.starts_with("-# "),
            "a header from a name: {line}"
        );
    }
    // The names are there, escaped.
    assert!(text.contains(r"\<\@1234>"), "{text}");
    assert!(text.contains(r"\@everyone"), "{text}");
    // Nobody is notified by a name; a challenge notifies its addressee only.
    for (_, reply) in &said {
        assert!(
            reply
                .mentions
                .iter()
                .all(|id| id.starts_with("victim") || id.starts_with("hostile")),
            "{:?}",
            reply.mentions
        );
    }
}

#[tokio::test]
async fn a_challenge_notifies_the_person_challenged_and_a_new_thread_its_players() {
    let h = harness_with(config(), true).await;
    let made = h.say("alice", "challenge @bob").await;
    assert_eq!(made.len(), 1);
    assert_eq!(made[0].1.mentions, vec!["bob".to_string()]);
    let started = h.say("bob", "accept").await;
    let thread = game_thread(&started);
    let first_in_thread = started
        .iter()
        .find(|(place, _)| *place == thread)
        .expect("the game's first message is in its thread");
    let mut notified = first_in_thread.1.mentions.clone();
    notified.sort();
    assert_eq!(notified, vec!["alice".to_string(), "bob".to_string()]);
    // A game against the bot notifies its one player in the thread.
    let vs_bot = h.say("carol", "play").await;
    let thread = game_thread(&vs_bot);
    let first = vs_bot.iter().find(|(place, _)| *place == thread).unwrap();
    assert_eq!(first.1.mentions, vec!["carol".to_string()]);
}

/// An outbox around the recording one whose posts fail where a test says:
/// for a while (a transient fault), or for good (the place is gone). DM
/// places are the ones whose channel starts with `dm-`.
#[derive(Default)]
struct FaultyOutbox {
    inner: RecordingOutbox,
    failing: std::sync::Mutex<Vec<String>>,
    gone: std::sync::Mutex<Vec<String>>,
    refused: std::sync::atomic::AtomicUsize,
    /// Posts carrying a file fail (an upload refused, a board that could not
    /// be written) while text-only posts go through.
    failing_files: std::sync::atomic::AtomicBool,
}

impl FaultyOutbox {
    fn fail_in(&self, channel: &str) {
        self.failing.lock().unwrap().push(channel.to_string());
    }

    fn heal(&self) {
        self.failing.lock().unwrap().clear();
        self.failing_files
            .store(false, std::sync::atomic::Ordering::Relaxed);
    }

    fn fail_files(&self) {
        self.failing_files
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn remove(&self, channel: &str) {
        self.gone.lock().unwrap().push(channel.to_string());
    }
}

#[async_trait::async_trait]
impl xiangqi_bot::bot::Outbox for FaultyOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        if self.gone.lock().unwrap().contains(&place.channel) {
            self.refused
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return Err(xiangqi_bot::bot::PlaceGone(place.channel.clone()).into());
        }
        let file_refused = !reply.files.is_empty()
            && self
                .failing_files
                .load(std::sync::atomic::Ordering::Relaxed);
        if file_refused || self.failing.lock().unwrap().contains(&place.channel) {
            self.refused
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            anyhow::bail!("injected: posting in {} failed", place.channel);
        }
        self.inner.post(place, reply).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.inner.open_thread(place, title).await
    }

    fn is_direct_message(&self, place: &Place) -> bool {
        place.channel.starts_with("dm-")
    }
}

#[tokio::test]
async fn no_challenge_between_people_in_a_direct_message() {
    let h = harness().await;
    let outbox = FaultyOutbox::default();
    let dm = Place {
        guild: None,
        channel: "dm-alice".into(),
        thread: None,
    };
    let request = Request {
        actor: actor("alice"),
        place: dm.clone(),
        command: parse("challenge @bob").unwrap(),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };
    h.bot.handle(&request, &outbox).await;
    let replies = outbox.inner.take();
    assert_eq!(replies.len(), 1, "{}", texts(&replies));
    assert!(replies[0].1.private);
    assert!(
        replies[0].1.text.contains("server channel"),
        "{}",
        replies[0].1.text
    );
    assert!(h
        .store
        .pending_challenges_in_channel("dm-alice")
        .await
        .unwrap()
        .is_empty());
    // Against the bot, a DM is a fine place to play.
    let play = Request {
        command: parse("play").unwrap(),
        ..request
    };
    h.bot.handle(&play, &outbox).await;
    assert!(texts(&outbox.inner.take()).contains("Game #"));
}

#[tokio::test]
async fn the_sweep_survives_failed_posts_and_retires_a_challenge_only_once_announced() {
    let h = harness().await;
    let outbox = FaultyOutbox::default();
    let place = |channel: &str| Place {
        guild: Some("g".into()),
        channel: channel.into(),
        thread: None,
    };
    for (who, whom, channel) in [
        ("ann", "@bob", "broken"),
        ("cat", "@dan", "fine"),
        ("eve", "@fay", "deleted"),
    ] {
        h.say_in(&place(channel), who, &format!("challenge {whom}"))
            .await;
    }
    // Two games that go idle, one of them in the broken channel.
    h.say_in(&place("broken"), "gil", "play").await;
    h.say_in(&place("fine"), "hal", "play").await;
    h.outbox.take();
    outbox.fail_in("broken");
    outbox.remove("deleted");
    h.clock.advance(Duration::from_secs(4 * 86_400));

    h.bot.sweep_idle(&outbox).await;
    let said = outbox.inner.take();
    let in_fine: Vec<&str> = said
        .iter()
        .filter(|(p, _)| p.channel == "fine")
        .map(|(_, r)| r.text.as_str())
        .collect();
    assert!(
        in_fine
            .iter()
            .any(|t| t.contains("from cat to dan expired")),
        "{in_fine:?}"
    );
    assert!(
        in_fine.iter().any(|t| t.contains("abandonment")),
        "{in_fine:?}"
    );
    assert!(said.iter().all(|(p, _)| p.channel == "fine"));
    // The broken channel's challenge waits for its notice; the deleted
    // channel's is retired without one.
    let pending = h.store.expired_challenges().await.unwrap();
    assert_eq!(
        pending
            .iter()
            .map(|c| c.location.channel_id.as_str())
            .collect::<Vec<_>>(),
        vec!["broken"]
    );

    // The fault heals: the next sweep announces what was left.
    outbox.heal();
    h.bot.sweep_idle(&outbox).await;
    let said = texts(&outbox.inner.take());
    assert!(said.contains("from ann to bob expired"), "{said}");
    assert!(h.store.expired_challenges().await.unwrap().is_empty());
    assert!(outbox.refused.load(std::sync::atomic::Ordering::Relaxed) >= 2);
}

/// A move whose announcement fails after it was stored (the board's upload
/// refused): the player is told it is stored, never to try again, and the
/// next sweep shows it, once. Before, the player was told "Something went
/// wrong… try again" and the move was never shown.
#[tokio::test]
async fn a_stored_move_whose_post_fails_is_shown_later_and_never_retried() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    let outbox = FaultyOutbox::default();
    outbox.fail_files();
    let request = request_in_lobby("alice", "h2e2");
    h.bot.handle(&request, &outbox).await;
    assert_eq!(h.ply(game).await, 1, "the move is stored");
    let told = texts(&outbox.inner.take());
    assert!(told.contains("is stored"), "{told}");
    assert!(!told.contains("try again"), "{told}");

    // Within the grace its post may still be on its way: the sweep leaves it.
    h.bot.sweep_idle(&outbox).await;
    assert!(outbox.inner.take().is_empty());
    assert_eq!(outbox.refused.load(std::sync::atomic::Ordering::Relaxed), 1);
    // Past it, the sweep tries, and fails too; the next try is a grace later.
    h.clock.advance(DEFAULT_ANNOUNCE_GRACE);
    h.bot.sweep_idle(&outbox).await;
    assert!(outbox.inner.take().is_empty());
    assert_eq!(outbox.refused.load(std::sync::atomic::Ordering::Relaxed), 2);
    outbox.heal();
    h.bot.sweep_idle(&outbox).await;
    assert!(outbox.inner.take().is_empty());
    h.clock.advance(DEFAULT_ANNOUNCE_GRACE);
    h.bot.sweep_idle(&outbox).await;
    let said = outbox.inner.take();
    assert_eq!(said.len(), 1, "{}", texts(&said));
    assert!(
        said[0].1.text.contains("alice (Red): h2e2") && said[0].1.text.contains("bob, your move"),
        "{}",
        said[0].1.text
    );
    assert!(is_png(&said[0].1.files[0].bytes));
    h.clock.advance(DEFAULT_ANNOUNCE_GRACE);
    h.bot.sweep_idle(&outbox).await;
    assert!(outbox.inner.take().is_empty(), "shown once");
}

/// An outbox whose posts wait at a gate until it is opened: a post in
/// flight, as a slow upload to Discord is, while something else happens.
struct GatedOutbox {
    inner: RecordingOutbox,
    /// Told once per post that reaches the gate.
    arrived: tokio::sync::Notify,
    open: tokio::sync::Semaphore,
}

impl Default for GatedOutbox {
    fn default() -> Self {
        GatedOutbox {
            inner: RecordingOutbox::new(),
            arrived: tokio::sync::Notify::new(),
            open: tokio::sync::Semaphore::new(0),
        }
    }
}

impl GatedOutbox {
    fn open(&self) {
        self.open.add_permits(1000);
    }

    /// `bot` handles `request` on a task of its own, posting here.
    fn handle(self: &Arc<Self>, bot: Arc<Bot>, request: Request) -> tokio::task::JoinHandle<()> {
        let outbox = self.clone();
        tokio::spawn(async move { bot.handle(&request, outbox.as_ref()).await })
    }
}

#[async_trait::async_trait]
impl xiangqi_bot::bot::Outbox for GatedOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        self.arrived.notify_one();
        let _pass = self.open.acquire().await?;
        self.inner.post(place, reply).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.inner.open_thread(place, title).await
    }
}

/// Two processes on one store: while one posts a move it stored (the post in
/// flight), the other's sweep must not take the move for one never shown and
/// post it too. It did: the load test's simulated player read such a second
/// copy of the bot's answer as the answer to its next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_being_posted_is_not_shown_again_by_another_process() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    let poster = Arc::new(Bot::new(h.store.clone(), renderer(), config()));
    let slow = Arc::new(GatedOutbox::default());
    let posting = slow.handle(poster, request_in_lobby("alice", "h2e2"));
    slow.arrived.notified().await;
    assert_eq!(h.ply(game).await, 1, "stored, its post in flight");

    // The other process sweeps meanwhile, and again a little later.
    h.bot.sweep_idle(&h.outbox).await;
    h.clock.advance(Duration::from_secs(5));
    h.bot.sweep_idle(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "the move is being posted");

    slow.open();
    posting.await.unwrap();
    let posted = slow.inner.take();
    assert_eq!(posted.len(), 1, "{}", texts(&posted));
    assert!(posted[0].1.text.contains("alice (Red): h2e2"));
    h.clock.advance(Duration::from_secs(3600));
    h.bot.sweep_idle(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "shown once");
}

/// The bot's first move, claimed with the game, stays claimed while the
/// game's start is still being posted, however long that takes: its lease
/// is renewed meanwhile. Before, a post slower than the lease let another
/// process take the move and answer ahead of the start it follows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claimed_move_is_kept_while_its_message_is_posted() {
    let h = harness().await;
    let lease = Duration::from_millis(300);
    let bot = Arc::new(Bot::new(
        h.store.clone(),
        renderer(),
        BotConfig {
            engine_lease: lease,
            ..config()
        },
    ));
    let slow = Arc::new(GatedOutbox::default());
    let starting = slow.handle(bot, request_in_lobby("ann", "play black 1"));
    slow.arrived.notified().await;
    // The start is on its way, for far longer than the lease (by the
    // store's clock), while real time lets the holder renew it.
    h.clock.advance(lease * 4);
    tokio::time::sleep(lease * 3).await;
    assert_eq!(
        h.store.claimable_engine_jobs().await.unwrap(),
        0,
        "the move is still held"
    );
    slow.open();
    starting.await.unwrap();
    let posted = texts(&slow.inner.take());
    assert!(posted.contains("Game #"), "{posted}");
    assert!(posted.contains("xiangqi-bot (level 1) (Red):"), "{posted}");
}

/// A move whose post failed is shown by one sweep, not by every process's:
/// the first to take it posts it, and the other leaves it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_sweeping_show_a_late_move_once() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    let failing = FaultyOutbox::default();
    failing.fail_files();
    let request = request_in_lobby("alice", "h2e2");
    h.bot.handle(&request, &failing).await;
    assert_eq!(h.ply(game).await, 1);
    h.clock.advance(Duration::from_secs(3600));

    let sweeper = Arc::new(Bot::new(h.store.clone(), renderer(), config()));
    let slow = Arc::new(GatedOutbox::default());
    let sweeping = {
        let (sweeper, slow) = (sweeper.clone(), slow.clone());
        tokio::spawn(async move { sweeper.sweep_idle(slow.as_ref()).await })
    };
    slow.arrived.notified().await;
    h.bot.sweep_idle(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "the other sweep is posting it");
    slow.open();
    sweeping.await.unwrap();
    let posted = slow.inner.take();
    assert_eq!(posted.len(), 1, "{}", texts(&posted));
    assert!(posted[0].1.text.contains("alice (Red): h2e2"));
}

/// A process killed between storing a move and posting it: the move is in
/// the store (written here as the dead process left it), and a bot started
/// on the same store shows it before making the answer it owes.
#[tokio::test]
async fn a_move_stored_before_a_kill_is_shown_at_start_then_answered() {
    let h = harness().await;
    let record = h
        .stored_game(
            Participant::User(UserRef::new("ann", "ann")),
            Participant::Bot(BotLevel::new(1).unwrap()),
            None,
        )
        .await;
    h.store
        .apply_move(
            record.id,
            0,
            "h2e2",
            &xiangqi_bot::store::ActorId::user("ann"),
        )
        .await
        .unwrap();
    let restarted = Bot::new(h.store.clone(), renderer(), config());
    restarted.resume_pending(&h.outbox).await;
    let said = h.outbox.take();
    assert_eq!(said.len(), 2, "{}", texts(&said));
    assert!(
        said[0].1.text.contains("ann (Red): h2e2"),
        "{}",
        said[0].1.text
    );
    assert_eq!(h.ply(record.id.0).await, 2, "then the bot answers");
    restarted.resume_pending(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "nothing is shown twice");
}

/// `accept` re-checks the challenger: one who started a game against the bot
/// after challenging cannot get a second live game in the channel.
#[tokio::test]
async fn accept_refuses_a_challenger_who_now_plays_here() {
    let h = harness().await;
    h.say("alice", "challenge @bob").await;
    h.say("alice", "play").await;
    h.refused("bob", "accept", "Your challenger is playing game #")
        .await;
    assert_eq!(h.store.live_games_of_user("alice").await.unwrap().len(), 1);
}

/// A channel with more live games than a page lists them a page at a time,
/// each page saying how to see the next.
#[tokio::test]
async fn games_are_listed_a_page_at_a_time() {
    let h = harness().await;
    for n in 0..20 {
        h.stored_game(
            Participant::User(UserRef::new(format!("p{n}"), format!("p{n}"))),
            Participant::Bot(BotLevel::new(1).unwrap()),
            None,
        )
        .await;
    }
    let first = texts(&h.say("ann", "games").await);
    assert!(first.contains("(20), page 1 of 2"), "{first}");
    assert_eq!(first.matches("\n#").count(), 15, "{first}");
    assert!(first.contains("`games 2`"), "{first}");
    let second = texts(&h.say("ann", "games 2").await);
    assert!(second.contains("page 2 of 2"), "{second}");
    assert_eq!(second.matches("\n#").count(), 5, "{second}");
    let refused = parse("games two").unwrap_err().to_string();
    assert!(refused.contains("not a page number"), "{refused}");
}

/// A game is shown in its own server, and outside servers to its players or
/// in the channel it is played in; elsewhere it does not exist. Finished
/// games too.
#[tokio::test]
async fn a_game_is_visible_in_its_server_and_to_its_players() {
    let h = harness().await;
    let in_server = |guild: &str, channel: &str| Place {
        guild: Some(guild.into()),
        channel: channel.into(),
        thread: None,
    };
    let dm = |who: &str| Place {
        guild: None,
        channel: format!("dm-{who}"),
        thread: None,
    };
    h.say_in(&in_server("g1", "private"), "ann", "play").await;
    let game = h.live_game_of("ann").await;
    for command in [
        format!("board {game}"),
        format!("watch {game}"),
        format!("game {game}"),
    ] {
        let elsewhere = h.say_in(&in_server("g2", "c"), "eve", &command).await;
        assert_eq!(elsewhere.len(), 1, "{}", texts(&elsewhere));
        assert!(
            elsewhere[0].1.private && elsewhere[0].1.text.contains(&format!("no game #{game}")),
            "{command}: {}",
            texts(&elsewhere)
        );
        assert!(texts(&h.say_in(&dm("eve"), "eve", &command).await).contains("no game #"));
        let same_server = h.say_in(&in_server("g1", "public"), "eve", &command).await;
        assert!(
            !same_server[0].1.private,
            "{command}: {}",
            texts(&same_server)
        );
        let own_dm = h.say_in(&dm("ann"), "ann", &command).await;
        assert!(!own_dm[0].1.private, "{command}: {}", texts(&own_dm));
    }
    h.say_in(&in_server("g1", "private"), "ann", "resign").await;
    let finished = h
        .say_in(&in_server("g2", "c"), "eve", &format!("game {game}"))
        .await;
    assert!(
        texts(&finished).contains("no game #"),
        "{}",
        texts(&finished)
    );
    // A player's history lists the game in its own server and in their DM,
    // and not in another server.
    let listed = |replies: &[(Place, Reply)]| texts(replies).contains(&format!("#{game}"));
    let history = "history @ann";
    assert!(listed(
        &h.say_in(&in_server("g1", "public"), "eve", history).await
    ));
    assert!(listed(&h.say_in(&dm("ann"), "ann", "history").await));
    let other_server = h.say_in(&in_server("g2", "c"), "eve", history).await;
    assert!(!listed(&other_server), "{}", texts(&other_server));
}

/// Polls `done` every 20 ms for up to `within`; false if it never held.
async fn eventually<F, Fut>(within: Duration, mut done: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = std::time::Instant::now() + within;
    while std::time::Instant::now() < deadline {
        if done().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn a_bot_move_held_by_a_dead_process_is_made_by_a_worker_once_its_lease_runs_out() {
    let h = harness().await;
    let record = h
        .stored_game(
            Participant::Bot(BotLevel::new(1).unwrap()),
            Participant::User(UserRef::new("ann", "ann")),
            None,
        )
        .await;
    let lease = BotConfig::default().engine_lease;
    // Another process claimed the move and died without a word.
    h.store
        .claim_engine_job("a process that died", lease)
        .await
        .unwrap()
        .unwrap();
    let Harness {
        bot, store, clock, ..
    } = h;
    let bot = Arc::new(bot);
    let outbox = Arc::new(RecordingOutbox::new());
    let worker = Bot::spawn_engine_worker(bot.clone(), outbox.clone());
    // The worker looks at least every second; while the lease holds it
    // leaves the move alone.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(store.game(record.id).await.unwrap().ply, 0);
    assert!(outbox.take().is_empty());
    clock.advance(lease);
    let moved = eventually(Duration::from_secs(10), || async {
        store.game(record.id).await.unwrap().ply == 1
    })
    .await;
    assert!(
        moved,
        "the worker makes the move once the lease has run out"
    );
    assert!(
        eventually(Duration::from_secs(5), || async {
            !outbox.take().is_empty()
        })
        .await
    );
    assert!(store.engine_jobs().await.unwrap().is_empty());
    bot.shut_down(Duration::from_secs(1)).await;
    tokio::time::timeout(Duration::from_secs(5), worker)
        .await
        .expect("the worker stops with the bot")
        .unwrap();
}

#[tokio::test]
async fn shutting_down_releases_the_move_being_thought_on_for_another_process() {
    let h = harness().await;
    // Level 20 thinks about a second: long enough to stop it midway.
    let record = h
        .stored_game(
            Participant::Bot(BotLevel::new(20).unwrap()),
            Participant::User(UserRef::new("ann", "ann")),
            None,
        )
        .await;
    let Harness {
        bot,
        store,
        _dir: dir,
        ..
    } = h;
    let bot = Arc::new(bot);
    let outbox = Arc::new(RecordingOutbox::new());
    let worker = Bot::spawn_engine_worker(bot.clone(), outbox.clone());
    let owner = bot.job_owner().to_owned();
    let claimed = eventually(Duration::from_secs(5), || async {
        let jobs = store.engine_jobs().await.unwrap();
        jobs.len() == 1 && jobs[0].owner.as_deref() == Some(owner.as_str())
    })
    .await;
    assert!(claimed, "the worker claims the move");
    let stopping = std::time::Instant::now();
    bot.shut_down(Duration::ZERO).await;
    assert!(
        stopping.elapsed() < Duration::from_secs(2),
        "the search is stopped, not waited for: {:?}",
        stopping.elapsed()
    );
    worker.await.unwrap();
    assert!(outbox.take().is_empty(), "a move cut short is not played");
    // The bot closed its store: look through a second one.
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let reopened = Store::open(&url).await.unwrap();
    let jobs = reopened.engine_jobs().await.unwrap();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(
        jobs[0].owner, None,
        "released: any process may claim it at once"
    );
    assert_eq!(reopened.game(record.id).await.unwrap().ply, 0);
}

/// An outbox whose posts take a while, as Discord's do (long enough for a
/// rival polling without pause to claim a job due too early), counting
/// those done.
struct SlowOutbox {
    inner: RecordingOutbox,
    done: std::sync::atomic::AtomicUsize,
}

impl SlowOutbox {
    fn new() -> Arc<SlowOutbox> {
        Arc::new(SlowOutbox {
            inner: RecordingOutbox::new(),
            done: Default::default(),
        })
    }
}

#[async_trait::async_trait]
impl xiangqi_bot::bot::Outbox for SlowOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        tokio::time::sleep(Duration::from_millis(50)).await;
        self.inner.post(place, reply).await?;
        self.done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.inner.open_thread(place, title).await
    }
}

/// Claims jobs through its own store on the bot's database, as another
/// process's worker would, without pause; returns the first job it gets
/// and how many posts `outbox` had finished by then.
fn rival_worker(
    store: Store,
    outbox: Arc<SlowOutbox>,
) -> tokio::task::JoinHandle<(xiangqi_bot::store::EngineJob, usize)> {
    tokio::spawn(async move {
        loop {
            if let Some(job) = store
                .claim_engine_job("rival", Duration::from_secs(30))
                .await
                .unwrap()
            {
                return (job, outbox.done.load(std::sync::atomic::Ordering::SeqCst));
            }
            tokio::task::yield_now().await;
        }
    })
}

/// The rival's catch, while the level-20 search still fills the slot:
/// once it ends, the bot's own worker may take the job first.
async fn within_the_long_search<T>(rival: tokio::task::JoinHandle<T>) -> T {
    tokio::time::timeout(Duration::from_millis(2500), rival)
        .await
        .expect("the rival gets the job while the slot is busy")
        .unwrap()
}

/// A process too far behind (here: any wait for its one slot is too long)
/// leaves the bot's answer to the others, but the answer still cannot reach
/// the channel ahead of the message it answers: the write that makes it due
/// claims it, and it is given to every worker only once the player's move
/// (or, the bot having Red, the game's start) is posted. Another process's
/// worker looking for jobs all the while gets it only then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_too_far_behind_hands_the_bots_move_over_only_after_the_post() {
    let h = harness_with(
        BotConfig {
            engine_threads: 1,
            hand_off_after: Duration::ZERO,
            ..config()
        },
        false,
    )
    .await;
    // Level 20 thinks about a second: the one slot is busy meanwhile, for
    // both catches below (three posts of 50 ms in all).
    h.stored_game(
        Participant::Bot(BotLevel::new(20).unwrap()),
        Participant::User(UserRef::new("zed", "zed")),
        None,
    )
    .await;
    let Harness {
        bot,
        store,
        clock,
        _dir: dir,
        ..
    } = h;
    let bot = Arc::new(bot);
    let worker = Bot::spawn_engine_worker(bot.clone(), Arc::new(RecordingOutbox::new()));
    let busy = eventually(Duration::from_secs(5), || async {
        store
            .engine_jobs()
            .await
            .unwrap()
            .iter()
            .any(|job| job.owner.is_some())
    })
    .await;
    assert!(busy, "the worker thinks on a level-20 game");
    // Another process's store, on the same clock, so that the worker's
    // lease holds for it.
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let rival_store = || Store::open_with(StoreConfig::new(url.clone()), clock.clone());
    let ask = |who: &str, text: &str, place: &str| Request {
        actor: actor(who),
        place: Place {
            guild: None,
            channel: place.into(),
            thread: None,
        },
        command: parse(text).unwrap(),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };

    // The bot has Red: its first move waits for the start.
    let outbox = SlowOutbox::new();
    let rival = rival_worker(rival_store().await.unwrap(), outbox.clone());
    bot.handle(&ask("ann", "play black 1", "one"), outbox.as_ref())
        .await;
    let (job, posted) = within_the_long_search(rival).await;
    assert_eq!(job.ply, 0);
    assert!(
        posted >= 1,
        "the rival took the first move before the start was posted"
    );

    // The player's move: the bot's answer waits for it.
    let outbox = SlowOutbox::new();
    bot.handle(&ask("bob", "play red 1", "two"), outbox.as_ref())
        .await;
    let started = outbox.done.load(std::sync::atomic::Ordering::SeqCst);
    let rival = rival_worker(rival_store().await.unwrap(), outbox.clone());
    bot.handle(&ask("bob", "h2e2", "two"), outbox.as_ref())
        .await;
    let (job, posted) = within_the_long_search(rival).await;
    assert_eq!(job.ply, 1);
    assert!(
        posted > started,
        "the rival took the answer before the player's move was posted"
    );
    bot.shut_down(Duration::ZERO).await;
    worker.await.unwrap();
}

/// The process that receives a move keeps its answer: with its one slot
/// busy on a level-20 search, a level-1 game's answer waits here for the
/// slot instead of going back to the table, so a rival worker looking all
/// the while never gets it, and the move is made once the slot frees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_slot_keeps_the_answer_in_the_process_that_got_the_move() {
    let h = harness_with(
        BotConfig {
            engine_threads: 1,
            ..config()
        },
        false,
    )
    .await;
    h.stored_game(
        Participant::Bot(BotLevel::new(20).unwrap()),
        Participant::User(UserRef::new("zed", "zed")),
        None,
    )
    .await;
    let Harness {
        bot,
        store,
        clock,
        _dir: dir,
        ..
    } = h;
    let bot = Arc::new(bot);
    let worker = Bot::spawn_engine_worker(bot.clone(), Arc::new(RecordingOutbox::new()));
    let busy = eventually(Duration::from_secs(5), || async {
        store
            .engine_jobs()
            .await
            .unwrap()
            .iter()
            .any(|job| job.owner.is_some())
    })
    .await;
    assert!(busy, "the worker thinks on a level-20 game");
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let rival_store = Store::open_with(StoreConfig::new(url), clock.clone())
        .await
        .unwrap();
    let ask = |text: &str| Request {
        actor: actor("bob"),
        place: Place {
            guild: None,
            channel: "two".into(),
            thread: None,
        },
        command: parse(text).unwrap(),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };
    let outbox = SlowOutbox::new();
    bot.handle(&ask("play red 1"), outbox.as_ref()).await;
    let rival = rival_worker(rival_store, outbox.clone());
    let mv = ask("h2e2");
    let answering = bot.handle(&mv, outbox.as_ref());
    // The answer is made here, after the level-20 search: the rival, which
    // would take any job given back, gets none meanwhile.
    tokio::time::timeout(Duration::from_secs(20), answering)
        .await
        .expect("the move is answered once the slot frees");
    assert!(
        !rival.is_finished(),
        "the answer was given to another process"
    );
    rival.abort();
    let games = store.live_games_of_user("bob").await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ply, 2, "bob's move and the bot's answer");
    bot.shut_down(Duration::ZERO).await;
    worker.await.unwrap();
}

/// A config whose reviews are quick: a small node budget.
fn quick_reviews() -> BotConfig {
    BotConfig {
        review_nodes: 3000,
        ..config()
    }
}

/// Alice (Red) hangs her chariot to bob's cannon, bob takes it, alice
/// resigns; returns the game and the resignation's text.
async fn hanging_chariot_game(h: &Harness, place: &Place) -> (i64, String) {
    h.say_in(place, "alice", "challenge @bob red").await;
    h.say_in(place, "bob", "accept").await;
    let game = h.live_game_of("alice").await;
    for (who, mv) in [
        ("alice", "i0i1"),
        ("bob", "h9g7"),
        ("alice", "i1h1"),
        ("bob", "h7h1"),
    ] {
        h.say_in(place, who, mv).await;
    }
    let resigned = h.say_in(place, "alice", "resign").await;
    (game, texts(&resigned))
}

#[tokio::test]
async fn a_review_shows_the_blunder_and_is_read_from_the_store_the_second_time() {
    let h = harness_with(quick_reviews(), false).await;
    let (game, resigned) = hanging_chariot_game(&h, &channel()).await;
    assert!(
        resigned.contains(&format!("`review {game}`")),
        "the end offers the review: {resigned}"
    );
    h.outbox.take_progress();

    let replies = h.say("alice", "review").await;
    assert_eq!(replies.len(), 1, "{}", texts(&replies));
    let reply = &replies[0].1;
    assert!(!reply.private);
    let text = &reply.text;
    assert!(text.contains(&format!("Review of game #{game}")), "{text}");
    assert!(text.contains("Accuracy: Red"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("2. alice (Red): i1h1") && l.contains("a blunder; better")),
        "the hanging chariot is a blunder, with the better move: {text}"
    );
    let names: Vec<&str> = reply.files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(names[0], format!("game-{game}-review.png"));
    assert!(
        names.contains(&format!("game-{game}-review-ply-3.png").as_str()),
        "the blunder is a key moment: {names:?}"
    );
    assert!(names.len() <= 4, "{names:?}");
    assert!(reply.files.iter().all(|f| is_png(&f.bytes)));
    let progress = h.outbox.take_progress();
    assert!(
        progress
            .iter()
            .any(|(_, p)| p.contains("analysed 0 of 4 moves")),
        "{progress:?}"
    );
    // Four moves and the position after them.
    assert_eq!(h.bot.review_positions_scored(), 5);

    // Asked again, by the other player: read from the store, no analysis.
    let again = h.say("bob", &format!("review {game}")).await;
    assert_eq!(again.len(), 1);
    assert_eq!(&again[0].1.text, text);
    assert_eq!(
        h.bot.review_positions_scored(),
        5,
        "no position scored again"
    );
    assert!(h.outbox.take_progress().is_empty());
}

#[tokio::test]
async fn review_refuses_live_unseen_and_missing_games() {
    let h = harness_with(quick_reviews(), false).await;
    h.refused("carol", "review", "no finished game to review")
        .await;
    let game = alice_vs_bob(&h).await;
    h.refused("alice", &format!("review {game}"), "still being played")
        .await;
    h.say("alice", "resign").await;
    // A game of another place is no game at all for a server elsewhere.
    let elsewhere = Place {
        guild: Some("another-server".into()),
        channel: "general".into(),
        thread: None,
    };
    let replies = h
        .say_in(&elsewhere, "carol", &format!("review {game}"))
        .await;
    assert!(
        texts(&replies).contains(&format!("There is no game #{game}")),
        "{}",
        texts(&replies)
    );
    assert_eq!(h.bot.review_positions_scored(), 0);
}

#[tokio::test]
async fn a_server_that_asks_for_it_gets_each_finished_games_review_posted() {
    let h = harness_with(quick_reviews(), false).await;
    let server = Place {
        guild: Some("server-1".into()),
        channel: "lobby".into(),
        thread: None,
    };
    // Off by default: the end offers the review and no more.
    let (_, resigned) = hanging_chariot_game(&h, &server).await;
    assert!(resigned.contains("`review "), "{resigned}");
    assert!(!resigned.contains("Review of game"), "{resigned}");
    assert_eq!(h.bot.review_positions_scored(), 0);

    let request = Request {
        actor: actor("mod"),
        place: server.clone(),
        command: parse("settings server auto-review on").unwrap(),
        locale: None,
        permissions: Some(xiangqi_bot::bot::Permissions::ALL),
        roles: Vec::new(),
    };
    h.bot.handle(&request, &h.outbox).await;
    let changed = texts(&h.outbox.take());
    assert!(changed.contains("is now on"), "{changed}");

    let (game, ended) = hanging_chariot_game(&h, &server).await;
    let resign_at = ended.find("resigns").expect("the resignation");
    let review_at = ended
        .find(&format!("Review of game #{game}"))
        .unwrap_or_else(|| panic!("the review is posted: {ended}"));
    assert!(
        resign_at < review_at,
        "after the game's last message: {ended}"
    );
    assert_eq!(h.bot.review_positions_scored(), 5, "this game alone, once");
    let again = h.say_in(&server, "alice", &format!("review {game}")).await;
    assert!(texts(&again).contains(&format!("Review of game #{game}")));
    assert_eq!(h.bot.review_positions_scored(), 5, "and stored");
}

/// The player's legal move `index` (wrapping) in their live game.
async fn some_move(h: &Harness, game: i64, index: usize) -> String {
    let (_, played) = h.store.load_game(GameId(game)).await.unwrap();
    let legal = played.position().legal_moves();
    legal[index % legal.len()].to_string()
}

/// Moves against the bot while a review runs, and without one: the review
/// goes on between the moves (it yields to live searches position by
/// position, which `think.rs`'s tests check deterministically), and every
/// move is answered. The moves' engine wait and search time are printed
/// for the record (`--nocapture`), not asserted: times depend on the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_moves_beside_a_running_review_are_answered_and_timed() {
    let h = harness_with(
        BotConfig {
            review_nodes: 5000,
            ..config()
        },
        false,
    )
    .await;
    // A finished 60-ply game between two people, to review.
    let people = h
        .stored_game(
            Participant::User(UserRef::new("ann", "ann")),
            Participant::User(UserRef::new("ben", "ben")),
            None,
        )
        .await;
    let mut position = xiangqi_bot::rules::Position::startpos();
    for ply in 0..60u32 {
        let legal = position.legal_moves();
        let mv = legal[(ply as usize * 7 + 3) % legal.len()];
        let by = xiangqi_bot::store::ActorId::User(if ply % 2 == 0 { "ann" } else { "ben" }.into());
        h.store
            .apply_move(people.id, ply, &mv.to_string(), &by)
            .await
            .unwrap();
        position.make_move(mv);
    }
    h.store
        .finish_game(people.id, xiangqi_bot::store::GameResult::Draw, "agreement")
        .await
        .unwrap();

    h.say("alice", "play red 1").await;
    let game = h.live_game_of("alice").await;
    let waits = |timings: &[xiangqi_bot::bot::MoveTiming]| -> Vec<(u128, u128)> {
        timings
            .iter()
            .filter(|t| t.game == GameId(game))
            .map(|t| (t.engine_wait.as_micros(), t.search.as_micros()))
            .collect()
    };
    for i in 0..4 {
        let mv = some_move(&h, game, i).await;
        h.say("alice", &mv).await;
    }
    let alone = waits(&h.bot.move_timings());

    let review_outbox = RecordingOutbox::new();
    let review = Request {
        actor: actor("ann"),
        place: channel(),
        command: parse(&format!("review {}", people.id.0)).unwrap(),
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };
    let reviewing = async {
        h.bot.handle(&review, &review_outbox).await;
        h.bot.review_positions_scored()
    };
    let playing = async {
        let before = h.bot.review_positions_scored();
        for i in 4..8 {
            let mv = some_move(&h, game, i).await;
            h.say("alice", &mv).await;
        }
        (before, h.bot.review_positions_scored())
    };
    let (scored, (at_first_move, at_last_move)) = tokio::join!(reviewing, playing);
    let beside = waits(&h.bot.move_timings());
    let beside = &beside[alone.len()..];
    eprintln!(
        "engine wait and search (µs) per move, alone: {alone:?}; beside the review: {beside:?}; \
         review positions scored when the moves began {at_first_move}, when they ended {at_last_move}, in all {scored}"
    );
    assert_eq!(beside.len(), 4, "every move beside the review is answered");
    assert_eq!(scored, 61, "the review finished");
    let posted = review_outbox.take();
    assert!(texts(&posted).contains(&format!("Review of game #{}", people.id.0)));
}

/// Every command in the table reaches a handler that answers: typed with
/// plausible values for its required arguments, each gets at least one
/// reply, and none is refused as a word the bot does not know. (A command
/// declared without a handler does not compile; this checks the wiring
/// from the table to the handler end to end.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_in_the_table_reaches_a_handler_that_answers() {
    let h = harness().await;
    for (i, spec) in xiangqi_bot::bot::COMMANDS.iter().enumerate() {
        let mut text = spec.word.to_string();
        for arg in spec.args.iter().filter(|arg| arg.required) {
            text.push_str(match (arg.shape)().kind {
                xiangqi_bot::bot::OptionKind::User => " @bob",
                xiangqi_bot::bot::OptionKind::Integer => " 1",
                xiangqi_bot::bot::OptionKind::Text => " h2e2",
                xiangqi_bot::bot::OptionKind::Boolean => " casual",
                xiangqi_bot::bot::OptionKind::Mentionable => " @bob",
            });
        }
        // A user each: one user sending every command at once is over
        // the per-user limit.
        let replies = h.say(&format!("ann{i}"), &text).await;
        assert!(!replies.is_empty(), "{text}: no reply");
        for (_, reply) in &replies {
            assert!(
                !reply.text.contains("is neither a command nor a move"),
                "{text}: {}",
                reply.text
            );
        }
    }
}

/// `flip` shows the board from the other side than `board` does: bob's
/// flipped board is the one alice, across the table, sees; the text is the
/// same status line.
#[tokio::test]
async fn flip_shows_the_board_from_the_other_side() {
    let h = harness().await;
    let game = alice_vs_bob(&h).await;
    h.say("alice", "h2e2").await;
    let picture = |replies: Vec<(Place, Reply)>| {
        assert_eq!(replies.len(), 1, "{}", texts(&replies));
        let (_, reply) = replies.into_iter().next().unwrap();
        assert!(is_png(&reply.files[0].bytes));
        (reply.text, reply.files[0].bytes.clone())
    };
    let alice_board = picture(h.say("alice", &format!("board {game}")).await);
    let bob_board = picture(h.say("bob", &format!("board {game}")).await);
    let bob_flipped = picture(h.say("bob", &format!("flip {game}")).await);
    assert_ne!(
        alice_board.1, bob_board.1,
        "each player sees their own side"
    );
    assert_eq!(bob_flipped, alice_board, "flipped, bob sees alice's side");
    let alice_flipped = picture(h.say("alice", "flip").await);
    assert_eq!(alice_flipped, bob_board, "alice's game here, flipped");
}

/// A game between people on a 1+2 clock: the challenge names its control,
/// the increment shows in the text after a move, and the flag of the side
/// to move falls at its second, found by a restarted bot's watcher.
#[tokio::test]
async fn a_live_clock_adds_its_increment_and_its_flag_falls_across_a_restart() {
    let h = harness().await;
    let made = texts(&h.say("alice", "challenge @bob red 1+2").await);
    assert!(
        made.contains("Clock: 1 min + 2 s a move"),
        "the challenge names its clock: {made}"
    );
    h.say("bob", "accept").await;
    let game = h.live_game_of("alice").await;
    h.say("alice", "h2e2").await;
    h.clock.advance(Duration::from_secs(5));
    let second = texts(&h.say("bob", "h9g7").await);
    assert!(second.contains("⏱ alice [1:00] – 1:00 bob"), "{second}");
    h.clock.advance(Duration::from_secs(10));
    let third = texts(&h.say("alice", "b0c2").await);
    assert!(third.contains("⏱ alice 0:52 – [1:00] bob"), "{third}");

    let mut watcher = xiangqi_bot::bot::ClockWatcher::default();
    h.clock.advance(Duration::from_millis(59_999));
    h.bot.watch_clocks_once(&mut watcher, &h.outbox).await;
    assert!(h.outbox.take().is_empty(), "a millisecond left");
    assert!(h.store.game(GameId(game)).await.unwrap().is_live());

    // The process restarts; its watcher's first look ends the game.
    let restarted = Bot::new(h.store.clone(), renderer(), config());
    let mut watcher = xiangqi_bot::bot::ClockWatcher::default();
    h.clock.advance(Duration::from_millis(1));
    restarted.watch_clocks_once(&mut watcher, &h.outbox).await;
    let said = texts(&h.outbox.take());
    assert!(
        said.contains(&format!("#{game}: time is up; bob (Black)'s flag fell."))
            && said.contains("alice (Red) wins by time."),
        "{said}"
    );
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.reason.as_deref(), Some("timeout"));
    restarted.watch_clocks_once(&mut watcher, &h.outbox).await;
    assert!(h.outbox.take().is_empty(), "announced once");
}

/// A move typed after the flag fell changes nothing, says why, and ends
/// the game at once rather than at the watcher's next look.
#[tokio::test]
async fn a_move_after_the_flag_ends_the_game_on_time() {
    let h = harness().await;
    h.say("alice", "challenge @bob red 1+0").await;
    h.say("bob", "accept").await;
    let game = h.live_game_of("alice").await;
    h.say("alice", "h2e2").await;
    h.say("bob", "h9g7").await;
    h.clock.advance(Duration::from_secs(61));
    let replies = h.say("alice", "b0c2").await;
    let said = texts(&replies);
    assert!(
        said.contains("your time ran out before that move"),
        "{said}"
    );
    assert!(said.contains("alice (Red)'s flag fell"), "{said}");
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!((record.ply, record.is_live()), (2, false));
}

/// The side with time left has only advisors: it could never have won, so
/// the fallen flag draws.
#[tokio::test]
async fn a_flag_against_a_side_that_cannot_win_is_a_draw() {
    let h = harness().await;
    let game = h
        .store
        .create_game(NewGame {
            location: xiangqi_bot::store::Location::channel("lobby"),
            red: Participant::User(UserRef::new("alice", "alice")),
            black: Participant::User(UserRef::new("bob", "bob")),
            start_fen: Some("3aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1".into()),
            rated: true,
            time_control: xiangqi_bot::store::TimeControl::parse("1+0").unwrap(),
        })
        .await
        .unwrap()
        .id;
    h.say("alice", "a0a1").await;
    h.say("bob", "e9e8").await;
    h.clock.advance(Duration::from_secs(60));
    let mut watcher = xiangqi_bot::bot::ClockWatcher::default();
    h.bot.watch_clocks_once(&mut watcher, &h.outbox).await;
    let said = texts(&h.outbox.take());
    assert!(
        said.contains("Draw by time, against a side that could not have won."),
        "{said}"
    );
    let record = h.store.game(game).await.unwrap();
    assert_eq!(record.result, Some(xiangqi_bot::store::GameResult::Draw));
}

/// A correspondence player is reminded once, mentioned, when a quarter of
/// the move's day is left; the idle limit does not end such a game; the
/// day's end does.
#[tokio::test]
async fn a_correspondence_reminder_is_sent_once_and_the_day_ends_the_turn() {
    let h = harness().await;
    h.say("alice", "challenge @bob red 1d").await;
    h.say("bob", "accept").await;
    let game = h.live_game_of("alice").await;
    let moved = texts(&h.say("alice", "h2e2").await);
    assert!(
        moved.contains("⏱ bob (Black) has 1 day for this move."),
        "{moved}"
    );
    h.clock.advance(Duration::from_secs(17 * 3600));
    h.bot.sweep_idle(&h.outbox).await;
    assert!(
        h.outbox.take().is_empty(),
        "7 hours left is more than a quarter"
    );
    h.clock.advance(Duration::from_secs(3600));
    h.bot.sweep_idle(&h.outbox).await;
    let reminded = h.outbox.take();
    assert_eq!(reminded.len(), 1, "{}", texts(&reminded));
    assert!(
        reminded[0]
            .1
            .text
            .contains(&format!("#{game}: bob, it is your move, and 6 hours")),
        "{}",
        reminded[0].1.text
    );
    assert_eq!(reminded[0].1.mentions, vec!["bob".to_string()]);
    let restarted = Bot::new(h.store.clone(), renderer(), config());
    restarted.sweep_idle(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "reminded once");

    h.clock.advance(Duration::from_secs(6 * 3600));
    let mut watcher = xiangqi_bot::bot::ClockWatcher::default();
    restarted.watch_clocks_once(&mut watcher, &h.outbox).await;
    let said = texts(&h.outbox.take());
    assert!(said.contains("bob (Black)'s flag fell"), "{said}");
}

/// Against the bot on a clock: a control out of range is refused with
/// what is wrong; a good one is stored, and the bot's answer starts the
/// player's clock.
#[tokio::test]
async fn play_takes_a_time_control_and_refuses_a_wrong_one() {
    let h = harness().await;
    for (typed, why) in [
        ("play 1 0+5", "`0+5`: the minutes must be 1 to 180"),
        (
            "play 1 4d",
            "`4d`: the days a move must be one of 1, 2, 3, 5, 7, 14",
        ),
        ("play 1 3+2 5+0", "name the time control only once"),
        (
            "challenge @bob 10+99",
            "the increment must be 0 to 60 seconds",
        ),
    ] {
        let refused = parse(typed).unwrap_err().to_string();
        assert!(refused.contains(why), "{typed}: {refused}");
    }
    let start = h.say("ann", "play red 1 3+2").await;
    assert!(is_png(&start[0].1.files[0].bytes), "{}", texts(&start));
    let game = h.live_game_of("ann").await;
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.time_control.to_string(), "3+2");
    h.say("ann", "h2e2").await;
    let record = h.store.game(GameId(game)).await.unwrap();
    assert_eq!(record.ply, 2, "the bot answered");
    assert!(record.clocks.deadline.is_some(), "ann's clock runs");
}

/// One rating pool, results apart: `stats` and `leaderboard` filtered by
/// live or correspondence count only the games under that kind of clock.
#[tokio::test]
async fn stats_and_the_leaderboard_filter_by_the_kind_of_clock() {
    let h = harness().await;
    h.say("alice", "challenge @bob red 5+0").await;
    h.say("bob", "accept").await;
    h.say("bob", "resign").await;
    h.say("alice", "challenge @bob red").await;
    h.say("bob", "accept").await;
    h.say("alice", "resign").await;

    let all = texts(&h.say("alice", "stats").await);
    assert!(all.contains("2 games: 1 won, 0 drawn, 1 lost"), "{all}");
    let live = texts(&h.say("alice", "stats live").await);
    assert!(
        live.starts_with("Live games only.") && live.contains("1 game: 1 won, 0 drawn, 0 lost"),
        "{live}"
    );
    let bobs = texts(&h.say("alice", "stats @bob live").await);
    assert!(bobs.contains("1 game: 0 won, 0 drawn, 1 lost"), "{bobs}");
    let top = texts(&h.say("carol", "leaderboard live").await);
    assert!(
        top.starts_with("Live games only.")
            && top.contains("alice")
            && top.contains("(1W 0D 0L)")
            && top.contains("(0W 0D 1L)"),
        "{top}"
    );
    let none = texts(&h.say("carol", "leaderboard correspondence").await);
    assert!(!none.contains("alice"), "{none}");
}
