//! Seeded random playouts from the start, for tests that need many varied
//! positions reached by legal play.

use super::Position;

/// A small deterministic generator (xorshift64*).
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The positions along `games` random games of at most `plies` plies each
/// (a game stops early at mate or stalemate), the start excluded.
pub(crate) fn playout_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut p = Position::startpos();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make_move(moves[rng.below(moves.len())]);
            positions.push(p.clone());
        }
    }
    positions
}
