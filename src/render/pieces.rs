//! Piece sprites: a shaded disc with a rim, an inner ring and the Chinese
//! character, with a soft shadow. Each of the fourteen is drawn once.

use super::canvas::{ring, shaded_disc, soft_disc, Rgb, Sprite};
use super::layout::PIECE_RADIUS;
use super::text::{font, paint_centred, rasterize};
use super::theme;
use crate::rules::{Color, Piece, PieceKind};

/// Half the sprite's side: the disc plus room for its shadow.
pub const SPRITE_HALF: i32 = 36;
const INNER_RING_RADIUS: f32 = 23.0;
const CHARACTER_EM: f32 = 33.0;

pub fn ink(color: Color) -> Rgb {
    match color {
        Color::Red => theme::RED,
        Color::Black => theme::BLACK,
    }
}

/// All fourteen sprites, indexed by [`Piece::index`].
pub fn piece_sprites() -> Vec<Sprite> {
    let font = font();
    Color::ALL
        .iter()
        .flat_map(|&color| PieceKind::ALL.map(|kind| Piece::new(color, kind)))
        .map(|piece| {
            let side = (2 * SPRITE_HALF) as usize;
            let mut s = Sprite::new(side, side);
            let c = (SPRITE_HALF as f32, SPRITE_HALF as f32);
            soft_disc(
                &mut s,
                (c.0 + 1.0, c.1 + 2.5),
                PIECE_RADIUS - 0.5,
                3.0,
                theme::SHADOW,
                0.5,
            );
            shaded_disc(&mut s, c, PIECE_RADIUS, |dx, dy| {
                // Lit from the top left, darkening toward the rim.
                let slope = (dx + dy) * 0.3;
                let rim = (dx * dx + dy * dy).powi(3) * 0.35;
                theme::DISC_LIGHT.mix(theme::DISC_DARK, (0.3 + slope + rim).clamp(0.0, 1.0))
            });
            ring(&mut s, c, PIECE_RADIUS - 0.8, 1.6, theme::DISC_RIM, 1.0);
            let ink = ink(piece.color);
            ring(&mut s, c, INNER_RING_RADIUS, 1.5, ink, 1.0);
            let glyph = rasterize(&font, piece.chinese(), CHARACTER_EM);
            paint_centred(&mut s, &glyph, c, ink);
            s.finish()
        })
        .collect()
}
