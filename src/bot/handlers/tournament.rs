//! `tournament [action]`: Swiss and round-robin tournaments in a server.
//! Anyone lists them, joins and leaves (by command or by the Join and
//! Leave buttons on the announcement), and reads the standings and
//! pairings; members who may manage the server, or who hold the server's
//! tournament role, create, start early, cancel, and enter the bot. The
//! rounds themselves are the background's (`background::tournaments`):
//! a tournament runs whether or not anyone asks.

use crate::engine::Level;
use crate::i18n::Msg;
use crate::store::{
    BotLevel, EntryRefusal, Left, NewTournament, Participant, Rating, TournamentFormat,
    TournamentId, TournamentRecord, TournamentState, MAX_TOURNAMENT_ENTRANTS, MAX_TOURNAMENT_NAME,
};

use crate::bot::services::games::user_ref;
use crate::bot::services::tournament_rounds::{
    board_lines, round_games, standings_picture, tick_tournament,
};
use crate::bot::services::tournaments::{entrants_text, shown_name, standings_text, status, terms};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::buttons::{Action, Button, Press, Style};
use crate::bot::vocabulary::command::tournament::DEFAULT_SWISS_ROUNDS;
use crate::bot::vocabulary::command::{TournamentAction, TournamentTerms, TournamentVerb};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::permissions::Right;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::settings::keys::{self, DEFAULT_LEVEL};
use crate::bot::vocabulary::voice::Voice;

pub async fn tournament(ctx: &Ctx<'_>, action: Option<TournamentAction>) -> BotResult<()> {
    if ctx.place().guild.is_none() && ctx.outbox.is_direct_message(ctx.place()) {
        return Err(BotError::Refused(Box::new(Msg::TournamentInDm)));
    }
    match action.unwrap_or(TournamentAction::List) {
        TournamentAction::List => list(ctx).await,
        TournamentAction::Create(terms) => create(ctx, terms).await,
        TournamentAction::On { verb, id } => {
            let record = find(ctx, id).await?;
            match verb {
                TournamentVerb::Join => join(ctx, &record).await,
                TournamentVerb::Leave => leave(ctx, &record).await,
                TournamentVerb::Start => start(ctx, &record).await,
                TournamentVerb::Cancel => cancel(ctx, &record).await,
                TournamentVerb::Standings => standings(ctx, &record).await,
                TournamentVerb::Pairings => pairings(ctx, &record).await,
            }
        }
        TournamentAction::Bot { level, id } => {
            let record = find(ctx, id).await?;
            enter_bot(ctx, &record, level).await
        }
    }
}

/// The Join and Leave buttons of a tournament taking entrants.
pub fn entry_buttons(id: TournamentId, voice: Voice) -> [Button; 2] {
    let press = |action| Press {
        action,
        target: id.0,
        ply: 0,
    };
    [
        press(Action::JoinTournament).button(voice, Msg::ButtonJoinTournament, Style::Primary),
        press(Action::LeaveTournament).button(voice, Msg::ButtonLeaveTournament, Style::Secondary),
    ]
}

fn refused(msg: Msg) -> BotError {
    BotError::Refused(Box::new(msg))
}

/// Whether a tournament record is this server's (or, outside servers, this
/// channel's): a number from elsewhere names nothing here.
fn is_here(ctx: &Ctx<'_>, record: &TournamentRecord) -> bool {
    match (&record.guild_id, &ctx.place().guild) {
        (Some(theirs), Some(ours)) => theirs == ours,
        (None, None) => record.channel_id == ctx.place().channel,
        _ => false,
    }
}

/// The tournament `id` names, or else the one open here.
async fn find(ctx: &Ctx<'_>, id: Option<TournamentId>) -> BotResult<TournamentRecord> {
    let store = &ctx.core.store;
    if let Some(id) = id {
        return match store.tournament(id).await.map_err(BotError::internal)? {
            Some(record) if is_here(ctx, &record) => Ok(record),
            _ => Err(refused(Msg::TournamentNotFound { id: id.0 })),
        };
    }
    let place = ctx.place();
    let mut open = store
        .open_tournaments(place.guild.as_deref(), &place.channel)
        .await
        .map_err(BotError::internal)?;
    match open.len() {
        0 => Err(refused(Msg::TournamentNoneHere)),
        1 => Ok(open.remove(0)),
        _ => Err(refused(Msg::TournamentWhich {
            ids: open
                .iter()
                .map(|t| format!("#{}", t.id))
                .collect::<Vec<_>>()
                .join(", "),
        })),
    }
}

/// Managing tournaments is for members who may manage the server, or who
/// hold the role the server chose; both as the platform reports them.
fn may_organise(ctx: &Ctx<'_>) -> BotResult<()> {
    if Right::ManageServer.granted(ctx.requester.permissions) {
        return Ok(());
    }
    if let Some(role) = ctx.settings.server.role(keys::TOURNAMENT_ROLE) {
        if ctx.requester.roles.iter().any(|held| held == role) {
            return Ok(());
        }
    }
    Err(BotError::NotAllowed {
        right: Right::ManageServer,
        known: ctx.requester.permissions.is_some(),
    })
}

async fn list(ctx: &Ctx<'_>) -> BotResult<()> {
    let (voice, place) = (ctx.voice, ctx.place());
    let open = ctx
        .core
        .store
        .open_tournaments(place.guild.as_deref(), &place.channel)
        .await
        .map_err(BotError::internal)?;
    if open.is_empty() {
        return ctx
            .answer(Reply::public(voice.say(Msg::TournamentNoneHere)))
            .await;
    }
    let now = ctx.core.store.now();
    let mut lines = vec![voice.say(Msg::TournamentListHeader)];
    lines.extend(open.iter().map(|t| {
        voice.say(Msg::TournamentListLine {
            id: t.id.0,
            name: shown_name(t),
            terms: terms(t, voice),
            status: status(t, now, voice),
        })
    }));
    ctx.answer(Reply::public(lines.join("\n"))).await
}

async fn create(ctx: &Ctx<'_>, given: TournamentTerms) -> BotResult<()> {
    may_organise(ctx)?;
    let (core, voice) = (ctx.core, ctx.voice);
    let name = given.name.unwrap_or_else(|| {
        // A long display name must not make the name too long to store.
        voice
            .say(Msg::TournamentDefaultName {
                name: ctx.actor().name.clone(),
            })
            .chars()
            .take(MAX_TOURNAMENT_NAME)
            .collect()
    });
    let rounds = match given.format {
        TournamentFormat::Swiss => given.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
        TournamentFormat::RoundRobin => 0,
    };
    let starts_in = std::time::Duration::from_secs(u64::from(given.starts_in_minutes) * 60);
    let record = core
        .store
        .create_tournament(NewTournament {
            guild_id: ctx.place().guild.clone(),
            channel_id: ctx.place().channel.clone(),
            name,
            format: given.format,
            rounds,
            time_control: given.time,
            rated: given.rated,
            starts_at: core.store.now() + starts_in.as_millis() as i64,
            created_by: user_ref(ctx.actor()),
        })
        .await
        .map_err(BotError::internal)?;
    let text = voice.say(Msg::TournamentCreated {
        id: record.id.0,
        name: shown_name(&record),
        terms: terms(&record, voice),
        within: voice.duration(starts_in),
    });
    ctx.answer(Reply::public(text).with_buttons(entry_buttons(record.id, voice)))
        .await
}

fn entry_refusal(refusal: EntryRefusal, record: &TournamentRecord) -> BotError {
    let tournament = shown_name(record);
    refused(match refusal {
        EntryRefusal::NoSuchTournament => Msg::TournamentNotFound { id: record.id.0 },
        EntryRefusal::Closed => Msg::TournamentClosed { tournament },
        EntryRefusal::AlreadyEntered => Msg::TournamentAlreadyEntered { tournament },
        EntryRefusal::BotAlreadyEntered => Msg::TournamentBotAlreadyEntered { tournament },
        EntryRefusal::Full => Msg::TournamentFull {
            tournament,
            max: MAX_TOURNAMENT_ENTRANTS as i64,
        },
    })
}

async fn register(
    ctx: &Ctx<'_>,
    record: &TournamentRecord,
    who: Participant,
    rating: Option<f64>,
) -> BotResult<()> {
    let voice = ctx.voice;
    let player = shown(&voice.name_of(&who)).to_string();
    let entered = ctx
        .core
        .store
        .register_entrant(record.id, who, rating)
        .await
        .map_err(BotError::internal)?
        .map_err(|refusal| entry_refusal(refusal, record))?;
    ctx.answer(Reply::public(voice.say(Msg::TournamentJoined {
        player,
        tournament: shown_name(&entered),
        count: entered.entrants.len() as i64,
    })))
    .await
}

pub async fn join(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    let who = Participant::User(user_ref(ctx.actor()));
    register(ctx, record, who, None).await
}

pub async fn leave(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    let voice = ctx.voice;
    let left = ctx
        .core
        .store
        .leave_tournament(record.id, &ctx.actor().id)
        .await
        .map_err(BotError::internal)?;
    let (player, tournament) = (shown(&ctx.actor().name).to_string(), shown_name(record));
    let text = match left {
        Left::Unregistered => Msg::TournamentUnregistered { player, tournament },
        Left::Withdrawn { from } => Msg::TournamentWithdrawn {
            player,
            tournament,
            round: i64::from(from) + 1,
        },
        Left::NotEntered => return Err(refused(Msg::TournamentNotEntered { tournament })),
    };
    ctx.answer(Reply::public(voice.say(text))).await
}

async fn enter_bot(
    ctx: &Ctx<'_>,
    record: &TournamentRecord,
    level: Option<Level>,
) -> BotResult<()> {
    may_organise(ctx)?;
    let level = level
        .or_else(|| ctx.settings.server.level(keys::LEVEL))
        .unwrap_or(DEFAULT_LEVEL);
    let rating = Rating::bot(level).rating;
    let level = BotLevel::new(level.number()).map_err(BotError::internal)?;
    register(ctx, record, Participant::Bot(level), Some(rating)).await
}

/// Starts registration's end now: the background's own step, so that the
/// seating, the first round and its announcement are the same as at the
/// set time.
async fn start(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    may_organise(ctx)?;
    if record.state != TournamentState::Registering {
        return Err(refused(Msg::TournamentNotRegistering {
            tournament: shown_name(record),
        }));
    }
    tick_tournament(ctx.core, ctx.outbox, record.id, true).await?;
    let started = ctx
        .core
        .store
        .tournament(record.id)
        .await
        .map_err(BotError::internal)?;
    if !ctx.outbox.answers_every_request() {
        return Ok(());
    }
    // The round (or the calling off) went out in the channel; an
    // interaction still wants its own answer.
    let tournament = shown_name(record);
    let said = match started.map(|t| t.state) {
        Some(TournamentState::Running | TournamentState::Finished) => {
            Msg::TournamentStartedNow { tournament }
        }
        Some(TournamentState::Cancelled) => Msg::TournamentCancelledFew { tournament },
        _ => return Ok(()),
    };
    ctx.answer(Reply::private(ctx.voice.say(said))).await
}

async fn cancel(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    may_organise(ctx)?;
    let tournament = shown_name(record);
    let cancelled = ctx
        .core
        .store
        .cancel_tournament(record.id)
        .await
        .map_err(BotError::internal)?;
    if !cancelled {
        return Err(refused(Msg::TournamentNotFound { id: record.id.0 }));
    }
    ctx.answer(Reply::public(
        ctx.voice.say(Msg::TournamentCancelled { tournament }),
    ))
    .await
}

async fn standings(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    let voice = ctx.voice;
    if record.rounds_paired == 0 {
        return ctx
            .answer(Reply::public(entrants_text(record, voice)))
            .await;
    }
    let mut reply = Reply::public(standings_text(record, voice));
    reply
        .files
        .push(standings_picture(ctx.core, record, voice).await?);
    ctx.answer(reply).await
}

async fn pairings(ctx: &Ctx<'_>, record: &TournamentRecord) -> BotResult<()> {
    let voice = ctx.voice;
    let Some(round) = record.rounds_paired.checked_sub(1) else {
        return Err(refused(Msg::TournamentNoPairings {
            tournament: shown_name(record),
        }));
    };
    let games = round_games(ctx.core, record, round).await?;
    let boards = board_lines(record, round, &games, voice, ctx.outbox);
    let text = voice.say(Msg::TournamentRound {
        tournament: shown_name(record),
        round: i64::from(round) + 1,
        rounds: record.rounds.into(),
        boards,
    });
    ctx.answer(Reply::public(text)).await
}
