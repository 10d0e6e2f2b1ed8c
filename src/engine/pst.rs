//! Material and piece-square values, middlegame and endgame, for every piece.
//!
//! The grids are drawn from Red's side as a player sees the board: the first
//! row is rank 9 (Black's back rank), the last row rank 0. Black uses the same
//! grid with ranks mirrored. The values were set by hand from Xiangqi
//! principles (advanced central horses, chariots on open ribs, crossed
//! soldiers nearing the palace) and then adjusted by engine matches.

use std::sync::OnceLock;

use crate::rules::{Color, Piece, PieceKind, Square, NUM_SQUARES};

type Grid = [[i16; 9]; 10];

/// Material in centipawns, `[middlegame, endgame]`, by [`PieceKind::index`].
pub const MATERIAL: [[i32; 2]; 7] = [
    [0, 0],     // general
    [120, 110], // advisor
    [120, 110], // elephant
    [270, 310], // horse
    [600, 650], // chariot
    [285, 270], // cannon
    [30, 70],   // soldier
];

#[rustfmt::skip]
const GENERAL_MG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -30, -30, -30, 0, 0, 0],
    [0, 0, 0, -12, -10, -12, 0, 0, 0],
    [0, 0, 0,   0,   4,   0, 0, 0, 0],
];

#[rustfmt::skip]
const GENERAL_EG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -10, -6, -10, 0, 0, 0],
    [0, 0, 0,  -2,  6,  -2, 0, 0, 0],
    [0, 0, 0,  -4,  2,  -4, 0, 0, 0],
];

#[rustfmt::skip]
const ADVISOR: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -3, 0, -3, 0, 0, 0],
    [0, 0, 0,  0, 4,  0, 0, 0, 0],
    [0, 0, 0,  1, 0,  1, 0, 0, 0],
];

#[rustfmt::skip]
const ELEPHANT: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, -2, 0, 0, 0, -2, 0, 0],
    [0; 9],
    [-3, 0, 0, 0, 5, 0, 0, 0, -3],
    [0; 9],
    [0, 0, 1, 0, 0, 0, 1, 0, 0],
];

#[rustfmt::skip]
const HORSE_MG: Grid = [
    [ 0, -4,  0,  2,  0,  2,  0, -4,  0],
    [ 0,  4,  8, 10,  0, 10,  8,  4,  0],
    [ 4, 10, 18, 14,  8, 14, 18, 10,  4],
    [ 2, 12, 14, 18, 16, 18, 14, 12,  2],
    [ 2, 10, 12, 16, 18, 16, 12, 10,  2],
    [ 0,  8, 12, 12, 12, 12, 12,  8,  0],
    [ 0,  4,  8,  6, 10,  6,  8,  4,  0],
    [ 2,  2,  8,  6,  4,  6,  8,  2,  2],
    [-4,  0,  2,  2, -8,  2,  2,  0, -4],
    [-6, -6,  0, -2,  0, -2,  0, -6, -6],
];

#[rustfmt::skip]
const HORSE_EG: Grid = [
    [ 0,  2,  4,  6,  6,  6,  4,  2,  0],
    [ 2,  6, 10, 14, 14, 14, 10,  6,  2],
    [ 4,  8, 14, 16, 16, 16, 14,  8,  4],
    [ 4,  8, 12, 16, 16, 16, 12,  8,  4],
    [ 2,  6, 10, 12, 12, 12, 10,  6,  2],
    [ 0,  4,  8, 10, 10, 10,  8,  4,  0],
    [-2,  2,  4,  6,  6,  6,  4,  2, -2],
    [-4,  0,  2,  4,  4,  4,  2,  0, -4],
    [-6, -2,  0,  0,  0,  0,  0, -2, -6],
    [-8, -6, -4, -4, -4, -4, -4, -6, -8],
];

#[rustfmt::skip]
const CHARIOT_MG: Grid = [
    [ 6,  8,  6, 12, 14, 12,  6,  8,  6],
    [ 6, 12,  9, 16, 30, 16,  9, 12,  6],
    [ 6,  8,  6, 14, 16, 14,  6,  8,  6],
    [ 6, 12, 12, 16, 16, 16, 12, 12,  6],
    [ 8, 10, 10, 14, 14, 14, 10, 10,  8],
    [ 8, 12, 12, 14, 14, 14, 12, 12,  8],
    [ 4,  8,  4, 12, 12, 12,  4,  8,  4],
    [-2,  8,  4, 12, 12, 12,  4,  8, -2],
    [ 4,  8,  6, 12,  0, 12,  6,  8,  4],
    [-6,  6,  4, 12,  0, 12,  4,  6, -6],
];

#[rustfmt::skip]
const CHARIOT_EG: Grid = [
    [ 4,  6,  6,  8,  8,  8,  6,  6,  4],
    [ 4,  8,  8, 10, 14, 10,  8,  8,  4],
    [ 4,  6,  6,  8, 10,  8,  6,  6,  4],
    [ 4,  6,  6,  8,  8,  8,  6,  6,  4],
    [ 2,  4,  4,  6,  6,  6,  4,  4,  2],
    [ 2,  4,  4,  6,  6,  6,  4,  4,  2],
    [ 0,  2,  2,  4,  4,  4,  2,  2,  0],
    [ 0,  2,  2,  4,  4,  4,  2,  2,  0],
    [ 0,  2,  2,  4,  2,  4,  2,  2,  0],
    [-2,  0,  0,  2,  0,  2,  0,  0, -2],
];

#[rustfmt::skip]
const CANNON_MG: Grid = [
    [ 4,  4,  0, -4, -6, -4,  0,  4,  4],
    [ 2,  2,  0, -4, -6, -4,  0,  2,  2],
    [ 1,  1,  0, -4, -3, -4,  0,  1,  1],
    [ 0,  3,  3,  2,  4,  2,  3,  3,  0],
    [ 0,  0,  0,  0,  4,  0,  0,  0,  0],
    [-1,  0,  3,  0,  4,  0,  3,  0, -1],
    [ 0,  0,  0,  0,  2,  0,  0,  0,  0],
    [ 1,  0,  4,  3,  6,  3,  4,  0,  1],
    [ 0,  1,  2,  2,  2,  2,  2,  1,  0],
    [ 0,  0,  1,  3,  3,  3,  1,  0,  0],
];

#[rustfmt::skip]
const CANNON_EG: Grid = [
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
];

#[rustfmt::skip]
const SOLDIER_MG: Grid = [
    [ 0,  0,  0,  2,  4,  2,  0,  0,  0],
    [20, 30, 45, 55, 60, 55, 45, 30, 20],
    [20, 30, 40, 50, 55, 50, 40, 30, 20],
    [15, 24, 30, 35, 40, 35, 30, 24, 15],
    [10, 15, 20, 25, 25, 25, 20, 15, 10],
    [ 0,  0, -2,  0,  6,  0, -2,  0,  0],
    [-2,  0, -2,  0,  4,  0, -2,  0, -2],
    [0; 9], [0; 9], [0; 9],
];

#[rustfmt::skip]
const SOLDIER_EG: Grid = [
    [ 0,  4,  8, 10, 12, 10,  8,  4,  0],
    [10, 24, 36, 48, 55, 48, 36, 24, 10],
    [12, 24, 34, 44, 48, 44, 34, 24, 12],
    [10, 20, 26, 32, 34, 32, 26, 20, 10],
    [ 6, 14, 18, 22, 22, 22, 18, 14,  6],
    [-6, -4, -4, -2,  0, -2, -4, -4, -6],
    [-8, -6, -6, -4, -2, -4, -6, -6, -8],
    [0; 9], [0; 9], [0; 9],
];

fn grids(kind: PieceKind) -> [&'static Grid; 2] {
    match kind {
        PieceKind::General => [&GENERAL_MG, &GENERAL_EG],
        PieceKind::Advisor => [&ADVISOR, &ADVISOR],
        PieceKind::Elephant => [&ELEPHANT, &ELEPHANT],
        PieceKind::Horse => [&HORSE_MG, &HORSE_EG],
        PieceKind::Chariot => [&CHARIOT_MG, &CHARIOT_EG],
        PieceKind::Cannon => [&CANNON_MG, &CANNON_EG],
        PieceKind::Soldier => [&SOLDIER_MG, &SOLDIER_EG],
    }
}

/// Material plus placement, `[piece index][square][phase]`, from the piece's
/// own side's point of view (always positive for a piece worth having).
pub struct PieceSquareTable {
    values: [[[i32; 2]; NUM_SQUARES]; 14],
}

impl PieceSquareTable {
    #[inline]
    pub fn value(&self, piece: Piece, square: Square) -> [i32; 2] {
        self.values[piece.index()][square.index()]
    }
}

/// The table, computed on first use.
pub fn table() -> &'static PieceSquareTable {
    static TABLE: OnceLock<PieceSquareTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut values = [[[0; 2]; NUM_SQUARES]; 14];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                for square in Square::all() {
                    // Red reads rank r on row 9 - r; Black mirrors the ranks.
                    let red_view = match color {
                        Color::Red => square,
                        Color::Black => square.flip_rank(),
                    };
                    let row = 9 - red_view.rank() as usize;
                    let file = red_view.file() as usize;
                    for (phase, grid) in grids(kind).iter().enumerate() {
                        values[piece.index()][square.index()][phase] =
                            MATERIAL[kind.index()][phase] + grid[row][file] as i32;
                    }
                }
            }
        }
        PieceSquareTable { values }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_mirrors_red() {
        let t = table();
        for kind in PieceKind::ALL {
            for sq in Square::all() {
                assert_eq!(
                    t.value(Piece::new(Color::Red, kind), sq),
                    t.value(Piece::new(Color::Black, kind), sq.flip_rank())
                );
            }
        }
    }

    #[test]
    fn crossed_soldier_is_worth_more_than_a_home_one() {
        let t = table();
        let red = Piece::new(Color::Red, PieceKind::Soldier);
        let home = t.value(red, Square::parse("e3").unwrap());
        let crossed = t.value(red, Square::parse("e6").unwrap());
        assert!(crossed[0] > home[0] && crossed[1] > home[1]);
    }
}
