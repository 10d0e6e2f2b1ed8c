//! What every command group shares about games: finding the game a request
//! means, replaying it through the rules, naming its players, drawing its
//! board, and turning the store's refusals into replies a player understands.

use std::sync::Arc;

use crate::i18n::Msg;
use crate::render::{Scene, Style};
use crate::rules::{Color, Game, Move, Position};
use crate::store::{self, GameId, GameRecord, Location, Participant, StoreError, UserRef};

use super::error::{BotError, BotResult};
use super::markup::shown;
use super::reply::Attachment;
use super::timing::{self, Phase};
use super::voice::{color_key, Voice};
use super::{Actor, Bot, Place, Request};

/// A game as stored, with its moves replayed through the rules.
pub(super) struct LoadedGame {
    pub record: GameRecord,
    pub game: Game,
}

impl LoadedGame {
    pub fn id(&self) -> i64 {
        self.record.id.0
    }

    /// Where the game is played (its thread, or the channel it was started in).
    pub fn place(&self) -> Place {
        game_place(&self.record)
    }

    pub fn ply(&self) -> u32 {
        self.record.ply
    }
}

pub(super) fn place_location(place: &Place) -> Location {
    Location {
        guild_id: place.guild.clone(),
        channel_id: place.channel.clone(),
        thread_id: place.thread.clone(),
    }
}

/// Where a game's moves and news are posted.
pub(super) fn game_place(record: &GameRecord) -> Place {
    Place {
        guild: record.location.guild_id.clone(),
        channel: record.location.channel_id.clone(),
        thread: record.location.thread_id.clone(),
    }
}

/// The channel a request belongs to, leaving its thread aside: "one game per
/// player per channel" counts the games in the channel's threads too.
pub(super) fn channel_of(place: &Place) -> Place {
    Place {
        thread: None,
        ..place.clone()
    }
}

pub(super) fn store_actor(actor: &Actor) -> store::ActorId {
    store::ActorId::User(actor.id.clone())
}

pub(super) fn user_ref(actor: &Actor) -> UserRef {
    UserRef::new(actor.id.clone(), actor.name.clone())
}

/// "alice (Red)", "xiangqi-bot (level 3) (Black)", for a reply's text (the
/// name escaped: see [`markup`]).
pub(super) fn seat(record: &GameRecord, color: Color, voice: Voice) -> String {
    voice.say(Msg::Seat {
        name: shown(&voice.name_of(record.participant(color))).to_string(),
        color: color_key(color).into(),
    })
}

/// "alice vs xiangqi-bot (level 3)", Red first, for a reply's text.
pub(super) fn pairing(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::Pairing {
        red: shown(&voice.name_of(&record.red)).to_string(),
        black: shown(&voice.name_of(&record.black)).to_string(),
    })
}

/// The same as plain text, for pictures' captions and thread titles, which
/// no markdown renderer reads.
pub(super) fn plain_pairing(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::Pairing {
        red: voice.name_of(&record.red),
        black: voice.name_of(&record.black),
    })
}

/// The side a user plays in a game, if any.
pub(super) fn side_of(record: &GameRecord, actor: &Actor) -> Option<Color> {
    record.side_of(&store_actor(actor))
}

/// Whether the other side of `color` is the bot.
pub(super) fn against_bot(record: &GameRecord, color: Color) -> Option<u8> {
    record
        .participant(color.opponent())
        .bot_level()
        .map(|level| level.get())
}

/// A finished game's result in words, from its stored reason.
pub(super) fn result_sentence(record: &GameRecord, voice: Voice) -> String {
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
pub(super) fn end_reason(record: &GameRecord, voice: Voice) -> String {
    voice.say(Msg::EndReason {
        reason: record.reason.as_deref().unwrap_or("?").to_string(),
    })
}

/// Whether a user watching `record` sees it from Black's seat: its Black
/// player does; everyone else sees Red's.
pub(super) fn seen_by_black(record: &GameRecord, viewer: Option<&Actor>) -> bool {
    viewer.and_then(|v| side_of(record, v)) == Some(Color::Black)
}

impl Bot {
    /// Loads a game rebuilt through the rules ([`Store::load_game`], the one
    /// way a game is rebuilt; the replay, small beside the read, is timed as
    /// store time). A move the rules refuse means the file was damaged, which
    /// is the bot's fault, not the player's.
    ///
    /// [`Store::load_game`]: crate::store::Store::load_game
    pub(super) async fn load(&self, id: GameId) -> BotResult<LoadedGame> {
        let (record, game) = timing::timed(Phase::Store, self.store.load_game(id))
            .await
            .map_err(|e| store_error(e, id.0))?;
        Ok(LoadedGame { record, game })
    }

    /// The live game a request is about: the game of the thread it was typed
    /// in, else the requester's live game in this channel.
    pub(super) async fn my_game(&self, request: &Request) -> BotResult<GameRecord> {
        self.game_here(&request.actor, &request.place)
            .await?
            .ok_or(BotError::NoGameHere)
    }

    /// The live game `actor` means at `place` (see [`Bot::my_game`]), if any.
    pub(super) async fn game_here(
        &self,
        actor: &Actor,
        place: &Place,
    ) -> BotResult<Option<GameRecord>> {
        if let Some(thread) = &place.thread {
            if let Some(game) = self.thread_game(thread).await? {
                return Ok(Some(game));
            }
        }
        self.live_game_of(actor, place).await
    }

    /// The live game a move typed without the prefix is for: in a thread,
    /// the thread's game only; in a channel, the requester's game there.
    pub(super) async fn game_for_bare_move(
        &self,
        request: &Request,
    ) -> BotResult<Option<GameRecord>> {
        match &request.place.thread {
            Some(thread) => self.thread_game(thread).await,
            None => self.live_game_of(&request.actor, &request.place).await,
        }
    }

    /// The live game played in a thread, if any.
    async fn thread_game(&self, thread: &str) -> BotResult<Option<GameRecord>> {
        let here = timing::timed(Phase::Store, self.store.live_games_in_channel(thread))
            .await
            .map_err(BotError::internal)?;
        Ok(here
            .into_iter()
            .find(|g| g.location.thread_id.as_deref() == Some(thread)))
    }

    /// A user's live game in a channel (or one of its threads), if any.
    pub(super) async fn live_game_of(
        &self,
        actor: &Actor,
        place: &Place,
    ) -> BotResult<Option<GameRecord>> {
        let games = timing::timed(Phase::Store, self.store.live_games_of_user(&actor.id))
            .await
            .map_err(BotError::internal)?;
        Ok(games
            .into_iter()
            .find(|g| g.location.channel_id == place.channel && g.location.guild_id == place.guild))
    }

    /// The board as a PNG attachment named after the game and ply. What it
    /// needs is taken from `loaded` at once, so that the game can be handed
    /// on (to be stored) while the board is being drawn.
    pub(super) fn board_file(
        &self,
        loaded: &LoadedGame,
        black_seat: bool,
        voice: Voice,
    ) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + '_ {
        self.board_file_in(loaded, black_seat, voice.style, voice)
    }

    /// [`Bot::board_file`] in a given style (`board` with a style named).
    pub(super) fn board_file_in(
        &self,
        loaded: &LoadedGame,
        black_seat: bool,
        style: Style,
        voice: Voice,
    ) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + '_ {
        let scene = scene_of(
            loaded.game.position(),
            loaded.game.moves().last().copied(),
            black_seat,
            caption(&loaded.record, &loaded.game, voice),
        );
        let filename = format!("game-{}-ply-{}.png", loaded.id(), loaded.ply());
        self.render_file(scene, style, filename)
    }

    /// `scene` drawn in `style` as a PNG attachment, under the render permits.
    pub(super) fn render_file(
        &self,
        scene: Scene,
        style: Style,
        filename: String,
    ) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + '_ {
        let renderer = Arc::clone(&self.renderer);
        let rendering = async move {
            let _permit = self
                .render_permits
                .acquire()
                .await
                .map_err(BotError::internal)?;
            tokio::task::spawn_blocking(move || renderer.render_png(&scene, style))
                .await
                .map_err(BotError::internal)
        };
        async move {
            let bytes = timing::timed(Phase::Render, rendering).await?;
            Ok(Attachment { filename, bytes })
        }
    }

    /// The game as an animated replay in `style`, one frame per position, of
    /// at most the last [`MAX_REPLAY_FRAMES`] positions; drawn under the
    /// render permits like any board.
    pub(super) async fn replay_gif(
        &self,
        loaded: &LoadedGame,
        style: Style,
        voice: Voice,
    ) -> BotResult<Attachment> {
        let heading = format!(
            "#{} · {}",
            loaded.id(),
            plain_pairing(&loaded.record, voice)
        );
        let scenes = replay_scenes(&heading, &loaded.game, voice);
        let renderer = Arc::clone(&self.renderer);
        let _permit = self
            .render_permits
            .acquire()
            .await
            .map_err(BotError::internal)?;
        let bytes = tokio::task::spawn_blocking(move || renderer.render_replay_gif(&scenes, style))
            .await
            .map_err(BotError::internal)?
            .map_err(BotError::internal)?;
        Ok(Attachment {
            filename: format!("game-{}.gif", loaded.id()),
            bytes,
        })
    }

    /// Game `id`, if `request` may see it ([`visible_to`]); one it may not
    /// see is answered as one that does not exist, so that ids do not tell
    /// what is played elsewhere.
    pub(super) async fn load_visible(
        &self,
        id: GameId,
        request: &Request,
    ) -> BotResult<LoadedGame> {
        let loaded = self.load(id).await?;
        if visible_to(&loaded.record, request) {
            Ok(loaded)
        } else {
            Err(BotError::GameNotFound(id.0))
        }
    }

    /// "Game #3 is between alice and bob": for a stranger who typed a move.
    pub(super) fn not_a_player(&self, record: &GameRecord) -> BotError {
        BotError::NotAPlayer {
            game: record.id.0,
            red: record.red.clone(),
            black: record.black.clone(),
        }
    }
}

/// Whether a game may be shown where `request` was made. A game is visible
/// in its own server, to anyone there (its channel is in that server's hands:
/// the bot cannot tell a private channel from a public one without asking the
/// platform, and anyone in the server could ask for it by id anyway). Outside
/// servers (a DM, the console) it is visible to its players, and in the
/// channel where it is played. Finished games follow the same rule, result
/// and replay included: a game played in a private channel stays private
/// when it ends, and its players still see it in a DM with the bot.
pub(super) fn visible_to(record: &GameRecord, request: &Request) -> bool {
    match &request.place.guild {
        Some(guild) => record.location.guild_id.as_ref() == Some(guild),
        None => {
            record.location.guild_id.is_none()
                && record.location.channel_id == request.place.channel
                || side_of(record, &request.actor).is_some()
        }
    }
}

/// The caption above a board: who plays, the move number, whose turn.
fn caption(record: &GameRecord, game: &Game, voice: Voice) -> String {
    let to_move = game.position().side_to_move();
    let game_id = record.id.0;
    let pairing = plain_pairing(record, voice);
    let number = (game.moves().len() / 2 + 1) as i64;
    if !record.is_live() {
        return voice.say(Msg::CaptionOver {
            game: game_id,
            pairing,
            number,
        });
    }
    let name = match record.participant(to_move) {
        Participant::User(user) => user.display_name.clone(),
        Participant::Bot(_) => "xiangqi-bot".to_string(),
    };
    voice.say(Msg::Caption {
        game: game_id,
        pairing,
        number,
        color: color_key(to_move).into(),
        name,
    })
}

/// The most positions a replay shows: the last ones of a longer game. Every
/// frame is a full picture in memory until the GIF is encoded (about 1.4 MB
/// each), so a 400-ply game took the process from 20 MB to 560 MB; this
/// bounds one replay near 70 MB, and the render permits bound how many run.
pub(super) const MAX_REPLAY_FRAMES: usize = 50;

/// A replay's frames, from Red's seat: the moves played forward once from
/// the first position shown (at most [`MAX_REPLAY_FRAMES`] before the end),
/// each frame captioned `{heading} · ply N` with the game's own ply numbers.
fn replay_scenes(heading: &str, game: &Game, voice: Voice) -> Vec<Scene> {
    let moves = game.moves();
    let skipped = moves.len().saturating_sub(MAX_REPLAY_FRAMES - 1);
    let first = game
        .position_at(skipped)
        .unwrap_or_else(|| game.start().clone());
    Scene::replay_frames_captioned(&first, &moves[skipped..], false, |ply, _| {
        voice.say(Msg::ReplayCaption {
            heading: heading.to_string(),
            ply: (ply + skipped) as i64,
        })
    })
}

/// A picture's content for a position.
pub(super) fn scene_of(
    position: &Position,
    last: Option<Move>,
    flipped: bool,
    caption: String,
) -> Scene {
    let mut scene = Scene::from_position(position);
    scene.last_move = last;
    scene.flipped = flipped;
    scene.caption = Some(caption);
    scene
}

/// The store's refusals in a player's words; anything else is the bot's fault.
pub(super) fn store_error(err: StoreError, game: i64) -> BotError {
    match err {
        StoreError::GameNotFound(id) => BotError::GameNotFound(id.0),
        StoreError::GameOver(id) => BotError::GameOver(id.0),
        StoreError::NotYourTurn { game, .. } => BotError::NotYourTurn(game.0),
        StoreError::StaleGame { game, .. } => BotError::Stale(game.0),
        StoreError::NothingToTakeBack { .. } => BotError::NothingToTakeBack(game),
        StoreError::NoChallengePending => BotError::NoChallenge,
        StoreError::CannotChallengeYourself => BotError::SelfChallenge,
        StoreError::TooManyChallenges(limit) => BotError::TooManyChallenges(limit),
        other => BotError::internal(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game longer than the cap replays its last positions, numbered as
    /// in the game, ending on the position as it stands.
    #[test]
    fn a_long_games_replay_shows_its_last_positions_only() {
        let mut game = Game::new(Position::startpos());
        for ply in 0..(MAX_REPLAY_FRAMES + 30) {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            if game.play(moves[(ply * 5 + 1) % moves.len()]).is_err() {
                break;
            }
        }
        let played = game.moves().len();
        assert!(played >= MAX_REPLAY_FRAMES, "a long game: {played} plies");
        let scenes = replay_scenes("h", &game, Voice::default());
        assert_eq!(scenes.len(), MAX_REPLAY_FRAMES);
        let last = scenes.last().unwrap().caption.clone().unwrap();
        assert_eq!(last, format!("h · ply {played}"));
        let final_scene = scene_of(game.position(), game.moves().last().copied(), false, last);
        assert_eq!(scenes.last().unwrap(), &final_scene);
    }

    /// The frames are those the bot drew before, when it rebuilt each ply's
    /// position on its own (`position_at` per frame), for a 40-ply game with
    /// captures: the GIF, a function of its frames only, is unchanged.
    #[test]
    fn replay_frames_are_those_of_rebuilding_every_ply() {
        let mut game = Game::new(Position::startpos());
        for ply in 0..40 {
            let moves = game.position().legal_moves();
            game.play(moves[(ply * 7 + 3) % moves.len()]).unwrap();
        }
        let moves = game.moves();
        let captures = (0..moves.len())
            .filter(|&ply| game.position_at(ply).unwrap().is_capture(moves[ply]))
            .count();
        assert!(captures > 0, "the game should capture something");

        let heading = "#5 · alice vs bob";
        let before: Vec<Scene> = (0..=moves.len())
            .map(|ply| {
                let position = game.position_at(ply).unwrap();
                let last = ply.checked_sub(1).map(|i| moves[i]);
                scene_of(&position, last, false, format!("{heading} · ply {ply}"))
            })
            .collect();
        assert_eq!(before.len(), 41);
        assert_eq!(replay_scenes(heading, &game, Voice::default()), before);
    }
}
