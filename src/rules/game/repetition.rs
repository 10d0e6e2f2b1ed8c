//! The verdict on a repeated position: perpetual check, perpetual chase or a
//! plain draw, under the Asian (AXF) rule as Fairy-Stockfish applies it and
//! `docs/rules.md` words it.
//!
//! Given the position at the earlier occurrence and the moves that led back to
//! it, each side's moves in that cycle are examined. A side that gave check
//! with every one of its moves is perpetually checking; a side whose every
//! move made a new threat against one and the same enemy piece (followed as
//! that piece moves) is perpetually chasing. Exactly one checker loses; if
//! neither or both check, exactly one chaser loses; everything else is a draw.
//!
//! A move threatens a piece anew when an attack that counts as a chase
//! appears with it, and also, as in Fairy-Stockfish, through the pieces that
//! stand between a general and its attacker: a defender newly pinned no
//! longer protects ("fake roots"), and a new discoverer threatens whatever
//! it attacks, since it takes with check (see [`new_threats`]).
//!
//! This is pure and plays through only the cycle, so the engine can call it
//! at a repetition it meets in search as well as [`Game`](super::Game) at the
//! end of a game.

use crate::rules::bitboard::{bit, transposed, Bitboard};
use crate::rules::position::Position;
use crate::rules::tables::GENERAL_MOVES;
use crate::rules::types::{Color, Move, Piece, PieceKind, Square};

use super::outcome::{EndReason, Outcome};

/// What one side did over the cycle.
#[derive(Clone, Copy)]
struct SideRecord {
    moved: bool,
    checked_every_move: bool,
    /// Enemy pieces (by where they stand now) threatened anew by every one of
    /// this side's moves so far.
    chased_every_move: Bitboard,
}

/// Judges a repetition: `earlier` is the position at the previous occurrence
/// and `moves` lead from it back to the same position. The moves must be legal
/// and capture nothing (a capture makes earlier positions unreachable).
///
/// Returns a loss by [`EndReason::PerpetualCheck`] or
/// [`EndReason::PerpetualChase`] for the side to blame, or a draw by
/// [`EndReason::Repetition`].
pub fn judge_repetition(earlier: &Position, moves: &[Move]) -> Outcome {
    let mut pos = earlier.clone();
    let mut sides = [SideRecord {
        moved: false,
        checked_every_move: true,
        chased_every_move: Bitboard::EMPTY,
    }; 2];
    for &mv in moves {
        let mover = pos.side_to_move();
        let threats = new_threats(&pos, mv);
        // The other side's chase follows the chased piece when it moves away.
        let theirs = &mut sides[mover.opponent().index()];
        if theirs.chased_every_move.contains(mv.from()) {
            theirs.chased_every_move ^= Bitboard::from(mv.from()) | Bitboard::from(mv.to());
        }
        pos.make_move(mv);
        let ours = &mut sides[mover.index()];
        ours.chased_every_move = if ours.moved {
            ours.chased_every_move & threats
        } else {
            threats
        };
        ours.checked_every_move &= pos.in_check();
        ours.moved = true;
    }
    let checks = |c: Color| sides[c.index()].moved && sides[c.index()].checked_every_move;
    let chases =
        |c: Color| sides[c.index()].moved && !sides[c.index()].chased_every_move.is_empty();
    let blame = |guilty: &dyn Fn(Color) -> bool| match (guilty(Color::Red), guilty(Color::Black)) {
        (true, false) => Some(Color::Red),
        (false, true) => Some(Color::Black),
        _ => None,
    };
    if checks(Color::Red) || checks(Color::Black) {
        return match blame(&checks) {
            Some(loser) => Outcome::loss_for(loser, EndReason::PerpetualCheck),
            None => Outcome::draw(EndReason::Repetition),
        };
    }
    match blame(&chases) {
        Some(loser) => Outcome::loss_for(loser, EndReason::PerpetualChase),
        None => Outcome::draw(EndReason::Repetition),
    }
}

/// The enemy pieces that `mv` (by the side to move in `before`) threatens
/// anew: pieces some attacker could not legally capture before the move and
/// can now, where the attack counts as a chase (see [`is_chase`]); and,
/// unless the move checks, those threatened through a new pin or a new
/// discoverer (see [`pin_and_discovery_threats`]).
pub fn new_threats(before: &Position, mv: Move) -> Bitboard {
    let captures_before = before.legal_captures();
    let mut after = before.clone();
    after.make_move(mv);
    // The mover's captures are asked of the position with the mover to move.
    let mut mover_view = after.clone();
    mover_view.make_null();
    let mut threats = Bitboard::EMPTY;
    for capture in mover_view.legal_captures().iter() {
        let (from, target_sq) = (capture.from(), capture.to());
        if threats.contains(target_sq) {
            continue;
        }
        let (Some(attacker), Some(target)) = (after.piece_at(from), after.piece_at(target_sq))
        else {
            continue;
        };
        let from_before = if from == mv.to() { mv.from() } else { from };
        if captures_before.contains(&Move::new(from_before, target_sq)) {
            continue;
        }
        if is_chase(&after, &mover_view, (from, attacker), (target_sq, target)) {
            threats |= Bitboard::from(target_sq);
        }
    }
    if !after.in_check() {
        threats |= pin_and_discovery_threats(before, &after);
    }
    threats
}

/// The threats `mv` makes through the pieces that stand between a general
/// and an attacker, as Fairy-Stockfish's `Position::chased()` counts them
/// (`after` is `before` with the move played, the opponent to move, and not
/// in check):
///
/// - **Fake roots.** A piece of the opponent's that the move newly pins
///   against its own general no longer protects anything: each piece it
///   guarded (not the general, nor a soldier on its own side of the river)
///   that a piece of the mover's, itself free to move, attacks is
///   threatened. Other protectors are not asked about, as in
///   Fairy-Stockfish.
/// - **Discovered checks.** A piece of the mover's that the move makes a new
///   discoverer (lifting it would check) threatens every opponent piece it
///   attacks, since taking one gives check and cannot be answered by taking
///   back; except a piece next to the opponent's general, which the general
///   may take back, unless the point is protected once the discoverer and
///   the general have left their points (X-ray protection behind the
///   check).
///
/// "New" is by point, as there: a discoverer that slides along the line it
/// blocks is a new discoverer at its new point.
fn pin_and_discovery_threats(before: &Position, after: &Position) -> Bitboard {
    let mover = before.side_to_move();
    let opponent = mover.opponent();
    let fresh = blockers_of_general(after, opponent) & !blockers_of_general(before, opponent);
    if fresh.is_empty() {
        return Bitboard::EMPTY;
    }
    let mover_pieces = after.pieces_of(mover);
    let opponent_pieces = after.pieces_of(opponent);
    let opponent_general = after.general_square(opponent).index();
    let mut threats = Bitboard::EMPTY;

    let newly_pinned = fresh & opponent_pieces;
    if !newly_pinned.is_empty() {
        let free_movers = mover_pieces & !blockers_of_general(after, mover);
        let chaseable = opponent_pieces
            & !after.pieces(Piece::new(opponent, PieceKind::General))
            & !uncrossed_soldiers(after, opponent);
        for pinned in newly_pinned {
            for guarded in attacks_from(after, pinned) & chaseable {
                let attackers =
                    after.attackers_to(guarded.index(), after.occupied, after.occupied_t);
                if !(attackers & free_movers).is_empty() {
                    threats |= Bitboard::from(guarded);
                }
            }
        }
    }

    for discoverer in fresh & mover_pieces {
        let attacked = attacks_from(after, discoverer) & opponent_pieces;
        let general_steps = GENERAL_MOVES[opponent_general];
        threats |= attacked & !general_steps;
        let lifted = bit(discoverer.index()) | bit(opponent_general);
        let occ = after.occupied & !lifted;
        let mut occ_t = after.occupied_t;
        for sq in [discoverer.index(), opponent_general] {
            occ_t &= !bit(transposed(sq));
        }
        for near in attacked & general_steps {
            let guards = after.attackers_to(near.index(), occ, occ_t) & occ & mover_pieces;
            if !guards.is_empty() {
                threats |= Bitboard::from(near);
            }
        }
    }
    threats
}

/// The pieces of either side, generals aside, whose lifting would leave
/// `color`'s general attacked by an enemy chariot, cannon or horse: pinned
/// pieces of `color`'s, and the enemy's discoverers. The flying general does
/// not count (as in Fairy-Stockfish). Empty when the general is attacked
/// already, where lifting anything "attacks" it.
fn blockers_of_general(pos: &Position, color: Color) -> Bitboard {
    let general = pos.general_square(color).index();
    let by = color.opponent();
    let enemy_general = pos.pieces(Piece::new(by, PieceKind::General));
    let attackers = !enemy_general;
    let by = by.index();
    if pos.general_attacked(general, by, pos.occupied, pos.occupied_t, attackers) {
        return Bitboard::EMPTY;
    }
    let mut blockers = Bitboard::EMPTY;
    let own_general = pos.pieces(Piece::new(color, PieceKind::General));
    for sq in pos.occupied() & !own_general & !enemy_general {
        let i = sq.index();
        let occ = pos.occupied & !bit(i);
        let occ_t = pos.occupied_t & !bit(transposed(i));
        if pos.general_attacked(general, by, occ, occ_t, attackers & !bit(i)) {
            blockers |= bit(i);
        }
    }
    blockers
}

/// The points the piece on `sq` could capture on if an enemy stood there.
fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    match pos.piece_at(sq).map(|p| p.kind) {
        Some(PieceKind::Cannon) => pos.cannon_jumps(sq),
        Some(_) => pos.pseudo_targets(sq.index(), Bitboard::ALL),
        None => Bitboard::EMPTY,
    }
}

/// `color`'s soldiers still on their own side of the river.
fn uncrossed_soldiers(pos: &Position, color: Color) -> Bitboard {
    let mut soldiers = Bitboard::EMPTY;
    for sq in pos.pieces(Piece::new(color, PieceKind::Soldier)) {
        if !has_crossed_river(color, sq) {
            soldiers |= Bitboard::from(sq);
        }
    }
    soldiers
}

/// Whether an attack of `attacker` on `target` is a chase: the attacker is not
/// a general or soldier; the target is not the general nor a soldier that has
/// not crossed the river; the two are not of one kind attacking each other;
/// and the target is a chariot attacked by a horse or cannon, a chariot, horse
/// or cannon attacked by an advisor or elephant, or unprotected (its side
/// could not legally take back on its point).
///
/// `after` has the target's side to move; `mover_view` is the same board with
/// the attacker's side to move.
fn is_chase(
    after: &Position,
    mover_view: &Position,
    (attacker_sq, attacker): (Square, Piece),
    (target_sq, target): (Square, Piece),
) -> bool {
    use PieceKind::*;
    if matches!(attacker.kind, General | Soldier) || target.kind == General {
        return false;
    }
    if target.kind == Soldier && !has_crossed_river(target.color, target_sq) {
        return false;
    }
    if target.kind == attacker.kind && after.is_legal(Move::new(target_sq, attacker_sq)) {
        return false;
    }
    let stronger_target = match attacker.kind {
        Horse | Cannon => target.kind == Chariot,
        Advisor | Elephant => matches!(target.kind, Chariot | Horse | Cannon),
        _ => false,
    };
    if stronger_target {
        return true;
    }
    let mut taken = mover_view.clone();
    taken.make_move(Move::new(attacker_sq, target_sq));
    !taken
        .legal_captures()
        .iter()
        .any(|retake| retake.to() == target_sq)
}

/// Whether a soldier of `color` on `sq` stands on the enemy's side of the river.
pub(crate) fn has_crossed_river(color: Color, sq: Square) -> bool {
    match color {
        Color::Red => sq.rank() >= 5,
        Color::Black => sq.rank() <= 4,
    }
}
