//! `play`: a game against the bot, and what every new game shares: its own
//! thread when the transport can open one, and the opening announcement (after
//! which the bot moves at once if it has Red).

use crate::rng::coin_flip;
use crate::rules::Color;
use crate::store::{BotLevel, GameRecord, NewGame, Participant};

use super::command::{ColorChoice, DEFAULT_LEVEL};
use super::error::{BotError, BotResult};
use super::games::{channel_of, game_place, pairing, place_location, seat, user_ref, LoadedGame};
use super::jobs::ClaimedAnswer;
use super::markup::shown;
use super::reply::{Outbox, Reply};
use super::settings::{keys, Chosen};
use super::voice::Voice;
use super::{post, Bot, Place, Request};
use crate::i18n::Msg;

impl Bot {
    pub(super) async fn play(
        &self,
        request: &Request,
        color: ColorChoice,
        level: Option<u8>,
        server: &Chosen,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let level = level
            .or_else(|| server.level(keys::LEVEL))
            .unwrap_or(DEFAULT_LEVEL);
        let level = BotLevel::new(level).map_err(BotError::internal)?;
        let (record, first_move) = {
            let _starting = self.start_lock.lock().await;
            if let Some(game) = self.live_game_of(&request.actor, &request.place).await? {
                return Err(BotError::AlreadyPlaying(game.id.0));
            }
            let me = Participant::User(user_ref(&request.actor));
            let bot = Participant::Bot(level);
            let player_color = color.resolve(coin_flip());
            let (red, black) = match player_color {
                Color::Red => (me, bot),
                Color::Black => (bot, me),
            };
            let title = voice.say(Msg::ThreadTitle {
                pairing: voice.say(Msg::Pairing {
                    red: voice.name_of(&red),
                    black: voice.name_of(&black),
                }),
            });
            let place = self.game_home(request, &title, server, outbox).await;
            let new = NewGame {
                location: place_location(&place),
                red,
                black,
                start_fen: None,
                rated: true,
            };
            // The bot moves first: its move is claimed with the game, so that
            // no other process's worker posts it ahead of the start.
            if player_color == Color::Black {
                let reserved = self.reserve_job_slot();
                let creating =
                    self.store
                        .create_game_claiming_answer(new, self.job_owner(), self.job_lease());
                let (record, job) = creating.await.map_err(BotError::internal)?;
                (record, self.answer_claimed(reserved, job))
            } else {
                let creating = self.store.create_game(new);
                (creating.await.map_err(BotError::internal)?, None)
            }
        };
        self.announce_start(request, &record, first_move, voice, outbox)
            .await
    }

    /// Where a new game will live: a thread opened for it (unless the
    /// server turned threads off), or else the place the request was typed in.
    pub(super) async fn game_home(
        &self,
        request: &Request,
        title: &str,
        server: &Chosen,
        outbox: &dyn Outbox,
    ) -> Place {
        if server.on_off(keys::THREADS) == Some(false) {
            return request.place.clone();
        }
        if request.place.thread.is_some() {
            // Already in a thread: transports cannot nest them.
            return request.place.clone();
        }
        outbox
            .open_thread(&channel_of(&request.place), title)
            .await
            .unwrap_or_else(|| request.place.clone())
    }

    /// Says a game has begun (pointing to its thread from the channel), shows
    /// the board, and lets the bot make its first move if it has Red:
    /// `first_move`, claimed by the game's creation, is made here when held
    /// with a slot and given back to every worker once the start is out when
    /// only parked. (Games accepted from a challenge are between people.)
    pub(super) async fn announce_start(
        &self,
        request: &Request,
        record: &GameRecord,
        first_move: Option<ClaimedAnswer>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = match self.load(record.id).await {
            Ok(loaded) => loaded,
            Err(err) => {
                if let Some(answer) = first_move {
                    self.give_back(answer).await;
                }
                return Err(err);
            }
        };
        let showing = self.show_start(request, &loaded, voice, outbox);
        let shown = self.holding(first_move.as_ref(), showing).await;
        match (shown, first_move) {
            (Ok(()), Some(ClaimedAnswer::Held(held))) => {
                self.run_job(held, Some(voice), outbox).await;
                Ok(())
            }
            (shown, Some(answer)) => {
                self.give_back(answer).await;
                shown
            }
            (shown, None) => shown,
        }
    }

    /// Posts the start of `loaded` (see [`Bot::announce_start`]).
    async fn show_start(
        &self,
        request: &Request,
        loaded: &LoadedGame,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let place = game_place(&loaded.record);
        if place != request.place {
            let pointer = voice.say(Msg::GameStartsIn {
                game: loaded.id(),
                pairing: pairing(&loaded.record, voice),
                link: outbox.link(&place),
            });
            post(outbox, &request.place, Reply::public(pointer)).await?;
        }
        let to_move = loaded.game.position().side_to_move();
        let (game, red, black) = (
            loaded.id(),
            seat(&loaded.record, Color::Red, voice),
            seat(&loaded.record, Color::Black, voice),
        );
        let mover = loaded.record.participant(to_move);
        let text = voice.say(if mover.bot_level().is_some() {
            Msg::GameStartBotFirst { game, red, black }
        } else {
            Msg::GameStartYourMove {
                game,
                red,
                black,
                name: shown(&voice.name_of(mover)).to_string(),
            }
        });
        // Each player sees the board from their own seat; the bot's opponent
        // always does, and between people the one to move does.
        let black_seat = match (
            loaded.record.red.bot_level(),
            loaded.record.black.bot_level(),
        ) {
            (Some(_), _) => true,
            (_, Some(_)) => false,
            _ => to_move == Color::Black,
        };
        let board = self.board_file(loaded, black_seat, voice).await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        if place != request.place {
            // A thread of its own: its first message names the players, so
            // that they are in it and hear of its moves.
            let players = [&loaded.record.red, &loaded.record.black];
            reply = reply.notifying(
                players
                    .iter()
                    .filter_map(|p| p.user_id().map(str::to_string)),
            );
        }
        post(outbox, &place, reply).await
    }
}
