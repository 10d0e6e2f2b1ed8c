//! What a user typed, read into a [`Command`]. The same words serve the console
//! and Discord's `!xq` prefix; a bare move (`h2e2`, `C2=5`, `炮二平五`) is a
//! command of its own. Parsing never panics and every error says what to type.

use thiserror::Error;

use super::commands_table::{self, Arg, ArgValues, CommandSpec};
use super::settings::{command::find_typed, Setting};
use super::voice::Voice;
use super::Actor;
use crate::engine::Level;
use crate::i18n::Msg;
use crate::render::{PieceStyle, Style, Theme};

/// The lowest and highest engine level a player may ask for.
pub const MIN_LEVEL: u8 = Level::MIN.number();
pub const MAX_LEVEL: u8 = Level::MAX.number();
/// The level used when `play` names none.
pub const DEFAULT_LEVEL: u8 = 3;

pub use crate::store::ColorChoice;

/// The colour choice a word names, with the chat's short forms.
fn color_choice(word: &str) -> Option<ColorChoice> {
    match word {
        "red" | "r" | "w" | "white" => Some(ColorChoice::Red),
        "black" | "b" => Some(ColorChoice::Black),
        "random" | "any" | "?" => Some(ColorChoice::Random),
        _ => None,
    }
}

/// The look a user asked for on `board` or `game`; what is not named is
/// the bot's default (`--pieces`, `--theme`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StyleChoice {
    pub pieces: Option<PieceStyle>,
    pub theme: Option<Theme>,
}

impl StyleChoice {
    /// The style to draw in: what was asked, the rest from `default`.
    pub fn or(self, default: Style) -> Style {
        Style {
            pieces: self.pieces.unwrap_or(default.pieces),
            theme: self.theme.unwrap_or(default.theme),
        }
    }
}

/// One thing a user asked the bot to do. Each variant has its entry in
/// [`COMMANDS`](super::commands_table::COMMANDS): its word, arguments and help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start a game against the bot.
    Play {
        color: ColorChoice,
        /// `None`: the server's default level, else [`DEFAULT_LEVEL`].
        level: Option<u8>,
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
        style: StyleChoice,
    },
    /// The live games here, `page` (from 1) of them.
    Games {
        page: u32,
    },
    Watch {
        game: i64,
    },
    History {
        user: Option<Actor>,
    },
    Game {
        id: i64,
        style: StyleChoice,
    },
    Stats {
        user: Option<Actor>,
    },
    Leaderboard,
    Help,
    /// Show the settings (`setting: None`) or change one (`value`: the
    /// words after its name, checked by the handler against its kind).
    Settings {
        setting: Option<&'static Setting>,
        value: Vec<String>,
    },
    /// End a live game as aborted and unrated (moderators).
    Abort {
        game: i64,
    },
    /// A finished game's review; `None`: the requester's last finished game.
    Review {
        game: Option<i64>,
    },
    /// The puzzle trainer: a new puzzle, a move in it, a hint, ...
    Puzzle(PuzzleAction),
}

/// What `puzzle` is asked to do, from the words after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// A puzzle near the user's puzzle rating (or the one still open).
    New,
    /// A move in the open puzzle, as typed.
    Move(String),
    Hint,
    Skip,
    /// The server's puzzle of the day.
    Daily,
    Stats,
    /// The puzzle leaderboard, `page` (from 1) of it.
    Top {
        page: u32,
    },
}

impl PuzzleAction {
    /// The action the words name, in English or in any of the bot's other
    /// languages ([`super::command_words::puzzle_action`]); anything else is
    /// a move, so that
    /// `puzzle h2e2` and `puzzle 炮二平五` play in the puzzle. A page that is
    /// not a number is page 1.
    pub fn read(words: &[String]) -> PuzzleAction {
        let first = words.first().map(|w| w.to_lowercase());
        let first = first
            .as_deref()
            .map(|w| super::command_words::puzzle_action(w).unwrap_or(w));
        match (first, words.len()) {
            (None, _) => PuzzleAction::New,
            (Some("hint"), 1) => PuzzleAction::Hint,
            (Some("skip"), 1) => PuzzleAction::Skip,
            (Some("daily"), 1) => PuzzleAction::Daily,
            (Some("stats"), 1) => PuzzleAction::Stats,
            (Some("top"), 1 | 2) => PuzzleAction::Top {
                page: words
                    .get(1)
                    .and_then(|w| w.trim_start_matches('#').parse().ok())
                    .filter(|&page| page >= 1)
                    .unwrap_or(1),
            },
            _ => PuzzleAction::Move(words.concat()),
        }
    }
}

/// Why a line could not be read as a command. [`CommandError::message`] is
/// a short sentence telling the user what to type instead; `Display` is its
/// English, for logs.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.message(Voice::default()))]
pub enum CommandError {
    Empty,
    /// Neither a command word nor anything shaped like a move.
    Unknown {
        word: String,
    },
    MissingArgument {
        command: &'static str,
        what: Arg,
        usage: String,
    },
    BadArgument {
        command: &'static str,
        problem: Problem,
        usage: String,
    },
}

/// What is wrong with a command's arguments; `word` is the user's word as
/// echoed (in a code span, shortened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NotUser { word: String },
    NotGameId { word: String },
    SideTwice,
    LevelTwice,
    LevelNeedsNumber,
    NotSideNorLevel { word: String },
    NotSide { word: String },
    NotLevel { word: String },
    OneUserAtMost,
    OneGame,
    OnePage,
    NotPage { word: String },
    TakesNothing { word: String },
    PiecesTwice,
    ThemeTwice,
    NotStyle { word: String },
    NotSetting { word: String },
}

impl CommandError {
    /// The sentence for the user, in `voice`.
    pub fn message(&self, voice: Voice) -> String {
        voice.say(match self {
            CommandError::Empty => Msg::CommandEmpty,
            CommandError::Unknown { word } => Msg::CommandUnknown { word: word.clone() },
            CommandError::MissingArgument {
                command,
                what,
                usage,
            } => Msg::CommandMissing {
                command: (*command).to_string(),
                what: voice.say(what.what()),
                usage: usage.clone(),
            },
            CommandError::BadArgument {
                command,
                problem,
                usage,
            } => Msg::CommandBad {
                command: (*command).to_string(),
                problem: voice.say(problem.msg()),
                usage: usage.clone(),
            },
        })
    }
}

impl Problem {
    fn msg(&self) -> Msg {
        let (min, max) = (i64::from(MIN_LEVEL), i64::from(MAX_LEVEL));
        match self {
            Problem::NotUser { word } => Msg::BadNotUser { word: word.clone() },
            Problem::NotGameId { word } => Msg::BadNotGameId { word: word.clone() },
            Problem::SideTwice => Msg::BadSideTwice,
            Problem::LevelTwice => Msg::BadLevelTwice,
            Problem::LevelNeedsNumber => Msg::BadLevelNeedsNumber { min, max },
            Problem::NotSideNorLevel { word } => Msg::BadNotSideNorLevel {
                word: word.clone(),
                min,
                max,
            },
            Problem::NotSide { word } => Msg::BadNotSide { word: word.clone() },
            Problem::NotLevel { word } => Msg::BadNotLevel {
                word: word.clone(),
                min,
                max,
            },
            Problem::OneUserAtMost => Msg::BadOneUser,
            Problem::OneGame => Msg::BadOneGame,
            Problem::OnePage => Msg::BadOnePage,
            Problem::NotPage { word } => Msg::BadNotPage { word: word.clone() },
            Problem::TakesNothing { word } => Msg::BadTakesNothing { word: word.clone() },
            Problem::PiecesTwice => Msg::BadPiecesTwice,
            Problem::ThemeTwice => Msg::BadThemeTwice,
            Problem::NotSetting { word } => Msg::BadNotSetting {
                word: word.clone(),
                settings: super::settings::SETTINGS
                    .iter()
                    .map(|s| format!("`{}`", super::settings::command::typed_name(s)))
                    .collect::<Vec<_>>()
                    .join(", "),
            },
            Problem::NotStyle { word } => Msg::BadNotStyle {
                word: word.clone(),
                pieces: choices(&PieceStyle::ALL.map(PieceStyle::name)),
                themes: choices(&Theme::ALL.map(Theme::name)),
            },
        }
    }
}

/// The prefix Discord users type before a command; accepted here too so that
/// adapters may pass the text as typed.
pub const PREFIX: &str = "!xq";

/// Reads one line. Case does not matter for command words; a move keeps its
/// text as typed (Chinese notation has no case, WXF's letters are read by the rules).
/// The words, and what may follow each, come from
/// [`COMMANDS`](super::commands_table::COMMANDS).
pub fn parse(input: &str) -> Result<Command, CommandError> {
    let text = strip_prefix(input.trim());
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Err(CommandError::Empty);
    };
    let args: Vec<&str> = words.collect();
    let word = first.to_lowercase();
    let word = word.strip_prefix('/').unwrap_or(&word);
    match commands_table::find(word).or_else(|| super::command_words::find(word)) {
        Some(spec) => read_args(spec, &args),
        None if args.is_empty() && looks_like_move(first) => Ok(Command::Move(first.to_string())),
        None => Err(CommandError::Unknown {
            word: shorten(first),
        }),
    }
}

/// Reads the words after a command's own, as its entry says: a user or a
/// game id first, in the entry's order; then a side and a level, known by
/// their words, in any order. A move takes the rest of the line.
fn read_args(spec: &'static CommandSpec, words: &[&str]) -> Result<Command, CommandError> {
    let bad = |problem: Problem| CommandError::BadArgument {
        command: spec.word,
        problem,
        usage: spec.usage(),
    };
    let missing = |arg: Arg| CommandError::MissingArgument {
        command: spec.word,
        what: arg,
        usage: spec.usage(),
    };
    let mut values = ArgValues::default();
    let mut rest = words;
    let (mut takes_side, mut takes_level) = (false, false);
    let (mut takes_pieces, mut takes_theme) = (false, false);
    for &arg in spec.args {
        match arg {
            Arg::Side => takes_side = true,
            Arg::Level => takes_level = true,
            Arg::Pieces => takes_pieces = true,
            Arg::Theme => takes_theme = true,
            Arg::Ignored => rest = &[],
            Arg::Setting => {
                let Some((&first, after)) = rest.split_first() else {
                    continue;
                };
                // `server` and the setting's own word, or the word alone.
                let (typed, after) = match after.split_first() {
                    Some((&word, after)) if first.eq_ignore_ascii_case("server") => {
                        (format!("{first} {word}"), after)
                    }
                    _ => (first.to_owned(), after),
                };
                let setting = find_typed(&typed).ok_or_else(|| {
                    bad(Problem::NotSetting {
                        word: shorten(&typed),
                    })
                })?;
                values.setting = Some(setting);
                rest = after;
            }
            Arg::SettingValue | Arg::PuzzleAction => {
                values.words = rest.iter().map(|w| (*w).to_owned()).collect();
                rest = &[];
            }
            Arg::MoveText if rest.is_empty() => return Err(missing(arg)),
            Arg::MoveText => {
                // `move H2 - E2` and `move 炮二 平五`: spaces inside a move are forgiven.
                values.text = Some(rest.concat());
                rest = &[];
            }
            Arg::Page => {
                let Some((&word, after)) = rest.split_first() else {
                    continue;
                };
                rest = after;
                let page = word.parse::<u32>().ok().filter(|&page| page >= 1);
                let page = page.ok_or_else(|| {
                    bad(Problem::NotPage {
                        word: shorten(word),
                    })
                })?;
                values.page = Some(page);
            }
            Arg::User(_) | Arg::GameId(_) => {
                let Some((&word, after)) = rest.split_first() else {
                    if arg.required() {
                        return Err(missing(arg));
                    }
                    continue;
                };
                rest = after;
                if let Arg::User(_) = arg {
                    let user = parse_user(word).ok_or_else(|| {
                        bad(Problem::NotUser {
                            word: shorten(word),
                        })
                    })?;
                    values.user = Some(user);
                } else {
                    let id = parse_game_id(word).ok_or_else(|| {
                        bad(Problem::NotGameId {
                            word: shorten(word),
                        })
                    })?;
                    values.game = Some(id);
                }
            }
        }
    }
    let mut rest = rest.iter();
    while let Some(&word) = rest.next() {
        let lower = word.to_lowercase();
        if takes_side {
            if let Some(choice) = color_choice(&lower) {
                if values.side.replace(choice).is_some() {
                    return Err(bad(Problem::SideTwice));
                }
                continue;
            }
        }
        if takes_pieces {
            if let Ok(pieces) = lower.parse::<PieceStyle>() {
                if values.pieces.replace(pieces).is_some() {
                    return Err(bad(Problem::PiecesTwice));
                }
                continue;
            }
        }
        if takes_theme {
            if let Ok(theme) = lower.parse::<Theme>() {
                if values.theme.replace(theme).is_some() {
                    return Err(bad(Problem::ThemeTwice));
                }
                continue;
            }
        }
        if takes_level {
            let number = match lower.as_str() {
                "level" | "lvl" | "l" => match rest.next() {
                    Some(&n) => n,
                    None => return Err(bad(Problem::LevelNeedsNumber)),
                },
                _ => lower
                    .strip_prefix("level")
                    .or_else(|| lower.strip_prefix("lvl"))
                    .or_else(|| lower.strip_prefix('l'))
                    .filter(|rest| !rest.is_empty())
                    .unwrap_or(word),
            };
            if let Some(level) = parse_level(number) {
                if values.level.replace(level).is_some() {
                    return Err(bad(Problem::LevelTwice));
                }
                continue;
            }
        }
        let word = shorten(word);
        if takes_pieces || takes_theme {
            return Err(bad(Problem::NotStyle { word }));
        }
        return Err(bad(match (takes_side, takes_level, spec.args.last()) {
            (true, true, _) => Problem::NotSideNorLevel { word },
            (true, false, _) => Problem::NotSide { word },
            (false, true, _) => Problem::NotLevel { word },
            (false, false, Some(Arg::User(_))) => Problem::OneUserAtMost,
            (false, false, Some(Arg::GameId(_))) => Problem::OneGame,
            (false, false, Some(Arg::Page)) => Problem::OnePage,
            (false, false, _) => Problem::TakesNothing { word },
        }));
    }
    // The loop above returned for every required argument left out.
    (spec.build)(values).ok_or_else(|| missing(spec.first_required().unwrap_or(Arg::Ignored)))
}

/// `a or b`: the words a user may choose from.
fn choices(words: &[&str]) -> String {
    words.join(" or ")
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

fn parse_level(text: &str) -> Option<u8> {
    let level: u8 = text.parse().ok()?;
    (MIN_LEVEL..=MAX_LEVEL).contains(&level).then_some(level)
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

/// `12` or `#12`; ids are positive.
pub fn parse_game_id(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('#').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().filter(|id| *id > 0)
}

/// Whether a lone word is shaped like a move in one of the notations players
/// type: ICCS (`h2e2`, `H2-E2`), WXF (`C2=5`, `R+=5`, `H8+7`), Chinese
/// (`炮二平五`) or Vietnamese (`P2-5`, `Xs/1`). Only the shape: the game's
/// position decides legality, and a word that merely looks like a move gets a
/// move error, which is the helpful one.
pub fn looks_like_move(word: &str) -> bool {
    looks_like_iccs(word)
        || looks_like_wxf(word)
        || looks_like_chinese(word)
        || looks_like_vietnamese(word)
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

/// Piece letters (`Tg`, `S`, `T`, `X`, `P`, `M`, `B`), a file or a place
/// (`t`, `s`, `g`, maybe with a file), then `.`, `/` or `-` and a digit.
fn looks_like_vietnamese(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let rest = match bytes {
        [b't', b'g', rest @ ..] => rest,
        [b's' | b't' | b'x' | b'p' | b'm' | b'b', rest @ ..] => rest,
        _ => return false,
    };
    let is_place = |b: &u8| b"tsg".contains(b);
    let head_fits = |head: &[u8]| match head {
        [single] => single.is_ascii_digit() || is_place(single),
        [place, file] => is_place(place) && file.is_ascii_digit(),
        _ => false,
    };
    match rest {
        [head @ .., operator, number] => {
            head_fits(head) && b"./-".contains(operator) && number.is_ascii_digit()
        }
        _ => false,
    }
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
                level: None
            })
        );
        let black5 = Ok(Command::Play {
            color: ColorChoice::Black,
            level: Some(5),
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
            "play 22",
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
            "P2-5",
            "M8.7",
            "Tg5.1",
            "Xs/1",
            "Bt7-6",
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
            assert!(
                matches!(parse(chat), Err(CommandError::Unknown { .. })),
                "{chat}"
            );
        }
        assert_eq!(parse("   "), Err(CommandError::Empty));
    }

    #[test]
    fn board_and_game_take_a_piece_style_and_a_theme_in_any_order() {
        let both = StyleChoice {
            pieces: Some(PieceStyle::International),
            theme: Some(Theme::Contrast),
        };
        for text in [
            "board 7 international contrast",
            "board #7 Contrast INTERNATIONAL",
        ] {
            assert_eq!(
                parse(text),
                Ok(Command::Board {
                    game: Some(7),
                    style: both
                })
            );
        }
        assert_eq!(
            parse("game 3 wood"),
            Ok(Command::Game {
                id: 3,
                style: StyleChoice {
                    pieces: None,
                    theme: Some(Theme::Wood)
                }
            })
        );
        assert_eq!(both.or(Style::default()).pieces, PieceStyle::International);
        assert_eq!(
            StyleChoice::default().or(Style::default()),
            Style::default()
        );
        for (text, problem) in [
            (
                "board 7 western",
                "neither a piece style (chinese or international) nor a theme (wood or contrast)",
            ),
            ("board 7 wood contrast", "name the theme only once"),
            ("game 3 chinese chinese", "name the piece style only once"),
        ] {
            match parse(text) {
                Err(err @ CommandError::BadArgument { .. }) => {
                    let got = err.to_string();
                    assert!(got.contains(problem), "{text}: {got}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        // A style is not a game id: the id still comes first.
        assert!(matches!(
            parse("board contrast"),
            Err(CommandError::BadArgument { .. })
        ));
    }

    #[test]
    fn game_ids_and_users() {
        let plain = StyleChoice::default();
        assert_eq!(
            parse("board"),
            Ok(Command::Board {
                game: None,
                style: plain
            })
        );
        assert_eq!(
            parse("board #7"),
            Ok(Command::Board {
                game: Some(7),
                style: plain
            })
        );
        assert_eq!(parse("watch 12"), Ok(Command::Watch { game: 12 }));
        assert_eq!(
            parse("game 3"),
            Ok(Command::Game {
                id: 3,
                style: plain
            })
        );
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
