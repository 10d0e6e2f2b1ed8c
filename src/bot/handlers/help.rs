//! `help`: the commands, in the words a player types, listed from the
//! command table by group, explained in the reader's language.

use std::fmt::Write;

use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::{CommandSpec, Group};
use crate::bot::vocabulary::error::BotResult;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::voice::Voice;
use crate::i18n::Msg;

/// The help text for `commands`, each as it is given where the reader is:
/// bare words (the console), or under `/xiangqi` (the voice's surface).
pub fn text(commands: &[CommandSpec], voice: Voice) -> String {
    let prefix = voice.surface.command_prefix();
    let mut text = voice.say(Msg::HelpTitle);
    for group in Group::ALL {
        let _ = write!(text, "\n**{}**", voice.say(group.title()));
        for spec in commands.iter().filter(|spec| spec.group == group) {
            let _ = write!(
                text,
                "\n{} — {}",
                spec.usage().replacen('`', &format!("`{prefix}"), 1),
                voice.say(spec.about.clone())
            );
        }
    }
    text
}

/// `help`, privately.
pub async fn help(ctx: &Ctx<'_>) -> BotResult<()> {
    ctx.answer(Reply::private(text(ctx.commands, ctx.voice)))
        .await
}
