//! `challenge`, `accept` and `decline`: setting up a game between two people.
//! A challenge waits in its channel until the challenged person answers or it
//! expires (10 minutes by default); an expired challenge counts for nobody.
//! `decline` also answers a pending draw offer or takeback request, and lets a
//! challenger withdraw their own challenge.

use crate::store::{
    Accepter, ChallengeId, ChallengeTarget, NewChallenge, OfferAnswer, OfferKind, StoreError,
};

use super::command::ColorChoice;
use super::error::{BotError, BotResult};
use super::games::{
    channel_of, game_place, place_location, plain_pairing, store_actor, store_error, user_ref,
};
use super::markup::shown;
use super::reply::{Outbox, Reply};
use super::{post, Actor, Bot, Request};

impl Bot {
    pub(super) async fn challenge(
        &self,
        request: &Request,
        opponent: &Actor,
        color: ColorChoice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        if opponent.id == request.actor.id {
            return Err(BotError::SelfChallenge);
        }
        if outbox.is_direct_message(&request.place) {
            return Err(BotError::ChallengeInDirectMessage);
        }
        if let Some(game) = self.live_game_of(&request.actor, &request.place).await? {
            return Err(BotError::AlreadyPlaying(game.id.0));
        }
        if let Some(game) = self.live_game_of(opponent, &request.place).await? {
            return Err(BotError::OpponentBusy(opponent.name.clone(), game.id.0));
        }
        let challenge = self
            .store
            .create_challenge(NewChallenge {
                location: place_location(&channel_of(&request.place)),
                from: user_ref(&request.actor),
                to: ChallengeTarget::User(user_ref(opponent)),
                color,
                start_fen: None,
                rated: true,
                expires_in: self.config.challenge_expiry,
            })
            .await
            .map_err(|e| store_error(e, 0))?;
        let side = match color {
            ColorChoice::Random => "a random side".to_string(),
            chosen => chosen.resolve(true).name().to_string(),
        };
        let text = format!(
            "{} challenges {} to a game of Xiangqi ({} plays {side}). {}: type `accept` or `decline` within {}.",
            shown(&request.actor.name),
            shown(&opponent.name),
            shown(&request.actor.name),
            shown(&opponent.name),
            minutes(self.config.challenge_expiry),
        );
        tracing::debug!(challenge = challenge.id.0, "challenge made");
        let reply = Reply::public(text).notifying([opponent.id.clone()]);
        post(outbox, &request.place, reply).await
    }

    pub(super) async fn accept(&self, request: &Request, outbox: &dyn Outbox) -> BotResult<()> {
        let record = {
            let _starting = self.start_lock.lock().await;
            if let Some(game) = self.live_game_of(&request.actor, &request.place).await? {
                return Err(BotError::AlreadyPlaying(game.id.0));
            }
            let accepted = self
                .store
                .accept_challenge_in_channel(
                    &request.place.channel,
                    None,
                    &Accepter::User(user_ref(&request.actor)),
                )
                .await;
            let (_, record) = match accepted {
                Ok(pair) => pair,
                Err(err) => return Err(self.challenge_refusal(err, &request.actor).await),
            };
            record
        };
        let title = format!("Xiangqi: {}", plain_pairing(&record));
        let home = self.game_home(request, &title, outbox).await;
        let record = if home != game_place(&record) {
            self.store
                .set_game_thread(record.id, home.thread.as_deref())
                .await
                .map_err(BotError::internal)?
        } else {
            record
        };
        self.announce_start(request, &record, outbox).await
    }

    /// The store's refusal of an `accept`, with the names a player needs.
    async fn challenge_refusal(&self, err: StoreError, accepter: &Actor) -> BotError {
        let lookup = |id: ChallengeId| async move { self.store.challenge(id).await.ok().flatten() };
        match err {
            StoreError::ChallengeExpired(id) => match lookup(id).await {
                Some(c) => BotError::ChallengeExpired(c.from.display_name),
                None => BotError::NoChallenge,
            },
            StoreError::ChallengeNotForYou(id) => match lookup(id).await {
                Some(c) => BotError::ChallengeNotForYou {
                    to: match &c.to {
                        ChallengeTarget::User(user) => user.display_name.clone(),
                        ChallengeTarget::Anyone => "anyone".to_string(),
                        ChallengeTarget::Bot(_) => "the bot".to_string(),
                    },
                    from: c.from.display_name,
                },
                None => BotError::NoChallenge,
            },
            StoreError::AlreadyPlaying { user, game } if user == accepter.id => {
                BotError::AlreadyPlaying(game.0)
            }
            StoreError::AlreadyPlaying { game, .. } => BotError::ChallengerBusy(game.0),
            other => store_error(other, 0),
        }
    }

    pub(super) async fn decline(&self, request: &Request, outbox: &dyn Outbox) -> BotResult<()> {
        let me = store_actor(&request.actor);
        let pending = self
            .store
            .pending_challenges_in_channel(&request.place.channel)
            .await
            .map_err(BotError::internal)?;
        if let Some(challenge) = pending.iter().find(|c| c.is_for(&me)) {
            self.store
                .decline_challenge(challenge.id, &me)
                .await
                .map_err(|e| store_error(e, 0))?;
            let text = format!(
                "{} declines the challenge from {}.",
                shown(&request.actor.name),
                shown(&challenge.from.display_name)
            );
            return post(outbox, &request.place, Reply::public(text)).await;
        }
        if let Some(challenge) = pending.iter().find(|c| c.from.id == request.actor.id) {
            self.store
                .decline_challenge(challenge.id, &me)
                .await
                .map_err(|e| store_error(e, 0))?;
            let text = format!("{} withdraws their challenge.", shown(&request.actor.name));
            return post(outbox, &request.place, Reply::public(text)).await;
        }
        // No challenge: perhaps an offer in the decliner's game.
        let Ok(game) = self.my_game(request).await else {
            return Err(BotError::NothingToDecline);
        };
        for kind in [OfferKind::Draw, OfferKind::Takeback] {
            match self.store.answer_offer(game.id, kind, &me, false).await {
                Ok(OfferAnswer::Declined(_)) => {
                    let text = format!(
                        "#{}: {} declines the {kind}; play on.",
                        game.id.0,
                        shown(&request.actor.name)
                    );
                    return post(outbox, &game_place(&game), Reply::public(text)).await;
                }
                Ok(_) => {}
                Err(StoreError::NoOfferPending { .. } | StoreError::OfferNotForYou { .. }) => {}
                Err(other) => return Err(store_error(other, game.id.0)),
            }
        }
        Err(BotError::NothingToDecline)
    }
}

/// "10 minutes", "1 minute", "30 seconds".
fn minutes(duration: std::time::Duration) -> String {
    let secs = duration.as_secs();
    match secs {
        0..=59 => format!("{secs} seconds"),
        60..=119 => "1 minute".to_string(),
        _ => format!("{} minutes", secs / 60),
    }
}
