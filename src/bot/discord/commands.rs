//! The `/xiangqi` slash command: its definition as registered with Discord
//! (one subcommand per core command, with choices for side and level and
//! autocomplete for moves), and the reading of an invoked subcommand back into
//! the core's [`Command`]. Reading never panics: Discord validates choices and
//! ranges, but a hand-crafted interaction gets a sentence, not a crash.

use serenity::all::{
    CommandData, CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption, InteractionContext, User, UserId,
};

use crate::bot::command::{ColorChoice, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};
use crate::bot::{Actor, Command};

/// The one top-level slash command; everything else is a subcommand of it so
/// the bot takes a single entry in Discord's command picker.
pub const NAME: &str = "xiangqi";

/// Discord's limit on an autocomplete answer.
pub const MAX_SUGGESTIONS: usize = 25;

/// The slash command as registered with Discord.
pub fn definition() -> CreateCommand {
    let sub = |name: &str, description: &str| {
        CreateCommandOption::new(CommandOptionType::SubCommand, name, description)
    };
    let side = |description: &str| {
        CreateCommandOption::new(CommandOptionType::String, "color", description)
            .add_string_choice("red (moves first)", "red")
            .add_string_choice("black", "black")
            .add_string_choice("random", "random")
    };
    let mut level = CreateCommandOption::new(
        CommandOptionType::Integer,
        "level",
        format!("The bot's strength, {MIN_LEVEL} (easiest) to {MAX_LEVEL} (strongest); default {DEFAULT_LEVEL}"),
    );
    for value in MIN_LEVEL..=MAX_LEVEL {
        let name = match value {
            MIN_LEVEL => format!("{value} (easiest)"),
            MAX_LEVEL => format!("{value} (strongest)"),
            _ => value.to_string(),
        };
        level = level.add_int_choice(name, i32::from(value));
    }
    let game_id = |name: &str, description: &str, required: bool| {
        CreateCommandOption::new(CommandOptionType::Integer, name, description)
            .min_int_value(1)
            .required(required)
    };
    let user =
        |description: &str| CreateCommandOption::new(CommandOptionType::User, "user", description);

    CreateCommand::new(NAME)
        .description("Play Xiangqi (Chinese chess) against the bot or each other")
        // Servers and DMs with the bot (`contexts` replaces the deprecated
        // `dm_permission`); group DMs have no place for the bot to post.
        .contexts(vec![InteractionContext::Guild, InteractionContext::BotDm])
        .add_option(
            sub("play", "Start a game against the bot")
                .add_sub_option(side("Your side (default red)"))
                .add_sub_option(level),
        )
        .add_option(
            sub("challenge", "Challenge someone to a game")
                .add_sub_option(
                    CreateCommandOption::new(CommandOptionType::User, "opponent", "Who to play")
                        .required(true),
                )
                .add_sub_option(side("Your side (default red)")),
        )
        .add_option(sub("accept", "Accept the challenge made to you here"))
        .add_option(sub("decline", "Decline the challenge made to you here"))
        .add_option(
            sub("move", "Make a move in your game here").add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "move",
                    "ICCS h2e2, WXF C2=5 or Chinese 炮二平五",
                )
                .required(true)
                .max_length(32)
                .set_autocomplete(true),
            ),
        )
        .add_option(sub("resign", "Resign your game here"))
        .add_option(sub("draw", "Offer a draw, or accept the one offered"))
        .add_option(sub(
            "takeback",
            "Ask to take back a move, or accept the request",
        ))
        .add_option(sub("hint", "Ask the engine for a move suggestion"))
        .add_option(sub("board", "Show a game's board").add_sub_option(game_id(
            "game",
            "Game id (default: your game here)",
            false,
        )))
        .add_option(sub("games", "List the games in progress here"))
        .add_option(
            sub("watch", "Follow a game: where it is played and its board")
                .add_sub_option(game_id("game", "Game id", true)),
        )
        .add_option(
            sub("history", "Past games of a player").add_sub_option(user("Whose (default you)")),
        )
        .add_option(
            sub("game", "A game's moves, result, record and replay")
                .add_sub_option(game_id("id", "Game id", true)),
        )
        .add_option(sub("stats", "A player's results").add_sub_option(user("Whose (default you)")))
        .add_option(sub("leaderboard", "The best players"))
        .add_option(sub("help", "How to play and the commands"))
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

/// Reads `/xiangqi <subcommand> [options]` into a core command. The error is
/// a sentence for the user.
pub fn read(data: &CommandData) -> Result<Command, String> {
    let Some((name, options)) = subcommand(data) else {
        return Err("Use one of the `/xiangqi` subcommands; `/xiangqi help` lists them.".into());
    };
    let value = |key: &str| options.iter().find(|o| o.name == key).map(|o| &o.value);
    let user = |key: &str| -> Result<Option<Actor>, String> {
        match value(key) {
            None => Ok(None),
            Some(v) => {
                let id = v
                    .as_user_id()
                    .ok_or_else(|| format!("`{key}` must be a user."))?;
                Ok(Some(resolved_actor(data, id)))
            }
        }
    };
    let game = |key: &str| -> Result<Option<i64>, String> {
        match value(key) {
            None => Ok(None),
            Some(v) => match v.as_i64() {
                Some(id) if id > 0 => Ok(Some(id)),
                _ => Err(format!("`{key}` must be a game id, a number like 12.")),
            },
        }
    };
    let required_game = |key: &str| {
        game(key)?.ok_or_else(|| format!("`/xiangqi {name}` needs a game id (`games` lists them)."))
    };
    let color = || -> Result<ColorChoice, String> {
        match value("color").map(|v| v.as_str()) {
            None => Ok(ColorChoice::default()),
            Some(Some("red")) => Ok(ColorChoice::Red),
            Some(Some("black")) => Ok(ColorChoice::Black),
            Some(Some("random")) => Ok(ColorChoice::Random),
            Some(_) => Err("`color` must be red, black or random.".into()),
        }
    };

    Ok(match name {
        "play" => {
            let level = match value("level") {
                None => DEFAULT_LEVEL,
                Some(v) => v
                    .as_i64()
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| (MIN_LEVEL..=MAX_LEVEL).contains(n))
                    .ok_or_else(|| {
                        format!("`level` must be a number from {MIN_LEVEL} to {MAX_LEVEL}.")
                    })?,
            };
            Command::Play {
                color: color()?,
                level,
            }
        }
        "challenge" => Command::Challenge {
            opponent: user("opponent")?
                .ok_or("`/xiangqi challenge` needs the person to play as `opponent`.")?,
            color: color()?,
        },
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "move" => match value("move").and_then(|v| v.as_str()).map(str::trim) {
            Some(text) if !text.is_empty() => Command::Move(text.to_string()),
            _ => {
                return Err(
                    "`/xiangqi move` needs a move, like `h2e2`, `C2=5` or `炮二平五`.".into(),
                )
            }
        },
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        "takeback" => Command::Takeback,
        "hint" => Command::Hint,
        "board" => Command::Board {
            game: game("game")?,
        },
        "games" => Command::Games,
        "watch" => Command::Watch {
            game: required_game("game")?,
        },
        "history" => Command::History {
            user: user("user")?,
        },
        "game" => Command::Game {
            id: required_game("id")?,
        },
        "stats" => Command::Stats {
            user: user("user")?,
        },
        "leaderboard" => Command::Leaderboard,
        "help" => Command::Help,
        other => {
            return Err(format!(
                "`/xiangqi {other}` is not a command this bot knows; `/xiangqi help` lists them."
            ))
        }
    })
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
                level: 5
            })
        );
        assert_eq!(
            super::read(&data("play", json!([]))),
            Ok(Command::Play {
                color: ColorChoice::Red,
                level: DEFAULT_LEVEL
            })
        );
    }

    #[test]
    fn out_of_range_values_are_refused_with_a_sentence() {
        let err = read(&data(
            "play",
            json!([{"name": "level", "type": 4, "value": 99}]),
        ));
        assert!(err.unwrap_err().contains("from 1 to 8"));
        let err = read(&data(
            "play",
            json!([{"name": "color", "type": 3, "value": "green"}]),
        ));
        assert!(err.unwrap_err().contains("red, black or random"));
        let err = read(&data(
            "watch",
            json!([{"name": "game", "type": 4, "value": -3}]),
        ));
        assert!(err.unwrap_err().contains("game id"));
        let err = read(&data(
            "move",
            json!([{"name": "move", "type": 3, "value": "  "}]),
        ));
        assert!(err.unwrap_err().contains("needs a move"));
        let err = read(&data("castle", json!([])));
        assert!(err.unwrap_err().contains("not a command"));
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

    fn read_history_of(id: &str) -> Result<Command, String> {
        read(&data(
            "history",
            json!([{"name": "user", "type": 6, "value": id}]),
        ))
    }

    #[test]
    fn every_subcommand_in_the_definition_is_read() {
        let definition = serde_json::to_value(definition()).unwrap();
        let subcommands = definition["options"].as_array().unwrap();
        assert_eq!(subcommands.len(), 17);
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
