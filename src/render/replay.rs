//! Animated replays as GIF: one frame per position. GIF rather than APNG
//! because every Discord client (desktop, web, iOS, Android) animates GIF
//! attachments inline, while APNG is shown as a still on some of them; the
//! board's few flat colours lose nothing visible in a 255-colour palette.
//!
//! Size is kept down by the renderer's one palette (global to the file) and by
//! storing each later frame as only the rectangle that changed, with
//! unchanged pixels transparent (they compress to almost nothing).

use image::RgbImage;

use super::palette::{Palette, COLORS};

/// Time each position stays up, in hundredths of a second.
const FRAME_DELAY: u16 = 100;
const FIRST_FRAME_DELAY: u16 = 150;
const LAST_FRAME_DELAY: u16 = 400;
/// Palette index meaning "keep the previous frame's pixel".
const TRANSPARENT: u8 = COLORS as u8;

/// Encodes the frames (all the same size, at least one) as a looping GIF.
pub fn gif(frames: &[RgbImage], palette: &Palette) -> Result<Vec<u8>, gif::EncodingError> {
    let Some(first) = frames.first() else {
        return Ok(Vec::new());
    };
    let (width, height) = (first.width(), first.height());
    let mut colors = palette.rgb.clone();
    colors.resize(256 * 3, 0);

    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, width as u16, height as u16, &colors)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        for (i, frame) in frames.iter().enumerate() {
            let delay = match i {
                0 => FIRST_FRAME_DELAY,
                _ if i + 1 == frames.len() => LAST_FRAME_DELAY,
                _ => FRAME_DELAY,
            };
            let gif_frame = match i.checked_sub(1).map(|p| &frames[p]) {
                None => full_frame(frame, palette),
                Some(previous) => delta_frame(previous, frame, palette),
            };
            encoder.write_frame(&gif::Frame {
                delay,
                dispose: gif::DisposalMethod::Keep,
                ..gif_frame
            })?;
        }
    }
    Ok(out)
}

fn full_frame(frame: &RgbImage, palette: &Palette) -> gif::Frame<'static> {
    let buffer = palette.index_image(frame);
    gif::Frame {
        width: frame.width() as u16,
        height: frame.height() as u16,
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

/// The smallest rectangle holding every changed pixel; unchanged ones inside
/// it are transparent. An unchanged frame is a single transparent pixel.
fn delta_frame(previous: &RgbImage, frame: &RgbImage, palette: &Palette) -> gif::Frame<'static> {
    let width = frame.width() as usize;
    let (before, after) = (previous.as_raw(), frame.as_raw());
    let changed = |x: usize, y: usize| {
        let i = (y * width + x) * 3;
        before[i..i + 3] != after[i..i + 3]
    };
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..frame.height() as usize {
        for x in 0..width {
            if changed(x, y) {
                x0 = x0.min(x);
                x1 = x1.max(x + 1);
                y0 = y0.min(y);
                y1 = y1.max(y + 1);
            }
        }
    }
    if x0 == usize::MAX {
        (x0, y0, x1, y1) = (0, 0, 1, 1);
    }
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        for x in x0..x1 {
            if changed(x, y) {
                let i = (y * width + x) * 3;
                buffer.push(palette.index(&after[i..i + 3]));
            } else {
                buffer.push(TRANSPARENT);
            }
        }
    }
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        transparent: Some(TRANSPARENT),
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}
