//! `challenge`, `accept` and `decline`: setting up a game between two people.
//! A challenge waits in its channel until the challenged person answers or it
//! expires (10 minutes by default); an expired challenge counts for nobody.
//! `decline` also answers a pending draw offer or takeback request, and lets a
//! challenger withdraw their own challenge.

use crate::i18n::Msg;
use crate::store::{
    Accepter, ChallengeId, ChallengeRecord, ChallengeTarget, ColorChoice, NewChallenge,
    OfferAnswer, OfferKind, StoreError, TimeControl,
};

use crate::bot::services::ctx::post;
use crate::bot::services::games::{
    game_place, live_game_of, my_game, place_location, plain_pairing, store_actor, store_error,
    store_refusal, user_ref,
};
use crate::bot::services::start::{announce_start, game_home};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::buttons::{Action, Button, Press, Style};
use crate::bot::vocabulary::command::{Opponent, Rated};
use crate::bot::vocabulary::error::{role_mention, BotError, BotResult, ChallengeFor};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::request::{Actor, Place};
use crate::bot::vocabulary::settings::keys;
use crate::bot::vocabulary::voice::Voice;

/// `challenge [@user|@role] [red|black|random] [10+5|3d|none] [rated|casual]`:
/// `color` is the challenger's side; no clock unless a time control is
/// named; rated unless casual. Without an opponent it is an open
/// challenge (a seek): the first member other than the challenger to join
/// plays it; naming a role, the first member holding that role. Open
/// challenges go to the server's seek channel when it chose one.
pub async fn challenge(
    ctx: &Ctx<'_>,
    opponent: Option<Opponent>,
    color: Option<ColorChoice>,
    time: Option<TimeControl>,
    rated: Option<Rated>,
) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let rated = rated.unwrap_or_default().0;
    let color = color.unwrap_or_default();
    let time_control = time.unwrap_or_default();
    let expiry = ctx
        .settings
        .server
        .duration(keys::EXPIRY)
        .unwrap_or(core.config.challenge_expiry);
    let (user, role) = match opponent {
        Some(Opponent::User(user)) => (Some(user), None),
        Some(Opponent::Role(role)) => (None, Some(role)),
        None => (None, None),
    };
    if user.as_ref().is_some_and(|o| o.id == ctx.actor().id) {
        return Err(BotError::SelfChallenge);
    }
    if ctx.outbox.is_direct_message(ctx.place()) {
        return Err(BotError::ChallengeInDirectMessage);
    }
    if let Some(game) = live_game_of(&core.store, ctx.actor(), ctx.place()).await? {
        return Err(BotError::AlreadyPlaying(game.id));
    }
    if let Some(opponent) = &user {
        if let Some(game) = live_game_of(&core.store, opponent, ctx.place()).await? {
            return Err(BotError::OpponentBusy(opponent.name.clone(), game.id));
        }
    }
    let here = ctx.place().channel_only();
    let seek_place = match &user {
        None => seek_channel(ctx).filter(|place| *place != here),
        Some(_) => None,
    };
    let challenge = core
        .store
        .create_challenge(NewChallenge {
            location: place_location(seek_place.as_ref().unwrap_or(&here)),
            from: user_ref(ctx.actor()),
            to: match (&user, &role) {
                (Some(opponent), _) => ChallengeTarget::User(user_ref(opponent)),
                (None, Some(role)) => ChallengeTarget::Role(role.clone()),
                (None, None) => ChallengeTarget::Anyone,
            },
            color,
            start_fen: None,
            rated,
            time_control,
            expires_in: expiry,
        })
        .await
        .map_err(store_refusal)?;
    let from = shown(&ctx.actor().name).to_string();
    let (side, within) = (color.as_str().into(), voice.duration(expiry));
    let mut text = voice.say(match (&user, &role) {
        (Some(opponent), _) => Msg::ChallengeMade {
            from,
            to: shown(&opponent.name).to_string(),
            side,
            within,
        },
        (None, Some(role)) => Msg::ChallengeMade {
            from,
            to: role_mention(role),
            side,
            within,
        },
        (None, None) => Msg::SeekMade { from, side, within },
    });
    if time_control != TimeControl::Untimed {
        text.push(' ');
        text.push_str(&voice.say(Msg::ChallengeClock {
            time: voice.time_control(time_control),
        }));
    }
    if !rated {
        text.push(' ');
        text.push_str(&voice.say(Msg::CasualGame));
    }
    tracing::debug!(
        challenge = challenge.id.0,
        open = user.is_none(),
        "challenge made"
    );
    let reply = match (&user, role) {
        (Some(opponent), _) => Reply::public(text)
            .notifying([opponent.id.clone()])
            .with_buttons(challenge_buttons(challenge.id, voice)),
        (None, role) => {
            let seek = Reply::public(text).with_buttons(seek_buttons(challenge.id, voice));
            let role =
                role.or_else(|| ctx.settings.server.role(keys::SEEK_ROLE).map(str::to_owned));
            match role {
                Some(role) => seek.notifying_role(role),
                None => seek,
            }
        }
    };
    let Some(elsewhere) = seek_place else {
        return ctx.answer(reply).await;
    };
    post(ctx.outbox, &elsewhere, reply).await?;
    let posted = voice.say(Msg::SeekPostedIn {
        channel: ctx.outbox.link(&elsewhere),
    });
    ctx.answer(Reply::public(posted)).await
}

/// The server's seek channel, where open challenges are posted.
fn seek_channel(ctx: &Ctx<'_>) -> Option<Place> {
    let channel = ctx
        .settings
        .server
        .channels(keys::SEEK_CHANNEL)?
        .first()?
        .clone();
    Some(Place {
        guild: ctx.place().guild.clone(),
        channel,
        thread: None,
    })
}

/// An open challenge's buttons: Join for anyone but the challenger (an
/// accept), Withdraw for the challenger. Nobody declines an open one.
pub fn seek_buttons(challenge: ChallengeId, voice: Voice) -> [Button; 2] {
    let button = |action, label, style| challenge_button(challenge, action, label, style, voice);
    [
        button(Action::Accept, Msg::ButtonJoin, Style::Primary),
        button(Action::Withdraw, Msg::ButtonWithdraw, Style::Secondary),
    ]
}

/// A challenge's buttons: Accept and Decline for the challenged player,
/// Withdraw for the challenger.
pub fn challenge_buttons(challenge: ChallengeId, voice: Voice) -> [Button; 3] {
    let button = |action, label, style| challenge_button(challenge, action, label, style, voice);
    [
        button(Action::Accept, Msg::ButtonAccept, Style::Primary),
        button(Action::Decline, Msg::ButtonDecline, Style::Secondary),
        button(Action::Withdraw, Msg::ButtonWithdraw, Style::Secondary),
    ]
}

/// One button on `challenge`'s message.
fn challenge_button(
    challenge: ChallengeId,
    action: Action,
    label: Msg,
    style: Style,
    voice: Voice,
) -> Button {
    let press = Press {
        action,
        target: challenge.0,
        ply: 0,
    };
    press.button(voice, label, style)
}

/// `accept [@challenger]`: the challenge made to the requester here (the
/// newest, or the newest from `from`) becomes a game. A pressed Accept or
/// Join names its challenge's maker, so the press takes the challenge it
/// was on even when others wait in the channel.
pub async fn accept(ctx: &Ctx<'_>, from: Option<Actor>) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let record = {
        let _starting = core.locks.starting().await;
        if let Some(game) = live_game_of(&core.store, ctx.actor(), ctx.place()).await? {
            return Err(BotError::AlreadyPlaying(game.id));
        }
        let accepted = core
            .store
            .accept_challenge_in_channel(
                &ctx.place().channel,
                from.as_ref().map(|from| from.id.as_str()),
                &Accepter::Member {
                    user: user_ref(ctx.actor()),
                    roles: ctx.requester.roles.clone(),
                },
            )
            .await;
        let (_, record) = match accepted {
            Ok(pair) => pair,
            Err(err) => return Err(challenge_refusal(ctx, err).await),
        };
        record
    };
    let title = voice.say(Msg::ThreadTitle {
        pairing: plain_pairing(&record, voice),
    });
    let home = game_home(ctx, &title).await;
    let record = if home != game_place(&record) {
        core.store
            .set_game_thread(record.id, home.thread.as_deref())
            .await
            .map_err(BotError::internal)?
    } else {
        record
    };
    announce_start(ctx, &record, None).await
}

/// The store's refusal of an `accept`, with the names a player needs.
async fn challenge_refusal(ctx: &Ctx<'_>, err: StoreError) -> BotError {
    let store = &ctx.core.store;
    let lookup = |id: ChallengeId| async move { store.challenge(id).await.ok().flatten() };
    match err {
        StoreError::ChallengeExpired(id) => match lookup(id).await {
            Some(c) => BotError::ChallengeExpired(c.from.display_name),
            None => BotError::NoChallenge,
        },
        StoreError::ChallengeNotForYou(id) => match lookup(id).await {
            // The requester's own open challenge is the only one here.
            Some(c) if c.from.id == ctx.actor().id => BotError::SelfChallenge,
            Some(c) => not_for_you(&c),
            None => BotError::NoChallenge,
        },
        StoreError::AlreadyPlaying { user, game } if user == ctx.actor().id => {
            BotError::AlreadyPlaying(game)
        }
        StoreError::AlreadyPlaying { game, .. } => BotError::ChallengerBusy(game),
        other => store_refusal(other),
    }
}

/// The refusal of someone `challenge` is not for, naming whom it is for.
pub fn not_for_you(challenge: &ChallengeRecord) -> BotError {
    BotError::ChallengeNotForYou {
        from: challenge.from.display_name.clone(),
        to: match &challenge.to {
            ChallengeTarget::User(user) => ChallengeFor::Named(user.display_name.clone()),
            ChallengeTarget::Anyone => ChallengeFor::Anyone,
            ChallengeTarget::Role(role) => ChallengeFor::Role(role.clone()),
            ChallengeTarget::Bot(_) => ChallengeFor::Named("xiangqi-bot".to_string()),
        },
    }
}

/// `decline`: a challenge to the requester, their own challenge, or an
/// offer in their game.
pub async fn decline(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let me = store_actor(ctx.actor());
    let pending = core
        .store
        .pending_challenges_in_channel(&ctx.place().channel)
        .await
        .map_err(BotError::internal)?;
    if let Some(challenge) = pending.iter().find(|c| c.is_for(&me)) {
        core.store
            .decline_challenge(challenge.id, &me)
            .await
            .map_err(store_refusal)?;
        let text = voice.say(Msg::ChallengeDeclined {
            name: shown(&ctx.actor().name).to_string(),
            from: shown(&challenge.from.display_name).to_string(),
        });
        return ctx.answer(Reply::public(text)).await;
    }
    if let Some(challenge) = pending.iter().find(|c| c.from.id == ctx.actor().id) {
        core.store
            .decline_challenge(challenge.id, &me)
            .await
            .map_err(store_refusal)?;
        let text = voice.say(Msg::ChallengeWithdrawn {
            name: shown(&ctx.actor().name).to_string(),
        });
        return ctx.answer(Reply::public(text)).await;
    }
    // No challenge: perhaps an offer in the decliner's game.
    let Ok(game) = my_game(&core.store, ctx.requester).await else {
        return Err(BotError::NothingToDecline);
    };
    for kind in [OfferKind::Draw, OfferKind::Takeback] {
        match core.store.answer_offer(game.id, kind, &me, false).await {
            Ok(OfferAnswer::Declined(_)) => {
                let text = voice.say(Msg::OfferDeclined {
                    game: game.id.0,
                    name: shown(&ctx.actor().name).to_string(),
                    kind: match kind {
                        OfferKind::Draw => "draw",
                        OfferKind::Takeback => "takeback",
                    }
                    .into(),
                });
                return post(ctx.outbox, &game_place(&game), Reply::public(text)).await;
            }
            Ok(_) => {}
            Err(StoreError::NoOfferPending { .. } | StoreError::OfferNotForYou { .. }) => {}
            Err(other) => return Err(store_error(other, game.id)),
        }
    }
    Err(BotError::NothingToDecline)
}
