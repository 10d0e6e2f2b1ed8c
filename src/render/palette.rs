//! One 255-colour palette for every picture, learned once from sample boards.
//! An indexed PNG is a third of the RGB data and compresses several times
//! better, which is what keeps a board under 150 KB at a fast compression
//! level; the GIF replay uses the same palette (index 255 is its transparent
//! "unchanged" pixel). The board is a few flat colours plus their
//! anti-aliased blends: the flat colours get exact entries, and NeuQuant
//! spreads the rest over the distinct blended colours, so nothing visible is
//! lost.

use std::collections::HashMap;

use color_quant::NeuQuant;

use image::RgbImage;

/// Colours the palette holds; one index is left for GIF transparency.
pub const COLORS: usize = 255;
/// At most this many of the commonest colours are kept exactly.
const EXACT_COLORS: usize = 40;
/// A colour covering this share of the samples counts as a flat colour.
const FLAT_SHARE: f64 = 0.001;
/// Bits per channel of the lookup table from a colour to its palette index.
const LUT_BITS: u32 = 6;

pub struct Palette {
    /// `COLORS` RGB triples.
    pub rgb: Vec<u8>,
    /// Nearest palette index for every colour truncated to `LUT_BITS` a channel.
    lut: Vec<u8>,
}

impl Palette {
    /// Learns the palette from sample pictures that between them show every
    /// kind of thing a picture can hold (pieces, marks, caption).
    pub fn learn(samples: &[RgbImage]) -> Palette {
        let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
        let mut total = 0;
        for p in samples.iter().flat_map(|c| c.as_raw().chunks_exact(3)) {
            *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
            total += 1;
        }
        let mut by_count: Vec<([u8; 3], usize)> = counts.into_iter().collect();
        // Commonest first; ties by colour so the palette is deterministic.
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let exact = by_count
            .iter()
            .take(EXACT_COLORS)
            .take_while(|(_, n)| *n as f64 >= FLAT_SHARE * total as f64)
            .count();
        let mut rgb: Vec<u8> = by_count[..exact].iter().flat_map(|(c, _)| *c).collect();
        let blends: Vec<u8> = by_count[exact..]
            .iter()
            .flat_map(|(c, _)| [c[0], c[1], c[2], 255])
            .collect();
        let learned = COLORS - exact;
        if blends.len() / 4 > learned {
            rgb.extend(NeuQuant::new(1, learned, &blends).color_map_rgb());
        } else {
            rgb.extend(blends.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]));
        }
        rgb.resize(COLORS * 3, 0);
        let lut = nearest_table(&rgb);
        Palette { rgb, lut }
    }

    #[inline]
    pub fn index(&self, p: &[u8]) -> u8 {
        let shift = 8 - LUT_BITS;
        let key = ((p[0] as usize >> shift) << (2 * LUT_BITS))
            | ((p[1] as usize >> shift) << LUT_BITS)
            | (p[2] as usize >> shift);
        self.lut[key]
    }

    /// The picture as palette indices, one byte a pixel.
    pub fn index_image(&self, c: &RgbImage) -> Vec<u8> {
        c.as_raw().chunks_exact(3).map(|p| self.index(p)).collect()
    }
}

/// For every cell of the truncated colour cube, the palette entry nearest its
/// centre. Channels are kept in separate arrays so the inner loop vectorises.
fn nearest_table(rgb: &[u8]) -> Vec<u8> {
    let channel = |c: usize| -> Vec<i32> { rgb.chunks_exact(3).map(|p| p[c] as i32).collect() };
    let (reds, greens, blues) = (channel(0), channel(1), channel(2));
    let side = 1usize << LUT_BITS;
    let step = 1i32 << (8 - LUT_BITS);
    let centre = |i: usize| i as i32 * step + step / 2;
    let mut lut = vec![0u8; side * side * side];
    let mut distances = vec![0i32; reds.len()];
    for r in 0..side {
        for g in 0..side {
            let (cr, cg) = (centre(r), centre(g));
            for b in 0..side {
                let cb = centre(b);
                for (i, d) in distances.iter_mut().enumerate() {
                    let (dr, dg, db) = (reds[i] - cr, greens[i] - cg, blues[i] - cb);
                    *d = dr * dr + dg * dg + db * db;
                }
                let best = (0..distances.len())
                    .min_by_key(|&i| distances[i])
                    .unwrap_or(0);
                lut[(r * side + g) * side + b] = best as u8;
            }
        }
    }
    lut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::paint_mask;
    use crate::render::shapes::{mask, Ink, Shape};
    use image::Rgb;

    #[test]
    fn flat_colours_are_kept_exactly_and_blends_land_near() {
        let mut c = RgbImage::from_pixel(64, 64, Rgb([0xEC, 0xCF, 0x98]));
        let disc = Shape::Circle {
            centre: (32.0, 32.0),
            radius: 20.0,
        };
        let disc = mask(64, 64, &[(Ink::Fill, disc)]);
        paint_mask(&mut c, &disc, (0, 0), 1.0, |_, _| Rgb([0x5A, 0x3A, 0x1C]));
        let palette = Palette::learn(std::slice::from_ref(&c));
        assert_eq!(palette.rgb.len(), COLORS * 3);
        for (i, p) in c.as_raw().chunks_exact(3).enumerate() {
            let e = palette.index(p) as usize * 3;
            let got = &palette.rgb[e..e + 3];
            for ch in 0..3 {
                assert!(
                    (got[ch] as i32 - p[ch] as i32).abs() <= 4,
                    "pixel {i}: {p:?} became {got:?}"
                );
            }
        }
    }
}
