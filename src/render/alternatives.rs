//! The crates' own ways of doing what the renderer still does by hand, kept
//! for `benches/render.rs` to measure against the hand-written code on the
//! same boards: compositing the pieces with `image::imageops::overlay`
//! instead of the premultiplied blit, and drawing the caption with
//! imageproc's `draw_text_mut` instead of copying cached glyph masks. (The
//! third, the `png` crate's encoder, is in the bench itself: only it
//! depends on `png`; [`encode_png`] is the renderer's side of it.) Not
//! part of the renderer's interface: built only with the `bench-internals`
//! feature, which the bench requires, and for the library's own tests.

use image::{Rgb, RgbImage, Rgba, RgbaImage};
use imageproc::drawing::draw_text_mut;

pub use super::encode::png as encode_png;

use super::canvas::draw_sprite;
use super::layout::{self, CAPTION_HEIGHT};
use super::text::{em_scale, font, REPLACEMENT};
use super::{fitted_caption, Renderer, Scene, Style, CAPTION_EM};
use crate::rules::Square;

/// A theme's board and one piece style's sprites, readied for `overlay`:
/// an RGBA board and sprites with straight alpha.
pub struct OverlayArt {
    board: RgbaImage,
    sprites: Vec<RgbaImage>,
}

impl OverlayArt {
    pub fn new(renderer: &Renderer, style: Style) -> OverlayArt {
        let drawing = &renderer.art(style.theme).drawing;
        let board = &drawing.boards[0];
        OverlayArt {
            board: RgbaImage::from_fn(board.width(), board.height(), |x, y| {
                let p = board.get_pixel(x, y);
                Rgba([p[0], p[1], p[2], 255])
            }),
            sprites: drawing.pieces[style.pieces as usize]
                .iter()
                .map(|s| s.unpremultiplied())
                .collect(),
        }
    }

    /// The scene's pieces (from Red's seat) composited with `image::imageops::overlay`.
    pub fn draw_pieces(&self, scene: &Scene) -> RgbaImage {
        let mut c = self.board.clone();
        for sq in Square::all() {
            if let Some(piece) = scene.pieces[sq.index()] {
                let sprite = &self.sprites[piece.index()];
                let (x, y) = layout::point(sq, false);
                let half = sprite.width() as i64 / 2;
                image::imageops::overlay(&mut c, sprite, x as i64 - half, y as i64 - half);
            }
        }
        c
    }
}

/// The same pieces composited by the renderer's own blit.
pub fn draw_pieces_blit(renderer: &Renderer, scene: &Scene, style: Style) -> RgbImage {
    let drawing = &renderer.art(style.theme).drawing;
    let mut c = drawing.boards[0].clone();
    let sprites = &drawing.pieces[style.pieces as usize];
    for sq in Square::all() {
        if let Some(piece) = scene.pieces[sq.index()] {
            let sprite = &sprites[piece.index()];
            let (x, y) = layout::point(sq, false);
            let half = sprite.width() as i32 / 2;
            draw_sprite(&mut c, sprite, x as i32 - half, y as i32 - half);
        }
    }
    c
}

/// The caption drawn by the renderer: cached glyph masks.
pub fn caption_cached(renderer: &Renderer, canvas: &mut RgbImage, text: &str, color: Rgb<u8>) {
    let text = fitted_caption(&renderer.caption, text);
    let centre = (layout::WIDTH as f32 / 2.0, CAPTION_HEIGHT / 2.0);
    renderer
        .caption
        .paint_centred(canvas, &text, centre, 'H', color);
}

/// The same caption drawn by imageproc, which lays out and rasterizes the
/// outlines on every call, at the same place.
pub fn caption_imageproc(renderer: &Renderer, canvas: &mut RgbImage, text: &str, color: Rgb<u8>) {
    let font = font();
    let text: String = fitted_caption(&renderer.caption, text)
        .chars()
        .map(|c| {
            if renderer.caption.has(c) {
                c
            } else {
                REPLACEMENT
            }
        })
        .collect();
    let centre = (layout::WIDTH as f32 / 2.0, CAPTION_HEIGHT / 2.0);
    let (x, baseline) = renderer.caption.centred_pen(&text, centre, 'H');
    let scale = em_scale(&font, CAPTION_EM);
    let ascent = ab_glyph::ScaleFont::ascent(&ab_glyph::Font::as_scaled(&font, scale));
    let top = (baseline - ascent).round() as i32;
    draw_text_mut(canvas, color, x.round() as i32, top, scale, &font, &text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{PieceStyle, Theme};
    use crate::rules::Position;

    /// The bench compares like with like: both ways give the same picture,
    /// up to rounding on anti-aliased edges.
    #[test]
    fn the_alternatives_draw_what_the_renderer_draws() {
        let renderer = Renderer::new();
        let style = Style {
            pieces: PieceStyle::International,
            theme: Theme::Contrast,
        };
        let scene = Scene::from_position(&Position::startpos());
        let ours = draw_pieces_blit(&renderer, &scene, style);
        let theirs = OverlayArt::new(&renderer, style).draw_pieces(&scene);
        let mut worst = 0;
        for (a, b) in ours.pixels().zip(theirs.pixels()) {
            for c in 0..3 {
                worst = worst.max((a[c] as i32 - b[c] as i32).abs());
            }
        }
        assert!(worst <= 3, "pieces differ by up to {worst}");

        // The caption: the same text at the same place, give or take the
        // sub-pixel placement imageproc uses (its pen is not rounded).
        let board = ours;
        let text = "#12 · Alice vs Bob · move 5 · Red to move (Alice)";
        let white = Rgb([250, 250, 250]);
        let inked = |draw: fn(&Renderer, &mut RgbImage, &str, Rgb<u8>)| {
            let mut canvas = board.clone();
            draw(&renderer, &mut canvas, text, white);
            let band =
                image::imageops::crop_imm(&canvas, 0, 0, canvas.width(), CAPTION_HEIGHT as u32)
                    .to_image();
            let mask = image::GrayImage::from_fn(band.width(), band.height(), |x, y| {
                image::Luma([if band.get_pixel(x, y)[0] > 128 {
                    255
                } else {
                    0
                }])
            });
            let count = mask.pixels().filter(|p| p[0] > 0).count() as i32;
            (crate::render::shapes::ink_box(&mask).expect("ink"), count)
        };
        let ((a, count_a), (b, count_b)) = (inked(caption_cached), inked(caption_imageproc));
        assert!(count_a > 300, "{count_a}");
        assert!(
            (count_a - count_b).abs() * 10 < count_a,
            "{count_a} against {count_b} inked"
        );
        for (p, q) in [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)] {
            assert!(
                (p as i32 - q as i32).abs() <= 2,
                "ink boxes {a:?} and {b:?}"
            );
        }
    }
}
