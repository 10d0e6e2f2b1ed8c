//! Every command, declared once. Each entry below gives the command's
//! variant of [`Command`], its entry in [`COMMANDS`] (words, help line,
//! group, flags and each argument's slash option), its reading from typed
//! words and from slash options, and its handler (see `commands!` for the
//! form of an entry). The chat parser ([`parse`]), the help, the Discord
//! transport's `/xiangqi` subcommands and the dispatch all come from here.
//!
//! Adding a command is one entry here, its handler in `handlers/`, and its
//! words in the catalogs (`about-*`, `command-name`).

use std::sync::LazyLock;

use crate::engine::Level;
use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};
use crate::rules::notation::looks_like_move;
use crate::store::{ColorChoice, GameId, TimeClass, TimeControl};

use super::handlers::{
    abort, challenge, help, history, moves, play, puzzle, rematch, review, settings, tournament,
    watch,
};
use super::services::Ctx;
use super::vocabulary::command::kinds::shorten;
use super::vocabulary::command::spec;
use super::vocabulary::command::words::all_localized;
use super::vocabulary::command::{
    commands, read_options, read_words, strip_prefix, Arg, ArgSpec, CommandError, CommandSpec,
    Field, Flag, Group, MoveText, Opponent, OptionValue, Page, PuzzleAction, Rated, ReadSlot,
    SettingValue, SlashError, Slot, TournamentAction,
};
use super::vocabulary::error::BotResult;
use super::vocabulary::request::Actor;
use super::vocabulary::settings::keys::DEFAULT_LEVEL;
use super::vocabulary::settings::Setting;

/// The description of every level option: the range and the default.
fn level_about() -> Msg {
    Msg::OptionLevel {
        min: Level::MIN.number().into(),
        max: Level::MAX.number().into(),
        default: DEFAULT_LEVEL.number().into(),
    }
}

commands! {
    // Playing
    /// Start a game against the bot.
    Play {
        words: ["play", "new"],
        about: AboutPlay,
        group: Playing,
        flags: [StartsGame],
        args: {
            color: Option<ColorChoice> = Msg::OptionSide,
            level: Option<Level> = level_about(),
            time: Option<TimeControl> = Msg::OptionTime,
            rated: Option<Rated> = Msg::OptionRated,
        },
        run: play::play,
    }
    /// Challenge another person; `color` is the challenger's side.
    Challenge {
        words: ["challenge"],
        about: AboutChallenge,
        group: Playing,
        flags: [StartsGame],
        args: {
            opponent: Option<Opponent> = Msg::OptionOpponent,
            color: Option<ColorChoice> = Msg::OptionSide,
            time: Option<TimeControl> = Msg::OptionTime,
            rated: Option<Rated> = Msg::OptionRated,
        },
        run: challenge::challenge,
    }
    Accept {
        words: ["accept", "join"],
        about: AboutAccept,
        group: Playing,
        flags: [StartsGame],
        args: {
            from: Option<Actor> = Msg::OptionChallenger,
        },
        run: challenge::accept,
    }
    Decline {
        words: ["decline"],
        about: AboutDecline,
        group: Playing,
        flags: [],
        args: {},
        run: challenge::decline,
    }
    /// A move in any notation, as typed; the game's position decides what it means.
    Move {
        words: ["move", "m"],
        about: AboutMove,
        group: Playing,
        flags: [],
        args: {
            text as "move": MoveText = Msg::OptionMove,
        },
        run: moves::make_move,
    }
    Resign {
        words: ["resign"],
        about: AboutResign,
        group: Playing,
        flags: [],
        args: {},
        run: moves::resign,
    }
    Draw {
        words: ["draw"],
        about: AboutDraw,
        group: Playing,
        flags: [],
        args: {},
        run: moves::draw,
    }
    Takeback {
        words: ["takeback", "undo"],
        about: AboutTakeback,
        group: Playing,
        flags: [],
        args: {},
        run: moves::takeback,
    }
    Hint {
        words: ["hint"],
        about: AboutHint,
        group: Playing,
        flags: [Private, Heavy],
        args: {},
        run: moves::hint,
    }
    /// The puzzle trainer: a new puzzle (no action), a move in it, a hint, ...
    Puzzle {
        words: ["puzzle", "puzzles"],
        about: AboutPuzzle,
        group: Playing,
        flags: [],
        args: {
            action: Option<PuzzleAction> = Msg::OptionPuzzleAction,
        },
        run: puzzle::puzzle,
    }
    /// A finished game played again, colours swapped; no game: the
    /// requester's last finished game.
    Rematch {
        words: ["rematch"],
        about: AboutRematch,
        group: Playing,
        flags: [StartsGame],
        args: {
            game: Option<GameId> = Msg::OptionGameRematch,
        },
        run: rematch::rematch,
    }
    /// Swiss and round-robin tournaments here: no action lists them.
    Tournament {
        words: ["tournament", "tournaments"],
        about: AboutTournament,
        group: Playing,
        flags: [],
        args: {
            action: Option<TournamentAction> = Msg::OptionTournamentAction,
        },
        run: tournament::tournament,
    }
    // Watching
    Board {
        words: ["board"],
        about: AboutBoard,
        group: Watching,
        flags: [],
        args: {
            game: Option<GameId> = Msg::OptionGameHere,
            pieces: Option<PieceStyle> = Msg::OptionPieces,
            theme: Option<Theme> = Msg::OptionTheme,
        },
        run: watch::board,
    }
    /// A game's board seen from the other side than `board` shows it.
    Flip {
        words: ["flip"],
        about: AboutFlip,
        group: Watching,
        flags: [],
        args: {
            game: Option<GameId> = Msg::OptionGameHere,
        },
        run: watch::flip,
    }
    /// The live games here, a page of them.
    Games {
        words: ["games"],
        about: AboutGames,
        group: Watching,
        flags: [],
        args: {
            page: Option<Page> = Msg::OptionPage,
        },
        run: watch::games,
    }
    Watch {
        words: ["watch"],
        about: AboutWatch,
        group: Watching,
        flags: [],
        args: {
            game: GameId = Msg::OptionGameId,
        },
        run: watch::watch,
    }
    // History
    History {
        words: ["history"],
        about: AboutHistory,
        group: History,
        flags: [],
        args: {
            user: Option<Actor> = Msg::OptionWhose,
        },
        run: history::history,
    }
    Game {
        words: ["game"],
        about: AboutGame,
        group: History,
        flags: [],
        args: {
            id: GameId = Msg::OptionGameId,
            pieces: Option<PieceStyle> = Msg::OptionPieces,
            theme: Option<Theme> = Msg::OptionTheme,
        },
        run: history::game_record,
    }
    /// A finished game's review; no game: the requester's last finished game.
    Review {
        words: ["review"],
        about: AboutReview,
        group: History,
        flags: [Heavy],
        args: {
            game: Option<GameId> = Msg::OptionGameReview,
        },
        run: review::review,
    }
    Stats {
        words: ["stats"],
        about: AboutStats,
        group: History,
        flags: [],
        args: {
            user: Option<Actor> = Msg::OptionWhose,
            class: Option<TimeClass> = Msg::OptionTimeClass,
        },
        run: history::stats,
    }
    Leaderboard {
        words: ["leaderboard", "top"],
        about: AboutLeaderboard,
        group: History,
        flags: [],
        args: {
            class: Option<TimeClass> = Msg::OptionTimeClass,
        },
        run: history::leaderboard,
    }
    // Settings and moderation
    /// Show the settings (no setting) or change one (`value`: the words
    /// after its name, checked by the handler against its kind).
    Settings {
        words: ["settings", "set"],
        about: AboutSettings,
        group: Settings,
        flags: [Private],
        args: {
            setting: Option<&'static Setting> = Msg::OptionSetting,
            value: Option<SettingValue> = Msg::OptionSettingValue,
        },
        run: settings::settings,
    }
    /// End a live game as aborted and unrated (moderators).
    Abort {
        words: ["abort"],
        about: AboutAbort,
        group: Settings,
        flags: [],
        args: {
            game: GameId = Msg::OptionGameId,
        },
        run: abort::abort,
    }
    Help {
        words: ["help", "?"],
        about: AboutHelp,
        group: Help,
        flags: [Private, IgnoresRest],
        args: {},
        run: help::help,
    }
}

/// Every command's words in the bot's other languages, with its command.
static LOCALIZED: LazyLock<Vec<(String, &'static CommandSpec)>> =
    LazyLock::new(|| all_localized(COMMANDS));

/// The entry whose word, alias, or word in any of the bot's languages is
/// `word` (already lowercased).
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    spec::find(COMMANDS, word).or_else(|| {
        LOCALIZED
            .iter()
            .find(|(localized, _)| localized == word)
            .map(|&(_, spec)| spec)
    })
}

impl Command {
    /// The command's word, for logs and messages.
    pub fn name(&self) -> &'static str {
        self.spec().word
    }

    /// Whether the answer is for the requester only by nature (`help`,
    /// `hint`): an adapter may acknowledge the request privately.
    pub fn answers_privately(&self) -> bool {
        self.spec().has(Flag::Private)
    }

    /// Whether it costs a search or more, and so counts against a user's
    /// tighter limit.
    pub fn is_heavy(&self) -> bool {
        self.spec().has(Flag::Heavy)
    }

    /// Whether it starts a game, which a server may keep to its channels.
    pub fn starts_game(&self) -> bool {
        self.spec().has(Flag::StartsGame)
    }

    /// Reads an invoked slash subcommand (its English name, as Discord
    /// sends it, and its options as the transport read them).
    pub fn from_slash(
        subcommand: &str,
        options: &[(String, OptionValue)],
    ) -> Result<Command, SlashError> {
        let Some(spec) = spec::find(COMMANDS, subcommand) else {
            return Err(SlashError::Said(Msg::SlashUnknown {
                name: super::vocabulary::markup::in_code(subcommand),
            }));
        };
        Command::from_options(spec, options)
    }
}

/// Reads one line: the console's words and Discord's `!xq` prefix text.
/// Case does not matter for command words; a move keeps its text as typed
/// (Chinese notation has no case, WXF's letters are read by the rules). A
/// lone word shaped like a move is a move. Parsing never panics and every
/// error says what to type.
pub fn parse(input: &str) -> Result<Command, CommandError> {
    let text = strip_prefix(input.trim());
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Err(CommandError::Empty);
    };
    let args: Vec<&str> = words.collect();
    let word = first.to_lowercase();
    let word = word.strip_prefix('/').unwrap_or(&word);
    match find(word) {
        Some(spec) => Command::from_words(spec, &args),
        None if args.is_empty() && looks_like_move(first) => Ok(Command::Move {
            text: MoveText(first.to_string()),
        }),
        None => Err(CommandError::Unknown {
            word: shorten(first),
        }),
    }
}

#[cfg(test)]
mod tests;
