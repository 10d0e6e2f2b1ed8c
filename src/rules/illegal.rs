//! Why a move is not legal, in words a player understands: the notation
//! parser and the bot show these when a typed move cannot be played.

use std::fmt;

use super::bitboard::bit;
use super::position::{Position, EMPTY};
use super::tables::between;
use super::types::{Color, Move, PieceKind, Square};

/// The first rule a move breaks, checked in the order a player would think of
/// them: is there a piece, is it yours, can it move that way, is the way
/// clear, and is your general safe afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The move starts and ends on the same point.
    NoMovement {
        square: Square,
    },
    NoPiece {
        square: Square,
    },
    /// The piece on the starting point belongs to the side not to move.
    WrongSide {
        square: Square,
        color: Color,
    },
    /// The target holds a piece of the mover's own side.
    CapturesOwnPiece {
        square: Square,
    },
    /// The piece's movement rule never goes from `from` to `to`.
    CannotMoveThatWay {
        kind: PieceKind,
        from: Square,
        to: Square,
    },
    /// A general or advisor would step out of its palace.
    LeavesPalace {
        kind: PieceKind,
    },
    HorseLegBlocked {
        leg: Square,
    },
    ElephantEyeBlocked {
        eye: Square,
    },
    ElephantCrossesRiver,
    /// A soldier would step sideways before crossing the river.
    SoldierSidewaysBeforeRiver,
    SoldierBackward,
    /// A chariot's or cannon's path (not a capture) is blocked.
    PathBlocked {
        kind: PieceKind,
        at: Square,
    },
    /// A cannon capturing with `screens` pieces between instead of one.
    CannonScreens {
        screens: u32,
    },
    LeavesGeneralInCheck,
    GeneralsFace,
    /// The move is legal after all.
    NotIllegal,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoMovement { square } => {
                write!(
                    f,
                    "a move must go somewhere: it starts and ends on {square}"
                )
            }
            IllegalReason::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalReason::WrongSide { square, color } => {
                write!(f, "{square} holds a {color} piece")
            }
            IllegalReason::CapturesOwnPiece { square } => {
                write!(f, "{square} holds one of your own pieces")
            }
            IllegalReason::CannotMoveThatWay { kind, from, to } => {
                let how = match kind {
                    PieceKind::General => "one point along a rank or file",
                    PieceKind::Advisor => "one point diagonally",
                    PieceKind::Elephant => "exactly two points diagonally",
                    PieceKind::Horse => "one point straight then one diagonally outward",
                    PieceKind::Chariot | PieceKind::Cannon => "along a rank or file",
                    PieceKind::Soldier => "one point forward (or sideways once across the river)",
                };
                write!(
                    f,
                    "a {} cannot move from {from} to {to}: it moves {how}",
                    kind.name()
                )
            }
            IllegalReason::LeavesPalace { kind } => {
                write!(f, "the {} cannot leave the palace", kind.name())
            }
            IllegalReason::HorseLegBlocked { leg } => {
                write!(f, "the horse's leg at {leg} is blocked")
            }
            IllegalReason::ElephantEyeBlocked { eye } => {
                write!(f, "the elephant's eye at {eye} is blocked")
            }
            IllegalReason::ElephantCrossesRiver => {
                write!(f, "an elephant cannot cross the river")
            }
            IllegalReason::SoldierSidewaysBeforeRiver => write!(
                f,
                "a soldier can only move sideways after crossing the river"
            ),
            IllegalReason::SoldierBackward => write!(f, "a soldier never moves backward"),
            IllegalReason::PathBlocked { kind, at } => {
                write!(f, "the {}'s path is blocked at {at}", kind.name())
            }
            IllegalReason::CannonScreens { screens } => write!(
                f,
                "a cannon captures by jumping exactly one piece, and there {} {screens} in between",
                if *screens == 1 { "is" } else { "are" }
            ),
            IllegalReason::LeavesGeneralInCheck => {
                write!(f, "that would leave your general in check")
            }
            IllegalReason::GeneralsFace => write!(f, "the generals would face each other"),
            IllegalReason::NotIllegal => write!(f, "that move is legal"),
        }
    }
}

impl std::error::Error for IllegalReason {}

impl Position {
    /// Why `mv` is not legal here; [`IllegalReason::NotIllegal`] if it is.
    pub fn explain_illegal(&self, mv: Move) -> IllegalReason {
        match self.movement_rule_broken(mv) {
            Some(reason) => reason,
            None => self.safety_rule_broken(mv),
        }
    }

    fn movement_rule_broken(&self, mv: Move) -> Option<IllegalReason> {
        let (from, to) = (mv.from(), mv.to());
        if from == to {
            return Some(IllegalReason::NoMovement { square: from });
        }
        let Some(piece) = self.piece_at(from) else {
            return Some(IllegalReason::NoPiece { square: from });
        };
        if piece.color != self.side {
            return Some(IllegalReason::WrongSide {
                square: from,
                color: piece.color,
            });
        }
        if self.piece_at(to).is_some_and(|p| p.color == piece.color) {
            return Some(IllegalReason::CapturesOwnPiece { square: to });
        }
        let df = to.file() as i32 - from.file() as i32;
        let dr = to.rank() as i32 - from.rank() as i32;
        let cannot = IllegalReason::CannotMoveThatWay {
            kind: piece.kind,
            from,
            to,
        };
        let at = |file: i32, rank: i32| {
            Square::new(file as u8, rank as u8).expect("between two points of the board")
        };
        let in_palace =
            |sq: Square| (3..=5).contains(&sq.file()) && (sq.rank() <= 2 || sq.rank() >= 7);
        let capture = self.board[to.index()] != EMPTY;
        match piece.kind {
            PieceKind::General | PieceKind::Advisor => {
                let step = if piece.kind == PieceKind::General {
                    df.abs() + dr.abs() == 1
                } else {
                    df.abs() == 1 && dr.abs() == 1
                };
                if !step {
                    return Some(cannot);
                }
                if !in_palace(to) {
                    return Some(IllegalReason::LeavesPalace { kind: piece.kind });
                }
            }
            PieceKind::Elephant => {
                if df.abs() != 2 || dr.abs() != 2 {
                    return Some(cannot);
                }
                if (from.rank() <= 4) != (to.rank() <= 4) {
                    return Some(IllegalReason::ElephantCrossesRiver);
                }
                let eye = at(from.file() as i32 + df / 2, from.rank() as i32 + dr / 2);
                if self.piece_at(eye).is_some() {
                    return Some(IllegalReason::ElephantEyeBlocked { eye });
                }
            }
            PieceKind::Horse => {
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => at(from.file() as i32, from.rank() as i32 + dr / 2),
                    (2, 1) => at(from.file() as i32 + df / 2, from.rank() as i32),
                    _ => return Some(cannot),
                };
                if self.piece_at(leg).is_some() {
                    return Some(IllegalReason::HorseLegBlocked { leg });
                }
            }
            PieceKind::Chariot | PieceKind::Cannon => {
                if df != 0 && dr != 0 {
                    return Some(cannot);
                }
                let path = between(from.index(), to.index()) & self.occupied;
                // The blocker nearest the moving piece, if any.
                let nearest = if to.index() > from.index() {
                    path.first()
                } else {
                    path.last()
                };
                if piece.kind == PieceKind::Cannon && capture {
                    let screens = path.count();
                    if screens != 1 {
                        return Some(IllegalReason::CannonScreens { screens });
                    }
                } else if let Some(at) = nearest {
                    return Some(IllegalReason::PathBlocked {
                        kind: piece.kind,
                        at,
                    });
                }
            }
            PieceKind::Soldier => {
                let forward = if piece.color == Color::Red { 1 } else { -1 };
                let crossed = match piece.color {
                    Color::Red => from.rank() >= 5,
                    Color::Black => from.rank() <= 4,
                };
                match (df.abs(), dr) {
                    (0, d) if d == forward => {}
                    (1, 0) if crossed => {}
                    (1, 0) => return Some(IllegalReason::SoldierSidewaysBeforeRiver),
                    (0, d) if d == -forward => return Some(IllegalReason::SoldierBackward),
                    _ => return Some(cannot),
                }
            }
        }
        None
    }

    fn safety_rule_broken(&self, mv: Move) -> IllegalReason {
        let (from, to) = (mv.from().index(), mv.to().index());
        if self.is_safe(from, to) {
            return IllegalReason::NotIllegal;
        }
        let mut after = self.clone();
        after.make_move(mv);
        let mover = self.side.index();
        let enemy_general = after.generals[mover ^ 1] as usize;
        let general = after.generals[mover] as usize;
        let attacked_by_others = after.general_attacked(
            general,
            mover ^ 1,
            after.occupied,
            after.occupied_t,
            !bit(enemy_general),
        );
        if attacked_by_others {
            IllegalReason::LeavesGeneralInCheck
        } else {
            IllegalReason::GeneralsFace
        }
    }
}
