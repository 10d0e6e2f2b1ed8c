//! PNG encoding of one board picture as an indexed (palette) image: a third
//! of the RGB data and far more compressible.
//!
//! The file is assembled here (signature, IHDR, PLTE, one IDAT, IEND) around
//! a single deflate call, because the `png` crate's zlib path feeds the
//! compressor one row at a time, and that per-call overhead cost more than
//! the compression itself. Measured on a busy board while tuning: RGB with
//! fdeflate and the Up filter, ~300 KB; indexed with fdeflate, ~100 KB;
//! indexed, no filter, deflate level 1, ~45 KB; higher levels save a few KB
//! for twice the time, and filters do not help palette indices.
//!
//! The deflate is zlib-rs's: on the bench's busy board its level 1 took
//! half the time of miniz_oxide's (0.44 ms against 0.82–0.98 ms) for a file
//! 7% larger (55 KB against 51 KB); its run-length strategy was slower and
//! twice the size.

use image::RgbImage;

use super::canvas::Rect;
use super::palette::Palette;

/// zlib's fastest level: greedy matching, already enough for flat colours.
const DEFLATE_LEVEL: i32 = 1;
const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// The picture as PNG scanlines: each a filter byte (0, none) and one
/// palette index a pixel.
pub fn scanlines(canvas: &RgbImage, palette: &Palette) -> Vec<u8> {
    let width = canvas.width() as usize;
    let mut out = Vec::with_capacity((width + 1) * canvas.height() as usize);
    for row in canvas.as_raw().chunks_exact(width * 3) {
        out.push(0);
        out.extend(row.chunks_exact(3).map(|p| palette.index(p)));
    }
    out
}

/// [`scanlines`] of `canvas`, knowing that it differs from the picture
/// `base` was made from only inside `dirty`: most of a board is the static
/// board, indexed once.
pub fn scanlines_from(
    canvas: &RgbImage,
    palette: &Palette,
    base: &[u8],
    dirty: &[Rect],
) -> Vec<u8> {
    let width = canvas.width() as usize;
    let pixels = canvas.as_raw();
    let mut out = base.to_vec();
    for r in dirty {
        for y in r.y0..r.y1 {
            let src = &pixels[(y * width + r.x0) * 3..(y * width + r.x1) * 3];
            let start = y * (width + 1) + 1 + r.x0;
            let dst = &mut out[start..start + (r.x1 - r.x0)];
            for (d, p) in dst.iter_mut().zip(src.chunks_exact(3)) {
                *d = palette.index(p);
            }
        }
    }
    out
}

/// A PNG file of `width` × `height` palette indices in [`scanlines`] form,
/// with `palette` as RGB triples.
pub fn png(width: usize, height: usize, scanlines: &[u8], palette: &[u8]) -> Vec<u8> {
    let idat = zlib(scanlines);

    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    // Bit depth 8, colour type 3 (indexed), deflate, adaptive filtering, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);

    let mut out = Vec::with_capacity(idat.len() + palette.len() + 64);
    out.extend_from_slice(SIGNATURE);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// `data` as a zlib stream. A buffer of `compress_bound` always holds it;
/// should zlib-rs still refuse, the data goes stored (level 0), which cannot
/// run out of room either, rather than fail a board.
fn zlib(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0; zlib_rs::compress_bound(data.len())];
    for level in [DEFLATE_LEVEL, 0] {
        let config = zlib_rs::DeflateConfig::new(level);
        let (compressed, code) = zlib_rs::compress_slice(&mut out, data, config);
        if code == zlib_rs::ReturnCode::Ok {
            let len = compressed.len();
            out.truncate(len);
            return out;
        }
        tracing::warn!(?code, level, "zlib-rs refused a board's deflate");
    }
    Vec::new()
}

/// Appends one chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}
