//! The commands' model: a command's table entry ([`CommandSpec`]), its
//! arguments ([`Arg`], one impl per kind in [`kinds`]), the reading of
//! typed words and slash options into them ([`read`]), and what goes wrong
//! while reading ([`CommandError`], [`SlashError`]). The commands themselves
//! are declared once, with [`commands!`], at the top of the core.

pub mod arg;
pub mod declare;
pub mod kinds;
pub mod problem;
pub mod read;
pub mod spec;
pub mod tournament;
pub mod words;

pub use arg::{Arg, ChoiceValue, Field, OptionChoice, OptionKind, OptionShape, OptionValue};
pub(crate) use declare::commands;
pub use kinds::{
    parse_game_id, parse_role, parse_user, MoveText, Opponent, Page, PuzzleAction, Rated,
    SettingValue,
};
pub use problem::{CommandError, Problem, SlashError};
pub use read::{read_options, read_words, strip_prefix, ReadSlot, Slot, PREFIX};
pub use spec::{ArgSpec, CommandSpec, Flag, Group};
pub use tournament::{TournamentAction, TournamentTerms, TournamentVerb};
