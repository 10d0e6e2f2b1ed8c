//! The bot's vocabulary, at the bottom of the core: the words every other
//! part speaks in. Who asks and where ([`request`]), what the core says back
//! and through what ([`reply`]), the buttons on it ([`buttons`]), what can go wrong ([`error`]), how it
//! speaks to one reader ([`voice`], [`markup`]), what a requester may
//! manage ([`permissions`]), the settings ([`settings`]) and the commands'
//! model ([`command`]). Nothing here imports the rest of the bot.

pub mod buttons;
pub mod command;
pub mod error;
pub mod markup;
pub mod permissions;
pub mod reply;
pub mod request;
pub mod settings;
pub mod voice;
