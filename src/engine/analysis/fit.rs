//! Fitting the logistic scale that turns the search's centipawns into an
//! expected score ([`WIN_RATE_SCALE`](super::judge::WIN_RATE_SCALE)): the
//! engine plays itself, every search's score is paired with the game's
//! result, and the scale that makes the scores predict the results best
//! (least cross-entropy) is the one kept. `xiangqi-bot fit-win-rate` runs it.

use super::super::score::MATE_BOUND;
use super::super::selfplay::{play_game, SelfPlaySettings};
use super::super::Searcher;
use super::judge::logistic;

/// One search's score with the result of its game, both from Red's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoredResult {
    pub red_cp: i32,
    /// 1 Red won, 0.5 a draw, 0 Black won.
    pub red_result: f64,
}

/// The scores of one self-play game (mates left out: they say nothing about
/// the scale) with its result.
pub fn self_play_samples(
    searcher: &mut Searcher,
    seed: u64,
    settings: &SelfPlaySettings,
) -> Vec<ScoredResult> {
    let game = play_game(searcher, seed, settings);
    game.red_scores
        .iter()
        .filter(|cp| cp.abs() < MATE_BOUND)
        .map(|&red_cp| ScoredResult {
            red_cp,
            red_result: game.red_score,
        })
        .collect()
}

/// Mean cross-entropy of the results given the scores at scale `k`.
pub fn cross_entropy(samples: &[ScoredResult], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = logistic(k, f64::from(s.red_cp)).clamp(1e-12, 1.0 - 1e-12);
            -(s.red_result * p.ln() + (1.0 - s.red_result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale with the least cross-entropy.
pub fn fit_scale(samples: &[ScoredResult]) -> f64 {
    crate::engine::tune::best_logistic_scale(|k| cross_entropy(samples, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn the_scale_results_were_drawn_from_is_found_again() {
        let k = 0.006;
        let mut rng = SplitMix64::new(7);
        let samples: Vec<ScoredResult> = (0..20_000)
            .map(|_| {
                let red_cp = rng.index(1601) as i32 - 800;
                let p = logistic(k, f64::from(red_cp));
                let draw = rng.index(1_000_000) as f64 / 1e6;
                ScoredResult {
                    red_cp,
                    red_result: if draw < p { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let fitted = fit_scale(&samples);
        assert!((fitted - k).abs() < 0.0006, "fitted {fitted}, drawn at {k}");
    }

    #[test]
    fn self_play_pairs_every_score_with_the_result() {
        let settings = SelfPlaySettings {
            nodes: 300,
            ..SelfPlaySettings::default()
        };
        let samples = self_play_samples(&mut Searcher::new(1), 5, &settings);
        assert!(!samples.is_empty());
        let result = samples[0].red_result;
        assert!(samples.iter().all(|s| s.red_result == result));
        assert!(samples.iter().all(|s| s.red_cp.abs() < MATE_BOUND));
    }
}
