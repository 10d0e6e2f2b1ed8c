//! Perft: counts the leaf positions of the legal-move tree, the standard check
//! of a move generator against known totals. The last ply is counted from the
//! move generator without making the moves.

use super::position::Position;
use super::types::Move;

/// The number of leaf positions `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &mv in pos.legal_moves().iter() {
                let undo = pos.make_move(mv);
                nodes += perft(pos, depth - 1);
                pos.unmake_move(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move, in ICCS order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves: Vec<Move> = pos.legal_moves().to_vec();
    moves.sort_by_key(|m| m.to_string());
    moves
        .into_iter()
        .map(|mv| {
            let undo = pos.make_move(mv);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(mv, undo);
            (mv, nodes)
        })
        .collect()
}
