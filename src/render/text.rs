//! The embedded font and text drawing. Glyphs are rasterized once into
//! coverage masks and reused: [`GlyphSet`] holds one size of a set of
//! characters, laid out on a shared baseline.

use std::collections::HashMap;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

use super::canvas::{paint_mask, Mask, Rgb, Surface};

/// Noto Serif CJK TC Bold, subset to the characters a board shows
/// (`assets/fonts/make-subset.sh`; licence in `assets/fonts/OFL.txt`).
static FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/xiangqi-subset.otf");

/// Stands in for characters the subset lacks (a player's name in another script).
pub const REPLACEMENT: char = '?';

pub fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_DATA).expect("the embedded font subset is a valid OpenType font")
}

/// The ab_glyph scale that makes one em `em_px` pixels tall (ab_glyph's
/// scale is the ascent-to-descent height, which for CJK fonts exceeds an em).
fn em_scale(font: &FontRef<'_>, em_px: f32) -> PxScale {
    let upem = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(em_px * font.height_unscaled() / upem)
}

/// One rasterized glyph, positioned relative to the pen on the baseline.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub mask: Mask,
    /// Offset of the mask's top-left from the pen position (y grows down).
    pub left: i32,
    pub top: i32,
    pub advance: f32,
}

/// Rasterizes `ch` (or [`REPLACEMENT`] if the font lacks it) at `em_px`.
pub fn rasterize(font: &FontRef<'_>, ch: char, em_px: f32) -> Glyph {
    let scale = em_scale(font, em_px);
    let mut id = font.glyph_id(ch);
    if id.0 == 0 {
        id = font.glyph_id(REPLACEMENT);
    }
    let advance = font.as_scaled(scale).h_advance(id);
    let Some(outline) = font.outline_glyph(id.with_scale(scale)) else {
        // Whitespace has an advance but no outline.
        let mask = Mask {
            width: 0,
            height: 0,
            coverage: Vec::new(),
        };
        return Glyph {
            mask,
            left: 0,
            top: 0,
            advance,
        };
    };
    let bounds = outline.px_bounds();
    let (width, height) = (bounds.width() as usize, bounds.height() as usize);
    let mut coverage = vec![0.0; width * height];
    outline.draw(|x, y, c| {
        let (x, y) = (x as usize, y as usize);
        if x < width && y < height {
            coverage[y * width + x] = c;
        }
    });
    Glyph {
        mask: Mask {
            width,
            height,
            coverage,
        },
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        advance,
    }
}

/// The ink box of a glyph: (left, top, right, bottom) relative to the pen.
fn ink(g: &Glyph) -> (i32, i32, i32, i32) {
    (
        g.left,
        g.top,
        g.left + g.mask.width as i32,
        g.top + g.mask.height as i32,
    )
}

/// Paints a single glyph with the centre of its ink box at (cx, cy): how the
/// Chinese characters on pieces and in the river are placed.
pub fn paint_centred<S: Surface>(s: &mut S, g: &Glyph, (cx, cy): (f32, f32), color: Rgb) {
    let (l, t, r, b) = ink(g);
    let x = (cx - (r - l) as f32 / 2.0).round() as i32;
    let y = (cy - (b - t) as f32 / 2.0).round() as i32;
    paint_mask(s, &g.mask, x, y, color, 1.0);
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
    pub fn paint<S: Surface>(&self, s: &mut S, text: &str, x: f32, baseline: f32, color: Rgb) {
        let mut pen = x;
        for c in text.chars() {
            let g = self.glyph(c);
            let px = pen.round() as i32 + g.left;
            paint_mask(s, &g.mask, px, baseline.round() as i32 + g.top, color, 1.0);
            pen += g.advance;
        }
    }

    /// Paints `text` centred horizontally on `cx`, its `reference` glyph's
    /// ink centred vertically on `cy`.
    pub fn paint_centred<S: Surface>(
        &self,
        s: &mut S,
        text: &str,
        (cx, cy): (f32, f32),
        reference: char,
        color: Rgb,
    ) {
        let width = self.advance_width(text);
        let baseline = cy + self.ink_top(reference) as f32 / 2.0;
        self.paint(s, text, cx - width / 2.0, baseline, color);
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
        assert!(g.mask.width > 20 && g.mask.height > 20);
        assert!(g.mask.coverage.iter().any(|&c| c > 0.9));
        let set = GlyphSet::new(&font, 16.0, "ab".chars());
        assert!(set.glyph('€').mask.width > 0, "replacement glyph drawn");
    }
}
