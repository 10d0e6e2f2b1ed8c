//! Marks drawn under the pieces: the last move's two points and a general in
//! check. They are blended over the board, never replacing it, so the grid
//! still shows through the from point.

use super::canvas::{disc, ring, soft_disc, RgbCanvas};
use super::layout::{point, PIECE_RADIUS};
use super::theme;
use crate::rules::{Move, Square};

/// Just outside a piece's disc, inside the gap to its neighbours.
const HALO_RADIUS: f32 = PIECE_RADIUS + 3.5;
const GLOW: f32 = 6.0;
/// Thick enough to see when Discord shows the picture at phone size.
const RING_WIDTH: f32 = 3.5;
/// The empty from point's socket: smaller than a piece, so it reads as "was here".
const FROM_RADIUS: f32 = PIECE_RADIUS - 6.0;
/// How far from a point's centre any mark can paint.
pub const REACH: f32 = HALO_RADIUS + GLOW + 3.0;

/// The from point gets a translucent socket, the to point a ring around
/// whatever piece now stands there.
pub fn last_move(c: &mut RgbCanvas, mv: Move, flipped: bool) {
    let from = point(mv.from(), flipped);
    // A light wash only: blue over wood turns grey when laid on thickly.
    disc(c, from, FROM_RADIUS, theme::LAST_MOVE_WASH, 0.35);
    ring(c, from, FROM_RADIUS, 2.5, theme::LAST_MOVE, 0.9);
    let to = point(mv.to(), flipped);
    ring(c, to, HALO_RADIUS, RING_WIDTH, theme::LAST_MOVE, 0.95);
}

/// A red glow and ring around the general in check.
pub fn check(c: &mut RgbCanvas, general: Square, flipped: bool) {
    let at = point(general, flipped);
    soft_disc(c, at, HALO_RADIUS + 1.0, GLOW, theme::CHECK, 0.75);
    ring(c, at, HALO_RADIUS, RING_WIDTH, theme::CHECK, 1.0);
}
