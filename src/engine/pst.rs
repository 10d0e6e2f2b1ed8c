//! Material and piece-square values, middlegame and endgame, for every piece.
//!
//! The numbers live in [`weights`](super::weights), drawn from Red's side as a
//! player sees the board; Black uses the same grids with ranks mirrored. This
//! module folds material and placement into one table, computed once.

use std::sync::OnceLock;

use crate::rules::{Color, Piece, PieceKind, Square, NUM_SQUARES};

pub use super::weights::MATERIAL;
use super::weights::PSQT;

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

/// Where a piece of `color` on `square` stands as Red sees it: Black's
/// values are Red's with the ranks mirrored.
#[inline]
pub fn red_view(color: Color, square: Square) -> Square {
    match color {
        Color::Red => square,
        Color::Black => square.flip_rank(),
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
                    let red_view = red_view(color, square);
                    let row = 9 - red_view.rank() as usize;
                    let file = red_view.file() as usize;
                    for (phase, grid) in PSQT[kind.index()].iter().enumerate() {
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
