//! Everything that can go wrong while handling a request, in one enum. Each
//! variant's [`BotError::message`] is the private reply the user gets, in
//! their language: short, and saying what to do next. Faults of the bot
//! itself are logged and reported vaguely. `Display` is the English message,
//! for logs.

use std::fmt;

use super::command::CommandError;
use super::markup::{in_code, shown};
use super::permissions::Right;
use super::voice::Voice;
use crate::i18n::Msg;
use crate::rules::notation::MoveError;
use crate::store::{GameId, Participant};

#[derive(Debug)]
pub enum BotError {
    Command(CommandError),
    NoGameHere,
    /// No puzzle attempt open for the requester here.
    NoPuzzleHere,
    /// Every shipped puzzle solved (or none shipped).
    NoPuzzlesLeft,
    /// The puzzle attempt moved on (another request) while this one ran.
    PuzzleStale,
    /// `puzzle daily` outside a server.
    DailyNeedsServer,
    AlreadyPlaying(GameId),
    OpponentBusy(String, GameId),
    NotYourTurn(GameId),
    Stale(GameId),
    BotThinking(GameId),
    /// A move typed by someone not playing the game; the sides are named in
    /// the reader's language (the bot's name is translated).
    NotAPlayer {
        game: GameId,
        red: Participant,
        black: Participant,
    },
    /// A typed move the rules refuse.
    BadMove(MoveError),
    /// A move the rules refuse to play (the bot's own moves never are).
    IllegalMove(crate::rules::IllegalReason),
    GameNotFound(GameId),
    GameOver(GameId),
    /// A move that came after the mover's flag fell.
    FlagFell(GameId),
    NoGamesHere,
    SelfChallenge,
    TooManyChallenges(u32),
    ChallengerBusy(GameId),
    ChallengeInDirectMessage,
    NoChallenge,
    ChallengeExpired(String),
    ChallengeNotForYou {
        from: String,
        to: ChallengeFor,
    },
    NothingToDecline,
    /// A pressed button whose id the bot cannot read (made by another
    /// version, or forged).
    PressNotUnderstood,
    /// A challenge's button pressed after it was answered or withdrawn.
    ChallengeClosed,
    /// A game's button pressed on a message older than its position.
    MovedOn(GameId),
    /// A challenge's Withdraw pressed by someone other than its challenger.
    NotYourChallenge(String),
    NothingToTakeBack(GameId),
    AlreadyAsked(&'static str),
    HintsDisabled,
    HintsAgainstPeople,
    /// The engine's queue is full.
    Busy,
    /// A move stored whose announcement failed; it is posted later.
    StoredNotShown(GameId),
    /// A right the requester lacks; `known` is false when the transport
    /// could not say (a typed Discord message), so the reply points to the
    /// slash command, which carries the permissions.
    NotAllowed {
        right: Right,
        known: bool,
    },
    /// A server's setting asked for outside a server (a DM).
    ServerOnly,
    /// A setting named with no value (`setting`: as typed, `server level`).
    SettingNeedsValue {
        setting: String,
        // Boxed: a message is large, and every result carries this enum.
        forms: Box<Msg>,
    },
    /// A value its setting does not take (`given`: the user's word).
    SettingBadValue {
        setting: String,
        given: String,
        forms: Box<Msg>,
    },
    /// A game started outside the channels the server chose (`channels`:
    /// links to them).
    NotPlayedHere {
        channels: String,
    },
    /// `review` without a game, and the requester has no finished game
    /// visible here.
    NoGameToReview,
    /// `review` of a game still being played.
    ReviewLive(GameId),
    /// `rematch` without a game, and the requester has no finished game
    /// visible here.
    NoGameToRematch,
    /// `rematch` of a game still being played.
    RematchLive(GameId),
    /// The game's rematch was already offered or started.
    RematchTaken(GameId),
    /// `rematch` (or its button) by someone who did not play the game.
    NotYourRematch {
        game: GameId,
        red: Participant,
        black: Participant,
    },
    /// A challenge to a bot other than this one, which cannot answer it.
    OtherBot(String),
    /// A refusal that is a sentence of its own (a tournament's), with its
    /// user text already escaped; boxed, as messages are large.
    Refused(Box<Msg>),
    Internal(anyhow::Error),
}

/// Whom a challenge is for, as a refusal names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChallengeFor {
    /// A user or the bot, by name.
    Named(String),
    /// Anyone but the challenger.
    Anyone,
    /// The members of a role, by its id.
    Role(String),
}

/// How a role is named in a message: its mention, which Discord shows as
/// the role's name and pings only where the message allows role pings.
pub fn role_mention(id: &str) -> String {
    format!("<@&{id}>")
}

impl From<CommandError> for BotError {
    fn from(err: CommandError) -> BotError {
        BotError::Command(err)
    }
}

impl BotError {
    /// Wraps a fault of the bot's own machinery (store, engine, renderer).
    pub fn internal(err: impl Into<anyhow::Error>) -> BotError {
        BotError::Internal(err.into())
    }

    /// The reply to the user, in `voice`.
    pub fn message(&self, voice: Voice) -> String {
        let msg = match self {
            BotError::Command(err) => return err.message(voice),
            BotError::NoGameHere => Msg::NoGameHere,
            BotError::NoPuzzleHere => Msg::NoPuzzleHere,
            BotError::NoPuzzlesLeft => Msg::NoPuzzlesLeft,
            BotError::PuzzleStale => Msg::PuzzleStale,
            BotError::DailyNeedsServer => Msg::PuzzleDailyNeedsServer,
            BotError::AlreadyPlaying(game) => Msg::AlreadyPlaying { game: game.0 },
            BotError::OpponentBusy(name, game) => Msg::OpponentBusy {
                name: shown(name).to_string(),
                game: game.0,
            },
            BotError::NotYourTurn(game) => Msg::NotYourTurn { game: game.0 },
            BotError::Stale(game) => Msg::StaleGame { game: game.0 },
            BotError::BotThinking(game) => Msg::BotThinking { game: game.0 },
            BotError::NotAPlayer { game, red, black } => Msg::NotAPlayer {
                game: game.0,
                red: shown(&voice.name_of(red)).to_string(),
                black: shown(&voice.name_of(black)).to_string(),
            },
            BotError::BadMove(err) => Msg::IllegalMove {
                reason: voice.move_error(err),
            },
            BotError::IllegalMove(reason) => Msg::IllegalMove {
                reason: voice.illegal(reason),
            },
            BotError::GameNotFound(game) => Msg::GameNotFound { game: game.0 },
            BotError::GameOver(game) => Msg::GameIsOver { game: game.0 },
            BotError::FlagFell(game) => Msg::TooLate { game: game.0 },
            BotError::NoGamesHere => Msg::NoGamesHere,
            BotError::SelfChallenge => Msg::SelfChallenge,
            BotError::TooManyChallenges(count) => Msg::TooManyChallenges {
                count: i64::from(*count),
            },
            BotError::ChallengerBusy(game) => Msg::ChallengerBusy { game: game.0 },
            BotError::ChallengeInDirectMessage => Msg::ChallengeInDm,
            BotError::NoChallenge => Msg::NoChallenge,
            BotError::ChallengeExpired(name) => Msg::ChallengeExpired {
                name: shown(name).to_string(),
                handle: in_code(name),
            },
            BotError::ChallengeNotForYou { from, to } => Msg::ChallengeNotForYou {
                from: shown(from).to_string(),
                to: match to {
                    ChallengeFor::Named(to) => shown(to).to_string(),
                    ChallengeFor::Anyone => voice.say(Msg::TargetAnyone),
                    // The role's mention, which Discord shows as its name;
                    // a refusal pings no role.
                    ChallengeFor::Role(id) => role_mention(id),
                },
                handle: in_code(from),
            },
            BotError::NothingToDecline => Msg::NothingToDecline,
            BotError::PressNotUnderstood => Msg::PressNotUnderstood,
            BotError::ChallengeClosed => Msg::PressChallengeClosed,
            BotError::MovedOn(game) => Msg::PressMovedOn { game: game.0 },
            BotError::NotYourChallenge(from) => Msg::PressNotYourChallenge {
                from: shown(from).to_string(),
            },
            BotError::NothingToTakeBack(game) => Msg::NothingToTakeBack { game: game.0 },
            BotError::AlreadyAsked(command) => Msg::AlreadyAsked {
                command: (*command).to_string(),
            },
            BotError::HintsDisabled => Msg::HintsDisabled,
            BotError::HintsAgainstPeople => Msg::HintsAgainstPeople,
            BotError::Busy => Msg::Busy,
            BotError::StoredNotShown(game) => Msg::StoredNotShown { game: game.0 },
            BotError::NotAllowed { right, known } => {
                let right = right.key().to_owned();
                if *known {
                    Msg::NotAllowed { right }
                } else {
                    Msg::NotAllowedTyped { right }
                }
            }
            BotError::ServerOnly => Msg::SettingServerOnly,
            BotError::SettingNeedsValue { setting, forms } => Msg::SettingNeedsValue {
                setting: setting.clone(),
                forms: voice.say((**forms).clone()),
            },
            BotError::SettingBadValue {
                setting,
                given,
                forms,
            } => Msg::SettingBadValue {
                setting: setting.clone(),
                given: in_code(given),
                forms: voice.say((**forms).clone()),
            },
            BotError::NotPlayedHere { channels } => Msg::NotPlayedHere {
                channels: channels.clone(),
            },
            BotError::NoGameToReview => Msg::ReviewNoGame,
            BotError::ReviewLive(game) => Msg::ReviewLive { game: game.0 },
            BotError::NoGameToRematch => Msg::RematchNoGame,
            BotError::RematchLive(game) => Msg::RematchLive { game: game.0 },
            BotError::RematchTaken(game) => Msg::RematchTaken { game: game.0 },
            BotError::NotYourRematch { game, red, black } => Msg::RematchNotYours {
                game: game.0,
                red: shown(&voice.name_of(red)).to_string(),
                black: shown(&voice.name_of(black)).to_string(),
            },
            BotError::OtherBot(name) => Msg::ChallengeOtherBot {
                name: shown(name).to_string(),
            },
            BotError::Refused(msg) => (**msg).clone(),
            BotError::Internal(_) => Msg::InternalError,
        };
        voice.say(msg)
    }
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Voice::default()))
    }
}

impl std::error::Error for BotError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BotError::Internal(cause) => Some(cause.as_ref()),
            BotError::Command(err) => Some(err),
            _ => None,
        }
    }
}

pub type BotResult<T> = Result<T, BotError>;
