//! Marks drawn under the pieces: the last move's two points and a general in
//! check. They are blended over the board, never replacing it, so the grid
//! still shows through the from point.

use super::canvas::{disc, ring, soft_disc, RgbCanvas};
use super::layout::{point, PIECE_RADIUS};
use super::theme;
use crate::rules::{Move, Square};

/// Just outside a piece's disc, inside the gap to its neighbours.
const HALO_RADIUS: f32 = PIECE_RADIUS + 3.5;

/// The from point gets a translucent socket, the to point a ring around
/// whatever piece now stands there.
pub fn last_move(c: &mut RgbCanvas, mv: Move, flipped: bool) {
    let from = point(mv.from(), flipped);
    disc(c, from, PIECE_RADIUS - 4.0, theme::LAST_MOVE, 0.22);
    ring(c, from, PIECE_RADIUS - 4.0, 2.0, theme::LAST_MOVE, 0.9);
    let to = point(mv.to(), flipped);
    ring(c, to, HALO_RADIUS, 3.0, theme::LAST_MOVE, 0.95);
}

/// A red glow and ring around the general in check.
pub fn check(c: &mut RgbCanvas, general: Square, flipped: bool) {
    let at = point(general, flipped);
    soft_disc(c, at, HALO_RADIUS, 4.0, theme::CHECK, 0.55);
    ring(c, at, HALO_RADIUS, 3.0, theme::CHECK, 1.0);
}
