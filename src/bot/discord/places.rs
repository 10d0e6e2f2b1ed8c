//! Where on Discord something was said, as the core's [`Place`]: the guild,
//! the channel, and the thread when it was said inside one. A thread's parent
//! is not in a `MESSAGE_CREATE`, so it is asked of Discord once per channel and
//! remembered; threads the bot opens itself are remembered as they are made.

use std::collections::HashMap;
use std::sync::Mutex;

use serenity::all::{Channel, ChannelId, CommandInteraction, GuildId, Http};

use crate::bot::Place;

/// Channel id → its parent channel when it is a thread, `None` when it is not.
#[derive(Default)]
pub struct Places {
    parents: Mutex<HashMap<ChannelId, Option<ChannelId>>>,
}

impl Places {
    pub fn new() -> Places {
        Places::default()
    }

    /// Notes a thread the bot opened.
    pub fn remember_thread(&self, thread: ChannelId, parent: ChannelId) {
        self.parents.lock().unwrap().insert(thread, Some(parent));
    }

    /// The place of a message in `channel`. Asks Discord whether the channel is
    /// a thread the first time it is seen; if Discord cannot say, the channel
    /// is taken as it is (and asked about again next time).
    pub async fn of_channel(
        &self,
        http: &Http,
        guild: Option<GuildId>,
        channel: ChannelId,
    ) -> Place {
        let Some(guild) = guild else {
            return place(None, channel, None);
        };
        let known = self.parents.lock().unwrap().get(&channel).copied();
        let parent = match known {
            Some(parent) => parent,
            None => match http.get_channel(channel).await {
                Ok(found) => {
                    let parent = thread_parent(&found);
                    self.parents.lock().unwrap().insert(channel, parent);
                    parent
                }
                Err(err) => {
                    tracing::warn!(%channel, "could not look up channel: {err}");
                    None
                }
            },
        };
        place(Some(guild), channel, parent)
    }

    /// The place of a slash command: the interaction says itself whether its
    /// channel is a thread.
    pub fn of_interaction(&self, interaction: &CommandInteraction) -> Place {
        let channel = interaction.channel_id;
        let parent = interaction
            .channel
            .as_ref()
            .filter(|c| c.thread_metadata.is_some() || is_thread_kind(c.kind.into()))
            .and_then(|c| c.parent_id);
        if interaction.guild_id.is_some() {
            self.parents.lock().unwrap().insert(channel, parent);
        }
        place(interaction.guild_id, channel, parent)
    }
}

fn place(guild: Option<GuildId>, channel: ChannelId, parent: Option<ChannelId>) -> Place {
    match parent {
        Some(parent) => Place {
            guild: guild.map(|g| g.to_string()),
            channel: parent.to_string(),
            thread: Some(channel.to_string()),
        },
        None => Place {
            guild: guild.map(|g| g.to_string()),
            channel: channel.to_string(),
            thread: None,
        },
    }
}

/// Discord's thread channel types: announcement (10), public (11), private (12).
fn is_thread_kind(kind: u8) -> bool {
    (10..=12).contains(&kind)
}

fn thread_parent(channel: &Channel) -> Option<ChannelId> {
    match channel {
        Channel::Guild(guild_channel) if is_thread_kind(guild_channel.kind.into()) => {
            guild_channel.parent_id
        }
        _ => None,
    }
}

/// The channel a place's messages go to: its thread when it has one.
pub fn target_channel(place: &Place) -> anyhow::Result<ChannelId> {
    let id = place.thread.as_deref().unwrap_or(&place.channel);
    parse_id(id).map(ChannelId::new)
}

/// A Discord snowflake from its decimal text.
pub fn parse_id(text: &str) -> anyhow::Result<u64> {
    text.parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .ok_or_else(|| anyhow::anyhow!("`{text}` is not a Discord id"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_place_keeps_its_parent_as_the_channel() {
        let at = place(
            Some(GuildId::new(1)),
            ChannelId::new(30),
            Some(ChannelId::new(20)),
        );
        assert_eq!(at.channel, "20");
        assert_eq!(at.thread.as_deref(), Some("30"));
        assert_eq!(target_channel(&at).unwrap(), ChannelId::new(30));
        let dm = place(None, ChannelId::new(5), None);
        assert_eq!((dm.guild, dm.thread), (None, None));
    }

    #[test]
    fn ids_that_are_not_snowflakes_are_errors() {
        assert!(parse_id("0").is_err());
        assert!(parse_id("console").is_err());
        assert!(parse_id("-1").is_err());
        assert_eq!(parse_id("123").unwrap(), 123);
    }
}
