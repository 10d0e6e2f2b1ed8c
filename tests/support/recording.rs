//! An outbox that keeps what it is given, for the tests that drive the bot's
//! core directly: the replies as values, in order, and the progress notes.

use std::sync::Mutex;

use async_trait::async_trait;
use xiangqi_bot::bot::{Outbox, Place, Reply};

/// An outbox that keeps what it is given: for tests, and for any caller that
/// wants the replies as values.
#[derive(Default)]
pub struct RecordingOutbox {
    posts: Mutex<Vec<(Place, Reply)>>,
    progress: Mutex<Vec<(Place, String)>>,
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

    /// Takes every progress note given so far, oldest first.
    pub fn take_progress(&self) -> Vec<(Place, String)> {
        std::mem::take(&mut *self.progress.lock().unwrap_or_else(|e| e.into_inner()))
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

    async fn progress(&self, place: &Place, text: &str) -> anyhow::Result<()> {
        self.progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((place.clone(), text.to_owned()));
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
