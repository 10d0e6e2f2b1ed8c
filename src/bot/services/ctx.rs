//! What a handler is given for one request: the bot's state, who asked and
//! where, their settings and voice, and the outbox to answer through.

use super::state::Core;
use super::timing::{self, Phase};
use crate::bot::vocabulary::command::CommandSpec;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::{Outbox, Reply};
use crate::bot::vocabulary::request::{Actor, Place, Requester};
use crate::bot::vocabulary::settings::Settings;
use crate::bot::vocabulary::voice::Voice;

/// One request as its handler sees it.
pub struct Ctx<'a> {
    pub core: &'a Core,
    pub requester: &'a Requester,
    /// What the requester and their server chose.
    pub settings: &'a Settings,
    /// How to speak to the requester.
    pub voice: Voice,
    pub outbox: &'a dyn Outbox,
    /// The command was chat that looked like one (a bare move): say nothing
    /// where it means nothing.
    pub bare: bool,
    /// Every command, for the help.
    pub commands: &'static [CommandSpec],
}

impl Ctx<'_> {
    pub fn actor(&self) -> &Actor {
        &self.requester.actor
    }

    pub fn place(&self) -> &Place {
        &self.requester.place
    }

    /// Posts `reply` where the request was made.
    pub async fn answer(&self, reply: Reply) -> BotResult<()> {
        post(self.outbox, self.place(), reply).await
    }
}

/// Posts one reply; a transport failure is the bot's fault, not the user's.
pub async fn post(outbox: &dyn Outbox, place: &Place, reply: Reply) -> BotResult<()> {
    timing::timed(Phase::Post, outbox.post(place, reply))
        .await
        .map_err(BotError::internal)
}
