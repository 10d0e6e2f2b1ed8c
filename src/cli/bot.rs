//! Running the bot: `xiangqi-bot` alone picks the transport (Discord when
//! `DISCORD_TOKEN` is set, else the console); `xiangqi-bot console` names it.

use clap::Parser;

use xiangqi_bot::transport::console::{self, ConsoleArgs};
use xiangqi_bot::transport::discord::{self, DiscordArgs};

/// The console's settings when no subcommand was given: flags cannot be
/// passed then, so only the environment and the defaults apply.
#[derive(Parser)]
struct DefaultConsole {
    #[command(flatten)]
    args: ConsoleArgs,
}

/// The Discord bot's settings when no subcommand was given (environment only).
#[derive(Parser)]
struct DefaultDiscord {
    #[command(flatten)]
    args: DiscordArgs,
}

/// `xiangqi-bot` with no subcommand.
pub fn run_default() -> anyhow::Result<()> {
    if std::env::var_os("DISCORD_TOKEN").is_some_and(|t| !t.is_empty()) {
        let args = DefaultDiscord::parse_from(["xiangqi-bot"]).args;
        return run_discord(args);
    }
    let args = DefaultConsole::parse_from(["xiangqi-bot"]).args;
    run_console(args)
}

/// `xiangqi-bot console`.
pub fn run_console(args: ConsoleArgs) -> anyhow::Result<()> {
    console::run(args)
}

/// `xiangqi-bot discord`.
pub fn run_discord(args: DiscordArgs) -> anyhow::Result<()> {
    discord::run(args)
}
