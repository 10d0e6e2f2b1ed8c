//! Following games: `board [game]`, `games` (the live games here) and
//! `watch <game>` (where a game is played, and its board).

use crate::store::GameId;

use super::command::StyleChoice;
use super::error::{BotError, BotResult};
use super::games::{game_place, pairing, result_sentence, seat, seen_by_black, LoadedGame};
use super::reply::{Outbox, Reply};
use super::voice::{color_key, Voice};
use super::{post, Bot, Request};
use crate::i18n::Msg;

impl Bot {
    pub(super) async fn board(
        &self,
        request: &Request,
        game: Option<i64>,
        style: StyleChoice,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = match game {
            Some(id) => self.load_visible(GameId(id), request).await?,
            None => self.load(self.my_game(request).await?.id).await?,
        };
        let text = status_line(&loaded, voice);
        let black_seat = seen_by_black(&loaded.record, Some(&request.actor));
        let style = style.or(voice.style);
        let board = self
            .board_file_in(&loaded, black_seat, style, voice)
            .await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &request.place, reply).await
    }

    /// One page of the live games here, [`GAMES_PER_PAGE`] to a page: a
    /// channel with hundreds of games would otherwise be one reply longer
    /// than a message may be.
    pub(super) async fn games(
        &self,
        request: &Request,
        page: u32,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let live = self
            .store
            .live_games_in_channel(&request.place.channel)
            .await
            .map_err(BotError::internal)?;
        if live.is_empty() {
            return Err(BotError::NoGamesHere);
        }
        let pages = live.len().div_ceil(GAMES_PER_PAGE);
        let page = (page as usize).clamp(1, pages);
        let shown = live
            .iter()
            .skip((page - 1) * GAMES_PER_PAGE)
            .take(GAMES_PER_PAGE);
        let count = live.len() as i64;
        let mut text = voice.say(if pages > 1 {
            Msg::GamesTitlePaged {
                count,
                page: page as i64,
                pages: pages as i64,
            }
        } else {
            Msg::GamesTitle { count }
        });
        for record in shown {
            let line = voice.say(Msg::GamesLine {
                game: record.id.0,
                pairing: pairing(record, voice),
                number: i64::from(record.ply / 2 + 1),
                color: color_key(record.side_to_move()).into(),
            });
            text.push('\n');
            text.push_str(&line);
        }
        text.push('\n');
        text.push_str(&voice.say(Msg::GamesFooter));
        if page < pages {
            text.push(' ');
            text.push_str(&voice.say(Msg::GamesNextPage {
                next: page as i64 + 1,
            }));
        }
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn watch(
        &self,
        request: &Request,
        game: i64,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load_visible(GameId(game), request).await?;
        let place = game_place(&loaded.record);
        let pairing = pairing(&loaded.record, voice);
        let text = voice.say(if loaded.record.is_live() {
            Msg::WatchLive {
                game,
                pairing,
                link: outbox.link(&place),
                status: status_line(&loaded, voice),
            }
        } else {
            Msg::WatchOver {
                game,
                pairing,
                result: result_sentence(&loaded.record, voice),
            }
        });
        let board = self.board_file(&loaded, false, voice).await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &request.place, reply).await
    }
}

/// Games listed in one `games` reply.
pub(super) const GAMES_PER_PAGE: usize = 15;

/// "#3 · alice (Red) vs bob (Black) · move 5 · Red to move · last h2e2".
/// "#3 · alice (Red) vs bob (Black) · move 5 · last h2e2 · Red to move".
fn status_line(loaded: &LoadedGame, voice: Voice) -> String {
    let record = &loaded.record;
    let position = loaded.game.position();
    let mut parts = vec![voice.say(Msg::StatusHead {
        game: loaded.id(),
        red: seat(record, crate::rules::Color::Red, voice),
        black: seat(record, crate::rules::Color::Black, voice),
        number: (loaded.game.moves().len() / 2 + 1) as i64,
    })];
    if let Some(last) = loaded.game.moves().last() {
        parts.push(voice.say(Msg::StatusLast {
            mv: last.to_string(),
        }));
    }
    if record.is_live() {
        let color = color_key(position.side_to_move()).into();
        parts.push(voice.say(if position.in_check() {
            Msg::StatusToMoveInCheck { color }
        } else {
            Msg::StatusToMove { color }
        }));
    } else {
        parts.push(result_sentence(record, voice));
    }
    parts.join(" · ")
}
