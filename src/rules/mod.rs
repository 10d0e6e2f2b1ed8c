//! The rules of Xiangqi: points, pieces, moves, positions and game end.
//!
//! Pure: no I/O, no allocation on the move-generation path. Everything above
//! (engine, store, bot) sees the game only through this module's types.

mod types;

pub use types::{Color, Move, Piece, PieceKind, Square, BOARD_FILES, BOARD_RANKS, NUM_SQUARES};
