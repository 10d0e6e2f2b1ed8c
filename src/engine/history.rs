//! The game's past positions, and the repetition rules as the search applies
//! them. The rules layer decides repetitions in real games; inside the search a
//! position that recurs ends the line at once, scored the way the rules would
//! score the finished cycle: the side that checked with every move of the cycle
//! (and whose opponent did not) loses, any other repetition is a draw.

use crate::rules::{Move, Position};

use super::score::{DRAW, RULE_LOSS};

/// One position of the game before the one being searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastPosition {
    /// Zobrist key (board and side to move).
    pub key: u64,
    /// The side to move there was in check, i.e. the move into it gave check.
    pub in_check: bool,
}

impl PastPosition {
    pub fn of(pos: &Position) -> PastPosition {
        PastPosition {
            key: pos.key(),
            in_check: pos.in_check(),
        }
    }
}

/// The positions since the last capture, oldest first, not counting the
/// position to search. Earlier positions cannot recur, so they are not kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameHistory {
    positions: Vec<PastPosition>,
}

/// A move in a replayed move list that is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalHistoryMove {
    /// Zero-based index in the move list.
    pub index: usize,
    pub mv: Move,
}

impl std::fmt::Display for IllegalHistoryMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} ({}) is not legal there",
            self.index + 1,
            self.mv
        )
    }
}

impl std::error::Error for IllegalHistoryMove {}

impl GameHistory {
    pub fn new() -> Self {
        GameHistory::default()
    }

    /// Plays `moves` from `start` and returns the position reached with the
    /// history that leads to it.
    pub fn replay(
        start: &Position,
        moves: &[Move],
    ) -> Result<(Position, GameHistory), IllegalHistoryMove> {
        let mut pos = start.clone();
        let mut history = GameHistory::new();
        for (index, &mv) in moves.iter().enumerate() {
            if !pos.is_legal(mv) {
                return Err(IllegalHistoryMove { index, mv });
            }
            history.record(&pos, mv);
            pos.make_move(mv);
        }
        Ok((pos, history))
    }

    /// Records `pos` as left by `mv` (call before playing `mv` on it).
    pub fn record(&mut self, pos: &Position, mv: Move) {
        if pos.is_capture(mv) {
            self.positions.clear();
        } else {
            self.positions.push(PastPosition::of(pos));
        }
    }

    /// Appends a position as is (the caller knows it is since the last capture).
    pub fn push(&mut self, past: PastPosition) {
        self.positions.push(past);
    }

    pub fn positions(&self) -> &[PastPosition] {
        &self.positions
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
}

/// If the last position of `line` (the node being searched) repeats an earlier
/// one within the last `reversible` plies, the score of that repetition for
/// the side to move at the node; `None` when it is no repetition.
///
/// `line[k].in_check` tells whether the move into position `k` gave check, so
/// in a cycle from `i` to `n` the side to move at `n` made the moves into
/// `i+1, i+3, …, n-1` and its opponent those into `i+2, …, n`.
pub fn repetition_score(line: &[PastPosition], reversible: usize) -> Option<i32> {
    let n = line.len().checked_sub(1)?;
    let key = line[n].key;
    let oldest = n.saturating_sub(reversible);
    let mut i = n.checked_sub(4)?;
    loop {
        if i < oldest {
            return None;
        }
        if line[i].key == key {
            let mover_checks = (i + 1..n).step_by(2).all(|k| line[k].in_check);
            let opponent_checks = (i + 2..=n).step_by(2).all(|k| line[k].in_check);
            return Some(match (mover_checks, opponent_checks) {
                (true, false) => RULE_LOSS,
                (false, true) => -RULE_LOSS,
                _ => DRAW,
            });
        }
        i = i.checked_sub(2)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(keys_checks: &[(u64, bool)]) -> Vec<PastPosition> {
        keys_checks
            .iter()
            .map(|&(key, in_check)| PastPosition { key, in_check })
            .collect()
    }

    #[test]
    fn idle_repetition_is_a_draw() {
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(repetition_score(&l, 100), Some(DRAW));
    }

    #[test]
    fn no_repetition_without_a_recurring_key() {
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (5, false)]);
        assert_eq!(repetition_score(&l, 100), None);
        // Out of the reversible window: a capture came in between.
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(repetition_score(&l, 3), None);
    }

    #[test]
    fn perpetual_checker_loses() {
        // The side to move at the end gave check with its moves (into 1 and 3).
        let l = line(&[(1, false), (2, true), (3, false), (4, true), (1, false)]);
        assert_eq!(repetition_score(&l, 100), Some(RULE_LOSS));
        // The opponent checked with every move (into 2 and 4, the node itself).
        let l = line(&[(1, true), (2, false), (3, true), (4, false), (1, true)]);
        assert_eq!(repetition_score(&l, 100), Some(-RULE_LOSS));
        // Both check throughout: a draw.
        let l = line(&[(1, true), (2, true), (3, true), (4, true), (1, true)]);
        assert_eq!(repetition_score(&l, 100), Some(DRAW));
    }
}
