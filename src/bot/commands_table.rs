//! Every command, declared once. [`COMMANDS`] is the one list the rest reads:
//! the chat parser ([`super::command::parse`], console and `!xq`) finds a
//! word or alias here and reads the arguments named here; the help text
//! ([`super::help`]) lists the entries by group; the Discord adapter
//! (`discord/commands.rs`) registers one subcommand per entry with an option
//! per argument and reads an invoked one back through the same entry; and
//! [`Command::name`] and [`Command::answers_privately`] come from it.
//!
//! Adding a command means one entry here, its [`Command`] variant and its
//! handler in `Bot::dispatch`.

use super::command::{
    ColorChoice, Command, PuzzleAction, StyleChoice, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL,
};
use super::settings::Setting;
use super::Actor;
use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};

/// One command: what a user types, what it means, and how its words are read.
pub struct CommandSpec {
    /// The word typed (`play`) and the slash subcommand's name.
    pub word: &'static str,
    /// Other words for it in chat (`new`); Discord shows only `word`.
    pub aliases: &'static [&'static str],
    /// One line saying what it does, for the help and for Discord's picker
    /// (at most 100 characters, Discord's limit).
    pub about: Msg,
    /// What follows the word, in order (see [`Arg`] for how chat words are matched).
    pub args: &'static [Arg],
    /// The help's section it is listed in.
    pub group: Group,
    /// Its answer is for the requester only (the help, a hint): an adapter
    /// may acknowledge it privately before the core answers.
    pub private: bool,
    /// Whether a command is this entry's.
    pub is: fn(&Command) -> bool,
    /// The command from its arguments' values; `None` when a required one is
    /// missing (the readers check those first).
    pub build: fn(ArgValues) -> Option<Command>,
}

/// What a command takes after its word. In chat, a user or a game id is read
/// first, in the order listed; a side and a level are recognised by their
/// words and may follow in any order. On Discord each is an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `red`, `black` or `random` (default red); the option `color`, with choices.
    Side,
    /// The bot's level: `5`, `l5`, `level 5` (default [`DEFAULT_LEVEL`]);
    /// the option `level`, with a choice per level.
    Level,
    /// A person: a mention or `@name`; a user option.
    User(Slot),
    /// A game's number, `12` or `#12`; an integer option of at least 1.
    GameId(Slot),
    /// Which page of a long list, from 1 (default 1); an integer option of
    /// at least 1.
    Page,
    /// A move in any notation: the rest of the line (spaces inside it are
    /// forgiven); a string option with autocomplete.
    MoveText,
    /// A piece style, `chinese` or `international` (default: the bot's);
    /// the option `pieces`, with choices.
    Pieces,
    /// A board theme, `wood` or `contrast` (default: the bot's); the option
    /// `theme`, with choices.
    Theme,
    /// Whatever follows is read and ignored (`help play` still helps); no option.
    Ignored,
    /// Which setting: `language`, or `server level` for a server's; the
    /// option `setting`, with a choice per setting.
    Setting,
    /// The rest of the line, a setting's new value (`#a #b`, `30m`,
    /// `default`); the option `value`.
    SettingValue,
    /// The rest of the line, what `puzzle` is to do: `hint`, `skip`,
    /// `daily`, `stats`, `top [page]` or a move (see [`PuzzleAction::read`]);
    /// the option `action`.
    PuzzleAction,
}

/// A named argument's Discord option and whether it must be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The Discord option's name.
    pub option: &'static str,
    pub required: bool,
    /// The Discord option's description.
    pub about: &'static Msg,
}

/// The sections of the help, in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Playing,
    Watching,
    History,
    Settings,
    Help,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Playing,
        Group::Watching,
        Group::History,
        Group::Settings,
        Group::Help,
    ];

    pub fn title(self) -> Msg {
        match self {
            Group::Playing => Msg::GroupPlaying,
            Group::Watching => Msg::GroupWatching,
            Group::History => Msg::GroupHistory,
            Group::Settings => Msg::GroupSettings,
            Group::Help => Msg::GroupHelp,
        }
    }
}

/// The values read for a command's arguments, by kind (an entry has at most
/// one argument of each kind).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgValues {
    pub side: Option<ColorChoice>,
    pub level: Option<u8>,
    pub user: Option<Actor>,
    pub game: Option<i64>,
    pub page: Option<u32>,
    pub text: Option<String>,
    pub pieces: Option<PieceStyle>,
    pub theme: Option<Theme>,
    pub setting: Option<&'static Setting>,
    /// The words of a setting's value or of a puzzle action.
    pub words: Vec<String>,
}

impl ArgValues {
    fn style(&self) -> StyleChoice {
        StyleChoice {
            pieces: self.pieces,
            theme: self.theme,
        }
    }
}

const GAME_HERE: Slot = Slot {
    option: "game",
    required: false,
    about: &Msg::OptionGameHere,
};
const WHOSE: Slot = Slot {
    option: "user",
    required: false,
    about: &Msg::OptionWhose,
};

/// Every command, in the order the help and Discord's picker show them.
pub static COMMANDS: &[CommandSpec] = &[
    // Playing
    CommandSpec {
        word: "play",
        aliases: &["new"],
        about: Msg::AboutPlay,
        args: &[Arg::Side, Arg::Level],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Play { .. }),
        build: |a| {
            Some(Command::Play {
                color: a.side.unwrap_or_default(),
                level: a.level,
            })
        },
    },
    CommandSpec {
        word: "challenge",
        aliases: &[],
        about: Msg::AboutChallenge,
        args: &[
            Arg::User(Slot {
                option: "opponent",
                required: true,
                about: &Msg::OptionOpponent,
            }),
            Arg::Side,
        ],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Challenge { .. }),
        build: |a| {
            Some(Command::Challenge {
                opponent: a.user?,
                color: a.side.unwrap_or_default(),
            })
        },
    },
    CommandSpec {
        word: "accept",
        aliases: &[],
        about: Msg::AboutAccept,
        args: &[],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Accept),
        build: |_| Some(Command::Accept),
    },
    CommandSpec {
        word: "decline",
        aliases: &[],
        about: Msg::AboutDecline,
        args: &[],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Decline),
        build: |_| Some(Command::Decline),
    },
    CommandSpec {
        word: "move",
        aliases: &["m"],
        about: Msg::AboutMove,
        args: &[Arg::MoveText],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Move(_)),
        build: |a| Some(Command::Move(a.text?)),
    },
    CommandSpec {
        word: "resign",
        aliases: &[],
        about: Msg::AboutResign,
        args: &[],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Resign),
        build: |_| Some(Command::Resign),
    },
    CommandSpec {
        word: "draw",
        aliases: &[],
        about: Msg::AboutDraw,
        args: &[],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Draw),
        build: |_| Some(Command::Draw),
    },
    CommandSpec {
        word: "takeback",
        aliases: &["undo"],
        about: Msg::AboutTakeback,
        args: &[],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Takeback),
        build: |_| Some(Command::Takeback),
    },
    CommandSpec {
        word: "hint",
        aliases: &[],
        about: Msg::AboutHint,
        args: &[],
        group: Group::Playing,
        private: true,
        is: |c| matches!(c, Command::Hint),
        build: |_| Some(Command::Hint),
    },
    // Watching
    CommandSpec {
        word: "puzzle",
        aliases: &["puzzles"],
        about: Msg::AboutPuzzle,
        args: &[Arg::PuzzleAction],
        group: Group::Playing,
        private: false,
        is: |c| matches!(c, Command::Puzzle(_)),
        build: |a| Some(Command::Puzzle(PuzzleAction::read(&a.words))),
    },
    CommandSpec {
        word: "board",
        aliases: &[],
        about: Msg::AboutBoard,
        args: &[Arg::GameId(GAME_HERE), Arg::Pieces, Arg::Theme],
        group: Group::Watching,
        private: false,
        is: |c| matches!(c, Command::Board { .. }),
        build: |a| {
            Some(Command::Board {
                game: a.game,
                style: a.style(),
            })
        },
    },
    CommandSpec {
        word: "games",
        aliases: &[],
        about: Msg::AboutGames,
        args: &[Arg::Page],
        group: Group::Watching,
        private: false,
        is: |c| matches!(c, Command::Games { .. }),
        build: |a| {
            Some(Command::Games {
                page: a.page.unwrap_or(1),
            })
        },
    },
    CommandSpec {
        word: "watch",
        aliases: &[],
        about: Msg::AboutWatch,
        args: &[Arg::GameId(Slot {
            option: "game",
            required: true,
            about: &Msg::OptionGameId,
        })],
        group: Group::Watching,
        private: false,
        is: |c| matches!(c, Command::Watch { .. }),
        build: |a| Some(Command::Watch { game: a.game? }),
    },
    // History
    CommandSpec {
        word: "history",
        aliases: &[],
        about: Msg::AboutHistory,
        args: &[Arg::User(WHOSE)],
        group: Group::History,
        private: false,
        is: |c| matches!(c, Command::History { .. }),
        build: |a| Some(Command::History { user: a.user }),
    },
    CommandSpec {
        word: "game",
        aliases: &[],
        about: Msg::AboutGame,
        args: &[
            Arg::GameId(Slot {
                option: "id",
                required: true,
                about: &Msg::OptionGameId,
            }),
            Arg::Pieces,
            Arg::Theme,
        ],
        group: Group::History,
        private: false,
        is: |c| matches!(c, Command::Game { .. }),
        build: |a| {
            Some(Command::Game {
                id: a.game?,
                style: a.style(),
            })
        },
    },
    CommandSpec {
        word: "review",
        aliases: &[],
        about: Msg::AboutReview,
        args: &[Arg::GameId(Slot {
            option: "game",
            required: false,
            about: &Msg::OptionGameReview,
        })],
        group: Group::History,
        private: false,
        is: |c| matches!(c, Command::Review { .. }),
        build: |a| Some(Command::Review { game: a.game }),
    },
    CommandSpec {
        word: "stats",
        aliases: &[],
        about: Msg::AboutStats,
        args: &[Arg::User(WHOSE)],
        group: Group::History,
        private: false,
        is: |c| matches!(c, Command::Stats { .. }),
        build: |a| Some(Command::Stats { user: a.user }),
    },
    CommandSpec {
        word: "leaderboard",
        aliases: &["top"],
        about: Msg::AboutLeaderboard,
        args: &[],
        group: Group::History,
        private: false,
        is: |c| matches!(c, Command::Leaderboard),
        build: |_| Some(Command::Leaderboard),
    },
    // Settings and moderation
    CommandSpec {
        word: "settings",
        aliases: &["set"],
        about: Msg::AboutSettings,
        args: &[Arg::Setting, Arg::SettingValue],
        group: Group::Settings,
        private: true,
        is: |c| matches!(c, Command::Settings { .. }),
        build: |a| {
            Some(Command::Settings {
                setting: a.setting,
                value: a.words,
            })
        },
    },
    CommandSpec {
        word: "abort",
        aliases: &[],
        about: Msg::AboutAbort,
        args: &[Arg::GameId(Slot {
            option: "game",
            required: true,
            about: &Msg::OptionGameId,
        })],
        group: Group::Settings,
        private: false,
        is: |c| matches!(c, Command::Abort { .. }),
        build: |a| Some(Command::Abort { game: a.game? }),
    },
    CommandSpec {
        word: "help",
        aliases: &["?"],
        about: Msg::AboutHelp,
        args: &[Arg::Ignored],
        group: Group::Help,
        private: true,
        is: |c| matches!(c, Command::Help),
        build: |_| Some(Command::Help),
    },
];

/// The entry whose word or alias is `word` (already lowercased).
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    COMMANDS
        .iter()
        .find(|spec| spec.word == word || spec.aliases.contains(&word))
}

impl CommandSpec {
    /// How to type it, e.g. `` `play [red|black|random] [level 1-20]` ``.
    pub fn usage(&self) -> String {
        let mut usage = format!("`{}", self.word);
        for arg in self.args {
            if let Some(placeholder) = arg.placeholder() {
                usage.push(' ');
                usage.push_str(&placeholder);
            }
        }
        usage.push('`');
        usage
    }

    /// The first required argument, for "needs …" when it is missing.
    pub fn first_required(&self) -> Option<Arg> {
        self.args.iter().copied().find(|arg| arg.required())
    }
}

impl Arg {
    pub fn required(self) -> bool {
        match self {
            Arg::User(slot) | Arg::GameId(slot) => slot.required,
            Arg::MoveText => true,
            Arg::Side
            | Arg::Level
            | Arg::Page
            | Arg::Pieces
            | Arg::Theme
            | Arg::Ignored
            | Arg::Setting
            | Arg::SettingValue
            | Arg::PuzzleAction => false,
        }
    }

    /// The Discord option's name; `None` when it has no option.
    pub fn option(self) -> Option<&'static str> {
        match self {
            Arg::Side => Some("color"),
            Arg::Level => Some("level"),
            Arg::User(slot) | Arg::GameId(slot) => Some(slot.option),
            Arg::MoveText => Some("move"),
            Arg::Page => Some("page"),
            Arg::Pieces => Some("pieces"),
            Arg::Theme => Some("theme"),
            Arg::Setting => Some("setting"),
            Arg::SettingValue => Some("value"),
            Arg::PuzzleAction => Some("action"),
            Arg::Ignored => None,
        }
    }

    /// The Discord option's description; `None` when it has no option.
    pub fn about(self) -> Option<Msg> {
        Some(match self {
            Arg::Side => Msg::OptionSide,
            Arg::Level => Msg::OptionLevel {
                min: MIN_LEVEL.into(),
                max: MAX_LEVEL.into(),
                default: DEFAULT_LEVEL.into(),
            },
            Arg::Pieces => Msg::OptionPieces,
            Arg::Theme => Msg::OptionTheme,
            Arg::User(slot) | Arg::GameId(slot) => slot.about.clone(),
            Arg::MoveText => Msg::OptionMove,
            Arg::Page => Msg::OptionPage,
            Arg::Setting => Msg::OptionSetting,
            Arg::SettingValue => Msg::OptionSettingValue,
            Arg::PuzzleAction => Msg::OptionPuzzleAction,
            Arg::Ignored => return None,
        })
    }

    /// What stands for it in a usage line: `[red|black|random]`, `<game id>`.
    fn placeholder(self) -> Option<String> {
        let optional = |text: &str| format!("[{text}]");
        Some(match self {
            Arg::Side => optional("red|black|random"),
            Arg::Level => optional(&format!("level {MIN_LEVEL}-{MAX_LEVEL}")),
            Arg::User(slot) if slot.required => "@user".into(),
            Arg::User(_) => optional("@user"),
            Arg::GameId(slot) if slot.required => "<game id>".into(),
            Arg::GameId(_) => optional("game id"),
            Arg::MoveText => "<move>".into(),
            Arg::Page => optional("page"),
            Arg::Pieces => optional(&names(&PieceStyle::ALL.map(PieceStyle::name))),
            Arg::Theme => optional(&names(&Theme::ALL.map(Theme::name))),
            Arg::Setting => optional("[server] setting"),
            Arg::SettingValue => optional("value|default"),
            Arg::PuzzleAction => optional("hint|skip|daily|stats|top|move"),
            Arg::Ignored => return None,
        })
    }

    /// What it is, for "`watch` needs a game id …" and "nothing goes after the game id".
    pub fn what(self) -> Msg {
        match self {
            Arg::Side => Msg::WhatSide,
            Arg::Level => Msg::WhatLevel,
            Arg::User(_) => Msg::WhatUser,
            Arg::GameId(_) => Msg::WhatGameId,
            Arg::Page => Msg::WhatPage,
            Arg::MoveText => Msg::WhatMove,
            Arg::Pieces => Msg::WhatPieces,
            Arg::Theme => Msg::WhatTheme,
            Arg::Setting => Msg::WhatSetting,
            Arg::SettingValue => Msg::WhatSettingValue,
            Arg::PuzzleAction => Msg::WhatPuzzleAction,
            Arg::Ignored => Msg::WhatAnything,
        }
    }
}

/// `a|b`: the words of a usage line's choice.
fn names(words: &[&str]) -> String {
    words.join("|")
}

impl Command {
    /// This command's entry in [`COMMANDS`].
    pub fn spec(&self) -> &'static CommandSpec {
        COMMANDS
            .iter()
            .find(|spec| (spec.is)(self))
            .expect("every Command variant has its entry in COMMANDS")
    }

    /// The command's word, for logs and messages.
    pub fn name(&self) -> &'static str {
        self.spec().word
    }

    /// Whether the answer is for the requester only by nature (`help`,
    /// `hint`): an adapter may acknowledge the request privately.
    pub fn answers_privately(&self) -> bool {
        self.spec().private
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::bot::help;
    use crate::bot::voice::Voice;
    use crate::i18n::Lang;

    #[test]
    fn the_table_is_consistent() {
        let mut seen = HashSet::new();
        for spec in COMMANDS {
            for word in std::iter::once(&spec.word).chain(spec.aliases) {
                assert!(seen.insert(*word), "`{word}` is named twice");
                assert_eq!(*word, word.to_lowercase(), "words are read lowercased");
            }
            for lang in Lang::ALL {
                let about = lang.text(spec.about.clone());
                assert!(
                    (1..=100).contains(&about.chars().count()),
                    "{} in {lang}: Discord takes 1 to 100 characters",
                    spec.word
                );
            }
            let mut options = HashSet::new();
            let mut optional_seen = false;
            for &arg in spec.args {
                if let Some(option) = arg.option() {
                    assert!(
                        options.insert(option),
                        "{}: option {option} twice",
                        spec.word
                    );
                    let about = arg.about().expect("an option has a description");
                    for lang in Lang::ALL {
                        let text = lang.text(about.clone());
                        assert!((1..=100).contains(&text.chars().count()), "{lang}: {text}");
                    }
                    // Discord lists required options first.
                    assert!(!(arg.required() && optional_seen), "{}", spec.word);
                    optional_seen |= !arg.required();
                }
                if matches!(
                    arg,
                    Arg::MoveText | Arg::Ignored | Arg::SettingValue | Arg::PuzzleAction
                ) {
                    assert_eq!(
                        spec.args.last(),
                        Some(&arg),
                        "{}: it takes the rest",
                        spec.word
                    );
                }
                if matches!(arg, Arg::MoveText | Arg::Ignored) {
                    assert_eq!(spec.args.len(), 1, "{}: it takes the whole line", spec.word);
                }
            }
            // One value of each kind: the values are kept by kind.
            let kinds: HashSet<_> = spec.args.iter().map(std::mem::discriminant).collect();
            assert_eq!(kinds.len(), spec.args.len(), "{}", spec.word);
        }
        for lang in Lang::ALL {
            let text = help::text(Voice::of(lang));
            assert!(text.chars().count() < 2000, "{lang}: one Discord message");
        }
    }

    #[test]
    fn only_help_hint_and_settings_answer_privately() {
        let private: Vec<_> = COMMANDS
            .iter()
            .filter(|spec| spec.private)
            .map(|spec| spec.word)
            .collect();
        assert_eq!(private, ["hint", "settings", "help"]);
        assert!(Command::Help.answers_privately() && Command::Hint.answers_privately());
        assert!(!Command::Games { page: 1 }.answers_privately());
    }
}
