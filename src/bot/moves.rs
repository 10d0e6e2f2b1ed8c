//! Playing a game: `move` (or a bare move), the bot's answer, `resign`, `draw`,
//! `takeback` and `hint`, and the idle sweep that ends abandoned games.
//!
//! A move is checked against the game replayed from the store, stored under
//! the game's ply (so two racing writers cannot both move), then announced with
//! the board. When the bot is to move next, its search runs without holding the
//! game's lock and its move is stored only if the game has not changed
//! meanwhile; a quick answer goes out in the same message as the player's
//! move, with one board after both.
//!
//! A stored move is always shown: the store remembers how many plies were
//! posted (`mark_announced`), and when a post fails, or the process stops
//! between storing and posting, the missing moves are posted later, once.
//! When the bot's move is due after them, whoever makes it shows them first
//! ([`Bot::show_unshown`], from the job); otherwise the first sweep (of any
//! process) after the store's grace for the post takes them and shows them
//! ([`Bot::announce_late`]). The player whose move was stored is never told
//! to try it again.
//!
//! The bot answers a draw offer by its own evaluation: a quick search of the
//! position (the engine's advice, the same as a hint's, whatever the level).
//! It accepts when it thinks itself worse by at least half a pawn, or when
//! the game is long (60 plies or more) and the position level (within 0.2
//! pawn); otherwise it declines. So an early offer
//! in an even position is declined: a draw against a strong level is earned.

use tokio::sync::OwnedMutexGuard;

use crate::rules::notation;
use crate::rules::{Color, GameStatus, IllegalMove, Move};
use crate::store::{self, GameId, GameResult, OfferAnswer, OfferKind, StoreError};

use super::error::{BotError, BotResult};
use super::games::{
    against_bot, result_sentence, seat, side_of, store_actor, store_error, LoadedGame,
};
use super::jobs::ClaimedAnswer;
use super::markup::shown;
use super::reply::{is_place_gone, Attachment, Outbox, Reply};
use super::review::review_offer;
use super::think::Slot;
use super::timing::{self, Phase};
use super::voice::Voice;
use super::{post, Bot, Request};
use crate::i18n::Msg;

impl Bot {
    pub(super) async fn make_move(
        &self,
        request: &Request,
        text: &str,
        bare: bool,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        // A live game here takes the move; else the user's open puzzle here
        // (see `docs/puzzles.md`, "Routing a move").
        let record = if bare {
            self.game_for_bare_move(request).await?
        } else {
            self.game_here(&request.actor, &request.place).await?
        };
        let Some(record) = record else {
            if self.puzzle_move(request, text, voice, outbox).await? || bare {
                // Played in the puzzle, or chat that looks like a move
                // where nothing is played.
                return Ok(());
            }
            return Err(BotError::NoGameHere);
        };
        let id = record.id;
        timing::set_game(id.0);
        let (played, answer) = {
            let lock = self.game_lock(id.0);
            let _held = lock.lock().await;
            let loaded = self.load(id).await?;
            let color = self.check_turn(&loaded, request)?;
            let mv =
                notation::parse_move_preferring(loaded.game.position(), text, Some(voice.notation))
                    .map_err(BotError::BadMove)?
                    .mv;
            tracing::debug!(game = id.0, %mv, side = %color, "player move");
            let by = store_actor(&request.actor);
            let unstored = play_in_memory(&loaded, mv, voice)?;
            if unstored.played.after.record.awaits_bot() {
                self.persist_claiming_answer(unstored, &by).await?
            } else {
                // Between people, or the move ended the game: say it now.
                let (played, board) = self.store_drawing_board(unstored, &by, voice).await;
                let played = played?;
                let posted = match board {
                    Ok(board) => {
                        let text = announcement(&played, voice);
                        self.post_file(text, &played.after, board, outbox).await
                    }
                    Err(err) => Err(err),
                };
                return posted.map_err(|err| stored_not_shown(id.0, err));
            }
        };
        self.answer_player(played, answer, voice, outbox)
            .await
            .map_err(|err| stored_not_shown(id.0, err))
    }

    /// The bot answers a player's move (stored, not yet announced), with the
    /// job of its answer when the move's write claimed it. The game
    /// as just stored is the search's starting point: nothing is reloaded,
    /// and the store's ply check refuses the bot's move if the game changed
    /// while it thought. When the bot answers within [`ONE_MESSAGE_WITHIN`],
    /// both moves go out as one message with one board; a longer search
    /// shows the player's move first, then the bot's when it comes.
    async fn answer_player(
        &self,
        player: PlayedMove,
        answer: Option<ClaimedAnswer>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let held = match answer {
            Some(ClaimedAnswer::Held(held)) => held,
            parked_or_none => {
                // No search slot free here (or another process has the job):
                // the player's move now, then the job goes to whichever
                // worker has a slot, so the answer cannot come first.
                let announcing = self.announce_locked(&player, voice, outbox);
                let shown = self.holding(parked_or_none.as_ref(), announcing).await;
                if let Some(parked) = parked_or_none {
                    self.give_back(parked).await;
                }
                return shown;
            }
        };
        let thinking = self.think_held(held, &player.after);
        tokio::pin!(thinking);
        let quick = tokio::select! {
            answer = &mut thinking => Some(answer),
            () = tokio::time::sleep(ONE_MESSAGE_WITHIN) => None,
        };
        let Some((claim, answer)) = quick else {
            let shown = self.announce_locked(&player, voice, outbox).await;
            let (claim, answer) = thinking.await;
            let made = self
                .make_thought_move(&player.after, answer, None, voice, outbox)
                .await;
            self.settle(claim, &made).await;
            return shown.and(made.map(drop));
        };
        let made = self
            .make_thought_move(&player.after, answer, Some(&player), voice, outbox)
            .await;
        self.settle(claim, &made).await;
        made.map(drop)
    }

    /// Stores and posts the bot's move searched on `snapshot` (`answer`),
    /// after `player`'s move when that is still to be shown; when there is no
    /// move to store, shows the player's move alone. `Ok(true)` when the job
    /// is done: the move stored, or the game changed meanwhile (the store
    /// refused the move and dropped the job).
    pub(super) async fn make_thought_move(
        &self,
        snapshot: &LoadedGame,
        answer: BotResult<Option<Move>>,
        player: Option<&PlayedMove>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<bool> {
        let mv = match answer {
            Ok(Some(mv)) => mv,
            Ok(None) | Err(_) => {
                if let Some(player) = player {
                    self.announce_locked(player, voice, outbox).await?;
                }
                return answer.map(|_| false);
            }
        };
        self.store_bot_move(snapshot, mv, player, voice, outbox)
            .await?;
        Ok(true)
    }

    /// The side the requester plays, when it is their move in a live game.
    fn check_turn(&self, loaded: &LoadedGame, request: &Request) -> BotResult<Color> {
        if !loaded.record.is_live() {
            return Err(BotError::GameOver(loaded.id()));
        }
        let Some(color) = side_of(&loaded.record, &request.actor) else {
            return Err(self.not_a_player(&loaded.record));
        };
        if loaded.game.position().side_to_move() != color {
            return Err(if against_bot(&loaded.record, color).is_some() {
                BotError::BotThinking(loaded.id())
            } else {
                BotError::NotYourTurn(loaded.id())
            });
        }
        Ok(color)
    }

    /// Stores a move played in memory (see [`play_in_memory`]) under the ply
    /// the game was loaded at, together with the game's end when the rules end
    /// it. Returns the game as stored, built in memory rather than read back:
    /// the store's write is the only round trip.
    async fn persist(&self, unstored: Unstored, by: &store::ActorId) -> BotResult<PlayedMove> {
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
                let storing = self
                    .store
                    .apply_final_move(id, loaded_ply, &iccs, by, result, reason);
                *record = timing::timed(Phase::Store, storing)
                    .await
                    .map_err(|e| store_error(e, id.0))?;
            }
            None => {
                let storing = self.store.apply_move(id, loaded_ply, &iccs, by);
                let stored = timing::timed(Phase::Store, storing)
                    .await
                    .map_err(|e| store_error(e, id.0))?;
                record.ply = stored.ply;
                record.last_activity_at = stored.played_at;
            }
        }
        Ok(played)
    }

    /// Stores a player's move that the bot is to answer and, in the same
    /// write, claims the answer's job, so that no other process's worker
    /// takes it in between: held, to think on at once, when a search slot
    /// is free here (the quick answer can then go out with the move); only
    /// parked until the move is posted when none is.
    async fn persist_claiming_answer(
        &self,
        unstored: Unstored,
        by: &store::ActorId,
    ) -> BotResult<(PlayedMove, Option<ClaimedAnswer>)> {
        let reserved = self.reserve_job_slot();
        let Unstored {
            mut played,
            loaded_ply,
            ending,
        } = unstored;
        debug_assert!(ending.is_none(), "a game the bot is to move in is live");
        let id = played.after.id();
        let iccs = last_move_iccs(&played);
        let storing = self.store.apply_move_claiming_answer(
            GameId(id),
            loaded_ply,
            &iccs,
            by,
            self.job_owner(),
            self.job_lease(),
        );
        let (stored, job) = timing::timed(Phase::Store, storing)
            .await
            .map_err(|e| store_error(e, id))?;
        let record = &mut played.after.record;
        record.ply = stored.ply;
        record.last_activity_at = stored.played_at;
        Ok((played, self.answer_claimed(reserved, job)))
    }

    /// Stores a move played in memory while its board is drawn: the board is
    /// ready when the write (an fsync) returns, and is posted only if it
    /// succeeded.
    async fn store_drawing_board(
        &self,
        unstored: Unstored,
        by: &store::ActorId,
        voice: Voice,
    ) -> (BotResult<PlayedMove>, BotResult<Attachment>) {
        let after = &unstored.played.after;
        let drawing = self.board_file(after, self.player_seat(after), voice);
        tokio::join!(self.persist(unstored, by), drawing)
    }

    /// Posts a stored move with the board after it.
    async fn announce(
        &self,
        played: &PlayedMove,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let board = self
            .board_file(&played.after, self.player_seat(&played.after), voice)
            .await?;
        self.post_file(announcement(played, voice), &played.after, board, outbox)
            .await
    }

    /// [`Bot::announce`] under the game's lock, so that it is not overtaken
    /// by a later move's message.
    async fn announce_locked(
        &self,
        played: &PlayedMove,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let lock = self.game_lock(played.after.id());
        let _held = lock.lock().await;
        self.announce(played, voice, outbox).await
    }

    /// Posts `text` with `board` in `game`'s place, and records that the
    /// game's moves so far are shown. A failure to record that is logged: at
    /// worst the sweep shows the move once more.
    async fn post_file(
        &self,
        text: String,
        game: &LoadedGame,
        board: Attachment,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &game.place(), reply).await?;
        if let Err(err) = self.store.mark_announced(game.record.id, game.ply()).await {
            tracing::warn!(game = game.id(), error = %err, "could not record a move as shown");
        }
        if !game.record.is_live() {
            self.game_ended(game.record.id);
        }
        Ok(())
    }

    /// Shows every game's stored moves that were never posted (see the
    /// module's comment). Each game on its own: one that fails is logged
    /// and tried again at the next sweep.
    pub(super) async fn announce_all_late(&self, outbox: &dyn Outbox) -> BotResult<()> {
        let games = self
            .store
            .games_unannounced()
            .await
            .map_err(BotError::internal)?;
        for id in games {
            if let Err(err) = self.announce_late(id, outbox).await {
                tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not show stored moves; trying again at the next sweep");
            }
        }
        Ok(())
    }

    /// Posts the moves of game `id` never shown, in one message with the
    /// board after the last, when this process takes them from the store
    /// (they are late, and no other process is showing them).
    async fn announce_late(&self, id: GameId, outbox: &dyn Outbox) -> BotResult<()> {
        let lock = self.game_lock(id.0);
        let _held = lock.lock().await;
        let loaded = self.load(id).await?;
        if loaded.record.announced_ply >= loaded.ply() {
            return Ok(());
        }
        let taken = self.store.take_late_announcement(id).await;
        if !taken.map_err(|e| store_error(e, id.0))? {
            return Ok(());
        }
        let voice = self
            .place_voice(loaded.record.location.guild_id.as_deref())
            .await;
        self.show_unshown(&loaded, voice, outbox).await
    }

    /// Posts `loaded`'s moves after its announced ply, in one message with
    /// the board after the last. The caller holds the game's lock, and is
    /// the one process to show them: the sweep that took them, or the
    /// process that holds the bot's move due after them.
    pub(super) async fn show_unshown(
        &self,
        loaded: &LoadedGame,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let moves = loaded.game.moves();
        let mut text = voice.say(Msg::ShownLate { game: loaded.id() });
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
        let board = self
            .board_file(loaded, self.player_seat(loaded), voice)
            .await?;
        text.push_str(&whats_next_in(loaded, mover, voice));
        self.post_file(text, loaded, board, outbox).await
    }

    /// Whether a game's board is shown from Black's seat: the bot's opponent
    /// always sees their own side; between people, the side to move does.
    fn player_seat(&self, loaded: &LoadedGame) -> bool {
        match (
            loaded.record.red.bot_level(),
            loaded.record.black.bot_level(),
        ) {
            (Some(_), _) => true,
            (_, Some(_)) => false,
            _ => loaded.game.position().side_to_move() == Color::Black,
        }
    }

    /// The bot's move in `snapshot`, searched in `slot` without holding the
    /// game (the position is copied first). `None` when the bot has no move
    /// to make.
    pub(super) fn think(
        &self,
        slot: Slot,
        snapshot: &LoadedGame,
    ) -> impl std::future::Future<Output = BotResult<Option<Move>>> + Send + '_ {
        let id = snapshot.id();
        let to_move = snapshot.game.position().side_to_move();
        let level = snapshot.record.participant(to_move).bot_level();
        let seed = (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(snapshot.ply());
        let start = snapshot.game.start().clone();
        let moves = snapshot.game.moves().to_vec();
        async move {
            let Some(level) = level else {
                return Ok(None);
            };
            let result = self
                .engine
                .play(slot, &start, &moves, level.get(), seed)
                .await?;
            match result.best_move {
                Some(mv) => {
                    tracing::debug!(game = id, %mv, score = result.score.0, depth = result.depth, "bot move");
                    Ok(Some(mv))
                }
                None => {
                    // No legal move means the rules already ended the game.
                    tracing::warn!(game = id, "the bot has no move in a live game");
                    Ok(None)
                }
            }
        }
    }

    /// Stores the bot's `mv` in `snapshot` under the snapshot's ply and posts
    /// it, after `player`'s move when that is still to be shown (one message,
    /// one board). If the game changed while the bot thought (resigned,
    /// abandoned, answered by another turn) the store refuses the move: the
    /// bot says nothing of it, and only the player's move is shown.
    async fn store_bot_move(
        &self,
        snapshot: &LoadedGame,
        mv: Move,
        player: Option<&PlayedMove>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let lock = self.game_lock(snapshot.id());
        let _held = lock.lock().await;
        let unstored = play_in_memory(snapshot, mv, voice)?;
        let (stored, board) = self
            .store_drawing_board(unstored, &store::ActorId::Bot, voice)
            .await;
        let bot = match stored {
            Ok(bot) => bot,
            Err(BotError::Stale(_) | BotError::GameOver(_)) => {
                return match player {
                    Some(player) => self.announce(player, voice, outbox).await,
                    None => Ok(()),
                };
            }
            Err(other) => return Err(other),
        };
        let text = match player {
            Some(player) => format!(
                "#{} · {} {}{}",
                bot.after.id(),
                move_words(player, voice),
                move_words(&bot, voice),
                whats_next(&bot, voice)
            ),
            None => announcement(&bot, voice),
        };
        self.post_file(text, &bot.after, board?, outbox).await
    }

    /// The requester's live game here, held against every other change to
    /// it until the guard drops, with the side they play: where resigning,
    /// offering a draw and taking back start.
    async fn my_game_to_change(
        &self,
        request: &Request,
    ) -> BotResult<(OwnedMutexGuard<()>, LoadedGame, Color)> {
        let record = self.my_game(request).await?;
        let held = self.game_lock(record.id.0).lock_owned().await;
        let loaded = self.load(record.id).await?;
        if !loaded.record.is_live() {
            return Err(BotError::GameOver(loaded.id()));
        }
        let Some(color) = side_of(&loaded.record, &request.actor) else {
            return Err(self.not_a_player(&loaded.record));
        };
        Ok((held, loaded, color))
    }

    pub(super) async fn resign(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (_held, loaded, color) = self.my_game_to_change(request).await?;
        self.store
            .finish_game(
                loaded.record.id,
                GameResult::win_for(color.opponent()),
                "resignation",
            )
            .await
            .map_err(|e| store_error(e, loaded.id()))?;
        let after = self.load(loaded.record.id).await?;
        let text = format!(
            "{}\n{}",
            voice.say(Msg::Resigns {
                game: after.id(),
                seat: seat(&after.record, color, voice),
                result: result_sentence(&after.record, voice),
            }),
            review_offer(after.id(), voice)
        );
        self.game_ended(after.record.id);
        let board = self
            .board_file(&after, color == Color::Black, voice)
            .await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &after.place(), reply).await
    }

    pub(super) async fn draw(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (_held, loaded, color) = self.my_game_to_change(request).await?;
        let me = store_actor(&request.actor);
        let place = loaded.place();
        if against_bot(&loaded.record, color).is_some() {
            if loaded.game.position().side_to_move() != color {
                return Err(BotError::BotThinking(loaded.id()));
            }
            let advice = self
                .engine
                .advise(loaded.game.start(), loaded.game.moves(), &request.actor.id)
                .await?;
            // The score is the side to move's, the player's: the bot's is its negation.
            if !bot_takes_draw(-advice.score.0, loaded.ply()) {
                let text = voice.say(Msg::BotDeclinesDraw { game: loaded.id() });
                return post(outbox, &place, Reply::public(text)).await;
            }
            self.store
                .finish_game(loaded.record.id, GameResult::Draw, "agreement")
                .await
                .map_err(|e| store_error(e, loaded.id()))?;
            let text = format!(
                "{}\n{}",
                voice.say(Msg::BotAcceptsDraw { game: loaded.id() }),
                review_offer(loaded.id(), voice)
            );
            self.game_ended(loaded.record.id);
            return post(outbox, &place, Reply::public(text)).await;
        }
        match self
            .pending_offer(loaded.record.id, OfferKind::Draw)
            .await?
        {
            Some(offer) if offer.by == color => Err(BotError::AlreadyAsked("draw")),
            Some(_) => {
                let answer = self
                    .store
                    .answer_offer(loaded.record.id, OfferKind::Draw, &me, true)
                    .await
                    .map_err(|e| store_error(e, loaded.id()))?;
                let text = match answer {
                    OfferAnswer::DrawAgreed(record) => {
                        self.game_ended(record.id);
                        format!(
                            "{}\n{}",
                            voice.say(Msg::DrawAgreed {
                                game: record.id.0,
                                result: result_sentence(&record, voice),
                            }),
                            review_offer(record.id.0, voice)
                        )
                    }
                    _ => voice.say(Msg::DrawOfferGone { game: loaded.id() }),
                };
                post(outbox, &place, Reply::public(text)).await
            }
            None => {
                self.store
                    .make_offer(loaded.record.id, OfferKind::Draw, &me)
                    .await
                    .map_err(|e| store_error(e, loaded.id()))?;
                let opponent = voice.name_of(loaded.record.participant(color.opponent()));
                let opponent = shown(&opponent).to_string();
                let text = voice.say(Msg::DrawOffered {
                    game: loaded.id(),
                    name: shown(&request.actor.name).to_string(),
                    opponent,
                });
                post(outbox, &place, Reply::public(text)).await
            }
        }
    }

    pub(super) async fn takeback(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (_held, loaded, color) = self.my_game_to_change(request).await?;
        let to_move = loaded.game.position().side_to_move();
        // How many plies go back so that the asker is to move again: their own
        // last move, plus the opponent's answer if there was one.
        let plies: u32 = if to_move == color { 2 } else { 1 };
        let nothing_to_take_back = loaded.ply() < plies;
        let me = store_actor(&request.actor);
        if against_bot(&loaded.record, color).is_some() {
            if to_move != color {
                return Err(BotError::BotThinking(loaded.id()));
            }
            if nothing_to_take_back {
                return Err(BotError::NothingToTakeBack(loaded.id()));
            }
            self.store
                .take_back(loaded.record.id, loaded.ply(), plies)
                .await
                .map_err(|e| store_error(e, loaded.id()))?;
            let moves = loaded.game.moves();
            let text = voice.say(Msg::TookBackAgainstBot {
                game: loaded.id(),
                yours: moves[moves.len() - 2].to_string(),
                bots: moves[moves.len() - 1].to_string(),
            });
            return self
                .post_with_board(loaded.record.id, text, voice, outbox)
                .await;
        }
        match self
            .pending_offer(loaded.record.id, OfferKind::Takeback)
            .await?
        {
            Some(offer) if offer.by == color => Err(BotError::AlreadyAsked("takeback")),
            Some(_) => {
                let answer = self
                    .store
                    .answer_offer(loaded.record.id, OfferKind::Takeback, &me, true)
                    .await
                    .map_err(|e| store_error(e, loaded.id()))?;
                let removed = match answer {
                    OfferAnswer::TakenBack { removed, .. } => removed
                        .iter()
                        .map(|m| m.iccs.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    _ => return Err(BotError::NothingToTakeBack(loaded.id())),
                };
                let text = voice.say(Msg::TakebackAgreed {
                    game: loaded.id(),
                    name: shown(&request.actor.name).to_string(),
                    moves: removed,
                });
                self.post_with_board(loaded.record.id, text, voice, outbox)
                    .await
            }
            None if nothing_to_take_back => Err(BotError::NothingToTakeBack(loaded.id())),
            None => {
                self.store
                    .make_offer(loaded.record.id, OfferKind::Takeback, &me)
                    .await
                    .map_err(|e| match e {
                        StoreError::NothingToTakeBack { .. } => {
                            BotError::NothingToTakeBack(loaded.id())
                        }
                        other => store_error(other, loaded.id()),
                    })?;
                let opponent = voice.name_of(loaded.record.participant(color.opponent()));
                let opponent = shown(&opponent).to_string();
                let text = voice.say(Msg::TakebackAsked {
                    game: loaded.id(),
                    name: shown(&request.actor.name).to_string(),
                    opponent,
                });
                post(outbox, &loaded.place(), Reply::public(text)).await
            }
        }
    }

    /// Posts `text` with the game's current board in the game's place.
    /// The open offer of `kind` in `game`, if one is pending.
    async fn pending_offer(
        &self,
        game: GameId,
        kind: OfferKind,
    ) -> BotResult<Option<store::OfferRecord>> {
        let pending = self
            .store
            .pending_offers(game)
            .await
            .map_err(BotError::internal)?;
        Ok(pending.into_iter().find(|o| o.kind == kind))
    }

    async fn post_with_board(
        &self,
        id: GameId,
        text: String,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load(id).await?;
        let board = self
            .board_file(&loaded, self.player_seat(&loaded), voice)
            .await?;
        self.post_file(text, &loaded, board, outbox).await
    }

    pub(super) async fn hint(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        if !self.config.hints {
            return Err(BotError::HintsDisabled);
        }
        let record = self.my_game(request).await?;
        let loaded = self.load(record.id).await?;
        let color = self.check_turn(&loaded, request)?;
        if against_bot(&loaded.record, color).is_none() {
            return Err(BotError::HintsAgainstPeople);
        }
        let advice = self
            .engine
            .advise(loaded.game.start(), loaded.game.moves(), &request.actor.id)
            .await?;
        let Some(mv) = advice.best_move else {
            return Err(BotError::GameOver(loaded.id()));
        };
        let text = voice.say(Msg::Hint {
            game: loaded.id(),
            mv: voice.describe_move(loaded.game.position(), mv),
        });
        post(outbox, &request.place, Reply::private(text)).await
    }

    /// Announces and retires expired challenges, and ends games with no move
    /// for the idle timeout as a loss for the side to move (the bot, whose
    /// turn never idles, is asked to move instead). Each challenge and game is
    /// handled on its own: one that fails (a post refused, a write that
    /// failed) is logged and left for the next sweep, and the others go on.
    pub(super) async fn sweep(&self, outbox: &dyn Outbox) -> BotResult<()> {
        self.announce_all_late(outbox).await?;
        let expired = self
            .store
            .expired_challenges()
            .await
            .map_err(BotError::internal)?;
        for challenge in expired {
            if let Err(err) = self.retire_challenge(&challenge, outbox).await {
                tracing::warn!(challenge = challenge.id.0, error = %format!("{err:#}"), "could not announce an expired challenge; trying again at the next sweep");
            }
        }
        let idle = self
            .store
            .idle_games(self.config.idle_timeout)
            .await
            .map_err(BotError::internal)?;
        for record in idle {
            let id = record.id;
            if let Err(err) = self.end_idle_game(record, outbox).await {
                tracing::warn!(game = id.0, error = %format!("{err:#}"), "could not end an idle game; trying again at the next sweep");
            }
        }
        Ok(())
    }

    /// Says where a challenge was made that it expired, then marks it
    /// expired: only once the notice is posted, or its place is gone.
    async fn retire_challenge(
        &self,
        challenge: &store::ChallengeRecord,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let place = super::Place {
            guild: challenge.location.guild_id.clone(),
            channel: challenge.location.channel_id.clone(),
            thread: challenge.location.thread_id.clone(),
        };
        let voice = self.place_voice(place.guild.as_deref()).await;
        let to = match &challenge.to {
            store::ChallengeTarget::User(user) => shown(&user.display_name).to_string(),
            store::ChallengeTarget::Bot(_) => voice.say(Msg::TargetBot),
            store::ChallengeTarget::Anyone => voice.say(Msg::TargetAnyone),
        };
        let text = voice.say(Msg::ChallengeExpiredNotice {
            from: shown(&challenge.from.display_name).to_string(),
            to,
        });
        match outbox.post(&place, Reply::public(text)).await {
            Ok(()) => {}
            Err(err) if is_place_gone(&err) => {
                tracing::info!(
                    challenge = challenge.id.0,
                    "an expired challenge's place is gone: {err:#}"
                );
            }
            Err(err) => return Err(BotError::internal(err)),
        }
        self.store
            .retire_expired_challenge(challenge.id)
            .await
            .map_err(BotError::internal)?;
        Ok(())
    }

    /// Ends one game found idle, unless it moved meanwhile.
    async fn end_idle_game(&self, record: store::GameRecord, outbox: &dyn Outbox) -> BotResult<()> {
        let voice = self.place_voice(record.location.guild_id.as_deref()).await;
        if record.awaits_bot() {
            return self.move_now_or_later(record.id, voice, outbox).await;
        }
        let lock = self.game_lock(record.id.0);
        let _held = lock.lock().await;
        let loaded = self.load(record.id).await?;
        if !loaded.record.is_live() || loaded.record.last_activity_at != record.last_activity_at {
            return Ok(());
        }
        let loser = loaded.game.position().side_to_move();
        self.store
            .finish_game(
                record.id,
                GameResult::win_for(loser.opponent()),
                "abandonment",
            )
            .await
            .map_err(|e| store_error(e, record.id.0))?;
        let after = self.load(record.id).await?;
        let text = format!(
            "{}\n{}",
            voice.say(Msg::IdleLost {
                game: after.id(),
                idle: voice.duration(self.config.idle_timeout),
                seat: seat(&after.record, loser, voice),
                result: result_sentence(&after.record, voice),
            }),
            review_offer(after.id(), voice)
        );
        self.game_ended(after.record.id);
        post(outbox, &after.place(), Reply::public(text)).await
    }
}

/// What a player whose move was stored hears when showing it failed: that it
/// is stored and will be shown, never "try again"; the cause is logged.
fn stored_not_shown(game: i64, err: BotError) -> BotError {
    match err {
        BotError::Internal(cause) => {
            tracing::warn!(
                game,
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

/// A move just stored: the game after it, who made it and the move in words.
pub(super) struct PlayedMove {
    after: LoadedGame,
    mover: Color,
    words: String,
}

/// A move played on a copy of the game and not yet stored: the game after it
/// as the store will hold it (ply, and status and result when it ends the
/// game), so that its board can be drawn while the move is written.
struct Unstored {
    played: PlayedMove,
    /// The ply the game was loaded at, which the store checks.
    loaded_ply: u32,
    /// The game's result and the rules' reason, when the move ends it.
    ending: Option<(GameResult, &'static str)>,
}

/// The move just played in memory, in the store's notation.
fn last_move_iccs(played: &PlayedMove) -> String {
    played
        .after
        .game
        .moves()
        .last()
        .expect("a move was just played")
        .to_string()
}

/// Plays `mv` on a copy of `loaded`; refuses a move the rules do not allow.
fn play_in_memory(loaded: &LoadedGame, mv: Move, voice: Voice) -> BotResult<Unstored> {
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

/// How long the bot's answer may take to be sent with the player's move as
/// one message: the depth-limited levels answer in milliseconds even under
/// load, while a longer search should not leave the player's move unshown.
const ONE_MESSAGE_WITHIN: std::time::Duration = std::time::Duration::from_millis(300);

/// "#12 · alice (Red): h2e2 (C2=5, 炮二平五). bob, your move."
fn announcement(played: &PlayedMove, voice: Voice) -> String {
    format!(
        "#{} · {}{}",
        played.after.id(),
        move_words(played, voice),
        whats_next(played, voice)
    )
}

/// "alice (Red): h2e2 (C2=5, 炮二平五)." and the check it gives.
fn move_words(played: &PlayedMove, voice: Voice) -> String {
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
fn whats_next(played: &PlayedMove, voice: Voice) -> String {
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
    match next.bot_level() {
        None => format!(
            " {}",
            voice.say(Msg::YourMove {
                name: shown(&voice.name_of(next)).to_string()
            })
        ),
        Some(_) => String::new(),
    }
}

/// Below this score (centipawns, the bot's view) the bot takes a draw.
const DRAW_WHEN_WORSE_BY: i32 = 50;
/// A level position this late in a game is a draw the bot takes.
const DRAW_LEVEL_AFTER_PLIES: u32 = 60;
const DRAW_LEVEL_WITHIN: i32 = 20;

/// Whether the bot accepts a draw, from its own score of the position.
fn bot_takes_draw(bot_score: i32, ply: u32) -> bool {
    bot_score <= -DRAW_WHEN_WORSE_BY
        || (ply >= DRAW_LEVEL_AFTER_PLIES && bot_score.abs() <= DRAW_LEVEL_WITHIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_takes_a_draw_only_when_worse_or_late_and_level() {
        assert!(!bot_takes_draw(0, 2));
        assert!(!bot_takes_draw(-49, 10));
        assert!(bot_takes_draw(-50, 10));
        assert!(bot_takes_draw(-10, 60));
        assert!(!bot_takes_draw(30, 100));
    }
}
