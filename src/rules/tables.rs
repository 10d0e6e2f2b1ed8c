//! Attack and move tables, computed at compile time so that move generation
//! and attack detection are lookups.
//!
//! Sliding pieces use per-line tables: the occupancy of one rank (9 bits) or one
//! file (10 bits, from the transposed bitboard) indexes the chariot's reach
//! (up to and including the first piece each way) and the cannon's captures
//! (the second piece each way). Horses and elephants index their tables by
//! which of their four legs or eyes are free.

use super::bitboard::Bitboard;

const FILES: i32 = 9;
const RANKS: i32 = 10;

/// What a chariot reaches and a cannon captures along one line, as bits of
/// positions on that line.
#[derive(Clone, Copy)]
pub struct Slide {
    /// Points reached by sliding, including the first occupied point each way.
    pub reach: u16,
    /// The second occupied point each way: a cannon's capture targets.
    pub jump: u16,
}

const fn slide(pos: usize, occ: usize, len: usize) -> Slide {
    let mut reach = 0u16;
    let mut jump = 0u16;
    // Towards higher positions.
    let mut i = pos + 1;
    let mut screens = 0;
    while i < len {
        if screens == 0 {
            reach |= 1 << i;
        }
        if occ & (1 << i) != 0 {
            screens += 1;
            if screens == 2 {
                jump |= 1 << i;
                break;
            }
        }
        i += 1;
    }
    // Towards lower positions.
    let mut i = pos as isize - 1;
    screens = 0;
    while i >= 0 {
        if screens == 0 {
            reach |= 1 << i;
        }
        if occ & (1 << i) != 0 {
            screens += 1;
            if screens == 2 {
                jump |= 1 << i;
                break;
            }
        }
        i -= 1;
    }
    Slide { reach, jump }
}

/// `RANK_SLIDE[file][rank occupancy]`: bits are files.
pub static RANK_SLIDE: [[Slide; 512]; 9] = {
    let mut table = [[Slide { reach: 0, jump: 0 }; 512]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut occ = 0;
        while occ < 512 {
            table[pos][occ] = slide(pos, occ, 9);
            occ += 1;
        }
        pos += 1;
    }
    table
};

/// `FILE_SLIDE[rank][file occupancy]`: bits are ranks.
pub static FILE_SLIDE: [[Slide; 1024]; 10] = {
    let mut table = [[Slide { reach: 0, jump: 0 }; 1024]; 10];
    let mut pos = 0;
    while pos < 10 {
        let mut occ = 0;
        while occ < 1024 {
            table[pos][occ] = slide(pos, occ, 10);
            occ += 1;
        }
        pos += 1;
    }
    table
};

/// `FILE_SPREAD[rank bits]`: the squares of file `a` at those ranks; shift left
/// by the file to place it on another file.
pub static FILE_SPREAD: [Bitboard; 1024] = {
    let mut table = [Bitboard::EMPTY; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut rank = 0;
        while rank < 10 {
            if bits & (1 << rank) != 0 {
                table[bits] = table[bits].with(rank * 9);
            }
            rank += 1;
        }
        bits += 1;
    }
    table
};

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < FILES && rank >= 0 && rank < RANKS
}

const fn sq(file: i32, rank: i32) -> usize {
    (rank * FILES + file) as usize
}

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7)
}

/// `PALACE[color]`: the nine points of that side's palace.
pub static PALACE: [Bitboard; 2] = {
    let mut palaces = [Bitboard::EMPTY; 2];
    let mut s: usize = 0;
    while s < 90 {
        let (file, rank) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(file, rank) {
            let side = (rank >= 7) as usize;
            palaces[side] = palaces[side].with(s);
        }
        s += 1;
    }
    palaces
};

/// Marks a point off the board in leg/eye tables; the position keeps that
/// mailbox entry permanently occupied so those legs always read as blocked.
pub const OFF_BOARD: u8 = 90;

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The four orthogonal neighbours of each square (a horse's legs), in
/// `ORTHOGONAL` order, `OFF_BOARD` when outside.
pub static ORTHO_NEIGHBOURS: [[u8; 4]; 90] = neighbours(ORTHOGONAL);
/// The four diagonal neighbours of each square (an elephant's eyes, and the
/// legs of horses attacking this square), in `DIAGONAL` order.
pub static DIAG_NEIGHBOURS: [[u8; 4]; 90] = neighbours(DIAGONAL);

const fn neighbours(dirs: [(i32, i32); 4]) -> [[u8; 4]; 90] {
    let mut table = [[OFF_BOARD; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + dirs[d].0, r + dirs[d].1);
            if on_board(nf, nr) {
                table[s][d] = sq(nf, nr) as u8;
            }
            d += 1;
        }
        s += 1;
    }
    table
}

/// `HORSE_MOVES[square][free legs]`: bit `d` of the index says the leg in
/// `ORTHOGONAL` direction `d` is empty.
pub static HORSE_MOVES: [[Bitboard; 16]; 90] = {
    let mut table = [[Bitboard::EMPTY; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut free = 0;
        while free < 16 {
            let mut d = 0;
            while d < 4 {
                if free & (1 << d) != 0 {
                    let (df, dr) = ORTHOGONAL[d];
                    // One step along the leg, then one diagonal step outward.
                    let (lf, lr) = (f + df, r + dr);
                    let (t1f, t1r, t2f, t2r) = if df == 0 {
                        (lf - 1, lr + dr, lf + 1, lr + dr)
                    } else {
                        (lf + df, lr - 1, lf + df, lr + 1)
                    };
                    if on_board(t1f, t1r) {
                        table[s][free] = table[s][free].with(sq(t1f, t1r));
                    }
                    if on_board(t2f, t2r) {
                        table[s][free] = table[s][free].with(sq(t2f, t2r));
                    }
                }
                d += 1;
            }
            free += 1;
        }
        s += 1;
    }
    table
};

/// `HORSE_ATTACKERS[square][free diagonals]`: the points from which a horse
/// attacks `square` when its leg (a diagonal neighbour of `square`, bit `d`
/// in `DIAGONAL` order) is empty.
pub static HORSE_ATTACKERS: [[Bitboard; 16]; 90] = {
    let mut table = [[Bitboard::EMPTY; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut free = 0;
        while free < 16 {
            let mut d = 0;
            while d < 4 {
                if free & (1 << d) != 0 {
                    let (df, dr) = DIAGONAL[d];
                    if on_board(f + 2 * df, r + dr) {
                        table[s][free] = table[s][free].with(sq(f + 2 * df, r + dr));
                    }
                    if on_board(f + df, r + 2 * dr) {
                        table[s][free] = table[s][free].with(sq(f + df, r + 2 * dr));
                    }
                }
                d += 1;
            }
            free += 1;
        }
        s += 1;
    }
    table
};

/// Every point a horse could attack `square` from, legs ignored: a quick
/// filter before the leg test.
pub static HORSE_REACH: [Bitboard; 90] = {
    let mut table = [Bitboard::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        table[s] = HORSE_ATTACKERS[s][15];
        s += 1;
    }
    table
};

/// For a general on each point, every point a move must leave or reach to
/// check it: its rank and file (chariots, cannons and their screens, the
/// facing general, soldiers), its diagonal neighbours (the legs of a horse
/// checking it) and the points a horse checks it from. A move touching none
/// of them cannot give check.
pub static CHECK_ZONE: [Bitboard; 90] = {
    let mut table = [Bitboard::EMPTY; 90];
    let mut g = 0;
    while g < 90 {
        let rank = 0x1ff << (g / 9 * 9);
        let mut zone = Bitboard::from_bits(HORSE_REACH[g].bits() | FILE_MASK[g % 9].bits() | rank);
        let mut d = 0;
        while d < 4 {
            let leg = DIAG_NEIGHBOURS[g][d];
            if leg != OFF_BOARD {
                zone = zone.with(leg as usize);
            }
            d += 1;
        }
        table[g] = zone;
        g += 1;
    }
    table
};

/// `ELEPHANT_MOVES[square][free eyes]`: two points diagonally, never across
/// the river; bit `d` of the index says the eye in `DIAGONAL` direction `d`
/// is empty.
pub static ELEPHANT_MOVES: [[Bitboard; 16]; 90] = {
    let mut table = [[Bitboard::EMPTY; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut free = 0;
        while free < 16 {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIAGONAL[d];
                let (tf, tr) = (f + 2 * df, r + 2 * dr);
                if free & (1 << d) != 0 && on_board(tf, tr) && (tr <= 4) == (r <= 4) {
                    table[s][free] = table[s][free].with(sq(tf, tr));
                }
                d += 1;
            }
            free += 1;
        }
        s += 1;
    }
    table
};

/// One diagonal step inside the palace.
pub static ADVISOR_MOVES: [Bitboard; 90] = palace_steps(DIAGONAL);
/// One orthogonal step inside the palace.
pub static GENERAL_MOVES: [Bitboard; 90] = palace_steps(ORTHOGONAL);

const fn palace_steps(dirs: [(i32, i32); 4]) -> [Bitboard; 90] {
    let mut table = [Bitboard::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + dirs[d].0, r + dirs[d].1);
                // Moving between the two palaces is impossible: they are far apart.
                if on_board(nf, nr) && in_palace(nf, nr) {
                    table[s] = table[s].with(sq(nf, nr));
                }
                d += 1;
            }
        }
        s += 1;
    }
    table
}

/// `SOLDIER_MOVES[color][square]`: forward, and sideways once across the river.
pub static SOLDIER_MOVES: [[Bitboard; 90]; 2] = {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let forward = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            if on_board(f, r + forward) {
                table[c][s] = table[c][s].with(sq(f, r + forward));
            }
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if on_board(f - 1, r) {
                    table[c][s] = table[c][s].with(sq(f - 1, r));
                }
                if on_board(f + 1, r) {
                    table[c][s] = table[c][s].with(sq(f + 1, r));
                }
            }
            s += 1;
        }
        c += 1;
    }
    table
};

/// `SOLDIER_ATTACKERS[color][square]`: where a soldier of `color` attacks
/// `square` from.
pub static SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut to = 0;
            while to < 90 {
                if SOLDIER_MOVES[c][from].has(to) {
                    table[c][to] = table[c][to].with(from);
                }
                to += 1;
            }
            from += 1;
        }
        c += 1;
    }
    table
};

/// Each file as a bitboard.
pub static FILE_MASK: [Bitboard; 9] = {
    let mut table = [Bitboard::EMPTY; 9];
    let mut f = 0;
    while f < 9 {
        table[f] = Bitboard::from_bits(FILE_SPREAD[1023].bits() << f);
        f += 1;
    }
    table
};

/// The points strictly between two squares on one rank or file (empty when
/// they share neither).
pub fn between(a: usize, b: usize) -> Bitboard {
    let (fa, ra, fb, rb) = (a % 9, a / 9, b % 9, b / 9);
    let mut out = Bitboard::EMPTY;
    if ra == rb {
        for f in fa.min(fb) + 1..fa.max(fb) {
            out = out.with(ra * 9 + f);
        }
    } else if fa == fb {
        for r in ra.min(rb) + 1..ra.max(rb) {
            out = out.with(r * 9 + fa);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slide_stops_at_blockers() {
        // Chariot on file 4 of a rank, pieces on files 1, 2 and 7.
        let s = RANK_SLIDE[4][0b1000_0110];
        assert_eq!(
            s.reach,
            (1 << 2) | (1 << 3) | (1 << 5) | (1 << 6) | (1 << 7)
        );
        assert_eq!(s.jump, 1 << 1);
    }

    #[test]
    fn horse_and_elephant_tables() {
        let centre = sq(4, 4);
        assert_eq!(HORSE_MOVES[centre][15].count(), 8);
        assert_eq!(HORSE_ATTACKERS[centre][15].count(), 8);
        // From e4 only c2 and g2: never across the river to c6/g6.
        assert_eq!(
            ELEPHANT_MOVES[sq(4, 4)][15],
            Bitboard::from_index(sq(2, 2)).with(sq(6, 2))
        );
        assert_eq!(
            ELEPHANT_MOVES[sq(2, 4)][15],
            Bitboard::from_index(sq(0, 2)).with(sq(4, 2))
        );
        assert_eq!(GENERAL_MOVES[sq(4, 1)].count(), 4);
        assert_eq!(ADVISOR_MOVES[sq(4, 8)].count(), 4);
        assert_eq!(SOLDIER_MOVES[0][sq(4, 3)].count(), 1);
        assert_eq!(SOLDIER_MOVES[0][sq(4, 5)].count(), 3);
        assert_eq!(SOLDIER_MOVES[1][sq(4, 6)].count(), 1);
        assert_eq!(SOLDIER_MOVES[1][sq(4, 0)].count(), 2);
    }
}
