//! Pixel surfaces and the anti-aliased shapes the board is drawn with. Every
//! shape is a coverage function (signed distance, clamped to one pixel of
//! soft edge) blended over what is already there, so overlapping highlights,
//! shadows and discs compose correctly: nothing ever overwrites alpha.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Mixes `self` toward `other` by `t` (0 keeps `self`).
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
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

/// Something shapes can be blended onto.
pub trait Surface {
    fn width(&self) -> usize;
    fn height(&self) -> usize;
    /// Blends `color` at `alpha` (0..=1) over pixel (x, y), which must be inside.
    fn blend(&mut self, x: usize, y: usize, color: Rgb, alpha: f32);
}

/// An opaque RGB image, row-major, three bytes a pixel: what a PNG frame is.
#[derive(Clone)]
pub struct RgbCanvas {
    width: usize,
    height: usize,
    pub pixels: Vec<u8>,
}

impl RgbCanvas {
    pub fn new(width: usize, height: usize, fill: Rgb) -> RgbCanvas {
        let mut pixels = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            pixels.extend_from_slice(&[fill.0, fill.1, fill.2]);
        }
        RgbCanvas {
            width,
            height,
            pixels,
        }
    }

    pub fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        Rgb(self.pixels[i], self.pixels[i + 1], self.pixels[i + 2])
    }

    /// Composites a premultiplied sprite with its top-left corner at (x, y);
    /// parts outside the canvas are clipped. This runs for every piece of
    /// every picture, so opaque and empty pixels take short cuts.
    pub fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let sx0 = (-x).max(0) as usize;
        let sy0 = (-y).max(0) as usize;
        let sx1 = (self.width as i32 - x).clamp(0, sprite.width as i32) as usize;
        let sy1 = (self.height as i32 - y).clamp(0, sprite.height as i32) as usize;
        if sx0 >= sx1 {
            return;
        }
        for sy in sy0..sy1 {
            let src = &sprite.pixels[(sy * sprite.width + sx0) * 4..(sy * sprite.width + sx1) * 4];
            let row = (y + sy as i32) as usize * self.width;
            let start = (row + (x + sx0 as i32) as usize) * 3;
            let dst = &mut self.pixels[start..start + (sx1 - sx0) * 3];
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
}

impl Surface for RgbCanvas {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.height
    }
    #[inline]
    fn blend(&mut self, x: usize, y: usize, color: Rgb, alpha: f32) {
        let i = (y * self.width + x) * 3;
        let px = &mut self.pixels[i..i + 3];
        let mix = |d: u8, s: u8| (d as f32 + (s as f32 - d as f32) * alpha).round() as u8;
        px[0] = mix(px[0], color.0);
        px[1] = mix(px[1], color.1);
        px[2] = mix(px[2], color.2);
    }
}

/// A small RGBA image with premultiplied alpha, built once (a piece) and
/// composited many times. Drawing into it uses the "over" operator, so its
/// translucent parts (shadow, anti-aliased rim) keep their alpha.
pub struct Sprite {
    pub width: usize,
    pub height: usize,
    /// Premultiplied RGBA, row-major.
    pub pixels: Vec<u8>,
    accum: Vec<[f32; 4]>,
}

impl Sprite {
    pub fn new(width: usize, height: usize) -> Sprite {
        Sprite {
            width,
            height,
            pixels: Vec::new(),
            accum: vec![[0.0; 4]; width * height],
        }
    }

    /// Fixes the drawing into 8-bit premultiplied pixels.
    pub fn finish(mut self) -> Sprite {
        self.pixels = self
            .accum
            .iter()
            .flat_map(|p| p.map(|c| (c * 255.0).round().clamp(0.0, 255.0) as u8))
            .collect();
        self.accum = Vec::new();
        self
    }
}

impl Surface for Sprite {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.height
    }
    fn blend(&mut self, x: usize, y: usize, color: Rgb, alpha: f32) {
        let p = &mut self.accum[y * self.width + x];
        let src = [color.0, color.1, color.2].map(|c| c as f32 / 255.0 * alpha);
        let keep = 1.0 - alpha;
        for c in 0..3 {
            p[c] = src[c] + p[c] * keep;
        }
        p[3] = alpha + p[3] * keep;
    }
}

/// Applies `coverage(px, py)` (pixel centre coordinates) to every pixel of the
/// box [x0, x1) × [y0, y1), clipped to the surface.
fn shade<S: Surface>(
    surface: &mut S,
    bounds: (f32, f32, f32, f32),
    color: Rgb,
    alpha: f32,
    coverage: impl Fn(f32, f32) -> f32,
) {
    let (x0, y0, x1, y1) = bounds;
    let clip = |v: f32, max: usize| (v.floor().max(0.0) as usize).min(max);
    let (ix0, ix1) = (clip(x0, surface.width()), clip(x1.ceil(), surface.width()));
    let (iy0, iy1) = (
        clip(y0, surface.height()),
        clip(y1.ceil(), surface.height()),
    );
    for y in iy0..iy1 {
        for x in ix0..ix1 {
            let c = coverage(x as f32 + 0.5, y as f32 + 0.5);
            if c > 0.0 {
                surface.blend(x, y, color, alpha * c.min(1.0));
            }
        }
    }
}

/// Coverage of a shape at signed distance `d` (negative inside) with a
/// one-pixel anti-aliased edge.
#[inline]
fn edge(d: f32) -> f32 {
    (0.5 - d).clamp(0.0, 1.0)
}

/// Fills the rectangle [x0, x1) × [y0, y1), partially covering edge pixels.
pub fn fill_rect<S: Surface>(
    s: &mut S,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    color: Rgb,
    alpha: f32,
) {
    shade(s, (x0, y0, x1, y1), color, alpha, |px, py| {
        let cx = ((px + 0.5).min(x1) - (px - 0.5).max(x0)).max(0.0);
        let cy = ((py + 0.5).min(y1) - (py - 0.5).max(y0)).max(0.0);
        cx * cy
    });
}

/// A straight stroke of the given width between two points, with flat ends.
pub fn line<S: Surface>(
    s: &mut S,
    (ax, ay): (f32, f32),
    (bx, by): (f32, f32),
    width: f32,
    color: Rgb,
    alpha: f32,
) {
    let (dx, dy) = (bx - ax, by - ay);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let half = width / 2.0;
    let pad = half + 1.0;
    let bounds = (
        ax.min(bx) - pad,
        ay.min(by) - pad,
        ax.max(bx) + pad,
        ay.max(by) + pad,
    );
    shade(s, bounds, color, alpha, |px, py| {
        let (rx, ry) = (px - ax, py - ay);
        let along = rx * ux + ry * uy;
        let across = (rx * -uy + ry * ux).abs();
        let d_across = across - half;
        let d_along = (-along).max(along - len);
        edge(d_across).min(edge(d_along))
    });
}

/// A filled disc.
pub fn disc<S: Surface>(s: &mut S, (cx, cy): (f32, f32), r: f32, color: Rgb, alpha: f32) {
    let b = (cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0);
    shade(s, b, color, alpha, |px, py| {
        edge(((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r)
    });
}

/// A circle of radius `r` stroked `width` wide.
pub fn ring<S: Surface>(
    s: &mut S,
    (cx, cy): (f32, f32),
    r: f32,
    width: f32,
    color: Rgb,
    alpha: f32,
) {
    let o = r + width / 2.0 + 1.0;
    shade(
        s,
        (cx - o, cy - o, cx + o, cy + o),
        color,
        alpha,
        |px, py| {
            let d = ((px - cx).powi(2) + (py - cy).powi(2)).sqrt();
            edge((d - r).abs() - width / 2.0)
        },
    );
}

/// A disc whose edge fades out over `soft` pixels either side of `r`: shadows
/// and glows.
pub fn soft_disc<S: Surface>(
    s: &mut S,
    (cx, cy): (f32, f32),
    r: f32,
    soft: f32,
    color: Rgb,
    alpha: f32,
) {
    let o = r + soft + 1.0;
    shade(
        s,
        (cx - o, cy - o, cx + o, cy + o),
        color,
        alpha,
        |px, py| {
            let d = ((px - cx).powi(2) + (py - cy).powi(2)).sqrt();
            let t = ((r + soft - d) / (2.0 * soft)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        },
    );
}

/// A disc shaded by `color_at(distance from centre / r, dx, dy)`: the
/// piece's lit face. The edge is anti-aliased like [`disc`].
pub fn shaded_disc<S: Surface>(
    s: &mut S,
    (cx, cy): (f32, f32),
    r: f32,
    color_at: impl Fn(f32, f32) -> Rgb,
) {
    let (x0, y0) = (
        (cx - r - 1.0).max(0.0) as usize,
        (cy - r - 1.0).max(0.0) as usize,
    );
    let x1 = ((cx + r + 1.0).ceil() as usize).min(s.width());
    let y1 = ((cy + r + 1.0).ceil() as usize).min(s.height());
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let d = (dx * dx + dy * dy).sqrt();
            let c = edge(d - r);
            if c > 0.0 {
                s.blend(x, y, color_at(dx / r, dy / r), c);
            }
        }
    }
}

/// A coverage mask (a rasterized glyph) to be painted in one colour.
#[derive(Clone, Debug)]
pub struct Mask {
    pub width: usize,
    pub height: usize,
    /// 0..=1 per pixel, row-major.
    pub coverage: Vec<f32>,
}

/// Paints `mask` in `color` with its top-left corner at (x, y), clipped.
pub fn paint_mask<S: Surface>(s: &mut S, mask: &Mask, x: i32, y: i32, color: Rgb, alpha: f32) {
    for my in 0..mask.height {
        let ty = y + my as i32;
        if ty < 0 || ty as usize >= s.height() {
            continue;
        }
        for mx in 0..mask.width {
            let tx = x + mx as i32;
            if tx < 0 || tx as usize >= s.width() {
                continue;
            }
            let c = mask.coverage[my * mask.width + mx];
            if c > 0.0 {
                s.blend(tx as usize, ty as usize, color, alpha * c.min(1.0));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_rect_on_pixel_edges_is_crisp() {
        let mut c = RgbCanvas::new(10, 10, Rgb(255, 255, 255));
        fill_rect(&mut c, 2.0, 2.0, 4.0, 8.0, Rgb(0, 0, 0), 1.0);
        assert_eq!(c.pixel(2, 5), Rgb(0, 0, 0));
        assert_eq!(c.pixel(3, 5), Rgb(0, 0, 0));
        assert_eq!(c.pixel(1, 5), Rgb(255, 255, 255));
        assert_eq!(c.pixel(4, 5), Rgb(255, 255, 255));
    }

    #[test]
    fn half_covered_pixel_is_half_blended() {
        let mut c = RgbCanvas::new(4, 4, Rgb(0, 0, 0));
        fill_rect(&mut c, 1.5, 0.0, 3.0, 4.0, Rgb(200, 200, 200), 1.0);
        assert_eq!(c.pixel(1, 1), Rgb(100, 100, 100));
    }

    #[test]
    fn sprite_over_canvas_keeps_background_where_transparent() {
        let mut sprite = Sprite::new(4, 4);
        disc(&mut sprite, (2.0, 2.0), 1.5, Rgb(255, 0, 0), 1.0);
        let sprite = sprite.finish();
        let mut c = RgbCanvas::new(8, 8, Rgb(10, 20, 30));
        c.draw_sprite(&sprite, 2, 2);
        assert_eq!(c.pixel(0, 0), Rgb(10, 20, 30));
        assert_eq!(c.pixel(2, 2), Rgb(10, 20, 30));
        let centre = c.pixel(4, 4);
        assert!(centre.0 > 200 && centre.1 < 40, "{centre:?}");
    }
}
