//! Piece sprites: a shaded disc with a rim, an inner ring, and the Chinese
//! character or the international symbol, with a soft shadow. Each of the
//! fourteen is drawn once per theme and piece style.

use ab_glyph::FontRef;

use super::canvas::{mix, paint_mask, Sprite};
use super::layout::{PIECE_RADIUS, SYMBOL_HALF};
use super::pictograms;
use super::shapes::{blurred, mask, ring, Ink, Shape};
use super::style::PieceStyle;
use super::text::{paint_centred, rasterize};
use super::theme::Colors;
use crate::rules::{Color, Piece, PieceKind};

/// Half the sprite's side: the disc plus room for its shadow.
pub const SPRITE_HALF: i32 = 36;
const INNER_RING_RADIUS: f32 = 23.0;
const INNER_RING_WIDTH: f32 = 1.5;
const CHARACTER_EM: f32 = 33.0;

/// All fourteen sprites of a theme and piece style, by [`Piece::index`].
pub fn piece_sprites(colors: &Colors, style: PieceStyle, font: &FontRef<'_>) -> Vec<Sprite> {
    let side = (2 * SPRITE_HALF) as u32;
    let c = (SPRITE_HALF as f32, SPRITE_HALF as f32);
    let disc = |centre, radius| [(Ink::Fill, Shape::Circle { centre, radius })];
    let shadow = blurred(
        &mask(
            side,
            side,
            &disc((c.0 + 1.0, c.1 + 2.5), PIECE_RADIUS - 1.0),
        ),
        2.0,
    );
    let face = mask(side, side, &disc(c, PIECE_RADIUS));
    let inner_ring = mask(side, side, &ring(c, INNER_RING_RADIUS, INNER_RING_WIDTH));
    Color::ALL
        .iter()
        .flat_map(|&color| PieceKind::ALL.map(|kind| Piece::new(color, kind)))
        .map(|piece| {
            let side_colors = colors.side(piece.color);
            let mut s = Sprite::new(side, side);
            paint_mask(&mut s, &shadow, (0, 0), 0.5, |_, _| colors.shadow);
            paint_mask(&mut s, &face, (0, 0), 1.0, |x, y| {
                // Lit from the top left, darkening toward the rim.
                let (dx, dy) = (
                    (x as f32 + 0.5 - c.0) / PIECE_RADIUS,
                    (y as f32 + 0.5 - c.1) / PIECE_RADIUS,
                );
                let slope = (dx + dy) * 0.3;
                let rim = (dx * dx + dy * dy).powi(3) * 0.35;
                let t = (0.3 + slope + rim).clamp(0.0, 1.0);
                mix(side_colors.face_light, side_colors.face_dark, t)
            });
            let width = side_colors.rim_width;
            let rim = mask(side, side, &ring(c, PIECE_RADIUS - width / 2.0, width));
            paint_mask(&mut s, &rim, (0, 0), 1.0, |_, _| side_colors.rim);
            let ink = side_colors.ink;
            match style {
                PieceStyle::Chinese => {
                    paint_mask(&mut s, &inner_ring, (0, 0), 1.0, |_, _| ink);
                    let glyph = rasterize(font, piece.chinese(), CHARACTER_EM);
                    paint_centred(&mut s, &glyph, c, ink);
                }
                PieceStyle::International => {
                    let symbol = pictograms::placed(piece.kind, c, SYMBOL_HALF);
                    paint_mask(&mut s, &mask(side, side, &symbol), (0, 0), 1.0, |_, _| ink);
                }
            }
            s.finish()
        })
        .collect()
}
