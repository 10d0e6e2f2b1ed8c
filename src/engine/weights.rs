//! The evaluation's tunable numbers: material, piece-square grids and term
//! weights, each `[middlegame, endgame]`. Kept apart from the code that uses
//! them so that `xiangqi-bot tune` can rewrite this file (see docs/engine.md,
//! "Tuning"); the grids read as Red sees the board, first row rank 9.

pub type Grid = [[i16; 9]; 10];

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
pub const GENERAL_MG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -30, -30, -30, 0, 0, 0],
    [0, 0, 0, -12, -10, -12, 0, 0, 0],
    [0, 0, 0,   0,   4,   0, 0, 0, 0],
];

#[rustfmt::skip]
pub const GENERAL_EG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -10, -6, -10, 0, 0, 0],
    [0, 0, 0,  -2,  6,  -2, 0, 0, 0],
    [0, 0, 0,  -4,  2,  -4, 0, 0, 0],
];

#[rustfmt::skip]
pub const ADVISOR_MG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -3, 0, -3, 0, 0, 0],
    [0, 0, 0,  0, 4,  0, 0, 0, 0],
    [0, 0, 0,  1, 0,  1, 0, 0, 0],
];

#[rustfmt::skip]
pub const ELEPHANT_MG: Grid = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, -2, 0, 0, 0, -2, 0, 0],
    [0; 9],
    [-3, 0, 0, 0, 5, 0, 0, 0, -3],
    [0; 9],
    [0, 0, 1, 0, 0, 0, 1, 0, 0],
];

#[rustfmt::skip]
pub const HORSE_MG: Grid = [
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
pub const HORSE_EG: Grid = [
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
pub const CHARIOT_MG: Grid = [
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
pub const CHARIOT_EG: Grid = [
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
pub const CANNON_MG: Grid = [
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
pub const CANNON_EG: Grid = [
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
pub const SOLDIER_MG: Grid = [
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
pub const SOLDIER_EG: Grid = [
    [ 0,  4,  8, 10, 12, 10,  8,  4,  0],
    [10, 24, 36, 48, 55, 48, 36, 24, 10],
    [12, 24, 34, 44, 48, 44, 34, 24, 12],
    [10, 20, 26, 32, 34, 32, 26, 20, 10],
    [ 6, 14, 18, 22, 22, 22, 18, 14,  6],
    [-6, -4, -4, -2,  0, -2, -4, -4, -6],
    [-8, -6, -6, -4, -2, -4, -6, -6, -8],
    [0; 9], [0; 9], [0; 9],
];

pub const ADVISOR_EG: Grid = ADVISOR_MG;
pub const ELEPHANT_EG: Grid = ELEPHANT_MG;

/// Piece-square grids by [`PieceKind::index`](crate::rules::PieceKind::index), `[middlegame, endgame]`.
pub const PSQT: [[&Grid; 2]; 7] = [
    [&GENERAL_MG, &GENERAL_EG],
    [&ADVISOR_MG, &ADVISOR_EG],
    [&ELEPHANT_MG, &ELEPHANT_EG],
    [&HORSE_MG, &HORSE_EG],
    [&CHARIOT_MG, &CHARIOT_EG],
    [&CANNON_MG, &CANNON_EG],
    [&SOLDIER_MG, &SOLDIER_EG],
];

/// Term weights by [`Term`](super::evaluate::Term), `[middlegame, endgame]`.
pub const TERMS: [[i32; 2]; 7] = [
    [3, 4],     // chariot mobility, per point reached
    [7, 8],     // horse mobility, per point reached
    [2, 1],     // cannon mobility, per point reached
    [-20, -20], // trapped horse
    [45, 15],   // empty-headed cannon
    [14, 4],    // central cannon behind two screens
    [-3, -1],   // guard shortage, per attack unit per missing guard
];
