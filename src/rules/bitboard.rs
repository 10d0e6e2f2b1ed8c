//! The 90-point board as a bit set in a `u128` (bit `i` is the square with
//! index `i`, so the layout is the same as [`Square`]), plus the transposed
//! layout (`file * 10 + rank`) that makes a file's occupancy a contiguous
//! 10-bit run.
//!
//! [`Bitboard`] keeps to the board: no bit above 89 is ever set, so `!bb` is
//! the other points of the board and nobody masks by hand. It is a `Copy`
//! wrapper the compiler sees through; the operators are the `u128` ones.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl};

use super::types::{Square, NUM_SQUARES};

/// A set of points: bit `i` is the square with index `i` (or, in the
/// transposed layout the move generator also keeps, `file * 10 + rank`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(u128);

/// The bits of the 90 points.
const BOARD_BITS: u128 = (1 << NUM_SQUARES) - 1;
/// The upper of the two 64-bit words.
const HIGH_WORD: u128 = !(u64::MAX as u128);

impl Bitboard {
    /// No point.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 points.
    pub const ALL: Bitboard = Bitboard(BOARD_BITS);

    /// The set with these bits, which must lie on the board (below bit 90).
    #[inline(always)]
    pub const fn from_bits(bits: u128) -> Bitboard {
        debug_assert!(bits & !BOARD_BITS == 0, "a bitboard bit beyond the board");
        Bitboard(bits)
    }

    /// The set with these bits, those beyond the board dropped.
    #[inline(always)]
    pub const fn from_bits_truncate(bits: u128) -> Bitboard {
        Bitboard(bits & BOARD_BITS)
    }

    /// The bits (none above bit 89).
    #[inline(always)]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of the one point with index `index` (below 90).
    #[inline(always)]
    pub const fn from_index(index: usize) -> Bitboard {
        debug_assert!(index < NUM_SQUARES);
        Bitboard(SQUARE_BITS[index])
    }

    /// This set and the point with index `index` (below 90); for tables built
    /// at compile time, where the operators cannot be used.
    #[inline(always)]
    pub const fn with(self, index: usize) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_index(index).0)
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many points the set holds.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the point with index `index` is in the set (an index past the
    /// board, up to 127, is never in it).
    #[inline(always)]
    pub const fn has(self, index: usize) -> bool {
        // One 64-bit word and a bit test: shifting the whole `u128` by a
        // variable amount costs several instructions more.
        let word = if index < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (word >> (index & 63)) & 1 != 0
    }

    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.has(sq.index())
    }

    /// The point with the lowest index.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The point with the highest index.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index_unchecked(
                (127 - self.0.leading_zeros()) as u8,
            ))
        }
    }

    /// Removes the point with the lowest index from a non-empty set and
    /// gives its index.
    #[inline(always)]
    pub fn pop_lowest(&mut self) -> usize {
        // Word by word: a `u128`'s trailing zeros and lowest-bit clear take
        // a dozen instructions together, a `u64`'s two or three.
        let low = self.0 as u64;
        if low != 0 {
            self.0 = (self.0 & HIGH_WORD) | u128::from(low & (low - 1));
            low.trailing_zeros() as usize
        } else {
            let high = (self.0 >> 64) as u64;
            self.0 = u128::from(high & high.wrapping_sub(1)) << 64;
            64 + high.trailing_zeros() as usize
        }
    }
}

/// The one-point set of a bit index below 90.
#[inline(always)]
pub(crate) const fn bit(index: usize) -> Bitboard {
    Bitboard::from_index(index)
}

/// Each point's one-bit set: shifting a `u128` by a variable amount takes
/// about seven instructions, a load one.
const SQUARE_BITS: [u128; NUM_SQUARES] = {
    let mut table = [0; NUM_SQUARES];
    let mut index = 0;
    while index < NUM_SQUARES {
        table[index] = 1 << index;
        index += 1;
    }
    table
};

/// Each point's index in the transposed layout.
const TRANSPOSED: [u8; NUM_SQUARES] = {
    let mut table = [0; NUM_SQUARES];
    let mut index = 0;
    while index < NUM_SQUARES {
        table[index] = ((index % 9) * 10 + index / 9) as u8;
        index += 1;
    }
    table
};

/// The index of a square in the transposed layout (`file * 10 + rank`).
#[inline(always)]
pub const fn transposed(index: usize) -> usize {
    TRANSPOSED[index] as usize
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_index(sq.index())
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from(sq))
    }
}

/// The other points of the board.
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        // No bit beyond the board is set, so flipping the board's bits is
        // the complement within it: one instruction per word, as `!` is.
        Bitboard(self.0 ^ BOARD_BITS)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }

        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// Moves every point `n` indices up (along a rank, `n` files; by 9, a rank).
/// The points must stay on the board.
impl Shl<usize> for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn shl(self, n: usize) -> Bitboard {
        Bitboard::from_bits(self.0 << n)
    }
}

impl Bitboard {
    /// Every point moved `by` indices up (down when negative): by 9 a rank,
    /// by 1 a file. Points pushed past either end of the board are dropped;
    /// callers mask out those that would wrap from one edge file to the other.
    #[inline(always)]
    pub const fn shifted(self, by: i32) -> Bitboard {
        if by >= 0 {
            Bitboard::from_bits_truncate(self.0 << by)
        } else {
            Bitboard(self.0 >> -by)
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }
}

/// The points of a set as an iterator, from the lowest index up (what
/// `for sq in bitboard` walks). It walks the two 64-bit words in turn, each
/// step a few instructions, where a `u128` step takes a dozen. It keeps the
/// words apart rather than calling [`Bitboard::pop_lowest`], which puts the
/// `u128` back together at every step: the search ran 1.1% more
/// instructions that way.
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    low: u64,
    high: u64,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.low != 0 {
            let index = self.low.trailing_zeros();
            self.low &= self.low - 1;
            Some(Square::from_index_unchecked(index as u8))
        } else if self.high != 0 {
            let index = 64 + self.high.trailing_zeros();
            self.high &= self.high - 1;
            Some(Square::from_index_unchecked(index as u8))
        } else {
            None
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// The points, e.g. `{a0, e1}`.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// A point written by its name.
        struct Named(Square);
        impl fmt::Debug for Named {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
        f.debug_set().entries(self.into_iter().map(Named)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(points: &[&str]) -> Bitboard {
        points.iter().map(|p| Square::parse(p).unwrap()).collect()
    }

    #[test]
    fn not_keeps_to_the_board() {
        assert_eq!(!Bitboard::EMPTY, Bitboard::ALL);
        assert_eq!((!Bitboard::EMPTY).count(), 90);
        let some = set(&["a0", "e4", "i9"]);
        assert_eq!((!some).count(), 87);
        assert_eq!(!!some, some);
        assert!((some & !some).is_empty());
        assert_eq!(some | !some, Bitboard::ALL);
        assert_eq!(Bitboard::from_bits_truncate(u128::MAX), Bitboard::ALL);
    }

    #[test]
    fn squares_walk_up_and_set_operations_match_bits() {
        let a = set(&["i9", "a0", "e4"]);
        let b = set(&["e4", "b2"]);
        let walked: Vec<String> = a.into_iter().map(|sq| sq.to_string()).collect();
        assert_eq!(walked, ["a0", "e4", "i9"]);
        assert_eq!(a.into_iter().len(), 3);
        assert_eq!((a & b).bits(), a.bits() & b.bits());
        assert_eq!((a | b).bits(), a.bits() | b.bits());
        assert_eq!((a ^ b).bits(), a.bits() ^ b.bits());
        assert_eq!(set(&["a0"]) << 9, set(&["a1"]));
        assert!(a.contains(Square::parse("e4").unwrap()) && !a.has(90));
        assert_eq!(a.first(), Square::parse("a0"));
        assert_eq!(a.last(), Square::parse("i9"));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(format!("{b:?}"), "{b2, e4}");
        let mut rest = b;
        assert_eq!(rest.pop_lowest(), Square::parse("b2").unwrap().index());
        assert_eq!(rest, set(&["e4"]));
    }

    /// Walking and popping go word by word: points on both sides of bit 64,
    /// and a set with only high-word points, come out in index order.
    #[test]
    fn walking_crosses_from_the_low_word_to_the_high_one() {
        for indices in [vec![0, 63, 64, 89], vec![64, 70, 89], vec![1, 62], vec![]] {
            let bb = indices
                .iter()
                .fold(Bitboard::EMPTY, |bb, &i| bb | Bitboard::from_index(i));
            let walked: Vec<usize> = bb.into_iter().map(Square::index).collect();
            assert_eq!(walked, indices);
            assert_eq!(bb.into_iter().len(), indices.len());
            let mut rest = bb;
            let mut popped = Vec::new();
            while !rest.is_empty() {
                popped.push(rest.pop_lowest());
            }
            assert_eq!(popped, indices);
            for i in 0..128 {
                assert_eq!(bb.has(i), indices.contains(&i), "bit {i}");
            }
        }
    }
}
