//! Static exchange evaluation: what a move wins or loses on its destination
//! if both sides then capture there, least valuable piece first, each
//! stopping when going on would cost it. The engine orders and prunes
//! captures by it.
//!
//! The attackers are found again after every capture, from the board with the
//! pieces taken so far lifted, because in Xiangqi lifting a piece does more
//! than uncover a slider behind it: it can take away a cannon's screen, or
//! free a horse's leg or an elephant's eye. Pins are not looked at, and a
//! general only takes when nothing of the other side still attacks the point.

use super::bitboard::{bit, transposed, Bitboard};
use super::position::{
    slides, Position, ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER,
};
use super::tables::{
    ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, SOLDIER_ATTACKERS,
};
use super::types::{Move, PieceKind, Square};

/// Kinds in the order an exchange spends them: cheapest first for any sane
/// values, the general last (it can only end an exchange).
const SPEND_ORDER: [PieceKind; 7] = [
    PieceKind::Soldier,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Chariot,
    PieceKind::General,
];

impl Position {
    /// Whether `mv` (by the side to move) wins at least `threshold` in the
    /// exchange on its destination, pieces valued by `values` (indexed by
    /// [`PieceKind`]). A quiet move counts as capturing nothing, so a
    /// negative answer for threshold 0 means the piece moves where it can be
    /// taken for less than it is worth.
    pub fn see_ge(&self, mv: Move, threshold: i32, values: &[i32; 7]) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        let value_on = |sq: Square| self.piece_at(sq).map_or(0, |p| values[p.kind.index()]);
        let mut swap = value_on(mv.to()) - threshold;
        if swap < 0 {
            return false;
        }
        swap = value_on(mv.from()) - swap;
        if swap <= 0 {
            return true;
        }
        // The mover now stands on `to`; what stood there is gone.
        let mut occ = (self.occupied ^ bit(from)) | bit(to);
        let mut occ_t = (self.occupied_t ^ bit(transposed(from))) | bit(transposed(to));
        let mut stm = self.side.index();
        // 1 while the side that moved first keeps what it has won.
        let mut res = 1;
        loop {
            stm ^= 1;
            let attackers = self.attackers_to(to, occ, occ_t) & occ & !bit(to);
            let ours = attackers & self.colors[stm];
            if ours.is_empty() {
                break;
            }
            res ^= 1;
            let Some((kind, sq)) = SPEND_ORDER.iter().find_map(|&kind| {
                let mine = ours & self.pieces[stm * 7 + kind.index()];
                mine.first().map(|sq| (kind, sq.index()))
            }) else {
                break;
            };
            if kind == PieceKind::General {
                // The general may take only if the point is then safe.
                let theirs = attackers & self.colors[stm ^ 1];
                return if theirs.is_empty() {
                    res == 1
                } else {
                    res == 0
                };
            }
            swap = values[kind.index()] - swap;
            if swap < res {
                break;
            }
            occ &= !bit(sq);
            occ_t &= !bit(transposed(sq));
        }
        res == 1
    }

    /// Every piece of either side that could capture on `sq` with the board
    /// occupied as `occ` (and `occ_t`, the same transposed). Pieces are those
    /// on the board now; the caller masks out the ones it has lifted. A
    /// general attacks only by its step: the flying general bears on generals
    /// alone, and no exchange captures one.
    pub(crate) fn attackers_to(&self, sq: usize, occ: Bitboard, occ_t: Bitboard) -> Bitboard {
        let (rank_reach, file_reach, rank_jump, file_jump) = slides(sq, occ, occ_t);
        let mut found = ((rank_reach | file_reach)
            & (self.pieces[CHARIOT] | self.pieces[7 + CHARIOT]))
            | ((rank_jump | file_jump) & (self.pieces[CANNON] | self.pieces[7 + CANNON]));
        let free = self.free_diagonals(sq, occ);
        found |= HORSE_ATTACKERS[sq][free] & (self.pieces[HORSE] | self.pieces[7 + HORSE]);
        found |= ELEPHANT_MOVES[sq][free] & (self.pieces[ELEPHANT] | self.pieces[7 + ELEPHANT]);
        found |= ADVISOR_MOVES[sq] & (self.pieces[ADVISOR] | self.pieces[7 + ADVISOR]);
        found |= GENERAL_MOVES[sq] & (self.pieces[GENERAL] | self.pieces[7 + GENERAL]);
        found |= SOLDIER_ATTACKERS[0][sq] & self.pieces[SOLDIER];
        found |= SOLDIER_ATTACKERS[1][sq] & self.pieces[7 + SOLDIER];
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playouts::playout_positions;

    /// Conventional values in centipawns, by [`PieceKind`] index.
    const VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

    fn parse_move(text: &str) -> Move {
        Move::new(
            Square::parse(&text[..2]).expect("a square"),
            Square::parse(&text[2..]).expect("a square"),
        )
    }

    /// The exact exchange value: the largest threshold `see_ge` accepts.
    fn value(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let mv = parse_move(mv);
        assert!(pos.is_legal(mv), "{mv:?} in {fen}");
        let (mut lo, mut hi): (i32, i32) = (-20_000, 20_000);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if pos.see_ge(mv, mid, &VALUES) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    #[test]
    fn a_free_piece_is_won_whole() {
        assert_eq!(value("4k4/9/9/9/n8/9/9/9/9/R2K5 w - - 0 1", "a0a5"), 400);
    }

    #[test]
    fn a_defended_piece_costs_the_taker() {
        // Black's chariot on i5 takes back along the rank.
        assert_eq!(
            value("3k5/9/9/9/4n3r/9/9/9/9/4RK3 w - - 0 1", "e0e5"),
            400 - 900
        );
    }

    #[test]
    fn a_cannon_defends_only_over_a_screen() {
        // Black's cannon on e9 guards e5 over the horse on e7.
        assert_eq!(
            value("3kc4/9/4n4/9/4p4/9/9/4R4/9/5K3 w - - 0 1", "e2e5"),
            100 - 900
        );
        // Without the horse it has no screen, and the soldier is free.
        assert_eq!(value("3kc4/9/9/9/4p4/9/9/4R4/9/5K3 w - - 0 1", "e2e5"), 100);
    }

    #[test]
    fn a_cannon_takes_back_over_its_own_soldier() {
        // Red's chariot takes the horse on e5; Black's chariot takes back;
        // Red's cannon on e0 takes that chariot over the soldier on e3.
        assert_eq!(
            value("3kr4/9/9/9/R3n4/9/4P4/9/9/4CK3 w - - 0 1", "a5e5"),
            400
        );
    }

    #[test]
    fn a_horse_with_a_blocked_leg_does_not_defend() {
        // Black's horse on d7 would guard e5, but its leg on d6 is blocked.
        assert_eq!(
            value("4k4/9/3n5/3P5/4p4/9/9/9/9/3KR4 w - - 0 1", "e0e5"),
            100
        );
        // With the leg free it does: a chariot for a soldier.
        assert_eq!(
            value("4k4/9/3n5/9/4p4/9/9/9/9/3KR4 w - - 0 1", "e0e5"),
            100 - 900
        );
    }

    #[test]
    fn a_general_takes_back_only_on_a_safe_point() {
        // Red's horse takes the advisor on e8; Black's general could take
        // back, but Red's chariot on e0 guards e8 along the file.
        assert_eq!(value("4k4/4a4/9/3N5/9/9/9/9/9/3KR4 w - - 0 1", "d6e8"), 200);
        // Without the chariot the general takes the horse.
        assert_eq!(
            value("4k4/4a4/9/3N5/9/9/9/9/9/3K5 w - - 0 1", "d6e8"),
            200 - 400
        );
    }

    #[test]
    fn a_quiet_move_onto_a_guarded_point_loses_the_piece() {
        // Black's soldier on e6 takes a chariot stepping to e5.
        assert_eq!(value("5k3/9/9/4p4/9/9/9/9/9/3KR4 w - - 0 1", "e0e5"), -900);
        assert_eq!(value("5k3/9/9/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e5"), 0);
    }

    /// The best the side to move gets by capturing on `to` (legal captures
    /// only) or by stopping.
    fn searched_exchange(pos: &mut Position, to: Square) -> i32 {
        let mut best = 0;
        let captures: Vec<Move> = pos
            .legal_captures()
            .iter()
            .copied()
            .filter(|m| m.to() == to)
            .collect();
        for mv in captures {
            let victim = pos.piece_at(to).expect("a victim").kind;
            if victim == PieceKind::General {
                return VALUES[0];
            }
            let undo = pos.make_move(mv);
            let gain = VALUES[victim.index()] - searched_exchange(pos, to);
            pos.unmake_move(mv, undo);
            best = best.max(gain);
        }
        best
    }

    /// Against the exchange searched on the real board with legal captures,
    /// SEE may differ only where legality does (pins, checks, generals
    /// facing): on random positions it must agree on nearly every capture.
    #[test]
    fn see_agrees_with_a_searched_exchange_on_nearly_every_capture() {
        let (mut compared, mut agreed) = (0, 0);
        for mut pos in playout_positions(40, 60, 0x9E37_79B9_7F4A_7C15) {
            let captures: Vec<Move> = pos.legal_captures().iter().copied().collect();
            for mv in captures {
                let victim = pos.piece_at(mv.to()).expect("a victim").kind;
                if victim == PieceKind::General {
                    continue;
                }
                let undo = pos.make_move(mv);
                let searched = VALUES[victim.index()] - searched_exchange(&mut pos, mv.to());
                pos.unmake_move(mv, undo);
                compared += 1;
                agreed += usize::from(pos.see_ge(mv, 0, &VALUES) == (searched >= 0));
            }
        }
        assert!(compared > 500, "only {compared} captures compared");
        assert!(
            agreed * 100 >= compared * 97,
            "SEE agreed on {agreed} of {compared}"
        );
    }
}
