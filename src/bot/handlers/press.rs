//! A pressed button: who may press it, and the typed command it stands for.
//! A press is checked against the store (its id names the challenge), never
//! against anything remembered, so any process handles it, and then runs as
//! the command a user would type, through the same handlers. Two presses
//! answer before any command: a board's Move opens the form that asks for
//! the move, and its Resign asks privately for a confirmation.

use crate::i18n::Msg;
use crate::store::{
    Accepter, ChallengeId, ChallengeState, GameId, OfferKind, StoreError, TournamentId,
    TournamentState,
};

use crate::bot::vocabulary::command::{TournamentAction, TournamentVerb};

use crate::bot::handlers::challenge::not_for_you;
use crate::bot::services::games::{
    against_bot, load, seen_by_black, side_of, store_actor, user_ref,
};
use crate::bot::services::Core;
use crate::bot::vocabulary::buttons::{Action, Button, Form, Press, Style};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::request::Actor;
use crate::bot::vocabulary::voice::Voice;

/// What a press stands for: a typed command (the face turns it into its
/// `Command`: the command table sits above the handlers), or one of the
/// answers a press gets before any command runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// `accept <challenger>`: the pressed challenge, named by who made it.
    Accept(Actor),
    Decline,
    Draw,
    /// `move`, with the text the press's form sent back.
    Move,
    Resign,
    Takeback,
    Hint,
    /// `flip` of the pressed game.
    Flip(GameId),
    /// Open the form that asks for a move ([`move_form`]).
    AskMove,
    /// Ask privately whether to resign ([`resign_confirmation`]).
    AskResign,
    /// `review <game>`.
    Review(GameId),
    /// `rematch <game>`.
    Rematch(GameId),
    /// `tournament join <id>` or `tournament leave <id>`.
    Tournament(TournamentAction),
}

/// What a press comes to once checked: the command to run, or a refusal;
/// either way, whether the pressed message's buttons are spent (nothing
/// they offer can happen any more) and should be taken away.
pub struct Checked {
    pub outcome: BotResult<Typed>,
    pub spent: bool,
}

/// Checks `press` by `actor`: a challenge's Accept and Decline are for the
/// challenged player, its Withdraw for the challenger; anyone else is
/// refused and nothing changes.
pub async fn check(core: &Core, actor: &Actor, roles: &[String], press: Press) -> Checked {
    if press.action.on_tournament() {
        // The store checks the entry itself (closed, full, entered).
        let verb = match press.action {
            Action::LeaveTournament => TournamentVerb::Leave,
            _ => TournamentVerb::Join,
        };
        return Checked {
            outcome: Ok(Typed::Tournament(TournamentAction::On {
                verb,
                id: Some(TournamentId(press.target)),
            })),
            spent: false,
        };
    }
    if press.action.after_game() {
        return check_after_game(core, actor, press).await;
    }
    if !press.action.on_challenge() {
        return check_in_game(core, actor, press).await;
    }
    let refused = |err, spent| Checked {
        outcome: Err(err),
        spent,
    };
    let challenge = match core.store.challenge(ChallengeId(press.target)).await {
        Ok(Some(challenge)) => challenge,
        Ok(None) => return refused(BotError::ChallengeClosed, true),
        Err(err) => return refused(BotError::internal(err), false),
    };
    if challenge.state != ChallengeState::Pending {
        return refused(BotError::ChallengeClosed, true);
    }
    let me = store_actor(actor);
    let member = Accepter::Member {
        user: user_ref(actor),
        roles: roles.to_vec(),
    };
    let command = match press.action {
        // Joining one's own open challenge.
        Action::Accept if challenge.from.id == actor.id => {
            return refused(BotError::SelfChallenge, false)
        }
        Action::Accept if !challenge.accepts(&member) => {
            return refused(not_for_you(&challenge), false)
        }
        Action::Decline if !challenge.is_for(&me) => {
            return refused(not_for_you(&challenge), false)
        }
        Action::Withdraw if challenge.from.id != actor.id => {
            return refused(
                BotError::NotYourChallenge(challenge.from.display_name.clone()),
                false,
            )
        }
        Action::Accept => Typed::Accept(Actor {
            id: challenge.from.id.clone(),
            name: challenge.from.display_name.clone(),
        }),
        Action::Decline | Action::Withdraw => Typed::Decline,
        // Game actions were sent to `check_in_game` above.
        _ => return refused(BotError::PressNotUnderstood, false),
    };
    Checked {
        outcome: Ok(command),
        spent: false,
    }
}

/// A game's button: for its players only, and only at the position its
/// message showed; a press on an older position is refused as stale, and
/// one on a finished game as over, both spending the buttons. Move is
/// refused at once when it is not the presser's turn: the form would only
/// be refused once filled in.
async fn check_in_game(core: &Core, actor: &Actor, press: Press) -> Checked {
    let refused = |err, spent| Checked {
        outcome: Err(err),
        spent,
    };
    let id = GameId(press.target);
    let record = match core.store.game(id).await {
        Ok(record) => record,
        Err(StoreError::GameNotFound(_)) => return refused(BotError::GameNotFound(id), true),
        Err(err) => return refused(BotError::internal(err), false),
    };
    let Some(color) = side_of(&record, actor) else {
        let (red, black) = (record.red.clone(), record.black.clone());
        return refused(
            BotError::NotAPlayer {
                game: id,
                red,
                black,
            },
            false,
        );
    };
    if record.result.is_some() {
        return refused(BotError::GameOver(id), true);
    }
    if record.ply != press.ply {
        return refused(BotError::MovedOn(id), true);
    }
    let command = match press.action {
        Action::AcceptDraw | Action::OfferDraw => Typed::Draw,
        Action::DeclineDraw => Typed::Decline,
        Action::Move | Action::SubmitMove if record.side_to_move() != color => {
            let err = if against_bot(&record, color).is_some() {
                BotError::BotThinking(id)
            } else {
                BotError::NotYourTurn(id)
            };
            return refused(err, false);
        }
        Action::Move => Typed::AskMove,
        Action::SubmitMove => Typed::Move,
        Action::Resign => Typed::AskResign,
        Action::ConfirmResign => Typed::Resign,
        Action::Takeback => Typed::Takeback,
        Action::Hint => Typed::Hint,
        Action::Flip => Typed::Flip(id),
        // Challenge, finished-game and tournament actions never come here
        // (see `check`).
        Action::Accept
        | Action::Decline
        | Action::Withdraw
        | Action::Review
        | Action::Rematch
        | Action::JoinTournament
        | Action::LeaveTournament => return refused(BotError::PressNotUnderstood, false),
    };
    Checked {
        outcome: Ok(command),
        spent: false,
    }
}

/// The form a board's Move opens: one line for the move, in any notation,
/// sent back as a [`Action::SubmitMove`] press at the board's ply.
pub fn move_form(press: Press, voice: Voice) -> Form {
    Form {
        custom_id: Press {
            action: Action::SubmitMove,
            ..press
        }
        .custom_id(),
        title: voice.say(Msg::MoveFormTitle { game: press.target }),
        label: voice.say(Msg::MoveFormLabel),
        placeholder: voice.say(Msg::MoveFormPlaceholder),
    }
}

/// What a board's Resign answers, privately: the question, and the one
/// button that resigns.
pub fn resign_confirmation(press: Press, voice: Voice) -> Reply {
    Reply::private(voice.say(Msg::ResignConfirm { game: press.target })).with_buttons([Button {
        press: Press {
            action: Action::ConfirmResign,
            ..press
        },
        label: voice.say(Msg::ButtonConfirmResign),
        style: Style::Danger,
    }])
}

/// A refused press, said privately; a stale one ("the game has moved on")
/// shows the game's board as it is now, from the presser's seat.
pub async fn refusal(core: &Core, actor: &Actor, err: &BotError, voice: Voice) -> Reply {
    let mut reply = Reply::private(err.message(voice));
    if let BotError::MovedOn(id) = err {
        let board = async {
            let loaded = load(&core.store, *id).await?;
            let black_seat = seen_by_black(&loaded.record, Some(actor));
            core.boards
                .board(&loaded, black_seat, voice.style, voice)
                .await
        };
        match board.await {
            Ok(board) => reply.files.push(board),
            Err(err) => tracing::warn!(game = id.0, error = %err, "no board for a stale press"),
        }
    }
    reply
}

/// A finished game's button: Review for anyone (as a typed `review` is),
/// Rematch for its players only and once. The message keeps its buttons
/// (Review stays useful after a rematch), so nothing here spends them; the
/// typed command's own checks (a live game, a rematch already made) answer
/// the rest.
async fn check_after_game(core: &Core, actor: &Actor, press: Press) -> Checked {
    let id = GameId(press.target);
    let refused = |err| Checked {
        outcome: Err(err),
        spent: false,
    };
    if press.action == Action::Review {
        return Checked {
            outcome: Ok(Typed::Review(id)),
            spent: false,
        };
    }
    let record = match core.store.game(id).await {
        Ok(record) => record,
        Err(StoreError::GameNotFound(_)) => return refused(BotError::GameNotFound(id)),
        Err(err) => return refused(BotError::internal(err)),
    };
    let plays = [&record.red, &record.black]
        .into_iter()
        .any(|side| side.user_id() == Some(actor.id.as_str()));
    if !plays {
        return refused(BotError::NotYourRematch {
            game: id,
            red: record.red.clone(),
            black: record.black.clone(),
        });
    }
    Checked {
        outcome: Ok(Typed::Rematch(id)),
        spent: false,
    }
}

/// Whether a press's buttons are spent once its command ran: the challenge
/// is answered, withdrawn or expired (or gone); the game moved on or ended,
/// or, for a draw offer's buttons, has no draw offer standing any more.
pub async fn spent_after(core: &Core, press: Press) -> bool {
    if press.action.on_tournament() {
        return match core.store.tournament(TournamentId(press.target)).await {
            Ok(Some(t)) => t.state != TournamentState::Registering,
            Ok(None) => true,
            Err(_) => false,
        };
    }
    if press.action.after_game() {
        return false;
    }
    if !press.action.on_challenge() {
        let id = GameId(press.target);
        let offer_buttons = matches!(press.action, Action::AcceptDraw | Action::DeclineDraw);
        return match (
            core.store.game(id).await,
            core.store.pending_offers(id).await,
        ) {
            (Ok(record), Ok(offers)) => {
                record.result.is_some()
                    || record.ply != press.ply
                    || (offer_buttons && !offers.iter().any(|offer| offer.kind == OfferKind::Draw))
            }
            _ => false,
        };
    }
    match core.store.challenge(ChallengeId(press.target)).await {
        Ok(Some(challenge)) => challenge.state != ChallengeState::Pending,
        Ok(None) => true,
        // Unknown: leave the buttons; a later press is checked again.
        Err(_) => false,
    }
}
