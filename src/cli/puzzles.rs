//! `xiangqi-bot puzzles generate` and `xiangqi-bot puzzles verify`: the
//! puzzle set is made and re-checked here (see `docs/puzzles.md`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use xiangqi_bot::puzzles::analysis::Budgets;
use xiangqi_bot::puzzles::format::{parse_file, HEADER};
use xiangqi_bot::puzzles::generate::{generate, GenerateSettings};
use xiangqi_bot::puzzles::verify::verify;

#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(clap::Subcommand)]
enum PuzzlesCommand {
    /// Play engine games and write the puzzles found in them (TSV).
    Generate(GenerateArgs),
    /// Re-check every puzzle of a file; one line per refused puzzle, and a
    /// failing exit status when there is any.
    Verify(VerifyArgs),
}

/// The engine's depths and the decisive score; the same values must be given
/// to `verify` as to `generate`.
#[derive(clap::Args)]
struct BudgetArgs {
    /// Depth of the search that proposes each solver's move.
    #[arg(long, default_value_t = Budgets::default().find_depth, value_parser = clap::value_parser!(u32).range(1..=20))]
    find_depth: u32,
    /// Depth of the searches that check each solver's move and choose the
    /// replies (more than --find-depth).
    #[arg(long, default_value_t = Budgets::default().check_depth, value_parser = clap::value_parser!(u32).range(2..=24))]
    check_depth: u32,
    /// Centipawns (the solver's view) from which a win counts as decisive.
    #[arg(long, default_value_t = Budgets::default().decisive_cp, value_parser = clap::value_parser!(i32).range(50..=5000))]
    decisive_cp: i32,
    /// Threads (1 to 64).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
}

impl BudgetArgs {
    fn budgets(&self) -> anyhow::Result<Budgets> {
        anyhow::ensure!(
            self.check_depth > self.find_depth,
            "--check-depth ({}) must be more than --find-depth ({}): the check is the deeper search",
            self.check_depth,
            self.find_depth
        );
        Ok(Budgets {
            find_depth: self.find_depth,
            check_depth: self.check_depth,
            decisive_cp: self.decisive_cp,
            ..Budgets::default()
        })
    }
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// Games to play.
    #[arg(long)]
    games: usize,
    /// File to write (replaced); each puzzle is written as it is found.
    #[arg(long)]
    out: PathBuf,
    /// Seed of game 0; game i uses seed + i.
    #[arg(long, default_value_t = GenerateSettings::default().seed)]
    seed: u64,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    max_puzzles: usize,
    /// Nodes searched for each move of the games.
    #[arg(long, default_value_t = GenerateSettings::default().game_nodes)]
    game_nodes: u64,
    #[command(flatten)]
    budgets: BudgetArgs,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The puzzle file.
    file: PathBuf,
    #[command(flatten)]
    budgets: BudgetArgs,
}

pub fn run(args: PuzzlesArgs) -> anyhow::Result<()> {
    match args.command {
        PuzzlesCommand::Generate(args) => run_generate(args),
        PuzzlesCommand::Verify(args) => run_verify(args),
    }
}

fn run_generate(args: GenerateArgs) -> anyhow::Result<()> {
    let settings = GenerateSettings {
        seed: args.seed,
        game_nodes: args.game_nodes,
        budgets: args.budgets.budgets()?,
        ..GenerateSettings::default()
    };
    let file = std::fs::File::create(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    writeln!(out, "{HEADER}")?;
    out.flush()?;
    let started = Instant::now();
    let progress = generate(
        args.games,
        usize::from(args.budgets.threads),
        args.max_puzzles,
        &settings,
        |puzzle| {
            writeln!(out, "{}", puzzle.to_line())?;
            // A run cut short keeps every puzzle found so far.
            out.flush()
        },
        |p| {
            eprintln!(
                "{} games, {} candidates, {} puzzles, {:.0} s",
                p.games,
                p.candidates,
                p.puzzles,
                started.elapsed().as_secs_f64()
            )
        },
    )?;
    println!(
        "games {} candidates {} puzzles {} time_s {:.0}",
        progress.games,
        progress.candidates,
        progress.puzzles,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_verify(args: VerifyArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let puzzles = match parse_file(&text) {
        Ok(puzzles) => puzzles,
        Err(errors) => {
            for e in &errors {
                println!("{e}");
            }
            anyhow::bail!(
                "{} lines of {} cannot be read",
                errors.len(),
                args.file.display()
            );
        }
    };
    let started = Instant::now();
    let total = puzzles.len();
    let refused = verify(
        &puzzles,
        args.budgets.budgets()?,
        usize::from(args.budgets.threads),
        |n| {
            if n % 50 == 0 {
                eprintln!(
                    "{n} of {total} checked, {:.0} s",
                    started.elapsed().as_secs_f64()
                );
            }
        },
    );
    for r in &refused {
        println!("{}: {}", r.id, r.reason);
    }
    println!(
        "puzzles {total} refused {} time_s {:.0}",
        refused.len(),
        started.elapsed().as_secs_f64()
    );
    anyhow::ensure!(
        refused.is_empty(),
        "{} of {total} puzzles refused",
        refused.len()
    );
    Ok(())
}
