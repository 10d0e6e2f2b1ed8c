//! Settings as a request meets them: its user's and server's, read in one
//! query; the voice they give ([`voice_for`]); the voice of a place when
//! nobody in particular is addressed ([`place_voice`]); and the server's
//! channels, where games may start ([`plays_here`]).

use super::config::BotConfig;
use super::state::Core;
use crate::bot::vocabulary::error::BotError;
use crate::bot::vocabulary::reply::Outbox;
use crate::bot::vocabulary::request::{Place, Requester};
use crate::bot::vocabulary::settings::{board_style, keys, Chosen, Settings};
use crate::bot::vocabulary::voice::Voice;
use crate::i18n::Lang;
use crate::store::{SettingScope, Store};

/// The settings of a request's user and server, read in one query. A
/// store that cannot answer leaves the defaults (logged): a settings read
/// is no reason to refuse a move.
pub async fn request_settings(store: &Store, user_id: &str, server: Option<&str>) -> Settings {
    match store.settings_for(user_id, server).await {
        Ok((user, server)) => Settings::from_stored(&user, &server),
        Err(err) => {
            tracing::warn!(error = %err, "could not read settings; using the defaults");
            Settings::default()
        }
    }
}

/// How to speak to a requester: the language is the first of their own
/// setting, their client's (`locale`), their server's default and the
/// bot's (`--lang`); moves show first in their chosen notation, else their
/// language's; boards are drawn in their pieces and theme, else their
/// server's, else the bot's.
pub fn voice_for(config: &BotConfig, settings: &Settings, locale: Option<Lang>) -> Voice {
    let (user, server) = (&settings.user, &settings.server);
    let lang = user
        .language(keys::LANGUAGE)
        .or(locale)
        .or_else(|| server.language(keys::LANGUAGE))
        .unwrap_or(config.lang);
    let mut voice = Voice::of(lang).with_style(board_style(settings, config.style));
    if let Some(notation) = user.notation(keys::NOTATION) {
        voice.notation = notation;
    }
    voice
}

/// A server's settings; the defaults (logged) when the store cannot say.
pub async fn server_settings(store: &Store, guild: &str) -> Chosen {
    match store.settings(SettingScope::Server, guild).await {
        Ok(stored) => Chosen::from_stored(SettingScope::Server, &stored),
        Err(err) => {
            tracing::warn!(error = %err, "could not read a server's settings; using the defaults");
            Chosen::default()
        }
    }
}

/// Whether `user_id` wants the message that hands them the move mentioned
/// to them (`settings notify`, on unless turned off). A store that cannot
/// say leaves it on (logged): a missed turn costs more than one ping.
pub async fn wants_turn_notices(store: &Store, user_id: &str) -> bool {
    match store.settings(SettingScope::User, user_id).await {
        Ok(stored) => Chosen::from_stored(SettingScope::User, &stored)
            .on_off(keys::NOTIFY)
            .unwrap_or(true),
        Err(err) => {
            tracing::warn!(error = %err, "could not read a user's settings; notifying them");
            true
        }
    }
}

/// How to speak in a server when nobody in particular is addressed (the
/// sweep's notices, the bot's moves after a restart): its default
/// language, else the bot's.
pub async fn place_voice(core: &Core, guild: Option<&str>, outbox: &dyn Outbox) -> Voice {
    let server = match guild {
        Some(guild) => server_settings(&core.store, guild).await,
        None => Chosen::default(),
    };
    let lang = server.language(keys::LANGUAGE).unwrap_or(core.config.lang);
    Voice::of(lang)
        .with_style(core.config.style)
        .on(outbox.surface())
}

/// Refuses to start a game outside the channels a server chose for the bot
/// (its threads count as the channel). Only what starts a game is refused
/// (`starts_game`): games already under way, and every other command
/// (`settings` above all, to fix the list), work anywhere.
pub fn plays_here(
    requester: &Requester,
    starts_game: bool,
    server: &Chosen,
    outbox: &dyn Outbox,
) -> Result<(), BotError> {
    let Some(channels) = server.channels(keys::CHANNELS) else {
        return Ok(());
    };
    if !starts_game || channels.is_empty() || channels.contains(&requester.place.channel) {
        return Ok(());
    }
    let links = channels
        .iter()
        .map(|id| {
            outbox.link(&Place {
                guild: requester.place.guild.clone(),
                channel: id.clone(),
                thread: None,
            })
        })
        .collect::<Vec<_>>()
        .join(", ");
    Err(BotError::NotPlayedHere { channels: links })
}
