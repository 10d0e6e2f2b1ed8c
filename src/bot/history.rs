//! Looking back: `history [@user]`, `game <id>` (moves in ICCS and WXF, the
//! result, the FEN, the downloadable record and the animated replay),
//! `stats [@user]` and `leaderboard`.

use crate::rules::notation;
use crate::store::{GameId, GameRecord, GameResult};

use super::error::{BotError, BotResult};
use super::games::{pairing, result_sentence, seat, LoadedGame};
use super::markup::shown;
use super::reply::{Attachment, Outbox, Reply};
use super::{post, Actor, Bot, Request};

/// Games listed by `history`.
const HISTORY_PAGE: u32 = 10;
/// Players listed by `leaderboard`.
const LEADERBOARD_SIZE: u32 = 10;
/// Past this many characters the move list in a reply is cut (chat messages
/// are short); the full list is in the attached record.
const MOVES_TEXT_LIMIT: usize = 1200;

impl Bot {
    pub(super) async fn history(
        &self,
        request: &Request,
        user: Option<&Actor>,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let who = user.unwrap_or(&request.actor);
        let page = self
            .store
            .player_history(&who.id, None, HISTORY_PAGE)
            .await
            .map_err(BotError::internal)?;
        let name = self.known_name(who).await;
        let text = if page.games.is_empty() {
            format!("{name} has no finished games yet.")
        } else {
            let mut text = format!("{name}'s last games:");
            for record in &page.games {
                text.push_str(&format!("\n{}", history_line(record, &who.id)));
            }
            text.push_str("\n`game <id>` shows a game's moves, record and replay.");
            text
        };
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn game_record(
        &self,
        request: &Request,
        id: i64,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load_visible(GameId(id), request).await?;
        let pgn = self
            .store
            .export_pgn(GameId(id))
            .await
            .map_err(BotError::internal)?;
        let mut text = format!(
            "Game #{id}: {} vs {}\n",
            seat(&loaded.record, crate::rules::Color::Red),
            seat(&loaded.record, crate::rules::Color::Black)
        );
        if loaded.record.is_live() {
            text.push_str(&format!(
                "In progress, {} to move.\n",
                loaded.game.position().side_to_move()
            ));
        } else {
            text.push_str(&format!("Result: {}\n", result_sentence(&loaded.record)));
        }
        text.push_str(&format!("Moves: {}\n", moves_text(&loaded)));
        text.push_str(&format!("FEN: `{}`", loaded.game.position().to_fen()));
        let mut reply = Reply::public(text);
        reply.files.push(Attachment {
            filename: format!("game-{id}.pgn"),
            bytes: pgn.into_bytes(),
        });
        reply.files.push(self.replay_gif(&loaded).await?);
        post(outbox, &request.place, reply).await
    }

    pub(super) async fn stats(
        &self,
        request: &Request,
        user: Option<&Actor>,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let who = user.unwrap_or(&request.actor);
        let stats = self
            .store
            .player_stats(&who.id)
            .await
            .map_err(BotError::internal)?;
        let text = match stats {
            None => format!(
                "{} has not played yet; `play` starts a game against the bot.",
                shown(&who.name)
            ),
            Some(stats) => {
                let p = &stats.player;
                format!(
                    "{}: rating {} (rank {}) · {} games: {} won, {} drawn, {} lost · {} in progress",
                    shown(&p.user.display_name),
                    p.rating.display(),
                    stats.rank,
                    p.games,
                    p.wins,
                    p.draws,
                    p.losses,
                    stats.live_games
                )
            }
        };
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn leaderboard(
        &self,
        request: &Request,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let top = self
            .store
            .leaderboard(LEADERBOARD_SIZE, 1)
            .await
            .map_err(BotError::internal)?;
        let text = if top.is_empty() {
            "Nobody has finished a game yet; `play` starts one against the bot.".to_string()
        } else {
            let mut text = "Leaderboard:".to_string();
            for (rank, p) in top.iter().enumerate() {
                text.push_str(&format!(
                    "\n{}. {} · {} · {} games ({}W {}D {}L)",
                    rank + 1,
                    shown(&p.user.display_name),
                    p.rating.display(),
                    p.games,
                    p.wins,
                    p.draws,
                    p.losses
                ));
            }
            text
        };
        post(outbox, &request.place, Reply::public(text)).await
    }

    /// The name the store knows a user by (their display name when they
    /// played), else the name they were mentioned with.
    async fn known_name(&self, who: &Actor) -> String {
        match self.store.player(&who.id).await {
            Ok(Some(player)) => player.user.display_name,
            _ => who.name.clone(),
        }
    }
}

/// "#3 · alice vs bob · won · checkmate · 42 moves" from `user_id`'s side.
fn history_line(record: &GameRecord, user_id: &str) -> String {
    let mine = if record.red.is_user(user_id) {
        Some(crate::rules::Color::Red)
    } else if record.black.is_user(user_id) {
        Some(crate::rules::Color::Black)
    } else {
        None
    };
    let outcome = match (record.result, mine) {
        (Some(GameResult::Draw), _) => "drawn",
        (Some(GameResult::RedWins), Some(crate::rules::Color::Red))
        | (Some(GameResult::BlackWins), Some(crate::rules::Color::Black)) => "won",
        (Some(_), Some(_)) => "lost",
        (Some(_), None) => "finished",
        (None, _) => "called off",
    };
    format!(
        "#{} · {} · {outcome} by {} · {} plies",
        record.id.0,
        pairing(record),
        record.reason.as_deref().unwrap_or("?").replace('-', " "),
        record.ply
    )
}

/// "1. h2e2 C2=5  h9g7 H8+7  2. …": each move in ICCS and WXF, cut when long.
fn moves_text(loaded: &LoadedGame) -> String {
    let game = &loaded.game;
    if game.moves().is_empty() {
        return "none yet".to_string();
    }
    let start_black = game.start().side_to_move() == crate::rules::Color::Black;
    let mut text = String::new();
    let mut position = game.start().clone();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let slot = ply + usize::from(start_black);
        if slot % 2 == 0 {
            text.push_str(&format!("{}. ", slot / 2 + 1));
        } else if ply == 0 {
            text.push_str("1. … ");
        }
        text.push_str(&format!(
            "{} {}  ",
            notation::iccs(mv),
            notation::wxf(&position, mv)
        ));
        position.make_move(mv);
        if text.len() > MOVES_TEXT_LIMIT {
            text.push_str("… (the full list is in the record)");
            break;
        }
    }
    text.trim_end().to_string()
}
