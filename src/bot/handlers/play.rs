//! `play`: a game against the bot.

use crate::engine::Level;
use crate::rng::coin_flip;
use crate::rules::Color;
use crate::store::{BotLevel, ColorChoice, NewGame, Participant, TimeControl};

use crate::bot::services::claims::answer_claimed;
use crate::bot::services::games::{live_game_of, place_location, user_ref};
use crate::bot::services::start::{announce_start, game_home, thread_title};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::Rated;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::settings::keys::{self, DEFAULT_LEVEL};

/// `play [red|black|random] [level] [10+5|3d|none] [rated|casual]`: Red
/// unless a side is named; the server's level (else level 3) unless one is
/// named; no clock unless a time control is named; rated unless casual.
pub async fn play(
    ctx: &Ctx<'_>,
    color: Option<ColorChoice>,
    level: Option<Level>,
    time: Option<TimeControl>,
    rated: Option<Rated>,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let level = level
        .or_else(|| ctx.settings.server.level(keys::LEVEL))
        .unwrap_or(DEFAULT_LEVEL);
    let level = BotLevel::new(level.number()).map_err(BotError::internal)?;
    let (record, first_move) = {
        let _starting = core.locks.starting().await;
        if let Some(game) = live_game_of(&core.store, ctx.actor(), ctx.place()).await? {
            return Err(BotError::AlreadyPlaying(game.id));
        }
        let me = Participant::User(user_ref(ctx.actor()));
        let bot = Participant::Bot(level);
        let player_color = color.unwrap_or_default().resolve(coin_flip());
        let (red, black) = match player_color {
            Color::Red => (me, bot),
            Color::Black => (bot, me),
        };
        let title = thread_title(voice, &red, &black);
        let place = game_home(ctx, &title).await;
        let new = NewGame {
            location: place_location(&place),
            red,
            black,
            start_fen: None,
            rated: rated.unwrap_or_default().0,
            time_control: time.unwrap_or_default(),
        };
        // The bot moves first: its move is claimed with the game, so that
        // no other process's worker posts it ahead of the start.
        if player_color == Color::Black {
            let creating =
                core.store
                    .create_game_claiming_answer(new, core.jobs.owner(), core.jobs.lease());
            let (record, job) = creating.await.map_err(BotError::internal)?;
            (record, answer_claimed(core, job).await)
        } else {
            let creating = core.store.create_game(new);
            (creating.await.map_err(BotError::internal)?, None)
        }
    };
    announce_start(ctx, &record, first_move).await
}
