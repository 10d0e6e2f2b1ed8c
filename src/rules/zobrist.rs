//! Zobrist keys: one random 64-bit number per (piece, square) and one for
//! Black to move, generated at compile time from a fixed seed so keys are the
//! same in every build (the store and tests may rely on that).

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `PIECE_SQUARE[piece index][square index]`.
pub static PIECE_SQUARE: [[u64; 90]; 14] = {
    let mut table = [[0u64; 90]; 14];
    let mut state = 0x5851_f42d_4c95_7f2d;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (next, value) = splitmix(state);
            state = next;
            table[p][s] = value;
            s += 1;
        }
        p += 1;
    }
    table
};

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x1405_7b7e_f767_814f).1;
