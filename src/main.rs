//! The `xiangqi-bot` binary: the bot itself, plus the tools other parts and
//! outside checks rely on (perft, move lists, game status). Each subcommand
//! lives in its own module under `cli/`.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "xiangqi-bot",
    version,
    about = "A Xiangqi (Chinese chess) bot for Discord and the console"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree (move generator check and benchmark).
    Perft(cli::perft::PerftArgs),
    /// List the legal moves of positions in ICCS.
    Moves(cli::moves::MovesArgs),
}

fn main() -> ExitCode {
    cli::init_logging();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Moves(args)) => cli::moves::run(args),
        None => Err(anyhow::anyhow!(
            "the bot itself is not built yet; see `xiangqi-bot --help`"
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
