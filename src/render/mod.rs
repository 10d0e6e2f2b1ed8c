//! The render layer: a position (as a [`Scene`]) to a PNG board picture, and a
//! game to an animated GIF replay. `docs/rendering.md` describes the look.
//!
//! A [`Renderer`] is built once: both seats' static boards are drawn, the
//! fourteen pieces and the caption font are rasterized and the palette is
//! learned up front, so a picture is a copy, a few sprite blits, a palette
//! lookup and an encode. It is `Send + Sync`; share it in an `Arc`.

mod board;
mod canvas;
mod encode;
mod layout;
mod marks;
mod palette;
mod pieces;
mod replay;
mod scene;
mod text;
mod theme;

#[cfg(test)]
mod tests;

use std::fmt;

pub use canvas::{Rgb, RgbCanvas};
pub use layout::{point as point_centre, HEIGHT, WIDTH};
pub use scene::{caption, move_caption, Scene};

use canvas::{Rect, Sprite};
use layout::CAPTION_HEIGHT;
use palette::Palette;
use text::{font, GlyphSet};

use crate::rules::{Color, Move, Piece, PieceKind, Square};

const CAPTION_EM: f32 = 17.0;
/// Side margin kept free of caption text.
const CAPTION_MARGIN: f32 = 12.0;
/// Longer captions are cut before measuring (names are short; this bounds work).
const CAPTION_MAX_CHARS: usize = 200;

/// A replay could not be made. (A single board cannot fail: its PNG is
/// assembled in memory.)
#[derive(Debug)]
pub enum RenderError {
    /// The GIF encoder refused; with in-memory output this means a bug, but
    /// the bot should answer with an error rather than crash.
    Gif(gif::EncodingError),
    /// A replay needs at least one position.
    NoFrames,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Gif(e) => write!(f, "could not encode the replay as GIF: {e}"),
            RenderError::NoFrames => f.write_str("a replay needs at least one position"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Draws board pictures. Build once, share everywhere.
pub struct Renderer {
    art: Art,
    palette: Palette,
    /// The static boards already as PNG scanlines, by seat.
    board_scanlines: [Vec<u8>; 2],
}

/// Everything drawn ahead of time.
struct Art {
    /// The static board for Red's seat and for Black's (turned).
    boards: [RgbCanvas; 2],
    /// By [`Piece::index`].
    pieces: Vec<Sprite>,
    caption: GlyphSet,
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        let font = font();
        let caption_chars = (' '..='~').chain(['·', '—', '–']);
        let art = Art {
            boards: [
                board::draw_static_board(false),
                board::draw_static_board(true),
            ],
            pieces: pieces::piece_sprites(),
            caption: GlyphSet::new(&font, CAPTION_EM, caption_chars),
        };
        let samples: Vec<RgbCanvas> = palette_samples().iter().map(|s| art.draw(s).0).collect();
        let palette = Palette::learn(&samples);
        let board_scanlines = art
            .boards
            .each_ref()
            .map(|b| encode::scanlines(b, &palette));
        Renderer {
            art,
            palette,
            board_scanlines,
        }
    }

    /// Draws a scene into full-colour pixels (what [`Renderer::render_png`]
    /// reduces to the palette and encodes).
    pub fn draw(&self, scene: &Scene) -> RgbCanvas {
        self.art.draw(scene).0
    }

    /// The scene as PNG bytes.
    pub fn render_png(&self, scene: &Scene) -> Vec<u8> {
        let (canvas, dirty) = self.art.draw(scene);
        let base = &self.board_scanlines[scene.flipped as usize];
        let lines = encode::scanlines_from(&canvas, &self.palette, base, &dirty);
        encode::png(WIDTH, HEIGHT, &lines, &self.palette)
    }

    /// A looping animated GIF with one frame per scene, in order.
    pub fn render_replay(&self, scenes: &[Scene]) -> Result<Vec<u8>, RenderError> {
        if scenes.is_empty() {
            return Err(RenderError::NoFrames);
        }
        let frames: Vec<RgbCanvas> = scenes.iter().map(|s| self.draw(s)).collect();
        replay::gif(&frames, &self.palette).map_err(RenderError::Gif)
    }
}

impl Art {
    /// The picture, and the rectangles where it may differ from the static board.
    fn draw(&self, scene: &Scene) -> (RgbCanvas, Vec<Rect>) {
        let mut c = self.boards[scene.flipped as usize].clone();
        let mut dirty = Vec::with_capacity(40);
        let around = |sq: Square, reach: f32| {
            Rect::around(layout::point(sq, scene.flipped), reach, WIDTH, HEIGHT)
        };
        if let Some(mv) = scene.last_move {
            marks::last_move(&mut c, mv, scene.flipped);
            dirty.push(around(mv.from(), marks::REACH));
            dirty.push(around(mv.to(), marks::REACH));
        }
        if let Some(general) = scene.check {
            marks::check(&mut c, general, scene.flipped);
            dirty.push(around(general, marks::REACH));
        }
        for sq in Square::all() {
            if let Some(piece) = scene.pieces[sq.index()] {
                let (x, y) = layout::point(sq, scene.flipped);
                let half = pieces::SPRITE_HALF;
                dirty.push(around(sq, half as f32));
                c.draw_sprite(
                    &self.pieces[piece.index()],
                    x as i32 - half,
                    y as i32 - half,
                );
            }
        }
        if let Some(caption) = &scene.caption {
            self.draw_caption(&mut c, caption);
            dirty.push(Rect {
                x0: 0,
                y0: 0,
                x1: WIDTH,
                y1: CAPTION_HEIGHT as usize,
            });
        }
        (c, dirty)
    }

    /// One line centred in the caption band, cut with "..." if too long.
    fn draw_caption(&self, c: &mut RgbCanvas, caption: &str) {
        let room = WIDTH as f32 - 2.0 * CAPTION_MARGIN;
        let mut text: String = caption
            .chars()
            .filter(|c| !c.is_control())
            .take(CAPTION_MAX_CHARS)
            .collect();
        if self.caption.advance_width(&text) > room {
            let ellipsis = self.caption.advance_width("...");
            while !text.is_empty() && self.caption.advance_width(&text) + ellipsis > room {
                text.pop();
            }
            text.push_str("...");
        }
        let centre = (WIDTH as f32 / 2.0, CAPTION_HEIGHT / 2.0);
        self.caption
            .paint_centred(c, &text, centre, 'H', theme::CAPTION_TEXT);
    }
}

/// Scenes that between them show everything a picture can hold (every piece,
/// both marks, a caption), for learning the palette.
fn palette_samples() -> Vec<Scene> {
    let sq = |file, rank| Square::new(file, rank).expect("on the board");
    let mut full = Scene::empty();
    let back = [
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Elephant,
        PieceKind::Advisor,
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
    ];
    for (file, &kind) in (0u8..).zip(back.iter()) {
        for (color, rank, middle) in [(Color::Red, 0, 3), (Color::Black, 9, 6)] {
            full.pieces[sq(file, rank).index()] = Some(Piece::new(color, kind));
            let other = if file % 2 == 0 {
                PieceKind::Soldier
            } else {
                PieceKind::Cannon
            };
            full.pieces[sq(file, middle).index()] = Some(Piece::new(color, other));
        }
    }
    full.last_move = Some(Move::new(sq(1, 2), sq(4, 3)));
    full.check = Some(sq(4, 9));
    full.caption = Some("Red: Alice (1500) vs Black: Bob - move 42, Red to move".into());
    vec![full, Scene::empty()]
}
