//! The bot: commands, games and replies, knowing no transport. A transport
//! (Discord, the console: `crate::transport`) turns what a user typed or
//! picked into a [`Request`] and hands the core an [`Outbox`] to post
//! through; the core streams its replies as they happen (against the bot,
//! the player's move and a quick answer in one message; a long search shows
//! the player's move first, then the bot's).
//!
//! The core is built in layers, each importing only those below it:
//!
//! - `vocabulary/`: the words every part speaks in (requests, replies and
//!   the [`Outbox`], errors, the voice, the settings' list, the commands'
//!   model);
//! - `services/`: the bot's state ([`services::Core`]) and what more than
//!   one command needs (finding and naming games, boards, storing and
//!   announcing moves, the bot's own move and its jobs, reviews, puzzles);
//! - `handlers/`, one module per command group, and beside them
//!   `background/`: the sweep, the daily puzzle, the engine worker and the
//!   automatic reviews;
//! - [`commands`]: every command declared once, with its handler;
//! - this file: the face the transports use, [`Bot`].

pub mod background;
pub mod commands;
pub mod handlers;
pub mod services;
pub mod vocabulary;

pub use background::clocks::Watcher as ClockWatcher;
pub use commands::{parse, Command, COMMANDS};
pub use services::config::{database_url, BotArgs, BotConfig, MAX_ENGINE_THREADS};
pub use services::suggest;
pub use services::timing::{MoveTiming, MoveTimings};
pub use vocabulary::buttons::{typed_line, Action, Button, Form, Press, Style};
pub use vocabulary::command::{parse_game_id, parse_role, parse_user, MoveText, Opponent};
pub use vocabulary::command::{
    words as command_words, ArgSpec, ChoiceValue, CommandError, CommandSpec, OptionChoice,
    OptionKind, OptionShape, OptionValue, SlashError, PREFIX,
};
pub use vocabulary::error::BotError;
pub use vocabulary::markup;
pub use vocabulary::permissions::Permissions;
pub use vocabulary::reply::{is_place_gone, Attachment, Outbox, PlaceGone, Reply};
pub use vocabulary::request::{Actor, Place, Requester};
pub use vocabulary::voice::Voice;

use std::sync::Arc;

use crate::i18n::{Lang, Msg};
use crate::render::Renderer;
use crate::store::{Store, SystemClock};

use background::{auto_review, clocks, daily, sweep, tournaments, worker};
use handlers::press::Typed;
use services::limits::Verdict;
use services::metrics::CommandResult;
use services::settings::{plays_here, request_settings, voice_for};
use services::{Core, Ctx};

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
    /// The roles (platform ids) the requester holds where they asked, as
    /// the platform reports them (a Discord member's roles); empty outside
    /// a server. They decide who may join a challenge to a role.
    pub roles: Vec<String>,
}

/// A button pressed by a user, as the transport got it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressRequest {
    pub actor: Actor,
    /// Where the pressed message is.
    pub place: Place,
    /// The id the button was sent with ([`Press::custom_id`]), or the
    /// id of the form a press opened, when that form is sent back.
    pub custom_id: String,
    /// What the user wrote in the form, when this is a form sent back.
    pub typed: Option<String>,
    pub locale: Option<Lang>,
    pub permissions: Option<Permissions>,
    /// The presser's roles, as [`Request::roles`].
    pub roles: Vec<String>,
}

/// What became of a press.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pressed {
    /// Nothing the pressed message's buttons offer can happen any more: the
    /// transport should take them away.
    pub spent: bool,
    /// The form to show the presser, as the press's one answer (a board's
    /// Move): nothing else was posted.
    pub form: Option<Form>,
}

/// What the bot's public asynchronous entry points return instead of being
/// `async fn`s. A crate that awaits another crate's `async fn` compiles that
/// function's state machine, and everything it awaits, itself: the binary
/// and the integration tests would each compile the whole bot and store
/// again. A boxed future is polled through its vtable, made here, so its
/// code is compiled once, in this crate.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// The bot: its shared state, behind the entry points the transports use.
/// Shared by the transports in an `Arc`.
pub struct Bot {
    core: Arc<Core>,
}

/// What a request is checked against its sender's limits as.
#[derive(Clone, Copy)]
struct LimitCheck {
    /// The command's word, for the metrics of refused requests.
    command: &'static str,
    /// Whether it also takes from the tighter limit (`review`, `hint`).
    heavy: bool,
    /// Whether a refusal is told (never to chat).
    tell: bool,
}

impl Bot {
    /// The bot over an open store (migrations already run by `Store::open`).
    pub fn new(store: Store, renderer: Renderer, config: BotConfig) -> Bot {
        Bot {
            core: Arc::new(Core::new(store, renderer, config)),
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
    /// answer (see `services::timing`).
    pub fn move_timings(&self) -> Vec<MoveTiming> {
        self.core.timings.recent()
    }

    pub fn config(&self) -> &BotConfig {
        &self.core.config
    }

    /// This process's name on the leases it takes (logged at start).
    pub fn job_owner(&self) -> &str {
        self.core.jobs.owner()
    }

    /// Whether the bot has begun to stop: transports take no new commands.
    pub fn is_stopping(&self) -> bool {
        self.core.jobs.is_stopping()
    }

    /// The registry of the process's metrics: the core's are in it, and a
    /// transport adds its own.
    pub fn metrics(&self) -> &crate::metrics::Metrics {
        self.core.metrics.registry()
    }

    /// Every metric, in the Prometheus text format, with the values read
    /// at a scrape (the engine's slots, the jobs held, the live games, the
    /// store's lanes) read now.
    pub fn metrics_text(&self) -> BoxFuture<'_, String> {
        Box::pin(async move {
            let core = &*self.core;
            let (slots, busy, waiting) = core.engine.slot_use();
            let live_games = match core.store.count_live_games().await {
                Ok(count) => Some(count),
                Err(err) => {
                    tracing::warn!(error = %err, "could not count the live games for the metrics");
                    None
                }
            };
            core.metrics.set_snapshot(services::metrics::Snapshot {
                engine_slots: slots as u64,
                engine_busy: busy as u64,
                engine_waiting: waiting as u64,
                owned_jobs: core.jobs.held() as u64,
                live_games,
                lanes: core.store.lane_stats(),
            });
            core.metrics.registry().encode()
        })
    }

    /// Whether the store answers a read (`/readyz`).
    pub fn store_answers(&self) -> BoxFuture<'_, bool> {
        Box::pin(async move { self.core.store.count_live_games().await.is_ok() })
    }

    /// Positions reviews started scoring since the bot started: a review
    /// read from the store scores none.
    pub fn review_positions_scored(&self) -> u64 {
        self.core.engine.review_steps()
    }

    /// Handles one request: the replies go through `outbox` as they happen,
    /// and any error becomes one short private reply saying what to do next.
    /// Returns once everything is posted, the bot's answering move included.
    pub fn handle<'a>(&'a self, request: &'a Request, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let heavy = request.command.is_heavy();
            if self
                .within_limits(
                    LimitCheck {
                        command: request.command.name(),
                        heavy,
                        tell: true,
                    },
                    &request.actor,
                    &request.place,
                    request.locale,
                    outbox,
                )
                .await
            {
                self.respond(request, false, outbox).await
            }
        })
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
        Box::pin(async move {
            // Chat is not told it was too fast: it may not have been meant
            // for the bot at all.
            if self
                .within_limits(
                    LimitCheck {
                        command: request.command.name(),
                        heavy: false,
                        tell: false,
                    },
                    &request.actor,
                    &request.place,
                    request.locale,
                    outbox,
                )
                .await
            {
                self.respond(request, true, outbox).await
            }
        })
    }

    /// Handles a pressed button, given the id the transport got back
    /// (`custom_id` on Discord): checks that the presser may press it and
    /// runs the command it stands for as [`Bot::handle`] would; a refusal is
    /// one private reply, so a press is always answered. Returns whether
    /// the pressed message's buttons are spent, for the transport to take
    /// them away.
    pub fn press<'a>(
        &'a self,
        press: &'a PressRequest,
        outbox: &'a dyn Outbox,
    ) -> BoxFuture<'a, Pressed> {
        Box::pin(async move {
            let core = &*self.core;
            if !self
                .within_limits(
                    LimitCheck {
                        command: "press",
                        heavy: false,
                        tell: true,
                    },
                    &press.actor,
                    &press.place,
                    press.locale,
                    outbox,
                )
                .await
            {
                return Pressed {
                    spent: false,
                    form: None,
                };
            }
            let actor = press.actor.clone().unmistakable();
            let Some(pressed) = Press::parse(&press.custom_id) else {
                self.refuse(press, BotError::PressNotUnderstood, outbox)
                    .await;
                return Pressed::default();
            };
            let checked = handlers::press::check(core, &actor, &press.roles, pressed).await;
            let voice = || self.voice(&press.actor, &press.place, press.locale);
            let command = match checked.outcome {
                Ok(Typed::Accept(from)) => Command::Accept { from: Some(from) },
                Ok(Typed::Decline) => Command::Decline {},
                Ok(Typed::Draw) => Command::Draw {},
                Ok(Typed::Resign) => Command::Resign {},
                Ok(Typed::Takeback) => Command::Takeback {},
                Ok(Typed::Hint) => Command::Hint {},
                Ok(Typed::Flip(game)) => Command::Flip { game: Some(game) },
                Ok(Typed::Move) => match &press.typed {
                    Some(text) => Command::Move {
                        text: MoveText(text.trim().to_string()),
                    },
                    None => {
                        self.refuse(press, BotError::PressNotUnderstood, outbox)
                            .await;
                        return Pressed::default();
                    }
                },
                Ok(Typed::AskMove) => {
                    let form = handlers::press::move_form(pressed, voice().await);
                    return Pressed {
                        spent: false,
                        form: Some(form),
                    };
                }
                Ok(Typed::AskResign) => {
                    let reply = handlers::press::resign_confirmation(pressed, voice().await);
                    if let Err(err) = outbox.post(&press.place, reply).await {
                        tracing::warn!(error = %err, "could not ask to confirm a resignation");
                    }
                    return Pressed::default();
                }
                Ok(Typed::Review(game)) => Command::Review { game: Some(game) },
                Ok(Typed::Rematch(game)) => Command::Rematch { game: Some(game) },
                Ok(Typed::Tournament(action)) => Command::Tournament {
                    action: Some(action),
                },
                Err(err) => {
                    self.refuse(press, err, outbox).await;
                    return Pressed {
                        spent: checked.spent,
                        form: None,
                    };
                }
            };
            let request = Request {
                actor,
                place: press.place.clone(),
                command,
                locale: press.locale,
                permissions: press.permissions,
                roles: press.roles.clone(),
            };
            self.respond(&request, false, outbox).await;
            Pressed {
                spent: handlers::press::spent_after(core, pressed).await,
                form: None,
            }
        })
    }

    /// Whether `actor`'s request is within their limits
    /// (`services::limits`). The first refusal of a wait is said privately
    /// when `check.tell` (never to chat), with how long to wait; the rest
    /// are dropped.
    async fn within_limits(
        &self,
        check: LimitCheck,
        actor: &Actor,
        place: &Place,
        locale: Option<Lang>,
        outbox: &dyn Outbox,
    ) -> bool {
        let LimitCheck {
            command,
            heavy,
            tell,
        } = check;
        let verdict = self
            .core
            .limiter
            .check(&actor.id, heavy, std::time::Instant::now());
        if verdict != Verdict::Allowed {
            self.core.metrics.command(command, CommandResult::Limited);
        }
        let wait = match verdict {
            Verdict::Allowed => return true,
            // An interaction is answered anyway ("Done."): better the wait.
            Verdict::Drop(wait) if tell && outbox.answers_every_request() => wait,
            Verdict::Drop(_) => return false,
            Verdict::TellToWait(wait) => wait,
        };
        tracing::info!(user = %actor.id, heavy, wait_ms = wait.as_millis() as u64, "a user is over their rate");
        if tell {
            let voice = self.voice(actor, place, locale).await;
            // Whole seconds, rounded up: "wait 0 seconds" would be wrong.
            let wait = std::time::Duration::from_secs(wait.as_secs_f64().ceil().max(1.0) as u64);
            let text = voice.say(Msg::TooFast {
                wait: voice.duration(wait),
            });
            if let Err(err) = outbox.post(place, Reply::private(text)).await {
                tracing::warn!(error = %err, "could not tell a user to slow down");
            }
        }
        false
    }

    /// A press refused before any command ran: said privately, in the
    /// presser's language.
    async fn refuse(&self, press: &PressRequest, err: BotError, outbox: &dyn Outbox) {
        let result = match &err {
            BotError::Internal(_) => CommandResult::Failed,
            _ => CommandResult::Refused,
        };
        self.core.metrics.command("press", result);
        if let BotError::Internal(cause) = &err {
            tracing::error!(user = %press.actor.id, error = format!("{cause:#}"), "press failed");
        }
        let voice = self
            .voice(&press.actor, &press.place, press.locale)
            .await
            .on(outbox.surface());
        let actor = press.actor.clone().unmistakable();
        let reply = handlers::press::refusal(&self.core, &actor, &err, voice).await;
        if let Err(post_err) = outbox.post(&press.place, reply).await {
            tracing::warn!(error = %post_err, "could not answer a press");
        }
    }

    async fn respond(&self, request: &Request, bare: bool, outbox: &dyn Outbox) {
        let core = &*self.core;
        let (requester, command) = unmistakable(request);
        let name = command.name();
        tracing::debug!(user = %requester.actor.id, command = name, "request");
        let server = outbox.settings_server(&requester.place);
        let settings = request_settings(&core.store, &requester.actor.id, server.as_deref()).await;
        let voice = voice_for(&core.config, &settings, requester.locale).on(outbox.surface());
        // Only commands that start a game can be refused here, never a bare
        // move, so chat stays silent where the bot does not play.
        let result = match plays_here(&requester, command.starts_game(), &settings.server, outbox) {
            Ok(()) => {
                let ctx = Ctx {
                    core,
                    requester: &requester,
                    settings: &settings,
                    voice,
                    outbox,
                    bare,
                    commands: COMMANDS,
                };
                commands::dispatch(&ctx, command).await
            }
            Err(refusal) => Err(refusal),
        };
        let counted = match &result {
            Ok(()) => CommandResult::Done,
            Err(BotError::Internal(_)) => CommandResult::Failed,
            Err(_) => CommandResult::Refused,
        };
        core.metrics.command(name, counted);
        if let Err(err) = result {
            if let BotError::Internal(cause) = &err {
                tracing::error!(user = %requester.actor.id, command = name, error = format!("{cause:#}"), "request failed");
            }
            let reply = Reply::private(err.message(voice));
            if let Err(post_err) = outbox.post(&requester.place, reply).await {
                tracing::warn!(error = %post_err, "could not post an error reply");
            }
        }
        // After the answer: a game this request ended may be due its review.
        auto_review::post_auto_reviews(core, outbox).await;
    }

    /// How to speak to a user: the first of their own setting, their
    /// client's language (`locale`), their server's default, the bot's
    /// (`--lang`, else English). Transports use it for what they refuse
    /// before the core sees a command.
    pub fn voice<'a>(
        &'a self,
        actor: &'a Actor,
        place: &'a Place,
        locale: Option<Lang>,
    ) -> BoxFuture<'a, Voice> {
        Box::pin(async move {
            let settings =
                request_settings(&self.core.store, &actor.id, place.guild.as_deref()).await;
            voice_for(&self.core.config, &settings, locale)
        })
    }

    /// The legal moves of the game `move` would be played in that start
    /// like `typed` in any notation, at most `limit`: (label, ICCS move).
    pub fn move_suggestions<'a>(
        &'a self,
        actor: &'a Actor,
        place: &'a Place,
        typed: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Vec<(String, String)>> {
        Box::pin(suggest::move_suggestions(
            &self.core, actor, place, typed, limit,
        ))
    }

    /// At start: posts stored moves never shown, then makes the bot's move
    /// in every live game that was waiting on it and that no running process
    /// holds (this process stopped while thinking, or the player moved just
    /// before).
    pub fn resume_pending<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            // Moves stored but never shown (the process stopped in between)
            // and past their grace go out now; those the bot's answer is due
            // after go out with the job, before the answer.
            if let Err(err) = services::moves::announce_all_late(&self.core, outbox).await {
                tracing::error!(error = %err, "could not list games with moves not yet shown");
            }
            worker::work_due_jobs(&self.core, outbox).await;
        })
    }

    /// Ends every game with no move for the idle timeout as a loss for the side
    /// to move, saying so where it is played; also retires expired challenges
    /// and takes the tournaments' due steps (starts, rounds, forfeits, ends).
    pub fn sweep_idle<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Err(err) = sweep::sweep(&self.core, outbox).await {
                tracing::error!(error = %err, "sweeping idle games failed");
            }
            auto_review::post_auto_reviews(&self.core, outbox).await;
            tournaments::tick_tournaments(&self.core, outbox).await;
        })
    }

    /// One round of the daily puzzles' schedule: the solutions owed, then
    /// the puzzles due.
    pub fn post_daily_puzzles<'a>(&'a self, outbox: &'a dyn Outbox) -> BoxFuture<'a, ()> {
        Box::pin(daily::post_daily_puzzles(&self.core, outbox))
    }

    /// One look of the clock watcher (see `background::clocks`): fallen
    /// flags ended and announced, and the heartbeat written when due.
    /// [`Bot::spawn_sweeper`] runs it twice a second; tests drive it by hand.
    pub fn watch_clocks_once<'a>(
        &'a self,
        watcher: &'a mut clocks::Watcher,
        outbox: &'a dyn Outbox,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            watcher.look(&self.core, outbox).await;
            auto_review::post_auto_reviews(&self.core, outbox).await;
        })
    }

    /// Runs [`Bot::sweep_idle`] and [`Bot::post_daily_puzzles`] every `every`
    /// (first after one period), and the clock watcher twice a second (its
    /// own task, so that a long sweep never delays a flag), until the
    /// returned task is aborted. Transports start it once they can post.
    pub fn spawn_sweeper(
        bot: Arc<Bot>,
        outbox: Arc<dyn Outbox>,
        every: std::time::Duration,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let watching = {
                let (bot, outbox) = (bot.clone(), outbox.clone());
                tokio::spawn(async move {
                    let mut watcher = clocks::Watcher::default();
                    let mut ticks = tokio::time::interval(clocks::WATCH_EVERY);
                    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                    loop {
                        ticks.tick().await;
                        bot.watch_clocks_once(&mut watcher, outbox.as_ref()).await;
                    }
                })
            };
            // Aborting the sweeper drops this, which stops the watcher too.
            let _watching = AbortOnDrop(watching);
            let mut ticks = tokio::time::interval(every);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                bot.sweep_idle(outbox.as_ref()).await;
                bot.post_daily_puzzles(outbox.as_ref()).await;
            }
        })
    }

    /// Starts this process's engine worker: it takes the bot's moves from
    /// the job table whenever a search slot is free, until the bot stops.
    /// Transports start it once they can post.
    pub fn spawn_engine_worker(
        bot: Arc<Bot>,
        outbox: Arc<dyn Outbox>,
    ) -> tokio::task::JoinHandle<()> {
        worker::spawn_engine_worker(bot.core.clone(), outbox)
    }

    /// Stops the bot's engine work: claims nothing more, lets the jobs it
    /// holds finish for up to `grace`, then stops the searches still running
    /// and releases their jobs, and closes the store once its queued writes
    /// are stored. The transport stops taking commands first.
    pub fn shut_down(&self, grace: std::time::Duration) -> BoxFuture<'_, ()> {
        Box::pin(worker::shut_down(&self.core, grace))
    }
}

/// Aborts a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The request's requester and command, with every name in it made
/// unmistakable for the bot's ([`Actor::unmistakable`]) before anything
/// stores or shows them.
fn unmistakable(request: &Request) -> (Requester, Command) {
    let mut command = request.command.clone();
    for actor in command.actors_mut() {
        *actor = actor.clone().unmistakable();
    }
    let requester = Requester {
        actor: request.actor.clone().unmistakable(),
        place: request.place.clone(),
        locale: request.locale,
        permissions: request.permissions,
        roles: request.roles.clone(),
    };
    (requester, command)
}
