//! The crate's one random-number generator, SplitMix64: a 64-bit state, an
//! addition and two multiplications per number. Small and seedable, so a seed
//! gives the same numbers in every build: the Zobrist keys are drawn from it
//! at compile time, the weak levels and self-play openings from a seed the
//! caller gives, tests' random playouts from fixed seeds. Where a fair coin is
//! wanted (a random colour), [`coin_flip`] seeds it from the standard
//! library's randomly keyed hasher, so no dependency is needed.

use std::hash::{BuildHasher, Hasher};

/// SplitMix64 (Steele, Lea and Flood, 2014). Not for secrets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator whose numbers follow from `seed`.
    #[inline]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// A generator seeded from the process's random hasher keys and the time:
    /// different in every call.
    pub fn from_entropy() -> SplitMix64 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        SplitMix64::new(hasher.finish())
    }

    /// The next number (`const`, for tables built at compile time).
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// An index into a slice of `len` elements (0 when `len` is 0).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}

/// A fair coin, different at every call (for "random colour").
pub fn coin_flip() -> bool {
    SplitMix64::from_entropy().next_u64() & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published SplitMix64 sequence from seed 1234567.
    #[test]
    fn matches_the_reference_sequence() {
        let mut rng = SplitMix64::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }

    #[test]
    fn below_stays_in_range_and_coins_land_both_ways() {
        let mut rng = SplitMix64::new(7);
        assert!((0..1000).all(|_| rng.below(6) < 6));
        assert_eq!(rng.below(0), 0);
        let heads = (0..200).filter(|_| coin_flip()).count();
        assert!((40..=160).contains(&heads), "{heads} heads in 200");
    }
}
