//! PNG encoding of one board picture as an indexed (palette) image: a third
//! of the RGB data and far more compressible. Measured on a busy board
//! (`examples`-free: see `benches/render.rs` and the render issue's note):
//! RGB + fdeflate + Up filter was ~300 KB; indexed + fdeflate ~90 KB (with a
//! filter) and ~460 KB without; indexed + zlib level 1, no filter, ~47 KB in
//! about the same time. Higher levels save a few KB for twice the time.

use super::canvas::{RgbCanvas, Surface};
use super::palette::Palette;

pub fn png(canvas: &RgbCanvas, palette: &Palette) -> Result<Vec<u8>, png::EncodingError> {
    png_with(
        canvas,
        palette,
        png::DeflateCompression::Level(1),
        png::Filter::NoFilter,
    )
}

/// [`png`] with the compression settings open, for measuring trade-offs.
pub fn png_with(
    canvas: &RgbCanvas,
    palette: &Palette,
    deflate: png::DeflateCompression,
    filter: png::Filter,
) -> Result<Vec<u8>, png::EncodingError> {
    let indices = palette.index_image(canvas);
    let mut out = Vec::with_capacity(96 * 1024);
    let mut encoder = png::Encoder::new(&mut out, canvas.width() as u32, canvas.height() as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb.clone());
    encoder.set_deflate_compression(deflate);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
}
