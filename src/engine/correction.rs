//! Correction history: how far searches found the static evaluation off,
//! remembered by the position's structure (where the soldiers, advisors,
//! elephants and generals stand), and added to the evaluation of the next
//! position with that structure. The evaluation misjudges some structures the
//! same way every time (a shattered palace, soldiers about to break through);
//! the searches below those positions see it, and the pruning decisions that
//! rest on the static evaluation (reverse futility, null move, futility,
//! the quiescence stand-pat) then see it too.

use crate::rules::{Color, Piece, PieceKind, Position};

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
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![[0; SIZE]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two rows"),
        }
    }
}

impl CorrectionHistory {
    pub fn clear(&mut self) {
        for row in self.table.iter_mut() {
            row.fill(0);
        }
    }

    /// `raw`, the static evaluation of `pos`, corrected by what searches of
    /// positions with its structure found.
    #[inline]
    pub fn correct(&self, pos: &Position, raw: i32) -> i32 {
        raw + i32::from(*self.entry(pos)) / GRAIN
    }

    /// A search `depth` plies deep found `pos` worth `searched` where the
    /// corrected static evaluation said `corrected`: moves the correction
    /// towards the difference, the more the deeper the search.
    pub fn update(&mut self, pos: &Position, searched: i32, corrected: i32, depth: i32) {
        let entry = self.entry_mut(pos);
        let current = i32::from(*entry);
        let target = (current + (searched - corrected) * GRAIN).clamp(-LIMIT, LIMIT);
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        *entry = ((current * (256 - weight) + target * weight) / 256) as i16;
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
        assert_eq!(history.correct(&start, 10), 10);
        for _ in 0..200 {
            let corrected = history.correct(&start, 10);
            history.update(&start, 70, corrected, 12);
        }
        // Searches kept finding 60 cp more than the evaluation: it learns most of that.
        let learnt = history.correct(&start, 10) - 10;
        assert!((50..=60).contains(&learnt), "{learnt}");
        assert_eq!(history.correct(&same, 0), learnt);
        assert_eq!(history.correct(&other, 0), 0);
        assert_eq!(history.correct(&black, 0), 0);
        // Bounded, however far off the searches say it is.
        for _ in 0..500 {
            let corrected = history.correct(&start, 0);
            history.update(&start, -5000, corrected, 20);
        }
        let floor = history.correct(&start, 0);
        assert!((-LIMIT / GRAIN..-100).contains(&floor), "{floor}");
        history.clear();
        assert_eq!(history.correct(&start, 0), 0);
    }
}
