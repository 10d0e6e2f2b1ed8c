//! Scores in centipawns from the side to move's point of view, with mate
//! distances encoded near the ends of the range, and their UCI form.

use std::fmt;

/// The deepest ply the search ever reaches; bounds the search stack.
pub const MAX_PLY: usize = 128;

/// Being mated right now (at the root) scores `-MATE`; mated at ply `p`
/// scores `-MATE + p`, so shorter mates are preferred.
pub const MATE: i32 = 30_000;
/// Any score beyond this in absolute value is a mate score.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score: the initial window.
pub const INFINITE: i32 = MATE + 1;
/// Losing by the repetition rules (perpetual check): a certain loss, but one
/// the rules hand out rather than a mate, so it sits below the mate band.
pub const RULE_LOSS: i32 = -20_000;
/// A draw.
pub const DRAW: i32 = 0;

/// A search score, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// `Some(n)`: the side to move mates in `n` moves (n > 0) or is mated in
    /// `-n` moves (n < 0). `None` for an ordinary score.
    pub fn mate_in(self) -> Option<i32> {
        let s = self.0;
        if s > MATE_BOUND {
            Some((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Some(-(MATE + s) / 2)
        } else {
            None
        }
    }
}

/// The UCI form: `cp 35` or `mate 3` / `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(n) => write!(f, "mate {n}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score(MATE - 1).mate_in(), Some(1));
        assert_eq!(Score(MATE - 3).mate_in(), Some(2));
        assert_eq!(Score(-MATE + 2).mate_in(), Some(-1));
        assert_eq!(Score(-MATE).mate_in(), Some(0));
        assert_eq!(Score(RULE_LOSS).mate_in(), None);
        assert_eq!(Score(120).to_string(), "cp 120");
        assert_eq!(Score(MATE - 5).to_string(), "mate 3");
    }
}
