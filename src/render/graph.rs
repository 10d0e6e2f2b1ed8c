//! The review's evaluation graph: the evaluation after each move from Red's
//! side, clipped at ±10 pawns (a mate counts as 10), Red's advantage filled
//! in Red's ink above the middle line and Black's below, with a marker on
//! each inaccuracy, mistake and blunder. In the board's theme colours.
//!
//! Nothing is anti-aliased but the labels, which are painted solid where a
//! glyph covers half a pixel or more: every pixel is one of a few known
//! colours, so the palette is exact and a marker can be found by its colour.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_line_segment_mut};
use imageproc::rect::Rect as PixelRect;

use super::canvas::{mix, Surface};
use super::encode;
use super::style::Theme;
use super::text::GlyphSet;
use super::theme::Colors;

/// The picture's size: as wide as a board picture, so the two line up.
pub const GRAPH_WIDTH: u32 = 640;
pub const GRAPH_HEIGHT: u32 = 300;

/// Evaluations beyond this many centipawns are drawn at the edge.
pub const CLIP_CP: i32 = 1000;

const LEFT: i32 = 44;
const RIGHT: i32 = 14;
const TOP: i32 = 14;
const BOTTOM: i32 = 30;
const MARK_RADIUS: i32 = 6;
const MARK_RIM: i32 = 2;

/// What a marker says about its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraphMark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl GraphMark {
    pub const ALL: [GraphMark; 3] = [
        GraphMark::Inaccuracy,
        GraphMark::Mistake,
        GraphMark::Blunder,
    ];

    /// Yellow, orange and crimson as the game sites use: apart from the
    /// red and dark areas and from one another in either theme.
    pub fn color(self) -> Rgb<u8> {
        match self {
            GraphMark::Inaccuracy => Rgb([0xF2, 0xC2, 0x2E]),
            GraphMark::Mistake => Rgb([0xF0, 0x7A, 0x12]),
            GraphMark::Blunder => Rgb([0xC2, 0x18, 0x8C]),
        }
    }
}

/// One move on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphPoint {
    /// The evaluation after the move, centipawns from Red's side (a mate
    /// as any number beyond [`CLIP_CP`]).
    pub red_cp: i32,
    pub mark: Option<GraphMark>,
}

/// Where each point of a graph of `points` is drawn, in pixels.
pub fn point_centres(points: &[GraphPoint]) -> Vec<(i32, i32)> {
    let width = GRAPH_WIDTH as i32 - LEFT - RIGHT;
    let n = points.len();
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let x = if n <= 1 {
                LEFT + width / 2
            } else {
                LEFT + (i as i64 * i64::from(width) / (n as i64 - 1)) as i32
            };
            (x, y_of(p.red_cp))
        })
        .collect()
}

fn y_of(red_cp: i32) -> i32 {
    let height = GRAPH_HEIGHT as i32 - TOP - BOTTOM;
    let clipped = red_cp.clamp(-CLIP_CP, CLIP_CP);
    TOP + height / 2 - clipped * (height / 2) / CLIP_CP
}

/// Paints glyph coverage of a half or more solid, so text adds no colours.
pub(super) struct Solid<'a>(pub(super) &'a mut RgbImage);

impl Surface for Solid<'_> {
    fn size(&self) -> (u32, u32) {
        self.0.dimensions()
    }
    fn blend(&mut self, x: u32, y: u32, color: Rgb<u8>, alpha: f32) {
        if alpha >= 0.5 {
            self.0.put_pixel(x, y, color);
        }
    }
}

/// The graph as a PNG; `labels` draws the axis numbers.
pub(super) fn draw(points: &[GraphPoint], theme: Theme, labels: &GlyphSet) -> Vec<u8> {
    let colors = Colors::of(theme);
    let red_area = mix(colors.board, colors.pieces[0].ink, 0.55);
    let black_area = mix(colors.board, colors.shadow, 0.55);
    let mut c = RgbImage::from_pixel(GRAPH_WIDTH, GRAPH_HEIGHT, colors.frame);
    let (plot_w, plot_h) = (
        GRAPH_WIDTH as i32 - LEFT - RIGHT,
        GRAPH_HEIGHT as i32 - TOP - BOTTOM,
    );
    draw_filled_rect_mut(
        &mut c,
        PixelRect::at(LEFT, TOP).of_size(plot_w as u32 + 1, plot_h as u32 + 1),
        colors.board,
    );
    let centres = point_centres(points);
    let middle = y_of(0);
    // The areas, one column at a time between neighbouring points.
    for pair in centres.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        for x in x0..=x1 {
            let t = if x1 == x0 {
                0.0
            } else {
                (x - x0) as f32 / (x1 - x0) as f32
            };
            let y = (y0 as f32 + (y1 - y0) as f32 * t).round() as i32;
            let (from, to, color) = if y < middle {
                (y, middle, red_area)
            } else {
                (middle, y, black_area)
            };
            if to > from {
                draw_filled_rect_mut(
                    &mut c,
                    PixelRect::at(x, from).of_size(1, (to - from) as u32),
                    color,
                );
            }
        }
    }
    // Grid: the middle line, ±5 pawns, every tenth move.
    let grid = colors.label_soft;
    for cp in [500, -500] {
        dashed(&mut c, y_of(cp), grid);
    }
    let line = |c: &mut RgbImage, (x0, y0): (i32, i32), (x1, y1): (i32, i32), color| {
        draw_line_segment_mut(c, (x0 as f32, y0 as f32), (x1 as f32, y1 as f32), color)
    };
    line(&mut c, (LEFT, middle), (LEFT + plot_w, middle), colors.ink);
    let axis_label = colors.label;
    let mut text = Solid(&mut c);
    for (cp, label) in [(CLIP_CP, "+10"), (0, "0"), (-CLIP_CP, "-10")] {
        let width = labels.advance_width(label);
        let (_, baseline) = labels.centred_pen(label, (0.0, y_of(cp) as f32), '0');
        labels.paint(
            &mut text,
            label,
            LEFT as f32 - 6.0 - width,
            baseline,
            axis_label,
        );
    }
    let moves = points.len();
    let step = if moves > 100 { 20 } else { 10 };
    for ply in (step..=moves).step_by(step) {
        let (x, _) = centres[ply - 1];
        let label = ply.to_string();
        let (pen_x, baseline) = labels.centred_pen(
            &label,
            (x as f32, GRAPH_HEIGHT as f32 - BOTTOM as f32 / 2.0),
            '0',
        );
        labels.paint(&mut text, &label, pen_x, baseline, axis_label);
    }
    for ply in (step..=moves).step_by(step) {
        let (x, _) = centres[ply - 1];
        line(
            &mut c,
            (x, TOP + plot_h),
            (x, TOP + plot_h + 4),
            colors.label,
        );
    }
    // The evaluation line, then the markers over it.
    for pair in centres.windows(2) {
        line(&mut c, pair[0], pair[1], colors.ink);
    }
    for (point, &(x, y)) in points.iter().zip(&centres) {
        if let Some(mark) = point.mark {
            draw_filled_circle_mut(&mut c, (x, y), MARK_RADIUS + MARK_RIM, colors.caption_band);
            draw_filled_circle_mut(&mut c, (x, y), MARK_RADIUS, mark.color());
        }
    }
    encode_exact(&c)
}

fn dashed(c: &mut RgbImage, y: i32, color: Rgb<u8>) {
    let end = GRAPH_WIDTH as i32 - RIGHT;
    for x in (LEFT..end).step_by(8) {
        draw_line_segment_mut(
            c,
            (x as f32, y as f32),
            ((x + 3).min(end) as f32, y as f32),
            color,
        );
    }
}

/// An indexed PNG whose palette is exactly the picture's colours (at most
/// 256: the graph draws with fewer than 20).
pub(super) fn encode_exact(c: &RgbImage) -> Vec<u8> {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let width = c.width() as usize;
    let mut lines = Vec::with_capacity((width + 1) * c.height() as usize);
    for row in c.as_raw().chunks_exact(width * 3) {
        lines.push(0);
        for p in row.chunks_exact(3) {
            let color = [p[0], p[1], p[2]];
            let index = match palette.iter().position(|&q| q == color) {
                Some(i) => i,
                None if palette.len() < 256 => {
                    palette.push(color);
                    palette.len() - 1
                }
                // Unreachable with the graph's colours; the first colour is
                // a safe stand-in rather than a panic.
                None => 0,
            };
            lines.push(index as u8);
        }
    }
    let rgb: Vec<u8> = palette.into_iter().flatten().collect();
    encode::png(width, c.height() as usize, &lines, &rgb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_are_clipped_at_ten_pawns() {
        let at = |red_cp| point_centres(&[GraphPoint { red_cp, mark: None }])[0].1;
        assert_eq!(at(5000), at(CLIP_CP));
        assert_eq!(at(-30_000), at(-CLIP_CP));
        assert!(at(CLIP_CP) < at(0) && at(0) < at(-CLIP_CP));
        assert!(at(CLIP_CP) >= TOP && at(-CLIP_CP) <= GRAPH_HEIGHT as i32 - BOTTOM);
    }
}
