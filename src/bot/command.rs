//! What a user typed, read into a [`Command`]. The same words serve the console
//! and Discord's `!xq` prefix; a bare move (`h2e2`, `C2=5`, `炮二平五`) is a
//! command of its own. Parsing never panics and every error says what to type.

use std::fmt;

use thiserror::Error;

use super::Actor;
use crate::rules::Color;

/// The lowest and highest engine level a player may ask for.
pub const MIN_LEVEL: u8 = 1;
pub const MAX_LEVEL: u8 = 8;
/// The level used when `play` names none.
pub const DEFAULT_LEVEL: u8 = 3;

/// The side a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Red moves first; the default, so that a plain `play` starts at once.
    #[default]
    Red,
    Black,
    Random,
}

impl ColorChoice {
    /// The side this choice gives, with `coin` deciding `Random`.
    pub fn resolve(self, coin: bool) -> Color {
        match self {
            ColorChoice::Red => Color::Red,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if coin => Color::Red,
            ColorChoice::Random => Color::Black,
        }
    }

    fn from_word(word: &str) -> Option<ColorChoice> {
        match word {
            "red" | "r" | "w" | "white" => Some(ColorChoice::Red),
            "black" | "b" => Some(ColorChoice::Black),
            "random" | "any" | "?" => Some(ColorChoice::Random),
            _ => None,
        }
    }
}

impl fmt::Display for ColorChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColorChoice::Red => "red",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        })
    }
}

/// One thing a user asked the bot to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start a game against the bot.
    Play {
        color: ColorChoice,
        level: u8,
    },
    /// Challenge another person; `color` is the challenger's side.
    Challenge {
        opponent: Actor,
        color: ColorChoice,
    },
    Accept,
    Decline,
    /// A move in any notation, as typed; the game's position decides what it means.
    Move(String),
    Resign,
    Draw,
    Takeback,
    Hint,
    Board {
        game: Option<i64>,
    },
    Games,
    Watch {
        game: i64,
    },
    History {
        user: Option<Actor>,
    },
    Game {
        id: i64,
    },
    Stats {
        user: Option<Actor>,
    },
    Leaderboard,
    Help,
}

impl Command {
    /// The command's word, for logs and messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Play { .. } => "play",
            Command::Challenge { .. } => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Move(_) => "move",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::Takeback => "takeback",
            Command::Hint => "hint",
            Command::Board { .. } => "board",
            Command::Games => "games",
            Command::Watch { .. } => "watch",
            Command::History { .. } => "history",
            Command::Game { .. } => "game",
            Command::Stats { .. } => "stats",
            Command::Leaderboard => "leaderboard",
            Command::Help => "help",
        }
    }
}

/// Why a line could not be read as a command. `Display` is a short sentence
/// telling the user what to type instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("Type a command or a move; `help` lists them.")]
    Empty,
    /// Neither a command word nor anything shaped like a move. Adapters that
    /// read every chat message treat this one as "not for the bot".
    #[error("`{word}` is neither a command nor a move; `help` lists the commands.")]
    Unknown { word: String },
    #[error("`{command}` needs {what}: {usage}")]
    MissingArgument {
        command: &'static str,
        what: &'static str,
        usage: &'static str,
    },
    #[error("`{command}`: {problem}. Usage: {usage}")]
    BadArgument {
        command: &'static str,
        problem: String,
        usage: &'static str,
    },
}

impl CommandError {
    /// True when the text was not meant for the bot at all (no command word,
    /// nothing move-like): a chat adapter reading plain messages stays silent.
    pub fn is_unknown(&self) -> bool {
        matches!(self, CommandError::Unknown { .. } | CommandError::Empty)
    }
}

const USAGE_PLAY: &str = "`play [red|black|random] [level 1-8]`";
const USAGE_CHALLENGE: &str = "`challenge @user [red|black|random]`";
const USAGE_MOVE: &str = "`move h2e2` (ICCS), `move C2=5` (WXF) or `move 炮二平五`";
const USAGE_BOARD: &str = "`board [game id]`";
const USAGE_WATCH: &str = "`watch <game id>`";
const USAGE_GAME: &str = "`game <game id>`";
const USAGE_HISTORY: &str = "`history [@user]`";
const USAGE_STATS: &str = "`stats [@user]`";

/// The prefix Discord users type before a command; accepted here too so that
/// adapters may pass the text as typed.
pub const PREFIX: &str = "!xq";

/// Reads one line. Case does not matter for command words; a move keeps its
/// text as typed (Chinese notation has no case, WXF's letters are read by the rules).
pub fn parse(input: &str) -> Result<Command, CommandError> {
    let text = strip_prefix(input.trim());
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Err(CommandError::Empty);
    };
    let args: Vec<&str> = words.collect();
    let word = first.to_lowercase();
    let word = word.strip_prefix('/').unwrap_or(&word);
    match word {
        "play" | "new" => parse_play(&args),
        "challenge" => parse_challenge(&args),
        "accept" => no_args("accept", Command::Accept, &args),
        "decline" => no_args("decline", Command::Decline, &args),
        "move" | "m" => parse_move(&args),
        "resign" => no_args("resign", Command::Resign, &args),
        "draw" => no_args("draw", Command::Draw, &args),
        "takeback" | "undo" => no_args("takeback", Command::Takeback, &args),
        "hint" => no_args("hint", Command::Hint, &args),
        "board" => Ok(Command::Board {
            game: optional_game_id("board", &args, USAGE_BOARD)?,
        }),
        "games" => no_args("games", Command::Games, &args),
        "watch" => Ok(Command::Watch {
            game: required_game_id("watch", &args, USAGE_WATCH)?,
        }),
        "history" => Ok(Command::History {
            user: optional_user("history", &args, USAGE_HISTORY)?,
        }),
        "game" => Ok(Command::Game {
            id: required_game_id("game", &args, USAGE_GAME)?,
        }),
        "stats" => Ok(Command::Stats {
            user: optional_user("stats", &args, USAGE_STATS)?,
        }),
        "leaderboard" | "top" => no_args("leaderboard", Command::Leaderboard, &args),
        "help" | "?" => Ok(Command::Help),
        _ if args.is_empty() && looks_like_move(first) => Ok(Command::Move(first.to_string())),
        _ => Err(CommandError::Unknown {
            word: shorten(first),
        }),
    }
}

fn strip_prefix(text: &str) -> &str {
    match text.get(..PREFIX.len()) {
        Some(head) if head.eq_ignore_ascii_case(PREFIX) => text[PREFIX.len()..].trim_start(),
        _ => text,
    }
}

/// A user's word echoed back in an error (always inside a code span), cut so
/// that a pasted essay is not.
fn shorten(word: &str) -> String {
    const MAX_CHARS: usize = 24;
    let word = super::markup::in_code(word);
    if word.chars().count() <= MAX_CHARS {
        word
    } else {
        let mut cut: String = word.chars().take(MAX_CHARS).collect();
        cut.push('…');
        cut
    }
}

fn no_args(command: &'static str, parsed: Command, args: &[&str]) -> Result<Command, CommandError> {
    match args.first() {
        None => Ok(parsed),
        Some(extra) => Err(CommandError::BadArgument {
            command,
            problem: format!("it takes nothing after it (got `{}`)", shorten(extra)),
            usage: match command {
                "accept" => "`accept`",
                "decline" => "`decline`",
                "resign" => "`resign`",
                "draw" => "`draw`",
                "takeback" => "`takeback`",
                "hint" => "`hint`",
                "games" => "`games`",
                "leaderboard" => "`leaderboard`",
                _ => "`help`",
            },
        }),
    }
}

fn parse_play(args: &[&str]) -> Result<Command, CommandError> {
    let bad = |problem: String| CommandError::BadArgument {
        command: "play",
        problem,
        usage: USAGE_PLAY,
    };
    let mut color = None;
    let mut level = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let lower = arg.to_lowercase();
        if let Some(choice) = ColorChoice::from_word(&lower) {
            if color.replace(choice).is_some() {
                return Err(bad("name the side only once".into()));
            }
            continue;
        }
        let number = match lower.as_str() {
            "level" | "lvl" | "l" => match iter.next() {
                Some(n) => *n,
                None => return Err(bad("`level` needs a number from 1 to 8".into())),
            },
            _ => lower
                .strip_prefix("level")
                .or_else(|| lower.strip_prefix("lvl"))
                .or_else(|| lower.strip_prefix('l'))
                .filter(|rest| !rest.is_empty())
                .unwrap_or(arg),
        };
        let parsed = parse_level(number).ok_or_else(|| {
            bad(format!(
                "`{}` is neither a side nor a level from {MIN_LEVEL} to {MAX_LEVEL}",
                shorten(arg)
            ))
        })?;
        if level.replace(parsed).is_some() {
            return Err(bad("name the level only once".into()));
        }
    }
    Ok(Command::Play {
        color: color.unwrap_or_default(),
        level: level.unwrap_or(DEFAULT_LEVEL),
    })
}

fn parse_level(text: &str) -> Option<u8> {
    let level: u8 = text.parse().ok()?;
    (MIN_LEVEL..=MAX_LEVEL).contains(&level).then_some(level)
}

fn parse_challenge(args: &[&str]) -> Result<Command, CommandError> {
    let Some(who) = args.first() else {
        return Err(CommandError::MissingArgument {
            command: "challenge",
            what: "the person to play",
            usage: USAGE_CHALLENGE,
        });
    };
    let bad = |problem: String| CommandError::BadArgument {
        command: "challenge",
        problem,
        usage: USAGE_CHALLENGE,
    };
    let opponent =
        parse_user(who).ok_or_else(|| bad(format!("`{}` is not a user", shorten(who))))?;
    let color = match args.get(1) {
        None => ColorChoice::default(),
        Some(word) => ColorChoice::from_word(&word.to_lowercase())
            .ok_or_else(|| bad(format!("`{}` is not red, black or random", shorten(word))))?,
    };
    if let Some(extra) = args.get(2) {
        return Err(bad(format!(
            "nothing goes after the side (got `{}`)",
            shorten(extra)
        )));
    }
    Ok(Command::Challenge { opponent, color })
}

fn parse_move(args: &[&str]) -> Result<Command, CommandError> {
    match args {
        [] => Err(CommandError::MissingArgument {
            command: "move",
            what: "a move",
            usage: USAGE_MOVE,
        }),
        // `move H2 - E2` and `move 炮二 平五`: spaces inside a move are forgiven.
        _ => Ok(Command::Move(args.concat())),
    }
}

/// Reads a user: a Discord mention `<@123>` / `<@!123>` (id only; the name is
/// the mention itself, which Discord shows as the user's name), or a plain name
/// with an optional `@` (the console's users are their names).
pub fn parse_user(text: &str) -> Option<Actor> {
    if let Some(inner) = text.strip_prefix("<@").and_then(|t| t.strip_suffix('>')) {
        let id = inner.strip_prefix('!').unwrap_or(inner);
        if !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Actor {
                id: id.to_string(),
                name: format!("<@{id}>"),
            });
        }
        return None;
    }
    let name = text.strip_prefix('@').unwrap_or(text);
    let valid = !name.is_empty()
        && name.chars().count() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    valid.then(|| Actor {
        id: name.to_string(),
        name: name.to_string(),
    })
}

fn optional_user(
    command: &'static str,
    args: &[&str],
    usage: &'static str,
) -> Result<Option<Actor>, CommandError> {
    match args {
        [] => Ok(None),
        [who] => parse_user(who)
            .map(Some)
            .ok_or_else(|| CommandError::BadArgument {
                command,
                problem: format!("`{}` is not a user", shorten(who)),
                usage,
            }),
        _ => Err(CommandError::BadArgument {
            command,
            problem: "name one user at most".into(),
            usage,
        }),
    }
}

fn optional_game_id(
    command: &'static str,
    args: &[&str],
    usage: &'static str,
) -> Result<Option<i64>, CommandError> {
    match args {
        [] => Ok(None),
        _ => required_game_id(command, args, usage).map(Some),
    }
}

fn required_game_id(
    command: &'static str,
    args: &[&str],
    usage: &'static str,
) -> Result<i64, CommandError> {
    match args {
        [] => Err(CommandError::MissingArgument {
            command,
            what: "a game id (`games` lists them)",
            usage,
        }),
        [id] => parse_game_id(id).ok_or_else(|| CommandError::BadArgument {
            command,
            problem: format!("`{}` is not a game id (a number like `12`)", shorten(id)),
            usage,
        }),
        _ => Err(CommandError::BadArgument {
            command,
            problem: "name one game".into(),
            usage,
        }),
    }
}

/// `12` or `#12`; ids are positive.
pub fn parse_game_id(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('#').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().filter(|id| *id > 0)
}

/// Whether a lone word is shaped like a move in one of the notations players
/// type: ICCS (`h2e2`, `H2-E2`), WXF (`C2=5`, `R+=5`, `H8+7`) or Chinese
/// (`炮二平五`). Only the shape: the game's position decides legality, and a
/// word that merely looks like a move gets a move error, which is the helpful one.
pub fn looks_like_move(word: &str) -> bool {
    looks_like_iccs(word) || looks_like_wxf(word) || looks_like_chinese(word)
}

fn looks_like_iccs(word: &str) -> bool {
    let chars: Vec<char> = word.chars().filter(|c| *c != '-').collect();
    let is_file = |c: char| ('a'..='i').contains(&c.to_ascii_lowercase());
    chars.len() == 4
        && word.chars().count() <= 5
        && is_file(chars[0])
        && chars[1].is_ascii_digit()
        && is_file(chars[2])
        && chars[3].is_ascii_digit()
}

fn looks_like_wxf(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() != 4 {
        return false;
    }
    let is_piece = |c: char| "KAEBHNRCPkaebhnrcp".contains(c);
    let is_place = |c: char| c.is_ascii_digit() || c == '+' || c == '-';
    let is_op = |c: char| "+-.=".contains(c);
    // Tandem pieces may also be written with the position first: `+R=5`.
    let piece_first = is_piece(chars[0]) && is_place(chars[1]);
    let tandem_first = matches!(chars[0], '+' | '-') && is_piece(chars[1]);
    (piece_first || tandem_first) && is_op(chars[2]) && chars[3].is_ascii_digit()
}

fn looks_like_chinese(word: &str) -> bool {
    let count = word.chars().count();
    (4..=5).contains(&count) && word.chars().any(|c| "进進退平".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn actor(name: &str) -> Actor {
        Actor {
            id: name.into(),
            name: name.into(),
        }
    }

    #[test]
    fn play_takes_side_and_level_in_any_order() {
        assert_eq!(
            parse("play"),
            Ok(Command::Play {
                color: ColorChoice::Red,
                level: DEFAULT_LEVEL
            })
        );
        let black5 = Ok(Command::Play {
            color: ColorChoice::Black,
            level: 5,
        });
        assert_eq!(parse("play black 5"), black5);
        assert_eq!(parse("PLAY level 5 Black"), black5);
        assert_eq!(parse("play l5 black"), black5);
        assert_eq!(parse("!xq play black level5"), black5);
        assert!(matches!(
            parse("play random"),
            Ok(Command::Play {
                color: ColorChoice::Random,
                ..
            })
        ));
        for bad in [
            "play 9",
            "play 0",
            "play level",
            "play green",
            "play red black",
            "play 2 3",
        ] {
            assert!(
                matches!(
                    parse(bad),
                    Err(CommandError::BadArgument {
                        command: "play",
                        ..
                    })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn challenge_reads_mentions_and_names() {
        assert_eq!(
            parse("challenge @bob black"),
            Ok(Command::Challenge {
                opponent: actor("bob"),
                color: ColorChoice::Black
            })
        );
        assert_eq!(
            parse("challenge <@!1234>"),
            Ok(Command::Challenge {
                opponent: Actor {
                    id: "1234".into(),
                    name: "<@1234>".into()
                },
                color: ColorChoice::Red
            })
        );
        assert!(matches!(
            parse("challenge"),
            Err(CommandError::MissingArgument { .. })
        ));
        assert!(matches!(
            parse("challenge <@abc>"),
            Err(CommandError::BadArgument { .. })
        ));
        assert!(matches!(
            parse("challenge bob purple"),
            Err(CommandError::BadArgument { .. })
        ));
    }

    #[test]
    fn bare_moves_in_every_notation() {
        for mv in [
            "h2e2",
            "H2-E2",
            "C2=5",
            "h8+7",
            "R+=5",
            "+R=5",
            "炮二平五",
            "马8进7",
            "馬８進７",
        ] {
            assert_eq!(parse(mv), Ok(Command::Move(mv.to_string())), "{mv}");
        }
        assert_eq!(parse("move H2 - E2"), Ok(Command::Move("H2-E2".into())));
        assert_eq!(parse("m h2e2"), Ok(Command::Move("h2e2".into())));
        assert!(matches!(
            parse("move"),
            Err(CommandError::MissingArgument { .. })
        ));
    }

    #[test]
    fn chat_that_is_not_a_command_is_unknown() {
        for chat in ["hello", "good game", "lol", "j2e2", "hi there"] {
            assert!(parse(chat).unwrap_err().is_unknown(), "{chat}");
        }
        assert_eq!(parse("   "), Err(CommandError::Empty));
    }

    #[test]
    fn game_ids_and_users() {
        assert_eq!(parse("board"), Ok(Command::Board { game: None }));
        assert_eq!(parse("board #7"), Ok(Command::Board { game: Some(7) }));
        assert_eq!(parse("watch 12"), Ok(Command::Watch { game: 12 }));
        assert_eq!(parse("game 3"), Ok(Command::Game { id: 3 }));
        assert!(matches!(
            parse("game"),
            Err(CommandError::MissingArgument { .. })
        ));
        assert!(matches!(
            parse("game x"),
            Err(CommandError::BadArgument { .. })
        ));
        assert!(matches!(
            parse("game 0"),
            Err(CommandError::BadArgument { .. })
        ));
        assert!(matches!(
            parse("game 99999999999999999999999"),
            Err(CommandError::BadArgument { .. })
        ));
        assert_eq!(
            parse("history @ann"),
            Ok(Command::History {
                user: Some(actor("ann"))
            })
        );
        assert_eq!(parse("stats"), Ok(Command::Stats { user: None }));
        assert!(matches!(
            parse("resign now"),
            Err(CommandError::BadArgument { .. })
        ));
    }

    #[test]
    fn every_command_word_parses() {
        for (text, name) in [
            ("accept", "accept"),
            ("decline", "decline"),
            ("resign", "resign"),
            ("draw", "draw"),
            ("takeback", "takeback"),
            ("hint", "hint"),
            ("games", "games"),
            ("leaderboard", "leaderboard"),
            ("help", "help"),
        ] {
            assert_eq!(parse(text).map(|c| c.name()), Ok(name));
        }
    }

    proptest! {
        #[test]
        fn never_panics_on_any_text(text in "\\PC{0,40}") {
            let _ = parse(&text);
        }

        #[test]
        fn never_panics_on_command_like_text(
            word in "(play|challenge|move|board|watch|game|history|stats|!xq|<@)",
            rest in "[ a-z0-9@<>!#=+.\\-]{0,20}",
        ) {
            if let Err(err) = parse(&format!("{word} {rest}")) {
                prop_assert!(!err.to_string().is_empty());
            }
        }
    }
}
