//! The store's records as the bot sees them: games, moves, players, challenges
//! and offers, with the small value types they are built from. Rows come out of
//! SQL as flat `*Row` structs and are checked on the way into these types, so a
//! corrupt row is an error, never a panic.

use std::fmt;

use crate::engine::Level;
use crate::rules::{Color, Square};

use super::error::StoreError;
use super::rating::Rating;
use super::time_control::{Clocks, TimeControl};

pub use super::clock::UnixMillis;
pub use super::ids::{ChallengeId, GameId, OfferKind};

/// The standard start position, stored when a game gives no FEN of its own.
pub use crate::rules::START_FEN;

/// A strength of the bot: an engine [`Level`] as the store keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BotLevel(Level);

impl BotLevel {
    pub fn new(level: u8) -> Result<BotLevel, StoreError> {
        Level::new(i64::from(level))
            .map(BotLevel)
            .map_err(|e| StoreError::InvalidBotLevel(e.given))
    }

    pub fn get(self) -> u8 {
        self.0.number()
    }

    /// The fixed rating this level plays at.
    pub(crate) fn rating(self) -> Rating {
        Rating::bot(self.0)
    }

    /// Reads a stored level; out of range means a damaged row.
    pub(super) fn from_column(level: i64) -> Result<BotLevel, StoreError> {
        Level::new(level)
            .map(BotLevel)
            .map_err(|_| StoreError::corrupt(format!("bot level {level} out of range")))
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0.number())
    }
}

/// A person as the platform names them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserRef {
    /// The platform's user id (a Discord snowflake as text, or a console name).
    pub id: String,
    pub display_name: String,
}

impl UserRef {
    pub fn new(id: impl Into<String>, display_name: impl Into<String>) -> UserRef {
        UserRef {
            id: id.into(),
            display_name: display_name.into(),
        }
    }
}

/// Who plays one side of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Participant {
    User(UserRef),
    Bot(BotLevel),
}

impl Participant {
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Participant::User(user) => Some(&user.id),
            Participant::Bot(_) => None,
        }
    }

    pub fn is_user(&self, user_id: &str) -> bool {
        self.user_id() == Some(user_id)
    }

    pub(crate) fn bot_level(&self) -> Option<BotLevel> {
        match self {
            Participant::User(_) => None,
            Participant::Bot(level) => Some(*level),
        }
    }

    /// The name shown in replies and written to exported records.
    pub fn display_name(&self) -> String {
        match self {
            Participant::User(user) => user.display_name.clone(),
            Participant::Bot(level) => format!("xiangqi-bot ({level})"),
        }
    }

    /// Whether `actor` is the one who plays this side.
    pub(crate) fn is(&self, actor: &ActorId) -> bool {
        match (self, actor) {
            (Participant::User(user), ActorId::User(id)) => &user.id == id,
            (Participant::Bot(_), ActorId::Bot) => true,
            _ => false,
        }
    }
}

/// Who does something to a game, by the store's key for them: a user's
/// platform id, or the bot. (The bot core's `Actor` is a user with a name.)
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActorId {
    User(String),
    Bot,
}

impl ActorId {
    pub fn user(id: impl Into<String>) -> ActorId {
        ActorId::User(id.into())
    }

    pub(super) fn user_id(&self) -> Option<&str> {
        match self {
            ActorId::User(id) => Some(id),
            ActorId::Bot => None,
        }
    }
}

/// Where a game or challenge lives on the platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Location {
    /// The server; `None` in direct messages and the console.
    pub guild_id: Option<String>,
    pub channel_id: String,
    /// The thread the game is played in, when the bot opened one.
    pub thread_id: Option<String>,
}

impl Location {
    pub fn channel(channel_id: impl Into<String>) -> Location {
        Location {
            channel_id: channel_id.into(),
            ..Location::default()
        }
    }
}

/// Where a stored game is in its life: still played, finished or called off
/// (the `status` column). Not the rules' [`GameStatus`](crate::rules::GameStatus),
/// which says whether a position ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    Live,
    /// Over with a result.
    Finished,
    /// Called off without a result (unrated, not counted in stats).
    Aborted,
}

impl GameState {
    pub(super) fn parse(text: &str) -> Result<GameState, StoreError> {
        match text {
            "live" => Ok(GameState::Live),
            "finished" => Ok(GameState::Finished),
            "aborted" => Ok(GameState::Aborted),
            other => Err(StoreError::corrupt(format!(
                "unknown game status {other:?}"
            ))),
        }
    }
}

/// How a finished game came out: the rules' type, so a result the rules
/// decide is stored as it is. Its column text is `red`, `black` or `draw`.
pub use crate::rules::GameResult;

pub(super) fn result_column(result: GameResult) -> &'static str {
    match result {
        GameResult::RedWins => "red",
        GameResult::BlackWins => "black",
        GameResult::Draw => "draw",
    }
}

pub(super) fn parse_result(text: &str) -> Result<GameResult, StoreError> {
    match text {
        "red" => Ok(GameResult::RedWins),
        "black" => Ok(GameResult::BlackWins),
        "draw" => Ok(GameResult::Draw),
        other => Err(StoreError::corrupt(format!(
            "unknown game result {other:?}"
        ))),
    }
}

pub(super) fn color_column(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

pub(super) fn parse_color(text: &str) -> Result<Color, StoreError> {
    match text {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(StoreError::corrupt(format!("unknown colour {other:?}"))),
    }
}

/// Checks a start FEN with the rules layer and gives the side to move in it.
pub fn fen_side_to_move(fen: &str) -> Result<Color, StoreError> {
    crate::rules::Position::from_fen(fen)
        .map(|position| position.side_to_move())
        .map_err(|e| StoreError::InvalidFen(e.to_string()))
}

/// A move in ICCS, checked and normalised to lower case without a dash (`h2e2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Iccs {
    pub from: Square,
    pub to: Square,
}

impl Iccs {
    /// Reads `h2e2`, `H2-E2` or `h2-e2`. Says what is wrong otherwise.
    pub fn parse(text: &str) -> Result<Iccs, StoreError> {
        let invalid = |why: &str| StoreError::InvalidMove {
            text: text.chars().take(16).collect(),
            why: why.to_owned(),
        };
        let trimmed = text.trim();
        let compact: String = match trimmed.len() {
            4 => trimmed.to_owned(),
            5 if trimmed.as_bytes()[2] == b'-' => trimmed.chars().filter(|&c| c != '-').collect(),
            _ => {
                return Err(invalid(
                    "an ICCS move is four characters like h2e2 or H2-E2",
                ))
            }
        };
        if !compact.is_ascii() {
            return Err(invalid(
                "an ICCS move uses only the letters a–i and digits 0–9",
            ));
        }
        let from = Square::parse(&compact[..2])
            .ok_or_else(|| invalid("the first point is not a file a–i followed by a rank 0–9"))?;
        let to = Square::parse(&compact[2..])
            .ok_or_else(|| invalid("the second point is not a file a–i followed by a rank 0–9"))?;
        if from == to {
            return Err(invalid("a move must go from one point to another"));
        }
        Ok(Iccs { from, to })
    }
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Rating change of one side of a finished, rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}

/// A game as stored, without its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: GameId,
    pub location: Location,
    pub red: Participant,
    pub black: Participant,
    pub status: GameState,
    pub result: Option<GameResult>,
    /// Why it ended: a rules reason (`checkmate`, `perpetual-check`, …) or a
    /// player's act (`resignation`, `agreement`, `abandonment`, …).
    pub reason: Option<String>,
    pub start_fen: String,
    /// Who moves at ply 0.
    pub start_side: Color,
    /// Moves played so far.
    pub ply: u32,
    /// How many of them were shown where the game is played (the rest
    /// were stored, and their post failed or is under way).
    pub announced_ply: u32,
    pub rated: bool,
    pub red_rating: Option<RatingChange>,
    pub black_rating: Option<RatingChange>,
    pub created_at: UnixMillis,
    pub last_activity_at: UnixMillis,
    pub finished_at: Option<UnixMillis>,
    pub time_control: TimeControl,
    /// The clocks as of the last move (see [`Clocks`]).
    pub clocks: Clocks,
}

impl GameRecord {
    pub fn participant(&self, color: Color) -> &Participant {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// Whose turn it is after `ply` moves.
    pub fn side_to_move(&self) -> Color {
        side_after(self.start_side, self.ply)
    }

    /// The side `user_id` plays, if any. When one user plays both sides (a
    /// practice game) it is the side to move.
    pub(crate) fn side_of(&self, actor: &ActorId) -> Option<Color> {
        let to_move = self.side_to_move();
        [to_move, to_move.opponent()]
            .into_iter()
            .find(|&color| self.participant(color).is(actor))
    }

    pub fn is_live(&self) -> bool {
        self.status == GameState::Live
    }

    /// Whether the bot is to move in a live game.
    pub fn awaits_bot(&self) -> bool {
        self.is_live() && matches!(self.participant(self.side_to_move()), Participant::Bot(_))
    }
}

/// The side to move after `ply` plies from a position where `start` moved first.
pub fn side_after(start: Color, ply: u32) -> Color {
    if ply.is_multiple_of(2) {
        start
    } else {
        start.opponent()
    }
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub game_id: GameId,
    /// 1 for the first move of the game.
    pub ply: u32,
    pub iccs: Iccs,
    pub by: ActorId,
    pub played_at: UnixMillis,
}

/// A player's standing.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    pub user: UserRef,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub created_at: UnixMillis,
}

/// What a challenge is addressed to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeTarget {
    /// One user; only they may accept.
    User(UserRef),
    /// Anyone in the channel but the challenger.
    Anyone,
    /// Anyone holding this role (a platform id) but the challenger.
    Role(String),
    /// The bot at a level; the bot accepts.
    Bot(BotLevel),
}

/// The side a player asks for, in a challenge or a game against the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColorChoice {
    /// Red moves first; the default, so that a plain `play` starts at once.
    #[default]
    Red,
    Black,
    Random,
}

impl ColorChoice {
    /// The side this choice gives, with `coin` deciding `Random`.
    pub(crate) fn resolve(self, coin: bool) -> Color {
        match self {
            ColorChoice::Red => Color::Red,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if coin => Color::Red,
            ColorChoice::Random => Color::Black,
        }
    }

    /// `red`, `black` or `random`: how it is shown and stored.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ColorChoice::Red => "red",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    pub(super) fn parse(text: &str) -> Result<ColorChoice, StoreError> {
        match text {
            "red" => Ok(ColorChoice::Red),
            "black" => Ok(ColorChoice::Black),
            "random" => Ok(ColorChoice::Random),
            other => Err(StoreError::corrupt(format!(
                "unknown colour choice {other:?}"
            ))),
        }
    }
}

impl fmt::Display for ColorChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeState {
    Pending,
    Accepted,
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    Expired,
}

impl ChallengeState {
    pub(super) fn parse(text: &str) -> Result<ChallengeState, StoreError> {
        match text {
            "pending" => Ok(ChallengeState::Pending),
            "accepted" => Ok(ChallengeState::Accepted),
            "declined" => Ok(ChallengeState::Declined),
            "cancelled" => Ok(ChallengeState::Cancelled),
            "expired" => Ok(ChallengeState::Expired),
            other => Err(StoreError::corrupt(format!(
                "unknown challenge state {other:?}"
            ))),
        }
    }
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRecord {
    pub id: ChallengeId,
    pub location: Location,
    pub from: UserRef,
    pub to: ChallengeTarget,
    pub color: ColorChoice,
    pub start_fen: Option<String>,
    pub rated: bool,
    pub state: ChallengeState,
    pub created_at: UnixMillis,
    pub expires_at: UnixMillis,
    pub resolved_at: Option<UnixMillis>,
    pub game_id: Option<GameId>,
    pub time_control: TimeControl,
}

impl ChallengeRecord {
    /// Whether `actor` may accept it (ignoring expiry), not knowing their
    /// roles: a challenge to a role is for nobody here (the store's
    /// `accepts` knows the accepter's roles).
    pub(crate) fn is_for(&self, actor: &ActorId) -> bool {
        match (&self.to, actor) {
            (ChallengeTarget::User(user), ActorId::User(id)) => &user.id == id,
            (ChallengeTarget::Anyone, ActorId::User(id)) => &self.from.id != id,
            (ChallengeTarget::Bot(_), ActorId::Bot) => true,
            _ => false,
        }
    }
}

/// Reading an [`OfferKind`] from its column is here, beside the other
/// columns' checks, because it can fail with a [`StoreError`] (and `ids.rs`
/// sits below the error).
impl OfferKind {
    pub(super) fn parse(text: &str) -> Result<OfferKind, StoreError> {
        match text {
            "draw" => Ok(OfferKind::Draw),
            "takeback" => Ok(OfferKind::Takeback),
            other => Err(StoreError::corrupt(format!("unknown offer kind {other:?}"))),
        }
    }
}

/// A pending draw offer or takeback request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRecord {
    pub game_id: GameId,
    pub kind: OfferKind,
    pub by: Color,
    /// The ply the game was at when it was made.
    pub at_ply: u32,
    /// It lapses once the game reaches this ply unanswered.
    pub lapses_at_ply: u32,
    /// For a takeback: how many plies are taken back (1 or 2).
    pub takeback_plies: Option<u32>,
    pub created_at: UnixMillis,
}

/// Converts a count or ply from a column, refusing negative or huge values.
pub(super) fn to_u32(value: i64, what: &str) -> Result<u32, StoreError> {
    u32::try_from(value).map_err(|_| StoreError::corrupt(format!("{what} is {value}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn iccs_accepts_both_forms() {
        let a = Iccs::parse("h2e2").unwrap();
        assert_eq!(Iccs::parse("H2-E2").unwrap(), a);
        assert_eq!(Iccs::parse(" h2-e2 ").unwrap(), a);
        assert_eq!(a.to_string(), "h2e2");
    }

    #[test]
    fn iccs_rejects_with_reasons() {
        for bad in [
            "",
            "h2",
            "h2e",
            "j2e2",
            "h2e10",
            "h2h2",
            "h2:e2",
            "h2e2e",
            "炮二平五",
        ] {
            let err = Iccs::parse(bad).unwrap_err();
            assert!(
                matches!(err, StoreError::InvalidMove { .. }),
                "{bad}: {err}"
            );
            assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn fen_side_is_read() {
        assert_eq!(fen_side_to_move(START_FEN).unwrap(), Color::Red);
        assert_eq!(
            fen_side_to_move("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1").unwrap(),
            Color::Black
        );
        // Generals facing each other: refused with the rules layer's reason.
        assert!(matches!(
            fen_side_to_move("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1"),
            Err(StoreError::InvalidFen(_))
        ));
        assert!(fen_side_to_move("4k4/9/9/9/9/9/9/9/9/4K4").is_err());
        assert!(fen_side_to_move("4k4/9/9/9/9/9/9/9/9/4K4 x - - 0 1").is_err());
    }

    #[test]
    fn side_alternates_from_the_start_side() {
        assert_eq!(side_after(Color::Red, 0), Color::Red);
        assert_eq!(side_after(Color::Red, 1), Color::Black);
        assert_eq!(side_after(Color::Black, 0), Color::Black);
        assert_eq!(side_after(Color::Black, 3), Color::Red);
    }

    proptest! {
        /// Any text either parses to a move that prints back to what it
        /// read (normalised), or is refused with an error; never a panic.
        #[test]
        fn iccs_parse_never_panics(text in "\\PC{0,8}") {
            if let Ok(mv) = Iccs::parse(&text) {
                let normal: String = text.trim().chars().filter(|&c| c != '-').collect();
                prop_assert_eq!(mv.to_string(), normal.to_ascii_lowercase());
                prop_assert_eq!(Iccs::parse(&mv.to_string()).unwrap(), mv);
            }
        }

        #[test]
        fn iccs_round_trips_every_pair(from in 0usize..90, to in 0usize..90) {
            let (from, to) = (Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
            prop_assume!(from != to);
            let mv = Iccs { from, to };
            prop_assert_eq!(Iccs::parse(&mv.to_string()).unwrap(), mv);
            prop_assert_eq!(Iccs::parse(&format!("{}-{}", from, to).to_uppercase()).unwrap(), mv);
        }

        #[test]
        fn fen_side_never_panics(text in "\\PC{0,40}") {
            let _ = fen_side_to_move(&text);
        }
    }
}
