//! `help`: the commands, in the words a player types, listed from
//! [`COMMANDS`] by group, explained in the reader's language.

use std::fmt::Write;

use super::commands_table::{Group, COMMANDS};
use super::reply::Reply;
use super::voice::Voice;
use crate::i18n::Msg;

/// The help text. The words are shown bare, as the console takes them;
/// on Discord they follow `!xq` or are picked under `/xiangqi`.
pub fn text(voice: Voice) -> String {
    let mut text = voice.say(Msg::HelpTitle);
    for group in Group::ALL {
        let _ = write!(text, "\n**{}**", voice.say(group.title()));
        for spec in COMMANDS.iter().filter(|spec| spec.group == group) {
            let _ = write!(
                text,
                "\n{} — {}",
                spec.usage(),
                voice.say(spec.about.clone())
            );
        }
    }
    text
}

pub fn help(voice: Voice) -> Reply {
    Reply::private(text(voice))
}
