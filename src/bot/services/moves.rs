//! Storing and showing moves. A move is played on a copy of the game,
//! stored under the ply the game was loaded at (so two racing writers
//! cannot both move), then announced with the board after it.
//!
//! A stored move is always shown: the store remembers how many plies were
//! posted (`queue_mark_shown`: a post marks only the moves it showed, and
//! only once every move before them is marked), and when a post fails, or the process stops
//! between storing and posting, the missing moves are posted later, once.
//! When the bot's move is due after them, whoever makes it shows them first
//! ([`show_unshown`], from the job); otherwise the first sweep (of any
//! process) after the store's grace for the post takes them and shows them
//! ([`announce_late`]). The player whose move was stored is never told to
//! try it again.

use crate::i18n::Msg;
use crate::rules::{Color, GameStatus, IllegalMove, Move};
use crate::store::{self, GameId, GameRecord, GameResult, TimeControl};

use super::boards::{clock_faces, Boards};
use super::controls::board_controls;
use super::ctx::post;
use super::games::{load, player_seat, result_sentence, seat, store_error, LoadedGame};
use super::settings::{place_voice, server_settings, wants_turn_notices};
use super::state::Core;
use super::timing::{self, Phase};
use crate::bot::vocabulary::buttons::{Action, Button, Press, Style};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::{Attachment, Outbox, Reply};
use crate::bot::vocabulary::settings::keys;
use crate::bot::vocabulary::voice::Voice;

/// A move just stored: the game after it, who made it and the move in words.
pub struct PlayedMove {
    pub after: LoadedGame,
    pub mover: Color,
    pub words: String,
}

/// A move played on a copy of the game and not yet stored: the game after it
/// as the store will hold it (ply, and status and result when it ends the
/// game), so that its board can be drawn while the move is written.
pub struct Unstored {
    pub played: PlayedMove,
    /// The ply the game was loaded at, which the store checks.
    pub loaded_ply: u32,
    /// The game's result and the rules' reason, when the move ends it.
    pub ending: Option<(GameResult, &'static str)>,
}

/// The move just played in memory, in the store's notation.
pub fn last_move_iccs(played: &PlayedMove) -> String {
    played
        .after
        .game
        .moves()
        .last()
        .expect("a move was just played")
        .to_string()
}

/// Plays `mv` on a copy of `loaded`; refuses a move the rules do not allow.
/// `now` is the store's time of the move, which the clocks are read at
/// (the store's own write judges them again).
pub fn play_in_memory(
    loaded: &LoadedGame,
    mv: Move,
    now: store::UnixMillis,
    voice: Voice,
) -> BotResult<Unstored> {
    let mut record = loaded.record.clone();
    let mut game = loaded.game.clone();
    let mover = game.position().side_to_move();
    let words = voice.describe_move(game.position(), mv);
    game.play(mv).map_err(|err| match err {
        IllegalMove::Illegal { reason, .. } => BotError::IllegalMove(reason),
        IllegalMove::GameOver { .. } => BotError::GameOver(loaded.id()),
    })?;
    let loaded_ply = record.ply;
    record.ply += 1;
    record.clocks = record
        .clocks
        .after_move(record.time_control, mover, record.ply, now)
        .map_err(|store::FlagFell| BotError::FlagFell(loaded.id()))?;
    record.last_activity_at = now;
    let ending = match game.status() {
        GameStatus::Over(outcome) => {
            let result = outcome.result;
            record.status = store::GameState::Finished;
            record.result = Some(result);
            Some((result, outcome.reason.as_str()))
        }
        GameStatus::Ongoing => None,
    };
    Ok(Unstored {
        played: PlayedMove {
            after: LoadedGame { record, game },
            mover,
            words,
        },
        loaded_ply,
        ending,
    })
}

/// Stores a move played in memory (see [`play_in_memory`]) under the ply
/// the game was loaded at, together with the game's end when the rules end
/// it. Returns the game as stored, built in memory rather than read back:
/// the store's write is the only round trip.
pub async fn persist(
    core: &Core,
    unstored: Unstored,
    by: &store::ActorId,
) -> BotResult<PlayedMove> {
    let Unstored {
        mut played,
        loaded_ply,
        ending,
    } = unstored;
    let iccs = last_move_iccs(&played);
    let record = &mut played.after.record;
    let id = record.id;
    match ending {
        Some((result, reason)) => {
            let storing = core
                .store
                .apply_final_move(id, loaded_ply, &iccs, by, result, reason);
            *record = timing::timed(Phase::Store, storing)
                .await
                .map_err(|e| store_error(e, id))?;
        }
        None => {
            let storing = core.store.apply_move(id, loaded_ply, &iccs, by);
            let stored = timing::timed(Phase::Store, storing)
                .await
                .map_err(|e| store_error(e, id))?;
            record.ply = stored.ply;
            record.last_activity_at = stored.played_at;
        }
    }
    Ok(played)
}

/// Stores a move played in memory while its board is drawn: the board is
/// ready when the write (an fsync) returns, and is posted only if it
/// succeeded.
pub async fn store_drawing_board(
    core: &Core,
    unstored: Unstored,
    by: &store::ActorId,
    voice: Voice,
) -> (BotResult<PlayedMove>, BotResult<Attachment>) {
    let after = &unstored.played.after;
    let drawing = core
        .boards
        .board(after, player_seat(after), voice.style, voice);
    tokio::join!(persist(core, unstored, by), drawing)
}

/// The board of a game after a move, from its player's seat.
pub fn board_after<'a>(
    boards: &'a Boards,
    game: &LoadedGame,
    voice: Voice,
) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + 'a {
    boards.board(game, player_seat(game), voice.style, voice)
}

/// Posts a stored move with the board after it.
pub async fn announce(
    core: &Core,
    played: &PlayedMove,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let board = board_after(&core.boards, &played.after, voice).await?;
    post_file(
        core,
        announcement(played, voice),
        &played.after,
        played.after.ply().saturating_sub(1),
        board,
        voice,
        outbox,
    )
    .await
}

/// [`announce`] under the game's lock, so that it is not overtaken by a
/// later move's message.
pub async fn announce_locked(
    core: &Core,
    played: &PlayedMove,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let lock = core.locks.game(played.after.id());
    let _held = lock.lock().await;
    announce(core, played, voice, outbox).await
}

/// Posts `text` with `board` in `game`'s place, with the game's controls
/// while it goes on, and records that the moves it shows (those after ply
/// `after`, up to the game's ply) are shown; the mark rises only when every
/// move before them was shown already (see
/// [`Store::queue_mark_shown`](crate::store::Store::queue_mark_shown)), so
/// a move whose own post failed stays owed. The record is queued, not waited for: the
/// game's lock is let go as soon as the post is out, and the game's later
/// writes from this process (its next move, a job given back) commit after
/// it. A failure to record it is logged: at worst the sweep shows the move
/// once more.
pub async fn post_file(
    core: &Core,
    text: String,
    game: &LoadedGame,
    after: u32,
    board: Attachment,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let mut reply = Reply::public(text).with_buttons(board_controls(core, game, voice));
    reply.files.push(board);
    if !game.record.is_live() {
        reply = reply.with_buttons(end_buttons(game.id(), voice));
    }
    let to_notify = turn_to_notify(core, game).await;
    if one_board(core, game).await {
        let next = game.record.participant(game.game.position().side_to_move());
        reply.in_place = Some(voice.say(Msg::TurnNotice {
            game: game.id().0,
            name: shown(&voice.name_of(next)).to_string(),
        }));
        reply.text.push('\n');
        reply.text.push_str(&voice.say(Msg::BoardMoves {
            moves: move_list(game),
        }));
    }
    if let Some(user) = to_notify {
        reply = reply.notifying([user]);
    }
    post(outbox, &game.place(), reply).await?;
    let id = game.id();
    match core.store.queue_mark_shown(id, after, game.ply()).await {
        Ok(recorded) => {
            tokio::spawn(async move {
                if let Err(err) = recorded.await {
                    tracing::warn!(game = id.0, error = %err, "could not record a move as shown");
                }
            });
        }
        Err(err) => {
            tracing::warn!(game = id.0, error = %err, "could not record a move as shown")
        }
    }
    if !game.record.is_live() {
        core.ended.push(game.record.id);
    }
    Ok(())
}

/// Whether a live game's board is shown by editing one message (the
/// server's `one-board`); off in direct messages and where the server's
/// settings cannot be read.
async fn one_board(core: &Core, game: &LoadedGame) -> bool {
    let Some(guild) = game.record.location.guild_id.as_deref() else {
        return false;
    };
    game.record.is_live()
        && server_settings(&core.store, guild)
            .await
            .on_off(keys::ONE_BOARD)
            .unwrap_or(false)
}

/// The most characters of a one-board message's move list: a long game
/// shows its latest moves, so the message stays within Discord's 2,000.
const MOVE_LIST_CHARS: usize = 1200;

/// The game's moves in ICCS, numbered by move ("1. h2e2 h9g7 2. …"); a
/// long game's list starts with "…" at a move number.
fn move_list(game: &LoadedGame) -> String {
    let mut numbered: Vec<String> = Vec::new();
    for (index, mv) in game.game.moves().iter().enumerate() {
        if index % 2 == 0 {
            numbered.push(format!("{}. {mv}", index / 2 + 1));
        } else if let Some(last) = numbered.last_mut() {
            last.push(' ');
            last.push_str(&mv.to_string());
        }
    }
    let mut shown_from = 0;
    let mut total: usize = numbered.iter().map(|m| m.len() + 1).sum();
    while total > MOVE_LIST_CHARS && shown_from + 1 < numbered.len() {
        total -= numbered[shown_from].len() + 1;
        shown_from += 1;
    }
    let list = numbered[shown_from..].join(" ");
    if shown_from > 0 {
        format!("… {list}")
    } else {
        list
    }
}

/// The person a game's latest board hands the move to, when it should
/// notify them: only between people (against the bot the player is answered
/// where they just typed), and unless they turned it off (`settings
/// notify off`).
async fn turn_to_notify(core: &Core, game: &LoadedGame) -> Option<String> {
    let record = &game.record;
    if !record.is_live() || record.red.bot_level().is_some() || record.black.bot_level().is_some() {
        return None;
    }
    let next = record
        .participant(game.game.position().side_to_move())
        .user_id()?;
    wants_turn_notices(&core.store, next)
        .await
        .then(|| next.to_owned())
}

/// Posts `text` with game `id`'s current board in the game's place; it
/// names no move, so it marks none as shown.
pub async fn post_with_board(
    core: &Core,
    id: GameId,
    text: String,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let loaded = load(&core.store, id).await?;
    let board = board_after(&core.boards, &loaded, voice).await?;
    post_file(core, text, &loaded, loaded.ply(), board, voice, outbox).await
}

/// Shows every game's stored moves that were never posted (see the
/// module's comment). Each game on its own: one that fails is logged
/// and tried again at the next sweep.
pub async fn announce_all_late(core: &Core, outbox: &dyn Outbox) -> BotResult<()> {
    let games = core
        .store
        .games_unannounced()
        .await
        .map_err(BotError::internal)?;
    for id in games {
        if let Err(err) = announce_late(core, id, outbox).await {
            tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not show stored moves; trying again at the next sweep");
        }
    }
    Ok(())
}

/// Posts the moves of game `id` never shown, in one message with the
/// board after the last, when this process takes them from the store
/// (they are late, and no other process is showing them).
async fn announce_late(core: &Core, id: GameId, outbox: &dyn Outbox) -> BotResult<()> {
    let lock = core.locks.game(id);
    let _held = lock.lock().await;
    let loaded = load(&core.store, id).await?;
    if loaded.record.announced_ply >= loaded.ply() {
        return Ok(());
    }
    let taken = core.store.take_late_announcement(id).await;
    if !taken.map_err(|e| store_error(e, id))? {
        return Ok(());
    }
    let voice = place_voice(core, loaded.record.location.guild_id.as_deref(), outbox).await;
    show_unshown(core, &loaded, voice, outbox).await
}

/// Posts `loaded`'s moves after its announced ply, in one message with
/// the board after the last. The caller holds the game's lock, and is
/// the one process to show them: the sweep that took them, or the
/// process that holds the bot's move due after them.
pub async fn show_unshown(
    core: &Core,
    loaded: &LoadedGame,
    voice: Voice,
    outbox: &dyn Outbox,
) -> BotResult<()> {
    let moves = loaded.game.moves();
    let mut text = voice.say(Msg::ShownLate {
        game: loaded.id().0,
    });
    let mut mover = Color::Red;
    let shown = loaded.record.announced_ply as usize;
    for (index, &mv) in moves.iter().enumerate().skip(shown) {
        let Some(before) = loaded.game.position_at(index) else {
            break;
        };
        mover = before.side_to_move();
        text.push(' ');
        text.push_str(&voice.say(Msg::MoveMade {
            seat: seat(&loaded.record, mover, voice),
            mv: voice.describe_move(&before, mv),
        }));
    }
    let board = board_after(&core.boards, loaded, voice).await?;
    text.push_str(&whats_next_in(loaded, mover, voice));
    post_file(
        core,
        text,
        loaded,
        loaded.record.announced_ply,
        board,
        voice,
        outbox,
    )
    .await
}

/// What a player whose move was stored hears when showing it failed: that it
/// is stored and will be shown, never "try again"; the cause is logged.
pub fn stored_not_shown(game: GameId, err: BotError) -> BotError {
    match err {
        BotError::Internal(cause) => {
            tracing::warn!(
                game = game.0,
                error = format!("{cause:#}"),
                "a stored move could not be shown yet"
            );
            BotError::StoredNotShown(game)
        }
        // Said to the player as it is (the bot's move went stale, ...):
        // none of these asks them to move again.
        other => other,
    }
}

/// "#12 · alice (Red): h2e2 (C2=5, 炮二平五). bob, your move."
pub fn announcement(played: &PlayedMove, voice: Voice) -> String {
    format!(
        "#{} · {}{}",
        played.after.id().0,
        move_words(played, voice),
        whats_next(played, voice)
    )
}

/// "alice (Red): h2e2 (C2=5, 炮二平五)." and the check it gives.
pub fn move_words(played: &PlayedMove, voice: Voice) -> String {
    let after = &played.after;
    let seat = seat(&after.record, played.mover, voice);
    let mv = played.words.clone();
    voice.say(if !after.game.position().in_check() {
        Msg::MoveMade { seat, mv }
    } else if after.record.is_live() {
        Msg::MoveMadeCheck { seat, mv }
    } else {
        Msg::MoveMadeMate { seat, mv }
    })
}

/// After a move: the game's result, or whose move it is when a person is.
pub fn whats_next(played: &PlayedMove, voice: Voice) -> String {
    whats_next_in(&played.after, played.mover, voice)
}

/// [`whats_next`] in `game` after a move by `mover`.
fn whats_next_in(game: &LoadedGame, mover: Color, voice: Voice) -> String {
    let record = &game.record;
    if !record.is_live() {
        let result = result_sentence(record, voice);
        return format!(
            "\n{}\n{}",
            voice.say(Msg::GameOverLine { result }),
            review_offer(game.id(), voice)
        );
    }
    let next = record.participant(mover.opponent());
    let mut text = match next.bot_level() {
        None => format!(
            " {}",
            voice.say(Msg::YourMove {
                name: shown(&voice.name_of(next)).to_string()
            })
        ),
        Some(_) => String::new(),
    };
    if let Some(clocks) = clocks_line(record, mover.opponent(), voice) {
        text.push('\n');
        text.push_str(&clocks);
    }
    text
}

/// The clocks as a line of text, as they stand at the game's last move
/// (its activity time), when the game has a clock.
pub fn clocks_line(record: &GameRecord, to_move: Color, voice: Voice) -> Option<String> {
    let at = record.last_activity_at;
    match record.time_control {
        TimeControl::Untimed => None,
        TimeControl::Live { .. } => {
            let [red_clock, black_clock] = clock_faces(record, to_move, at);
            Some(voice.say(Msg::ClocksLine {
                red: shown(&voice.name_of(&record.red)).to_string(),
                red_clock,
                black_clock,
                black: shown(&voice.name_of(&record.black)).to_string(),
            }))
        }
        TimeControl::Correspondence { .. } => {
            let left = record.clocks.left(to_move, to_move, at)?;
            Some(voice.say(Msg::ClockDaysLine {
                seat: seat(record, to_move, voice),
                left: voice.duration(std::time::Duration::from_millis(left.unsigned_abs())),
            }))
        }
    }
}

/// The line that offers a finished game's review and rematch, which its
/// buttons ([`end_buttons`]) do.
pub fn review_offer(game: GameId, voice: Voice) -> String {
    voice.say(Msg::ReviewOffer { game: game.0 })
}

/// The buttons of the message that says a game is over: Review (anyone)
/// and Rematch (its players). A finished game has nothing else to press.
pub fn end_buttons(game: GameId, voice: Voice) -> [Button; 2] {
    let button = |action, label, style| {
        let press = Press {
            action,
            target: game.0,
            ply: 0,
        };
        press.button(voice, label, style)
    };
    [
        button(Action::Review, Msg::ButtonReview, Style::Secondary),
        button(Action::Rematch, Msg::ButtonRematch, Style::Primary),
    ]
}
