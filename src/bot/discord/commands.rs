//! The `/xiangqi` slash command: its definition as registered with Discord
//! (one subcommand per entry of the core's [`COMMANDS`], with choices for side
//! and level and autocomplete for moves), and the reading of an invoked
//! subcommand back into the core's [`Command`] through the same entry.
//! Reading never panics: Discord validates choices and ranges, but a
//! hand-crafted interaction gets a sentence, not a crash.

use serenity::all::{
    CommandData, CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption, InteractionContext, User, UserId,
};

use crate::bot::command::{ColorChoice, MAX_LEVEL, MIN_LEVEL};
use crate::bot::command_words;
use crate::bot::commands_table::{self, Arg, ArgValues, COMMANDS};
use crate::bot::settings::command::{find_typed, typed_name};
use crate::bot::settings::SETTINGS;
use crate::bot::{Actor, Command, Voice};
use crate::engine::Level;
use crate::i18n::{Lang, Msg};
use crate::render::{PieceStyle, Theme};
use crate::store::Rating;

/// The one top-level slash command; everything else is a subcommand of it so
/// the bot takes a single entry in Discord's command picker.
pub const NAME: &str = "xiangqi";

/// The longest setting value the slash option takes: room for the most
/// channels a server may name, as mentions.
const MAX_SETTING_TYPED: u16 = 1000;

/// Discord's limit on an autocomplete answer.
pub const MAX_SUGGESTIONS: usize = 25;

/// The slash command as registered with Discord: one subcommand per entry of
/// [`COMMANDS`], one option per argument.
///
/// Each description and choice is registered in English and localized for
/// Discord's `zh-CN`, `zh-TW` and `vi` from the catalogs, and so is each
/// subcommand's name (its word in [`command_words`], which chat accepts
/// too). Discord sends the default, English, names back in interactions,
/// so [`read`] knows only those. The top-level name and the options' names
/// stay English: `/xiangqi` is the bot's name, and the options are few and
/// explained by their localized descriptions.
pub fn definition() -> CreateCommand {
    let command = localized(Msg::CommandDescription, |locale, text| {
        command_description(locale, text)
    })(
        CreateCommand::new(NAME)
            .description(Lang::En.text(Msg::CommandDescription))
            // Servers and DMs with the bot (`contexts` replaces the deprecated
            // `dm_permission`); group DMs have no place for the bot to post.
            .contexts(vec![InteractionContext::Guild, InteractionContext::BotDm]),
    );
    COMMANDS.iter().fold(command, |command, spec| {
        let sub = CreateCommandOption::new(
            CommandOptionType::SubCommand,
            spec.word,
            Lang::En.text(spec.about.clone()),
        );
        let sub = localized(spec.about.clone(), option_description)(sub);
        let sub = Lang::ALL.iter().fold(sub, |sub, &lang| {
            match (lang.discord_locale(), command_words::localized(spec, lang)) {
                (Some(locale), Some(word)) => sub.name_localized(locale, word),
                _ => sub,
            }
        });
        command.add_option(
            spec.args
                .iter()
                .filter_map(|&arg| option(arg))
                .fold(sub, CreateCommandOption::add_sub_option),
        )
    })
}

fn command_description(command: CreateCommand, (locale, text): (&str, String)) -> CreateCommand {
    command.description_localized(locale, text)
}

fn option_description(
    option: CreateCommandOption,
    (locale, text): (&str, String),
) -> CreateCommandOption {
    option.description_localized(locale, text)
}

/// Applies `add` for each language other than English with its Discord
/// locale and `msg` in that language.
fn localized<T>(msg: Msg, add: fn(T, (&str, String)) -> T) -> impl Fn(T) -> T {
    move |mut builder| {
        for lang in Lang::ALL {
            if let Some(locale) = lang.discord_locale() {
                builder = add(builder, (locale, lang.text(msg.clone())));
            }
        }
        builder
    }
}

/// A choice's names in each language: the English one and its localizations.
fn choice_names(msg: Msg) -> (String, Vec<(&'static str, String)>) {
    let localizations = Lang::ALL
        .iter()
        .filter_map(|lang| Some((lang.discord_locale()?, lang.text(msg.clone()))))
        .collect();
    (Lang::En.text(msg), localizations)
}

/// An argument's option: choices for side and level, at least 1 for a game
/// id, suggestions for a move.
fn option(arg: Arg) -> Option<CreateCommandOption> {
    let kind = match arg {
        Arg::Side
        | Arg::MoveText
        | Arg::Pieces
        | Arg::Theme
        | Arg::Setting
        | Arg::SettingValue
        | Arg::PuzzleAction => CommandOptionType::String,
        Arg::Level | Arg::GameId(_) | Arg::Page => CommandOptionType::Integer,
        Arg::User(_) => CommandOptionType::User,
        Arg::Ignored => return None,
    };
    let about = arg.about()?;
    let option = CreateCommandOption::new(kind, arg.option()?, Lang::En.text(about.clone()))
        .required(arg.required());
    let option = localized(about, option_description)(option);
    Some(match arg {
        Arg::Side => [
            (Msg::ChoiceRed, "red"),
            (Msg::ChoiceBlack, "black"),
            (Msg::ChoiceRandom, "random"),
        ]
        .into_iter()
        .fold(option, |option, (msg, value)| {
            let (name, localizations) = choice_names(msg);
            option.add_string_choice_localized(name, value, localizations)
        }),
        // Each level with the rating it plays at, so that a player can
        // pick one among the twenty by their own rating.
        Arg::Level => Level::all().fold(option, |option, level| {
            let value = level.number();
            let (level, rating) = (i64::from(value), Rating::bot(level).rating.round() as i64);
            let msg = match value {
                MIN_LEVEL => Msg::ChoiceLevelEasiest { level, rating },
                MAX_LEVEL => Msg::ChoiceLevelStrongest { level, rating },
                _ => Msg::ChoiceLevel { level, rating },
            };
            let (name, localizations) = choice_names(msg);
            option.add_int_choice_localized(name, i32::from(value), localizations)
        }),
        Arg::Pieces => PieceStyle::ALL.iter().fold(option, |option, style| {
            let (name, localizations) = choice_names(Msg::PiecesName {
                pieces: style.name().into(),
            });
            option.add_string_choice_localized(name, style.name(), localizations)
        }),
        Arg::Theme => Theme::ALL.iter().fold(option, |option, theme| {
            let (name, localizations) = choice_names(Msg::ThemeName {
                theme: theme.name().into(),
            });
            option.add_string_choice_localized(name, theme.name(), localizations)
        }),
        Arg::Setting => SETTINGS.iter().fold(option, |option, setting| {
            let (name, localizations) = choice_names(setting.label.clone());
            option.add_string_choice_localized(name, typed_name(setting), localizations)
        }),
        Arg::SettingValue => option.max_length(MAX_SETTING_TYPED),
        Arg::PuzzleAction => option.max_length(32),
        Arg::GameId(_) | Arg::Page => option.min_int_value(1),
        Arg::MoveText => option.max_length(32).set_autocomplete(true),
        Arg::User(_) | Arg::Ignored => option,
    })
}

/// The name to show for a Discord user: their server nickname, their display
/// name, or their username, whichever is set first.
pub fn display_name(user: &User, nick: Option<&str>) -> String {
    nick.map(str::to_string)
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

pub fn actor(user: &User, nick: Option<&str>) -> Actor {
    Actor {
        id: user.id.to_string(),
        name: display_name(user, nick),
    }
}

/// The invoked subcommand and its options, or `None` for an interaction
/// that is not shaped like `/xiangqi <subcommand>`.
pub fn subcommand(data: &CommandData) -> Option<(&str, &[CommandDataOption])> {
    let first = data.options.first()?;
    match &first.value {
        CommandDataOptionValue::SubCommand(options) => Some((first.name.as_str(), options)),
        _ => None,
    }
}

/// Reads `/xiangqi <subcommand> [options]` into a core command, through the
/// subcommand's entry in [`COMMANDS`]. The error is a sentence for the user.
pub fn read(data: &CommandData) -> Result<Command, Unread> {
    let Some((name, options)) = subcommand(data) else {
        return Err(Unread::Said(Msg::SlashNotSubcommand));
    };
    let Some(spec) = commands_table::find(name) else {
        return Err(Unread::Said(Msg::SlashUnknown {
            name: crate::bot::markup::in_code(name),
        }));
    };
    let missing = |arg: Arg| Unread::Missing {
        command: spec.word,
        what: arg,
    };
    let said = Unread::Said;
    let mut values = ArgValues::default();
    for &arg in spec.args {
        let Some(key) = arg.option() else {
            continue;
        };
        let Some(value) = options.iter().find(|o| o.name == key).map(|o| &o.value) else {
            if arg.required() {
                return Err(missing(arg));
            }
            continue;
        };
        match arg {
            Arg::Side => {
                values.side = Some(match value.as_str() {
                    Some("red") => ColorChoice::Red,
                    Some("black") => ColorChoice::Black,
                    Some("random") => ColorChoice::Random,
                    _ => return Err(said(Msg::SlashBadSide { option: key.into() })),
                })
            }
            Arg::Level => {
                let level = value
                    .as_i64()
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| (MIN_LEVEL..=MAX_LEVEL).contains(n))
                    .ok_or_else(|| {
                        said(Msg::SlashBadLevel {
                            option: key.into(),
                            min: MIN_LEVEL.into(),
                            max: MAX_LEVEL.into(),
                        })
                    })?;
                values.level = Some(level);
            }
            Arg::User(_) => {
                let id = value
                    .as_user_id()
                    .ok_or_else(|| said(Msg::SlashBadUser { option: key.into() }))?;
                values.user = Some(resolved_actor(data, id));
            }
            Arg::GameId(_) => match value.as_i64() {
                Some(id) if id > 0 => values.game = Some(id),
                _ => return Err(said(Msg::SlashBadGame { option: key.into() })),
            },
            Arg::Page => match value.as_i64().and_then(|page| u32::try_from(page).ok()) {
                Some(page) if page > 0 => values.page = Some(page),
                _ => return Err(said(Msg::SlashBadPage { option: key.into() })),
            },
            Arg::MoveText => match value.as_str().map(str::trim) {
                Some(text) if !text.is_empty() => values.text = Some(text.to_string()),
                _ => return Err(missing(arg)),
            },
            Arg::Pieces => {
                let style = value.as_str().unwrap_or_default().parse::<PieceStyle>();
                values.pieces = Some(
                    style.map_err(|_| bad_choice(key, &PieceStyle::ALL.map(PieceStyle::name)))?,
                );
            }
            Arg::Theme => {
                let theme = value.as_str().unwrap_or_default().parse::<Theme>();
                values.theme =
                    Some(theme.map_err(|_| bad_choice(key, &Theme::ALL.map(Theme::name)))?);
            }
            Arg::Setting => {
                let typed = value.as_str().unwrap_or_default();
                let setting = find_typed(typed).ok_or_else(|| {
                    let names: Vec<String> = SETTINGS.iter().map(typed_name).collect();
                    Unread::Said(Msg::SlashBadChoice {
                        option: key.into(),
                        choices: names.join(", "),
                    })
                })?;
                values.setting = Some(setting);
            }
            Arg::SettingValue | Arg::PuzzleAction => {
                let text = value.as_str().unwrap_or_default();
                values.words = text.split_whitespace().map(str::to_owned).collect();
            }
            Arg::Ignored => {}
        }
    }
    // The loop above returned for every required option left out.
    (spec.build)(values).ok_or_else(|| missing(spec.first_required().unwrap_or(Arg::Ignored)))
}

/// An option whose value is none of its choices (Discord sends only the
/// registered choices; a stale or hand-made request may not).
fn bad_choice(option: &str, choices: &[&str]) -> Unread {
    Unread::Said(Msg::SlashBadChoice {
        option: option.into(),
        choices: choices.join(", "),
    })
}

/// Why an interaction could not be read as a command.
#[derive(Clone, Debug, PartialEq)]
pub enum Unread {
    Said(Msg),
    /// A required option left out.
    Missing {
        command: &'static str,
        what: Arg,
    },
}

impl Unread {
    /// The sentence for the user, in `voice`.
    pub fn message(&self, voice: Voice) -> String {
        match self {
            Unread::Said(msg) => voice.say(msg.clone()),
            Unread::Missing { command, what } => voice.say(Msg::SlashMissing {
                command: (*command).to_string(),
                what: voice.say(what.what()),
            }),
        }
    }
}

/// A user named in an option: Discord sends the full user in `resolved`; the
/// bare id stands in when it does not.
fn resolved_actor(data: &CommandData, id: UserId) -> Actor {
    match data.resolved.users.get(&id) {
        Some(user) => {
            let nick = data
                .resolved
                .members
                .get(&id)
                .and_then(|m| m.nick.as_deref());
            actor(user, nick)
        }
        None => Actor {
            id: id.to_string(),
            name: format!("<@{id}>"),
        },
    }
}

/// Replaces the placeholder names a typed mention (`<@123>`) gives with the
/// display names Discord sent along with the message.
pub fn name_mentions(command: Command, mentions: &[User]) -> Command {
    let rename = |who: Actor| -> Actor {
        match mentions.iter().find(|u| u.id.to_string() == who.id) {
            Some(user) => actor(user, None),
            None => who,
        }
    };
    match command {
        Command::Challenge { opponent, color } => Command::Challenge {
            opponent: rename(opponent),
            color,
        },
        Command::History { user } => Command::History {
            user: user.map(rename),
        },
        Command::Stats { user } => Command::Stats {
            user: user.map(rename),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::command::parse;
    use crate::bot::commands_table::CommandSpec;
    use crate::bot::help;
    use serde_json::json;

    fn data(subcommand: &str, options: serde_json::Value) -> CommandData {
        serde_json::from_value(json!({
            "id": "1", "name": NAME, "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": {"users": {"42": {"id": "42", "username": "bob", "global_name": "Bob"}}},
        }))
        .expect("valid command data")
    }

    #[test]
    fn play_reads_side_and_level() {
        let read = read(&data(
            "play",
            json!([{"name": "color", "type": 3, "value": "black"},
                   {"name": "level", "type": 4, "value": 5}]),
        ));
        assert_eq!(
            read,
            Ok(Command::Play {
                color: ColorChoice::Black,
                level: Some(5)
            })
        );
        assert_eq!(
            super::read(&data("play", json!([]))),
            Ok(Command::Play {
                color: ColorChoice::Red,
                level: None
            })
        );
    }

    #[test]
    fn out_of_range_values_are_refused_with_a_sentence() {
        let err = read(&data(
            "play",
            json!([{"name": "level", "type": 4, "value": 99}]),
        ));
        assert!(err
            .unwrap_err()
            .message(Voice::default())
            .contains("from 1 to 20"));
        let err = read(&data(
            "play",
            json!([{"name": "color", "type": 3, "value": "green"}]),
        ));
        assert!(err
            .unwrap_err()
            .message(Voice::default())
            .contains("red, black or random"));
        let err = read(&data(
            "watch",
            json!([{"name": "game", "type": 4, "value": -3}]),
        ));
        assert!(err
            .unwrap_err()
            .message(Voice::default())
            .contains("game id"));
        let err = read(&data(
            "move",
            json!([{"name": "move", "type": 3, "value": "  "}]),
        ));
        assert!(err
            .unwrap_err()
            .message(Voice::default())
            .contains("needs a move"));
        let err = read(&data("castle", json!([])));
        assert!(err
            .unwrap_err()
            .message(Voice::default())
            .contains("not a command"));
    }

    #[test]
    fn users_come_from_the_resolved_data() {
        let read = read(&data(
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": "42"}]),
        ));
        assert_eq!(
            read,
            Ok(Command::Challenge {
                opponent: Actor {
                    id: "42".into(),
                    name: "Bob".into()
                },
                color: ColorChoice::Red
            })
        );
        let unresolved = read_history_of("77");
        assert_eq!(
            unresolved,
            Ok(Command::History {
                user: Some(Actor {
                    id: "77".into(),
                    name: "<@77>".into()
                })
            })
        );
    }

    fn read_history_of(id: &str) -> Result<Command, Unread> {
        read(&data(
            "history",
            json!([{"name": "user", "type": 6, "value": id}]),
        ))
    }

    fn words() -> Vec<&'static str> {
        COMMANDS.iter().map(|spec| spec.word).collect()
    }

    /// The command typed with plausible values for its required arguments.
    fn typed(word: &str, spec: &CommandSpec) -> String {
        let mut text = word.to_string();
        for arg in spec.args.iter().filter(|arg| arg.required()) {
            text.push_str(match arg {
                Arg::User(_) => " @bob",
                Arg::GameId(_) => " 7",
                _ => " h2e2",
            });
        }
        text
    }

    #[test]
    fn help_slash_and_parser_list_exactly_the_tables_commands() {
        let help = help::text(Voice::default());
        let listed: Vec<&str> = help
            .lines()
            .filter_map(|line| line.strip_prefix('`'))
            .map(|line| line.split([' ', '`']).next().unwrap())
            .collect();
        assert_eq!(listed, words(), "{help}");

        let definition = serde_json::to_value(definition()).unwrap();
        let subcommands: Vec<&str> = definition["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|sub| sub["name"].as_str().unwrap())
            .collect();
        assert_eq!(subcommands, words());

        for spec in COMMANDS {
            for word in std::iter::once(&spec.word).chain(spec.aliases) {
                let text = typed(word, spec);
                let command = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(command.name(), spec.word, "{text}");
                let owners = COMMANDS.iter().filter(|other| (other.is)(&command));
                assert_eq!(owners.count(), 1, "{text}: one entry owns {command:?}");
            }
        }
        assert!(parse("castle").is_err());
    }

    #[test]
    fn every_subcommand_in_the_definition_is_read() {
        let definition = serde_json::to_value(definition()).unwrap();
        let subcommands = definition["options"].as_array().unwrap();
        assert_eq!(subcommands.len(), COMMANDS.len());
        for sub in subcommands {
            let name = sub["name"].as_str().unwrap();
            // Fill every required option with a plausible value.
            let options: Vec<_> = sub["options"]
                .as_array()
                .map(|opts| {
                    opts.iter()
                        .filter(|o| o["required"] == json!(true))
                        .map(|o| {
                            let kind = o["type"].as_u64().unwrap();
                            let value = match kind {
                                3 => json!("h2e2"),
                                4 => json!(1),
                                6 => json!("42"),
                                _ => unreachable!("unexpected option type {kind}"),
                            };
                            json!({"name": o["name"], "type": kind, "value": value})
                        })
                        .collect()
                })
                .unwrap_or_default();
            let read = read(&data(name, json!(options)));
            assert!(read.is_ok(), "/xiangqi {name}: {read:?}");
            assert_eq!(read.unwrap().name(), name);
        }
    }

    /// `/xiangqi play level:` offers every level, each named with the
    /// rating it plays at (in every language), within Discord's 25 choices.
    #[test]
    fn level_choices_name_each_levels_rating() {
        let definition = serde_json::to_value(definition()).unwrap();
        let named = |options: &serde_json::Value, name: &str| {
            let mut all = options.as_array().unwrap().iter();
            all.find(|o| o["name"] == name).unwrap().clone()
        };
        let level = named(&named(&definition["options"], "play")["options"], "level");
        let choices = level["choices"].as_array().unwrap();
        assert_eq!(choices.len(), Level::COUNT);
        assert!(choices.len() <= 25);
        for (choice, level) in choices.iter().zip(Level::all()) {
            assert_eq!(choice["value"], json!(level.number()));
            let rating = Rating::bot(level).rating.round().to_string();
            let name = choice["name"].as_str().unwrap();
            assert!(name.starts_with(&level.number().to_string()), "{name}");
            assert!(name.ends_with(&format!("rated {rating}")), "{name}");
            let localized = choice["name_localizations"].as_object().unwrap();
            assert!(localized.len() >= 3, "{localized:?}");
            assert!(localized
                .values()
                .all(|n| n.as_str().unwrap().contains(&rating)));
        }
        let strongest = choices.last().unwrap()["name"].as_str().unwrap();
        assert!(strongest.contains("(strongest)"), "{strongest}");
    }

    #[test]
    fn typed_mentions_get_display_names() {
        let bob: User =
            serde_json::from_value(json!({"id": "42", "username": "bob", "global_name": "Bob"}))
                .unwrap();
        let command = Command::Stats {
            user: Some(Actor {
                id: "42".into(),
                name: "<@42>".into(),
            }),
        };
        assert_eq!(
            name_mentions(command, &[bob]),
            Command::Stats {
                user: Some(Actor {
                    id: "42".into(),
                    name: "Bob".into()
                })
            }
        );
    }
}
