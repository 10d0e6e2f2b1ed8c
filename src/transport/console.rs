//! The console channel: one local "channel" on stdin/stdout. Commands are the
//! same words as on Discord without the prefix; replies are printed, and the
//! files that come with them (board PNGs, replays, records) are written to the
//! board directory and named in the reply. Works interactively and scripted
//! (stdin not a terminal); ends at EOF or `quit`.
//!
//! `as NAME <command>` runs one command as another user, so that a script can
//! play both sides of a challenge.

use crate::i18n::{Lang, Msg};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use clap::Args;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::bot::{
    parse, parse_user, Actor, Bot, BotArgs, Outbox, Permissions, Place, Reply, Request,
};

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
/// The console's server, whose settings its local user manages.
pub const CONSOLE_SERVER: &str = "console";

/// How often abandoned games are looked for while the console is open.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// Runs the console until EOF or `quit`, on a runtime of its own.
pub fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    super::on_new_runtime(serve(args))
}

async fn serve(args: ConsoleArgs) -> anyhow::Result<()> {
    let me = parse_user(&args.user).with_context(|| {
        format!(
            "--user `{}` is not a usable name (letters, digits, _ - .)",
            args.user
        )
    })?;
    let bot = Arc::new(Bot::connect(&args.bot).await?);
    if let Some(addr) = args.bot.metrics_addr {
        // The console is always connected: ready means the store and the stop.
        super::ops::serve(addr, bot.clone(), Box::new(|| Box::pin(async { true }))).await?;
    }
    let outbox =
        Arc::new(ConsoleOutbox::new(args.bot.board_dir.clone())?.speaking(bot.config().lang));
    bot.resume_pending(outbox.as_ref()).await;
    bot.sweep_idle(outbox.as_ref()).await;

    let sweeper = Bot::spawn_sweeper(bot.clone(), outbox.clone(), SWEEP_EVERY);
    let worker = Bot::spawn_engine_worker(bot.clone(), outbox.clone());
    let stop = super::stopping::stop_requested();
    tokio::pin!(stop);

    let interactive = std::io::stdin().is_terminal();
    if interactive {
        let lang = bot.config().lang;
        println!(
            "{}",
            lang.text(Msg::ConsoleWelcome {
                name: me.name.clone()
            })
        );
    }
    let place = Place {
        // No guild: the console's games have always been stored without
        // one; its server settings are found through `settings_server`.
        guild: None,
        channel: CONSOLE_CHANNEL.to_string(),
        thread: None,
    };
    let mut lines = BufReader::new(tokio::io::stdin()).split(b'\n');
    let mut number = 0;
    loop {
        if interactive {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        let next = tokio::select! {
            // A stop already asked for wins over a line already typed.
            biased;
            signal = &mut stop => {
                tracing::info!(signal, "stopping");
                break;
            }
            next = lines.next_segment() => next,
        };
        let Some(bytes) = next.context("reading stdin")? else {
            break;
        };
        number += 1;
        let line = match crate::lines::decode(bytes, number) {
            Ok(line) => line,
            Err(not_text) => {
                outbox
                    .post(&place, Reply::private(not_text.to_string()))
                    .await?;
                continue;
            }
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
            Err(msg) => {
                let voice = bot.voice(&me, &place, None).await;
                outbox.post(&place, Reply::private(voice.say(msg))).await?;
                continue;
            }
        };
        // The console's own user runs the bot and is its server's admin;
        // users played with `as NAME` are not.
        let permissions = if actor.id == me.id {
            Permissions::ALL
        } else {
            Permissions::NONE
        };
        match parse(text) {
            Ok(command) => {
                let request = Request {
                    actor,
                    place: place.clone(),
                    command,
                    locale: None,
                    permissions: Some(permissions),
                    roles: Vec::new(),
                };
                let handling = bot.handle(&request, outbox.as_ref());
                tokio::pin!(handling);
                tokio::select! {
                    () = &mut handling => {}
                    signal = &mut stop => {
                        // Mid-command (the bot thinking, say): the command
                        // finishes or its move is released, as shutting
                        // down decides, and nothing more is read.
                        tracing::info!(signal, "stopping");
                        tokio::join!(handling, bot.shut_down(bot.config().shutdown_grace));
                        sweeper.abort();
                        worker.abort();
                        return Ok(());
                    }
                }
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
    bot.shut_down(bot.config().shutdown_grace).await;
    worker.abort();
    Ok(())
}

/// `as NAME rest` → (NAME, rest); other lines → None.
fn split_as(line: &str) -> Result<Option<(Actor, &str)>, Msg> {
    let Some(rest) = line.strip_prefix("as ") else {
        return Ok(None);
    };
    let rest = rest.trim_start();
    let (name, command) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let actor = parse_user(name).ok_or_else(|| Msg::ConsoleBadName {
        name: crate::bot::markup::in_code(name),
    })?;
    if command.trim().is_empty() {
        return Err(Msg::ConsoleWhatShould {
            name: name.to_string(),
        });
    }
    Ok(Some((actor, command.trim())))
}

/// Files the console keeps in its board directory: the newest ones it wrote
/// (boards, records, replays), older ones deleted as new ones come. Without a
/// bound the directory grew without end (1,500 files, 67 MB for 500 games).
pub const KEEP_BOARD_FILES: usize = 200;

/// Prints replies; writes their files into the board directory, keeping the
/// newest [`KEEP_BOARD_FILES`].
pub struct ConsoleOutbox {
    board_dir: PathBuf,
    /// The console's language, for its own marks around the replies.
    lang: Lang,
    /// The files it wrote (this run's and, found at start, earlier runs'),
    /// oldest first.
    written: std::sync::Mutex<std::collections::VecDeque<PathBuf>>,
}

impl ConsoleOutbox {
    pub fn new(board_dir: PathBuf) -> anyhow::Result<ConsoleOutbox> {
        std::fs::create_dir_all(&board_dir)
            .with_context(|| format!("creating the board directory {}", board_dir.display()))?;
        let written = earlier_files(&board_dir)
            .with_context(|| format!("listing the board directory {}", board_dir.display()))?;
        Ok(ConsoleOutbox {
            board_dir,
            lang: Lang::default(),
            written: std::sync::Mutex::new(written),
        })
    }

    /// The same, marking replies in `lang`.
    pub fn speaking(self, lang: Lang) -> ConsoleOutbox {
        ConsoleOutbox { lang, ..self }
    }

    fn save(&self, filename: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
        let path = self.board_dir.join(safe_filename(filename));
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        written.retain(|earlier| earlier != &path);
        written.push_back(path.clone());
        while written.len() > KEEP_BOARD_FILES {
            if let Some(old) = written.pop_front() {
                if let Err(err) = std::fs::remove_file(&old) {
                    tracing::warn!(file = %old.display(), error = %err, "could not delete an old board file");
                }
            }
        }
        Ok(path)
    }
}

/// The files an earlier run wrote in `dir` (named `game-…`), oldest first.
fn earlier_files(dir: &Path) -> std::io::Result<std::collections::VecDeque<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with("game-") && entry.file_type()?.is_file()
        {
            found.push((entry.metadata()?.modified()?, entry.path()));
        }
    }
    found.sort();
    Ok(found.into_iter().map(|(_, path)| path).collect())
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
            text.push_str(&self.lang.text(Msg::ConsolePrivate));
            text.push(' ');
        }
        text.push_str(&reply.text);
        // The console has no buttons: the words that do the same.
        if let Some(line) = crate::bot::typed_line(&reply.buttons) {
            text.push_str("\n  ");
            text.push_str(&line);
        }
        for file in &reply.files {
            let path = self.save(&file.filename, &file.bytes)?;
            text.push_str("\n  ");
            text.push_str(&self.lang.text(Msg::ConsoleFile {
                path: display_path(&path),
            }));
        }
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{text}")?;
        stdout.flush()?;
        Ok(())
    }

    /// A line of its own, between the replies.
    async fn progress(&self, _place: &Place, text: &str) -> anyhow::Result<()> {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{text}")?;
        stdout.flush()?;
        Ok(())
    }

    /// The console has one channel and no threads: games live in it.
    async fn open_thread(&self, _place: &Place, _title: &str) -> Option<Place> {
        None
    }

    /// The console is one server of its own, run by its local user.
    fn settings_server(&self, _place: &Place) -> Option<String> {
        Some(CONSOLE_SERVER.to_owned())
    }
}

fn display_path(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_directory_keeps_the_newest_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.txt"), b"not ours").unwrap();
        let outbox = ConsoleOutbox::new(dir.path().to_path_buf()).unwrap();
        for n in 0..KEEP_BOARD_FILES + 5 {
            outbox.save(&format!("game-1-ply-{n}.png"), b"png").unwrap();
        }
        let count = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(
            count,
            KEEP_BOARD_FILES + 1,
            "the newest, and the file not ours"
        );
        assert!(!dir.path().join("game-1-ply-4.png").exists());
        assert!(dir.path().join("game-1-ply-5.png").exists());
        assert!(dir.path().join("notes.txt").exists());
        // A restart counts what the last run left.
        let again = ConsoleOutbox::new(dir.path().to_path_buf()).unwrap();
        again.save("game-2-ply-0.png", b"png").unwrap();
        let count = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(count, KEEP_BOARD_FILES + 1);
    }

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
