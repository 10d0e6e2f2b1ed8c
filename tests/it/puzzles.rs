//! The puzzle trainer through the command core, as the console and Discord
//! use it: a real store (SQLite in a temporary directory) on a hand-driven
//! clock, the real renderer, no engine (answers come from the stored
//! solution). Solve, fail, hint, skip, routing of a bare move, the daily
//! puzzle, and a restart in the middle of a puzzle.

use std::path::Path;
use std::sync::Arc;

use crate::support::recording::RecordingOutbox;
use xiangqi_bot::bot::{parse, Actor, Bot, BotConfig, Place, Reply, Request};
use xiangqi_bot::puzzles::{serve, Puzzle};
use xiangqi_bot::render::Renderer;
use xiangqi_bot::rules::Position;
use xiangqi_bot::store::{
    Durability, Location, ManualClock, SettingChange, SettingScope, Store, StoreConfig, UserRef,
};

/// 2026-11-23 12:00 UTC.
const NOON_MS: i64 = 1_795_435_200_000;

struct Harness {
    bot: Bot,
    store: Store,
    outbox: RecordingOutbox,
    _dir: Option<tempfile::TempDir>,
}

async fn open(dir: &Path, clock: Arc<ManualClock>) -> Harness {
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut config = StoreConfig::new(url);
    config.durability = Durability::Normal;
    let store = Store::open_with(config, clock).await.unwrap();
    Harness {
        bot: Bot::new(store.clone(), Renderer::new(), BotConfig::default()),
        store,
        outbox: RecordingOutbox::new(),
        _dir: None,
    }
}

async fn harness() -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(dir.path(), Arc::new(ManualClock::new(NOON_MS))).await;
    h._dir = Some(dir);
    h
}

fn lobby() -> Place {
    Place {
        guild: None,
        channel: "lobby".into(),
        thread: None,
    }
}

fn server_channel() -> Place {
    Place {
        guild: Some("g1".into()),
        channel: "puzzles".into(),
        thread: None,
    }
}

impl Harness {
    async fn say_in(&self, place: &Place, who: &str, text: &str) -> Vec<Reply> {
        let command = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let request = Request {
            actor: Actor {
                id: who.into(),
                name: who.into(),
            },
            place: place.clone(),
            command,
            locale: None,
            permissions: None,
            roles: Vec::new(),
        };
        if parse(text).is_ok_and(|c| matches!(c, xiangqi_bot::bot::Command::Move { .. }))
            && !text.starts_with("move")
        {
            self.bot.handle_bare_move(&request, &self.outbox).await;
        } else {
            self.bot.handle(&request, &self.outbox).await;
        }
        self.outbox.take().into_iter().map(|(_, r)| r).collect()
    }

    async fn say(&self, who: &str, text: &str) -> Vec<Reply> {
        self.say_in(&lobby(), who, text).await
    }

    /// Opens `puzzle` for `who` in the lobby, as `puzzle` would have.
    async fn open_puzzle(&self, who: &str, puzzle: &Puzzle) {
        let user = UserRef::new(who.to_string(), who.to_string());
        let (_, fresh) = self
            .store
            .start_puzzle(&user, &Location::channel("lobby"), &puzzle.id, None, 1500.0)
            .await
            .unwrap();
        assert!(fresh);
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn has_png(replies: &[Reply]) -> bool {
    replies
        .iter()
        .flat_map(|r| &r.files)
        .any(|f| f.bytes.starts_with(b"\x89PNG"))
}

/// The puzzle a reply serves, by the id in its caption.
fn served(replies: &[Reply]) -> &'static Puzzle {
    let text = text(replies);
    let id = text
        .split("Puzzle #")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("no puzzle id in {text}"));
    serve::find(id).unwrap_or_else(|| panic!("puzzle {id} is not shipped"))
}

/// A shipped puzzle of at least `moves` plies of solution.
fn puzzle_with(moves: usize) -> &'static Puzzle {
    serve::shipped()
        .iter()
        .find(|p| p.solution.len() >= moves)
        .expect("the set has longer puzzles")
}

/// A legal move in the puzzle's start that is not its solution and does
/// not mate (so the attempt must fail).
fn wrong_move(puzzle: &Puzzle) -> String {
    let position: Position = puzzle.position();
    position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| {
            let mut after = position.clone();
            after.make_move(mv);
            mv != puzzle.solution[0] && !after.legal_moves().is_empty()
        })
        .expect("a puzzle position has other moves")
        .to_string()
}

/// "(+12)" or "(-8)": the signed change a reply reports.
fn rating_change(text: &str) -> i64 {
    let start = text
        .rfind('(')
        .unwrap_or_else(|| panic!("no change in {text}"));
    let end = text[start..].find(')').unwrap() + start;
    text[start + 1..end]
        .parse()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[tokio::test]
async fn a_puzzle_solved_move_by_move_raises_the_rating_and_is_not_served_again() {
    let h = harness().await;
    let replies = h.say("ann", "puzzle").await;
    let puzzle = served(&replies);
    // A newcomer starts in the middle of the set, not at the hardest.
    let middle = serve::first_rating(serve::shipped());
    assert!(
        (f64::from(puzzle.rating) - middle).abs() <= 100.0,
        "{} for a newcomer",
        puzzle.rating
    );
    let caption = text(&replies);
    assert!(caption.contains("to play and win"), "{caption}");
    if let Some(n) = puzzle.mate_in() {
        assert!(caption.contains(&format!("mate in {n}")), "{caption}");
    }
    assert!(has_png(&replies));
    // Asking again while it is open shows the same puzzle.
    let again = h.say("ann", "puzzle").await;
    assert!(text(&again).contains("still on this puzzle"));
    assert_eq!(served(&again).id, puzzle.id);

    let mut last = String::new();
    for (ply, mv) in puzzle.solution.iter().enumerate().step_by(2) {
        let replies = h.say("ann", &format!("puzzle {mv}")).await;
        last = text(&replies);
        assert!(has_png(&replies), "{last}");
        if ply + 1 < puzzle.solution.len() && !last.contains("solved") {
            let reply = puzzle.solution[ply + 1].to_string();
            assert!(last.contains("is right. The reply:"), "{last}");
            assert!(last.contains(&reply), "{reply} in {last}");
        }
    }
    assert!(last.contains("solved!"), "{last}");
    assert!(rating_change(&last) > 0, "{last}");

    let stats = text(&h.say("ann", "puzzle stats").await);
    assert!(stats.contains("1 attempt, 1 solved"), "{stats}");
    let top = text(&h.say("ann", "puzzle top").await);
    assert!(top.contains("1. ann"), "{top}");
    let next = h.say("ann", "puzzle").await;
    assert_ne!(served(&next).id, puzzle.id, "a solved puzzle again");
}

#[tokio::test]
async fn a_wrong_move_ends_the_attempt_and_shows_the_solution() {
    let h = harness().await;
    let puzzle = puzzle_with(1);
    h.open_puzzle("bo", puzzle).await;
    // A typo is not a wrong move: the attempt stays open.
    let typo = text(&h.say("bo", "puzzle z9z9").await);
    assert!(!typo.contains("not the move"), "{typo}");
    let replies = h.say("bo", &format!("puzzle {}", wrong_move(puzzle))).await;
    let said = text(&replies);
    assert!(said.contains("is not the move"), "{said}");
    assert!(said.contains("The solution: 1."), "{said}");
    assert!(said.contains(&puzzle.solution[0].to_string()), "{said}");
    assert!(has_png(&replies));
    assert!(rating_change(said.lines().next().unwrap()) < 0, "{said}");
    let after = text(&h.say("bo", "puzzle hint").await);
    assert!(after.contains("no puzzle open here"), "{after}");
    let stats = text(&h.say("bo", "puzzle stats").await);
    assert!(stats.contains("1 attempt, 0 solved"), "{stats}");
}

#[tokio::test]
async fn a_hint_names_the_piece_and_a_skip_is_a_loss() {
    let h = harness().await;
    let puzzle = puzzle_with(1);
    h.open_puzzle("cy", puzzle).await;
    let replies = h.say("cy", "puzzle hint").await;
    assert!(replies[0].private);
    let from = puzzle.solution[0].from().to_string();
    assert!(
        replies[0].text.starts_with("Hint: move your") && replies[0].text.contains(&from),
        "{}",
        replies[0].text
    );
    let skipped = h.say("cy", "puzzle skip").await;
    let said = text(&skipped);
    assert!(said.starts_with("Skipped."), "{said}");
    assert!(said.contains("The solution:"), "{said}");
    assert!(has_png(&skipped));
    assert!(rating_change(said.lines().next().unwrap()) < 0, "{said}");
    let gone = text(&h.say("cy", "puzzle skip").await);
    assert!(gone.contains("no puzzle open here"), "{gone}");
}

#[tokio::test]
async fn a_bare_move_goes_to_the_puzzle_when_no_game_is_played_here() {
    let h = harness().await;
    let puzzle = puzzle_with(1);
    // Without a puzzle or a game, chat that looks like a move is ignored.
    assert!(h
        .say("di", &puzzle.solution[0].to_string())
        .await
        .is_empty());
    h.open_puzzle("di", puzzle).await;
    let said = text(&h.say("di", &puzzle.solution[0].to_string()).await);
    assert!(
        said.contains("is right") || said.contains("solved!"),
        "{said}"
    );
    // Someone else's bare move does not reach di's puzzle.
    assert!(h
        .say("ed", &puzzle.solution[0].to_string())
        .await
        .is_empty());
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_puzzle_keeps_the_attempt() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(NOON_MS));
    let puzzle = puzzle_with(3);
    {
        let h = open(dir.path(), clock.clone()).await;
        h.open_puzzle("fy", puzzle).await;
        let said = text(&h.say("fy", &format!("puzzle {}", puzzle.solution[0])).await);
        assert!(said.contains("is right"), "{said}");
        h.store.close().await;
    }
    let h = open(dir.path(), clock).await;
    let shown = h.say("fy", "puzzle").await;
    assert!(text(&shown).contains("still on this puzzle"));
    assert_eq!(served(&shown).id, puzzle.id);
    let said = text(&h.say("fy", &format!("puzzle {}", puzzle.solution[2])).await);
    assert!(
        said.contains("is right") || said.contains("solved!"),
        "the second move counts after the restart: {said}"
    );
}

#[tokio::test]
async fn the_daily_puzzle_is_one_per_server_and_lists_its_solvers() {
    let h = harness().await;
    let first = h.say_in(&server_channel(), "gu", "puzzle daily").await;
    let puzzle = served(&first);
    let other = h.say_in(&server_channel(), "hal", "puzzle daily").await;
    assert_eq!(served(&other).id, puzzle.id, "the same puzzle for everyone");
    let mut last = String::new();
    for mv in puzzle.solution.iter().step_by(2) {
        last = text(
            &h.say_in(&server_channel(), "gu", &format!("puzzle {mv}"))
                .await,
        );
    }
    assert!(last.contains("solver number 1"), "{last}");
    let again = text(&h.say_in(&server_channel(), "gu", "puzzle daily").await);
    assert!(again.contains("already solved today's puzzle"), "{again}");
    assert!(again.contains("First solvers: gu"), "{again}");
    let dm = text(&h.say("gu", "puzzle daily").await);
    assert!(dm.contains("belongs to a server"), "{dm}");
}

#[tokio::test]
async fn a_daily_puzzle_an_update_retired_is_chosen_again() {
    let h = harness().await;
    schedule_daily(&h.store).await;
    let day = h.store.puzzle_day();
    // The process before the update chose a puzzle this set no longer has.
    assert!(serve::find("retired-by-an-update").is_none());
    h.store
        .choose_daily_puzzle("g1", &day, "retired-by-an-update", None)
        .await
        .unwrap();
    // The schedule (its hour, 09:00, has passed) posts the day's pick from
    // the set as it is, and the store names it from now on.
    h.bot.post_daily_puzzles(&h.outbox).await;
    let posted: Vec<Reply> = h.outbox.take().into_iter().map(|(_, r)| r).collect();
    assert!(
        text(&posted).starts_with("Today's puzzle"),
        "{}",
        text(&posted)
    );
    let puzzle = served(&posted);
    assert_eq!(
        puzzle.id,
        serve::daily(serve::shipped(), "g1", &day).unwrap().id
    );
    let stored = h.store.daily_puzzle("g1", &day).await.unwrap().unwrap();
    assert_eq!(stored.puzzle_id, puzzle.id);
    // And a member asking for it gets the same one.
    let shown = h.say_in(&server_channel(), "gu", "puzzle daily").await;
    assert_eq!(served(&shown).id, puzzle.id);
}

/// Sets server g1's daily puzzle to channel `puzzles` at 09:00 UTC.
async fn schedule_daily(store: &Store) {
    let change = |name: &str, value: &str| SettingChange {
        name: name.into(),
        value: Some(value.into()),
    };
    store
        .change_settings(
            SettingScope::Server,
            "g1",
            "admin",
            vec![
                change("puzzle-channel", "puzzles"),
                change("puzzle-hour", "9"),
            ],
        )
        .await
        .unwrap();
}

const HOUR_MS: i64 = 3_600_000;

#[tokio::test]
async fn the_daily_schedule_posts_once_at_its_hour_across_restarts_then_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    // 2026-11-23 08:00 UTC: before the hour.
    let clock = Arc::new(ManualClock::new(NOON_MS - 4 * HOUR_MS));
    let puzzle;
    {
        let h = open(dir.path(), clock.clone()).await;
        schedule_daily(&h.store).await;
        h.bot.post_daily_puzzles(&h.outbox).await;
        assert!(h.outbox.take().is_empty(), "posted before its hour");
        clock.set(NOON_MS - 3 * HOUR_MS + 60_000);
        h.bot.post_daily_puzzles(&h.outbox).await;
        let posted = h.outbox.take();
        assert_eq!(posted.len(), 1, "one post at 09:01");
        assert_eq!(posted[0].0, server_channel());
        let replies: Vec<Reply> = posted.into_iter().map(|(_, r)| r).collect();
        assert!(
            text(&replies).starts_with("Today's puzzle"),
            "{}",
            text(&replies)
        );
        assert!(has_png(&replies));
        puzzle = served(&replies);
        h.bot.post_daily_puzzles(&h.outbox).await;
        assert!(h.outbox.take().is_empty(), "posted twice");
        // A member solves it from the channel.
        let shown = h.say_in(&server_channel(), "gu", "puzzle daily").await;
        assert_eq!(served(&shown).id, puzzle.id);
        for mv in puzzle.solution.iter().step_by(2) {
            h.say_in(&server_channel(), "gu", &format!("puzzle {mv}"))
                .await;
        }
        h.store.close().await;
    }
    // A restart the same day posts nothing again.
    {
        clock.set(NOON_MS + HOUR_MS);
        let h = open(dir.path(), clock.clone()).await;
        h.bot.post_daily_puzzles(&h.outbox).await;
        assert!(h.outbox.take().is_empty(), "a restart repeated the post");
        h.store.close().await;
    }
    // The next day, before its hour: yesterday's solution with its solver,
    // and no new puzzle yet; after a restart, nothing again.
    clock.set(NOON_MS + 20 * HOUR_MS);
    {
        let h = open(dir.path(), clock.clone()).await;
        h.bot.post_daily_puzzles(&h.outbox).await;
        let posted = h.outbox.take();
        assert_eq!(posted.len(), 1, "the solution alone");
        let said = &posted[0].1.text;
        assert!(said.starts_with("The daily puzzle of 2026-11-23"), "{said}");
        assert!(said.contains("The solution: "), "{said}");
        assert!(said.contains("First solvers: gu"), "{said}");
        assert!(said.contains(&puzzle.solution[0].to_string()), "{said}");
        h.store.close().await;
    }
    let h = open(dir.path(), clock.clone()).await;
    h.bot.post_daily_puzzles(&h.outbox).await;
    assert!(h.outbox.take().is_empty(), "the solution posted twice");
    clock.set(NOON_MS + 21 * HOUR_MS);
    h.bot.post_daily_puzzles(&h.outbox).await;
    let posted = h.outbox.take();
    assert_eq!(posted.len(), 1, "the second day's puzzle at 09:00");
    assert!(posted[0].1.text.starts_with("Today's puzzle"));
}
