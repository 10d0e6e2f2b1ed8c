//! What every command group shares about games: finding the game a request
//! means, replaying it through the rules, naming its players and its
//! moves, and turning the store's refusals into replies a player understands.

use crate::i18n::Msg;
use crate::rules::notation::{self, Notation};
use crate::rules::{Color, Game, Move, Position};
use crate::store::{self, GameId, GameRecord, Location, Store, StoreError, UserRef};

use super::timing::{self, Phase};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::request::{Actor, Place, Requester};
use crate::bot::vocabulary::voice::{color_key, Voice};

/// A game as stored, with its moves replayed through the rules.
pub struct LoadedGame {
    pub record: GameRecord,
    pub game: Game,
}

impl LoadedGame {
    pub fn id(&self) -> GameId {
        self.record.id
    }

    /// Where the game is played (its thread, or the channel it was started in).
    pub fn place(&self) -> Place {
        game_place(&self.record)
    }

    pub fn ply(&self) -> u32 {
        self.record.ply
    }
}

pub fn place_location(place: &Place) -> Location {
    Location {
        guild_id: place.guild.clone(),
        channel_id: place.channel.clone(),
        thread_id: place.thread.clone(),
    }
}

/// Where something stored at `location` is said.
pub fn location_place(location: &Location) -> Place {
    Place {
        guild: location.guild_id.clone(),
        channel: location.channel_id.clone(),
        thread: location.thread_id.clone(),
    }
}

/// Where a game's moves and news are posted.
pub fn game_place(record: &GameRecord) -> Place {
    location_place(&record.location)
}

pub fn store_actor(actor: &Actor) -> store::ActorId {
    store::ActorId::User(actor.id.clone())
}

pub fn user_ref(actor: &Actor) -> UserRef {
    UserRef::new(actor.id.clone(), actor.name.clone())
}

/// "alice (Red)", "xiangqi-bot (level 3) (Black)", for a reply's text (the
/// name escaped: see `markup`).
pub fn seat(record: &GameRecord, color: Color, voice: Voice) -> String {
    voice.say(Msg::Seat {
        name: shown(&voice.name_of(record.participant(color))).to_string(),
        color: color_key(color).into(),
    })
}

/// "alice vs xiangqi-bot (level 3)", Red first, for a reply's text.
pub fn pairing(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::Pairing {
        red: shown(&voice.name_of(&record.red)).to_string(),
        black: shown(&voice.name_of(&record.black)).to_string(),
    })
}

/// The same as plain text, for pictures' captions and thread titles, which
/// no markdown renderer reads.
pub fn plain_pairing(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::Pairing {
        red: voice.name_of(&record.red),
        black: voice.name_of(&record.black),
    })
}

/// The side a user plays in a game, if any.
pub fn side_of(record: &GameRecord, actor: &Actor) -> Option<Color> {
    record.side_of(&store_actor(actor))
}

/// Whether the other side of `color` is the bot.
pub fn against_bot(record: &GameRecord, color: Color) -> Option<u8> {
    record
        .participant(color.opponent())
        .bot_level()
        .map(|level| level.get())
}

/// A finished game's result in words, from its stored reason.
pub fn result_sentence(record: &GameRecord, voice: Voice) -> String {
    let reason = end_reason(record, voice);
    voice.say(match record.result {
        Some(store::GameResult::RedWins) => Msg::ResultWin {
            winner: seat(record, Color::Red, voice),
            reason,
        },
        Some(store::GameResult::BlackWins) => Msg::ResultWin {
            winner: seat(record, Color::Black, voice),
            reason,
        },
        Some(store::GameResult::Draw) => Msg::ResultDraw { reason },
        None => Msg::ResultCalledOff { reason },
    })
}

/// Why a finished game ended, from its stored reason (`checkmate`,
/// `resignation`, …), in words.
pub fn end_reason(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::EndReason {
        reason: record.reason.as_deref().unwrap_or("?").to_string(),
    })
}

/// Whether a user watching `record` sees it from Black's seat: its Black
/// player does; everyone else sees Red's.
pub fn seen_by_black(record: &GameRecord, viewer: Option<&Actor>) -> bool {
    viewer.and_then(|v| side_of(record, v)) == Some(Color::Black)
}

/// Whether a game's board is shown from Black's seat to its players: the
/// bot's opponent always sees their own side; between people, the side to
/// move does.
pub fn player_seat(loaded: &LoadedGame) -> bool {
    match (
        loaded.record.red.bot_level(),
        loaded.record.black.bot_level(),
    ) {
        (Some(_), _) => true,
        (_, Some(_)) => false,
        _ => loaded.game.position().side_to_move() == Color::Black,
    }
}

/// Loads a game rebuilt through the rules ([`Store::load_game`], the one
/// way a game is rebuilt; the replay, small beside the read, is timed as
/// store time). A move the rules refuse means the file was damaged, which
/// is the bot's fault, not the player's.
pub async fn load(store: &Store, id: GameId) -> BotResult<LoadedGame> {
    let (record, game) = timing::timed(Phase::Store, store.load_game(id))
        .await
        .map_err(|e| store_error(e, id))?;
    Ok(LoadedGame { record, game })
}

/// The live game a request is about: the game of the thread it was typed
/// in, else the requester's live game in this channel.
pub async fn my_game(store: &Store, requester: &Requester) -> BotResult<GameRecord> {
    game_here(store, &requester.actor, &requester.place)
        .await?
        .ok_or(BotError::NoGameHere)
}

/// The live game `actor` means at `place` (see [`my_game`]), if any.
pub async fn game_here(
    store: &Store,
    actor: &Actor,
    place: &Place,
) -> BotResult<Option<GameRecord>> {
    if let Some(thread) = &place.thread {
        if let Some(game) = thread_game(store, thread).await? {
            return Ok(Some(game));
        }
    }
    live_game_of(store, actor, place).await
}

/// The live game a move typed without the prefix is for: in a thread,
/// the thread's game only; in a channel, the requester's game there.
pub async fn game_for_bare_move(
    store: &Store,
    requester: &Requester,
) -> BotResult<Option<GameRecord>> {
    match &requester.place.thread {
        Some(thread) => thread_game(store, thread).await,
        None => live_game_of(store, &requester.actor, &requester.place).await,
    }
}

/// The live game played in a thread, if any.
async fn thread_game(store: &Store, thread: &str) -> BotResult<Option<GameRecord>> {
    let here = timing::timed(Phase::Store, store.live_games_in_channel(thread))
        .await
        .map_err(BotError::internal)?;
    Ok(here
        .into_iter()
        .find(|g| g.location.thread_id.as_deref() == Some(thread)))
}

/// A user's live game in a channel (or one of its threads), if any.
pub async fn live_game_of(
    store: &Store,
    actor: &Actor,
    place: &Place,
) -> BotResult<Option<GameRecord>> {
    let games = timing::timed(Phase::Store, store.live_games_of_user(&actor.id))
        .await
        .map_err(BotError::internal)?;
    Ok(games
        .into_iter()
        .find(|g| g.location.channel_id == place.channel && g.location.guild_id == place.guild))
}

/// Game `id`, if `requester` may see it ([`visible_to`]); one it may not
/// see is answered as one that does not exist, so that ids do not tell
/// what is played elsewhere.
pub async fn load_visible(
    store: &Store,
    id: GameId,
    requester: &Requester,
) -> BotResult<LoadedGame> {
    let loaded = load(store, id).await?;
    if visible_to(&loaded.record, requester) {
        Ok(loaded)
    } else {
        Err(BotError::GameNotFound(id))
    }
}

/// "Game #3 is between alice and bob": for a stranger who typed a move.
pub fn not_a_player(record: &GameRecord) -> BotError {
    BotError::NotAPlayer {
        game: record.id,
        red: record.red.clone(),
        black: record.black.clone(),
    }
}

/// Whether a game may be shown where `requester` asked. A game is visible
/// in its own server, to anyone there (its channel is in that server's hands:
/// the bot cannot tell a private channel from a public one without asking the
/// platform, and anyone in the server could ask for it by id anyway). Outside
/// servers (a DM, the console) it is visible to its players, and in the
/// channel where it is played. Finished games follow the same rule, result
/// and replay included: a game played in a private channel stays private
/// when it ends, and its players still see it in a DM with the bot.
pub fn visible_to(record: &GameRecord, requester: &Requester) -> bool {
    match &requester.place.guild {
        Some(guild) => record.location.guild_id.as_ref() == Some(guild),
        None => {
            record.location.guild_id.is_none()
                && record.location.channel_id == requester.place.channel
                || side_of(record, &requester.actor).is_some()
        }
    }
}

/// Past this many characters the move list in a reply is cut (chat messages
/// are short); the full list is in the attached record.
const MOVES_TEXT_LIMIT: usize = 1200;

/// `moves` from `start` as numbered in a record, in the reader's notation
/// (a game's moves, a puzzle's solution): "1. h2e2 C2=5  h9g7 H8+7  2. …",
/// cut when long.
pub fn line_text(start: &Position, moves: &[Move], voice: Voice) -> String {
    if moves.is_empty() {
        return voice.say(Msg::MovesNone);
    }
    let start_black = start.side_to_move() == Color::Black;
    let mut text = String::new();
    let mut position = start.clone();
    for (ply, &mv) in moves.iter().enumerate() {
        let slot = ply + usize::from(start_black);
        if slot % 2 == 0 {
            text.push_str(&format!("{}. ", slot / 2 + 1));
        } else if ply == 0 {
            text.push_str("1. … ");
        }
        // English readers get the record's compact ICCS and WXF pair; others
        // their own notation first, as in every reply.
        let written = match voice.notation {
            Notation::Iccs => {
                format!("{} {}", notation::iccs(mv), notation::wxf(&position, mv))
            }
            _ => voice.describe_move(&position, mv),
        };
        text.push_str(&written);
        text.push_str("  ");
        position.make_move(mv);
        if text.len() > MOVES_TEXT_LIMIT {
            text.push_str(&voice.say(Msg::MovesCut));
            break;
        }
    }
    text.trim_end().to_string()
}

/// The store's refusals in a player's words (those of a game's moves with
/// [`store_error`]); anything else is the bot's fault.
pub fn store_refusal(err: StoreError) -> BotError {
    match err {
        StoreError::GameNotFound(id) => BotError::GameNotFound(id),
        StoreError::GameOver(id) => BotError::GameOver(id),
        StoreError::FlagFell(id) => BotError::FlagFell(id),
        StoreError::NotYourTurn { game, .. } => BotError::NotYourTurn(game),
        StoreError::StaleGame { game, .. } => BotError::Stale(game),
        StoreError::NoChallengePending => BotError::NoChallenge,
        StoreError::CannotChallengeYourself => BotError::SelfChallenge,
        StoreError::TooManyChallenges(limit) => BotError::TooManyChallenges(limit),
        StoreError::RematchTaken(game) => BotError::RematchTaken(game),
        other => BotError::internal(other),
    }
}

/// [`store_refusal`] for a change to `game`, which may have nothing to take back.
pub fn store_error(err: StoreError, game: GameId) -> BotError {
    match err {
        StoreError::NothingToTakeBack { .. } => BotError::NothingToTakeBack(game),
        other => store_refusal(other),
    }
}

/// Games listed by `history`, and the most a player's history is read for.
pub const HISTORY_PAGE: u32 = 10;
/// How many pages of a player's games are read looking for ones visible
/// where it was asked.
const HISTORY_SCAN_PAGES: usize = 5;

/// A player's last finished games that `requester` may see ([`visible_to`]):
/// a history asked for in one server does not list games played in
/// another. At most [`HISTORY_SCAN_PAGES`] store pages are read, so a
/// player with many games elsewhere costs a bounded amount.
pub async fn visible_history(
    store: &Store,
    user_id: &str,
    requester: &Requester,
) -> BotResult<Vec<GameRecord>> {
    let mut shown = Vec::new();
    let mut cursor = None;
    for _ in 0..HISTORY_SCAN_PAGES {
        let page = store
            .player_history(user_id, cursor, HISTORY_PAGE)
            .await
            .map_err(BotError::internal)?;
        shown.extend(
            page.games
                .into_iter()
                .filter(|record| visible_to(record, requester)),
        );
        if shown.len() >= HISTORY_PAGE as usize || page.next.is_none() {
            break;
        }
        cursor = page.next;
    }
    shown.truncate(HISTORY_PAGE as usize);
    Ok(shown)
}
