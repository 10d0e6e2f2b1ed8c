//! The game's past positions, and the repetition rules as the search applies
//! them. Inside the search a position that recurs ends the line at once,
//! scored the way the rules would score the finished cycle: the side that
//! checked with every move of the cycle (and whose opponent did not) loses;
//! otherwise the rules layer's verdict decides perpetual chases; anything else
//! is a draw.

use crate::rules::{Game, Move, Position};

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

    /// [`of`](Self::of) for the position `mv`, a legal move, just led to:
    /// see [`Position::in_check_after`].
    #[inline]
    pub fn after(pos: &Position, mv: Move) -> PastPosition {
        PastPosition {
            key: pos.key(),
            in_check: pos.in_check_after(mv),
        }
    }
}

/// The positions since the last capture, oldest first, not counting the
/// position to search, with the move played from each. Earlier positions
/// cannot recur, so they are not kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameHistory {
    positions: Vec<PastPosition>,
    /// `moves[k]` was played from `positions[k]`; the last leads to the
    /// position to search.
    moves: Vec<Move>,
}

/// A move of a list being rebuilt that is not legal where it is played.
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

    /// Rebuilds a game's end: plays `moves` from `start` and returns the
    /// position reached with the history that leads to it.
    pub fn rebuild(
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

    /// The position a game has reached and the history leading to it.
    pub(crate) fn of_game(game: &Game) -> (Position, GameHistory) {
        let mut pos = game.start().clone();
        let mut history = GameHistory::new();
        for &mv in game.moves() {
            history.record(&pos, mv);
            pos.make_move(mv);
        }
        (pos, history)
    }

    /// Records `pos` as left by `mv` (call before playing `mv` on it).
    pub(crate) fn record(&mut self, pos: &Position, mv: Move) {
        if pos.is_capture(mv) {
            self.positions.clear();
            self.moves.clear();
        } else {
            self.positions.push(PastPosition::of(pos));
            self.moves.push(mv);
        }
    }

    pub(crate) fn positions(&self) -> &[PastPosition] {
        &self.positions
    }

    /// `moves()[k]` was played from `positions()[k]`.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }
}

/// Who, if anyone, checked with every one of their moves in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleChecks {
    /// The side to move at the repeated position: it loses.
    Mover,
    /// Its opponent: the side to move wins.
    Opponent,
    /// Neither or both: the rules' chase verdict decides, else a draw.
    Neither,
}

/// If the last position of `line` (the node being searched) repeats an earlier
/// one within the last `reversible` plies, the index of that earlier position
/// and who perpetually checked in between; `None` when it is no repetition.
///
/// `line[k].in_check` tells whether the move into position `k` gave check, so
/// in a cycle from `i` to `n` the side to move at `n` made the moves into
/// `i+1, i+3, …, n-1` and its opponent those into `i+2, …, n`.
pub fn find_repetition(line: &[PastPosition], reversible: usize) -> Option<(usize, CycleChecks)> {
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
            let checks = match (mover_checks, opponent_checks) {
                (true, false) => CycleChecks::Mover,
                (false, true) => CycleChecks::Opponent,
                _ => CycleChecks::Neither,
            };
            return Some((i, checks));
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
    fn idle_repetition_is_found_without_checks() {
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(find_repetition(&l, 100), Some((0, CycleChecks::Neither)));
    }

    #[test]
    fn no_repetition_without_a_recurring_key() {
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (5, false)]);
        assert_eq!(find_repetition(&l, 100), None);
        // Out of the reversible window: a capture came in between.
        let l = line(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(find_repetition(&l, 3), None);
    }

    #[test]
    fn perpetual_checker_is_named() {
        // The side to move at the end gave check with its moves (into 1 and 3).
        let l = line(&[(1, false), (2, true), (3, false), (4, true), (1, false)]);
        assert_eq!(find_repetition(&l, 100), Some((0, CycleChecks::Mover)));
        // The opponent checked with every move (into 2 and 4, the node itself).
        let l = line(&[(1, true), (2, false), (3, true), (4, false), (1, true)]);
        assert_eq!(find_repetition(&l, 100), Some((0, CycleChecks::Opponent)));
        // Both check throughout.
        let l = line(&[(1, true), (2, true), (3, true), (4, true), (1, true)]);
        assert_eq!(find_repetition(&l, 100), Some((0, CycleChecks::Neither)));
        // The nearest earlier occurrence is the one judged.
        let l = line(&[
            (1, false),
            (2, false),
            (1, false),
            (2, true),
            (3, false),
            (4, true),
            (1, false),
        ]);
        assert_eq!(find_repetition(&l, 100), Some((2, CycleChecks::Mover)));
    }

    #[test]
    fn history_keeps_moves_since_the_last_capture() {
        let start = Position::startpos();
        let moves: Vec<Move> = ["h2e2", "h9g7", "e2e6", "b9c7"]
            .iter()
            .map(|t| crate::engine::uci::parse_iccs(t).unwrap())
            .collect();
        let (pos, history) = GameHistory::rebuild(&start, &moves).unwrap();
        // e2e6 captured: only the position before b9c7 remains.
        assert_eq!(history.len(), 1);
        assert_eq!(history.moves(), &moves[3..]);
        let game = Game::from_moves(start, &moves).unwrap();
        let (from_game, same) = GameHistory::of_game(&game);
        assert_eq!(from_game.key(), pos.key());
        assert_eq!(same, history);
    }
}
