//! What the core says back, and the [`Outbox`] an adapter gives it to say it
//! through. Replies are text plus files (board PNGs, replays, records); the
//! adapter decides how a private reply is shown (ephemeral on Discord).

use std::sync::Mutex;

use async_trait::async_trait;

use super::Place;

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
}

impl Reply {
    /// A public text message.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            files: Vec::new(),
            private: false,
        }
    }

    /// A message only the requester sees.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            files: Vec::new(),
            private: true,
        }
    }
}

/// Where the core posts. Implemented by each transport.
#[async_trait]
pub trait Outbox: Send + Sync {
    /// Posts a reply in a place (a channel, or a thread in one).
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()>;

    /// A thread for a new game, when the transport may create one; `None`
    /// keeps the game where it was started.
    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place>;
}

/// An outbox that keeps what it is given: for tests, and for any caller that
/// wants the replies as values.
#[derive(Default)]
pub struct RecordingOutbox {
    posts: Mutex<Vec<(Place, Reply)>>,
    /// When true, `open_thread` opens a thread named after the game's title.
    pub threads: bool,
}

impl RecordingOutbox {
    pub fn new() -> RecordingOutbox {
        RecordingOutbox::default()
    }

    /// One that opens a thread for each new game.
    pub fn with_threads() -> RecordingOutbox {
        RecordingOutbox {
            threads: true,
            ..RecordingOutbox::default()
        }
    }

    /// Takes everything posted so far, oldest first.
    pub fn take(&self) -> Vec<(Place, Reply)> {
        std::mem::take(&mut *self.posts.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

#[async_trait]
impl Outbox for RecordingOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        self.posts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((place.clone(), reply));
        Ok(())
    }

    async fn open_thread(&self, place: &Place, title: &str) -> Option<Place> {
        self.threads.then(|| Place {
            guild: place.guild.clone(),
            channel: place.channel.clone(),
            thread: Some(title.to_string()),
        })
    }
}
