//! Following games: `board [game]`, `games` (the live games here) and
//! `watch <game>` (where a game is played, and its board).

use crate::store::GameId;

use super::error::{BotError, BotResult};
use super::games::{game_place, pairing, result_sentence, seat, seen_by_black, LoadedGame};
use super::reply::{Outbox, Reply};
use super::{post, Bot, Request};

impl Bot {
    pub(super) async fn board(
        &self,
        request: &Request,
        game: Option<i64>,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = match game {
            Some(id) => self.load_visible(GameId(id), request).await?,
            None => self.load(self.my_game(request).await?.id).await?,
        };
        let text = status_line(&loaded);
        let board = self
            .board_file(&loaded, seen_by_black(&loaded.record, Some(&request.actor)))
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
        let mut text = format!("Live games here ({}):", live.len());
        if pages > 1 {
            text = format!("Live games here ({}), page {page} of {pages}:", live.len());
        }
        for record in shown {
            let to_move = record.side_to_move();
            text.push_str(&format!(
                "\n#{} · {} · move {} · {} to move",
                record.id.0,
                pairing(record),
                record.ply / 2 + 1,
                to_move
            ));
        }
        text.push_str("\n`watch <id>` shows where a game is played.");
        if page < pages {
            text.push_str(&format!(" `games {}` shows the next page.", page + 1));
        }
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn watch(
        &self,
        request: &Request,
        game: i64,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load_visible(GameId(game), request).await?;
        let place = game_place(&loaded.record);
        let text = if loaded.record.is_live() {
            format!(
                "Game #{} ({}) is played in {}. {}",
                game,
                pairing(&loaded.record),
                outbox.link(&place),
                status_line(&loaded)
            )
        } else {
            format!(
                "Game #{} ({}) is over: {} `game {game}` has its record and replay.",
                game,
                pairing(&loaded.record),
                result_sentence(&loaded.record)
            )
        };
        let board = self.board_file(&loaded, false).await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &request.place, reply).await
    }
}

/// Games listed in one `games` reply.
pub(super) const GAMES_PER_PAGE: usize = 15;

/// "#3 · alice (Red) vs bob (Black) · move 5 · Red to move · last h2e2".
fn status_line(loaded: &LoadedGame) -> String {
    let record = &loaded.record;
    let position = loaded.game.position();
    let mut line = format!(
        "#{} · {} vs {} · move {}",
        loaded.id(),
        seat(record, crate::rules::Color::Red),
        seat(record, crate::rules::Color::Black),
        loaded.game.moves().len() / 2 + 1
    );
    if let Some(last) = loaded.game.moves().last() {
        line.push_str(&format!(" · last {last}"));
    }
    if record.is_live() {
        line.push_str(&format!(" · {} to move", position.side_to_move()));
        if position.in_check() {
            line.push_str(" (in check)");
        }
    } else {
        line.push_str(&format!(" · {}", result_sentence(record)));
    }
    line
}
