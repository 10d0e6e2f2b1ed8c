//! Sliding reach for callers outside the move generator (the engine's
//! evaluation counts chariot and cannon mobility with it), from the same
//! precomputed rank and file tables the generator uses.

use super::bitboard::Bitboard;
use super::position::{slides, Position};
use super::tables::{HORSE_MOVES, PALACE, SOLDIER_MOVES};
use super::types::{Color, Square};

/// The nine points of `color`'s palace.
#[inline]
pub fn palace(color: Color) -> Bitboard {
    PALACE[color.index()]
}

/// The points a soldier of `color` on `sq` attacks: forward, and sideways
/// once it has crossed the river.
#[inline]
pub fn soldier_reach(color: Color, sq: Square) -> Bitboard {
    SOLDIER_MOVES[color.index()][sq.index()]
}

impl Position {
    /// The points a chariot on `sq` reaches along its rank and file: the empty
    /// points up to and including the first piece each way (of either colour).
    #[inline]
    pub fn slider_reach(&self, sq: Square) -> Bitboard {
        let (rank_reach, file_reach, _, _) = slides(sq.index(), self.occupied, self.occupied_t);
        rank_reach | file_reach
    }

    /// The points a cannon on `sq` could capture on (either colour): the
    /// first piece beyond the first screen each way.
    #[inline]
    pub fn cannon_jumps(&self, sq: Square) -> Bitboard {
        self.slider_reach_and_jumps(sq).1
    }

    /// [`slider_reach`](Self::slider_reach) and
    /// [`cannon_jumps`](Self::cannon_jumps) from one lookup, for a cannon
    /// that needs both.
    #[inline]
    pub fn slider_reach_and_jumps(&self, sq: Square) -> (Bitboard, Bitboard) {
        let (rank_reach, file_reach, rank_jump, file_jump) =
            slides(sq.index(), self.occupied, self.occupied_t);
        (rank_reach | file_reach, rank_jump | file_jump)
    }

    /// The points a horse on `sq` attacks: its jumps whose leg is empty,
    /// whatever stands on the landing point.
    #[inline]
    pub fn horse_reach(&self, sq: Square) -> Bitboard {
        HORSE_MOVES[sq.index()][self.free_legs(sq.index())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_and_jumps_from_the_start() {
        let pos = Position::startpos();
        let sq = |t: &str| Square::parse(t).unwrap();
        let bb = |ts: &[&str]| {
            ts.iter()
                .fold(0 as Bitboard, |b, t| b | 1u128 << sq(t).index())
        };
        // The a0 chariot: a1, a2, then the a3 pawn; b0 horse on the rank.
        assert_eq!(pos.slider_reach(sq("a0")), bb(&["a1", "a2", "a3", "b0"]));
        // The b2 cannon screens on b7 and reaches the b9 horse; the h2
        // cannon and the b0 horse screen nothing beyond.
        assert_eq!(pos.cannon_jumps(sq("b2")), bb(&["b9"]));
        assert_eq!(pos.cannon_jumps(sq("b7")), bb(&["b0"]));
        assert_eq!(
            pos.slider_reach_and_jumps(sq("b2")),
            (pos.slider_reach(sq("b2")), bb(&["b9"]))
        );
        // The b0 horse's c0 and a0 legs are blocked: only a2 and c2.
        assert_eq!(pos.horse_reach(sq("b0")), bb(&["a2", "c2"]));
        assert_eq!(soldier_reach(Color::Red, sq("e4")), bb(&["e5"]));
        assert_eq!(
            palace(Color::Red),
            bb(&["d0", "e0", "f0", "d1", "e1", "f1", "d2", "e2", "f2"])
        );
        assert_eq!(palace(Color::Black), palace(Color::Red) << 63);
        assert_eq!(
            soldier_reach(Color::Black, sq("e4")),
            bb(&["e3", "d4", "f4"])
        );
    }
}
