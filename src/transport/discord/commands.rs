//! The `/xiangqi` slash command: its definition as registered with Discord
//! (one subcommand per entry of the core's command table, an option per
//! argument, each shaped as the core describes it), and the reading of an
//! invoked subcommand back into the core's [`Command`]. Reading never
//! panics: Discord validates choices and ranges, but a hand-crafted
//! interaction gets a sentence, not a crash.

use serenity::all::{
    CommandData, CommandDataOption, CommandDataOptionValue, CommandOptionType, CommandType,
    CreateCommand, CreateCommandOption, InteractionContext, RoleId, User, UserId,
};

use crate::bot::command_words;
use crate::bot::{
    Actor, ArgSpec, ChoiceValue, Command, OptionKind, OptionValue, SlashError, COMMANDS,
};
use crate::i18n::{Lang, Msg};

/// The one top-level slash command; everything else is a subcommand of it so
/// the bot takes a single entry in Discord's command picker.
pub const NAME: &str = "xiangqi";

/// The user command (a member's context menu) that challenges them; Discord
/// sends this, the default name, back whatever the client's language.
pub const CHALLENGE_MENU: &str = "Challenge to Xiangqi";

/// "Challenge to Xiangqi" on a member's menu (a user command, type 2),
/// registered beside `/xiangqi`: no description and no options, as Discord
/// wants of a context menu command, its name localized from the catalogs.
/// Servers only: a challenge needs a channel the opponent sees.
pub fn challenge_menu() -> CreateCommand {
    let menu = CreateCommand::new(CHALLENGE_MENU)
        .kind(CommandType::User)
        .contexts(vec![InteractionContext::Guild]);
    Lang::ALL
        .iter()
        .fold(menu, |menu, &lang| match lang.discord_locale() {
            Some(locale) => menu.name_localized(locale, lang.text(Msg::MenuChallenge)),
            None => menu,
        })
}

/// Discord's limit on an autocomplete answer.
pub const MAX_SUGGESTIONS: usize = 25;

/// The slash command as registered with Discord: one subcommand per entry of
/// the command table, one option per argument.
///
/// Each description and choice is registered in English and localized for
/// Discord's `zh-CN`, `zh-TW` and `vi` from the catalogs, and so is each
/// subcommand's name (its word in the other languages, which chat accepts
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
                .map(option)
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

/// An argument's option, as the core shapes it: its type, its choices, its
/// bounds, and whether Discord asks for suggestions as the user types.
fn option(arg: &ArgSpec) -> CreateCommandOption {
    let shape = (arg.shape)();
    let kind = match shape.kind {
        OptionKind::Text => CommandOptionType::String,
        OptionKind::Integer => CommandOptionType::Integer,
        OptionKind::User => CommandOptionType::User,
        OptionKind::Boolean => CommandOptionType::Boolean,
        OptionKind::Mentionable => CommandOptionType::Mentionable,
    };
    let about = (arg.about)();
    let option = CreateCommandOption::new(kind, arg.option, Lang::En.text(about.clone()))
        .required(arg.required);
    let mut option = localized(about, option_description)(option);
    for choice in shape.choices {
        let (name, localizations) = choice_names(choice.name);
        option = match choice.value {
            ChoiceValue::Text(value) => {
                option.add_string_choice_localized(name, value, localizations)
            }
            ChoiceValue::Integer(value) => option.add_int_choice_localized(
                name,
                i32::try_from(value).unwrap_or(i32::MAX),
                localizations,
            ),
        };
    }
    if let Some(max) = shape.max_length {
        option = option.max_length(max);
    }
    if let Some(min) = shape.min_integer {
        option = option.min_int_value(min as u64);
    }
    if shape.autocomplete {
        option = option.set_autocomplete(true);
    }
    option
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

/// Reads `/xiangqi <subcommand> [options]` into a core command: the
/// options' values as the core takes them, users with the names Discord
/// sent along. The error is a sentence for the user.
pub fn read(data: &CommandData) -> Result<Command, SlashError> {
    let Some((name, options)) = subcommand(data) else {
        return Err(SlashError::Said(Msg::SlashNotSubcommand));
    };
    let options: Vec<(String, OptionValue)> = options
        .iter()
        .map(|option| {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => OptionValue::Text(text.clone()),
                CommandDataOptionValue::Integer(n) => OptionValue::Integer(*n),
                CommandDataOptionValue::User(id) => OptionValue::User(resolved_actor(data, *id)),
                CommandDataOptionValue::Boolean(value) => OptionValue::Boolean(*value),
                CommandDataOptionValue::Role(id) => OptionValue::Role(id.to_string()),
                // A mentionable's id is a role's when Discord resolved it
                // as one, else a user's.
                CommandDataOptionValue::Mentionable(id) => {
                    let role = RoleId::new(id.get());
                    if data.resolved.roles.contains_key(&role) {
                        OptionValue::Role(role.to_string())
                    } else {
                        OptionValue::User(resolved_actor(data, UserId::new(id.get())))
                    }
                }
                _ => OptionValue::Other,
            };
            (option.name.clone(), value)
        })
        .collect();
    Command::from_slash(name, &options)
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
pub fn name_mentions(mut command: Command, mentions: &[User]) -> Command {
    for who in command.actors_mut() {
        if let Some(user) = mentions.iter().find(|u| u.id.to_string() == who.id) {
            *who = actor(user, None);
        }
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::handlers::help;
    use crate::bot::{parse, CommandSpec, Opponent, OptionKind, Voice};
    use crate::engine::Level;
    use crate::store::{ColorChoice, Rating};
    use serde_json::json;

    fn data(subcommand: &str, options: serde_json::Value) -> CommandData {
        serde_json::from_value(json!({
            "id": "1", "name": NAME, "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": {
                "users": {"42": {"id": "42", "username": "bob", "global_name": "Bob"}},
                "roles": {"77": {
                    "id": "77", "name": "players", "color": 0,
                    "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                    "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
                    "permissions": "0", "managed": false, "mentionable": true, "flags": 0
                }},
            },
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
                color: Some(ColorChoice::Black),
                level: Some(Level::new(5).unwrap()),
                time: None,
                rated: None,
            })
        );
        assert_eq!(
            super::read(&data("play", json!([]))),
            Ok(Command::Play {
                color: None,
                level: None,
                time: None,
                rated: None,
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
            json!([{"name": "opponent", "type": 9, "value": "42"}]),
        ));
        assert_eq!(
            read,
            Ok(Command::Challenge {
                opponent: Some(Opponent::User(Actor {
                    id: "42".into(),
                    name: "Bob".into()
                })),
                color: None,
                time: None,
                rated: None,
            })
        );
        // A mentionable's id that Discord resolved as a role.
        let read_role = super::read(&data(
            "challenge",
            json!([{"name": "opponent", "type": 9, "value": "77"}]),
        ));
        assert_eq!(
            read_role,
            Ok(Command::Challenge {
                opponent: Some(Opponent::Role("77".into())),
                color: None,
                time: None,
                rated: None,
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

    fn read_history_of(id: &str) -> Result<Command, SlashError> {
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
        for arg in spec.args.iter().filter(|arg| arg.required) {
            text.push_str(match (arg.shape)().kind {
                OptionKind::User => " @bob",
                OptionKind::Integer => " 7",
                OptionKind::Text => " h2e2",
                OptionKind::Boolean => " casual",
                OptionKind::Mentionable => " @bob",
            });
        }
        text
    }

    #[test]
    fn help_slash_and_parser_list_exactly_the_tables_commands() {
        let help = help::text(COMMANDS, Voice::default());
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
                assert!(std::ptr::eq(command.spec(), spec), "{text}: {command:?}");
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
            class: None,
        };
        assert_eq!(
            name_mentions(command, &[bob]),
            Command::Stats {
                user: Some(Actor {
                    id: "42".into(),
                    name: "Bob".into()
                }),
                class: None,
            }
        );
    }
}
