//! The static board: everything that does not depend on the position. Drawn
//! once per seat when the renderer is built, then copied for every picture.

use image::RgbImage;
use imageproc::drawing::draw_filled_rect_mut;

use super::canvas::paint_mask;
use super::layout::{
    file_at_column, grid_point, rank_at_row, CAPTION_HEIGHT, GRID_BOTTOM, GRID_LEFT, GRID_RIGHT,
    GRID_TOP, HEIGHT, LABEL_ROW, OVERHANG, WIDTH,
};
use super::shapes::{mask, Ink, Shape};
use super::text::{font, paint_centred, rasterize, GlyphSet};
use super::theme::Colors;
use crate::rules::Color;

/// Grid line width; lines sit on whole pixels so a 2 px line is crisp.
const LINE: f32 = 2.0;
/// The heavier border drawn just outside the outer grid lines.
const BORDER: f32 = 3.0;
const BORDER_GAP: f32 = 5.0;
/// The corner marks at cannon and soldier points: gap from the point's lines,
/// and arm length.
const MARK_GAP: f32 = 4.0;
const MARK_ARM: f32 = 11.0;
const RIVER_EM: f32 = 34.0;
const LABEL_EM: f32 = 16.0;
/// Black's file numbers are digits; Red's are CJK numerals, which need a
/// larger size to read at the same weight.
const NUMBER_EM: f32 = 15.0;
const NUMERAL_EM: f32 = 18.0;

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A side's own number for a file: Red counts 一…九 from its right (file i),
/// Black counts 1…9 from its right (file a).
fn file_number(side: Color, file: u8) -> String {
    match side {
        Color::Red => CHINESE_NUMERALS[8 - file as usize].to_string(),
        Color::Black => (file + 1).to_string(),
    }
}

/// Fills [x0, x1) × [y0, y1). Every rectangle of the board lies on whole
/// pixels, where imageproc's fill (which does not anti-alias) is exact.
fn fill(c: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, color: image::Rgb<u8>) {
    debug_assert!([x0, y0, x1, y1].iter().all(|v| v.fract() == 0.0));
    let rect =
        imageproc::rect::Rect::at(x0 as i32, y0 as i32).of_size((x1 - x0) as u32, (y1 - y0) as u32);
    draw_filled_rect_mut(c, rect, color);
}

/// Draws the board as seen from Black's seat when `flipped`.
pub fn draw_static_board(colors: &Colors, flipped: bool) -> RgbImage {
    let mut c = RgbImage::from_pixel(WIDTH as u32, HEIGHT as u32, colors.frame);
    fill(
        &mut c,
        0.0,
        0.0,
        WIDTH as f32,
        CAPTION_HEIGHT,
        colors.caption_band,
    );
    fill(
        &mut c,
        GRID_LEFT - OVERHANG,
        GRID_TOP - OVERHANG,
        GRID_RIGHT + OVERHANG,
        GRID_BOTTOM + OVERHANG,
        colors.board,
    );
    draw_grid(&mut c, colors);
    draw_palaces(&mut c, colors);
    draw_point_marks(&mut c, colors);
    draw_river(&mut c, colors);
    draw_labels(&mut c, colors, flipped);
    c
}

fn draw_grid(c: &mut RgbImage, colors: &Colors) {
    let h = LINE / 2.0;
    let ink = colors.ink;
    for row in 0..10 {
        let (_, y) = grid_point(0.0, row as f32);
        fill(c, GRID_LEFT - h, y - h, GRID_RIGHT + h, y + h, ink);
    }
    let river_top = grid_point(0.0, 4.0).1;
    let river_bottom = grid_point(0.0, 5.0).1;
    for col in 0..9 {
        let (x, _) = grid_point(col as f32, 0.0);
        if col == 0 || col == 8 {
            fill(c, x - h, GRID_TOP - h, x + h, GRID_BOTTOM + h, ink);
        } else {
            // Inner files stop at the river.
            fill(c, x - h, GRID_TOP - h, x + h, river_top + h, ink);
            fill(c, x - h, river_bottom - h, x + h, GRID_BOTTOM + h, ink);
        }
    }
    let (l, t) = (
        GRID_LEFT - BORDER_GAP - BORDER,
        GRID_TOP - BORDER_GAP - BORDER,
    );
    let (r, b) = (
        GRID_RIGHT + BORDER_GAP + BORDER,
        GRID_BOTTOM + BORDER_GAP + BORDER,
    );
    fill(c, l, t, r, t + BORDER, ink);
    fill(c, l, b - BORDER, r, b, ink);
    fill(c, l, t, l + BORDER, b, ink);
    fill(c, r - BORDER, t, r, b, ink);
}

/// The palaces' diagonals: anti-aliased strokes, each palace one mask.
fn draw_palaces(c: &mut RgbImage, colors: &Colors) {
    let pad = LINE;
    for top_row in [0.0, 7.0] {
        let (x0, y0) = grid_point(3.0, top_row);
        let (x1, y1) = grid_point(5.0, top_row + 2.0);
        let origin = (x0 - pad, y0 - pad);
        let local = |(x, y): (f32, f32)| (x - origin.0, y - origin.1);
        let stroke = |from, to| {
            (
                Ink::Fill,
                Shape::Stroke {
                    from: local(from),
                    to: local(to),
                    width: LINE,
                },
            )
        };
        let shapes = [stroke((x0, y0), (x1, y1)), stroke((x1, y0), (x0, y1))];
        let size = |v: f32| (v + 2.0 * pad) as u32;
        let diagonals = mask(size(x1 - x0), size(y1 - y0), &shapes);
        let at = (origin.0 as i32, origin.1 as i32);
        paint_mask(c, &diagonals, at, 1.0, |_, _| colors.ink);
    }
}

/// The L-shaped marks around the cannon and soldier starting points; at the
/// board's edge only the inward half is drawn.
fn draw_point_marks(c: &mut RgbImage, colors: &Colors) {
    let cannons = [(1, 2), (7, 2), (1, 7), (7, 7)];
    let soldiers = (0..9).step_by(2).flat_map(|col| [(col, 3), (col, 6)]);
    for (col, row) in cannons.into_iter().chain(soldiers) {
        let (x, y) = grid_point(col as f32, row as f32);
        for (dx, dy) in [(-1.0f32, -1.0f32), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            if (col == 0 && dx < 0.0) || (col == 8 && dx > 0.0) {
                continue;
            }
            // Corner of the L, just off the lines through the point.
            let (cx, cy) = (x + dx * (MARK_GAP + LINE), y + dy * (MARK_GAP + LINE));
            let h = LINE / 2.0;
            let (ax0, ax1) = if dx > 0.0 {
                (cx - h, cx + MARK_ARM)
            } else {
                (cx - MARK_ARM, cx + h)
            };
            fill(c, ax0, cy - h, ax1, cy + h, colors.ink);
            let (ay0, ay1) = if dy > 0.0 {
                (cy - h, cy + MARK_ARM)
            } else {
                (cy - MARK_ARM, cy + h)
            };
            fill(c, cx - h, ay0, cx + h, ay1, colors.ink);
        }
    }
}

/// 楚河 on the left half of the river, 漢界 on the right, upright for either seat.
fn draw_river(c: &mut RgbImage, colors: &Colors) {
    let font = font();
    let y = grid_point(0.0, 4.5).1;
    for (ch, col) in [('楚', 1.5), ('河', 2.5), ('漢', 5.5), ('界', 6.5)] {
        let g = rasterize(&font, ch, RIVER_EM);
        paint_centred(c, &g, (grid_point(col, 0.0).0, y), colors.ink);
    }
}

/// Files a–i under the board and ranks 0–9 at both sides (what players type),
/// plus each side's traditional file numbers along its own edge.
fn draw_labels(c: &mut RgbImage, colors: &Colors, flipped: bool) {
    let font = font();
    let labels = GlyphSet::new(&font, LABEL_EM, "abcdefghi0123456789".chars());
    let digits = GlyphSet::new(&font, NUMBER_EM, "123456789".chars());
    let numerals = GlyphSet::new(&font, NUMERAL_EM, CHINESE_NUMERALS);
    let numbers = |side| match side {
        Color::Red => &numerals,
        Color::Black => &digits,
    };
    let (near, far) = if flipped {
        (Color::Black, Color::Red)
    } else {
        (Color::Red, Color::Black)
    };
    let far_row = CAPTION_HEIGHT + LABEL_ROW / 2.0;
    let letter_row = GRID_BOTTOM + OVERHANG + LABEL_ROW / 2.0;
    let near_row = letter_row + LABEL_ROW;
    for col in 0..9u8 {
        let file = file_at_column(col, flipped);
        let x = grid_point(col as f32, 0.0).0;
        let letter = ((b'a' + file) as char).to_string();
        labels.paint_centred(c, &letter, (x, letter_row), 'x', colors.label);
        let far_number = file_number(far, file);
        numbers(far).paint_centred(
            c,
            &far_number,
            (x, far_row),
            reference(far),
            colors.label_soft,
        );
        let near_number = file_number(near, file);
        numbers(near).paint_centred(
            c,
            &near_number,
            (x, near_row),
            reference(near),
            colors.label_soft,
        );
    }
    let side_column = (GRID_LEFT - OVERHANG) / 2.0;
    for row in 0..10u8 {
        let rank = rank_at_row(row, flipped).to_string();
        let y = grid_point(0.0, row as f32).1;
        labels.paint_centred(c, &rank, (side_column, y), '0', colors.label);
        labels.paint_centred(c, &rank, (WIDTH as f32 - side_column, y), '0', colors.label);
    }
}

/// The glyph whose height centres a side's numbers: a CJK numeral fills its
/// em box differently from a digit.
fn reference(side: Color) -> char {
    match side {
        Color::Red => '八',
        Color::Black => '8',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::style::Theme;

    #[test]
    fn traditional_numbers_count_from_each_sides_right() {
        assert_eq!(file_number(Color::Red, 8), "一");
        assert_eq!(file_number(Color::Red, 0), "九");
        assert_eq!(file_number(Color::Black, 0), "1");
        assert_eq!(file_number(Color::Black, 8), "9");
    }

    #[test]
    fn inner_files_stop_at_the_river_and_outer_ones_cross_it() {
        for theme in Theme::ALL {
            let colors = Colors::of(theme);
            let board = draw_static_board(colors, false);
            let mid_river = grid_point(0.0, 4.5).1 as u32;
            let inner = grid_point(4.0, 0.0).0 as u32;
            let outer = grid_point(0.0, 0.0).0 as u32;
            assert_eq!(*board.get_pixel(inner, mid_river), colors.board);
            assert_eq!(*board.get_pixel(outer, mid_river), colors.ink);
            // The palace's diagonals cross at its centre.
            let (px, py) = grid_point(4.0, 1.0);
            assert_eq!(*board.get_pixel(px as u32 - 3, py as u32 - 3), colors.ink);
            assert_eq!(*board.get_pixel(px as u32 + 3, py as u32 - 9), colors.board);
        }
    }
}
