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
//! This is pure and plays through only the cycle, so the engine can call it
//! at a repetition it meets in search as well as [`Game`](super::Game) at the
//! end of a game.

use crate::rules::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};

use super::{EndReason, Outcome};

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
/// can now, where the attack counts as a chase (see [`is_chase`]).
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
    threats
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
