//! The `settings` command: with nothing after it, the requester's settings
//! and (in a server) the server's; with a setting and a value, a change,
//! checked against the setting's kind; `default` clears one. A server's
//! settings need the Manage Server right, as the transport reports it.

use crate::i18n::Msg;
use crate::store::{SettingChange, SettingScope};

use crate::bot::services::config::BotConfig;
use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::SettingValue;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::permissions::Right;
use crate::bot::vocabulary::reply::{Outbox, Reply};
use crate::bot::vocabulary::request::Place;
use crate::bot::vocabulary::settings::keys::{
    self, DEFAULT_DAILY_HOUR, DEFAULT_LEVEL, DEFAULT_WORD,
};
use crate::bot::vocabulary::settings::{typed_name, Chosen, Setting, Settings, Value};
use crate::bot::vocabulary::voice::Voice;

/// `settings [[server] <setting> <value…>]`.
pub async fn settings(
    ctx: &Ctx<'_>,
    setting: Option<&'static Setting>,
    value: Option<SettingValue>,
) -> BotResult<()> {
    let (voice, outbox, request) = (ctx.voice, ctx.outbox, ctx.requester);
    let words = value.map(|v| v.0).unwrap_or_default();
    let server = outbox.settings_server(&request.place);
    let Some(setting) = setting else {
        let text = listing(
            &ctx.core.config,
            ctx.settings,
            server.is_some(),
            &request.place,
            voice,
            outbox,
        );
        return ctx.answer(Reply::private(text)).await;
    };
    let owner = match setting.scope {
        SettingScope::User => request.actor.id.clone(),
        SettingScope::Server => {
            let server = server.ok_or(BotError::ServerOnly)?;
            if !Right::ManageServer.granted(request.permissions) {
                return Err(BotError::NotAllowed {
                    right: Right::ManageServer,
                    known: request.permissions.is_some(),
                });
            }
            server
        }
    };
    let typed = typed_name(setting);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let value = match words.as_slice() {
        [] => {
            return Err(BotError::SettingNeedsValue {
                setting: typed,
                forms: Box::new(setting.kind.forms()),
            })
        }
        [word] if word.eq_ignore_ascii_case(DEFAULT_WORD) => None,
        _ => {
            let value = setting
                .kind
                .parse(&words, &|word| outbox.channel_named(word))
                .map_err(|bad| BotError::SettingBadValue {
                    setting: typed.clone(),
                    given: bad.given,
                    forms: Box::new(setting.kind.forms()),
                })?;
            Some(value)
        }
    };
    let change = SettingChange {
        name: setting.word.to_owned(),
        value: value.as_ref().map(Value::to_stored),
    };
    ctx.core
        .store
        .change_settings(setting.scope, &owner, &request.actor.id, vec![change])
        .await
        .map_err(BotError::internal)?;
    tracing::info!(
        user = %request.actor.id,
        scope = setting.scope.as_str(),
        owner = %owner,
        setting = setting.word,
        "setting changed"
    );
    // A new language of one's own is answered in that language.
    let voice = match (&value, setting.scope, setting.word) {
        (Some(Value::Language(lang)), SettingScope::User, keys::LANGUAGE) => {
            Voice::of(*lang).with_style(voice.style)
        }
        _ => voice,
    };
    let label = voice.say(setting.label.clone());
    let text = match &value {
        Some(value) => voice.say(Msg::SettingChanged {
            setting: label,
            value: shown_value(value, &request.place, voice, outbox),
        }),
        None => voice.say(Msg::SettingReset { setting: label }),
    };
    ctx.answer(Reply::private(text)).await
}

/// Every setting of the requester and, in a server, the server's:
/// what was chosen, or the default.
fn listing(
    config: &BotConfig,
    settings: &Settings,
    in_server: bool,
    place: &Place,
    voice: Voice,
    outbox: &dyn Outbox,
) -> String {
    let mut text = voice.say(Msg::SettingsYours);
    let section = |scope: SettingScope, chosen: &Chosen, text: &mut String| {
        for setting in Setting::of(scope) {
            let value = match chosen.get(setting.word) {
                Some(value) => shown_value(value, place, voice, outbox),
                None => match default_value(config, setting, &settings.server) {
                    Some(value) => voice.say(Msg::SettingDefaultIs {
                        value: shown_value(&value, place, voice, outbox),
                    }),
                    None => voice.say(Msg::SettingDefault),
                },
            };
            text.push('\n');
            text.push_str(&voice.say(Msg::SettingsLine {
                setting: voice.say(setting.label.clone()),
                typed: typed_name(setting),
                value,
            }));
        }
    };
    section(SettingScope::User, &settings.user, &mut text);
    if in_server {
        text.push_str("\n\n");
        text.push_str(&voice.say(Msg::SettingsServer));
        section(SettingScope::Server, &settings.server, &mut text);
    }
    text.push_str("\n\n");
    text.push_str(&voice.say(Msg::SettingsHowTo));
    text
}

/// What a setting means when nobody chose it, where that is one value
/// (a user's language follows their client instead, so it has none). A
/// user's board follows the server's choice, where there is one.
fn default_value(config: &BotConfig, setting: &Setting, server: &Chosen) -> Option<Value> {
    let style = config.style;
    Some(match (setting.scope, setting.word) {
        (SettingScope::User, keys::PIECES) => {
            Value::Pieces(server.pieces(keys::PIECES).unwrap_or(style.pieces))
        }
        (SettingScope::User, keys::THEME) => {
            Value::Theme(server.theme(keys::THEME).unwrap_or(style.theme))
        }
        (SettingScope::User, keys::NOTIFY) => Value::OnOff(true),
        (SettingScope::Server, keys::PIECES) => Value::Pieces(style.pieces),
        (SettingScope::Server, keys::THEME) => Value::Theme(style.theme),
        (SettingScope::Server, keys::LANGUAGE) => Value::Language(config.lang),
        (SettingScope::Server, keys::LEVEL) => Value::Level(DEFAULT_LEVEL),
        (SettingScope::Server, keys::CHANNELS) => Value::Channels(Vec::new()),
        (SettingScope::Server, keys::THREADS) => Value::OnOff(true),
        (SettingScope::Server, keys::ONE_BOARD) => Value::OnOff(false),
        (SettingScope::Server, keys::AUTO_REVIEW) => Value::OnOff(false),
        (SettingScope::Server, keys::EXPIRY) => Value::Duration(config.challenge_expiry),
        (SettingScope::Server, keys::PUZZLE_HOUR) => Value::Hour(DEFAULT_DAILY_HOUR),
        _ => return None,
    })
}

/// A value as the listing and confirmations show it: names in the
/// reader's language with the word to type, channels as links.
fn shown_value(value: &Value, place: &Place, voice: Voice, outbox: &dyn Outbox) -> String {
    let named = |name: String, word: &str| format!("{name} (`{word}`)");
    match value {
        Value::Language(lang) => named(
            voice.say(Msg::LanguageName {
                lang: lang.code().into(),
            }),
            lang.code(),
        ),
        Value::Notation(notation) => named(
            voice.say(Msg::NotationName {
                notation: notation.word().into(),
            }),
            notation.word(),
        ),
        Value::Pieces(pieces) => named(
            voice.say(Msg::PiecesName {
                pieces: pieces.name().into(),
            }),
            pieces.name(),
        ),
        Value::Theme(theme) => named(
            voice.say(Msg::ThemeName {
                theme: theme.name().into(),
            }),
            theme.name(),
        ),
        Value::Level(level) => level.to_string(),
        Value::Channels(ids) if ids.is_empty() => voice.say(Msg::SettingEverywhere),
        Value::Channels(ids) => ids
            .iter()
            .map(|id| {
                outbox.link(&Place {
                    guild: place.guild.clone(),
                    channel: id.clone(),
                    thread: None,
                })
            })
            .collect::<Vec<_>>()
            .join(", "),
        Value::OnOff(on) => voice.say(Msg::SettingOnOff {
            on: if *on { "on" } else { "off" }.into(),
        }),
        Value::Duration(d) => voice.duration(*d),
        Value::Hour(hour) => format!("{hour:02}:00 UTC"),
        // Shown as the role's mention, which Discord renders as its name
        // (a listing pings nobody: no reply allows role pings but a seek).
        Value::Role(id) => format!("<@&{id}>"),
    }
}
