//! The bot: commands, games and replies, knowing no transport. An adapter
//! (Discord, the console) turns what a user typed into a [`Request`] and hands
//! the core an [`Outbox`] to post through; the core streams its replies as they
//! happen (the player's move first, then the bot's after the engine has thought).
//!
//! One file per command group: [`command`] reads the words, `play`,
//! `challenge`, `moves` (move, resign, draw, takeback, hint), `watch` (board,
//! games, watch), `history` (history, game, stats, leaderboard) and [`help`].

pub mod command;
pub mod config;

pub mod error;
pub mod help;
pub mod reply;

pub use command::{Command, CommandError};
pub use config::{BotArgs, BotConfig};
pub use error::BotError;
pub use reply::{Attachment, Outbox, RecordingOutbox, Reply};

/// A user of a transport: its platform id and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    pub id: String,
    pub name: String,
}

/// Where something is said: a channel, in a server (`guild`) or not, and
/// possibly a thread inside that channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild: Option<String>,
    pub channel: String,
    pub thread: Option<String>,
}

/// One user's command, in one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub actor: Actor,
    pub place: Place,
    pub command: Command,
}
