//! Settings per user and per server: the typed list ([`keys`]), what one
//! request's user and server chose ([`Chosen`], read from the store in one
//! query), and the `settings` command that shows and changes them.

pub mod command;
pub mod keys;

use std::collections::BTreeMap;
use std::time::Duration;

use crate::bot::error::BotError;
use crate::bot::{Bot, Command, Outbox, Place, Request, Voice};
use crate::i18n::Lang;
use crate::render::{PieceStyle, Style, Theme};
use crate::rules::notation::Notation;
use crate::store::{SettingScope, StoredSettings};

pub use keys::{Kind, Setting, Value, SETTINGS};

/// What one user or one server chose, typed: only the settings that were
/// set and read as their kind (a value that does not is logged and counts as
/// unset, so a damaged row never stops the bot).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chosen {
    values: BTreeMap<&'static str, Value>,
}

impl Chosen {
    /// Reads the stored settings of one owner of `scope`; names the list
    /// does not know (a setting a newer version added) are skipped.
    pub fn from_stored(scope: SettingScope, stored: &StoredSettings) -> Chosen {
        let mut values = BTreeMap::new();
        for (name, text) in stored {
            let Some(setting) = Setting::find(scope, name) else {
                continue;
            };
            match setting.kind.read_stored(text) {
                Some(value) => {
                    values.insert(setting.word, value);
                }
                None => tracing::warn!(
                    scope = scope.as_str(),
                    setting = name,
                    value = text,
                    "a stored setting does not read as its kind; using the default"
                ),
            }
        }
        Chosen { values }
    }

    /// The value chosen for the setting named `word`, if any.
    pub fn get(&self, word: &str) -> Option<&Value> {
        self.values.get(word)
    }

    pub fn language(&self, word: &str) -> Option<Lang> {
        match self.get(word)? {
            Value::Language(lang) => Some(*lang),
            _ => None,
        }
    }

    pub fn notation(&self, word: &str) -> Option<Notation> {
        match self.get(word)? {
            Value::Notation(notation) => Some(*notation),
            _ => None,
        }
    }

    pub fn pieces(&self, word: &str) -> Option<PieceStyle> {
        match self.get(word)? {
            Value::Pieces(pieces) => Some(*pieces),
            _ => None,
        }
    }

    pub fn theme(&self, word: &str) -> Option<Theme> {
        match self.get(word)? {
            Value::Theme(theme) => Some(*theme),
            _ => None,
        }
    }

    pub fn level(&self, word: &str) -> Option<u8> {
        match self.get(word)? {
            Value::Level(level) => Some(*level),
            _ => None,
        }
    }

    /// Channel ids; `None` when not set, an empty slice when set to all.
    pub fn channels(&self, word: &str) -> Option<&[String]> {
        match self.get(word)? {
            Value::Channels(ids) => Some(ids),
            _ => None,
        }
    }

    pub fn on_off(&self, word: &str) -> Option<bool> {
        match self.get(word)? {
            Value::OnOff(on) => Some(*on),
            _ => None,
        }
    }

    pub fn hour(&self, word: &str) -> Option<u8> {
        match self.get(word)? {
            Value::Hour(hour) => Some(*hour),
            _ => None,
        }
    }

    pub fn duration(&self, word: &str) -> Option<Duration> {
        match self.get(word)? {
            Value::Duration(d) => Some(*d),
            _ => None,
        }
    }
}

/// What a request's user chose, and its server's managers (nothing outside
/// a server).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub user: Chosen,
    pub server: Chosen,
}

impl Settings {
    pub fn from_stored(user: &StoredSettings, server: &StoredSettings) -> Settings {
        Settings {
            user: Chosen::from_stored(SettingScope::User, user),
            server: Chosen::from_stored(SettingScope::Server, server),
        }
    }
}

/// The pieces and theme of a user's boards: their own choice, else their
/// server's, else the bot's (`--pieces`, `--theme`), each on its own.
pub fn board_style(settings: &Settings, bot: Style) -> Style {
    let (user, server) = (&settings.user, &settings.server);
    Style {
        pieces: user
            .pieces(keys::PIECES)
            .or_else(|| server.pieces(keys::PIECES))
            .unwrap_or(bot.pieces),
        theme: user
            .theme(keys::THEME)
            .or_else(|| server.theme(keys::THEME))
            .unwrap_or(bot.theme),
    }
}

impl Bot {
    /// The settings of a request's user and server, read in one query. A
    /// store that cannot answer leaves the defaults (logged): a settings
    /// read is no reason to refuse a move.
    pub(in crate::bot) async fn request_settings(
        &self,
        user_id: &str,
        server: Option<&str>,
    ) -> Settings {
        match self.store.settings_for(user_id, server).await {
            Ok((user, server)) => Settings::from_stored(&user, &server),
            Err(err) => {
                tracing::warn!(error = %err, "could not read settings; using the defaults");
                Settings::default()
            }
        }
    }

    /// How to speak to a requester: the language is the first of their
    /// own setting, their client's (`locale`), their server's default and
    /// the bot's (`--lang`); moves show first in their chosen notation, else
    /// their language's; boards are drawn in their pieces and theme, else
    /// their server's, else the bot's.
    pub(in crate::bot) fn voice_for(&self, settings: &Settings, locale: Option<Lang>) -> Voice {
        let (user, server) = (&settings.user, &settings.server);
        let lang = user
            .language(keys::LANGUAGE)
            .or(locale)
            .or_else(|| server.language(keys::LANGUAGE))
            .unwrap_or(self.config.lang);
        let mut voice = Voice::of(lang).with_style(board_style(settings, self.config.style));
        if let Some(notation) = user.notation(keys::NOTATION) {
            voice.notation = notation;
        }
        voice
    }

    /// Refuses to start a game outside the channels a server chose for the
    /// bot (its threads count as the channel). Only what starts a game is
    /// refused: games already under way, and every other command
    /// (`settings` above all, to fix the list), work anywhere.
    pub(in crate::bot) fn plays_here(
        &self,
        request: &Request,
        server: &Chosen,
        outbox: &dyn Outbox,
    ) -> Result<(), BotError> {
        let starts_game = matches!(
            request.command,
            Command::Play { .. } | Command::Challenge { .. } | Command::Accept
        );
        let Some(channels) = server.channels(keys::CHANNELS) else {
            return Ok(());
        };
        if !starts_game || channels.is_empty() || channels.contains(&request.place.channel) {
            return Ok(());
        }
        let links = channels
            .iter()
            .map(|id| {
                outbox.link(&Place {
                    guild: request.place.guild.clone(),
                    channel: id.clone(),
                    thread: None,
                })
            })
            .collect::<Vec<_>>()
            .join(", ");
        Err(BotError::NotPlayedHere { channels: links })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{PieceStyle, Theme};

    fn chosen(scope: SettingScope, pairs: &[(&str, &str)]) -> Chosen {
        let stored: StoredSettings = pairs
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        Chosen::from_stored(scope, &stored)
    }

    #[test]
    fn a_users_board_is_theirs_else_their_servers_else_the_bots() {
        let bot = Style {
            pieces: PieceStyle::Chinese,
            theme: Theme::Wood,
        };
        let server = chosen(
            SettingScope::Server,
            &[("pieces", "international"), ("theme", "contrast")],
        );
        let nobody = Settings::default();
        assert_eq!(board_style(&nobody, bot), bot);
        let server_only = Settings {
            user: Chosen::default(),
            server: server.clone(),
        };
        assert_eq!(
            board_style(&server_only, bot),
            Style {
                pieces: PieceStyle::International,
                theme: Theme::Contrast
            }
        );
        let user_pieces = Settings {
            user: chosen(SettingScope::User, &[("pieces", "chinese")]),
            server,
        };
        assert_eq!(
            board_style(&user_pieces, bot),
            Style {
                pieces: PieceStyle::Chinese,
                theme: Theme::Contrast
            },
            "the user's pieces, the server's theme"
        );
    }
}
