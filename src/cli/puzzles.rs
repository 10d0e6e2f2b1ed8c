//! `xiangqi-bot puzzles generate`, `verify` and `repair`: the puzzle set is
//! made, re-checked and brought back in line with the engine here (see
//! `docs/puzzles.md`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use xiangqi_bot::puzzles::analysis::Budgets;
use xiangqi_bot::puzzles::format::{parse_file, parse_retired, Puzzle, HEADER, RETIRED_HEADER};
use xiangqi_bot::puzzles::generate::{generate, Continuation, GenerateSettings};
use xiangqi_bot::puzzles::verify::{repair, verify, Repaired};

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
    /// Re-check every puzzle of a file and rewrite it so that it verifies:
    /// ratings and themes remeasured, puzzles whose solution no longer holds
    /// solved anew under a new id or dropped. Ids that leave the file are
    /// added to the retired list, and never given out again.
    Repair(RepairArgs),
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
    /// File to write (replaced, unless --extend); each puzzle is written as
    /// it is found.
    #[arg(long)]
    out: PathBuf,
    /// Add to the set in --out instead of replacing it: positions already
    /// there are skipped, and the new puzzles are numbered after its ids and
    /// those of --retired.
    #[arg(long, requires = "retired")]
    extend: bool,
    /// The set's retired ids (see `puzzles repair`), with --extend.
    #[arg(long, requires = "extend")]
    retired: Option<PathBuf>,
    /// Seed of game 0; game i uses seed + i.
    #[arg(long, default_value_t = GenerateSettings::default().seed)]
    seed: u64,
    /// Stop after this many (new) puzzles.
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

#[derive(clap::Args)]
struct RepairArgs {
    /// The puzzle file, rewritten in place.
    file: PathBuf,
    /// The ids that have left the file, one `id<TAB>reason` line each after
    /// a header (created when missing): read so that no new puzzle takes one,
    /// and added to.
    #[arg(long)]
    retired: PathBuf,
    #[command(flatten)]
    budgets: BudgetArgs,
}

pub fn run(args: PuzzlesArgs) -> anyhow::Result<()> {
    match args.command {
        PuzzlesCommand::Generate(args) => run_generate(args),
        PuzzlesCommand::Verify(args) => run_verify(args),
        PuzzlesCommand::Repair(args) => run_repair(args),
    }
}

fn run_generate(args: GenerateArgs) -> anyhow::Result<()> {
    let settings = GenerateSettings {
        seed: args.seed,
        game_nodes: args.game_nodes,
        budgets: args.budgets.budgets()?,
        ..GenerateSettings::default()
    };
    let (mut out, continuation) = match &args.retired {
        Some(retired) if args.extend => {
            let text = std::fs::read_to_string(&args.out)
                .with_context(|| format!("cannot read {}", args.out.display()))?;
            let set = parse_puzzles(&text, &args.out)?;
            let continuation = Continuation::after(&set, &read_retired(retired)?);
            let ends_line = text.is_empty() || text.ends_with('\n');
            let file = std::fs::OpenOptions::new()
                .append(true)
                .open(&args.out)
                .with_context(|| format!("cannot open {}", args.out.display()))?;
            let mut out = std::io::BufWriter::new(file);
            if !ends_line {
                writeln!(out)?;
            }
            eprintln!(
                "extending {} puzzles; new ids from {}",
                set.len(),
                continuation.last_id + 1
            );
            (out, continuation)
        }
        _ => {
            let file = std::fs::File::create(&args.out)
                .with_context(|| format!("cannot create {}", args.out.display()))?;
            let mut out = std::io::BufWriter::new(file);
            writeln!(out, "{HEADER}")?;
            (out, Continuation::default())
        }
    };
    out.flush()?;
    let started = Instant::now();
    let progress = generate(
        args.games,
        usize::from(args.budgets.threads),
        args.max_puzzles,
        &settings,
        continuation,
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

/// The puzzles of `file`, or every line that does not read.
fn read_puzzles(file: &std::path::Path) -> anyhow::Result<Vec<Puzzle>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    parse_puzzles(&text, file)
}

/// The puzzles of `text`, read from `file`, or every line that does not read.
fn parse_puzzles(text: &str, file: &std::path::Path) -> anyhow::Result<Vec<Puzzle>> {
    match parse_file(text) {
        Ok(puzzles) => Ok(puzzles),
        Err(errors) => {
            for e in &errors {
                println!("{e}");
            }
            anyhow::bail!(
                "{} lines of {} cannot be read",
                errors.len(),
                file.display()
            );
        }
    }
}

/// Progress on standard error every 50 puzzles.
fn progress(total: usize, started: Instant) -> impl Fn(usize) + Sync {
    move |n| {
        if n % 50 == 0 {
            eprintln!(
                "{n} of {total} checked, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}

fn run_verify(args: VerifyArgs) -> anyhow::Result<()> {
    let puzzles = read_puzzles(&args.file)?;
    let started = Instant::now();
    let total = puzzles.len();
    let refused = verify(
        &puzzles,
        args.budgets.budgets()?,
        usize::from(args.budgets.threads),
        progress(total, started),
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

/// The ids of a retired-ids file (none when it does not exist yet).
fn read_retired(file: &std::path::Path) -> anyhow::Result<Vec<String>> {
    match std::fs::read_to_string(file) {
        Ok(text) => parse_retired(&text).with_context(|| format!("in {}", file.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", file.display())),
    }
}

fn run_repair(args: RepairArgs) -> anyhow::Result<()> {
    let puzzles = read_puzzles(&args.file)?;
    let retired = read_retired(&args.retired)?;
    let started = Instant::now();
    let total = puzzles.len();
    let repaired = repair(
        &puzzles,
        &retired,
        args.budgets.budgets()?,
        usize::from(args.budgets.threads),
        progress(total, started),
    )?;
    let mut counts = [0usize; 4];
    let mut leaving = Vec::new();
    for (old, answer) in puzzles.iter().zip(&repaired) {
        let (slot, line) = match answer {
            Repaired::Kept => (0, None),
            Repaired::Remeasured { was, now } => (
                1,
                Some(format!(
                    "{}: remeasured ({was}): rating {}, themes {:?}",
                    old.id,
                    now.rating,
                    now.themes
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                )),
            ),
            Repaired::Resolved { was, now } => {
                leaving.push(format!("{}\treplaced by {}: {was}", old.id, now.id));
                (
                    2,
                    Some(format!("{}: replaced by {} ({was})", old.id, now.id)),
                )
            }
            Repaired::Dropped { was, why } => {
                leaving.push(format!("{}\tdropped: {was}; unsolved now: {why}", old.id));
                (
                    3,
                    Some(format!("{}: dropped ({was}; unsolved now: {why})", old.id)),
                )
            }
        };
        counts[slot] += 1;
        if let Some(line) = line {
            println!("{line}");
        }
    }
    // The new file is complete on disk before it replaces the old one.
    let text: String = std::iter::once(HEADER.to_string())
        .chain(
            puzzles
                .iter()
                .zip(&repaired)
                .filter_map(|(old, answer)| answer.result(old))
                .map(Puzzle::to_line),
        )
        .map(|line| line + "\n")
        .collect();
    let temporary = args.file.with_extension("tsv.new");
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    if !leaving.is_empty() {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.retired)
            .with_context(|| format!("cannot open {}", args.retired.display()))?;
        if file.metadata()?.len() == 0 {
            writeln!(file, "{RETIRED_HEADER}")?;
        }
        for line in &leaving {
            writeln!(file, "{line}")?;
        }
        file.sync_all()?;
    }
    std::fs::rename(&temporary, &args.file)
        .with_context(|| format!("cannot replace {}", args.file.display()))?;
    let [kept, remeasured, resolved, dropped] = counts;
    println!(
        "puzzles {total} kept {kept} remeasured {remeasured} resolved {resolved} dropped {dropped} time_s {:.0}",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
