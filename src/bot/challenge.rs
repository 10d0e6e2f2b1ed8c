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
use super::settings::{keys, Chosen};
use super::voice::Voice;
use super::{post, Actor, Bot, Request};
use crate::i18n::Msg;

impl Bot {
    pub(super) async fn challenge(
        &self,
        request: &Request,
        opponent: &Actor,
        color: ColorChoice,
        server: &Chosen,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let expiry = server
            .duration(keys::EXPIRY)
            .unwrap_or(self.config.challenge_expiry);
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
                expires_in: expiry,
            })
            .await
            .map_err(|e| store_error(e, 0))?;
        let side = match color {
            ColorChoice::Red => "red",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        };
        let text = voice.say(Msg::ChallengeMade {
            from: shown(&request.actor.name).to_string(),
            to: shown(&opponent.name).to_string(),
            side: side.into(),
            within: voice.duration(expiry),
        });
        tracing::debug!(challenge = challenge.id.0, "challenge made");
        let reply = Reply::public(text).notifying([opponent.id.clone()]);
        post(outbox, &request.place, reply).await
    }

    pub(super) async fn accept(
        &self,
        request: &Request,
        server: &Chosen,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
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
        let title = voice.say(Msg::ThreadTitle {
            pairing: plain_pairing(&record, voice),
        });
        let home = self.game_home(request, &title, server, outbox).await;
        let record = if home != game_place(&record) {
            self.store
                .set_game_thread(record.id, home.thread.as_deref())
                .await
                .map_err(BotError::internal)?
        } else {
            record
        };
        self.announce_start(request, &record, None, voice, outbox)
            .await
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
                        ChallengeTarget::User(user) => Some(user.display_name.clone()),
                        ChallengeTarget::Anyone => None,
                        ChallengeTarget::Bot(_) => Some("xiangqi-bot".to_string()),
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

    pub(super) async fn decline(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
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
            let text = voice.say(Msg::ChallengeDeclined {
                name: shown(&request.actor.name).to_string(),
                from: shown(&challenge.from.display_name).to_string(),
            });
            return post(outbox, &request.place, Reply::public(text)).await;
        }
        if let Some(challenge) = pending.iter().find(|c| c.from.id == request.actor.id) {
            self.store
                .decline_challenge(challenge.id, &me)
                .await
                .map_err(|e| store_error(e, 0))?;
            let text = voice.say(Msg::ChallengeWithdrawn {
                name: shown(&request.actor.name).to_string(),
            });
            return post(outbox, &request.place, Reply::public(text)).await;
        }
        // No challenge: perhaps an offer in the decliner's game.
        let Ok(game) = self.my_game(request).await else {
            return Err(BotError::NothingToDecline);
        };
        for kind in [OfferKind::Draw, OfferKind::Takeback] {
            match self.store.answer_offer(game.id, kind, &me, false).await {
                Ok(OfferAnswer::Declined(_)) => {
                    let text = voice.say(Msg::OfferDeclined {
                        game: game.id.0,
                        name: shown(&request.actor.name).to_string(),
                        kind: match kind {
                            OfferKind::Draw => "draw",
                            OfferKind::Takeback => "takeback",
                        }
                        .into(),
                    });
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
