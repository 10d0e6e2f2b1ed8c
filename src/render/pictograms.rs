//! The international piece symbols: the project's own drawings, as shapes
//! in a unit box ([-1, 1] each way, y down) scaled onto the piece. Each
//! borrows the chess figure a chess player already reads for the piece that
//! moves most like it, or draws the thing itself where chess has none:
//!
//! - chariot: a rook's tower (it moves as a rook);
//! - horse: a knight's head (it moves as a knight, but can be blocked);
//! - general: a king's crown with its cross (it is the king);
//! - soldier: a pawn;
//! - elephant: an elephant, side on, trunk down (no chess piece moves as it does);
//! - advisor: a guard's shield crossed by an X (it guards the palace,
//!   moving one step diagonally);
//! - cannon: a cannon barrel on its wheel.
//!
//! They are silhouettes, bold enough to read when a phone shows the board
//! at half size; holes (the knight's eye, the shield's X) are cuts.

use super::shapes::{Ink, Shape};
use crate::rules::PieceKind;

fn fill(shape: Shape) -> (Ink, Shape) {
    (Ink::Fill, shape)
}

fn cut(shape: Shape) -> (Ink, Shape) {
    (Ink::Cut, shape)
}

fn polygon(points: &[(f32, f32)]) -> Shape {
    Shape::Polygon(points.to_vec())
}

fn circle(centre: (f32, f32), radius: f32) -> Shape {
    Shape::Circle { centre, radius }
}

fn stroke(from: (f32, f32), to: (f32, f32), width: f32) -> Shape {
    Shape::Stroke { from, to, width }
}

fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Shape {
    polygon(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

/// An ellipse as a polygon of `n` points.
fn ellipse(centre: (f32, f32), rx: f32, ry: f32, n: usize) -> Shape {
    Shape::Polygon(
        (0..n)
            .map(|i| {
                let t = i as f32 / n as f32 * std::f32::consts::TAU;
                (centre.0 + rx * t.cos(), centre.1 + ry * t.sin())
            })
            .collect(),
    )
}

/// The symbol for a piece, in the unit box.
pub fn symbol(kind: PieceKind) -> Vec<(Ink, Shape)> {
    match kind {
        PieceKind::Chariot => vec![
            fill(rect(-0.7, 0.62, 0.7, 0.88)),
            fill(polygon(&[
                (-0.5, 0.62),
                (0.5, 0.62),
                (0.4, -0.36),
                (-0.4, -0.36),
            ])),
            fill(rect(-0.64, -0.56, 0.64, -0.34)),
            fill(rect(-0.64, -0.88, -0.36, -0.5)),
            fill(rect(-0.14, -0.88, 0.14, -0.5)),
            fill(rect(0.36, -0.88, 0.64, -0.5)),
            // Lines between base, body and battlements, as on a rook.
            cut(stroke((-0.8, 0.6), (0.8, 0.6), 0.09)),
            cut(stroke((-0.8, -0.34), (0.8, -0.34), 0.09)),
        ],
        PieceKind::Horse => vec![
            fill(polygon(&[
                (-0.6, 0.88),
                (0.7, 0.88),
                (0.7, 0.62),
                (0.52, 0.62),
                (0.58, 0.2),
                (0.6, -0.2),
                (0.5, -0.5),
                (0.3, -0.72),
                (0.22, -0.96),
                (0.06, -0.74),
                (-0.12, -0.66),
                (-0.36, -0.46),
                (-0.64, -0.1),
                (-0.76, 0.1),
                (-0.64, 0.24),
                (-0.4, 0.22),
                (-0.14, 0.06),
                (-0.2, 0.36),
                (-0.36, 0.62),
                (-0.6, 0.62),
            ])),
            cut(circle((-0.06, -0.4), 0.09)),
            cut(stroke((-0.8, 0.6), (0.8, 0.6), 0.09)),
        ],
        PieceKind::Elephant => vec![
            fill(ellipse((0.22, 0.0), 0.58, 0.42, 32)),
            fill(rect(-0.2, 0.2, -0.02, 0.78)),
            fill(rect(0.06, 0.2, 0.22, 0.72)),
            fill(rect(0.42, 0.2, 0.58, 0.72)),
            fill(rect(0.6, 0.2, 0.78, 0.78)),
            fill(circle((-0.42, -0.3), 0.34)),
            fill(stroke((-0.62, -0.2), (-0.74, 0.22), 0.2)),
            fill(stroke((-0.74, 0.22), (-0.68, 0.58), 0.17)),
            fill(stroke((-0.68, 0.58), (-0.54, 0.66), 0.15)),
            fill(stroke((0.78, -0.08), (0.9, 0.3), 0.07)),
            // The ear, outlined on the head, and the eye.
            cut(circle((-0.2, -0.26), 0.28)),
            fill(circle((-0.2, -0.26), 0.18)),
            cut(circle((-0.56, -0.4), 0.08)),
            // The legs stand apart.
            cut(stroke((-0.02, 0.42), (-0.02, 0.9), 0.06)),
            cut(stroke((0.58, 0.42), (0.58, 0.9), 0.06)),
        ],
        PieceKind::Advisor => vec![
            fill(polygon(&[
                (-0.66, -0.78),
                (0.66, -0.78),
                (0.66, 0.0),
                (0.42, 0.5),
                (0.0, 0.88),
                (-0.42, 0.5),
                (-0.66, 0.0),
            ])),
            cut(stroke((-0.34, -0.46), (0.34, 0.32), 0.17)),
            cut(stroke((0.34, -0.46), (-0.34, 0.32), 0.17)),
        ],
        PieceKind::General => vec![
            fill(stroke((0.0, -0.98), (0.0, -0.52), 0.18)),
            fill(stroke((-0.2, -0.8), (0.2, -0.8), 0.18)),
            fill(polygon(&[
                (-0.66, 0.52),
                (0.66, 0.52),
                (0.78, -0.3),
                (0.38, 0.02),
                (0.0, -0.5),
                (-0.38, 0.02),
                (-0.78, -0.3),
            ])),
            fill(rect(-0.68, 0.56, 0.68, 0.86)),
            cut(stroke((-0.8, 0.54), (0.8, 0.54), 0.09)),
        ],
        PieceKind::Cannon => vec![
            fill(polygon(&[
                (-0.72, 0.02),
                (0.66, -0.62),
                (0.8, -0.34),
                (-0.56, 0.38),
            ])),
            fill(circle((-0.66, 0.22), 0.22)),
            fill(stroke((0.6, -0.68), (0.78, -0.3), 0.2)),
            // A gap around the wheel keeps it apart from the barrel.
            cut(circle((-0.02, 0.46), 0.5)),
            fill(circle((-0.02, 0.46), 0.41)),
            cut(circle((-0.02, 0.46), 0.25)),
            fill(circle((-0.02, 0.46), 0.1)),
            fill(stroke((-0.02, 0.2), (-0.02, 0.72), 0.06)),
            fill(stroke((-0.28, 0.46), (0.24, 0.46), 0.06)),
        ],
        PieceKind::Soldier => vec![
            fill(circle((0.0, -0.5), 0.3)),
            fill(polygon(&[
                (-0.16, -0.26),
                (0.16, -0.26),
                (0.32, 0.5),
                (-0.32, 0.5),
            ])),
            fill(rect(-0.28, -0.2, 0.28, -0.1)),
            fill(polygon(&[
                (-0.62, 0.86),
                (-0.54, 0.5),
                (0.54, 0.5),
                (0.62, 0.86),
            ])),
        ],
    }
}

/// The symbol's shapes moved to `centre` with the unit box `half` pixels
/// from the centre to each side.
pub fn placed(kind: PieceKind, centre: (f32, f32), half: f32) -> Vec<(Ink, Shape)> {
    let at = |(x, y): (f32, f32)| (centre.0 + x * half, centre.1 + y * half);
    symbol(kind)
        .into_iter()
        .map(|(ink, shape)| {
            let shape = match shape {
                Shape::Polygon(points) => Shape::Polygon(points.into_iter().map(at).collect()),
                Shape::Circle { centre, radius } => Shape::Circle {
                    centre: at(centre),
                    radius: radius * half,
                },
                Shape::Stroke { from, to, width } => Shape::Stroke {
                    from: at(from),
                    to: at(to),
                    width: width * half,
                },
            };
            (ink, shape)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::shapes::mask;

    use crate::render::layout::SYMBOL_HALF;
    use crate::render::style::Theme;
    use crate::render::theme::Colors;

    /// Each symbol drawn at piece size, as a coverage mask.
    fn drawn(kind: PieceKind) -> image::GrayImage {
        mask(50, 50, &placed(kind, (25.0, 25.0), SYMBOL_HALF))
    }

    /// A tenth of the symbol's box.
    fn area_differing() -> usize {
        ((2.0 * SYMBOL_HALF).powi(2) / 10.0) as usize
    }

    #[test]
    fn every_symbol_has_ink_inside_the_piece_and_differs_from_the_others() {
        let masks: Vec<_> = PieceKind::ALL.iter().map(|&k| drawn(k)).collect();
        for (kind, m) in PieceKind::ALL.iter().zip(&masks) {
            let inked = m.pixels().filter(|p| p[0] > 128).count();
            // Bold enough to read small: a fifth to two thirds of the box.
            let area = (2.0 * SYMBOL_HALF).powi(2) as usize;
            assert!(
                (area / 5..=area * 2 / 3).contains(&inked),
                "{kind:?}: {inked} inked pixels of {area}"
            );
            // Nothing reaches the widest rim of any theme.
            let rim = Theme::ALL
                .iter()
                .flat_map(|&t| Colors::of(t).pieces.iter().map(|p| p.rim_width))
                .fold(0.0, f32::max);
            let room = crate::render::layout::PIECE_RADIUS - rim;
            for (x, y, p) in m.enumerate_pixels() {
                let d = ((x as f32 + 0.5 - 25.0).powi(2) + (y as f32 + 0.5 - 25.0).powi(2)).sqrt();
                assert!(p[0] == 0 || d < room, "{kind:?} reaches {d} px out");
            }
        }
        // Any two symbols differ in at least a tenth of their pixels.
        for i in 0..masks.len() {
            for j in i + 1..masks.len() {
                let differing = masks[i]
                    .pixels()
                    .zip(masks[j].pixels())
                    .filter(|(a, b)| (a[0] > 128) != (b[0] > 128))
                    .count();
                assert!(
                    differing >= area_differing(),
                    "{:?} and {:?} differ in only {differing} pixels",
                    PieceKind::ALL[i],
                    PieceKind::ALL[j]
                );
            }
        }
    }
}
