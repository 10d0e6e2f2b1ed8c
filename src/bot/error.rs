//! Everything that can go wrong while handling a request, in one enum. Each
//! variant's `Display` is the private reply the user gets: short, and saying
//! what to do next. Faults of the bot itself are logged and reported vaguely.

use thiserror::Error;

use super::command::CommandError;
use super::markup::{in_code, shown};

#[derive(Debug, Error)]
pub enum BotError {
    #[error("{0}")]
    Command(#[from] CommandError),
    #[error(
        "You have no game here. Start one with `play` (against the bot) or `challenge @user`."
    )]
    NoGameHere,
    #[error(
        "You are already playing game #{0} here. Finish it (or `resign`) before starting another."
    )]
    AlreadyPlaying(i64),
    #[error("{} is already playing game #{} here; challenge them when it is over.", shown(.0), .1)]
    OpponentBusy(String, i64),
    #[error("It is not your turn in game #{0}; wait for your opponent's move.")]
    NotYourTurn(i64),
    #[error("Game #{0} changed while you typed; look at the `board` and try again.")]
    Stale(i64),
    #[error("The bot is still thinking in game #{0}; wait for its move.")]
    BotThinking(i64),
    #[error("Game #{game} is between {} and {}; you can follow it with `watch {game}`.", shown(.red), shown(.black))]
    NotAPlayer {
        game: i64,
        red: String,
        black: String,
    },
    #[error("{}. Try again (ICCS `h2e2`, WXF `C2=5` or `炮二平五`), or ask for a `hint`.", .reason.trim_end_matches('.'))]
    IllegalMove { reason: String },
    #[error("There is no game #{0}; `games` lists the games here, `history` your past ones.")]
    GameNotFound(i64),
    #[error("Game #{0} is over; start a new one with `play` or `challenge @user`.")]
    GameOver(i64),
    #[error("There is no game in progress here; start one with `play` or `challenge @user`.")]
    NoGamesHere,
    #[error("You cannot challenge yourself; try `play` to face the bot.")]
    SelfChallenge,
    #[error("You already have {0} challenges waiting for an answer; wait for them to be answered or expire, or withdraw one with `decline` where you made it.")]
    TooManyChallenges(u32),
    #[error("Your challenger is playing game #{0} here now; the challenge can be accepted once that game is over.")]
    ChallengerBusy(i64),
    #[error("Challenges are made in a server channel, where your opponent can see and answer them; here only you and the bot can. `play` starts a game against the bot.")]
    ChallengeInDirectMessage,
    #[error("Nobody has challenged you here. Challenge someone with `challenge @user`.")]
    NoChallenge,
    #[error("The challenge from {} expired; challenge them yourself with `challenge @{}`.", shown(.0), in_code(.0))]
    ChallengeExpired(String),
    #[error("That challenge from {} is for {}, not you; challenge {} yourself with `challenge @{}`.", shown(.from), shown(.to), shown(.from), in_code(.from))]
    ChallengeNotForYou { from: String, to: String },
    #[error("There is nothing to decline: no challenge to you here, and no offer in your game.")]
    NothingToDecline,
    #[error("There is nothing to take back yet in game #{0}.")]
    NothingToTakeBack(i64),
    #[error("You already asked; wait for your opponent to answer with `{0}`.")]
    AlreadyAsked(&'static str),
    #[error("Hints are turned off on this server.")]
    HintsDisabled,
    #[error("Hints are for games against the bot; between people, think for yourself!")]
    HintsAgainstPeople,
    #[error("The bot is busy thinking right now; try again in a minute.")]
    Busy,
    #[error("Your move in game #{0} is stored; the bot could not show it just now and will post it as soon as it can.")]
    StoredNotShown(i64),
    #[error("Something went wrong on our side; please try again in a moment.")]
    Internal(#[source] anyhow::Error),
}

impl BotError {
    /// Wraps a fault of the bot's own machinery (store, engine, renderer).
    pub fn internal(err: impl Into<anyhow::Error>) -> BotError {
        BotError::Internal(err.into())
    }
}

pub type BotResult<T> = Result<T, BotError>;
