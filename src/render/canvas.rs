//! The pixel surfaces a picture is put together on: the board (an
//! `image::RgbImage`) and premultiplied sprites, and the two operations that
//! run for every picture, compositing a sprite and painting a coverage mask.
//! The shapes themselves are drawn by `shapes` and `text` with imageproc.
//!
//! The sprite blit is written here rather than taken from
//! `image::imageops::overlay` because it runs for every piece of every
//! picture and the crate's generic per-pixel blend is several times slower
//! (`cargo bench --bench render`, "blit"; docs/rendering.md has the figures).

use image::{GrayImage, Rgb, RgbImage, Rgba, Rgba32FImage, RgbaImage};

/// Mixes `a` toward `b` by `t` (0 keeps `a`).
pub fn mix(a: Rgb<u8>, b: Rgb<u8>, t: f32) -> Rgb<u8> {
    let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
    Rgb([m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])])
}

/// A pixel rectangle [x0, x1) × [y0, y1): the part of a picture something
/// was drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Rect {
    /// The square of half-side `reach` around a point, clipped to a
    /// `width` × `height` picture.
    pub fn around((cx, cy): (f32, f32), reach: f32, width: usize, height: usize) -> Rect {
        let lo = |v: f32| (v - reach).floor().max(0.0) as usize;
        Rect {
            x0: lo(cx).min(width),
            y0: lo(cy).min(height),
            x1: ((cx + reach).ceil().max(0.0) as usize).min(width),
            y1: ((cy + reach).ceil().max(0.0) as usize).min(height),
        }
    }
}

/// Something a coverage mask can be painted onto.
pub trait Surface {
    fn size(&self) -> (u32, u32);
    /// Blends `color` at `alpha` (0..=1) over pixel (x, y), which must be inside.
    fn blend(&mut self, x: u32, y: u32, color: Rgb<u8>, alpha: f32);
}

impl Surface for RgbImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }
    #[inline]
    fn blend(&mut self, x: u32, y: u32, color: Rgb<u8>, alpha: f32) {
        let px = self.get_pixel_mut(x, y);
        *px = mix(*px, color, alpha);
    }
}

/// A small image with premultiplied alpha, drawn once (a piece, a mark) and
/// composited many times. Drawing into it uses the "over" operator in
/// floating point, so its translucent parts (shadow, anti-aliased rim, glow)
/// keep their alpha until [`Sprite::finish`] rounds them.
pub struct Sprite {
    /// Premultiplied RGBA.
    pub pixels: RgbaImage,
    accum: Rgba32FImage,
}

impl Sprite {
    pub fn new(width: u32, height: u32) -> Sprite {
        Sprite {
            pixels: RgbaImage::new(0, 0),
            accum: Rgba32FImage::new(width, height),
        }
    }

    /// Fixes the drawing into 8-bit premultiplied pixels.
    pub fn finish(mut self) -> Sprite {
        let (w, h) = self.accum.dimensions();
        self.pixels = RgbaImage::from_fn(w, h, |x, y| {
            Rgba(
                self.accum
                    .get_pixel(x, y)
                    .0
                    .map(|c| (c * 255.0).round().clamp(0.0, 255.0) as u8),
            )
        });
        self.accum = Rgba32FImage::new(0, 0);
        self
    }

    pub fn width(&self) -> u32 {
        self.pixels.width()
    }

    /// The same picture with straight (not premultiplied) alpha, as
    /// `image::imageops::overlay` expects (for `alternatives.rs`).
    #[cfg(any(test, feature = "bench-internals"))]
    pub fn unpremultiplied(&self) -> RgbaImage {
        let mut out = self.pixels.clone();
        for p in out.pixels_mut() {
            let a = p[3] as u32;
            if a > 0 && a < 255 {
                for c in 0..3 {
                    p[c] = ((p[c] as u32 * 255 + a / 2) / a).min(255) as u8;
                }
            }
        }
        out
    }
}

impl Surface for Sprite {
    fn size(&self) -> (u32, u32) {
        self.accum.dimensions()
    }
    fn blend(&mut self, x: u32, y: u32, color: Rgb<u8>, alpha: f32) {
        let p = &mut self.accum.get_pixel_mut(x, y).0;
        let keep = 1.0 - alpha;
        for c in 0..3 {
            p[c] = color[c] as f32 / 255.0 * alpha + p[c] * keep;
        }
        p[3] = alpha + p[3] * keep;
    }
}

/// Composites a premultiplied sprite with its top-left corner at (x, y);
/// parts outside the canvas are clipped. Opaque and empty pixels take short
/// cuts: most of a piece is one or the other.
pub fn draw_sprite(canvas: &mut RgbImage, sprite: &Sprite, x: i32, y: i32) {
    let (width, height) = (canvas.width() as i32, canvas.height() as i32);
    let (sw, sh) = (sprite.pixels.width() as i32, sprite.pixels.height() as i32);
    let sx0 = (-x).max(0) as usize;
    let sy0 = (-y).max(0) as usize;
    let sx1 = (width - x).clamp(0, sw) as usize;
    let sy1 = (height - y).clamp(0, sh) as usize;
    if sx0 >= sx1 {
        return;
    }
    let (sw, width) = (sw as usize, width as usize);
    let src_all = sprite.pixels.as_raw();
    let dst_all: &mut [u8] = canvas;
    for sy in sy0..sy1 {
        let src = &src_all[(sy * sw + sx0) * 4..(sy * sw + sx1) * 4];
        let row = (y + sy as i32) as usize * width;
        let start = (row + (x + sx0 as i32) as usize) * 3;
        let dst = &mut dst_all[start..start + (sx1 - sx0) * 3];
        for (s, d) in src.chunks_exact(4).zip(dst.chunks_exact_mut(3)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(&s[..3]),
                a => {
                    let keep = 255 - a as u32;
                    for c in 0..3 {
                        let v = s[c] as u32 + (d[c] as u32 * keep + 127) / 255;
                        d[c] = v.min(255) as u8;
                    }
                }
            }
        }
    }
}

/// Paints a coverage mask (0–255 a pixel) with its top-left corner at
/// (x, y), clipped, in the colour `color_at(x, y)` of each covered pixel
/// (mask coordinates), at `alpha`.
pub fn paint_mask<S: Surface>(
    s: &mut S,
    mask: &GrayImage,
    (x, y): (i32, i32),
    alpha: f32,
    color_at: impl Fn(u32, u32) -> Rgb<u8>,
) {
    let (width, height) = s.size();
    for (mx, my, coverage) in mask.enumerate_pixels() {
        let (tx, ty) = (x + mx as i32, y + my as i32);
        if coverage[0] == 0 || tx < 0 || ty < 0 || tx as u32 >= width || ty as u32 >= height {
            continue;
        }
        s.blend(
            tx as u32,
            ty as u32,
            color_at(mx, my),
            alpha * coverage[0] as f32 / 255.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn sprite_over_canvas_keeps_background_where_transparent_and_blends_edges() {
        let mut sprite = Sprite::new(4, 4);
        let mut mask = GrayImage::new(2, 1);
        mask.put_pixel(0, 0, Luma([255]));
        mask.put_pixel(1, 0, Luma([128]));
        paint_mask(&mut sprite, &mask, (1, 1), 1.0, |_, _| Rgb([200, 0, 0]));
        let sprite = sprite.finish();
        let mut c = RgbImage::from_pixel(8, 8, Rgb([0, 20, 100]));
        draw_sprite(&mut c, &sprite, 2, 2);
        assert_eq!(*c.get_pixel(0, 0), Rgb([0, 20, 100]));
        assert_eq!(*c.get_pixel(2, 2), Rgb([0, 20, 100]));
        assert_eq!(*c.get_pixel(3, 3), Rgb([200, 0, 0]));
        let half = *c.get_pixel(4, 3);
        assert!(
            (95..=105).contains(&half[0]) && (45..=55).contains(&half[2]),
            "{half:?}"
        );
        // Clipped at every edge without panicking.
        for (x, y) in [(-3, -3), (6, 6), (-3, 6), (7, -2)] {
            draw_sprite(&mut c, &sprite, x, y);
        }
    }

    #[test]
    fn unpremultiplying_restores_the_colour_of_translucent_pixels() {
        let mut sprite = Sprite::new(1, 1);
        sprite.blend(0, 0, Rgb([200, 100, 0]), 0.5);
        let straight = sprite.finish().unpremultiplied();
        let p = straight.get_pixel(0, 0);
        assert!((p[0] as i32 - 200).abs() <= 2 && (p[1] as i32 - 100).abs() <= 2);
        assert!((p[3] as i32 - 128).abs() <= 1);
    }
}
