//! Seeded random playouts from the start, for tests that need many varied
//! positions reached by legal play.

use super::position::Position;
use crate::rng::SplitMix64;

/// The positions along `games` random games of at most `plies` plies each
/// (a game stops early at mate or stalemate), the start excluded.
pub(crate) fn playout_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut p = Position::startpos();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make_move(moves[rng.index(moves.len())]);
            positions.push(p.clone());
        }
    }
    positions
}
