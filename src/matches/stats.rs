//! What a match's results say: the score, the Elo difference with its 95%
//! interval, and the sequential probability ratio test that stops a match
//! once it has decided between "no gain" (elo0) and "a gain" (elo1).
//!
//! The SPRT is the generalised SPRT in logistic Elo that fishtest used
//! (Michel Van den Bergh's normal approximation, "GSPRT"), on the trinomial
//! results (wins, draws, losses): with the mean score `s` and its per-game
//! variance `v` over `n` games, and `s0`, `s1` the scores that elo0 and elo1
//! predict, `LLR = n (s1 − s0) (2s − s0 − s1) / (2v)`. The test accepts H1
//! at `ln((1 − beta) / alpha)` and H0 at `ln(beta / (1 − alpha))`. Cutechess
//! uses the BayesElo model instead; the decisions are close for the small
//! Elo bounds we test. Our games come in pairs from one opening with the
//! colours swapped, which makes a pair's two results negatively correlated;
//! counting them as independent games overstates the variance, so the test
//! errs on the side of playing more games, never of deciding too early.

use std::fmt;

/// Results from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game, 0–1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The Elo difference and its 95% interval (normal approximation on the
    /// mean score). When every game was won (or lost) the variance is zero
    /// and says nothing, so the bound on that side is the exact binomial one.
    pub fn elo(&self) -> EloEstimate {
        let n = self.games();
        let s = self.score();
        let margin = 1.96 * (self.variance() / f64::from(n.max(1))).sqrt();
        let mut low = s - margin;
        let mut high = s + margin;
        if n > 0 && self.wins == n {
            low = 0.025f64.powf(1.0 / f64::from(n));
        }
        if n > 0 && self.losses == n {
            high = 1.0 - 0.025f64.powf(1.0 / f64::from(n));
        }
        EloEstimate {
            elo: elo_of_score(s),
            low: elo_of_score(low),
            high: elo_of_score(high),
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// An Elo difference with its 95% interval; infinite where the score is 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Elo {} (95% interval {} to {})",
            signed(self.elo),
            signed(self.low),
            signed(self.high)
        )
    }
}

fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        // No "-0".
        format!("{:+.0}", if elo.abs() < 0.5 { 0.0 } else { elo })
    }
}

/// The logistic Elo difference that gives `score`.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a side `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An SPRT's hypotheses and error rates: H0 "the first engine is elo0
/// stronger", H1 "it is elo1 stronger".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    Continue,
    /// No gain of elo1: the change is not kept.
    AcceptH0,
    /// A gain of elo1 rather than elo0: the change is kept.
    AcceptH1,
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::Continue => "undecided",
            SprtDecision::AcceptH0 => "H0 accepted (no gain of elo1)",
            SprtDecision::AcceptH1 => "H1 accepted (a gain)",
        })
    }
}

impl Sprt {
    /// Checks the parameters: elo0 below elo1, error rates strictly between 0 and 0.5.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!(
                "SPRT: elo0 ({elo0}) must be below elo1 ({elo1}), both finite"
            ));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!(
                    "SPRT: {name} ({p}) must be a probability above 0 and below 0.5"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The log-likelihood ratio of H1 against H0 (the module's formula); 0
    /// before two games. Results all alike (a clean sweep, all draws) have
    /// no variance, which would leave the test undecided for ever: they are
    /// taken with half a win and half a loss more, a weak prior that a few
    /// more alike results outweigh.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = tally.games();
        if n < 2 {
            return 0.0;
        }
        let (mut score, mut variance) = (tally.score(), tally.variance());
        if variance <= 0.0 {
            let wins = f64::from(tally.wins) + 0.5;
            let draws = f64::from(tally.draws);
            let losses = f64::from(tally.losses) + 0.5;
            let total = wins + draws + losses;
            score = (wins + 0.5 * draws) / total;
            variance = (wins * (1.0 - score).powi(2)
                + draws * (0.5 - score).powi(2)
                + losses * score.powi(2))
                / total;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(n) * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// The LLR bounds: H0 is accepted at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn decide(&self, tally: &Tally) -> SprtDecision {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn llr_and_bounds_match_a_hand_computed_case() {
        // 45 wins, 30 draws, 25 losses: score 0.6, per-game variance 0.165;
        // elo1 = 10 predicts 0.514387, so LLR = 100 × 0.014387 × 0.185613 / 0.33.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert!(
            close(sprt.llr(&tally(45, 30, 25)), 0.8092),
            "{}",
            sprt.llr(&tally(45, 30, 25))
        );
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.9444) && close(upper, 2.9444));
        assert_eq!(sprt.decide(&tally(45, 30, 25)), SprtDecision::Continue);
    }

    #[test]
    fn clear_results_decide_and_even_ones_do_not() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.decide(&tally(450, 300, 250)), SprtDecision::AcceptH1);
        assert_eq!(sprt.decide(&tally(250, 300, 450)), SprtDecision::AcceptH0);
        assert_eq!(sprt.decide(&tally(20, 10, 20)), SprtDecision::Continue);
        assert_eq!(sprt.decide(&tally(0, 0, 0)), SprtDecision::Continue);
    }

    #[test]
    fn results_all_alike_still_decide_but_not_at_once() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.decide(&tally(3, 0, 0)), SprtDecision::Continue);
        assert_eq!(sprt.decide(&tally(30, 0, 0)), SprtDecision::AcceptH1);
        assert_eq!(sprt.decide(&tally(0, 0, 30)), SprtDecision::AcceptH0);
        // Nothing but draws: no sign of a gain.
        assert_eq!(sprt.decide(&tally(0, 3, 0)), SprtDecision::Continue);
        assert_eq!(sprt.decide(&tally(0, 400, 0)), SprtDecision::AcceptH0);
    }

    /// Plays `games` simulated games of an engine `true_elo` stronger, with a
    /// draw rate of a third, until the SPRT decides; the decision.
    fn simulate(sprt: &Sprt, true_elo: f64, seed: u64) -> SprtDecision {
        let mut rng = SplitMix64::new(seed);
        let expected = score_of_elo(true_elo);
        // With draws d = 1/3: wins w and losses l such that w + d/2 = expected.
        let draw = 1.0 / 3.0;
        let win = expected - draw / 2.0;
        let mut t = Tally::default();
        for _ in 0..200_000 {
            let x = rng.next_u64() as f64 / u64::MAX as f64;
            if x < win {
                t.wins += 1;
            } else if x < win + draw {
                t.draws += 1;
            } else {
                t.losses += 1;
            }
            let decision = sprt.decide(&t);
            if decision != SprtDecision::Continue {
                return decision;
            }
        }
        SprtDecision::Continue
    }

    #[test]
    fn simulated_matches_keep_gains_and_reject_losses_within_the_error_rates() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let runs = 100;
        let kept_gain = (0..runs)
            .filter(|&seed| simulate(&sprt, 15.0, seed) == SprtDecision::AcceptH1)
            .count();
        let kept_loss = (0..runs)
            .filter(|&seed| simulate(&sprt, -5.0, 1000 + seed) == SprtDecision::AcceptH1)
            .count();
        // A +15 change is above elo1: kept at least 95% of the time, give or
        // take the simulation's own noise; a −5 one is kept far less than 5%.
        assert!(
            kept_gain >= 90,
            "kept {kept_gain} of {runs} +15 Elo changes"
        );
        assert!(kept_loss <= 3, "kept {kept_loss} of {runs} −5 Elo changes");
    }

    #[test]
    fn bad_parameters_are_refused_with_a_reason() {
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05)
            .unwrap_err()
            .contains("below elo1"));
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05)
            .unwrap_err()
            .contains("alpha"));
        assert!(Sprt::new(0.0, 10.0, 0.05, 0.7)
            .unwrap_err()
            .contains("beta"));
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
    }

    #[test]
    fn elo_interval_matches_a_hand_computed_case_and_handles_clean_sweeps() {
        let e = tally(45, 30, 25).elo();
        // Score 0.6 ± 1.96 × sqrt(0.165 / 100).
        assert!(
            (e.elo - 70.4).abs() < 0.1
                && (e.low - 14.2).abs() < 0.1
                && (e.high - 130.6).abs() < 0.1,
            "{e:?}"
        );
        assert_eq!(
            tally(0, 10, 0).elo().to_string(),
            "Elo +0 (95% interval +0 to +0)"
        );
        let sweep = tally(10, 0, 0).elo();
        assert!(sweep.elo.is_infinite() && sweep.high.is_infinite());
        // 0.025^(1/10) = 0.6918: the score that wins ten in a row 2.5% of the time.
        assert!((sweep.low - 140.2).abs() < 0.1, "{sweep:?}");
        let lost = tally(0, 0, 10).elo();
        assert!(
            (lost.high + 140.2).abs() < 0.1 && lost.low.is_infinite(),
            "{lost:?}"
        );
        assert_eq!(Tally::default().elo().elo, 0.0);
    }
}
