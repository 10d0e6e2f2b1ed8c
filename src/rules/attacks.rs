//! Attacks for callers outside the move generator: the engine's evaluation
//! counts chariot and cannon mobility with the sliding reach (from the same
//! precomputed rank and file tables the generator uses) and takes the
//! attacks of soldiers, advisors and elephants a whole set at a time.

use super::bitboard::{bit, transposed, Bitboard};
use super::position::{slides, Position};
use super::tables::{
    DIAG_NEIGHBOURS, FILE_MASK, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, OFF_BOARD, PALACE,
    SOLDIER_ATTACKERS, SOLDIER_MOVES,
};
use super::types::{Color, Move, PieceKind, Square};

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

/// The points of its palace a general on `sq` attacks.
#[inline]
pub fn general_reach(sq: Square) -> Bitboard {
    GENERAL_MOVES[sq.index()]
}

/// The points on `color`'s side of the river: ranks 0–4 for Red, 5–9 for
/// Black.
#[inline]
pub fn own_half(color: Color) -> Bitboard {
    let red_half = Bitboard::from_bits((1 << 45) - 1);
    match color {
        Color::Red => red_half,
        Color::Black => !red_half,
    }
}

/// The points that a set of soldiers of `color` attack, by direction:
/// forward, towards the a-file and towards the i-file (the last two only
/// from across the river). Each soldier attacks one point at most in each
/// direction, so a set's size counts soldier and point pairs. Computed for
/// the whole set at once, where [`soldier_reach`] looks up one soldier.
#[inline]
pub fn soldier_steps(color: Color, soldiers: Bitboard) -> [Bitboard; 3] {
    let forward = match color {
        Color::Red => 9,
        Color::Black => -9,
    };
    let crossed = soldiers & own_half(color.opponent());
    [
        soldiers.shifted(forward),
        (crossed & !FILE_MASK[0]).shifted(-1),
        (crossed & !FILE_MASK[8]).shifted(1),
    ]
}

/// The points a set of advisors of `color` attack together: one diagonal
/// step, inside the palace they stand in.
#[inline]
pub fn advisors_reach(color: Color, advisors: Bitboard) -> Bitboard {
    // Advisors stand on their palace's diagonal points (files d to f), so
    // no step wraps around an edge; the palace mask drops the steps out.
    (advisors.shifted(10) | advisors.shifted(8) | advisors.shifted(-8) | advisors.shifted(-10))
        & palace(color)
}

impl Position {
    /// The points a set of elephants of `color` attack together: two points
    /// diagonally, on their own side of the river, where the eye between is
    /// empty. Computed for the whole set at once; the move generator looks
    /// one elephant up in `ELEPHANT_MOVES`.
    #[inline]
    pub fn elephants_reach(&self, color: Color, elephants: Bitboard) -> Bitboard {
        let empty = !self.occupied;
        // An elephant moves two files: towards the a-file it cannot start on
        // the a- or b-file, towards the i-file not on the h- or i-file, or
        // the shift would wrap to the other edge of the board.
        let (to_a, to_i) = (
            elephants & !(FILE_MASK[0] | FILE_MASK[1]),
            elephants & !(FILE_MASK[7] | FILE_MASK[8]),
        );
        let mut reach = Bitboard::EMPTY;
        for (from, step) in [(to_i, 10), (to_a, 8), (to_i, -8), (to_a, -10)] {
            reach |= (from.shifted(step) & empty).shifted(step);
        }
        reach & own_half(color)
    }

    /// The points a chariot on `sq` reaches along its rank and file: the empty
    /// points up to and including the first piece each way (of either colour).
    #[inline]
    pub fn slider_reach(&self, sq: Square) -> Bitboard {
        let (rank_reach, file_reach, _, _) = self.board_slides(sq.index());
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
        let (rank_reach, file_reach, rank_jump, file_jump) = self.board_slides(sq.index());
        (rank_reach | file_reach, rank_jump | file_jump)
    }

    /// The points a horse on `sq` attacks: its jumps whose leg is empty,
    /// whatever stands on the landing point.
    #[inline]
    pub fn horse_reach(&self, sq: Square) -> Bitboard {
        HORSE_MOVES[sq.index()][self.free_legs(sq.index())]
    }

    /// Whether `mv` (legal, by the side to move) checks the other general,
    /// directly or by uncovering another piece, found without playing it:
    /// the search asks this of moves it would otherwise skip.
    pub fn gives_check(&self, mv: Move) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        let us = self.side_to_move().index();
        let general = self.generals[us ^ 1] as usize;
        let occ = (self.occupied ^ bit(from)) | bit(to);
        let occ_t = (self.occupied_t ^ bit(transposed(from))) | bit(transposed(to));
        // Every piece but the mover, from where it stands, on the new board.
        if self.general_attacked(general, us, occ, occ_t, !bit(from)) {
            return true;
        }
        let Some(mover) = self.piece_at(mv.from()) else {
            return false;
        };
        let (rank_reach, file_reach, rank_jump, file_jump) = slides(general, occ, occ_t);
        let reaches = match mover.kind {
            PieceKind::Chariot | PieceKind::General => rank_reach | file_reach,
            PieceKind::Cannon => rank_jump | file_jump,
            PieceKind::Horse => HORSE_ATTACKERS[general][self.free_diagonals(general, occ)],
            PieceKind::Soldier => SOLDIER_ATTACKERS[us][general],
            PieceKind::Advisor | PieceKind::Elephant => Bitboard::EMPTY,
        };
        reaches.has(to)
    }

    /// What a quiet move must touch to check the other general, worked out
    /// once so that a search asking [`gives_check`](Self::gives_check) of
    /// many moves can skip the full test for most of them.
    pub fn check_candidates(&self) -> CheckCandidates {
        let general = self.generals[self.side_to_move().index() ^ 1] as usize;
        let (rank_reach, file_reach, rank_jump, file_jump) = self.board_slides(general);
        // Lifting the first or second piece on one of the general's lines can
        // uncover a chariot or a cannon (a third piece leaves two between);
        // lifting a piece off a diagonal neighbour frees a horse's leg.
        let mut uncovering = ((rank_reach | file_reach) & self.occupied) | rank_jump | file_jump;
        for &leg in &DIAG_NEIGHBOURS[general] {
            if leg != OFF_BOARD {
                uncovering |= bit(leg as usize);
            }
        }
        CheckCandidates {
            // The chariot's points also hold every new screen for a cannon.
            targets: self.check_squares().any(),
            uncovering,
        }
    }

    /// The empty points from which a piece of the side to move would check
    /// the other general directly, by kind (so a search can find checking
    /// moves without playing every move). Discovered checks, and a cannon
    /// given a new screen, are not counted.
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.side_to_move().index();
        let general = self.generals[us ^ 1] as usize;
        let (rank_reach, file_reach, _, _) = self.board_slides(general);
        let line = rank_reach | file_reach;
        // A cannon checks from beyond exactly one screen: the empty points
        // the line reaches once its first pieces are lifted.
        let screens = line & self.occupied;
        let lifted = self.occupied & !screens;
        let mut lifted_t = self.occupied_t;
        for screen in screens {
            lifted_t &= !bit(transposed(screen.index()));
        }
        let (rank_beyond, file_beyond, _, _) = slides(general, lifted, lifted_t);
        let empty = !self.occupied;
        CheckSquares {
            chariot: line & empty,
            cannon: (rank_beyond | file_beyond) & !line & empty,
            horse: HORSE_ATTACKERS[general][self.free_eyes(general)] & empty,
            soldier: SOLDIER_ATTACKERS[us][general] & empty,
        }
    }
}

/// See [`Position::check_squares`]: the empty points from which each kind of
/// piece of the side to move would give check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckSquares {
    pub chariot: Bitboard,
    pub cannon: Bitboard,
    pub horse: Bitboard,
    pub soldier: Bitboard,
}

/// See [`Position::check_candidates`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckCandidates {
    /// Empty points a piece would check from, or become a cannon's screen on.
    targets: Bitboard,
    /// Points whose piece, moving away, might uncover a check.
    uncovering: Bitboard,
}

impl CheckCandidates {
    /// False only when `mv` (legal in `pos`, the position these were found
    /// for) certainly gives no check. Captures are always candidates.
    #[inline]
    pub fn may_check(&self, pos: &Position, mv: Move) -> bool {
        pos.occupied.contains(mv.to())
            || self.targets.contains(mv.to())
            || self.uncovering.contains(mv.from())
    }

    /// The points among `empty` (the position's empty points) that a quiet
    /// move from `from` must go to for [`may_check`](Self::may_check) to
    /// keep it.
    #[inline(always)]
    pub(crate) fn quiet_targets_from(&self, from: usize, empty: Bitboard) -> Bitboard {
        if self.uncovering.has(from) {
            empty
        } else {
            self.targets & empty
        }
    }

    /// Whether the legal move `mv` gives check: [`may_check`](Self::may_check)
    /// first, so that most moves need no further test.
    #[inline]
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        self.may_check(pos, mv) && pos.gives_check(mv)
    }
}

impl CheckSquares {
    /// Every point some kind of piece would check from.
    #[inline]
    pub fn any(&self) -> Bitboard {
        self.chariot | self.cannon | self.horse | self.soldier
    }

    /// Whether a quiet move of a `kind` to `to` checks directly.
    #[inline]
    pub fn contains(&self, kind: PieceKind, to: Square) -> bool {
        let targets = match kind {
            PieceKind::Chariot => self.chariot,
            PieceKind::Cannon => self.cannon,
            PieceKind::Horse => self.horse,
            PieceKind::Soldier => self.soldier,
            _ => Bitboard::EMPTY,
        };
        targets.contains(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playouts::playout_positions;

    /// `in_check_after` skips the attack test only for moves that cannot
    /// check: after every legal move it agrees with `in_check`, and most
    /// moves are skipped.
    #[test]
    fn in_check_after_agrees_with_in_check() {
        let (mut moves, mut checks, mut skipped) = (0, 0, 0);
        for pos in playout_positions(60, 80, 0x9E37_79B9_7F4A_7C15) {
            for &mv in pos.legal_moves().iter() {
                let mut after = pos.clone();
                after.make_move(mv);
                assert_eq!(
                    after.in_check_after(mv),
                    after.in_check(),
                    "{mv} from {}",
                    pos.to_fen()
                );
                moves += 1;
                checks += after.in_check() as usize;
                skipped += !after.touches_check_zone(mv) as usize;
            }
        }
        println!("{moves} moves, {checks} checks, {skipped} skipped");
        assert!(checks > 200, "only {checks} checks");
        assert!(2 * skipped > moves, "{skipped} of {moves} skipped");
    }

    /// Every quiet move that `check_squares` says checks does check, unless a
    /// cannon leaves the line it was a screen on; and the squares are found.
    #[test]
    fn check_squares_are_checks() {
        let mut predicted = 0;
        for pos in playout_positions(60, 80, 0x2545_F491_4F6C_DD1D) {
            let squares = pos.check_squares();
            let enemy_general = pos.generals[pos.side_to_move().index() ^ 1] as usize;
            let (rank, file, _, _) = pos.board_slides(enemy_general);
            for &mv in pos.legal_moves().iter() {
                let piece = pos.piece_at(mv.from()).expect("a mover");
                if pos.piece_at(mv.to()).is_some() || !squares.contains(piece.kind, mv.to()) {
                    continue;
                }
                let own_screen =
                    piece.kind == PieceKind::Cannon && (rank | file).contains(mv.from());
                let mut after = pos.clone();
                after.make_move(mv);
                assert!(
                    after.in_check() || own_screen,
                    "{mv} from {} does not check",
                    pos.to_fen()
                );
                predicted += 1;
            }
        }
        assert!(predicted > 100, "only {predicted} checks predicted");
    }

    /// The set-wise reaches of soldiers, advisors and elephants are the
    /// unions of the per-piece tables, and each direction of the soldiers'
    /// steps holds one point per soldier that has a step that way.
    #[test]
    fn set_reaches_match_the_per_piece_tables() {
        use crate::rules::tables::{ADVISOR_MOVES, ELEPHANT_MOVES};
        use crate::rules::types::{Piece, PieceKind};
        let mut seen = [0; 3];
        for pos in playout_positions(200, 100, 0x51_7CC1_B727_220A) {
            for color in Color::ALL {
                let of = |kind| pos.pieces(Piece::new(color, kind));
                let soldiers = of(PieceKind::Soldier);
                let steps = soldier_steps(color, soldiers);
                let union: Bitboard = soldiers
                    .into_iter()
                    .fold(Bitboard::EMPTY, |acc, sq| acc | soldier_reach(color, sq));
                assert_eq!(steps[0] | steps[1] | steps[2], union, "{}", pos.to_fen());
                let pairs: u32 = soldiers
                    .into_iter()
                    .map(|sq| soldier_reach(color, sq).count())
                    .sum();
                assert_eq!(steps.iter().map(|s| s.count()).sum::<u32>(), pairs);

                let advisors = of(PieceKind::Advisor);
                let union = advisors
                    .into_iter()
                    .fold(Bitboard::EMPTY, |acc, sq| acc | ADVISOR_MOVES[sq.index()]);
                assert_eq!(advisors_reach(color, advisors), union, "{}", pos.to_fen());

                let elephants = of(PieceKind::Elephant);
                let union = elephants.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
                    acc | ELEPHANT_MOVES[sq.index()][pos.free_eyes(sq.index())]
                });
                assert_eq!(
                    pos.elephants_reach(color, elephants),
                    union,
                    "{}",
                    pos.to_fen()
                );
                for (n, set) in seen.iter_mut().zip([steps[1] | steps[2], advisors, union]) {
                    *n += !set.is_empty() as u32;
                }
            }
        }
        // The playouts reach sideways steps, advisors and elephants' moves.
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn reach_and_jumps_from_the_start() {
        let pos = Position::startpos();
        let sq = |t: &str| Square::parse(t).unwrap();
        let bb = |ts: &[&str]| ts.iter().map(|t| sq(t)).collect::<Bitboard>();
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

    /// Every move that checks is a candidate, and most quiet moves are not.
    #[test]
    fn check_candidates_hold_every_check() {
        let (mut quiet, mut passed, mut checks) = (0, 0, 0);
        for pos in playout_positions(80, 100, 0x9E37_79B9_7F4A_7C15) {
            let candidates = pos.check_candidates();
            for &mv in pos.legal_moves().iter() {
                let may = candidates.may_check(&pos, mv);
                if pos.gives_check(mv) {
                    assert!(may, "{mv} checks in {} but is no candidate", pos.to_fen());
                    checks += 1;
                }
                if pos.piece_at(mv.to()).is_none() {
                    quiet += 1;
                    passed += may as usize;
                }
            }
        }
        assert!(checks > 500, "only {checks} checks seen");
        assert!(
            passed * 3 < quiet,
            "{passed} of {quiet} quiet moves are candidates"
        );
    }

    /// `gives_check` says what playing the move and asking `in_check` says.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut checks = 0;
        for pos in playout_positions(60, 100, 0x1234_5678_9ABC_DEF0) {
            for &mv in pos.legal_moves().iter() {
                let mut after = pos.clone();
                after.make_move(mv);
                assert_eq!(pos.gives_check(mv), after.in_check(), "{pos:?} {mv}");
                checks += usize::from(after.in_check());
            }
        }
        assert!(checks > 100, "only {checks} checking moves seen");
    }
}
