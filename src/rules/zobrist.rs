//! Zobrist keys: one random 64-bit number per (piece, square) and one for
//! Black to move, generated at compile time from a fixed seed so keys are the
//! same in every build (the store and tests may rely on that).

use crate::rng::SplitMix64;

/// `PIECE_SQUARE[piece index][square index]`.
pub static PIECE_SQUARE: [[u64; 90]; 14] = {
    let mut table = [[0u64; 90]; 14];
    let mut rng = SplitMix64::new(0x5851_f42d_4c95_7f2d);
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            table[p][s] = rng.next_u64();
            s += 1;
        }
        p += 1;
    }
    table
};

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = SplitMix64::new(0x1405_7b7e_f767_814f).next_u64();
