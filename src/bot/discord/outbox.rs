//! The core's [`Outbox`] on Discord, in three flavours that differ only in
//! what they answer:
//! - [`ChannelOutbox`]: plain channel messages (games resumed at start, the
//!   idle sweep, and moves played in a thread the command was not typed in);
//! - [`MessageOutbox`]: answers a typed `!xq` command or bare move; private
//!   replies quote the message (ordinary messages cannot be ephemeral) and a
//!   new game's thread grows from it;
//! - [`InteractionOutbox`]: answers a slash command that was deferred at once:
//!   the first public reply fills the deferred response, later ones follow up,
//!   private ones are ephemeral follow-ups.
//!
//! Boards go as plain attachments, not embed images: Discord's mobile clients
//! crop embed images to a square, and the board is portrait.

use std::sync::Arc;

use anyhow::Context;
use async_trait::async_trait;
use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CommandInteraction, CreateAttachment,
    CreateInteractionResponseFollowup, CreateMessage, CreateThread, EditInteractionResponse, Http,
    Message, MessageId,
};
use tokio::sync::Mutex;

use super::places::{target_channel, Places};
use crate::bot::{Attachment, Outbox, Place, Reply};

/// Discord's limit on a message's text, in characters.
const MAX_MESSAGE_CHARS: usize = 2000;
/// Discord's limit on a thread name.
const MAX_THREAD_NAME_CHARS: usize = 100;

/// Posts into channels and threads through Discord's REST API.
#[derive(Clone)]
pub struct ChannelOutbox {
    http: Arc<Http>,
    places: Arc<Places>,
}

impl ChannelOutbox {
    pub fn new(http: Arc<Http>, places: Arc<Places>) -> ChannelOutbox {
        ChannelOutbox { http, places }
    }

    pub fn http(&self) -> &Http {
        &self.http
    }

    /// Sends a reply, split into several messages when its text is too long
    /// for one; files ride on the last. `quote` makes the first a reply to
    /// that message.
    async fn send(
        &self,
        channel: ChannelId,
        reply: Reply,
        quote: Option<MessageId>,
    ) -> anyhow::Result<()> {
        let mut parts = split_text(&reply.text);
        let last = parts.pop().unwrap_or_default();
        let mut quote = quote;
        for text in parts {
            let mut message = CreateMessage::new().content(text);
            if let Some(id) = quote.take() {
                message = message.reference_message((channel, id));
            }
            channel.send_message(&self.http, message).await?;
        }
        let mut message = CreateMessage::new().content(last);
        if let Some(id) = quote {
            message = message.reference_message((channel, id));
        }
        for file in reply.files {
            message = message.add_file(attachment(file));
        }
        channel
            .send_message(&self.http, message)
            .await
            .with_context(|| format!("posting in channel {channel}"))?;
        Ok(())
    }

    /// Opens a public thread for a game in a guild channel, growing from
    /// `starter` when given. `None` (the game stays in the channel) where
    /// threads cannot be: in DMs, inside a thread, or without the permission.
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
        let builder = CreateThread::new(truncate_chars(title, MAX_THREAD_NAME_CHARS))
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let made = match starter {
            Some(message) => {
                channel
                    .create_thread_from_message(&self.http, message, builder)
                    .await
            }
            None => {
                channel
                    .create_thread(&self.http, builder.kind(ChannelType::PublicThread))
                    .await
            }
        };
        match made {
            Ok(thread) => {
                self.places.remember_thread(thread.id, channel);
                Some(Place {
                    guild: place.guild.clone(),
                    channel: place.channel.clone(),
                    thread: Some(thread.id.to_string()),
                })
            }
            Err(err) => {
                tracing::info!(%channel, "no thread for the game, it stays in the channel: {err}");
                None
            }
        }
    }
}

#[async_trait]
impl Outbox for ChannelOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        self.send(target_channel(place)?, reply, None).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.thread_for(place, title, None).await
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
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        let target = target_channel(place)?;
        let quote = (reply.private && target == self.message.channel_id).then_some(self.message.id);
        self.channel.send(target, reply, quote).await
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        let here = target_channel(place).ok() == Some(self.message.channel_id);
        let starter = here.then_some(self.message.id);
        self.channel.thread_for(place, title, starter).await
    }
}

/// Whether the deferred response of a slash command has been filled yet.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Original {
    /// Still "thinking…".
    Deferred,
    Filled,
}

/// Answers a slash command that was deferred on arrival.
pub struct InteractionOutbox<'a> {
    channel: &'a ChannelOutbox,
    interaction: &'a CommandInteraction,
    original: Mutex<Original>,
    posted: std::sync::atomic::AtomicBool,
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
            original: Mutex::new(Original::Deferred),
            posted: Default::default(),
            elsewhere: Default::default(),
        }
    }

    fn http(&self) -> &Http {
        &self.channel.http
    }

    async fn follow_up(
        &self,
        text: String,
        files: Vec<Attachment>,
        ephemeral: bool,
    ) -> anyhow::Result<()> {
        let mut builder = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(ephemeral);
        for file in files {
            builder = builder.add_file(attachment(file));
        }
        self.interaction
            .create_followup(self.http(), builder)
            .await
            .context("following up a slash command")?;
        Ok(())
    }

    async fn fill_original(&self, text: String, files: Vec<Attachment>) -> anyhow::Result<Message> {
        let mut builder = EditInteractionResponse::new().content(text);
        for file in files {
            builder = builder.new_attachment(attachment(file));
        }
        self.interaction
            .edit_response(self.http(), builder)
            .await
            .context("answering a slash command")
    }

    /// Called once the core is done, so that no "thinking…" lingers: a
    /// deferred response that nothing filled points to where the answer went
    /// (a game's thread), or is removed when the answer was private; if
    /// nothing at all was said, it says so.
    pub async fn finish(&self) {
        let original = *self.original.lock().await;
        if original == Original::Filled {
            return;
        }
        let elsewhere = *self.elsewhere.lock().unwrap();
        let result = if let Some(channel) = elsewhere {
            self.interaction
                .edit_response(
                    self.http(),
                    EditInteractionResponse::new().content(format!("See <#{channel}>.")),
                )
                .await
                .map(drop)
        } else if self.posted.load(std::sync::atomic::Ordering::Relaxed) {
            self.interaction.delete_response(self.http()).await
        } else {
            self.interaction
                .edit_response(self.http(), EditInteractionResponse::new().content("Done."))
                .await
                .map(drop)
        };
        if let Err(err) = result {
            tracing::warn!("could not tidy a slash command's response: {err}");
        }
    }
}

#[async_trait]
impl Outbox for InteractionOutbox<'_> {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        self.posted
            .store(true, std::sync::atomic::Ordering::Relaxed);
        if reply.private {
            // Ephemeral messages exist only as interaction responses.
            let mut parts = split_text(&reply.text);
            let last = parts.pop().unwrap_or_default();
            for text in parts {
                self.follow_up(text, Vec::new(), true).await?;
            }
            return self.follow_up(last, reply.files, true).await;
        }
        let target = target_channel(place)?;
        if target != self.interaction.channel_id {
            self.elsewhere.lock().unwrap().get_or_insert(target);
            return self.channel.send(target, reply, None).await;
        }
        let mut original = self.original.lock().await;
        let mut parts = split_text(&reply.text);
        let last = parts.pop().unwrap_or_default();
        let mut files = Some(reply.files);
        let mut texts = parts
            .into_iter()
            .map(|t| (t, Vec::new()))
            .collect::<Vec<_>>();
        texts.push((last, files.take().unwrap_or_default()));
        for (text, files) in texts {
            if *original == Original::Deferred {
                self.fill_original(text, files).await?;
                *original = Original::Filled;
            } else {
                self.follow_up(text, files, false).await?;
            }
        }
        Ok(())
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        // A thread of its own: the response to the command then points to it.
        self.channel.thread_for(place, title, None).await
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
