//! `xiangqi-bot match`: two engines play each other (see `matches` in the
//! library and docs/engine.md, "Matches"). Prints a line a game and a
//! summary on stdout, and writes every game to a PGN file if asked.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context as _};
use xiangqi_bot::matches::engines::EngineSpec;
use xiangqi_bot::matches::openings::parse_file;
use xiangqi_bot::matches::player::Budget;
use xiangqi_bot::matches::runner::{run_match, MatchSettings, Openings, SpeedSummary};
use xiangqi_bot::matches::stats::Sprt;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// The first engine: `self`, `self:level=N[,hash=MB]`, `uci:COMMAND ARGS`,
    /// `ucci:COMMAND ARGS`, or a command (UCI).
    #[arg(long)]
    engine1: String,
    /// The second engine, as --engine1.
    #[arg(long)]
    engine2: String,
    /// An option for the first engine, NAME=VALUE (repeatable).
    #[arg(long = "option1", value_name = "NAME=VALUE")]
    options1: Vec<String>,
    /// An option for the second engine, NAME=VALUE (repeatable).
    #[arg(long = "option2", value_name = "NAME=VALUE")]
    options2: Vec<String>,
    /// The first engine's name in reports and records.
    #[arg(long)]
    name1: Option<String>,
    /// The second engine's name in reports and records.
    #[arg(long)]
    name2: Option<String>,
    /// Nodes a move (load-independent: prefer it for decisions).
    #[arg(long, conflicts_with = "movetime")]
    nodes: Option<u64>,
    /// Milliseconds a move.
    #[arg(long)]
    movetime: Option<u64>,
    /// At most this many games (a pair per opening, rounded up).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Openings file: `FEN [moves ...]` or `startpos moves ...` a line.
    #[arg(long, conflicts_with = "random_plies")]
    openings: Option<PathBuf>,
    /// Without an openings file: random quiet plies from the start position.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// SPRT: stop when it decides between elo0 and elo1, as `ELO0,ELO1`.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Seed for random openings and our weak levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game here (PGN, ICCS moves; `status --pgn` replays it).
    #[arg(long)]
    pgn: Option<PathBuf>,
}

pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let engines = [
        EngineSpec::parse(&args.engine1, &args.options1)
            .map_err(anyhow::Error::msg)
            .context("--engine1")?,
        EngineSpec::parse(&args.engine2, &args.options2)
            .map_err(anyhow::Error::msg)
            .context("--engine2")?,
    ];
    let mut names = [
        args.name1.unwrap_or_else(|| engines[0].name()),
        args.name2.unwrap_or_else(|| engines[1].name()),
    ];
    if names[0] == names[1] {
        names[0].push_str(" (1)");
        names[1].push_str(" (2)");
    }
    let budget = match (args.nodes, args.movetime) {
        (Some(0), _) | (_, Some(0)) => bail!("--nodes and --movetime must be above 0"),
        (Some(n), _) => Budget::Nodes(n),
        (None, Some(ms)) => Budget::Movetime(Duration::from_millis(ms)),
        (None, None) => bail!("give a budget a move: --nodes N or --movetime MS"),
    };
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            Openings::List(
                parse_file(&text)
                    .map_err(anyhow::Error::msg)
                    .with_context(|| path.display().to_string())?,
            )
        }
        None => Openings::Random {
            plies: args.random_plies,
            seed: args.seed,
        },
    };
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            let (elo0, elo1) = text
                .split_once(',')
                .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
                .with_context(|| format!("--sprt `{text}`: expected ELO0,ELO1 like 0,10"))?;
            Some(Sprt::new(elo0, elo1, args.alpha, args.beta).map_err(anyhow::Error::msg)?)
        }
    };
    let mut pgn = match &args.pgn {
        Some(path) => {
            Some(File::create(path).with_context(|| format!("cannot write {}", path.display()))?)
        }
        None => None,
    };
    let settings = MatchSettings {
        engines,
        names: names.clone(),
        budget,
        openings,
        games: args.games,
        concurrency: args.concurrency,
        sprt,
        seed: args.seed,
    };
    let total = args.games.div_ceil(2) * 2;
    let mut write_error = None;
    let report = run_match(&settings, |played, standing| {
        let tally = &standing.games;
        let mut line = format!(
            "game {}/{total}: {} (red) vs {}: {} {}, {} plies | {} {tally} {}",
            played.number,
            names[played.red_engine],
            names[1 - played.red_engine],
            played.result,
            played.reason,
            played.game.moves().len(),
            names[0],
            tally.elo()
        );
        if let Some(sprt) = &sprt {
            line.push_str(&format!(" | LLR {:.2}", sprt.llr(&standing.pairs)));
        }
        println!("{line}");
        if let Some(file) = pgn.as_mut() {
            if let Err(e) = writeln!(file, "{}", played.to_pgn(&names)) {
                write_error.get_or_insert(e);
            }
        }
    })?;
    if let Some(e) = write_error {
        return Err(e).context("writing the PGN file");
    }
    let tally = report.standing.games;
    println!(
        "{} vs {}: {} games, {tally}, score {:.1}%",
        names[0],
        names[1],
        tally.games(),
        tally.score() * 100.0
    );
    println!("{}", tally.elo());
    println!("{}", report.standing.pairs);
    if let (Some(sprt), Some((decision, at))) = (&sprt, report.decision) {
        let (lower, upper) = sprt.bounds();
        println!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} (bounds {lower:.2}, {upper:.2}): {decision} after {at} games",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(&report.standing.pairs)
        );
    }
    let speed = |s: &SpeedSummary| {
        if s.moves == 0 {
            "not reported".to_owned()
        } else {
            format!(
                "median {:.2} M nodes/s over {} moves",
                s.median_nps / 1e6,
                s.moves
            )
        }
    };
    println!("speed: {}: {}", names[0], speed(&report.speeds[0]));
    println!("speed: {}: {}", names[1], speed(&report.speeds[1]));
    if report.speeds.iter().all(|s| s.moves > 0) {
        println!(
            "speed ratio {} / {}: {:.2}",
            names[0],
            names[1],
            report.speeds[0].median_nps / report.speeds[1].median_nps
        );
    }
    Ok(())
}
