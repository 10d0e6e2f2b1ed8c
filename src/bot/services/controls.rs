//! The buttons on a live game's board (Move, Draw, Takeback, Hint, Flip,
//! Resign): what a player presses instead of typing, each naming the game
//! and the ply the board shows, so a press on an older board is known as
//! stale. A finished game's board carries none.

use crate::i18n::Msg;

use super::games::LoadedGame;
use super::state::Core;
use crate::bot::vocabulary::buttons::{Action, Button, Press, Style};
use crate::bot::vocabulary::voice::Voice;

/// The controls for `game`'s board as it is now; none once it is over.
/// Hint only against the bot and when hints are on, since between people
/// a hint is refused.
pub fn board_controls(core: &Core, game: &LoadedGame, voice: Voice) -> Vec<Button> {
    if !game.record.is_live() {
        return Vec::new();
    }
    let against_bot =
        game.record.red.bot_level().is_some() || game.record.black.bot_level().is_some();
    let button = |action, label, style| {
        let press = Press {
            action,
            target: game.id().0,
            ply: game.ply(),
        };
        press.button(voice, label, style)
    };
    let mut buttons = vec![
        button(Action::Move, Msg::ButtonMove, Style::Primary),
        button(Action::OfferDraw, Msg::ButtonOfferDraw, Style::Secondary),
        button(Action::Takeback, Msg::ButtonTakeback, Style::Secondary),
    ];
    if against_bot && core.config.hints {
        buttons.push(button(Action::Hint, Msg::ButtonHint, Style::Secondary));
    }
    buttons.push(button(Action::Flip, Msg::ButtonFlip, Style::Secondary));
    // Last, so that on Discord it starts a row of its own or ends the
    // first, away from Move.
    buttons.push(button(Action::Resign, Msg::ButtonResign, Style::Danger));
    buttons
}
