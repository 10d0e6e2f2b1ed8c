//! The render layer: a position (as a [`Scene`]) to a PNG board picture, and a
//! game to an animated GIF replay. `docs/rendering.md` describes the look.
//!
//! A picture has a [`Style`]: Chinese or international pieces on a wood or
//! high-contrast board. For each theme, both seats' static boards, the
//! pieces of both styles and the marks are drawn once and the palette is
//! learned, so a picture is a copy, a few sprite blits, a palette lookup and
//! an encode. The drawing uses `image` buffers and imageproc shapes and
//! text; what is still written here, and why, is in `docs/rendering.md`.
//! A [`Renderer`] is `Send + Sync`; share it in an `Arc`.

mod arrows;
mod board;
mod canvas;
mod encode;
mod graph;
mod layout;
mod marks;
mod palette;
mod pictograms;
mod pieces;
mod replay;
mod scene;
mod shapes;
mod style;
mod table;
mod text;

pub use text::has_glyph;
mod theme;

#[cfg(any(test, feature = "bench-internals"))]
#[doc(hidden)]
pub mod alternatives;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::OnceLock;

use image::RgbImage;

pub use arrows::{Arrow, ArrowKind};
pub use graph::{
    point_centres as graph_point_centres, GraphMark, GraphPoint, CLIP_CP, GRAPH_HEIGHT, GRAPH_WIDTH,
};
pub use layout::{point as point_centre, HEIGHT, WIDTH};
pub use scene::{caption, move_caption, Scene};
pub use style::{PieceStyle, Style, Theme, UnknownChoice};
pub use table::StandingsRow;

use ab_glyph::Font as _;
use canvas::{draw_sprite, Rect, Sprite};
use layout::CAPTION_HEIGHT;
use marks::Marks;
use palette::Palette;
use text::{font, GlyphSet};
use theme::Colors;

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

/// Draws board pictures. Build once, share everywhere. A theme's art is
/// drawn the first time a picture asks for it (about a tenth of a second),
/// so a process that only ever shows one theme never pays for the other.
pub struct Renderer {
    caption: GlyphSet,
    themes: [OnceLock<ThemeArt>; 2],
}

/// Everything drawn ahead of time for one theme.
struct ThemeArt {
    drawing: Drawing,
    palette: Palette,
    /// The static boards already as PNG scanlines, by seat.
    board_scanlines: [Vec<u8>; 2],
}

/// A theme's boards, pieces and marks.
struct Drawing {
    colors: &'static Colors,
    /// The static board for Red's seat and for Black's (turned).
    boards: [RgbImage; 2],
    /// By [`PieceStyle`], then by [`Piece::index`].
    pieces: [Vec<Sprite>; 2],
    marks: Marks,
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        // Every character the subset holds: it was cut to what captions
        // say in each language (assets/fonts/make-subset.sh).
        let font = font();
        let caption_chars: Vec<char> = font.codepoint_ids().map(|(_, c)| c).collect();
        Renderer {
            caption: GlyphSet::new(&font, CAPTION_EM, caption_chars),
            themes: [OnceLock::new(), OnceLock::new()],
        }
    }

    /// Draws a scene into full-colour pixels (what [`Renderer::render_png`]
    /// reduces to the palette and encodes).
    pub fn draw(&self, scene: &Scene, style: Style) -> RgbImage {
        self.draw_dirty(scene, style).0
    }

    /// The scene as PNG bytes.
    pub fn render_png(&self, scene: &Scene, style: Style) -> Vec<u8> {
        let (lines, palette) = self.indexed(scene, style);
        encode::png(WIDTH, HEIGHT, &lines, palette)
    }

    /// The scene as PNG scanlines (filter byte 0, then one palette index a
    /// pixel) and the palette: what [`Renderer::render_png`] compresses.
    /// Public for the bench's comparison with the `png` crate's encoder.
    #[doc(hidden)]
    pub fn indexed(&self, scene: &Scene, style: Style) -> (Vec<u8>, &[u8]) {
        let art = self.art(style.theme);
        let (canvas, dirty) = self.draw_dirty(scene, style);
        let base = &art.board_scanlines[scene.flipped as usize];
        let lines = encode::scanlines_from(&canvas, &art.palette, base, &dirty);
        (lines, &art.palette.rgb)
    }

    /// A game review's evaluation graph as a PNG of
    /// [`GRAPH_WIDTH`] × [`GRAPH_HEIGHT`], one point a move.
    pub fn render_eval_graph(&self, points: &[GraphPoint], theme: Theme) -> Vec<u8> {
        graph::draw(points, theme, &self.caption)
    }

    /// A tournament's standings as a PNG (see `table.rs`) under `title`:
    /// `rounds` columns of results, one row per entrant in the order given.
    pub fn render_standings_png(
        &self,
        title: &str,
        rows: &[StandingsRow],
        rounds: usize,
        theme: Theme,
    ) -> Vec<u8> {
        table::draw(title, rows, rounds, theme, &self.caption)
    }

    /// A looping animated GIF with one frame per scene, in order, all in one style.
    pub fn render_replay_gif(
        &self,
        scenes: &[Scene],
        style: Style,
    ) -> Result<Vec<u8>, RenderError> {
        if scenes.is_empty() {
            return Err(RenderError::NoFrames);
        }
        let frames: Vec<RgbImage> = scenes.iter().map(|s| self.draw(s, style)).collect();
        replay::gif(&frames, &self.art(style.theme).palette).map_err(RenderError::Gif)
    }

    fn art(&self, theme: Theme) -> &ThemeArt {
        self.themes[theme as usize].get_or_init(|| ThemeArt::new(Colors::of(theme), &self.caption))
    }

    /// The picture, and the rectangles where it may differ from the static board.
    fn draw_dirty(&self, scene: &Scene, style: Style) -> (RgbImage, Vec<Rect>) {
        self.art(style.theme)
            .drawing
            .draw(scene, style.pieces, &self.caption)
    }
}

impl ThemeArt {
    fn new(colors: &'static Colors, caption: &GlyphSet) -> ThemeArt {
        let font = font();
        let drawing = Drawing {
            colors,
            boards: [
                board::draw_static_board(colors, false),
                board::draw_static_board(colors, true),
            ],
            pieces: PieceStyle::ALL.map(|style| pieces::piece_sprites(colors, style, &font)),
            marks: Marks::new(colors),
        };
        let samples: Vec<RgbImage> = PieceStyle::ALL
            .iter()
            .flat_map(|&style| palette_samples().into_iter().map(move |s| (s, style)))
            .map(|(scene, style)| drawing.draw(&scene, style, caption).0)
            .collect();
        let palette = Palette::learn(&samples);
        let board_scanlines = drawing
            .boards
            .each_ref()
            .map(|b| encode::scanlines(b, &palette));
        ThemeArt {
            drawing,
            palette,
            board_scanlines,
        }
    }
}

impl Drawing {
    fn draw(&self, scene: &Scene, style: PieceStyle, caption: &GlyphSet) -> (RgbImage, Vec<Rect>) {
        let mut c = self.boards[scene.flipped as usize].clone();
        let mut dirty = Vec::with_capacity(40);
        let mut blit = |c: &mut RgbImage, sprite: &Sprite, sq: Square| {
            let (x, y) = layout::point(sq, scene.flipped);
            let half = sprite.width() as i32 / 2;
            dirty.push(Rect::around((x, y), half as f32, WIDTH, HEIGHT));
            draw_sprite(c, sprite, x as i32 - half, y as i32 - half);
        };
        if let Some(mv) = scene.last_move {
            blit(&mut c, &self.marks.from, mv.from());
            blit(&mut c, &self.marks.to, mv.to());
        }
        if let Some(general) = scene.check {
            blit(&mut c, &self.marks.check, general);
        }
        let sprites = &self.pieces[style as usize];
        for sq in Square::all() {
            if let Some(piece) = scene.pieces[sq.index()] {
                blit(&mut c, &sprites[piece.index()], sq);
            }
        }
        for &arrow in &scene.arrows {
            dirty.push(arrows::draw(&mut c, arrow, scene.flipped, self.colors));
        }
        if let Some(text) = &scene.caption {
            draw_caption(&mut c, caption, text, self.colors);
            dirty.push(Rect {
                x0: 0,
                y0: 0,
                x1: WIDTH,
                y1: CAPTION_HEIGHT as usize,
            });
        }
        (c, dirty)
    }
}

/// The caption as it is drawn: control characters dropped, cut with "..."
/// when wider than the picture allows.
fn fitted_caption(glyphs: &GlyphSet, caption: &str) -> String {
    let room = WIDTH as f32 - 2.0 * CAPTION_MARGIN;
    let mut text: String = caption
        .chars()
        .filter(|c| !c.is_control())
        .take(CAPTION_MAX_CHARS)
        .collect();
    if glyphs.advance_width(&text) > room {
        let ellipsis = glyphs.advance_width("...");
        while !text.is_empty() && glyphs.advance_width(&text) + ellipsis > room {
            text.pop();
        }
        text.push_str("...");
    }
    text
}

/// One line centred in the caption band.
fn draw_caption(c: &mut RgbImage, glyphs: &GlyphSet, caption: &str, colors: &Colors) {
    let text = fitted_caption(glyphs, caption);
    let centre = (WIDTH as f32 / 2.0, CAPTION_HEIGHT / 2.0);
    glyphs.paint_centred(c, &text, centre, 'H', colors.caption_text);
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
