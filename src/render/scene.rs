//! What a picture shows: the pieces and the marks, independent of how the
//! position was reached or whether it is legal.

use crate::rules::{Move, Piece, Square, NUM_SQUARES};

/// One board picture's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The piece on each point, indexed by [`Square::index`].
    pub pieces: [Option<Piece>; NUM_SQUARES],
    /// The last move, marked at both its from and to points.
    pub last_move: Option<Move>,
    /// A general in check, marked with a red ring.
    pub check: Option<Square>,
    /// Seen from Black's seat: the board turned 180°.
    pub flipped: bool,
    /// A line above the board: players, move number, whose turn.
    pub caption: Option<String>,
}

impl Scene {
    /// An empty board from Red's seat, nothing marked.
    pub fn empty() -> Scene {
        Scene {
            pieces: [None; NUM_SQUARES],
            last_move: None,
            check: None,
            flipped: false,
            caption: None,
        }
    }

    /// Places (or removes) a piece; convenient for building scenes by hand.
    pub fn with_piece(mut self, sq: Square, piece: Option<Piece>) -> Scene {
        self.pieces[sq.index()] = piece;
        self
    }
}

impl Default for Scene {
    fn default() -> Scene {
        Scene::empty()
    }
}
