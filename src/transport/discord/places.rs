//! Where on Discord something was said, as the core's [`Place`]: the guild,
//! the channel, and the thread when it was said inside one. A thread's parent
//! is not in a `MESSAGE_CREATE`, so it is asked of Discord once per channel and
//! remembered; threads the bot opens itself are remembered as they are made.
//! Whether a channel can have threads is remembered the same way (from its
//! kind, or from Discord refusing one), so the bot does not keep asking for
//! threads Discord will refuse: refusals count toward Discord's limit on
//! invalid requests.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use serenity::all::{
    Channel, ChannelId, ChannelType, CommandInteraction, ComponentInteraction, GuildId, Http,
    ModalInteraction, PartialChannel,
};

use crate::bot::Place;

/// What is known of one channel.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// Its parent channel when it is a thread.
    parent: Option<ChannelId>,
    /// Whether a game's thread may be opened in it.
    threads: bool,
}

#[derive(Default)]
pub struct Places {
    channels: Mutex<HashMap<ChannelId, Known>>,
}

impl Places {
    pub fn new() -> Places {
        Places::default()
    }

    /// The map, also after a panic elsewhere while it was held: it only
    /// caches what Discord says, so a half-made change is harmless.
    fn channels(&self) -> MutexGuard<'_, HashMap<ChannelId, Known>> {
        self.channels.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes a thread the bot opened.
    pub fn remember_thread(&self, thread: ChannelId, parent: ChannelId) {
        self.channels().insert(
            thread,
            Known {
                parent: Some(parent),
                threads: false,
            },
        );
    }

    /// Whether to try opening a thread in `channel`: not where its kind has
    /// none, nor where Discord refused one before.
    pub fn may_open_threads(&self, channel: ChannelId) -> bool {
        self.channels()
            .get(&channel)
            .is_none_or(|known| known.threads)
    }

    /// Notes that Discord refused a thread in `channel`.
    pub fn forbid_threads(&self, channel: ChannelId) {
        self.channels()
            .entry(channel)
            .or_insert(Known {
                parent: None,
                threads: false,
            })
            .threads = false;
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
        let known = self.channels().get(&channel).copied();
        let parent = match known {
            Some(known) => known.parent,
            None => match http.get_channel(channel).await {
                Ok(found) => {
                    let known = describe(&found);
                    self.channels().insert(channel, known);
                    known.parent
                }
                Err(err) => {
                    tracing::warn!(%channel, "could not look up channel: {err}");
                    None
                }
            },
        };
        place(Some(guild), channel, parent)
    }

    /// The place of a slash command: the interaction says itself what its
    /// channel is.
    pub fn of_interaction(&self, interaction: &CommandInteraction) -> Place {
        self.of_parts(
            interaction.guild_id,
            interaction.channel_id,
            interaction.channel.as_ref(),
        )
    }

    /// The place of a pressed button: its interaction says it too.
    pub fn of_component(&self, interaction: &ComponentInteraction) -> Place {
        self.of_parts(
            interaction.guild_id,
            interaction.channel_id,
            interaction.channel.as_ref(),
        )
    }

    /// The place of a form sent back: its interaction says it too.
    pub fn of_form(&self, interaction: &ModalInteraction) -> Place {
        self.of_parts(
            interaction.guild_id,
            interaction.channel_id,
            interaction.channel.as_ref(),
        )
    }

    fn of_parts(
        &self,
        guild: Option<GuildId>,
        channel: ChannelId,
        partial: Option<&PartialChannel>,
    ) -> Place {
        let (parent, kind) = match partial {
            Some(c) => {
                let thread = c.thread_metadata.is_some() || is_thread_kind(c.kind);
                (thread.then_some(c.parent_id).flatten(), Some(c.kind))
            }
            None => (None, None),
        };
        if guild.is_some() {
            let refused = self.channels().get(&channel).is_some_and(|k| !k.threads);
            let threads = kind.is_some_and(has_threads) && !refused;
            self.channels().insert(channel, Known { parent, threads });
        }
        place(guild, channel, parent)
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

fn is_thread_kind(kind: ChannelType) -> bool {
    matches!(
        kind,
        ChannelType::NewsThread | ChannelType::PublicThread | ChannelType::PrivateThread
    )
}

/// Channel kinds a public thread can be opened in: text and announcement
/// channels (not DMs, voice or stage channels, forums, or threads).
fn has_threads(kind: ChannelType) -> bool {
    matches!(kind, ChannelType::Text | ChannelType::News)
}

fn describe(channel: &Channel) -> Known {
    match channel {
        Channel::Guild(guild_channel) => Known {
            parent: is_thread_kind(guild_channel.kind)
                .then_some(guild_channel.parent_id)
                .flatten(),
            threads: has_threads(guild_channel.kind),
        },
        _ => Known {
            parent: None,
            threads: false,
        },
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
