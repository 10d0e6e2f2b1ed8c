//! What a picture shows: the pieces and the marks, independent of how the
//! position was reached or whether it is legal.

use super::arrows::Arrow;
use crate::rules::{Color, Move, Piece, Position, Square, NUM_SQUARES};

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
    /// Arrows over the pieces, drawn in order (a review's key moment).
    pub arrows: Vec<Arrow>,
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
            arrows: Vec::new(),
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

    /// A game's pictures, one per position from `start` through each move,
    /// each with its last move and a caption: the frames of a replay GIF. Stops
    /// at the first move that is not legal where it is played.
    pub fn replay_frames(start: &Position, moves: &[Move], flipped: bool) -> Vec<Scene> {
        Scene::replay_frames_captioned(start, moves, flipped, |_, pos| move_caption(pos))
    }

    /// [`Scene::replay_frames`] with the caption of each frame given by
    /// `caption` (the ply, 0 for the start, and the position). The moves are
    /// played forward once, so a long game costs one pass, not one rebuild
    /// per frame.
    pub fn replay_frames_captioned(
        start: &Position,
        moves: &[Move],
        flipped: bool,
        mut caption: impl FnMut(usize, &Position) -> String,
    ) -> Vec<Scene> {
        let mut pos = start.clone();
        let mut frame = |ply: usize, pos: &Position, last_move| Scene {
            last_move,
            flipped,
            caption: Some(caption(ply, pos)),
            ..Scene::from_position(pos)
        };
        let mut scenes = Vec::with_capacity(moves.len() + 1);
        scenes.push(frame(0, &pos, None));
        for (ply, &mv) in (1..).zip(moves) {
            if !pos.is_legal(mv) {
                break;
            }
            pos.make_move(mv);
            scenes.push(frame(ply, &pos, Some(mv)));
        }
        scenes
    }

    /// Places (or removes) a piece; convenient for building scenes by hand.
    pub fn with_piece(mut self, sq: Square, piece: Option<Piece>) -> Scene {
        self.pieces[sq.index()] = piece;
        self
    }
}

/// "move 12 · Red to move": where a game stands.
pub fn move_caption(pos: &Position) -> String {
    format!(
        "move {} · {} to move",
        pos.fullmove_number(),
        pos.side_to_move()
    )
}

/// "Alice (Red) vs Bob (Black) · move 12 · Red to move": the usual caption
/// of a game's board.
pub fn caption(red: &str, black: &str, pos: &Position) -> String {
    format!(
        "{red} ({}) vs {black} ({}) · {}",
        Color::Red,
        Color::Black,
        move_caption(pos)
    )
}

impl Default for Scene {
    fn default() -> Scene {
        Scene::empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PieceKind;

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

    #[test]
    fn replay_has_a_scene_per_position_and_stops_at_an_illegal_move() {
        let sq = |s| Square::parse(s).unwrap();
        let moves = [
            Move::new(sq("h2"), sq("e2")),
            Move::new(sq("h9"), sq("g7")),
            Move::new(sq("a0"), sq("a5")), // a chariot cannot jump its soldier
            Move::new(sq("h0"), sq("g2")),
        ];
        let scenes = Scene::replay_frames(&Position::startpos(), &moves, true);
        assert_eq!(scenes.len(), 3);
        assert_eq!(scenes[0].last_move, None);
        assert_eq!(scenes[2].last_move, Some(moves[1]));
        assert!(scenes.iter().all(|s| s.flipped));
        assert_eq!(scenes[2].caption.as_deref(), Some("move 2 · Red to move"));
        assert!(scenes[2].pieces[sq("g7").index()].is_some());
        assert_eq!(
            caption("Alice", "Bob", &Position::startpos()),
            "Alice (Red) vs Bob (Black) · move 1 · Red to move"
        );
    }
}
