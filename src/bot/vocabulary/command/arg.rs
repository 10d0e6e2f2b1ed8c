//! What a command's argument is: one trait, [`Arg`], with one impl per kind
//! of argument (`kinds.rs`), through which both the chat parser and the
//! slash-command reader read it, and from which its usage line, its
//! "missing" message and its slash option's shape come. [`Field`] says
//! whether a command's field must be given (`T`) or may be left out
//! (`Option<T>`).
//!
//! The slash option is described here without any transport's types
//! ([`OptionShape`], [`OptionValue`]): the Discord transport turns a shape
//! into its builders and an invoked option into a value.

use std::fmt;

use super::problem::{Problem, SlashError};
use crate::bot::vocabulary::request::Actor;
use crate::i18n::Msg;

/// One kind of argument (a side, a level, a user, a game id, …).
pub trait Arg: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    /// Reads the argument from the words at the head of `words` (never
    /// empty), with how many it took: `None` when the first word is not of
    /// this kind, so that another argument may take it; `Some(Err)` when it
    /// is shaped like one but wrong (`#0` for a game id).
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>>;

    /// Whether `word` is plainly of this kind, for "named twice". A plain
    /// word reads as a user's name, but is plainly a user only when
    /// written as a mention.
    fn plainly(word: &str) -> bool {
        matches!(Self::read_words(&[word]), Some(Ok(_)))
    }

    /// Whether it takes every word left (a move, a setting's value); such
    /// an argument comes last, and reads what the others did not.
    const TAKES_REST: bool = false;

    /// Whether its words are a closed set (`red`, `wood`, `level 5`), so
    /// that a word nothing took is best explained by what it is not.
    const CLOSED_WORDS: bool = false;

    /// What is wrong with `word` (already quoted) when no argument took it
    /// and this one is still open.
    fn not_this(word: String) -> Problem;

    /// What is wrong when `word` (already quoted) gives this argument a second time.
    fn twice(word: String) -> Problem;

    /// What it is, for "`watch` needs a game id".
    fn what() -> Msg;

    /// What stands for it in a usage line: `[red|black|random]`, `<game id>`.
    fn placeholder(required: bool) -> String;

    /// Its slash option, apart from its name, description and whether it
    /// is required (the command's declaration gives those).
    fn option_shape() -> OptionShape;

    /// Reads a slash option's value; `option` is the option's name, for the
    /// error. `Ok(None)` counts as not given (an empty move).
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError>;

    /// The user it names, for transports that resolve or rename users.
    fn actor_mut(&mut self) -> Option<&mut Actor> {
        None
    }
}

/// A command's field: an argument that must be given (`T`) or may be left
/// out (`Option<T>`).
pub trait Field: Sized {
    type Kind: Arg;
    const REQUIRED: bool;
    /// The field from what was read; `None` when a required one is missing.
    fn finish(read: Option<Self::Kind>) -> Option<Self>;
    /// The user it names, if any.
    fn actor_mut(&mut self) -> Option<&mut Actor>;
}

impl<T: Arg> Field for T {
    type Kind = T;
    const REQUIRED: bool = true;
    fn finish(read: Option<T>) -> Option<T> {
        read
    }
    fn actor_mut(&mut self) -> Option<&mut Actor> {
        Arg::actor_mut(self)
    }
}

impl<T: Arg> Field for Option<T> {
    type Kind = T;
    const REQUIRED: bool = false;
    fn finish(read: Option<T>) -> Option<Option<T>> {
        Some(read)
    }
    fn actor_mut(&mut self) -> Option<&mut Actor> {
        self.as_mut().and_then(Arg::actor_mut)
    }
}

/// What a transport's command picker offers for an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionShape {
    pub kind: OptionKind,
    /// The values it may take, when they are few (`red`, `black`, `random`).
    pub choices: Vec<OptionChoice>,
    /// The smallest integer it takes.
    pub min_integer: Option<i64>,
    /// The longest text it takes, in characters.
    pub max_length: Option<u16>,
    /// Whether the transport should ask the core for suggestions as the
    /// user types (moves).
    pub autocomplete: bool,
}

impl OptionShape {
    pub fn of(kind: OptionKind) -> OptionShape {
        OptionShape {
            kind,
            choices: Vec::new(),
            min_integer: None,
            max_length: None,
            autocomplete: false,
        }
    }
}

/// The type of an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Text,
    Integer,
    User,
    /// True or false (Discord shows the two as choices of its own).
    Boolean,
    /// A user or a role (Discord's MENTIONABLE).
    Mentionable,
}

/// One value an option offers, with its name in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionChoice {
    pub name: Msg,
    pub value: ChoiceValue,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceValue {
    Text(String),
    Integer(i64),
}

/// An invoked option's value, as a transport read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Text(String),
    Integer(i64),
    /// A user, with the name the transport knows them by.
    User(Actor),
    Boolean(bool),
    /// A role, by its platform id.
    Role(String),
    /// Anything else (a number with a fraction, a channel): no argument takes it.
    Other,
}

impl OptionValue {
    pub fn as_text(&self) -> Option<&str> {
        match self {
            OptionValue::Text(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            OptionValue::Boolean(value) => Some(*value),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<i64> {
        match self {
            OptionValue::Integer(n) => Some(*n),
            _ => None,
        }
    }
}
