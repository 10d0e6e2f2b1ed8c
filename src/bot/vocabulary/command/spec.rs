//! A command's table entry, as its declaration (`commands!`) makes it: the
//! words typed for it, its help line and group, how its answer is shown,
//! and its arguments. The chat parser, the help, the slash command's
//! definition and the reading of an invoked one all come from these.

use super::arg::{Arg, Field, OptionShape};
use crate::i18n::Msg;

/// One command: what a user types, what it means, and how its words are read.
pub struct CommandSpec {
    /// The word typed (`play`) and the slash subcommand's name.
    pub word: &'static str,
    /// Other words for it in chat (`new`); Discord shows only `word`.
    pub aliases: &'static [&'static str],
    /// One line saying what it does, for the help and for Discord's picker
    /// (at most 100 characters, Discord's limit).
    pub about: Msg,
    /// The help's section it is listed in.
    pub group: Group,
    pub flags: &'static [Flag],
    /// What follows the word, in order.
    pub args: &'static [ArgSpec],
}

/// What a command is, beyond its words and arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Its answer is for the requester only (the help, a hint): an adapter
    /// may acknowledge it privately before the core answers.
    Private,
    /// It starts a game, so a server may keep it to the channels it chose.
    StartsGame,
    /// Whatever follows its word is read and ignored (`help play` still helps).
    IgnoresRest,
    /// It costs a search or more (a hint, a review), so a user's tighter
    /// limit applies to it too (`services::limits`).
    Heavy,
}

/// One argument of a command: its slash option's name and description,
/// and everything else from its kind's [`Arg`] impl.
pub struct ArgSpec {
    /// The slash option's name (the command's field, unless renamed).
    pub option: &'static str,
    /// The slash option's description.
    pub about: fn() -> Msg,
    pub required: bool,
    pub takes_rest: bool,
    pub closed_words: bool,
    /// What it is, for "`watch` needs a game id".
    pub what: fn() -> Msg,
    pub placeholder: fn(bool) -> String,
    pub shape: fn() -> OptionShape,
}

impl ArgSpec {
    /// The argument for a field of type `F`.
    pub const fn of<F: Field>(option: &'static str, about: fn() -> Msg) -> ArgSpec {
        ArgSpec {
            option,
            about,
            required: F::REQUIRED,
            takes_rest: <F::Kind as Arg>::TAKES_REST,
            closed_words: <F::Kind as Arg>::CLOSED_WORDS,
            what: <F::Kind as Arg>::what,
            placeholder: <F::Kind as Arg>::placeholder,
            shape: <F::Kind as Arg>::option_shape,
        }
    }
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

impl CommandSpec {
    /// How to type it, e.g. `` `play [red|black|random] [level 1-20]` ``.
    pub fn usage(&self) -> String {
        let mut usage = format!("`{}", self.word);
        for arg in self.args {
            usage.push(' ');
            usage.push_str(&(arg.placeholder)(arg.required));
        }
        usage.push('`');
        usage
    }

    pub fn has(&self, flag: Flag) -> bool {
        self.flags.contains(&flag)
    }

    /// Whether `word` (lowercased) is its word or an alias.
    pub fn is_called(&self, word: &str) -> bool {
        self.word == word || self.aliases.contains(&word)
    }
}

/// The entry of `table` whose word or alias is `word` (already lowercased).
pub fn find(table: &'static [CommandSpec], word: &str) -> Option<&'static CommandSpec> {
    table.iter().find(|spec| spec.is_called(word))
}
