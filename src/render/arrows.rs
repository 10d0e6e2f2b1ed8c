//! Arrows over a board: a review's key moment shows the move played and the
//! engine's better move. Drawn after the pieces, translucent, so the pieces
//! under them still read; in the theme's colours (the check mark's for the
//! move played, the last move's for the better one).

use image::RgbImage;

use super::canvas::{paint_mask, Rect};
use super::layout::{self, PIECE_RADIUS};
use super::shapes::{mask, Ink, Shape};
use super::theme::Colors;
use crate::rules::Move;

/// What an arrow stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// The move that was played.
    Played,
    /// The move the engine preferred.
    Better,
}

/// An arrow from a move's from point to its to point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    pub mv: Move,
    pub kind: ArrowKind,
}

const SHAFT_WIDTH: f32 = 11.0;
const HEAD_LENGTH: f32 = 30.0;
const HEAD_WIDTH: f32 = 32.0;
const OPACITY: f32 = 0.8;

/// Paints `arrow` onto a board seen from Red's seat or Black's (`flipped`)
/// and returns the rectangle it touched.
pub(super) fn draw(c: &mut RgbImage, arrow: Arrow, flipped: bool, colors: &Colors) -> Rect {
    let from = layout::point(arrow.mv.from(), flipped);
    let to = layout::point(arrow.mv.to(), flipped);
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    // Starts at the moving piece's rim, ends with its tip in the target
    // point's disc, so the piece there stays visible.
    let start = (
        from.0 + ux * PIECE_RADIUS * 0.5,
        from.1 + uy * PIECE_RADIUS * 0.5,
    );
    let tip = (
        to.0 - ux * PIECE_RADIUS * 0.3,
        to.1 - uy * PIECE_RADIUS * 0.3,
    );
    let base = (tip.0 - ux * HEAD_LENGTH, tip.1 - uy * HEAD_LENGTH);
    let (nx, ny) = (-uy, ux);
    let reach = HEAD_WIDTH;
    let bounds = Rect {
        x0: (start.0.min(tip.0) - reach).floor().max(0.0) as usize,
        y0: (start.1.min(tip.1) - reach).floor().max(0.0) as usize,
        x1: ((start.0.max(tip.0) + reach).ceil() as usize).min(c.width() as usize),
        y1: ((start.1.max(tip.1) + reach).ceil() as usize).min(c.height() as usize),
    };
    let local = |(x, y): (f32, f32)| (x - bounds.x0 as f32, y - bounds.y0 as f32);
    let half = HEAD_WIDTH / 2.0;
    let shapes = [
        (
            Ink::Fill,
            Shape::Stroke {
                from: local(start),
                to: local(base),
                width: SHAFT_WIDTH,
            },
        ),
        (
            Ink::Fill,
            Shape::Polygon(vec![
                local(tip),
                local((base.0 + nx * half, base.1 + ny * half)),
                local((base.0 - nx * half, base.1 - ny * half)),
            ]),
        ),
    ];
    let coverage = mask(
        (bounds.x1 - bounds.x0) as u32,
        (bounds.y1 - bounds.y0) as u32,
        &shapes,
    );
    let color = match arrow.kind {
        ArrowKind::Played => colors.check,
        ArrowKind::Better => colors.last_move,
    };
    paint_mask(
        c,
        &coverage,
        (bounds.x0 as i32, bounds.y0 as i32),
        OPACITY,
        |_, _| color,
    );
    bounds
}
