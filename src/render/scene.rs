//! What a picture shows: the pieces and the marks, independent of how the
//! position was reached or whether it is legal.

use crate::rules::{Move, Piece, Position, Square, NUM_SQUARES};

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

    /// The position's pieces from Red's seat, its side to move's general
    /// marked if in check; no last move, no caption.
    pub fn from_position(pos: &Position) -> Scene {
        let mut scene = Scene::empty();
        for sq in Square::all() {
            scene.pieces[sq.index()] = pos.piece_at(sq);
        }
        if pos.in_check() {
            scene.check = Some(pos.general_square(pos.side_to_move()));
        }
        scene
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, PieceKind};

    #[test]
    fn from_position_copies_pieces_and_marks_a_checked_general() {
        let start = Scene::from_position(&Position::startpos());
        let e0 = Square::parse("e0").unwrap();
        assert_eq!(
            start.pieces[e0.index()],
            Some(Piece::new(Color::Red, PieceKind::General))
        );
        assert_eq!(start.pieces.iter().flatten().count(), 32);
        assert_eq!(start.check, None);

        // Black to move, the red chariot on e2 gives check to the general on e9.
        let checked = Position::from_fen("4k4/9/9/9/9/9/9/4R4/9/3K5 b - - 0 1").unwrap();
        let scene = Scene::from_position(&checked);
        assert_eq!(scene.check, Square::parse("e9"));
    }
}
