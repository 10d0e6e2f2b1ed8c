//! Every setting, declared once: [`SETTINGS`] names each with whose it is
//! (a user's or a server's), the word typed for it, the kind of value it
//! takes and its label. The store keeps names and values as text; this list
//! is what checks a typed value, writes it for the store and reads it back,
//! so a new setting is one line here (with its label in the catalogs) and no
//! migration.

use std::time::Duration;

use crate::i18n::{Lang, Msg};
use crate::render::{PieceStyle, Theme};
use crate::rules::notation::Notation;
use crate::store::SettingScope;

use crate::engine::Level;

/// One setting.
#[derive(Debug, PartialEq, Eq)]
pub struct Setting {
    pub scope: SettingScope,
    /// The word typed (`settings language vi`, `settings server level 5`)
    /// and the name it is stored under.
    pub word: &'static str,
    pub kind: Kind,
    /// What the listing calls it.
    pub label: Msg,
}

/// Every setting, users' first, in the order `settings` lists them.
pub static SETTINGS: &[Setting] = &[
    Setting::user(LANGUAGE, Kind::Language, Msg::SettingLanguage),
    Setting::user(NOTATION, Kind::Notation, Msg::SettingNotation),
    Setting::user(PIECES, Kind::Pieces, Msg::SettingPieces),
    Setting::user(THEME, Kind::Theme, Msg::SettingTheme),
    Setting::user(NOTIFY, Kind::OnOff, Msg::SettingNotify),
    Setting::server(LANGUAGE, Kind::Language, Msg::SettingServerLanguage),
    Setting::server(PIECES, Kind::Pieces, Msg::SettingServerPieces),
    Setting::server(THEME, Kind::Theme, Msg::SettingServerTheme),
    Setting::server(LEVEL, Kind::Level, Msg::SettingServerLevel),
    Setting::server(CHANNELS, Kind::Channels, Msg::SettingServerChannels),
    Setting::server(THREADS, Kind::OnOff, Msg::SettingServerThreads),
    Setting::server(ONE_BOARD, Kind::OnOff, Msg::SettingServerOneBoard),
    Setting::server(EXPIRY, Kind::Duration, Msg::SettingServerExpiry),
    Setting::server(
        PUZZLE_CHANNEL,
        Kind::Channels,
        Msg::SettingServerPuzzleChannel,
    ),
    Setting::server(PUZZLE_HOUR, Kind::Hour, Msg::SettingServerPuzzleHour),
    Setting::server(AUTO_REVIEW, Kind::OnOff, Msg::SettingServerAutoReview),
    Setting::server(SEEK_CHANNEL, Kind::Channels, Msg::SettingServerSeekChannel),
    Setting::server(SEEK_ROLE, Kind::Role, Msg::SettingServerSeekRole),
    Setting::server(
        TOURNAMENT_ROLE,
        Kind::Role,
        Msg::SettingServerTournamentRole,
    ),
];

/// The words of the settings the core itself reads (other features read
/// theirs by their own words).
pub const LANGUAGE: &str = "language";
pub const NOTATION: &str = "notation";
pub const PIECES: &str = "pieces";
pub const THEME: &str = "theme";
/// Whether the message that hands a user the move in a game between people
/// mentions them (on by default).
pub const NOTIFY: &str = "notify";
pub const LEVEL: &str = "level";
pub const CHANNELS: &str = "channels";
pub const THREADS: &str = "threads";
/// Whether a game shows one board message, edited after each move, instead
/// of a new message a move.
pub const ONE_BOARD: &str = "one-board";
pub const EXPIRY: &str = "expiry";
/// Where the daily puzzle is posted: the first channel named; none, no post.
pub const PUZZLE_CHANNEL: &str = "puzzle-channel";
/// The hour of the day (UTC) the daily puzzle is posted.
pub const PUZZLE_HOUR: &str = "puzzle-hour";
pub const AUTO_REVIEW: &str = "auto-review";
/// Where open challenges are posted, whatever channel they were made in:
/// the first channel named; none, where they were made.
pub const SEEK_CHANNEL: &str = "seek-channel";
/// The role an open challenge pings; none, nobody.
pub const SEEK_ROLE: &str = "seek-role";
/// The role whose members may create, start and cancel tournaments, as
/// members who may manage the server can; none, only those.
pub const TOURNAMENT_ROLE: &str = "tournament-role";

/// The shortest and longest challenge expiry a server may choose.
pub const MIN_DURATION: Duration = Duration::from_secs(60);
pub const MAX_DURATION: Duration = Duration::from_secs(7 * 24 * 3600);

/// The most channels a server may name for the bot.
pub const MAX_CHANNELS: usize = 25;

/// The level `play` gives when neither the player nor the server names one.
pub const DEFAULT_LEVEL: Level = match Level::from_number(3) {
    Some(level) => level,
    None => panic!("level 3 exists"),
};

/// The hour (UTC) a server's daily puzzle goes out when it set none.
pub const DEFAULT_DAILY_HOUR: u8 = 12;

/// The word that sends a setting back to its default.
pub const DEFAULT_WORD: &str = "default";

/// How a setting is typed after `settings`: `language`, `server level`.
pub fn typed_name(setting: &Setting) -> String {
    match setting.scope {
        SettingScope::User => setting.word.to_owned(),
        SettingScope::Server => format!("server {}", setting.word),
    }
}

/// The setting typed as `server <word>` or `<word>`.
pub fn find_typed(text: &str) -> Option<&'static Setting> {
    let mut words = text.split_whitespace();
    match (words.next()?, words.next(), words.next()) {
        (server, Some(word), None) if server.eq_ignore_ascii_case("server") => {
            Setting::find(SettingScope::Server, word)
        }
        (word, None, None) => Setting::find(SettingScope::User, word),
        _ => None,
    }
}

impl Setting {
    const fn user(word: &'static str, kind: Kind, label: Msg) -> Setting {
        Setting {
            scope: SettingScope::User,
            word,
            kind,
            label,
        }
    }

    const fn server(word: &'static str, kind: Kind, label: Msg) -> Setting {
        Setting {
            scope: SettingScope::Server,
            word,
            kind,
            label,
        }
    }

    /// The setting of `scope` typed as `word` (case forgiven).
    pub fn find(scope: SettingScope, word: &str) -> Option<&'static Setting> {
        SETTINGS
            .iter()
            .find(|s| s.scope == scope && s.word.eq_ignore_ascii_case(word))
    }

    /// The settings of one scope, in listing order.
    pub fn of(scope: SettingScope) -> impl Iterator<Item = &'static Setting> {
        SETTINGS.iter().filter(move |s| s.scope == scope)
    }
}

/// What a setting holds, and so how its value is typed, stored and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `en`, `zh-Hans`, `zh-Hant`, `vi` (regional codes such as `zh-TW` too).
    Language,
    /// `iccs`, `wxf`, `chinese`, `vietnamese`.
    Notation,
    /// `chinese`, `international`.
    Pieces,
    /// `wood`, `contrast`.
    Theme,
    /// The bot's level, 1 to 20.
    Level,
    /// Channels (`<#id>` or, where the transport names channels, `#name`),
    /// or `all`: stored as ids separated by spaces, empty for all.
    Channels,
    /// `on` or `off`.
    OnOff,
    /// A time: `90s`, `30m`, `2h`, `1d`, or a bare number of minutes;
    /// [`MIN_DURATION`] to [`MAX_DURATION`]. Stored in seconds.
    Duration,
    /// An hour of the day, 0–23 (UTC; `9` or `9:00`).
    Hour,
    /// A server's role, as a mention (`<@&id>`: what Discord makes of a
    /// typed `@role`). Stored as its id.
    Role,
}

/// A setting's value, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Language(Lang),
    Notation(Notation),
    Pieces(PieceStyle),
    Theme(Theme),
    Level(Level),
    /// Empty: everywhere.
    Channels(Vec<String>),
    OnOff(bool),
    Duration(Duration),
    Hour(u8),
    /// A role's id.
    Role(String),
}

/// Why a typed value was refused: what was given, for the reply to quote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    pub given: String,
}

impl Kind {
    /// Reads a typed value. `words` are the words after the setting's name
    /// (one, except for channels); `channel` reads one channel reference as
    /// the transport writes them, giving its id.
    pub fn parse(
        self,
        words: &[&str],
        channel: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Value, BadValue> {
        let bad = |given: &str| BadValue {
            given: given.chars().take(40).collect(),
        };
        if self == Kind::Channels {
            if let [all] = words {
                if all.eq_ignore_ascii_case("all") {
                    return Ok(Value::Channels(Vec::new()));
                }
            }
            if words.len() > MAX_CHANNELS {
                return Err(bad(&words.join(" ")));
            }
            let mut ids = Vec::with_capacity(words.len());
            for word in words {
                let id = channel(word).ok_or_else(|| bad(word))?;
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            return Ok(Value::Channels(ids));
        }
        let [word] = words else {
            return Err(bad(&words.join(" ")));
        };
        let word = *word;
        let value = match self {
            Kind::Language => Value::Language(word.parse().map_err(|_| bad(word))?),
            Kind::Notation => Value::Notation(Notation::named(word).ok_or_else(|| bad(word))?),
            Kind::Pieces => Value::Pieces(word.parse().map_err(|_| bad(word))?),
            Kind::Theme => Value::Theme(word.parse().map_err(|_| bad(word))?),
            Kind::Level => Value::Level(
                word.parse::<u8>()
                    .ok()
                    .and_then(|level| Level::new(i64::from(level)).ok())
                    .ok_or_else(|| bad(word))?,
            ),
            Kind::OnOff => Value::OnOff(match word.to_ascii_lowercase().as_str() {
                "on" | "yes" | "true" => true,
                "off" | "no" | "false" => false,
                _ => return Err(bad(word)),
            }),
            Kind::Duration => Value::Duration(
                parse_duration(word)
                    .filter(|d| (MIN_DURATION..=MAX_DURATION).contains(d))
                    .ok_or_else(|| bad(word))?,
            ),
            Kind::Hour => Value::Hour(
                word.trim_end_matches(":00")
                    .parse::<u8>()
                    .ok()
                    .filter(|h| *h < 24)
                    .ok_or_else(|| bad(word))?,
            ),
            Kind::Role => Value::Role(role_id(word).ok_or_else(|| bad(word))?),
            Kind::Channels => unreachable!("read above"),
        };
        Ok(value)
    }

    /// A stored value read back; `None` when it does not read as this kind
    /// (written by a newer version, or damaged), which then counts as unset.
    pub fn read_stored(self, stored: &str) -> Option<Value> {
        match self {
            Kind::Channels => Some(Value::Channels(
                stored.split_whitespace().map(str::to_owned).collect(),
            )),
            Kind::Duration => stored
                .parse::<u64>()
                .ok()
                .map(Duration::from_secs)
                .filter(|d| (MIN_DURATION..=MAX_DURATION).contains(d))
                .map(Value::Duration),
            Kind::Role => Some(stored)
                .filter(|id| is_snowflake(id))
                .map(|id| Value::Role(id.to_owned())),
            _ => self.parse(&[stored], &|_| None).ok(),
        }
    }

    /// What the user may type, for a refusal to list.
    pub fn forms(self) -> Msg {
        let choices = |names: &[&str]| Msg::SettingFormsChoice {
            choices: names.join(", "),
        };
        match self {
            Kind::Language => choices(&Lang::ALL.map(Lang::code)),
            Kind::Notation => choices(&Notation::ALL.map(Notation::word)),
            Kind::Pieces => choices(&PieceStyle::ALL.map(PieceStyle::name)),
            Kind::Theme => choices(&Theme::ALL.map(Theme::name)),
            Kind::Level => Msg::SettingFormsLevel {
                min: i64::from(Level::MIN.number()),
                max: i64::from(Level::MAX.number()),
            },
            Kind::Channels => Msg::SettingFormsChannels {
                max: MAX_CHANNELS as i64,
            },
            Kind::OnOff => choices(&["on", "off"]),
            Kind::Duration => Msg::SettingFormsDuration,
            Kind::Hour => Msg::SettingFormsHour,
            Kind::Role => Msg::SettingFormsRole,
        }
    }
}

impl Value {
    /// The text the store keeps; [`Kind::read_stored`] reads it back.
    pub fn to_stored(&self) -> String {
        match self {
            Value::Language(lang) => lang.code().to_owned(),
            Value::Notation(notation) => notation.word().to_owned(),
            Value::Pieces(pieces) => pieces.name().to_owned(),
            Value::Theme(theme) => theme.name().to_owned(),
            Value::Level(level) => level.to_string(),
            Value::Channels(ids) => ids.join(" "),
            Value::OnOff(on) => if *on { "on" } else { "off" }.to_owned(),
            Value::Duration(d) => d.as_secs().to_string(),
            Value::Hour(hour) => hour.to_string(),
            Value::Role(id) => id.clone(),
        }
    }
}

/// The id in a role mention, `<@&123>`.
fn role_id(word: &str) -> Option<String> {
    let id = word.strip_prefix("<@&")?.strip_suffix('>')?;
    is_snowflake(id).then(|| id.to_owned())
}

/// Whether `id` reads as a platform id: 1 to 20 digits.
fn is_snowflake(id: &str) -> bool {
    (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

/// `90s`, `30m`, `2h`, `1d`, `30` (minutes); `None` for anything else.
fn parse_duration(word: &str) -> Option<Duration> {
    let word = word.trim().to_ascii_lowercase();
    let split = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let (number, unit) = word.split_at(split);
    let count: u64 = number.parse().ok()?;
    let unit_secs = match unit {
        "s" | "sec" | "secs" | "second" | "seconds" => 1,
        "" | "m" | "min" | "mins" | "minute" | "minutes" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        _ => return None,
    };
    count.checked_mul(unit_secs).map(Duration::from_secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_channels(_: &str) -> Option<String> {
        None
    }

    fn hash_channels(word: &str) -> Option<String> {
        word.strip_prefix('#').map(str::to_owned)
    }

    #[test]
    fn each_scope_names_each_setting_once() {
        for setting in SETTINGS {
            let same = SETTINGS
                .iter()
                .filter(|s| s.scope == setting.scope && s.word == setting.word)
                .count();
            assert_eq!(same, 1, "{}", setting.word);
            assert!(setting.word.len() <= crate::store::MAX_SETTING_NAME);
            assert!(!setting.word.contains(char::is_whitespace));
        }
    }

    #[test]
    fn every_value_reads_back_as_it_was_stored() {
        let values = [
            (Kind::Language, Value::Language(Lang::ZhHant)),
            (Kind::Notation, Value::Notation(Notation::Wxf)),
            (Kind::Pieces, Value::Pieces(PieceStyle::International)),
            (Kind::Theme, Value::Theme(Theme::Contrast)),
            (Kind::Level, Value::Level(Level::new(8).unwrap())),
            (
                Kind::Channels,
                Value::Channels(vec!["1".into(), "22".into()]),
            ),
            (Kind::Channels, Value::Channels(vec![])),
            (Kind::OnOff, Value::OnOff(false)),
            (Kind::Duration, Value::Duration(Duration::from_secs(1800))),
            (Kind::Hour, Value::Hour(23)),
            (Kind::Role, Value::Role("123456".into())),
        ];
        for (kind, value) in values {
            assert_eq!(kind.read_stored(&value.to_stored()), Some(value));
        }
    }

    #[test]
    fn a_role_is_typed_as_its_mention() {
        let parse = |text: &str| Kind::Role.parse(&[text], &no_channels);
        assert_eq!(parse("<@&42>"), Ok(Value::Role("42".into())));
        for bad in [
            "42",
            "<@42>",
            "<@&>",
            "<@&4x2>",
            "@players",
            "<@&123456789012345678901>",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Kind::Role.read_stored("not an id"), None);
    }

    #[test]
    fn typed_values_are_checked() {
        let parse = |kind: Kind, text: &str| {
            let words: Vec<&str> = text.split_whitespace().collect();
            kind.parse(&words, &hash_channels)
        };
        assert_eq!(
            parse(Kind::Language, "zh-TW"),
            Ok(Value::Language(Lang::ZhHant))
        );
        assert_eq!(
            parse(Kind::Notation, "WXF"),
            Ok(Value::Notation(Notation::Wxf))
        );
        assert_eq!(
            parse(Kind::Level, "5"),
            Ok(Value::Level(Level::new(5).unwrap()))
        );
        assert_eq!(
            parse(Kind::Duration, "30m"),
            Ok(Value::Duration(Duration::from_secs(1800)))
        );
        assert_eq!(
            parse(Kind::Duration, "2h"),
            Ok(Value::Duration(Duration::from_secs(7200)))
        );
        assert_eq!(
            parse(Kind::Duration, "45"),
            Ok(Value::Duration(Duration::from_secs(2700)))
        );
        assert_eq!(parse(Kind::OnOff, "OFF"), Ok(Value::OnOff(false)));
        assert_eq!(
            parse(Kind::Channels, "#a #b #a"),
            Ok(Value::Channels(vec!["a".into(), "b".into()]))
        );
        assert_eq!(parse(Kind::Channels, "all"), Ok(Value::Channels(vec![])));
        for (kind, text, given) in [
            (Kind::Language, "fr", "fr"),
            (Kind::Notation, "pgn", "pgn"),
            (Kind::Pieces, "western", "western"),
            (Kind::Theme, "dark", "dark"),
            (Kind::Level, "22", "22"),
            (Kind::Level, "0", "0"),
            (Kind::Level, "five", "five"),
            (Kind::OnOff, "maybe", "maybe"),
            (Kind::Duration, "30s", "30s"),
            (Kind::Duration, "8d", "8d"),
            (
                Kind::Duration,
                "99999999999999999999d",
                "99999999999999999999d",
            ),
            (Kind::Duration, "1w", "1w"),
            (Kind::Channels, "#a general", "general"),
            (Kind::Level, "5 6", "5 6"),
        ] {
            assert_eq!(
                parse(kind, text),
                Err(BadValue {
                    given: given.into()
                }),
                "{text}"
            );
        }
        assert!(Kind::Channels.parse(&["#x"], &no_channels).is_err());
        let too_many: Vec<String> = (0..=MAX_CHANNELS).map(|i| format!("#c{i}")).collect();
        let too_many: Vec<&str> = too_many.iter().map(String::as_str).collect();
        assert!(Kind::Channels.parse(&too_many, &hash_channels).is_err());
    }

    #[test]
    fn a_damaged_stored_value_counts_as_unset() {
        assert_eq!(Kind::Level.read_stored("22"), None);
        assert_eq!(Kind::Language.read_stored("klingon"), None);
        assert_eq!(Kind::Duration.read_stored("-5"), None);
    }
}
