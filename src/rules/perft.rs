//! Perft: counts the leaf positions of the legal-move tree, the standard check
//! of a move generator against known totals. The last ply is counted from the
//! move generator without making the moves.
//!
//! The crate targets x86-64-v2 (`.cargo/config.toml`), which has `popcnt`
//! but not the `tzcnt` and `lzcnt` instructions the bitboard code also leans
//! on; when the CPU has them, the walk runs in a copy compiled with them
//! rather than raising the whole crate's target CPU past what most machines
//! have.

use super::position::Position;
use super::types::Move;

/// One level of the walk; `$recurse` is the function that descends.
macro_rules! perft_body {
    ($pos:ident, $depth:ident, $recurse:expr) => {
        match $depth {
            0 => 1,
            1 => $pos.count_legal_moves(),
            _ => {
                let mut nodes = 0;
                for &mv in $pos.legal_moves().iter() {
                    let undo = $pos.make_move(mv);
                    nodes += $recurse($pos, $depth - 1);
                    $pos.unmake_move(mv, undo);
                }
                nodes
            }
        }
    };
}

/// The number of leaf positions `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the CPU supports every feature the function enables.
            return unsafe { perft_bit_instructions(pos, depth) };
        }
    }
    perft_portable(pos, depth)
}

fn perft_portable(pos: &mut Position, depth: u32) -> u64 {
    perft_body!(pos, depth, perft_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,lzcnt")]
fn perft_bit_instructions(pos: &mut Position, depth: u32) -> u64 {
    perft_body!(pos, depth, perft_bit_instructions)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_walk_counts_like_the_dispatched_one() {
        let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
        let mut pos = Position::from_fen(fen).expect("valid");
        assert_eq!(perft_portable(&mut pos, 3), 43929);
        assert_eq!(perft(&mut pos, 3), 43929);
        let mut start = Position::startpos();
        assert_eq!(perft_portable(&mut start, 3), 79666);
    }
}
