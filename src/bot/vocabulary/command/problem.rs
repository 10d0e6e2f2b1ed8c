//! Why what a user typed or picked could not be read as a command: each
//! error's `message` is a short sentence telling them what to type
//! instead, in their language; `Display` is its English, for logs.

use thiserror::Error;

use crate::bot::vocabulary::settings::{typed_name, SETTINGS};
use crate::bot::vocabulary::voice::Voice;
use crate::engine::Level;
use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};
use crate::store::{TimeControlError, CORRESPONDENCE_DAYS, MAX_INCREMENT_SECS, MAX_LIVE_MINUTES};

/// Why a typed line could not be read as a command.
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
        /// What is missing ("a game id"); boxed, as every result carries this enum.
        what: Box<Msg>,
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
    NotUser {
        word: String,
    },
    NotGameId {
        word: String,
    },
    SideTwice,
    LevelTwice,
    LevelNeedsNumber,
    NotSideNorLevel {
        word: String,
    },
    NotSide {
        word: String,
    },
    NotLevel {
        word: String,
    },
    OneUserAtMost,
    OneGame,
    OnePage,
    NotPage {
        word: String,
    },
    TakesNothing {
        word: String,
    },
    PiecesTwice,
    ThemeTwice,
    NotStyle {
        word: String,
    },
    NotSetting {
        word: String,
    },
    BadTimeControl {
        word: String,
        error: TimeControlError,
    },
    TimeControlTwice,
    NotTimeClass {
        word: String,
    },
    TimeClassTwice,
    NotRated {
        word: String,
    },
    RatedTwice,
    /// A kind's own sentence (a tournament's terms), boxed as messages are
    /// large.
    Said(Box<Msg>),
}

impl Problem {
    /// One problem for a word two open arguments both refused: "neither a
    /// side nor a level"; otherwise the first.
    pub fn either(self, other: Problem) -> Problem {
        match (self, other) {
            (Problem::NotSide { word }, Problem::NotLevel { .. })
            | (Problem::NotLevel { word }, Problem::NotSide { .. }) => {
                Problem::NotSideNorLevel { word }
            }
            (first, _) => first,
        }
    }

    pub(crate) fn msg(&self) -> Msg {
        let (min, max) = (
            i64::from(Level::MIN.number()),
            i64::from(Level::MAX.number()),
        );
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
            Problem::BadTimeControl { word, error } => time_control_msg(word.clone(), error),
            Problem::TimeControlTwice => Msg::BadTimeControlTwice,
            Problem::NotTimeClass { word } => Msg::BadNotTimeClass { word: word.clone() },
            Problem::TimeClassTwice => Msg::BadTimeClassTwice,
            Problem::NotRated { word } => Msg::BadNotRated { word: word.clone() },
            Problem::RatedTwice => Msg::BadRatedTwice,
            Problem::Said(msg) => (**msg).clone(),
            Problem::ThemeTwice => Msg::BadThemeTwice,
            Problem::NotSetting { word } => Msg::BadNotSetting {
                word: word.clone(),
                settings: SETTINGS
                    .iter()
                    .map(|s| format!("`{}`", typed_name(s)))
                    .collect::<Vec<_>>()
                    .join(", "),
            },
            Problem::NotStyle { word } => Msg::BadNotStyle {
                word: word.clone(),
                pieces: PieceStyle::ALL.map(PieceStyle::name).join(" or "),
                themes: Theme::ALL.map(Theme::name).join(" or "),
            },
        }
    }
}

/// The time control's message for `error`, about `word` (quoted).
pub fn time_control_msg(word: String, error: &TimeControlError) -> Msg {
    let problem = match error {
        TimeControlError::Unreadable => "form",
        TimeControlError::Minutes(_) => "minutes",
        TimeControlError::Increment(_) => "increment",
        TimeControlError::Days(_) => "days",
    };
    Msg::BadTimeControl {
        word,
        problem: problem.into(),
        max_minutes: MAX_LIVE_MINUTES.into(),
        max_increment: MAX_INCREMENT_SECS.into(),
        days: CORRESPONDENCE_DAYS.map(|d| d.to_string()).join(", "),
    }
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
                what: voice.say((**what).clone()),
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

/// Why a slash command's options could not be read as a command (Discord
/// validates choices and ranges, but a stale or hand-made request may not
/// be valid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlashError {
    Said(Msg),
    /// A required option left out.
    Missing {
        command: &'static str,
        /// Boxed, as in [`CommandError`].
        what: Box<Msg>,
    },
}

impl SlashError {
    /// The sentence for the user, in `voice`.
    pub fn message(&self, voice: Voice) -> String {
        match self {
            SlashError::Said(msg) => voice.say(msg.clone()),
            SlashError::Missing { command, what } => voice.say(Msg::SlashMissing {
                command: (*command).to_string(),
                what: voice.say((**what).clone()),
            }),
        }
    }
}
