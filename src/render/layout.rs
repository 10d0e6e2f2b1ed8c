//! Where things go: the picture's size, the grid's origin and the mapping from
//! a board point to pixels, for either seat.

use crate::rules::{Square, BOARD_FILES, BOARD_RANKS};

/// Distance between two adjacent points, in pixels.
pub const CELL: f32 = 64.0;
/// Picture width: the 8 cells of the grid plus, each side, room for a piece
/// overhanging the outer line and a column of rank labels.
pub const WIDTH: usize = 640;
/// Height of the caption band at the top.
pub const CAPTION_HEIGHT: f32 = 32.0;
/// Height of one row of file labels.
pub const LABEL_ROW: f32 = 20.0;
/// Room between an outer grid line and the labels: a piece sits across it.
/// The lighter playing surface ends here.
pub const OVERHANG: f32 = 32.0;
/// x of file column 0 (the leftmost grid line).
pub const GRID_LEFT: f32 = (WIDTH as f32 - 8.0 * CELL) / 2.0;
/// y of row 0 (the top grid line).
pub const GRID_TOP: f32 = CAPTION_HEIGHT + LABEL_ROW + OVERHANG;
/// x of the rightmost grid line.
pub const GRID_RIGHT: f32 = GRID_LEFT + 8.0 * CELL;
/// y of the bottom grid line.
pub const GRID_BOTTOM: f32 = GRID_TOP + 9.0 * CELL;
/// Picture height: one label row above the grid, two below (file letters, then
/// the near side's traditional numbers).
pub const HEIGHT: usize = (GRID_BOTTOM + OVERHANG + 2.0 * LABEL_ROW + 6.0) as usize;
/// Radius of a piece's disc (0.875 of a cell across).
pub const PIECE_RADIUS: f32 = 28.0;
/// Half the side of an international symbol's box. Symbols have no inner
/// ring around them: without it they can be drawn larger, which is what
/// keeps them readable at phone size; they stay inside the thickest rim.
pub const SYMBOL_HALF: f32 = 20.0;

// The layout's invariants, checked when compiling.
const _: () = assert!(HEIGHT > WIDTH, "portrait");
const _: () = assert!(GRID_LEFT >= OVERHANG + 24.0, "room for rank labels");
const _: () = assert!(
    OVERHANG > PIECE_RADIUS,
    "pieces stay on the playing surface"
);

/// Screen column (0 = left) and row (0 = top) of a point for the given seat.
/// Red's seat sees rank 0 at the bottom and file a on the left; Black's seat
/// sees the board turned 180°.
pub fn column_row(sq: Square, flipped: bool) -> (u8, u8) {
    let (file, rank) = (sq.file(), sq.rank());
    if flipped {
        (BOARD_FILES - 1 - file, rank)
    } else {
        (file, BOARD_RANKS - 1 - rank)
    }
}

/// Pixel centre of a grid column and row.
pub fn grid_point(column: f32, row: f32) -> (f32, f32) {
    (GRID_LEFT + column * CELL, GRID_TOP + row * CELL)
}

/// Pixel centre of a board point for the given seat.
pub fn point(sq: Square, flipped: bool) -> (f32, f32) {
    let (c, r) = column_row(sq, flipped);
    grid_point(c as f32, r as f32)
}

/// The file shown in a screen column (0 = leftmost) for the given seat.
pub fn file_at_column(column: u8, flipped: bool) -> u8 {
    if flipped {
        BOARD_FILES - 1 - column
    } else {
        column
    }
}

/// The rank shown in a screen row (0 = top) for the given seat.
pub fn rank_at_row(row: u8, flipped: bool) -> u8 {
    if flipped {
        row
    } else {
        BOARD_RANKS - 1 - row
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_seat_puts_a0_bottom_left_and_flipping_turns_the_board() {
        let a0 = Square::parse("a0").unwrap();
        let i9 = Square::parse("i9").unwrap();
        assert_eq!(column_row(a0, false), (0, 9));
        assert_eq!(column_row(i9, false), (8, 0));
        for sq in Square::all() {
            assert_eq!(point(sq, true), point(sq.rotate(), false));
            let (c, r) = column_row(sq, true);
            assert_eq!(file_at_column(c, true), sq.file());
            assert_eq!(rank_at_row(r, true), sq.rank());
        }
    }
}
