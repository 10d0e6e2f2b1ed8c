//! The 90-point board as a `u128` bit set (bit `i` is the square with index
//! `i`, so the layout is the same as [`Square`]), plus the transposed layout
//! (`file * 10 + rank`) that makes a file's occupancy a contiguous 10-bit run.

use super::types::Square;

/// A set of squares: bit `i` is the square with index `i`.
pub type Bitboard = u128;

#[inline(always)]
pub const fn bit(index: usize) -> Bitboard {
    1u128 << index
}

/// The index of a square in the transposed layout (`file * 10 + rank`).
#[inline(always)]
pub const fn transposed(index: usize) -> usize {
    (index % 9) * 10 + index / 9
}

/// Iterates the squares of a bitboard from the lowest index up.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }
}

/// Pops the lowest square index of a non-empty bitboard.
#[inline(always)]
pub fn pop_lowest(bb: &mut Bitboard) -> usize {
    let index = bb.trailing_zeros() as usize;
    *bb &= *bb - 1;
    index
}
