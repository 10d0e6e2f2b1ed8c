//! Move ordering: the order in which the search tries moves decides how much
//! alpha-beta can cut. First the transposition table's move, then captures by
//! most valuable victim / least valuable attacker, then the killer moves of
//! this ply, then the move that last refuted the opponent's move (the
//! counter move), then quiet moves by their history of causing cut-offs.

use arrayvec::ArrayVec;

use crate::rules::{Move, PieceKind, Position, MAX_MOVES};

use super::pst::MATERIAL;
use super::score::MAX_PLY;

/// Material a capture may give up and still count as an even trade.
const EVEN_TRADE_MARGIN: i32 = 50;

/// As many moves as a position can have.
const CAPACITY: usize = MAX_MOVES;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Below the killers, above every history score.
const COUNTER: i32 = 1 << 26;
/// Below every quiet move: captures that probably lose material.
const LOSING_CAPTURE: i32 = -(1 << 20);
/// History scores stay within ±this, so they never reach the killers.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Value of a piece for ordering captures (not the evaluation's).
fn order_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 100,
        PieceKind::Chariot => 9,
        PieceKind::Cannon => 5,
        PieceKind::Horse => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
    }
}

/// A capture that likely loses material: the taker is worth clearly more
/// than what it takes, on a point the opponent defends (a cheap stand-in for
/// a full static exchange evaluation). Even trades, such as a cannon for a
/// horse, are not losing.
pub fn is_losing_capture(pos: &Position, mv: Move) -> bool {
    let (Some(attacker), Some(victim)) = (pos.piece_at(mv.from()), pos.piece_at(mv.to())) else {
        return false;
    };
    MATERIAL[attacker.kind.index()][0] > MATERIAL[victim.kind.index()][0] + EVEN_TRADE_MARGIN
        && attacker.kind != PieceKind::General
        && pos.is_attacked(mv.to(), attacker.color.opponent())
}

/// What the search learns about quiet moves, kept across iterations.
pub struct OrderingTables {
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// By moving piece and destination.
    history: [[i32; 90]; 14],
    /// The quiet move that last cut off after the opponent's move, by the
    /// piece the opponent moved and where it went.
    counters: [[Option<Move>; 90]; 14],
}

/// The opponent's last move, as the counter-move table indexes it: the
/// piece it moved and where that piece now stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviousMove {
    piece: usize,
    to: usize,
}

impl PreviousMove {
    /// The move that led to `pos`, if it was a real move (not a null move).
    pub fn of(pos: &Position, mv: Move) -> Option<PreviousMove> {
        pos.piece_at(mv.to())
            .filter(|p| p.color != pos.side_to_move())
            .map(|p| PreviousMove {
                piece: p.index(),
                to: mv.to().index(),
            })
    }
}

impl Default for OrderingTables {
    fn default() -> Self {
        OrderingTables {
            killers: [[None; 2]; MAX_PLY + 2],
            history: [[0; 90]; 14],
            counters: [[None; 90]; 14],
        }
    }
}

impl OrderingTables {
    pub fn clear(&mut self) {
        *self = OrderingTables::default();
    }

    /// Between searches: old killers are for other positions; history keeps
    /// its sense but with less weight.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 4;
            }
        }
    }

    /// A quiet move caused a cut-off at `ply`: remember it, and reward it over
    /// the quiet moves tried before it without success.
    pub fn reward_cutoff(
        &mut self,
        pos: &Position,
        ply: usize,
        previous: Option<PreviousMove>,
        best: Move,
        tried_before: &[Move],
        depth: i32,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(prev) = previous {
            self.counters[prev.piece][prev.to] = Some(best);
        }
        let bonus = (depth * depth).min(400);
        self.update_history(pos, best, bonus);
        for &mv in tried_before {
            self.update_history(pos, mv, -bonus);
        }
    }

    fn update_history(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(piece) = pos.piece_at(mv.from()) {
            let h = &mut self.history[piece.index()][mv.to().index()];
            // Gravity: the closer to the cap, the less a bonus moves it.
            *h += 32 * bonus - *h * bonus.abs() / 512;
            *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
        }
    }

    /// How often the quiet move `mv` caused cut-offs, within ±[`HISTORY_MAX`].
    pub fn history(&self, pos: &Position, mv: Move) -> i32 {
        pos.piece_at(mv.from())
            .map_or(0, |p| self.history[p.index()][mv.to().index()])
    }
}

/// Hands out the moves of one node best-first (selection sort: cut-offs
/// usually come early, so most moves are never sorted).
pub struct MovePicker {
    /// Each move with its ordering score.
    moves: ArrayVec<(Move, i32), CAPACITY>,
    next: usize,
}

impl MovePicker {
    /// Orders `moves` at a node at `ply`, reached by `previous`; `tt_move`
    /// comes first if present.
    pub fn new(
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        previous: Option<PreviousMove>,
    ) -> MovePicker {
        let mut picker = MovePicker {
            moves: ArrayVec::new(),
            next: 0,
        };
        let killers = tables.killers[ply.min(MAX_PLY)];
        let counter = previous.and_then(|prev| tables.counters[prev.piece][prev.to]);
        for &mv in moves.iter().take(CAPACITY) {
            let score = if Some(mv) == tt_move {
                TT_MOVE
            } else if let Some(victim) = pos.piece_at(mv.to()) {
                let attacker = pos.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
                let mvv_lva = order_value(victim.kind) * 64 - attacker;
                if is_losing_capture(pos, mv) {
                    LOSING_CAPTURE + mvv_lva
                } else {
                    CAPTURE + mvv_lva
                }
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else if Some(mv) == counter {
                COUNTER
            } else {
                tables.history(pos, mv)
            };
            picker.moves.push((mv, score));
        }
        picker
    }

    /// Orders captures only, for the quiescence search.
    pub fn captures(pos: &Position, moves: &[Move]) -> MovePicker {
        let mut picker = MovePicker {
            moves: ArrayVec::new(),
            next: 0,
        };
        for &mv in moves.iter().take(CAPACITY) {
            if let Some(victim) = pos.piece_at(mv.to()) {
                let attacker = pos.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
                picker
                    .moves
                    .push((mv, order_value(victim.kind) * 64 - attacker));
            }
        }
        picker
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.next >= self.moves.len() {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1].0)
    }
}

/// The moves of a full-width node in two stages: the transposition table's
/// move alone, then all the others best first. The table's move cuts off
/// often enough that generating and scoring every move before trying it
/// would mostly be wasted.
pub struct StagedMoves {
    /// The table's move, when legal here and not yet handed out.
    tt_move: Option<Move>,
    /// The table's move once handed out: the picker skips it.
    tried: Option<Move>,
    previous: Option<PreviousMove>,
    picker: Option<MovePicker>,
}

impl StagedMoves {
    /// Stages the moves of `pos`; `tt_move` may be any move (a table entry
    /// can belong to another position), and is used only if legal here.
    pub fn new(
        pos: &Position,
        tt_move: Option<Move>,
        previous: Option<PreviousMove>,
    ) -> StagedMoves {
        StagedMoves {
            tt_move: tt_move.filter(|&mv| pos.is_legal(mv)),
            tried: None,
            previous,
            picker: None,
        }
    }

    /// Whether the side to move has no legal move at all.
    pub fn is_empty(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> bool {
        self.tt_move.is_none() && self.tried.is_none() && self.picker(pos, tables, ply).is_empty()
    }

    /// The next move to try. `pos`, `tables` and `ply` must be the node's.
    pub fn next(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> Option<Move> {
        if let Some(mv) = self.tt_move.take() {
            self.tried = Some(mv);
            return Some(mv);
        }
        self.picker(pos, tables, ply).next()
    }

    fn picker(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> &mut MovePicker {
        let (tried, previous) = (self.tried, self.previous);
        self.picker.get_or_insert_with(|| {
            let moves = pos.legal_moves();
            let mut picker = MovePicker::new(pos, &moves, tried, tables, ply, previous);
            if tried.is_some() {
                // It scored first; it was searched already.
                picker.next();
            }
            picker
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn mv(text: &str) -> Move {
        Move::new(
            Square::parse(&text[..2]).unwrap(),
            Square::parse(&text[2..]).unwrap(),
        )
    }

    #[test]
    fn tt_move_then_good_captures_then_quiet_then_losing_captures() {
        // After h2e2 i9i8 Red's central cannon can take the undefended e6
        // pawn; b2b9 takes a horse the a9 chariot guards.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        pos.make_move(mv("i9i8"));
        let moves = pos.legal_moves();
        let tables = OrderingTables::default();
        let tt = mv("b0c2");
        let order: Vec<Move> = MovePicker::new(&pos, &moves, Some(tt), &tables, 0, None).collect();
        assert_eq!(order.len(), moves.len());
        assert_eq!(order[0], tt);
        assert_eq!(order[1], mv("e2e6"));
        assert_eq!(*order.last().unwrap(), mv("b2b9"));
        assert!(is_losing_capture(&pos, mv("b2b9")));
        assert!(!is_losing_capture(&pos, mv("e2e6")));
    }

    #[test]
    fn counter_move_goes_before_history_after_the_same_reply_only() {
        // Red's b0c2 once refuted Black's h9g7; c3c4 has the better history.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        pos.make_move(mv("h9g7"));
        let previous = PreviousMove::of(&pos, mv("h9g7"));
        assert!(previous.is_some());
        let mut tables = OrderingTables::default();
        tables.reward_cutoff(&pos, 5, previous, mv("b0c2"), &[], 4);
        tables.reward_cutoff(&pos, 6, None, mv("c3c4"), &[], 10);
        let rank = |previous| {
            let order: Vec<Move> =
                MovePicker::new(&pos, &pos.legal_moves(), None, &tables, 2, previous).collect();
            let at = |m| order.iter().position(|&o| o == mv(m)).unwrap();
            (at("b0c2"), at("c3c4"))
        };
        let (counter, better_history) = rank(previous);
        assert!(counter < better_history);
        let (counter, better_history) = rank(None);
        assert!(counter > better_history);
    }
}
