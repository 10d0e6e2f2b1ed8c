//! How a move is judged once the engine has scored the positions before and
//! after it: evaluations from Red's side, the expected score (win
//! probability) they stand for, the move's class by the expected score it
//! gave away, and each side's accuracy. Pure arithmetic; `docs/review.md`
//! gives the thresholds and formulas with the reasons for them.

use std::fmt;

use crate::rules::{Color, GameResult};

use super::super::score::{MATE, MATE_BOUND};
use super::super::Score;

/// The logistic scale mapping centipawns to expected score:
/// `1 / (1 + exp(-WIN_RATE_SCALE * cp))`. Fitted to the engine's own
/// self-play games by `xiangqi-bot fit-win-rate` (`docs/review.md` has the
/// run: games, positions, budget, and the fitted value).
pub const WIN_RATE_SCALE: f64 = 0.0070;

/// Expected-score losses from which a move is an inaccuracy, a mistake, a
/// blunder (Lichess's 10%, 20% and 30%).
pub const INACCURACY_LOSS: f64 = 0.10;
pub const MISTAKE_LOSS: f64 = 0.20;
pub const BLUNDER_LOSS: f64 = 0.30;

/// A position whose expected score for one side is at least this is
/// decided: a move there is judged by whether it keeps the result.
pub const DECIDED: f64 = 0.95;

/// An evaluation from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns, positive when Red stands better.
    Centipawns(i32),
    /// A forced mate for `winner` in `moves` moves (0: the side to move is
    /// mated, or stalemated, already).
    Mate { winner: Color, moves: u32 },
}

impl Eval {
    /// The search's score for the side to move `mover`, from Red's side.
    pub fn from_score(score: Score, mover: Color) -> Eval {
        let s = score.0;
        if s.abs() > MATE_BOUND {
            // Plies to the mate, rounded up to the mating side's moves.
            let plies = (MATE - s.abs()).max(0) as u32;
            let winner = if s > 0 { mover } else { mover.opponent() };
            Eval::Mate {
                winner,
                moves: plies.div_ceil(2),
            }
        } else {
            Eval::Centipawns(match mover {
                Color::Red => s,
                Color::Black => -s,
            })
        }
    }

    /// A finished game's last position: a loss by the rules counts as far
    /// as a mate, a draw as level.
    pub fn of_result(result: GameResult) -> Eval {
        match result.winner() {
            Some(winner) => Eval::Mate { winner, moves: 0 },
            None => Eval::Centipawns(0),
        }
    }

    /// The evaluation from `side`'s point of view, in centipawns with mates
    /// as ±`MATE`-based scores (for ordering and the graph).
    pub fn for_side(self, side: Color) -> i32 {
        let red = match self {
            Eval::Centipawns(cp) => cp,
            Eval::Mate { winner, moves } => {
                let magnitude = MATE - 2 * moves as i32;
                if winner == Color::Red {
                    magnitude
                } else {
                    -magnitude
                }
            }
        };
        match side {
            Color::Red => red,
            Color::Black => -red,
        }
    }

    /// The side this evaluation has mating, if any.
    pub fn mate_winner(self) -> Option<Color> {
        match self {
            Eval::Mate { winner, .. } => Some(winner),
            Eval::Centipawns(_) => None,
        }
    }

    /// The expected score (1 a win, 0.5 a draw, 0 a loss) for `side`.
    pub fn expected_score(self, side: Color) -> f64 {
        match self {
            Eval::Mate { winner, .. } => {
                if winner == side {
                    1.0
                } else {
                    0.0
                }
            }
            Eval::Centipawns(_) => logistic(WIN_RATE_SCALE, f64::from(self.for_side(side))),
        }
    }
}

/// `cp 35`, `mate 3` (Red mates), `mate -3` (Black mates); a position
/// already mated shows `mate 0` when Red has won, `mate -0` when Black has.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => write!(f, "cp {cp}"),
            Eval::Mate {
                winner: Color::Red,
                moves,
            } => write!(f, "mate {moves}"),
            Eval::Mate {
                winner: Color::Black,
                moves,
            } => write!(f, "mate -{moves}"),
        }
    }
}

/// The logistic curve at scale `k`.
pub fn logistic(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + (-k * cp).exp())
}

/// A move's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// Whether the review lists and marks it.
    pub fn is_error(self) -> bool {
        self >= Class::Inaccuracy
    }

    /// The class of a loss of expected score by the thresholds alone.
    pub fn of_loss(loss: f64) -> Class {
        if loss >= BLUNDER_LOSS {
            Class::Blunder
        } else if loss >= MISTAKE_LOSS {
            Class::Mistake
        } else if loss >= INACCURACY_LOSS {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is known about one move when it is judged.
#[derive(Clone, Copy, Debug)]
pub struct MoveFacts {
    pub mover: Color,
    /// The position before the move, at the engine's best.
    pub before: Eval,
    /// The position after the move played.
    pub after: Eval,
    /// The move played is the engine's choice.
    pub is_best: bool,
    /// It was the only legal move.
    pub forced: bool,
}

impl MoveFacts {
    /// Expected score the move gave away, never below zero (a search at a
    /// fixed budget may think better of the position one ply later).
    pub fn loss(&self) -> f64 {
        let before = self.before.expected_score(self.mover);
        let after = self.after.expected_score(self.mover);
        (before - after).max(0.0)
    }

    /// The move's class. In order: a forced move or the engine's own choice
    /// is best; a mate thrown away or walked into is a blunder, unless the
    /// result stays as it was (then an inaccuracy, worth a mention); a move
    /// in a decided position that keeps the result is good; otherwise the
    /// loss of expected score decides.
    pub fn class(&self) -> Class {
        if self.forced || self.is_best {
            return Class::Best;
        }
        let side = self.mover;
        let before = self.before.expected_score(side);
        let after = self.after.expected_score(side);
        let had_mate = self.before.mate_winner() == Some(side);
        let still_mates = self.after.mate_winner() == Some(side);
        if had_mate && !still_mates {
            return if after >= DECIDED {
                Class::Inaccuracy
            } else {
                Class::Blunder
            };
        }
        let was_mated = self.before.mate_winner() == Some(side.opponent());
        let now_mated = self.after.mate_winner() == Some(side.opponent());
        if now_mated && !was_mated {
            return if before <= 1.0 - DECIDED {
                Class::Inaccuracy
            } else {
                Class::Blunder
            };
        }
        let kept_win = before >= DECIDED && after >= DECIDED;
        let was_lost = before <= 1.0 - DECIDED;
        if kept_win || was_lost {
            return Class::Good;
        }
        Class::of_loss(self.loss())
    }

    /// The move's accuracy, 0–100, from its loss in percentage points of
    /// expected score (Lichess's curve: 100 for no loss, about 65 for 10).
    pub fn accuracy(&self) -> f64 {
        move_accuracy(self.loss() * 100.0)
    }
}

/// Lichess's per-move accuracy from the win-percentage points lost.
pub fn move_accuracy(loss_points: f64) -> f64 {
    (103.1668 * (-0.04354 * loss_points).exp() - 3.1669).clamp(0.0, 100.0)
}

/// A side's accuracy from its moves' accuracies: the mean of their
/// arithmetic and harmonic means (the harmonic mean weighs a blunder
/// heavily; each move counts at least 1 in it, so one zero does not make the
/// whole game zero). `None` without moves.
pub fn side_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let n = moves.len() as f64;
    let arithmetic = moves.iter().sum::<f64>() / n;
    let harmonic = n / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((arithmetic + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(mover: Color, before: Eval, after: Eval) -> MoveFacts {
        MoveFacts {
            mover,
            before,
            after,
            is_best: false,
            forced: false,
        }
    }

    fn cp_for_expected(p: f64) -> i32 {
        ((p / (1.0 - p)).ln() / WIN_RATE_SCALE).round() as i32
    }

    #[test]
    fn scores_become_red_evaluations() {
        assert_eq!(
            Eval::from_score(Score(50), Color::Black),
            Eval::Centipawns(-50)
        );
        assert_eq!(
            Eval::from_score(Score(MATE - 3), Color::Black),
            Eval::Mate {
                winner: Color::Black,
                moves: 2
            }
        );
        assert_eq!(
            Eval::from_score(Score(-MATE + 2), Color::Red).to_string(),
            "mate -1"
        );
        assert_eq!(Eval::of_result(GameResult::RedWins).to_string(), "mate 0");
        assert_eq!(
            Eval::of_result(GameResult::BlackWins).to_string(),
            "mate -0"
        );
    }

    #[test]
    fn losses_are_classed_at_the_thresholds() {
        let level = Eval::Centipawns(0);
        for (lost, class) in [
            (0.05, Class::Good),
            (0.12, Class::Inaccuracy),
            (0.22, Class::Mistake),
            (0.32, Class::Blunder),
        ] {
            let after = Eval::Centipawns(cp_for_expected(0.5 - lost));
            assert_eq!(facts(Color::Red, level, after).class(), class, "{lost}");
            let mirrored = Eval::Centipawns(-cp_for_expected(0.5 - lost));
            assert_eq!(
                facts(Color::Black, level, mirrored).class(),
                class,
                "{lost} for Black"
            );
        }
    }

    #[test]
    fn forced_and_best_moves_are_never_errors() {
        let mut f = facts(
            Color::Red,
            Eval::Centipawns(0),
            Eval::Mate {
                winner: Color::Black,
                moves: 1,
            },
        );
        assert_eq!(f.class(), Class::Blunder);
        f.forced = true;
        assert_eq!(f.class(), Class::Best);
        f.forced = false;
        f.is_best = true;
        assert_eq!(f.class(), Class::Best);
    }

    #[test]
    fn mates_missed_or_allowed_are_blunders_unless_the_result_stands() {
        let red_mates = Eval::Mate {
            winner: Color::Red,
            moves: 2,
        };
        assert_eq!(
            facts(Color::Red, red_mates, Eval::Centipawns(300)).class(),
            Class::Blunder,
            "a mate missed for a good position"
        );
        assert_eq!(
            facts(Color::Red, red_mates, Eval::Centipawns(3000)).class(),
            Class::Inaccuracy,
            "a mate missed for a won one"
        );
        let black_mates = Eval::Mate {
            winner: Color::Black,
            moves: 3,
        };
        assert_eq!(
            facts(Color::Red, Eval::Centipawns(200), black_mates).class(),
            Class::Blunder,
            "a mate allowed"
        );
        assert_eq!(
            facts(Color::Red, Eval::Centipawns(-3000), black_mates).class(),
            Class::Inaccuracy,
            "a mate allowed in a lost position"
        );
        assert_eq!(
            facts(
                Color::Red,
                red_mates,
                Eval::Mate {
                    winner: Color::Red,
                    moves: 5
                }
            )
            .class(),
            Class::Good,
            "a slower mate keeps the win"
        );
    }

    #[test]
    fn decided_positions_are_judged_by_the_result() {
        assert_eq!(
            facts(Color::Red, Eval::Centipawns(2500), Eval::Centipawns(900)).class(),
            Class::Good
        );
        assert_eq!(
            facts(Color::Red, Eval::Centipawns(2500), Eval::Centipawns(0)).class(),
            Class::Blunder,
            "a won game thrown away"
        );
        assert_eq!(
            facts(Color::Black, Eval::Centipawns(2500), Eval::Centipawns(4000)).class(),
            Class::Good,
            "a lost game stays lost"
        );
    }

    #[test]
    fn accuracy_falls_with_the_loss() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(10.0) < move_accuracy(5.0));
        assert_eq!(move_accuracy(100.0), 0.0);
        assert_eq!(side_accuracy(&[]), None);
        let perfect = side_accuracy(&[100.0, 100.0]).expect("moves");
        assert!((perfect - 100.0).abs() < 1e-9);
        let one_blunder = side_accuracy(&[100.0, 100.0, 100.0, 0.0]).expect("moves");
        assert!(one_blunder < 75.0, "{one_blunder}");
    }
}
