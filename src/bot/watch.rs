//! Following games: `board [game]`, `games` (the live games here) and
//! `watch <game>` (where a game is played, and its board).

use crate::store::GameId;

use super::command::StyleChoice;
use super::error::{BotError, BotResult};
use super::games::{game_place, pairing, result_sentence, seat, seen_by_black, LoadedGame};
use super::reply::{Outbox, Reply};
use super::{post, Bot, Request};

impl Bot {
    pub(super) async fn board(
        &self,
        request: &Request,
        game: Option<i64>,
        style: StyleChoice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let id = match game {
            Some(id) => GameId(id),
            None => self.my_game(request).await?.id,
        };
        let loaded = self.load(id).await?;
        let text = status_line(&loaded);
        let black_seat = seen_by_black(&loaded.record, Some(&request.actor));
        let style = style.or(self.config.style);
        let board = self.board_file_in(&loaded, black_seat, style).await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &request.place, reply).await
    }

    pub(super) async fn games(&self, request: &Request, outbox: &dyn Outbox) -> BotResult<()> {
        let live = self
            .store
            .live_games_in_channel(&request.place.channel)
            .await
            .map_err(BotError::internal)?;
        if live.is_empty() {
            return Err(BotError::NoGamesHere);
        }
        let mut text = format!("Live games here ({}):", live.len());
        for record in &live {
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
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn watch(
        &self,
        request: &Request,
        game: i64,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load(GameId(game)).await?;
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
