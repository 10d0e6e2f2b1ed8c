//! The themes of a puzzle, each computed from its solution (never guessed),
//! and the material count they use. `docs/puzzles.md` states each definition
//! for players and reviewers; the code here is that definition.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};

/// A puzzle theme. The order here is the order themes are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The solution ends in mate (the defender has no legal move) after N
    /// moves of the solver.
    MateIn(u32),
    /// No mate, and the solver ends at least 3 soldiers of material better
    /// off than at the start, the defender's best answer to the last move
    /// counted.
    WinningMaterial,
    /// A solver's move after which the moved piece attacks two valuable
    /// pieces, one of which a later solver's move takes.
    Fork,
    /// A solver's move after which a defender's piece may no longer make a
    /// move it could make before, because it would expose its general.
    Pin,
    /// A solver's move after which another solver's piece attacks a valuable
    /// piece anew: the general (discovered check), or a piece a later
    /// solver's move takes.
    DiscoveredAttack,
    /// A solver's move after which, with the defender's answer, the solver
    /// stands at least 2 soldiers of material worse than before it.
    Sacrifice,
    /// At most four chariots, horses and cannons on the board at the start.
    Endgame,
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theme::MateIn(n) => write!(f, "mateIn{n}"),
            Theme::WinningMaterial => f.write_str("winningMaterial"),
            Theme::Fork => f.write_str("fork"),
            Theme::Pin => f.write_str("pin"),
            Theme::DiscoveredAttack => f.write_str("discoveredAttack"),
            Theme::Sacrifice => f.write_str("sacrifice"),
            Theme::Endgame => f.write_str("endgame"),
        }
    }
}

impl FromStr for Theme {
    type Err = String;

    fn from_str(s: &str) -> Result<Theme, String> {
        Ok(match s {
            "winningMaterial" => Theme::WinningMaterial,
            "fork" => Theme::Fork,
            "pin" => Theme::Pin,
            "discoveredAttack" => Theme::DiscoveredAttack,
            "sacrifice" => Theme::Sacrifice,
            "endgame" => Theme::Endgame,
            _ => match s.strip_prefix("mateIn").and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => Theme::MateIn(n),
                _ => return Err(format!("unknown theme {s:?}")),
            },
        })
    }
}

/// Material a gain must reach for [`Theme::WinningMaterial`], in tenths of a soldier.
pub(crate) const MATERIAL_GAIN: i32 = 30;
/// Material given up for [`Theme::Sacrifice`], in tenths of a soldier.
const SACRIFICE_LOSS: i32 = 20;
/// Chariots, horses and cannons on the board at most, for [`Theme::Endgame`].
const ENDGAME_MAJOR_PIECES: u32 = 4;

/// A piece's worth in tenths of a soldier, by the usual teaching values:
/// chariot 9, cannon 4.5, horse 4, advisor and elephant 2, soldier 1 (2 once
/// across the river). The general is priceless and counts 0 in sums.
pub fn value(piece: Piece, sq: Square) -> i32 {
    match piece.kind {
        PieceKind::General => 0,
        PieceKind::Advisor | PieceKind::Elephant => 20,
        PieceKind::Horse => 40,
        PieceKind::Chariot => 90,
        PieceKind::Cannon => 45,
        PieceKind::Soldier => {
            let crossed = match piece.color {
                Color::Red => sq.rank() >= 5,
                Color::Black => sq.rank() <= 4,
            };
            if crossed {
                20
            } else {
                10
            }
        }
    }
}

/// `side`'s material minus its opponent's, in tenths of a soldier.
pub fn balance(pos: &Position, side: Color) -> i32 {
    Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (p, sq)))
        .map(|(p, sq)| {
            if p.color == side {
                value(p, sq)
            } else {
                -value(p, sq)
            }
        })
        .sum()
}

/// The themes of a solution: `start` with the solver to move, the solution's
/// moves, and the defender's best answer to its last move (`None` after mate).
pub fn tag(start: &Position, solution: &[Move], final_reply: Option<Move>) -> Vec<Theme> {
    let solver = start.side_to_move();
    // positions[i] is the position before move i; the last one is after all.
    let mut positions = vec![start.clone()];
    for &mv in solution.iter().chain(final_reply.iter()) {
        let mut next = positions.last().expect("starts with one").clone();
        next.make_move(mv);
        positions.push(next);
    }
    let end = &positions[solution.len()];
    let mated = !end.has_legal_moves();
    let solver_captures: Vec<(usize, Square)> = solution
        .iter()
        .enumerate()
        .step_by(2)
        .filter(|&(i, &mv)| positions[i].is_capture(mv))
        .map(|(i, &mv)| (i, mv.to()))
        .collect();
    let taken_later = |i: usize, targets: Bitboard| {
        solver_captures
            .iter()
            .any(|&(j, sq)| j > i && targets.contains(sq))
    };

    let mut themes = Vec::new();
    if mated {
        themes.push(Theme::MateIn(solution.len().div_ceil(2) as u32));
    } else if let Some(after_reply) = positions.get(solution.len() + 1) {
        if balance(after_reply, solver) - balance(start, solver) >= MATERIAL_GAIN {
            themes.push(Theme::WinningMaterial);
        }
    }
    let solver_moves = || solution.iter().enumerate().step_by(2);
    if solver_moves().any(|(i, &mv)| {
        let targets = valuable_targets(&positions[i + 1], mv.to());
        targets.count() >= 2 && taken_later(i, targets)
    }) {
        themes.push(Theme::Fork);
    }
    if solver_moves()
        .any(|(i, _)| !(pinned(&positions[i + 1]) & !pinned_if_to_move(&positions[i])).is_empty())
    {
        themes.push(Theme::Pin);
    }
    if solver_moves().any(|(i, &mv)| {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let general = after.general_square(solver.opponent());
        (after.pieces_of(solver) & !Bitboard::from(mv.to()))
            .into_iter()
            .any(|sq| {
                let new = valuable_targets(after, sq)
                    & !before.pseudo_targets(sq.index(), before.pieces_of(solver.opponent()));
                new.contains(general) || taken_later(i, new)
            })
    }) {
        themes.push(Theme::DiscoveredAttack);
    }
    if solver_moves().any(|(i, _)| {
        positions.get(i + 2).is_some_and(|after_reply| {
            balance(after_reply, solver) <= balance(&positions[i], solver) - SACRIFICE_LOSS
        })
    }) {
        themes.push(Theme::Sacrifice);
    }
    let majors: u32 = [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
        .into_iter()
        .flat_map(|kind| Color::ALL.map(|c| start.count(Piece::new(c, kind))))
        .sum();
    if majors <= ENDGAME_MAJOR_PIECES {
        themes.push(Theme::Endgame);
    }
    themes
}

/// The enemy pieces the piece on `from` attacks by its movement rule that are
/// worth attacking: the general, a piece worth more than the attacker, or one
/// its side does not defend. `pos` has the attacker's opponent to move.
fn valuable_targets(pos: &Position, from: Square) -> Bitboard {
    let Some(attacker) = pos.piece_at(from) else {
        return Bitboard::EMPTY;
    };
    let defender = attacker.color.opponent();
    pos.pseudo_targets(from.index(), pos.pieces_of(defender))
        .into_iter()
        .filter(|&sq| {
            let target = pos.piece_at(sq).expect("a target holds an enemy piece");
            target.kind == PieceKind::General
                || value(target, sq) > value(attacker, from)
                || !pos.is_attacked(sq, defender)
        })
        .collect()
}

/// The side to move's pieces (not the general) that have a move their
/// movement rule allows but the rules refuse for exposing their general.
/// Empty when in check, where that restriction is the check's, not a pin's.
fn pinned(pos: &Position) -> Bitboard {
    if pos.in_check() {
        return Bitboard::EMPTY;
    }
    let side = pos.side_to_move();
    let general = pos.general_square(side);
    (pos.pieces_of(side) & !Bitboard::from(general))
        .into_iter()
        .filter(|&sq| {
            pos.pseudo_targets(sq.index(), !pos.pieces_of(side))
                .into_iter()
                .any(|to| !pos.is_legal(Move::new(sq, to)))
        })
        .collect()
}

/// [`pinned`] for the opponent of the side to move, as if it were its turn.
fn pinned_if_to_move(pos: &Position) -> Bitboard {
    let mut turned = pos.clone();
    turned.make_null();
    pinned(&turned)
}
