//! What one user or one server chose ([`Chosen`], read from the store in
//! one query per request), and the board style it gives ([`board_style`]).

use std::collections::BTreeMap;
use std::time::Duration;

use crate::engine::Level;
use crate::i18n::Lang;
use crate::render::{PieceStyle, Style, Theme};
use crate::rules::notation::Notation;
use crate::store::{SettingScope, StoredSettings};

use super::keys::{self, Setting, Value};

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

    pub fn level(&self, word: &str) -> Option<Level> {
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

    /// A role's id.
    pub fn role(&self, word: &str) -> Option<&str> {
        match self.get(word)? {
            Value::Role(id) => Some(id),
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
