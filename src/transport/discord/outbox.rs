//! The core's [`Outbox`] on Discord, in four flavours that differ only in
//! what they answer:
//! - [`ChannelOutbox`]: plain channel messages (games resumed at start, the
//!   idle sweep, and moves played in a thread the command was not typed in);
//! - [`MessageOutbox`]: answers a typed `!xq` command or bare move; private
//!   replies quote the message (ordinary messages cannot be ephemeral) and a
//!   new game's thread grows from it;
//! - [`InteractionOutbox`]: answers a slash command through its interaction,
//!   keeping private replies ephemeral (see "What a user sees" in
//!   docs/architecture.md for the rules Discord imposes and how they are met);
//! - [`ComponentOutbox`]: answers a pressed button or a form sent back,
//!   privately to the presser or publicly in the channel, opens the form a
//!   press asks for, and takes spent buttons off their message.
//!
//! A game's controls stay live on its latest board only ([`LatestBoards`]):
//! each new board takes them off the one before, and the game's end off the
//! last.
//!
//! Every message names exactly the users and roles it may ping (Discord's
//! allowed mentions): the ones the core asked to notify, nobody else,
//! whatever the text says. Boards go as plain attachments, not embed images: Discord's
//! mobile clients crop embed images to a square, and the board is portrait.

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::Context;
use async_trait::async_trait;
use serenity::all::{
    AutoArchiveDuration, ButtonStyle, ChannelId, ChannelType, CommandInteraction,
    ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInputText, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateModal, CreateThread,
    EditInteractionResponse, EditMessage, Http, InputTextStyle, Message, MessageFlags, MessageId,
    MessageReference, ModalInteraction, Nonce, RoleId, UserId,
};
use tokio::sync::Mutex;

use super::metrics::DiscordMetrics;
use super::places::{parse_id, target_channel, Places};
use super::retry::{acknowledged_before, retrying, transient};
use super::retry::{
    CLEAR_BOARD_BUTTONS, CLEAR_PRESSED_BUTTONS, CLEAR_RESPONSE_BUTTONS, DELETE_RESPONSE,
    DELETE_TURN_NOTICE, EDIT_BOARD, EDIT_RESPONSE, FOLLOW_UP, FOLLOW_UP_PRIVATELY,
    INTERACTION_CALLBACK, POST_MESSAGE, POST_TURN_NOTICE, THREAD_ALONE, THREAD_FROM_MESSAGE,
};
use crate::bot::{Attachment, Button, Form, Outbox, Place, PlaceGone, Reply, Style};
use crate::i18n::Surface;

/// Discord's limit on a message's text, in characters.
const MAX_MESSAGE_CHARS: usize = 2000;
/// Discord's limit on a thread name.
const MAX_THREAD_NAME_CHARS: usize = 100;

/// Discord error codes that mean a channel will not take posts, now or
/// later: Unknown Channel, Missing Access, Missing Permissions, and a locked
/// thread.
const PLACE_GONE_CODES: [isize; 4] = [10003, 50001, 50013, 160005];

/// Each live game's latest board that carries its controls, as this
/// process posted it: a game's controls stay live on that board only, so a
/// new board takes them off the one before, and the game's end off the
/// last. Kept in memory: after a restart the board posted before it keeps
/// its buttons until they are pressed, when the core answers that the game
/// has moved on (or is over) and they are taken off.
#[derive(Default)]
pub struct LatestBoards {
    boards: std::sync::Mutex<HashMap<i64, (ChannelId, MessageId)>>,
    /// A one-board game's notice that it is someone's move, deleted when
    /// the board next changes.
    notices: std::sync::Mutex<HashMap<i64, (ChannelId, MessageId)>>,
}

impl LatestBoards {
    fn boards(&self) -> std::sync::MutexGuard<'_, HashMap<i64, (ChannelId, MessageId)>> {
        // Only a cache of what was posted: a half-made change is harmless.
        self.boards.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records `game`'s new latest board; returns the one it replaces.
    fn replace(&self, game: i64, board: (ChannelId, MessageId)) -> Option<(ChannelId, MessageId)> {
        self.boards()
            .insert(game, board)
            .filter(|old| *old != board)
    }

    fn take(&self, game: i64) -> Option<(ChannelId, MessageId)> {
        self.boards().remove(&game)
    }

    fn forget(&self, board: (ChannelId, MessageId)) {
        self.boards().retain(|_, known| *known != board);
    }

    fn latest(&self, game: i64) -> Option<(ChannelId, MessageId)> {
        self.boards().get(&game).copied()
    }

    /// Records `game`'s notice (`None`: no notice now); returns the one it
    /// replaces.
    fn replace_notice(
        &self,
        game: i64,
        notice: Option<(ChannelId, MessageId)>,
    ) -> Option<(ChannelId, MessageId)> {
        let mut notices = self.notices.lock().unwrap_or_else(|e| e.into_inner());
        match notice {
            Some(notice) => notices.insert(game, notice),
            None => notices.remove(&game),
        }
    }
}

/// Posts into channels and threads through Discord's REST API.
#[derive(Clone)]
pub struct ChannelOutbox {
    http: Arc<Http>,
    places: Arc<Places>,
    boards: Arc<LatestBoards>,
    metrics: Arc<DiscordMetrics>,
}

impl ChannelOutbox {
    pub fn new(
        http: Arc<Http>,
        places: Arc<Places>,
        boards: Arc<LatestBoards>,
        metrics: Arc<DiscordMetrics>,
    ) -> ChannelOutbox {
        ChannelOutbox {
            http,
            places,
            boards,
            metrics,
        }
    }

    /// `message` is now `game`'s latest board: the controls of the board
    /// before it are taken off, without holding up the reply.
    fn remember_board(&self, game: i64, channel: ChannelId, message: MessageId) {
        if let Some((channel, message)) = self.boards.replace(game, (channel, message)) {
            let outbox = self.clone();
            tokio::spawn(async move { outbox.clear_buttons(channel, message).await });
        }
    }

    /// A board whose buttons were taken off by a press.
    fn forget_board(&self, channel: ChannelId, message: MessageId) {
        self.boards.forget((channel, message));
    }

    /// Takes every button off one of the bot's messages; a failure is only
    /// logged (a press on what stays is answered as stale).
    async fn clear_buttons(&self, channel: ChannelId, message: MessageId) {
        let edit = EditMessage::new().components(Vec::new());
        let clearing = retrying(&self.metrics, CLEAR_BOARD_BUTTONS, |_| {
            channel.edit_message(&self.http, message, edit.clone())
        });
        if let Err(err) = clearing.await {
            tracing::info!(%channel, %message, "could not take a board's buttons off: {err}");
        }
    }

    pub fn http(&self) -> &Http {
        &self.http
    }

    /// Sends a reply, split into several messages when its text is too long
    /// for one; files ride on the last. `quote` makes the first a reply to
    /// that message (posted anyway if that message is gone).
    async fn send(
        &self,
        channel: ChannelId,
        reply: Reply,
        quote: Option<MessageId>,
    ) -> anyhow::Result<()> {
        let controls = reply.game_controls();
        if let (Some(game), Some(notice)) = (controls, reply.in_place.clone()) {
            match self.boards.latest(game) {
                Some((at, board)) if at == channel => {
                    match self.edit_board(channel, board, &reply).await {
                        Ok(()) => return self.notify_turn(game, channel, notice, &reply).await,
                        // The board is gone (deleted by a moderator) or will
                        // not take the edit: the board goes out anew.
                        Err(err) => tracing::info!(
                            game,
                            "could not edit a game's board, posting it anew: {err:#}"
                        ),
                    }
                }
                _ => {}
            }
        }
        let outgoing = Outgoing::from(reply);
        let count = outgoing.parts.len();
        let mut files = Some(outgoing.files);
        for (i, text) in outgoing.parts.into_iter().enumerate() {
            // One nonce for every attempt at this message: should an attempt
            // that failed on the way have reached Discord, the next is
            // answered with the message it made instead of a second one.
            let mut message = CreateMessage::new()
                .content(text)
                .allowed_mentions(allowed_mentions(&outgoing.mentions))
                .nonce(Nonce::String(new_nonce()))
                .enforce_nonce(true);
            if i == 0 {
                if let Some(id) = quote {
                    let reference = MessageReference::from((channel, id)).fail_if_not_exists(false);
                    message = message.reference_message(reference);
                }
            }
            if i + 1 == count {
                for file in files.take().unwrap_or_default() {
                    message = message.add_file(attachment(file));
                }
                message = message.components(outgoing.rows.clone());
            }
            let sent = retrying(&self.metrics, POST_MESSAGE, |_| {
                channel.send_message(&self.http, message.clone())
            })
            .await
            .map_err(|err| place_error(err, channel))?;
            if let (Some(game), true) = (controls, i + 1 == count) {
                self.remember_board(game, channel, sent.id);
            }
        }
        Ok(())
    }

    /// Shows a one-board game's new position by editing its latest board:
    /// the text, the picture and the controls replaced, pinging nobody.
    async fn edit_board(
        &self,
        channel: ChannelId,
        board: MessageId,
        reply: &Reply,
    ) -> anyhow::Result<()> {
        let mut edit = EditMessage::new()
            .content(truncate_chars(&reply.text, MAX_MESSAGE_CHARS))
            .allowed_mentions(allowed_mentions(&Pings::default()))
            .components(action_rows(&reply.buttons))
            .remove_all_attachments();
        for file in &reply.files {
            edit = edit.new_attachment(attachment(file.clone()));
        }
        retrying(&self.metrics, EDIT_BOARD, |_| {
            channel.edit_message(&self.http, board, edit.clone())
        })
        .await
        .map_err(|err| place_error(err, channel))?;
        Ok(())
    }

    /// After a one-board game's board was edited: the notice of whose move
    /// it was goes, and a new one, mentioning the player to move, is posted
    /// when the reply notifies anyone (an edit notifies nobody).
    async fn notify_turn(
        &self,
        game: i64,
        channel: ChannelId,
        notice: String,
        reply: &Reply,
    ) -> anyhow::Result<()> {
        let posted = if reply.mentions.is_empty() {
            None
        } else {
            let outgoing = Outgoing::from(Reply::public(notice).notifying(reply.mentions.clone()));
            let text = outgoing.parts.into_iter().next().unwrap_or_default();
            let message = CreateMessage::new()
                .content(text)
                .allowed_mentions(allowed_mentions(&outgoing.mentions))
                .nonce(Nonce::String(new_nonce()))
                .enforce_nonce(true);
            let sent = retrying(&self.metrics, POST_TURN_NOTICE, |_| {
                channel.send_message(&self.http, message.clone())
            })
            .await
            .map_err(|err| place_error(err, channel))?;
            Some((channel, sent.id))
        };
        if let Some((at, old)) = self.boards.replace_notice(game, posted) {
            let deleting = retrying(&self.metrics, DELETE_TURN_NOTICE, |_| {
                at.delete_message(&self.http, old)
            });
            if let Err(err) = deleting.await {
                tracing::info!(game, "could not delete a turn notice: {err}");
            }
        }
        Ok(())
    }

    /// Opens a public thread for a game in a guild channel, growing from
    /// `starter` when given. `None` (the game stays in the channel) where
    /// threads cannot be: in DMs, inside a thread, in a channel kind without
    /// threads, or without the permission (asked of Discord once per channel,
    /// then remembered, so refusals do not pile up as invalid requests).
    async fn thread_for(
        &self,
        place: &Place,
        title: &str,
        starter: Option<MessageId>,
    ) -> Option<Place> {
        if place.guild.is_none() || place.thread.is_some() {
            return None;
        }
        let channel = target_channel(place).ok()?;
        if !self.places.may_open_threads(channel) {
            return None;
        }
        let builder = CreateThread::new(thread_name(title))
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let made = match starter {
            Some(message) => {
                retrying(&self.metrics, THREAD_FROM_MESSAGE, |attempt| {
                    let builder = builder.clone();
                    async move {
                        match channel
                            .create_thread_from_message(&self.http, message, builder)
                            .await
                        {
                            // An attempt that failed on the way made it: a
                            // thread from a message has the message's id.
                            Err(err) if attempt > 1 && discord_code(&err) == Some(160004) => {
                                Ok(ChannelId::new(message.get()))
                            }
                            other => other.map(|thread| thread.id),
                        }
                    }
                })
                .await
            }
            None => {
                // No thread can be asked for twice without making two: a
                // failure on the way may leave one unused, which is better
                // than a game with no thread.
                let builder = builder.kind(ChannelType::PublicThread);
                retrying(&self.metrics, THREAD_ALONE, |_| {
                    let builder = builder.clone();
                    async move {
                        channel
                            .create_thread(&self.http, builder)
                            .await
                            .map(|thread| thread.id)
                    }
                })
                .await
            }
        };
        match made {
            Ok(thread) => {
                self.places.remember_thread(thread, channel);
                Some(Place {
                    guild: place.guild.clone(),
                    channel: place.channel.clone(),
                    thread: Some(thread.to_string()),
                })
            }
            Err(err) => {
                if discord_code(&err).is_some() && transient(&err).is_none() {
                    // Discord refused (permissions, channel kind): it will
                    // again, so stop asking in this channel.
                    self.places.forbid_threads(channel);
                }
                tracing::info!(%channel, "no thread for the game, it stays in the channel: {err}");
                None
            }
        }
    }
}

#[async_trait]
impl Outbox for ChannelOutbox {
    fn surface(&self) -> Surface {
        Surface::Slash
    }

    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        self.send(target_channel(place)?, reply, None).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.thread_for(place, title, None).await
    }

    async fn game_ended(&self, game: i64) {
        if let Some((channel, message)) = self.boards.take(game) {
            self.clear_buttons(channel, message).await;
        }
        if let Some((channel, notice)) = self.boards.replace_notice(game, None) {
            let deleting = retrying(&self.metrics, DELETE_TURN_NOTICE, |_| {
                channel.delete_message(&self.http, notice)
            });
            if let Err(err) = deleting.await {
                tracing::info!(game, "could not delete a turn notice: {err}");
            }
        }
    }

    fn is_direct_message(&self, place: &Place) -> bool {
        place.guild.is_none()
    }

    /// A channel mention, which Discord shows as a link to the channel or
    /// thread of a server; a DM is named by its id.
    fn link(&self, place: &Place) -> String {
        let id = place.thread.as_deref().unwrap_or(&place.channel);
        match parse_id(id) {
            Ok(id) if place.guild.is_some() => format!("<#{id}>"),
            _ => format!("#{}", crate::bot::markup::shown(id)),
        }
    }

    /// Only a channel mention, `<#id>`, which Discord's clients write when
    /// a channel is picked after `#`; a bare name could be any channel.
    fn channel_named(&self, typed: &str) -> Option<String> {
        let id = typed.strip_prefix("<#")?.strip_suffix('>')?;
        parse_id(id).ok().map(|id| id.to_string())
    }
}

/// Answers a typed message (`!xq …` or a bare move).
pub struct MessageOutbox<'a> {
    channel: &'a ChannelOutbox,
    message: &'a Message,
}

impl<'a> MessageOutbox<'a> {
    pub fn new(channel: &'a ChannelOutbox, message: &'a Message) -> MessageOutbox<'a> {
        MessageOutbox { channel, message }
    }
}

#[async_trait]
impl Outbox for MessageOutbox<'_> {
    fn surface(&self) -> Surface {
        Surface::Slash
    }

    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        let target = target_channel(place)?;
        let quote = (reply.private && target == self.message.channel_id).then_some(self.message.id);
        self.channel.send(target, reply, quote).await
    }

    async fn game_ended(&self, game: i64) {
        self.channel.game_ended(game).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        let here = target_channel(place).ok() == Some(self.message.channel_id);
        let starter = here.then_some(self.message.id);
        self.channel.thread_for(place, title, starter).await
    }

    fn is_direct_message(&self, place: &Place) -> bool {
        self.channel.is_direct_message(place)
    }

    fn link(&self, place: &Place) -> String {
        self.channel.link(place)
    }

    fn channel_named(&self, typed: &str) -> Option<String> {
        self.channel.channel_named(typed)
    }
}

/// Where a slash command's interaction stands. Discord allows one initial
/// response within 3 s (a message, or "thinking…" to be filled later); after
/// a deferral the first follow-up would fill "thinking…" with the deferral's
/// visibility whatever it asks for, so "thinking…" is always filled by an
/// explicit edit, and a reply of the other visibility goes as a follow-up
/// only once it has been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Response {
    /// Nothing sent yet: the first reply becomes the initial response.
    Pending,
    /// "thinking…", shown to everyone or (ephemeral) to the user alone.
    Deferred { ephemeral: bool },
    /// The original response shows a message: a reply, or a placeholder
    /// written only so that a reply of the other visibility could follow.
    Shown { placeholder: bool },
}

/// What a placeholder says while it stands (it is deleted at the end).
const PUBLIC_PLACEHOLDER: &str = "Answered privately.";
const PRIVATE_PLACEHOLDER: &str = "Answered in the channel.";

/// Answers a slash command.
pub struct InteractionOutbox<'a> {
    channel: &'a ChannelOutbox,
    interaction: &'a CommandInteraction,
    response: Mutex<Response>,
    /// A channel (a game's thread) that public replies went to instead.
    elsewhere: std::sync::Mutex<Option<ChannelId>>,
}

impl<'a> InteractionOutbox<'a> {
    pub fn new(
        channel: &'a ChannelOutbox,
        interaction: &'a CommandInteraction,
    ) -> InteractionOutbox<'a> {
        InteractionOutbox {
            channel,
            interaction,
            response: Mutex::new(Response::Pending),
            elsewhere: Default::default(),
        }
    }

    fn http(&self) -> &Http {
        &self.channel.http
    }

    /// Shows "thinking…" (to everyone, or only to the user) unless the
    /// interaction was answered already. Called at once for commands whose
    /// answer is private by nature, and otherwise when the core has not
    /// answered within the adapter's deadline.
    pub async fn defer(&self, ephemeral: bool) -> anyhow::Result<()> {
        let mut response = self.response.lock().await;
        self.defer_held(&mut response, ephemeral).await
    }

    /// [`InteractionOutbox::defer`] with the response's lock held.
    async fn defer_held(&self, response: &mut Response, ephemeral: bool) -> anyhow::Result<()> {
        if *response != Response::Pending {
            return Ok(());
        }
        let defer = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        );
        callback(&self.channel.metrics, || {
            self.interaction.create_response(self.http(), defer.clone())
        })
        .await
        .context("deferring a slash command")?;
        *response = Response::Deferred { ephemeral };
        Ok(())
    }

    /// The initial response: a message with this visibility.
    async fn respond(
        &self,
        text: String,
        files: Vec<Attachment>,
        private: bool,
        mentions: &Pings,
        rows: Vec<CreateActionRow>,
    ) -> anyhow::Result<()> {
        let mut message = CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(private)
            .allowed_mentions(allowed_mentions(mentions))
            .components(rows);
        for file in files {
            message = message.add_file(attachment(file));
        }
        let response = CreateInteractionResponse::Message(message);
        callback(&self.channel.metrics, || {
            self.interaction
                .create_response(self.http(), response.clone())
        })
        .await
        .context("answering a slash command")
    }

    async fn follow_up(
        &self,
        text: String,
        files: Vec<Attachment>,
        outgoing: &Outgoing,
        rows: Vec<CreateActionRow>,
    ) -> anyhow::Result<MessageId> {
        let mut builder = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(outgoing.private)
            .allowed_mentions(allowed_mentions(&outgoing.mentions))
            .components(rows);
        for file in files {
            builder = builder.add_file(attachment(file));
        }
        let sent = retrying(&self.channel.metrics, FOLLOW_UP, |_| {
            self.interaction
                .create_followup(self.http(), builder.clone())
        })
        .await
        .context("following up a slash command")?;
        Ok(sent.id)
    }

    /// Replaces "thinking…" (the original response) with this message.
    async fn edit_original(
        &self,
        text: String,
        files: Vec<Attachment>,
        mentions: &Pings,
        rows: Vec<CreateActionRow>,
    ) -> anyhow::Result<MessageId> {
        let mut builder = EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(allowed_mentions(mentions))
            .components(rows);
        for file in files {
            builder = builder.new_attachment(attachment(file));
        }
        let edited = retrying(&self.channel.metrics, EDIT_RESPONSE, |_| {
            self.interaction.edit_response(self.http(), builder.clone())
        })
        .await
        .context("answering a slash command")?;
        Ok(edited.id)
    }

    /// Sends one message of a reply through the interaction, in the way its
    /// state allows, and returns the new state and the message's id (none
    /// for an initial response, whose id Discord does not return).
    async fn send_part(
        &self,
        state: Response,
        text: String,
        files: Vec<Attachment>,
        outgoing: &Outgoing,
        rows: Vec<CreateActionRow>,
    ) -> anyhow::Result<(Response, Option<MessageId>)> {
        match state {
            Response::Pending => {
                self.respond(text, files, outgoing.private, &outgoing.mentions, rows)
                    .await?;
                Ok((Response::Shown { placeholder: false }, None))
            }
            Response::Deferred { ephemeral } if ephemeral == outgoing.private => {
                let id = self
                    .edit_original(text, files, &outgoing.mentions, rows)
                    .await?;
                Ok((Response::Shown { placeholder: false }, Some(id)))
            }
            Response::Deferred { ephemeral } => {
                let placeholder = if ephemeral {
                    PRIVATE_PLACEHOLDER
                } else {
                    PUBLIC_PLACEHOLDER
                };
                self.edit_original(
                    placeholder.to_string(),
                    Vec::new(),
                    &Pings::default(),
                    Vec::new(),
                )
                .await?;
                let id = self.follow_up(text, files, outgoing, rows).await?;
                Ok((Response::Shown { placeholder: true }, Some(id)))
            }
            shown @ Response::Shown { .. } => {
                let id = self.follow_up(text, files, outgoing, rows).await?;
                Ok((shown, Some(id)))
            }
        }
    }

    /// Called once the core is done, so that nothing is left half-done: an
    /// interaction nobody answered says where the answer went (a game's
    /// thread) or that it is done; "thinking…" that nothing filled likewise;
    /// a placeholder is removed.
    pub async fn finish(&self) {
        let response = *self.response.lock().await;
        let elsewhere = *self.elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        let note = match elsewhere {
            Some(channel) => format!("See <#{channel}>."),
            None => "Done.".to_string(),
        };
        let result = match response {
            Response::Shown { placeholder: false } => Ok(()),
            Response::Shown { placeholder: true } => {
                retrying(&self.channel.metrics, DELETE_RESPONSE, |_| {
                    self.interaction.delete_response(self.http())
                })
                .await
                .map_err(anyhow::Error::from)
            }
            Response::Deferred { .. } => self
                .edit_original(note, Vec::new(), &Pings::default(), Vec::new())
                .await
                .map(drop),
            Response::Pending => {
                // Nothing answered here: say where the answer went, or
                // (only to the user) that the command is done.
                self.respond(
                    note,
                    Vec::new(),
                    elsewhere.is_none(),
                    &Pings::default(),
                    Vec::new(),
                )
                .await
            }
        };
        if let Err(err) = result {
            tracing::warn!("could not tidy a slash command's response: {err:#}");
        }
    }
}

#[async_trait]
impl Outbox for InteractionOutbox<'_> {
    fn answers_every_request(&self) -> bool {
        true
    }

    fn surface(&self) -> Surface {
        Surface::Slash
    }

    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        if !reply.private {
            let target = target_channel(place)?;
            if target != self.interaction.channel_id {
                self.elsewhere
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(target);
                return self.channel.send(target, reply, None).await;
            }
        }
        let private = reply.private;
        let kept = (!private).then(|| reply.clone());
        let controls = reply.game_controls();
        let mut outgoing = Outgoing::from(reply);
        let mut response = self.response.lock().await;
        let count = outgoing.parts.len();
        let mut files = Some(std::mem::take(&mut outgoing.files));
        for (i, text) in std::mem::take(&mut outgoing.parts).into_iter().enumerate() {
            let (files, rows) = if i + 1 == count {
                (files.take().unwrap_or_default(), outgoing.rows.clone())
            } else {
                (Vec::new(), Vec::new())
            };
            match self
                .send_part(*response, text, files, &outgoing, rows)
                .await
            {
                Ok((state, id)) => {
                    *response = state;
                    if let (Some(game), true) = (controls, i + 1 == count) {
                        let id = match id {
                            Some(id) => Some(id),
                            // The initial response's id is only read back.
                            None => match self.interaction.get_response(self.http()).await {
                                Ok(message) => Some(message.id),
                                Err(err) => {
                                    tracing::warn!("could not read back a board's id: {err}");
                                    None
                                }
                            },
                        };
                        if let Some(id) = id {
                            self.channel
                                .remember_board(game, self.interaction.channel_id, id);
                        }
                    }
                }
                // The token's 15 minutes are over (a long review): a public
                // reply not yet begun goes to the channel instead.
                Err(err) if i == 0 && token_expired(&err) => {
                    if let Some(reply) = kept {
                        tracing::info!("the interaction's token expired; answering in the channel");
                        return self
                            .channel
                            .send(self.interaction.channel_id, reply, None)
                            .await;
                    }
                    return Err(err);
                }
                Err(err) => return Err(err),
            }
        }
        Ok(())
    }

    /// Edits the deferred response to say how far the answer is, deferring
    /// publicly first if nothing was sent yet; the answer then replaces it.
    /// Once the response shows an answer, or "thinking…" to the user alone,
    /// there is nothing public to edit and nothing is shown.
    async fn progress(&self, _place: &Place, text: &str) -> anyhow::Result<()> {
        let mut response = self.response.lock().await;
        self.defer_held(&mut response, false).await?;
        if *response == (Response::Deferred { ephemeral: false }) {
            self.edit_original(text.to_owned(), Vec::new(), &Pings::default(), Vec::new())
                .await?;
        }
        Ok(())
    }

    async fn game_ended(&self, game: i64) {
        self.channel.game_ended(game).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        // Discord tells the interaction whether the bot may make threads
        // here; asking when it may not would only collect refusals.
        let allowed = self
            .interaction
            .app_permissions
            .is_none_or(|p| p.create_public_threads() && p.send_messages_in_threads());
        if !allowed {
            return None;
        }
        // A thread of its own: the response to the command then points to it.
        self.channel.thread_for(place, title, None).await
    }

    fn is_direct_message(&self, place: &Place) -> bool {
        self.channel.is_direct_message(place)
    }

    fn link(&self, place: &Place) -> String {
        self.channel.link(place)
    }

    fn channel_named(&self, typed: &str) -> Option<String> {
        self.channel.channel_named(typed)
    }
}

/// The interaction a press came as: a button's (MESSAGE_COMPONENT), or a
/// form's sent back (MODAL_SUBMIT, from the button that opened it).
#[derive(Clone, Copy)]
pub enum PressedVia<'a> {
    Button(&'a ComponentInteraction),
    Form(&'a ModalInteraction),
}

impl PressedVia<'_> {
    /// The message the press came from: the button's, or the one whose
    /// button opened the form.
    fn message(&self) -> Option<&Message> {
        match self {
            PressedVia::Button(interaction) => Some(&interaction.message),
            PressedVia::Form(interaction) => interaction.message.as_deref(),
        }
    }

    async fn create_response(
        &self,
        http: &Http,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            PressedVia::Button(interaction) => interaction.create_response(http, response).await,
            PressedVia::Form(interaction) => interaction.create_response(http, response).await,
        }
    }

    async fn create_followup(
        &self,
        http: &Http,
        followup: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match self {
            PressedVia::Button(interaction) => interaction.create_followup(http, followup).await,
            PressedVia::Form(interaction) => interaction.create_followup(http, followup).await,
        }
    }

    async fn edit_response(
        &self,
        http: &Http,
        edit: EditInteractionResponse,
    ) -> serenity::Result<Message> {
        match self {
            PressedVia::Button(interaction) => interaction.edit_response(http, edit).await,
            PressedVia::Form(interaction) => interaction.edit_response(http, edit).await,
        }
    }
}

/// Discord's limits on a modal's title and a text input's label, and on
/// the input's placeholder.
const MAX_MODAL_TITLE_CHARS: usize = 45;
const MAX_PLACEHOLDER_CHARS: usize = 100;
/// The longest move a player writes (`炮二平五` is 4 characters, `R+=5` 4,
/// ICCS 4; this leaves room for spaces and a `move ` they type by habit).
const MAX_MOVE_CHARS: u16 = 40;

/// Answers a pressed button, or a form sent back. The press is
/// acknowledged at once without a message (DEFERRED_UPDATE_MESSAGE:
/// nothing changes on the pressed message until the bot edits it), so
/// Discord's 3 s never run out while the core works; public replies then go
/// to their channel like any post, and private ones as ephemeral follow-ups,
/// seen by the presser alone. A press that opens a form is not
/// acknowledged first: the form (MODAL) must be its initial response.
pub struct ComponentOutbox<'a> {
    channel: &'a ChannelOutbox,
    interaction: PressedVia<'a>,
    acknowledged: Mutex<bool>,
}

impl<'a> ComponentOutbox<'a> {
    pub fn new(channel: &'a ChannelOutbox, interaction: PressedVia<'a>) -> ComponentOutbox<'a> {
        ComponentOutbox {
            channel,
            interaction,
            acknowledged: Mutex::new(false),
        }
    }

    /// Acknowledges the press (callback type 6), unless that was done.
    pub async fn acknowledge(&self) -> anyhow::Result<()> {
        let mut acknowledged = self.acknowledged.lock().await;
        if *acknowledged {
            return Ok(());
        }
        callback(&self.channel.metrics, || {
            self.interaction
                .create_response(&self.channel.http, CreateInteractionResponse::Acknowledge)
        })
        .await
        .context("acknowledging a button")?;
        *acknowledged = true;
        Ok(())
    }

    /// Answers the press with a form (callback type 9, MODAL) of one line
    /// of text; only possible while nothing else answered it.
    pub async fn open_form(&self, form: &Form) -> anyhow::Result<()> {
        let mut acknowledged = self.acknowledged.lock().await;
        anyhow::ensure!(!*acknowledged, "a form can only be a press's first answer");
        let input = CreateInputText::new(
            InputTextStyle::Short,
            truncate_chars(&form.label, MAX_MODAL_TITLE_CHARS),
            FORM_FIELD,
        )
        .placeholder(truncate_chars(&form.placeholder, MAX_PLACEHOLDER_CHARS))
        .min_length(1)
        .max_length(MAX_MOVE_CHARS)
        .required(true);
        let modal = CreateModal::new(
            form.custom_id.clone(),
            truncate_chars(&form.title, MAX_MODAL_TITLE_CHARS),
        )
        .components(vec![CreateActionRow::InputText(input)]);
        callback(&self.channel.metrics, || {
            self.interaction.create_response(
                &self.channel.http,
                CreateInteractionResponse::Modal(modal.clone()),
            )
        })
        .await
        .context("opening a form")?;
        *acknowledged = true;
        Ok(())
    }

    /// Takes the buttons off the message the press came from, leaving its
    /// text and its files (an edit that names no attachments keeps them
    /// all). An ephemeral message (a resignation's confirmation) exists only
    /// for the interaction's webhook, so it is edited through it: after a
    /// deferred update, the original response is the pressed message.
    pub async fn remove_buttons(&self) -> anyhow::Result<()> {
        let Some(message) = self.interaction.message() else {
            return Ok(());
        };
        if message
            .flags
            .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL))
        {
            retrying(&self.channel.metrics, CLEAR_RESPONSE_BUTTONS, |_| {
                self.interaction.edit_response(
                    &self.channel.http,
                    EditInteractionResponse::new().components(Vec::new()),
                )
            })
            .await
            .context("removing used buttons")?;
            return Ok(());
        }
        self.channel.forget_board(message.channel_id, message.id);
        retrying(&self.channel.metrics, CLEAR_PRESSED_BUTTONS, |_| {
            message.channel_id.edit_message(
                &self.channel.http,
                message.id,
                EditMessage::new().components(Vec::new()),
            )
        })
        .await
        .context("removing used buttons")?;
        Ok(())
    }
}

/// The custom_id of a form's one text input.
pub const FORM_FIELD: &str = "text";

#[async_trait]
impl Outbox for ComponentOutbox<'_> {
    fn answers_every_request(&self) -> bool {
        true
    }

    fn surface(&self) -> Surface {
        Surface::Slash
    }

    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        if !reply.private {
            return self.channel.post(place, reply).await;
        }
        // A follow-up needs the press acknowledged (a press that could
        // open a form is not, until the core answers).
        self.acknowledge().await?;
        let outgoing = Outgoing::from(reply);
        let count = outgoing.parts.len();
        let mut files = Some(outgoing.files.clone());
        for (i, text) in outgoing.parts.iter().enumerate() {
            let mut builder = CreateInteractionResponseFollowup::new()
                .content(text.clone())
                .ephemeral(true)
                .allowed_mentions(allowed_mentions(&Pings::default()));
            if i + 1 == count {
                for file in files.take().unwrap_or_default() {
                    builder = builder.add_file(attachment(file));
                }
                builder = builder.components(outgoing.rows.clone());
            }
            retrying(&self.channel.metrics, FOLLOW_UP_PRIVATELY, |_| {
                self.interaction
                    .create_followup(&self.channel.http, builder.clone())
            })
            .await
            .context("answering a button privately")?;
        }
        Ok(())
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.channel.thread_for(place, title, None).await
    }

    async fn game_ended(&self, game: i64) {
        self.channel.game_ended(game).await
    }

    fn is_direct_message(&self, place: &Place) -> bool {
        self.channel.is_direct_message(place)
    }

    fn link(&self, place: &Place) -> String {
        self.channel.link(place)
    }

    fn channel_named(&self, typed: &str) -> Option<String> {
        self.channel.channel_named(typed)
    }
}

/// A reply as Discord messages: the text in parts that fit, the files for
/// the last part, the users it may ping (named at its start, since a
/// notification needs a mention in the text).
struct Outgoing {
    parts: Vec<String>,
    files: Vec<Attachment>,
    mentions: Pings,
    private: bool,
    /// The buttons, for the last part.
    rows: Vec<CreateActionRow>,
}

impl From<Reply> for Outgoing {
    fn from(reply: Reply) -> Outgoing {
        let mentions = Pings {
            users: reply
                .mentions
                .iter()
                .filter_map(|id| parse_id(id).ok().map(UserId::new))
                .collect(),
            roles: reply
                .role_mentions
                .iter()
                .filter_map(|id| parse_id(id).ok().map(RoleId::new))
                .collect(),
        };
        let named: Vec<String> = (mentions.users.iter().map(|id| format!("<@{id}>")))
            .chain(mentions.roles.iter().map(|id| format!("<@&{id}>")))
            .collect();
        let text = if named.is_empty() {
            reply.text
        } else {
            format!("{} {}", named.join(" "), reply.text)
        };
        Outgoing {
            parts: split_text(&text),
            files: reply.files,
            mentions,
            private: reply.private,
            rows: action_rows(&reply.buttons),
        }
    }
}

/// Who a message may ping: these users and roles, nobody else.
#[derive(Clone, Debug, Default)]
struct Pings {
    users: Vec<UserId>,
    roles: Vec<RoleId>,
}

/// Discord's most buttons in one action row, and most rows in a message.
const BUTTONS_PER_ROW: usize = 5;
const MAX_ROWS: usize = 5;

/// Buttons as Discord's action rows, five to a row. The core offers far
/// fewer than the 25 a message holds; any beyond are left off, not sent to
/// be refused with the whole message.
fn action_rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    if buttons.len() > BUTTONS_PER_ROW * MAX_ROWS {
        tracing::warn!(count = buttons.len(), "more buttons than a message holds");
    }
    buttons
        .chunks(BUTTONS_PER_ROW)
        .take(MAX_ROWS)
        .map(|row| CreateActionRow::Buttons(row.iter().map(discord_button).collect()))
        .collect()
}

fn discord_button(button: &Button) -> CreateButton {
    let style = match button.style {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Danger => ButtonStyle::Danger,
    };
    // Discord's limit on a label is 80 characters; labels are catalog
    // words, so cutting one only guards against a bad translation.
    let label: String = button.label.chars().take(80).collect();
    CreateButton::new(button.press.custom_id())
        .label(label)
        .style(style)
}

/// Pings exactly these users: no roles, no @everyone, no reply ping.
fn allowed_mentions(pings: &Pings) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .users(pings.users.iter().copied())
        .roles(pings.roles.iter().copied())
        .replied_user(false)
}

/// Discord's error code in a refused request, if it was one.
fn discord_code(err: &serenity::Error) -> Option<isize> {
    match err {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// Whether Discord refused a call because the interaction's token is no
/// longer valid (50027, *Invalid Webhook Token*: its 15 minutes are over).
fn token_expired(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|cause| cause.downcast_ref::<serenity::Error>())
        .any(|err| discord_code(err) == Some(50027))
}

/// An interaction callback, tried again after failures on the way; a
/// repeat refused as already acknowledged (40060) means an earlier attempt
/// reached Discord, and the callback is done.
async fn callback<F, Fut>(metrics: &DiscordMetrics, mut call: F) -> serenity::Result<()>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<()>>,
{
    retrying(metrics, INTERACTION_CALLBACK, |attempt| {
        let sent = call();
        async move {
            match sent.await {
                Err(err) if attempt > 1 && acknowledged_before(&err) => Ok(()),
                other => other,
            }
        }
    })
    .await
}

/// A message nonce (Discord takes up to 25 characters): 16 hex digits, a
/// fresh one per message, the same for each attempt at it.
fn new_nonce() -> String {
    format!("{:016x}", super::retry::jitter())
}

/// A refused post as the core needs it: [`PlaceGone`] where the channel will
/// not take posts again.
fn place_error(err: serenity::Error, channel: ChannelId) -> anyhow::Error {
    let gone = discord_code(&err).is_some_and(|code| PLACE_GONE_CODES.contains(&code));
    let err = anyhow::Error::from(err);
    if gone {
        err.context(PlaceGone(format!("channel {channel}")))
    } else {
        err.context(format!("posting in channel {channel}"))
    }
}

/// A thread name Discord accepts: 1 to 100 characters.
fn thread_name(title: &str) -> String {
    let name = truncate_chars(title.trim(), MAX_THREAD_NAME_CHARS);
    if name.is_empty() {
        "Xiangqi".to_string()
    } else {
        name
    }
}

fn attachment(file: Attachment) -> CreateAttachment {
    CreateAttachment::bytes(file.bytes, file.filename)
}

/// Cuts text into pieces Discord accepts, at line ends where it can. Always
/// at least one piece (possibly empty, for a reply that is only files).
pub fn split_text(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut current_chars = 0;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let line_chars = line.chars().count();
            if current_chars + line_chars <= MAX_MESSAGE_CHARS {
                current.push_str(line);
                current_chars += line_chars;
                break;
            }
            if current_chars > 0 {
                parts.push(std::mem::take(&mut current));
                current_chars = 0;
                continue;
            }
            // One line longer than a whole message: cut it.
            let cut = line
                .char_indices()
                .nth(MAX_MESSAGE_CHARS)
                .map_or(line.len(), |(at, _)| at);
            parts.push(line[..cut].to_string());
            line = &line[cut..];
        }
    }
    if current_chars > 0 || parts.is_empty() {
        parts.push(current);
    }
    parts
}

fn truncate_chars(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_one_message() {
        assert_eq!(split_text("h2e2\nh7e7"), vec!["h2e2\nh7e7"]);
        assert_eq!(split_text(""), vec![""]);
    }

    #[test]
    fn long_text_splits_at_line_ends_within_the_limit() {
        let line = format!("{}\n", "炮".repeat(99));
        let text = line.repeat(50);
        let parts = split_text(&text);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= MAX_MESSAGE_CHARS));
        assert!(parts.iter().all(|p| p.ends_with('\n')));
        assert_eq!(parts.concat(), text);
    }

    #[test]
    fn an_overlong_line_is_cut() {
        let text = "x".repeat(4500);
        let parts = split_text(&text);
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            vec![2000, 2000, 500]
        );
    }

    proptest::proptest! {
        #[test]
        fn splitting_keeps_every_character(text in "(.{0,300}\n?){0,30}") {
            let parts = split_text(&text);
            proptest::prop_assert_eq!(parts.concat(), text);
            proptest::prop_assert!(parts.iter().all(|p| p.chars().count() <= MAX_MESSAGE_CHARS));
        }
    }
}
