//! What the bot does with each gateway event: on READY it registers the slash
//! command and picks up games waiting on it; a slash command is deferred at
//! once, then handed to the core; a typed `!xq` command or a bare move in a
//! game's place is handed to the core too. Everything else is ignored.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AutocompleteChoice, CommandInteraction, Context, CreateAutocompleteResponse,
    CreateInteractionResponse, EventHandler, GuildId, Interaction, Message, Ready,
};
use serenity::async_trait;

use super::commands;
use super::outbox::{ChannelOutbox, InteractionOutbox, MessageOutbox};
use super::places::Places;
use crate::bot::command::{self, PREFIX};
use crate::bot::{Actor, Bot, Command, Outbox, Place, Reply, Request};

/// How often abandoned games and expired challenges are looked for (as in the
/// console; the query is one indexed read).
const SWEEP_EVERY: Duration = Duration::from_secs(60);

pub struct Handler {
    bot: Arc<Bot>,
    places: Arc<Places>,
    /// Register the slash command in this guild only (instant) instead of
    /// globally (which Discord may take up to an hour to show).
    dev_guild: Option<GuildId>,
    /// READY comes again after every reconnect; start-up work runs once.
    started: AtomicBool,
}

impl Handler {
    pub fn new(bot: Arc<Bot>, dev_guild: Option<GuildId>) -> Handler {
        Handler {
            bot,
            places: Arc::new(Places::new()),
            dev_guild,
            started: AtomicBool::new(false),
        }
    }

    fn outbox(&self, ctx: &Context) -> ChannelOutbox {
        ChannelOutbox::new(ctx.http.clone(), self.places.clone())
    }

    async fn register_commands(&self, ctx: &Context) {
        let definition = vec![commands::definition()];
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

    async fn on_slash(&self, ctx: &Context, interaction: &CommandInteraction) {
        // Discord forgets an interaction not answered within 3 s, and the
        // engine may think longer: acknowledge first, answer later.
        if let Err(err) = interaction.defer(&ctx.http).await {
            tracing::warn!("could not defer a slash command: {err}");
            return;
        }
        let channel = self.outbox(ctx);
        let outbox = InteractionOutbox::new(&channel, interaction);
        let place = self.places.of_interaction(interaction);
        let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
        let actor = commands::actor(&interaction.user, nick);
        let command = commands::read(&interaction.data);
        self.dispatch(actor, place, command, &outbox).await;
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

    async fn on_message(&self, ctx: &Context, message: &Message) {
        let heard = heard(&message.content);
        if heard == Heard::Nothing {
            return;
        }
        let place = self
            .places
            .of_channel(&ctx.http, message.guild_id, message.channel_id)
            .await;
        let nick = message.member.as_ref().and_then(|m| m.nick.as_deref());
        let actor = commands::actor(&message.author, nick);
        let channel = self.outbox(ctx);
        let outbox = MessageOutbox::new(&channel, message);
        let command = match heard {
            Heard::Nothing => return,
            Heard::Command(command) => Ok(commands::name_mentions(command, &message.mentions)),
            Heard::Bare(command) => {
                // Chat that happens to look like a move is only taken as one
                // where a game is played: the core looks for that game as
                // the move's own lookup, and says nothing when there is none.
                let request = Request {
                    actor,
                    place,
                    command,
                };
                return self.bot.handle_bare_move(&request, &outbox).await;
            }
            Heard::Error(text) => Err(text),
        };
        self.dispatch(actor, place, command, &outbox).await;
    }

    /// Hands a command to the core, or tells the sender (privately where
    /// Discord allows) why what they wrote is not one.
    async fn dispatch(
        &self,
        actor: Actor,
        place: Place,
        command: Result<Command, String>,
        outbox: &dyn Outbox,
    ) {
        match command {
            Ok(command) => {
                let request = Request {
                    actor,
                    place,
                    command,
                };
                self.bot.handle(&request, outbox).await;
            }
            Err(text) => {
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
        tracing::info!(
            user = %ready.user.name,
            guilds = ready.guilds.len(),
            "connected to Discord"
        );
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        self.register_commands(&ctx).await;
        let bot = self.bot.clone();
        let outbox = Arc::new(self.outbox(&ctx));
        // Off the gateway's event loop: resumed games may each think a while.
        tokio::spawn(async move {
            bot.resume_pending(outbox.as_ref()).await;
            bot.sweep_idle(outbox.as_ref()).await;
            Bot::spawn_sweeper(bot, outbox, SWEEP_EVERY);
        });
    }

    async fn message(&self, ctx: Context, message: Message) {
        if message.author.bot {
            return;
        }
        self.on_message(&ctx, &message).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) if command.data.name == commands::NAME => {
                self.on_slash(&ctx, &command).await;
            }
            Interaction::Autocomplete(command) if command.data.name == commands::NAME => {
                self.on_autocomplete(&ctx, &command).await;
            }
            _ => {}
        }
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
    Error(String),
}

/// Reads a chat message: `!xq <command>` always gets an answer; anything else
/// only when it is, as a whole, a move.
fn heard(text: &str) -> Heard {
    let text = text.trim();
    if has_prefix(text) {
        return match command::parse(text) {
            Ok(command) => Heard::Command(command),
            Err(err) => Heard::Error(err.to_string()),
        };
    }
    match command::parse(text) {
        Ok(Command::Move(played)) => Heard::Bare(Command::Move(played)),
        _ => Heard::Nothing,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixed_text_is_always_answered() {
        assert!(matches!(
            heard("!xq play black 2"),
            Heard::Command(Command::Play { .. })
        ));
        assert!(matches!(heard("!XQ  help"), Heard::Command(Command::Help)));
        assert!(matches!(heard("!xq"), Heard::Error(_)));
        assert!(matches!(heard("!xq castle"), Heard::Error(_)));
    }

    #[test]
    fn chat_is_ignored_unless_it_is_a_move() {
        assert_eq!(heard("h2e2"), Heard::Bare(Command::Move("h2e2".into())));
        assert_eq!(
            heard("  炮二平五 "),
            Heard::Bare(Command::Move("炮二平五".into()))
        );
        assert_eq!(heard("good game everyone"), Heard::Nothing);
        assert_eq!(heard("help"), Heard::Nothing);
        assert_eq!(heard("!xqz"), Heard::Nothing);
        assert_eq!(heard(""), Heard::Nothing);
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_without_panicking(text in "\\PC{0,60}") {
            let _ = heard(&text);
            let _ = heard(&format!("!xq {text}"));
        }
    }
}
