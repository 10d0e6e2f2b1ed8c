//! The colours of each theme. Both pictures are opaque with their own frame,
//! so they read the same on Discord's dark and light themes; nothing is as
//! bright as pure white, so a board does not glare on dark.

use image::Rgb;

use super::style::Theme;
use crate::rules::Color;

/// Every colour a picture is drawn with.
pub struct Colors {
    /// Outer band around the playing area, where the labels sit.
    pub frame: Rgb<u8>,
    /// The playing surface.
    pub board: Rgb<u8>,
    /// Grid lines, palace, point marks, river text.
    pub ink: Rgb<u8>,
    /// Coordinate labels a–i, 0–9.
    pub label: Rgb<u8>,
    /// The traditional file numbers, slightly quieter than the labels.
    pub label_soft: Rgb<u8>,
    pub caption_band: Rgb<u8>,
    pub caption_text: Rgb<u8>,
    pub shadow: Rgb<u8>,
    /// Each side's piece, by [`Color`]: Red's first.
    pub pieces: [PieceColors; 2],
    /// The last move's from and to points.
    pub last_move: Rgb<u8>,
    /// The from point's fill: a pale tint of the same colour.
    pub last_move_wash: Rgb<u8>,
    /// A general in check.
    pub check: Rgb<u8>,
}

/// One side's disc.
pub struct PieceColors {
    /// The face, lighter at the top left as if lit from there.
    pub face_light: Rgb<u8>,
    pub face_dark: Rgb<u8>,
    /// The disc's outer rim, and how wide it is in pixels.
    pub rim: Rgb<u8>,
    pub rim_width: f32,
    /// The character or symbol, and the thin ring around it.
    pub ink: Rgb<u8>,
}

impl Colors {
    pub fn of(theme: Theme) -> &'static Colors {
        match theme {
            Theme::Wood => &WOOD,
            Theme::Contrast => &CONTRAST,
        }
    }

    pub fn side(&self, color: Color) -> &PieceColors {
        &self.pieces[color as usize]
    }
}

const WOOD_FACE_LIGHT: Rgb<u8> = Rgb([0xFB, 0xF0, 0xD6]);
const WOOD_FACE_DARK: Rgb<u8> = Rgb([0xE2, 0xC9, 0x98]);
const WOOD_RIM: Rgb<u8> = Rgb([0x8C, 0x66, 0x38]);

static WOOD: Colors = Colors {
    frame: Rgb([0xC8, 0x9B, 0x5E]),
    board: Rgb([0xEC, 0xCF, 0x98]),
    ink: Rgb([0x5A, 0x3A, 0x1C]),
    label: Rgb([0x3E, 0x26, 0x10]),
    label_soft: Rgb([0x5E, 0x3E, 0x20]),
    caption_band: Rgb([0x3A, 0x28, 0x18]),
    caption_text: Rgb([0xF4, 0xE4, 0xC4]),
    shadow: Rgb([0x2A, 0x18, 0x08]),
    pieces: [
        PieceColors {
            face_light: WOOD_FACE_LIGHT,
            face_dark: WOOD_FACE_DARK,
            rim: WOOD_RIM,
            rim_width: 1.6,
            ink: Rgb([0xB8, 0x1E, 0x16]),
        },
        PieceColors {
            face_light: WOOD_FACE_LIGHT,
            face_dark: WOOD_FACE_DARK,
            rim: WOOD_RIM,
            rim_width: 1.6,
            ink: Rgb([0x1C, 0x1A, 0x18]),
        },
    ],
    last_move: Rgb([0x1E, 0x6F, 0xD9]),
    last_move_wash: Rgb([0xC8, 0xE0, 0xFF]),
    check: Rgb([0xE8, 0x1B, 0x1B]),
};

/// Red's pieces are light discs with a thick dark-red outline, Black's are
/// filled near-black with light symbols: in greyscale, and so for any kind of
/// colour blindness, one side is light and the other dark. The board is
/// near-white with black lines, the frame dark so the edge stays clear.
static CONTRAST: Colors = Colors {
    frame: Rgb([0x30, 0x30, 0x30]),
    board: Rgb([0xF5, 0xF3, 0xEC]),
    ink: Rgb([0x10, 0x10, 0x10]),
    label: Rgb([0xF0, 0xF0, 0xF0]),
    label_soft: Rgb([0xD0, 0xD0, 0xD0]),
    caption_band: Rgb([0x08, 0x08, 0x08]),
    caption_text: Rgb([0xF5, 0xF5, 0xF5]),
    shadow: Rgb([0x00, 0x00, 0x00]),
    pieces: [
        PieceColors {
            face_light: Rgb([0xFF, 0xFD, 0xF8]),
            face_dark: Rgb([0xF0, 0xEC, 0xE4]),
            rim: Rgb([0xA8, 0x00, 0x00]),
            rim_width: 4.5,
            ink: Rgb([0xB4, 0x00, 0x00]),
        },
        PieceColors {
            face_light: Rgb([0x3A, 0x3A, 0x3A]),
            face_dark: Rgb([0x12, 0x12, 0x12]),
            rim: Rgb([0x00, 0x00, 0x00]),
            rim_width: 1.6,
            ink: Rgb([0xF8, 0xF8, 0xF8]),
        },
    ],
    last_move: Rgb([0x00, 0x5A, 0xE0]),
    last_move_wash: Rgb([0xB8, 0xD4, 0xFF]),
    // Orange, not red: it stays apart from the blue last move for every
    // kind of colour blindness (blue against yellow is kept by all).
    check: Rgb([0xFF, 0x80, 0x00]),
};
