//! The palette. The picture is opaque with its own wood-toned frame, so it
//! reads the same on Discord's dark and light themes; the darker outer band
//! keeps a clear edge against white, and nothing is as bright as pure white
//! so it does not glare on dark.

use super::canvas::Rgb;

/// Outer band around the playing area, where the labels sit.
pub const FRAME: Rgb = Rgb(0xC8, 0x9B, 0x5E);
/// The playing surface.
pub const BOARD: Rgb = Rgb(0xEC, 0xCF, 0x98);
/// Grid lines, palace, marks, river text.
pub const INK: Rgb = Rgb(0x5A, 0x3A, 0x1C);
/// Coordinate labels a–i, 0–9.
pub const LABEL: Rgb = Rgb(0x3E, 0x26, 0x10);
/// The traditional file numbers, slightly quieter than the labels.
pub const LABEL_SOFT: Rgb = Rgb(0x5E, 0x3E, 0x20);
/// Caption band and its text.
pub const CAPTION_BAND: Rgb = Rgb(0x3A, 0x28, 0x18);
pub const CAPTION_TEXT: Rgb = Rgb(0xF4, 0xE4, 0xC4);

/// A piece's face: lighter at the top-left, as if lit from there.
pub const DISC_LIGHT: Rgb = Rgb(0xFB, 0xF0, 0xD6);
pub const DISC_DARK: Rgb = Rgb(0xE2, 0xC9, 0x98);
/// The disc's rim.
pub const DISC_RIM: Rgb = Rgb(0x8C, 0x66, 0x38);
/// Red's characters and inner ring.
pub const RED: Rgb = Rgb(0xB8, 0x1E, 0x16);
/// Black's characters and inner ring.
pub const BLACK: Rgb = Rgb(0x1C, 0x1A, 0x18);
pub const SHADOW: Rgb = Rgb(0x2A, 0x18, 0x08);

/// The last move's from and to points.
pub const LAST_MOVE: Rgb = Rgb(0x1E, 0x6F, 0xD9);
/// The from point's fill: a pale tint of the same blue.
pub const LAST_MOVE_WASH: Rgb = Rgb(0xC8, 0xE0, 0xFF);
/// A general in check.
pub const CHECK: Rgb = Rgb(0xE8, 0x1B, 0x1B);
