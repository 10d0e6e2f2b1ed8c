//! `Game`: a start position plus the moves played, with the history that
//! repetition needs, and the rules that end a game (`docs/rules.md`, "End of
//! game"). The bot plays moves through it, the store rebuilds games with it and
//! the `status` CLI reports on it.

mod outcome;
mod repetition;

use std::fmt;

use crate::rules::illegal::IllegalReason;
use crate::rules::position::{Position, Undo};
use crate::rules::types::{Color, Move, Piece, PieceKind};

pub use outcome::{EndReason, GameResult, GameStatus, Outcome};
pub use repetition::{judge_repetition, new_threats};

/// Plies in a row without a capture that draw the game (the 60-move rule).
pub const NO_CAPTURE_PLIES: u32 = 120;
/// The safety cap on a game's length, in plies (300 moves).
pub const MAX_GAME_PLIES: u32 = 600;

/// Why [`Game::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The move breaks a rule of movement or leaves the general exposed.
    Illegal { mv: Move, reason: IllegalReason },
    /// The game has already ended; no further move is played.
    GameOver { mv: Move, outcome: Outcome },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Illegal { mv, reason } => write!(f, "{mv} is not legal: {reason}"),
            IllegalMove::GameOver { mv, outcome } => write!(
                f,
                "{mv} cannot be played: the game is already over. {}",
                outcome.description()
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A game: where it started, the moves played and the current position.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// `keys[i]` is the key of the position after `i` moves.
    keys: Vec<u64>,
    /// `recurrence_floor[i]`: the first ply whose position the position after
    /// `i` moves can repeat (the ply right after the last capture).
    recurrence_floor: Vec<usize>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        let key = start.key();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            keys: vec![key],
            recurrence_floor: vec![0],
        }
    }

    /// Rebuilds a game by playing `moves` from `start`; on the first refused
    /// move, its index and why.
    pub fn from_moves(start: Position, moves: &[Move]) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::new(start);
        for (index, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|err| (index, err))?;
        }
        Ok(game)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The keys of the positions that the current one may repeat: from the one
    /// after the last capture (or the start) up to and including the current
    /// one. The engine seeds its repetition detection with these.
    pub fn keys_since_capture(&self) -> &[u64] {
        let now = self.keys.len() - 1;
        &self.keys[self.recurrence_floor[now]..]
    }

    /// The position after `ply` moves (0 is the start), if that many were played.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        let played = self.moves.len();
        if ply > played {
            return None;
        }
        let mut pos;
        if ply <= played / 2 {
            pos = self.start.clone();
            for &mv in &self.moves[..ply] {
                pos.make_move(mv);
            }
        } else {
            pos = self.position.clone();
            for i in (ply..played).rev() {
                pos.unmake_move(self.moves[i], self.undos[i]);
            }
        }
        Some(pos)
    }

    /// Plays a move if it is legal and the game is not over.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.end_with_moves_left() {
            return Err(IllegalMove::GameOver { mv, outcome });
        }
        if !self.position.is_legal(mv) {
            if let Some(outcome) = self.end_without_moves() {
                return Err(IllegalMove::GameOver { mv, outcome });
            }
            let reason = self.position.explain_illegal(mv);
            return Err(IllegalMove::Illegal { mv, reason });
        }
        let capture = self.position.is_capture(mv);
        let undo = self.position.make_move(mv);
        self.moves.push(mv);
        self.undos.push(undo);
        self.keys.push(self.position.key());
        let ply = self.keys.len() - 1;
        let floor = if capture {
            ply
        } else {
            self.recurrence_floor[ply - 1]
        };
        self.recurrence_floor.push(floor);
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop().expect("one undo per move");
        self.position.unmake_move(mv, undo);
        self.keys.pop();
        self.recurrence_floor.pop();
        Some(mv)
    }

    /// Whether the game goes on, or how it ended.
    pub fn status(&self) -> GameStatus {
        match self
            .end_without_moves()
            .or_else(|| self.end_with_moves_left())
        {
            Some(outcome) => GameStatus::Over(outcome),
            None => GameStatus::Ongoing,
        }
    }

    /// Checkmate or stalemate: the side to move has no legal move and loses.
    fn end_without_moves(&self) -> Option<Outcome> {
        if self.position.has_legal_moves() {
            return None;
        }
        let reason = if self.position.in_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        Some(Outcome::loss_for(self.position.side_to_move(), reason))
    }

    /// The endings that apply whether or not a move is left, in order of
    /// precedence: a repetition's verdict (a perpetual checker loses even on
    /// the 120th quiet ply), the no-capture rule, material, the length cap.
    fn end_with_moves_left(&self) -> Option<Outcome> {
        if let Some(outcome) = self.repetition_outcome() {
            return Some(outcome);
        }
        let pos = &self.position;
        if pos.halfmove_clock() >= NO_CAPTURE_PLIES {
            return Some(Outcome::draw(EndReason::NoCapture));
        }
        if !has_attacking_material(pos) {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        if game_ply(pos) >= MAX_GAME_PLIES {
            return Some(Outcome::draw(EndReason::MoveLimit));
        }
        None
    }

    /// The verdict when the current position occurs for the third time (in
    /// this game, since the last capture); judged on the moves since its
    /// previous occurrence.
    fn repetition_outcome(&self) -> Option<Outcome> {
        let now = self.keys.len() - 1;
        let floor = self.recurrence_floor[now];
        let key = self.keys[now];
        let mut occurrences = 1;
        let mut previous = None;
        // Positions with the same side to move are an even number of plies apart.
        let mut ply = now;
        while ply >= floor + 2 {
            ply -= 2;
            if self.keys[ply] == key {
                occurrences += 1;
                previous.get_or_insert(ply);
            }
        }
        if occurrences < 3 {
            return None;
        }
        let previous = previous.expect("an earlier occurrence was counted");
        let earlier = self.position_at(previous).expect("an earlier ply");
        Some(judge_repetition(&earlier, &self.moves[previous..]))
    }
}

/// Whether either side still has a piece that can attack the enemy general:
/// a chariot, horse, cannon or soldier.
pub fn has_attacking_material(pos: &Position) -> bool {
    Color::ALL.iter().any(|&color| can_attack(pos, color))
}

/// Whether `color` has a piece that can attack the enemy general (a
/// chariot, horse, cannon or soldier): without one it cannot win, which
/// decides a game whose other side runs out of time.
pub fn can_attack(pos: &Position, color: Color) -> bool {
    [
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ]
    .iter()
    .any(|&kind| pos.count(Piece::new(color, kind)) > 0)
}

/// Plies since the game's first move, by the position's move number (so a game
/// set up from a FEN keeps counting where the FEN says).
pub fn game_ply(pos: &Position) -> u32 {
    let black = u32::from(pos.side_to_move() == Color::Black);
    pos.fullmove_number().saturating_sub(1).saturating_mul(2) + black
}

#[cfg(test)]
mod tests;
