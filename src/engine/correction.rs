//! Correction history: how far searches found the static evaluation off,
//! remembered twice: by the position's structure (where the soldiers,
//! advisors, elephants and generals stand) and by the move that led to it
//! (the opponent's piece and where it went). The sum of the two entries is
//! added to the evaluation of the next position that shares them. The
//! evaluation misjudges some structures the same way every time (a shattered
//! palace, soldiers about to break through), and some moves' consequences
//! too (a threat it does not count); the searches below those positions see
//! it, and the pruning decisions that rest on the static evaluation (reverse
//! futility, null move, futility, the quiescence stand-pat) then see it too.

use crate::rules::{Color, Piece, PieceKind, Position};

use super::movepick::PieceTo;

/// Entries per side to move.
const SIZE: usize = 1 << 14;
/// Entries are in eighths of a centipawn, so small corrections accumulate.
const GRAIN: i32 = 8;
/// The largest correction, in entry units (128 cp).
const LIMIT: i32 = 128 * GRAIN;
/// How much one search result moves an entry at most, out of 256.
const MAX_WEIGHT: i32 = 16;

/// The structure kinds: the pieces that move little and shape the position.
const STRUCTURE: [PieceKind; 4] = [
    PieceKind::Soldier,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::General,
];

pub struct CorrectionHistory {
    /// By side to move, then by structure hash.
    table: Box<[[i16; SIZE]; 2]>,
    /// By the opponent's last move (piece, destination; the piece's colour
    /// says who is to move): what the evaluation misjudges right after a
    /// kind of move, such as a threat it does not see.
    by_last_move: Box<[i16; PieceTo::COUNT]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![[0; SIZE]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two rows"),
            by_last_move: Box::new([0; PieceTo::COUNT]),
        }
    }
}

impl CorrectionHistory {
    pub fn clear(&mut self) {
        for row in self.table.iter_mut() {
            row.fill(0);
        }
        self.by_last_move.fill(0);
    }

    /// `raw`, the static evaluation of `pos`, corrected by what searches of
    /// positions with its structure, and of positions reached by `last`
    /// (the opponent's move into `pos`, if a real one), found.
    #[inline]
    pub fn correct(&self, pos: &Position, last: Option<PieceTo>, raw: i32) -> i32 {
        let by_move = last.map_or(0, |last| i32::from(self.by_last_move[last.index()]));
        raw + (i32::from(*self.entry(pos)) + by_move) / GRAIN
    }

    /// A search `depth` plies deep found `pos` worth `searched` where the
    /// corrected static evaluation said `corrected`: moves the correction
    /// towards the difference, the more the deeper the search.
    pub fn update(
        &mut self,
        pos: &Position,
        last: Option<PieceTo>,
        searched: i32,
        corrected: i32,
        depth: i32,
    ) {
        let error = searched - corrected;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        learn(self.entry_mut(pos), error, weight);
        if let Some(last) = last {
            learn(&mut self.by_last_move[last.index()], error, weight);
        }
    }

    #[inline]
    fn entry(&self, pos: &Position) -> &i16 {
        &self.table[pos.side_to_move().index()][structure_index(pos)]
    }

    #[inline]
    fn entry_mut(&mut self, pos: &Position) -> &mut i16 {
        &mut self.table[pos.side_to_move().index()][structure_index(pos)]
    }
}

/// Moves one entry toward the error seen, by `weight` 256ths.
fn learn(entry: &mut i16, error: i32, weight: i32) {
    let current = i32::from(*entry);
    let target = (current + error * GRAIN).clamp(-LIMIT, LIMIT);
    *entry = ((current * (256 - weight) + target * weight) / 256) as i16;
}

/// A hash of where the structure pieces of both sides stand.
#[inline]
fn structure_index(pos: &Position) -> usize {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut hash: u64 = 0;
    for color in Color::ALL {
        for kind in STRUCTURE {
            let bits = pos.pieces(Piece::new(color, kind)).bits();
            let folded = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(MIX);
            hash = (hash.rotate_left(23) ^ folded).wrapping_mul(MIX);
        }
    }
    (hash >> (64 - SIZE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Square};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn corrections_follow_searches_by_structure_and_side() {
        let start = Position::startpos();
        // The same structure, a chariot elsewhere.
        let same = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 0 1");
        // A soldier moved: another structure.
        let other = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        let mut history = CorrectionHistory::default();
        assert_eq!(history.correct(&start, None, 10), 10);
        for _ in 0..200 {
            let corrected = history.correct(&start, None, 10);
            history.update(&start, None, 70, corrected, 12);
        }
        // Searches kept finding 60 cp more than the evaluation: it learns most of that.
        let learnt = history.correct(&start, None, 10) - 10;
        assert!((50..=60).contains(&learnt), "{learnt}");
        assert_eq!(history.correct(&same, None, 0), learnt);
        assert_eq!(history.correct(&other, None, 0), 0);
        assert_eq!(history.correct(&black, None, 0), 0);
        // Bounded, however far off the searches say it is.
        for _ in 0..500 {
            let corrected = history.correct(&start, None, 0);
            history.update(&start, None, -5000, corrected, 20);
        }
        let floor = history.correct(&start, None, 0);
        assert!((-LIMIT / GRAIN..-100).contains(&floor), "{floor}");
        history.clear();
        assert_eq!(history.correct(&start, None, 0), 0);
    }

    /// The position after `moves` from the start, and the last move as the
    /// correction keys it.
    fn after(moves: &[&str]) -> (Position, Option<PieceTo>) {
        let mut pos = Position::startpos();
        let mut last = None;
        for text in moves {
            let mv = Move::new(
                Square::parse(&text[..2]).unwrap(),
                Square::parse(&text[2..]).unwrap(),
            );
            pos.make_move(mv);
            last = PieceTo::of(&pos, mv);
        }
        (pos, last)
    }

    #[test]
    fn corrections_follow_the_last_move_across_structures() {
        // Black to move after Red's cannon went to e2, in two structures
        // (a soldier pushed or not): they share the last-move entry.
        let (central, cannon_to_e2) = after(&["h2e2"]);
        let (pushed, same_move) = after(&["c3c4", "c6c5", "h2e2"]);
        let (horse, other_move) = after(&["h0g2"]);
        assert!(cannon_to_e2.is_some());
        assert_eq!(cannon_to_e2, same_move);
        assert_ne!(cannon_to_e2, other_move);

        let mut history = CorrectionHistory::default();
        for _ in 0..200 {
            let corrected = history.correct(&central, cannon_to_e2, 0);
            history.update(&central, cannon_to_e2, -40, corrected, 12);
        }
        // The two entries together learn the error, not twice it.
        let learnt = history.correct(&central, cannon_to_e2, 0);
        assert!((-40..=-30).contains(&learnt), "{learnt}");
        // The structure's share, which a horse move does not change...
        let structure_share = history.correct(&central, None, 0);
        assert!(structure_share < 0, "{structure_share}");
        assert_eq!(history.correct(&horse, None, 0), structure_share);
        // ...and another move's entry, which learnt nothing.
        assert_eq!(history.correct(&horse, other_move, 0), structure_share);
        // Another structure reached by the same move gets the move's share.
        let move_share = history.correct(&pushed, same_move, 0);
        assert!(move_share < 0, "{move_share}");
        assert!((move_share + structure_share - learnt).abs() <= 1);
        // Without a last move (a null move) only the structure counts.
        assert_eq!(history.correct(&pushed, None, 0), 0);
    }
}
