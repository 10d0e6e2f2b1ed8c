//! `rematch [game]`: a finished game played again by the same players with
//! the colours swapped, at the same level, from the same start and rated as
//! it was. Against the bot the new game starts at once; between people it is
//! a challenge to the other player, answered with its buttons as any
//! challenge is. A game has one rematch, recorded with the new game or
//! challenge in one transaction, so a second `rematch` (or press) is refused.

use crate::i18n::Msg;
use crate::rules::Color;
use crate::store::{
    BotLevel, ChallengeTarget, ColorChoice, GameRecord, NewChallenge, NewGame, Participant, UserRef,
};

use crate::bot::handlers::challenge::challenge_buttons;
use crate::bot::services::claims::answer_claimed;
use crate::bot::services::games::{
    live_game_of, load, load_visible, place_location, side_of, store_refusal, user_ref,
    visible_history,
};
use crate::bot::services::start::{announce_start, game_home, thread_title};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::request::Actor;
use crate::bot::vocabulary::settings::keys;

/// `rematch [game]`: by default the requester's last finished game visible
/// here.
pub async fn rematch(ctx: &Ctx<'_>, game: Option<crate::store::GameId>) -> BotResult<()> {
    let store = &ctx.core.store;
    let loaded = match game {
        Some(id) => load_visible(store, id, ctx.requester).await?,
        None => {
            let history = visible_history(store, &ctx.actor().id, ctx.requester).await?;
            let last = history
                .iter()
                .find(|record| !record.is_live())
                .ok_or(BotError::NoGameToRematch)?;
            load(store, last.id).await?
        }
    };
    let record = &loaded.record;
    if record.is_live() {
        return Err(BotError::RematchLive(record.id));
    }
    let Some(was) = side_of(record, ctx.actor()) else {
        return Err(BotError::NotYourRematch {
            game: record.id,
            red: record.red.clone(),
            black: record.black.clone(),
        });
    };
    // Said before anything else (a live rematch game, a busy opponent): a
    // second press learns the rematch exists. The claim in the store's
    // transaction still settles two presses at once.
    if store
        .has_rematch(record.id)
        .await
        .map_err(BotError::internal)?
    {
        return Err(BotError::RematchTaken(record.id));
    }
    match record.participant(was.opponent()) {
        Participant::Bot(level) => against_bot(ctx, record, was, *level).await,
        Participant::User(other) => challenge_again(ctx, record, was, other).await,
    }
}

/// The next game against the bot, started at once; the bot moves first when
/// the player had Red.
async fn against_bot(
    ctx: &Ctx<'_>,
    old: &GameRecord,
    was: Color,
    level: BotLevel,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let (record, first_move) = {
        let _starting = core.locks.starting().await;
        if let Some(game) = live_game_of(&core.store, ctx.actor(), ctx.place()).await? {
            return Err(BotError::AlreadyPlaying(game.id));
        }
        let me = Participant::User(user_ref(ctx.actor()));
        let bot = Participant::Bot(level);
        let (red, black) = match was {
            Color::Red => (bot, me),
            Color::Black => (me, bot),
        };
        let title = thread_title(voice, &red, &black);
        let place = game_home(ctx, &title).await;
        let new = NewGame {
            location: place_location(&place),
            red,
            black,
            start_fen: Some(old.start_fen.clone()),
            rated: old.rated,
            time_control: old.time_control,
        };
        let creating = core.store.create_rematch_game(
            old.id,
            &ctx.actor().id,
            new,
            core.jobs.owner(),
            core.jobs.lease(),
        );
        let (record, job) = creating.await.map_err(store_refusal)?;
        (record, answer_claimed(core, job).await)
    };
    announce_start(ctx, &record, first_move).await
}

/// A challenge to the other player of `old`, the requester taking the other
/// colour.
async fn challenge_again(
    ctx: &Ctx<'_>,
    old: &GameRecord,
    was: Color,
    other: &UserRef,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let opponent = Actor {
        id: other.id.clone(),
        name: other.display_name.clone(),
    }
    .unmistakable();
    if let Some(game) = live_game_of(&core.store, ctx.actor(), ctx.place()).await? {
        return Err(BotError::AlreadyPlaying(game.id));
    }
    if let Some(game) = live_game_of(&core.store, &opponent, ctx.place()).await? {
        return Err(BotError::OpponentBusy(opponent.name.clone(), game.id));
    }
    let color = match was {
        Color::Red => ColorChoice::Black,
        Color::Black => ColorChoice::Red,
    };
    let expiry = ctx
        .settings
        .server
        .duration(keys::EXPIRY)
        .unwrap_or(core.config.challenge_expiry);
    let challenge = core
        .store
        .create_rematch_challenge(
            old.id,
            NewChallenge {
                location: place_location(&ctx.place().channel_only()),
                from: user_ref(ctx.actor()),
                to: ChallengeTarget::User(user_ref(&opponent)),
                color,
                start_fen: Some(old.start_fen.clone()),
                rated: old.rated,
                time_control: old.time_control,
                expires_in: expiry,
            },
        )
        .await
        .map_err(store_refusal)?;
    let text = voice.say(Msg::RematchOffered {
        game: old.id.0,
        from: shown(&ctx.actor().name).to_string(),
        to: shown(&opponent.name).to_string(),
        side: color.as_str().into(),
        within: voice.duration(expiry),
    });
    ctx.answer(
        Reply::public(text)
            .notifying([opponent.id.clone()])
            .with_buttons(challenge_buttons(challenge.id, voice)),
    )
    .await
}
