//! Looking back: `history [@user]`, `game <id>` (moves in ICCS and WXF, the
//! result, the FEN, the downloadable record and the animated replay),
//! `stats [@user]` and `leaderboard`.

use crate::rules::notation;
use crate::rules::{Move, Position};
use crate::store::{GameId, GameRecord, GameResult};

use super::command::StyleChoice;
use super::error::{BotError, BotResult};
use super::games::{pairing, result_sentence, seat, visible_to, LoadedGame};
use super::markup::shown;
use super::reply::{Attachment, Outbox, Reply};
use super::voice::{color_key, Voice};
use super::{post, Actor, Bot, Request};
use crate::i18n::Msg;

/// Games listed by `history`.
const HISTORY_PAGE: u32 = 10;
/// How many pages of a player's games `history` reads looking for ones
/// visible where it was asked.
const HISTORY_SCAN_PAGES: usize = 5;
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
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let who = user.unwrap_or(&request.actor);
        let games = self.visible_history(&who.id, request).await?;
        let name = self.known_name(who).await;
        let text = if games.is_empty() {
            voice.say(Msg::HistoryNone { name })
        } else {
            let mut text = voice.say(Msg::HistoryTitle { name });
            for record in &games {
                text.push('\n');
                text.push_str(&history_line(record, &who.id, voice));
            }
            text.push('\n');
            text.push_str(&voice.say(Msg::HistoryFooter));
            text
        };
        post(outbox, &request.place, Reply::public(text)).await
    }

    /// A player's last finished games that `request` may see ([`visible_to`]):
    /// a history asked for in one server does not list games played in
    /// another. At most [`HISTORY_SCAN_PAGES`] store pages are read, so a
    /// player with many games elsewhere costs a bounded amount.
    pub(super) async fn visible_history(
        &self,
        user_id: &str,
        request: &Request,
    ) -> BotResult<Vec<GameRecord>> {
        let mut shown = Vec::new();
        let mut cursor = None;
        for _ in 0..HISTORY_SCAN_PAGES {
            let page = self
                .store
                .player_history(user_id, cursor, HISTORY_PAGE)
                .await
                .map_err(BotError::internal)?;
            shown.extend(
                page.games
                    .into_iter()
                    .filter(|record| visible_to(record, request)),
            );
            if shown.len() >= HISTORY_PAGE as usize || page.next.is_none() {
                break;
            }
            cursor = page.next;
        }
        shown.truncate(HISTORY_PAGE as usize);
        Ok(shown)
    }

    pub(super) async fn game_record(
        &self,
        request: &Request,
        id: i64,
        style: StyleChoice,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let loaded = self.load_visible(GameId(id), request).await?;
        let pgn = self
            .store
            .export_pgn(GameId(id))
            .await
            .map_err(BotError::internal)?;
        let lines = [
            voice.say(Msg::RecordHead {
                game: id,
                red: seat(&loaded.record, crate::rules::Color::Red, voice),
                black: seat(&loaded.record, crate::rules::Color::Black, voice),
            }),
            voice.say(if loaded.record.is_live() {
                Msg::RecordLive {
                    color: color_key(loaded.game.position().side_to_move()).into(),
                }
            } else {
                Msg::RecordResult {
                    result: result_sentence(&loaded.record, voice),
                }
            }),
            voice.say(Msg::RecordMoves {
                moves: moves_text(&loaded, voice),
            }),
            format!("FEN: `{}`", loaded.game.position().to_fen()),
        ];
        let text = lines.join("\n");
        let mut reply = Reply::public(text);
        reply.files.push(Attachment {
            filename: format!("game-{id}.pgn"),
            bytes: pgn.into_bytes(),
        });
        let style = style.or(voice.style);
        reply
            .files
            .push(self.replay_gif(&loaded, style, voice).await?);
        post(outbox, &request.place, reply).await
    }

    pub(super) async fn stats(
        &self,
        request: &Request,
        user: Option<&Actor>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let who = user.unwrap_or(&request.actor);
        let stats = self
            .store
            .player_stats(&who.id)
            .await
            .map_err(BotError::internal)?;
        let text = voice.say(match stats {
            None => Msg::StatsNone {
                name: shown(&who.name).to_string(),
            },
            Some(stats) => {
                let p = &stats.player;
                Msg::StatsLine {
                    name: shown(&p.user.display_name).to_string(),
                    rating: p.rating.display().to_string(),
                    rank: count(stats.rank),
                    games: count(p.games),
                    wins: count(p.wins),
                    draws: count(p.draws),
                    losses: count(p.losses),
                    live: count(stats.live_games),
                }
            }
        });
        post(outbox, &request.place, Reply::public(text)).await
    }

    pub(super) async fn leaderboard(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let top = self
            .store
            .leaderboard(LEADERBOARD_SIZE, 1)
            .await
            .map_err(BotError::internal)?;
        let text = if top.is_empty() {
            voice.say(Msg::LeaderboardEmpty)
        } else {
            let mut text = voice.say(Msg::LeaderboardTitle);
            for (rank, p) in top.iter().enumerate() {
                text.push('\n');
                text.push_str(&voice.say(Msg::LeaderboardLine {
                    rank: rank as i64 + 1,
                    name: shown(&p.user.display_name).to_string(),
                    rating: p.rating.display().to_string(),
                    games: count(p.games),
                    wins: count(p.wins),
                    draws: count(p.draws),
                    losses: count(p.losses),
                }));
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
/// A count from the store, as the catalogs take numbers.
fn count(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

fn history_line(record: &GameRecord, user_id: &str, voice: Voice) -> String {
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
        (None, _) => "called-off",
    };
    voice.say(Msg::HistoryLine {
        game: record.id.0,
        pairing: pairing(record, voice),
        outcome: outcome.into(),
        plies: i64::from(record.ply),
        reason: record.reason.clone().unwrap_or_default(),
    })
}

/// "1. h2e2 C2=5  h9g7 H8+7  2. …": each move in ICCS and WXF, cut when long.
fn moves_text(loaded: &LoadedGame, voice: Voice) -> String {
    line_text(loaded.game.start(), loaded.game.moves(), voice)
}

/// `moves` from `start` as numbered in a record, in the reader's notation
/// (a game's moves, a puzzle's solution).
pub(super) fn line_text(start: &Position, moves: &[Move], voice: Voice) -> String {
    if moves.is_empty() {
        return voice.say(Msg::MovesNone);
    }
    let start_black = start.side_to_move() == crate::rules::Color::Black;
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
            notation::Notation::Iccs => {
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
