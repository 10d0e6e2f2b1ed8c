//! The console channel: one local "channel" on stdin/stdout. Commands are the
//! same words as on Discord without the prefix; replies are printed, and the
//! files that come with them (board PNGs, replays, records) are written to the
//! board directory and named in the reply. Works interactively and scripted
//! (stdin not a terminal); ends at EOF or `quit`.
//!
//! `as NAME <command>` runs one command as another user, so that a script can
//! play both sides of a challenge.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use clap::Args;
use tokio::io::{AsyncBufReadExt, BufReader};

use super::command::parse_user;
use super::config::BotArgs;
use super::reply::{Outbox, Reply};
use super::{Actor, Bot, Place, Request};

/// `xiangqi-bot console`'s flags.
#[derive(Args, Clone, Debug)]
pub struct ConsoleArgs {
    #[command(flatten)]
    pub bot: BotArgs,

    /// Who you are in the console (`as NAME <command>` acts as someone else once).
    /// The default is a name, not "you": replies speak of players in the third
    /// person ("Player resigns", "Player's last games").
    #[arg(long, env = "XIANGQI_USER", default_value = "Player")]
    pub user: String,
}

/// The console's one channel.
pub const CONSOLE_CHANNEL: &str = "console";

/// How often abandoned games are looked for while the console is open.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// Runs the console until EOF or `quit`.
pub async fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    let me = parse_user(&args.user).with_context(|| {
        format!(
            "--user `{}` is not a usable name (letters, digits, _ - .)",
            args.user
        )
    })?;
    let bot = Arc::new(Bot::connect(&args.bot).await?);
    let outbox = Arc::new(ConsoleOutbox::new(args.bot.board_dir.clone())?);
    bot.resume_pending(outbox.as_ref()).await;
    bot.sweep_idle(outbox.as_ref()).await;

    let sweeper = Bot::spawn_sweeper(bot.clone(), outbox.clone(), SWEEP_EVERY);

    let interactive = std::io::stdin().is_terminal();
    if interactive {
        println!(
            "Xiangqi console: you are {}. Type `help`, or `quit` to leave.",
            me.name
        );
    }
    let place = Place {
        guild: None,
        channel: CONSOLE_CHANNEL.to_string(),
        thread: None,
    };
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    loop {
        if interactive {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        let Some(line) = lines.next_line().await.context("reading stdin")? else {
            break;
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if matches!(line, "quit" | "exit") {
            break;
        }
        let (actor, text) = match split_as(line) {
            Ok(Some((actor, rest))) => (actor, rest),
            Ok(None) => (me.clone(), line),
            Err(message) => {
                outbox.post(&place, Reply::private(message)).await?;
                continue;
            }
        };
        match super::command::parse(text) {
            Ok(command) => {
                let request = Request {
                    actor,
                    place: place.clone(),
                    command,
                    locale: None,
                };
                bot.handle(&request, outbox.as_ref()).await;
            }
            Err(err) => {
                let voice = bot.voice(&actor, &place, None).await;
                outbox
                    .post(&place, Reply::private(err.message(voice)))
                    .await?;
            }
        }
    }
    sweeper.abort();
    Ok(())
}

/// `as NAME rest` → (NAME, rest); other lines → None.
fn split_as(line: &str) -> Result<Option<(Actor, &str)>, String> {
    let Some(rest) = line.strip_prefix("as ") else {
        return Ok(None);
    };
    let rest = rest.trim_start();
    let (name, command) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let actor = parse_user(name)
        .ok_or_else(|| format!("`{name}` is not a usable name; write `as NAME <command>`."))?;
    if command.trim().is_empty() {
        return Err(format!(
            "What should {name} do? Write `as {name} <command>`."
        ));
    }
    Ok(Some((actor, command.trim())))
}

/// Prints replies; writes their files into the board directory.
pub struct ConsoleOutbox {
    board_dir: PathBuf,
}

impl ConsoleOutbox {
    pub fn new(board_dir: PathBuf) -> anyhow::Result<ConsoleOutbox> {
        std::fs::create_dir_all(&board_dir)
            .with_context(|| format!("creating the board directory {}", board_dir.display()))?;
        Ok(ConsoleOutbox { board_dir })
    }

    fn save(&self, filename: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
        let path = self.board_dir.join(safe_filename(filename));
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }
}

/// Keeps only characters that are safe in a file name on any system.
fn safe_filename(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match cleaned.trim_start_matches('.') {
        "" => "file".to_string(),
        rest => rest.to_string(),
    }
}

#[async_trait]
impl Outbox for ConsoleOutbox {
    async fn post(&self, place: &Place, reply: Reply) -> anyhow::Result<()> {
        let mut text = String::new();
        if let Some(thread) = &place.thread {
            text.push_str(&format!("[{thread}] "));
        }
        if reply.private {
            text.push_str("(private) ");
        }
        text.push_str(&reply.text);
        for file in &reply.files {
            let path = self.save(&file.filename, &file.bytes)?;
            text.push_str(&format!("\n  file: {}", display_path(&path)));
        }
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{text}")?;
        stdout.flush()?;
        Ok(())
    }

    /// The console has one channel and no threads: games live in it.
    async fn open_thread(&self, _place: &Place, _title: &str) -> Option<Place> {
        None
    }
}

fn display_path(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_prefix_names_the_actor() {
        let (actor, rest) = split_as("as bob accept").unwrap().unwrap();
        assert_eq!(actor.name, "bob");
        assert_eq!(rest, "accept");
        assert!(split_as("as bob").is_err());
        assert!(split_as("as <bad> play").is_err());
        assert!(split_as("play").unwrap().is_none());
    }

    #[test]
    fn filenames_cannot_escape_the_board_dir() {
        assert_eq!(safe_filename("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(safe_filename("game-1-ply-2.png"), "game-1-ply-2.png");
        assert_eq!(safe_filename(""), "file");
        assert_eq!(safe_filename("..."), "file");
    }
}
