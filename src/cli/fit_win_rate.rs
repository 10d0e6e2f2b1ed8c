//! `xiangqi-bot fit-win-rate`: plays the engine against itself and fits the
//! logistic scale that maps its scores to expected scores (the review's
//! `WIN_RATE_SCALE`). Prints the games, the scores used, the results and the
//! fitted scale; the same arguments give the same games and the same fit.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use xiangqi_bot::engine::analysis::fit::{cross_entropy, fit_scale, self_play_samples};
use xiangqi_bot::engine::analysis::judge::WIN_RATE_SCALE;
use xiangqi_bot::engine::selfplay::SelfPlaySettings;
use xiangqi_bot::engine::Searcher;

#[derive(clap::Args)]
pub struct FitWinRateArgs {
    /// Self-play games.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Nodes searched for each move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Games played at once, each on its own thread (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: FitWinRateArgs) -> anyhow::Result<()> {
    let settings = SelfPlaySettings {
        nodes: args.nodes,
        ..SelfPlaySettings::default()
    };
    let next_game = AtomicUsize::new(0);
    // Kept by game, so the fit does not depend on which thread finished first.
    let by_game = Mutex::new(vec![Vec::new(); args.games]);
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(8);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        return;
                    }
                    let samples =
                        self_play_samples(&mut searcher, args.seed + index as u64, &settings);
                    let mut by_game = by_game.lock().unwrap_or_else(|e| e.into_inner());
                    by_game[index] = samples;
                    let played = by_game.iter().filter(|g| !g.is_empty()).count();
                    if played % 20 == 0 {
                        eprintln!("{played} of {} games", args.games);
                    }
                }
            });
        }
    });
    let by_game = by_game.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut results = [0usize; 3];
    for game in by_game.iter().filter(|g| !g.is_empty()) {
        results[(game[0].red_result * 2.0) as usize] += 1;
    }
    let samples: Vec<_> = by_game.into_iter().flatten().collect();
    anyhow::ensure!(!samples.is_empty(), "no scores to fit");
    let k = fit_scale(&samples);
    println!(
        "games {} scores {} red_wins {} draws {} black_wins {}",
        args.games,
        samples.len(),
        results[2],
        results[1],
        results[0]
    );
    println!(
        "scale {k:.6} cross_entropy {:.5} (in use: scale {WIN_RATE_SCALE} cross_entropy {:.5})",
        cross_entropy(&samples, k),
        cross_entropy(&samples, WIN_RATE_SCALE)
    );
    Ok(())
}
