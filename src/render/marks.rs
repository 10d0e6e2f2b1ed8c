//! Marks drawn under the pieces: the last move's two points and a general in
//! check. Each is a translucent sprite drawn once per theme and blended over
//! the board, never replacing it, so the grid still shows through the from
//! point.

use super::canvas::{paint_mask, Sprite};
use super::layout::PIECE_RADIUS;
use super::shapes::{blurred, mask, ring, Ink, Shape};
use super::theme::Colors;

/// Just outside a piece's disc, inside the gap to its neighbours.
const HALO_RADIUS: f32 = PIECE_RADIUS + 3.5;
/// The check glow's blur (Gaussian sigma, pixels).
const GLOW: f32 = 3.0;
/// Thick enough to see when Discord shows the picture at phone size.
const RING_WIDTH: f32 = 3.5;
/// The empty from point's socket: smaller than a piece, so it reads as "was here".
const FROM_RADIUS: f32 = PIECE_RADIUS - 6.0;
/// How far from a point's centre any mark can paint: half a mark sprite's side.
pub const REACH: i32 = 42;

/// The three marks of a theme.
pub struct Marks {
    /// The from point: a translucent socket.
    pub from: Sprite,
    /// The to point: a ring around whatever piece now stands there.
    pub to: Sprite,
    /// A glow and ring around the general in check.
    pub check: Sprite,
}

impl Marks {
    pub fn new(colors: &Colors) -> Marks {
        let side = 2 * REACH as u32;
        let c = (REACH as f32, REACH as f32);
        let shapes_mask = |shapes: &[(Ink, Shape)]| mask(side, side, shapes);

        let mut from = Sprite::new(side, side);
        let socket = shapes_mask(&[(
            Ink::Fill,
            Shape::Circle {
                centre: c,
                radius: FROM_RADIUS,
            },
        )]);
        // A light wash only: blue over wood turns grey when laid on thickly.
        paint_mask(&mut from, &socket, (0, 0), 0.35, |_, _| {
            colors.last_move_wash
        });
        let socket_ring = shapes_mask(&ring(c, FROM_RADIUS, 2.5));
        paint_mask(&mut from, &socket_ring, (0, 0), 0.9, |_, _| {
            colors.last_move
        });

        let halo = shapes_mask(&ring(c, HALO_RADIUS, RING_WIDTH));
        let mut to = Sprite::new(side, side);
        paint_mask(&mut to, &halo, (0, 0), 0.95, |_, _| colors.last_move);

        let mut check = Sprite::new(side, side);
        let glow = blurred(
            &shapes_mask(&[(
                Ink::Fill,
                Shape::Circle {
                    centre: c,
                    radius: HALO_RADIUS + 1.0,
                },
            )]),
            GLOW,
        );
        paint_mask(&mut check, &glow, (0, 0), 0.75, |_, _| colors.check);
        paint_mask(&mut check, &halo, (0, 0), 1.0, |_, _| colors.check);

        Marks {
            from: from.finish(),
            to: to.finish(),
            check: check.finish(),
        }
    }
}
