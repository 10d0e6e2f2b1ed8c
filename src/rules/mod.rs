//! The rules of Xiangqi: points, pieces, moves, positions and game end.
//!
//! Pure: no I/O, no allocation on the move-generation path. Everything above
//! (engine, store, bot) sees the game only through this module's types.

mod attacks;
mod bitboard;
mod fen;
pub mod game;
mod illegal;
mod movegen;
pub mod notation;
mod perft;
#[cfg(test)]
pub(crate) mod playouts;
mod position;
mod see;
mod tables;
mod types;
mod zobrist;

pub use attacks::{
    advisors_reach, general_reach, own_half, palace, soldier_reach, soldier_steps, CheckCandidates,
    CheckSquares,
};
pub use bitboard::{Bitboard, Squares};
pub use fen::{FenError, FenField};
pub use game::{can_attack, EndReason, Game, GameResult, GameStatus, IllegalMove, Outcome};
pub use illegal::IllegalReason;
pub use movegen::{Legality, MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use position::{NullUndo, Position, Undo, START_FEN};
pub use types::{Color, Move, Piece, PieceKind, Square, BOARD_FILES, BOARD_RANKS, NUM_SQUARES};
