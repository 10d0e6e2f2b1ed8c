//! What the core says back, and the [`Outbox`] an adapter gives it to say it
//! through. Replies are text plus files (board PNGs, replays, records); the
//! adapter decides how a private reply is shown (ephemeral on Discord).

use async_trait::async_trait;

use crate::i18n::Surface;

use super::buttons::Button;
use super::request::Place;

/// A file sent with a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One message from the bot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    pub files: Vec<Attachment>,
    /// Only the requester should see it (errors, hints).
    pub private: bool,
    /// Users (platform ids) the reply is meant to notify: the person
    /// challenged, the players of a new game's thread. A transport that can
    /// notify does so for exactly these users and nobody else, whatever the
    /// text contains.
    pub mentions: Vec<String>,
    /// Roles (platform ids) the reply pings, as `mentions` users: an open
    /// challenge pings the role the server chose.
    pub role_mentions: Vec<String>,
    /// What the reader can press instead of typing, in order; a transport
    /// without buttons shows their typed equivalents.
    pub buttons: Vec<Button>,
    /// A game's board to be shown by editing the game's latest board where
    /// the transport can (the server chose one board a game), with the short
    /// notice that tells `mentions` it is their move: an edit notifies
    /// nobody. `None`: a new message, as always.
    pub in_place: Option<String>,
}

impl Reply {
    /// A public text message.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: false,
            ..Reply::default()
        }
    }

    /// A message only the requester sees.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// The same reply, offering these buttons.
    pub fn with_buttons(mut self, buttons: impl IntoIterator<Item = Button>) -> Reply {
        self.buttons.extend(buttons);
        self
    }

    /// The game whose controls (Move, Resign, …) this reply carries: it is
    /// that game's latest board.
    pub fn game_controls(&self) -> Option<i64> {
        self.buttons
            .iter()
            .find(|button| button.press.action.is_game_control())
            .map(|button| button.press.target)
    }

    /// The same reply, pinging this role.
    pub fn notifying_role(mut self, role: impl Into<String>) -> Reply {
        self.role_mentions.push(role.into());
        self
    }

    /// The same reply, notifying these users.
    pub fn notifying(mut self, users: impl IntoIterator<Item = String>) -> Reply {
        self.mentions.extend(users);
        self
    }
}

/// A post refused because its place is gone for good (the channel was
/// deleted, or the bot was removed from it): retrying will not help, so
/// notices for such a place are dropped instead of tried again. Transports
/// return it (inside their `anyhow::Error`) when the platform says so.
#[derive(Debug, thiserror::Error)]
#[error("the place is gone: {0}")]
pub struct PlaceGone(pub String);

/// Whether a post failed because its place is gone ([`PlaceGone`]).
pub fn is_place_gone(err: &anyhow::Error) -> bool {
    // As the error itself or as context added to a transport's error.
    err.downcast_ref::<PlaceGone>().is_some() || err.chain().any(|cause| cause.is::<PlaceGone>())
}

/// Where the core posts. Implemented by each transport.
#[async_trait]
pub trait Outbox: Send + Sync {
    /// Posts a reply in a place (a channel, or a thread in one).
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()>;

    /// A thread for a new game, when the transport may create one; `None`
    /// keeps the game where it was started.
    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place>;

    /// How far a long answer has got (a review's "analysed 40 of 120
    /// moves"), said in `place` to the requester: each call replaces the
    /// last where the transport can (Discord edits its deferred response),
    /// and the answer, when posted, replaces them all. A transport with
    /// nowhere to show it says nothing. The caller goes on when it fails.
    async fn progress(&self, _place: &Place, _text: &str) -> anyhow::Result<()> {
        Ok(())
    }

    /// Game `game` has ended: no button on its boards may stay pressable.
    /// A transport that keeps a game's controls on its latest board takes
    /// them off; one without buttons has nothing to do.
    async fn game_ended(&self, _game: i64) {}

    /// Whether `place` is a conversation of one person with the bot (a
    /// Discord DM), where nobody else could see a challenge or play.
    fn is_direct_message(&self, _place: &Place) -> bool {
        false
    }

    /// Whether every request through it gets an answer whatever the core
    /// says (a Discord interaction must be answered, and says "Done." when
    /// the core said nothing): a refusal the core would drop silently is
    /// said instead, since something is posted anyway.
    fn answers_every_request(&self) -> bool {
        false
    }

    /// What its readers act with: typed words (the default), or slash
    /// commands and buttons. Every message the core posts through this
    /// outbox names commands in that form.
    fn surface(&self) -> Surface {
        Surface::Words
    }

    /// How a reply points to `place`: where the transport has no links,
    /// the thread's or channel's name.
    fn link(&self, place: &Place) -> String {
        let id = place.thread.as_deref().unwrap_or(&place.channel);
        format!("#{}", super::markup::shown(id))
    }

    /// The id of the channel a user named (`settings server channels #a`),
    /// as this transport's users name channels: here `#name` or `name`, the
    /// inverse of [`Outbox::link`].
    fn channel_named(&self, typed: &str) -> Option<String> {
        let name = typed.strip_prefix('#').unwrap_or(typed);
        let plain = !name.is_empty()
            && name.len() <= 100
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
        plain.then(|| name.to_owned())
    }

    /// The server whose settings apply at `place`: its guild; `None` in a
    /// direct message. The console, one server of its own, says otherwise.
    fn settings_server(&self, place: &Place) -> Option<String> {
        place.guild.clone()
    }
}
