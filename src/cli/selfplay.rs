//! `xiangqi-bot selfplay`: plays the engine against itself and writes quiet
//! positions labelled with the game's result, one `FEN;result` line each
//! (result 1, 0.5 or 0 for Red), for `xiangqi-bot tune`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use xiangqi_bot::engine::selfplay::{play_game, SelfPlaySettings};
use xiangqi_bot::engine::Searcher;

#[derive(clap::Args)]
pub struct SelfPlayArgs {
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Nodes searched for each move.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Games played at once, each on its own thread (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Random quiet plies before the engine plays.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// File the positions are appended to.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: SelfPlayArgs) -> anyhow::Result<()> {
    let settings = SelfPlaySettings {
        nodes: args.nodes,
        random_plies: args.random_plies,
        ..SelfPlaySettings::default()
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", args.out.display()))?;
    let out = Mutex::new(std::io::BufWriter::new(file));
    let next_game = AtomicUsize::new(0);
    let tally = Mutex::new((0usize, [0usize; 3]));
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| -> anyhow::Result<()> {
                let mut searcher = Searcher::new(8);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        return Ok(());
                    }
                    let game = play_game(&mut searcher, args.seed + index as u64, &settings);
                    let mut lines = String::new();
                    for fen in &game.positions {
                        lines.push_str(&format!("{fen};{}\n", game.red_score));
                    }
                    // A worker that panicked leaves whole lines and counts
                    // behind: the others carry on with what is there.
                    out.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .write_all(lines.as_bytes())?;
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    t.0 += game.positions.len();
                    t.1[(game.red_score * 2.0) as usize] += 1;
                    let played = t.1.iter().sum::<usize>();
                    if played % 50 == 0 {
                        eprintln!(
                            "{played} games, {} positions (red +{} ={} -{})",
                            t.0, t.1[2], t.1[1], t.1[0]
                        );
                    }
                }
            });
        }
    });
    out.lock().unwrap_or_else(|e| e.into_inner()).flush()?;
    let t = tally.into_inner().expect("tally lock");
    println!(
        "games {} positions {} red_wins {} draws {} black_wins {}",
        args.games, t.0, t.1[2], t.1[1], t.1[0]
    );
    Ok(())
}
