//! `help`: the commands, in the words a player types, listed from
//! [`COMMANDS`] by group.

use std::fmt::Write;

use super::commands_table::{Group, COMMANDS};
use super::reply::Reply;

/// The help text. The words are shown bare, as the console takes them;
/// on Discord they follow `!xq` or are picked under `/xiangqi`.
pub fn text() -> String {
    let mut text = String::from("**Xiangqi** — Chinese chess. Commands:");
    for group in Group::ALL {
        let _ = write!(text, "\n**{}**", group.title());
        for spec in COMMANDS.iter().filter(|spec| spec.group == group) {
            let _ = write!(text, "\n{} — {}", spec.usage(), spec.about);
        }
    }
    text
}

pub fn help() -> Reply {
    Reply::private(text())
}
