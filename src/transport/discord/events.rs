//! What the bot does with each gateway event: on READY it registers the slash
//! command and the member menu's "Challenge to Xiangqi", and picks up games
//! waiting on it; a slash command (or the menu's challenge) is handed to the
//! core and answered through its interaction (deferred when the answer is
//! private by nature, or when the core has not answered by the deadline); a
//! typed `!xq` or `@bot` command, a bare move in a game's place, a
//! pressed button (a component interaction), or a form sent back (a modal
//! submit), is handed to the core too. Everything else is ignored.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{
    AutocompleteChoice, CommandInteraction, CommandType, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildId, Http,
    Interaction, Member, Message, ModalInteraction, Ready, ResolvedTarget, ResumedEvent, RoleId,
    ShardManager, UserId,
};
use serenity::async_trait;
use serenity::gateway::ConnectionStage;
use tracing::Instrument;

use super::commands;
use super::metrics::DiscordMetrics;
use super::outbox::{
    ChannelOutbox, ComponentOutbox, InteractionOutbox, LatestBoards, MessageOutbox, PressedVia,
    FORM_FIELD,
};
use super::places::{self, Places};
use super::retry::{retrying, SEARCH_MEMBERS};
use crate::bot::markup::{in_code, shown};
use crate::bot::{
    parse, Actor, Bot, BoxFuture, Command, CommandError, OptionValue, Outbox, Permissions, Place,
    Press, PressRequest, Reply, Request, SlashError, Voice, PREFIX,
};
use crate::i18n::{Lang, Msg};

/// How often abandoned games and expired challenges are looked for (as in the
/// console; the query is one indexed read).
const SWEEP_EVERY: Duration = Duration::from_secs(60);

pub struct Handler {
    bot: Arc<Bot>,
    places: Arc<Places>,
    /// Each live game's latest board, whose controls alone stay live.
    boards: Arc<LatestBoards>,
    /// Register the slash command in this guild only (instant) instead of
    /// globally (which Discord may take up to an hour to show).
    dev_guild: Option<GuildId>,
    /// READY comes again after every reconnect; start-up work runs once.
    started: AtomicBool,
    /// The bot's own user, from READY: `@bot play` is a command.
    me: OnceLock<UserId>,
    /// How long a slash command waits for the core's first reply before it
    /// is deferred (Discord drops interactions unanswered after 3 s).
    answer_within: Duration,
    /// REST calls and the shards' connections, for operators.
    metrics: Arc<DiscordMetrics>,
    /// The client's shards, whose stages say which are connected.
    pub(super) shard_manager: Arc<OnceLock<Arc<ShardManager>>>,
}

impl Handler {
    pub fn new(bot: Arc<Bot>, dev_guild: Option<GuildId>, answer_within: Duration) -> Handler {
        Handler {
            metrics: Arc::new(DiscordMetrics::new(bot.metrics())),
            shard_manager: Arc::default(),
            bot,
            places: Arc::new(Places::new()),
            boards: Arc::new(LatestBoards::default()),
            dev_guild,
            started: AtomicBool::new(false),
            me: OnceLock::new(),
            answer_within,
        }
    }

    fn outbox(&self, ctx: &Context) -> ChannelOutbox {
        ChannelOutbox::new(
            ctx.http.clone(),
            self.places.clone(),
            self.boards.clone(),
            self.metrics.clone(),
        )
    }

    /// The adapter's metrics and shard states, which `/readyz` reads.
    pub fn metrics(&self) -> Arc<DiscordMetrics> {
        self.metrics.clone()
    }

    /// Routes an interaction to what handles its kind.
    async fn on_interaction(&self, ctx: &Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command)
                if command.data.kind == CommandType::User
                    && command.data.name == commands::CHALLENGE_MENU =>
            {
                self.on_challenge_menu(ctx, &command).await;
            }
            Interaction::Command(command) if command.data.name == commands::NAME => {
                self.on_slash(ctx, &command).await;
            }
            Interaction::Autocomplete(command) if command.data.name == commands::NAME => {
                self.on_autocomplete(ctx, &command).await;
            }
            Interaction::Component(component) => {
                self.on_component(ctx, &component).await;
            }
            Interaction::Modal(form) => {
                self.on_form(ctx, &form).await;
            }
            _ => {}
        }
    }

    async fn register_commands(&self, ctx: &Context) {
        let definition = vec![commands::definition(), commands::challenge_menu()];
        let registered = match self.dev_guild {
            Some(guild) => guild.set_commands(&ctx.http, definition).await.map(drop),
            None => serenity::all::Command::set_global_commands(&ctx.http, definition)
                .await
                .map(drop),
        };
        match registered {
            Ok(()) => tracing::info!(guild = ?self.dev_guild, "slash commands registered"),
            Err(err) => tracing::error!("registering slash commands failed: {err}"),
        }
    }

    /// A slash command. Discord forgets an interaction not answered within
    /// 3 s, and the engine may think longer, so: a command whose answer is
    /// private by nature (`help`, `hint`) shows "thinking…" to its user alone
    /// at once; any other is answered by the core's first reply when that
    /// comes within `answer_within` (public or private, as the reply is), and
    /// shows a public "thinking…" otherwise. Errors in the command itself are
    /// answered at once, privately.
    async fn on_slash(&self, ctx: &Context, interaction: &CommandInteraction) {
        let command = commands::read(&interaction.data).map_err(Refusal::Slash);
        self.answer_command(ctx, interaction, command).await;
    }

    /// "Challenge to Xiangqi" picked on a member (a user command): the
    /// challenge `challenge @member` makes, with its defaults, answered as a
    /// slash command is. Picked on the bot itself it starts a game against
    /// the bot (what challenging the bot means); on another bot it is
    /// refused privately, since no other bot can answer; on oneself the core
    /// refuses it as it refuses `challenge` of oneself.
    async fn on_challenge_menu(&self, ctx: &Context, interaction: &CommandInteraction) {
        let command = match interaction.data.target() {
            Some(ResolvedTarget::User(user, _)) if Some(&user.id) == self.me.get() => {
                Command::from_slash("play", &[]).map_err(Refusal::Slash)
            }
            Some(ResolvedTarget::User(user, member)) if user.bot => {
                let nick = member.and_then(|m| m.nick.as_deref());
                let name = commands::actor(user, nick).name;
                Err(Refusal::Said(Msg::ChallengeOtherBot {
                    name: shown(&name).to_string(),
                }))
            }
            Some(ResolvedTarget::User(user, member)) => {
                let nick = member.and_then(|m| m.nick.as_deref());
                let opponent = OptionValue::User(commands::actor(user, nick));
                Command::from_slash("challenge", &[("opponent".to_string(), opponent)])
                    .map_err(Refusal::Slash)
            }
            // A user command always names its user; a hand-made one may not.
            _ => Err(Refusal::Said(Msg::SlashNotSubcommand)),
        };
        self.answer_command(ctx, interaction, command).await;
    }

    /// Answers an application command read as `command` (see `on_slash`).
    async fn answer_command(
        &self,
        ctx: &Context,
        interaction: &CommandInteraction,
        command: Result<Command, Refusal>,
    ) {
        let channel = self.outbox(ctx);
        let outbox = InteractionOutbox::new(&channel, interaction);
        let place = self.places.of_interaction(interaction);
        let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
        let actor = commands::actor(&interaction.user, nick);
        let locale = Lang::from_discord_locale(&interaction.locale);
        let permissions = member_permissions(interaction.member.as_deref());
        let roles = member_roles(interaction.member.as_deref().map(|m| &m.roles));
        if command.is_err() {
            // Refused at once, not raced against the deadline: saying it in
            // the user's language reads their settings first, and a
            // deferral must not win that race and turn a refusal into a
            // follow-up.
            self.dispatch(actor, place, (locale, permissions, roles), command, &outbox)
                .await;
            outbox.finish().await;
            return;
        }
        // A deferral up front: private for a private answer, public when no
        // time is given to answer first.
        let defer_now = match &command {
            Ok(command) if command.answers_privately() => Some(true),
            Ok(_) if self.answer_within.is_zero() => Some(false),
            _ => None,
        };
        if let Some(ephemeral) = defer_now {
            if let Err(err) = outbox.defer(ephemeral).await {
                tracing::warn!("could not defer a slash command: {err:#}");
                return;
            }
        }
        let handling = self.dispatch(actor, place, (locale, permissions, roles), command, &outbox);
        tokio::pin!(handling);
        tokio::select! {
            () = &mut handling => {}
            () = tokio::time::sleep(self.answer_within) => {
                // The core goes on while the deferral waits its turn: it may
                // be in the middle of answering (then nothing is deferred).
                let deferring = async {
                    if let Err(err) = outbox.defer(false).await {
                        tracing::warn!("could not defer a slash command: {err:#}");
                    }
                };
                tokio::join!(deferring, &mut handling);
            }
        }
        outbox.finish().await;
    }

    /// Suggests moves for `/xiangqi move`: the core's legal moves in the
    /// user's game here that start like what they typed, in any notation.
    async fn on_autocomplete(&self, ctx: &Context, interaction: &CommandInteraction) {
        let typed = interaction
            .data
            .autocomplete()
            .map(|option| option.value.trim().to_string())
            .unwrap_or_default();
        let place = self.places.of_interaction(interaction);
        let actor = commands::actor(&interaction.user, None);
        let choices = self
            .bot
            .move_suggestions(&actor, &place, &typed, commands::MAX_SUGGESTIONS)
            .await;
        let response = CreateAutocompleteResponse::new().set_choices(
            choices
                .into_iter()
                .map(|(label, value)| AutocompleteChoice::new(label, value))
                .collect(),
        );
        if let Err(err) = interaction
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
            .await
        {
            tracing::debug!("could not answer an autocomplete: {err}");
        }
    }

    /// A pressed button: acknowledged at once, then handed to the core,
    /// which checks who pressed it and answers (privately when refused);
    /// buttons the core says are spent are taken off their message. A
    /// button that opens a form (a board's Move) is not acknowledged first:
    /// the core answers it within Discord's 3 s with the form, or a refusal.
    async fn on_component(&self, ctx: &Context, interaction: &ComponentInteraction) {
        let channel = self.outbox(ctx);
        let outbox = ComponentOutbox::new(&channel, PressedVia::Button(interaction));
        let opens_form = Press::parse(&interaction.data.custom_id)
            .is_some_and(|press| press.action.opens_form());
        if !opens_form {
            if let Err(err) = outbox.acknowledge().await {
                tracing::warn!("could not acknowledge a button: {err:#}");
                return;
            }
        }
        let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
        let press = PressRequest {
            actor: commands::actor(&interaction.user, nick),
            place: self.places.of_component(interaction),
            custom_id: interaction.data.custom_id.clone(),
            typed: None,
            locale: Lang::from_discord_locale(&interaction.locale),
            permissions: member_permissions(interaction.member.as_ref()),
            roles: member_roles(interaction.member.as_ref().map(|m| &m.roles)),
        };
        let pressed = self.bot.press(&press, &outbox).await;
        if let Some(form) = &pressed.form {
            if let Err(err) = outbox.open_form(form).await {
                tracing::warn!("could not open a form: {err:#}");
            }
        }
        self.settle_press(&outbox, pressed.spent).await;
    }

    /// A form sent back (MODAL_SUBMIT): its custom_id is a press of its own
    /// (a board's move, at the board's ply), with what was written in it.
    /// Acknowledged at once, as a button is.
    async fn on_form(&self, ctx: &Context, interaction: &ModalInteraction) {
        let channel = self.outbox(ctx);
        let outbox = ComponentOutbox::new(&channel, PressedVia::Form(interaction));
        if let Err(err) = outbox.acknowledge().await {
            tracing::warn!("could not acknowledge a form: {err:#}");
            return;
        }
        let typed = interaction
            .data
            .components
            .iter()
            .flat_map(|row| &row.components)
            .find_map(|component| match component {
                serenity::all::ActionRowComponent::InputText(input)
                    if input.custom_id == FORM_FIELD =>
                {
                    input.value.clone()
                }
                _ => None,
            });
        let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
        let press = PressRequest {
            actor: commands::actor(&interaction.user, nick),
            place: self.places.of_form(interaction),
            custom_id: interaction.data.custom_id.clone(),
            typed: Some(typed.unwrap_or_default()),
            locale: Lang::from_discord_locale(&interaction.locale),
            permissions: member_permissions(interaction.member.as_ref()),
            roles: member_roles(interaction.member.as_ref().map(|m| &m.roles)),
        };
        let pressed = self.bot.press(&press, &outbox).await;
        self.settle_press(&outbox, pressed.spent).await;
    }

    /// After the core answered a press: acknowledged if nothing answered it
    /// yet, and its message's buttons taken off when they are spent.
    async fn settle_press(&self, outbox: &ComponentOutbox<'_>, spent: bool) {
        if let Err(err) = outbox.acknowledge().await {
            tracing::warn!("could not acknowledge a button: {err:#}");
        }
        if spent {
            if let Err(err) = outbox.remove_buttons().await {
                tracing::warn!("could not remove spent buttons: {err:#}");
            }
        }
    }

    async fn on_message(&self, ctx: &Context, message: &Message) {
        let heard = heard(&message.content, self.me.get().copied());
        if heard == Heard::Nothing {
            return;
        }
        let place = self
            .places
            .of_channel(&ctx.http, message.guild_id, message.channel_id)
            .await;
        let nick = message.member.as_ref().and_then(|m| m.nick.as_deref());
        let actor = commands::actor(&message.author, nick);
        let roles = member_roles(message.member.as_ref().map(|m| &m.roles));
        let channel = self.outbox(ctx);
        let outbox = MessageOutbox::new(&channel, message);
        let command = match heard {
            Heard::Nothing => return,
            Heard::Command(command) => {
                let command = commands::name_mentions(command, &message.mentions);
                resolve_names(&ctx.http, &self.metrics, message.guild_id, command)
                    .await
                    .map_err(Refusal::Said)
            }
            Heard::Bare(command) => {
                // Chat that happens to look like a move is only taken as one
                // where a game is played: the core looks for that game as
                // the move's own lookup, and says nothing when there is none.
                let request = Request {
                    actor,
                    place,
                    command,
                    locale: None,
                    permissions: None,
                    roles,
                };
                return self.bot.handle_bare_move(&request, &outbox).await;
            }
            Heard::Error(err) => Err(Refusal::Command(err)),
        };
        // A message carries no locale: the user's or server's setting
        // decides. Nor does it carry the author's permissions: computing them
        // would take the server's roles and the channel's overwrites from
        // Discord on every privileged command, so those are left to the
        // slash command, whose interaction carries them.
        self.dispatch(actor, place, (None, None, roles), command, &outbox)
            .await;
    }

    /// Hands a command to the core, or tells the sender (privately where
    /// Discord allows) why what they wrote is not one.
    async fn dispatch(
        &self,
        actor: Actor,
        place: Place,
        (locale, permissions, roles): (Option<Lang>, Option<Permissions>, Vec<String>),
        command: Result<Command, Refusal>,
        outbox: &dyn Outbox,
    ) {
        match command {
            Ok(command) => {
                let request = Request {
                    actor,
                    place,
                    command,
                    locale,
                    permissions,
                    roles,
                };
                self.bot.handle(&request, outbox).await;
            }
            Err(refusal) => {
                let voice = self
                    .bot
                    .voice(&actor, &place, locale)
                    .await
                    .on(outbox.surface());
                let text = refusal.message(voice);
                if let Err(err) = outbox.post(&place, Reply::private(text)).await {
                    tracing::warn!("could not answer a command: {err:#}");
                }
            }
        }
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let total = ready.shard.map_or(1, |info| info.total);
        self.metrics.ready(ctx.shard_id.0, total);
        tracing::info!(
            user = %ready.user.name,
            guilds = ready.guilds.len(),
            "connected to Discord"
        );
        let _ = self.me.set(ready.user.id);
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        self.register_commands(&ctx).await;
        let bot = self.bot.clone();
        let outbox = Arc::new(self.outbox(&ctx));
        // Off the gateway's event loop: resumed games may each think a while.
        tokio::spawn(async move {
            Bot::spawn_engine_worker(bot.clone(), outbox.clone());
            bot.resume_pending(outbox.as_ref()).await;
            bot.sweep_idle(outbox.as_ref()).await;
            bot.post_daily_puzzles(outbox.as_ref()).await;
            Bot::spawn_sweeper(bot, outbox, SWEEP_EVERY);
        });
    }

    async fn resume(&self, _: Context, _: ResumedEvent) {
        self.metrics.resumed();
    }

    async fn message(&self, ctx: Context, message: Message) {
        // A stopping bot takes no new commands.
        if message.author.bot || self.bot.is_stopping() {
            return;
        }
        self.on_message(&ctx, &message)
            .instrument(tracing::info_span!("event", shard = ctx.shard_id.0))
            .await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if self.bot.is_stopping() {
            return;
        }
        let span = tracing::info_span!("event", shard = ctx.shard_id.0);
        self.on_interaction(&ctx, interaction)
            .instrument(span)
            .await;
    }
}

/// What a chat message means to the bot.
#[derive(Debug, PartialEq, Eq)]
enum Heard {
    /// Not addressed to the bot: stay silent.
    Nothing,
    Command(Command),
    /// Plain chat that reads as a move: for the bot only where a game is.
    Bare(Command),
    /// Addressed to the bot (it has the prefix) but not understood.
    Error(CommandError),
}

/// Why a command was refused before it reached the core, to be said in the
/// user's language.
enum Refusal {
    Command(CommandError),
    Slash(SlashError),
    Said(Msg),
}

impl Refusal {
    fn message(self, voice: Voice) -> String {
        match self {
            Refusal::Command(err) => err.message(voice),
            Refusal::Slash(unread) => unread.message(voice),
            Refusal::Said(msg) => voice.say(msg),
        }
    }
}

/// Reads a chat message: `!xq <command>` or `@bot <command>` always gets an
/// answer; anything else only when it is, as a whole, a move. (Without the
/// message content intent Discord still delivers messages that mention the
/// bot, so `@bot play` works there too.)
fn heard(text: &str, me: Option<UserId>) -> Heard {
    let text = text.trim();
    if let Some(rest) = me.and_then(|me| strip_mention(text, me)) {
        return match parse(rest) {
            Ok(command) => Heard::Command(command),
            Err(err) => Heard::Error(err),
        };
    }
    if has_prefix(text) {
        return match parse(text) {
            Ok(command) => Heard::Command(command),
            Err(err) => Heard::Error(err),
        };
    }
    match parse(text) {
        Ok(command @ Command::Move { .. }) => Heard::Bare(command),
        _ => Heard::Nothing,
    }
}

/// The text after a leading mention of `me` (`<@id>` or `<@!id>`).
fn strip_mention(text: &str, me: UserId) -> Option<&str> {
    let rest = text.strip_prefix("<@")?;
    let rest = rest.strip_prefix('!').unwrap_or(rest);
    let rest = rest.strip_prefix(&me.to_string())?;
    Some(rest.strip_prefix('>')?.trim_start())
}

/// Most members a name search looks at; a name shared by more is ambiguous
/// anyway.
const NAME_SEARCH_LIMIT: u64 = 10;

/// Users named by plain name in a typed command (`challenge bob`,
/// `stats bob`), not by a mention, looked up among the server's members: one
/// member whose name, display name or nickname is that name (in any case)
/// stands for it; none or several are refused, saying so. Mentions were
/// already resolved by Discord.
async fn resolve_names(
    http: &Http,
    metrics: &DiscordMetrics,
    guild: Option<GuildId>,
    command: Command,
) -> Result<Command, Msg> {
    let resolve = |who: Actor| async move {
        if places::parse_id(&who.id).is_ok() {
            return Ok(who);
        }
        let name = who.name.trim_start_matches('@').to_string();
        let Some(guild) = guild else {
            return Err(Msg::NameNeedsMention {
                name: in_code(&name),
            });
        };
        let members = retrying(metrics, SEARCH_MEMBERS, |_| {
            guild.search_members(http, &name, Some(NAME_SEARCH_LIMIT))
        })
        .await
        .map_err(|err| {
            tracing::warn!("searching members failed: {err}");
            Msg::NameLookupFailed {
                name: in_code(&name),
            }
        })?;
        let same = |text: &str| text.to_lowercase() == name.to_lowercase();
        let matching: Vec<_> = members
            .iter()
            .filter(|m| {
                same(&m.user.name)
                    || m.user.global_name.as_deref().is_some_and(same)
                    || m.nick.as_deref().is_some_and(same)
            })
            .collect();
        match matching.as_slice() {
            [member] => Ok(commands::actor(&member.user, member.nick.as_deref())),
            [] => Err(Msg::NameNobody {
                name: in_code(&name),
            }),
            _ => Err(Msg::NameSeveral {
                name: in_code(&name),
            }),
        }
    };
    let mut command = command;
    for who in command.actors_mut() {
        *who = resolve(who.clone()).await?;
    }
    Ok(command)
}

/// `!xq` followed by nothing or a space, in any case (`!XQ play`).
fn has_prefix(text: &str) -> bool {
    match text.get(..PREFIX.len()) {
        Some(head) if head.eq_ignore_ascii_case(PREFIX) => text[PREFIX.len()..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace),
        _ => false,
    }
}

/// What the member who invoked a slash command or pressed a button may
/// manage, from the permissions Discord computed for them in that channel
/// (`member.permissions`, sent with every interaction in a server). Outside
/// a server (a DM) there is nothing to manage.
fn member_permissions(member: Option<&Member>) -> Option<Permissions> {
    let Some(member) = member else {
        return Some(Permissions::NONE);
    };
    let granted = member.permissions?;
    let admin = granted.administrator();
    Some(Permissions {
        manage_server: admin || granted.manage_guild(),
        manage_messages: admin || granted.manage_messages(),
    })
}

/// The roles Discord reports a member holding (sent with every
/// interaction and message in a server); none outside one.
fn member_roles(roles: Option<&Vec<RoleId>>) -> Vec<String> {
    roles
        .into_iter()
        .flatten()
        .map(|role| role.to_string())
        .collect()
}

/// Whether every shard of the process is connected, as serenity's shard
/// manager has their stages; also sets the shards gauge of `metrics`.
pub(super) fn shards_connected(
    metrics: Arc<DiscordMetrics>,
    manager: Arc<OnceLock<Arc<ShardManager>>>,
) -> BoxFuture<'static, bool> {
    Box::pin(async move {
        let Some(manager) = manager.get() else {
            return metrics.shards_connected(0);
        };
        let connected = manager
            .runners
            .lock()
            .await
            .values()
            .filter(|runner| runner.stage == ConnectionStage::Connected)
            .count();
        metrics.shards_connected(connected)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heard_plain(text: &str) -> Heard {
        heard(text, Some(UserId::new(77)))
    }

    #[test]
    fn a_mention_of_the_bot_is_a_prefix() {
        assert!(matches!(
            heard_plain("<@77> play black 2"),
            Heard::Command(Command::Play { .. })
        ));
        assert!(matches!(
            heard_plain("<@!77>help"),
            Heard::Command(Command::Help {})
        ));
        assert!(matches!(heard_plain("<@77> castle"), Heard::Error(_)));
        assert_eq!(heard_plain("<@78> play"), Heard::Nothing);
        assert_eq!(heard("<@77> play", None), Heard::Nothing);
    }

    #[test]
    fn prefixed_text_is_always_answered() {
        assert!(matches!(
            heard_plain("!xq play black 2"),
            Heard::Command(Command::Play { .. })
        ));
        assert!(matches!(
            heard_plain("!XQ  help"),
            Heard::Command(Command::Help {})
        ));
        assert!(matches!(heard_plain("!xq"), Heard::Error(_)));
        assert!(matches!(heard_plain("!xq castle"), Heard::Error(_)));
    }

    #[test]
    fn chat_is_ignored_unless_it_is_a_move() {
        let bare = |text: &str| {
            Heard::Bare(Command::Move {
                text: crate::bot::MoveText(text.into()),
            })
        };
        assert_eq!(heard_plain("h2e2"), bare("h2e2"));
        assert_eq!(heard_plain("  炮二平五 "), bare("炮二平五"));
        assert_eq!(heard_plain("good game everyone"), Heard::Nothing);
        assert_eq!(heard_plain("help"), Heard::Nothing);
        assert_eq!(heard_plain("!xqz"), Heard::Nothing);
        assert_eq!(heard_plain(""), Heard::Nothing);
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_without_panicking(text in "\\PC{0,60}") {
            let _ = heard_plain(&text);
            let _ = heard_plain(&format!("!xq {text}"));
            let _ = heard_plain(&format!("<@77> {text}"));
        }
    }
}
