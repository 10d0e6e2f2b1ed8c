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

    /// How log lines (on stderr) are written: `text` for people, `json`
    /// for a log collector (one object a line, with the fields of the spans
    /// it happened in, such as the game and the shard).
    #[arg(long, global = true, env = "XIANGQI_LOG_FORMAT", value_enum, default_value_t = cli::LogFormat::Text)]
    log_format: cli::LogFormat,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree (move generator check and benchmark).
    Perft(cli::perft::PerftArgs),
    /// List the legal moves of positions in ICCS.
    Moves(cli::moves::MovesArgs),
    /// Speak UCI on stdin/stdout (Pikafish-style, ICCS moves), for GUIs and match tools.
    Uci,
    /// Search a built-in set of positions to a fixed depth; prints nodes, time and speed.
    Bench {
        /// Search depth in plies.
        #[arg(long, default_value_t = cli::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = xiangqi_bot::engine::DEFAULT_HASH_MB)]
        hash: usize,
    },
    /// Read `FEN [moves m1 m2 ...]` lines on stdin, play the moves and print
    /// `RESULT REASON` for each (`1-0 checkmate`, `* ongoing`); or replay the
    /// games of a PGN file (`--pgn`).
    Status(cli::status::StatusArgs),
    /// Draw a position as the PNG the bot posts.
    Render(cli::render::RenderArgs),
    /// Play two engines against each other (ours at a level or budget, or any
    /// UCI/UCCI engine): results judged by our rules, SPRT, Elo, PGN.
    Match(cli::matches::MatchArgs),
    /// Engine self-play: writes quiet positions labelled with results, for `tune`.
    Selfplay(cli::selfplay::SelfPlayArgs),
    /// Puzzles: generate a set from engine games, or verify one.
    Puzzles(cli::puzzles::PuzzlesArgs),
    /// Fits the evaluation's weights to `selfplay` positions (Texel tuning).
    Tune(cli::tune::TuneArgs),
    /// Review games read on stdin (`FEN|startpos [moves ...]` a line): each
    /// move's class, evaluation and the engine's choice, then each side's
    /// accuracy; `--graph` draws the evaluation.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Fit the review's win-rate scale to the engine's self-play results.
    FitWinRate(cli::fit_win_rate::FitWinRateArgs),
    /// Play in the local console channel: commands on stdin, replies on stdout,
    /// board pictures in the board directory.
    Console(xiangqi_bot::transport::console::ConsoleArgs),
    /// Run the Discord bot (needs DISCORD_TOKEN; see the README's Discord setup).
    Discord(xiangqi_bot::transport::discord::DiscordArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::init_logging(cli.log_format);
    let result = match cli.command {
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Moves(args)) => cli::moves::run(args),
        Some(Command::Uci) => cli::uci::run(),
        Some(Command::Bench { depth, hash }) => cli::bench::run(depth, hash),
        Some(Command::Status(args)) => cli::status::run_args(args),
        Some(Command::Render(args)) => cli::render::run(args),
        Some(Command::Match(args)) => cli::matches::run(args),
        Some(Command::Selfplay(args)) => cli::selfplay::run(args),
        Some(Command::Puzzles(args)) => cli::puzzles::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Analyze(args)) => cli::analyze::run(args),
        Some(Command::FitWinRate(args)) => cli::fit_win_rate::run(args),
        None => cli::bot::run_default(),
        Some(Command::Console(args)) => cli::bot::run_console(args),
        Some(Command::Discord(args)) => cli::bot::run_discord(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
