//! The bot: commands, games and replies, knowing no transport. An adapter
//! (Discord, the console) turns what a user typed into a [`Request`] and hands
//! the core an [`Outbox`] to post through; the core streams its replies as they
//! happen (against the bot, the player's move and a quick answer in one
//! message; a long search shows the player's move first, then the bot's).
//!
//! [`commands_table`] declares the commands and [`command`] reads the words;
//! then one file per command group: `play`, `challenge`, `moves` (move,
//! resign, draw, takeback, hint), `watch` (board, games, watch), `history`
//! (history, game, stats, leaderboard), `puzzle` (the puzzle trainer) and
//! [`help`].

pub mod command;
pub mod command_words;
pub mod commands_table;
pub mod config;
pub mod console;
pub mod discord;

pub mod error;
pub mod help;
pub mod markup;
pub mod permissions;
pub mod reply;
pub mod settings;
pub mod stopping;
pub mod timing;
pub mod voice;

pub use command::{Command, CommandError};
pub use config::{BotArgs, BotConfig};
pub use error::BotError;
pub use permissions::Permissions;
pub use reply::{is_place_gone, Attachment, Outbox, PlaceGone, RecordingOutbox, Reply};
pub use timing::{MoveTiming, MoveTimings};
pub use voice::Voice;

/// A user of a transport: its platform id and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    pub id: String,
    pub name: String,
}

impl Actor {
    /// The actor under a name that cannot pass for the bot's. Replies name
    /// the bot `xiangqi-bot (level N)` and players by their display names,
    /// so a user named `xiangqi-bot`, `XiangQi_Bot` or `хiangqi-bot` (a
    /// Cyrillic х) could speak as the bot in a game's messages. Such a name
    /// keeps what the user chose and gains their id, `xiangqi-bot (user
    /// 1234)`: still theirs, never the bot's, and unlike a refusal it lets
    /// them play. Other lookalikes between two users are left alone: the
    /// platform shows who typed each message, and the bot mentions users by
    /// id where it pings them.
    pub fn unmistakable(mut self) -> Actor {
        if passes_for_the_bot(&self.name) {
            self.name = format!("{} (user {})", self.name, self.id);
        }
        self
    }
}

/// Whether `name` reads as the bot's name once case, separators, full-width
/// forms and common look-alike letters are set aside.
fn passes_for_the_bot(name: &str) -> bool {
    let folded: String = name
        .chars()
        .map(|c| match c {
            // Full-width ASCII (ｘｉａｎｇｑｉ) is ASCII drawn wide.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .filter_map(|c| {
            Some(match c {
                'а' | 'α' => 'a',
                'е' | 'ε' => 'e',
                'і' | 'ı' | 'ι' | '1' | 'l' | '|' | '!' => 'i',
                'о' | 'ο' | '0' => 'o',
                'х' | 'χ' => 'x',
                'ԛ' => 'q',
                'ɡ' | 'ց' => 'g',
                'ո' | 'η' => 'n',
                'ь' | 'в' | 'β' => 'b',
                'т' | 'τ' => 't',
                c if c.is_ascii_alphanumeric() => c,
                _ => return None,
            })
        })
        .collect();
    folded.contains("xiangqibot")
}

/// Where something is said: a channel, in a server (`guild`) or not, and
/// possibly a thread inside that channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild: Option<String>,
    pub channel: String,
    pub thread: Option<String>,
}

/// One user's command, in one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub actor: Actor,
    pub place: Place,
    pub command: Command,
    /// The language the user's client is set to, when the transport knows
    /// it and the bot speaks it (a Discord interaction's locale).
    pub locale: Option<Lang>,
    /// What the requester may manage where they asked, as the platform
    /// reports it (a Discord interaction's member permissions; the console's
    /// user has them all); `None` when the transport cannot tell (a typed
    /// Discord message), which grants nothing.
    pub permissions: Option<Permissions>,
}

mod abort;
mod challenge;
mod daily;
mod games;
mod history;
mod jobs;
mod moves;
mod play;
mod priority;
mod puzzle;
mod review;
mod suggest;
mod think;
mod watch;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::i18n::Lang;
use crate::render::Renderer;
use crate::store::{SettingScope, Store, SystemClock};

use error::BotResult;

/// What the bot's public asynchronous entry points return instead of being
/// `async fn`s. A crate that awaits another crate's `async fn` compiles that
/// function's state machine, and everything it awaits, itself: the binary
/// and the integration tests would each compile the whole bot and store
/// again. A boxed future is polled through its vtable, made here, so its
/// code is compiled once, in this crate.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// Runs a transport's main future on a new multi-threaded runtime until it
/// ends: the transports' entry points are plain functions built on this (see
/// [`BoxFuture`] for why).
fn on_new_runtime(
    main: impl std::future::Future<Output = anyhow::Result<()>>,
) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(main)
}
use think::Engine;

/// The one shared state of the bot, shared by the adapters in an `Arc`: the
/// store, the renderer, the engine's gate, and the locks that keep one game's
/// changes in order.
pub struct Bot {
    store: Store,
    renderer: Arc<Renderer>,
    engine: Engine,
    /// The bot's moves as jobs claimed from the store ([`jobs`]).
    jobs: jobs::Jobs,
    timings: MoveTimings,
    config: BotConfig,
    /// One lock per game: a move, the bot's answer, a takeback or a resignation
    /// in one game happen one at a time (the store's ply check backs this up
    /// across processes).
    game_locks: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    /// Boards rendered at once are capped at the cores: a burst of moves
    /// queues its renders instead of running them all on as many blocking
    /// threads, where each would take as long as all of them.
    render_permits: tokio::sync::Semaphore,
    /// Held while checking "one game per player per channel" and starting a
    /// game, so that two `play`s typed at once cannot both start one.
    start_lock: tokio::sync::Mutex<()>,
    /// Games that ended and may be due an automatic review ([`review`]).
    ended: Mutex<Vec<crate::store::GameId>>,
}

impl Bot {
    /// The bot over an open store (migrations already run by `Store::open`).
    pub fn new(store: Store, renderer: Renderer, config: BotConfig) -> Bot {
        Bot {
            engine: Engine::new(config.engine_threads),
            jobs: jobs::Jobs::new(config.engine_lease),
            timings: MoveTimings::default(),
            store,
            renderer: Arc::new(renderer),
            config,
            game_locks: Mutex::new(HashMap::new()),
            render_permits: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ),
            start_lock: tokio::sync::Mutex::new(()),
            ended: Mutex::default(),
        }
    }

    /// Opens the store named by the settings (creating the file and running
    /// the migrations), builds the renderer, and returns the bot.
    pub fn connect(args: &BotArgs) -> BoxFuture<'_, anyhow::Result<Bot>> {
        Box::pin(async move {
            let config = args.bot_config()?;
            let store_config = args.store_config()?;
            let url = store_config.url.clone();
            let store = Store::open_with(store_config, Arc::new(SystemClock))
                .await
                .map_err(|e| {
                    let shown = crate::store::url_without_password(&url);
                    anyhow::anyhow!("opening the database {shown}: {e}")
                })?;
            match store.check_consistency().await {
                Ok(problems) if !problems.is_empty() => {
                    tracing::warn!(?problems, "games whose stored moves do not match their ply")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not check the store's consistency"),
            }
            let renderer = tokio::task::spawn_blocking(Renderer::new).await?;
            Ok(Bot::new(store, renderer, config))
        })
    }

    /// Where the recent players' moves spent their time, up to the bot's
    /// answer (see [`timing`]).
    pub fn move_timings(&self) -> Vec<MoveTiming> {
        self.timings.recent()
    }

    pub fn config(&self) -> &BotConfig {
        &self.config
    }

    /// Handles one request: the replies go through `outbox` as they happen,
    /// and any error becomes one short private reply saying what to do next.
    /// Returns once everything is posted, the bot's answering move included.
    pub fn handle<'a>(&'a self, request: &'a Request, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move { self.respond(request, false, outbox).await })
    }

    /// Handles a move typed without the command prefix, as chat: like
    /// [`Bot::handle`] when a game is played where it was typed (the thread's
    /// game, or the requester's game in the channel), and silently ignored
    /// otherwise, since chat may look like a move. Finding the game is the
    /// move's own lookup, not one more before it.
    pub fn handle_bare_move<'a>(
        &'a self,
        request: &'a Request,
        outbox: &'a dyn Outbox,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async move { self.respond(request, true, outbox).await })
    }

    async fn respond(&self, request: &Request, bare: bool, outbox: &dyn Outbox) {
        let request = &unmistakable(request);
        let command = request.command.name();
        tracing::debug!(user = %request.actor.id, command, "request");
        let server = outbox.settings_server(&request.place);
        let settings = self
            .request_settings(&request.actor.id, server.as_deref())
            .await;
        let voice = self.voice_for(&settings, request.locale);
        // Only commands that start a game can be refused here, never a bare
        // move, so chat stays silent where the bot does not play.
        let result = match self.plays_here(request, &settings.server, outbox) {
            Ok(()) => self.dispatch(request, bare, &settings, voice, outbox).await,
            Err(refusal) => Err(refusal),
        };
        if let Err(err) = result {
            if let BotError::Internal(cause) = &err {
                tracing::error!(user = %request.actor.id, command, error = format!("{cause:#}"), "request failed");
            }
            let reply = Reply::private(err.message(voice));
            if let Err(post_err) = outbox.post(&request.place, reply).await {
                tracing::warn!(error = %post_err, "could not post an error reply");
            }
        }
        // After the answer: a game this request ended may be due its review.
        self.post_auto_reviews(outbox).await;
    }

    async fn dispatch(
        &self,
        request: &Request,
        bare: bool,
        settings: &settings::Settings,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let server = &settings.server;
        match &request.command {
            Command::Play { color, level } => {
                self.play(request, *color, *level, server, voice, outbox)
                    .await
            }
            Command::Challenge { opponent, color } => {
                self.challenge(request, opponent, *color, server, voice, outbox)
                    .await
            }
            Command::Accept => self.accept(request, server, voice, outbox).await,
            Command::Decline => self.decline(request, voice, outbox).await,
            Command::Move(text) => {
                let timings = &self.timings;
                timings
                    .time(self.make_move(request, text, bare, voice, outbox))
                    .await
            }
            Command::Resign => self.resign(request, voice, outbox).await,
            Command::Draw => self.draw(request, voice, outbox).await,
            Command::Takeback => self.takeback(request, voice, outbox).await,
            Command::Hint => self.hint(request, voice, outbox).await,
            Command::Board { game, style } => {
                self.board(request, *game, *style, voice, outbox).await
            }
            Command::Games { page } => self.games(request, *page, voice, outbox).await,
            Command::Watch { game } => self.watch(request, *game, voice, outbox).await,
            Command::History { user } => self.history(request, user.as_ref(), voice, outbox).await,
            Command::Game { id, style } => {
                self.game_record(request, *id, *style, voice, outbox).await
            }
            Command::Stats { user } => self.stats(request, user.as_ref(), voice, outbox).await,
            Command::Leaderboard => self.leaderboard(request, voice, outbox).await,
            Command::Help => post(outbox, &request.place, help::help(voice)).await,
            Command::Settings { setting, value } => {
                self.settings(request, *setting, value, settings, voice, outbox)
                    .await
            }
            Command::Abort { game } => self.abort(request, *game, voice, outbox).await,
            Command::Puzzle(action) => self.puzzle(request, action, voice, outbox).await,
            Command::Review { game } => self.review(request, *game, voice, outbox).await,
        }
    }

    /// How to speak to a user: the first of their own setting, their
    /// client's language (`locale`), their server's default, the bot's
    /// (`--lang`, else English). Adapters use it for what they refuse
    /// before the core sees a command.
    pub async fn voice(&self, actor: &Actor, place: &Place, locale: Option<Lang>) -> Voice {
        let settings = self
            .request_settings(&actor.id, place.guild.as_deref())
            .await;
        self.voice_for(&settings, locale)
    }

    /// How to speak in a server when nobody in particular is addressed (the
    /// sweep's notices, the bot's moves after a restart): its default
    /// language, else the bot's.
    async fn place_voice(&self, guild: Option<&str>) -> Voice {
        let server = match guild {
            Some(guild) => match self.store.settings(SettingScope::Server, guild).await {
                Ok(stored) => settings::Chosen::from_stored(SettingScope::Server, &stored),
                Err(err) => {
                    tracing::warn!(error = %err, "could not read a server's settings; using the defaults");
                    settings::Chosen::default()
                }
            },
            None => settings::Chosen::default(),
        };
        let lang = server
            .language(settings::keys::LANGUAGE)
            .unwrap_or(self.config.lang);
        Voice::of(lang).with_style(self.config.style)
    }

    /// At start: makes the bot's move in every game that was waiting on it
    /// and that no running process holds (this process stopped while
    /// thinking, or the player moved just before); see [`jobs`].
    pub fn resume_pending<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            // Moves stored but never shown (the process stopped in between)
            // and past their grace go out now; those the bot's answer is due
            // after go out with the job, before the answer.
            if let Err(err) = self.announce_all_late(outbox).await {
                tracing::error!(error = %err, "could not list games with moves not yet shown");
            }
            self.work_due_jobs(outbox).await;
        })
    }

    /// Ends every game with no move for the idle timeout as a loss for the side
    /// to move, saying so where it is played; also retires expired challenges.
    pub fn sweep_idle<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Err(err) = self.sweep(outbox).await {
                tracing::error!(error = %err, "sweeping idle games failed");
            }
            self.post_auto_reviews(outbox).await;
        })
    }

    /// Runs [`Bot::sweep_idle`] and [`Bot::post_daily_puzzles`] every `every`
    /// (first after one period) until the returned task is aborted. Adapters
    /// start it once they can post.
    pub fn spawn_sweeper(
        bot: Arc<Bot>,
        outbox: Arc<dyn Outbox>,
        every: std::time::Duration,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                bot.sweep_idle(outbox.as_ref()).await;
                bot.post_daily_puzzles(outbox.as_ref()).await;
            }
        })
    }

    /// The lock that orders changes to one game.
    fn game_lock(&self, id: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.game_locks.lock().unwrap_or_else(|e| e.into_inner());
        // Forget locks nobody holds, so the map stays the size of the live games.
        if locks.len() > 256 {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        locks.entry(id).or_default().clone()
    }
}

/// The request with its actor's and any named opponent's names made
/// unmistakable for the bot's ([`Actor::unmistakable`]), before anything
/// stores or shows them.
fn unmistakable(request: &Request) -> Request {
    let mut request = request.clone();
    request.actor = request.actor.unmistakable();
    if let Command::Challenge { opponent, .. } = &mut request.command {
        *opponent = opponent.clone().unmistakable();
    }
    request
}

/// Posts one reply; a transport failure is the bot's fault, not the user's.
async fn post(outbox: &dyn Outbox, place: &Place, reply: Reply) -> BotResult<()> {
    timing::timed(timing::Phase::Post, outbox.post(place, reply))
        .await
        .map_err(BotError::internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_pass_for_the_bot_gain_the_users_id() {
        for name in [
            "xiangqi-bot",
            "XiangQi_Bot",
            "xiangqi-bot (level 20)",
            "\u{0445}iangqi-bot",
            "ｘｉａｎｇｑｉ－ｂｏｔ",
            "x i a n g q 1 b 0 t",
        ] {
            let actor = Actor {
                id: "42".into(),
                name: name.into(),
            };
            assert_eq!(
                actor.unmistakable().name,
                format!("{name} (user 42)"),
                "{name}"
            );
        }
        for name in ["xiangqi fan", "bot", "alice"] {
            let actor = Actor {
                id: "42".into(),
                name: name.into(),
            };
            assert_eq!(actor.unmistakable().name, name);
        }
    }
}
