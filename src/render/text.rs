//! The embedded font and text. imageproc's `draw_text_mut` rasterizes the
//! glyphs into coverage masks; [`GlyphSet`] keeps one size of a set of
//! characters laid out on a shared baseline, so a caption drawn for every
//! picture copies masks instead of rasterizing outlines again (the bench's
//! "caption" group compares the two).

use std::collections::HashMap;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{GrayImage, Luma, Rgb};
use imageproc::drawing::draw_text_mut;

use super::canvas::{paint_mask, Surface};
use super::shapes::ink_box;

/// Noto Serif CJK TC Bold, subset to the characters a board shows
/// (`assets/fonts/make-subset.sh`; licence in `assets/fonts/OFL.txt`).
static FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/xiangqi-subset.otf");

/// Stands in for characters the subset lacks (a player's name in another script).
pub const REPLACEMENT: char = '?';

/// Whether the embedded font draws `c` (else it shows as [`REPLACEMENT`]).
pub fn has_glyph(c: char) -> bool {
    font().glyph_id(c).0 != 0
}

pub fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_DATA).expect("the embedded font subset is a valid OpenType font")
}

/// The ab_glyph scale that makes one em `em_px` pixels tall (ab_glyph's
/// scale is the ascent-to-descent height, which for CJK fonts exceeds an em).
pub fn em_scale(font: &FontRef<'_>, em_px: f32) -> PxScale {
    let upem = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(em_px * font.height_unscaled() / upem)
}

/// One rasterized glyph, positioned relative to the pen on the baseline.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub mask: GrayImage,
    /// Offset of the mask's top-left from the pen position (y grows down).
    pub left: i32,
    pub top: i32,
    pub advance: f32,
}

/// Rasterizes `ch` (or [`REPLACEMENT`] if the font lacks it) at `em_px`.
pub fn rasterize(font: &FontRef<'_>, ch: char, em_px: f32) -> Glyph {
    let ch = if font.glyph_id(ch).0 == 0 {
        REPLACEMENT
    } else {
        ch
    };
    let scale = em_scale(font, em_px);
    let scaled = font.as_scaled(scale);
    let advance = scaled.h_advance(font.glyph_id(ch));
    // imageproc puts the pen at (x, y + ascent); a margin of one em holds
    // any ink that reaches outside the line box.
    let margin = em_px.ceil() as i32;
    let side = |v: f32| (v.ceil() as i32 + 2 * margin) as u32;
    let mut canvas = GrayImage::new(side(advance), side(scaled.height()));
    let text = ch.to_string();
    draw_text_mut(&mut canvas, Luma([255]), margin, margin, scale, font, &text);
    let baseline = margin + scaled.ascent().round() as i32;
    let Some((x0, y0, x1, y1)) = ink_box(&canvas) else {
        // Whitespace has an advance but no ink.
        return Glyph {
            mask: GrayImage::new(0, 0),
            left: 0,
            top: 0,
            advance,
        };
    };
    Glyph {
        mask: image::imageops::crop_imm(&canvas, x0, y0, x1 - x0, y1 - y0).to_image(),
        left: x0 as i32 - margin,
        top: y0 as i32 - baseline,
        advance,
    }
}

/// Paints a single glyph with the centre of its ink box at (cx, cy): how the
/// Chinese characters on pieces and in the river are placed.
pub fn paint_centred<S: Surface>(s: &mut S, g: &Glyph, (cx, cy): (f32, f32), color: Rgb<u8>) {
    let x = (cx - g.mask.width() as f32 / 2.0).round() as i32;
    let y = (cy - g.mask.height() as f32 / 2.0).round() as i32;
    paint_mask(s, &g.mask, (x, y), 1.0, |_, _| color);
}

/// One size of a fixed set of characters, rasterized up front.
pub struct GlyphSet {
    glyphs: HashMap<char, Glyph>,
    replacement: Glyph,
}

impl GlyphSet {
    pub fn new(font: &FontRef<'_>, em_px: f32, chars: impl IntoIterator<Item = char>) -> GlyphSet {
        let glyphs = chars
            .into_iter()
            .map(|c| (c, rasterize(font, c, em_px)))
            .collect();
        GlyphSet {
            glyphs,
            replacement: rasterize(font, REPLACEMENT, em_px),
        }
    }

    /// Whether `c` is drawn as itself (not as [`REPLACEMENT`]; for
    /// `alternatives.rs`).
    #[cfg(any(test, feature = "bench-internals"))]
    pub fn has(&self, c: char) -> bool {
        self.glyphs.contains_key(&c)
    }

    pub fn glyph(&self, c: char) -> &Glyph {
        self.glyphs.get(&c).unwrap_or(&self.replacement)
    }

    /// Width of `text` from the first pen position to the last advance.
    pub fn advance_width(&self, text: &str) -> f32 {
        text.chars().map(|c| self.glyph(c).advance).sum()
    }

    /// Height above the baseline of this character's ink: used to centre a
    /// line of text vertically on a reference glyph (say, a digit).
    pub fn ink_top(&self, c: char) -> i32 {
        -self.glyph(c).top
    }

    /// Paints `text` with its pen starting at (x, baseline).
    pub fn paint<S: Surface>(&self, s: &mut S, text: &str, x: f32, baseline: f32, color: Rgb<u8>) {
        let mut pen = x;
        for c in text.chars() {
            let g = self.glyph(c);
            let at = (pen.round() as i32 + g.left, baseline.round() as i32 + g.top);
            paint_mask(s, &g.mask, at, 1.0, |_, _| color);
            pen += g.advance;
        }
    }

    /// Where [`GlyphSet::paint_centred`] puts the pen: (x, baseline).
    pub fn centred_pen(&self, text: &str, (cx, cy): (f32, f32), reference: char) -> (f32, f32) {
        let width = self.advance_width(text);
        (cx - width / 2.0, cy + self.ink_top(reference) as f32 / 2.0)
    }

    /// Paints `text` centred horizontally on `cx`, its `reference` glyph's
    /// ink centred vertically on `cy`.
    pub fn paint_centred<S: Surface>(
        &self,
        s: &mut S,
        text: &str,
        centre: (f32, f32),
        reference: char,
        color: Rgb<u8>,
    ) {
        let (x, baseline) = self.centred_pen(text, centre, reference);
        self.paint(s, text, x, baseline, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Piece, PieceKind};

    #[test]
    fn the_subset_has_every_character_a_board_shows() {
        let font = font();
        let pieces = Color::ALL
            .iter()
            .flat_map(|&c| PieceKind::ALL.map(|k| Piece::new(c, k).chinese()));
        let others = "楚河漢界一二三四五六七八九abcdefghi0123456789 Red Black".chars();
        for c in pieces.chain(others) {
            assert_ne!(font.glyph_id(c).0, 0, "the font subset lacks {c:?}");
        }
    }

    #[test]
    fn a_glyph_has_ink_and_a_missing_one_falls_back() {
        let font = font();
        let g = rasterize(&font, '帥', 32.0);
        assert!(g.mask.width() > 20 && g.mask.height() > 20);
        assert!(g.mask.pixels().any(|p| p[0] > 230));
        // Ink sits above the baseline, a little right of the pen.
        assert!(g.top < -20 && g.top + (g.mask.height() as i32) < 8, "{g:?}");
        let set = GlyphSet::new(&font, 16.0, "ab".chars());
        assert!(set.glyph('€').mask.width() > 0, "replacement glyph drawn");
        assert_eq!(set.glyph('€').mask, rasterize(&font, '?', 16.0).mask);
        assert_eq!(rasterize(&font, ' ', 16.0).mask.width(), 0);
    }
}
