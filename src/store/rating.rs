//! Player ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013),
//! with every game its own rating period, as online servers do, and the fixed
//! ratings of the bot's levels. Pure arithmetic, no I/O: the store calls it
//! inside the transaction that finishes a game.
//!
//! Glicko-2 rather than Elo because the deviation lets a newcomer's rating move
//! fast for the first games and settle after, without a hand-tuned K schedule.

use crate::engine::Level;

/// The Glicko-2 system constant τ: how much the volatility may change. Glickman
/// suggests 0.3–1.2; 0.5 is the usual middle choice.
pub const TAU: f64 = 0.5;
/// Converts between the display scale (1500-centred) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;
/// The iteration converges in a handful of steps; the cap only guards against
/// a pathological input looping for ever.
const MAX_ITERATIONS: usize = 100;

/// A deviation never drops below this, so that a veteran's rating still moves.
pub const MIN_DEVIATION: f64 = 45.0;
/// A newcomer's deviation, and the most any rating may have.
pub const MAX_DEVIATION: f64 = 350.0;
/// Volatility is kept to this ceiling so that one freak result cannot blow it up.
pub const MAX_VOLATILITY: f64 = 0.1;
/// Above this deviation a rating is shown as provisional ("1620?").
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The fixed rating of each bot level, weakest first, from the ladder in
/// docs/engine.md: level 1 anchored at 800, each level above it by the Elo
/// its matches against the level below measured (400 games a pair for
/// levels 1–7, 100 for 8–20), rounded to ten. Every level searches a
/// budget of depth or nodes, so these hold on any host.
/// Changing them affects only games finished afterwards.
pub const BOT_LEVEL_RATINGS: [f64; Level::COUNT] = [
    800.0, 990.0, 1160.0, 1370.0, 1600.0, 1820.0, 2030.0, 2270.0, 2480.0, 2700.0, 2910.0, 3150.0,
    3320.0, 3530.0, 3740.0, 3950.0, 4120.0, 4290.0, 4440.0, 4620.0,
];
/// The deviation a bot level is given as an opponent: the bot's strength is
/// fixed, so its rating is treated as well known.
pub const BOT_DEVIATION: f64 = 50.0;

/// A Glicko-2 rating on the display scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// Where every new player starts.
    pub const NEWCOMER: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    /// The fixed rating the bot plays at on `level`.
    pub fn bot(level: Level) -> Rating {
        Rating {
            rating: BOT_LEVEL_RATINGS[level.rank()],
            deviation: BOT_DEVIATION,
            volatility: Rating::NEWCOMER.volatility,
        }
    }

    /// Whether the rating is still too uncertain to rank people by.
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating rounded for display, with `?` while provisional.
    pub fn display(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }

    /// Repairs values a hand-edited or corrupt row could hold (NaN, negative),
    /// so that the arithmetic below always sees sane inputs.
    fn sanitised(self) -> Rating {
        let finite_or = |x: f64, default: f64| if x.is_finite() { x } else { default };
        Rating {
            rating: finite_or(self.rating, Rating::NEWCOMER.rating),
            // Only the floor of 1 here: an opponent may legitimately be better
            // known than a player's own floor allows.
            deviation: finite_or(self.deviation, MAX_DEVIATION).clamp(1.0, MAX_DEVIATION),
            volatility: finite_or(self.volatility, Rating::NEWCOMER.volatility)
                .clamp(0.01, MAX_VOLATILITY),
        }
    }
}

/// The points one game gives the rated player: 1 a win, ½ a draw, 0 a loss
/// (Glicko's "score"; not the engine's evaluation score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GamePoints(f64);

impl GamePoints {
    pub const WIN: GamePoints = GamePoints(1.0);
    pub const DRAW: GamePoints = GamePoints(0.5);
    pub const LOSS: GamePoints = GamePoints(0.0);

    pub fn value(self) -> f64 {
        self.0
    }

    /// The other side's points from the same game.
    pub fn for_opponent(self) -> GamePoints {
        GamePoints(1.0 - self.0)
    }
}

/// Glickman's g(φ): discounts a result by how uncertain the opponent's rating is.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Expected score of μ against μj with deviation φj.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after one rating period with these games (opponent's
/// rating before the period, and the player's score). Used with one game at a
/// time by the store; takes several so that it can be checked against the
/// published worked example.
pub fn rate(player: Rating, games: &[(Rating, GamePoints)]) -> Rating {
    let player = player.sanitised();
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;

    if games.is_empty() {
        // A period without games only widens the deviation.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: (phi_star * SCALE).clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..player
        };
    }

    let mut inverse_variance = 0.0;
    let mut improvement_sum = 0.0;
    for (opponent, score) in games {
        let opponent = opponent.sanitised();
        let mu_j = (opponent.rating - 1500.0) / SCALE;
        let phi_j = opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        let g_j = g(phi_j);
        inverse_variance += g_j * g_j * e * (1.0 - e);
        improvement_sum += g_j * (score.value() - e);
    }
    let v = 1.0 / inverse_variance;
    let delta = v * improvement_sum;

    let sigma_new = new_volatility(phi, sigma, v, delta);
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * improvement_sum;

    let updated = Rating {
        rating: mu_new * SCALE + 1500.0,
        deviation: (phi_new * SCALE).clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: sigma_new.clamp(0.01, MAX_VOLATILITY),
    };
    if updated.rating.is_finite() {
        updated
    } else {
        player
    }
}

/// Step 5 of Glickman's procedure: the new volatility σ′, found by the Illinois
/// variant of regula falsi on f(x).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let phi2 = phi * phi;
    let f = |x: f64| {
        let ex = x.exp();
        let denom = phi2 + v + ex;
        ex * (delta * delta - phi2 - v - ex) / (2.0 * denom * denom) - (x - a) / (TAU * TAU)
    };

    let mut big_a = a;
    let mut big_b = if delta * delta > phi2 + v {
        (delta * delta - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < MAX_ITERATIONS as f64 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..MAX_ITERATIONS {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    if sigma_new.is_finite() {
        sigma_new
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Glickman's worked example: 1500/200/0.06 beats a 1400/30, loses to a
    /// 1550/100 and to a 1700/300; the paper gives 1464.06, 151.52, 0.05999.
    #[test]
    fn matches_glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = rate(
            player,
            &[
                (opp(1400.0, 30.0), GamePoints::WIN),
                (opp(1550.0, 100.0), GamePoints::LOSS),
                (opp(1700.0, 300.0), GamePoints::LOSS),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let player = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let after = rate(player, &[]);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 80.0);
    }

    #[test]
    fn bot_levels_are_fixed_and_increasing() {
        let ratings: Vec<f64> = Level::all().map(|l| Rating::bot(l).rating).collect();
        assert!(ratings.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Rating::bot(Level::MIN).rating, 800.0);
        // Every level, the top one included, is spaced as the ladder aims.
        assert!(ratings
            .windows(2)
            .all(|w| (150.0..=250.0).contains(&(w[1] - w[0]))));
    }

    #[test]
    fn newcomer_moves_far_veteran_moves_little() {
        let veteran = Rating {
            rating: 1500.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let opponent = Rating::NEWCOMER;
        let newcomer_gain = rate(Rating::NEWCOMER, &[(opponent, GamePoints::WIN)]).rating - 1500.0;
        let veteran_gain = rate(veteran, &[(opponent, GamePoints::WIN)]).rating - 1500.0;
        assert!(newcomer_gain > 100.0, "{newcomer_gain}");
        assert!(veteran_gain > 0.0 && veteran_gain < 20.0, "{veteran_gain}");
    }

    #[test]
    fn provisional_display_marks_uncertain_ratings() {
        assert_eq!(Rating::NEWCOMER.display(), "1500?");
        let settled = Rating {
            rating: 1623.4,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert_eq!(settled.display(), "1623");
    }

    #[test]
    fn corrupt_inputs_give_finite_ratings() {
        let broken = Rating {
            rating: f64::NAN,
            deviation: -5.0,
            volatility: f64::INFINITY,
        };
        let after = rate(broken, &[(broken, GamePoints::DRAW)]);
        assert!(after.rating.is_finite() && after.deviation.is_finite());
    }

    proptest! {
        /// Winning never lowers a rating, losing never raises it, and the
        /// deviation stays within its bounds.
        #[test]
        fn results_move_ratings_the_right_way(
            r in 600.0f64..2800.0, rd in 45.0f64..350.0, vol in 0.03f64..0.1,
            o in 600.0f64..2800.0, ord in 45.0f64..350.0,
        ) {
            let player = Rating { rating: r, deviation: rd, volatility: vol };
            let opponent = Rating { rating: o, deviation: ord, volatility: 0.06 };
            let won = rate(player, &[(opponent, GamePoints::WIN)]);
            let lost = rate(player, &[(opponent, GamePoints::LOSS)]);
            let drew = rate(player, &[(opponent, GamePoints::DRAW)]);
            prop_assert!(won.rating >= r);
            prop_assert!(lost.rating <= r);
            prop_assert!(lost.rating <= drew.rating && drew.rating <= won.rating);
            for after in [won, lost, drew] {
                prop_assert!((MIN_DEVIATION..=MAX_DEVIATION).contains(&after.deviation));
                prop_assert!(after.volatility > 0.0 && after.volatility <= MAX_VOLATILITY);
            }
        }
    }
}
